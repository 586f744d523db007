//! The plain mode on standard input and output: lines read on a thread of their own, the
//! engine's reports, and the time, all waited for on one channel, as the board screen's loop
//! waits; each handed to the [`Session`], whose effects are performed here (the autosave in
//! the same slots as the board screen's, files saved and read, searches) and whose words are
//! written a line at a time, cleaned of control characters, with a prompt after them.

use super::session::Session;
use crate::tui::Start;
use crate::tui::run::incoming::{Incoming, wait_for};
use crate::tui::run::perform;
use crate::tui::run::slot_choice::slot_notice;
use crate::tui::run::worker::{EngineChoice, Worker};
use crate::tui::state::action::{Action, Now};
use crate::tui::state::app::{App, Options};
use crate::tui::state::effect::Effect;
use crate::tui::store::library::Shared;
use crate::tui::store::slot::{Slot, SlotError};
use crate::tui::store::{autosave, progress};
use std::collections::VecDeque;
use std::io::{self, BufRead, Write};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::time::{Instant, SystemTime, UNIX_EPOCH};
use xiangqi_engine::default_threads;
use xiangqi_rules::{Game, Notation, Position};

/// The longest line read; the rest of a longer one is dropped (nobody types more).
const LINE_LIMIT: usize = 4096;

/// What wakes the loop.
#[derive(Debug)]
enum Heard {
    /// A line typed (without its line end).
    Line(String),
    /// Standard input has ended (or cannot be read).
    End,
    /// A report of the engine's worker.
    Report(Action),
}

/// Plays from `start` in plain text until the player quits or the input ends; returns the
/// played game and the notation its moves were shown in, as the board screen does.
///
/// # Errors
/// If standard output cannot be written (a closed pipe only ends the game).
pub fn run(start: Start, options: Options) -> io::Result<(Game, Notation)> {
    let state = autosave::folder();
    let mut options = options;
    let resumed = matches!(start, Start::Resumed { .. });
    let (start, slot) = take_slot(start, state.as_deref());
    if let Ok(slot) = &slot {
        autosave::clean_stale(&slot.path());
    }
    if !resumed {
        options
            .notices
            .extend(slot_notice(options.lang, &slot, &[]));
    }
    let threads = options.threads.unwrap_or_else(default_threads);
    let engine = match &options.engine {
        Some(command) => EngineChoice::External(command.clone()),
        None => EngineChoice::Ours { threads },
    };
    let new_game = matches!(&start, Start::New { game, .. } if game.moves().is_empty())
        && !options.resumed
        && options.puzzle.is_none();
    let app = app_for(start, options);
    let (tx, rx) = mpsc::channel();
    read_lines(tx.clone());
    let worker = Worker::new(bridge(tx), engine);
    let mut talk = Talk {
        session: Session::new(app),
        incoming: rx,
        started: Instant::now(),
        state,
        slot,
        autosave_failing: false,
        worker,
        out: io::stdout(),
        prompted: false,
        deaf: false,
    };
    let first = talk.first_reports(new_game);
    let now = talk.now();
    let effects = talk.session.start(now, first);
    talk.go(effects)?;
    talk.worker.stop_all();
    Ok(talk.session.into_game())
}

/// The app for `start`, as the board screen makes it.
fn app_for(start: Start, options: Options) -> App {
    let app = match start {
        Start::Saved(saved) | Start::Resumed { saved, .. } if options.resumed => {
            App::resumed(saved, options)
        }
        Start::Saved(saved) | Start::Resumed { saved, .. } => App::loaded(saved, options),
        Start::New { game, names } => match names {
            Some(names) => App::new(game, options).with_names(names),
            None => App::new(game, options),
        },
        Start::Picker { path, index } => {
            App::new(Game::new(Position::start()), options).with_picker(path, Shared::new(index))
        }
    };
    // The book's choices vary from one run to the next.
    let seed = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    app.with_seed(seed)
}

/// The autosave slot this game writes: the one `--resume` took, else the first free one.
fn take_slot(start: Start, folder: Option<&Path>) -> (Start, Result<Slot, SlotError>) {
    match start {
        Start::Resumed { saved, slot } => (Start::Saved(saved), Ok(slot)),
        start => {
            let slot = folder.map_or(Err(SlotError::NoHome), Slot::take_free);
            (start, slot)
        }
    }
}

