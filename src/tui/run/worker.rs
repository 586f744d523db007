//! The engine's worker: performs
//! [`Effect::Think`](crate::tui::state::effect::Effect::Think) and
//! [`Effect::StopThinking`](crate::tui::state::effect::Effect::StopThinking) for the loop.
//! Each search runs on a thread of its own with a stop flag (ours adds helper threads where
//! only time limits it: see [`OurEngine`]), on ours or an external engine (`--engine`), one
//! at a time (the next waits for the last to let go of the engine), and reports back on the
//! loop's channel. Nothing runs unless asked: no search, no CPU.

use crate::tui::run::incoming::Incoming;
use crate::tui::run::stop_flags::StopFlags;
use crate::tui::state::action::Action;
use crate::tui::state::computer::search::{Report, ReportKind, Request, Task};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex, PoisonError};
use xiangqi_engine::puzzle::{Attempt, Puzzle};
use xiangqi_engine::{Engine, External, ExternalError, Info, Limits, OurEngine, SearchResult};
use xiangqi_rules::Game;

/// Transposition table size of our engine at the table, in MiB.
const HASH_MB: usize = 32;

/// Which engine searches: ours on a number of threads (see [`OurEngine`]), or a program started
/// with `--engine`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EngineChoice {
    /// Ours, on up to this many threads.
    Ours { threads: usize },
    /// The program this command starts.
    External(String),
}

/// What searches: the chosen engine, made on the first search (no table allocated, no
/// program started, for a game nobody asks about).
enum Backend {
    /// Nothing started yet.
    Idle(EngineChoice),
    /// The engine, and what it was made from.
    Running(Box<dyn Engine>, EngineChoice),
}

impl std::fmt::Debug for Backend {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Backend::Idle(c) => write!(f, "Idle({c:?})"),
            Backend::Running(_, c) => write!(f, "Running({c:?})"),
        }
    }
}

impl Backend {
    /// Our engine on `threads` threads, made afresh on the next search.
    fn rethread(&mut self, threads: usize) {
        let ours = match self {
            Backend::Idle(chosen) | Backend::Running(_, chosen) => {
                matches!(chosen, EngineChoice::Ours { .. })
            }
        };
        if ours {
            *self = Backend::Idle(EngineChoice::Ours { threads });
        }
    }

    fn search(
        &mut self,
        game: &Game,
        limits: &Limits,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&Info),
    ) -> Result<SearchResult, ExternalError> {
        if let Backend::Idle(chosen) = self {
            let engine: Box<dyn Engine> = match chosen {
                EngineChoice::Ours { threads } => Box::new(OurEngine::new(HASH_MB, *threads)),
                EngineChoice::External(c) => Box::new(External::spawn(c)?),
            };
            *self = Backend::Running(engine, chosen.clone());
        }
        // Started just above if it was not.
        let Backend::Running(engine, chosen) = self else {
            return Err(ExternalError::NoCommand);
        };
        let result = engine.think(game, limits, stop, on_info);
        if result.is_err() {
            // A failed external engine is started afresh on the next search.
            *self = Backend::Idle(chosen.clone());
        }
        result
    }
}

/// Runs the searches the app asks for.
#[derive(Debug)]
pub struct Worker {
    backend: Arc<Mutex<Backend>>,
    /// Threads our engine is to search on from the next search (a setting changed): taken
    /// up by the search that next holds the engine, never waiting for the one running.
    rethread: Arc<Mutex<Option<usize>>>,
    /// Stop flags of the searches that may still run, by id.
    flags: StopFlags,
    reports: Sender<Incoming>,
}

impl Worker {
    /// A worker reporting on `reports`, searching with the `chosen` engine (made on the
    /// first search).
    #[must_use]
    pub fn new(reports: Sender<Incoming>, chosen: EngineChoice) -> Worker {
        Worker {
            backend: Arc::new(Mutex::new(Backend::Idle(chosen))),
            rethread: Arc::new(Mutex::new(None)),
            flags: StopFlags::default(),
            reports,
        }
    }

    /// Starts `request` on a thread of its own.
    pub fn think(&mut self, request: Request) {
        let stop = self.flags.start(request.id);
        let backend = Arc::clone(&self.backend);
        let rethread = Arc::clone(&self.rethread);
        let tx = self.reports.clone();
        let id = request.id;
        let spawned = std::thread::Builder::new()
            .name("engine".into())
            .spawn(move || {
                if let Some(threads) = rethread.lock().map_or(None, |mut t| t.take()) {
                    let mut backend = backend.lock().unwrap_or_else(PoisonError::into_inner);
                    backend.rethread(threads);
                }
                run(&request, &backend, &stop, &tx);
            });
        if let Err(e) = spawned {
            let _ = self
                .reports
                .send(report(id, ReportKind::Failed(e.to_string())));
        }
    }

    /// Our engine searches on `threads` threads from the next search on (an external
    /// engine is left as it is).
    pub fn set_threads(&mut self, threads: usize) {
        if let Ok(mut wanted) = self.rethread.lock() {
            *wanted = Some(threads);
        }
    }

    /// Stops search `id` (it reports nothing more that the app keeps).
    pub fn stop(&mut self, id: u64) {
        self.flags.stop(id);
    }

    /// Stops every search (leaving the game).
    pub fn stop_all(&mut self) {
        self.flags.stop_all();
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
    let mut on_info = |info: &Info| {
        let _ = tx.send(report(id, ReportKind::Info(info.clone())));
    };
    let kind = match backend.search(&request.game, &request.limits, stop, &mut on_info) {
        Ok(result) => ReportKind::Done(result),
        Err(why) => ReportKind::Failed(why.to_string()),
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
