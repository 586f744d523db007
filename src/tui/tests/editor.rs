//! The set-up editor: `e` puts it in front of the game, which Esc brings back unchanged;
//! the keys and clicks that build a position; Enter plays from it only when the library
//! accepts it (asking first, as `n` does, when the game has moves); the screens.

use super::{autosaves, draw, play_all, screen_text, sq, start_app};
use crate::tui::i18n::lang::Lang;
use crate::tui::state::action::{Action, Dir, EditorKey, Now};
use crate::tui::state::app::{App, Options};
use crate::tui::state::editor::EditorNote;
use crate::tui::state::prompt::message::{Message, Mode, Question};
use insta::assert_snapshot;
use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::layout::Rect;
use std::time::Duration;
use xiangqi_rules::setup::{Handicap, Setup, SetupError};
use xiangqi_rules::{Color, Piece, Position, Role};

/// The editor opened with `--setup` on `fen` over a new game.
fn setup_app(fen: &str) -> App {
    let options = Options {
        setup: Some(Setup::from_fen(fen).expect("test FEN")),
        ..Options::default()
    };
    App::new(xiangqi_rules::Game::new(Position::start()), options)
}

fn edit(app: &mut App, key: EditorKey) -> Vec<crate::tui::state::effect::Effect> {
    app.update(Action::Editor(key))
}

/// Types piece letters on the points named: `[("e1", 'K'), …]`, going there by two clicks
/// (on an empty point they only move the cursor; on a piece, pick it up and put it back).
fn place(app: &mut App, pieces: &[(&str, char)]) {
    for &(at, letter) in pieces {
        edit(app, EditorKey::Click(sq(at)));
        edit(app, EditorKey::Click(sq(at)));
        let piece = Piece::from_fen_char(letter).expect("a piece letter");
        edit(app, EditorKey::Place(piece));
    }
}

fn editor_fen(app: &App) -> String {
    app.editor().expect("the editor is open").setup().fen()
}

fn key(mode: Mode, code: KeyCode, modifiers: KeyModifiers) -> Option<Action> {
    let layout = crate::tui::view::layout::ScreenLayout::new(Rect::new(0, 0, 80, 24), false);
    let event = Event::Key(KeyEvent::new(code, modifiers));
    crate::tui::input::action_for(&event, mode, &layout)
}

#[test]
fn e_opens_the_editor_on_the_game_and_esc_brings_the_game_back_unchanged() {
    let mut app = start_app();
    play_all(&mut app, "h2e2 h9g7");
    let fen = app.game().position().fen();
    app.update(Action::OpenEditor);
    assert_eq!(app.mode(), Mode::Setup);
    assert_eq!(
        editor_fen(&app),
        fen.replace(" - - 2 2", " - - 0 1"),
        "the editor starts from the position on the board"
    );
    // Edits in the editor do not touch the game.
    let effects = edit(&mut app, EditorKey::Clear);
    assert!(autosaves(&effects).is_empty(), "{effects:?}");
    edit(&mut app, EditorKey::Leave);
    assert!(app.editor().is_none());
    assert_eq!(app.mode(), Mode::Play);
    assert_eq!(app.game().position().fen(), fen);
    assert_eq!(app.game().moves().len(), 2);
}