/// Reads standard input a line at a time on a thread of its own, each line cut at
/// [`LINE_LIMIT`] bytes and read as UTF-8 (what is not becomes `�`); says when it ends.
fn read_lines(tx: Sender<Heard>) {
    std::thread::spawn(move || {
        let stdin = io::stdin();
        let mut input = stdin.lock();
        loop {
            let mut line = Vec::new();
            match read_line(&mut input, &mut line) {
                Ok(true) => {
                    let text = String::from_utf8_lossy(&line).into_owned();
                    if tx.send(Heard::Line(text)).is_err() {
                        return;
                    }
                }
                Ok(false) | Err(_) => {
                    let _ = tx.send(Heard::End);
                    return;
                }
            }
        }
    });
}

/// One line of `input` into `line` (at most [`LINE_LIMIT`] bytes kept, the line end
/// dropped); false at the end of the input.
fn read_line(input: &mut impl BufRead, line: &mut Vec<u8>) -> io::Result<bool> {
    let mut any = false;
    loop {
        let buf = input.fill_buf()?;
        if buf.is_empty() {
            return Ok(any);
        }
        any = true;
        let (chunk, done) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..i], Some(i + 1)),
            None => (buf, None),
        };
        let room = LINE_LIMIT.saturating_sub(line.len());
        line.extend_from_slice(&chunk[..chunk.len().min(room)]);
        let used = done.unwrap_or(buf.len());
        input.consume(used);
        if done.is_some() {
            if line.last() == Some(&b'\r') {
                line.pop();
            }
            return Ok(true);
        }
    }
}

/// The worker's reports, which it sends as the board screen's loop takes them, passed on to
/// the plain loop's channel.
fn bridge(tx: Sender<Heard>) -> Sender<Incoming> {
    let (reports, heard) = mpsc::channel();
    std::thread::spawn(move || {
        for incoming in heard {
            if let Incoming::Report(action) = incoming
                && tx.send(Heard::Report(action)).is_err()
            {
                return;
            }
        }
    });
    reports
}

/// The loop's state.
struct Talk {
    session: Session,
    incoming: Receiver<Heard>,
    /// What [`Now::elapsed`] counts from.
    started: Instant,
    /// The state folder (none without a home folder).
    state: Option<PathBuf>,
    /// The autosave this game owns (or why it has none).
    slot: Result<Slot, SlotError>,
    /// The last autosave could not be written.
    autosave_failing: bool,
    worker: Worker,
    out: io::Stdout,
    /// A prompt ends the last line written: what comes before the next line typed starts a
    /// line of its own.
    prompted: bool,
    /// Standard output is closed: nobody hears any more.
    deaf: bool,
}

