//! A game (a cursor into its [`GameTree`]: the moves played, and those taken back or explored)
//! and how it ends ([`Outcome`]).
//!
//! Endings: mate, no legal move, perpetual check, perpetual chase, repetition, the move limit,
//! insufficient material, resignation and agreement.
//!
//! # The rules this module adjudicates (docs/guide/rules.md, "How a game ends", has the details)
//!
//! [`Game::outcome`] checks, in this order:
//! 1. a result the players declared ([`Game::resign`], [`Game::agree_draw`]);
//! 2. **no legal move** for the side to move: it loses ([`Termination::Checkmate`] when in
//!    check, [`Termination::NoLegalMove`] otherwise — stalemate is a loss in xiangqi);
//! 3. **repetition**: the current position (same placement, same side to move) has occurred
//!    twice before. The *lap* is the moves from the most recent earlier occurrence up to the
//!    current position: the last lap of the repetition, not the two laps together. It is
//!    judged by the Asian (AXF) rules in [`judge_lap`](crate::judge_lap): a side that checked
//!    with every move loses ([`Termination::PerpetualCheck`]), else a side that chased the same
//!    piece with every move loses ([`Termination::PerpetualChase`]); when both sides or
//!    neither did, it is a draw ([`Termination::Repetition`]);
//! 4. **move limit**: [`MOVE_LIMIT_PLIES`] plies without a capture, counted by the position's
//!    half-move clock (so a game from a FEN with clock 100 ends after 20 more quiet plies): draw;
//! 5. **insufficient material**: neither side has a piece that can cross the river (only
//!    generals, advisors and elephants are left): draw.
//!
//! A mate delivered on the move that also repeats a position or reaches the move limit wins.
//! Until a position occurs for the third time judging costs one look-up of its key per move.

mod edit;
mod referee;

use crate::outcome::{Outcome, Termination};
use crate::tree::{GameTree, NodeId};
use crate::{Color, IllegalMove, Move, Position};
use referee::earlier_occurrences;
use std::collections::HashMap;
use std::fmt;
use std::hash::{BuildHasherDefault, Hasher};

/// Plies (moves of either side) without a capture after which the game is drawn: 60 moves
/// each, CXA rule 4.2.4.
pub const MOVE_LIMIT_PLIES: u32 = 120;

/// From this many plies without a capture on, [`Game::move_limit_near`] says the move limit is
/// near (the last ten moves of each side), so a UI can show the count.
pub const MOVE_LIMIT_NEAR_PLIES: u32 = 100;

/// Why [`Game::play`] refused a move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PlayError {
    /// The move breaks a rule of movement.
    Illegal(IllegalMove),
    /// The game has already ended; no move may follow.
    GameOver(Outcome),
}

impl PlayError {
    /// The rule the move breaks, if that is why it was refused.
    #[must_use]
    pub const fn illegal(self) -> Option<IllegalMove> {
        match self {
            PlayError::Illegal(e) => Some(e),
            PlayError::GameOver(_) => None,
        }
    }
}

impl From<IllegalMove> for PlayError {
    fn from(e: IllegalMove) -> Self {
        PlayError::Illegal(e)
    }
}

impl fmt::Display for PlayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlayError::Illegal(e) => e.fmt(f),
            PlayError::GameOver(o) => write!(f, "the game is over: {o}"),
        }
    }
}

impl std::error::Error for PlayError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            PlayError::Illegal(e) => Some(e),
            PlayError::GameOver(_) => None,
        }
    }
}

/// A game in progress: where it started, the moves played, and every move taken back or
/// explored, kept in a [`GameTree`] — the game is a cursor into its tree.
///
/// The *line* is the path through the tree being followed: from the start, past the cursor
/// to the end of the moves that [`Game::redo`] would replay. [`Game::moves`] and
/// [`Game::positions`] are the line up to the cursor.
#[derive(Clone, Debug)]
pub struct Game {
    /// `positions[i]` is the position after `i` moves; `positions[0]` is the start.
    positions: Vec<Position>,
    moves: Vec<Move>,
    /// Every move played, taken back or read, with comments and variations.
    tree: GameTree,
    /// The line followed: the root, then one node per ply; the cursor is `line[moves.len()]`.
    line: Vec<NodeId>,
    /// A result declared by the players (resignation, agreement) at the cursor, if any.
    declared: Option<Outcome>,
    /// Declared results left behind by moving the cursor, with the node each belongs to.
    stashed: Vec<(NodeId, Outcome)>,
    /// How many of `positions` have each key: a position met fewer than three times is no
    /// repetition, which this tells with one look-up.
    seen: KeyCounts,
}

