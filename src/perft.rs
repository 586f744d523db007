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
    let mut buffers = vec![MoveList::new(); depth as usize];
    perft_inner(&mut scratch, depth, &mut buffers)
}

/// `buffers` holds one move list per remaining ply, reused across siblings so that no node
/// allocates or clears a list.
fn perft_inner(pos: &mut Position, depth: u32, buffers: &mut [MoveList]) -> u64 {
    let Some((list, deeper)) = buffers.split_first_mut() else {
        return 1;
    };
    list.truncate(0);
    // The last ply is counted, not played.
    if depth == 1 {
        return pos.count_legal(list) as u64;
    }
    pos.fill_legal(list);
    let mut nodes = 0;
    for &m in list.iter() {
        let undo = pos.make_move(m);
        nodes += perft_inner(pos, depth - 1, deeper);
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
            let mut buffers = vec![MoveList::new(); depth.saturating_sub(1) as usize];
            let n = perft_inner(&mut scratch, depth.saturating_sub(1), &mut buffers);
            scratch.unmake_move(m, undo);
            (m, n)
        })
        .collect();
    out.sort_by_key(|(m, _)| m.to_string());
    out
}
