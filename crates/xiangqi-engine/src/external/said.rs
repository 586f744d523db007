//! What an external engine says, read: the lines that settle the handshake, its `info`
//! lines (checked against the position) and the lines it offers to find at once.

use crate::{Info, MAX_MULTIPV, Score};
use std::time::Instant;
use xiangqi_rules::{Move, Position};

/// What a line an engine writes after `ucci` and `isready` tells of the UCCI handshake.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) enum AfterUcci {
    /// `ucciok`: it speaks UCCI.
    Ucci,
    /// It has read `ucci` and gone on without answering it: its `readyok` to the `isready`
    /// sent after, or a complaint that `ucci` is unknown.
    NotUcci,
    /// Anything else (its name and options before `ucciok`, a banner): listen on.
    Listen,
}

/// What `line`, written after `ucci` and `isready`, tells of the UCCI handshake. A UCCI
/// engine names itself (`id …`) and its options before `ucciok`, so those say nothing.
pub(super) fn after_ucci(line: &str) -> AfterUcci {
    let line = line.trim();
    let lower = line.to_ascii_lowercase();
    let complains = !lower.starts_with("id ")
        && !lower.starts_with("option ")
        && lower.contains("unknown")
        && lower.contains("ucci");
    if line.starts_with("ucciok") {
        AfterUcci::Ucci
    } else if line.starts_with("readyok") || complains {
        AfterUcci::NotUcci
    } else {
        AfterUcci::Listen
    }
}

/// Reads an `info` line's depth, score (from the side to move's view, clamped to what an
/// engine can mean) and principal variation in `pos` (cut at its first move that is not one
/// or not legal where it comes); `None` for lines without a score, with a line number that
/// is none, or whose variation starts with a move `pos` does not allow (a line about another
/// position). `mate 0`, with or without a sign, is `Score::Mate(0)`: the side to move is
/// mated, as our own search says of a side without a move.
pub(super) fn read_info(line: &str, start: Instant, pos: &Position) -> Option<Info> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let value = |key: &str| {
        let at = words.iter().position(|w| *w == key)?;
        words.get(at + 1).copied()
    };
    let depth = value("depth")?.parse().ok()?;
    let at = words.iter().position(|w| *w == "score")?;
    let score = match (words.get(at + 1), words.get(at + 2)) {
        (Some(&"cp"), Some(v)) => Score::Cp(v.parse().ok()?),
        (Some(&"mate"), Some(v)) => Score::Mate(v.parse().ok()?),
        // UCCI: a bare number.
        (Some(v), _) => Score::Cp(v.parse().ok()?),
        _ => return None,
    }
    .clamped();
    let pv = match words.iter().position(|w| *w == "pv") {
        Some(i) => legal_line(pos, &words[i + 1..])?,
        None => Vec::new(),
    };
    let multipv = match value("multipv") {
        Some(n) => n.parse().ok().filter(|&n| n >= 1)?,
        None => 1,
    };
    Some(Info {
        depth,
        seldepth: value("seldepth")
            .and_then(|v| v.parse().ok())
            .unwrap_or(depth),
        score,
        nodes: value("nodes").and_then(|v| v.parse().ok()).unwrap_or(0),
        time: start.elapsed(),
        pv,
        hashfull: 0,
        multipv,
    })
}

/// The moves of `words` from `pos` up to the first that is not a move or not legal where it
/// comes; `None` if that is the first (the words are about another position, or none).
fn legal_line(pos: &Position, words: &[&str]) -> Option<Vec<Move>> {
    let mut here = pos.clone();
    let mut line = Vec::new();
    for word in words {
        let Some((mv, next)) = word
            .parse::<Move>()
            .ok()
            .and_then(|mv| Some((mv, here.play(mv).ok()?)))
        else {
            break;
        };
        line.push(mv);
        here = next;
    }
    (!line.is_empty() || words.is_empty()).then_some(line)
}

