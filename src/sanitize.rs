//! Text from files made safe to show: control characters that a terminal would act on.

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
