//! The terminal game: sets the terminal up, runs the loop, and always puts the terminal back
//! (on quit, on error, on panic and on a signal).
//!
//! # The loop
//! Everything that can wake the game arrives on one channel as an [`Incoming`]: terminal
//! events (read on an input thread), signals (a signal thread) and reports from background
//! workers. The loop waits on it — with a timeout only when [`App::next_tick`] asks for a
//! tick (a running clock) — so an idle game costs no CPU. Each action goes to [`App::update`],
//! which stays pure: the time comes in as [`Action::Tick`], and what should happen outside the
//! app (save, autosave, suspend, quit) comes back as [`Effect`]s, which the loop performs,
//! handing results back as actions.

mod app;
mod autosave;
mod bigdigits;
mod computer;
mod computer_view;
pub mod config;
mod edit;
mod effect;
mod files;
// The catalogue, wired in until src/tui/i18n/ has its own module file.
#[allow(dead_code)]
mod i18n {
    use super::lang;
    pub mod catalogue;
}
mod input;
mod lang;
mod layout;
mod library;
mod picker;
mod pieces;
mod puzzle;
mod render;
mod review;
mod rgb;
pub mod strings;
mod theme;
mod worker;

#[cfg(test)]
mod tests;

pub use app::{Options, Record};
pub use computer::ComputerOptions;
pub use lang::Lang;
pub use pieces::PieceGlyphs;
pub use theme::ThemeName;

use app::{Action, App, Now, SCREEN_STYLE};
use effect::Effect;
use layout::ScreenLayout;
use ratatui::DefaultTerminal;
use ratatui::crossterm::event::{self, Event};
use ratatui::crossterm::{cursor, execute, terminal};
use ratatui::layout::Rect;
use signal_hook::consts::signal::{SIGCONT, SIGHUP, SIGINT, SIGTERM, SIGTSTP};
use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::time::{Instant, SystemTime, UNIX_EPOCH};
use xiangqi::{Game, Notation};

/// What wakes the loop. Anything running beside it (the input and signal threads, a
/// background worker) holds a [`Sender`] of these.
#[derive(Debug)]
pub enum Incoming {
    /// A key, click, paste or resize.
    Terminal(Event),
    /// The terminal could not be read: the game cannot go on.
    InputFailed(io::Error),
    /// A signal: SIGTERM, SIGHUP or SIGINT (leave), SIGTSTP (suspend) or SIGCONT (back).
    Signal(i32),
    /// A background worker's report, handed to [`App::update`] as it is.
    Report(Action),
}

/// How the loop ended.
enum Ending {
    /// A player quit.
    Quit,
    /// This signal asked the program to end.
    Signal(i32),
}

/// Plays `game` (read from a file if `record` says so) in the terminal until a player quits;
/// returns the game as it stands then, and the notation its moves were shown in. A SIGTERM,
/// SIGHUP or SIGINT from outside ends the program here, after the terminal is restored and
/// the summary printed, with exit code 128 + the signal's number.
///
/// # Errors
/// If standard output is not a terminal, or the terminal cannot be read or written.
pub fn run(game: Game, record: Option<Record>, options: Options) -> io::Result<(Game, Notation)> {
    run_with(game, record, options, None)
}

/// As [`run`], starting with the game picker of the file `path` (indexed as `index`).
///
/// # Errors
/// As [`run`].
pub fn run_picker(
    path: PathBuf,
    index: xiangqi::pgn::GameIndex,
    options: Options,
) -> io::Result<(Game, Notation)> {
    let start = Game::new(xiangqi::Position::start());
    run_with(start, None, options, Some((path, index)))
}

/// The games of the file `path`, indexed for the picker (tags only, no moves read).
///
/// # Errors
/// The file cannot be read or holds no game: what and where.
pub fn index_file(path: &std::path::Path) -> Result<xiangqi::pgn::GameIndex, String> {
    library::index_file(path)
}

/// A record holding only the players' names of a new game (`--red`, `--black`), if given.
#[must_use]
pub fn named(red: Option<&str>, black: Option<&str>) -> Option<Record> {
    app::review::named(red, black)
}

