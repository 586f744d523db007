//! A node of the search as a value — its depth, window, distance from the root — what the
//! pruning before its moves decides, and scores read from and written to the table (mate
//! scores are kept relative to the node).

use crate::result::MATE_BOUND;
use crate::tt::{Bound, Hit};

/// A node of the search: how deep it is searched, its window, how far from the root.
#[derive(Copy, Clone, Debug)]
pub(super) struct Node {
    pub depth: i32,
    pub alpha: i32,
    pub beta: i32,
    pub ply: usize,
    /// The side to move is in check.
    pub in_check: bool,
    /// A null move may be tried (not right after one).
    pub null_ok: bool,
    /// On the principal variation: entered with a window wider than a null one (the window
    /// narrows as moves are searched; this does not change).
    pub pv: bool,
}

impl Node {
    pub(super) fn new(
        depth: i32,
        alpha: i32,
        beta: i32,
        ply: usize,
        in_check: bool,
        null_ok: bool,
    ) -> Node {
        Node {
            depth,
            alpha,
            beta,
            ply,
            in_check,
            null_ok,
            pv: beta - alpha > 1,
        }
    }

    /// The root, searched to `depth` within `alpha..beta`.
    pub(super) fn root(depth: i32, alpha: i32, beta: i32, in_check: bool) -> Node {
        Node::new(depth, alpha, beta, 0, in_check, true)
    }

    /// The node a move leads to, searched to `depth` with the window `a..b` from this node's
    /// view (so `-b..-a` from the child's).
    pub(super) fn child(&self, depth: i32, a: i32, b: i32, in_check: bool) -> Node {
        Node::new(depth, -b, -a, self.ply + 1, in_check, true)
    }
}

/// What the pruning before a node's moves decided.
pub(super) enum Early {
    /// The node's score, found without searching its moves.
    Cut(i32),
    /// Search the moves; `threatened` if passing gets this side mated.
    Search { threatened: bool },
}

/// The stored score, if its bound settles the window `alpha..beta`.
pub(super) fn cutoff(h: Hit, alpha: i32, beta: i32, ply: usize) -> Option<i32> {
    let s = score_from_tt(h.score, ply);
    let settles = match h.bound {
        Bound::Exact => true,
        Bound::Lower => s >= beta,
        Bound::Upper => s <= alpha,
    };
    settles.then_some(s)
}

/// Mate scores are stored relative to the node, not the root.
pub(super) fn score_to_tt(s: i32, ply: usize) -> i32 {
    if s > MATE_BOUND {
        s + ply as i32
    } else if s < -MATE_BOUND {
        s - ply as i32
    } else {
        s
    }
}

fn score_from_tt(s: i32, ply: usize) -> i32 {
    if s > MATE_BOUND {
        s - ply as i32
    } else if s < -MATE_BOUND {
        s + ply as i32
    } else {
        s
    }
}
