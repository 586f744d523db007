//! A game passes between the plain mode and the board screen: begun in `--plain` and left,
//! it is taken up by `xiangqi --resume` on the board screen (in a pseudo-terminal), and
//! the other way round — the same autosave under both.

use crate::common::pipe::{Plain, assert_plain};
use crate::common::{Session, fen_after};
use xiangqi_rules::START_FEN;

#[test]
fn a_game_begun_in_plain_text_is_resumed_on_the_board_screen() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let state = dir.path().join("state");
    let mut p = Plain::start(&[], &state);
    p.wait_for("Red to move.");
    p.ask("h2e2");
    p.ask("horse 8 forward 7");
    // Leaving: the end of the input keeps the game, as closing the board screen does.
    let (status, _) = p.close();
    assert!(status.success(), "{status:?}");
    assert_plain(&p.raw);

    let mut s = Session::start_in(&["--resume"], 100, 40, &state);
    s.wait_for("Resumed your last game (1 move)");
    let screen = s.screen();
    assert!(screen.contains("1. 炮二平五 馬８進７"), "{screen}");
    assert!(screen.contains("Red to move"), "{screen}");
    // The board plays on from there.
    s.send(b":h0g2\r");
    s.wait_for("馬二進三");
    s.send(b"q");
    s.wait_for("y/n");
    s.send(b"y");
    assert!(s.wait_exit().success());
}

#[test]
fn a_game_begun_on_the_board_screen_is_resumed_in_plain_text() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let state = dir.path().join("state");
    let mut s = Session::start_in(&[], 100, 40, &state);
    s.wait_for("Red to move");
    s.send(b":h2e2\r");
    s.wait_for("炮二平五");
    s.send(b":h9g7\r");
    s.wait_for("馬８進７");
    s.send(b":i0i1\r");
    s.wait_for("2. 車一進一");
    s.send(b"q");
    s.wait_for("y/n");
    s.send(b"y");
    assert!(s.wait_exit().success());

    let mut p = Plain::start(&["--resume"], &state);
    let said = p.wait_for("Black to move.");
    assert!(
        said.iter()
            .any(|l| l.contains("Red chariot one forward one. Black to move.")),
        "the last move and whose turn: {said:?}"
    );
    assert_eq!(
        p.ask("fen"),
        [fen_after(START_FEN, &["h2e2", "h9g7", "i0i1"])]
    );
    assert_eq!(
        p.ask("last"),
        [
            "1: Red cannon two to five.",
            "1: Black horse eight forward seven.",
            "2: Red chariot one forward one."
        ]
    );
    // And plays on.
    assert_eq!(
        p.ask("i9i8"),
        ["Black chariot nine forward one. Red to move."]
    );
    let (status, _) = p.close();
    assert!(status.success(), "{status:?}");
    assert_plain(&p.raw);
}