fn run_with(
    game: Game,
    record: Option<Record>,
    options: Options,
    picker: Option<(PathBuf, xiangqi::pgn::GameIndex)>,
) -> io::Result<(Game, Notation)> {
    if !io::stdout().is_terminal() {
        return Err(io::Error::other(
            "the game draws on a terminal, but standard output is not one",
        ));
    }
    let (tx, rx) = mpsc::channel();
    // Before the terminal is touched: a signal from now on is handled by the loop.
    let signals =
        listen_for_signals(tx.clone()).map_err(|e| context(e, "cannot listen for signals"))?;
    install_panic_hook();
    // `try_init` enters raw mode and the alternate screen, and adds a panic hook that leaves
    // them before ours (above) runs.
    let mut terminal = match ratatui::try_init() {
        Ok(t) => t,
        Err(e) => {
            restore_terminal();
            return Err(context(e, "cannot set up the terminal"));
        }
    };
    let resume_hint = record.is_none()
        && picker.is_none()
        && game.moves().is_empty()
        && !options.resumed
        && options.puzzle.is_none();
    let engine = options.engine.clone();
    let mut app = match record {
        Some(record) if options.resumed => App::resumed(game, record, options),
        Some(record) => App::loaded(game, record, options),
        None => App::new(game, options),
    };
    if let Some((path, index)) = picker {
        app = app.with_picker(path, library::Shared::new(index));
    }
    let state = autosave::folder();
    if let Some(folder) = &state {
        autosave::clean_stale(folder);
    }
    let result = set_mouse_reporting(true).and_then(|()| {
        let worker = worker::Worker::new(tx.clone(), engine);
        read_input(tx)?;
        EventLoop {
            terminal: &mut terminal,
            app: &mut app,
            incoming: rx,
            started: Instant::now(),
            state,
            worker,
        }
        .run(resume_hint)
    });
    // Whatever happened, give the terminal back before anything else is printed.
    restore_terminal();
    signals.close();
    match result {
        Ok(Ending::Quit) => Ok(app.into_game()),
        Ok(Ending::Signal(signal)) => {
            let glyphs = app.piece_glyphs();
            let (game, notation) = app.into_game();
            // The terminal may be gone (SIGHUP): then there is nobody to tell.
            let mut out = io::stdout().lock();
            for line in summary(&game, notation, glyphs) {
                if writeln!(out, "{line}").is_err() {
                    break;
                }
            }
            let _ = out.flush();
            std::process::exit(128 + signal);
        }
        Err(e) => Err(context(e, "the terminal failed during the game")),
    }
}

/// The last game, kept as it was played, to continue (`--resume`): at its last position with
/// its moves to take back; its clocks and notation are in the record's tags. Run it with
/// [`Options::resumed`] set.
///
/// # Errors
/// There is no such game, it has ended, or its file cannot be read: what and where.
pub fn resume_game() -> Result<(Game, Record), String> {
    let folder = autosave::folder().ok_or("--resume: no home folder to find the last game in")?;
    let path = autosave::path_in(&folder);
    let pgn = autosave::read(&folder)?.ok_or_else(|| {
        format!(
            "--resume: no game to continue ({} does not exist)",
            path.display()
        )
    })?;
    if !autosave::unfinished(&pgn) {
        return Err(format!(
            "--resume: the last game ({}) has ended or has no moves; start a new one",
            path.display()
        ));
    }
    Ok((pgn.to_game(), Record::of(&pgn)))
}

/// `e` with what was being done when it happened: a bare "Input/output error (os error 5)"
/// does not say that it was the terminal.
fn context(e: io::Error, doing: &str) -> io::Error {
    io::Error::new(e.kind(), format!("{doing}: {e}"))
}

/// Forwards the signals the game handles to the loop, from a thread of their own.
fn listen_for_signals(tx: Sender<Incoming>) -> io::Result<signal_hook::iterator::Handle> {
    let mut signals =
        signal_hook::iterator::Signals::new([SIGTERM, SIGHUP, SIGINT, SIGTSTP, SIGCONT])?;
    let handle = signals.handle();
    std::thread::Builder::new()
        .name("signals".into())
        .spawn(move || {
            for signal in signals.forever() {
                if tx.send(Incoming::Signal(signal)).is_err() {
                    break;
                }
            }
        })?;
    Ok(handle)
}

/// Reads terminal events on a thread of its own: blocked in a read, it costs no CPU.
fn read_input(tx: Sender<Incoming>) -> io::Result<()> {
    std::thread::Builder::new()
        .name("input".into())
        .spawn(move || {
            loop {
                let (incoming, last) = match event::read() {
                    Ok(event) => (Incoming::Terminal(event), false),
                    Err(e) => (Incoming::InputFailed(e), true),
                };
                if tx.send(incoming).is_err() || last {
                    break;
                }
            }
        })?;
    Ok(())
}

