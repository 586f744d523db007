//! The event loop: waits on one channel for input, signals, ticks and workers' reports,
//! hands each to the app, performs the effects it returns, and draws.

use crate::tui::input;
use crate::tui::run::host::host;
use crate::tui::run::incoming::{Incoming, wait_for};
use crate::tui::run::network::{Network, shown_address};
use crate::tui::run::perform;
use crate::tui::run::slot_choice::{self, slot_notice};
use crate::tui::run::terminal::{restore_terminal, set_input_modes};
use crate::tui::state::action::DoorReport;
use crate::tui::state::action::{Action, Now};
use crate::tui::state::app::App;
use crate::tui::state::computer::search::{Report, ReportKind};
use crate::tui::state::effect::Effect;
use crate::tui::state::effect::NetChoice;
use crate::tui::state::net::NetPlay;
use crate::tui::state::net::NetReport;
use crate::tui::store::slot::{Clear, Slot, SlotError};
use crate::tui::store::{autosave, progress};
use ratatui::DefaultTerminal;
use ratatui::crossterm::event::Event;
use ratatui::crossterm::{execute, terminal};
use ratatui::layout::Rect;
use signal_hook::consts::signal::{SIGCONT, SIGTSTP};
use std::collections::VecDeque;
use std::io::{self, Write as _};
use std::net::{TcpListener, ToSocketAddrs};
use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, RecvTimeoutError};
use std::time::Instant;
use xiangqi_net::code::JoinCode;
use xiangqi_net::handshake::Role;
use xiangqi_net::message::Sync;
use xiangqi_net::table::Table;
use xiangqi_rules::Game;

/// How the loop ended.
pub(crate) enum Ending {
    /// A player quit.
    Quit,
    /// This signal asked the program to end.
    Signal(i32),
}

/// The loop's state: the terminal, the app, and the channel everything arrives on.
pub(crate) struct EventLoop<'a> {
    pub(crate) terminal: &'a mut DefaultTerminal,
    pub(crate) app: &'a mut App,
    pub(crate) incoming: Receiver<Incoming>,
    /// What [`Now::elapsed`] counts from.
    pub(crate) started: Instant,
    /// The folder the autosave goes to (none without a home folder).
    pub(crate) state: Option<PathBuf>,
    /// The autosave this game owns (or why it has none).
    pub(crate) slot: Result<Slot, SlotError>,
    /// The last autosave could not be written (the app was told; a good one tells it too).
    pub(crate) autosave_failing: bool,
    /// What the message line says of a network game's autosave once the connection's first
    /// report (the host's code, the guest's game) has taken the line.
    pub(crate) net_notice: Option<String>,
    /// A guest whose autosave is chosen when the host's game arrives: until then nothing is
    /// known of the game, and nothing is written.
    pub(crate) guest_slot_open: bool,
    /// Runs the engine's searches.
    pub(crate) worker: crate::tui::run::worker::Worker,
    /// Annotates games in the background.
    pub(crate) annotator: crate::tui::run::annotator::Annotator,
    /// The connection of a network game.
    pub(crate) network: Option<Network>,
    /// Where the connection of a network game started from the menu reports.
    pub(crate) reports: std::sync::mpsc::Sender<Incoming>,
}

