//! Where one game's tags end and the next game's begin, line by line: what the game reader
//! and the streaming reader (which splits a file into games before reading them) both ask.

/// Does this line (its bytes, in any ASCII-compatible encoding) look like a tag pair: `[`, a
/// letter, and `]` at its end? Such a line begins a new game after movetext, and a comment
/// is never read past one.
#[must_use]
pub fn is_tag_line(line: &[u8]) -> bool {
    let end = line.iter().position(|&b| b == b'\n').unwrap_or(line.len());
    let line = line[..end].trim_ascii();
    line.len() >= 3
        && line[0] == b'['
        && line[1].is_ascii_alphabetic()
        && line[line.len() - 1] == b']'
}

/// The name of the tag pair `line` begins with (`Event` in `[Event "…"]`), as the reader
/// takes it: up to a space, a quote or `]`.
pub(crate) fn tag_name(line: &[u8]) -> &[u8] {
    let line = line.trim_ascii_start();
    let name = line.strip_prefix(b"[").unwrap_or(line);
    let end = name
        .iter()
        .position(|&b| b.is_ascii_whitespace() || b == b'"' || b == b']')
        .unwrap_or(name.len());
    &name[..end]
}

/// The tags of a game without moves, then a blank line, then a tag the game already has
/// (`[Game …]` or `[Event …]` again): the next game's tags. A game with tags only (a
/// heading, a conclusion) ends at the blank line; tags of one game in groups with blank
/// lines between them still read as one game, since none of their names repeats.
#[derive(Clone, Debug, Default)]
pub(crate) struct TagSections {
    /// The names of the game's tags so far (lower case).
    names: Vec<Vec<u8>>,
    /// A blank line since the last tag.
    blank: bool,
}

impl TagSections {
    /// A blank line.
    pub(crate) fn blank_line(&mut self) {
        self.blank = !self.names.is_empty();
    }

    /// A tag line: does it begin the next game's tags? If not, it is the game's.
    pub(crate) fn starts_next(&mut self, line: &[u8]) -> bool {
        let name = tag_name(line).to_ascii_lowercase();
        if std::mem::take(&mut self.blank) && self.names.contains(&name) {
            return true;
        }
        self.names.push(name);
        false
    }

    /// A new game begins.
    pub(crate) fn clear(&mut self) {
        self.names.clear();
        self.blank = false;
    }

    /// A new game begins with the tag line `line`.
    pub(crate) fn begin_with(&mut self, line: &[u8]) {
        self.clear();
        self.names.push(tag_name(line).to_ascii_lowercase());
    }
}

#[cfg(test)]
mod tests {
    use super::is_tag_line;

    #[test]
    fn tag_lines_are_recognised() {
        assert!(is_tag_line(b"[Event \"x\"]\r\n"));
        assert!(is_tag_line(b"  [FEN \"9/9 w\"]"));
        assert!(!is_tag_line(b"[%clk 0:10]"));
        assert!(!is_tag_line(b"1. h2e2 [Event"));
    }
}
