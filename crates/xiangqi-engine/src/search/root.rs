//! The root of a search: iterative deepening, each depth's lines (one, or several with
//! MultiPV) searched in aspiration windows and reported.

use super::node::Node;
use super::{INFINITY, RULE_WIN, Searcher};
use crate::level::choose;
use crate::limits::{Limits, Pick};
use crate::result::{Info, MATE, MATE_BOUND, MAX_PLY, Score, SearchResult};
use std::sync::atomic::AtomicBool;
use std::time::Instant;
use xiangqi_rules::{Game, Move, MoveList, Position};

impl Searcher {
    /// One thread's iterative deepening over the current position of `game`, within
    /// `limits`, until `stop` becomes true or a limit is reached; `on_info` hears about each
    /// completed depth. A helper thread (Lazy SMP) leaves out some depths, by its number, so
    /// that the threads do not all search the same tree at once.
    pub(super) fn think(
        &mut self,
        game: &Game,
        limits: &Limits,
        stop: &AtomicBool,
        mut on_info: impl FnMut(&Info),
    ) -> SearchResult {
        let start = Instant::now();
        let mut pos = game.position().clone();
        self.prepare(game, limits, start);

        let mut root_moves = MoveList::new();
        pos.legal_moves_into(&mut root_moves);
        let mut result = SearchResult::no_move();
        if root_moves.is_empty() {
            return result;
        }
        // Something legal to play even if stopped before depth 1 ends.
        let hash_move = self.tt.probe(pos.key()).and_then(|h| h.mv);
        result.best = hash_move
            .filter(|m| root_moves.contains(m))
            .or(Some(root_moves[0]));
        result.pv = result.best.into_iter().collect();
        result.score = Score::Cp(0);

        let max_depth = limits.depth.map_or(MAX_PLY as i32 - 8, |d| {
            (d.max(1) as i32).min(MAX_PLY as i32 - 8)
        });
        let in_check = pos.is_check();
        let lines = limits.searched_lines().min(root_moves.len());
        // Each line's score at the last depth (its aspiration window's centre) and first
        // moves at the last depth, best first.
        let mut scores = vec![0i32; lines];
        let mut firsts: Vec<Move> = Vec::new();
        // The lines of the deepest depth that found them all: what a weak level picks from.
        let mut complete: Vec<(i32, Vec<Move>)> = Vec::new();
        let (mut instability, mut last_best) = (0.0f64, result.best);
        for depth in 1..=max_depth {
            if self.id > 0 && depth > 1 && skipped_by_helper(self.id, depth) {
                continue;
            }
            self.seldepth = 0;
            let mut found =
                self.search_lines(&mut pos, depth, in_check, &mut scores, &firsts, stop);
            if found.is_empty() {
                if depth > 1 {
                    break;
                }
                // Stopped in depth 1: whatever it found.
                found.push((scores[0], self.pv[0][..self.pv_len[0]].to_vec()));
            }
            let score = found[0].0;
            if let Some(&first) = found[0].1.first() {
                result.best = Some(first);
                result.pv = found[0].1.clone();
            }
            result.score = Score::from_internal(score);
            result.depth = depth as u32;
            firsts = found
                .iter()
                .filter_map(|(_, pv)| pv.first().copied())
                .collect();
            // Lines searched only for a weak level to choose among are not reported.
            for (i, (s, pv)) in found.iter().enumerate().take(limits.lines()) {
                let info = Info {
                    depth: depth as u32,
                    seldepth: self.seldepth as u32,
                    score: if i == 0 {
                        result.score
                    } else {
                        Score::from_internal(*s)
                    },
                    nodes: self.total_nodes(),
                    time: start.elapsed(),
                    pv: if i == 0 {
                        result.pv.clone()
                    } else {
                        pv.clone()
                    },
                    hashfull: self.tt.hashfull(),
                    multipv: i as u32 + 1,
                };
                on_info(&info);
            }
            if found.len() == lines {
                complete = found;
            }
            if self.stopped {
                break;
            }
            self.check_ponderhit();
            // A best move that keeps changing earns more time, a settled one less.
            instability = instability / 2.0 + if result.best == last_best { 0.0 } else { 1.0 };
            last_best = result.best;
            if let Some(soft) = self.deadlines.soft {
                let base = soft.saturating_duration_since(self.clock_start);
                let scale = 0.7 + instability.min(2.0) * 0.5;
                if Instant::now() >= self.clock_start + base.mul_f64(scale) {
                    break;
                }
            }
            if let (Some(n), Score::Mate(m)) = (limits.mate, result.score)
                && m > 0
                && m as u32 <= n
            {
                break;
            }
            // A forced mate found at full width will not get better.
            if score.abs() > MATE_BOUND && depth > 2 * (MATE - score.abs()) + 2 {
                break;
            }
        }
        if let Some(pick) = limits.pick.filter(|_| self.id == 0) {
            play_picked(&mut result, &complete, &pick, limits.seed);
        }
        result.nodes = self.nodes;
        result.time = start.elapsed();
        result
    }

