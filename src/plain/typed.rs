//! A move typed in simple words — `cannon 2 to 5`, `horse eight forward seven`, `front
//! chariot back 2`, `h2 to e2` — written in a notation the rules library reads (WXF or ICCS),
//! so that the library finds the move and says why it refuses one, as for any typed move.

use xiangqi_rules::Square;

/// The WXF letter of a piece named in words.
fn role_letter(word: &str) -> Option<char> {
    Some(match word {
        "general" | "king" => 'K',
        "advisor" | "guard" | "assistant" => 'A',
        "elephant" | "bishop" | "minister" => 'E',
        "horse" | "knight" => 'H',
        "chariot" | "rook" | "car" => 'R',
        "cannon" => 'C',
        "soldier" | "pawn" | "private" => 'P',
        _ => return None,
    })
}

/// The WXF sign of a way to go.
fn way_sign(word: &str) -> Option<char> {
    Some(match word {
        "to" | "traverse" | "traverses" | "across" | "sideways" | "." | "=" => '.',
        "forward" | "forwards" | "advance" | "advances" | "up" | "+" => '+',
        "back" | "backward" | "backwards" | "retreat" | "retreats" | "down" | "-" => '-',
        _ => return None,
    })
}

/// A file or a number of points, 1–9, as a digit or an English word.
fn digit(word: &str) -> Option<char> {
    const WORDS: [&str; 9] = [
        "one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
    ];
    match word.parse::<u8>() {
        Ok(n @ 1..=9) => Some(char::from(b'0' + n)),
        _ => WORDS
            .iter()
            .position(|&w| w == word)
            .and_then(|i| char::from_digit(i as u32 + 1, 10)),
    }
}

/// `text` as WXF or ICCS, if it is a move in words; `None` if it is not (a move in a
/// notation, or anything else), to be read as it was typed.
#[must_use]
pub fn notation(text: &str) -> Option<String> {
    let lower = text.to_lowercase();
    let words: Vec<&str> = lower.split_whitespace().collect();
    // Two points: `h2 e2`, `h2 to e2`.
    if let [from, rest @ .., to] = words.as_slice()
        && matches!(rest, [] | ["to"])
        && from.parse::<Square>().is_ok()
        && to.parse::<Square>().is_ok()
    {
        return Some(format!("{from}{to}"));
    }
    let (front, words) = match words.as_slice() {
        ["front", rest @ ..] => (Some('+'), rest),
        ["rear" | "back", rest @ ..] if rest.len() == 3 => (Some('-'), rest),
        rest => (None, rest),
    };
    let (letter, which, way, number) = match (front, words) {
        (Some(mark), [piece, way, n]) => (role_letter(piece)?, mark, *way, *n),
        (None, [piece, file, way, n]) => (role_letter(piece)?, digit(file)?, *way, *n),
        _ => return None,
    };
    Some(format!(
        "{letter}{which}{}{}",
        way_sign(way)?,
        digit(number)?
    ))
}

#[cfg(test)]
mod tests {
    use super::notation;

    #[test]
    fn words_become_wxf_or_iccs() {
        assert_eq!(notation("cannon 2 to 5").as_deref(), Some("C2.5"));
        assert_eq!(notation("Cannon two to five").as_deref(), Some("C2.5"));
        assert_eq!(notation("horse 8 forward 7").as_deref(), Some("H8+7"));
        assert_eq!(notation("chariot 1 back 2").as_deref(), Some("R1-2"));
        assert_eq!(notation("front cannon to 5").as_deref(), Some("C+.5"));
        assert_eq!(notation("rear horse forward 3").as_deref(), Some("H-+3"));
        assert_eq!(notation("h2 to e2").as_deref(), Some("h2e2"));
        assert_eq!(notation("h2 e2").as_deref(), Some("h2e2"));
        // Notation, and what is neither, stay as typed.
        assert_eq!(notation("h2e2"), None);
        assert_eq!(notation("C2.5"), None);
        assert_eq!(notation("炮二平五"), None);
        assert_eq!(notation("cannon 2 to ten"), None);
        assert_eq!(notation("dragon 2 to 5"), None);
    }
}
