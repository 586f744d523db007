//! What the rules say of a Jieqi position: mate and no legal move, repetition judged by
//! xiangqi's Asian rules, the move limit, and too little material to win.

use super::JieqiPosition;
use super::movegen::guards_attack;
use crate::outcome::{Outcome, Termination};
use crate::repetition::{LapBoard, judge_moves};
use crate::role::code::{GENERAL, color_of, role_of};
use crate::tables::BIT;
use crate::{Color, MOVE_LIMIT_PLIES, Move, Position, Undo};

/// A Jieqi position as the repetition rules judge it: its pieces as they move, the covered
/// ones marked, its revealed advisors and elephants roaming. A lap between two occurrences of
/// a position reveals nothing (reveals are never undone), so only revealed pieces move in it;
/// the captures the rules try out to see what is protected move a covered piece as the piece
/// of its point.
#[derive(Clone)]
struct Lap {
    acting: Position,
    covered: u128,
}

impl LapBoard for Lap {
    type Undo = (Undo, u128);

    fn cells(&self) -> &[u8; 90] {
        &self.acting.board.cells
    }

    fn cells_mut(&mut self) -> &mut [u8; 90] {
        &mut self.acting.board.cells
    }

    fn sides(&self) -> [u128; 2] {
        self.acting.occupied
    }

    fn general_point(&self, side: usize) -> usize {
        usize::from(self.acting.generals[side])
    }

    fn mover(&self) -> Color {
        self.acting.turn
    }

    fn play(&mut self, mv: Move) -> (Undo, u128) {
        let before = self.covered;
        let (from, to) = (BIT[mv.from.index()], BIT[mv.to.index()]);
        self.covered &= !to;
        if before & from != 0 {
            self.covered ^= from | to;
        }
        (self.acting.make_move(mv), before)
    }

    fn take_back(&mut self, mv: Move, (undo, covered): (Undo, u128)) {
        self.acting.unmake_move(mv, undo);
        self.covered = covered;
    }

    fn in_check(&self) -> bool {
        let us = self.acting.turn;
        let g = usize::from(self.acting.generals[us.index()]);
        self.acting.is_check() || guards_attack(self.cells(), self.covered, g, us.other())
    }

    fn safe_for_general(&mut self, mv: Move) -> bool {
        let (from, to) = (mv.from.index(), mv.to.index());
        let piece = self.acting.board.cells[from];
        let captured = self.acting.board.cells[to];
        let owner = color_of(piece);
        let general = if role_of(piece) == GENERAL {
            to
        } else {
            usize::from(self.acting.generals[owner])
        };
        let them = if owner == 0 { Color::Black } else { Color::Red };
        let cells = &mut self.acting.board.cells;
        cells[to] = piece;
        cells[from] = 0;
        let safe = !(self.acting.attacked(general as u8, them)
            || guards_attack(&self.acting.board.cells, self.covered, general, them));
        let cells = &mut self.acting.board.cells;
        cells[from] = piece;
        cells[to] = captured;
        safe
    }

    fn roaming_guards(&self) -> u128 {
        !self.covered
    }
}

/// Are `a` and `b` the same position for repetition: the same pieces, covered the same, the
/// same pool and side to move (the clocks do not matter)?
fn same_position(a: &JieqiPosition, b: &JieqiPosition) -> bool {
    a.key() == b.key()
        && a.covered == b.covered
        && a.pool == b.pool
        && a.acting.turn == b.acting.turn
        && a.acting.board == b.acting.board
}

/// What the rules say of the last of `positions` (the game's, the start first), reached by
/// `moves`: no legal move (it loses, mated or not), a third occurrence judged by the Asian
/// rules over the last lap, the move limit, or nothing left but the generals.
pub(crate) fn adjudicate(
    positions: &[JieqiPosition],
    moves: &[crate::jieqi::JieqiMove],
) -> Option<Outcome> {
    let current = positions.last()?;
    if !current.has_legal_moves() {
        let termination = if current.is_check() {
            Termination::Checkmate
        } else {
            Termination::NoLegalMove
        };
        return Some(Outcome {
            winner: Some(current.turn().other()),
            termination,
        });
    }
    if let Some(outcome) = repetition(positions, moves) {
        return Some(outcome);
    }
    let draw = |termination| {
        Some(Outcome {
            winner: None,
            termination,
        })
    };
    if current.halfmove_clock() >= MOVE_LIMIT_PLIES {
        return draw(Termination::MoveLimit);
    }
    // A covered piece may turn out to be anything, and a revealed advisor or elephant crosses
    // the river: only two bare generals cannot win.
    let pieces = (current.acting.occupied[0] | current.acting.occupied[1]).count_ones();
    if pieces == 2 {
        return draw(Termination::InsufficientMaterial);
    }
    None
}

/// The repetition rule: if the last position occurs for the third time (positions since the
/// last capture only: the ones before have more pieces), judge the lap from its most recent
/// earlier occurrence.
fn repetition(positions: &[JieqiPosition], moves: &[crate::jieqi::JieqiMove]) -> Option<Outcome> {
    let (current, history) = positions.split_last()?;
    let n = history.len();
    let reach = usize::try_from(current.halfmove_clock()).map_or(n, |c| c.min(n));
    let mut earlier = (n - reach..n)
        .rev()
        .filter(|&i| same_position(&history[i], current));
    let start = earlier.next()?;
    earlier.next()?;
    let lap = Lap {
        acting: history[start].acting.clone(),
        covered: history[start].covered,
    };
    Some(judge_moves(&lap, moves[start..].iter().map(|m| m.mv)))
}
