//! Text from files, engines and peers made safe to show: control characters that a terminal
//! would act on.

use std::borrow::Cow;

/// A comment's text without the spaces and line breaks around it, but with its first line's
/// indent where a line break comes before it (`{` and a line break, then an indented
/// paragraph), and with the ideographic spaces (U+3000) that indent a Chinese paragraph.
#[must_use]
pub fn trim_comment(text: &str) -> &str {
    let text = text.trim_end_matches(|c: char| c.is_ascii_whitespace());
    let body = text.trim_start_matches(|c: char| c.is_ascii_whitespace());
    let lead = &text[..text.len() - body.len()];
    match lead.rfind('\n') {
        Some(i) => &text[i + 1..],
        None => body,
    }
}

/// `text` with every control character (an escape sequence would move the cursor, change
/// what the terminal writes, a window title, a cleared screen) replaced by `�`, except
/// whitespace: a line break or a tab is kept where `keep_lines` (comments may run over lines;
/// tag values may not), and every other whitespace control (a tab in a tag value, a form
/// feed) becomes a space, as it reads. Kept lines end in `\n` alone: a Windows or old Mac
/// line end (`\r\n`, `\r`) becomes one.
#[must_use]
pub fn defuse(text: &str, keep_lines: bool) -> Cow<'_, str> {
    if keep_lines && text.contains('\r') {
        let lines = text.replace("\r\n", "\n").replace('\r', "\n");
        return Cow::Owned(defuse(&lines, true).into_owned());
    }
    let kept = |c: char| keep_lines && matches!(c, '\n' | '\t');
    if !text.chars().any(|c| c.is_control() && !kept(c)) {
        return Cow::Borrowed(text);
    }
    Cow::Owned(
        text.chars()
            .map(|c| match c {
                c if !c.is_control() || kept(c) => c,
                c if c.is_whitespace() => ' ',
                _ => '\u{fffd}',
            })
            .collect(),
    )
}

/// `text` as a message shows it: each control character written as its escape (`\u{1b}`,
/// `\u{7}`, `\n`), the rest as it is. Where [`defuse`] keeps a record's text readable, this
/// shows that an escape sequence was there (an engine's answer, a file name, a line of a
/// configuration) without the terminal obeying it.
#[must_use]
pub fn escape_controls(text: &str) -> Cow<'_, str> {
    if !text.chars().any(char::is_control) {
        return Cow::Borrowed(text);
    }
    let mut shown = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if c.is_control() {
            shown.extend(c.escape_default());
        } else {
            shown.push(c);
        }
    }
    Cow::Owned(shown)
}

/// At most `max` characters of untrusted `text` for a message, then `…` where it was cut,
/// its control characters written as escapes ([`escape_controls`]): what a message quotes
/// of an answer or an argument stays a line, however long the text was.
#[must_use]
pub fn quoted(text: &str, max: usize) -> String {
    let kept = match text.char_indices().nth(max) {
        Some((at, _)) => &text[..at],
        None => text,
    };
    let mut shown = escape_controls(kept).into_owned();
    if kept.len() < text.len() {
        shown.push('…');
    }
    shown
}

#[cfg(test)]
mod tests {
    use super::{defuse, escape_controls, quoted, trim_comment};

    #[test]
    fn a_comment_loses_the_file_spacing_around_it_but_keeps_its_indents() {
        assert_eq!(trim_comment(" a note "), "a note");
        assert_eq!(trim_comment("\n  a note\n"), "  a note");
        assert_eq!(trim_comment(" \r\n\t x\r\n  y \r\n"), "\t x\r\n  y");
        assert_eq!(
            trim_comment(" \u{3000}\u{3000}段落 "),
            "\u{3000}\u{3000}段落"
        );
        assert_eq!(trim_comment(" \n "), "");
    }

    #[test]
    fn whitespace_controls_become_spaces_and_other_controls_are_marked() {
        assert_eq!(defuse("tab\there", false), "tab here");
        assert_eq!(defuse("a\u{b}b\u{c}c\u{85}d\re\nf", false), "a b c d e f");
        assert_eq!(defuse("a\tb\u{c}c\r\nd", true), "a\tb c\nd");
        assert_eq!(defuse("a\u{1b}[2Jb\u{7}", false), "a\u{fffd}[2Jb\u{fffd}");
        assert_eq!(defuse("a\u{1b}b", true), "a\u{fffd}b");
    }

    #[test]
    fn controls_are_shown_as_escapes_and_a_quote_is_cut() {
        assert_eq!(escape_controls("plain 中文"), "plain 中文");
        assert_eq!(
            escape_controls("\u{1b}]52;c;aGk=\u{7}\u{1b}[2J\n"),
            r"\u{1b}]52;c;aGk=\u{7}\u{1b}[2J\n"
        );
        assert_eq!(quoted("h2e2", 4), "h2e2");
        assert_eq!(quoted("h2e2x", 4), "h2e2…");
        assert_eq!(quoted("炮二平五", 2), "炮二…");
        assert_eq!(quoted("\u{1b}[2J", 2), r"\u{1b}[…");
    }
}
