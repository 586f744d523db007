//! A search asked of the engine's worker, and what the worker reports back.

use xiangqi_engine::{Info, Limits, SearchResult};
use xiangqi_rules::Game;

/// What a search is for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Task {
    /// The `t` key: the best move found within a second.
    Hint,
    /// The `a` line: deepening until stopped.
    Analysis,
    /// The computer's own move.
    Play,
    /// A puzzle: judge the player's move, and find the defence.
    Judge {
        /// Attacker moves left to mate in, the one just played included.
        moves_left: u32,
    },
}

/// A search for the worker to run on a copy of the game.
#[derive(Clone, Debug)]
pub struct Request {
    /// Names the search in its reports and in `Effect::StopThinking`.
    pub id: u64,
    pub task: Task,
    /// The game up to the position to search (its earlier positions count for repetition).
    pub game: Game,
    pub limits: Limits,
}

/// Requests are told apart by their id (a game has no equality).
impl PartialEq for Request {
    fn eq(&self, other: &Request) -> bool {
        self.id == other.id && self.task == other.task && self.limits == other.limits
    }
}

impl Eq for Request {}

/// What a worker reports about search `id`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    pub id: u64,
    pub kind: ReportKind,
}

/// A report's substance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReportKind {
    /// A depth was completed.
    Info(Info),
    /// The search ended (at its limit or stopped) with this result.
    Done(SearchResult),
    /// A puzzle move was judged.
    Judged(xiangqi_engine::puzzle::Attempt),
    /// The engine could not search (an external engine failed): why.
    Failed(String),
}
