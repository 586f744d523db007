//! Every word the game screen and the command line show, in one place.

use super::app::{Message, Question};
use xiangqi::pgn::PgnResult;
use xiangqi::{Color, MOVE_LIMIT_PLIES, Notation, Outcome, Termination};

/// The end of `xiangqi --help`: the keys of the game.
pub const KEYS_HELP: &str = "\
keys: arrows or h j k l move the cursor; Enter or Space selects a piece and moves it;
a mouse click does the same; : types a move (h2e2, H2-E2, 炮二平五, C2.5); Esc clears;
u undo, r redo, m notation (Chinese/WXF/ICCS), s save as PGN, d offer a draw,
g resign, f flip, n new game, p pause the clocks, ? keys, q or Ctrl-C quit (asks
while a game goes on), Ctrl-Z suspends. NO_COLOR is respected.
On quit the final position's FEN, the moves and the result are printed. Every move
is kept in $XDG_STATE_HOME/xiangqi/autosave.pgn (~/.local/state/xiangqi/) for --resume.";

/// The panel's title.
pub const TITLE: &str = "象棋 xiangqi";
/// The panel's title in `--ascii`.
pub const TITLE_ASCII: &str = "XIANGQI";
/// Shown under the turn when the side to move is in check.
pub const CHECK: &str = "check!";
/// Heading of the move list, with the notation it is in.
#[must_use]
pub fn moves_heading(notation: Notation) -> String {
    format!("Moves ({notation})")
}

/// What the move prompt starts with, vi-style.
pub const MOVE_PROMPT: &str = ": ";
/// Shown after the move prompt while it is empty.
pub const MOVE_PROMPT_HINT: &str =
    "a move: h2e2  H2-E2  C2.5  or Chinese; Enter plays, Esc cancels";
/// Shown after the move prompt in `--ascii`, where Chinese cannot be shown.
pub const MOVE_PROMPT_HINT_ASCII: &str = "a move: h2e2  H2-E2  C2.5; Enter plays, Esc cancels";
/// What the save prompt starts with.
pub const SAVE_PROMPT: &str = "Save as: ";
/// Shown after the file name when there is room.
pub const SAVE_PROMPT_HINT: &str = "  Enter saves, Esc cancels";
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

/// "Red to move".
#[must_use]
pub fn to_move(color: Color) -> String {
    format!("{color} to move")
}

/// "terminal too small — need W×H".
#[must_use]
pub fn too_small(width: u16, height: u16) -> String {
    let (what, need) = too_small_parts(width, height);
    format!("{what} — {need}")
}

/// The same in two parts, for a screen too narrow for the whole line: ("terminal too
/// small", "need W×H").
#[must_use]
pub fn too_small_parts(width: u16, height: u16) -> (String, String) {
    (
        "terminal too small".into(),
        format!("need {width}×{height}"),
    )
}

/// The current size, under the "too small" line.
#[must_use]
pub fn current_size(width: u16, height: u16) -> String {
    format!("(now {width}×{height})")
}

/// A finished game in two parts, the headline and the reason: ("Black wins", "perpetual
/// check by Red"). The banner shows them on two lines, the message line on one.
#[must_use]
pub fn outcome_parts(o: Outcome) -> (String, String) {
    let head = match o.winner {
        Some(c) => format!("{c} wins"),
        None => "Draw".to_string(),
    };
    let loser = o.loser().unwrap_or(Color::Red);
    let reason = match o.termination {
        Termination::Checkmate => "checkmate".to_string(),
        Termination::NoLegalMove => format!("{loser} has no legal move"),
        Termination::PerpetualCheck => format!("perpetual check by {loser}"),
        Termination::PerpetualChase => format!("perpetual chase by {loser}"),
        Termination::Repetition => "threefold repetition".to_string(),
        Termination::MoveLimit => {
            format!("{} moves each without capture", MOVE_LIMIT_PLIES / 2)
        }
        Termination::InsufficientMaterial => "no piece can cross the river".to_string(),
        Termination::Resignation => format!("{loser} resigned"),
        Termination::Agreement => "agreed by both players".to_string(),
        Termination::TimeForfeit => match o.winner {
            Some(_) => format!("{loser}'s time ran out"),
            None => "time ran out; no piece left to win with".to_string(),
        },
        other => other.to_string(),
    };
    (head, reason)
}

/// "Black wins — perpetual check by Red".
#[must_use]
pub fn outcome(o: Outcome) -> String {
    let (head, reason) = outcome_parts(o);
    format!("{head} — {reason}")
}

