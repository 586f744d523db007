//! Development aid for `tools/axf_compare.py` (see docs/guide/rules.md, "How a game ends"): prints
//! positions of real games, and judges repetition laps with [`xiangqi_rules::judge_lap`].
//!
//! `cargo run --release --example axf_judge -- positions FILE...` prints the FEN after every
//! move of every game in the PGN files. `… -- laps` reads FENs, one a line, and prints for
//! each every lap of four quiet plies that comes back to it (a move, a reply, both taken
//! back), as `FEN<TAB>move move move move`. `cargo run --release --example axf_judge -- judge`
//! reads lines `FEN<TAB>move move …` (ICCS, ranks 0–9; the moves are one lap from the FEN
//! back to it) and prints one verdict a line: `draw`, or the loser and why
//! (`red perpetual check`, `black perpetual chase`, …), or `error: …` for a line it cannot read.
//! `… -- chases SEED COUNT` reads FENs and prints for each up to COUNT chase-shaped laps (see
//! [`chases`]) as `FEN<TAB>move move …<TAB>shape`.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;
use xiangqi_rules::{Color, Move, Position, judge_lap};

#[path = "../tests/records/rng.rs"]
mod rng;
use rng::Rng;

/// What went wrong, said to the person running the tool.
type Failure = Box<dyn std::error::Error>;

fn positions(files: &[String]) -> Result<(), Failure> {
    let mut out = io::stdout().lock();
    for file in files {
        let bytes = std::fs::read(file).map_err(|e| format!("{file}: {e}"))?;
        for game in xiangqi_records::pgn::read_each(&bytes)
            .into_iter()
            .flatten()
        {
            let mut pos = game.start().clone();
            for &mv in game.moves() {
                match pos.play(mv) {
                    Ok(next) => pos = next,
                    Err(_) => break,
                }
                writeln!(out, "{}", pos.fen()).map_err(|e| e.to_string())?;
            }
        }
    }
    Ok(())
}

fn laps() -> Result<(), Failure> {
    let mut out = io::stdout().lock();
    for line in io::stdin().lock().lines() {
        let fen = line.map_err(|e| e.to_string())?;
        let start = Position::from_fen(&fen).map_err(|e| format!("{fen}: {e}"))?;
        let quiet = |pos: &Position, mv: Move| pos.piece_at(mv.to).is_none();
        let back = |mv: Move| Move::new(mv.to, mv.from);
        for a in start
            .legal_moves()
            .iter()
            .copied()
            .filter(|&a| quiet(&start, a))
        {
            let Ok(p1) = start.play(a) else { continue };
            for b in p1.legal_moves().iter().copied().filter(|&b| quiet(&p1, b)) {
                let lap = [a, b, back(a), back(b)];
                let mut pos = start.clone();
                if lap
                    .iter()
                    .all(|&m| pos.play(m).map(|next| pos = next).is_ok())
                    && pos.board() == start.board()
                {
                    let text: Vec<String> = lap.iter().map(Move::to_string).collect();
                    writeln!(out, "{fen}\t{}", text.join(" ")).map_err(|e| e.to_string())?;
                }
            }
        }
    }
    Ok(())
}

/// The legal captures `side` would have in `pos` if it were to move (none when the other side
/// is in check: such a position cannot have `side` to move).
fn captures(pos: &Position, side: Color) -> Vec<Move> {
    let flipped;
    let pos = if pos.turn() == side {
        pos
    } else {
        match Position::from_board(pos.board().clone(), side, 0, 1) {
            Ok(p) => {
                flipped = p;
                &flipped
            }
            Err(_) => return Vec::new(),
        }
    };
    let moves = pos.legal_moves();
    moves
        .iter()
        .copied()
        .filter(|m| pos.piece_at(m.to).is_some())
        .collect()
}

/// The enemy points the mover attacks after `mv` and did not before: by the moved piece from
/// its new point, or by another piece that could not make that capture before the move.
fn new_targets(before: &Position, mv: Move, after: &Position) -> Vec<usize> {
    let side = before.turn();
    let old = captures(before, side);
    captures(after, side)
        .into_iter()
        .filter(|c| c.from == mv.to || !old.contains(c))
        .map(|c| c.to.index())
        .collect()
}

/// What a side's free moves in a lap aim at.
#[derive(Copy, Clone)]
enum Aim {
    /// Attack the victim again (or, before there is one, anything).
    Chase,
    /// Check, else chase.
    Check,
    /// Run with the victim, or counter-attack.
    Run,
}

