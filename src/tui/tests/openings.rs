//! Openings on the screen: the ECCO code and name in the panel, the explorer of the
//! masters' moves, and the computer's book.

use super::*;
use insta::assert_snapshot;
use ratatui::Terminal;
use ratatui::backend::TestBackend;

fn draw(app: &App, width: u16, height: u16) -> Terminal<TestBackend> {
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("test backend");
    terminal
        .draw(|frame| frame.render_widget(app, frame.area()))
        .expect("draw");
    terminal
}

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
    use xiangqi::engine::Level;

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
        start_with(options).with_book_seed(seed)
    }

    fn thinks(effects: &[Effect]) -> bool {
        effects.iter().any(|e| matches!(e, Effect::Think(_)))
    }

    #[test]
    fn the_computers_first_move_comes_from_the_book_without_a_search() {
        let book: Vec<Move> = xiangqi::opening::book_moves(&Position::start())
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
            xiangqi::opening::book_moves(&Position::start())
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
