//! The real `xiangqi` binary going back over games, in a pseudo-terminal: a three-game file
//! opens the picker, the second game is picked, Home shows the start, a click on the move
//! list goes to a move, a different move there starts a variation, and the saved file,
//! loaded again, has both lines.

use portable_pty::{Child, ExitStatus, MasterPty, PtySize, native_pty_system};
use std::io::{Read, Write};
use std::path::Path;
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// Long enough for a slow, busy CI machine; a passing test returns as soon as the text shows.
const TIMEOUT: Duration = Duration::from_secs(30);

/// A running `xiangqi` in a pseudo-terminal and what its screen shows.
struct Session {
    parser: vt100::Parser,
    output: Receiver<Vec<u8>>,
    writer: Box<dyn Write + Send>,
    child: Box<dyn Child + Send + Sync>,
    _master: Box<dyn MasterPty + Send>,
    finished: bool,
}

impl Session {
    fn start(args: &[&str], state: &Path) -> Session {
        let (cols, rows) = (100, 40);
        let pty = native_pty_system()
            .openpty(PtySize {
                rows,
                cols,
                pixel_width: 0,
                pixel_height: 0,
            })
            .expect("open a pty");
        let mut cmd = portable_pty::CommandBuilder::new(env!("CARGO_BIN_EXE_xiangqi"));
        cmd.args(args);
        cmd.env("TERM", "xterm-256color");
        cmd.env("XDG_STATE_HOME", state);
        let child = pty.slave.spawn_command(cmd).expect("spawn xiangqi");
        drop(pty.slave);
        let mut reader = pty.master.try_clone_reader().expect("pty reader");
        let writer = pty.master.take_writer().expect("pty writer");
        let (tx, output) = channel();
        std::thread::spawn(move || {
            let mut chunk = [0u8; 4096];
            while let Ok(n) = reader.read(&mut chunk) {
                if n == 0 || tx.send(chunk[..n].to_vec()).is_err() {
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
            finished: false,
        }
    }

    fn send(&mut self, bytes: &[u8]) {
        self.writer.write_all(bytes).expect("write to pty");
        self.writer.flush().expect("flush pty");
    }

    fn pump(&mut self, wait: Duration) {
        match self.output.recv_timeout(wait) {
            Ok(bytes) => self.parser.process(&bytes),
            Err(RecvTimeoutError::Timeout) => {}
            Err(RecvTimeoutError::Disconnected) => self.finished = true,
        }
    }

    fn screen(&self) -> String {
        self.parser.screen().contents()
    }

    /// Waits until the screen shows `text`; fails with the screen if it never does.
    fn wait_for(&mut self, text: &str) {
        let deadline = Instant::now() + TIMEOUT;
        while !self.screen().contains(text) {
            assert!(
                Instant::now() < deadline && !self.finished,
                "waited for {text:?}; the screen shows:\n{}",
                self.screen()
            );
            self.pump(Duration::from_millis(50));
        }
        // Let the rest of the frame in.
        let quiet = Instant::now() + Duration::from_millis(150);
        while Instant::now() < quiet {
            self.pump(Duration::from_millis(50));
        }
    }

    /// The screen cell (column, row) where `text` starts (wide characters take two cells).
    fn cell_of_text(&self, text: &str) -> (u16, u16) {
        let screen = self.parser.screen();
        let (rows, cols) = screen.size();
        for row in 0..rows {
            for col in 0..cols {
                let mut at = col;
                let found = text.chars().all(|c| {
                    let here = screen.cell(row, at).map(|cell| cell.contents().to_string());
                    at += if c.is_ascii() { 1 } else { 2 };
                    here.as_deref() == Some(c.to_string().as_str())
                });
                if found {
                    return (col, row);
                }
            }
        }
        panic!("{text:?} is not on the screen:\n{}", self.screen());
    }

    /// A left click (press and release, SGR encoding, 1-based) on cell (`col`, `row`).
    fn click(&mut self, (col, row): (u16, u16)) {
        let (x, y) = (col + 1, row + 1);
        self.send(format!("\x1b[<0;{x};{y}M\x1b[<0;{x};{y}m").as_bytes());
    }

    fn wait_exit(&mut self) -> ExitStatus {
        let deadline = Instant::now() + TIMEOUT;
        loop {
            if let Some(status) = self.child.try_wait().expect("child status") {
                return status;
            }
            assert!(Instant::now() < deadline, "xiangqi did not exit");
            self.pump(Duration::from_millis(50));
        }
    }
}

const THREE_GAMES: &str = "\
[Red \"Alpha\"]\n[Black \"Beta\"]\n[Event \"Cup\"]\n1. h2e2 h9g7 1-0\n\n\
[Red \"Gamma\"]\n[Black \"Delta\"]\n[Event \"League\"]\n\
1. h2e2 h9g7 2. h0g2 i9h9 3. i0h0 *\n\n\
[Red \"Eps\"]\n[Black \"Zeta\"]\n1. c3c4 0-1\n";

#[test]
fn a_picked_game_is_gone_through_a_variation_added_and_both_lines_saved() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let file = dir.path().join("three.pgn");
    std::fs::write(&file, THREE_GAMES).expect("write the games");
    let saved = dir.path().join("analysis.pgn");
    let state = dir.path().join("state");

    let mut s = Session::start(&["--load", &file.display().to_string()], &state);
    s.wait_for("(3 of 3)");
    s.send(b"\x1b[B\r");
    s.wait_for("Gamma – Delta");
    assert!(s.screen().contains("3 moves"), "{}", s.screen());
    s.send(b"\x1b[H");
    s.wait_for("The start position");
    assert!(
        s.screen().contains("象────馬────車"),
        "black's horse on h9 as at the start:\n{}",
        s.screen()
    );
    let cell = s.cell_of_text("馬８進７");
    s.click(cell);
    s.wait_for("After 馬８進７ (main line, ply 2)");
    // The board shows the position after it: black's horse has left h9.
    assert!(!s.screen().contains("象────馬────車"), "{}", s.screen());
    s.send(b":b0c2\r");
    s.wait_for("(2. 馬八進七)");
    s.send(b"s\x15");
    s.send(saved.display().to_string().as_bytes());
    s.send(b"\r");
    s.wait_for("Saved");
    s.send(b"q");
    s.wait_for("y/n");
    s.send(b"y");
    assert!(s.wait_exit().success());

    let text = std::fs::read_to_string(&saved).expect("the saved file");
    assert!(text.contains("[Red \"Gamma\"]"), "{text}");
    let mut again = Session::start(&["--load", &saved.display().to_string()], &state);
    again.wait_for("Gamma – Delta");
    let screen = again.screen();
    assert!(screen.contains("(2. 馬八進七)"), "the variation:\n{screen}");
    assert!(screen.contains("馬二進三"), "the main line:\n{screen}");
    again.send(b"q");
    again.wait_for("y/n");
    again.send(b"y");
    assert!(again.wait_exit().success());
}
