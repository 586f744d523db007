//! `bench`: a fixed set of positions searched to a fixed depth with a fresh table each, the
//! nodes added up and timed. With one thread the node count is the same on every run and
//! every machine, so a change meant to leave the search alone (a faster move generator) can
//! be checked to do so; the speed is the nodes over the time.

use super::{Limits, Searcher};
use std::fmt;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};
use xiangqi_rules::{Game, Position};

/// The depth `bench` searches to when none is given.
pub const DEFAULT_DEPTH: u32 = 10;

/// The table each position is searched with, in MiB.
const HASH_MB: usize = 16;

/// The opening, middlegames of master play and endgames (perft test positions among them).
pub const POSITIONS: [&str; 8] = [
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
    "1C2ka3/9/C1Nab1n2/p3p3p/6p2/9/P3P3P/3AB4/3p2c2/c1BAK4 w - - 0 1",
    "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/2P6/P3P1P1P/1CN1C1N2/9/R1BAKAB1R w - - 4 5",
    "2bakab2/9/2n1c1n2/p1r1p3p/6p2/2P6/P3P1P1P/2N1C1N2/4A4/1RBAK1B2 b - - 0 12",
    "1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1",
    "5a3/3k5/3aR4/9/5r3/5n3/9/3A1A3/5K3/2BC2B2 w - - 0 1",
    "3ak1b2/4a3R/4b4/2p6/9/p8/9/9/2n1r4/1c1K5 b - - 1 57",
];

/// What `bench` measured.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// Nodes searched over all positions.
    pub nodes: u64,
    /// The time the searches took.
    pub time: Duration,
}

impl Report {
    /// Nodes a second.
    #[must_use]
    pub fn nps(&self) -> u64 {
        let ms = self.time.as_millis().max(1);
        (u128::from(self.nodes) * 1000 / ms) as u64
    }
}

/// `Nodes searched: N` then `Nodes/second: S` and the time, as engine authors print it.
impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "info string bench {} positions\nTotal time (ms) : {}\nNodes searched  : {}\nNodes/second    : {}",
            POSITIONS.len(),
            self.time.as_millis(),
            self.nodes,
            self.nps()
        )
    }
}

/// Searches every position of [`POSITIONS`] to `depth` with `threads` threads, each with a
/// fresh table.
#[must_use]
pub fn run(depth: u32, threads: usize) -> Report {
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let mut searcher = Searcher::new(HASH_MB);
    searcher.set_threads(threads);
    let mut nodes = 0;
    let mut time = Duration::ZERO;
    for fen in POSITIONS {
        let game = Game::new(Position::from_fen(fen).expect("the bench positions are valid"));
        searcher.clear();
        let start = Instant::now();
        let result = searcher.search(&game, &limits, &AtomicBool::new(false), |_| {});
        time += start.elapsed();
        nodes += result.nodes;
    }
    Report { nodes, time }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_thread_counts_the_same_nodes_every_time() {
        let a = run(4, 1);
        let b = run(4, 1);
        assert!(a.nodes > 1000, "{a:?}");
        assert_eq!(a.nodes, b.nodes);
    }
}
