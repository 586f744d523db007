//! The real binary whose autosave cannot be written (its path is a folder): the screen says
//! the game is NOT saved and why, without the temporary file's name, and the quit question
//! offers to save it elsewhere — which works.

use crate::common;

use common::Session;

#[test]
fn an_autosave_that_cannot_be_written_is_said_and_s_saves_the_game_elsewhere() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let state = dir.path().join("state");
    // A folder where the autosave file would go: it can never be replaced by a file.
    std::fs::create_dir_all(state.join("xiangqi").join("autosave.pgn")).expect("folder");
    let elsewhere = dir.path().join("kept.pgn");

    let mut s = Session::start_in(&[], 100, 40, &state);
    s.wait_for("Red to move");
    s.send(b":h2e2\r");
    s.wait_for("NOT saved: s saves it");
    let screen = s.screen();
    assert!(screen.contains("a folder"), "{screen}");
    assert!(!screen.contains(".autosave.pgn."), "{screen}");
    s.send(b"q");
    s.wait_for("The game is NOT saved");
    s.send(b"s\x15");
    s.send(elsewhere.display().to_string().as_bytes());
    s.send(b"\r");
    s.wait_for("Saved");
    let kept = std::fs::read_to_string(&elsewhere).expect("the game saved elsewhere");
    assert!(kept.contains("炮二平五"), "{kept}");
    s.send(b"q");
    s.wait_for("y/n");
    s.send(b"y");
    assert!(s.wait_exit().success());
}
