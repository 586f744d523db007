//! A key as the bindings name it: read from the terminal's key event, and written the way
//! the keys window and the palette show it.

use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

/// A key of the keyboard, as a binding names it. Shifted letters are their capitals
/// (`A`), as the terminal sends them.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Key {
    /// A character typed: a letter, a digit, a sign, Space.
    Char(char),
    /// Ctrl and a letter (written lower case).
    Ctrl(char),
    /// The arrow up.
    Up,
    /// The arrow down.
    Down,
    /// The arrow left.
    Left,
    /// The arrow right.
    Right,
    /// Enter.
    Enter,
    /// Esc.
    Esc,
    /// Home.
    Home,
    /// End.
    End,
    /// Page Up.
    PageUp,
    /// Page Down.
    PageDown,
    /// Delete.
    Delete,
}

impl Key {
    /// The key pressed in `event`; `None` for a release or repeat (terminals that report
    /// them would otherwise act twice), Alt with anything, and keys no binding names.
    #[must_use]
    pub fn of(event: &KeyEvent) -> Option<Key> {
        if event.kind != KeyEventKind::Press || event.modifiers.contains(KeyModifiers::ALT) {
            return None;
        }
        if event.modifiers.contains(KeyModifiers::CONTROL) {
            return match event.code {
                KeyCode::Char(c) if c.is_ascii_alphabetic() => {
                    Some(Key::Ctrl(c.to_ascii_lowercase()))
                }
                _ => None,
            };
        }
        Some(match event.code {
            KeyCode::Char(c) => Key::Char(c),
            KeyCode::Up => Key::Up,
            KeyCode::Down => Key::Down,
            KeyCode::Left => Key::Left,
            KeyCode::Right => Key::Right,
            KeyCode::Enter => Key::Enter,
            KeyCode::Esc => Key::Esc,
            KeyCode::Home => Key::Home,
            KeyCode::End => Key::End,
            KeyCode::PageUp => Key::PageUp,
            KeyCode::PageDown => Key::PageDown,
            KeyCode::Delete => Key::Delete,
            _ => return None,
        })
    }

    /// The key as its cap reads: `u`, `Ctrl-P`, `Enter`, `Space`, `PgUp`; the arrows as
    /// arrows, or under `ascii` (a terminal that may draw them two cells wide) as words.
    #[must_use]
    pub fn cap(self, ascii: bool) -> String {
        let named = match self {
            Key::Char(' ') => "Space",
            Key::Char(c) => return c.to_string(),
            Key::Ctrl(c) => return format!("Ctrl-{}", c.to_ascii_uppercase()),
            Key::Up if ascii => "Up",
            Key::Down if ascii => "Down",
            Key::Left if ascii => "Left",
            Key::Right if ascii => "Right",
            Key::Up => "↑",
            Key::Down => "↓",
            Key::Left => "←",
            Key::Right => "→",
            Key::Enter => "Enter",
            Key::Esc => "Esc",
            Key::Home => "Home",
            Key::End => "End",
            Key::PageUp => "PgUp",
            Key::PageDown => "PgDn",
            Key::Delete => "Delete",
        };
        named.to_string()
    }
}

/// `keys` as one binding shows them: their caps, two spaces apart (`u  Ctrl-P`).
#[must_use]
pub fn caps(keys: &[Key], ascii: bool) -> String {
    keys.iter()
        .map(|k| k.cap(ascii))
        .collect::<Vec<_>>()
        .join("  ")
}

#[cfg(test)]
mod tests {
    use super::{Key, caps};
    use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyEventKind, KeyModifiers};

    #[test]
    fn a_key_event_reads_as_the_key_its_cap_names() {
        let press = |code, modifiers| Key::of(&KeyEvent::new(code, modifiers));
        assert_eq!(
            press(KeyCode::Char('P'), KeyModifiers::CONTROL),
            Some(Key::Ctrl('p'))
        );
        assert_eq!(
            press(KeyCode::Char('A'), KeyModifiers::SHIFT),
            Some(Key::Char('A'))
        );
        assert_eq!(press(KeyCode::Char('x'), KeyModifiers::ALT), None);
        assert_eq!(press(KeyCode::F(1), KeyModifiers::NONE), None);
        let mut release = KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE);
        release.kind = KeyEventKind::Release;
        assert_eq!(Key::of(&release), None);
        assert_eq!(caps(&[Key::Ctrl('p'), Key::Char('/')], false), "Ctrl-P  /");
        assert_eq!(caps(&[Key::Up, Key::Char(' ')], true), "Up  Space");
        assert_eq!(Key::Up.cap(false), "↑");
    }
}