/// Picks a quiet legal move in `pos`, weighted towards `aim`; updates `victim` (the point of
/// the piece chased).
fn pick(rng: &mut Rng, pos: &Position, aim: Aim, victim: &mut Option<usize>) -> Option<Move> {
    let mut scored = Vec::new();
    for &mv in pos.legal_moves().iter() {
        if pos.piece_at(mv.to).is_some() {
            continue;
        }
        let Ok(after) = pos.play(mv) else { continue };
        let targets = new_targets(pos, mv, &after);
        let hits = victim.is_some_and(|v| targets.contains(&v));
        let weight = match aim {
            Aim::Chase | Aim::Check => {
                let chase = if hits {
                    12
                } else if !targets.is_empty() {
                    4
                } else {
                    0
                };
                let check = if after.is_check() {
                    if matches!(aim, Aim::Check) { 16 } else { 1 }
                } else {
                    0
                };
                1 + chase + check
            }
            Aim::Run => {
                let runs = victim.is_some_and(|v| v == mv.from.index());
                1 + if runs { 10 } else { 0 }
                    + if targets.is_empty() { 0 } else { 3 }
                    + u64::from(after.is_check())
            }
        };
        scored.push((mv, weight, targets));
    }
    let total: u64 = scored.iter().map(|s| s.1).sum();
    let mut at = rng.below(total);
    for (mv, weight, targets) in scored {
        if at < weight {
            match aim {
                Aim::Run => {
                    if *victim == Some(mv.from.index()) {
                        *victim = Some(mv.to.index());
                    }
                }
                Aim::Chase | Aim::Check => {
                    if victim.is_none_or(|v| !targets.contains(&v)) && !targets.is_empty() {
                        *victim = Some(targets[rng.below(targets.len() as u64) as usize]);
                    }
                }
            }
            return Some(mv);
        }
        at -= weight;
    }
    None
}

/// One chase-shaped lap from `start`, or `None` if the moves drawn do not make one. The side to
/// move chases (or checks) and the other runs: the free moves are drawn, then taken back in an
/// order that brings the position round — `a b a' b'` (4 plies), `a1 b1 a2 b2 a2' b2' a1' b1'`
/// (8 plies, each piece retracing its steps) or `a1 b1 a2 b2 a1' b1' a2' b2'`.
fn chase_lap(rng: &mut Rng, start: &Position) -> Option<(Vec<Move>, &'static str)> {
    let shape = 1 + rng.below(2);
    let aim = match rng.below(10) {
        0..=6 => [Aim::Chase, Aim::Run],
        7 | 8 => [Aim::Check, Aim::Run],
        _ => [Aim::Check, Aim::Chase],
    };
    let free = if shape == 0 { 2 } else { 4 };
    let mut victim = None;
    let mut pos = start.clone();
    let mut moves = Vec::new();
    for ply in 0..free {
        let mv = pick(rng, &pos, aim[ply % 2], &mut victim)?;
        pos = pos.play(mv).ok()?;
        moves.push(mv);
        if pos.board() == start.board() && pos.turn() == start.turn() {
            // Back already: a shorter lap, drawn elsewhere.
            return None;
        }
    }
    let back = |i: usize| Move::new(moves[i].to, moves[i].from);
    let (rest, name) = match shape {
        0 => (vec![back(0), back(1)], "run4"),
        1 => (vec![back(2), back(3), back(0), back(1)], "retrace8"),
        _ => (vec![back(0), back(1), back(2), back(3)], "cross8"),
    };
    for mv in rest {
        if pos.piece_at(mv.to).is_some() {
            return None;
        }
        pos = pos.play(mv).ok()?;
        moves.push(mv);
        if moves.len() < free * 2 && pos.board() == start.board() && pos.turn() == start.turn() {
            return None;
        }
    }
    (pos.board() == start.board()).then_some((moves, name))
}

/// Is one side's every move in the lap a check or a new attack (see [`new_targets`]) on one
/// and the same enemy piece, followed as it moves? The shape of a chase, whatever the rules
/// then say of it.
fn chase_shaped(start: &Position, lap: &[Move]) -> bool {
    let mut ids: Vec<usize> = (0..90).collect();
    let mut pos = start.clone();
    // Per side: the enemy pieces (by their point at the start) attacked anew by every move
    // that did not check; and whether any move did not check.
    let mut victims: [Option<Vec<usize>>; 2] = [None, None];
    let mut checks = [true; 2];
    for &mv in lap {
        let i = pos.turn().index();
        let Ok(after) = pos.play(mv) else {
            return false;
        };
        ids[mv.to.index()] = ids[mv.from.index()];
        if !after.is_check() {
            checks[i] = false;
            let now: Vec<usize> = new_targets(&pos, mv, &after)
                .into_iter()
                .map(|t| ids[t])
                .collect();
            victims[i] = Some(match victims[i].take() {
                None => now,
                Some(old) => old.into_iter().filter(|v| now.contains(v)).collect(),
            });
        }
        pos = after;
    }
    (0..2).any(|i| checks[i] || victims[i].as_ref().is_some_and(|v| !v.is_empty()))
}

