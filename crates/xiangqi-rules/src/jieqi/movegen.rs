//! Jieqi's legal moves and checks: xiangqi's generator and attack tests on the pieces as they
//! move, and apart from them the revealed advisors and elephants, which roam the whole board
//! and so may also attack a general.

use super::JieqiPosition;
use crate::position::{Confinement, check_shape};
use crate::role::code::{ADVISOR, ELEPHANT, GENERAL, color_bits, color_of, role_of};
use crate::tables::{BIT, FREE_ADVISOR_MOVES, FREE_ELEPHANT_MOVES, squares};
use crate::{Color, IllegalMove, Move, MoveList, Piece, Square};

/// Does a roaming (revealed) advisor or elephant of `by` attack `sq`? `covered` marks the
/// covered points: a covered advisor or elephant keeps to its palace or its side, where it
/// never reaches the other side's general.
#[inline]
pub(crate) fn guards_attack(cells: &[u8; 90], covered: u128, sq: usize, by: Color) -> bool {
    let (advisor, elephant) = (color_bits(by) | ADVISOR, color_bits(by) | ELEPHANT);
    let steps = &FREE_ADVISOR_MOVES[sq];
    for &s in &steps.to[..steps.len as usize] {
        if cells[s as usize] == advisor && covered & BIT[s as usize] == 0 {
            return true;
        }
    }
    let leaps = &FREE_ELEPHANT_MOVES[sq];
    for j in 0..leaps.len as usize {
        let s = leaps.to[j] as usize;
        if cells[s] == elephant && covered & BIT[s] == 0 && cells[leaps.via[j] as usize] == 0 {
            return true;
        }
    }
    false
}

/// The eyes of the roaming elephants of `by` aimed at `sq` with something in the eye: a
/// piece leaving one of them lets the elephant attack.
fn guard_eyes(cells: &[u8; 90], covered: u128, sq: usize, by: Color) -> u128 {
    let elephant = color_bits(by) | ELEPHANT;
    let leaps = &FREE_ELEPHANT_MOVES[sq];
    let mut eyes = 0;
    for j in 0..leaps.len as usize {
        let (s, eye) = (leaps.to[j] as usize, leaps.via[j] as usize);
        if cells[s] == elephant && covered & BIT[s] == 0 && cells[eye] != 0 {
            eyes |= BIT[eye];
        }
    }
    eyes
}

impl JieqiPosition {
    /// Is the point of index `sq` attacked by `by`, as a general standing there would be?
    pub(crate) fn attacked(&self, sq: u8, by: Color) -> bool {
        self.acting.attacked(sq, by)
            || guards_attack(&self.acting.board.cells, self.covered, usize::from(sq), by)
    }

    /// Is the side to move in check (the facing general included)?
    #[must_use]
    pub fn is_check(&self) -> bool {
        let us = self.turn();
        self.attacked(self.acting.generals[us.index()], us.other())
    }

    /// Is the piece on `from` a revealed advisor or elephant, free of palace and river?
    fn roams(&self, from: usize) -> bool {
        let role = role_of(self.acting.board.cells[from]);
        (role == ADVISOR || role == ELEPHANT) && self.covered & BIT[from] == 0
    }

    /// Appends the pseudo-legal moves of the piece on `from`.
    fn gen_piece(&self, from: usize, list: &mut MoveList) {
        if !self.roams(from) {
            self.acting.gen_piece(from, list);
            return;
        }
        let cells = &self.acting.board.cells;
        let code = cells[from];
        let us = color_of(code);
        let leaps = if role_of(code) == ADVISOR {
            &FREE_ADVISOR_MOVES[from]
        } else {
            &FREE_ELEPHANT_MOVES[from]
        };
        for j in 0..leaps.len as usize {
            let (t, via) = (leaps.to[j], leaps.via[j] as usize);
            let target = cells[t as usize];
            // An advisor's step has no point between (its `via` is the step's end).
            let clear = role_of(code) == ADVISOR || cells[via] == 0;
            if clear && (target == 0 || color_of(target) != us) {
                list.push(Move::new(
                    Square::from_index_unchecked(from as u8),
                    Square::from_index_unchecked(t),
                ));
            }
        }
    }

    /// Does the pseudo-legal `mv` keep the mover's general unattacked? Plays it on the board
    /// cells alone, looks, and puts everything back.
    pub(crate) fn keeps_general_safe(&mut self, mv: Move) -> bool {
        let (from, to) = (mv.from.index(), mv.to.index());
        let cells = &mut self.acting.board.cells;
        let (piece, captured) = (cells[from], cells[to]);
        cells[to] = piece;
        cells[from] = 0;
        let us = color_of(piece);
        let general = if role_of(piece) == GENERAL {
            to as u8
        } else {
            self.acting.generals[us]
        };
        let them = if us == 0 { Color::Black } else { Color::Red };
        // The occupancy bits still show the captured piece: xiangqi's test only walks a line
        // for nothing then, never misses an attacker.
        let safe = !self.attacked(general, them);
        let cells = &mut self.acting.board.cells;
        cells[from] = piece;
        cells[to] = captured;
        safe
    }