/// Occurrences per position key. The keys are Zobrist hashes already, so they are used as
/// their own hash.
type KeyCounts = HashMap<u64, u32, BuildHasherDefault<KeyHasher>>;

/// Hashes a `u64` key to itself.
#[derive(Default, Debug, Clone, Copy)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }

    fn write_u64(&mut self, key: u64) {
        self.0 = key;
    }
}

impl Game {
    /// A new game from `start`.
    #[must_use]
    pub fn new(start: Position) -> Game {
        Game::from_tree(GameTree::new(start))
    }

    /// A game over `tree`, at the end of its main line.
    #[must_use]
    pub fn from_tree(tree: GameTree) -> Game {
        let start = tree.start().clone();
        let mut seen = KeyCounts::default();
        seen.insert(start.key(), 1);
        let mut game = Game {
            positions: vec![start],
            moves: Vec::new(),
            line: vec![NodeId::ROOT],
            tree,
            declared: None,
            stashed: Vec::new(),
            seen,
        };
        game.line.extend(game.tree.line_after(NodeId::ROOT));
        game.to_end();
        game
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

    /// Every move of the game with its comments and variations.
    #[must_use]
    pub fn tree(&self) -> &GameTree {
        &self.tree
    }

    /// The node of the tree the game is at (the root before the first move).
    #[must_use]
    pub fn current(&self) -> NodeId {
        self.line[self.moves.len()]
    }

    /// The line being followed, the root first: up to the cursor, then the moves
    /// [`Game::redo`] would replay.
    #[must_use]
    pub fn line(&self) -> &[NodeId] {
        &self.line
    }

    /// The moves of the tree's main line (the game as recorded), wherever the cursor is.
    #[must_use]
    pub fn main_line(&self) -> Vec<Move> {
        self.tree.main_line()
    }

    /// Plays `mv` if it is legal and the game is not over. A move the tree already has after
    /// the current position is followed; a new one is added — after the last move it extends
    /// the line, elsewhere it starts a variation and the moves that followed are kept.
    ///
    /// ```
    /// use xiangqi_rules::{Game, IllegalMove, PlayError};
    /// let mut game = Game::default();
    /// assert_eq!(game.play("h2e2".parse().unwrap()), Ok(()));
    /// assert_eq!(
    ///     game.play("a0a2".parse().unwrap()),
    ///     Err(PlayError::Illegal(IllegalMove::NotYourPiece))
    /// );
    /// game.resign(xiangqi_rules::Color::Black).unwrap();
    /// assert!(matches!(game.play("h9g7".parse().unwrap()), Err(PlayError::GameOver(_))));
    /// ```
    ///
    /// # Errors
    /// [`PlayError::GameOver`] once the game has ended (see [`Game::outcome`]), else
    /// [`PlayError::Illegal`] with why the move is illegal.
    pub fn play(&mut self, mv: Move) -> Result<(), PlayError> {
        if let Some(outcome) = self.outcome() {
            return Err(PlayError::GameOver(outcome));
        }
        self.play_unadjudicated(mv)?;
        Ok(())
    }

    /// Plays `mv` if it is legal, even when the rules say the game is over: for replaying
    /// records kept under other rules (a game that went on past a repetition, say).
    /// [`Game::outcome`] then judges the new position as usual.
    ///
    /// ```
    /// use xiangqi_rules::{Game, Position};
    /// let bare = Position::from_fen("3k5/9/9/9/9/9/9/9/9/4K4 w").unwrap();
    /// let mut game = Game::new(bare);
    /// assert!(game.outcome().is_some()); // insufficient material
    /// assert!(game.play("e0e1".parse().unwrap()).is_err());
    /// assert!(game.play_unadjudicated("e0e1".parse().unwrap()).is_ok());
    /// ```
    ///
    /// # Errors
    /// Why the move is illegal.
    pub fn play_unadjudicated(&mut self, mv: Move) -> Result<(), IllegalMove> {
        let next = self.position().play(mv)?;
        let at = self.moves.len();
        let node = self.tree.push(self.current(), mv);
        if self.line.get(at + 1) != Some(&node) {
            self.line.truncate(at + 1);
            self.line.push(node);
            self.line.extend(self.tree.line_after(node));
        }
        self.leave();
        self.push(next, mv);
        self.arrive();
        Ok(())
    }

    /// Takes back the last move; returns it, or `None` at the start. Also withdraws a declared
    /// result (a resignation or agreed draw), which then needs no move taken back. A result the
    /// rules gave (mate, repetition …) goes away with the move that brought it. The move stays
    /// in the tree: [`Game::redo`] replays it.
    pub fn undo(&mut self) -> Option<Move> {
        if self.declared.take().is_some() {
            return None;
        }
        self.back()
    }

    /// Steps one move back along the line, keeping everything (a declared result stays with
    /// its position and is shown again on coming back); returns the move, `None` at the start.
    pub fn back(&mut self) -> Option<Move> {
        let mv = *self.moves.last()?;
        self.leave();
        self.pop();
        self.arrive();
        Some(mv)
    }

    /// Replays the next move of the line (the last move taken back); returns it, or `None` at
    /// the end of the line. The move was played before, so it is replayed as it was, without
    /// judging the ending again: a record that played on past a repetition or the move limit
    /// can be walked back and forth whole.
    pub fn redo(&mut self) -> Option<Move> {
        let node = *self.line.get(self.moves.len() + 1)?;
        let mv = self.tree.mv(node)?;
        let mut next = self.position().clone();
        // Every move in the tree was checked when it was added.
        next.make_move(mv);
        self.leave();
        self.push(next, mv);
        self.arrive();
        Some(mv)
    }

    /// The same as [`Game::redo`]: one move forward along the line.
    pub fn forward(&mut self) -> Option<Move> {
        self.redo()
    }

    /// Can a move be replayed?
    #[must_use]
    pub fn can_redo(&self) -> bool {
        self.line.len() > self.moves.len() + 1
    }

    /// Goes back to the start position, keeping the line for [`Game::to_end`].
    pub fn to_start(&mut self) {
        while self.back().is_some() {}
    }

    /// Goes forward to the end of the line.
    pub fn to_end(&mut self) {
        while self.redo().is_some() {}
    }

    /// Goes to `node` of the tree. If it is on the line followed, the line is kept; otherwise
    /// the line becomes the path to `node` and on through each continuation. False (and
    /// nothing changes) if the tree has no such node.
    pub fn go_to(&mut self, node: NodeId) -> bool {
        let path = self.tree.path(node);
        if path.is_empty() {
            return false;
        }
        if self.line.get(path.len() - 1) != Some(&node) {
            // Keep the positions of the part both lines share.
            let shared = self
                .line
                .iter()
                .zip(&path)
                .take_while(|(a, b)| a == b)
                .count();
            while self.moves.len() + 1 > shared {
                self.back();
            }
            self.line = path.clone();
            self.line.extend(self.tree.line_after(node));
        }
        while self.moves.len() + 1 > path.len() {
            self.back();
        }
        while self.moves.len() + 1 < path.len() {
            self.redo();
        }
        true
    }

    /// Switches to another move in place of the current one: `offset` steps through the
    /// alternatives (see [`GameTree::alternatives`]), 1 the next, -1 the previous. False if
    /// there is none that way.
    pub fn switch_line(&mut self, offset: isize) -> bool {
        let here = self.current();
        let alternatives = self.tree.alternatives(here);
        let Some(at) = alternatives.iter().position(|&n| n == here) else {
            return false;
        };
        match at
            .checked_add_signed(offset)
            .and_then(|i| alternatives.get(i))
        {
            Some(&other) if other != here => self.go_to(other),
            _ => false,
        }
    }

    /// Makes the line through `node` the main line (see [`GameTree::promote`]).
    pub fn promote(&mut self, node: NodeId) {
        self.tree.promote(node);
    }

    /// Sets (or with `None` removes) the comment after the move of `node`.
    pub fn set_comment(&mut self, node: NodeId, text: Option<&str>) {
        self.tree.set_comment(node, text);
    }

    /// How the game ended at the end of its main line (the game as recorded), wherever the
    /// cursor is: what a saved file states.
    #[must_use]
    pub fn main_line_outcome(&self) -> Option<Outcome> {
        let main_end = self.tree.line_after(NodeId::ROOT).last().copied();
        let main_end = main_end.unwrap_or(NodeId::ROOT);
        if self.current() == main_end {
            return self.outcome();
        }
        let mut end = self.clone();
        end.go_to(main_end);
        end.outcome()
    }

    /// Appends `next`, reached by `mv`, to the positions, counting its key.
    fn push(&mut self, next: Position, mv: Move) {
        *self.seen.entry(next.key()).or_default() += 1;
        self.positions.push(next);
        self.moves.push(mv);
    }

    /// Removes the last move and position, and its key from the count.
    fn pop(&mut self) {
        self.moves.pop();
        if let Some(gone) = self.positions.pop()
            && let Some(count) = self.seen.get_mut(&gone.key())
        {
            *count -= 1;
            if *count == 0 {
                self.seen.remove(&gone.key());
            }
        }
    }

    /// The cursor leaves its node: a result declared there waits for its return.
    fn leave(&mut self) {
        if let Some(outcome) = self.declared.take() {
            let here = self.current();
            self.stashed.retain(|(n, _)| *n != here);
            self.stashed.push((here, outcome));
        }
    }

    /// The cursor arrives at a node: a result declared there is in force again.
    fn arrive(&mut self) {
        let here = self.current();
        if let Some(i) = self.stashed.iter().position(|(n, _)| *n == here) {
            self.declared = Some(self.stashed.swap_remove(i).1);
        }
    }

    /// `loser` resigns: the other side wins. Undo withdraws it.
    ///
    /// ```
    /// use xiangqi_rules::{Color, Game, Termination};
    /// let mut game = Game::default();
    /// let outcome = game.resign(Color::Red).unwrap();
    /// assert_eq!(outcome.winner, Some(Color::Black));
    /// assert_eq!(outcome.termination, Termination::Resignation);
    /// assert_eq!(game.outcome(), Some(outcome));
    /// game.undo();
    /// assert_eq!(game.outcome(), None);
    /// ```
    ///
    /// # Errors
    /// [`PlayError::GameOver`] if the game has already ended.
    pub fn resign(&mut self, loser: Color) -> Result<Outcome, PlayError> {
        self.declare_if_running(Outcome {
            winner: Some(loser.other()),
            termination: Termination::Resignation,
        })
    }

    /// Both players agree to a draw. Undo withdraws it.
    ///
    /// ```
    /// use xiangqi_rules::{Game, Termination};
    /// let mut game = Game::default();
    /// let outcome = game.agree_draw().unwrap();
    /// assert!(outcome.is_draw());
    /// assert_eq!(outcome.termination, Termination::Agreement);
    /// assert!(game.agree_draw().is_err(), "already over");
    /// ```
    ///
    /// # Errors
    /// [`PlayError::GameOver`] if the game has already ended.
    pub fn agree_draw(&mut self) -> Result<Outcome, PlayError> {
        self.declare_if_running(Outcome {
            winner: None,
            termination: Termination::Agreement,
        })
    }

    /// `loser`'s time ran out (its flag fell): the other side wins, or it is a draw if the
    /// other side has no piece that could ever cross the river. Undo withdraws it.
    ///
    /// ```
    /// use xiangqi_rules::{Color, Game, Position, Termination};
    /// let mut game = Game::default();
    /// let outcome = game.time_forfeit(Color::Red).unwrap();
    /// assert_eq!((outcome.winner, outcome.termination), (Some(Color::Black), Termination::TimeForfeit));
    /// // Black has only its general, advisors and elephants: it cannot win on time.
    /// let mut bare = Game::new(Position::from_fen("3ak4/9/9/9/9/9/9/9/R8/3K5 w").unwrap());
    /// assert!(bare.time_forfeit(Color::Red).unwrap().is_draw());
    /// ```
    ///
    /// # Errors
    /// [`PlayError::GameOver`] if the game has already ended.
    pub fn time_forfeit(&mut self, loser: Color) -> Result<Outcome, PlayError> {
        let outcome = crate::clock::flag_outcome(self.position(), loser);
        self.declare_if_running(outcome)
    }

    fn declare_if_running(&mut self, outcome: Outcome) -> Result<Outcome, PlayError> {
        if let Some(over) = self.outcome() {
            return Err(PlayError::GameOver(over));
        }
        self.declared = Some(outcome);
        Ok(outcome)
    }

    /// How the game has ended, or `None` while it goes on: a declared result, else what the
    /// rules say about the current position and the history that led to it (see the module
    /// documentation for the order and the repetition cycle).
    ///
    /// ```
    /// use xiangqi_rules::{Color, Game, Position, Termination};
    /// // Black to move, mated by two chariots.
    /// let mate = Position::from_fen("R2k5/R8/9/9/9/9/9/9/9/4K4 b").unwrap();
    /// let outcome = Game::new(mate).outcome().unwrap();
    /// assert_eq!(outcome.winner, Some(Color::Red));
    /// assert_eq!(outcome.termination, Termination::Checkmate);
    /// ```
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(o) = self.declared {
            return Some(o);
        }
        self.adjudicate(self.position(), None)
    }

