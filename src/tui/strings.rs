//! Every word the game screen and the command line show, in one place.

use super::app::Message;
use xiangqi::Color;

/// `xiangqi --help`.
pub const USAGE: &str = "\
xiangqi — Chinese chess for two players at one terminal

usage:
  xiangqi [FEN] [--flip] [--ascii] [--ascii-lines]
  xiangqi perft <DEPTH> [--fen FEN] [--divide]
  xiangqi legal [--fen FEN]
  xiangqi --help | --version

  FEN            start from this position (quoted, or its fields as separate words)
  --flip         black at the bottom
  --ascii        letters for pieces (upper case red, lower case black), ASCII lines
  --ascii-lines  ASCII grid lines but Chinese pieces: for terminals that draw
                 box-drawing characters two cells wide (CJK \"ambiguous width\")

keys: arrows or h j k l move the cursor; Enter or Space selects a piece and moves it;
a mouse click does the same; Esc clears; u undo, r redo, f flip, n new game,
? keys, q or Ctrl-C quit. NO_COLOR is respected.
On quit the final position's FEN and the moves played are printed.";

/// The panel's title.
pub const TITLE: &str = "象棋 xiangqi";
/// The panel's title in `--ascii`.
pub const TITLE_ASCII: &str = "XIANGQI";
/// Shown under the turn when the side to move is in check.
pub const CHECK: &str = "check!";
/// Heading of the move list.
pub const MOVES: &str = "Moves";
/// Title of the keys window.
pub const HELP_TITLE: &str = " Keys ";
/// Last line of the keys window.
pub const HELP_CLOSE: &str = "any key closes this window";
/// Message line when there is nothing else to say.
pub const HINT: &str = "Enter or click: select a piece, then where it goes.  ? keys";

/// 楚河 漢界 (and `--ascii` transliterations): the river's two halves, left and right.
pub const RIVER: (&str, &str) = ("楚 河", "漢 界");
/// The river in `--ascii`.
pub const RIVER_ASCII: (&str, &str) = ("Chu He", "Han Jie");

/// Red's file numbers, 一 for red's rightmost file.
pub const RED_FILE_NUMBERS: [&str; 9] = ["一", "二", "三", "四", "五", "六", "七", "八", "九"];
/// Black's file numbers (full-width, two cells like the pieces), 1 for black's rightmost file.
pub const BLACK_FILE_NUMBERS: [&str; 9] = ["１", "２", "３", "４", "５", "６", "７", "８", "９"];
/// File numbers in `--ascii`.
pub const ASCII_FILE_NUMBERS: [&str; 9] = ["1", "2", "3", "4", "5", "6", "7", "8", "9"];

/// "Red to move".
#[must_use]
pub fn to_move(color: Color) -> String {
    format!("{color} to move")
}

/// "terminal too small — need W×H".
#[must_use]
pub fn too_small(width: u16, height: u16) -> String {
    format!("terminal too small — need {width}×{height}")
}

/// The current size, under the "too small" line.
#[must_use]
pub fn current_size(width: u16, height: u16) -> String {
    format!("(now {width}×{height})")
}

/// The words of a message.
#[must_use]
pub fn message(m: Message) -> String {
    match m {
        Message::Refused(reason) => format!("Not allowed: {reason}"),
        Message::SelectFirst(c) => format!("Select one of {}'s pieces first", c.name()),
        Message::NotYourTurn(c) => format!("That piece is not yours — {c} to move"),
        Message::Over(outcome) => format!("{outcome}   (u takes back, n new game)"),
        Message::NothingToUndo => "No move to take back".into(),
        Message::NothingToRedo => "No move to replay".into(),
        Message::Undone(mv) => format!("Took back {mv}"),
        Message::Redone(mv) => format!("Replayed {mv}"),
        Message::NewGameQuestion => "Start a new game? (y/n)".into(),
        Message::NewGameStarted => "New game — Red to move".into(),
        Message::NewGameCancelled => "Game continues".into(),
    }
}
