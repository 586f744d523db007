//! Why a move is refused: the rules a player is told a move breaks, checked one by one in
//! the order a player would want to hear them.

use super::Position;
use crate::tables::in_palace;
use crate::{Color, Move, Piece, Role, Square};
use std::fmt;

/// Why a move cannot be played in a position: what a player is told when a move is refused.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum IllegalMove {
    /// There is no piece on the starting point.
    NoPiece,
    /// The piece belongs to the side not to move.
    NotYourPiece,
    /// The move does not move the piece anywhere.
    NullMove,
    /// The destination holds a piece of the mover's own side.
    OwnPiece,
    /// The piece cannot move that way at all.
    WrongShape(Role),
    /// A general or advisor would leave the palace.
    LeavesPalace(Role),
    /// A horse's leg (the point next to it in the long direction) is occupied.
    HorseLegBlocked,
    /// An elephant's eye (the point between) is occupied.
    ElephantEyeBlocked,
    /// Elephants never cross the river.
    ElephantCrossesRiver,
    /// A chariot's or cannon's path to an empty point is blocked.
    PathBlocked,
    /// A cannon captures only by jumping exactly one piece.
    CannonNeedsOneScreen,
    /// Soldiers never step back.
    SoldierBackward,
    /// Soldiers step sideways only after crossing the river.
    SoldierSidewaysBeforeRiver,
    /// The move would put the two generals face to face on an open file.
    GeneralsFace,
    /// The move would leave the mover's general attacked.
    LeavesGeneralInCheck,
}

impl fmt::Display for IllegalMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalMove::NoPiece => f.write_str("there is no piece there"),
            IllegalMove::NotYourPiece => f.write_str("that piece is not yours to move"),
            IllegalMove::NullMove => f.write_str("the piece must move"),
            IllegalMove::OwnPiece => f.write_str("you cannot capture your own piece"),
            IllegalMove::WrongShape(role) => f.write_str(match role {
                Role::General => "the general moves one point along a line",
                Role::Advisor => "the advisor moves one point diagonally",
                Role::Elephant => "the elephant moves exactly two points diagonally",
                Role::Horse => "the horse moves one point straight and one diagonally",
                Role::Chariot => "the chariot moves along a straight line",
                Role::Cannon => "the cannon moves along a straight line",
                Role::Soldier => "the soldier moves one point",
            }),
            IllegalMove::LeavesPalace(role) => {
                write!(f, "the {} cannot leave the palace", role.name())
            }
            IllegalMove::HorseLegBlocked => f.write_str("horse leg blocked"),
            IllegalMove::ElephantEyeBlocked => f.write_str("elephant eye blocked"),
            IllegalMove::ElephantCrossesRiver => f.write_str("the elephant cannot cross the river"),
            IllegalMove::PathBlocked => f.write_str("the path is blocked"),
            IllegalMove::CannonNeedsOneScreen => {
                f.write_str("a cannon captures by jumping exactly one piece")
            }
            IllegalMove::SoldierBackward => f.write_str("soldiers never move backward"),
            IllegalMove::SoldierSidewaysBeforeRiver => {
                f.write_str("soldiers move sideways only after crossing the river")
            }
            IllegalMove::GeneralsFace => f.write_str("the generals would face each other"),
            IllegalMove::LeavesGeneralInCheck => f.write_str("leaves your general in check"),
        }
    }
}

impl std::error::Error for IllegalMove {}

impl Position {
    /// Checks `mv` against every rule and says why it is illegal, if it is.
    ///
    /// # Errors
    /// The first rule the move breaks, in the order a player would want to hear it.
    pub fn check_move(&self, mv: Move) -> Result<(), IllegalMove> {
        let piece = self.piece_at(mv.from).ok_or(IllegalMove::NoPiece)?;
        if piece.color != self.turn {
            return Err(IllegalMove::NotYourPiece);
        }
        if mv.from == mv.to {
            return Err(IllegalMove::NullMove);
        }
        if self.piece_at(mv.to).is_some_and(|p| p.color == self.turn) {
            return Err(IllegalMove::OwnPiece);
        }
        self.check_shape(piece, mv)?;
        let mut scratch = self.clone();
        if scratch.keeps_general_safe(mv) {
            return Ok(());
        }
        // Tell the flying general apart from an ordinary check.
        let mut after = self.clone();
        after.make_move(mv);
        if after.generals_facing().is_some() {
            Err(IllegalMove::GeneralsFace)
        } else {
            Err(IllegalMove::LeavesGeneralInCheck)
        }
    }

