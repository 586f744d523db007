//! A Jieqi game as the dealer keeps it: the deal, the positions both players see, the moves
//! with what each turned over, and how the game ends.

use super::{Deal, DealRng, JieqiMove, JieqiPosition, RevealError, referee};
use crate::outcome::{Outcome, Termination};
use crate::tables::BIT;
use crate::{Color, IllegalMove, Move, MoveList, Square};
use std::fmt;

/// Why [`JieqiGame`] refused a move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum JieqiPlayError {
    /// The move breaks a rule of movement.
    Illegal(IllegalMove),
    /// What it is said to turn over cannot be.
    Reveal(RevealError),
    /// The game has already ended.
    GameOver(Outcome),
}

impl fmt::Display for JieqiPlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            JieqiPlayError::Illegal(e) => e.fmt(f),
            JieqiPlayError::Reveal(e) => e.fmt(f),
            JieqiPlayError::GameOver(o) => write!(f, "the game is over: {o}"),
        }
    }
}

impl std::error::Error for JieqiPlayError {}

impl From<IllegalMove> for JieqiPlayError {
    fn from(e: IllegalMove) -> Self {
        JieqiPlayError::Illegal(e)
    }
}

impl From<RevealError> for JieqiPlayError {
    fn from(e: RevealError) -> Self {
        JieqiPlayError::Reveal(e)
    }
}

/// A Jieqi game: where it started, the deal (what lies under each covered piece), the moves
/// played with their reveals, and the moves taken back that [`JieqiGame::redo`] replays.
///
/// Everything but [`JieqiGame::deal`] is what both players see: a screen shows
/// [`JieqiGame::position`], never the deal.
///
/// ```
/// use xiangqi_rules::jieqi::JieqiGame;
/// let mut game = JieqiGame::dealt(42);
/// let first = game.play("b2e2".parse().unwrap()).unwrap(); // the cannon's point, as a cannon
/// assert_eq!(first.reveal, game.deal().piece_at("b2".parse().unwrap()));
/// assert_eq!(game.undo(), Some(first));
/// assert!(game.position().is_covered("b2".parse().unwrap()));
/// assert_eq!(game.redo(), Some(first));
/// ```
#[derive(Clone, Debug)]
pub struct JieqiGame {
    deal: Deal,
    /// `positions[i]` is the position after `i` moves; `positions[0]` is the start.
    positions: Vec<JieqiPosition>,
    moves: Vec<JieqiMove>,
    /// Moves taken back, the most recent last: what redo replays.
    undone: Vec<JieqiMove>,
    /// A result the players declared at the current position.
    declared: Option<Outcome>,
}

impl JieqiGame {
    /// A game from `start` with `deal`, which must be a deal for `start` (see
    /// [`Deal::random`], [`Deal::new`]); `None` if it deals other points than `start`
    /// covers.
    #[must_use]
    pub fn new(start: JieqiPosition, deal: Deal) -> Option<JieqiGame> {
        (deal.points() == start.covered_mask()).then(|| JieqiGame {
            deal,
            positions: vec![start],
            moves: Vec::new(),
            undone: Vec::new(),
            declared: None,
        })
    }

    /// A new game from the Jieqi start, dealt at random from the number `random` (draw it
    /// from the operating system's randomness: it decides the whole deal).
    #[must_use]
    pub fn dealt(random: u64) -> JieqiGame {
        JieqiGame::from_position(JieqiPosition::start(), random)
    }

    /// A game from `start`, its pool dealt at random from the number `random` under its
    /// covered pieces.
    #[must_use]
    pub fn from_position(start: JieqiPosition, random: u64) -> JieqiGame {
        let deal = Deal::random(&start, &mut DealRng::new(random));
        JieqiGame {
            deal,
            positions: vec![start],
            moves: Vec::new(),
            undone: Vec::new(),
            declared: None,
        }
    }

    /// A recorded game: `moves` played from `start` with the reveals they give, and the
    /// pieces nobody saw dealt at random from the number `random` (any deal that agrees with the record is
    /// as likely as any other, so the game goes on as fairly as it was played).
    ///
    /// # Errors
    /// The index of the first move that cannot be played, and why.
    pub fn replay(
        start: JieqiPosition,
        moves: &[JieqiMove],
        random: u64,
    ) -> Result<JieqiGame, (usize, JieqiPlayError)> {
        let mut game = JieqiGame::from_position(start, random);
        for (i, &m) in moves.iter().enumerate() {
            game.play_given(m, true).map_err(|e| (i, e))?;
        }
        Ok(game)
    }

    /// The dealer's knowledge: what lies under each covered piece. Never for a screen.
    #[must_use]
    pub fn deal(&self) -> &Deal {
        &self.deal
    }

    /// The position the game started from.
    #[must_use]
    pub fn start(&self) -> &JieqiPosition {
        &self.positions[0]
    }

    /// The current position, as both players see it.
    #[must_use]
    pub fn position(&self) -> &JieqiPosition {
        self.positions.last().unwrap_or(&self.positions[0])
    }

    /// Every position so far, the start first.
    #[must_use]
    pub fn positions(&self) -> &[JieqiPosition] {
        &self.positions
    }

    /// The moves played, with their reveals.
    #[must_use]
    pub fn moves(&self) -> &[JieqiMove] {
        &self.moves
    }

    /// The last move played.
    #[must_use]
    pub fn last_move(&self) -> Option<JieqiMove> {
        self.moves.last().copied()
    }

