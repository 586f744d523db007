//! The stop flags of the background jobs that may still run (searches, annotations), by id.

use std::collections::HashMap;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

/// Stop flags by job id; every job still listed is stopped when this goes.
#[derive(Debug, Default)]
pub struct StopFlags(HashMap<u64, Arc<AtomicBool>>);

impl StopFlags {
    /// A new flag for job `id`, kept here; the job holds the other handle. Flags of jobs
    /// that have ended (no other handle left) are forgotten.
    pub fn start(&mut self, id: u64) -> Arc<AtomicBool> {
        self.0.retain(|_, f| Arc::strong_count(f) > 1);
        let stop = Arc::new(AtomicBool::new(false));
        self.0.insert(id, Arc::clone(&stop));
        stop
    }

    /// Stops job `id` (what it reports after is for no job the app keeps).
    pub fn stop(&mut self, id: u64) {
        if let Some(flag) = self.0.remove(&id) {
            flag.store(true, Ordering::Relaxed);
        }
    }

    /// Stops every job (leaving the game).
    pub fn stop_all(&mut self) {
        for (_, flag) in self.0.drain() {
            flag.store(true, Ordering::Relaxed);
        }
    }
}

impl Drop for StopFlags {
    fn drop(&mut self) {
        self.stop_all();
    }
}
