//! Quiescence: at the horizon, captures (and check evasions, and at its first ply quiet
//! checks) are searched until the position is quiet, so that a piece hanging or a mate begun
//! by a check is not misjudged.

use super::picker::{MoveBuffers, order, pick};
use super::pruning::PRUNE_UNPLAYED;
use super::{INFINITY, Searcher, could_give_check};
use crate::eval::VALUE;
use crate::result::{MATE, MAX_PLY};
use std::sync::atomic::AtomicBool;
use xiangqi_rules::role::code::{HORSE, role_of};
use xiangqi_rules::{Move, MoveList, Position};

impl Searcher {
    #[allow(clippy::too_many_arguments)]
    pub(super) fn quiesce(
        &mut self,
        pos: &mut Position,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        in_check: bool,
        qply: u32,
        stop: &AtomicBool,
    ) -> i32 {
        self.pv_len[ply] = 0;
        if self.stopped {
            return 0;
        }
        self.nodes += 1;
        self.poll(stop);
        if self.stopped {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if ply >= MAX_PLY - 2 {
            return self.eval(pos, ply);
        }
        // Evasions only for the first plies of quiescence, so checks cannot go on forever.
        let evasions = in_check && qply < 6;
        let mut best = -INFINITY;
        let mut stand = 0;
        if !evasions {
            stand = self.eval(pos, ply);
            if stand >= beta {
                return stand;
            }
            alpha = alpha.max(stand);
            best = stand;
        }
        // Taken only once standing pat has not settled the node.
        let mut bufs = self.buffers.take();
        let b = &mut *bufs;
        if evasions {
            pos.legal_moves_into(&mut b.list);
            if b.list.is_empty() {
                self.buffers.give(bufs);
                return -MATE + ply as i32;
            }
        } else if in_check {
            pos.legal_captures_lazy(&mut b.list, true);
        } else {
            // Legality is asked only of the moves the search comes to.
            pos.pseudo_legal_captures_into(&mut b.list);
        }
        order(pos, &b.list, None, &self.ordering(pos, ply), &mut b.keys);
        let s = self.search_captures(
            pos,
            b,
            (alpha, beta, best),
            stand,
            ply,
            in_check,
            qply,
            stop,
        );
        self.buffers.give(bufs);
        s
    }

    /// The moves of a quiescence node in `b`, ordered: captures (or, in check, evasions) and
    /// then at its first ply quiet checks. `window` is alpha, beta and the best score so far;
    /// `stand` the static evaluation (out of check).
    #[allow(clippy::too_many_arguments)]
    fn search_captures(
        &mut self,
        pos: &mut Position,
        b: &mut MoveBuffers,
        (mut alpha, beta, mut best): (i32, i32, i32),
        stand: i32,
        ply: usize,
        in_check: bool,
        qply: u32,
        stop: &AtomicBool,
    ) -> i32 {
        let evasions = in_check && qply < 6;
        let list = &mut b.list;
        for i in 0..list.len() {
            let (m, _) = pick(list, &mut b.keys, i);
            let victim = pos.codes()[m.to.index()];
            // Delta pruning: even winning this piece cannot lift the score to alpha.
            if PRUNE_UNPLAYED && !evasions && stand + VALUE[role_of(victim) as usize] + 150 < alpha
            {
                continue;
            }
            if !in_check && !pos.is_pseudo_legal_safe(m) {
                continue;
            }
            // A guarded minor piece taken by a bigger one, across the river, loses the
            // bigger piece for it: not worth looking at here, unless it gives check.
            let bad = PRUNE_UNPLAYED && !evasions && bad_capture(pos, m, victim);
            let piece = pos.codes()[m.from.index()];
            let undo = pos.make_move(m);
            let gives_check = could_give_check(pos, m, piece) && pos.gave_check(m);
            debug_assert_eq!(gives_check, pos.is_check(), "{m} in {pos:?}");
            if bad && !gives_check {
                pos.unmake_move(m, undo);
                continue;
            }
            self.material[ply + 1] = self.material[ply].after_move(m, piece, victim);
            let s = -self.quiesce(pos, -beta, -alpha, ply + 1, gives_check, qply + 1, stop);
            pos.unmake_move(m, undo);
            if self.stopped {
                return 0;
            }
            if self.raise(s, m, ply, &mut best, &mut alpha, beta) {
                return best;
            }
        }
        if !evasions && qply == 0 {
            // Not in check here: in check, the first ply searches every evasion.
            return self.quiet_checks(pos, list, (alpha, beta, best), ply, stop);
        }
        best
    }

    /// Takes in the score `s` of move `m` at a quiescence node: raises `best` and `alpha` and
    /// the principal variation. True when `s` reaches `beta` (the node is settled).
    fn raise(
        &mut self,
        s: i32,
        m: Move,
        ply: usize,
        best: &mut i32,
        alpha: &mut i32,
        beta: i32,
    ) -> bool {
        if s > *best {
            *best = s;
            if s > *alpha {
                *alpha = s;
                self.update_pv(ply, m);
            }
        }
        s >= beta
    }

    /// The quiet moves that give check, searched at the first ply of quiescence so that a
    /// mate or a fork begun by a check is not missed at the horizon.
    /// `window` is alpha, beta and the best score so far; `list` is room for the moves (the
    /// captures' list, spent). The side to move is not in check.
    fn quiet_checks(
        &mut self,
        pos: &mut Position,
        list: &mut MoveList,
        (mut alpha, beta, mut best): (i32, i32, i32),
        ply: usize,
        stop: &AtomicBool,
    ) -> i32 {
        pos.legal_quiets_aimed_lazy(list);
        for &m in list.iter() {
            if !pos.gives_check(m) {
                continue;
            }
            let piece = pos.codes()[m.from.index()];
            let undo = pos.make_move(m);
            debug_assert!(pos.is_check(), "{m} in {pos:?}");
            // A quiet move: nothing taken.
            self.material[ply + 1] = self.material[ply].after_move(m, piece, 0);
            let s = -self.quiesce(pos, -beta, -alpha, ply + 1, true, 1, stop);
            pos.unmake_move(m, undo);
            if self.stopped {
                return 0;
            }
            if self.raise(s, m, ply, &mut best, &mut alpha, beta) {
                break;
            }
        }
        best
    }
}

/// Does `m` (a capture of `victim`) give a piece for less? The victim is a soldier, advisor
/// or elephant guarded by its side, taken by something worth more, away from the mover's
/// own half (where taking an intruder is often right even at a loss).
fn bad_capture(pos: &Position, m: Move, victim: u8) -> bool {
    let attacker = pos.codes()[m.from.index()];
    let (a, v) = (
        VALUE[role_of(attacker) as usize],
        VALUE[role_of(victim) as usize],
    );
    if a <= v || v >= VALUE[HORSE as usize] {
        return false;
    }
    let to = m.to.index();
    let own_half = match pos.turn() {
        xiangqi_rules::Color::Red => to < 45,
        xiangqi_rules::Color::Black => to >= 45,
    };
    !own_half && pos.attacked(to as u8, pos.turn().other())
}