/// Every lap `a b a' b'` of quiet moves from `start` (a move, a reply, both taken back).
fn quiet_laps(start: &Position) -> Vec<Vec<Move>> {
    let mut out = Vec::new();
    let quiet = |pos: &Position, mv: Move| pos.piece_at(mv.to).is_none();
    let back = |mv: Move| Move::new(mv.to, mv.from);
    for &a in start.legal_moves().iter() {
        if !quiet(start, a) {
            continue;
        }
        let Ok(p1) = start.play(a) else { continue };
        for &b in p1.legal_moves().iter() {
            if !quiet(&p1, b) {
                continue;
            }
            let lap = vec![a, b, back(a), back(b)];
            let mut pos = start.clone();
            if lap
                .iter()
                .all(|&m| quiet(&pos, m) && pos.play(m).map(|next| pos = next).is_ok())
                && pos.board() == start.board()
            {
                out.push(lap);
            }
        }
    }
    out
}

/// Prints up to `count` distinct chase-shaped laps for each FEN read: half of them (at most)
/// drawn from the laps of four plies, the rest of eight plies drawn by [`chase_lap`].
fn chases(seed: &str, count: &str) -> Result<(), Failure> {
    let seed: u64 = seed.parse().map_err(|e| format!("seed {seed}: {e}"))?;
    let count: usize = count.parse().map_err(|e| format!("count {count}: {e}"))?;
    let mut rng = Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let mut out = io::stdout().lock();
    for line in io::stdin().lock().lines() {
        let fen = line.map_err(|e| e.to_string())?;
        let start = Position::from_fen(&fen).map_err(|e| format!("{fen}: {e}"))?;
        if start.is_check() {
            continue;
        }
        let mut found: Vec<(Vec<Move>, &str)> = Vec::new();
        let mut short: Vec<Vec<Move>> = quiet_laps(&start)
            .into_iter()
            .filter(|lap| chase_shaped(&start, lap))
            .collect();
        while found.len() < count.div_ceil(2) && !short.is_empty() {
            let i = rng.below(short.len() as u64) as usize;
            found.push((short.swap_remove(i), "run4"));
        }
        for _ in 0..count * 40 {
            if found.len() >= count {
                break;
            }
            if let Some((lap, shape)) = chase_lap(&mut rng, &start)
                && lap.len() == 8
                && chase_shaped(&start, &lap)
                && !found.iter().any(|(l, _)| *l == lap)
            {
                found.push((lap, shape));
            }
        }
        for (lap, shape) in found {
            let text: Vec<String> = lap.iter().map(Move::to_string).collect();
            writeln!(out, "{fen}\t{}\t{shape}", text.join(" ")).map_err(|e| e.to_string())?;
        }
    }
    Ok(())
}

fn judge_line(line: &str) -> Result<String, Failure> {
    let (fen, moves) = line.split_once('\t').ok_or("no tab after the FEN")?;
    let start = Position::from_fen(fen).map_err(|e| e.to_string())?;
    let lap = moves
        .split_whitespace()
        .map(str::parse)
        .collect::<Result<Vec<Move>, _>>()
        .map_err(|e| e.to_string())?;
    let mut pos = start.clone();
    for &mv in &lap {
        pos = pos.play(mv).map_err(|e| format!("{mv}: {e}"))?;
    }
    let verdict = judge_lap(&start, &lap);
    Ok(match verdict.loser() {
        Some(loser) => format!("{} {}", loser.name(), verdict.termination),
        None => "draw".to_string(),
    })
}

fn judge() -> Result<(), Failure> {
    let mut out = io::stdout().lock();
    for line in io::stdin().lock().lines() {
        let line = line.map_err(|e| e.to_string())?;
        let verdict = judge_line(&line).unwrap_or_else(|e| format!("error: {e}"));
        writeln!(out, "{verdict}").map_err(|e| e.to_string())?;
    }
    Ok(())
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("positions") => positions(&args[1..]),
        Some("laps") => laps(),
        Some("judge") => judge(),
        Some("chases") if args.len() == 3 => chases(&args[1], &args[2]),
        _ => Err(
            "usage: axf_judge positions FILE... | axf_judge laps < fens | axf_judge chases SEED COUNT \
             < fens | axf_judge judge < laps"
                .into(),
        ),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("axf_judge: {e}");
            ExitCode::from(2)
        }
    }
}
