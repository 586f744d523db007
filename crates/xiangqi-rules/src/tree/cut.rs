//! A line of a binary or web record (XQF, DhtmlXQ, CCBridge) cut where one of its moves
//! cannot be played: the readers keep the rest of the record and say where they cut.

use crate::{Color, GameTree, NodeId, Position};
use std::fmt;

/// A line of a record cut short at a move that cannot be played there (against the rules, or
/// branching from a step the line does not reach): the moves before it are kept, the move and
/// everything that follows it in its line are not. `E` is the reader's own error for the move,
/// which says where it is in the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CutLine<E> {
    /// Was it the main line (else a variation)?
    pub main: bool,
    /// The move number of the position the cut move would have been played from.
    pub number: u32,
    /// Whose move it was.
    pub color: Color,
    /// Why it was cut, and where in the file.
    pub why: E,
}

impl<E> CutLine<E> {
    /// The line of `tree` that would have gone on from `parent` cut for `why`.
    pub fn at(tree: &GameTree, parent: NodeId, why: E) -> CutLine<E> {
        let on_main = parent == NodeId::ROOT || tree.line_after(NodeId::ROOT).contains(&parent);
        let main = on_main && tree.main_child(parent).is_none();
        // The cut move's ply: one more than the plies from the start to `parent`.
        CutLine::new(tree.start(), tree.path(parent).len(), main, why)
    }

    /// A line cut for `why` at its move of ply `ply` (from 1) after `start`.
    pub fn new(start: &Position, ply: usize, main: bool, why: E) -> CutLine<E> {
        let before = ply.saturating_sub(1);
        let black_first = start.turn() == Color::Black;
        let plies = u32::try_from(before + usize::from(black_first)).unwrap_or(u32::MAX);
        let color = if before.is_multiple_of(2) {
            start.turn()
        } else {
            start.turn().other()
        };
        CutLine {
            main,
            number: start.fullmove_number().saturating_add(plies / 2),
            color,
            why,
        }
    }

    /// The same cut, its reason turned into another type.
    pub fn map<F>(self, f: impl FnOnce(E) -> F) -> CutLine<F> {
        CutLine {
            main: self.main,
            number: self.number,
            color: self.color,
            why: f(self.why),
        }
    }
}

impl<E: fmt::Display> fmt::Display for CutLine<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let line = if self.main {
            "the main line"
        } else {
            "a variation"
        };
        write!(
            f,
            "{line} cut at move {} ({}): {}",
            self.number, self.color, self.why
        )
    }
}
