//! Openings with the real `xiangqi` binary in a pseudo-terminal: the panel names the
//! opening, `x` opens the explorer of the masters' moves and Enter plays one, and the
//! computer opens from the book at once.

use crate::common;

use common::Session;
use std::time::Duration;

/// Long enough for a slow, busy machine; a passing test returns as soon as the text shows.
const TIMEOUT: Duration = Duration::from_secs(60);

fn start(args: &[&str]) -> Session {
    Session::builder().args(args).timeout(TIMEOUT).start()
}

#[test]
fn the_explorer_opens_on_x_and_enter_plays_the_most_played_move() {
    let mut session = start(&[]);
    session.wait_for("Red to move");
    session.send(b":h2e2\r");
    session.wait_for("1. 炮二平五");
    session.send(b":h9g7\r");
    session.wait_for("Central Cannon");
    session.send(b"x");
    session.wait_for("Masters' moves: ");
    session.wait_for("Enter plays");
    session.send(b"\r");
    // 馬二進三 is by far the most played move here.
    session.wait_for("2. 馬二進三");
}

#[test]
fn the_computer_opens_from_the_book() {
    let mut session = start(&["--computer", "red", "--level", "5"]);
    session.wait_for(" 1. ");
    session.send(b"t");
    session.wait_for("from the book");
}
