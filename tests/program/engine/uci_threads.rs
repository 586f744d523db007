//! The real binary's `xiangqi uci` driven line by line, waiting for its answers: several
//! threads, pondering with `go ponder` and `ponderhit`, exact node and mate limits, and
//! `bench`.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};
use xiangqi_rules::{Move, Position};

/// A running `xiangqi uci` whose output lines arrive on a channel.
struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Engine {
    fn start() -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_xiangqi"))
            .arg("uci")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .expect("the binary starts");
        let stdin = child.stdin.take().expect("stdin is piped");
        let stdout = child.stdout.take().expect("stdout is piped");
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        Engine {
            child,
            stdin,
            lines,
        }
    }

    fn send(&mut self, text: &str) {
        writeln!(self.stdin, "{text}").expect("the engine reads its input");
        self.stdin.flush().expect("the engine reads its input");
    }

    /// The lines printed up to and including the first that `done` accepts, or all of them
    /// if none does within `limit` (then the last is not accepted).
    fn until(&mut self, limit: Duration, done: impl Fn(&str) -> bool) -> Vec<String> {
        let end = Instant::now() + limit;
        let mut seen = Vec::new();
        loop {
            let left = end.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    let stop = done(&line);
                    seen.push(line);
                    if stop {
                        return seen;
                    }
                }
                Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => return seen,
            }
        }
    }

    fn until_bestmove(&mut self, limit: Duration) -> Vec<String> {
        self.until(limit, |l| l.starts_with("bestmove"))
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "quit");
        let _ = self.stdin.flush();
        let end = Instant::now() + Duration::from_secs(10);
        while Instant::now() < end {
            if let Ok(Some(_)) = self.child.try_wait() {
                return;
            }
            std::thread::sleep(Duration::from_millis(10));
        }
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

const LONG: Duration = Duration::from_secs(60);

fn best_of(lines: &[String]) -> Move {
    let last = lines.last().expect("the engine answered");
    let word = last
        .strip_prefix("bestmove ")
        .and_then(|r| r.split_whitespace().next())
        .unwrap_or_else(|| panic!("no bestmove in {lines:?}"));
    word.parse().expect("bestmove is a move")
}

/// The number after `key` in an `info` line.
fn field(line: &str, key: &str) -> Option<u64> {
    let mut words = line.split_whitespace();
    words.find(|w| *w == key)?;
    words.next()?.parse().ok()
}

/// The count of the whole search, printed just before `bestmove`.
fn total_nodes(lines: &[String]) -> u64 {
    lines
        .iter()
        .rev()
        .find(|l| l.starts_with("info nodes "))
        .and_then(|l| field(l, "nodes"))
        .unwrap_or_else(|| panic!("no final node count in {lines:?}"))
}

const MIDDLEGAME: &str = "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1";

#[test]
fn threads_are_an_option_and_several_search_together() {
    let mut e = Engine::start();
    e.send("uci");
    let hello = e.until(LONG, |l| l == "uciok");
    assert!(
        hello
            .iter()
            .any(|l| l.starts_with("option name Threads type spin default 1 min 1 max ")),
        "{hello:?}"
    );
    assert!(
        hello
            .iter()
            .any(|l| l.starts_with("option name Ponder type check"))
    );
    for bad in ["0", "100000", "two"] {
        e.send(&format!("setoption name Threads value {bad}"));
        let said = e.until(LONG, |l| l.starts_with("info string"));
        assert!(
            said.last()
                .is_some_and(|l| l.contains("Threads needs a number")),
            "{bad}: {said:?}"
        );
    }
    e.send("setoption name Threads value 3");
    e.send(&format!("position fen {MIDDLEGAME}"));
    e.send("go depth 7");
    let lines = e.until_bestmove(LONG);
    let pos = Position::from_fen(MIDDLEGAME).expect("test FEN is valid");
    assert!(pos.is_legal(best_of(&lines)), "{lines:?}");
    assert!(
        !lines.iter().any(|l| l.starts_with("info string")),
        "{lines:?}"
    );
    // Only the main thread reports: one line a depth, in order.
    let depths: Vec<u64> = lines
        .iter()
        .filter(|l| l.starts_with("info depth"))
        .filter_map(|l| field(l, "depth"))
        .collect();
    assert_eq!(depths, (1..=7).collect::<Vec<u64>>(), "{lines:?}");
}

