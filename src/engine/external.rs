//! A client for an engine in another program, spoken to over its standard input and output:
//! UCI (Pikafish, and `xiangqi uci`) or UCCI (ElephantEye), found out by asking. It searches
//! like a [`Searcher`](super::Searcher): a game, [`Limits`], a stop flag and a callback for
//! each completed depth.

use super::{Info, Limits, Score, SearchResult};
use crate::{Game, Move, Position};
use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

/// The protocol an external engine speaks.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Protocol {
    /// The Universal Chess Interface, as Pikafish speaks it (ICCS squares).
    Uci,
    /// The Universal Chinese Chess Protocol of ElephantEye.
    Ucci,
}

/// How long an engine may take to say `uciok` before `ucci` is tried.
const UCI_WAIT: Duration = Duration::from_millis(1500);
/// How long an engine may take to answer `ucciok` or `readyok`.
const READY_WAIT: Duration = Duration::from_secs(10);
/// How often a search looks at its stop flag.
const POLL: Duration = Duration::from_millis(5);
/// How long past its time a search may run before it is told to stop.
const GRACE: Duration = Duration::from_millis(500);

/// A running external engine.
#[derive(Debug)]
pub struct External {
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
    protocol: Protocol,
    /// The engine's name as it gave it (`id name …`), or the command.
    name: String,
}

impl External {
    /// Starts `command` (run by `sh -c`, so it may have arguments) and finds out which
    /// protocol it speaks.
    ///
    /// # Errors
    /// The program cannot be started, or answers neither `uci` nor `ucci`: what happened.
    pub fn start(command: &str) -> Result<External, String> {
        let mut child = Command::new("sh")
            .arg("-c")
            .arg(format!("exec {command}"))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .map_err(|e| format!("--engine {command:?}: cannot start it: {e}"))?;
        let (Some(input), Some(output)) = (child.stdin.take(), child.stdout.take()) else {
            return Err(format!("--engine {command:?}: no pipes to it"));
        };
        let (tx, lines) = mpsc::channel();
        std::thread::Builder::new()
            .name("engine output".into())
            .spawn(move || {
                for line in BufReader::new(output).lines() {
                    let Ok(line) = line else { break };
                    if tx.send(line).is_err() {
                        break;
                    }
                }
            })
            .map_err(|e| format!("--engine {command:?}: {e}"))?;
        let mut engine = External {
            child,
            input,
            lines,
            protocol: Protocol::Uci,
            name: command.to_string(),
        };
        let fail = |e: String| format!("--engine {command:?}: {e}");
        engine.send("uci").map_err(fail)?;
        if !engine.wait_for("uciok", UCI_WAIT).map_err(fail)? {
            engine.protocol = Protocol::Ucci;
            engine.send("ucci").map_err(fail)?;
            if !engine.wait_for("ucciok", READY_WAIT).map_err(fail)? {
                let _ = engine.child.kill();
                return Err(fail("it answers neither uci nor ucci".into()));
            }
        }
        engine.send("isready").map_err(fail)?;
        if !engine.wait_for("readyok", READY_WAIT).map_err(fail)? {
            let _ = engine.child.kill();
            return Err(fail("it does not answer isready".into()));
        }
        Ok(engine)
    }

    /// The protocol it speaks.
    #[must_use]
    pub fn protocol(&self) -> Protocol {
        self.protocol
    }

    /// Its name (`id name`), or the command that started it.
    #[must_use]
    pub fn name(&self) -> &str {
        &self.name
    }

    fn send(&mut self, line: &str) -> Result<(), String> {
        writeln!(self.input, "{line}")
            .and_then(|()| self.input.flush())
            .map_err(|e| format!("cannot write to it: {e}"))
    }