/// The loop's state: the terminal, the app, and the channel everything arrives on.
struct EventLoop<'a> {
    terminal: &'a mut DefaultTerminal,
    app: &'a mut App,
    incoming: Receiver<Incoming>,
    /// What [`Now::elapsed`] counts from.
    started: Instant,
    /// The folder the autosave goes to (none without a home folder).
    state: Option<PathBuf>,
    /// Runs the engine's searches.
    worker: worker::Worker,
}

impl EventLoop<'_> {
    /// Runs until the game is left; first says so if an unfinished game from before can be
    /// resumed and `resume_hint` asks for that.
    fn run(mut self, resume_hint: bool) -> io::Result<Ending> {
        let resumable = self
            .state
            .as_deref()
            .and_then(|f| autosave::read(f).ok().flatten())
            .is_some_and(|g| autosave::unfinished(&g));
        if resume_hint && resumable {
            self.dispatch(Action::ResumeAvailable)?;
        }
        if let Some(folder) = &self.state {
            let action = match puzzle::read_progress(folder) {
                Ok(progress) => Action::PuzzlesSolved(progress),
                Err(why) => Action::Engine(computer::Report {
                    id: 0,
                    kind: computer::ReportKind::Failed(why),
                }),
            };
            self.dispatch(action)?;
        }
        // The first tick starts a resumed game's clock (and draws the first frame).
        let now = self.now();
        self.dispatch(Action::Tick(now))?;
        loop {
            // Blocks until something happens; with a tick asked for, until then at the latest.
            let incoming = match self.app.next_tick() {
                None => self
                    .incoming
                    .recv()
                    .map_err(|_| RecvTimeoutError::Disconnected),
                Some(at) => {
                    let wait = at.saturating_sub(self.now().elapsed);
                    self.incoming.recv_timeout(wait)
                }
            };
            let ending = match incoming {
                Ok(Incoming::Terminal(event)) => self.on_event(&event)?,
                Ok(Incoming::InputFailed(e)) => return Err(e),
                Ok(Incoming::Signal(signal)) => self.on_signal(signal)?,
                Ok(Incoming::Report(action)) => self.dispatch(action)?,
                Err(RecvTimeoutError::Timeout) => {
                    let now = self.now();
                    self.dispatch(Action::Tick(now))?
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(io::Error::other("the terminal input stopped"));
                }
            };
            if let Some(ending) = ending {
                return Ok(ending);
            }
        }
    }

    fn now(&self) -> Now {
        let unix_secs = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(0));
        Now {
            elapsed: self.started.elapsed(),
            unix_secs,
        }
    }

    fn on_event(&mut self, event: &Event) -> io::Result<Option<Ending>> {
        let size = self.terminal.size()?;
        let layout =
            ScreenLayout::new(Rect::new(0, 0, size.width, size.height), self.app.flipped());
        let action = review::mouse_action(event, self.app, &layout)
            .or_else(|| input::action_for(event, self.app.mode(), &layout));
        match action {
            Some(action) => self.dispatch(action),
            None => {
                if matches!(event, Event::Resize(..)) {
                    self.draw()?;
                }
                Ok(None)
            }
        }
    }

    fn on_signal(&mut self, signal: i32) -> io::Result<Option<Ending>> {
        match signal {
            SIGTSTP => {
                self.suspend()?;
                Ok(None)
            }
            SIGCONT => {
                self.resume()?;
                Ok(None)
            }
            _ => Ok(self
                .dispatch(Action::Terminate)?
                .map(|_| Ending::Signal(signal))),
        }
    }

    /// Hands `action` to the app (after the time), performs the effects it returns, and
    /// redraws.
    fn dispatch(&mut self, action: Action) -> io::Result<Option<Ending>> {
        let mut queue = std::collections::VecDeque::from([action]);
        if !matches!(queue[0], Action::Tick(_)) {
            queue.push_front(Action::Tick(self.now()));
        }
        let mut quit = false;
        while let Some(action) = queue.pop_front() {
            for effect in self.app.update(action) {
                match effect {
                    Effect::Save { path, pgn, replace } => {
                        queue.push_back(Action::SaveDone(effect::save(&path, &pgn, replace)))
                    }
                    Effect::Autosave(pgn) => {
                        let written = match &self.state {
                            Some(folder) => autosave::write(folder, &pgn)
                                .map_err(|e| format!("{}: {e}", folder.display())),
                            None => Err("no home folder to keep it in".into()),
                        };
                        if let Err(why) = written {
                            queue.push_back(Action::AutosaveFailed(why));
                        }
                    }
                    Effect::Suspend => self.suspend()?,
                    Effect::Index(_) | Effect::ReadGame { .. } | Effect::Complete(_) => {
                        queue.extend(library::perform(effect));
                    }
                    Effect::Quit => {
                        self.worker.stop_all();
                        quit = true;
                    }
                    Effect::Think(request) => self.worker.think(*request),
                    Effect::StopThinking(id) => self.worker.stop(id),
                    Effect::KeepPuzzles(progress) => {
                        let kept = match &self.state {
                            Some(folder) => puzzle::write_progress(folder, &progress),
                            None => Err("no home folder to keep it in".into()),
                        };
                        if let Err(why) = kept {
                            queue.push_back(Action::Engine(computer::Report {
                                id: 0,
                                kind: computer::ReportKind::Failed(why),
                            }));
                        }
                    }
                }
            }
        }
        if quit {
            return Ok(Some(Ending::Quit));
        }
        self.draw()?;
        Ok(None)
    }

    /// Gives the terminal back and stops, as Ctrl-Z does elsewhere; the shell's `fg`
    /// continues here.
    fn suspend(&mut self) -> io::Result<()> {
        restore_terminal();
        signal_hook::low_level::emulate_default_handler(SIGTSTP)?;
        self.resume()
    }

    /// Back from a stop: the shell may have changed the terminal's modes and drawn over the
    /// screen, so set it up again and draw everything.
    fn resume(&mut self) -> io::Result<()> {
        terminal::enable_raw_mode()?;
        execute!(
            io::stdout(),
            terminal::EnterAlternateScreen,
            terminal::Clear(terminal::ClearType::All)
        )?;
        set_mouse_reporting(true)?;
        // A fresh `Terminal` knows nothing of what was on screen, so the next frame is drawn
        // whole. (`Terminal::clear` would ask the terminal where its cursor is, an answer the
        // input thread would take.)
        *self.terminal =
            ratatui::Terminal::new(ratatui::backend::CrosstermBackend::new(io::stdout()))?;
        self.draw()
    }

    fn draw(&mut self) -> io::Result<()> {
        draw(self.terminal, self.app)
    }
}

