//! Our engine as the program's screens and commands run it: the [`Searcher`] on every thread
//! it is given where only time bounds a search, on one where a depth or a node count does.

use std::sync::atomic::AtomicBool;

use super::{Engine, ExternalError, Info, Limits, MAX_THREADS, SearchResult, Searcher};
use xiangqi_rules::Game;

/// Our [`Searcher`] behind the [`Engine`] trait, with a number of threads for the searches
/// that may use them. A search that only time limits (a hint, the analysis, an annotation
/// at so many milliseconds a position, the strongest level) runs on all of them; one that a
/// depth or a node count limits runs on one. Helpers searching deeper would lend it what they
/// find: a level would play stronger than it says, and an annotation at a fixed depth would
/// differ from run to run.
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use xiangqi_rules::Game;
/// use xiangqi_engine::{Engine, Limits, OurEngine};
///
/// let mut engine = OurEngine::new(16, 2);
/// let limits = Limits { depth: Some(3), ..Limits::default() };
/// assert_eq!(engine.threads_for(&limits), 1);
/// let result = engine.think(&Game::default(), &limits, &AtomicBool::new(false), &mut |_| {});
/// assert!(result.unwrap().best.is_some());
/// ```
#[derive(Debug)]
pub struct OurEngine {
    searcher: Searcher,
    threads: usize,
}

impl OurEngine {
    /// Our engine with a table of `hash_mb` MiB, on up to `threads` threads (1 to
    /// [`MAX_THREADS`]; outside that, the nearest of the two).
    #[must_use]
    pub fn new(hash_mb: usize, threads: usize) -> OurEngine {
        OurEngine {
            searcher: Searcher::new(hash_mb),
            threads: threads.clamp(1, MAX_THREADS),
        }
    }

    /// The threads a search within `limits` runs on: all of them if only time limits it,
    /// else one.
    #[must_use]
    pub fn threads_for(&self, limits: &Limits) -> usize {
        if limits.depth.is_none() && limits.nodes.is_none() {
            self.threads
        } else {
            1
        }
    }
}

impl Engine for OurEngine {
    fn think(
        &mut self,
        game: &Game,
        limits: &Limits,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&Info),
    ) -> Result<SearchResult, ExternalError> {
        self.searcher.set_threads(self.threads_for(limits));
        self.searcher.think(game, limits, stop, on_info)
    }

    fn new_game(&mut self) -> Result<(), ExternalError> {
        self.searcher.new_game()
    }
}

/// The threads our engine searches on unless told otherwise: one a core, as many as the
/// system reports (at most [`MAX_THREADS`]).
#[must_use]
pub fn default_threads() -> usize {
    std::thread::available_parallelism()
        .map_or(1, std::num::NonZero::get)
        .min(MAX_THREADS)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    /// The threads our engine searched on, for a search within `limits`.
    fn threads_after(limits: Limits) -> usize {
        let mut ours = OurEngine::new(1, 3);
        let game = Game::default();
        let stop = AtomicBool::new(false);
        let result = ours.think(&game, &limits, &stop, &mut |_| {});
        assert!(result.is_ok_and(|r| r.best.is_some()), "{limits:?}");
        ours.searcher.threads()
    }

    #[test]
    fn only_a_search_limited_by_time_alone_uses_every_thread() {
        let depth = Limits {
            depth: Some(2),
            ..Limits::default()
        };
        let nodes = Limits {
            nodes: Some(2_000),
            ..Limits::default()
        };
        let time = Limits {
            movetime: Some(Duration::from_millis(30)),
            ..Limits::default()
        };
        // A level's depth or nodes: one thread, even with the time limit every move has.
        for limits in [depth, nodes] {
            assert_eq!(threads_after(limits), 1, "{limits:?}");
            let timed = Limits {
                movetime: time.movetime,
                ..limits
            };
            assert_eq!(threads_after(timed), 1, "{timed:?}");
        }
        assert_eq!(threads_after(time), 3);
        // And back to one for a depth after a timed search.
        let mut ours = OurEngine::new(1, 3);
        let stop = AtomicBool::new(false);
        for (limits, threads) in [(time, 3), (depth, 1)] {
            let _ = ours.think(&Game::default(), &limits, &stop, &mut |_| {});
            assert_eq!(ours.searcher.threads(), threads, "{limits:?}");
        }
    }

    #[test]
    fn the_thread_count_is_kept_within_its_bounds() {
        let time = Limits::default();
        assert_eq!(OurEngine::new(1, 0).threads_for(&time), 1);
        assert_eq!(
            OurEngine::new(1, MAX_THREADS + 1).threads_for(&time),
            MAX_THREADS
        );
    }
}
