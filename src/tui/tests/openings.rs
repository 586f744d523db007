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
