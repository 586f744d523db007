//! Keys and clicks on the Jieqi screen, made into actions: while a move is typed, characters
//! go to it; otherwise each key has its one job.

use super::state::{JieqiAction, JieqiScreen};
use crate::tui::view::layout::ScreenLayout;
use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEventKind,
};
use ratatui::layout::Rect;

/// The action `event` asks for on `screen`, drawn on a terminal of `size`.
#[must_use]
pub fn action(event: &Event, screen: &JieqiScreen, size: Rect) -> Option<JieqiAction> {
    match event {
        Event::Key(key) if key.kind != KeyEventKind::Release => key_action(key, screen),
        Event::Mouse(mouse) if mouse.kind == MouseEventKind::Down(MouseButton::Left) => {
            ScreenLayout::new(size, screen.flipped())
                .square_at(mouse.column, mouse.row)
                .map(JieqiAction::Click)
        }
        _ => None,
    }
}

fn key_action(key: &KeyEvent, screen: &JieqiScreen) -> Option<JieqiAction> {
    let control = key.modifiers.contains(KeyModifiers::CONTROL);
    if control {
        return match key.code {
            KeyCode::Char('c' | 'C') => Some(JieqiAction::Quit),
            _ => None,
        };
    }
    if screen.typed().is_some() {
        return match key.code {
            KeyCode::Enter => Some(JieqiAction::Submit),
            KeyCode::Esc => Some(JieqiAction::Cancel),
            KeyCode::Backspace => Some(JieqiAction::Erase),
            KeyCode::Char(c) => Some(JieqiAction::Type(c)),
            _ => None,
        };
    }
    Some(match key.code {
        KeyCode::Left | KeyCode::Char('h') => JieqiAction::Step(-1, 0),
        KeyCode::Right | KeyCode::Char('l') => JieqiAction::Step(1, 0),
        KeyCode::Up | KeyCode::Char('k') => JieqiAction::Step(0, -1),
        KeyCode::Down | KeyCode::Char('j') => JieqiAction::Step(0, 1),
        KeyCode::Enter | KeyCode::Char(' ') => JieqiAction::Choose,
        KeyCode::Esc => JieqiAction::Cancel,
        KeyCode::Char(':' | 'm' | '/') => JieqiAction::StartTyping,
        KeyCode::Char('u') | KeyCode::Backspace => JieqiAction::Undo,
        KeyCode::Char('r') => JieqiAction::Redo,
        KeyCode::Char('c') => JieqiAction::Computer,
        KeyCode::Char('s') => JieqiAction::Save,
        KeyCode::Char('f') => JieqiAction::Flip,
        KeyCode::Char('g') => JieqiAction::Resign,
        KeyCode::Char('n') => JieqiAction::NewDeal,
        KeyCode::Char('q') => JieqiAction::Quit,
        _ => return None,
    })
}