    /// Has the game ended?
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// What [`Game::outcome`] would be after playing `mv` (`None`: the game would go on),
    /// without playing it.
    ///
    /// ```
    /// use xiangqi_rules::{Game, Position, Termination};
    /// // Red's horse to f8 mates: the chariot holds rank 8, the generals' file holds e9.
    /// let game = Game::new(Position::from_fen("3k5/R8/9/6N2/9/9/9/9/9/4K4 w").unwrap());
    /// let mate = game.outcome_if_played("g6f8".parse().unwrap()).unwrap().unwrap();
    /// assert_eq!(mate.termination, Termination::Checkmate);
    /// assert_eq!(game.outcome_if_played("a8a7".parse().unwrap()), Ok(None));
    /// ```
    ///
    /// # Errors
    /// As [`Game::play`]: the game is over or the move is illegal.
    pub fn outcome_if_played(&self, mv: Move) -> Result<Option<Outcome>, PlayError> {
        if let Some(outcome) = self.outcome() {
            return Err(PlayError::GameOver(outcome));
        }
        let next = self.position().play(mv)?;
        Ok(self.adjudicate(&next, Some(mv)))
    }

    /// For the side to move: each legal move that would end the game at once by repetition —
    /// the position after it occurring for the third time — with the outcome it would bring (a
    /// loss for the side that checked throughout, or a draw). A UI shows these as a warning.
    /// A move that mates is not listed: mate wins even on a repeated position.
    ///
    /// The cycle is usually completed by the side being checked, so a player who keeps
    /// checking is typically warned through the opponent's list, one move later.
    ///
    /// ```
    /// use xiangqi_rules::{Game, Termination};
    /// let mut game = Game::default();
    /// for mv in ["b0c2", "b9c7", "c2b0", "c7b9", "b0c2", "b9c7", "c2b0"] {
    ///     game.play(mv.parse().unwrap()).unwrap();
    /// }
    /// let warnings = game.repetition_warnings();
    /// assert_eq!(warnings.len(), 1);
    /// assert_eq!(warnings[0].0.to_string(), "c7b9");
    /// assert_eq!(warnings[0].1.termination, Termination::Repetition);
    /// ```
    #[must_use]
    pub fn repetition_warnings(&self) -> Vec<(Move, Outcome)> {
        if self.is_over() {
            return Vec::new();
        }
        let pos = self.position();
        pos.legal_moves()
            .iter()
            .filter_map(|&mv| {
                let mut next = pos.clone();
                next.make_move(mv);
                let outcome = self.adjudicate(&next, Some(mv))?;
                matches!(
                    outcome.termination,
                    Termination::PerpetualCheck
                        | Termination::PerpetualChase
                        | Termination::Repetition
                )
                .then_some((mv, outcome))
            })
            .collect()
    }

