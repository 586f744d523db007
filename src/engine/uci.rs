//! The UCI protocol as Pikafish speaks it for xiangqi (ICCS points such as `h2e2`, rank 0 on
//! red's side), over any reader and writer: `xiangqi uci` runs it on stdin and stdout.
//!
//! Each line is read into a [`Command`] once; a malformed or unknown one is answered with
//! `info string` saying why ([`UciError`]) and otherwise ignored. The search runs on its own
//! thread, so `stop`, `isready` and `quit` are answered while it thinks. At the end of the
//! input a search still under way after 100 ms is stopped (its `bestmove` is still printed)
//! and the session ends; an output that can no longer be written (the GUI has gone) stops
//! the search at once and ends the session at the next line read.

use super::{Clock, Info, Limits, MAX_MULTIPV, MAX_THREADS, Searcher, bench};
use crate::{FenError, Game, IllegalMove, Move, ParseMoveError, Position};
use std::io::{self, BufRead, Write};
use std::num::IntErrorKind;
use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::{self, Scope, ScopedJoinHandle};
use std::time::Duration;
use thiserror::Error;

/// Default transposition table size in MiB.
pub const DEFAULT_HASH_MB: usize = 64;
const MAX_HASH_MB: usize = 4096;
/// How long a search may go on once the input has ended before it is stopped.
const END_GRACE: Duration = Duration::from_millis(100);

/// What a line of UCI input asks for.
#[derive(Clone, Debug)]
pub enum Command {
    /// `uci`: name the engine and its options.
    Uci,
    /// `isready`.
    IsReady,
    /// `ucinewgame`: forget what was learned.
    NewGame,
    /// `position startpos|fen … [moves …]`, with every move played.
    Position(Box<Game>),
    /// `go …`: the limits, and whether the search waits for `stop` (no limit, `infinite`)
    /// or searches on the opponent's time (`ponder`).
    Go {
        /// The limits read.
        limits: Limits,
        /// Without a limit of its own.
        infinite: bool,
        /// `go ponder`: no clock runs until `ponderhit`, no move is named before it.
        ponder: bool,
    },
    /// `stop`: end the search under way.
    Stop,
    /// `ponderhit`: the opponent played the move pondered on; the clock starts now and the
    /// search goes on.
    PonderHit,
    /// `bench [depth]`: search a fixed set of positions, print the nodes and the speed.
    Bench(Option<u32>),
    /// `setoption name … [value …]`.
    SetOption {
        /// The option's name, as given.
        name: String,
        /// Its value, empty for a button.
        value: String,
    },
    /// `quit`.
    Quit,
    /// `debug`, `register`: accepted, nothing to do.
    Nothing,
}