impl EventLoop<'_> {
    /// Runs until the game is left; first says so if an unfinished game from before can be
    /// resumed and `resume_hint` asks for that.
    pub(crate) fn run(mut self, resume_hint: bool) -> io::Result<Ending> {
        let resumable = self
            .slot
            .as_ref()
            .ok()
            .and_then(|slot| autosave::read(&slot.path()).ok().flatten())
            .is_some_and(|g| autosave::unfinished(&g));
        if resume_hint && resumable {
            self.dispatch(Action::ResumeAvailable)?;
        }
        if let Some(folder) = &self.state {
            let action = progress_at_start(folder, &self.slot);
            self.dispatch(action)?;
        }
        // The first tick starts a resumed game's clock (and draws the first frame).
        let now = self.now();
        self.dispatch(Action::Tick(now))?;
        loop {
            // Blocks until something happens; with a tick asked for, until then at the latest.
            let incoming = wait_for(&self.incoming, self.app.next_tick(), self.now().elapsed);
            let ending = match incoming {
                Ok(Incoming::Terminal(event)) => self.on_event(&event)?,
                Ok(Incoming::InputFailed(e)) => return Err(e),
                Ok(Incoming::Signal(signal)) => self.on_signal(signal)?,
                Ok(Incoming::Report(action)) => self.on_report(action)?,
                // The board's loop holds no club session.
                #[cfg(feature = "online")]
                Ok(Incoming::Club(_)) => None,
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
        crate::tui::run::terminal::now_since(self.started)
    }

    fn on_event(&mut self, event: &Event) -> io::Result<Option<Ending>> {
        let size = self.terminal.size()?;
        let screen = Rect::new(0, 0, size.width, size.height);
        match input::action_on_screen(event, self.app, screen) {
            Some(action) => self.dispatch(action),
            None => {
                if matches!(event, Event::Resize(..)) {
                    self.draw()?;
                }
                Ok(None)
            }
        }
    }

    /// A worker's or the connection's report. The host's game, when it first reaches a
    /// guest, is kept in a slot that holds no unfinished game of another (before the app,
    /// which writes it at once, sees it); where it is kept is said after the report.
    fn on_report(&mut self, action: Action) -> io::Result<Option<Ending>> {
        let first_word = matches!(
            &action,
            Action::Net(NetReport::Listening(_) | NetReport::Synced(_))
        );
        if let Action::Net(NetReport::Synced(sync)) = &action
            && std::mem::take(&mut self.guest_slot_open)
        {
            self.slot_for_guest(sync);
        }
        let ending = self.dispatch(action)?;
        match self.net_notice.take() {
            Some(notice) if first_word && ending.is_none() => self.dispatch(Action::Notice(notice)),
            kept => {
                self.net_notice = kept;
                Ok(ending)
            }
        }
    }

    /// The guest's autosave for the host's game `sync`: the slot it holds, or one that
    /// keeps this game or nothing (see [`slot_choice`]); what is to be said of it.
    fn slot_for_guest(&mut self, sync: &Sync) {
        let held = std::mem::replace(&mut self.slot, Err(SlotError::NoHome));
        let held_number = held.as_ref().ok().map(Slot::number);
        let (slot, passed) = match slot_choice::for_synced(self.state.as_deref(), held, sync) {
            Ok(Clear { slot, passed }) => (Ok(slot), passed),
            Err(why) => (Err(why), Vec::new()),
        };
        if let Ok(slot) = &slot
            && Some(slot.number()) != held_number
        {
            autosave::clean_stale(&slot.path());
        }
        self.net_notice = slot_notice(self.app.lang(), &slot, &passed);
        self.slot = slot;
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
                quit |= self.perform(effect, &mut queue)?;
            }
        }
        if quit {
            return Ok(Some(Ending::Quit));
        }
        self.draw()?;
        Ok(None)
    }

    /// Performs one effect; what came of it joins `queue` as an action. True to quit.
    fn perform(&mut self, effect: Effect, queue: &mut VecDeque<Action>) -> io::Result<bool> {
        match effect {
            Effect::Save {
                path,
                contents,
                replace,
            } => {
                queue.push_back(Action::SaveDone(perform::save(&path, &contents, replace)));
            }
            Effect::Autosave(pgn) => {
                let written = match &self.slot {
                    Ok(slot) => autosave::write(&slot.path(), &pgn).map_err(|e| e.to_string()),
                    Err(why) => Err(why.to_string()),
                };
                match written {
                    Err(why) => {
                        self.autosave_failing = true;
                        queue.push_back(Action::AutosaveFailed(why));
                    }
                    Ok(()) if self.autosave_failing => {
                        self.autosave_failing = false;
                        queue.push_back(Action::AutosaveKept);
                    }
                    Ok(()) => {}
                }
            }
            Effect::Suspend => self.suspend()?,
            Effect::Index(_)
            | Effect::ReadGame { .. }
            | Effect::Complete(_)
            | Effect::SaveSettings(_)
            | Effect::ReplaceConfig(_) => {
                queue.extend(perform::perform(effect));
            }
            Effect::Bell => {
                let mut out = io::stdout();
                out.write_all(b"\x07")?;
                out.flush()?;
            }
            Effect::Resume => queue.push_back(self.resume_from_menu()),
            Effect::PlayJieqi => {
                let look = crate::tui::jieqi::state::JieqiLook {
                    lang: self.app.lang(),
                    ascii: self.app.ascii_pieces(),
                    glyphs: self.app.piece_glyphs(),
                    theme: *self.app.theme(),
                };
                let level = self.app.computer().level();
                let ending =
                    crate::tui::jieqi::run::from_menu(self.terminal, &self.incoming, look, level)?;
                if let crate::tui::jieqi::run::JieqiEnding::Signal(signal) = ending {
                    // Handled by this loop as any signal is.
                    let _ = self.reports.send(Incoming::Signal(signal));
                }
            }
            Effect::Network(choice) => queue.push_back(self.start_network(choice)),
            Effect::Threads(threads) => {
                let threads = threads.unwrap_or_else(xiangqi_engine::default_threads);
                self.worker.set_threads(threads);
                self.annotator.set_threads(threads);
            }
            Effect::Quit => {
                self.worker.stop_all();
                self.annotator.stop_all();
                if let Some(network) = &self.network {
                    network.stop();
                }
                return Ok(true);
            }
            Effect::Think(request) => self.worker.think(*request),
            Effect::StopThinking(id) => self.worker.stop(id),
            Effect::Annotate(request) => self.annotator.start(*request),
            Effect::Net(message) => {
                if let Some(network) = &self.network {
                    network.send(message);
                }
            }
            Effect::StopAnnotating(id) => self.annotator.stop(id),
            Effect::Clipboard(text) => crate::tui::run::clipboard::copy(&mut io::stdout(), &text)?,
            Effect::KeepPuzzles(solved) => {
                let kept = match &self.state {
                    Some(folder) => {
                        progress::write_progress(folder, &solved).map_err(|e| e.to_string())
                    }
                    None => Err("no home folder to keep it in".into()),
                };
                if let Err(why) = kept {
                    queue.push_back(engine_failed(why));
                }
            }
        }
        Ok(false)
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
        set_input_modes()?;
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

/// One frame; the terminal's cursor shows only on an open prompt (where an input method
/// composes).
pub(crate) fn draw(terminal: &mut DefaultTerminal, app: &App) -> io::Result<()> {
    terminal.draw(|frame| {
        frame.render_widget(app, frame.area());
        if let Some(cell) = crate::tui::view::message_line::prompt_cursor(app, frame.area()) {
            frame.set_cursor_position(cell);
        }
    })?;
    Ok(())
}

/// What the game first hears of the puzzles solved, kept in the state folder `folder`:
/// none, without a word, when this game's slot found that folder unusable (the start's
/// notice says so, naming it: no puzzle was touched); else the progress, or why it cannot
/// be read.
fn progress_at_start(folder: &Path, slot: &Result<Slot, SlotError>) -> Action {
    match progress::read_progress(folder) {
        Ok(progress) => Action::PuzzlesSolved(progress),
        Err(_) if matches!(slot, Err(SlotError::Folder { .. })) => {
            Action::PuzzlesSolved(progress::Progress::default())
        }
        Err(why) => engine_failed(why.to_string()),
    }
}

/// A failure reported as the engine's worker reports one (id 0: no search), which the
/// computer's part of the app shows.
fn engine_failed(why: String) -> Action {
    Action::Engine(Report {
        id: 0,
        kind: ReportKind::Failed(why),
    })
}

impl EventLoop<'_> {
    /// The network game chosen on the menu. A host binds its port (a port in use is said on
    /// the menu), takes a slot whose autosave keeps no unfinished game (where it is kept is
    /// said once its code shows) and starts waiting; a guest dials, its slot chosen when the
    /// host's game arrives, as `xiangqi host` and `xiangqi join` do.
    pub(crate) fn start_network(&mut self, choice: NetChoice) -> Action {
        let failed = |why: String| Action::Door(DoorReport::NetFailed(why));
        if self.network.is_some() {
            return failed("a network game is on already".into());
        }
        match choice {
            NetChoice::Host { listen, side } => {
                let addr = match listen.to_socket_addrs().map(|mut all| all.next()) {
                    Ok(Some(addr)) => addr,
                    Ok(None) => return failed(listen),
                    Err(e) => return failed(format!("{listen}: {e}")),
                };
                let bound = TcpListener::bind(addr).and_then(|l| Ok((l.local_addr()?, l)));
                let (bound, listener) = match bound {
                    Ok(bound) => bound,
                    Err(e) => return failed(format!("{addr}: {e}")),
                };
                let code = match JoinCode::random() {
                    Ok(code) => code,
                    Err(e) => return failed(e.to_string()),
                };
                let (slot, passed) = match slot_choice::for_new_host(self.state.as_deref()) {
                    Ok(Clear { slot, passed }) => (Ok(slot), passed),
                    Err(why) => (Err(why), Vec::new()),
                };
                if let Ok(slot) = &slot {
                    crate::tui::store::autosave::clean_stale(&slot.path());
                }
                self.net_notice = slot_choice::slot_notice(self.app.lang(), &slot, &passed);
                self.slot = slot;
                let table = Table::new(&Game::default(), side, Role::Host);
                let names = (String::new(), String::new());
                let reports = self.reports.clone();
                self.network = Some(host(
                    listener,
                    shown_address(bound),
                    code,
                    table,
                    names,
                    reports,
                ));
                Action::Door(DoorReport::NetStarted(NetPlay::host(side)))
            }
            NetChoice::Join { address, code } => {
                self.guest_slot_open = true;
                self.network = Some(Network::join(address, code, self.reports.clone()));
                Action::Door(DoorReport::NetStarted(NetPlay::guest()))
            }
            NetChoice::Club { address, name } => self.club(&address, &name),
        }
    }
}

