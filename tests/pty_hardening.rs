//! The real `xiangqi` binary in a pseudo-terminal, for what hardening fixed on screen: a
//! refused typed move keeps its reason readable however long the typed text is.

use portable_pty::{Child, MasterPty, PtySize, native_pty_system};
use std::io::{Read, Write};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};
use xiangqi::{Position, parse_move};

/// Long enough for a slow, busy CI machine; a passing test returns as soon as the text shows.
const TIMEOUT: Duration = Duration::from_secs(30);

/// A running `xiangqi` in a pseudo-terminal, its screen read through `vt100`.
struct Session {
    parser: vt100::Parser,
    output: Receiver<Vec<u8>>,
    writer: Box<dyn Write + Send>,
    child: Box<dyn Child + Send + Sync>,
    _master: Box<dyn MasterPty + Send>,
    state: tempfile::TempDir,
}

impl Session {
    fn start(cols: u16, rows: u16) -> Session {
        let size = PtySize {
            rows,
            cols,
            pixel_width: 0,
            pixel_height: 0,
        };
        let pty = native_pty_system().openpty(size).expect("open a pty");
        // A state folder of its own: no autosave of the user's or another test's is touched.
        let state = tempfile::tempdir().expect("state folder");
        let mut cmd = portable_pty::CommandBuilder::new(env!("CARGO_BIN_EXE_xiangqi"));
        cmd.env("TERM", "xterm-256color");
        cmd.env("XDG_STATE_HOME", state.path());
        // The screen's words follow the locale and the configuration file; this test reads
        // English.
        cmd.env("XDG_CONFIG_HOME", state.path());
        for var in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            cmd.env_remove(var);
        }
        let child = pty.slave.spawn_command(cmd).expect("spawn xiangqi");
        drop(pty.slave);
        let mut reader = pty.master.try_clone_reader().expect("pty reader");
        let writer = pty.master.take_writer().expect("pty writer");
        let (tx, output) = channel();
        std::thread::spawn(move || {
            let mut chunk = [0u8; 4096];
            while let Ok(n @ 1..) = reader.read(&mut chunk) {
                if tx.send(chunk[..n].to_vec()).is_err() {
                    break;
                }
            }
        });
        Session {
            parser: vt100::Parser::new(rows, cols, 0),
            output,
            writer,
            child,
            _master: pty.master,
            state,
        }
    }

    fn send(&mut self, bytes: &[u8]) {
        self.writer.write_all(bytes).expect("write to pty");
        self.writer.flush().expect("flush pty");
    }

    fn screen(&self) -> String {
        self.parser.screen().contents()
    }

    /// Waits until the screen shows `text`, then until output pauses (a whole frame).
    fn wait_for(&mut self, text: &str) {
        let deadline = Instant::now() + TIMEOUT;
        let mut quiet = false;
        while !(quiet && self.screen().contains(text)) {
            assert!(
                Instant::now() < deadline,
                "waited for {text:?}; the screen shows:\n{}",
                self.screen()
            );
            match self.output.recv_timeout(Duration::from_millis(150)) {
                Ok(bytes) => {
                    self.parser.process(&bytes);
                    quiet = false;
                }
                Err(_) => quiet = true,
            }
        }
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        if !matches!(self.child.try_wait(), Ok(Some(_))) {
            let _ = self.child.kill();
        }
        let _ = self.state.path();
    }
}

#[test]
fn a_refused_move_that_fills_the_prompt_keeps_its_reason_in_view() {
    for (cols, rows, text) in [
        (80, 24, "h2e3".repeat(30)),
        (120, 40, "h2e3".repeat(40)),
        (80, 24, "炮二平五".repeat(20)),
    ] {
        let reason = match parse_move(&Position::start(), &text) {
            Ok(m) => panic!("{text} was read as {m}"),
            Err(e) => e.kind.to_string(),
        };
        let mut s = Session::start(cols, rows);
        s.wait_for("xiangqi");
        s.send(b":");
        s.wait_for("Enter plays");
        s.send(text.as_bytes());
        s.send(b"\r");
        // The whole reason, on the prompt's line.
        s.wait_for(&reason);
        let line = s
            .screen()
            .lines()
            .find(|l| l.contains(&reason))
            .map(str::to_string);
        assert!(
            line.as_deref()
                .is_some_and(|l| l.trim_start().starts_with(':')),
            "{cols}x{rows}: {line:?}\n{}",
            s.screen()
        );
        // The next key clears the reason and the text shows again, filling the line.
        s.send(b"\x7f");
        let tail: String = text
            .chars()
            .rev()
            .skip(1)
            .take(6)
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect();
        s.wait_for(&tail);
        assert!(!s.screen().contains(&reason), "{}", s.screen());
        s.send(b"\x1bq");
    }
}