#[test]
fn a_ponder_search_waits_for_ponderhit_then_goes_on_with_its_clock_started_then() {
    let mut e = Engine::start();
    e.send(&format!("position fen {MIDDLEGAME}"));
    // Were the clock running from `go`, the move would come after a second.
    e.send("go ponder movetime 1000");
    let early = e.until(Duration::from_millis(1500), |l| l.starts_with("bestmove"));
    assert!(
        !early.iter().any(|l| l.starts_with("bestmove")),
        "answered before ponderhit: {early:?}"
    );
    let deepest = early
        .iter()
        .filter_map(|l| field(l, "depth"))
        .max()
        .expect("depths were reported while pondering");
    e.send("ponderhit");
    // The second starts now: nothing is answered at once (a load only makes it later).
    let soon = e.until(Duration::from_millis(600), |l| l.starts_with("bestmove"));
    assert!(
        !soon.iter().any(|l| l.starts_with("bestmove")),
        "ponderhit ended the search: {soon:?}"
    );
    let mut after = soon;
    after.extend(e.until_bestmove(Duration::from_secs(10)));
    let pos = Position::from_fen(MIDDLEGAME).expect("test FEN is valid");
    assert!(pos.is_legal(best_of(&after)), "{after:?}");
    // The same search went on: no depth it had finished was started again.
    for l in after.iter().filter(|l| l.starts_with("info depth")) {
        let d = field(l, "depth").expect("an info line has its depth");
        assert!(d > deepest, "depth {d} again after ponderhit: {after:?}");
    }
}

#[test]
fn stop_ends_a_ponder_search_at_once() {
    let mut e = Engine::start();
    e.send("position startpos moves h2e2");
    e.send("go ponder wtime 60000 btime 60000");
    std::thread::sleep(Duration::from_millis(200));
    e.send("stop");
    let lines = e.until_bestmove(Duration::from_secs(10));
    let pos = Position::start()
        .play("h2e2".parse().expect("test move is valid"))
        .expect("test data is valid");
    assert!(pos.is_legal(best_of(&lines)), "{lines:?}");
}

#[test]
fn go_nodes_searches_exactly_that_many_nodes() {
    let mut e = Engine::start();
    for n in [1_000u64, 25_000, 123_457] {
        e.send(&format!("position fen {MIDDLEGAME}"));
        e.send(&format!("go nodes {n}"));
        let lines = e.until_bestmove(LONG);
        assert_eq!(total_nodes(&lines), n, "{lines:?}");
    }
}

#[test]
fn go_mate_stops_once_a_mate_that_short_is_found() {
    let mut e = Engine::start();
    // Two chariots mate in two: a1a9+ then the other chariot on the back rank.
    e.send("position fen 4k4/9/9/9/9/9/9/9/R8/R4K3 w - - 0 1");
    e.send("go mate 2");
    let lines = e.until_bestmove(LONG);
    assert!(
        lines.iter().any(|l| l.contains("score mate 2")),
        "{lines:?}"
    );
    // It stopped at the first depth that proved the mate, not when its proof was complete.
    let last_depth = lines
        .iter()
        .filter_map(|l| field(l, "depth"))
        .max()
        .expect("depths were reported");
    assert!(last_depth <= 4, "{lines:?}");
}

#[test]
fn bench_prints_the_same_node_count_every_time_and_in_both_forms() {
    let count = |text: &str| -> u64 {
        text.lines()
            .find_map(|l| l.strip_prefix("Nodes searched  : "))
            .and_then(|n| n.trim().parse().ok())
            .unwrap_or_else(|| panic!("no node count in {text}"))
    };
    let cli = || {
        let out = Command::new(env!("CARGO_BIN_EXE_xiangqi"))
            .args(["bench", "--depth", "5"])
            .output()
            .expect("the binary runs");
        assert!(out.status.success());
        String::from_utf8(out.stdout).expect("output is UTF-8")
    };
    let first = count(&cli());
    assert!(first > 1000);
    assert_eq!(count(&cli()), first);
    let mut e = Engine::start();
    e.send("bench 5");
    let lines = e.until(LONG, |l| l.starts_with("Nodes/second"));
    assert_eq!(count(&lines.join("\n")), first, "{lines:?}");
    e.send("bench 0");
    let said = e.until(LONG, |l| l.starts_with("info string"));
    assert!(said.last().is_some_and(|l| l.contains("bench ignored")));
    let bad = Command::new(env!("CARGO_BIN_EXE_xiangqi"))
        .args(["bench", "--depth", "99"])
        .output()
        .expect("the binary runs");
    assert_eq!(bad.status.code(), Some(2));
}
