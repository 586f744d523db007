//! Legality without the general's threats, out of check: a move whose piece leaves a point
//! off the general's file, rank and the horse legs beside it, and lands off its file and
//! rank, can never expose it (see [`Position::threats`]: every pin, cannon screen and horse
//! leg lies there). Nodes that settle on their hash move or a capture never need the threats.

use super::{Sink, Threats};
use crate::role::code::color_of;
use crate::tables::{BIT, LINES, LINES_AND_LEGS, squares};
use crate::{Move, MoveList, Position};

/// Notes whether a move lands off `lines`.
struct LandsOff {
    lines: u128,
    found: bool,
}

impl Sink for LandsOff {
    #[inline]
    fn add(&mut self, _from: usize, to: u8) {
        self.found |= self.lines & BIT[to as usize] == 0;
    }
}

/// Notes whether a move lands on `to`.
struct LandsOn {
    to: u8,
    found: bool,
}

impl Sink for LandsOn {
    #[inline]
    fn add(&mut self, _from: usize, to: u8) {
        self.found |= to == self.to;
    }
}

impl Position {
    /// The points a piece may leave, and those it may land on, without a test (out of
    /// check): off the general's lines and the horse legs beside it (and not the general's
    /// own point); off its lines.
    #[inline]
    fn unexposing(&self) -> (u128, u128) {
        let g = self.generals[self.turn.index()] as usize;
        (!(LINES_AND_LEGS[g] | BIT[g]), !LINES[g])
    }

    /// Out of check: is `mv` legal? `None` when the threats must say (the move leaves or
    /// lands on the general's lines), else the answer: whether the piece can make it.
    pub(crate) fn is_legal_unexposing(&self, mv: Move) -> Option<bool> {
        let (from, to) = (mv.from.index(), mv.to.index());
        let (leave, land) = self.unexposing();
        if leave & BIT[from] == 0 || land & BIT[to] == 0 {
            return None;
        }
        let code = self.board.cells[from];
        if code == 0 || color_of(code) != self.turn.index() {
            return Some(false);
        }
        let mut sink = LandsOn {
            to: to as u8,
            found: false,
        };
        self.gen_piece(from, &mut sink);
        Some(sink.found)
    }

    /// Out of check: has a piece off the general's lines and legs a move landing off its
    /// lines, legal without a test? (No says nothing: the threats must then say.)
    pub(crate) fn has_unexposing_move(&self) -> bool {
        let (leave, land) = self.unexposing();
        let own = self.occupied[self.turn.index()] & leave;
        let mut sink = LandsOff {
            lines: !land,
            found: false,
        };
        for from in squares(own) {
            self.gen_piece(from, &mut sink);
            if sink.found {
                return true;
            }
        }
        false
    }

    /// [`Position::legal_captures_into`] without working out the threats first (the
    /// quiescence search's generator, where most nodes stop before looking at them): each
    /// capture whose piece leaves a point on the general's lines or a horse leg beside it,
    /// or lands on its lines, is played out; no other capture can expose the general. In
    /// check (`in_check`), every one is played out.
    pub(crate) fn legal_captures_lazy(&mut self, list: &mut MoveList, in_check: bool) {
        list.truncate(0);
        let us = self.turn.index();
        let enemy = self.occupied[us ^ 1];
        let occupied = self.occupied[us] | enemy;
        for from in squares(self.occupied[us]) {
            self.gen_captures_of(from, enemy, occupied, list);
        }
        let (leave, land) = if in_check { (0, 0) } else { self.unexposing() };
        self.retain_from(list, 0, |pos, m| {
            (leave & BIT[m.from.index()] != 0 && land & BIT[m.to.index()] != 0)
                || pos.keeps_general_safe(m)
        });
    }

    /// The captures, legal given `threats` if they are known, else found as
    /// [`Position::legal_captures_lazy`] finds them.
    pub(crate) fn legal_captures_given(&mut self, list: &mut MoveList, threats: Option<Threats>) {
        match threats {
            Some(t) => self.legal_captures_with(list, t),
            None => self.legal_captures_lazy(list, false),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::{Move, MoveList, Position, Square};

    /// Checks the shortcuts against the full legal move list in `pos`; returns how many
    /// moves the shortcut answered without the threats.
    fn agree(pos: &mut Position) -> usize {
        let legal = pos.legal_moves();
        let in_check = pos.is_check();
        let mut captures: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| pos.board.cells[m.to.index()] != 0)
            .collect();
        let mut lazy = MoveList::new();
        pos.legal_captures_lazy(&mut lazy, in_check);
        let mut found: Vec<Move> = lazy.iter().copied().collect();
        captures.sort_unstable_by_key(|m| (m.from.index(), m.to.index()));
        found.sort_unstable_by_key(|m| (m.from.index(), m.to.index()));
        assert_eq!(found, captures, "captures in {pos:?}");
        if in_check {
            return 0;
        }
        if pos.has_unexposing_move() {
            assert!(!legal.is_empty(), "{pos:?}");
        }
        let mut answered = 0;
        for from in (0..90).filter_map(Square::from_index) {
            for to in (0..90).filter_map(Square::from_index) {
                let m = Move::new(from, to);
                if let Some(ok) = pos.is_legal_unexposing(m) {
                    assert_eq!(ok, legal.contains(&m), "{m} in {pos:?}");
                    answered += 1;
                }
            }
        }
        answered
    }

    #[test]
    fn the_shortcuts_agree_with_the_legal_moves_over_random_games() {
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        let mut answered = 0;
        for _ in 0..6 {
            let mut pos = Position::start();
            for _ in 0..100 {
                answered += agree(&mut pos);
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                pos.make_move(moves[(seed % moves.len() as u64) as usize]);
            }
        }
        // The shortcut must have settled many moves for the test to mean anything.
        assert!(answered > 10_000, "only {answered} answered");
    }
}
