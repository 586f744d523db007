//! A game the autosave cannot keep says so: on the panel, on the message line (whole,
//! wrapped, never cut), and in the quit question, which offers `s` to save it elsewhere.

use super::{play_all, screen_text, start_app};
use crate::tui::input::action_for;
use crate::tui::state::action::Action;
use crate::tui::state::message::{Mode, Prompt, Question};
use crate::tui::view::layout::ScreenLayout;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use ratatui::layout::Rect;

const WHY: &str = "/home/p/.local/state/xiangqi/autosave.pgn: Read-only file system (os error 30)";

/// The screen's text with its line breaks and borders taken out, to find a wrapped text.
fn flat(screen: &str) -> String {
    screen
        .lines()
        .map(|l| l.trim_matches('"').trim())
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn a_failed_autosave_is_said_whole_and_the_panel_says_not_saved() {
    let mut app = start_app();
    play_all(&mut app, "h2e2");
    app.update(Action::AutosaveFailed(WHY.into()));
    let screen = screen_text(&app);
    assert!(screen.contains("NOT saved: s saves it"), "{screen}");
    // Longer than the line: wrapped onto the rows above, not cut.
    let all = flat(&screen);
    assert!(
        all.contains("Read-only file system (os error 30)"),
        "{screen}"
    );
    assert!(all.contains("s saves it elsewhere"), "{screen}");

    app.update(Action::AutosaveKept);
    assert!(!screen_text(&app).contains("NOT saved"));
}

#[test]
fn quitting_a_game_not_saved_says_so_and_s_saves_it_elsewhere() {
    let mut app = start_app();
    play_all(&mut app, "h2e2");
    app.update(Action::AutosaveFailed(WHY.into()));
    app.update(Action::Quit);
    assert_eq!(app.mode(), Mode::Confirm(Question::Quit));
    let all = flat(&screen_text(&app));
    assert!(all.contains("The game is NOT saved"), "{all}");
    assert!(!all.contains("can be resumed"), "{all}");

    let layout = ScreenLayout::new(Rect::new(0, 0, 80, 24), false);
    let s = Event::Key(KeyEvent::new(KeyCode::Char('s'), KeyModifiers::NONE));
    let action = action_for(&s, app.mode(), &layout);
    assert_eq!(action, Some(Action::Save));
    app.update(Action::Save);
    assert_eq!(app.mode(), Mode::Prompt(Prompt::Save));
}
