//! The UCI protocol as Pikafish speaks it for xiangqi (ICCS points such as `h2e2`, rank 0 on
//! red's side), over any reader and writer: `xiangqi uci` runs it on stdin and stdout.
//!
//! Each line is read into a [`Command`] once; a malformed or unknown one is answered with
//! `info string` saying why ([`UciError`]) and otherwise ignored. The search runs on its own
//! thread, so `stop`, `isready` and `quit` are answered while it thinks. At the end of the
//! input a search still under way after 100 ms is stopped (its `bestmove` is still printed)
//! and the session ends; an output that can no longer be written (the GUI has gone) stops
//! the search at once and ends the session at the next line read.

mod command;

pub use command::{BelowZero, Command, Go, Setting, UciError, parse};

use super::{Info, Level, Limits, MAX_MULTIPV, MAX_THREADS, Searcher, bench};
use std::io::{self, BufRead, Write};
use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::{self, Scope, ScopedJoinHandle};
use std::time::Duration;
use xiangqi_rules::Game;
use xiangqi_rules::sanitize::escape_controls;

/// Default transposition table size in MiB.
pub const DEFAULT_HASH_MB: usize = 64;
const MAX_HASH_MB: usize = 4096;
/// The largest `Move Overhead` taken, in ms (Pikafish's GUIs send it; the clock keeps a
/// margin of its own).
const MAX_MOVE_OVERHEAD_MS: u32 = 5000;
/// How long a search may go on once the input has ended before it is stopped.
const END_GRACE: Duration = Duration::from_millis(100);

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
    /// The playing level (`Level`; full strength unless set).
    level: Level,
    /// `UCI_LimitStrength`: play at the level rated nearest `elo` instead.
    limit_strength: bool,
    /// `UCI_Elo`.
    elo: u16,
    /// Draws a weak level's moves: from the time the session started, then stepped at
    /// every search, so no two games are alike.
    seed: u64,
    running: Option<Running<'scope>>,
}

/// Runs a UCI session: reads commands from `input` until `quit`, the end of the input, or an
/// output that can no longer be written, writing answers to `output`.
///
/// ```
/// let script = "uci\nisready\nposition startpos moves h2e2\ngo depth 2\nquit\n";
/// let mut out = Vec::new();
/// xiangqi_engine::uci::run(script.as_bytes(), &mut out).unwrap();
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
            level: Level::MAX,
            limit_strength: false,
            elo: Level::min_rating(),
            seed: std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos() as u64),
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
                        &format!("info string {}", escape_controls(&why.to_string())),
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
                    &format!("info string {}", escape_controls(&why.to_string())),
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
                     option name MultiPV type spin default 1 min 1 max {MAX_MULTIPV}\n\
                     option name Level type spin default 10 min 1 max 10\n\
                     option name UCI_LimitStrength type check default false\n\
                     option name UCI_Elo type spin default {low} min {low} max {high}\nuciok",
                    env!("CARGO_PKG_VERSION"),
                    low = Level::min_rating(),
                    high = Level::max_rating(),
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
            Command::Go(_) if self.running.is_some() => return Ok(Err(UciError::Searching)),
            Command::Go(go) => {
                // A clock below zero is searched as none: the GUI hears so, once a time.
                for note in &go.below_zero {
                    say(
                        out,
                        &format!("info string {}", escape_controls(&note.to_string())),
                    )?;
                }
                let mut searcher = self
                    .searcher
                    .take()
                    .unwrap_or_else(|| Searcher::new(self.hash_mb));
                let level = self.strength();
                self.seed = self.seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
                let limits = at_level(
                    Limits {
                        multipv: self.multipv,
                        ..go.limits
                    },
                    level,
                    self.seed,
                );
                // A weaker level searches on one thread, as the program plays it: helpers
                // searching deeper would lend it strength it does not have.
                searcher.set_threads(if level == Level::MAX { self.threads } else { 1 });
                let search = Search {
                    game: self.game.clone(),
                    limits,
                    infinite: go.infinite,
                    ponder: go.ponder,
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
            Command::SetOption(setting) => {
                self.stop()?;
                self.apply(setting);
            }
            Command::Quit | Command::Nothing => {}
        }
        Ok(Ok(()))
    }

    /// An option's value, checked when its line was read, takes effect.
    fn apply(&mut self, setting: Setting) {
        match setting {
            Setting::Hash(mb) => {
                self.hash_mb = mb;
                if let Some(s) = self.searcher.as_mut() {
                    s.set_hash(mb);
                }
            }
            Setting::Threads(n) => self.threads = n,
            Setting::ClearHash => {
                if let Some(s) = self.searcher.as_mut() {
                    s.clear();
                }
            }
            Setting::MultiPv(n) => self.multipv = n,
            Setting::Level(level) => self.level = level,
            Setting::LimitStrength(on) => self.limit_strength = on,
            Setting::Elo(elo) => self.elo = elo,
            // Ponder only says the GUI may send `go ponder`; the others need nothing: there
            // are no WDL figures, and the clock keeps its own margin.
            Setting::Ponder(_) | Setting::ShowWdl(_) | Setting::MoveOverhead(_) => {}
        }
    }
}

impl Session<'_> {
    /// The level searches play at: the one rated nearest `UCI_Elo` while
    /// `UCI_LimitStrength` is on, else `Level`.
    fn strength(&self) -> Level {
        if self.limit_strength {
            Level::nearest_to(self.elo.into())
        } else {
            self.level
        }
    }
}

/// The limits of a `go` at `level`: the level's depth and node count where they are
/// tighter than the `go`'s, and its choice among lines drawn from `seed`. At full strength,
/// the `go`'s own.
fn at_level(go: Limits, level: Level, seed: u64) -> Limits {
    if level == Level::MAX {
        return go;
    }
    let own = level.limits(seed);
    let tighter = |a: Option<u64>, b: Option<u64>| match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    };
    Limits {
        depth: tighter(go.depth.map(u64::from), own.depth.map(u64::from))
            .and_then(|d| u32::try_from(d).ok()),
        nodes: tighter(go.nodes, own.nodes),
        pick: own.pick,
        seed,
        ..go
    }
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
