//! The whole comment in a window (`}`): a long annotation that the panel cuts after a few
//! lines is read in full, scrolled by keys and the wheel as far as its last screenful, and
//! closed by any other key.

use super::screen_text;
use crate::tui::input::action_on_screen;
use crate::tui::state::action::{Action, Nav};
use crate::tui::state::app::{App, Options};
use crate::tui::state::prompt::message::{Message, Mode};
use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyModifiers, MouseEvent, MouseEventKind,
};
use ratatui::layout::Rect;
use xiangqi_rules::NodeId;

/// The game `record` opened, at its first move.
fn at_first_move(record: &str) -> App {
    let game = xiangqi_records::pgn::read_game(record.as_bytes(), 1).expect("test game");
    let mut app = App::loaded(
        crate::tui::store::saved::SavedGame::of(&game),
        Options::default(),
    );
    let first = app.game().tree().line_after(NodeId::ROOT)[0];
    app.update(Action::Nav(Nav::To(first)));
    app
}

/// A record whose first move has a comment of 40 numbered paragraphs.
fn annotated() -> App {
    let paragraphs: Vec<String> = (1..=40).map(|n| format!("paragraph {n}.")).collect();
    at_first_move(&format!("1. h2e2 {{{}}} h9g7 *\n", paragraphs.join("\n")))
}

const SCREEN: Rect = Rect::new(0, 0, 80, 24);

/// What `event` does on the 80×24 screen, as the event loop maps it.
fn send(app: &mut App, event: &Event) {
    if let Some(action) = action_on_screen(event, app, SCREEN) {
        app.update(action);
    }
}

fn press(app: &mut App, code: KeyCode) {
    send(app, &Event::Key(KeyEvent::new(code, KeyModifiers::NONE)));
}

fn wheel(app: &mut App, kind: MouseEventKind) {
    let mouse = MouseEvent {
        kind,
        column: 40,
        row: 12,
        modifiers: KeyModifiers::NONE,
    };
    send(app, &Event::Mouse(mouse));
}

#[test]
fn a_long_comment_is_read_whole_in_a_window_that_scrolls() {
    let mut app = annotated();
    // The panel shows its first lines only, and says how to read the rest.
    let panel = screen_text(&app);
    assert!(!panel.contains("paragraph 30."), "{panel}");
    assert!(panel.contains("… } more"), "{panel}");

    press(&mut app, KeyCode::Char('}'));
    assert_eq!(app.mode(), Mode::Comment { top: 0 });
    let screen = screen_text(&app);
    assert!(screen.contains(" Comment "), "{screen}");
    assert!(screen.contains("paragraph 1."), "{screen}");
    assert!(screen.contains("lines 1–19 of 40"), "{screen}");
    assert!(!screen.contains("paragraph 20."), "{screen}");

    // Down, the wheel, a page: each further into the text.
    press(&mut app, KeyCode::Down);
    wheel(&mut app, MouseEventKind::ScrollDown);
    assert_eq!(app.mode(), Mode::Comment { top: 2 });
    press(&mut app, KeyCode::PageDown);
    assert!(screen_text(&app).contains("lines 22–40 of 40"));
    // No further than the last screenful, and back up from there at once.
    press(&mut app, KeyCode::End);
    press(&mut app, KeyCode::Down);
    assert_eq!(app.mode(), Mode::Comment { top: 21 });
    let screen = screen_text(&app);
    assert!(screen.contains("paragraph 40."), "{screen}");
    press(&mut app, KeyCode::Up);
    assert_eq!(app.mode(), Mode::Comment { top: 20 });
    wheel(&mut app, MouseEventKind::ScrollUp);
    press(&mut app, KeyCode::Home);
    assert_eq!(app.mode(), Mode::Comment { top: 0 });

    // Any other key closes it, and does nothing else.
    let before = app.game().current();
    press(&mut app, KeyCode::Char('u'));
    assert_eq!(app.mode(), Mode::Play);
    assert_eq!(app.game().current(), before);
    assert!(!screen_text(&app).contains("paragraph 30."));
}

#[test]
fn a_move_without_a_comment_says_so() {
    let mut app = annotated();
    app.update(Action::Nav(Nav::Forward));
    press(&mut app, KeyCode::Char('}'));
    assert_eq!(app.mode(), Mode::Play);
    assert_eq!(app.message(), Some(&Message::NoComment));
    assert!(screen_text(&app).contains("This move has no comment to read"));
}

/// The panel starts each of a comment's own lines on a line of its own, as the window does,
/// instead of running them together.
#[test]
fn the_panel_keeps_a_comments_line_breaks() {
    let app = annotated();
    let panel = screen_text(&app);
    let lines: Vec<&str> = panel.lines().collect();
    let row = |text: &str| {
        lines
            .iter()
            .position(|l| l.contains(text))
            .unwrap_or_else(|| panic!("{text}: {panel}"))
    };
    assert_eq!(row("paragraph 2."), row("paragraph 1.") + 1, "{panel}");
    assert!(!panel.contains("paragraph 1. paragraph 2."), "{panel}");
}

/// What a program reads (`[%clk …]`) is not shown as the comment; an unclosed `[%` is the
/// player's own text and stays.
#[test]
fn embedded_commands_are_left_out_of_the_comment_shown() {
    let app =
        at_first_move("1. h2e2 {good [%clk 0:04:41] move, [%eval 0.3] 50% [% unclosed} h9g7 *\n");
    assert_eq!(
        app.comment_text().as_deref(),
        Some("good  move,  50% [% unclosed")
    );
}

/// A command that was a comment of its own (`{[%eval 0.3]} {a fine move}`, read as two lines)
/// leaves no blank line where it was.
#[test]
fn a_line_of_commands_alone_is_left_out_of_the_comment_shown() {
    let app = at_first_move("1. h2e2 {[%eval 0.3]} {a fine move} {[%clk 0:04:41]} h9g7 *\n");
    assert_eq!(app.comment_text().as_deref(), Some("a fine move"));
    let app = at_first_move("1. h2e2 {first\n\nthird} h9g7 *\n");
    assert_eq!(app.comment_text().as_deref(), Some("first\n\nthird"));
}
