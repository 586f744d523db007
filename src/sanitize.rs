//! Text from files made safe to show: control characters that a terminal would act on.

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
/// what the terminal writes, a window title, a cleared screen) replaced by `�`, except a
/// line break or a tab where `keep_lines` (comments may run over lines; tag values may not).
/// Kept lines end in `\n` alone: a Windows or old Mac line end (`\r\n`, `\r`) becomes one.
#[must_use]
pub fn defuse(text: &str, keep_lines: bool) -> std::borrow::Cow<'_, str> {
    if keep_lines && text.contains('\r') {
        let lines = text.replace("\r\n", "\n").replace('\r', "\n");
        return std::borrow::Cow::Owned(defuse(&lines, true).into_owned());
    }
    let kept = |c: char| keep_lines && matches!(c, '\n' | '\t');
    if !text.chars().any(|c| c.is_control() && !kept(c)) {
        return std::borrow::Cow::Borrowed(text);
    }
    std::borrow::Cow::Owned(
        text.chars()
            .map(|c| {
                if c.is_control() && !kept(c) {
                    '\u{fffd}'
                } else {
                    c
                }
            })
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::trim_comment;

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
}
