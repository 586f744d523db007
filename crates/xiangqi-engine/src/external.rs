//! Another engine as a child process — a UCI engine such as Pikafish or a UCCI engine such
//! as ElephantEye — driven like our own [`Searcher`]: the same [`Engine`] trait, the same
//! limits, stop flag and info callback, and every move it answers checked for legality.

mod said;

use super::{Info, Limits, Score, SearchResult, Searcher};
use said::{AfterUcci, after_ucci, multipv_offered, read_info};
use std::fmt;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, sync_channel};
use std::time::{Duration, Instant};
use xiangqi_rules::sanitize::{escape_controls, quoted};
use xiangqi_rules::{Game, Move};

/// What a UI plays or analyses with: our [`Searcher`] or an [`External`] engine.
pub trait Engine: Send {
    /// Searches the current position of `game` as [`Searcher::search`] does.
    ///
    /// # Errors
    /// For an external engine: it died, stopped answering or answered an illegal move.
    fn think(
        &mut self,
        game: &Game,
        limits: &Limits,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&Info),
    ) -> Result<SearchResult, ExternalError>;

    /// Forgets what it learned (a new game).
    ///
    /// # Errors
    /// For an external engine: writing to it failed.
    fn new_game(&mut self) -> Result<(), ExternalError>;
}

impl Engine for Searcher {
    fn think(
        &mut self,
        game: &Game,
        limits: &Limits,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&Info),
    ) -> Result<SearchResult, ExternalError> {
        Ok(self.search(game, limits, stop, on_info))
    }

    fn new_game(&mut self) -> Result<(), ExternalError> {
        self.clear();
        Ok(())
    }
}

/// The protocol an external engine speaks.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Protocol {
    /// UCI with ICCS squares (Pikafish and its GUIs).
    Uci,
    /// UCCI (ElephantEye and the engines of XQWizard).
    Ucci,
}

/// Why an external engine could not be used.
#[derive(Debug)]
pub enum ExternalError {
    /// The command line was empty.
    NoCommand,
    /// The program could not be started.
    Spawn {
        /// The command line, as a message may show it.
        command: String,
        /// Why it could not.
        error: io::Error,
    },
    /// It answered neither `ucci` nor `uci` in time.
    Handshake {
        /// The command line, as a message may show it.
        command: String,
    },
    /// It closed its output (crashed or quit).
    Died {
        /// The command line, as a message may show it.
        command: String,
    },
    /// Writing to it failed.
    Io {
        /// The command line, as a message may show it.
        command: String,
        /// Why the write failed.
        error: io::Error,
    },
    /// It did not name a move in time after being told to stop.
    NoAnswer {
        /// The command line, as a message may show it.
        command: String,
    },
    /// Its move is not legal in the position (or not a move at all). `answer` is what it
    /// named, as a message may show it: at most 40 characters, its control
    /// characters written as escapes (an engine, perhaps on another machine, could otherwise
    /// set the clipboard or clear the screen of whoever reads the message).
    IllegalMove {
        /// The command line, as a message may show it.
        command: String,
        /// What it named.
        answer: String,
    },
    /// It writes more than any engine needs to (lines without end, or thousands a second):
    /// stopped before it fills the memory.
    Flooding {
        /// The command line, as a message may show it.
        command: String,
    },
    /// Its command line does not split into words (an unclosed quote).
    BadCommand {
        /// The command line, as a message may show it.
        command: String,
    },
}

impl ExternalError {
    /// The command line it is about, if any.
    fn command(&self) -> Option<&str> {
        match self {
            ExternalError::NoCommand => None,
            ExternalError::Spawn { command, .. }
            | ExternalError::Handshake { command }
            | ExternalError::Died { command }
            | ExternalError::Io { command, .. }
            | ExternalError::NoAnswer { command }
            | ExternalError::IllegalMove { command, .. }
            | ExternalError::Flooding { command }
            | ExternalError::BadCommand { command } => Some(command),
        }
    }
}

