//! The engine's worker: performs [`Effect::Think`](super::effect::Effect::Think) and
//! [`Effect::StopThinking`](super::effect::Effect::StopThinking) for the loop. Each search
//! runs on a thread of its own with a stop flag, on our [`Searcher`] or an external engine
//! (`--engine`), one at a time (the next waits for the last to let go of the engine), and
//! reports back on the loop's channel. Nothing runs unless asked: no search, no CPU.

use super::Incoming;
use super::app::Action;
use super::computer::{Report, ReportKind, Request, Task};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex, PoisonError};
use xiangqi::Game;
use xiangqi::engine::external::External;
use xiangqi::engine::puzzle::{Attempt, Puzzle};
use xiangqi::engine::{Info, Limits, SearchResult, Searcher};

/// Transposition table size of our engine at the table, in MiB.
const HASH_MB: usize = 32;

/// What searches: our engine, or a program started with `--engine`.
#[derive(Debug)]
enum Backend {
    /// Made on the first search (no table allocated for a game nobody asks about).
    Ours(Option<Searcher>),
    /// The command, and the engine once started.
    External(String, Option<External>),
}

impl Backend {
    fn search(
        &mut self,
        game: &Game,
        limits: &Limits,
        stop: &AtomicBool,
        on_info: impl FnMut(&Info),
    ) -> Result<SearchResult, String> {
        match self {
            Backend::Ours(searcher) => Ok(searcher
                .get_or_insert_with(|| Searcher::new(HASH_MB))
                .search(game, limits, stop, on_info)),
            Backend::External(command, engine) => {
                let engine = match engine {
                    Some(e) => e,
                    None => engine.insert(External::start(command)?),
                };
                engine.search(game, limits, stop, on_info)
            }
        }
    }
}

/// Runs the searches the app asks for.
#[derive(Debug)]
pub struct Worker {
    backend: Arc<Mutex<Backend>>,
    /// Stop flags of the searches that may still run, by id.
    flags: HashMap<u64, Arc<AtomicBool>>,
    reports: Sender<Incoming>,
}

impl Worker {
    /// A worker reporting on `reports`, searching with the external engine `command` if
    /// there is one (started on the first search), else ours.
    #[must_use]
    pub fn new(reports: Sender<Incoming>, command: Option<String>) -> Worker {
        let backend = match command {
            Some(c) => Backend::External(c, None),
            None => Backend::Ours(None),
        };
        Worker {
            backend: Arc::new(Mutex::new(backend)),
            flags: HashMap::new(),
            reports,
        }
    }

    /// Starts `request` on a thread of its own.
    pub fn think(&mut self, request: Request) {
        // Flags only the finished threads no longer hold.
        self.flags.retain(|_, f| Arc::strong_count(f) > 1);
        let stop = Arc::new(AtomicBool::new(false));
        self.flags.insert(request.id, Arc::clone(&stop));
        let backend = Arc::clone(&self.backend);
        let tx = self.reports.clone();
        let id = request.id;
        let spawned = std::thread::Builder::new()
            .name("engine".into())
            .spawn(move || run(&request, &backend, &stop, &tx));
        if let Err(e) = spawned {
            let _ = self
                .reports
                .send(report(id, ReportKind::Failed(e.to_string())));
        }
    }

    /// Stops search `id` (it reports nothing more that the app keeps).
    pub fn stop(&mut self, id: u64) {
        if let Some(flag) = self.flags.remove(&id) {
            flag.store(true, Ordering::Relaxed);
        }
    }

    /// Stops every search (leaving the game).
    pub fn stop_all(&mut self) {
        for (_, flag) in self.flags.drain() {
            flag.store(true, Ordering::Relaxed);
        }
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        self.stop_all();
    }
}

fn report(id: u64, kind: ReportKind) -> Incoming {
    Incoming::Report(Action::Engine(Report { id, kind }))
}

/// One search, on its own thread.
fn run(request: &Request, backend: &Mutex<Backend>, stop: &AtomicBool, tx: &Sender<Incoming>) {
    let id = request.id;
    if let Task::Judge { moves_left } = request.task {
        let _ = tx.send(report(
            id,
            ReportKind::Judged(judge(&request.game, moves_left)),
        ));
        return;
    }
    // A panic in another search leaves the engine as it was between moves: still usable.
    let mut backend = backend.lock().unwrap_or_else(PoisonError::into_inner);
    if stop.load(Ordering::Relaxed) {
        return;
    }
    let on_info = |info: &Info| {
        let _ = tx.send(report(id, ReportKind::Info(info.clone())));
    };
    let kind = match backend.search(&request.game, &request.limits, stop, on_info) {
        Ok(result) => ReportKind::Done(result),
        Err(why) => {
            // A failed external engine is started afresh on the next search.
            if let Backend::External(_, engine) = &mut *backend {
                *engine = None;
            }
            ReportKind::Failed(why)
        }
    };
    let _ = tx.send(report(id, kind));
}

/// A puzzle move: the last move of `game`, judged with `moves_left` attacker moves.
pub fn judge(game: &Game, moves_left: u32) -> Attempt {
    let positions = game.positions();
    match (game.last_move(), positions.len().checked_sub(2)) {
        (Some(mv), Some(i)) => Puzzle::attempt(&positions[i], mv, moves_left),
        _ => Attempt::Failed,
    }
}
