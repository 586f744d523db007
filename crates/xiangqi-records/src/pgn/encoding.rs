//! Guessing the text encoding of a game file: UTF-8 (with or without BOM), UTF-16 with a BOM,
//! or the two legacy Chinese encodings, GBK/GB18030 (mainland) and Big5 (Taiwan, Hong Kong).

use encoding_rs::{BIG5, Encoding, GB18030, UTF_8};
use std::borrow::Cow;
use std::fmt;

/// The encoding a file was read in.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum TextEncoding {
    /// UTF-8, with or without a byte-order mark (also plain ASCII).
    Utf8,
    /// UTF-16 (little or big endian), recognised only by its byte-order mark.
    Utf16,
    /// GBK or its superset GB18030, as mainland Chinese sites write.
    Gb18030,
    /// Big5, as Taiwanese and Hong Kong sites write.
    Big5,
}

impl fmt::Display for TextEncoding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TextEncoding::Utf8 => "UTF-8",
            TextEncoding::Utf16 => "UTF-16",
            TextEncoding::Gb18030 => "GB18030",
            TextEncoding::Big5 => "Big5",
        })
    }
}

/// Decodes `bytes`, choosing the encoding without being told.
///
/// A byte-order mark decides first; then text that is valid UTF-8 is UTF-8. Otherwise the
/// bytes are decoded as GB18030, as Big5 and as (damaged) UTF-8, and the reading that shows
/// the most characters of xiangqi records and the fewest undecodable bytes wins. Counting
/// known characters matters: GBK and Big5 share their byte ranges, so a Big5 file read as GBK
/// decodes almost without errors, only into the wrong characters. Where the two readings
/// score alike (moves in ICCS or WXF, Chinese only in names), the one with more characters
/// in its encoding's everyday range wins (GB2312's rows for GBK, Big5's symbols and
/// frequently used characters for Big5), GB18030 if that ties too.
///
/// ```
/// use xiangqi_records::pgn::{decode, TextEncoding};
/// let big5 = [0xAC, 0xB6, 0xA4, 0x47, 0xA5, 0xAD, 0xA4, 0xAD]; // 炮二平五
/// let (text, enc) = decode(&big5);
/// assert_eq!((text.as_ref(), enc), ("炮二平五", TextEncoding::Big5));
/// ```
///
/// A reading in which a legacy encoding swallows an ASCII `}` or `)` into a two-byte
/// character — leaving a comment or variation open that the bytes close, as when a Latin-1
/// `{joué}` is read as GB18030 — is never chosen: the text is then read as UTF-8, with a
/// replacement character for each undecodable byte.
#[must_use]
pub fn decode(bytes: &[u8]) -> (Cow<'_, str>, TextEncoding) {
    if let Some((enc, bom)) = Encoding::for_bom(bytes) {
        let kind = if enc == UTF_8 {
            TextEncoding::Utf8
        } else {
            TextEncoding::Utf16
        };
        let (text, _) = enc.decode_without_bom_handling(&bytes[bom..]);
        return (text, kind);
    }
    if let Ok(text) = std::str::from_utf8(bytes) {
        return (Cow::Borrowed(text), TextEncoding::Utf8);
    }
    guess_legacy(bytes)
}

/// Bytes that are not UTF-8: the best of GB18030, Big5 and damaged UTF-8.
fn guess_legacy(bytes: &[u8]) -> (Cow<'_, str>, TextEncoding) {
    let lossy = String::from_utf8_lossy(bytes);
    let closed = !unclosed(&lossy);
    let mut best: Option<((i64, usize), Cow<'_, str>, TextEncoding)> = None;
    for (enc, kind) in [(GB18030, TextEncoding::Gb18030), (BIG5, TextEncoding::Big5)] {
        let (text, _) = enc.decode_without_bom_handling(bytes);
        if closed && unclosed(&text) {
            continue;
        }
        let s = (score(&text), everyday_pairs(bytes, kind));
        // GB18030 first: ties go to it, as mainland files are the more common.
        if best.as_ref().is_none_or(|b| s > b.0) {
            best = Some((s, text, kind));
        }
    }
    match best {
        Some(((s, _), text, kind)) if s >= score(&lossy) => (text, kind),
        _ => (lossy, TextEncoding::Utf8),
    }
}

/// `bytes` in encoding `kind`, undecodable bytes replaced; and whether there were any.
pub(crate) fn decode_as(bytes: &[u8], kind: TextEncoding) -> (Cow<'_, str>, bool) {
    let enc = match kind {
        TextEncoding::Utf8 | TextEncoding::Utf16 => UTF_8,
        TextEncoding::Gb18030 => GB18030,
        TextEncoding::Big5 => BIG5,
    };
    enc.decode_without_bom_handling(bytes)
}

/// The encoding guess for a file read one game at a time.
///
/// A byte-order mark at the start of the file decides for the whole file. Otherwise each
/// game is UTF-8 if its bytes are; a game that is not is read first in the legacy encoding
/// the last such game was read in, and guessed afresh (as [`decode`] does, from that game's
/// bytes alone) when that reading shows undecodable bytes, swallows a closing `}` or `)`, or
/// shows characters that a misread gives and fewer known ones.
#[derive(Clone, Debug, Default)]
pub(crate) struct Guess {
    utf8_bom: bool,
    legacy: Option<TextEncoding>,
}

impl Guess {
    /// Notes a UTF-8 byte-order mark at the start of the file.
    pub(crate) fn starts(&mut self, bytes: &[u8]) {
        self.utf8_bom = bytes.starts_with(&[0xEF, 0xBB, 0xBF]);
    }

    /// Decodes the bytes of one game (or a few).
    pub(crate) fn decode<'a>(&mut self, bytes: &'a [u8]) -> (Cow<'a, str>, TextEncoding) {
        if let Ok(text) = std::str::from_utf8(bytes) {
            return (Cow::Borrowed(text), TextEncoding::Utf8);
        }
        if self.utf8_bom {
            return (String::from_utf8_lossy(bytes), TextEncoding::Utf8);
        }
        if let Some(kind) = self.legacy {
            let (text, malformed) = decode_as(bytes, kind);
            let swallows = || {
                may_swallow(bytes) && unclosed(&text) && !unclosed(&String::from_utf8_lossy(bytes))
            };
            // The tags and first moves are evidence enough that the encoding still fits.
            let mut end = SAMPLE.min(text.len());
            while !text.is_char_boundary(end) {
                end -= 1;
            }
            let head = &text[..end];
            // A Big5 game read as GB18030 decodes without errors, into the rarely used rows
            // `misread` names; only then are the known characters counted.
            let fits = !head.chars().any(misread) || score(head) > 0;
            if !malformed && fits && !swallows() {
                return (text, kind);
            }
        }
        let (text, kind) = guess_legacy(bytes);
        if kind != TextEncoding::Utf8 {
            self.legacy = Some(kind);
        }
        (text, kind)
    }
}