impl fmt::Display for ExternalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The command is the player's, but it is shown on a terminal too: an escape typed
        // into it is shown, not obeyed.
        let command = escape_controls(self.command().unwrap_or(""));
        match self {
            ExternalError::NoCommand => f.write_str("no engine command given"),
            ExternalError::Spawn { error, .. } => {
                write!(f, "cannot start engine '{command}': {error}")
            }
            ExternalError::Handshake { .. } => write!(
                f,
                "engine '{command}' answered neither 'ucci' nor 'uci' within a few seconds"
            ),
            ExternalError::Died { .. } => write!(f, "engine '{command}' has quit"),
            ExternalError::Io { error, .. } => {
                write!(f, "cannot write to engine '{command}': {error}")
            }
            ExternalError::NoAnswer { .. } => {
                write!(
                    f,
                    "engine '{command}' named no move after being told to stop"
                )
            }
            ExternalError::Flooding { .. } => write!(
                f,
                "engine '{command}' floods its output (a line over {} KiB or over {FLOOD_LINES} lines a second): stopped",
                MAX_LINE / 1024
            ),
            ExternalError::BadCommand { .. } => {
                write!(f, "the engine command '{command}' has an unclosed quote")
            }
            // Escaped and cut where it was read (see `IllegalMove`).
            ExternalError::IllegalMove { answer, .. } => {
                write!(
                    f,
                    "engine '{command}' answered '{answer}', which is not a legal move here"
                )
            }
        }
    }
}

impl std::error::Error for ExternalError {}

/// The words of an engine's command line as [`External::spawn`] runs it: the program, then
/// its arguments (split as a shell does; quotes and backslashes keep spaces inside a word).
/// A command line can be checked with it before the engine is needed.
///
/// # Errors
/// An unclosed quote ([`ExternalError::BadCommand`]) or no word at all, an empty or blank
/// command ([`ExternalError::NoCommand`]).
pub fn command_words(command: &str) -> Result<Vec<String>, ExternalError> {
    let words = shell_words::split(command).map_err(|_| ExternalError::BadCommand {
        command: command.to_string(),
    })?;
    if words.is_empty() {
        return Err(ExternalError::NoCommand);
    }
    Ok(words)
}

/// A line of an engine's output, as its reader thread hands it over.
#[derive(Debug)]
enum Said {
    /// A line (without its end).
    Line(String),
    /// A line longer than [`MAX_LINE`]: the reader stopped there.
    TooLong,
}

/// The most characters of an engine's answer a message shows: a move is four.
const ANSWER_QUOTED: usize = 40;
/// The most characters of an engine's name kept.
const NAME_QUOTED: usize = 80;
/// The longest line an engine may write.
const MAX_LINE: usize = 64 * 1024;
/// Lines read ahead of the search: an engine writing faster waits (its pipe fills), so
/// what it writes never piles up in memory.
const LINE_QUEUE: usize = 256;
/// More lines than this in one second is a flood, not a search.
const FLOOD_LINES: u32 = 20_000;
/// How long an engine that was given a move time may take past it to answer.
const LATE_GRACE: Duration = Duration::from_secs(1);

/// A running external engine.
#[derive(Debug)]
pub struct External {
    command: String,
    child: Child,
    input: ChildStdin,
    lines: Receiver<Said>,
    protocol: Protocol,
    name: Option<String>,
    /// The most lines it said it can find at once (`option name MultiPV … max N`); 1 if it
    /// did not offer MultiPV.
    multipv_max: usize,
    /// The MultiPV it was last told (1, its default, until told otherwise).
    multipv: usize,
}

/// How long a stopped engine may take to answer.
const PATIENCE: Duration = Duration::from_secs(5);
/// How long each hello (`ucci`, then `uci`) waits for a sign of its answer.
const HELLO_WAIT: Duration = Duration::from_secs(2);

