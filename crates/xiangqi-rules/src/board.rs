//! Piece placement alone: which piece stands on which point. It may be impossible as a game
//! position; [`crate::Position`] is the validated form.

use crate::{Color, Piece, Role, Square};
use std::fmt;

/// 90 points, each empty or holding one piece.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Board {
    /// Piece codes (see `Piece::code`), 0 for an empty point.
    pub(crate) cells: [u8; 90],
}

impl Board {
    /// A board with no pieces.
    #[must_use]
    pub const fn empty() -> Board {
        Board { cells: [0; 90] }
    }

    /// The standard opening placement.
    #[must_use]
    pub fn start() -> Board {
        let mut b = Board::empty();
        let back = &crate::role::SET_ORDER[..9];
        for color in Color::ALL {
            let (back_rank, cannon_rank, soldier_rank) = match color {
                Color::Red => (0, 2, 3),
                Color::Black => (9, 7, 6),
            };
            for (file, role) in (0u8..).zip(back.iter().copied()) {
                b.set_at(file, back_rank, Some(Piece::new(color, role)));
            }
            for file in [1, 7] {
                b.set_at(file, cannon_rank, Some(Piece::new(color, Role::Cannon)));
            }
            for file in [0, 2, 4, 6, 8] {
                b.set_at(file, soldier_rank, Some(Piece::new(color, Role::Soldier)));
            }
        }
        b
    }

    fn set_at(&mut self, file: u8, rank: u8, piece: Option<Piece>) {
        if let Some(sq) = Square::from_coords(file, rank) {
            self.set(sq, piece);
        }
    }

    /// The piece on `sq`, if any.
    #[must_use]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        Piece::from_code(self.cells[sq.index()])
    }

    /// Puts `piece` on `sq` (or empties it with `None`).
    pub fn set(&mut self, sq: Square, piece: Option<Piece>) {
        self.cells[sq.index()] = piece.map_or(0, Piece::code);
    }

    /// Every occupied point with its piece, `a0` first, rank by rank.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        Square::all().filter_map(|sq| self.piece_at(sq).map(|p| (sq, p)))
    }
}

impl fmt::Debug for Board {
    /// Ten lines of FEN letters, black's back rank first, `.` for empty points.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..10u8).rev() {
            for file in 0..9u8 {
                let sq = Square::from_coords(file, rank).unwrap_or_default();
                let c = self.piece_at(sq).map_or('.', Piece::fen_char);
                write!(f, "{c}")?;
            }
            writeln!(f)?;
        }
        Ok(())
    }
}
