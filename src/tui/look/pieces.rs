//! How pieces are written on screen: simplified or traditional characters, or the WXF
//! letters under `--ascii`, and the material each side has left.

use std::fmt;
use std::str::FromStr;
use xiangqi_rules::{Color, Piece, Role};

/// The character set for pieces and Chinese moves.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum PieceGlyphs {
    /// 帅仕相马车炮兵 / 将士象马车炮卒, as mainland boards and records write them.
    Simplified,
    /// 帥仕相傌俥炮兵 / 將士象馬車砲卒: each side's pieces have their own characters.
    #[default]
    Traditional,
}

impl PieceGlyphs {
    /// Both sets.
    pub const ALL: [PieceGlyphs; 2] = [PieceGlyphs::Simplified, PieceGlyphs::Traditional];

    /// The name `--glyphs` and the configuration file use.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            PieceGlyphs::Simplified => "simplified",
            PieceGlyphs::Traditional => "traditional",
        }
    }

    /// The same choice for the notation library.
    #[must_use]
    pub const fn notation(self) -> xiangqi_rules::Glyphs {
        match self {
            PieceGlyphs::Simplified => xiangqi_rules::Glyphs::Simplified,
            PieceGlyphs::Traditional => xiangqi_rules::Glyphs::Traditional,
        }
    }

    /// The character of `piece` in this set.
    #[must_use]
    pub const fn glyph(self, piece: Piece) -> char {
        match self {
            PieceGlyphs::Traditional => piece.glyph(),
            PieceGlyphs::Simplified => match (piece.color, piece.role) {
                (Color::Red, Role::General) => '帅',
                (Color::Black, Role::General) => '将',
                // As the move list writes them: 仕 for red, 士 for black.
                (Color::Red, Role::Advisor) => '仕',
                (Color::Black, Role::Advisor) => '士',
                (Color::Red, Role::Elephant) => '相',
                (Color::Black, Role::Elephant) => '象',
                (_, Role::Horse) => '马',
                (_, Role::Chariot) => '车',
                (_, Role::Cannon) => '炮',
                (Color::Red, Role::Soldier) => '兵',
                (Color::Black, Role::Soldier) => '卒',
            },
        }
    }
}

impl fmt::Display for PieceGlyphs {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A glyph set's name that is not one of the two.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("no glyph set {0:?} (there are simplified, traditional)")]
pub struct UnknownGlyphs(pub String);

impl FromStr for PieceGlyphs {
    type Err = UnknownGlyphs;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        PieceGlyphs::ALL
            .into_iter()
            .find(|g| g.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| UnknownGlyphs(s.to_string()))
    }
}

/// The WXF letter of a piece (`K A E H R C P`), upper case for red and lower case for
/// black, as the move list writes it in WXF.
#[must_use]
pub const fn wxf_letter(piece: Piece) -> char {
    let c = piece.role.wxf_char();
    match piece.color {
        Color::Red => c,
        Color::Black => c.to_ascii_lowercase(),
    }
}

/// The usual count of material, in soldiers: chariot 9, cannon 4.5 and horse 4 (here in
/// half-soldiers, so 18, 9 and 8), advisor and elephant 2 each (4), soldier 1 (2; a soldier
/// across the river is worth twice as much, but the count stays simple and shows what was
/// taken). The general is not counted.
#[must_use]
pub const fn half_points(role: Role) -> u32 {
    match role {
        Role::General => 0,
        Role::Chariot => 18,
        Role::Cannon => 9,
        Role::Horse => 8,
        Role::Advisor | Role::Elephant => 4,
        Role::Soldier => 2,
    }
}

/// `half` half-soldiers written as points: `45`, `44.5`.
#[must_use]
pub fn points_text(half: u32) -> String {
    if half.is_multiple_of(2) {
        (half / 2).to_string()
    } else {
        format!("{}.5", half / 2)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn simplified_and_traditional_sets_differ_where_they_should() {
        let horse = |c| Piece::new(c, Role::Horse);
        assert_eq!(PieceGlyphs::Simplified.glyph(horse(Color::Red)), '马');
        assert_eq!(PieceGlyphs::Traditional.glyph(horse(Color::Red)), '傌');
        assert_eq!(PieceGlyphs::Traditional.glyph(horse(Color::Black)), '馬');
        let cannon = Piece::new(Color::Black, Role::Cannon);
        assert_eq!(PieceGlyphs::Simplified.glyph(cannon), '炮');
        assert_eq!(wxf_letter(Piece::new(Color::Red, Role::Elephant)), 'E');
        assert_eq!(wxf_letter(horse(Color::Black)), 'h');
    }

    #[test]
    fn start_material_is_the_usual_count() {
        let start: u32 = [
            (Role::Chariot, 2),
            (Role::Cannon, 2),
            (Role::Horse, 2),
            (Role::Advisor, 2),
            (Role::Elephant, 2),
            (Role::Soldier, 5),
        ]
        .iter()
        .map(|&(r, n)| half_points(r) * n)
        .sum();
        assert_eq!(points_text(start), "48");
        assert_eq!(points_text(start - 9), "43.5");
    }
}