#[test]
fn the_keys_of_the_editor_place_every_piece_and_edit_the_board() {
    let none = KeyModifiers::NONE;
    let shift = KeyModifiers::SHIFT;
    let setup = Mode::Setup;
    let piece = |c: char| Some(Action::Editor(EditorKey::Place(Piece::from_fen_char(c)?)));
    for c in "KAEHRCPBNkaehrpbn".chars() {
        let modifiers = if c.is_ascii_uppercase() { shift } else { none };
        assert_eq!(key(setup, KeyCode::Char(c), modifiers), piece(c), "{c}");
    }
    let red_horse = Piece::new(Color::Red, Role::Horse);
    assert_eq!(
        key(setup, KeyCode::Char('H'), shift),
        Some(Action::Editor(EditorKey::Place(red_horse)))
    );
    let expected = [
        (KeyCode::Char('x'), none, EditorKey::Empty),
        (KeyCode::Delete, none, EditorKey::Empty),
        (KeyCode::Char('X'), shift, EditorKey::Clear),
        (KeyCode::Char('c'), none, EditorKey::Clear),
        (KeyCode::Char('0'), none, EditorKey::Start),
        (KeyCode::Tab, none, EditorKey::SwitchSide),
        (KeyCode::Enter, none, EditorKey::Play),
        (KeyCode::Esc, none, EditorKey::Leave),
        (KeyCode::Char(' '), none, EditorKey::Activate),
        (KeyCode::Char('f'), none, EditorKey::Flip),
        (KeyCode::Up, none, EditorKey::Cursor(Dir::Up)),
        (KeyCode::Left, none, EditorKey::Cursor(Dir::Left)),
        (
            KeyCode::Char('1'),
            none,
            EditorKey::Handicap(Handicap::Horse),
        ),
        (
            KeyCode::Char('3'),
            none,
            EditorKey::Handicap(Handicap::TwoHorses),
        ),
        (
            KeyCode::Char('5'),
            none,
            EditorKey::Handicap(Handicap::NinePieces),
        ),
    ];
    for (code, modifiers, edit) in expected {
        assert_eq!(
            key(setup, code, modifiers),
            Some(Action::Editor(edit)),
            "{code:?}"
        );
    }
    assert_eq!(
        key(setup, KeyCode::Char('6'), none),
        None,
        "no sixth preset"
    );
    assert_eq!(key(setup, KeyCode::Char('q'), none), Some(Action::Quit));
    // In play, e is the editor and x the explorer.
    assert_eq!(
        key(Mode::Play, KeyCode::Char('e'), none),
        Some(Action::OpenEditor)
    );
    assert_eq!(
        key(Mode::Play, KeyCode::Char('x'), none),
        Some(Action::OpenExplorer)
    );
    assert_eq!(
        key(Mode::Explorer { row: 0 }, KeyCode::Char('x'), none),
        Some(Action::Explore(
            crate::tui::state::action::ExploreKey::Close
        ))
    );
}

#[test]
fn a_click_on_the_board_is_the_editors() {
    let layout = crate::tui::view::layout::ScreenLayout::new(Rect::new(0, 0, 80, 24), false);
    let crate::tui::view::layout::ScreenLayout::Game { board, .. } = layout else {
        panic!("80x24 holds the board");
    };
    let cell = board.cell_of(sq("c3"));
    let click = Event::Mouse(MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        column: cell.x,
        row: cell.y,
        modifiers: KeyModifiers::NONE,
    });
    assert_eq!(
        crate::tui::input::action_for(&click, Mode::Setup, &layout),
        Some(Action::Editor(EditorKey::Click(sq("c3"))))
    );
}

#[test]
fn a_position_built_by_keys_is_played_from_with_enter() {
    let mut app = setup_app(xiangqi_rules::START_FEN);
    assert_eq!(app.mode(), Mode::Setup);
    edit(&mut app, EditorKey::Clear);
    assert_eq!(editor_fen(&app), "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1");
    // The cursor starts on red's general; move it up one and put a chariot there.
    edit(&mut app, EditorKey::Cursor(Dir::Up));
    edit(
        &mut app,
        EditorKey::Place(Piece::new(Color::Red, Role::Chariot)),
    );
    place(&mut app, &[("d9", 'a'), ("c3", 'p'), ("g4", 'P')]);
    edit(&mut app, EditorKey::SwitchSide);
    assert_eq!(editor_fen(&app), "3ak4/9/9/9/9/6P2/2p6/9/4R4/4K4 b - - 0 1");
    let effects = edit(&mut app, EditorKey::Play);
    assert!(app.editor().is_none());
    assert_eq!(app.mode(), Mode::Play);
    assert_eq!(app.message(), Some(&Message::SetupStarted(Color::Black)));
    assert_eq!(
        app.game().position().fen(),
        "3ak4/9/9/9/9/6P2/2p6/9/4R4/4K4 b - - 0 1"
    );
    // A game nothing was played in is not kept over one from before (as with n).
    assert!(autosaves(&effects).is_empty(), "{effects:?}");
    play_all(&mut app, "d9e8");
    assert_eq!(
        app.game().position().fen(),
        "4k4/4a4/9/9/9/6P2/2p6/9/4R4/4K4 w - - 1 2"
    );
}

#[test]
fn the_players_names_go_on_to_the_game_set_up() {
    let names = crate::tui::state::app::review::named(Some("Alice"), Some("Bob"));
    let mut app = setup_app(xiangqi_rules::START_FEN).with_names(names.expect("names"));
    edit(&mut app, EditorKey::Handicap(Handicap::Horse));
    edit(&mut app, EditorKey::Play);
    assert_eq!(app.mode(), Mode::Play);
    assert_eq!(app.played().tag("Red"), "Alice");
    assert_eq!(app.played().tag("Black"), "Bob");
    assert_eq!(
        app.game().position().fen(),
        Setup::handicap(Handicap::Horse).fen()
    );
}