/// Why a line of UCI input is refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum UciError {
    /// Not a command of the protocol.
    #[error("unknown command '{0}'")]
    Unknown(String),
    /// `position` without `startpos` or `fen <FEN>`.
    #[error("position ignored: expected 'position startpos' or 'position fen <FEN>'")]
    PositionForm,
    /// The FEN of `position fen` is not one.
    #[error("position ignored: bad FEN: {0}")]
    Fen(FenError),
    /// A move of `position … moves` is not written as one.
    #[error("position ignored: move {number}: {error}")]
    MoveText {
        /// Which move, from 1.
        number: usize,
        /// What is wrong with it.
        error: ParseMoveError,
    },
    /// A move of `position … moves` is not legal where it is played.
    #[error("position ignored: move {number} '{mv}' is illegal: {reason}")]
    Illegal {
        /// Which move, from 1.
        number: usize,
        /// The move.
        mv: Move,
        /// Why the rules refuse it.
        reason: IllegalMove,
    },
    /// A `go` parameter without its number.
    #[error("go ignored: '{0}' needs a number")]
    NeedsNumber(String),
    /// A `go` parameter whose number is not one.
    #[error("go ignored: '{text}' is not a number for {param}")]
    NotANumber {
        /// The parameter.
        param: String,
        /// What came instead (shortened).
        text: String,
    },
    /// A `go` parameter whose number is larger than any this engine can hold.
    #[error("go ignored: '{text}' is too large for {param} (at most {})", i64::MAX)]
    TooLarge {
        /// The parameter.
        param: String,
        /// What came instead (shortened).
        text: String,
    },
    /// A `go` parameter this engine does not know.
    #[error("go ignored: unknown go parameter '{0}'")]
    GoParameter(String),
    /// `go searchmoves`.
    #[error("go ignored: searchmoves is not supported")]
    SearchMoves,
    /// `go` while a search is under way.
    #[error("already searching: send stop first")]
    Searching,
    /// `setoption` not of the form `name <id> [value <x>]`.
    #[error("setoption ignored: expected 'setoption name <id> [value <x>]'")]
    OptionForm,
    /// `setoption name` with no name.
    #[error("setoption ignored: the option has no name")]
    OptionName,
    /// An option this engine does not have.
    #[error("setoption ignored: no option named '{0}'")]
    NoSuchOption(String),
    /// A `Hash` size out of range.
    #[error("setoption ignored: Hash needs a size in MiB from 1 to {MAX_HASH_MB}, not '{0}'")]
    HashSize(String),
    /// A `Threads` count out of range.
    #[error("setoption ignored: Threads needs a number from 1 to {MAX_THREADS}, not '{0}'")]
    Threads(String),
    /// `bench` with a depth that is not a number from 1 to 30.
    #[error("bench ignored: the depth must be a number from 1 to 30, not '{0}'")]
    BenchDepth(String),
    /// A `MultiPV` out of range.
    #[error(
        "setoption ignored: MultiPV needs a number of lines from 1 to {MAX_MULTIPV}, not '{0}'"
    )]
    MultiPv(String),
}

/// Reads one line of input into a command (`None` for a blank line); `pos` is the position a
/// `go` would search (its side to move picks the clock).
///
/// # Errors
/// What is wrong with the line.
pub fn parse(line: &str, pos: &Position) -> Result<Option<Command>, UciError> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let Some((&command, args)) = words.split_first() else {
        return Ok(None);
    };
    let command = match command {
        "uci" => Command::Uci,
        "isready" => Command::IsReady,
        "ucinewgame" => Command::NewGame,
        "position" => Command::Position(Box::new(parse_position(args)?)),
        "go" => {
            let (limits, infinite, ponder) = parse_go(args, pos)?;
            Command::Go {
                limits,
                infinite,
                ponder,
            }
        }
        "stop" => Command::Stop,
        "ponderhit" => Command::PonderHit,
        "bench" => Command::Bench(match args {
            [] => None,
            [d] => Some(
                d.parse()
                    .ok()
                    .filter(|d| (1..=30).contains(d))
                    .ok_or_else(|| UciError::BenchDepth(shorten(d)))?,
            ),
            _ => return Err(UciError::BenchDepth(shorten(&args.join(" ")))),
        }),
        "setoption" => {
            let (name, value) = split_option(args)?;
            Command::SetOption { name, value }
        }
        "quit" => Command::Quit,
        "debug" | "register" => Command::Nothing,
        other => return Err(UciError::Unknown(shorten(other))),
    };
    Ok(Some(command))
}

/// A search under way: its thread (which hands the searcher back), its stop flag and, for
/// `go ponder`, the flag `ponderhit` clears.
struct Running<'scope> {
    handle: ScopedJoinHandle<'scope, Searcher>,
    stop: Arc<AtomicBool>,
    pondering: Arc<AtomicBool>,
}

/// The protocol state between commands.
struct Session<'scope> {
    game: Game,
    searcher: Option<Searcher>,
    hash_mb: usize,
    threads: usize,
    /// Principal variations a search reports (`MultiPV`).
    multipv: usize,
    running: Option<Running<'scope>>,
}