/// How much of a game's text [`Guess::decode`] scores to check that the encoding still fits.
const SAMPLE: usize = 1024;

/// Could a legacy encoding read a `}` of `bytes` as the second byte of a character? Only
/// after a byte that is not ASCII (a `)` is never a second byte in GB18030 or Big5).
fn may_swallow(bytes: &[u8]) -> bool {
    bytes
        .iter()
        .zip(bytes.iter().skip(1))
        .any(|(&a, &b)| b == b'}' && a >= 0x80)
}

/// Does `text` leave a `{` comment or a `(` variation open at its end? Lines that begin with
/// `[` (tags) are not looked at: a value may hold a lone parenthesis.
fn unclosed(text: &str) -> bool {
    let mut comment = false;
    let mut depth = 0usize;
    let mut tag_line = false;
    let mut line_start = true;
    // Bytes, not characters: in UTF-8 no byte of a multibyte character is ASCII.
    for &b in text.as_bytes() {
        match b {
            b'\n' => {
                line_start = true;
                tag_line = false;
                continue;
            }
            b' ' | b'\t' | b'\r' if line_start => continue,
            b'[' if line_start && !comment => tag_line = true,
            _ => {}
        }
        line_start = false;
        if tag_line {
            continue;
        }
        match (comment, b) {
            (true, b'}') => comment = false,
            (false, b'{') => comment = true,
            (false, b'(') => depth += 1,
            (false, b')') => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    comment || depth > 0
}

/// Characters that fill Chinese game records: piece names, directions, numbers, and the
/// words of results and headers.
///
/// Sorted, for a binary search: [`known`] runs once per character of a file, three times (a
/// call to the move reader's own table there made reading GBK files a third slower). The
/// tests below keep it sorted and holding every character a Chinese move may contain, so a
/// glyph variant added to the reader cannot be forgotten here.
const KNOWN: [char; 65] = [
    '一', '七', '三', '中', '九', '二', '五', '仕', '俥', '傌', '先', '八', '六', '兵', '军', '冠',
    '前', '勝', '包', '卒', '后', '和', '四', '士', '将', '將', '局', '帅', '帥', '平', '後', '杯',
    '棋', '炮', '相', '砲', '第', '紅', '红', '胜', '象', '負', '賽', '负', '赛', '車', '軍', '輪',
    '车', '轮', '进', '退', '進', '馬', '马', '黑', '１', '２', '３', '４', '５', '６', '７', '８',
    '９',
];

fn known(c: char) -> bool {
    KNOWN.binary_search(&c).is_ok()
}

/// Characters that rarely appear in game records but that common characters of one Chinese
/// encoding turn into when read as the other: Big5's most frequent rows land on GBK's kana,
/// Greek, Cyrillic and box-drawing rows, GBK's full-width digits on Big5's bopomofo, and
/// user-defined codes on the private use area.
fn misread(c: char) -> bool {
    matches!(
        c,
        '\u{0370}'..='\u{04FF}'
            | '\u{2500}'..='\u{257F}'
            | '\u{3040}'..='\u{30FF}'
            | '\u{3100}'..='\u{312F}'
            | '\u{E000}'..='\u{F8FF}'
    )
}

/// How many two-byte characters of `bytes`, read in `kind`, lie in that encoding's everyday
/// range: GB2312's for GBK (both bytes 0xA1–0xFE: its symbols and 6,763 characters, which
/// hold nearly all simplified Chinese text), Big5's symbols and 5,401 frequently used
/// characters for Big5 (0xA140–0xC67E). Each encoding's text falls almost wholly in its own
/// range, and much less in the other's: a Big5 character whose second byte is below 0xA1
/// (two in five) lands in GBK's extension rows, and a GB2312 character whose first byte is
/// above 0xC6 (its rarer half) past Big5's frequent ones. So where the xiangqi words of
/// [`score`] do not tell (names only), this does.
fn everyday_pairs(bytes: &[u8], kind: TextEncoding) -> usize {
    let mut count = 0;
    let mut i = 0;
    while let (Some(&lead), Some(&trail)) = (bytes.get(i), bytes.get(i + 1)) {
        if !(0x81..=0xFE).contains(&lead) {
            i += 1;
            continue;
        }
        if trail < 0x40 {
            // GB18030's four-byte form (a digit second), else no character: the second byte
            // is read again on its own.
            let four = kind == TextEncoding::Gb18030 && trail.is_ascii_digit();
            i += if four { 4 } else { 1 };
            continue;
        }
        let everyday = match kind {
            TextEncoding::Gb18030 => lead >= 0xA1 && (0xA1..=0xFE).contains(&trail),
            TextEncoding::Big5 => {
                (0xA140..=0xC67E).contains(&u16::from_be_bytes([lead, trail]))
                    && matches!(trail, 0x40..=0x7E | 0xA1..=0xFE)
            }
            TextEncoding::Utf8 | TextEncoding::Utf16 => false,
        };
        count += usize::from(everyday);
        i += 2;
    }
    count
}

fn score(text: &str) -> i64 {
    let mut score = 0i64;
    for c in text.chars().filter(|c| !c.is_ascii()) {
        if c == char::REPLACEMENT_CHARACTER {
            score -= 8;
        } else if known(c) {
            score += 2;
        } else if misread(c) {
            score -= 1;
        }
    }
    score
}

#[cfg(test)]
mod tests {
    use super::{KNOWN, TextEncoding, decode, known};
    use xiangqi_rules::notation::is_move_char;

    #[test]
    fn a_closing_brace_is_never_swallowed_into_a_chinese_character() {
        // Latin-1 `{joué}`: GB18030 and Big5 would read `é}` as one character.
        let latin1 = b"[Event \"x\"]\n1. h2e2 {jou\xE9} h9g7 *\n";
        let (text, enc) = decode(latin1);
        assert_eq!(enc, TextEncoding::Utf8);
        assert!(text.contains("jou\u{FFFD}} h9g7"), "{text}");
        // Big5 `炮二平五` in a comment still reads as Big5.
        let big5 = b"{\xAC\xB6\xA4\x47\xA5\xAD\xA4\xAD} 1. h2e2";
        assert_eq!(
            decode(big5),
            ("{炮二平五} 1. h2e2".into(), TextEncoding::Big5)
        );
    }

    #[test]
    fn names_alone_are_read_in_the_encoding_whose_everyday_characters_they_are() {
        // ICCS moves, no word of a xiangqi record: only the names tell.
        let text = "[Red \"胡榮華\"]\n[Black \"楊官璘\"]\n\n1. h2e2 h9g7 *\n";
        let simplified = "[Red \"胡荣华\"]\n[Black \"杨官璘\"]\n\n1. h2e2 h9g7 *\n";
        for (enc, text, kind) in [
            (encoding_rs::BIG5, text, TextEncoding::Big5),
            (encoding_rs::GBK, simplified, TextEncoding::Gb18030),
        ] {
            let (bytes, _, bad) = enc.encode(text);
            assert!(!bad, "{text}");
            assert_eq!(decode(&bytes), (text.into(), kind));
        }
    }

    #[test]
    fn everyday_pairs_walk_each_encoding_as_its_reader_does() {
        use super::everyday_pairs;
        // Big5 胡 and 榮 (AD 4A, BA 61: second bytes below 0xA1), 地 in both (B5 D8), GB2312
        // 杨 (D1 EE: past Big5's frequent characters); GB18030's four-byte U+0080, and a
        // first byte before ASCII, which are no two-byte character in either.
        let bytes = [
            0xAD, 0x4A, 0xBA, 0x61, 0xB5, 0xD8, 0xD1, 0xEE, 0x81, 0x30, 0x81, 0x30, 0xB0, b'!',
        ];
        assert_eq!(everyday_pairs(&bytes, TextEncoding::Gb18030), 2);
        assert_eq!(everyday_pairs(&bytes, TextEncoding::Big5), 3);
    }

    #[test]
    fn known_is_sorted_for_its_binary_search() {
        assert!(KNOWN.is_sorted());
    }

    #[test]
    fn known_holds_every_character_of_a_chinese_move() {
        let missing: String = ('\u{3000}'..='\u{FFEF}')
            .filter(|&c| is_move_char(c) && !known(c))
            .collect();
        assert_eq!(missing, "");
    }
}
