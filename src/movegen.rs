//! Legal move generation: pseudo-legal moves from the tables, then a filter that only plays out
//! the moves that could possibly expose the mover's general.

use crate::tables::{
    ADVISOR_MOVES, ELEPHANT_MOVES, GENERAL_MOVES, HORSE_MOVES, RAYS, SENSITIVE, SOLDIER_MOVES,
};
use crate::{Move, MoveList, Position, Square};

#[inline]
fn mv(from: usize, to: u8) -> Move {
    Move::new(
        Square::from_index_unchecked(from as u8),
        Square::from_index_unchecked(to),
    )
}

impl Position {
    /// Appends the pseudo-legal moves of the piece on `from` (one of the side to move's).
    #[inline]
    fn gen_piece(&self, from: usize, list: &mut MoveList) {
        let cells = &self.board.cells;
        let code = cells[from];
        let us = (code >> 3) as usize;
        let own = self.occupied[us];
        let free = |t: u8| own >> t & 1 == 0;
        match code & 7 {
            // General and advisor: single steps inside the palace.
            1 | 2 => {
                let steps = if code & 7 == 1 {
                    &GENERAL_MOVES[from]
                } else {
                    &ADVISOR_MOVES[from]
                };
                for &t in &steps.to[..steps.len as usize] {
                    if free(t) {
                        list.push(mv(from, t));
                    }
                }
            }
            // Elephant and horse: a jump that an occupied eye or leg forbids.
            3 | 4 => {
                let leaps = if code & 7 == 3 {
                    &ELEPHANT_MOVES[from]
                } else {
                    &HORSE_MOVES[from]
                };
                for j in 0..leaps.len as usize {
                    let t = leaps.to[j];
                    if cells[leaps.via[j] as usize] == 0 && free(t) {
                        list.push(mv(from, t));
                    }
                }
            }
            // Chariot: slides until blocked, capturing the first enemy piece.
            5 => {
                let rays = &RAYS[from];
                for d in 0..4 {
                    for &t in &rays.sq[d][..rays.len[d] as usize] {
                        let c = cells[t as usize];
                        if c == 0 {
                            list.push(mv(from, t));
                        } else {
                            if (c >> 3) as usize != us {
                                list.push(mv(from, t));
                            }
                            break;
                        }
                    }
                }
            }
            // Cannon: slides to empty points; captures the first piece beyond exactly one screen.
            6 => {
                let rays = &RAYS[from];
                for d in 0..4 {
                    let mut it = rays.sq[d][..rays.len[d] as usize].iter();
                    for &t in it.by_ref() {
                        if cells[t as usize] == 0 {
                            list.push(mv(from, t));
                        } else {
                            break;
                        }
                    }
                    for &t in it {
                        let c = cells[t as usize];
                        if c != 0 {
                            if (c >> 3) as usize != us {
                                list.push(mv(from, t));
                            }
                            break;
                        }
                    }
                }
            }
            7 => {
                let steps = &SOLDIER_MOVES[us][from];
                for &t in &steps.to[..steps.len as usize] {
                    if free(t) {
                        list.push(mv(from, t));
                    }
                }
            }
            _ => {}
        }
    }

    /// Removes from `list[start..]` the moves that leave the mover's general attacked.
    ///
    /// Not in check, a move other than the general's can only expose it if it leaves or enters
    /// the general's file or rank (a line piece, a cannon screen, the facing general) or leaves
    /// a point diagonally next to it (a horse's leg). Only those are played out.
    #[inline]
    fn retain_legal(&mut self, list: &mut MoveList, start: usize) {
        let us = self.turn.index();
        let general = self.generals[us];
        let in_check = self.attacked(general, self.turn.other());
        let sensitive = SENSITIVE[general as usize];
        let mut kept = start;
        for i in start..list.len() {
            let m = list[i];
            let risky = in_check
                || m.from.index() == general as usize
                || (sensitive >> m.from.index()) & 1 != 0
                || (sensitive >> m.to.index()) & 1 != 0;
            if !risky || self.keeps_general_safe(m) {
                list.set(kept, m);
                kept += 1;
            }
        }
        list.truncate(kept);
    }

    /// Every legal move of the side to move, in generation order.
    ///
    /// ```
    /// assert_eq!(xiangqi::Position::start().legal_moves().len(), 44);
    /// ```
    #[must_use]
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        let mut scratch = self.clone();
        scratch.fill_legal(&mut list);
        list
    }

    /// Fills `list` with the legal moves, using `self` as scratch (it is left unchanged).
    pub(crate) fn fill_legal(&mut self, list: &mut MoveList) {
        let mut own = self.occupied[self.turn.index()];
        while own != 0 {
            let from = own.trailing_zeros() as usize;
            own &= own - 1;
            self.gen_piece(from, list);
        }
        self.retain_legal(list, 0);
    }

    /// The legal moves of the piece on `from`: what the board highlights when it is selected.
    /// Empty if the point is empty or holds a piece of the side not to move.
    #[must_use]
    pub fn legal_moves_from(&self, from: Square) -> MoveList {
        let mut list = MoveList::new();
        let code = self.board.cells[from.index()];
        if code != 0 && (code >> 3) as usize == self.turn.index() {
            let mut scratch = self.clone();
            scratch.gen_piece(from.index(), &mut list);
            scratch.retain_legal(&mut list, 0);
        }
        list
    }

    /// Is `mv` legal here?
    #[must_use]
    pub fn is_legal(&self, mv: Move) -> bool {
        self.legal_moves_from(mv.from).contains(&mv)
    }

    /// Has the side to move any legal move? (Without one it has lost, in check or not.)
    #[must_use]
    pub fn has_legal_moves(&self) -> bool {
        !self.legal_moves().is_empty()
    }

    /// Checkmate: in check with no legal move.
    #[must_use]
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && !self.has_legal_moves()
    }

    /// No legal move while not in check. Unlike chess, this loses in xiangqi.
    #[must_use]
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && !self.has_legal_moves()
    }
}