    /// Reads lines until one is `word` (true) or `wait` passes (false).
    fn wait_for(&mut self, word: &str, wait: Duration) -> Result<bool, String> {
        let until = Instant::now() + wait;
        loop {
            let left = until.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left) {
                Ok(line) => {
                    let line = line.trim();
                    if let Some(name) = line.strip_prefix("id name ") {
                        self.name = name.trim().to_string();
                    }
                    if line == word {
                        return Ok(true);
                    }
                }
                Err(RecvTimeoutError::Timeout) => return Ok(false),
                Err(RecvTimeoutError::Disconnected) => return Err("it has exited".into()),
            }
        }
    }

    /// Searches `game`'s position within `limits` until `stop` is set, reporting each depth
    /// the engine reports to `on_info`. Only depth, nodes, time and the clock are passed on
    /// (noise is ours alone).
    ///
    /// # Errors
    /// The engine exits, stops answering, or plays an illegal move: what happened.
    pub fn search(
        &mut self,
        game: &Game,
        limits: &Limits,
        stop: &AtomicBool,
        mut on_info: impl FnMut(&Info),
    ) -> Result<SearchResult, String> {
        let start = Instant::now();
        let pos = game.position().clone();
        self.send(&position_command(game))?;
        self.send(&go_command(self.protocol, limits, pos.turn()))?;
        // Our own deadline, in case the engine overruns its time.
        let deadline = limits
            .movetime
            .or(limits.clock.map(|c| c.time / 2))
            .map(|t| start + t + GRACE);
        let mut stop_sent = false;
        let mut last: Option<Info> = None;
        loop {
            if !stop_sent
                && (stop.load(Ordering::Relaxed) || deadline.is_some_and(|d| Instant::now() >= d))
            {
                self.send("stop")?;
                stop_sent = true;
            }
            let line = match self.lines.recv_timeout(POLL) {
                Ok(line) => line,
                Err(RecvTimeoutError::Timeout) => continue,
                Err(RecvTimeoutError::Disconnected) => return Err("the engine has exited".into()),
            };
            let words: Vec<&str> = line.split_whitespace().collect();
            match words.first() {
                Some(&"info") => {
                    if let Some(info) = parse_info(&words[1..], &pos, start.elapsed()) {
                        on_info(&info);
                        last = Some(info);
                    }
                }
                Some(&"nobestmove") => return Ok(result(None, last, start)),
                Some(&"bestmove") => {
                    let text = words.get(1).copied().unwrap_or("");
                    if text == "(none)" {
                        return Ok(result(None, last, start));
                    }
                    let mv = text
                        .parse::<Move>()
                        .ok()
                        .filter(|&m| pos.is_legal(m))
                        .ok_or_else(|| format!("the engine played {text:?}, not a legal move"))?;
                    return Ok(result(Some(mv), last, start));
                }
                _ => {}
            }
        }
    }
}

