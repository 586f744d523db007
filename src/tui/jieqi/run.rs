//! Running the Jieqi screen: its loop over the terminal's events, the engine's search on a
//! thread of its own, the autosave after every move, and the terminal set up for
//! `xiangqi --variant jieqi` (the start menu runs the same loop on its own terminal).

use super::keys;
use super::state::{JieqiAction, JieqiEffect, JieqiLook, JieqiScreen, SaveReport};
use super::store;
use crate::tui::i18n::catalogue::{id, tr};
use crate::tui::run::incoming::Incoming;
use crate::tui::run::terminal::{
    GameTerminal, context, open_game_terminal, read_input, restore_terminal, set_input_modes,
};
use ratatui::DefaultTerminal;
use ratatui::layout::Rect;
use signal_hook::consts::signal::{SIGCONT, SIGTSTP};
use std::io;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::time::{Duration, SystemTime, UNIX_EPOCH};
use xiangqi_engine::{JieqiSearcher, Level};
use xiangqi_rules::Move;
use xiangqi_rules::jieqi::JieqiGame;

/// How often the loop looks for the engine's answer while it thinks.
const ENGINE_POLL: Duration = Duration::from_millis(50);

/// How a Jieqi screen ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum JieqiEnding {
    /// The player left it.
    Left,
    /// This signal asked the program to end.
    Signal(i32),
}

/// What the screen needs beside its state: where the autosave goes.
pub struct JieqiRun {
    /// The autosave (none without a home folder).
    pub autosave: Option<PathBuf>,
}

/// The engine's answer: the number of the search and its move.
type Answer = (u64, Option<Move>);

/// Runs `screen` on `terminal` until the player leaves it or a signal ends the program;
/// terminal events arrive on `incoming`.
///
/// # Errors
/// The terminal cannot be drawn on or read.
pub fn play(
    terminal: &mut DefaultTerminal,
    incoming: &Receiver<Incoming>,
    screen: &mut JieqiScreen,
    run: &JieqiRun,
) -> io::Result<JieqiEnding> {
    let (answers_tx, answers) = mpsc::channel::<Answer>();
    // A search still going when the screen is left stops with it.
    let engine = Engine {
        answers: answers_tx,
        stop: Arc::new(AtomicBool::new(false)),
    };
    let _stop_on_leaving = StopOnDrop(Arc::clone(&engine.stop));
    let first = screen.opening();
    if perform(screen, first, run, &engine) {
        return Ok(JieqiEnding::Left);
    }
    loop {
        terminal.draw(|frame| frame.render_widget(&*screen, frame.area()))?;
        let timeout = if screen.thinking() {
            ENGINE_POLL
        } else {
            Duration::from_secs(3600)
        };
        let action = match incoming.recv_timeout(timeout) {
            Ok(Incoming::Terminal(event)) => {
                let size = terminal.size()?;
                keys::action(&event, screen, Rect::new(0, 0, size.width, size.height))
            }
            Ok(Incoming::InputFailed(e)) => return Err(e),
            Ok(Incoming::Signal(SIGTSTP | SIGCONT)) => None,
            Ok(Incoming::Signal(signal)) => return Ok(JieqiEnding::Signal(signal)),
            // Reports of the board screen's workers are not this screen's.
            Ok(Incoming::Report(_)) | Err(RecvTimeoutError::Timeout) => None,
            // Nor is a club session's (none is open while Jieqi is in front).
            #[cfg(feature = "online")]
            Ok(Incoming::Club(_)) => None,
            Err(RecvTimeoutError::Disconnected) => {
                return Err(io::Error::other("the terminal input stopped"));
            }
        };
        let mut actions: Vec<JieqiAction> = action.into_iter().collect();
        if let Ok((request, mv)) = answers.try_recv() {
            actions.push(JieqiAction::EngineMove { request, mv });
        }
        for action in actions {
            let effects = screen.update(action);
            if perform(screen, effects, run, &engine) {
                return Ok(JieqiEnding::Left);
            }
        }
    }
}

/// Where the engine's searches answer, and the flag that stops them.
struct Engine {
    answers: Sender<Answer>,
    stop: Arc<AtomicBool>,
}

/// Sets its flag when dropped: however the screen is left, its searches stop.
struct StopOnDrop(Arc<AtomicBool>);