    /// Replaces the contents of `list` with the legal moves, using `self` as scratch (it is
    /// left unchanged).
    pub fn legal_moves_into(&mut self, list: &mut MoveList) {
        list.truncate(0);
        let us = self.turn();
        let general = usize::from(self.acting.generals[us.index()]);
        let (in_check, from_mask, to_mask) = self.acting.mover_threats();
        let cells = &self.acting.board.cells;
        let guard_check = guards_attack(cells, self.covered, general, us.other());
        let from_mask = from_mask | guard_eyes(cells, self.covered, general, us.other());
        // In check, xiangqi's mask of answers knows nothing of a roaming guard's check: every
        // move is played out then.
        let in_check = in_check || guard_check;
        for from in squares(self.acting.occupied[us.index()]) {
            let start = list.len();
            self.gen_piece(from, list);
            let whole = in_check || from == general || from_mask & BIT[from] != 0;
            if !whole && to_mask == 0 {
                continue;
            }
            // Only a move entering a cannon's line can expose the general otherwise.
            let mut kept = start;
            for i in start..list.len() {
                let m = list[i];
                let suspect = whole || to_mask & BIT[m.to.index()] != 0;
                if !suspect || self.keeps_general_safe(m) {
                    list.set(kept, m);
                    kept += 1;
                }
            }
            list.truncate(kept);
        }
    }

    /// Every legal move of the side to move: a covered piece's as the piece of its starting
    /// point (its ICCS form names its two points), a revealed piece's as itself.
    #[must_use]
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.clone().legal_moves_into(&mut list);
        list
    }

    /// Replaces the contents of `list` with the legal captures, using `self` as scratch.
    pub fn legal_captures_into(&mut self, list: &mut MoveList) {
        self.legal_moves_into(list);
        let mut kept = 0;
        for i in 0..list.len() {
            let m = list[i];
            if self.acting.board.cells[m.to.index()] != 0 {
                list.set(kept, m);
                kept += 1;
            }
        }
        list.truncate(kept);
    }

    /// The legal moves of the piece on `from` (none for an empty point or the other side's
    /// piece): what a board highlights when it is selected.
    #[must_use]
    pub fn legal_moves_from(&self, from: Square) -> MoveList {
        let mut list = MoveList::new();
        for &m in self.legal_moves().iter().filter(|m| m.from == from) {
            list.push(m);
        }
        list
    }

    /// Has the side to move a legal move? Without one it has lost, in check or not.
    #[must_use]
    pub fn has_legal_moves(&self) -> bool {
        !self.legal_moves().is_empty()
    }

    /// Is `mv` legal here?
    #[must_use]
    pub fn is_legal(&self, mv: Move) -> bool {
        self.check_move(mv).is_ok()
    }

    /// Checks `mv` against every rule and says why it is illegal, if it is: a covered piece
    /// moves as the piece of its starting point (an advisor's point's within the palace, an
    /// elephant's on its side), a revealed advisor or elephant anywhere.
    ///
    /// # Errors
    /// The first rule the move breaks, in the order a player would want to hear it.
    pub fn check_move(&self, mv: Move) -> Result<(), IllegalMove> {
        let piece: Piece = self.acting_piece_at(mv.from).ok_or(IllegalMove::NoPiece)?;
        if piece.color != self.turn() {
            return Err(IllegalMove::NotYourPiece);
        }
        if mv.from == mv.to {
            return Err(IllegalMove::NullMove);
        }
        if self
            .acting_piece_at(mv.to)
            .is_some_and(|p| p.color == self.turn())
        {
            return Err(IllegalMove::OwnPiece);
        }
        let confinement = if self.roams(mv.from.index()) {
            Confinement::Free
        } else {
            Confinement::Xiangqi
        };
        check_shape(piece, confinement, mv, |sq| {
            self.acting_piece_at(sq).is_some()
        })?;
        if self.clone().keeps_general_safe(mv) {
            return Ok(());
        }
        // Tell the flying general apart from an ordinary check.
        let mut after = self.acting.clone();
        after.make_move(mv);
        if after.generals_facing().is_some() {
            Err(IllegalMove::GeneralsFace)
        } else {
            Err(IllegalMove::LeavesGeneralInCheck)
        }
    }
}
