//! The UCI protocol as Pikafish speaks it for xiangqi (ICCS points such as `h2e2`, rank 0 on
//! red's side), over any reader and writer: `xiangqi uci` runs it on stdin and stdout.
//!
//! The search runs on its own thread, so `stop`, `isready` and `quit` are answered while it
//! thinks. A malformed or unknown command is answered with `info string` saying why and
//! otherwise ignored. At the end of the input a search with a limit is finished (its
//! `bestmove` printed) and an infinite one stopped.

use super::{Clock, Info, Limits, Searcher};
use crate::{Game, Move, Position};
use std::io::{self, BufRead, Write};
use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread::{self, Scope, ScopedJoinHandle};
use std::time::Duration;

/// Default transposition table size in MiB.
pub const DEFAULT_HASH_MB: usize = 64;
const MAX_HASH_MB: usize = 4096;

/// A search under way: its thread (which hands the searcher back) and its stop flag.
struct Running<'scope> {
    handle: ScopedJoinHandle<'scope, Searcher>,
    stop: Arc<AtomicBool>,
    /// Without a limit of its own (`go infinite`, `go ponder`, bare `go`).
    infinite: bool,
}

/// The protocol state between commands.
struct Session {
    game: Game,
    searcher: Option<Searcher>,
    hash_mb: usize,
}

/// Runs a UCI session: reads commands from `input` until `quit` or the end of the input,
/// writing answers to `output`.
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
    let mut session = Session {
        game: Game::default(),
        searcher: None,
        hash_mb: DEFAULT_HASH_MB,
    };
    thread::scope(|scope| {
        let mut running: Option<Running<'_>> = None;
        let mut line = Vec::new();
        loop {
            line.clear();
            if input.read_until(b'\n', &mut line)? == 0 {
                if let Some(r) = running.take() {
                    if r.infinite {
                        r.stop.store(true, Ordering::Relaxed);
                    }
                    session.searcher = Some(join(r)?);
                }
                return Ok(());
            }
            let text = String::from_utf8_lossy(&line);
            let words: Vec<&str> = text.split_whitespace().collect();
            let Some((&command, args)) = words.split_first() else {
                continue;
            };
            // A finished search hands its searcher back before anything else happens.
            if running.as_ref().is_some_and(|r| r.handle.is_finished())
                && let Some(r) = running.take()
            {
                session.searcher = Some(join(r)?);
            }
            match command {
                "quit" => {
                    if let Some(r) = running.take() {
                        r.stop.store(true, Ordering::Relaxed);
                        session.searcher = Some(join(r)?);
                    }
                    return Ok(());
                }
                "stop" | "ponderhit" => {
                    if let Some(r) = running.take() {
                        r.stop.store(true, Ordering::Relaxed);
                        session.searcher = Some(join(r)?);
                    }
                }
                "isready" => say(&out, "readyok")?,
                "uci" => say(
                    &out,
                    &format!(
                        "id name xiangqi {}\nid author the xiangqi authors\n\
                         option name Hash type spin default {DEFAULT_HASH_MB} min 1 max {MAX_HASH_MB}\n\
                         option name Clear Hash type button\nuciok",
                        env!("CARGO_PKG_VERSION")
                    ),
                )?,
                "go" if running.is_some() => {
                    say(&out, "info string already searching: send stop first")?;
                }
                "go" => match parse_go(args, session.game.position()) {
                    Ok((limits, infinite)) => {
                        let searcher = session
                            .searcher
                            .take()
                            .unwrap_or_else(|| Searcher::new(session.hash_mb));
                        running = Some(start(
                            scope,
                            &out,
                            searcher,
                            &session.game,
                            limits,
                            infinite,
                        ));
                    }
                    Err(why) => say(&out, &format!("info string go ignored: {why}"))?,
                },
                "ucinewgame" | "position" | "setoption" => {
                    // These change what a search works on: finish the one under way first.
                    if let Some(r) = running.take() {
                        r.stop.store(true, Ordering::Relaxed);
                        session.searcher = Some(join(r)?);
                    }
                    let result = match command {
                        "ucinewgame" => {
                            session.game = Game::default();
                            if let Some(s) = session.searcher.as_mut() {
                                s.clear();
                            }
                            Ok(())
                        }
                        "position" => parse_position(args).map(|g| session.game = g),
                        _ => session.set_option(args),
                    };
                    if let Err(why) = result {
                        say(&out, &format!("info string {command} ignored: {why}"))?;
                    }
                }
                "debug" | "register" => {}
                other => say(
                    &out,
                    &format!("info string unknown command '{}'", shorten(other)),
                )?,
            }
        }
    })
}