impl Drop for External {
    /// Asks the engine to quit, and makes sure it does.
    fn drop(&mut self) {
        let _ = self.send("quit");
        std::thread::sleep(Duration::from_millis(20));
        if !matches!(self.child.try_wait(), Ok(Some(_))) {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}

/// `position fen … moves …` from the last capture on (all a repetition can go back to).
fn position_command(game: &Game) -> String {
    let positions = game.positions();
    let moves = game.moves();
    let from = moves
        .iter()
        .enumerate()
        .rev()
        .find(|&(i, m)| positions[i].piece_at(m.to).is_some())
        .map_or(0, |(i, _)| i + 1);
    let mut text = format!("position fen {}", positions[from].fen());
    if from < moves.len() {
        text.push_str(" moves");
        for m in &moves[from..] {
            text.push(' ');
            text.push_str(&m.to_string());
        }
    }
    text
}

/// The `go` command for `limits`.
fn go_command(protocol: Protocol, limits: &Limits, turn: crate::Color) -> String {
    let mut text = String::from("go");
    let ms = |d: Duration| d.as_millis();
    if let Some(depth) = limits.depth {
        text.push_str(&format!(" depth {depth}"));
    }
    if let Some(nodes) = limits.nodes {
        text.push_str(&format!(" nodes {nodes}"));
    }
    match protocol {
        Protocol::Uci => {
            if let Some(t) = limits.movetime {
                text.push_str(&format!(" movetime {}", ms(t)));
            }
            if let Some(c) = limits.clock {
                let (time, inc) = if turn == crate::Color::Red {
                    ("wtime", "winc")
                } else {
                    ("btime", "binc")
                };
                text.push_str(&format!(" {time} {} {inc} {}", ms(c.time), ms(c.increment)));
                if let Some(n) = c.moves_to_go {
                    text.push_str(&format!(" movestogo {n}"));
                }
            }
            if text == "go" {
                text.push_str(" infinite");
            }
        }
        Protocol::Ucci => {
            // UCCI has one time mode per `go`: the clock, or a move time as one move to go.
            if let Some(c) = limits.clock {
                text.push_str(&format!(" time {}", ms(c.time)));
                match c.moves_to_go {
                    Some(n) => text.push_str(&format!(" movestogo {n}")),
                    None => text.push_str(&format!(" increment {}", ms(c.increment))),
                }
            } else if let Some(t) = limits.movetime {
                text.push_str(&format!(" time {} movestogo 1", ms(t)));
            }
            if text == "go" {
                text.push_str(" depth infinite");
            }
        }
    }
    text
}

/// An `info` line's depth, score, nodes and principal variation (legal moves only); `None`
/// for lines without a depth and a score (`info string …`, current-move lines).
fn parse_info(words: &[&str], pos: &Position, elapsed: Duration) -> Option<Info> {
    let mut info = Info {
        depth: 0,
        seldepth: 0,
        score: Score::Cp(0),
        nodes: 0,
        time: elapsed,
        pv: Vec::new(),
        hashfull: 0,
    };
    let (mut depth, mut score) = (false, false);
    let mut i = 0;
    let number = |w: Option<&&str>| w.and_then(|w| w.parse::<i64>().ok());
    while i < words.len() {
        match words[i] {
            "depth" => {
                info.depth = u32::try_from(number(words.get(i + 1))?).ok()?;
                depth = true;
                i += 2;
            }
            "seldepth" => {
                info.seldepth = u32::try_from(number(words.get(i + 1)).unwrap_or(0)).unwrap_or(0);
                i += 2;
            }
            "nodes" => {
                info.nodes = u64::try_from(number(words.get(i + 1)).unwrap_or(0)).unwrap_or(0);
                i += 2;
            }
            "score" => {
                // UCI: `score cp 35` / `score mate -3`; UCCI: `score 35`.
                let (kind, value) = match words.get(i + 1) {
                    Some(&"cp") => ("cp", words.get(i + 2)),
                    Some(&"mate") => ("mate", words.get(i + 2)),
                    other => ("bare", other),
                };
                let v = i32::try_from(number(value)?).ok()?;
                info.score = if kind == "mate" {
                    Score::Mate(v)
                } else {
                    Score::Cp(v)
                };
                score = true;
                i += if kind == "bare" { 2 } else { 3 };
            }
            "pv" => {
                let mut p = pos.clone();
                for w in &words[i + 1..] {
                    let Some(mv) = w.parse::<Move>().ok().filter(|&m| p.is_legal(m)) else {
                        break;
                    };
                    let Ok(next) = p.play(mv) else { break };
                    info.pv.push(mv);
                    p = next;
                }
                break;
            }
            "string" => return None,
            _ => i += 1,
        }
    }
    (depth && score).then_some(info)
}

fn result(best: Option<Move>, last: Option<Info>, start: Instant) -> SearchResult {
    let last = last.unwrap_or(Info {
        depth: 0,
        seldepth: 0,
        score: Score::Cp(0),
        nodes: 0,
        time: start.elapsed(),
        pv: Vec::new(),
        hashfull: 0,
    });
    let mut pv = last.pv;
    if best.is_some() && pv.first() != best.as_ref() {
        pv = best.into_iter().collect();
    }
    SearchResult {
        best,
        score: last.score,
        depth: last.depth,
        nodes: last.nodes,
        time: start.elapsed(),
        pv,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn info_lines_of_both_protocols_are_read() {
        let pos = Position::start();
        let uci: Vec<&str> = "depth 5 seldepth 9 score cp -35 nodes 1234 pv h2e2 h9g7 zz"
            .split(' ')
            .collect();
        let info = parse_info(&uci, &pos, Duration::ZERO).expect("a full info line");
        assert_eq!(
            (info.depth, info.score, info.nodes),
            (5, Score::Cp(-35), 1234)
        );
        assert_eq!(
            info.pv.len(),
            2,
            "the pv stops at the first word that is no move"
        );
        let ucci: Vec<&str> = "depth 7 score 12 pv b0c2".split(' ').collect();
        let info = parse_info(&ucci, &pos, Duration::ZERO).expect("a UCCI info line");
        assert_eq!(info.score, Score::Cp(12));
        let mate: Vec<&str> = "depth 3 score mate -2".split(' ').collect();
        assert_eq!(
            parse_info(&mate, &pos, Duration::ZERO).map(|i| i.score),
            Some(Score::Mate(-2))
        );
        let string: Vec<&str> = "string hello depth 3 score 5".split(' ').collect();
        assert_eq!(parse_info(&string, &pos, Duration::ZERO), None);
    }

    #[test]
    fn go_commands_name_the_limits_in_each_protocol() {
        let movetime = Limits {
            movetime: Some(Duration::from_millis(1000)),
            ..Limits::default()
        };
        assert_eq!(
            go_command(Protocol::Uci, &movetime, crate::Color::Red),
            "go movetime 1000"
        );
        assert_eq!(
            go_command(Protocol::Ucci, &movetime, crate::Color::Red),
            "go time 1000 movestogo 1"
        );
        assert_eq!(
            go_command(Protocol::Uci, &Limits::default(), crate::Color::Red),
            "go infinite"
        );
        let clock = Limits {
            depth: Some(4),
            clock: Some(super::super::Clock {
                time: Duration::from_secs(60),
                increment: Duration::from_secs(2),
                moves_to_go: None,
            }),
            ..Limits::default()
        };
        assert_eq!(
            go_command(Protocol::Uci, &clock, crate::Color::Black),
            "go depth 4 btime 60000 binc 2000"
        );
    }

    #[test]
    fn the_position_is_sent_from_the_last_capture() {
        let mut game = Game::new(Position::start());
        for m in ["h2e2", "h9g7", "e2e6", "g6g5"] {
            game.play(m.parse().expect("test move"))
                .expect("legal test move");
        }
        let text = position_command(&game);
        assert!(text.starts_with("position fen "), "{text}");
        assert!(
            text.ends_with(" moves g6g5"),
            "after the cannon took on e6: {text}"
        );
    }
}
