//! A game: the start position, the moves played, and a redo stack for moves taken back; and how
//! a game ends ([`Outcome`]).

use crate::{Color, IllegalMove, Move, Position};
use std::fmt;

/// Why a game ended. Shared by the terminal banner and the PGN `[Termination]` tag.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Termination {
    /// The side to move is in check and has no legal move.
    Checkmate,
    /// The side to move is not in check but has no legal move: it loses.
    NoLegalMove,
    /// A position repeated with one side checking on every move of the cycle: that side loses.
    PerpetualCheck,
    /// A position occurred for the third time without a losing perpetual: draw.
    Repetition,
    /// 120 plies (60 moves each) without a capture: draw.
    MoveLimit,
    /// Neither side has a piece that can cross the river: draw.
    InsufficientMaterial,
    /// A player resigned.
    Resignation,
    /// Both players agreed to a draw.
    Agreement,
}

impl Termination {
    /// Short English description, as in "Black wins — checkmate".
    #[must_use]
    pub const fn describe(self) -> &'static str {
        match self {
            Termination::Checkmate => "checkmate",
            Termination::NoLegalMove => "no legal move",
            Termination::PerpetualCheck => "perpetual check",
            Termination::Repetition => "repetition",
            Termination::MoveLimit => "move limit",
            Termination::InsufficientMaterial => "insufficient material",
            Termination::Resignation => "resignation",
            Termination::Agreement => "agreement",
        }
    }
}

impl fmt::Display for Termination {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.describe())
    }
}

/// The result of a finished game: the winner (none for a draw) and why.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// `None` for a draw.
    pub winner: Option<Color>,
    /// How the game ended.
    pub termination: Termination,
}

impl Outcome {
    /// The PGN result token: `1-0` (red wins), `0-1` or `1/2-1/2`.
    #[must_use]
    pub const fn pgn_result(self) -> &'static str {
        match self.winner {
            Some(Color::Red) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.winner {
            Some(c) => write!(f, "{c} wins — {}", self.termination),
            None => write!(f, "Draw — {}", self.termination),
        }
    }
}

/// A game in progress: where it started, the moves played since, and moves taken back that
/// can be replayed.
#[derive(Clone, Debug)]
pub struct Game {
    /// `positions[i]` is the position after `i` moves; `positions[0]` is the start.
    positions: Vec<Position>,
    moves: Vec<Move>,
    /// Moves taken back, the most recent last.
    redo: Vec<Move>,
    /// A result declared by the players (resignation, agreement), if any.
    declared: Option<Outcome>,
}

impl Game {
    /// A new game from `start`.
    #[must_use]
    pub fn new(start: Position) -> Game {
        Game {
            positions: vec![start],
            moves: Vec::new(),
            redo: Vec::new(),
            declared: None,
        }
    }

    /// The position the game started from.
    #[must_use]
    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    /// The current position.
    #[must_use]
    pub fn position(&self) -> &Position {
        self.positions.last().unwrap_or(&self.positions[0])
    }

    /// Every position of the game so far, the start first and the current one last.
    #[must_use]
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// The moves played, in order.
    #[must_use]
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The last move played, if any.
    #[must_use]
    pub fn last_move(&self) -> Option<Move> {
        self.moves.last().copied()
    }

    /// Plays `mv` if it is legal and the game is not over. Clears the redo stack unless `mv` is
    /// the move that would be replayed.
    ///
    /// # Errors
    /// Why the move is illegal.
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        let next = self.position().play(mv)?;
        if self.redo.last() == Some(&mv) {
            self.redo.pop();
        } else {
            self.redo.clear();
        }
        self.positions.push(next);
        self.moves.push(mv);
        Ok(())
    }

    /// Takes back the last move; returns it, or `None` at the start. Also withdraws a declared
    /// result (a resignation or agreed draw), which then needs no move taken back.
    pub fn undo(&mut self) -> Option<Move> {
        if self.declared.take().is_some() {
            return None;
        }
        let mv = self.moves.pop()?;
        self.positions.pop();
        self.redo.push(mv);
        Some(mv)
    }

    /// Replays the last move taken back; returns it, or `None` if there is none.
    pub fn redo(&mut self) -> Option<Move> {
        let mv = *self.redo.last()?;
        self.play(mv).ok()?;
        Some(mv)
    }

    /// Can a move be replayed?
    #[must_use]
    pub fn can_redo(&self) -> bool {
        !self.redo.is_empty()
    }

    /// Records a result the players decided (resignation or agreed draw).
    pub fn declare(&mut self, outcome: Outcome) {
        self.declared = Some(outcome);
    }

    /// How the game has ended, or `None` while it goes on.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(o) = self.declared {
            return Some(o);
        }
        let pos = self.position();
        if !pos.has_legal_moves() {
            let termination = if pos.is_check() {
                Termination::Checkmate
            } else {
                Termination::NoLegalMove
            };
            return Some(Outcome {
                winner: Some(pos.turn().other()),
                termination,
            });
        }
        None
    }
}

impl Default for Game {
    fn default() -> Self {
        Game::new(Position::start())
    }
}
