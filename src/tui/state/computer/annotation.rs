//! Annotating the game in front (`A`): what is asked of the annotator thread, what it
//! reports back, what the message line says of it, and where it stands while it runs.

use crate::tui::store::library::Shared;
use std::time::Duration;
use xiangqi_engine::Limits;
use xiangqi_engine::analysis::{Analysed, SideSummary};
use xiangqi_rules::{Game, Move, NodeId};

/// How long each position of the game is searched: 80 plies take about half a minute.
pub const MOVETIME: Duration = Duration::from_millis(300);

/// How many moves of the better line go beside a move judged `?!`, `?` or `??`.
pub const LINE_PLIES: usize = 6;

/// The limits of each position's search unless a test sets others.
#[must_use]
pub fn default_limits() -> Limits {
    Limits {
        movetime: Some(MOVETIME),
        ..Limits::default()
    }
}

/// A game to annotate, for the annotator to search on a thread of its own.
#[derive(Clone, Debug)]
pub struct AnnotateRequest {
    /// Names the run in its reports and in `Effect::StopAnnotating`.
    pub id: u64,
    /// A copy of the game: its main line is annotated.
    pub game: Game,
    /// Each position's search.
    pub limits: Limits,
}

/// Requests are told apart by their id (a game has no equality).
impl PartialEq for AnnotateRequest {
    fn eq(&self, other: &AnnotateRequest) -> bool {
        self.id == other.id && self.limits == other.limits
    }
}

impl Eq for AnnotateRequest {}

/// What the annotator reports about run `id`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnnotationReport {
    pub id: u64,
    pub kind: AnnotationKind,
}

/// A report's substance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnnotationKind {
    /// `done` of `total` positions searched.
    Progress { done: usize, total: usize },
    /// Every move of the main line, judged.
    Done(Shared<Vec<Analysed>>),
    /// The engine could not search: why.
    Failed(String),
}

/// One side's part of the summary, as the message line shows it.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct SideCount {
    pub inaccuracies: usize,
    pub mistakes: usize,
    pub blunders: usize,
    /// The average loss a move, in centipawns (rounded).
    pub average_loss: u32,
}

impl SideCount {
    /// The counts of the library's summary.
    #[must_use]
    pub fn of(side: &SideSummary) -> SideCount {
        SideCount {
            inaccuracies: side.inaccuracies,
            mistakes: side.mistakes,
            blunders: side.blunders,
            average_loss: side.average_loss.max(0.0).round() as u32,
        }
    }
}

/// What the message line says about annotating.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnnotationNote {
    /// Annotating has begun (or goes on): `done` of `total` positions searched.
    Progress { done: usize, total: usize },
    /// Stopped by the player; the game is as it was.
    Stopped,
    /// The game changed while it ran: stopped, nothing written.
    Discarded,
    /// Written into the game: red's counts, then black's.
    Done([SideCount; 2]),
    /// The engine failed: why.
    Failed(String),
    /// The game has no moves to annotate.
    NoMoves,
    /// No move marked `?` or `??` that way (`forward`: after the one shown).
    NoMistake { forward: bool },
}

/// A run under way: which game it is for, and how far it got.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Running {
    pub id: u64,
    pub done: usize,
    pub total: usize,
    /// Was it asked for a record in front (or for the played game)?
    pub viewed: bool,
    /// That desk's generation then.
    pub generation: u32,
    /// The main line annotated: a result for another one is not written.
    pub line: Vec<Move>,
}

/// Annotating: the limits each position is searched with, and the run under way.
#[derive(Clone, Debug)]
pub struct Annotation {
    pub limits: Limits,
    pub next_id: u64,
    pub running: Option<Running>,
}

impl Default for Annotation {
    fn default() -> Annotation {
        Annotation {
            limits: default_limits(),
            next_id: 1,
            running: None,
        }
    }
}

/// The nodes of the main line of `game`, the first move's first.
#[must_use]
pub fn main_nodes(game: &Game) -> Vec<NodeId> {
    game.tree().line_after(NodeId::ROOT)
}

/// The next (`forward`) or previous main-line move marked `?` or `??` from the move
/// `at` (the index of the move shown on the main line, `None` at the start).
#[must_use]
pub fn mistake_from(game: &Game, at: Option<usize>, forward: bool) -> Option<NodeId> {
    let nodes = main_nodes(game);
    let marked = |i: &usize| {
        game.tree()
            .nags(nodes[*i])
            .iter()
            .any(|&n| matches!(n, 2 | 4))
    };
    let found = if forward {
        let from = at.map_or(0, |i| i + 1);
        (from..nodes.len()).find(marked)
    } else {
        (0..at.unwrap_or(0)).rev().find(marked)
    };
    found.map(|i| nodes[i])
}

/// Where the game shown stands on its main line: the index of the move shown, `None` at
/// the start; off the main line, the last move it shares with it.
#[must_use]
pub fn main_line_index(game: &Game) -> Option<usize> {
    let nodes = main_nodes(game);
    let shared = game
        .line()
        .iter()
        .skip(1)
        .take(game.moves().len())
        .zip(&nodes)
        .take_while(|(a, b)| a == b)
        .count();
    shared.checked_sub(1)
}
