//! Where generated moves go: the sinks the generator hands each move to, from a
//! plain list to counters and filters that keep some moves only.

use crate::tables::BIT;
use crate::{Move, MoveList, Position, Square};

/// The move from `from` to `to`.
#[inline]
pub(super) fn mv(from: usize, to: u8) -> Move {
    Move::new(
        Square::from_index_unchecked(from as u8),
        Square::from_index_unchecked(to),
    )
}

/// Where generated moves go: a list, or (for perft's last ply) just a count.
pub(crate) trait Sink {
    /// Whether the sink takes captures (moves onto an enemy piece); one that does not is
    /// never offered them, and the generator does not look for them.
    const CAPTURES: bool = true;
    /// Whether the sink takes moves onto empty points.
    const QUIETS: bool = true;

    fn add(&mut self, from: usize, to: u8);
}

impl Sink for MoveList {
    #[inline]
    fn add(&mut self, from: usize, to: u8) {
        self.push(mv(from, to));
    }
}

/// Counts moves without storing them.
#[derive(Debug, Default)]
pub(crate) struct Counter(pub usize);

impl Sink for Counter {
    #[inline]
    fn add(&mut self, _from: usize, _to: u8) {
        self.0 += 1;
    }
}

/// Notes whether any move was generated. (Not [`Counter`], so that perft's counting keeps
/// its generator to itself, inlined.)
pub(super) struct Any(pub(super) bool);

impl Sink for Any {
    #[inline]
    fn add(&mut self, _from: usize, _to: u8) {
        self.0 = true;
    }
}

/// Takes into the list only the captures ([`CAPTURES_ONLY`]) or only the moves onto empty
/// points ([`QUIETS_ONLY`]).
pub(super) struct Only<'a, const TAKE_CAPTURES: bool>(pub(super) &'a mut MoveList);

/// [`Only`] the captures.
pub(super) const CAPTURES_ONLY: bool = true;
/// [`Only`] the moves onto empty points.
pub(super) const QUIETS_ONLY: bool = false;

impl<const TAKE_CAPTURES: bool> Sink for Only<'_, TAKE_CAPTURES> {
    const CAPTURES: bool = TAKE_CAPTURES;
    const QUIETS: bool = !TAKE_CAPTURES;

    #[inline]
    fn add(&mut self, from: usize, to: u8) {
        self.0.push(mv(from, to));
    }
}

/// Takes into the list only the moves onto empty points that `keep` accepts.
pub(super) struct QuietsWhere<'a, F> {
    pub(super) pos: &'a Position,
    pub(super) keep: &'a F,
    pub(super) list: &'a mut MoveList,
}

impl<F: Fn(&Position, Move) -> bool> Sink for QuietsWhere<'_, F> {
    const CAPTURES: bool = false;

    #[inline]
    fn add(&mut self, from: usize, to: u8) {
        let m = mv(from, to);
        if (self.keep)(self.pos, m) {
            self.list.push(m);
        }
    }
}

/// Takes into the list only the moves onto `points`.
pub(super) struct Onto<'a> {
    pub(super) points: u128,
    pub(super) list: &'a mut MoveList,
}

impl Sink for Onto<'_> {
    #[inline]
    fn add(&mut self, from: usize, to: u8) {
        if self.points & BIT[to as usize] != 0 {
            self.list.push(mv(from, to));
        }
    }
}

/// Takes into the list only the moves onto the empty ones of `points`.
pub(super) struct QuietsOnto<'a> {
    pub(super) points: u128,
    pub(super) list: &'a mut MoveList,
}

impl Sink for QuietsOnto<'_> {
    const CAPTURES: bool = false;

    #[inline]
    fn add(&mut self, from: usize, to: u8) {
        if self.points & BIT[to as usize] != 0 {
            self.list.push(mv(from, to));
        }
    }
}
