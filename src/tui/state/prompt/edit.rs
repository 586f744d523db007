//! A one-line text field for the message-line prompts: characters of any width (pasted or
//! from an input method), a cursor that moves by whole characters, and what part to show when
//! the text is wider than the room.

use unicode_width::UnicodeWidthChar;

/// The text typed so far and where the cursor is (a character index, never inside a
/// character's bytes).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LineEdit {
    text: String,
    /// Characters before the cursor.
    cursor: usize,
}

impl LineEdit {
    /// A field holding `text`, the cursor at its end.
    #[must_use]
    pub fn new(text: &str) -> LineEdit {
        LineEdit {
            text: text.to_string(),
            cursor: text.chars().count(),
        }
    }

    /// The text.
    #[must_use]
    pub fn text(&self) -> &str {
        &self.text
    }

    /// Byte offset of the character at index `i` (the end if there is none).
    fn byte_at(&self, i: usize) -> usize {
        self.text
            .char_indices()
            .nth(i)
            .map_or(self.text.len(), |(b, _)| b)
    }

    /// Types `c` at the cursor. Control characters are not text and are ignored.
    pub fn insert(&mut self, c: char) {
        if c.is_control() {
            return;
        }
        let at = self.byte_at(self.cursor);
        self.text.insert(at, c);
        self.cursor += 1;
    }

    /// Types `text` at the cursor at once (a paste): line breaks and tabs become spaces,
    /// other control characters are left out. Linear in the text, however long.
    pub fn insert_str(&mut self, text: &str) {
        let typed: String = text
            .chars()
            .filter_map(|c| match c {
                '\n' | '\r' | '\t' => Some(' '),
                c if c.is_control() => None,
                c => Some(c),
            })
            .collect();
        let at = self.byte_at(self.cursor);
        self.text.insert_str(at, &typed);
        self.cursor += typed.chars().count();
    }

    /// Deletes the character before the cursor (a whole character, however wide).
    pub fn backspace(&mut self) {
        if self.cursor > 0 {
            self.cursor -= 1;
            let at = self.byte_at(self.cursor);
            self.text.remove(at);
        }
    }

    /// Deletes the character under the cursor.
    pub fn delete(&mut self) {
        let at = self.byte_at(self.cursor);
        if at < self.text.len() {
            self.text.remove(at);
        }
    }

    /// One character left.
    pub fn left(&mut self) {
        self.cursor = self.cursor.saturating_sub(1);
    }

    /// One character right.
    pub fn right(&mut self) {
        self.cursor = (self.cursor + 1).min(self.text.chars().count());
    }

    /// To the start.
    pub fn home(&mut self) {
        self.cursor = 0;
    }

    /// To the end.
    pub fn end(&mut self) {
        self.cursor = self.text.chars().count();
    }

    /// Empties the field.
    pub fn clear(&mut self) {
        self.text.clear();
        self.cursor = 0;
    }

    /// What to show in `width` terminal cells, and the cell the cursor is on within it: the
    /// whole text if it fits (with a cell to spare for the cursor at the end), else a window
    /// of whole characters that keeps the cursor in view.
    #[must_use]
    pub fn view(&self, width: usize) -> (String, usize) {
        let chars: Vec<(char, usize)> = self
            .text
            .chars()
            .map(|c| (c, c.width().unwrap_or(0)))
            .collect();
        // Start from the cursor and take characters to the left while they fit, leaving a
        // cell for the cursor itself; then fill to the right.
        let room = width.max(1);
        let mut start = self.cursor;
        let mut used = 1;
        while start > 0 && used + chars[start - 1].1 <= room {
            start -= 1;
            used += chars[start].1;
        }
        let cursor_cell: usize = chars[start..self.cursor].iter().map(|&(_, w)| w).sum();
        let mut shown = String::new();
        let mut filled = 0;
        for &(c, w) in &chars[start..] {
            if filled + w > room {
                break;
            }
            shown.push(c);
            filled += w;
        }
        (shown, cursor_cell)
    }
}

#[cfg(test)]
mod tests {
    use super::LineEdit;

    #[test]
    fn a_paste_is_typed_at_the_cursor_with_line_breaks_as_spaces() {
        let mut e = LineEdit::new("ab");
        e.left();
        e.insert_str("x\ny\tz\u{1b}[2J");
        assert_eq!(e.text(), "ax y z[2Jb");
        e.insert('!');
        assert_eq!(e.text(), "ax y z[2J!b");
    }

    #[test]
    fn wide_characters_are_typed_and_erased_whole() {
        let mut e = LineEdit::default();
        for c in "炮二平五".chars() {
            e.insert(c);
        }
        assert_eq!(e.text(), "炮二平五");
        e.backspace();
        assert_eq!(e.text(), "炮二平");
        e.left();
        e.left();
        e.insert('x');
        assert_eq!(e.text(), "炮x二平");
        e.delete();
        assert_eq!(e.text(), "炮x平");
        e.home();
        e.backspace();
        assert_eq!(e.text(), "炮x平", "nothing before the start");
        e.end();
        e.insert('九');
        assert_eq!(e.text(), "炮x平九");
        e.insert('\u{7}');
        assert_eq!(e.text(), "炮x平九", "control characters are not text");
        e.clear();
        assert_eq!(e.text(), "");
        e.backspace();
        e.delete();
        assert_eq!(e.text(), "");
    }

    #[test]
    fn the_view_keeps_the_cursor_in_sight() {
        let e = LineEdit::new("炮二平五");
        assert_eq!(e.view(20), ("炮二平五".to_string(), 8));
        // Six cells: the cursor cell at the end and the last two characters.
        assert_eq!(e.view(6), ("平五".to_string(), 4));
        let mut e = LineEdit::new("abcdefgh");
        e.home();
        assert_eq!(e.view(4), ("abcd".to_string(), 0));
        e.right();
        e.right();
        assert_eq!(e.view(20), ("abcdefgh".to_string(), 2));
    }
}
