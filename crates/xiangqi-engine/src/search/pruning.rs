//! What the search leaves out or searches less: reverse futility and the null move before a
//! node's moves, futility and late-move pruning of its quiet moves, and the late-move
//! reductions.

use super::node::{Early, Node};
use super::{RULE_WIN, Searcher};
use crate::result::MATE_BOUND;
use std::sync::LazyLock;
use std::sync::atomic::AtomicBool;
use xiangqi_rules::Move;
use xiangqi_rules::Position;

/// Whether moves are passed over before they are played: futility and late-move pruning of
/// quiet moves, and in quiescence delta pruning and guarded minor pieces taken by bigger
/// ones. Off only in a build with the `unpruned` feature. That build measures what a node
/// costs on a tree more like that of an engine without these prunings
/// (`docs/engine-rounds.md`, the seventh and ninth parts); it plays weaker. It still prunes
/// by futility as far as the move picker does: at a futile node the picker generates only
/// the quiet moves that could give check.
pub(super) const PRUNE_UNPLAYED: bool = !cfg!(feature = "unpruned");

/// Late-move reductions by depth and move number: read from a table worked out once (a
/// logarithm at every reduced move cost about 1% of the search), worked out afresh beyond it.
pub(super) fn reduction(depth: i32, moves: usize) -> i32 {
    /// Depths and move numbers the table covers.
    const DEPTHS: usize = 64;
    const MOVES: usize = 128;
    static TABLE: LazyLock<Box<[[u8; MOVES]; DEPTHS]>> = LazyLock::new(|| {
        let mut table = Box::new([[0; MOVES]; DEPTHS]);
        for (depth, row) in table.iter_mut().enumerate() {
            for (moves, r) in row.iter_mut().enumerate() {
                *r = reduction_formula(depth as i32, moves) as u8;
            }
        }
        table
    });
    match (usize::try_from(depth), moves) {
        (Ok(d), m) if d < DEPTHS && m < MOVES => i32::from(TABLE[d][m]),
        _ => reduction_formula(depth, moves),
    }
}

/// The reduction [`reduction`] tabulates: it grows with the logarithms of the depth and of
/// the move's number.
pub(super) fn reduction_formula(depth: i32, moves: usize) -> i32 {
    let d = f64::from(depth.max(1)).ln();
    let m = (moves.max(1) as f64).ln();
    (0.7 + d * m / 3.0) as i32
}

impl Searcher {
    /// Away from the principal variation and out of check, before any move is searched:
    /// reverse futility (far above beta with little depth left) and the null move (if
    /// passing still beats beta, a real move will). Says whether passing gets this side
    /// mated: its quiet moves are then neither pruned nor reduced, since the one that parries
    /// the threat may look like nothing.
    pub(super) fn prune_before_moves(
        &mut self,
        pos: &mut Position,
        node: &Node,
        static_eval: i32,
        stop: &AtomicBool,
    ) -> Early {
        let go = Early::Search { threatened: false };
        if node.pv || node.in_check {
            return go;
        }
        let (depth, beta) = (node.depth, node.beta);
        if depth <= 3 && static_eval - 110 * depth >= beta && beta.abs() < RULE_WIN {
            return Early::Cut(static_eval);
        }
        // Not against a mate score either: where every move loses (zugzwang) passing would
        // look like a defence, and hide the mate.
        if !(node.null_ok
            && depth >= 3
            && static_eval >= beta
            && beta.abs() < RULE_WIN
            // A piece that can still force things: else passing may be the only good move,
            // the null move's blind spot.
            && self.material[node.ply].has_attackers(pos.turn().index()))
        {
            return go;
        }
        let r = 2 + depth / 6;
        self.material[node.ply + 1] = self.material[node.ply];
        pos.make_null();
        self.push(pos.key(), Move::default());
        let floor = self.floor;
        self.floor = self.keys.len() - 1;
        let child = Node::new(depth - 1 - r, -beta, -beta + 1, node.ply + 1, false, false);
        let s = -self.negamax(pos, child, stop);
        self.floor = floor;
        self.pop();
        pos.unmake_null();
        if self.stopped {
            return Early::Cut(0);
        }
        if s >= beta {
            return Early::Cut(if s > MATE_BOUND { beta } else { s });
        }
        Early::Search {
            threatened: s < -MATE_BOUND,
        }
    }

    /// May quiet moves after the first be pruned at `node`, where `best` is the best score so
    /// far? Not at the root, on the principal variation, in check or under a mate threat, nor
    /// once only a mate can beat alpha or nothing but being mated has been found.
    pub(super) fn may_prune(node: &Node, threatened: bool, best: i32) -> bool {
        node.ply != 0
            && !node.pv
            && !node.in_check
            && !threatened
            && best > -MATE_BOUND
            && node.alpha.abs() < RULE_WIN
    }

    /// Is `node` so far below alpha that no quiet move after the first can lift it, bar one
    /// that gives check (futility pruning)? Once true it stays true: alpha and `best` only
    /// rise.
    pub(super) fn futile(node: &Node, static_eval: i32, threatened: bool, best: i32) -> bool {
        Self::may_prune(node, threatened, best)
            && node.depth <= 2
            && static_eval + 90 + 110 * node.depth <= node.alpha
    }
}
