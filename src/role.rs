//! Piece kinds (`Role`) and pieces (`Piece`: a role of a colour), with their letters and glyphs.

use crate::Color;
use std::fmt;

/// The kind of a piece, whatever its colour.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// 帥/將 — one step orthogonally, never leaving the palace.
    General,
    /// 仕/士 — one step diagonally, never leaving the palace.
    Advisor,
    /// 相/象 — two steps diagonally, never across the river; blocked by the "eye".
    Elephant,
    /// 傌/馬 — one step orthogonally then one diagonally; blocked by the "leg".
    Horse,
    /// 俥/車 — any distance orthogonally.
    Chariot,
    /// 炮/砲 — moves like a chariot, captures by jumping exactly one screen.
    Cannon,
    /// 兵/卒 — one step forward; sideways too once across the river.
    Soldier,
}

impl Role {
    /// Every role, in the order of the FEN letters `KABNRCP`.
    pub const ALL: [Role; 7] = [
        Role::General,
        Role::Advisor,
        Role::Elephant,
        Role::Horse,
        Role::Chariot,
        Role::Cannon,
        Role::Soldier,
    ];

    /// Index 0–6 in [`Role::ALL`] order.
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The upper-case FEN letter this project writes (`K A B N R C P`).
    #[must_use]
    pub const fn char(self) -> char {
        match self {
            Role::General => 'K',
            Role::Advisor => 'A',
            Role::Elephant => 'B',
            Role::Horse => 'N',
            Role::Chariot => 'R',
            Role::Cannon => 'C',
            Role::Soldier => 'P',
        }
    }

    /// Reads a FEN letter in either case; `E` (elephant) and `H` (horse) are accepted too.
    #[must_use]
    pub const fn from_char(c: char) -> Option<Role> {
        Some(match c.to_ascii_uppercase() {
            'K' => Role::General,
            'A' => Role::Advisor,
            'B' | 'E' => Role::Elephant,
            'N' | 'H' => Role::Horse,
            'R' => Role::Chariot,
            'C' => Role::Cannon,
            'P' => Role::Soldier,
            _ => return None,
        })
    }

    /// How many pieces of this kind one side owns at the start (and so at most).
    #[must_use]
    pub const fn max_count(self) -> usize {
        match self {
            Role::General => 1,
            Role::Soldier => 5,
            _ => 2,
        }
    }

    /// Lower-case English name, for messages.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Role::General => "general",
            Role::Advisor => "advisor",
            Role::Elephant => "elephant",
            Role::Horse => "horse",
            Role::Chariot => "chariot",
            Role::Cannon => "cannon",
            Role::Soldier => "soldier",
        }
    }
}

/// A piece: a role of one colour.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose piece it is.
    pub color: Color,
    /// What kind of piece it is.
    pub role: Role,
}

impl Piece {
    /// A piece of `color` and `role`.
    #[must_use]
    pub const fn new(color: Color, role: Role) -> Piece {
        Piece { color, role }
    }

    /// FEN letter: upper case for red, lower case for black.
    ///
    /// ```
    /// use xiangqi::{Color, Piece, Role};
    /// assert_eq!(Piece::new(Color::Black, Role::Horse).fen_char(), 'n');
    /// ```
    #[must_use]
    pub const fn fen_char(self) -> char {
        let c = self.role.char();
        match self.color {
            Color::Red => c,
            Color::Black => c.to_ascii_lowercase(),
        }
    }

    /// Reads a FEN letter (`E`/`H` accepted); the case gives the colour.
    #[must_use]
    pub const fn from_fen_char(c: char) -> Option<Piece> {
        let color = if c.is_ascii_uppercase() {
            Color::Red
        } else {
            Color::Black
        };
        match Role::from_char(c) {
            Some(role) => Some(Piece { color, role }),
            None => None,
        }
    }

    /// The traditional glyph, distinct for each side: red 帥仕相傌俥炮兵, black 將士象馬車砲卒.
    #[must_use]
    pub const fn glyph(self) -> char {
        match (self.color, self.role) {
            (Color::Red, Role::General) => '帥',
            (Color::Red, Role::Advisor) => '仕',
            (Color::Red, Role::Elephant) => '相',
            (Color::Red, Role::Horse) => '傌',
            (Color::Red, Role::Chariot) => '俥',
            (Color::Red, Role::Cannon) => '炮',
            (Color::Red, Role::Soldier) => '兵',
            (Color::Black, Role::General) => '將',
            (Color::Black, Role::Advisor) => '士',
            (Color::Black, Role::Elephant) => '象',
            (Color::Black, Role::Horse) => '馬',
            (Color::Black, Role::Chariot) => '車',
            (Color::Black, Role::Cannon) => '砲',
            (Color::Black, Role::Soldier) => '卒',
        }
    }

    /// Compact code used inside the board: 0 is an empty point, `role + 1` with bit 3 for black.
    pub(crate) const fn code(self) -> u8 {
        (self.role as u8 + 1) | ((self.color as u8) << 3)
    }

    /// Inverse of [`Piece::code`]; `None` for the empty code 0.
    pub(crate) const fn from_code(code: u8) -> Option<Piece> {
        let color = if code & 8 == 0 {
            Color::Red
        } else {
            Color::Black
        };
        let role = match code & 7 {
            1 => Role::General,
            2 => Role::Advisor,
            3 => Role::Elephant,
            4 => Role::Horse,
            5 => Role::Chariot,
            6 => Role::Cannon,
            7 => Role::Soldier,
            _ => return None,
        };
        Some(Piece { color, role })
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.color.name(), self.role.name())
    }
}
