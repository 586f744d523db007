//! The computer at the table, with the real `xiangqi` binary in a pseudo-terminal: the
//! computer answers a move, the hint key marks a move, and an external engine (`xiangqi uci`
//! itself, through `--engine`) plays instead of ours.

use portable_pty::{Child, MasterPty, PtySize, native_pty_system};
use std::io::{Read, Write};
use std::path::PathBuf;
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// Long enough for a slow, busy machine; a passing test returns as soon as the text shows.
const TIMEOUT: Duration = Duration::from_secs(60);

/// A running `xiangqi` in an 80x24 pseudo-terminal with a state folder of its own.
struct Session {
    parser: vt100::Parser,
    output: Receiver<Vec<u8>>,
    writer: Box<dyn Write + Send>,
    child: Box<dyn Child + Send + Sync>,
    _master: Box<dyn MasterPty + Send>,
    state: PathBuf,
}

impl Session {
    fn start(args: &[&str]) -> Session {
        let state = std::env::temp_dir().join(format!(
            "xiangqi-pty-engine-{}-{:?}",
            std::process::id(),
            Instant::now()
        ));
        std::fs::create_dir_all(&state).expect("state dir");
        Session::start_in(args, state)
    }

    /// As [`Session::start`], with this state folder (removed when the session ends).
    fn start_in(args: &[&str], state: PathBuf) -> Session {
        let pty = native_pty_system()
            .openpty(PtySize {
                rows: 24,
                cols: 80,
                pixel_width: 0,
                pixel_height: 0,
            })
            .expect("open a pty");
        let mut cmd = portable_pty::CommandBuilder::new(env!("CARGO_BIN_EXE_xiangqi"));
        cmd.args(args);
        cmd.env("TERM", "xterm-256color");
        cmd.env("XDG_STATE_HOME", &state);
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
            parser: vt100::Parser::new(24, 80, 0),
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

    /// Waits until `test` holds for the screen; fails with the screen if it never does.
    fn wait_until(&mut self, what: &str, test: impl Fn(&str) -> bool) {
        let deadline = Instant::now() + TIMEOUT;
        while !test(&self.screen()) {
            assert!(
                Instant::now() < deadline,
                "waited for {what}; the screen shows:\n{}",
                self.screen()
            );
            match self.output.recv_timeout(Duration::from_millis(20)) {
                Ok(bytes) => self.parser.process(&bytes),
                Err(RecvTimeoutError::Timeout) => {}
                Err(RecvTimeoutError::Disconnected) => {
                    panic!("xiangqi ended while waiting for {what}:\n{}", self.screen())
                }
            }
        }
    }

    fn wait_for(&mut self, text: &str) {
        self.wait_until(text, |s| s.contains(text));
    }

    /// The moves of the first numbered line of the move list ("1. 炮二平五 …").
    fn first_round(&self) -> Vec<String> {
        self.screen()
            .lines()
            .find_map(|l| l.split_once(" 1. ").map(|(_, rest)| rest.to_string()))
            .map(|rest| rest.split_whitespace().take(2).map(String::from).collect())
            .unwrap_or_default()
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
        let _ = std::fs::remove_dir_all(&self.state);
    }
}

/// Plays h2e2 by typing it, then waits for black's answer in the move list.
fn computer_answers(session: &mut Session) {
    session.wait_for("Computer: black");
    session.send(b":h2e2\r");
    let deadline = Instant::now() + TIMEOUT;
    while session.first_round().len() < 2 {
        assert!(
            Instant::now() < deadline,
            "no answer:\n{}",
            session.screen()
        );
        if let Ok(bytes) = session.output.recv_timeout(Duration::from_millis(20)) {
            session.parser.process(&bytes);
        }
    }
    assert_eq!(session.first_round()[0], "炮二平五");
}

#[test]
fn the_computer_answers_a_move_and_the_hint_key_marks_one() {
    let mut session = Session::start(&["--computer", "black", "--level", "1"]);
    computer_answers(&mut session);
    session.send(b"t");
    session.wait_for("Hint: ");
    let screen = session.screen();
    let hint = screen
        .lines()
        .find_map(|l| l.split_once("Hint: ").map(|(_, r)| r.to_string()))
        .expect("the hint line");
    // "炮二平五  (h2e2, marked on the board)": a move in Chinese, then in ICCS.
    let iccs = hint
        .split_once('(')
        .and_then(|(_, r)| r.split_once(','))
        .map(|(m, _)| m.to_string())
        .expect("the move in ICCS");
    assert_eq!(iccs.len(), 4, "{hint}");
    assert!(
        screen.contains('<') && screen.contains('>'),
        "the mark:\n{screen}"
    );
}

#[test]
fn an_external_uci_engine_plays_for_the_computer() {
    let command = format!("{} uci", env!("CARGO_BIN_EXE_xiangqi"));
    let mut session =
        Session::start(&["--computer", "black", "--level", "2", "--engine", &command]);
    computer_answers(&mut session);
}

#[test]
fn bad_computer_options_exit_2_naming_what_is_wrong() {
    for (args, says) in [
        (&["--level", "11"][..], "--level"),
        (&["--computer", "green"][..], "red or black"),
        (&["--puzzle", "9999"][..], "a puzzle number from 1 to"),
        (&["--puzzle", "1", "--computer", "red"][..], "--computer"),
    ] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_xiangqi"))
            .args(args)
            .output()
            .expect("run xiangqi");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

#[test]
fn a_solved_puzzle_is_kept_and_the_next_start_opens_the_next_one() {
    let mut session = Session::start(&["--puzzle", "1"]);
    session.wait_for("Puzzle 1/");
    // Puzzle 1: black's chariot mates on f0.
    session.send(b":g0f0\r");
    session.wait_for("Solved puzzle 1");
    let state = session.state.clone();
    let kept = std::fs::read_to_string(state.join("xiangqi").join("puzzles.txt"))
        .expect("the progress file");
    assert!(kept.lines().any(|l| l == "solved 1"), "{kept}");
    session.send(b"q");
    let deadline = Instant::now() + TIMEOUT;
    while session.child.try_wait().expect("status").is_none() {
        assert!(Instant::now() < deadline, "no exit:\n{}", session.screen());
        std::thread::sleep(Duration::from_millis(20));
    }
    // Keep the folder for the next run.
    session.state = std::env::temp_dir().join("xiangqi-pty-engine-nothing-to-remove");
    let mut again = Session::start_in(&["--puzzle"], state);
    again.wait_for("Puzzle 2/");
}
