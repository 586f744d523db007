//! Openings: the ECCO code and name of a game, the moves masters played from a position
//! (the explorer) and the computer's opening book.
//!
//! Everything here reads two tables built into the binary from master games (see
//! `assets/openings/README.md` for their source, licence and how to rebuild them):
//!
//! - the classification table: the codes' names, a tree of the first moves of every training
//!   game (cut where all the games below a move share one code), and decision trees learned
//!   from the games, whose questions about a game's first 20 plies lead to its code (the
//!   trees vote);
//! - the explorer table: for each position the masters reached at least twice, the moves
//!   played from it with their games and results.
//!
//! A game's code follows its moves in order, as the codes in master records do: 仙人指路
//! answered and then followed by 飞相 is an E code, 飞相 first an A code, though the
//! position may be the same. The explorer and the book are keyed by position, so they
//! follow transpositions.

mod book;
pub mod build;
mod classify;
pub mod early;
mod explorer;

pub use book::{BOOK_MIN_GAMES, BOOK_MIN_SCORE, book_move, book_moves};
pub use classify::{Classification, Classifier, classify, classify_game, named};
pub use explorer::{ExplorerRow, explore};

use xiangqi_rules::{File, Move, Position, Rank, Square};

/// How many plies of a game the classification tree follows.
pub const TREE_DEPTH: usize = 40;

/// A stable 64-bit key of a position: FNV-1a over the FEN's placement and side to move.
/// It does not depend on the engine's hash keys, so the explorer table survives changes
/// to them.
#[must_use]
pub fn position_key(pos: &Position) -> u64 {
    let fen = pos.fen();
    let mut fields = fen.split(' ');
    let placement = fields.next().unwrap_or("");
    let side = fields.next().unwrap_or("w");
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in placement.bytes().chain([b' ']).chain(side.bytes()) {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0000_0100_0000_01b3);
    }
    hash
}

/// A move reflected left to right (file a ↔ i).
#[must_use]
pub fn mirror(mv: Move) -> Move {
    let flip = |sq: Square| {
        let file = File::new(8 - sq.file().index()).unwrap_or(sq.file());
        Square::new(file, Rank::new(sq.rank().index()).unwrap_or(sq.rank()))
    };
    Move::new(flip(mv.from), flip(mv.to))
}

/// The moves as the classification reads them: reflected left to right when the first
/// move off the central file is played on the left half, so 炮八平五 and 炮二平五 openings
/// share their statistics.
#[must_use]
pub fn canonical(moves: &[Move]) -> Vec<Move> {
    let centre = 4;
    let left = moves
        .iter()
        .find(|mv| mv.from.file().index() != centre || mv.to.file().index() != centre)
        .is_some_and(|mv| {
            let from = mv.from.file().index();
            from < centre || (from == centre && mv.to.file().index() < centre)
        });
    if left {
        moves.iter().map(|&mv| mirror(mv)).collect()
    } else {
        moves.to_vec()
    }
}

/// A move packed in two bytes (from and to square indices), as the tables store it.
pub(crate) fn pack(mv: Move) -> u16 {
    ((mv.from.index() as u16) << 8) | mv.to.index() as u16
}

pub(crate) fn unpack(packed: u16) -> Option<Move> {
    let from = Square::from_index(usize::from(packed >> 8))?;
    let to = Square::from_index(usize::from(packed & 0xff))?;
    Some(Move::new(from, to))
}

#[cfg(test)]
mod tests;
