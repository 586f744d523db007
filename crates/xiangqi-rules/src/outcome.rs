//! How a game ends: the reason ([`Termination`]) and the verdict ([`Outcome`]), shared by
//! the referee (`game`, `repetition`), the PGN tags and the screen.

use crate::Color;
use std::fmt;

/// Why a game ended. Shared by the terminal banner and the PGN `[Termination]` tag. More
/// reasons may come: match with a catch-all arm.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Termination {
    /// The side to move is in check and has no legal move.
    Checkmate,
    /// The side to move is not in check but has no legal move: it loses.
    NoLegalMove,
    /// A position repeated with one side checking on every move of the lap: that side loses.
    PerpetualCheck,
    /// A position repeated with one side chasing the same piece on every move of the lap
    /// (长捉), never checking, while the other side did not: the chaser loses.
    PerpetualChase,
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
    /// A side's time ran out: it loses, or it is a draw if the other side has no piece that
    /// could ever cross the river ([`crate::clock::flag_outcome`]).
    TimeForfeit,
}

impl Termination {
    /// Short English description, as in "Black wins — checkmate".
    #[must_use]
    pub const fn describe(self) -> &'static str {
        match self {
            Termination::Checkmate => "checkmate",
            Termination::NoLegalMove => "no legal move",
            Termination::PerpetualCheck => "perpetual check",
            Termination::PerpetualChase => "perpetual chase",
            Termination::Repetition => "repetition",
            Termination::MoveLimit => "move limit",
            Termination::InsufficientMaterial => "insufficient material",
            Termination::Resignation => "resignation",
            Termination::Agreement => "agreement",
            Termination::TimeForfeit => "time forfeit",
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
    /// The side that lost, `None` for a draw.
    ///
    /// ```
    /// use xiangqi_rules::{Color, Outcome, Termination};
    /// let o = Outcome { winner: Some(Color::Black), termination: Termination::PerpetualCheck };
    /// assert_eq!(o.loser(), Some(Color::Red));
    /// ```
    #[must_use]
    pub const fn loser(self) -> Option<Color> {
        match self.winner {
            Some(c) => Some(c.other()),
            None => None,
        }
    }

    /// Is it a draw?
    #[must_use]
    pub const fn is_draw(self) -> bool {
        self.winner.is_none()
    }

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