    /// Does `sq` hold a covered piece now?
    #[must_use]
    pub fn is_covered(&self, sq: Square) -> bool {
        self.position().is_covered(sq)
    }

    /// The legal moves of the side to move.
    #[must_use]
    pub fn legal_moves(&self) -> MoveList {
        self.position().legal_moves()
    }

    /// Plays `mv` if it is legal and the game is not over; a covered piece turns over as the
    /// deal says. Returns the move with what it revealed.
    ///
    /// # Errors
    /// The game is over, or the move is illegal.
    pub fn play(&mut self, mv: Move) -> Result<JieqiMove, JieqiPlayError> {
        self.play_given(JieqiMove::plain(mv), false)
    }

    /// Plays `m` with the reveal it gives, for a game played over a real board and entered by
    /// hand: the deal is changed to agree (the piece given is exchanged with an unseen one).
    /// A move of a covered piece without a reveal turns over as the deal says.
    ///
    /// # Errors
    /// The game is over, the move is illegal, or the piece given cannot be there (not a
    /// covered piece, or none of its kind left unseen).
    pub fn play_revealing(&mut self, m: JieqiMove) -> Result<JieqiMove, JieqiPlayError> {
        self.play_given(m, false)
    }

    /// Plays `m` even if the rules say the game is over (for records that played on).
    ///
    /// # Errors
    /// As [`JieqiGame::play_revealing`], the game's end aside.
    pub fn play_unadjudicated(&mut self, m: JieqiMove) -> Result<JieqiMove, JieqiPlayError> {
        self.play_given(m, true)
    }

    fn play_given(&mut self, m: JieqiMove, ended_too: bool) -> Result<JieqiMove, JieqiPlayError> {
        if !ended_too && let Some(outcome) = self.outcome() {
            return Err(JieqiPlayError::GameOver(outcome));
        }
        let pos = self.position();
        pos.check_move(m.mv)?;
        let covered = pos.is_reveal(m.mv);
        let reveal = match (covered, m.reveal) {
            (false, None) => None,
            (false, Some(_)) => return Err(RevealError::NotCovered.into()),
            (true, None) => self.deal.piece_at(m.mv.from),
            (true, Some(piece)) if piece.color != pos.turn() => {
                return Err(RevealError::NotInPool(piece).into());
            }
            (true, Some(piece)) => {
                pos.check_reveal(m.mv, Some(piece.role))?;
                let open = self.unseen_points();
                if !self.deal.exchange(m.mv.from, piece, open) {
                    return Err(RevealError::NotInPool(piece).into());
                }
                Some(piece)
            }
        };
        let played = JieqiMove { mv: m.mv, reveal };
        self.position().check_reveal(m.mv, played.reveal_role())?;
        let mut next = self.position().clone();
        next.make_move(m.mv, played.reveal_role());
        self.push(next, played);
        if self.undone.last() == Some(&played) {
            self.undone.pop();
        } else {
            self.undone.clear();
        }
        Ok(played)
    }

    /// The dealt points whose pieces nobody has seen: covered now, or captured covered.
    fn unseen_points(&self) -> u128 {
        let seen = self
            .moves
            .iter()
            .filter(|m| m.reveal.is_some())
            .fold(0u128, |acc, m| acc | BIT[m.mv.from.index()]);
        self.deal.points() & !seen
    }

    fn push(&mut self, next: JieqiPosition, played: JieqiMove) {
        self.positions.push(next);
        self.moves.push(played);
        self.declared = None;
    }

    /// Takes back the last move (the piece it turned over is covered again); returns it, or
    /// `None` at the start. A declared result is withdrawn first, without taking a move back.
    pub fn undo(&mut self) -> Option<JieqiMove> {
        if self.declared.take().is_some() {
            return None;
        }
        let m = self.moves.pop()?;
        self.positions.pop();
        self.undone.push(m);
        Some(m)
    }

    /// Replays the move last taken back; returns it, or `None` if there is none.
    pub fn redo(&mut self) -> Option<JieqiMove> {
        let m = *self.undone.last()?;
        let mut next = self.position().clone();
        next.make_move(m.mv, m.reveal_role());
        self.undone.pop();
        self.push(next, m);
        Some(m)
    }

    /// Is there a move to replay?
    #[must_use]
    pub fn can_redo(&self) -> bool {
        !self.undone.is_empty()
    }

    /// How the game has ended, if it has: a declared result, else what the rules say (no
    /// legal move loses, repetition by the Asian rules, the move limit, bare generals).
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.declared
            .or_else(|| referee::adjudicate(&self.positions, &self.moves))
    }

    /// `color` resigns.
    ///
    /// # Errors
    /// The game is already over.
    pub fn resign(&mut self, color: Color) -> Result<(), Outcome> {
        self.declare(Outcome {
            winner: Some(color.other()),
            termination: Termination::Resignation,
        })
    }

    /// Both players agree to a draw.
    ///
    /// # Errors
    /// The game is already over.
    pub fn agree_draw(&mut self) -> Result<(), Outcome> {
        self.declare(Outcome {
            winner: None,
            termination: Termination::Agreement,
        })
    }

    fn declare(&mut self, outcome: Outcome) -> Result<(), Outcome> {
        if let Some(o) = self.outcome() {
            return Err(o);
        }
        self.declared = Some(outcome);
        Ok(())
    }
}