    /// How many times the current position (placement and side to move) has occurred in the
    /// game, this time included: 1 for a new position, 3 ends the game.
    ///
    /// ```
    /// use xiangqi_rules::Game;
    /// let mut game = Game::default();
    /// assert_eq!(game.occurrences(), 1);
    /// for mv in ["b0c2", "b9c7", "c2b0", "c7b9"] {
    ///     game.play(mv.parse().unwrap()).unwrap();
    /// }
    /// assert_eq!(game.occurrences(), 2);
    /// ```
    #[must_use]
    pub fn occurrences(&self) -> usize {
        let n = self.positions.len() - 1;
        1 + earlier_occurrences(&self.positions[..n], &self.positions[n]).count()
    }

    /// Plies since the last capture: the count towards [`MOVE_LIMIT_PLIES`]. Read from the
    /// position's half-move clock, so a game started from a FEN continues its count.
    ///
    /// ```
    /// use xiangqi_rules::{Game, Position};
    /// let pos = Position::from_fen("3k5/9/9/9/9/9/9/9/9/R3K4 w - - 100 70").unwrap();
    /// let game = Game::new(pos);
    /// assert_eq!(game.plies_without_capture(), 100);
    /// assert_eq!(game.plies_to_move_limit(), 20);
    /// assert!(game.move_limit_near());
    /// ```
    #[must_use]
    pub fn plies_without_capture(&self) -> u32 {
        self.position().halfmove_clock()
    }

    /// Plies left before the move limit draws the game (0 once reached).
    #[must_use]
    pub fn plies_to_move_limit(&self) -> u32 {
        MOVE_LIMIT_PLIES.saturating_sub(self.plies_without_capture())
    }

    /// Is the move limit near ([`MOVE_LIMIT_NEAR_PLIES`] or more plies without a capture)? A UI
    /// shows the running count from then on.
    #[must_use]
    pub fn move_limit_near(&self) -> bool {
        self.plies_without_capture() >= MOVE_LIMIT_NEAR_PLIES
    }
}

impl Default for Game {
    fn default() -> Self {
        Game::new(Position::start())
    }
}