/// Leaves the terminal as it was found: mouse reporting off, the main screen back, the
/// cursor shown, raw mode off. Each step is tried even if one fails.
fn restore_terminal() {
    let _ = set_mouse_reporting(false);
    let _ = execute!(io::stdout(), terminal::LeaveAlternateScreen, cursor::Show);
    let _ = terminal::disable_raw_mode();
}

/// One frame; the terminal's cursor shows only on an open prompt (where an input method
/// composes).
fn draw(terminal: &mut DefaultTerminal, app: &App) -> io::Result<()> {
    terminal.draw(|frame| {
        frame.render_widget(app, frame.area());
        if let Some(cell) = render::prompt_cursor(app, frame.area()) {
            frame.set_cursor_position(cell);
        }
    })?;
    Ok(())
}

/// What is printed when the game closes: the final position's FEN, the moves as PGN
/// movetext in `notation` and `glyphs` (if any were played), and the result if the game has
/// ended.
#[must_use]
pub fn summary(game: &Game, notation: Notation, glyphs: PieceGlyphs) -> Vec<String> {
    let mut lines = vec![game.position().fen()];
    if !game.moves().is_empty() {
        lines.push(xiangqi::pgn::movetext(
            game.start(),
            game.moves(),
            notation,
            &xiangqi::NotationStyle {
                glyphs: glyphs.notation(),
                ..SCREEN_STYLE
            },
        ));
    }
    if let Some(outcome) = game.outcome() {
        lines.push(strings::result_line(outcome));
    }
    lines
}

/// Turns off mouse reporting on a panic, before the default hook prints the message.
/// Installed before ratatui's hook, which restores the rest of the terminal first.
fn install_panic_hook() {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let _ = set_mouse_reporting(false);
        previous(info);
    }));
}

/// Asks the terminal to report mouse button presses and releases only (mode 1000) in SGR
/// form (1006, unlimited coordinates). crossterm's `EnableMouseCapture` would also turn on
/// every-motion reports, waking the loop on each mouse movement for nothing.
fn set_mouse_reporting(on: bool) -> io::Result<()> {
    let mut out = io::stdout();
    let codes: &[u8] = if on {
        b"\x1b[?1000h\x1b[?1006h"
    } else {
        b"\x1b[?1006l\x1b[?1000l"
    };
    out.write_all(codes)?;
    out.flush()
}
