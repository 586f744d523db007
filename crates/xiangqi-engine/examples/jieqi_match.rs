//! A Jieqi match: the engine at a level against a player that takes the best capture it
//! sees one ply ahead (the most valuable piece it can take, a covered one at its pool's
//! average worth; the cheapest taker among equals) and otherwise plays a random legal move.
//! Each game is dealt afresh; the engine takes red and black in turn.
//!
//!     cargo run --release -p xiangqi-engine --example jieqi_match -- [GAMES] [LEVEL] [SEED]
//!
//! Prints each game's result and the engine's wins, draws and losses. A game still going after
//! 400 plies counts as a draw.

use std::time::{Duration, Instant};
use xiangqi_engine::{Level, jieqi_move};
use xiangqi_rules::jieqi::{DealRng, JieqiGame, JieqiPiece, JieqiPosition};
use xiangqi_rules::{Color, Move, Role};

const MAX_PLIES: usize = 400;

/// What the greedy player thinks a piece is worth.
fn worth(role: Role) -> u32 {
    match role {
        Role::General => 0,
        Role::Advisor => 220,
        Role::Elephant => 240,
        Role::Horse => 420,
        Role::Chariot => 900,
        Role::Cannon => 450,
        Role::Soldier => 100,
    }
}

/// A covered piece of `color`: its pool's average worth.
fn covered_worth(pos: &JieqiPosition, color: Color) -> u32 {
    let pool = pos.pool();
    let total = pool.total(color).max(1);
    let sum: usize = pool.kinds(color).map(|(r, n)| n * worth(r) as usize).sum();
    (sum / total) as u32
}

fn piece_worth(pos: &JieqiPosition, piece: JieqiPiece) -> u32 {
    match piece {
        JieqiPiece::Covered(color) => covered_worth(pos, color),
        JieqiPiece::Revealed(p) => worth(p.role),
    }
}

/// The greedy player's move: the best capture, else a random move.
fn greedy(pos: &JieqiPosition, rng: &mut DealRng) -> Option<Move> {
    let moves = pos.legal_moves();
    let capture = moves
        .iter()
        .filter_map(|&m| {
            let victim = pos.piece_at(m.to)?;
            let taker = pos.piece_at(m.from)?;
            Some((
                piece_worth(pos, victim),
                u32::MAX - piece_worth(pos, taker),
                m,
            ))
        })
        .max_by_key(|&(v, t, _)| (v, t));
    if let Some((_, _, m)) = capture {
        return Some(m);
    }
    let n = moves.len() as u64;
    (n > 0).then(|| moves[rng.below(n) as usize])
}

/// Plays one game; the engine's result (1 win, 0 draw or unfinished, -1 loss), plies, and the
/// engine's thinking time and moves.
fn play(seed: u64, engine: Color, level: Level) -> (i32, usize, Duration, u32) {
    let mut game = JieqiGame::dealt(seed);
    let mut rng = DealRng::new(seed ^ 0x5EED);
    let mut thinking = Duration::ZERO;
    let mut engine_moves = 0;
    for ply in 0..MAX_PLIES {
        if let Some(outcome) = game.outcome() {
            let score = match outcome.winner {
                Some(w) if w == engine => 1,
                Some(_) => -1,
                None => 0,
            };
            return (score, ply, thinking, engine_moves);
        }
        let pos = game.position().clone();
        let m = if pos.turn() == engine {
            let positions = game.positions();
            let history: Vec<u64> = positions[..positions.len() - 1]
                .iter()
                .map(JieqiPosition::key)
                .collect();
            let clock = Instant::now();
            let m = jieqi_move(&pos, &history, level, seed.wrapping_add(ply as u64));
            thinking += clock.elapsed();
            engine_moves += 1;
            m
        } else {
            greedy(&pos, &mut rng)
        };
        let Some(m) = m else { break };
        if game.play(m).is_err() {
            eprintln!("game {seed}: {m} refused in {}", pos.fen());
            return (0, ply, thinking, engine_moves);
        }
    }
    (0, MAX_PLIES, thinking, engine_moves)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |i: usize, default: u64| {
        args.get(i)
            .and_then(|a| a.parse::<u64>().ok())
            .unwrap_or(default)
    };
    let games = number(0, 50);
    let level = Level::new(number(1, 5).clamp(1, 10) as u8).unwrap_or(Level::MAX);
    let base = number(2, 1);
    let (mut won, mut drawn, mut lost) = (0, 0, 0);
    let mut thinking = Duration::ZERO;
    let mut moves = 0;
    for g in 0..games {
        let engine = if g % 2 == 0 { Color::Red } else { Color::Black };
        let (score, plies, t, n) = play(base + g, engine, level);
        thinking += t;
        moves += n;
        match score {
            1 => won += 1,
            0 => drawn += 1,
            _ => lost += 1,
        }
        println!(
            "game {:>3} engine {:<5} result {:>2} plies {plies:>3}",
            g + 1,
            engine.name(),
            score
        );
    }
    let per_move = thinking.as_secs_f64() * 1000.0 / f64::from(moves.max(1));
    println!(
        "level {level}: {won} won, {drawn} drawn, {lost} lost of {games} ({:.0}% won); \
         {per_move:.0} ms a move over {moves} engine moves",
        100.0 * won as f64 / games.max(1) as f64
    );
}