impl Drop for StopOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// Performs `effects` (what comes of them goes back to the screen); true to leave.
fn perform(
    screen: &mut JieqiScreen,
    effects: Vec<JieqiEffect>,
    run: &JieqiRun,
    engine: &Engine,
) -> bool {
    let mut queue = std::collections::VecDeque::from(effects);
    while let Some(effect) = queue.pop_front() {
        match effect {
            JieqiEffect::Quit => return true,
            JieqiEffect::Autosave(pgn) => {
                if let Some(path) = &run.autosave
                    && let Err(why) = store::write_autosave(path, &pgn)
                {
                    let report = SaveReport::Failed(why.to_string());
                    queue.extend(screen.update(JieqiAction::Saved(report)));
                }
            }
            JieqiEffect::Save(pgn) => {
                let report = match std::env::current_dir()
                    .and_then(|dir| store::save_new(&dir, &pgn, unix_secs()))
                {
                    Ok(name) => SaveReport::Written(name),
                    Err(e) => SaveReport::Failed(e.to_string()),
                };
                queue.extend(screen.update(JieqiAction::Saved(report)));
            }
            JieqiEffect::Think {
                pos,
                history,
                level,
                seed,
                request,
            } => {
                let answers = engine.answers.clone();
                let stop = Arc::clone(&engine.stop);
                let spawned = std::thread::Builder::new()
                    .name("jieqi-engine".into())
                    .spawn(move || {
                        let limits = level.limits(seed);
                        let mv = JieqiSearcher::new()
                            .search(&pos, &history, &limits, &stop)
                            .best;
                        let _ = answers.send((request, mv));
                    });
                if spawned.is_err() {
                    queue.extend(screen.update(JieqiAction::EngineMove { request, mv: None }));
                }
            }
        }
    }
    false
}

/// A Jieqi game from the start menu, on the menu's `terminal` and `incoming` events: the
/// unfinished game of the autosave if there is one, else a new deal; two players until `c`
/// hands the computer (at `level`) a side.
///
/// # Errors
/// The terminal fails.
pub fn from_menu(
    terminal: &mut DefaultTerminal,
    incoming: &Receiver<Incoming>,
    look: JieqiLook,
    level: Level,
) -> io::Result<JieqiEnding> {
    let autosave = store::autosave_path();
    let resumed = autosave
        .as_deref()
        .map(|path| (path, store::resume(path, os_seed())));
    let dealt = || JieqiScreen::new(JieqiGame::dealt(os_seed()), look, None, level, os_seed());
    let mut screen = match resumed {
        Some((_, Ok(game))) => JieqiScreen::new(game, look, None, level, os_seed())
            .with_message(tr(look.lang, id::JIEQI_RESUMED)),
        // An autosave that does not read is kept aside, never written over by the new deal.
        Some((
            path,
            Err(store::JieqiResumeError::Read { .. } | store::JieqiResumeError::Record { .. }),
        )) => match store::set_aside(path, unix_secs())? {
            Some(kept) => dealt().with_message(crate::tui::i18n::catalogue::tr_args(
                look.lang,
                id::JIEQI_SET_ASIDE,
                &[("path", kept.into())],
            )),
            None => dealt(),
        },
        Some((_, Err(store::JieqiResumeError::NoGame(_)))) | None => dealt(),
    };
    play(terminal, incoming, &mut screen, &JieqiRun { autosave })
}

fn unix_secs() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(0))
}

/// Fresh randomness from the operating system for a deal: std's hasher keys are drawn from
/// it once per process, and mixing in the time and a counter keeps two deals apart.
#[must_use]
pub fn os_seed() -> u64 {
    use std::hash::{BuildHasher as _, Hasher as _};
    static COUNTER: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    hasher.write_u64(COUNTER.fetch_add(1, std::sync::atomic::Ordering::Relaxed));
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    hasher.write_u128(nanos);
    hasher.finish()
}

/// `xiangqi --variant jieqi`: sets the terminal up, runs `screen`, and always puts the
/// terminal back. A signal ends the program with 128 + its number, as the board screen does.
///
/// # Errors
/// Standard output is not a terminal, or the terminal fails.
pub fn run_jieqi(mut screen: JieqiScreen, run: &JieqiRun) -> io::Result<()> {
    let GameTerminal {
        mut terminal,
        tx,
        rx,
        signals,
    } = open_game_terminal()?;
    let result = set_input_modes()
        .and_then(|()| read_input(tx))
        .and_then(|()| play(&mut terminal, &rx, &mut screen, run));
    restore_terminal();
    signals.close();
    match result {
        Ok(JieqiEnding::Left) => Ok(()),
        Ok(JieqiEnding::Signal(signal)) => std::process::exit(128 + signal),
        Err(e) => Err(context(e, "the terminal failed during the game")),
    }
}
