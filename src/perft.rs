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
    perft_inner(&mut scratch, depth, &mut [])
}

/// Move lists are allocated for at most this many plies at a time: a depth typed by a user
/// (`u32::MAX`, say) must not ask for all its lists up front, when a mate may end every line
/// long before.
const BUFFER_PLIES: u32 = 64;

/// `buffers` holds one move list per remaining ply, reused across siblings so that no node
/// allocates or clears a list; when they run out, the next [`BUFFER_PLIES`] are allocated.
fn perft_inner(pos: &mut Position, depth: u32, buffers: &mut [MoveList]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let Some((list, deeper)) = buffers.split_first_mut() else {
        let mut fresh = vec![MoveList::new(); depth.min(BUFFER_PLIES) as usize];
        return perft_inner(pos, depth, &mut fresh);
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
            let n = perft_inner(&mut scratch, depth.saturating_sub(1), &mut []);
            scratch.unmake_move(m, undo);
            (m, n)
        })
        .collect();
    out.sort_by_key(|(m, _)| m.to_string());
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn running_out_of_buffers_allocates_more() {
        // One list for three plies: the deeper two come from a fresh allocation.
        let mut pos = Position::start();
        assert_eq!(perft_inner(&mut pos, 3, &mut [MoveList::new()]), 79_666);
    }
}
