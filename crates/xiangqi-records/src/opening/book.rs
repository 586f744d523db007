//! The opening book: the computer's choice among the moves masters played.

use super::{ExplorerRow, explore};
use xiangqi_rules::{Color, Move, Position};

/// The fewest games a move needs to be played from the book.
pub const BOOK_MIN_GAMES: u32 = 3;
/// A move whose games scored below this for the side playing it is never chosen.
pub const BOOK_MIN_SCORE: f64 = 0.35;

/// The book's moves from `pos` with their weights: moves played in at least
/// [`BOOK_MIN_GAMES`] games that scored at least [`BOOK_MIN_SCORE`] for the side that
/// played them, weighted by games times the square of the score.
#[must_use]
pub fn book_moves(pos: &Position) -> Vec<(ExplorerRow, f64)> {
    let red = pos.turn() == Color::Red;
    explore(pos)
        .into_iter()
        .filter(|row| row.games >= BOOK_MIN_GAMES)
        .filter_map(|row| {
            let score = row.score_for(red)?;
            (score >= BOOK_MIN_SCORE).then(|| (row, f64::from(row.games) * score * score))
        })
        .collect()
}

/// A move from the book for `pos`, chosen at random by weight from `seed` (the same seed
/// gives the same move); `None` when the book does not know the position.
#[must_use]
pub fn book_move(pos: &Position, seed: u64) -> Option<Move> {
    let moves = book_moves(pos);
    let total: f64 = moves.iter().map(|(_, w)| w).sum();
    if total <= 0.0 {
        return None;
    }
    // A SplitMix64 mixing step turns the number into a uniform fraction of the total
    // weight: nearby numbers (game 1, game 2) give unrelated choices.
    let mut z = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^= z >> 31;
    let mut target = (z >> 11) as f64 / (1u64 << 53) as f64 * total;
    for (row, weight) in &moves {
        if target < *weight {
            return Some(row.mv);
        }
        target -= weight;
    }
    moves.last().map(|(row, _)| row.mv)
}
