//! Tests of the game screen without a terminal: actions on the app, the key and mouse
//! bindings, the geometry, and whole screens drawn into ratatui's `TestBackend`.

use crate::tui::state::action::{Action, Dir, EditKey, Now};

use crate::tui::state::app::{App, Options};

use crate::tui::state::message::{Message, Mode, Prompt, Question};

use crate::tui::state::effect::Effect;
use xiangqi::{Color, Game, IllegalMove, Move, Notation, Outcome, Position, Square, Termination};

/// `app` drawn on a test terminal of this size.
fn draw(app: &App, width: u16, height: u16) -> ratatui::Terminal<ratatui::backend::TestBackend> {
    let backend = ratatui::backend::TestBackend::new(width, height);
    let mut terminal = ratatui::Terminal::new(backend).expect("test backend");
    terminal
        .draw(|frame| frame.render_widget(app, frame.area()))
        .expect("draw");
    terminal
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
                Effect::Save { path, pgn, replace } => {
                    queue.push_back(Action::SaveDone(crate::tui::run::perform::save(
                        &path, &pgn, replace,
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
fn english_words(screen: &str, allowed: &[&str]) -> Vec<String> {
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

mod actions {
    use super::*;

    #[test]
    fn cursor_starts_on_the_general_of_the_side_to_move() {
        assert_eq!(start_app().cursor(), sq("e0"));
        assert_eq!(
            app_from(BLACK_IN_CHECK, Options::default()).cursor(),
            sq("e9")
        );
    }

    #[test]
    fn cursor_moves_by_screen_direction_and_stops_at_the_edge() {
        let mut app = start_app();
        app.update(Action::Cursor(Dir::Up));
        assert_eq!(app.cursor(), sq("e1"));
        app.update(Action::Cursor(Dir::Left));
        assert_eq!(app.cursor(), sq("d1"));
        app.update(Action::Cursor(Dir::Down));
        app.update(Action::Cursor(Dir::Down));
        assert_eq!(app.cursor(), sq("d0"), "stays on the board");
    }

    #[test]
    fn up_is_up_on_screen_when_flipped() {
        let mut app = start_app();
        app.update(Action::Flip);
        app.update(Action::Cursor(Dir::Up));
        assert_eq!(
            app.cursor(),
            sq("e0"),
            "rank 0 is the top edge when flipped"
        );
        app.update(Action::Cursor(Dir::Down));
        assert_eq!(app.cursor(), sq("e1"));
        app.update(Action::Cursor(Dir::Left));
        assert_eq!(app.cursor(), sq("f1"), "screen left is towards file i");
    }

    #[test]
    fn enter_selects_an_own_piece_and_reselects_another() {
        let mut app = start_app();
        app.update(Action::ClickAt(sq("b2")));
        assert_eq!(app.selected(), Some(sq("b2")));
        app.update(Action::ClickAt(sq("h2")));
        assert_eq!(
            app.selected(),
            Some(sq("h2")),
            "another own piece becomes the selection"
        );
        assert!(app.game().moves().is_empty());
    }

    #[test]
    fn only_the_side_to_move_selects() {
        let mut app = start_app();
        app.update(Action::ClickAt(sq("b7")));
        assert_eq!(app.selected(), None);
        assert_eq!(app.message(), Some(&Message::NotYourTurn(Color::Red)));
        app.update(Action::ClickAt(sq("e4")));
        assert_eq!(app.message(), Some(&Message::SelectFirst(Color::Red)));
    }

    #[test]
    fn a_legal_move_is_played_and_the_turn_passes() {
        let mut app = start_app();
        click_move(&mut app, "h2", "e2");
        assert_eq!(app.game().moves(), &[mv("h2e2")]);
        assert_eq!(app.game().position().turn(), Color::Black);
        assert_eq!(
            app.cursor(),
            sq("e2"),
            "the cursor stays on the destination"
        );
        assert_eq!(app.selected(), None);
    }

    #[test]
    fn an_illegal_move_is_refused_with_the_reason_and_the_selection_kept() {
        let mut app = start_app();
        click_move(&mut app, "b0", "d1");
        assert_eq!(
            app.message(),
            Some(&Message::Refused(IllegalMove::HorseLegBlocked))
        );
        assert_eq!(app.selected(), Some(sq("b0")));
        assert!(app.game().moves().is_empty());

        let mut app = app_from(PINNED_CHARIOT, Options::default());
        click_move(&mut app, "e2", "d2");
        assert_eq!(
            app.message(),
            Some(&Message::Refused(IllegalMove::LeavesGeneralInCheck))
        );
        assert_eq!(app.selected(), Some(sq("e2")));
    }

    #[test]
    fn a_capture_is_a_move_attempt() {
        let mut app = start_app();
        click_move(&mut app, "b2", "b9");
        assert_eq!(
            app.game().moves(),
            &[mv("b2b9")],
            "cannon jumps the horse's screen"
        );
        assert_eq!(
            app.game().position().piece_at(sq("b9")).map(|p| p.color),
            Some(Color::Red)
        );
    }

    #[test]
    fn escape_clears_the_selection() {
        let mut app = start_app();
        app.update(Action::ClickAt(sq("b2")));
        app.update(Action::Deselect);
        assert_eq!(app.selected(), None);
    }

    #[test]
    fn undo_and_redo_walk_the_game_history() {
        let mut app = start_app();
        click_move(&mut app, "h2", "e2");
        click_move(&mut app, "h9", "g7");
        app.update(Action::Undo);
        assert_eq!(app.game().moves(), &[mv("h2e2")]);
        assert_eq!(
            app.cursor(),
            sq("h9"),
            "cursor goes back to where the piece was"
        );
        app.update(Action::Undo);
        app.update(Action::Undo);
        assert_eq!(app.message(), Some(&Message::NothingToUndo));
        app.update(Action::Redo);
        app.update(Action::Redo);
        assert_eq!(app.game().moves(), &[mv("h2e2"), mv("h9g7")]);
        assert_eq!(app.cursor(), sq("g7"));
        app.update(Action::Redo);
        assert_eq!(app.message(), Some(&Message::NothingToRedo));
    }

    #[test]
    fn checkmate_ends_the_game_and_no_further_move_is_accepted() {
        let mut app = app_from(MATE_IN_ONE, Options::default());
        click_move(&mut app, "a1", "a9");
        let outcome = app.game().outcome().expect("mate");
        assert_eq!(outcome.winner, Some(Color::Red));
        assert_eq!(outcome.to_string(), "Red wins — checkmate");
        assert_eq!(app.message(), Some(&Message::Over(outcome)));
        app.update(Action::ClickAt(sq("e9")));
        assert_eq!(app.selected(), None, "the loser cannot select");
        assert_eq!(app.game().moves().len(), 1);
        app.update(Action::Undo);
        assert_eq!(
            app.game().outcome(),
            None,
            "taking back the mate reopens the game"
        );
    }

    #[test]
    fn new_game_asks_first() {
        let mut app = start_app();
        click_move(&mut app, "h2", "e2");
        app.update(Action::AskNewGame);
        assert_eq!(app.mode(), Mode::Confirm(Question::NewGame));
        app.update(Action::Answer(false));
        assert_eq!(app.game().moves().len(), 1);
        app.update(Action::AskNewGame);
        app.update(Action::Answer(true));
        assert_eq!(app.mode(), Mode::Play);
        assert!(app.game().moves().is_empty());
        assert_eq!(app.cursor(), sq("e0"));
    }

    #[test]
    fn quit_is_remembered() {
        let mut app = start_app();
        assert!(!app.should_quit());
        app.update(Action::Quit);
        assert!(app.should_quit());
    }
}

mod geometry {
    use super::*;
    use crate::tui::view::layout::{ScreenLayout, minimum_size};
    use ratatui::layout::Rect;

    fn board_of(w: u16, h: u16, flipped: bool) -> crate::tui::view::layout::BoardGeometry {
        match ScreenLayout::new(Rect::new(0, 0, w, h), flipped) {
            ScreenLayout::Game { board, .. } => board,
            ScreenLayout::TooSmall { .. } => panic!("{w}x{h} should fit"),
        }
    }

    #[test]
    fn classic_terminal_fits_and_the_minimum_is_below_it() {
        let (w, h) = minimum_size();
        assert!(w <= 80 && h <= 24, "minimum {w}x{h}");
        let board = board_of(80, 24, false);
        assert!(board.area.right() <= 80 && board.area.bottom() < 24);
        assert!(matches!(
            ScreenLayout::new(Rect::new(0, 0, w - 1, h), false),
            ScreenLayout::TooSmall { .. }
        ));
        assert!(matches!(
            ScreenLayout::new(Rect::new(0, 0, w, h - 1), false),
            ScreenLayout::TooSmall { .. }
        ));
        board_of(w, h, false);
    }

    #[test]
    fn the_key_summary_fits_the_narrowest_panel() {
        use crate::tui::Lang;
        use crate::tui::view::help::KEY_SUMMARY;
        use crate::tui::view::layout::PANEL_MIN_WIDTH;
        use crate::tui::view::strings::key_summary;
        use unicode_width::UnicodeWidthStr;
        // English only: "u 悔棋  r 重走  f 翻转  n 新局" takes 30 cells, and the narrowest
        // panel draws 29, so its last glyph is cut (as before the catalogues).
        for line in KEY_SUMMARY {
            let line = key_summary(Lang::En, line);
            assert!(line.width() < usize::from(PANEL_MIN_WIDTH), "{line:?}");
        }
    }

    #[test]
    fn more_room_gives_a_bigger_board() {
        assert!(board_of(120, 40, false).step_x > board_of(80, 24, false).step_x);
    }

    /// Every screen cell of every point's rectangle hits that point, and no other cell of
    /// the board does: the drawing and the mouse agree.
    #[test]
    fn every_cell_of_a_point_hits_that_point() {
        for (w, h) in [(80, 24), (120, 40), minimum_size()] {
            for flipped in [false, true] {
                let board = board_of(w, h, flipped);
                for square in Square::all() {
                    let cell = board.cell_of(square);
                    assert_eq!(board.square_at(cell.x, cell.y), Some(square));
                    assert_eq!(
                        board.square_at(cell.x + 1, cell.y),
                        Some(square),
                        "piece's 2nd cell"
                    );
                }
                let mut hits = std::collections::HashMap::new();
                for y in 0..h {
                    for x in 0..w {
                        if let Some(s) = board.square_at(x, y) {
                            *hits.entry(s).or_insert(0u32) += 1;
                        }
                    }
                }
                let area = u32::from(board.step_x * board.step_y);
                assert_eq!(hits.len(), 90);
                // A board at the top of the screen has its top row's rectangles cut short.
                let whole = |s: &Square| board.cell_of(*s).y >= board.step_y / 2;
                assert!(
                    hits.iter()
                        .all(|(s, &n)| n == area || !whole(s) && n < area),
                    "{w}x{h} flipped={flipped}"
                );
            }
        }
    }

    #[test]
    fn flipping_turns_the_board_around() {
        let board = board_of(80, 24, false);
        let flipped = board_of(80, 24, true);
        assert_eq!(board.cell_of(sq("a0")), flipped.cell_of(sq("i9")));
        assert_eq!(board.cell_of(sq("e9")), flipped.cell_of(sq("e0")));
    }
}

mod bindings {
    use super::super::input::action_for;
    use super::*;
    use crate::tui::view::layout::ScreenLayout;
    use ratatui::crossterm::event::{
        Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEvent,
        MouseEventKind,
    };
    use ratatui::layout::Rect;

    fn key(code: KeyCode) -> Event {
        Event::Key(KeyEvent::new(code, KeyModifiers::NONE))
    }

    fn click(kind: MouseEventKind, column: u16, row: u16) -> Event {
        Event::Mouse(MouseEvent {
            kind,
            column,
            row,
            modifiers: KeyModifiers::NONE,
        })
    }

    fn layout() -> ScreenLayout {
        ScreenLayout::new(Rect::new(0, 0, 80, 24), false)
    }

    #[test]
    fn keys_map_to_actions() {
        let l = layout();
        let play = |code| action_for(&key(code), Mode::Play, &l);
        assert_eq!(play(KeyCode::Char('k')), Some(Action::Cursor(Dir::Up)));
        assert_eq!(play(KeyCode::Up), Some(Action::Cursor(Dir::Up)));
        assert_eq!(play(KeyCode::Char('h')), Some(Action::Cursor(Dir::Left)));
        assert_eq!(play(KeyCode::Char('j')), Some(Action::Cursor(Dir::Down)));
        assert_eq!(play(KeyCode::Right), Some(Action::Cursor(Dir::Right)));
        assert_eq!(play(KeyCode::Enter), Some(Action::Activate));
        assert_eq!(play(KeyCode::Char(' ')), Some(Action::Activate));
        assert_eq!(play(KeyCode::Esc), Some(Action::Deselect));
        assert_eq!(play(KeyCode::Char('u')), Some(Action::Undo));
        assert_eq!(play(KeyCode::Char('r')), Some(Action::Redo));
        assert_eq!(play(KeyCode::Char('f')), Some(Action::Flip));
        assert_eq!(play(KeyCode::Char('n')), Some(Action::AskNewGame));
        assert_eq!(play(KeyCode::Char('m')), Some(Action::CycleNotation));
        assert_eq!(play(KeyCode::Char(':')), Some(Action::TypeMove));
        assert_eq!(play(KeyCode::Char('s')), Some(Action::Save));
        assert_eq!(play(KeyCode::Char('d')), Some(Action::OfferDraw));
        assert_eq!(play(KeyCode::Char('g')), Some(Action::Resign));
        assert_eq!(play(KeyCode::Char('?')), Some(Action::ShowHelp));
        assert_eq!(play(KeyCode::Char('q')), Some(Action::Quit));
        assert_eq!(play(KeyCode::Char('x')), Some(Action::OpenExplorer));
        assert_eq!(play(KeyCode::Char('e')), Some(Action::OpenEditor));
        assert_eq!(play(KeyCode::Char('w')), None);
        let ctrl_c = Event::Key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL));
        let ctrl_z = Event::Key(KeyEvent::new(KeyCode::Char('z'), KeyModifiers::CONTROL));
        for mode in [Mode::Play, Mode::Help, Mode::Confirm(Question::NewGame)] {
            assert_eq!(action_for(&ctrl_c, mode, &l), Some(Action::Quit));
            assert_eq!(action_for(&ctrl_z, mode, &l), Some(Action::Suspend));
        }
    }

    /// The keys window and the bindings are two lists; every key the window names must
    /// do something.
    #[test]
    fn every_key_the_help_window_names_is_bound() {
        use crate::tui::Lang;
        use crate::tui::view::help::KEY_HELP;
        use crate::tui::view::strings::key_name;
        let l = layout();
        for (keys, what) in KEY_HELP {
            let (keys, what) = (key_name(Lang::En, keys), what.name());
            for name in keys.split_whitespace() {
                let code = match name {
                    "arrows" => KeyCode::Up,
                    "Enter" => KeyCode::Enter,
                    "Space" => KeyCode::Char(' '),
                    "Esc" => KeyCode::Esc,
                    // Tested with the mouse and with Ctrl above.
                    "mouse" | "click" | "Ctrl-C" | "Ctrl-Z" => continue,
                    "Home" => KeyCode::Home,
                    "Delete" => KeyCode::Delete,
                    "End" => KeyCode::End,
                    "PgUp" => KeyCode::PageUp,
                    "PgDn" => KeyCode::PageDown,
                    // The move list's mouse bindings are tested in `review`.
                    "click," | "wheel" | "on" | "list" => continue,
                    one if one.chars().count() == 1 => {
                        KeyCode::Char(one.chars().next().expect("one char"))
                    }
                    other => panic!("the help names a key this test cannot press: {other:?}"),
                };
                assert!(
                    action_for(&key(code), Mode::Play, &l).is_some(),
                    "{name:?} ({what}) is not bound"
                );
            }
        }
    }

    #[test]
    fn key_releases_are_ignored() {
        let mut release = KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE);
        release.kind = KeyEventKind::Release;
        assert_eq!(
            action_for(&Event::Key(release), Mode::Play, &layout()),
            None
        );
    }

    #[test]
    fn questions_and_help_take_their_own_keys() {
        let l = layout();
        let confirm = |code| action_for(&key(code), Mode::Confirm(Question::NewGame), &l);
        assert_eq!(confirm(KeyCode::Char('y')), Some(Action::Answer(true)));
        assert_eq!(confirm(KeyCode::Char('n')), Some(Action::Answer(false)));
        assert_eq!(confirm(KeyCode::Esc), Some(Action::Answer(false)));
        assert_eq!(confirm(KeyCode::Char('u')), None);
        assert_eq!(
            action_for(&key(KeyCode::Char('u')), Mode::Help, &l),
            Some(Action::CloseHelp)
        );
    }

    #[test]
    fn a_left_click_anywhere_in_a_points_cell_acts_on_it() {
        let l = layout();
        let ScreenLayout::Game { board, .. } = l else {
            panic!("80x24 fits");
        };
        let e0 = board.cell_of(sq("e0"));
        for (dx, dy) in [(0, 0), (1, 0), (-1, 0), (2, 0), (0, -1), (2, -1)] {
            let x = e0.x.checked_add_signed(dx).expect("on screen");
            let y = e0.y.checked_add_signed(dy).expect("on screen");
            let down = click(MouseEventKind::Down(MouseButton::Left), x, y);
            assert_eq!(
                action_for(&down, Mode::Play, &l),
                Some(Action::ClickAt(sq("e0"))),
                "{dx},{dy}"
            );
        }
        let up = click(MouseEventKind::Up(MouseButton::Left), e0.x, e0.y);
        assert_eq!(action_for(&up, Mode::Play, &l), None, "only the press acts");
        // A right click lets go of the selection instead.
        let right = click(MouseEventKind::Down(MouseButton::Right), e0.x, e0.y);
        assert_eq!(action_for(&right, Mode::Play, &l), Some(Action::Deselect));
        let off_board = click(MouseEventKind::Down(MouseButton::Left), 79, 0);
        assert_eq!(action_for(&off_board, Mode::Play, &l), None);
    }
}

mod screens {
    use super::*;
    use insta::assert_snapshot;
    use ratatui::layout::Position as Cell;

    fn color() -> Options {
        Options {
            color: true,
            ..Options::default()
        }
    }

    #[test]
    fn start_position_80x24() {
        assert_snapshot!(draw(&start_app(), 80, 24).backend());
    }

    #[test]
    fn start_position_uses_a_bigger_screen() {
        assert_snapshot!(draw(&start_app(), 120, 40).backend());
    }

    #[test]
    fn selection_shows_destinations_and_captures() {
        let mut app = start_app();
        click_move(&mut app, "h2", "e2");
        click_move(&mut app, "h9", "g7");
        app.update(Action::ClickAt(sq("e2")));
        // The cursor elsewhere, so the selection and the cursor are both seen.
        app.update(Action::Cursor(Dir::Up));
        assert_snapshot!(draw(&app, 80, 24).backend());
    }

    #[test]
    fn check_is_marked() {
        let mut app = app_from(BLACK_IN_CHECK, Options::default());
        // The cursor starts on the general; its brackets would cover the check marks.
        app.update(Action::Cursor(Dir::Down));
        assert_snapshot!(draw(&app, 80, 24).backend());
    }

    #[test]
    fn game_over_shows_the_result() {
        let mut app = app_from(MATE_IN_ONE, Options::default());
        click_move(&mut app, "a1", "a9");
        assert_snapshot!(draw(&app, 80, 24).backend());
    }

    #[test]
    fn flipped_board_has_black_at_the_bottom() {
        let app = start_with(Options {
            flipped: true,
            ..Options::default()
        });
        assert_snapshot!(draw(&app, 80, 24).backend());
    }

    #[test]
    fn ascii_mode_uses_letters_and_ascii_lines() {
        let mut app = start_with(Options {
            ascii: true,
            ..Options::default()
        });
        click_move(&mut app, "b0", "c2");
        app.update(Action::ClickAt(sq("b7")));
        app.update(Action::Cursor(Dir::Right));
        assert_snapshot!(draw(&app, 80, 24).backend());
    }

    #[test]
    fn ascii_lines_keep_chinese_pieces() {
        let app = start_with(Options {
            ascii_lines: true,
            ..Options::default()
        });
        assert_snapshot!(draw(&app, 80, 24).backend());
    }

    #[test]
    fn move_list_in_chinese_after_a_few_moves() {
        let mut app = start_app();
        play_all(
            &mut app,
            "h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 c3c4 b7a7 b0c2 a9b9",
        );
        assert_snapshot!(draw(&app, 80, 24).backend());
    }

    #[test]
    fn move_prompt_with_a_refusal() {
        let mut app = start_app();
        play_all(&mut app, "h2e2");
        type_move(&mut app, "馬２進４");
        assert_snapshot!(draw(&app, 80, 24).backend());
    }

    #[test]
    fn move_prompt_empty_shows_how() {
        let mut app = start_app();
        app.update(Action::TypeMove);
        assert_snapshot!(draw(&app, 80, 24).backend());
    }

    #[test]
    fn save_prompt() {
        let mut app = start_app();
        play_all(&mut app, "h2e2 h9g7");
        app.update(Action::Save);
        // The offered name has the time in it; a fixed one keeps the picture still.
        type_text(&mut app, "xiangqi-20250101-120000.pgn");
        assert_snapshot!(draw(&app, 80, 24).backend());
    }

    #[test]
    fn perpetual_check_loss_banner() {
        let mut app = app_from(PERPETUAL_FROM, Options::default());
        play_all(&mut app, PERPETUAL_MOVES);
        play_all(&mut app, "e8e9");
        assert_snapshot!(draw(&app, 80, 24).backend());
    }

    #[test]
    fn repetition_warning_line() {
        let mut app = start_app();
        play_all(&mut app, SHUFFLE);
        assert_snapshot!(draw(&app, 80, 24).backend());
    }

    #[test]
    fn move_limit_count_and_draw_offer() {
        let mut app = app_from(CLOCK_100, Options::default());
        app.update(Action::OfferDraw);
        assert_snapshot!(draw(&app, 80, 24).backend());
    }

    #[test]
    fn prompt_places_the_terminal_cursor_after_wide_text() {
        use ratatui::layout::Rect;
        let mut app = start_app();
        assert_eq!(
            crate::tui::view::message_line::prompt_cursor(&app, Rect::new(0, 0, 80, 24)),
            None
        );
        app.update(Action::TypeMove);
        type_text(&mut app, "炮二");
        let cell = crate::tui::view::message_line::prompt_cursor(&app, Rect::new(0, 0, 80, 24))
            .expect("on the prompt");
        // The message line is row 22; one cell of margin, ": " and two wide glyphs.
        assert_eq!((cell.x, cell.y), (1 + 2 + 4, 22));
    }

    #[test]
    fn too_small_says_what_is_needed() {
        assert_snapshot!(draw(&start_app(), 50, 12).backend());
    }

    /// Narrower than the sentence, the size needed goes on a line of its own rather than
    /// being cut to "need 69×2".
    #[test]
    fn too_small_on_a_narrow_screen_keeps_the_size_needed_whole() {
        let (w, h) = crate::tui::view::layout::minimum_size();
        let text = format!("{}", draw(&start_app(), 20, 6).backend());
        assert!(text.contains(&format!("need {w}×{h} ")), "{text}");
        assert!(text.contains("(now 20×6)"), "{text}");
    }

    #[test]
    fn help_window_lists_the_keys() {
        let mut app = start_app();
        app.update(Action::ShowHelp);
        assert_snapshot!(draw(&app, 80, 24).backend());
    }

    #[test]
    fn long_game_scrolls_the_move_list_to_the_last_move() {
        let mut app = start_app();
        // 40 plies that never repeat a position (so no draw by repetition can end the game
        // early): more than the list has room for at 80x24.
        let mut seen = std::collections::HashSet::from([app.game().position().key()]);
        for _ in 0..40 {
            let pos = app.game().position().clone();
            let mut moves: Vec<Move> = pos.legal_moves().to_vec();
            moves.sort_by_key(|m| m.to_string());
            let next = moves
                .into_iter()
                .find(|&m| pos.play(m).is_ok_and(|p| seen.insert(p.key())))
                .expect("a fresh move");
            click_move(&mut app, &next.from.to_string(), &next.to.to_string());
        }
        // ICCS: two cycles from Chinese.
        app.update(Action::CycleNotation);
        app.update(Action::CycleNotation);
        let moves = app.game().moves();
        assert_eq!(moves.len(), 40);
        let text = format!("{}", draw(&app, 80, 24).backend());
        assert!(
            text.contains(&format!(" 20. {} {}", moves[38], moves[39])),
            "{text}"
        );
        assert!(
            !text.contains(&format!(" 1. {}", moves[0])),
            "scrolled away: {text}"
        );
    }

    #[test]
    fn styles_mark_selection_check_and_colours() {
        let mut app = app_from(BLACK_IN_CHECK, color());
        let terminal = draw(&app, 80, 24);
        let buf = terminal.backend().buffer();
        let ScreenLayout::Game { board, .. } = ScreenLayout::new(buf.area, false) else {
            panic!("fits");
        };
        let general = board.cell_of(sq("e9"));
        let check = app.theme().check;
        assert_eq!(
            (buf[general].fg, buf[general].bg),
            (check.fg.expect("fg"), check.bg.expect("bg"))
        );
        let chariot = board.cell_of(sq("e1"));
        assert_eq!(Some(buf[chariot].fg), app.theme().red.fg);

        app.update(Action::ClickAt(sq("e9")));
        app.update(Action::Cursor(Dir::Down));
        let terminal = draw(&app, 80, 24);
        let buf = terminal.backend().buffer();
        assert_eq!(Some(buf[general].bg), app.theme().selected.bg, "selected");
        let cursor = board.cell_of(sq("e8"));
        assert_eq!(buf[Cell::new(cursor.x - 1, cursor.y)].symbol(), "[");
    }

    #[test]
    fn no_color_draws_without_colours() {
        let app = app_from(BLACK_IN_CHECK, Options::default());
        let terminal = draw(&app, 80, 24);
        for cell in terminal.backend().buffer().content() {
            assert_eq!(cell.fg, ratatui::style::Color::Reset, "{cell:?}");
            assert_eq!(cell.bg, ratatui::style::Color::Reset, "{cell:?}");
        }
    }

    use crate::tui::view::layout::ScreenLayout;
}

mod notation_and_prompt {
    use super::*;

    #[test]
    fn the_move_list_cycles_chinese_wxf_iccs() {
        let mut app = start_app();
        play_all(&mut app, "h2e2 h9g7");
        assert_eq!(app.notation(), Notation::Chinese);
        assert!(screen_text(&app).contains("1. 炮二平五 馬８進７"));
        app.update(Action::CycleNotation);
        assert_eq!(app.notation(), Notation::Wxf);
        assert!(screen_text(&app).contains("1. C2.5 H8+7"));
        app.update(Action::CycleNotation);
        assert!(screen_text(&app).contains("1. h2e2 h9g7"));
        assert_eq!(app.message(), Some(&Message::NotationShown(Notation::Iccs)));
        app.update(Action::CycleNotation);
        assert_eq!(app.notation(), Notation::Chinese);
    }

    #[test]
    fn ascii_mode_shows_wxf_and_never_chinese() {
        let mut app = start_with(Options {
            ascii: true,
            ..Options::default()
        });
        assert_eq!(app.notation(), Notation::Wxf);
        for _ in 0..4 {
            app.update(Action::CycleNotation);
            assert_ne!(app.notation(), Notation::Chinese);
        }
    }

    #[test]
    fn moves_typed_in_each_notation_are_played() {
        let mut app = start_app();
        for text in ["炮二平五", "H9-G7", "H2+3", "c6c5", "車一平二"] {
            type_move(&mut app, text);
            assert_eq!(app.mode(), Mode::Play, "{text}: {:?}", app.message());
        }
        let played: Vec<String> = app.game().moves().iter().map(|m| m.to_string()).collect();
        assert_eq!(played, ["h2e2", "h9g7", "h0g2", "c6c5", "i0h0"]);
        assert_eq!(app.cursor(), sq("h0"), "the cursor follows the move");
    }

    #[test]
    fn a_bad_typed_move_is_refused_with_the_reason_and_kept() {
        let mut app = start_app();
        type_move(&mut app, "炮二進九");
        assert_eq!(app.mode(), Mode::Prompt(Prompt::Move), "still open");
        assert_eq!(app.prompt().text(), "炮二進九", "kept for correction");
        let Some(Message::BadMove(e)) = app.message() else {
            panic!("{:?}", app.message());
        };
        let words = crate::tui::view::strings::message_in(
            crate::tui::Lang::En,
            app.message().expect("message"),
        );
        assert!(!words.is_empty() && !words.contains("炮二進九"), "{words}");
        assert_eq!(e.text, "炮二進九");
        assert!(app.game().moves().is_empty());
        // Editing clears the complaint; the corrected move plays.
        app.update(Action::Edit(EditKey::Backspace));
        app.update(Action::Edit(EditKey::Backspace));
        assert_eq!(app.message(), None);
        app.update(Action::Edit(EditKey::Char('平')));
        app.update(Action::Edit(EditKey::Char('五')));
        app.update(Action::Submit);
        assert_eq!(app.game().moves(), &[mv("h2e2")]);

        type_move(&mut app, "zz");
        assert!(matches!(app.message(), Some(Message::BadMove(_))));
        app.update(Action::Cancel);
        assert_eq!(app.mode(), Mode::Play);
        assert_eq!(app.game().moves().len(), 1);
    }

    #[test]
    fn a_typed_move_after_the_end_is_refused() {
        let mut app = app_from(MATE_IN_ONE, Options::default());
        type_move(&mut app, "a1a9");
        type_move(&mut app, "e9e8");
        assert!(matches!(app.message(), Some(Message::Over(_))));
        assert_eq!(app.game().moves().len(), 1);
    }
}

mod saving_and_loading {
    use super::*;
    use std::path::PathBuf;

    /// A fresh folder under the system's temporary one, removed when dropped.
    struct TempDir(PathBuf);

    impl TempDir {
        fn new(name: &str) -> TempDir {
            let dir = std::env::temp_dir().join(format!(
                "xiangqi-tui-{name}-{}-{:?}",
                std::process::id(),
                std::time::SystemTime::now()
            ));
            std::fs::create_dir_all(&dir).expect("temp dir");
            TempDir(dir)
        }

        fn names(&self) -> Vec<String> {
            let mut names: Vec<String> = std::fs::read_dir(&self.0)
                .expect("list")
                .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
                .collect();
            names.sort();
            names
        }
    }

    impl Drop for TempDir {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }

    fn save_as(app: &mut App, path: &std::path::Path) {
        app.update(Action::Save);
        type_text(app, &path.to_string_lossy());
        step(app, Action::Submit);
    }

    #[test]
    fn the_save_prompt_offers_a_dated_name_in_the_current_folder() {
        let mut app = start_app();
        app.update(Action::Save);
        assert_eq!(app.mode(), Mode::Prompt(Prompt::Save));
        let name = app.prompt().text();
        assert!(
            name.starts_with("xiangqi-") && name.ends_with(".pgn") && !name.contains('/'),
            "{name}"
        );
        app.update(Action::Cancel);
        assert_eq!(app.mode(), Mode::Play);
    }

    #[test]
    fn save_writes_pgn_that_reads_back_to_the_same_moves() {
        let dir = TempDir::new("save");
        let path = dir.0.join("game.pgn");
        let mut app = start_app();
        play_all(&mut app, "h2e2 h9g7 h0g2 i9h9");
        // 2024-02-29 23:59:59 UTC, by the loop's clock.
        app.update(Action::Tick(Now {
            unix_secs: 1_709_251_199,
            ..Now::default()
        }));
        save_as(&mut app, &path);
        assert_eq!(app.mode(), Mode::Play);
        assert!(
            matches!(app.message(), Some(Message::Saved(p)) if p.ends_with("game.pgn")),
            "{:?}",
            app.message()
        );
        let bytes = std::fs::read(&path).expect("saved");
        let text = String::from_utf8(bytes.clone()).expect("UTF-8");
        assert!(text.contains("1. 炮二平五 馬８進７"), "{text}");
        assert!(text.contains("[Result \"*\"]"), "{text}");
        assert!(text.contains("[Date \"2024.02.29\"]"), "{text}");
        let back = xiangqi::pgn::read_game(&bytes, 1).expect("reads back");
        assert_eq!(back.moves(), app.game().moves());
        assert_eq!(dir.names(), ["game.pgn"], "no temporary file left");
    }

    #[test]
    fn save_asks_before_replacing_a_file() {
        let dir = TempDir::new("overwrite");
        let path = dir.0.join("game.pgn");
        std::fs::write(&path, "keep me").expect("write");
        let mut app = start_app();
        play_all(&mut app, "h2e2");
        save_as(&mut app, &path);
        assert_eq!(app.mode(), Mode::Confirm(Question::Overwrite));
        assert!(
            crate::tui::view::strings::question_in(
                crate::tui::Lang::En,
                Question::Overwrite,
                app.prompt().text()
            )
            .contains("game.pgn exists")
        );
        app.update(Action::Answer(false));
        assert_eq!(app.mode(), Mode::Prompt(Prompt::Save), "back to the name");
        assert_eq!(std::fs::read(&path).expect("read"), b"keep me");
        app.update(Action::Cancel);
        assert_eq!(std::fs::read(&path).expect("read"), b"keep me");

        save_as(&mut app, &path);
        step(&mut app, Action::Answer(true));
        let bytes = std::fs::read(&path).expect("read");
        assert_eq!(
            xiangqi::pgn::read_game(&bytes, 1).expect("PGN").moves(),
            &[mv("h2e2")]
        );
        assert_eq!(dir.names(), ["game.pgn"]);
        // The name is offered again next time.
        app.update(Action::Save);
        assert_eq!(app.prompt().text(), path.to_string_lossy());
    }

    #[test]
    fn a_failed_save_says_why_and_where() {
        let dir = TempDir::new("fail");
        let path = dir.0.join("no-such-folder").join("game.pgn");
        let mut app = start_app();
        save_as(&mut app, &path);
        let Some(Message::SaveFailed(p, why)) = app.message() else {
            panic!("{:?}", app.message());
        };
        assert!(p.ends_with("no-such-folder/game.pgn") && !why.is_empty());
        let words = crate::tui::view::strings::message_in(
            crate::tui::Lang::En,
            app.message().expect("message"),
        );
        assert!(words.contains("no-such-folder"), "{words}");
        assert!(dir.names().is_empty());
    }

    #[test]
    fn a_finished_game_is_saved_with_its_result_and_termination() {
        let dir = TempDir::new("result");
        let path = dir.0.join("mate.pgn");
        let mut app = app_from(MATE_IN_ONE, Options::default());
        play_all(&mut app, "a1a9");
        save_as(&mut app, &path);
        let text = std::fs::read_to_string(&path).expect("saved");
        assert!(text.contains("[Result \"1-0\"]"), "{text}");
        assert!(text.contains("[Termination \"checkmate\"]"), "{text}");
        assert!(text.contains("[FEN \"4k4/1R7"), "{text}");
        assert!(text.trim_end().ends_with("1-0"), "{text}");
    }

    const RECORD: &str = "[Event \"Club\"]\n[Red \"Li\"]\n[Black \"Wang\"]\n\
                          [Result \"1-0\"]\n1. 炮二平五 马８进７ 2. 马二进三 车９平８ 1-0\n";

    fn loaded_app() -> App {
        let pgn = xiangqi::pgn::read_game(RECORD.as_bytes(), 1).expect("record");
        App::loaded(
            crate::tui::store::saved::SavedGame::of(&pgn),
            Options::default(),
        )
    }

    #[test]
    fn a_loaded_game_opens_at_its_end_and_undo_walks_to_its_start() {
        let mut app = loaded_app();
        let end = Position::start()
            .play(mv("h2e2"))
            .and_then(|p| p.play(mv("h9g7")))
            .and_then(|p| p.play(mv("h0g2")))
            .and_then(|p| p.play(mv("i9h9")))
            .expect("legal");
        assert_eq!(app.game().position(), &end);
        // Four plies: two moves as players count them.
        assert!(matches!(app.message(), Some(Message::Loaded(2, _))));
        assert!(screen_text(&app).contains("2. 馬二進三 車９平８"));
        for _ in 0..4 {
            app.update(Action::Undo);
        }
        assert_eq!(app.game().position(), &Position::start());
        app.update(Action::Undo);
        assert_eq!(app.message(), Some(&Message::NothingToUndo));
    }

    #[test]
    fn a_loaded_game_keeps_its_tags_and_recorded_result_until_it_changes() {
        let dir = TempDir::new("tags");
        let path = dir.0.join("again.pgn");
        let mut app = loaded_app();
        save_as(&mut app, &path);
        let text = std::fs::read_to_string(&path).expect("saved");
        for tag in ["[Red \"Li\"]", "[Black \"Wang\"]", "[Result \"1-0\"]"] {
            assert!(text.contains(tag), "{tag} in {text}");
        }
        // A step back keeps every move of the record: it is saved whole, its result too.
        app.update(Action::Undo);
        save_as(&mut app, &path);
        step(&mut app, Action::Answer(true));
        let text = std::fs::read_to_string(&path).expect("saved");
        assert!(text.contains("[Result \"1-0\"]"), "{text}");
        // A move after the record's last one changes the game.
        app.update(Action::Redo);
        play_all(&mut app, "b0c2");
        save_as(&mut app, &path);
        step(&mut app, Action::Answer(true));
        let text = std::fs::read_to_string(&path).expect("saved");
        assert!(text.contains("[Red \"Li\"]"), "{text}");
        assert!(
            text.contains("[Result \"*\"]"),
            "not the record's any more: {text}"
        );
    }
}

mod endings {
    use super::*;

    #[test]
    fn resigning_asks_the_side_to_move_and_undo_takes_it_back() {
        let mut app = start_app();
        play_all(&mut app, "h2e2");
        app.update(Action::Resign);
        assert_eq!(app.mode(), Mode::Confirm(Question::Resign(Color::Black)));
        app.update(Action::Answer(false));
        assert_eq!(app.outcome(), None);
        assert_eq!(
            app.message(),
            Some(&Message::Declined(Question::Resign(Color::Black)))
        );
        app.update(Action::Resign);
        app.update(Action::Answer(true));
        let won = Outcome {
            winner: Some(Color::Red),
            termination: Termination::Resignation,
        };
        assert_eq!(app.outcome(), Some(won));
        assert!(screen_text(&app).contains("Black resigned"));
        type_move(&mut app, "h9g7");
        assert_eq!(app.game().moves().len(), 1, "no move after the end");
        app.update(Action::Cancel);
        app.update(Action::Undo);
        assert_eq!(app.outcome(), None);
        assert_eq!(
            app.game().moves().len(),
            1,
            "only the resignation is taken back"
        );
        assert_eq!(app.message(), Some(&Message::Withdrawn(won)));
    }

    #[test]
    fn a_draw_offer_asks_the_other_player() {
        let mut app = start_app();
        app.update(Action::OfferDraw);
        assert_eq!(app.mode(), Mode::Confirm(Question::Draw(Color::Red)));
        assert_eq!(
            crate::tui::view::strings::question_in(
                crate::tui::Lang::En,
                Question::Draw(Color::Red),
                ""
            ),
            "Red offers a draw — Black, accept? (y/n)"
        );
        assert!(screen_text(&app).contains("Red offers a draw — Black, accept? (y/n)"));
        app.update(Action::Answer(false));
        assert_eq!(app.outcome(), None);
        assert!(screen_text(&app).contains("Black declines the draw"));
        app.update(Action::OfferDraw);
        app.update(Action::Answer(true));
        assert_eq!(
            app.outcome(),
            Some(Outcome {
                winner: None,
                termination: Termination::Agreement
            })
        );
        app.update(Action::OfferDraw);
        assert_eq!(app.mode(), Mode::Play, "no offer once it is over");
        app.update(Action::Resign);
        assert_eq!(app.mode(), Mode::Play, "no resigning either");
        app.update(Action::Undo);
        assert_eq!(app.outcome(), None, "undo takes the agreed draw back");
        assert_eq!(
            app.message(),
            Some(&Message::Withdrawn(Outcome {
                winner: None,
                termination: Termination::Agreement
            }))
        );
    }

    #[test]
    fn checkmate_banner_names_winner_and_reason() {
        let mut app = app_from(MATE_IN_ONE, Options::default());
        play_all(&mut app, "a1a9");
        let text = screen_text(&app);
        assert!(text.contains(" Red wins "), "{text}");
        assert!(text.contains("checkmate"), "{text}");
        assert!(!text.contains("to move"), "{text}");
    }

    #[test]
    fn perpetual_check_loses_for_the_checker_and_is_warned_first() {
        let mut app = app_from(PERPETUAL_FROM, Options::default());
        play_all(&mut app, PERPETUAL_MOVES);
        let win = Outcome {
            winner: Some(Color::Black),
            termination: Termination::PerpetualCheck,
        };
        assert_eq!(app.warnings(), &[(mv("e8e9"), win)]);
        let text = screen_text(&app);
        assert!(
            text.contains("! 將５退１ wins: Red's perpetual check"),
            "{text}"
        );
        play_all(&mut app, "e8e9");
        assert_eq!(app.outcome(), Some(win));
        let text = screen_text(&app);
        assert!(text.contains("Black wins"), "{text}");
        assert!(text.contains("perpetual check by Red"), "{text}");
        assert!(app.warnings().is_empty());
        app.update(Action::Undo);
        assert_eq!(app.outcome(), None, "undo returns to play");
    }

    #[test]
    fn the_checker_is_warned_that_continuing_loses() {
        let mut app = app_from("R3k4/9/9/9/9/9/9/9/9/3K5 b - - 0 1", Options::default());
        play_all(&mut app, "e9e8 a9a8 e8e9 a8a9 e9e8 a9a8 e8e9");
        let text = screen_text(&app);
        assert!(text.contains("! 車九進一 loses: perpetual check"), "{text}");
    }

    #[test]
    fn threefold_repetition_is_warned_one_move_before_and_then_drawn() {
        let mut app = start_app();
        assert!(app.warnings().is_empty());
        play_all(&mut app, SHUFFLE);
        assert_eq!(app.warnings().len(), 1);
        assert_eq!(app.warnings()[0].0, mv("c7b9"));
        let text = screen_text(&app);
        assert!(text.contains("! 馬３退２ draws: repetition"), "{text}");
        play_all(&mut app, "c7b9");
        let text = screen_text(&app);
        assert!(text.contains(" Draw "), "{text}");
        assert!(text.contains("threefold repetition"), "{text}");
    }

    #[test]
    fn the_move_limit_count_shows_once_near() {
        let mut app = app_from(CLOCK_100, Options::default());
        assert!(screen_text(&app).contains("Move limit: 100 of 120 plies"));
        play_all(&mut app, "a0a1 d9d8");
        assert!(screen_text(&app).contains("Move limit: 102 of 120 plies"));
        let mut quiet = app_from("3k5/9/9/9/9/9/9/9/9/R3K4 w - - 99 70", Options::default());
        assert!(!screen_text(&quiet).contains("Move limit"));
        play_all(&mut quiet, "a0a1");
        assert!(screen_text(&quiet).contains("Move limit: 100 of 120 plies"));
    }
}

mod words {
    use super::*;
    use crate::tui::view::strings;

    #[test]
    fn the_move_limit_result_says_sixty_moves_each() {
        let draw = Outcome {
            winner: None,
            termination: Termination::MoveLimit,
        };
        // Written out, not computed from the constant the code uses: 60 moves each is the
        // rule (docs/rules.md), whatever the constant says.
        assert_eq!(
            strings::outcome(draw),
            "Draw — 60 moves each without capture"
        );
    }
}

mod table {
    //! The clock, quitting and the autosave, driven by ticks a test chooses.
    use super::*;
    use std::time::Duration;
    use xiangqi::clock::TimeControl;

    fn at(millis: u64) -> Action {
        Action::Tick(Now {
            elapsed: Duration::from_millis(millis),
            unix_secs: 0,
        })
    }

    fn timed(fen: &str, control: &str) -> App {
        let options = Options {
            clock: Some(control.parse::<TimeControl>().expect("time control")),
            ..Options::default()
        };
        app_from(fen, options)
    }

    use super::autosaves;

    #[test]
    fn without_a_clock_nothing_ticks() {
        let mut app = start_app();
        play_all(&mut app, "h2e2 h9g7");
        assert_eq!(app.next_tick(), None);
        assert!(app.clock().is_none());
        app.update(Action::Pause);
        assert_eq!(app.message(), Some(&Message::NoClock));
        assert_eq!(app.mode(), Mode::Play);
    }

    #[test]
    fn the_flag_falls_on_a_tick_with_no_key_pressed() {
        let mut app = timed(xiangqi::START_FEN, "0:03+1");
        assert_eq!(
            app.next_tick(),
            None,
            "the clocks wait for red's first move"
        );
        app.update(at(5_000));
        play_all(&mut app, "h2e2");
        // Black's 3 s run from 5 s on; ticks come as the tenths change.
        assert_eq!(app.next_tick(), Some(Duration::from_millis(5_001)));
        app.update(at(7_950));
        assert_eq!(
            app.next_tick(),
            Some(Duration::from_millis(8_000)),
            "the flag"
        );
        assert_eq!(app.outcome(), None);
        let effects = app.update(at(8_000));
        let outcome = app.outcome().expect("black lost on time");
        assert_eq!(
            (outcome.winner, outcome.termination),
            (Some(Color::Red), Termination::TimeForfeit)
        );
        assert_eq!(autosaves(&effects).len(), 1, "the result is kept");
        assert!(autosaves(&effects)[0].contains("[Result \"1-0\"]"));
        assert_eq!(app.next_tick(), None, "the clocks stand");
        let screen = screen_text(&app);
        assert!(screen.contains("Red wins"), "{screen}");
        assert!(screen.contains("Black's time ran out"), "{screen}");
        assert!(screen.contains("0.0"), "{screen}");
        // Taking back gives black's turn back, and the time it had, and says what it undid.
        app.update(Action::Undo);
        assert_eq!(app.outcome(), None);
        let said = screen_text(&app);
        assert!(said.contains("Loss on time taken back"), "{said}");
        assert!(!said.contains("Draw taken back"), "{said}");
        assert_eq!(app.game().moves().len(), 0);
        let clock = app.clock().expect("clock");
        assert_eq!(
            clock.left(Color::Black, Duration::from_secs(9)),
            Duration::from_secs(3)
        );
    }

    #[test]
    fn ticks_come_once_a_second_and_every_tenth_under_ten_seconds() {
        let mut app = timed(xiangqi::START_FEN, "0:12");
        play_all(&mut app, "h2e2");
        app.update(at(400));
        // 11.6 s left: the next whole second is 0.6 s away.
        assert_eq!(app.next_tick(), Some(Duration::from_millis(1_001)));
        app.update(at(2_001));
        // 9.999 s left: tenths from here.
        assert_eq!(app.next_tick(), Some(Duration::from_millis(2_001 + 99 + 1)));
        let screen = screen_text(&app);
        assert!(screen.contains("9.9"), "{screen}");
    }

    #[test]
    fn a_flag_against_a_side_that_cannot_cross_the_river_is_a_draw() {
        // Red to move with a chariot; black has general, advisors and elephants only.
        let mut app = timed("2bakab2/9/9/9/9/9/9/9/R8/3K5 w - - 0 1", "0:05");
        play_all(&mut app, "a1a2 e9e8");
        // Red's 5 s run out.
        app.update(at(5_000));
        let outcome = app.outcome().expect("over");
        assert!(outcome.is_draw(), "{outcome:?}");
        assert_eq!(outcome.termination, Termination::TimeForfeit);
        assert!(screen_text(&app).contains("no piece left to win with"));
    }

    #[test]
    fn undo_gives_back_the_taken_back_moves_time_exactly() {
        let mut app = timed(xiangqi::START_FEN, "1+2");
        play_all(&mut app, "h2e2");
        app.update(at(4_321));
        play_all(&mut app, "h9g7"); // black used 4.321 s
        app.update(at(10_000));
        play_all(&mut app, "h0g2"); // red used 5.679 s
        app.update(at(12_000));
        app.update(Action::Undo);
        let clock = app.clock().expect("clock");
        let now = Duration::from_millis(12_000);
        // Red's first move earned its 2 s too.
        assert_eq!(clock.left(Color::Red, now), Duration::from_secs(62));
        assert_eq!(clock.left(Color::Black, now), Duration::from_millis(57_679));
        app.update(Action::Redo);
        let clock = app.clock().expect("clock");
        assert_eq!(clock.left(Color::Red, now), Duration::from_millis(58_321));
    }

    #[test]
    fn pause_hides_the_board_and_stops_both_clocks() {
        let mut app = timed(xiangqi::START_FEN, "1");
        play_all(&mut app, "h2e2");
        app.update(at(1_000));
        app.update(Action::Pause);
        assert_eq!(app.mode(), Mode::Paused);
        assert_eq!(app.next_tick(), None, "nothing runs while paused");
        let screen = screen_text(&app);
        assert!(screen.contains("Paused — p resumes"), "{screen}");
        assert!(!screen.contains('車') && !screen.contains('俥'), "{screen}");
        app.update(at(500_000));
        assert_eq!(app.outcome(), None);
        app.update(Action::Pause);
        assert_eq!(app.mode(), Mode::Play);
        let clock = app.clock().expect("clock");
        assert_eq!(
            clock.left(Color::Black, Duration::from_millis(500_000)),
            Duration::from_secs(59)
        );
        assert!(screen_text(&app).contains('車'));
        // Asked to quit while paused, the board stays hidden, and no keeps it paused.
        app.update(Action::Pause);
        app.update(Action::Quit);
        assert_eq!(app.mode(), Mode::Confirm(Question::Quit));
        assert!(!screen_text(&app).contains('車'));
        app.update(Action::Answer(false));
        assert_eq!(app.mode(), Mode::Paused);
    }

    #[test]
    fn quitting_a_game_that_goes_on_asks_first() {
        let mut app = start_app();
        play_all(&mut app, "h2e2");
        assert!(app.update(Action::Quit).is_empty(), "nothing happens yet");
        assert_eq!(app.mode(), Mode::Confirm(Question::Quit));
        assert!(screen_text(&app).contains("Quit? The game is saved and can be resumed (y/n)"));
        app.update(Action::Answer(false));
        assert_eq!(app.mode(), Mode::Play);
        assert!(!app.should_quit());
        app.update(Action::Quit);
        let effects = app.update(Action::Answer(true));
        assert!(app.should_quit());
        assert_eq!(effects.last(), Some(&Effect::Quit));
        assert_eq!(autosaves(&effects).len(), 1, "kept for --resume");
        // Ctrl-C twice leaves too.
        let mut app = start_app();
        play_all(&mut app, "h2e2");
        app.update(Action::Quit);
        app.update(Action::Quit);
        assert!(app.should_quit());
    }

    #[test]
    fn an_empty_or_finished_game_quits_at_once() {
        let mut app = start_app();
        assert_eq!(app.update(Action::Quit), [Effect::Quit], "nothing to keep");
        let mut app = app_from(MATE_IN_ONE, Options::default());
        play_all(&mut app, "a1a9");
        app.update(Action::Quit);
        assert!(app.should_quit());
    }

    #[test]
    fn a_signal_keeps_the_game_and_leaves_without_asking() {
        let mut app = start_app();
        play_all(&mut app, "h2e2");
        let effects = app.update(Action::Terminate);
        assert_eq!(effects.last(), Some(&Effect::Quit));
        assert!(autosaves(&effects)[0].contains("1. 炮二平五"));
    }

    #[test]
    fn every_move_is_autosaved_and_an_untouched_game_is_not() {
        let mut app = start_app();
        assert!(app.update(Action::Flip).is_empty());
        app.update(Action::TypeMove);
        type_text(&mut app, "h2e2");
        let effects = app.update(Action::Submit);
        assert!(
            autosaves(&effects)[0].contains("1. 炮二平五"),
            "{effects:?}"
        );
        app.update(Action::ClickAt(sq("h9")));
        let effects = app.update(Action::ClickAt(sq("g7")));
        assert!(autosaves(&effects)[0].contains("1. 炮二平五 馬８進７"));
        // Taken back, the move stays in the file as the line ahead, and the file says where
        // the players are.
        let effects = app.update(Action::Undo);
        assert!(
            autosaves(&effects)[0].contains("[Cursor \"h2e2\"]"),
            "{effects:?}"
        );
        let back = xiangqi::pgn::read_game(autosaves(&effects)[0].as_bytes(), 1).expect("PGN");
        let resumed = App::resumed(
            crate::tui::store::saved::SavedGame::of(&back),
            Options::default(),
        );
        assert_eq!(resumed.game().moves(), [mv("h2e2")]);
        assert!(resumed.game().can_redo(), "the move ahead can be replayed");
        assert!(app.update(Action::Cursor(Dir::Up)).is_empty());
    }

    #[test]
    fn a_resumed_game_continues_with_its_clocks_and_notation() {
        let mut app = timed(xiangqi::START_FEN, "5+3");
        play_all(&mut app, "h2e2");
        app.update(at(7_250));
        play_all(&mut app, "h9g7");
        app.update(Action::CycleNotation); // WXF
        app.update(at(9_000));
        let effects = app.update(Action::Terminate);
        let pgn = autosaves(&effects)[0].to_string();
        assert!(pgn.contains("[TimeControl \"300+3\"]"), "{pgn}");
        assert!(
            pgn.contains("[ClockTimes \"300000/300000 303000/300000 303000/295750\"]"),
            "{pgn}"
        );
        assert!(pgn.contains("[ClockUsed \"1750\"]"), "{pgn}");

        let back = xiangqi::pgn::read_game(pgn.as_bytes(), 1).expect("reads");
        let resumed = App::resumed(
            crate::tui::store::saved::SavedGame::of(&back),
            Options {
                resumed: true,
                ..Options::default()
            },
        );
        let mut resumed = resumed;
        assert_eq!(resumed.game().moves(), app.game().moves());
        assert_eq!(resumed.notation(), Notation::Wxf);
        // Two plies: one move as players count them.
        assert_eq!(resumed.message(), Some(&Message::Resumed(1)));
        resumed.update(at(100));
        let clock = resumed.clock().expect("clock back");
        let now = Duration::from_millis(1_100);
        assert_eq!(
            clock.left(Color::Red, now),
            Duration::from_millis(303_000 - 1_750 - 1_000)
        );
        assert_eq!(
            clock.left(Color::Black, now),
            Duration::from_millis(295_750)
        );
        // Kept again, the clocks are written once, as they now stand.
        resumed.update(at(1_100));
        let again = resumed.update(Action::Terminate);
        let again = autosaves(&again)[0];
        assert_eq!(again.matches("[ClockTimes").count(), 1, "{again}");
        assert!(again.contains("[ClockUsed \"2750\"]"), "{again}");
        // Undo still reaches the start, and the times with it.
        resumed.update(Action::Undo);
        let clock = resumed.clock().expect("clock");
        let undone_at = Duration::from_millis(1_100);
        assert_eq!(
            clock.left(Color::Black, undone_at),
            Duration::from_secs(300)
        );
    }

    fn screen_at(app: &App, width: u16, height: u16) -> String {
        use ratatui::Terminal;
        use ratatui::backend::TestBackend;
        let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("backend");
        terminal
            .draw(|frame| frame.render_widget(app, frame.area()))
            .expect("draw");
        format!("{}", terminal.backend())
    }

    #[test]
    fn clocks_on_a_classic_terminal_take_a_line_each() {
        let mut app = timed(xiangqi::START_FEN, "5+3");
        play_all(&mut app, "h2e2");
        app.update(at(12_345));
        insta::assert_snapshot!(screen_at(&app, 80, 24));
    }

    #[test]
    fn clocks_with_room_are_three_rows_tall() {
        let mut app = timed(xiangqi::START_FEN, "10/45");
        play_all(&mut app, "h2e2");
        app.update(at(600_000 + 36_789)); // black is in byo-yomi, 8.2 s left
        insta::assert_snapshot!(screen_at(&app, 120, 40));
    }

    #[test]
    fn clock_times_are_cut_not_rounded() {
        use crate::tui::view::strings::clock_time;
        let ms = Duration::from_millis;
        assert_eq!(clock_time(ms(3_600_000)), "1:00:00");
        assert_eq!(clock_time(ms(599_999)), "9:59");
        assert_eq!(clock_time(ms(10_000)), "0:10");
        assert_eq!(clock_time(ms(9_999)), "9.9");
        assert_eq!(clock_time(ms(99)), "0.0");
    }
}

mod clock_records {
    //! Clock times in saved games: `[%clk]` comments written with every move, and read back
    //! from records other programs wrote.
    use super::*;
    use std::time::Duration;
    use xiangqi::clock::TimeControl;

    fn at(millis: u64) -> Action {
        Action::Tick(Now {
            elapsed: Duration::from_millis(millis),
            unix_secs: 0,
        })
    }

    #[test]
    fn each_move_is_saved_with_the_time_its_side_has_left() {
        let options = Options {
            clock: Some("1+5".parse::<TimeControl>().expect("control")),
            ..Options::default()
        };
        let mut app = start_with(options);
        play_all(&mut app, "h2e2");
        app.update(at(12_500));
        play_all(&mut app, "h9g7");
        let effects = app.update(Action::Terminate);
        let Some(Effect::Autosave(pgn)) = effects.first() else {
            panic!("{effects:?}");
        };
        assert!(pgn.contains("炮二平五 {[%clk 0:01:05]}"), "{pgn}");
        assert!(pgn.contains("馬８進７ {[%clk 0:00:52]}"), "{pgn}");
    }

    #[test]
    fn a_record_with_clk_comments_brings_its_clocks_back() {
        let record = "[TimeControl \"300+3\"]\n\
                      1. 炮二平五 {[%clk 0:05:00]} 马８进７ {good [%clk 0:04:41.5]} *\n";
        let pgn = xiangqi::pgn::read_game(record.as_bytes(), 1).expect("record");
        let mut app = App::loaded(
            crate::tui::store::saved::SavedGame::of(&pgn),
            Options::default(),
        );
        app.update(at(1_000));
        let clock = app.clock().expect("the clocks came back");
        let now = Duration::from_millis(3_000);
        assert_eq!(
            clock.left(Color::Black, now),
            Duration::from_millis(281_500)
        );
        assert_eq!(
            clock.left(Color::Red, now),
            Duration::from_secs(298),
            "red's runs"
        );
        // A record with a move whose time is missing has no clocks to bring back.
        let gap = "[TimeControl \"300\"]\n1. 炮二平五 {[%clk 0:05:00]} 马８进７ *\n";
        let pgn = xiangqi::pgn::read_game(gap.as_bytes(), 1).expect("record");
        let app = App::loaded(
            crate::tui::store::saved::SavedGame::of(&pgn),
            Options::default(),
        );
        assert!(app.clock().is_none());
    }
}

#[test]
fn a_moves_clock_comment_is_replaced_and_its_words_kept() {
    use crate::tui::store::autosave::with_clk;
    let half = std::time::Duration::from_secs(30);
    assert_eq!(with_clk(None, half), "[%clk 0:00:30]");
    assert_eq!(with_clk(Some("[%clk 0:01:00]"), half), "[%clk 0:00:30]");
    assert_eq!(
        with_clk(Some("good [%clk 0:01:00] move"), half),
        "good move [%clk 0:00:30]"
    );
    assert_eq!(with_clk(Some("a trap"), half), "a trap [%clk 0:00:30]");
}

mod annotate;
mod computer;
mod desks;
mod editor;
mod looks;
mod network;
mod openings;

mod record;
mod review;
mod unsaved;
