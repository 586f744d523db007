//! The set-up editor with the real `xiangqi` binary in a pseudo-terminal: `--setup`, a
//! position built with keys and played from, a position refused (nothing starts), `e` from
//! a game and Esc back to it, and a bad FEN.

use crate::common;

use common::{Session, fen_after};
use std::time::Duration;
use xiangqi_rules::START_FEN;

/// Long enough for a slow, busy machine; a passing test returns as soon as the text shows.
const TIMEOUT: Duration = Duration::from_secs(60);

const UP: &[u8] = b"\x1b[A";
const LEFT: &[u8] = b"\x1b[D";

fn start(args: &[&str]) -> Session {
    Session::builder().args(args).timeout(TIMEOUT).start()
}

/// Quits (answering yes when a game with moves `asks`) and gives the lines printed after
/// the screen closed.
fn quit(s: &mut Session, asks: bool) -> Vec<String> {
    s.send(b"q");
    if asks {
        s.wait_for("Quit?");
        s.send(b"y");
    }
    let status = s.wait_exit();
    assert!(status.success(), "exit status {status:?}");
    s.lines()
}

#[test]
fn a_position_built_with_keys_is_played_from() {
    let mut s = start(&["--setup"]);
    s.wait_for("Set up a position");
    // Clear all but the generals; the cursor is on red's general (e0): a chariot above it,
    // a black advisor on d9, black to move.
    s.send(b"X");
    s.send(UP);
    s.send(b"R");
    for _ in 0..8 {
        s.send(UP);
    }
    s.send(LEFT);
    s.send(b"a\t");
    let built = "3ak4/9/9/9/9/9/9/9/4R4/4K4 b - - 0 1";
    s.wait_for(built);
    s.send(b"\r");
    s.wait_for("New game from the position set up — Black to move");
    // The advisor blocks the chariot's check.
    s.send(b":d9e8\r");
    s.wait_for("Red to move");
    let lines = quit(&mut s, true);
    let fen = fen_after(built, &["d9e8"]);
    assert!(lines.contains(&fen), "no FEN line {fen:?} in:\n{lines:#?}");
}

#[test]
fn a_refused_position_does_not_start_play() {
    let mut s = start(&["--setup", "4k4/9/9/9/9/9/9/9/9/4K4", "w"]);
    s.wait_for("Set up a position");
    s.send(b"\r");
    s.wait_for("Cannot play: The generals face each other on file e");
    assert!(s.screen().contains("Set up a position"), "{}", s.screen());
    // The next key clears the reason; the editor is still there.
    s.send(b"f");
    s.wait_for("Enter plays from this position");
    // Esc leaves for the game behind it, a new one from the start.
    s.send(b"\x1b");
    s.wait_for("Red to move");
    let lines = quit(&mut s, false);
    assert!(
        lines.contains(&START_FEN.to_string()),
        "the game is the start position:\n{lines:#?}"
    );
}

#[test]
fn e_opens_the_editor_on_the_game_and_esc_goes_back_to_it() {
    let mut s = start(&[]);
    s.wait_for("Red to move");
    s.send(b":h2e2\r");
    s.wait_for("1. 炮二平五");
    s.send(b"e");
    s.wait_for("Set up a position");
    s.send(b"X");
    s.wait_for("4k4/9/9/9/9/9/9/9/9/4K4 b");
    s.send(b"\x1b");
    s.wait_for("1. 炮二平五");
    assert!(!s.screen().contains("Set up a position"), "{}", s.screen());
    let lines = quit(&mut s, true);
    let fen = fen_after(START_FEN, &["h2e2"]);
    assert!(lines.contains(&fen), "the game as it was:\n{lines:#?}");
}

#[test]
fn a_bad_fen_for_the_editor_exits_2() {
    let mut s = start(&["--setup", "9/9/9", "w"]);
    let status = s.wait_exit();
    assert_eq!(status.exit_code(), 2, "{}", s.screen());
    assert!(s.screen().contains("invalid FEN"), "{}", s.screen());
}
