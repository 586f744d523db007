//! Alpha-beta over one sampled arrangement of the unseen pieces: a move that turns a covered
//! piece over reveals what the sample put under it. The sample is drawn from the pool by the
//! engine itself, never read from the game's deal.

use super::eval::{WORTH, evaluate};
use crate::limits::Deadlines;
use crate::result::{MATE, MAX_PLY};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;
use xiangqi_rules::jieqi::{Deal, JieqiPosition};
use xiangqi_rules::role::code::role_of;
use xiangqi_rules::{Move, MoveList};

/// Scores above every evaluation and mate: the window's ends.
pub(crate) const INFINITY: i32 = MATE + 1;

/// One search over one sample: the position played on, the sample, what stops it.
pub(crate) struct Tree<'a> {
    pub pos: JieqiPosition,
    sample: &'a Deal,
    /// The keys of the positions before this one, the game's and the line's, for repetition.
    keys: Vec<u64>,
    killers: [[Option<Move>; 2]; MAX_PLY],
    pub nodes: u64,
    pub stopped: bool,
    stop: &'a AtomicBool,
    node_limit: Option<u64>,
    deadlines: Deadlines,
    noise: i32,
    seed: u64,
}

/// How a search is bounded, shared by the trees of every sample.
pub(crate) struct Bounds<'a> {
    pub stop: &'a AtomicBool,
    pub node_limit: Option<u64>,
    pub deadlines: Deadlines,
    pub noise: i32,
    pub seed: u64,
}