#[test]
fn a_click_picks_a_piece_up_and_a_second_click_puts_it_down() {
    let mut app = setup_app(xiangqi_rules::START_FEN);
    edit(&mut app, EditorKey::Click(sq("b0")));
    assert_eq!(app.editor().and_then(|e| e.picked()), Some(sq("b0")));
    edit(&mut app, EditorKey::Click(sq("c2")));
    assert_eq!(app.editor().and_then(|e| e.picked()), None);
    assert_eq!(
        editor_fen(&app),
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1CN4C1/9/R1BAKABNR w - - 0 1"
    );
    // Onto a piece, it takes its place.
    edit(&mut app, EditorKey::Click(sq("h2")));
    edit(&mut app, EditorKey::Click(sq("h9")));
    assert_eq!(
        editor_fen(&app),
        "rnbakabCr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1CN6/9/R1BAKABNR w - - 0 1"
    );
    // Empty, start and presets.
    edit(&mut app, EditorKey::Empty);
    assert_eq!(app.editor().map(|e| e.cursor()), Some(sq("h9")));
    assert!(!editor_fen(&app).starts_with("rnbakabCr"));
    edit(&mut app, EditorKey::Start);
    assert_eq!(editor_fen(&app), xiangqi_rules::START_FEN);
    edit(&mut app, EditorKey::Handicap(Handicap::Chariot));
    assert_eq!(
        editor_fen(&app),
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/1NBAKABNR w - - 0 1"
    );
}

#[test]
fn an_unplayable_position_is_refused_with_every_reason_and_nothing_starts() {
    let mut app = start_app();
    play_all(&mut app, "h2e2");
    app.update(Action::OpenEditor);
    edit(&mut app, EditorKey::Clear);
    // Black's general gone, and a red elephant off its points.
    place(&mut app, &[("e1", 'B')]);
    edit(&mut app, EditorKey::Click(sq("e9")));
    edit(&mut app, EditorKey::Empty);
    let effects = edit(&mut app, EditorKey::Play);
    assert!(autosaves(&effects).is_empty(), "{effects:?}");
    assert_eq!(app.mode(), Mode::Setup, "nothing started");
    assert_eq!(
        app.played().game().moves().len(),
        1,
        "the game is as it was"
    );
    let red_elephant = Piece::new(Color::Red, Role::Elephant);
    assert_eq!(
        app.editor().and_then(|e| e.note()),
        Some(&EditorNote::Refused(vec![
            SetupError::MissingGeneral {
                color: Color::Black
            },
            SetupError::Unreachable {
                piece: red_elephant,
                square: sq("e1")
            },
        ]))
    );
    let screen = screen_text(&app);
    assert!(
        screen.contains("Cannot play: Black has no general"),
        "{screen}"
    );
    assert!(
        screen.contains("The red elephant on e1 can never"),
        "{screen}"
    );
    // Shown until the next key.
    edit(&mut app, EditorKey::Cursor(Dir::Up));
    assert_eq!(app.editor().and_then(|e| e.note()), None);
    assert!(!screen_text(&app).contains("Cannot play"));
}

#[test]
fn enter_over_a_game_with_moves_asks_first_as_n_does() {
    let mut app = start_app();
    play_all(&mut app, "h2e2 h9g7");
    app.update(Action::OpenEditor);
    edit(&mut app, EditorKey::Handicap(Handicap::TwoHorses));
    edit(&mut app, EditorKey::Play);
    assert_eq!(app.mode(), Mode::Confirm(Question::PlaySetup));
    assert!(screen_text(&app).contains("Start a new game from this position?"));
    // No: back to the editor as it was.
    app.update(Action::Answer(false));
    assert_eq!(app.mode(), Mode::Setup);
    assert_eq!(editor_fen(&app), Setup::handicap(Handicap::TwoHorses).fen());
    assert_eq!(app.played().game().moves().len(), 2);
    // Yes: a new game from it, autosaved in place of the old one as n's new game is.
    edit(&mut app, EditorKey::Play);
    let effects = app.update(Action::Answer(true));
    assert_eq!(app.mode(), Mode::Play);
    assert!(app.editor().is_none());
    assert!(app.game().moves().is_empty());
    assert_eq!(
        app.game().position().fen(),
        Setup::handicap(Handicap::TwoHorses).fen()
    );
    let saved = autosaves(&effects);
    assert_eq!(saved.len(), 1, "{effects:?}");
    assert!(
        saved[0].contains(&format!(
            "[FEN \"{}\"]",
            Setup::handicap(Handicap::TwoHorses).fen()
        )),
        "{}",
        saved[0]
    );
}

