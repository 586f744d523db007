//! The rules a table referees by: xiangqi's [`Game`], or a Jieqi game whose deal the server
//! made and keeps to itself (only what a move turns over ever leaves it).

use crate::protocol::{Denial, Variant};
use xiangqi_rules::jieqi::{JieqiGame, JieqiMove, JieqiPlayError, JieqiPosition};
use xiangqi_rules::{Color, Game, Move, Outcome, PlayError, Termination};

/// A move as a table plays it: its two points and, in Jieqi, the piece a covered one turned
/// out to be (never any in xiangqi). Its text is the wire's and the store's: `h2e2`, `a0a1P`.
pub type Played = JieqiMove;

/// The game being refereed, of either variant.
#[derive(Clone, Debug)]
pub enum Referee {
    /// Xiangqi.
    Xiangqi(Box<Game>),
    /// Jieqi: the deal is inside, never shown.
    Jieqi(Box<JieqiGame>),
}

fn illegal(mv: impl ToString, why: impl ToString) -> Denial {
    Denial::IllegalMove {
        mv: mv.to_string(),
        why: why.to_string(),
    }
}

impl Referee {
    /// A new game of `variant` from its start; a Jieqi game is dealt from `random` (a number
    /// drawn from the operating system: it decides the whole deal).
    #[must_use]
    pub fn new(variant: Variant, random: u64) -> Referee {
        match variant {
            Variant::Xiangqi => Referee::Xiangqi(Box::default()),
            Variant::Jieqi => Referee::Jieqi(Box::new(JieqiGame::dealt(random))),
        }
    }

    /// A game of `variant` brought back from its record: `moves` as played (in Jieqi with
    /// what each turned over), the pieces nobody has seen dealt anew from `random`.
    ///
    /// # Errors
    /// A move that cannot be played where it stands, or whose reveal does not agree with the
    /// board (a covered piece's move without one, a reveal in xiangqi).
    pub fn resume(variant: Variant, moves: &[Played], random: u64) -> Result<Referee, Denial> {
        match variant {
            Variant::Xiangqi => {
                let mut game = Game::default();
                for m in moves {
                    if m.reveal.is_some() {
                        return Err(illegal(m, "a xiangqi move turns nothing over"));
                    }
                    game.play(m.mv).map_err(|e| illegal(m, e))?;
                }
                Ok(Referee::Xiangqi(Box::new(game)))
            }
            Variant::Jieqi => {
                let start = JieqiPosition::start();
                let game = JieqiGame::replay(start, moves, random)
                    .map_err(|(i, e)| illegal(moves[i], e))?;
                // The replay deals a covered piece's move that says nothing: a record
                // without its reveal is not the game that was played.
                if let Some((&kept, _)) = moves.iter().zip(game.moves()).find(|(a, b)| a != b) {
                    return Err(illegal(kept, "the piece it turned over is not recorded"));
                }
                Ok(Referee::Jieqi(Box::new(game)))
            }
        }
    }

    /// Which game this is.
    #[must_use]
    pub fn variant(&self) -> Variant {
        match self {
            Referee::Xiangqi(_) => Variant::Xiangqi,
            Referee::Jieqi(_) => Variant::Jieqi,
        }
    }

    /// The side to move.
    #[must_use]
    pub fn turn(&self) -> Color {
        match self {
            Referee::Xiangqi(g) => g.position().turn(),
            Referee::Jieqi(g) => g.position().turn(),
        }
    }

    /// Moves played.
    #[must_use]
    pub fn ply(&self) -> usize {
        match self {
            Referee::Xiangqi(g) => g.moves().len(),
            Referee::Jieqi(g) => g.moves().len(),
        }
    }

    /// The moves played, with what each turned over.
    #[must_use]
    pub fn moves(&self) -> Vec<Played> {
        match self {
            Referee::Xiangqi(g) => g.moves().iter().copied().map(Played::plain).collect(),
            Referee::Jieqi(g) => g.moves().to_vec(),
        }
    }

    /// The position as both players see it, as FEN (covered pieces only covered).
    #[must_use]
    pub fn fen(&self) -> String {
        match self {
            Referee::Xiangqi(g) => g.position().fen(),
            Referee::Jieqi(g) => g.position().fen(),
        }
    }

    /// Plays `mv`; a covered piece turns over as the deal says. Returns the move with its
    /// reveal.
    ///
    /// # Errors
    /// The move breaks a rule (the game's end is the table's to know).
    pub fn play(&mut self, mv: Move) -> Result<Played, Denial> {
        match self {
            Referee::Xiangqi(g) => g
                .play(mv)
                .map(|()| Played::plain(mv))
                .map_err(|e| illegal(mv, e)),
            Referee::Jieqi(g) => g.play(mv).map_err(|e| match e {
                JieqiPlayError::GameOver(_) => Denial::GameOver,
                e => illegal(mv, e),
            }),
        }
    }

    /// Takes the last move back (a piece it turned over is covered again).
    pub fn undo(&mut self) {
        match self {
            Referee::Xiangqi(g) => {
                g.undo();
            }
            Referee::Jieqi(g) => {
                g.undo();
            }
        }
    }

    /// How the rules say the game has ended, if they do.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        match self {
            Referee::Xiangqi(g) => g.outcome(),
            Referee::Jieqi(g) => g.outcome(),
        }
    }

    /// `color` resigns.
    ///
    /// # Errors
    /// The game is over.
    pub fn resign(&mut self, color: Color) -> Result<Outcome, Denial> {
        match self {
            Referee::Xiangqi(g) => g.resign(color).map_err(|_| Denial::GameOver),
            Referee::Jieqi(g) => {
                g.resign(color).map_err(|_| Denial::GameOver)?;
                g.outcome().ok_or(Denial::GameOver)
            }
        }
    }

    /// Both players agree to a draw.
    ///
    /// # Errors
    /// The game is over.
    pub fn agree_draw(&mut self) -> Result<Outcome, Denial> {
        match self {
            Referee::Xiangqi(g) => g.agree_draw().map_err(|_| Denial::GameOver),
            Referee::Jieqi(g) => {
                g.agree_draw().map_err(|_| Denial::GameOver)?;
                g.outcome().ok_or(Denial::GameOver)
            }
        }
    }

    /// `loser`'s flag fell: the other side wins if it could still mate, else a draw. In
    /// Jieqi any piece but the general may cross the river once turned over, so the other
    /// side wins unless its general stands alone.
    pub fn flag(&mut self, loser: Color) -> Outcome {
        match self {
            Referee::Xiangqi(g) => g.time_forfeit(loser).unwrap_or_else(|e| match e {
                PlayError::GameOver(o) => o,
                PlayError::Illegal(_) => xiangqi_rules::clock::flag_outcome(g.position(), loser),
            }),
            Referee::Jieqi(g) => {
                let winner = loser.other();
                let pieces = g.position().occupancy()[winner.index()].count_ones();
                Outcome {
                    winner: (pieces > 1).then_some(winner),
                    termination: Termination::TimeForfeit,
                }
            }
        }
    }
}