/// The most lines an engine can find at once, if `line` offers MultiPV: a UCI `option name
/// MultiPV type spin … max N` (UCCI engines offer no such option).
pub(super) fn multipv_offered(line: &str) -> Option<usize> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let offered = words.len() >= 3
        && words[0] == "option"
        && words[1] == "name"
        && words[2].eq_ignore_ascii_case("multipv");
    if !offered {
        return None;
    }
    let max = words
        .iter()
        .position(|w| *w == "max")
        .and_then(|i| words.get(i + 1))
        .and_then(|v| v.parse::<usize>().ok())
        .unwrap_or(MAX_MULTIPV);
    Some(max.clamp(1, MAX_MULTIPV))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The first line of `transcript` (what an engine writes after `ucci` and `isready`)
    /// that settles the UCCI handshake, its number and what it says; `None` if none does.
    fn settled(transcript: &[&str]) -> Option<(usize, AfterUcci)> {
        transcript
            .iter()
            .map(|l| after_ucci(l))
            .enumerate()
            .find(|(_, heard)| *heard != AfterUcci::Listen)
    }

    #[test]
    fn the_ucci_handshake_ends_on_the_first_line_that_settles_it() {
        // ElephantEye and Fairy-Stockfish name themselves and their options first.
        let eleeye = [
            "id name ElephantEye 3.3",
            "id copyright 2004-2016 www.xqbase.com",
            "option usebook type check default true",
            "ucciok",
            "readyok",
        ];
        assert_eq!(settled(&eleeye), Some((3, AfterUcci::Ucci)));
        let fairy = [
            "id name Fairy-Stockfish 14 LB",
            "option name Protocol type combo default ucci var uci var ucci",
            "ucciok",
            "readyok",
        ];
        assert_eq!(settled(&fairy), Some((2, AfterUcci::Ucci)));
        // Pikafish: a banner, its complaint about ucci, then readyok.
        let pikafish = [
            "Pikafish 2024 by the Pikafish developers (see AUTHORS file)",
            "Unknown command: 'ucci'. Type help for more information.",
            "readyok",
        ];
        assert_eq!(settled(&pikafish), Some((1, AfterUcci::NotUcci)));
        // Our own `xiangqi uci`, and a UCI engine that ignores what it does not know.
        let ours = ["info string unknown command 'ucci'", "readyok"];
        assert_eq!(settled(&ours), Some((0, AfterUcci::NotUcci)));
        assert_eq!(settled(&["readyok"]), Some((0, AfterUcci::NotUcci)));
        // Still thinking about it (loading its tables): keep listening.
        assert_eq!(
            settled(&["id name Unknown UCCI engine", "option name x"]),
            None
        );
        assert_eq!(settled(&[]), None);
    }

    #[test]
    fn mate_0_with_any_sign_is_the_side_to_move_mated() {
        let start = Position::start();
        let now = Instant::now();
        for line in [
            "info depth 0 score mate 0",
            "info depth 7 score mate -0 pv h2e2",
            "info depth 7 multipv 2 score mate +0 nodes 5 pv b0c2",
        ] {
            let info = read_info(line, now, &start).expect("a line about this position");
            assert_eq!(info.score, Score::Mate(0), "{line}");
        }
        let info = read_info("info depth 7 score mate -1 pv h2e2", now, &start).expect("read");
        assert_eq!(info.score, Score::Mate(-1));
    }

    #[test]
    fn multipv_is_read_from_the_options_offered() {
        let offered = |l: &str| multipv_offered(l);
        assert_eq!(
            offered("option name MultiPV type spin default 1 min 1 max 500"),
            Some(MAX_MULTIPV)
        );
        assert_eq!(
            offered("option name multipv type spin default 1 min 1 max 4"),
            Some(4)
        );
        assert_eq!(offered("option name Hash type spin default 16"), None);
        assert_eq!(offered("info depth 3 multipv 2 score cp 5 pv h2e2"), None);
    }
}