#[test]
fn a_timed_game_waits_paused_behind_the_editor() {
    let options = Options {
        clock: Some("5+0".parse().expect("time control")),
        ..Options::default()
    };
    let mut app = App::new(xiangqi_rules::Game::new(Position::start()), options);
    let at = |ms: u64| {
        Action::Tick(Now {
            elapsed: Duration::from_millis(ms),
            unix_secs: 0,
        })
    };
    app.update(at(0));
    play_all(&mut app, "h2e2");
    app.update(Action::OpenEditor);
    let left = |app: &App, s: u64| {
        app.played()
            .clock()
            .expect("clock")
            .left(Color::Black, Duration::from_secs(s))
    };
    let before = left(&app, 0);
    app.update(at(601_000));
    assert_eq!(left(&app, 601), before, "no time passes behind the editor");
    edit(&mut app, EditorKey::Leave);
    assert_eq!(app.mode(), Mode::Paused);
    // Said once, over the hidden board, with the key that goes on.
    let screen = screen_text(&app);
    assert_eq!(screen.matches("Paused").count(), 1, "{screen}");
    assert_eq!(screen.matches("p resumes").count(), 1, "{screen}");
}

#[test]
fn the_editor_stays_in_front_after_a_question_answered_no() {
    let mut app = start_app();
    play_all(&mut app, "h2e2");
    app.update(Action::OpenEditor);
    app.update(Action::Quit);
    assert_eq!(app.mode(), Mode::Confirm(Question::Quit));
    app.update(Action::Answer(false));
    assert_eq!(app.mode(), Mode::Setup);
    assert!(app.editor().is_some());
}

#[test]
fn the_editor_at_80x24() {
    let mut app = setup_app(xiangqi_rules::START_FEN);
    edit(&mut app, EditorKey::Click(sq("b0")));
    assert_snapshot!(draw(&app, 80, 24).backend());
}

#[test]
fn a_refusal_at_80x24() {
    let mut app = setup_app("4k4/9/9/9/9/9/9/9/9/4K4 b");
    edit(&mut app, EditorKey::Play);
    assert_snapshot!(draw(&app, 80, 24).backend());
}

#[test]
fn the_editor_in_simplified_chinese() {
    let options = Options {
        lang: Lang::ZhHans,
        setup: Some(Setup::from_fen("4k4/9/9/9/9/9/9/9/9/4K3R w").expect("test FEN")),
        ..Options::default()
    };
    let mut app = App::new(xiangqi_rules::Game::new(Position::start()), options);
    edit(&mut app, EditorKey::Play);
    let screen = screen_text(&app);
    assert!(screen.contains("摆棋"), "{screen}");
    assert!(screen.contains("不能开始"), "{screen}");
    let words = super::english_words(&screen, &["FEN", "Enter", "Esc", "Tab", "Del"]);
    assert!(words.is_empty(), "{words:?}\n{screen}");
    assert_snapshot!(draw(&app, 80, 24).backend());
}

#[test]
fn c_clears_and_a_letter_twice_switches_the_pieces_colour() {
    let mut app = setup_app(xiangqi_rules::START_FEN);
    let red_cannon = Piece::new(Color::Red, Role::Cannon);
    let black_cannon = Piece::new(Color::Black, Role::Cannon);
    // A click on an empty point only moves the cursor there.
    edit(&mut app, EditorKey::Click(sq("e1")));
    let at = app.editor().expect("editor").cursor();
    assert_eq!(at, sq("e1"));
    assert_eq!(app.editor().expect("editor").setup().piece_at(at), None);
    edit(&mut app, EditorKey::Place(red_cannon));
    assert_eq!(
        app.editor().expect("editor").setup().piece_at(at),
        Some(red_cannon)
    );
    edit(&mut app, EditorKey::Place(red_cannon));
    assert_eq!(
        app.editor().expect("editor").setup().piece_at(at),
        Some(black_cannon)
    );
    edit(&mut app, EditorKey::Place(red_cannon));
    assert_eq!(
        app.editor().expect("editor").setup().piece_at(at),
        Some(red_cannon)
    );
    // `c` is the clearing key, not the black cannon.
    let none = KeyModifiers::NONE;
    let Some(Action::Editor(clear)) = key(Mode::Setup, KeyCode::Char('c'), none) else {
        panic!("c is an editor key");
    };
    edit(&mut app, clear);
    assert_eq!(editor_fen(&app), "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1");
}
