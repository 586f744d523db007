//! A xiangqi engine on top of the rules library: an alpha-beta [`Searcher`] with its own
//! evaluation, playing [`Level`]s, a UCI front end ([`uci::run`]) and mate checking for
//! puzzles ([`puzzle`]). No terminal code; a UI runs a search on a background thread and
//! stops it through an [`AtomicBool`](std::sync::atomic::AtomicBool).

mod eval;
pub mod external;
mod level;
mod limits;
pub mod puzzle;
mod repetition;
mod search;
mod tt;
pub mod uci;

pub use level::Level;
pub use limits::{Clock, Limits};
pub use search::{Info, Score, SearchResult, Searcher};
