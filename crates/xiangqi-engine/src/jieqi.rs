//! The engine for Jieqi (揭棋), playing from what both players see and nothing else.
//!
//! It never reads what a covered piece is: it is given a [`JieqiPosition`] (covered pieces
//! and the pool of unseen ones), and reasons over sampled arrangements. For each of a few
//! samples it deals the pool under the covered pieces itself — uniformly, seeded by the
//! position's public key and the limits' seed, so the same public position always gives the
//! same samples — and runs an alpha-beta search in which a covered piece turns over as its
//! sample says. The covered pieces still on the board are valued at their pool's average
//! worth throughout, so no sample's identity counts before its reveal. The samples deepen
//! together; at each finished depth they vote, and the move most of them chose (ties to the
//! best average score) is the answer. Sampling, not an expectation over the pool at every
//! reveal: at the start every move but one reveals, and six kinds a reveal made the tree
//! too wide for the levels' depths (see the guide's Jieqi page for the figures).
//!
//! ```
//! use std::sync::atomic::AtomicBool;
//! use xiangqi_engine::{JieqiSearcher, Level};
//! use xiangqi_rules::jieqi::JieqiPosition;
//! let pos = JieqiPosition::start();
//! let limits = Level::new(2).unwrap().limits(7);
//! let result = JieqiSearcher::new().search(&pos, &[], &limits, &AtomicBool::new(false));
//! assert!(pos.is_legal(result.best.unwrap()));
//! ```

mod eval;
#[cfg(test)]
mod tests;
mod tree;

use crate::result::Score;
use crate::{Level, Limits};
use std::sync::atomic::AtomicBool;
use std::time::Instant;
use tree::{Bounds, Tree};
use xiangqi_rules::Move;
use xiangqi_rules::jieqi::{Deal, DealRng, JieqiPosition};

/// How many arrangements of the unseen pieces a search samples.
pub const JIEQI_SAMPLES: usize = 4;

/// What a Jieqi search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JieqiResult {
    /// The move chosen; `None` only when the side to move has no legal move.
    pub best: Option<Move>,
    /// The average score of the samples that chose it, from the side to move's view.
    pub score: Score,
    /// The last depth every sample finished.
    pub depth: u32,
    /// How many of the samples chose the move.
    pub votes: usize,
    /// Nodes searched over all samples.
    pub nodes: u64,
}

/// Searches Jieqi positions (see the module's documentation). Holds nothing between
/// searches yet; kept as a value so that a UI can hold one as it holds a [`crate::Searcher`].
#[derive(Debug, Default)]
pub struct JieqiSearcher {
    _private: (),
}

impl JieqiSearcher {
    /// A searcher.
    #[must_use]
    pub fn new() -> JieqiSearcher {
        JieqiSearcher::default()
    }

    /// The move to play in `pos`, whose earlier positions had the keys `history` (for
    /// repetition; [`JieqiPosition::key`]), within `limits` (depth, nodes, time, noise as
    /// for xiangqi; a [`Level`]'s limits apply). Stops early when `stop` is set.
    pub fn search(
        &mut self,
        pos: &JieqiPosition,
        history: &[u64],
        limits: &Limits,
        stop: &AtomicBool,
    ) -> JieqiResult {
        let start = Instant::now();
        let bounds = Bounds {
            stop,
            node_limit: limits.nodes,
            deadlines: limits.deadlines(start),
            noise: limits.noise.min(1000) as i32,
            seed: limits.seed,
        };
        let samples: Vec<Deal> = (0..JIEQI_SAMPLES as u64)
            .map(|i| {
                let seed = pos.key() ^ limits.seed.rotate_left(17) ^ ((i + 1) * 0x9E37_79B9);
                Deal::random(pos, &mut DealRng::new(seed))
            })
            .collect();
        let first_legal = pos.legal_moves().first().copied();
        let mut result = JieqiResult {
            best: first_legal,
            score: Score::Cp(0),
            depth: 0,
            votes: 0,
            nodes: 0,
        };
        let max_depth = limits.depth.unwrap_or(64).clamp(1, 64);
        let mut firsts: Vec<Option<Move>> = vec![None; samples.len()];
        let mut nodes = 0;
        'deepening: for depth in 1..=max_depth {
            let mut chosen = Vec::with_capacity(samples.len());
            for (i, sample) in samples.iter().enumerate() {
                let mut tree = Tree::new(pos, sample, history, &bounds, nodes);
                let found = tree.root(depth as i32, firsts[i]);
                nodes = tree.nodes;
                if tree.stopped || found.is_none() {
                    break 'deepening;
                }
                firsts[i] = found.map(|(m, _)| m);
                chosen.extend(found);
            }
            result = vote(&chosen, depth, nodes);
            let past_soft = bounds.deadlines.soft.is_some_and(|t| Instant::now() >= t);
            if past_soft || result.score_is_mate() {
                break;
            }
        }
        result.nodes = nodes;
        result
    }
}

impl JieqiResult {
    fn score_is_mate(&self) -> bool {
        matches!(self.score, Score::Mate(_))
    }
}

/// The move most samples chose, ties to the best average score, with that average.
fn vote(chosen: &[(Move, i32)], depth: u32, nodes: u64) -> JieqiResult {
    let mut tally: Vec<(Move, usize, i64)> = Vec::new();
    for &(m, s) in chosen {
        match tally.iter_mut().find(|t| t.0 == m) {
            Some(t) => {
                t.1 += 1;
                t.2 += i64::from(s);
            }
            None => tally.push((m, 1, i64::from(s))),
        }
    }
    // Most votes, then the best average; the first listed among equals (samples' order).
    let best = tally.iter().copied().reduce(|a, b| {
        let better = b.1 > a.1 || (b.1 == a.1 && b.2 * a.1 as i64 > a.2 * b.1 as i64);
        if better { b } else { a }
    });
    match best {
        Some((m, n, sum)) => JieqiResult {
            best: Some(m),
            score: Score::from_internal((sum / n as i64) as i32),
            depth,
            votes: n,
            nodes,
        },
        None => JieqiResult {
            best: None,
            score: Score::Cp(0),
            depth,
            votes: 0,
            nodes,
        },
    }
}

/// The move `level` plays in `pos` (its limits, seeded by `seed`), for a UI or a match.
#[must_use]
pub fn jieqi_move(pos: &JieqiPosition, history: &[u64], level: Level, seed: u64) -> Option<Move> {
    let limits = level.limits(seed);
    JieqiSearcher::new()
        .search(pos, history, &limits, &AtomicBool::new(false))
        .best
}
