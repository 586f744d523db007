//! The order moves are tried in at a node, and the picker that hands them out stage by
//! stage: out of check a legal hash move first, before any other move is generated (it
//! often settles the node alone); then the rest, best scored first — hash move, captures by
//! victim then attacker, the two killers, the history of quiet moves — picked one by one for
//! the first few and sorted in one go after that.

use super::history::{Context, History};
use crate::engine::eval::VALUE;
use crate::role::code::role_of;
use crate::{Move, MoveList, Position};

/// Moves picked one by one (best remaining first) before the rest of a node's list is
/// sorted in one go.
const SORT_AFTER: usize = 4;

/// The score of the move tried first because the table remembered it.
pub(super) const HASH_SCORE: i32 = 1 << 30;
/// Killer moves score at least this (the first killer one more).
pub(super) const KILLER_SCORE: i32 = 1 << 27;
const CAPTURE_SCORE: i32 = 1 << 28;

/// The counter move scores this.
pub(super) const COUNTER_SCORE: i32 = KILLER_SCORE - 1;

/// Move ordering scores of `list`: `hash` first, captures by victim then attacker, the
/// killers of this ply, the counter move, then the history of each quiet move.
pub(super) fn order(
    pos: &Position,
    list: &MoveList,
    hash: Option<Move>,
    ordering: &MoveOrder<'_>,
) -> [i32; 128] {
    let killers = ordering.killers;
    let mut scores = [0i32; 128];
    let cells = &pos.board.cells;
    for (i, &m) in list.iter().enumerate() {
        let piece = cells[m.from.index()];
        let victim = cells[m.to.index()];
        scores[i] = if Some(m) == hash {
            HASH_SCORE
        } else if victim != 0 {
            CAPTURE_SCORE + VALUE[role_of(victim) as usize] * 16
                - VALUE[role_of(piece) as usize] / 16
        } else if Some(m) == killers[0] {
            KILLER_SCORE + 1
        } else if Some(m) == killers[1] {
            KILLER_SCORE
        } else if Some(m) == ordering.counter {
            COUNTER_SCORE
        } else {
            ordering.history.quiet(ordering.context, piece, m)
        };
    }
    scores
}

/// Brings the best-scored remaining move to `i`.
#[inline]
pub(super) fn pick(list: &mut MoveList, scores: &mut [i32; 128], i: usize) -> Move {
    let mut best = i;
    for j in i + 1..list.len() {
        if scores[j] > scores[best] {
            best = j;
        }
    }
    list.swap(i, best);
    scores.swap(i, best);
    list[i]
}

/// Orders `list[from..]` by score, best first, at once: cheaper than picking one by one
/// once the few moves likely to cut off have been tried.
fn sort_rest(list: &mut MoveList, scores: &mut [i32; 128], from: usize) {
    let n = list.len();
    if n <= from + 1 {
        return;
    }
    let mut pairs = [(0i32, Move::default()); 128];
    for j in from..n {
        pairs[j] = (scores[j], list[j]);
    }
    pairs[from..n].sort_unstable_by_key(|p| std::cmp::Reverse(p.0));
    for j in from..n {
        scores[j] = pairs[j].0;
        list.set(j, pairs[j].1);
    }
}

/// What orders quiet moves at a node: its killers and the history of the search.
#[derive(Copy, Clone)]
pub(super) struct MoveOrder<'a> {
    /// The two quiet moves that last caused a cutoff at this ply.
    pub killers: [Option<Move>; 2],
    /// The move that last refuted the opponent's last move.
    pub counter: Option<Move>,
    /// The opponent's last move.
    pub context: Context,
    /// What cutoffs taught.
    pub history: &'a History,
}

/// The moves of one node, handed out in order.
pub(super) struct MovePicker {
    list: MoveList,
    scores: [i32; 128],
    /// The hash move, tried before the list is generated (and then left out of it).
    first: Option<Move>,
    generated: bool,
    /// Moves handed out before the list was generated (0 or 1): the list's index of the
    /// `i`-th move is `i - offset`.
    offset: usize,
    /// How many moves were handed out.
    handed: usize,
}

impl MovePicker {
    /// The picker of a node at `pos`. In check every reply is generated at once (to see
    /// whether there is only one); out of check a legal `hash` move comes first, alone.
    pub(super) fn new(pos: &mut Position, hash: Option<Move>, in_check: bool) -> MovePicker {
        let first = if in_check {
            None
        } else {
            hash.filter(|&m| pos.is_legal(m))
        };
        let mut list = MoveList::new();
        let generated = first.is_none();
        if generated {
            pos.legal_moves_into(&mut list);
        }
        MovePicker {
            list,
            scores: [0; 128],
            first,
            generated,
            offset: usize::from(!generated),
            handed: 0,
        }
    }

    /// Every legal move, when they were generated at once (no hash move to try alone).
    pub(super) fn all_moves(&self) -> Option<&MoveList> {
        self.generated.then_some(&self.list)
    }

    /// Orders the moves already generated (see [`order`]), `hash` first: the hash move may
    /// have been found since the picker was made.
    pub(super) fn score(&mut self, pos: &Position, hash: Option<Move>, ordering: MoveOrder<'_>) {
        if self.generated {
            self.scores = order(pos, &self.list, hash, &ordering);
        }
    }

    /// The next move: its number at this node (from 0), the move, and the score it was
    /// ordered by. A list generated only now (the hash move tried already, left out) is
    /// ordered by `ordering`.
    pub(super) fn next(
        &mut self,
        pos: &mut Position,
        ordering: MoveOrder<'_>,
    ) -> Option<(usize, Move, i32)> {
        let i = self.handed;
        self.handed += 1;
        if let (0, false, Some(h)) = (i, self.generated, self.first) {
            return Some((i, h, HASH_SCORE));
        }
        if !self.generated {
            pos.legal_moves_into(&mut self.list);
            if let Some(h) = self.first
                && let Some(at) = self.list.iter().position(|&x| x == h)
            {
                let last = self.list.len() - 1;
                self.list.swap(at, last);
                self.list.truncate(last);
            }
            self.scores = order(pos, &self.list, None, &ordering);
            self.generated = true;
        }
        let at = i - self.offset;
        if at >= self.list.len() {
            return None;
        }
        let m = if at < SORT_AFTER {
            pick(&mut self.list, &mut self.scores, at)
        } else {
            if at == SORT_AFTER {
                sort_rest(&mut self.list, &mut self.scores, at);
            }
            self.list[at]
        };
        Some((i, m, self.scores[at]))
    }
}