/// Runs a UCI session: reads commands from `input` until `quit`, the end of the input, or an
/// output that can no longer be written, writing answers to `output`.
///
/// ```
/// let script = "uci\nisready\nposition startpos moves h2e2\ngo depth 2\nquit\n";
/// let mut out = Vec::new();
/// xiangqi::engine::uci::run(script.as_bytes(), &mut out).unwrap();
/// let out = String::from_utf8(out).unwrap();
/// assert!(out.contains("uciok"));
/// assert!(out.contains("readyok"));
/// assert!(out.lines().any(|l| l.starts_with("bestmove ")));
/// ```
///
/// # Errors
/// Only failures to read the input or write the output.
pub fn run<R: BufRead, W: Write + Send>(mut input: R, output: W) -> io::Result<()> {
    let out = Mutex::new(output);
    let gone = AtomicBool::new(false);
    thread::scope(|scope| {
        let mut session = Session {
            game: Game::default(),
            searcher: None,
            hash_mb: DEFAULT_HASH_MB,
            threads: 1,
            multipv: 1,
            running: None,
        };
        let mut line = Vec::new();
        loop {
            line.clear();
            if input.read_until(b'\n', &mut line)? == 0 || gone.load(Ordering::Relaxed) {
                // Nobody is left to wait for the answer: a search about to end may, the
                // rest stop now (`go depth 1000` must not go on for hours).
                session.wait_for_finish(END_GRACE);
                return session.stop();
            }
            session.collect_finished()?;
            let text = String::from_utf8_lossy(&line);
            let command = match parse(&text, session.game.position()) {
                Ok(Some(command)) => command,
                Ok(None) => continue,
                Err(why) => {
                    say(
                        &out,
                        &format!("info string {}", printable(&why.to_string())),
                    )?;
                    continue;
                }
            };
            if let Command::Quit = command {
                return session.stop();
            }
            if let Err(why) = session.perform(command, scope, &out, &gone)? {
                say(
                    &out,
                    &format!("info string {}", printable(&why.to_string())),
                )?;
            }
        }
    })
}

impl<'scope> Session<'scope> {
    /// The one place a search is stopped: its flag is set and its thread joined (it prints
    /// its `bestmove` and hands the searcher back).
    fn stop(&mut self) -> io::Result<()> {
        if let Some(r) = self.running.take() {
            r.stop.store(true, Ordering::Relaxed);
            self.searcher = Some(join(r)?);
        }
        Ok(())
    }

    /// Waits up to `grace` for the search under way to end by itself.
    fn wait_for_finish(&self, grace: Duration) {
        let until = std::time::Instant::now() + grace;
        while self
            .running
            .as_ref()
            .is_some_and(|r| !r.handle.is_finished())
            && std::time::Instant::now() < until
        {
            thread::sleep(Duration::from_millis(1));
        }
    }

    /// A search that has finished on its own hands its searcher back.
    fn collect_finished(&mut self) -> io::Result<()> {
        if self
            .running
            .as_ref()
            .is_some_and(|r| r.handle.is_finished())
        {
            self.stop()?;
        }
        Ok(())
    }

