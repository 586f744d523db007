//! Tests of the game screen without a terminal: actions on the app, the key and mouse
//! bindings, the geometry, and whole screens drawn into ratatui's `TestBackend`.

use crate::tui::state::action::{Action, Dir, EditKey, Now};

use crate::tui::state::app::{App, Options};

use crate::tui::state::prompt::message::{Message, Mode, Prompt, Question};

use crate::tui::state::effect::Effect;
use xiangqi_rules::{
    Color, Game, IllegalMove, Move, Notation, Outcome, Position, Square, Termination,
};

/// `app` drawn on a test terminal of this size.
fn draw(app: &App, width: u16, height: u16) -> ratatui::Terminal<ratatui::backend::TestBackend> {
    let backend = ratatui::backend::TestBackend::new(width, height);
    let mut terminal = ratatui::Terminal::new(backend).expect("test backend");
    terminal
        .draw(|frame| frame.render_widget(app, frame.area()))
        .expect("draw");
    terminal
}

/// What of `buffer` is a mark of "ambiguous" width: one a terminal set up for CJK text draws
/// two cells wide, one cell elsewhere (letters of other scripts aside). Worked out here from
/// `unicode-width` itself, not by the screen's own test.
fn ambiguous_marks(buffer: &ratatui::buffer::Buffer) -> String {
    use unicode_width::UnicodeWidthStr;
    buffer
        .content()
        .iter()
        .map(ratatui::buffer::Cell::symbol)
        .filter(|s| s.width() != s.width_cjk() && !s.chars().any(char::is_alphabetic))
        .collect()
}

/// A square from its ICCS name, for readable tests.
fn sq(name: &str) -> Square {
    name.parse().expect("test square")
}

fn mv(iccs: &str) -> Move {
    iccs.parse().expect("test move")
}

fn app_from(fen: &str, options: Options) -> App {
    let pos = Position::from_fen(fen).expect("test FEN");
    App::new(Game::new(pos), options)
}

/// The start position, shown with `options`.
fn start_with(options: Options) -> App {
    App::new(Game::new(Position::start()), options)
}

fn start_app() -> App {
    start_with(Options::default())
}

/// Selects `from` and plays to `to` by clicks, as a player would.
fn click_move(app: &mut App, from: &str, to: &str) {
    app.update(Action::ClickAt(sq(from)));
    app.update(Action::ClickAt(sq(to)));
}

/// Opens the move prompt, types `text` a character at a time and presses Enter.
fn type_move(app: &mut App, text: &str) {
    app.update(Action::TypeMove);
    type_text(app, text);
    app.update(Action::Submit);
}

/// Types `text` into the open prompt, after emptying it.
fn type_text(app: &mut App, text: &str) {
    app.update(Action::Edit(EditKey::Clear));
    for c in text.chars() {
        app.update(Action::Edit(EditKey::Char(c)));
    }
}

/// Plays ICCS moves (space-separated) through the move prompt.
fn play_all(app: &mut App, moves: &str) {
    for m in moves.split_whitespace() {
        type_move(app, m);
        assert_eq!(app.mode(), Mode::Play, "{m}: {:?}", app.message());
    }
}

/// Hands `action` to the app and does what it asks with files, as the loop does, feeding the
/// reports back; returns the effects left for the loop (suspend, quit, autosave).
fn step(app: &mut App, action: Action) -> Vec<Effect> {
    let mut queue = std::collections::VecDeque::from([action]);
    let mut rest = Vec::new();
    while let Some(action) = queue.pop_front() {
        for effect in app.update(action) {
            match effect {
                Effect::Save {
                    path,
                    contents,
                    replace,
                } => {
                    queue.push_back(Action::SaveDone(crate::tui::run::perform::save(
                        &path, &contents, replace,
                    )));
                }
                other => rest.push(other),
            }
        }
    }
    rest
}

/// The whole screen as text.
fn screen_text(app: &App) -> String {
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;
    let mut terminal = Terminal::new(TestBackend::new(80, 24)).expect("test backend");
    terminal
        .draw(|frame| frame.render_widget(app, frame.area()))
        .expect("draw");
    format!("{}", terminal.backend())
}

/// The PGN of every autosave among `effects`.
fn autosaves(effects: &[Effect]) -> Vec<&str> {
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::Autosave(pgn) => Some(pgn.as_str()),
            _ => None,
        })
        .collect()
}

/// The words of Latin letters on `screen` (two letters or more) that are not in `allowed`
/// (the keys as printed on the keyboard, file names): what is left is English that a
/// Chinese screen should not show.
/// The game's name, `xiangqi`, in the title is no English word; nor is what
/// `TestBackend` adds after a line with wide glyphs.
pub(crate) fn english_words(screen: &str, allowed: &[&str]) -> Vec<String> {
    screen
        .lines()
        .map(|line| line.split("\" Hidden by").next().unwrap_or(line))
        .flat_map(|line| line.split(|c: char| !c.is_ascii_alphabetic()))
        .filter(|w| w.len() >= 2 && *w != "xiangqi" && !allowed.contains(w))
        .map(str::to_string)
        .collect()
}

/// Red checks with the chariot along ranks 9 and 8 while black's general steps between e9
/// and e8: black's next move (e8e9) brings the position round a third time, and red, who
/// checked throughout, loses.
const PERPETUAL_FROM: &str = "4k4/R8/9/9/9/9/9/9/9/3K5 w - - 0 1";
const PERPETUAL_MOVES: &str = "a8a9 e9e8 a9a8 e8e9 a8a9 e9e8 a9a8";
/// Horses out and back: after these, black's c7b9 repeats the start a third time.
const SHUFFLE: &str = "b0c2 b9c7 c2b0 c7b9 b0c2 b9c7 c2b0";
/// Red chariot against a bare general, 100 plies without a capture.
const CLOCK_100: &str = "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 100 70";

/// Black to move, one red move (a1a9) before mate.
const MATE_IN_ONE: &str = "4k4/1R7/9/9/9/9/9/9/R8/3K5 w - - 0 1";
/// Red's chariot on e2 shields its general from the black chariot on e6.
const PINNED_CHARIOT: &str = "4k4/9/9/4r4/9/9/9/4R4/9/4K4 w - - 0 1";
/// Black to move, in check from the red chariot on e1.
const BLACK_IN_CHECK: &str = "4k4/9/9/9/9/9/9/9/4R4/3K5 b - - 0 1";

mod annotate;
mod computer;
mod door;
mod editor;
mod looks;
mod network;
mod screens;
mod table;
mod board {
    use super::*;
    mod actions;
    mod bindings;
    mod blindfold;
    mod desks;
    mod endings;
    mod geometry;
    mod in_front;
    mod monkey;
    mod notation_and_prompt;
    mod words;
}
mod records {
    use super::*;
    mod clock_records;
    mod comment_window;
    mod openings;
    mod record;
    pub(super) mod review;
    mod saving_and_loading;
    mod unsaved;
}
