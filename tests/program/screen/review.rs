//! The real `xiangqi` binary going back over games, in a pseudo-terminal: a three-game file
//! opens the picker, the second game is picked, Home shows the start, a click on the move
//! list goes to a move, a different move there starts a variation, and the saved file,
//! loaded again, has both lines.

use crate::common;

use common::Session;

/// The screen cell (column, row) where `text` starts (wide characters take two cells).
fn cell_of_text(s: &Session, text: &str) -> (u16, u16) {
    let screen = s.parser.screen();
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
    panic!("{text:?} is not on the screen:\n{}", s.screen());
}

/// Black's horses on the top rank of the board (red at the bottom).
fn horses_on_rank_9(s: &Session) -> usize {
    let screen = s.screen();
    let rank = screen.lines().find(|l| l.starts_with("9 ")).unwrap_or("");
    rank.matches('馬').count()
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

    let mut s = Session::start_in(&["--load", &file.display().to_string()], 100, 40, &state);
    s.wait_for("(3 of 3)");
    s.send(b"\x1b[B\r");
    s.wait_for("Gamma – Delta");
    assert!(s.screen().contains("3 moves"), "{}", s.screen());
    s.send(b"\x1b[H");
    s.wait_for("The start position");
    assert_eq!(horses_on_rank_9(&s), 2, "the start:\n{}", s.screen());
    let cell = cell_of_text(&s, "馬８進７");
    s.click(cell);
    s.wait_for("After 馬８進７ (main line, ply 2)");
    // The board shows the position after it: black's horse has left h9.
    assert_eq!(horses_on_rank_9(&s), 1, "{}", s.screen());
    s.send(b":b0c2\r");
    s.wait_for("(2. 馬八進七)");
    s.save_and_quit(&saved);

    let text = std::fs::read_to_string(&saved).expect("the saved file");
    assert!(text.contains("[Red \"Gamma\"]"), "{text}");
    let mut again = Session::start_in(&["--load", &saved.display().to_string()], 100, 40, &state);
    again.wait_for("Gamma – Delta");
    let screen = again.screen();
    assert!(screen.contains("(2. 馬八進七)"), "the variation:\n{screen}");
    assert!(screen.contains("馬二進三"), "the main line:\n{screen}");
    again.send(b"q");
    again.wait_for("y/n");
    again.send(b"y");
    assert!(again.wait_exit().success());
}
