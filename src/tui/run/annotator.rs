//! The annotator: performs [`Effect::Annotate`](crate::tui::state::effect::Effect::Annotate)
//! and [`Effect::StopAnnotating`](crate::tui::state::effect::Effect::StopAnnotating) for the
//! loop. Each run searches every position of a game's main line on a thread of its own (and
//! its helpers: see [`OurEngine`]) with our engine and a stop flag, beside the engine's
//! worker (the board stays in use), and reports each position searched and the result on
//! the loop's channel.

use crate::tui::run::incoming::Incoming;
use crate::tui::run::stop_flags::StopFlags;
use crate::tui::state::action::Action;
use crate::tui::state::computer::annotation::{AnnotateRequest, AnnotationKind, AnnotationReport};
use crate::tui::store::library::Shared;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::Sender;
use xiangqi_engine::OurEngine;
use xiangqi_engine::analysis::analyse;

/// Transposition table size of the annotator's engine, in MiB.
const HASH_MB: usize = 32;

/// Runs the annotations the app asks for.
#[derive(Debug)]
pub struct Annotator {
    /// Stop flags of the runs that may still go on, by id.
    flags: StopFlags,
    reports: Sender<Incoming>,
    /// The threads each run's searches may use.
    threads: usize,
}

impl Annotator {
    /// An annotator reporting on `reports`, whose searches use up to `threads` threads.
    #[must_use]
    pub fn new(reports: Sender<Incoming>, threads: usize) -> Annotator {
        Annotator {
            flags: StopFlags::default(),
            reports,
            threads,
        }
    }

    /// Starts `request` on a thread of its own.
    pub fn start(&mut self, request: AnnotateRequest) {
        let stop = self.flags.start(request.id);
        let tx = self.reports.clone();
        let id = request.id;
        let threads = self.threads;
        let spawned = std::thread::Builder::new()
            .name("annotator".into())
            .spawn(move || {
                annotate(&request, threads, &stop, |action| {
                    let _ = tx.send(Incoming::Report(action));
                });
            });
        if let Err(e) = spawned {
            let _ = self
                .reports
                .send(Incoming::Report(Action::Annotation(AnnotationReport {
                    id,
                    kind: AnnotationKind::Failed(e.to_string()),
                })));
        }
    }

    /// The runs started from now on use up to `threads` threads (a setting changed).
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads;
    }

    /// Stops run `id` (what it reports after is for no run the app keeps).
    pub fn stop(&mut self, id: u64) {
        self.flags.stop(id);
    }

    /// Stops every run (leaving the game).
    pub fn stop_all(&mut self) {
        self.flags.stop_all();
    }
}

/// One run, on the thread that calls it (the annotator's, or a test's) and up to `threads`
/// in all: hands `report` an [`Action::Annotation`] after each position searched and one
/// with the result — unless stopped, when the result is left out.
pub fn annotate(
    request: &AnnotateRequest,
    threads: usize,
    stop: &AtomicBool,
    mut report: impl FnMut(Action),
) {
    let id = request.id;
    let mut send = |kind| report(Action::Annotation(AnnotationReport { id, kind }));
    let mut engine = OurEngine::new(HASH_MB, threads);
    let result = analyse(
        &request.game,
        &mut engine,
        &request.limits,
        stop,
        |done, total| {
            send(AnnotationKind::Progress { done, total });
        },
    );
    if stop.load(Ordering::Relaxed) {
        return;
    }
    send(match result {
        Ok(analysed) => AnnotationKind::Done(Shared::new(analysed)),
        Err(why) => AnnotationKind::Failed(why.to_string()),
    });
}