    /// The movement rules of the piece itself, ignoring what happens to its general.
    pub(super) fn check_shape(&self, piece: Piece, mv: Move) -> Result<(), IllegalMove> {
        let occupied = |sq: Square| self.piece_at(sq).is_some();
        check_shape(piece, Confinement::Xiangqi, mv, occupied)
    }
}

/// Where advisors and elephants may go: xiangqi's palace and own side of the river, or
/// anywhere (a revealed Jieqi advisor or elephant).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Confinement {
    /// The palace for the advisor, its own side for the elephant.
    Xiangqi,
    /// No bound but the board's edge.
    Free,
}

/// The movement rules of `piece` (of the shape `confinement` gives advisors and elephants)
/// for `mv`, ignoring what happens to its general; `occupied` tells whether a point holds a
/// piece. The general never leaves its palace, whatever the confinement.
pub(crate) fn check_shape(
    piece: Piece,
    confinement: Confinement,
    mv: Move,
    occupied: impl Fn(Square) -> bool,
) -> Result<(), IllegalMove> {
    let (ff, fr) = (
        i32::from(mv.from.file().index()),
        i32::from(mv.from.rank().index()),
    );
    let (tf, tr) = (
        i32::from(mv.to.file().index()),
        i32::from(mv.to.rank().index()),
    );
    let (df, dr) = (tf - ff, tr - fr);
    let occupied_at = |f: i32, r: i32| Square::from_coords(f as u8, r as u8).is_some_and(&occupied);
    // Pieces strictly between two points on one line.
    let between = || {
        let (sf, sr) = (df.signum(), dr.signum());
        let n = df.abs().max(dr.abs());
        (1..n)
            .filter(|&k| occupied_at(ff + k * sf, fr + k * sr))
            .count()
    };
    let role = piece.role;
    let red = piece.color == Color::Red;
    let free = confinement == Confinement::Free;
    match role {
        Role::General | Role::Advisor => {
            let ok = if role == Role::General {
                df.abs() + dr.abs() == 1
            } else {
                df.abs() == 1 && dr.abs() == 1
            };
            if !ok {
                return Err(IllegalMove::WrongShape(role));
            }
            // A roaming advisor leaves the palace; a general never does.
            let roams = free && role == Role::Advisor;
            if !(roams || in_palace(tf, tr)) {
                return Err(IllegalMove::LeavesPalace(role));
            }
        }
        Role::Elephant => {
            if df.abs() != 2 || dr.abs() != 2 {
                return Err(IllegalMove::WrongShape(role));
            }
            if (tr <= 4) != (fr <= 4) && !free {
                return Err(IllegalMove::ElephantCrossesRiver);
            }
            if occupied_at(ff + df / 2, fr + dr / 2) {
                return Err(IllegalMove::ElephantEyeBlocked);
            }
        }
        Role::Horse => {
            let leg = match (df.abs(), dr.abs()) {
                (1, 2) => (ff, fr + dr / 2),
                (2, 1) => (ff + df / 2, fr),
                _ => return Err(IllegalMove::WrongShape(role)),
            };
            if occupied_at(leg.0, leg.1) {
                return Err(IllegalMove::HorseLegBlocked);
            }
        }
        Role::Chariot | Role::Cannon => {
            if df != 0 && dr != 0 {
                return Err(IllegalMove::WrongShape(role));
            }
            let screens = between();
            let capture = occupied(mv.to);
            if role == Role::Cannon && capture {
                if screens != 1 {
                    return Err(IllegalMove::CannonNeedsOneScreen);
                }
            } else if screens != 0 {
                return Err(IllegalMove::PathBlocked);
            }
        }
        Role::Soldier => {
            let forward = if red { 1 } else { -1 };
            let crossed = if red { fr >= 5 } else { fr <= 4 };
            if df.abs() + dr.abs() != 1 {
                return Err(IllegalMove::WrongShape(role));
            }
            if dr == -forward {
                return Err(IllegalMove::SoldierBackward);
            }
            if dr == 0 && !crossed {
                return Err(IllegalMove::SoldierSidewaysBeforeRiver);
            }
        }
    }
    Ok(())
}
