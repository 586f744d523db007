//! The referee's part of a game: what the rules say of a position — mate, no move, the move
//! limit, too little material to win, repetition by the Asian rules — and finding earlier
//! occurrences of a position.

use super::{Game, MOVE_LIMIT_PLIES};
use crate::outcome::{Outcome, Termination};
use crate::repetition::judge_moves;
use crate::{Move, Position, Role};

/// Are `a` and `b` the same position for repetition: same placement and side to move (the
/// clocks do not matter)? The key is compared first; the board settles any collision.
fn same_position(a: &Position, b: &Position) -> bool {
    a.key() == b.key() && a.turn() == b.turn() && a.board() == b.board()
}

/// Indexes into `history` (the positions before `current`, oldest first) of the earlier
/// occurrences of `current`, the most recent first. Only positions since the last capture are
/// looked at: the ones before it have more pieces and cannot equal `current`.
pub(super) fn earlier_occurrences<'a>(
    history: &'a [Position],
    current: &'a Position,
) -> impl Iterator<Item = usize> + 'a {
    let n = history.len();
    let reach = usize::try_from(current.halfmove_clock()).map_or(n, |c| c.min(n));
    (n - reach..n)
        .rev()
        .filter(move |&i| same_position(&history[i], current))
}

impl Game {
    /// What the rules say about `current`, in the order the module documentation gives:
    /// `current` is the game's position (`next` is `None`) or the position after playing
    /// `next` in it.
    pub(super) fn adjudicate(&self, current: &Position, next: Option<Move>) -> Option<Outcome> {
        if !current.has_legal_moves() {
            let termination = if current.is_check() {
                Termination::Checkmate
            } else {
                Termination::NoLegalMove
            };
            return Some(Outcome {
                winner: Some(current.turn().other()),
                termination,
            });
        }
        if let Some(outcome) = self.repetition(current, next) {
            return Some(outcome);
        }
        let draw = |termination| {
            Some(Outcome {
                winner: None,
                termination,
            })
        };
        if current.halfmove_clock() >= MOVE_LIMIT_PLIES {
            return draw(Termination::MoveLimit);
        }
        if insufficient_material(current) {
            return draw(Termination::InsufficientMaterial);
        }
        None
    }

    /// The repetition rule: if `current` (as in [`Game::adjudicate`]) occurs for the third
    /// time, judge the lap from its most recent earlier occurrence to now by the AXF rules.
    fn repetition(&self, current: &Position, next: Option<Move>) -> Option<Outcome> {
        // The game's own position is counted in `seen` already; a position to come is not.
        let counted = self.seen.get(&current.key()).copied().unwrap_or(0);
        let earlier_count = counted.saturating_sub(u32::from(next.is_none()));
        if earlier_count < 2 {
            return None;
        }
        let (history, moves) = match next {
            None => {
                let n = self.moves.len();
                (&self.positions[..n], &self.moves[..])
            }
            Some(_) => (&self.positions[..], &self.moves[..]),
        };
        let mut earlier = earlier_occurrences(history, current);
        let start = earlier.next()?;
        earlier.next()?;
        let lap = moves[start..].iter().copied().chain(next);
        Some(judge_moves(&history[start], lap))
    }
}

/// Neither side has a piece that can cross the river: only generals, advisors and elephants.
fn insufficient_material(pos: &Position) -> bool {
    pos.board()
        .pieces()
        .all(|(_, p)| matches!(p.role, Role::General | Role::Advisor | Role::Elephant))
}
