//! Finding DhtmlXQ boards in a text, whatever wraps them, and the fields of each.
//!
//! Real files wrap a board's `[DhtmlXQ_…]` fields in several ways: `[DhtmlXQ]…[/DhtmlXQ]`
//! (web pages), `[DhtmlXQiFrame]` with no closing tag (pages saved from the largest records
//! site, after a byte-order mark), `[DhtmlXQHTML]…[/DhtmlXQHTML]` (forum posts, the fields
//! indented), or nothing at all (the fields alone). Tag names are matched in any case.

use super::DhtmlError;
use std::borrow::Cow;
use std::collections::HashMap;

/// How every DhtmlXQ tag begins, in lower case: a wrapper (`[dhtmlxq]`, `[dhtmlxqiframe]`…)
/// or a field (`[dhtmlxq_binit]`…).
const TAG: &str = "[dhtmlxq";

/// Does `bytes` hold a DhtmlXQ tag (any case)?
#[must_use]
pub(crate) fn has_tag(bytes: &[u8]) -> bool {
    bytes
        .windows(TAG.len())
        .any(|w| w.eq_ignore_ascii_case(TAG.as_bytes()))
}

/// A wrapper tag: where it starts and ends in the text, and whether it closes a board.
struct Wrapper {
    start: usize,
    end: usize,
    closes: bool,
}

/// The wrapper tags of `lower` (the text in ASCII lower case), in order: `[dhtmlxq` or
/// `[/dhtmlxq`, letters, `]` — not a field's `[dhtmlxq_`.
fn wrappers(lower: &str) -> Vec<Wrapper> {
    let mut found = Vec::new();
    let mut from = 0;
    while let Some(at) = lower[from..].find("dhtmlxq").map(|i| from + i) {
        from = at + "dhtmlxq".len();
        let (start, closes) = match &lower.as_bytes()[..at] {
            [.., b'[', b'/'] => (at - 2, true),
            [.., b'['] => (at - 1, false),
            _ => continue,
        };
        let rest = &lower.as_bytes()[from..];
        let letters = rest.iter().take_while(|b| b.is_ascii_lowercase()).count();
        if rest.get(letters) == Some(&b']') {
            found.push(Wrapper {
                start,
                end: from + letters + 1,
                closes,
            });
        }
    }
    found
}

/// The boards of `text`, each the text holding its fields: what follows each opening wrapper
/// up to its closing one, the next opening one or the end; with no wrapper at all, the whole
/// text if it holds a field. Wrappers with no field between them hold no board.
pub(crate) fn boards(text: &str) -> Vec<&str> {
    let lower = text.to_ascii_lowercase();
    let marks = wrappers(&lower);
    let has_field = |range: std::ops::Range<usize>| lower[range].contains("[dhtmlxq_");
    if !marks.iter().any(|m| !m.closes) {
        return if has_field(0..text.len()) {
            vec![text]
        } else {
            Vec::new()
        };
    }
    let mut found = Vec::new();
    for (i, mark) in marks.iter().enumerate() {
        if mark.closes {
            continue;
        }
        let end = marks.get(i + 1).map_or(text.len(), |next| next.start);
        if has_field(mark.end..end) {
            found.push(&text[mark.end..end]);
        }
    }
    found
}

/// The `[DhtmlXQ_name]value[/DhtmlXQ_name]` fields of a board, by their names in lower case
/// without `DhtmlXQ_` (`binit`, `movelist`, `move_0_3_1` …).
///
/// # Errors
/// A field opened and not closed ([`DhtmlError::Unclosed`]): a file cut short.
pub(crate) fn fields(board: &str) -> Result<HashMap<String, String>, DhtmlError> {
    let lower = board.to_ascii_lowercase();
    let mut found = HashMap::new();
    let mut from = 0;
    while let Some(at) = lower[from..].find("[dhtmlxq_").map(|i| from + i) {
        let name_start = at + 1;
        let rest = &lower[name_start..];
        let name_len = rest
            .bytes()
            .take_while(|b| b.is_ascii_alphanumeric() || *b == b'_')
            .count();
        from = name_start + name_len;
        if rest.as_bytes().get(name_len) != Some(&b']') {
            continue;
        }
        let name = &rest[..name_len];
        let value_start = from + 1;
        let closing = format!("[/{name}]");
        let Some(len) = lower[value_start..].find(&closing) else {
            return Err(DhtmlError::Unclosed {
                field: board[name_start..from].to_string(),
            });
        };
        let key = name.trim_start_matches("dhtmlxq_").to_string();
        found
            .entry(key)
            .or_insert_with(|| board[value_start..value_start + len].to_string());
        from = value_start + len + closing.len();
    }
    Ok(found)
}

/// A text field of a board found in an HTML page as the page shows it: line breaks (`<br>`)
/// as line breaks, and the characters written as entities (`&amp;`, `&#20013;` …).
pub(crate) fn page_text(raw: &str) -> Cow<'_, str> {
    if !raw.contains(['&', '<']) {
        return Cow::Borrowed(raw);
    }
    let mut out = String::with_capacity(raw.len());
    let mut rest = raw;
    while let Some(at) = rest.find(['&', '<']) {
        out.push_str(&rest[..at]);
        rest = &rest[at..];
        let (text, used) = markup(rest);
        out.push_str(&text);
        rest = &rest[used..];
    }
    out.push_str(rest);
    Cow::Owned(out)
}

/// The text `rest` (which starts with `&` or `<`) stands for, and how many of its bytes say
/// it: a line break, an entity's character, or the first character as it is.
fn markup(rest: &str) -> (Cow<'static, str>, usize) {
    // Tags and entities are short: looking no further keeps a text full of `<` or `&`
    // linear.
    let within = |c: u8, bytes: usize| rest.bytes().take(bytes).position(|b| b == c);
    if rest.starts_with('<') {
        let end = within(b'>', 16).map_or(0, |i| i + 1);
        let tag: String = rest[..end]
            .chars()
            .filter(|c| !c.is_whitespace() && *c != '/')
            .collect();
        if tag.eq_ignore_ascii_case("<br>") {
            return (Cow::Borrowed("\n"), end);
        }
        return (Cow::Borrowed("<"), 1);
    }
    let Some(end) = within(b';', 11) else {
        return (Cow::Borrowed("&"), 1);
    };
    let name = &rest[1..end];
    let named = match name {
        "amp" => Some('&'),
        "lt" => Some('<'),
        "gt" => Some('>'),
        "quot" => Some('"'),
        "apos" => Some('\''),
        "nbsp" => Some(' '),
        _ => None,
    };
    let numeric = || {
        let number = name.strip_prefix('#')?;
        let code = match number.strip_prefix(['x', 'X']) {
            Some(hex) => u32::from_str_radix(hex, 16).ok()?,
            None => number.parse().ok()?,
        };
        char::from_u32(code)
    };
    match named.or_else(numeric) {
        Some(c) => (Cow::Owned(c.to_string()), end + 1),
        None => (Cow::Borrowed("&"), 1),
    }
}

/// Does the text look like an HTML page (its first character, after a byte-order mark and
/// white space, a `<`)? A board in one may lie anywhere in it, and its texts are escaped.
#[must_use]
pub(crate) fn is_page(bytes: &[u8]) -> bool {
    let bytes = bytes.strip_prefix(b"\xef\xbb\xbf").unwrap_or(bytes);
    bytes
        .iter()
        .find(|b| !b.is_ascii_whitespace())
        .is_some_and(|&b| b == b'<')
}