impl<'a> Tree<'a> {
    pub(crate) fn new(
        pos: &JieqiPosition,
        sample: &'a Deal,
        history: &[u64],
        bounds: &Bounds<'a>,
        nodes: u64,
    ) -> Tree<'a> {
        Tree {
            pos: pos.clone(),
            sample,
            keys: history.to_vec(),
            killers: [[None; 2]; MAX_PLY],
            nodes,
            stopped: false,
            stop: bounds.stop,
            node_limit: bounds.node_limit,
            deadlines: bounds.deadlines,
            noise: bounds.noise,
            seed: bounds.seed,
        }
    }

    /// What `m` turns over in this sample: the sampled piece under a covered one.
    fn reveal(&self, m: Move) -> Option<xiangqi_rules::Role> {
        if self.pos.is_reveal(m) {
            self.sample.piece_at(m.from).map(|p| p.role)
        } else {
            None
        }
    }

    fn play(&mut self, m: Move) -> xiangqi_rules::jieqi::JieqiUndo {
        self.keys.push(self.pos.key());
        let reveal = self.reveal(m);
        self.pos.make_move(m, reveal)
    }

    fn take_back(&mut self, m: Move, undo: xiangqi_rules::jieqi::JieqiUndo) {
        self.pos.unmake_move(m, undo);
        self.keys.pop();
    }

    /// Has the search to stop: asked to, out of nodes or out of time?
    fn check_stop(&mut self) -> bool {
        if !self.stopped && self.nodes & 1023 == 0 {
            let late = self.deadlines.hard.is_some_and(|t| Instant::now() >= t);
            let spent = self.node_limit.is_some_and(|n| self.nodes >= n);
            self.stopped = late || spent || self.stop.load(Ordering::Relaxed);
        }
        self.stopped
    }

    /// Did the position occur before, since the last capture (a draw, as the search sees it)?
    fn repeated(&self) -> bool {
        let key = self.pos.key();
        let reach = self.pos.halfmove_clock() as usize;
        self.keys.iter().rev().take(reach).any(|&k| k == key)
    }

    /// The evaluation with this search's noise (a function of the position's public key).
    fn eval(&self) -> i32 {
        let e = evaluate(&self.pos);
        if self.noise == 0 {
            return e;
        }
        let h = (self.pos.key() ^ self.seed).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        let spread = (2 * self.noise + 1) as u64;
        e + ((h >> 33) % spread) as i32 - self.noise
    }

    /// Orders `list` in place: captures, most valuable victim first and cheapest attacker
    /// next, then the `first` move and the killers, then the rest.
    fn order(&self, list: &mut MoveList, first: Option<Move>, ply: usize) {
        let codes = self.pos.codes();
        let killers = self.killers[ply.min(MAX_PLY - 1)];
        let rank = |m: &Move| -> i32 {
            if Some(*m) == first {
                return 1_000_000;
            }
            let victim = codes[m.to.index()];
            if victim != 0 {
                let attacker = WORTH[usize::from(role_of(codes[m.from.index()]))];
                return 100_000 + 10 * WORTH[usize::from(role_of(victim))] - attacker;
            }
            if killers.contains(&Some(*m)) {
                50_000
            } else {
                0
            }
        };
        let mut ranked: Vec<(i32, Move)> = list.iter().map(|m| (rank(m), *m)).collect();
        ranked.sort_by_key(|r| std::cmp::Reverse(r.0));
        for (i, (_, m)) in ranked.into_iter().enumerate() {
            list.set(i, m);
        }
    }

    /// The root: the best move at `depth` and its score, `first` tried first. `None` with no
    /// legal move or when stopped before the first move's score.
    pub(crate) fn root(&mut self, depth: i32, first: Option<Move>) -> Option<(Move, i32)> {
        let mut list = MoveList::new();
        self.pos.legal_moves_into(&mut list);
        self.order(&mut list, first, 0);
        let mut best: Option<(Move, i32)> = None;
        let mut alpha = -INFINITY;
        for &m in list.iter() {
            let undo = self.play(m);
            let score = -self.negamax(depth - 1, -INFINITY, -alpha, 1);
            self.take_back(m, undo);
            if self.stopped {
                break;
            }
            if score > alpha {
                alpha = score;
                best = Some((m, score));
            }
        }
        best
    }

    fn negamax(&mut self, depth: i32, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.nodes += 1;
        if self.check_stop() {
            return 0;
        }
        if self.repeated() {
            return 0;
        }
        let in_check = self.pos.is_check();
        // A check is answered a ply deeper, so that mates in the line are seen.
        let depth = if in_check { depth + 1 } else { depth };
        if depth <= 0 || ply >= MAX_PLY - 1 {
            return self.quiesce(alpha, beta, ply);
        }
        let mut list = MoveList::new();
        self.pos.legal_moves_into(&mut list);
        if list.is_empty() {
            // No legal move loses, in check or not.
            return -MATE + ply as i32;
        }
        self.order(&mut list, None, ply);
        let mut best = -INFINITY;
        for &m in list.iter() {
            let quiet = self.pos.codes()[m.to.index()] == 0;
            let undo = self.play(m);
            let score = -self.negamax(depth - 1, -beta, -alpha, ply + 1);
            self.take_back(m, undo);
            if self.stopped {
                return 0;
            }
            if score > best {
                best = score;
            }
            if score > alpha {
                alpha = score;
            }
            if alpha >= beta {
                if quiet {
                    let k = &mut self.killers[ply];
                    if k[0] != Some(m) {
                        k[1] = k[0];
                        k[0] = Some(m);
                    }
                }
                break;
            }
        }
        best
    }

    /// Captures only, until the position is quiet.
    fn quiesce(&mut self, mut alpha: i32, beta: i32, ply: usize) -> i32 {
        self.nodes += 1;
        if self.check_stop() {
            return 0;
        }
        let stand = self.eval();
        if stand >= beta || ply >= MAX_PLY - 1 {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut list = MoveList::new();
        self.pos.legal_captures_into(&mut list);
        self.order(&mut list, None, ply);
        let mut best = stand;
        for &m in list.iter() {
            let undo = self.play(m);
            let score = -self.quiesce(-beta, -alpha, ply + 1);
            self.take_back(m, undo);
            if self.stopped {
                return 0;
            }
            best = best.max(score);
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        best
    }
}
