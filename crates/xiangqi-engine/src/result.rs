//! What a search reports: the [`Score`], the [`Info`] after each depth and the
//! [`SearchResult`] at the end.

use std::fmt;
use std::time::Duration;
use xiangqi_rules::Move;

/// Deepest ply the search reaches (quiescence included).
pub(crate) const MAX_PLY: usize = 128;
/// The score of giving mate now; mate in `n` plies scores `MATE - n`.
pub(crate) const MATE: i32 = 30_000;
/// Scores beyond this are mates (within the deepest ply); below its negative, being mated.
pub(crate) const MATE_BOUND: i32 = MATE - MAX_PLY as i32;

/// The largest centipawn score taken from an engine: 300 soldiers, more than all the
/// material on a board is worth many times over. Beyond it a report is clipped to it.
pub const MAX_CP: i32 = 30_000;
/// The longest mate taken from an engine, in moves: far beyond any engine's horizon.
/// Beyond it a report is clipped to it.
pub const MAX_MATE: i32 = 500;

/// A score from the side to move's view.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Score {
    /// Centipawns: a soldier is about 100, a chariot about 1000.
    Cp(i32),
    /// Mate in this many moves (the mating side's moves); negative when the side to move is
    /// mated.
    Mate(i32),
}

impl Score {
    pub(crate) fn from_internal(s: i32) -> Score {
        if s > MATE_BOUND {
            Score::Mate((MATE - s + 1) / 2)
        } else if s < -MATE_BOUND {
            Score::Mate(-(MATE + s) / 2)
        } else {
            Score::Cp(s)
        }
    }

    /// The same score seen from the other side (`i32::MIN` becomes `i32::MAX`: the sign
    /// always turns).
    #[must_use]
    pub fn negate(self) -> Score {
        match self {
            Score::Cp(c) => Score::Cp(c.saturating_neg()),
            Score::Mate(m) => Score::Mate(m.saturating_neg()),
        }
    }

    /// The score within what an engine can mean: centipawns to ±[`MAX_CP`], mates to
    /// ±[`MAX_MATE`] moves.
    #[must_use]
    pub fn clamped(self) -> Score {
        match self {
            Score::Cp(c) => Score::Cp(c.clamp(-MAX_CP, MAX_CP)),
            Score::Mate(m) => Score::Mate(m.clamp(-MAX_MATE, MAX_MATE)),
        }
    }
}

/// UCI form: `cp 35`, `mate 3`, `mate -2`.
impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Score::Cp(c) => write!(f, "cp {c}"),
            Score::Mate(m) => write!(f, "mate {m}"),
        }
    }
}

/// What a search reports after each completed depth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Info {
    /// Plies searched at full width.
    pub depth: u32,
    /// Deepest ply reached, quiescence included.
    pub seldepth: u32,
    /// The score of the line, for the side to move.
    pub score: Score,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Since the search started.
    pub time: Duration,
    /// The principal variation, best move first.
    pub pv: Vec<Move>,
    /// Permille of the transposition table in use.
    pub hashfull: u32,
    /// Which principal variation this is, from 1 (the best) up to the number asked for
    /// ([`Limits::multipv`](super::Limits::multipv)); each line's first move differs.
    pub multipv: u32,
}

impl Info {
    /// Nodes per second so far.
    #[must_use]
    pub fn nps(&self) -> u64 {
        let micros = self.time.as_micros().max(1);
        (u128::from(self.nodes) * 1_000_000 / micros) as u64
    }
}

/// What a search found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// The move to play; `None` only when the side to move has no legal move (it has lost).
    pub best: Option<Move>,
    /// The score of `best`, for the side to move.
    pub score: Score,
    /// The last completed depth.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// How long the search took.
    pub time: Duration,
    /// The principal variation, starting with `best`.
    pub pv: Vec<Move>,
}

impl SearchResult {
    /// The answer for a side without a legal move: it has lost.
    pub(crate) fn no_move() -> SearchResult {
        SearchResult {
            best: None,
            score: Score::Mate(0),
            depth: 0,
            nodes: 0,
            time: Duration::ZERO,
            pv: Vec::new(),
        }
    }

    /// The move the engine expects in reply (`ponder` in UCI).
    #[must_use]
    pub fn ponder(&self) -> Option<Move> {
        self.pv.get(1).copied()
    }
}
