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

    /// The upper-case WXF letter (`K A E H R C P`): as [`Role::char`], but with `E` for the
    /// elephant and `H` for the horse, as WXF moves and the WXF piece names write them.
    ///
    /// ```
    /// use xiangqi_rules::Role;
    /// assert_eq!(Role::Horse.wxf_char(), 'H');
    /// assert_eq!(Role::Elephant.wxf_char(), 'E');
    /// assert_eq!(Role::Chariot.wxf_char(), Role::Chariot.char());
    /// ```
    #[must_use]
    pub const fn wxf_char(self) -> char {
        match self {
            Role::General => 'K',
            Role::Advisor => 'A',
            Role::Elephant => 'E',
            Role::Horse => 'H',
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

/// The 32 pieces of a side's full set in the order record formats list them (XQF,
/// DhtmlXQ): chariot, horse, elephant, advisor, general, advisor, elephant, horse,
/// chariot, two cannons, five soldiers — red's sixteen, then black's the same.
pub const SET_ORDER: [Role; 16] = [
    Role::Chariot,
    Role::Horse,
    Role::Elephant,
    Role::Advisor,
    Role::General,
    Role::Advisor,
    Role::Elephant,
    Role::Horse,
    Role::Chariot,
    Role::Cannon,
    Role::Cannon,
    Role::Soldier,
    Role::Soldier,
    Role::Soldier,
    Role::Soldier,
    Role::Soldier,
];

/// The set's 32 places ([`SET_ORDER`], red's then black's) filled with `pieces`, each in
/// the first free place of its colour and kind, in the order given; `None` for a place
/// without a piece. A position never has more pieces of a kind than a set (the library
/// refuses it), so each finds one.
pub fn set_places(
    pieces: impl IntoIterator<Item = (crate::Square, Piece)>,
) -> [Option<crate::Square>; 32] {
    let mut places = [None; 32];
    for (sq, piece) in pieces {
        let base = if piece.color == Color::Red { 0 } else { 16 };
        let free = (0..16).find(|&i| SET_ORDER[i] == piece.role && places[base + i].is_none());
        if let Some(i) = free {
            places[base + i] = Some(sq);
        }
    }
    places
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
    /// use xiangqi_rules::{Color, Piece, Role};
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

    /// Compact code used inside the board: see [`code`].
    pub const fn code(self) -> u8 {
        code::color_bits(self.color) | (self.role as u8 + 1)
    }

    /// Inverse of [`Piece::code`]; `None` for the empty code 0.
    pub(crate) const fn from_code(c: u8) -> Option<Piece> {
        let color = if code::color_of(c) == 0 {
            Color::Red
        } else {
            Color::Black
        };
        let role = match code::role_of(c) {
            code::GENERAL => Role::General,
            code::ADVISOR => Role::Advisor,
            code::ELEPHANT => Role::Elephant,
            code::HORSE => Role::Horse,
            code::CHARIOT => Role::Chariot,
            code::CANNON => Role::Cannon,
            code::SOLDIER => Role::Soldier,
            _ => return None,
        };
        Some(Piece { color, role })
    }
}

/// The one-byte piece codes the board stores, which move generation and attack detection read
/// directly: 0 is an empty point; otherwise the low three bits are the role (`role + 1`, the
/// constants below) and bit 3 is set for black.
pub mod code {
    use crate::{Color, Role};

    /// The general (帅/将).
    pub const GENERAL: u8 = Role::General as u8 + 1;
    /// The advisor (仕/士).
    pub const ADVISOR: u8 = Role::Advisor as u8 + 1;
    /// The elephant (相/象).
    pub const ELEPHANT: u8 = Role::Elephant as u8 + 1;
    /// The horse (马).
    pub const HORSE: u8 = Role::Horse as u8 + 1;
    /// The chariot (车).
    pub const CHARIOT: u8 = Role::Chariot as u8 + 1;
    /// The cannon (炮).
    pub const CANNON: u8 = Role::Cannon as u8 + 1;
    /// The soldier (兵/卒).
    pub const SOLDIER: u8 = Role::Soldier as u8 + 1;

    /// The colour bit of `color`'s codes: a piece's code is this OR its role constant.
    #[inline]
    pub(crate) const fn color_bits(color: Color) -> u8 {
        (color as u8) << 3
    }

    /// The colour index (0 red, 1 black) of a non-empty code.
    #[inline]
    pub const fn color_of(code: u8) -> usize {
        (code >> 3) as usize
    }

    /// The role constant of a code (0 for an empty point).
    #[inline]
    pub const fn role_of(code: u8) -> u8 {
        code & 7
    }
}

impl fmt::Display for Piece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.color.name(), self.role.name())
    }
}