    /// The principal variations of one depth, best first: the `i`-th searched with the first
    /// moves of the ones before it left out at the root, in an aspiration window around its
    /// score at the last depth (`scores[i]`, updated), its move then tried first
    /// (`firsts[i]`, from the last depth). Lines found before a stop come back; none if
    /// stopped in the first.
    fn search_lines(
        &mut self,
        pos: &mut Position,
        depth: i32,
        in_check: bool,
        scores: &mut [i32],
        firsts: &[Move],
        stop: &AtomicBool,
    ) -> Vec<(i32, Vec<Move>)> {
        let mut found: Vec<(i32, Vec<Move>)> = Vec::with_capacity(scores.len());
        self.excluded.clear();
        for (line, last) in scores.iter_mut().enumerate() {
            // The first line keeps the table's move, as a search of one line does.
            self.root_first = firsts
                .get(line)
                .copied()
                .filter(|m| line > 0 && !self.excluded.contains(m));
            let s = self.aspirate(pos, depth, *last, in_check, stop);
            if self.stopped {
                break;
            }
            let pv = self.pv[0][..self.pv_len[0]].to_vec();
            let Some(&first) = pv.first() else {
                break;
            };
            *last = s;
            self.excluded.push(first);
            found.push((s, pv));
        }
        self.excluded.clear();
        self.root_first = None;
        // A later line that scored above an earlier one (the search is not exact) goes
        // before it: best first.
        found.sort_by_key(|f| std::cmp::Reverse(f.0));
        // The next depth's line i starts from the score of the i-th best.
        for (last, (s, _)) in scores.iter_mut().zip(&found) {
            *last = *s;
        }
        found
    }

    /// The root searched to `depth` in an aspiration window around `last` (the score at the
    /// last depth), widened until the score falls inside it; meaningless if stopped.
    fn aspirate(
        &mut self,
        pos: &mut Position,
        depth: i32,
        last: i32,
        in_check: bool,
        stop: &AtomicBool,
    ) -> i32 {
        let mut delta = 35;
        let (mut alpha, mut beta) = if depth >= 4 && last.abs() < RULE_WIN {
            (last - delta, last + delta)
        } else {
            (-INFINITY, INFINITY)
        };
        loop {
            let s = self.negamax(pos, Node::root(depth, alpha, beta, in_check), stop);
            if self.stopped {
                return last;
            }
            if s <= alpha {
                alpha = (s - delta).max(-INFINITY);
                beta = (alpha + beta) / 2;
            } else if s >= beta {
                beta = (s + delta).min(INFINITY);
            } else {
                return s;
            }
            delta += delta / 2 + 10;
            if delta > 1000 {
                (alpha, beta) = (-INFINITY, INFINITY);
            }
        }
    }
}

/// A weak level's move: one of the lines of the last complete depth (best first), as
/// `pick` draws it, with its line and score. Without such lines `result` stays as it is.
fn play_picked(result: &mut SearchResult, lines: &[(i32, Vec<Move>)], pick: &Pick, seed: u64) {
    let scores: Vec<i32> = lines.iter().map(|(s, _)| *s).collect();
    let Some((score, pv)) = choose(&scores, pick, seed).and_then(|i| lines.get(i)) else {
        return;
    };
    if let Some(&first) = pv.first() {
        result.best = Some(first);
        result.pv.clone_from(pv);
        result.score = Score::from_internal(*score);
    }
}

/// Does helper `id` leave out `depth`? Helpers are spread over cycles of one to four depths,
/// searching half of each cycle, each cycle at a different phase (Stockfish's old pattern).
fn skipped_by_helper(id: usize, depth: i32) -> bool {
    const SIZE: [i32; 20] = [1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4];
    const PHASE: [i32; 20] = [0, 1, 0, 1, 2, 3, 0, 1, 2, 3, 4, 5, 0, 1, 2, 3, 4, 5, 6, 7];
    let i = (id - 1) % 20;
    ((depth + PHASE[i]) / SIZE[i]) % 2 != 0
}