impl EventLoop<'_> {
    /// The club's lobby chosen on the menu: it takes the screen until the player leaves it,
    /// then the menu is back (saying why, if the server could not be reached).
    #[cfg(feature = "online")]
    fn club(&mut self, address: &str, name: &str) -> Action {
        let app = &self.app;
        let look = (app.lang(), app.ascii_pieces(), app.ascii_marks());
        let lobby = crate::tui::lobby::run::from_menu(
            self.terminal,
            (&self.reports, &self.incoming),
            (address, name),
            look,
        );
        match lobby {
            Ok(()) => Action::Tick(self.now()),
            Err(why) => Action::Door(DoorReport::NetFailed(format!("{address}: {why}"))),
        }
    }

    /// Without the club's client, the menu says how to build it.
    #[cfg(not(feature = "online"))]
    fn club(&mut self, _address: &str, _name: &str) -> Action {
        Action::Door(DoorReport::NetFailed(
            "this xiangqi was built without the club's client (cargo build --features online)"
                .into(),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::{Action, Slot, progress_at_start};

    #[test]
    fn an_unusable_state_folder_is_not_said_to_have_lost_puzzle_progress() {
        let dir = tempfile::tempdir().expect("temporary folder");
        let plain = dir.path().join("state");
        std::fs::write(&plain, "").expect("written");
        let folder = plain.join("xiangqi");
        let slot = Slot::take_free(&folder);
        assert!(slot.is_err());
        let heard = progress_at_start(&folder, &slot);
        assert!(
            matches!(&heard, Action::PuzzlesSolved(p) if p.is_empty()),
            "{heard:?}"
        );
        // A progress file that cannot be read in a folder that works is still said.
        let folder = dir.path().join("good");
        let slot = Slot::take_free(&folder);
        std::fs::create_dir(folder.join("puzzles.txt")).expect("a folder in its place");
        let heard = progress_at_start(&folder, &slot);
        assert!(matches!(heard, Action::Engine(_)), "{heard:?}");
    }
}
