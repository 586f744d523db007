//! The second engine's check of each find: a UCI xiangqi engine (Fairy-Stockfish, told
//! `UCI_Variant xiangqi`) searches the start with two lines, and each later position of the
//! solver's with one, to a fixed depth. Fairy-Stockfish numbers the ranks 1 to 10; ICCS 0 to 9.

use super::journal::{Checked, Found};
use std::io::{self, BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::Duration;
use xiangqi_engine::Score;
use xiangqi_rules::{Move, Position};

/// One line the engine gives: its score for the side to move and its moves.
pub type Line = (Score, Vec<Move>);

/// A running engine and the lines it prints.
pub struct Uci {
    child: Child,
    input: ChildStdin,
    lines: Receiver<String>,
}

/// How long the engine may stay silent before it is given up on.
const SILENCE: Duration = Duration::from_secs(600);

impl Uci {
    /// Starts `program` as a xiangqi UCI engine on one thread with `hash_mb` MiB.
    pub fn start(program: &str, hash_mb: usize) -> io::Result<Uci> {
        let mut child = Command::new(program)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()?;
        let input = child
            .stdin
            .take()
            .ok_or_else(|| io::Error::other("no stdin"))?;
        let output = child
            .stdout
            .take()
            .ok_or_else(|| io::Error::other("no stdout"))?;
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(output).lines().map_while(Result::ok) {
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut uci = Uci {
            child,
            input,
            lines: rx,
        };
        uci.send("uci")?;
        uci.wait_for("uciok")?;
        for option in [
            "UCI_Variant value xiangqi".to_string(),
            "Threads value 1".to_string(),
            format!("Hash value {hash_mb}"),
        ] {
            uci.send(&format!("setoption name {option}"))?;
        }
        uci.send("isready")?;
        uci.wait_for("readyok")?;
        Ok(uci)
    }

    fn send(&mut self, line: &str) -> io::Result<()> {
        writeln!(self.input, "{line}")?;
        self.input.flush()
    }

    fn next_line(&mut self) -> io::Result<String> {
        match self.lines.recv_timeout(SILENCE) {
            Ok(l) => Ok(l),
            Err(RecvTimeoutError::Timeout) => Err(io::Error::other("the engine went silent")),
            Err(RecvTimeoutError::Disconnected) => Err(io::Error::other("the engine quit")),
        }
    }

    fn wait_for(&mut self, word: &str) -> io::Result<()> {
        while self.next_line()?.trim() != word {}
        Ok(())
    }

    /// The engine's lines for `pos` at `depth` with `multipv` lines: each line's score (for
    /// the side to move) and first move, best first, from the deepest depth all were given.
    pub fn lines(
        &mut self,
        pos: &Position,
        depth: u32,
        multipv: usize,
    ) -> io::Result<(u32, Vec<(Score, Move)>)> {
        let (d, lines) = self.lines_with_pv(pos, depth, multipv)?;
        Ok((d, lines.into_iter().map(|(s, pv)| (s, pv[0])).collect()))
    }

    /// As [`Uci::lines`], each line with its moves (the legal start of its PV, never empty).
    pub fn lines_with_pv(
        &mut self,
        pos: &Position,
        depth: u32,
        multipv: usize,
    ) -> io::Result<(u32, Vec<Line>)> {
        self.lines_or_give_up(pos, depth, multipv, &|_, _| false)
    }

    /// As [`Uci::lines_with_pv`], stopping the search early once `give_up` says so of the
    /// lines of a finished depth (then those lines and that depth are returned).
    pub fn lines_or_give_up(
        &mut self,
        pos: &Position,
        depth: u32,
        multipv: usize,
        give_up: &dyn Fn(u32, &[Line]) -> bool,
    ) -> io::Result<(u32, Vec<Line>)> {
        self.send(&format!("setoption name MultiPV value {multipv}"))?;
        self.send("ucinewgame")?;
        self.send(&format!("position fen {}", pos.fen()))?;
        self.send(&format!("go depth {depth}"))?;
        let wanted = multipv.min(pos.legal_moves().len());
        let mut by_depth: Vec<(u32, Vec<Option<Line>>)> = Vec::new();
        let mut gave_up_at = None;
        loop {
            let line = self.next_line()?;
            if line.starts_with("bestmove") {
                break;
            }
            let Some((d, k, score, pv)) = read_info(&line) else {
                continue;
            };
            let pv = legal_prefix(pos, &pv);
            if pv.is_empty() {
                continue;
            }
            if k == 0 || k > multipv {
                continue;
            }
            if by_depth.last().is_none_or(|(last, _)| *last != d) {
                by_depth.push((d, vec![None; multipv]));
            }
            if let Some((_, row)) = by_depth.last_mut() {
                row[k - 1] = Some((score, pv));
                if gave_up_at.is_none() && k == wanted {
                    let done: Vec<Line> = row.iter().take(wanted).flatten().cloned().collect();
                    if done.len() == wanted && give_up(d, &done) {
                        self.send("stop")?;
                        gave_up_at = Some(d);
                    }
                }
            }
        }
        if let Some(given_up) = gave_up_at {
            // Lines printed after the stop are of a depth cut short: keep the given-up one.
            by_depth.retain(|(d, _)| *d <= given_up);
        }
        let complete = by_depth
            .into_iter()
            .rev()
            .find(|(_, row)| row.iter().take(wanted).all(Option::is_some));
        Ok(complete.map_or((0, Vec::new()), |(d, row)| {
            (d, row.into_iter().flatten().collect())
        }))
    }
}

impl Drop for Uci {
    fn drop(&mut self) {
        let _ = self.send("quit");
        let _ = self.child.wait();
    }
}

/// The moves of `pv` that are legal one after the other from `pos`.
fn legal_prefix(pos: &Position, pv: &[Move]) -> Vec<Move> {
    let mut at = pos.clone();
    let mut out = Vec::new();
    for &mv in pv {
        match at.play(mv) {
            Ok(next) => at = next,
            Err(_) => break,
        }
        out.push(mv);
    }
    out
}

/// An `info` line's depth, line number, score and moves (bounds left out).
fn read_info(line: &str) -> Option<(u32, usize, Score, Vec<Move>)> {
    let words: Vec<&str> = line.split_whitespace().collect();
    if words.first() != Some(&"info")
        || words.contains(&"lowerbound")
        || words.contains(&"upperbound")
    {
        return None;
    }
    let after = |key: &str| {
        words
            .iter()
            .position(|w| *w == key)
            .and_then(|i| words.get(i + 1))
    };
    let depth = after("depth")?.parse().ok()?;
    let k = after("multipv").map_or(Some(1), |w| w.parse().ok())?;
    let i = words.iter().position(|w| *w == "score")?;
    let value: i32 = words.get(i + 2)?.parse().ok()?;
    let score = match *words.get(i + 1)? {
        "cp" => Score::Cp(value),
        "mate" => Score::Mate(value),
        _ => return None,
    };
    let start = words.iter().position(|w| *w == "pv")? + 1;
    let pv: Vec<Move> = words[start..].iter().map_while(|w| iccs_of(w)).collect();
    (!pv.is_empty()).then_some((depth, k, score, pv))
}

/// A move as Fairy-Stockfish writes it (`h3e3`, `a10a9`: ranks 1 to 10) in ICCS.
pub fn iccs_of(word: &str) -> Option<Move> {
    let bytes = word.as_bytes();
    if bytes.len() < 4 {
        return None;
    }
    let split = 1 + bytes[1..].iter().position(|b| b.is_ascii_alphabetic())?;
    let (from, to) = word.split_at(split);
    let point = |p: &str| -> Option<String> {
        let file = p.chars().next()?;
        let rank: u32 = p[1..].parse().ok()?;
        (1..=10)
            .contains(&rank)
            .then(|| format!("{file}{}", rank - 1))
    };
    format!("{}{}", point(from)?, point(to)?).parse().ok()
}

/// Checks a find: the engine's two lines at the start, then its best move at each later
/// position of the solver's, as far as it agrees with the line.
pub fn check(uci: &mut Uci, found: &Found, depth: u32) -> io::Result<Option<Checked>> {
    let Ok(start) = Position::from_fen(&found.fen) else {
        return Ok(None);
    };
    let moves: Vec<Move> = found
        .solution
        .split_whitespace()
        .filter_map(|m| m.parse().ok())
        .collect();
    let (reached, lines) = uci.lines(&start, depth, 2)?;
    let Some(&(first, best)) = lines.first() else {
        return Ok(None);
    };
    let mut agreed = usize::from(moves.first() == Some(&best));
    if agreed == 1 {
        let mut pos = start.clone();
        for pair in moves.chunks(2) {
            let [mv, reply] = pair else { break };
            pos = match pos.play(*mv).and_then(|p| p.play(*reply)) {
                Ok(p) => p,
                Err(_) => break,
            };
            let k = agreed * 2;
            let Some(&next) = moves.get(k) else { break };
            // A mate in one is any mate: the solver is not held to the line's.
            let mates = pos.play(next).is_ok_and(|p| !p.has_legal_moves());
            let (_, later) = uci.lines(&pos, depth.saturating_sub(2).max(1), 1)?;
            if mates || later.first().is_some_and(|&(_, m)| m == next) {
                agreed += 1;
            } else {
                break;
            }
        }
    }
    Ok(Some(Checked {
        id: found.id.clone(),
        best: best.to_string(),
        first,
        second: lines.get(1).map(|&(s, _)| s),
        depth: reached,
        agreed,
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_one_to_ten_become_iccs() {
        assert_eq!(
            iccs_of("h3e3").map(|m| m.to_string()).as_deref(),
            Some("h2e2")
        );
        assert_eq!(
            iccs_of("a10a9").map(|m| m.to_string()).as_deref(),
            Some("a9a8")
        );
        assert_eq!(
            iccs_of("e1e2").map(|m| m.to_string()).as_deref(),
            Some("e0e1")
        );
        assert_eq!(iccs_of("a0a1"), None);
        assert_eq!(iccs_of("a11a1"), None);
    }

    #[test]
    fn an_info_line_reads_and_a_bound_does_not() {
        let line = "info depth 14 seldepth 15 multipv 2 score cp -14 nodes 540914 pv b3b2 a7a6";
        let (d, k, s, pv) = read_info(line).expect("reads");
        assert_eq!(
            (d, k, s, pv[0].to_string().as_str()),
            (14, 2, Score::Cp(-14), "b2b1")
        );
        assert_eq!(pv[1].to_string(), "a6a5");
        assert!(read_info("info depth 9 score cp 10 lowerbound pv a1a2").is_none());
        let mate = read_info("info depth 3 score mate -2 pv e2e1").expect("reads");
        assert_eq!(mate.2, Score::Mate(-2));
    }
}
