//! Openings on the screen: the ECCO code and name in the panel, the explorer of the
//! masters' moves, and the computer's book.

use super::*;
use insta::assert_snapshot;

#[test]
fn the_panel_names_the_opening_at_80x24() {
    let mut app = start_app();
    play_all(&mut app, "h2e2 h9g7");
    assert_snapshot!(draw(&app, 80, 24).backend());
}

#[test]
fn the_opening_name_follows_the_language_and_the_glyphs() {
    use crate::tui::Lang;
    use crate::tui::look::pieces::PieceGlyphs;
    let name = |lang, glyphs| {
        let mut app = start_with(Options {
            lang,
            glyphs,
            ..Options::default()
        });
        play_all(&mut app, "h2e2 h9g7");
        let opening = app.desk().opening().expect("an opening");
        let screen = screen_text(&app);
        let line = screen
            .lines()
            .find(|l| l.contains(opening.code))
            .unwrap_or_else(|| panic!("{} not on the screen:\n{screen}", opening.code));
        (opening, line.replace(' ', ""))
    };
    let (opening, line) = name(Lang::ZhHans, PieceGlyphs::Simplified);
    assert!(opening.simplified.starts_with("中炮"), "{opening:?}");
    assert!(line.contains(opening.simplified), "{line}");
    let (opening, line) = name(Lang::ZhHant, PieceGlyphs::Traditional);
    assert!(line.contains(opening.traditional), "{line}");
    let (opening, line) = name(Lang::En, PieceGlyphs::Simplified);
    assert!(line.contains(&opening.english.replace(' ', "")), "{line}");
    assert!(!line.contains(opening.simplified), "{line}");
    // Stepped back to the start, there is no opening to name.
    let mut app = start_app();
    play_all(&mut app, "h2e2 h9g7");
    app.update(Action::Nav(crate::tui::state::action::Nav::Start));
    assert_eq!(app.desk().opening(), None);
    assert!(!screen_text(&app).contains("Central Cannon"));
}

mod book {
    use super::*;
    use crate::tui::state::computer::{ComputerOptions, Note};
    use xiangqi_engine::Level;

    /// The computer plays `side` at `level`, its book choices varied by `seed`.
    fn computer(side: Color, level: u8, seed: u64) -> App {
        let options = Options {
            computer: ComputerOptions {
                side: Some(side),
                level: Level::new(level).expect("level"),
                think: None,
            },
            ..Options::default()
        };
        start_with(options).with_seed(seed)
    }

    fn thinks(effects: &[Effect]) -> bool {
        effects.iter().any(|e| matches!(e, Effect::Think(_)))
    }

    #[test]
    fn the_computers_first_move_comes_from_the_book_without_a_search() {
        let book: Vec<Move> = xiangqi_records::opening::book_moves(&Position::start())
            .into_iter()
            .map(|(row, _)| row.mv)
            .collect();
        assert!(!book.is_empty());
        let mut app = computer(Color::Red, 5, 7);
        let effects = app.update(Action::Tick(Now::default()));
        assert!(!thinks(&effects), "{effects:?}");
        let moves = app.game().moves();
        assert_eq!(moves.len(), 1);
        assert!(book.contains(&moves[0]), "{} is not a book move", moves[0]);
        // Black answers from the book too, at once.
        let mut app = computer(Color::Black, 5, 7);
        let effects = app.update(Action::ClickAt(sq("h2")));
        assert!(!thinks(&effects));
        let effects = app.update(Action::ClickAt(sq("e2")));
        assert!(!thinks(&effects), "{effects:?}");
        assert_eq!(app.game().moves().len(), 2);
    }

    #[test]
    fn different_seeds_and_new_games_open_differently() {
        let first = |seed| {
            let mut app = computer(Color::Red, 5, seed);
            app.update(Action::Tick(Now::default()));
            app.game().moves()[0]
        };
        let seeds: std::collections::HashSet<Move> = (0..16).map(first).collect();
        assert!(seeds.len() > 1, "{seeds:?}");
        // The same seed, the same first move.
        assert_eq!(first(3), first(3));
        // One seed, new games: the game's number varies the book's choice.
        let mut app = computer(Color::Red, 5, 3);
        let mut games = std::collections::HashSet::new();
        for _ in 0..16 {
            app.update(Action::Tick(Now::default()));
            games.insert(app.game().moves()[0]);
            app.update(Action::AskNewGame);
            app.update(Action::Answer(true));
        }
        assert!(games.len() > 1, "{games:?}");
    }