/// At most 40 characters of untrusted text, for messages.
fn shorten(s: &str) -> String {
    let mut t: String = s.chars().take(40).collect();
    if t.len() < s.len() {
        t.push('…');
    }
    t
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

/// Starts a search on its own thread; it prints `info` lines and then `bestmove`.
fn start<'scope, 'env, W: Write + Send>(
    scope: &'scope Scope<'scope, 'env>,
    out: &'env Mutex<W>,
    mut searcher: Searcher,
    game: &Game,
    limits: Limits,
    infinite: bool,
) -> Running<'scope> {
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    let game = game.clone();
    let handle = scope.spawn(move || {
        let result = searcher.search(&game, &limits, &flag, |info| {
            // A closed output ends the session at the next command; nothing to do here.
            let _ = say(out, &info_line(info));
        });
        // UCI: even an infinite search waits for `stop` before naming its move.
        if infinite {
            while !flag.load(Ordering::Relaxed) {
                thread::sleep(Duration::from_millis(1));
            }
        }
        let text = match (result.best, result.ponder()) {
            (Some(b), Some(p)) => format!("bestmove {b} ponder {p}"),
            (Some(b), None) => format!("bestmove {b}"),
            (None, _) => "bestmove (none)".to_string(),
        };
        let _ = say(out, &text);
        searcher
    });
    Running {
        handle,
        stop,
        infinite,
    }
}

/// `info depth … seldepth … score … nodes … nps … hashfull … time … pv …`.
#[must_use]
pub fn info_line(info: &Info) -> String {
    let mut s = format!(
        "info depth {} seldepth {} score {} nodes {} nps {} hashfull {} time {} pv",
        info.depth,
        info.seldepth,
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

impl Session {
    fn set_option(&mut self, args: &[&str]) -> Result<(), String> {
        let (name, value) = split_option(args)?;
        match name.to_ascii_lowercase().as_str() {
            "hash" => {
                let mb: usize = value
                    .parse()
                    .ok()
                    .filter(|mb| (1..=MAX_HASH_MB).contains(mb))
                    .ok_or_else(|| {
                        format!(
                            "Hash needs a size in MiB from 1 to {MAX_HASH_MB}, not '{}'",
                            shorten(&value)
                        )
                    })?;
                self.hash_mb = mb;
                if let Some(s) = self.searcher.as_mut() {
                    s.set_hash(mb);
                }
                Ok(())
            }
            "clear hash" => {
                if let Some(s) = self.searcher.as_mut() {
                    s.clear();
                }
                Ok(())
            }
            // Pikafish's GUIs send these; one thread and no tablebases need nothing.
            "threads" | "ponder" | "uci_showwdl" | "multipv" | "move overhead" => Ok(()),
            _ => Err(format!("no option named '{}'", shorten(&name))),
        }
    }
}

/// `name <words…> [value <words…>]`.
fn split_option(args: &[&str]) -> Result<(String, String), String> {
    if args.first() != Some(&"name") {
        return Err("expected 'setoption name <id> [value <x>]'".into());
    }
    let rest = &args[1..];
    let at = rest
        .iter()
        .position(|w| *w == "value")
        .unwrap_or(rest.len());
    let name = rest[..at].join(" ");
    if name.is_empty() {
        return Err("the option has no name".into());
    }
    let value = rest.get(at + 1..).map(|v| v.join(" ")).unwrap_or_default();
    Ok((name, value))
}

/// `startpos | fen <fields…>` then optionally `moves <iccs…>`, every move legal.
fn parse_position(args: &[&str]) -> Result<Game, String> {
    let moves_at = args.iter().position(|w| *w == "moves");
    let (setup, moves) = match moves_at {
        Some(i) => (&args[..i], &args[i + 1..]),
        None => (args, &args[args.len()..]),
    };
    let start = match setup.split_first() {
        Some((&"startpos", [])) => Position::start(),
        Some((&"fen", fields)) if !fields.is_empty() => {
            Position::from_fen(&fields.join(" ")).map_err(|e| format!("bad FEN: {e}"))?
        }
        _ => return Err("expected 'position startpos' or 'position fen <FEN>'".into()),
    };
    let mut game = Game::new(start);
    for (i, text) in moves.iter().enumerate() {
        let mv: Move = text.parse().map_err(|e| format!("move {}: {e}", i + 1))?;
        game.play_unadjudicated(mv)
            .map_err(|e| format!("move {} '{mv}' is illegal: {e}", i + 1))?;
    }
    Ok(game)
}

/// The limits of a `go` command and whether it is infinite.
fn parse_go(args: &[&str], pos: &Position) -> Result<(Limits, bool), String> {
    let mut limits = Limits::default();
    let (mut wtime, mut btime, mut winc, mut binc, mut mtg) = (None, None, 0, 0, None);
    let mut infinite = false;
    let mut words = args.iter();
    while let Some(&word) = words.next() {
        let mut number = || -> Result<u64, String> {
            let v = words
                .next()
                .ok_or_else(|| format!("'{word}' needs a number"))?;
            // Clocks may run below zero in some GUIs: treat that as no time.
            if let Ok(n) = v.parse::<i64>() {
                return Ok(n.max(0) as u64);
            }
            Err(format!("'{}' is not a number for {word}", shorten(v)))
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
            "infinite" | "ponder" => infinite = true,
            "searchmoves" => return Err("searchmoves is not supported".into()),
            other => return Err(format!("unknown go parameter '{}'", shorten(other))),
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
    Ok((limits, infinite || unlimited))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_reads_the_clock_of_the_side_to_move() {
        let black =
            Position::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b")
                .expect("test FEN is valid");
        let (l, inf) = parse_go(&["wtime", "1000", "btime", "2000", "binc", "5"], &black)
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
        assert!(err.contains("move 2"), "{err}");
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
