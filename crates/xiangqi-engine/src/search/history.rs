//! What orders quiet moves, learned from cutoffs: the history of each piece and destination,
//! the counter move (the reply that refuted the opponent's last move before), and the
//! continuation history (how a move fared after the opponent's last move). Scores move
//! toward a bound by "gravity": a bonus shrinks as its entry nears the bound, so that old
//! lessons give way to new ones without overflowing.

use xiangqi_rules::{Move, Position};

/// Entries stay within ±this.
const BOUND: i32 = 16_384;
/// Piece codes by points: the index of a piece's move in the tables.
const CELLS: usize = 16 * 90;

/// The tables of one thread.
#[derive(Debug)]
pub(super) struct History {
    main: Box<[i32]>,
    counters: Box<[Option<Move>]>,
    /// For each (piece, destination) of the last move, each (piece, destination) of a reply.
    cont: Box<[i16]>,
}

/// The last move's piece and destination at a node, as an index into the tables; none at
/// the root of a game or after a null move.
pub(super) type Context = Option<usize>;

fn gravity(entry: i32, bonus: i32) -> i32 {
    entry + bonus - entry * bonus.abs() / BOUND
}

fn at(piece: u8, to: usize) -> usize {
    usize::from(piece) * 90 + to
}

impl History {
    pub(super) fn new() -> History {
        History {
            main: vec![0; CELLS].into_boxed_slice(),
            counters: vec![None; CELLS].into_boxed_slice(),
            cont: vec![0; CELLS * CELLS].into_boxed_slice(),
        }
    }

    /// Forgets everything (a new game).
    pub(super) fn clear(&mut self) {
        self.main.fill(0);
        self.counters.fill(None);
        self.cont.fill(0);
    }

    /// Halves the main history (a new search: the position has moved on).
    pub(super) fn age(&mut self) {
        self.main.iter_mut().for_each(|h| *h /= 2);
    }

    /// The context of a node reached by `last` (a null move goes from a point to itself).
    pub(super) fn context(pos: &Position, last: Option<&Move>) -> Context {
        let m = last?;
        if m.from == m.to {
            return None;
        }
        let piece = pos.codes()[m.to.index()];
        (piece != 0).then(|| at(piece, m.to.index()))
    }

    /// How good the quiet move `m` of `piece` has been, after the last move `ctx`.
    #[inline]
    pub(super) fn quiet(&self, ctx: Context, piece: u8, m: Move) -> i32 {
        let i = at(piece, m.to.index());
        self.main[i] + ctx.map_or(0, |c| i32::from(self.cont[c * CELLS + i]))
    }

    /// The move that last refuted the last move `ctx`.
    pub(super) fn counter(&self, ctx: Context) -> Option<Move> {
        ctx.and_then(|c| self.counters[c])
    }

    /// The quiet move `m` of `piece` caused a cutoff at `depth` after `ctx`; the quiet
    /// moves `tried` before it (with their pieces) did not.
    pub(super) fn reward(
        &mut self,
        ctx: Context,
        piece: u8,
        m: Move,
        depth: i32,
        tried: &[(u8, Move)],
    ) {
        let bonus = (32 * depth * depth).min(4000);
        self.update(ctx, piece, m, bonus);
        for &(p, q) in tried {
            self.update(ctx, p, q, -bonus);
        }
        if let Some(c) = ctx {
            self.counters[c] = Some(m);
        }
    }

    fn update(&mut self, ctx: Context, piece: u8, m: Move, bonus: i32) {
        let i = at(piece, m.to.index());
        self.main[i] = gravity(self.main[i], bonus);
        if let Some(c) = ctx {
            let e = &mut self.cont[c * CELLS + i];
            *e = gravity(i32::from(*e), bonus) as i16;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rewards_rank_a_cutting_move_above_those_tried_before_it_and_stay_bounded() {
        let mut h = History::new();
        let pos = Position::start()
            .play("h2e2".parse().expect("test move is valid"))
            .expect("test data is valid");
        let ctx = History::context(&pos, Some(&"h2e2".parse().expect("test move is valid")));
        assert!(ctx.is_some());
        let good: Move = "h9g7".parse().expect("test move is valid");
        let bad: Move = "b9c7".parse().expect("test move is valid");
        let horse = pos.codes()[good.from.index()];
        for _ in 0..1000 {
            h.reward(ctx, horse, good, 20, &[(horse, bad)]);
        }
        assert!(h.quiet(ctx, horse, good) > 0);
        assert!(h.quiet(ctx, horse, bad) < 0);
        assert!(h.quiet(ctx, horse, good) <= 2 * BOUND);
        assert_eq!(h.counter(ctx), Some(good));
        // Without the context only the main history speaks.
        assert!(h.quiet(None, horse, good) < h.quiet(ctx, horse, good));
    }
}