    /// Carries out `command`; the inner error is a refusal to tell the GUI.
    fn perform<'env, W: Write + Send>(
        &mut self,
        command: Command,
        scope: &'scope Scope<'scope, 'env>,
        out: &'env Mutex<W>,
        gone: &'env AtomicBool,
    ) -> io::Result<Result<(), UciError>> {
        match command {
            Command::Uci => say(
                out,
                &format!(
                    "id name xiangqi {}\nid author the xiangqi authors\n\
                     option name Hash type spin default {DEFAULT_HASH_MB} min 1 max {MAX_HASH_MB}\n\
                     option name Threads type spin default 1 min 1 max {MAX_THREADS}\n\
                     option name Ponder type check default false\n\
                     option name Clear Hash type button\n\
                     option name MultiPV type spin default 1 min 1 max {MAX_MULTIPV}\nuciok",
                    env!("CARGO_PKG_VERSION")
                ),
            )?,
            Command::IsReady => say(out, "readyok")?,
            Command::Stop => self.stop()?,
            Command::PonderHit => {
                if let Some(r) = &self.running {
                    r.pondering.store(false, Ordering::Relaxed);
                }
            }
            Command::Bench(depth) => {
                self.stop()?;
                let report = bench::run(depth.unwrap_or(bench::DEFAULT_DEPTH), self.threads);
                say(out, &report.to_string())?;
            }
            Command::Go { .. } if self.running.is_some() => return Ok(Err(UciError::Searching)),
            Command::Go {
                limits,
                infinite,
                ponder,
            } => {
                let mut searcher = self
                    .searcher
                    .take()
                    .unwrap_or_else(|| Searcher::new(self.hash_mb));
                searcher.set_threads(self.threads);
                let search = Search {
                    game: self.game.clone(),
                    limits: Limits {
                        multipv: self.multipv,
                        ..limits
                    },
                    infinite,
                    ponder,
                };
                self.running = Some(start(scope, out, gone, searcher, search));
            }
            // These change what a search works on: the one under way is finished first.
            Command::NewGame => {
                self.stop()?;
                self.game = Game::default();
                if let Some(s) = self.searcher.as_mut() {
                    s.clear();
                }
            }
            Command::Position(game) => {
                self.stop()?;
                self.game = *game;
            }
            Command::SetOption { name, value } => {
                self.stop()?;
                return Ok(self.set_option(&name, &value));
            }
            Command::Quit | Command::Nothing => {}
        }
        Ok(Ok(()))
    }

    fn set_option(&mut self, name: &str, value: &str) -> Result<(), UciError> {
        match name.to_ascii_lowercase().as_str() {
            "hash" => {
                let mb: usize = value
                    .parse()
                    .ok()
                    .filter(|mb| (1..=MAX_HASH_MB).contains(mb))
                    .ok_or_else(|| UciError::HashSize(shorten(value)))?;
                self.hash_mb = mb;
                if let Some(s) = self.searcher.as_mut() {
                    s.set_hash(mb);
                }
                Ok(())
            }
            "threads" => {
                self.threads = value
                    .parse()
                    .ok()
                    .filter(|n| (1..=MAX_THREADS).contains(n))
                    .ok_or_else(|| UciError::Threads(shorten(value)))?;
                Ok(())
            }
            "clear hash" => {
                if let Some(s) = self.searcher.as_mut() {
                    s.clear();
                }
                Ok(())
            }
            "multipv" => {
                // Refused rather than clamped, like Hash: the GUI hears what it will get.
                self.multipv = value
                    .parse()
                    .ok()
                    .filter(|n| (1..=MAX_MULTIPV).contains(n))
                    .ok_or_else(|| UciError::MultiPv(shorten(value)))?;
                Ok(())
            }
            // Ponder only says the GUI may send `go ponder`; Pikafish's GUIs send the others,
            // which no tablebases and the clock's own margin need nothing for.
            "ponder" | "uci_showwdl" | "move overhead" => Ok(()),
            _ => Err(UciError::NoSuchOption(shorten(name))),
        }
    }
}

/// At most 40 characters of untrusted text, for messages, its control characters written
/// as escapes (see [`printable`]).
fn shorten(s: &str) -> String {
    let mut t: String = s.chars().take(40).collect();
    if t.len() < s.len() {
        t.push('…');
    }
    printable(&t)
}

