//! Tests of the game screen without a terminal: actions on the app, the key and mouse
//! bindings, the geometry, and whole screens drawn into ratatui's `TestBackend`.

use super::app::{Action, App, Dir, Message, Mode, Options};
use xiangqi::{Color, Game, IllegalMove, Move, Position, Square};

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

fn start_app() -> App {
    App::new(Game::new(Position::start()), Options::default())
}

/// Selects `from` and plays to `to` by clicks, as a player would.
fn click_move(app: &mut App, from: &str, to: &str) {
    app.update(Action::ClickAt(sq(from)));
    app.update(Action::ClickAt(sq(to)));
}

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
        assert_eq!(app.message(), Some(Message::NotYourTurn(Color::Red)));
        app.update(Action::ClickAt(sq("e4")));
        assert_eq!(app.message(), Some(Message::SelectFirst(Color::Red)));
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
            Some(Message::Refused(IllegalMove::HorseLegBlocked))
        );
        assert_eq!(app.selected(), Some(sq("b0")));
        assert!(app.game().moves().is_empty());

        let mut app = app_from(PINNED_CHARIOT, Options::default());
        click_move(&mut app, "e2", "d2");
        assert_eq!(
            app.message(),
            Some(Message::Refused(IllegalMove::LeavesGeneralInCheck))
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
        assert_eq!(app.message(), Some(Message::NothingToUndo));
        app.update(Action::Redo);
        app.update(Action::Redo);
        assert_eq!(app.game().moves(), &[mv("h2e2"), mv("h9g7")]);
        assert_eq!(app.cursor(), sq("g7"));
        app.update(Action::Redo);
        assert_eq!(app.message(), Some(Message::NothingToRedo));
    }

    #[test]
    fn checkmate_ends_the_game_and_no_further_move_is_accepted() {
        let mut app = app_from(MATE_IN_ONE, Options::default());
        click_move(&mut app, "a1", "a9");
        let outcome = app.game().outcome().expect("mate");
        assert_eq!(outcome.winner, Some(Color::Red));
        assert_eq!(outcome.to_string(), "Red wins — checkmate");
        assert_eq!(app.message(), Some(Message::Over(outcome)));
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
        assert_eq!(app.mode(), Mode::ConfirmNewGame);
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
    use super::super::layout::{ScreenLayout, minimum_size};
    use super::*;
    use ratatui::layout::Rect;

    fn board_of(w: u16, h: u16, flipped: bool) -> super::super::layout::BoardGeometry {
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
        use super::super::input::KEY_SUMMARY;
        use super::super::layout::PANEL_MIN_WIDTH;
        use unicode_width::UnicodeWidthStr;
        for line in KEY_SUMMARY {
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
                assert!(
                    hits.values().all(|&n| n == area),
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
    use super::super::layout::ScreenLayout;
    use super::*;
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
        assert_eq!(play(KeyCode::Char('?')), Some(Action::ShowHelp));
        assert_eq!(play(KeyCode::Char('q')), Some(Action::Quit));
        assert_eq!(play(KeyCode::Char('x')), None);
        let ctrl_c = Event::Key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL));
        for mode in [Mode::Play, Mode::Help, Mode::ConfirmNewGame] {
            assert_eq!(action_for(&ctrl_c, mode, &l), Some(Action::Quit));
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
        let confirm = |code| action_for(&key(code), Mode::ConfirmNewGame, &l);
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
        let right = click(MouseEventKind::Down(MouseButton::Right), e0.x, e0.y);
        assert_eq!(action_for(&right, Mode::Play, &l), None);
        let off_board = click(MouseEventKind::Down(MouseButton::Left), 79, 0);
        assert_eq!(action_for(&off_board, Mode::Play, &l), None);
    }
}

mod screens {
    use super::*;
    use insta::assert_snapshot;
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;
    use ratatui::layout::Position as Cell;
    use ratatui::style::Modifier;

    fn draw(app: &App, width: u16, height: u16) -> Terminal<TestBackend> {
        let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("test backend");
        terminal
            .draw(|frame| frame.render_widget(app, frame.area()))
            .expect("draw");
        terminal
    }

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
        let app = app_from(BLACK_IN_CHECK, Options::default());
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
        let app = App::new(
            Game::new(Position::start()),
            Options {
                flipped: true,
                ..Options::default()
            },
        );
        assert_snapshot!(draw(&app, 80, 24).backend());
    }

    #[test]
    fn ascii_mode_uses_letters_and_ascii_lines() {
        let mut app = App::new(
            Game::new(Position::start()),
            Options {
                ascii: true,
                ..Options::default()
            },
        );
        click_move(&mut app, "b0", "c2");
        app.update(Action::ClickAt(sq("b7")));
        app.update(Action::Cursor(Dir::Right));
        assert_snapshot!(draw(&app, 80, 24).backend());
    }

    #[test]
    fn ascii_lines_keep_chinese_pieces() {
        let app = App::new(
            Game::new(Position::start()),
            Options {
                ascii_lines: true,
                ..Options::default()
            },
        );
        assert_snapshot!(draw(&app, 80, 24).backend());
    }

    #[test]
    fn too_small_says_what_is_needed() {
        assert_snapshot!(draw(&start_app(), 50, 12).backend());
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
        let moves = app.game().moves();
        assert_eq!(moves.len(), 40);
        let text = format!("{}", draw(&app, 80, 24).backend());
        assert!(
            text.contains(&format!("20. {:<7}{}", moves[38].to_string(), moves[39])),
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
        assert_eq!(buf[chariot].fg, ratatui::style::Color::Red);

        app.update(Action::ClickAt(sq("e9")));
        app.update(Action::Cursor(Dir::Down));
        let terminal = draw(&app, 80, 24);
        let buf = terminal.backend().buffer();
        assert!(
            buf[general].modifier.contains(Modifier::REVERSED),
            "selected"
        );
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

    use super::super::layout::ScreenLayout;
}