    #[test]
    fn the_weakest_levels_search_from_the_first_move() {
        let mut app = computer(Color::Red, 2, 7);
        let effects = app.update(Action::Tick(Now::default()));
        assert!(thinks(&effects), "{effects:?}");
        assert!(app.game().moves().is_empty());
    }

    #[test]
    fn the_hint_names_a_book_move_as_such() {
        let mut app = start_app();
        let effects = app.update(Action::Hint);
        assert!(!thinks(&effects), "{effects:?}");
        let Some(Message::Computer(Note::BookHint(text, iccs))) = app.message() else {
            panic!("no book hint: {:?}", app.message());
        };
        let best = mv(iccs);
        assert!(
            xiangqi_records::opening::book_moves(&Position::start())
                .iter()
                .any(|(row, _)| row.mv == best)
        );
        let key = crate::tui::state::computer::key_of(app.game());
        assert_eq!(app.computer().hint(key), Some(best));
        let screen = screen_text(&app);
        assert!(
            screen.contains(&format!("Hint: {text} from the book  ({iccs},")),
            "{screen}"
        );
    }
}

mod explorer {
    use super::*;
    use crate::tui::state::action::{ExploreKey, Nav};
    use ratatui::crossterm::event::{Event, KeyCode, KeyEvent};
    use xiangqi_records::opening::explore;

    fn key(app: &App, code: KeyCode) -> Option<Action> {
        let layout = crate::tui::view::layout::ScreenLayout::new(
            ratatui::layout::Rect::new(0, 0, 80, 24),
            app.flipped(),
        );
        crate::tui::input::action_for(&Event::Key(KeyEvent::from(code)), app.mode(), &layout)
    }

    #[test]
    fn the_explorer_lists_the_masters_moves_at_80x24_and_enter_plays_one() {
        let mut app = start_app();
        play_all(&mut app, "h2e2 h9g7");
        assert_eq!(key(&app, KeyCode::Char('x')), Some(Action::OpenExplorer));
        app.update(Action::OpenExplorer);
        assert_eq!(app.mode(), Mode::Explorer { row: 0 });
        let rows = explore(app.game().position());
        assert!(rows.len() >= 2, "{rows:?}");
        assert!(rows.windows(2).all(|w| w[0].games >= w[1].games));
        assert_snapshot!(draw(&app, 80, 24).backend());
        let screen = screen_text(&app);
        let first = app.write_move(app.game().position(), rows[0].mv);
        let line = screen
            .lines()
            .find(|l| l.replace(' ', "").contains(&first))
            .expect("the first row");
        assert!(line.contains(&rows[0].games.to_string()), "{line}");
        // Down, then Enter: the second row's move is played, the window closed.
        let down = key(&app, KeyCode::Down).expect("down");
        assert_eq!(down, Action::Explore(ExploreKey::Step(1)));
        app.update(down);
        app.update(key(&app, KeyCode::Enter).expect("enter"));
        assert_eq!(app.mode(), Mode::Play);
        assert_eq!(app.game().moves(), &[mv("h2e2"), mv("h9g7"), rows[1].mv]);
    }

    #[test]
    fn the_explorer_in_simplified_chinese_at_80x24() {
        let mut app = start_with(Options {
            lang: crate::tui::Lang::ZhHans,
            glyphs: crate::tui::PieceGlyphs::Simplified,
            ..Options::default()
        });
        play_all(&mut app, "h2e2 h9g7 h0g2 i9h9");
        app.update(Action::OpenExplorer);
        app.update(Action::Explore(ExploreKey::Step(2)));
        assert_snapshot!(draw(&app, 80, 24).backend());
    }

    #[test]
    fn the_explorer_under_ascii_is_ascii() {
        let mut app = start_with(Options {
            ascii: true,
            ..Options::default()
        });
        play_all(&mut app, "h2e2 h9g7");
        app.update(Action::OpenExplorer);
        let screen = screen_text(&app);
        assert!(screen.contains("Masters' moves: "), "{screen}");
        assert!(
            screen.contains("> H2+3"),
            "WXF, the first row marked: {screen}"
        );
        let odd: String = screen.chars().filter(|c| !c.is_ascii()).collect();
        assert!(odd.is_empty(), "{odd:?} in:\n{screen}");
    }

