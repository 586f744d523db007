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
/// decodes almost without errors, only into the wrong characters.
///
/// ```
/// use xiangqi::pgn::{decode, TextEncoding};
/// let big5 = [0xAC, 0xB6, 0xA4, 0x47, 0xA5, 0xAD, 0xA4, 0xAD]; // 炮二平五
/// let (text, enc) = decode(&big5);
/// assert_eq!((text.as_ref(), enc), ("炮二平五", TextEncoding::Big5));
/// ```
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
    // GB18030 first: ties go to it, as mainland files are the more common.
    let (gb, _) = GB18030.decode_without_bom_handling(bytes);
    let mut best = (score(&gb), gb, TextEncoding::Gb18030);
    for (enc, kind) in [(BIG5, TextEncoding::Big5), (UTF_8, TextEncoding::Utf8)] {
        let (text, _) = enc.decode_without_bom_handling(bytes);
        let s = score(&text);
        if s > best.0 {
            best = (s, text, kind);
        }
    }
    (best.1, best.2)
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
    use super::{KNOWN, known};
    use crate::notation::is_move_char;

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