/// `text` with every control character (an escape sequence a terminal or a GUI's log would
/// act on, a NUL, a line break that would start a line of the protocol) written as an escape,
/// `\u{1b}`, as the game shows untrusted file names; the rest as it is.
fn printable(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_control() {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

fn say<W: Write>(out: &Mutex<W>, text: &str) -> io::Result<()> {
    let mut w = out
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner);
    writeln!(w, "{text}")?;
    w.flush()
}

fn join(r: Running<'_>) -> io::Result<Searcher> {
    r.handle
        .join()
        .map_err(|_| io::Error::other("the search thread panicked"))
}

/// What a `go` searches.
struct Search {
    game: Game,
    limits: Limits,
    infinite: bool,
    ponder: bool,
}

/// Starts a search on its own thread; it prints `info` lines and then `bestmove`. An output
/// that fails (the GUI has gone) stops it, and marks the session `gone`.
fn start<'scope, 'env, W: Write + Send>(
    scope: &'scope Scope<'scope, 'env>,
    out: &'env Mutex<W>,
    gone: &'env AtomicBool,
    mut searcher: Searcher,
    search: Search,
) -> Running<'scope> {
    let stop = Arc::new(AtomicBool::new(false));
    let pondering = Arc::new(AtomicBool::new(search.ponder));
    let flag = Arc::clone(&stop);
    let ponder_flag = Arc::clone(&pondering);
    let handle = scope.spawn(move || {
        let report = |info: &Info| {
            if say(out, &info_line(info)).is_err() {
                gone.store(true, Ordering::Relaxed);
                flag.store(true, Ordering::Relaxed);
            }
        };
        let (game, limits) = (&search.game, &search.limits);
        let result = if search.ponder {
            searcher.search_pondering(game, limits, &flag, Arc::clone(&ponder_flag), report)
        } else {
            searcher.search(game, limits, &flag, report)
        };
        // The whole search's count (every thread's, the unfinished depth's too).
        let ms = result.time.as_millis();
        let nps = u128::from(result.nodes) * 1000 / ms.max(1);
        let total = format!("info nodes {} nps {nps} time {ms}", result.nodes);
        if say(out, &total).is_err() {
            gone.store(true, Ordering::Relaxed);
        }
        // UCI: even an infinite search waits for `stop` before naming its move, and a
        // pondering one for `stop` or `ponderhit`.
        while !flag.load(Ordering::Relaxed)
            && (search.infinite || ponder_flag.load(Ordering::Relaxed))
        {
            thread::sleep(Duration::from_millis(1));
        }
        let text = match (result.best, result.ponder()) {
            (Some(b), Some(p)) => format!("bestmove {b} ponder {p}"),
            (Some(b), None) => format!("bestmove {b}"),
            (None, _) => "bestmove (none)".to_string(),
        };
        if say(out, &text).is_err() {
            gone.store(true, Ordering::Relaxed);
        }
        searcher
    });
    Running {
        handle,
        stop,
        pondering,
    }
}

/// `info depth … seldepth … multipv … score … nodes … nps … hashfull … time … pv …`.
#[must_use]
pub fn info_line(info: &Info) -> String {
    let mut s = format!(
        "info depth {} seldepth {} multipv {} score {} nodes {} nps {} hashfull {} time {} pv",
        info.depth,
        info.seldepth,
        info.multipv,
        info.score,
        info.nodes,
        info.nps(),
        info.hashfull,
        info.time.as_millis()
    );
    for m in &info.pv {
        s.push(' ');
        s.push_str(&m.to_string());
    }
    s
}

/// `name <words…> [value <words…>]`.
fn split_option(args: &[&str]) -> Result<(String, String), UciError> {
    if args.first() != Some(&"name") {
        return Err(UciError::OptionForm);
    }
    let rest = &args[1..];
    let at = rest
        .iter()
        .position(|w| *w == "value")
        .unwrap_or(rest.len());
    let name = rest[..at].join(" ");
    if name.is_empty() {
        return Err(UciError::OptionName);
    }
    let value = rest.get(at + 1..).map(|v| v.join(" ")).unwrap_or_default();
    Ok((name, value))
}

/// `startpos | fen <fields…>` then optionally `moves <iccs…>`, every move legal.
fn parse_position(args: &[&str]) -> Result<Game, UciError> {
    let moves_at = args.iter().position(|w| *w == "moves");
    let (setup, moves) = match moves_at {
        Some(i) => (&args[..i], &args[i + 1..]),
        None => (args, &args[args.len()..]),
    };
    let start = match setup.split_first() {
        Some((&"startpos", [])) => Position::start(),
        Some((&"fen", fields)) if !fields.is_empty() => {
            Position::from_fen(&fields.join(" ")).map_err(UciError::Fen)?
        }
        _ => return Err(UciError::PositionForm),
    };
    let mut game = Game::new(start);
    for (i, text) in moves.iter().enumerate() {
        let number = i + 1;
        let mv: Move = text
            .parse()
            .map_err(|error| UciError::MoveText { number, error })?;
        game.play_unadjudicated(mv)
            .map_err(|reason| UciError::Illegal { number, mv, reason })?;
    }
    Ok(game)
}

