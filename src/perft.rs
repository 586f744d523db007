//! Perft: counting the leaf nodes of the legal move tree, the standard test of a move generator.

use crate::{Move, MoveList, Position};

/// The number of legal move sequences of length `depth` from `pos`.
///
/// ```
/// assert_eq!(xiangqi::perft(&xiangqi::Position::start(), 2), 1920);
/// ```
#[must_use]
pub fn perft(pos: &Position, depth: u32) -> u64 {
    let mut scratch = pos.clone();
    perft_inner(&mut scratch, depth)
}

fn perft_inner(pos: &mut Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut list = MoveList::new();
    pos.fill_legal(&mut list);
    // The last ply is counted, not played.
    if depth == 1 {
        return list.len() as u64;
    }
    let mut nodes = 0;
    for &m in &list {
        let undo = pos.make_move(m);
        nodes += perft_inner(pos, depth - 1);
        pos.unmake_move(m, undo);
    }
    nodes
}

/// Perft split by root move: each legal move with the leaf count below it, sorted by the move's
/// ICCS text.
#[must_use]
pub fn perft_divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    let mut scratch = pos.clone();
    let mut out: Vec<(Move, u64)> = pos
        .legal_moves()
        .iter()
        .map(|&m| {
            let undo = scratch.make_move(m);
            let n = perft_inner(&mut scratch, depth.saturating_sub(1));
            scratch.unmake_move(m, undo);
            (m, n)
        })
        .collect();
    out.sort_by_key(|(m, _)| m.to_string());
    out
}
