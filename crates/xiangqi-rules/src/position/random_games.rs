//! Positions from random games, for tests that compare a shortcut with the straightforward
//! computation: the same games on every run (a fixed seed), captures and all.

use crate::Position;

/// Every position met in `games` random games from the start, each at most `plies` moves
/// long (shorter when a side is left without a move).
pub fn random_positions(games: usize, plies: usize) -> Vec<Position> {
    let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
    let mut out = Vec::new();
    for _ in 0..games {
        let mut pos = Position::start();
        for _ in 0..plies {
            out.push(pos.clone());
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            pos.make_move(moves[(seed % moves.len() as u64) as usize]);
        }
    }
    out
}