impl External {
    /// Starts `command` (a program and its arguments, split into words as a shell does:
    /// quotes and backslashes keep spaces inside a word; nothing else of a shell happens)
    /// and finds out which protocol it speaks: `ucci` is tried first (ElephantEye quits on
    /// anything else), then, as soon as the engine shows it will not answer that, `uci`.
    ///
    /// # Errors
    /// The program cannot be started, or answers neither protocol.
    pub fn spawn(command: &str) -> Result<External, ExternalError> {
        let words = command_words(command)?;
        let (program, args) = words.split_first().ok_or(ExternalError::NoCommand)?;
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|error| ExternalError::Spawn {
                command: command.to_string(),
                error,
            })?;
        let (Some(input), Some(output)) = (child.stdin.take(), child.stdout.take()) else {
            return Err(ExternalError::Handshake {
                command: command.to_string(),
            });
        };
        let (tx, lines) = sync_channel(LINE_QUEUE);
        std::thread::spawn(move || {
            let mut reader = BufReader::new(output);
            let mut buf = Vec::new();
            loop {
                buf.clear();
                let limit = u64::try_from(MAX_LINE).unwrap_or(u64::MAX) + 1;
                match reader.by_ref().take(limit).read_until(b'\n', &mut buf) {
                    Ok(0) | Err(_) => break,
                    Ok(_) if buf.len() > MAX_LINE => {
                        let _ = tx.send(Said::TooLong);
                        break;
                    }
                    Ok(_) => {
                        let text = String::from_utf8_lossy(&buf);
                        let line = text.trim_end_matches(['\n', '\r']).to_string();
                        if tx.send(Said::Line(line)).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        let mut engine = External {
            command: command.to_string(),
            child,
            input,
            lines,
            protocol: Protocol::Ucci,
            name: None,
            multipv_max: 1,
            multipv: 1,
        };
        engine.handshake()?;
        Ok(engine)
    }

    /// Finds out which protocol it speaks. `ucci` goes first, as ElephantEye reads nothing
    /// else as its first line, and `isready` right after it, which both protocols answer
    /// with `readyok`: an engine reads its lines in order, so a `readyok` (or a complaint
    /// that `ucci` is unknown) before any `ucciok` says it has read `ucci` and will not
    /// answer it. Only then is `uci` sent — a UCI engine is not kept waiting for an answer
    /// that never comes, and an engine that speaks both (Fairy-Stockfish) stays in the one
    /// it answered, where a second hello would switch it over. An engine silent all along
    /// is sent `uci` after [`HELLO_WAIT`].
    fn handshake(&mut self) -> Result<(), ExternalError> {
        self.send("ucci")?;
        self.send("isready")?;
        let mut heard = AfterUcci::Listen;
        self.listen(HELLO_WAIT, |line| {
            heard = after_ucci(line);
            heard != AfterUcci::Listen
        })?;
        if heard == AfterUcci::Ucci {
            self.protocol = Protocol::Ucci;
            return Ok(());
        }
        self.send("uci")?;
        if self.listen(HELLO_WAIT, |line| line.trim_start().starts_with("uciok"))? {
            self.protocol = Protocol::Uci;
            return Ok(());
        }
        Err(ExternalError::Handshake {
            command: self.command.clone(),
        })
    }

    /// The protocol it speaks.
    #[must_use]
    pub fn protocol(&self) -> Protocol {
        self.protocol
    }

    /// How many principal variations it can find at once: what its `MultiPV` option allows
    /// (at most [`MAX_MULTIPV`](super::MAX_MULTIPV)), 1 if it has none.
    #[must_use]
    pub fn multipv_max(&self) -> usize {
        self.multipv_max
    }

    /// The name it gave (`id name …`), if any, as a screen may show it: at most 80
    /// characters, control characters written as escapes.
    #[must_use]
    pub fn name(&self) -> Option<&str> {
        self.name.as_deref()
    }

    fn send(&mut self, line: &str) -> Result<(), ExternalError> {
        writeln!(self.input, "{line}")
            .and_then(|()| self.input.flush())
            .map_err(|error| ExternalError::Io {
                command: self.command.clone(),
                error,
            })
    }

    /// Reads lines, noting its name and the lines it offers, until `done` says one ends the
    /// wait (true) or `within` passes (false).
    fn listen(
        &mut self,
        within: Duration,
        mut done: impl FnMut(&str) -> bool,
    ) -> Result<bool, ExternalError> {
        let deadline = Instant::now() + within;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(Said::TooLong) => return Err(self.flooding()),
                Ok(Said::Line(line)) => {
                    if let Some(name) = line.strip_prefix("id name ") {
                        self.name = Some(quoted(name.trim(), NAME_QUOTED));
                    }
                    if let Some(max) = multipv_offered(&line) {
                        self.multipv_max = max;
                    }
                    if done(&line) {
                        return Ok(true);
                    }
                }
                Err(RecvTimeoutError::Timeout) => return Ok(false),
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(ExternalError::Died {
                        command: self.command.clone(),
                    });
                }
            }
        }
    }

    fn flooding(&self) -> ExternalError {
        ExternalError::Flooding {
            command: self.command.clone(),
        }
    }

    /// Forgets what the engine said before this search (a late answer to the last one).
    fn drain(&mut self) {
        while let Ok(said) = self.lines.try_recv() {
            if matches!(said, Said::TooLong) {
                break;
            }
        }
    }

    /// The `position` command: UCI gets the whole game, UCCI the position after the last
    /// capture and the moves since (what UCCI engines expect).
    fn position_command(&self, game: &Game) -> String {
        let positions = game.positions();
        let n = positions.len() - 1;
        let back = match self.protocol {
            Protocol::Uci => n,
            Protocol::Ucci => (positions[n].halfmove_clock() as usize).min(n),
        };
        let mut cmd = format!("position fen {}", positions[n - back].fen());
        if back > 0 {
            cmd.push_str(" moves");
            for m in &game.moves()[n - back..] {
                cmd.push(' ');
                cmd.push_str(&m.to_string());
            }
        }
        cmd
    }

    fn go_command(&self, game: &Game, limits: &Limits) -> String {
        let mut cmd = String::from("go");
        let ms = |d: Duration| d.as_millis();
        match self.protocol {
            Protocol::Uci => {
                if let Some(d) = limits.depth {
                    cmd += &format!(" depth {d}");
                }
                if let Some(n) = limits.nodes {
                    cmd += &format!(" nodes {n}");
                }
                if let Some(t) = limits.movetime {
                    cmd += &format!(" movetime {}", ms(t));
                }
                if let Some(c) = limits.clock {
                    let side = if game.position().turn() == xiangqi_rules::Color::Red {
                        "w"
                    } else {
                        "b"
                    };
                    cmd += &format!(" {side}time {} {side}inc {}", ms(c.time), ms(c.increment));
                    if let Some(m) = c.moves_to_go {
                        cmd += &format!(" movestogo {m}");
                    }
                }
                if cmd == "go" {
                    cmd += " infinite";
                }
            }
            Protocol::Ucci => {
                // UCCI takes one mode: time first, then depth, then nodes.
                if let Some(t) = limits.movetime {
                    cmd += &format!(" time {} movestogo 1", ms(t));
                } else if let Some(c) = limits.clock {
                    cmd += &format!(" time {}", ms(c.time));
                    match c.moves_to_go {
                        Some(m) => cmd += &format!(" movestogo {m}"),
                        None => cmd += &format!(" increment {}", ms(c.increment)),
                    }
                } else if let Some(d) = limits.depth {
                    cmd += &format!(" depth {d}");
                } else if let Some(n) = limits.nodes {
                    cmd += &format!(" nodes {n}");
                } else {
                    cmd += " depth 64";
                }
            }
        }
        cmd
    }
}

impl Engine for External {
    fn think(
        &mut self,
        game: &Game,
        limits: &Limits,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&Info),
    ) -> Result<SearchResult, ExternalError> {
        let start = Instant::now();
        let pos = game.position();
        if !pos.has_legal_moves() {
            return Ok(SearchResult::no_move());
        }
        self.drain();
        // The lines asked for, as far as it offers them (one if it does not).
        let lines = limits.lines().min(self.multipv_max);
        if lines != self.multipv {
            self.send(&format!("setoption name MultiPV value {lines}"))?;
            self.multipv = lines;
        }
        let position = self.position_command(game);
        self.send(&position)?;
        let go = self.go_command(game, limits);
        self.send(&go)?;
        let mut last: Option<Info> = None;
        // When it was told to stop, and how long it then has to answer: a stop asked for
        // gets the usual patience; an engine past its move time gets a second.
        let mut stopped_at: Option<(Instant, Duration)> = None;
        let due = limits.movetime.and_then(|t| start.checked_add(t));
        let mut flood = FloodMeter::default();
        loop {
            if stopped_at.is_none() {
                if stop.load(Ordering::Relaxed) {
                    self.send("stop")?;
                    stopped_at = Some((Instant::now(), PATIENCE));
                } else if due.is_some_and(|d| Instant::now() >= d) {
                    self.send("stop")?;
                    stopped_at = Some((Instant::now(), LATE_GRACE));
                }
            }
            if stopped_at.is_some_and(|(t, patience)| t.elapsed() > patience) {
                return Err(ExternalError::NoAnswer {
                    command: self.command.clone(),
                });
            }
            let line = match self.lines.recv_timeout(Duration::from_millis(2)) {
                Ok(Said::Line(line)) => line,
                Ok(Said::TooLong) => return Err(self.flooding()),
                Err(RecvTimeoutError::Timeout) => continue,
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(ExternalError::Died {
                        command: self.command.clone(),
                    });
                }
            };
            if flood.counts_too_many() {
                return Err(self.flooding());
            }
            if line.starts_with("info ") {
                if let Some(info) = read_info(&line, start, pos) {
                    on_info(&info);
                    // The result is the best line's.
                    if info.multipv == 1 {
                        last = Some(info);
                    }
                }
                continue;
            }
            let answer = if let Some(rest) = line.strip_prefix("bestmove ") {
                rest.split_whitespace().next().unwrap_or("").to_string()
            } else if line.starts_with("nobestmove") {
                String::new()
            } else {
                continue;
            };
            // Stopped before it found anything (`nobestmove`): the start of its last
            // principal variation, else the first legal move, rather than no move.
            let fallback = || {
                last.as_ref()
                    .and_then(|i| i.pv.first().copied())
                    .filter(|&m| pos.is_legal(m))
                    .or_else(|| pos.legal_moves().first().copied())
            };
            let best = if answer.is_empty() && stopped_at.is_some() {
                fallback()
            } else {
                answer.parse::<Move>().ok().filter(|&m| pos.is_legal(m))
            }
            .ok_or_else(|| ExternalError::IllegalMove {
                command: self.command.clone(),
                answer: quoted(&answer, ANSWER_QUOTED),
            })?;
            let (score, depth, nodes, mut pv) = last
                .map_or((Score::Cp(0), 0, 0, Vec::new()), |i| {
                    (i.score, i.depth, i.nodes, i.pv)
                });
            if pv.first() != Some(&best) {
                pv = vec![best];
            }
            return Ok(SearchResult {
                best: Some(best),
                score,
                depth,
                nodes,
                time: start.elapsed(),
                pv,
            });
        }
    }

    fn new_game(&mut self) -> Result<(), ExternalError> {
        match self.protocol {
            Protocol::Uci => self.send("ucinewgame"),
            // UCCI has no such command; the next position replaces everything.
            Protocol::Ucci => Ok(()),
        }
    }
}

/// Counts an engine's lines a second, to tell a search from a flood.
#[derive(Debug)]
struct FloodMeter {
    since: Instant,
    lines: u32,
}

impl Default for FloodMeter {
    fn default() -> FloodMeter {
        FloodMeter {
            since: Instant::now(),
            lines: 0,
        }
    }
}

impl FloodMeter {
    /// One more line: is that more than [`FLOOD_LINES`] in the last second?
    fn counts_too_many(&mut self) -> bool {
        if self.since.elapsed() >= Duration::from_secs(1) {
            *self = FloodMeter::default();
        }
        self.lines += 1;
        self.lines > FLOOD_LINES
    }
}

impl Drop for External {
    fn drop(&mut self) {
        let _ = self.send("quit");
        // Give it a moment to quit on its own, then make sure.
        let deadline = Instant::now() + Duration::from_millis(200);
        while Instant::now() < deadline {
            if matches!(self.child.try_wait(), Ok(Some(_))) {
                return;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
