//! Lazy SMP: helper threads search the same position with their own move-ordering tables,
//! sharing the transposition table, each leaving out some depths. What they store lets the
//! main thread, which alone reports and decides when to stop, search deeper in the same time.

use super::Searcher;
use crate::limits::Limits;
use crate::result::{Info, SearchResult};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use xiangqi_rules::Game;

/// The most threads a search uses.
pub const MAX_THREADS: usize = 256;

/// Each helper's stack: the search recurses up to its deepest ply.
const HELPER_STACK: usize = 16 << 20;

impl Searcher {
    /// Searches with `threads` threads from now on (clamped to `1..=MAX_THREADS`): the
    /// helpers share this searcher's transposition table.
    pub fn set_threads(&mut self, threads: usize) {
        let helpers = threads.clamp(1, MAX_THREADS) - 1;
        self.helpers.truncate(helpers);
        while self.helpers.len() < helpers {
            let mut h = Searcher::new(1);
            h.tt = Arc::clone(&self.tt);
            h.id = self.helpers.len() + 1;
            h.helper_nodes = Arc::clone(&self.helper_nodes);
            self.helpers.push(h);
        }
    }

    /// How many threads a search uses.
    #[must_use]
    pub fn threads(&self) -> usize {
        self.helpers.len() + 1
    }

    /// Searches the current position of `game` (its earlier positions count for repetition)
    /// within `limits`, until `stop` becomes true or a limit is reached. `on_info` hears about
    /// each completed depth. Always returns a legal move when there is one, even if stopped at
    /// once.
    pub fn search(
        &mut self,
        game: &Game,
        limits: &Limits,
        stop: &AtomicBool,
        on_info: impl FnMut(&Info),
    ) -> SearchResult {
        self.search_threads(game, limits, stop, on_info)
    }

    /// Searches as [`search`](Self::search) does while the opponent thinks: no clock runs as
    /// long as `pondering` is true; once it is cleared (the opponent played the move pondered
    /// on) the search goes on and the clock of `limits` starts. Depth, node and mate limits
    /// still end it; a caller that must not answer before the opponent moves waits for the
    /// flag itself.
    pub fn search_pondering(
        &mut self,
        game: &Game,
        limits: &Limits,
        stop: &AtomicBool,
        pondering: Arc<AtomicBool>,
        on_info: impl FnMut(&Info),
    ) -> SearchResult {
        self.ponder = Some(pondering);
        let result = self.search_threads(game, limits, stop, on_info);
        self.ponder = None;
        result
    }

    fn search_threads(
        &mut self,
        game: &Game,
        limits: &Limits,
        stop: &AtomicBool,
        on_info: impl FnMut(&Info),
    ) -> SearchResult {
        self.tt.new_search();
        self.helper_nodes.store(0, Ordering::Relaxed);
        if self.helpers.is_empty() {
            return self.think(game, limits, stop, on_info);
        }
        // Helpers search until the main thread is done, bound only by the depth.
        let helper_limits = Limits {
            depth: limits.depth,
            noise: limits.noise,
            seed: limits.seed,
            ..Limits::default()
        };
        let mut helpers = std::mem::take(&mut self.helpers);
        let done = AtomicBool::new(false);
        let mut result = std::thread::scope(|scope| {
            for h in &mut helpers {
                let (done, helper_limits) = (&done, &helper_limits);
                h.nodes = 0;
                // A helper the system refuses to start is simply not there.
                let _ = std::thread::Builder::new()
                    .stack_size(HELPER_STACK)
                    .spawn_scoped(scope, move || h.think(game, helper_limits, done, |_| {}));
            }
            let result = self.think(game, limits, stop, on_info);
            done.store(true, Ordering::Relaxed);
            result
        });
        result.nodes += helpers.iter().map(|h| h.nodes).sum::<u64>();
        self.helpers = helpers;
        result
    }
}