/// A warning that `text`, a move of `mover`, would end the game by repetition with `o`.
#[must_use]
pub fn repetition_warning(text: &str, mover: Color, o: Outcome) -> String {
    match o.winner {
        Some(w) if w == mover => format!("! {text} wins: {}'s {}", w.other(), o.termination),
        Some(_) => format!("! {text} loses: {}", o.termination),
        None => format!("! {text} draws: repetition"),
    }
}

/// Shown when more moves repeat than there are lines for.
#[must_use]
pub fn more_warnings(n: usize) -> String {
    format!("! and {n} more moves that repeat")
}

/// The running count towards the move limit.
#[must_use]
pub fn move_limit(plies_without_capture: u32) -> String {
    format!("Move limit: {plies_without_capture} of {MOVE_LIMIT_PLIES} plies")
}

/// The words of a yes/no question.
#[must_use]
pub fn question(q: Question, file: &str) -> String {
    match q {
        Question::NewGame => "Start a new game? (y/n)".into(),
        Question::Resign(c) => format!("{c}, resign this game? (y/n)"),
        Question::Draw(c) => format!("{c} offers a draw — {}, accept? (y/n)", c.other()),
        Question::Overwrite => format!("{file} exists — replace it? (y/n)"),
        Question::Quit => "Quit? The game is saved and can be resumed (y/n)".into(),
    }
}

/// The last line of the quit summary, for a finished game: "1-0 (Red wins — checkmate)".
#[must_use]
pub fn result_line(o: Outcome) -> String {
    format!("{} ({})", o.pgn_result(), outcome(o))
}

/// The words of a message.
#[must_use]
pub fn message(m: &Message) -> String {
    match m {
        Message::Refused(reason) => format!("Not allowed: {reason}"),
        // The text is on the prompt already; say only what is wrong with it.
        Message::BadMove(e) => e.kind.to_string(),
        Message::SelectFirst(c) => format!("Select one of {}'s pieces first", c.name()),
        Message::NotYourTurn(c) => format!("That piece is not yours — {c} to move"),
        Message::Over(o) => format!("{}   (u takes back, n new game)", outcome(*o)),
        Message::NothingToUndo => "No move to take back".into(),
        Message::NothingToRedo => "No move to replay".into(),
        Message::Undone(mv) => format!("Took back {mv}"),
        Message::Redone(mv) => format!("Replayed {mv}"),
        Message::Withdrawn(o) => match o.termination {
            Termination::Resignation => "Resignation taken back — the game goes on".into(),
            _ => "Draw taken back — the game goes on".into(),
        },
        Message::NewGameStarted => "New game — Red to move".into(),
        Message::Declined(Question::Draw(c)) => {
            format!("{} declines the draw — the game goes on", c.other())
        }
        Message::Declined(_) => "Game continues".into(),
        Message::NotationShown(n) => format!("Moves shown in {n} notation (m changes)"),
        Message::Saved(path) => format!("Saved {}", path.display()),
        Message::SaveFailed(path, error) => {
            format!("Could not save {}: {error}", path.display())
        }
        Message::ResumeAvailable => "--resume continues your last game".into(),
        Message::Resumed(moves) => format!("Resumed your last game ({moves} moves)"),
        Message::NoClock => "No clock to pause (start with --clock, e.g. --clock 10+5)".into(),
        Message::Computer(note) => super::computer_view::note_text(note),
        Message::AutosaveFailed(why) => {
            format!("Could not keep the game for --resume: {why}")
        }
        Message::Loaded(moves, result) => match result {
            PgnResult::Unknown => format!("Loaded a game of {moves} moves (u takes back)"),
            r => format!("Loaded a game of {moves} moves, recorded result {r} (u takes back)"),
        },
    }
}

/// Shown over the board while the clocks are paused.
pub const PAUSED: &str = "Paused";
/// Under [`PAUSED`], and on the message line.
pub const PAUSED_HINT: &str = "Paused — p resumes";

/// A clock's time: `h:mm:ss` from an hour, `m:ss` from 10 s, `9.9` (tenths) under 10 s;
/// cut, never rounded up, so `0.0` shows only when the time is gone.
#[must_use]
pub fn clock_time(left: std::time::Duration) -> String {
    let secs = left.as_secs();
    if left < std::time::Duration::from_secs(10) {
        format!("{secs}.{}", left.subsec_millis() / 100)
    } else if secs >= 3600 {
        format!("{}:{:02}:{:02}", secs / 3600, secs / 60 % 60, secs % 60)
    } else {
        format!("{}:{:02}", secs / 60, secs % 60)
    }
}