/// The limits of a `go` command, whether it is infinite and whether it ponders.
fn parse_go(args: &[&str], pos: &Position) -> Result<(Limits, bool, bool), UciError> {
    let mut limits = Limits::default();
    let (mut wtime, mut btime, mut winc, mut binc, mut mtg) = (None, None, 0, 0, None);
    let (mut infinite, mut ponder) = (false, false);
    let mut words = args.iter();
    while let Some(&word) = words.next() {
        let mut number = || -> Result<u64, UciError> {
            let v = words
                .next()
                .ok_or_else(|| UciError::NeedsNumber(word.to_string()))?;
            // Clocks may run below zero in some GUIs: treat that as no time, however far.
            match v.parse::<i64>() {
                Ok(n) => Ok(n.max(0) as u64),
                Err(e) if *e.kind() == IntErrorKind::NegOverflow => Ok(0),
                Err(e) if *e.kind() == IntErrorKind::PosOverflow => Err(UciError::TooLarge {
                    param: word.to_string(),
                    text: shorten(v),
                }),
                Err(_) => Err(UciError::NotANumber {
                    param: word.to_string(),
                    text: shorten(v),
                }),
            }
        };
        match word {
            "depth" => limits.depth = Some(number()?.min(200) as u32),
            "nodes" => limits.nodes = Some(number()?),
            "movetime" => limits.movetime = Some(Duration::from_millis(number()?)),
            "mate" => limits.mate = Some(number()?.min(100) as u32),
            "wtime" => wtime = Some(number()?),
            "btime" => btime = Some(number()?),
            "winc" => winc = number()?,
            "binc" => binc = number()?,
            "movestogo" => mtg = Some(number()?.min(1000) as u32),
            "infinite" => infinite = true,
            "ponder" => ponder = true,
            "searchmoves" => return Err(UciError::SearchMoves),
            other => return Err(UciError::GoParameter(shorten(other))),
        }
    }
    let (time, inc) = match pos.turn() {
        crate::Color::Red => (wtime, winc),
        crate::Color::Black => (btime, binc),
    };
    if let Some(t) = time {
        limits.clock = Some(Clock {
            time: Duration::from_millis(t),
            increment: Duration::from_millis(inc),
            moves_to_go: mtg,
        });
    }
    let unlimited = limits.depth.is_none()
        && limits.nodes.is_none()
        && limits.movetime.is_none()
        && limits.clock.is_none()
        && limits.mate.is_none();
    Ok((limits, infinite || unlimited, ponder))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_reads_the_clock_of_the_side_to_move() {
        let black =
            Position::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b")
                .expect("test FEN is valid");
        let (l, inf, _) = parse_go(&["wtime", "1000", "btime", "2000", "binc", "5"], &black)
            .expect("test data is valid");
        let c = l.clock.expect("test data is valid");
        assert_eq!((c.time.as_millis(), c.increment.as_millis()), (2000, 5));
        assert!(!inf);
        assert!(parse_go(&[], &black).expect("test data is valid").1);
        assert!(parse_go(&["depth", "x"], &black).is_err());
        assert!(parse_go(&["depth"], &black).is_err());
    }

    #[test]
    fn position_refuses_an_illegal_move_with_its_number() {
        let err =
            parse_position(&["startpos", "moves", "h2e2", "h2e2"]).expect_err("must be refused");
        assert!(err.to_string().contains("move 2"), "{err}");
        assert!(parse_position(&["fen"]).is_err());
        assert_eq!(
            parse_position(&["startpos", "moves", "h2e2"])
                .expect("test data is valid")
                .moves()
                .len(),
            1
        );
    }
}
