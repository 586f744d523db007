//! Development aid for `tools/axf_compare.py` (see the README, "How a game ends"): prints
//! positions of real games, and judges repetition laps with [`xiangqi::judge_lap`].
//!
//! `cargo run --release --example axf_judge -- positions FILE...` prints the FEN after every
//! move of every game in the PGN files. `… -- laps` reads FENs, one a line, and prints for
//! each every lap of four quiet plies that comes back to it (a move, a reply, both taken
//! back), as `FEN<TAB>move move move move`. `cargo run --release --example axf_judge -- judge`
//! reads lines `FEN<TAB>move move …` (ICCS, ranks 0–9; the moves are one lap from the FEN
//! back to it) and prints one verdict a line: `draw`, or the loser and why
//! (`red perpetual check`, `black perpetual chase`, …), or `error: …` for a line it cannot read.

use std::io::{self, BufRead, Write};
use std::process::ExitCode;
use xiangqi::{Move, Position, judge_lap};

fn positions(files: &[String]) -> Result<(), String> {
    let mut out = io::stdout().lock();
    for file in files {
        let bytes = std::fs::read(file).map_err(|e| format!("{file}: {e}"))?;
        for game in xiangqi::pgn::read_each(&bytes).into_iter().flatten() {
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

fn laps() -> Result<(), String> {
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

fn judge_line(line: &str) -> Result<String, String> {
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

fn judge() -> Result<(), String> {
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
        _ => Err(
            "usage: axf_judge positions FILE... | axf_judge laps < fens | axf_judge judge < laps"
                .to_string(),
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