impl Talk {
    fn now(&self) -> Now {
        let unix_secs = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(0));
        Now {
            elapsed: self.started.elapsed(),
            unix_secs,
        }
    }

    /// What the game hears first, as the board screen's does: that an unfinished game from
    /// before can be resumed (said for a new game only), and the puzzles solved.
    fn first_reports(&self, new_game: bool) -> Vec<Action> {
        let mut first = Vec::new();
        let resumable = self
            .slot
            .as_ref()
            .ok()
            .and_then(|slot| autosave::read(&slot.path()).ok().flatten())
            .is_some_and(|g| autosave::unfinished(&g));
        if new_game && resumable {
            first.push(Action::ResumeAvailable);
        }
        if let Some(folder) = &self.state
            && let Ok(solved) = progress::read_progress(folder)
        {
            first.push(Action::PuzzlesSolved(solved));
        }
        first
    }

    /// Performs `effects`, says what there is to say, and goes on until the game is left.
    fn go(&mut self, effects: Vec<Effect>) -> io::Result<()> {
        if self.perform(effects)? {
            return Ok(());
        }
        loop {
            let heard = wait_for(&self.incoming, self.session.next_tick(), self.now().elapsed);
            let now = self.now();
            // Nobody hears any more: the game ends as if the input had.
            let heard = if self.deaf { Ok(Heard::End) } else { heard };
            let effects = match heard {
                Ok(Heard::Line(line)) => {
                    self.prompted = false;
                    self.session.hear(&line, now)
                }
                Ok(Heard::Report(action)) => self.session.report(action, now),
                Ok(Heard::End) | Err(RecvTimeoutError::Disconnected) => {
                    let effects = self.session.end(now);
                    self.perform(effects)?;
                    return Ok(());
                }
                Err(RecvTimeoutError::Timeout) => self.session.tick(now),
            };
            if self.perform(effects)? {
                return Ok(());
            }
        }
    }

    /// Performs `effects` and what comes of them, then says what there is to say; true to
    /// leave.
    fn perform(&mut self, effects: Vec<Effect>) -> io::Result<bool> {
        let mut queue = VecDeque::from([effects]);
        let mut quit = false;
        while let Some(batch) = queue.pop_front() {
            for effect in batch {
                if let Some(action) = self.perform_one(effect, &mut quit) {
                    let now = self.now();
                    queue.push_back(self.session.report(action, now));
                }
            }
        }
        self.speak(!quit)?;
        Ok(quit)
    }

    /// Performs one effect; what came of it, to hand back to the app.
    fn perform_one(&mut self, effect: Effect, quit: &mut bool) -> Option<Action> {
        match effect {
            Effect::Save {
                path,
                contents,
                replace,
            } => Some(Action::SaveDone(perform::save(&path, &contents, replace))),
            Effect::Autosave(pgn) => self.autosave(&pgn),
            Effect::Index(_) | Effect::ReadGame { .. } | Effect::Complete(_) => {
                perform::perform(effect)
            }
            Effect::Think(request) => {
                self.worker.think(*request);
                None
            }
            Effect::StopThinking(id) => {
                self.worker.stop(id);
                None
            }
            Effect::KeepPuzzles(solved) => {
                let kept = match &self.state {
                    Some(folder) => {
                        progress::write_progress(folder, &solved).map_err(|e| e.to_string())
                    }
                    None => Err(SlotError::NoHome.to_string()),
                };
                kept.err().map(|why| {
                    Action::Engine(crate::tui::state::computer::search::Report {
                        id: 0,
                        kind: crate::tui::state::computer::search::ReportKind::Failed(why),
                    })
                })
            }
            Effect::Quit => {
                self.worker.stop_all();
                *quit = true;
                None
            }
            // Nothing of a terminal's here, and no annotating or network play; the start
            // menu and the settings screen, which ask for the rest, are the board screen's
            // (a bell would be a control character in the text).
            Effect::Suspend
            | Effect::Clipboard(_)
            | Effect::Annotate(_)
            | Effect::StopAnnotating(_)
            | Effect::Net(_)
            | Effect::SaveSettings(_)
            | Effect::ReplaceConfig(_)
            | Effect::Bell
            | Effect::Resume
            | Effect::PlayJieqi
            | Effect::Network(_)
            | Effect::Threads(_) => None,
        }
    }

    /// Writes the game to this game's autosave; says so to the app when it fails, and when
    /// it works again.
    fn autosave(&mut self, pgn: &str) -> Option<Action> {
        let written = match &self.slot {
            Ok(slot) => autosave::write(&slot.path(), pgn).map_err(|e| e.to_string()),
            Err(why) => Err(why.to_string()),
        };
        match written {
            Err(why) => {
                self.autosave_failing = true;
                Some(Action::AutosaveFailed(why))
            }
            Ok(()) if self.autosave_failing => {
                self.autosave_failing = false;
                Some(Action::AutosaveKept)
            }
            Ok(()) => None,
        }
    }

    /// Writes what the session has to say, a line each, then (unless leaving) the prompt.
    fn speak(&mut self, prompt: bool) -> io::Result<()> {
        let said = self.session.take_said();
        if self.deaf || (said.is_empty() && (self.prompted || !prompt)) {
            return Ok(());
        }
        let mut text = String::new();
        if self.prompted && !said.is_empty() {
            text.push('\n');
        }
        for line in &said {
            // Words from files and engines too: no control character reaches the terminal.
            text.push_str(&xiangqi_rules::sanitize::escape_controls(line));
            text.push('\n');
        }
        if prompt {
            text.push_str(PROMPT);
        }
        self.prompted = prompt;
        let mut out = self.out.lock();
        match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
            Err(e) if e.kind() == io::ErrorKind::BrokenPipe => {
                self.deaf = true;
                Ok(())
            }
            written => written,
        }
    }
}

/// What is written when the program waits for a line.
pub const PROMPT: &str = "> ";