    #[test]
    fn under_ascii_lines_no_mark_is_of_ambiguous_width() {
        // What a terminal that draws box lines two cells wide gets: the explorer's bars and
        // pointer, and the running clock's pointer, must keep their width there too.
        let mut app = start_with(Options {
            ascii_lines: true,
            clock: Some("5+3".parse().expect("a time control")),
            ..Options::default()
        });
        play_all(&mut app, "h2e2 h9g7");
        app.update(Action::OpenExplorer);
        let terminal = draw(&app, 100, 30);
        let wide = ambiguous_marks(terminal.backend().buffer());
        assert!(wide.is_empty(), "{wide:?} in:\n{}", screen_text(&app));
        // The pieces stay Chinese.
        assert!(screen_text(&app).contains('帥'));
    }

    #[test]
    fn esc_closes_the_explorer_and_an_unknown_position_says_so() {
        // Red's right chariot missing: no master played this.
        let mut app = app_from(
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN1 w",
            Options::default(),
        );
        app.update(Action::OpenExplorer);
        let screen = screen_text(&app);
        assert!(
            screen.contains("No master games reached this position."),
            "{screen}"
        );
        assert!(screen.contains("unknown position"), "{screen}");
        app.update(Action::Explore(ExploreKey::Play));
        assert!(app.game().moves().is_empty());
        app.update(key(&app, KeyCode::Esc).expect("esc"));
        assert_eq!(app.mode(), Mode::Play);
        assert!(!screen_text(&app).contains("No master games"));
    }

    #[test]
    fn a_move_from_the_explorer_stepped_back_starts_a_variation_as_on_the_board() {
        let stepped_back = || {
            let mut app = start_app();
            play_all(&mut app, "h2e2 h9g7 h0g2");
            app.update(Action::Nav(Nav::Back));
            app.update(Action::Nav(Nav::Back));
            app
        };
        let mut app = stepped_back();
        app.update(Action::OpenExplorer);
        let rows = explore(app.game().position());
        let other = rows
            .iter()
            .position(|r| r.mv != mv("h9g7"))
            .expect("another move");
        let chosen = rows[other].mv;
        app.update(Action::Explore(ExploreKey::To(other)));
        app.update(Action::Explore(ExploreKey::Play));
        assert_eq!(app.game().moves(), &[mv("h2e2"), chosen]);
        // The same move made on the board leaves the same game, the same message.
        let mut board = stepped_back();
        click_move(&mut board, &chosen.from.to_string(), &chosen.to.to_string());
        assert_eq!(format!("{:?}", app.game()), format!("{:?}", board.game()));
        assert_eq!(app.message(), board.message());
        assert_eq!(screen_text(&app), screen_text(&board));
    }

    #[test]
    fn against_the_computer_a_move_from_the_explorer_gets_its_reply() {
        let options = Options {
            computer: crate::tui::state::computer::ComputerOptions {
                side: Some(Color::Black),
                ..Default::default()
            },
            ..Options::default()
        };
        let mut app = start_with(options).with_seed(1);
        app.update(Action::OpenExplorer);
        app.update(Action::Explore(ExploreKey::Play));
        let moves = app.game().moves();
        assert_eq!(moves.len(), 2, "the book replied: {moves:?}");
        assert_eq!(moves[0], explore(&Position::start())[0].mv);
    }
}

#[test]
fn a_click_on_an_explorer_row_chooses_it_and_a_second_click_plays_it() {
    use crate::tui::input::explorer_mouse;
    use crate::tui::view::windows::explorer::{rows_area, window};
    use ratatui::crossterm::event::{Event, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
    use ratatui::layout::Rect;
    let click = |column, row| {
        Event::Mouse(MouseEvent {
            kind: MouseEventKind::Down(MouseButton::Left),
            column,
            row,
            modifiers: KeyModifiers::NONE,
        })
    };
    let screen = Rect::new(0, 0, 80, 24);
    let mut app = start_app();
    play_all(&mut app, "h2e2 h9g7");
    assert_eq!(explorer_mouse(&click(50, 10), &app, screen), None);
    app.update(Action::OpenExplorer);
    let rows = xiangqi_records::opening::explore(app.game().position());
    let area = rows_area(window(screen, rows.len()));
    let second = click(area.x + 4, area.y + 1);
    let action = explorer_mouse(&second, &app, screen).expect("a row");
    app.update(action);
    assert_eq!(app.explorer_row(), Some(1));
    app.update(explorer_mouse(&second, &app, screen).expect("the row again"));
    assert_eq!(app.game().moves(), &[mv("h2e2"), mv("h9g7"), rows[1].mv]);
    // Outside the window, a click closes it.
    app.update(Action::OpenExplorer);
    app.update(explorer_mouse(&click(0, 0), &app, screen).expect("outside"));
    assert_eq!(app.mode(), Mode::Play);
    assert_eq!(app.game().moves().len(), 3);
}
