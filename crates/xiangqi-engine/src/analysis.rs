//! Analysing a whole game: every position of its main line searched once, the evaluation
//! after each move written as `[%eval …]`, moves that lose against the best one marked
//! (`?!`, `?`, `??`) with the better line as a variation, and a summary per side.
//!
//! ```
//! use std::sync::atomic::AtomicBool;
//! use xiangqi_engine::analysis::{Judgement, analyse};
//! use xiangqi_engine::{Limits, Searcher};
//! use xiangqi_rules::Game;
//!
//! let mut game = Game::default();
//! for mv in ["h2e2", "h9g7", "e2e6"] { // the cannon takes a soldier and is lost
//!     game.play(mv.parse().unwrap()).unwrap();
//! }
//! let limits = Limits { depth: Some(4), ..Limits::default() };
//! let mut engine = Searcher::new(16);
//! let moves = analyse(&game, &mut engine, &limits, &AtomicBool::new(false), |_, _| {}).unwrap();
//! assert_eq!(moves.len(), 3);
//! assert!(moves[2].judgement >= Some(Judgement::Mistake));
//! ```

mod annotate;
mod eval;

pub use annotate::{
    Analysed, Judgement, SideSummary, analyse, annotate_tree, summary, summary_tags,
};
pub use eval::{Eval, eval_of_comment, winning_chances};

#[cfg(test)]
mod tests;
