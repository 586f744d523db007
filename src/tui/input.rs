//! The key bindings, in one place: terminal events to [`Action`]s, a pure function, and the
//! key descriptions the help window and panel show.

use super::app::{Action, Dir, Mode};
use super::layout::ScreenLayout;
use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};

/// Every binding, for the keys window: (keys, what they do).
pub const KEY_HELP: [(&str, &str); 10] = [
    ("arrows  h j k l", "move the cursor"),
    ("Enter  Space", "select a piece / move it here"),
    ("mouse click", "the same, on the point clicked"),
    ("Esc", "clear the selection"),
    ("u", "take back a move"),
    ("r", "replay a move taken back"),
    ("f", "flip the board"),
    ("n", "new game (asks y/n)"),
    ("?", "this window"),
    ("q  Ctrl-C", "quit (prints FEN and moves)"),
];

/// The short form for the side panel, one binding group per line.
pub const KEY_SUMMARY: [&str; 3] = [
    "arrows/hjkl  Enter  click",
    "Esc clear  u undo  r redo",
    "f flip  n new  ? keys  q quit",
];

/// The action an event asks for, if any. Mouse clicks are mapped to points with `layout`,
/// the same geometry the screen was drawn with.
#[must_use]
pub fn action_for(event: &Event, mode: Mode, layout: &ScreenLayout) -> Option<Action> {
    match event {
        Event::Key(key) => key_action(key, mode),
        Event::Mouse(mouse) => mouse_action(mouse, mode, layout),
        _ => None,
    }
}

fn key_action(key: &KeyEvent, mode: Mode) -> Option<Action> {
    // Terminals that report releases and repeats would otherwise act twice.
    if key.kind != KeyEventKind::Press {
        return None;
    }
    if key.modifiers.contains(KeyModifiers::CONTROL) {
        return matches!(key.code, KeyCode::Char('c' | 'C')).then_some(Action::Quit);
    }
    match mode {
        Mode::Help => Some(Action::CloseHelp),
        Mode::ConfirmNewGame => match key.code {
            KeyCode::Char('y' | 'Y') => Some(Action::Answer(true)),
            KeyCode::Char('n' | 'N') | KeyCode::Esc => Some(Action::Answer(false)),
            _ => None,
        },
        Mode::Play => match key.code {
            KeyCode::Up | KeyCode::Char('k') => Some(Action::Cursor(Dir::Up)),
            KeyCode::Down | KeyCode::Char('j') => Some(Action::Cursor(Dir::Down)),
            KeyCode::Left | KeyCode::Char('h') => Some(Action::Cursor(Dir::Left)),
            KeyCode::Right | KeyCode::Char('l') => Some(Action::Cursor(Dir::Right)),
            KeyCode::Enter | KeyCode::Char(' ') => Some(Action::Activate),
            KeyCode::Esc => Some(Action::Deselect),
            KeyCode::Char('u') => Some(Action::Undo),
            KeyCode::Char('r') => Some(Action::Redo),
            KeyCode::Char('f') => Some(Action::Flip),
            KeyCode::Char('n') => Some(Action::AskNewGame),
            KeyCode::Char('?') => Some(Action::ShowHelp),
            KeyCode::Char('q') => Some(Action::Quit),
            _ => None,
        },
    }
}

fn mouse_action(mouse: &MouseEvent, mode: Mode, layout: &ScreenLayout) -> Option<Action> {
    if mouse.kind != MouseEventKind::Down(MouseButton::Left) {
        return None;
    }
    match mode {
        Mode::Help => Some(Action::CloseHelp),
        Mode::ConfirmNewGame => None,
        Mode::Play => layout
            .square_at(mouse.column, mouse.row)
            .map(Action::ClickAt),
    }
}
