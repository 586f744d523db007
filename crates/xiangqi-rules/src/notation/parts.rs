//! A move as the Chinese notation names it, in parts that any language can put in its own
//! words: which piece (by its file, or by its place among the pieces of its kind on one
//! file), which way it goes, and the number after that.

use super::{Direction, Named, NotationError, NotationErrorKind, Place, motion, place};
use crate::{Color, Move, Position, Role};

/// How a move names the piece that moves.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum PieceNamed {
    /// By its file, numbered 1–9 from its own side's right (`炮二`).
    File(u8),
    /// The front one of two or three of its kind on a file (`前炮`).
    Front,
    /// The middle one of three soldiers on a file (`中兵`).
    Middle,
    /// The rear one of two or three of its kind on a file (`后炮`).
    Rear,
    /// Soldiers counted from 1 where four or five share a file, or where two files each hold
    /// several (`二兵`), as xqbase counts them.
    Ordinal(u8),
}

/// Which way a move goes, seen from the mover's side.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Motion {
    /// Towards the other side (进 / `+`).
    Forward,
    /// Towards its own side (退 / `-`).
    Backward,
    /// Along the rank (平 / `.`).
    Sideways,
}

/// A legal move in the parts of its Chinese notation: `炮二平五` is red's cannon, named by
/// file 2, going sideways, to file 5.
///
/// ```
/// use xiangqi_rules::{Color, Motion, MoveParts, PieceNamed, Position, Role};
/// let pos = Position::start();
/// let parts = MoveParts::of(&pos, "h2e2".parse().unwrap()).unwrap();
/// assert_eq!(
///     parts,
///     MoveParts {
///         color: Color::Red,
///         role: Role::Cannon,
///         piece: PieceNamed::File(2),
///         motion: Motion::Sideways,
///         number: 5,
///     }
/// );
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct MoveParts {
    /// The side that moves.
    pub color: Color,
    /// The kind of piece that moves.
    pub role: Role,
    /// How the piece is named.
    pub piece: PieceNamed,
    /// Which way it goes.
    pub motion: Motion,
    /// The file it goes to (sideways, and for the pieces that move diagonally), or how many
    /// points it goes (the pieces that move along lines, forward or back), 1–9, the file
    /// numbered from the mover's right.
    pub number: u8,
}

impl MoveParts {
    /// The parts of `mv`, a move of `pos`.
    ///
    /// # Errors
    /// [`NotationErrorKind::Illegal`] if `mv` is not legal in `pos`.
    pub fn of(pos: &Position, mv: Move) -> Result<MoveParts, NotationError> {
        pos.check_move(mv)
            .map_err(|e| NotationError::new(&mv.to_string(), NotationErrorKind::Illegal(e)))?;
        Ok(MoveParts::of_legal(pos, mv))
    }

    /// [`MoveParts::of`] for a move known to be legal.
    pub(super) fn of_legal(pos: &impl Named, mv: Move) -> MoveParts {
        let color = pos.mover();
        let role = pos.named_piece(mv.from).map_or(Role::General, |p| p.role);
        let piece = match place(pos, color, role, mv.from) {
            Place::File(f) => PieceNamed::File(f),
            // Three on a file are front, middle and rear; four or five are counted.
            Place::Tandem { index, count, .. } => match (count, index) {
                (..=3, 0) => PieceNamed::Front,
                (..=3, i) if i + 1 == count => PieceNamed::Rear,
                (..=3, _) => PieceNamed::Middle,
                (_, i) => PieceNamed::Ordinal(ordinal(i)),
            },
            Place::Across { ordinal: n, .. } => PieceNamed::Ordinal(ordinal(n)),
        };
        let (direction, number) = motion(color, role, mv);
        let motion = match direction {
            Direction::Forward => Motion::Forward,
            Direction::Backward => Motion::Backward,
            Direction::Sideways => Motion::Sideways,
        };
        MoveParts {
            color,
            role,
            piece,
            motion,
            number,
        }
    }
}

/// The count from 1 of the piece `index` from 0 (at most five pieces of a kind).
fn ordinal(index: usize) -> u8 {
    u8::try_from(index.min(4) + 1).unwrap_or(5)
}
