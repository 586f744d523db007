//! `xiangqi-engine`: a xiangqi engine on top of the rules crate: an alpha-beta [`Searcher`] with its own
//! evaluation (behind the [`Engine`] trait on every core as [`OurEngine`]), playing
//! [`Level`]s, a UCI front end ([`uci::run`]) and an exact mate prover for puzzles
//! ([`puzzle`]), and [`External`] engines (UCI or UCCI programs) behind the same [`Engine`]
//! trait. No terminal code.
//!
//! A UI runs a search on a background thread, hears about each finished depth through the
//! `on_info` callback (forward it over a channel), and stops it by setting the
//! [`AtomicBool`](std::sync::atomic::AtomicBool) it passed: the search notices within about a
//! thousand nodes (well under a millisecond) and still returns its best move so far.
//!
//! ```
//! use std::sync::atomic::{AtomicBool, Ordering};
//! use std::sync::{Arc, mpsc};
//! use xiangqi_rules::Game;
//! use xiangqi_engine::{Info, Level, Searcher};
//!
//! let game = Game::default();
//! let stop = Arc::new(AtomicBool::new(false));
//! let (tx, rx) = mpsc::channel::<Info>();
//! let flag = Arc::clone(&stop);
//! let worker = std::thread::spawn(move || {
//!     let mut searcher = Searcher::new(16); // keep it between searches of a game
//!     let limits = Level::new(5).unwrap().limits(42); // or Limits { movetime, clock, .. }
//!     searcher.search(&game, &limits, &flag, |info| {
//!         let _ = tx.send(info.clone()); // the UI shows info.score and info.pv
//!     })
//! });
//! // The UI keeps handling input; to abandon the search (analysis off, a new move):
//! stop.store(true, Ordering::Relaxed);
//! let result = worker.join().unwrap();
//! assert!(result.best.is_some());
//! for info in rx.try_iter() {
//!     assert!(!info.pv.is_empty());
//! }
//! ```

#![deny(missing_docs)]

pub mod analysis;
pub mod bench;
#[doc(hidden)]
pub use eval::features;
mod eval;
mod external;
mod jieqi;
mod level;
mod limits;
mod ours;
pub mod puzzle;
mod repetition;
mod result;
mod search;
mod tt;
pub mod uci;

pub use external::{Engine, External, ExternalError, Protocol, command_words};
pub use jieqi::{JIEQI_SAMPLES, JieqiResult, JieqiSearcher, jieqi_move};
pub use level::{Level, ParseLevelError};
pub use limits::{Clock, Limits, MAX_MULTIPV, Pick};
pub use ours::{OurEngine, default_threads};
pub use result::{Info, MAX_CP, MAX_MATE, Score, SearchResult};
pub use search::{MAX_THREADS, Searcher};
