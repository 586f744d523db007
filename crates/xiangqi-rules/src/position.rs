//! A validated position: placement, side to move and clocks, with the Zobrist key kept up to
//! date as moves are played and taken back.

use crate::role::code::{CANNON, CHARIOT, GENERAL, HORSE, SOLDIER, color_bits, color_of, role_of};
use crate::tables::{BIT, BLACK_TO_MOVE_KEY, PIECE_KEYS, SOLDIER_SOURCES, in_palace, nearest};
use crate::{Board, Color, File, Move, Piece, Role, Square};
use std::fmt;

#[cfg(test)]
mod attack_tests;
mod attackers;
mod illegal;
mod random_games;
pub use random_games::random_positions;

pub use illegal::IllegalMove;
pub(crate) use illegal::{Confinement, check_shape};

/// A position that can occur in a game: exactly one general a side, no more pieces of a kind
/// than a side owns, every piece on a point it can reach, and the side that just moved not left
/// in check.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) board: Board,
    /// Occupied points of each colour, bit `index` set.
    pub(crate) occupied: [u128; 2],
    pub(crate) generals: [u8; 2],
    pub(crate) turn: Color,
    pub(crate) halfmove_clock: u32,
    pub(crate) fullmove_number: u32,
    pub(crate) key: u64,
}

/// What a move changed that [`Position::unmake_move`] needs to put back.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Undo {
    captured: u8,
    halfmove_clock: u32,
    fullmove_number: u32,
    /// The key before the move: put back as it was, not worked out again.
    key: u64,
}

impl Undo {
    /// The piece the move captured, if any.
    #[must_use]
    pub fn captured(self) -> Option<Piece> {
        Piece::from_code(self.captured)
    }
}

/// Why a placement is not a position that can occur in a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PositionError {
    /// A side has no general, or more than one.
    GeneralCount {
        /// The side.
        color: Color,
        /// How many generals it has.
        count: usize,
    },
    /// A side has more pieces of a kind than it starts with.
    TooManyPieces {
        /// The side.
        color: Color,
        /// The kind of piece.
        role: Role,
        /// How many it has.
        count: usize,
    },
    /// A piece stands on a point it can never reach (a general or advisor outside its palace
    /// points, an elephant off its seven points, a soldier behind its start or beside it before
    /// the river).
    UnreachablePoint {
        /// The piece.
        piece: Piece,
        /// Where it stands.
        square: Square,
    },
    /// The two generals face each other on a file with nothing between them.
    GeneralsFacing {
        /// The file, by its ICCS letter.
        file: char,
    },
    /// The side that is not to move is in check: its opponent could capture the general.
    OpponentInCheck {
        /// The side in check.
        color: Color,
    },
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            PositionError::GeneralCount { color, count } => {
                write!(
                    f,
                    "{} has {count} generals; each side needs exactly one",
                    color.name()
                )
            }
            PositionError::TooManyPieces { color, role, count } => write!(
                f,
                "{} has {count} {}s; a side has at most {}",
                color.name(),
                role.name(),
                role.max_count()
            ),
            PositionError::UnreachablePoint { piece, square } => {
                let why = match piece.role {
                    Role::General => "a general never leaves its palace",
                    Role::Advisor => "an advisor stands only on the palace's corners and centre",
                    Role::Elephant => "an elephant stands only on its seven points on its own side",
                    _ => "a soldier never moves back, nor sideways before crossing the river",
                };
                write!(f, "{piece} on {square} is impossible: {why}")
            }
            PositionError::GeneralsFacing { file } => write!(
                f,
                "the generals face each other on file {file} with nothing between them"
            ),
            PositionError::OpponentInCheck { color } => write!(
                f,
                "{} is in check but it is {}'s turn to move",
                color.name(),
                color.other().name()
            ),
        }
    }
}

impl std::error::Error for PositionError {}

/// Why the pieces a record lists at its start do not make a position to play from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StartError {
    /// The record puts two pieces on one point.
    TwoPieces(Square),
    /// The pieces stand where no game can reach.
    Illegal(PositionError),
}

impl fmt::Display for StartError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StartError::TwoPieces(sq) => write!(f, "two pieces on {sq}"),
            StartError::Illegal(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for StartError {}

impl From<PositionError> for StartError {
    fn from(e: PositionError) -> StartError {
        StartError::Illegal(e)
    }
}

/// May a piece of this kind and colour ever stand on (file, rank)? Used to reject impossible
/// set-ups.
pub(crate) fn reachable(piece: Piece, sq: Square) -> bool {
    let f = i32::from(sq.file().index());
    // Ranks from the piece owner's side: 0 is its own back rank.
    let r = match piece.color {
        Color::Red => i32::from(sq.rank().index()),
        Color::Black => 9 - i32::from(sq.rank().index()),
    };
    match piece.role {
        Role::General => in_palace(f, r) && r <= 2,
        Role::Advisor => matches!((f, r), (3 | 5, 0 | 2) | (4, 1)),
        Role::Elephant => matches!((f, r), (2 | 6, 0 | 4) | (0 | 4 | 8, 2)),
        Role::Soldier => r >= 5 || (r >= 3 && f % 2 == 0),
        Role::Horse | Role::Chariot | Role::Cannon => true,
    }
}

impl Position {
    /// The standard start, red to move.
    #[must_use]
    pub fn start() -> Position {
        Position::from_board(Board::start(), Color::Red, 0, 1).expect("the start position is valid")
    }

    /// Validates a placement with a side to move and the two clocks.
    ///
    /// # Errors
    /// A [`PositionError`] saying what makes the placement impossible.
    pub fn from_board(
        board: Board,
        turn: Color,
        halfmove_clock: u32,
        fullmove_number: u32,
    ) -> Result<Position, PositionError> {
        let mut counts = [[0usize; 7]; 2];
        for (sq, piece) in board.pieces() {
            counts[piece.color.index()][piece.role.index()] += 1;
            if !reachable(piece, sq) {
                return Err(PositionError::UnreachablePoint { piece, square: sq });
            }
        }
        for color in Color::ALL {
            let count = counts[color.index()][Role::General.index()];
            if count != 1 {
                return Err(PositionError::GeneralCount { color, count });
            }
        }
        for color in Color::ALL {
            for role in Role::ALL {
                let count = counts[color.index()][role.index()];
                if count > role.max_count() {
                    return Err(PositionError::TooManyPieces { color, role, count });
                }
            }
        }
        let mut pos = Position {
            board,
            occupied: [0; 2],
            generals: [0; 2],
            turn,
            halfmove_clock,
            fullmove_number: fullmove_number.max(1),
            key: 0,
        };
        pos.recompute();
        if let Some(file) = pos.generals_facing() {
            return Err(PositionError::GeneralsFacing { file: file.char() });
        }
        let other = turn.other();
        if pos.attacked(pos.generals[other.index()], turn) {
            return Err(PositionError::OpponentInCheck { color: other });
        }
        Ok(pos)
    }

    /// The placement of a record without moves, with `stated` to move unless only the other
    /// side can be (`stated`'s opponent is in check: a mate puzzle's final position, saved
    /// with the side field left as it was). Records that store no side, or a wrong one, read so.
    ///
    /// # Errors
    /// As [`Position::from_board`] with `stated` to move, when neither side can be.
    pub fn from_board_without_moves(
        board: Board,
        stated: Color,
    ) -> Result<Position, PositionError> {
        match Position::from_board(board.clone(), stated, 0, 1) {
            Err(e @ PositionError::OpponentInCheck { .. }) => {
                Position::from_board(board, stated.other(), 0, 1).map_err(|_| e)
            }
            other => other,
        }
    }

    /// Rebuilds occupancy, general points and key from the board.
    pub(crate) fn recompute(&mut self) {
        self.occupied = [0; 2];
        self.key = if self.turn == Color::Black {
            BLACK_TO_MOVE_KEY
        } else {
            0
        };
        for (i, &code) in self.board.cells.iter().enumerate() {
            if code != 0 {
                self.occupied[color_of(code)] |= 1u128 << i;
                self.key ^= PIECE_KEYS[code as usize][i];
                if role_of(code) == GENERAL {
                    self.generals[color_of(code)] = i as u8;
                }
            }
        }
    }

    /// The file on which the two generals face each other with nothing between them, if they
    /// do (the flying general: never allowed to stand).
    pub(crate) fn generals_facing(&self) -> Option<File> {
        let (red, black) = (self.general(Color::Red), self.general(Color::Black));
        // Red's palace is below black's, so walking up from red's general reaches black's.
        let open = (red.index() + 9..black.index())
            .step_by(9)
            .all(|i| self.board.cells[i] == 0);
        (red.file() == black.file() && open).then_some(red.file())
    }

    /// The placement.
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The piece on `sq`, if any.
    #[must_use]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.board.piece_at(sq)
    }

    /// The piece code of each of the 90 points, 0 where empty (see [`crate::role::code`]): for an
    /// engine's inner loops, which read the board without building a [`Piece`].
    #[inline]
    #[must_use]
    pub fn codes(&self) -> &[u8; 90] {
        &self.board.cells
    }

    /// The points each side occupies, red's first, one bit a point (bit `n` is the point of
    /// index `n`, see [`Square::index`]).
    #[inline]
    #[must_use]
    pub fn occupancy(&self) -> &[u128; 2] {
        &self.occupied
    }

    /// The point indexes of the two generals, red's first.
    #[inline]
    #[must_use]
    pub fn general_points(&self) -> [u8; 2] {
        self.generals
    }

    /// The side to move.
    #[must_use]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// Plies since the last capture (the FEN half-move clock).
    #[must_use]
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove_clock
    }

    /// The move number, starting at 1 and increasing after each black move.
    #[must_use]
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove_number
    }

    /// Where `color`'s general stands.
    #[must_use]
    pub fn general(&self, color: Color) -> Square {
        Square::from_index_unchecked(self.generals[color.index()])
    }

    /// Zobrist key of placement and side to move (clocks excluded): equal positions for
    /// repetition have equal keys.
    #[must_use]
    pub fn key(&self) -> u64 {
        self.key
    }

    /// Test and debug aid: checks that the incrementally kept state (occupancy, generals, key)
    /// equals a fresh recomputation from the board.
    ///
    /// # Errors
    /// A description of the first difference found.
    pub fn check_consistency(&self) -> Result<(), Inconsistency> {
        let mut fresh = self.clone();
        fresh.recompute();
        if fresh.occupied != self.occupied {
            return Err(Inconsistency::Occupancy);
        }
        if fresh.generals != self.generals {
            return Err(Inconsistency::Generals {
                kept: self.generals,
                board: fresh.generals,
            });
        }
        if fresh.key != self.key {
            return Err(Inconsistency::Key {
                kept: self.key,
                board: fresh.key,
            });
        }
        Ok(())
    }

    /// Is the side to move in check (its general attacked, the facing general included)?
    #[must_use]
    #[inline]
    pub fn is_check(&self) -> bool {
        let (sq, by) = (self.generals[self.turn.index()], self.turn.other());
        self.attacked_on_lines(sq, by) || self.attacked_by_leapers(sq, by)
    }

    /// Is `sq` attacked along a file or rank by a chariot, a cannon or the general of colour
    /// `by`? The first two pieces of each line are read from the occupancy bits, which must
    /// match the board (they do between moves; [`Position::keeps_general_safe`], which
    /// changes the cells alone, walks the lines instead).
    #[inline]
    fn attacked_on_lines(&self, sq: u8, by: Color) -> bool {
        (0..4).any(|d| self.attacked_on_ray(sq as usize, d, by))
    }

    /// [`Position::attacked_on_lines`] along the ray `d` from `s` alone.
    #[inline(always)]
    pub(crate) fn attacked_on_ray(&self, s: usize, d: usize, by: Color) -> bool {
        let ray = crate::tables::RAY_MASKS[s][d];
        // No piece of `by` on the line: nothing attacks along it.
        if self.occupied[by.index()] & ray == 0 {
            return false;
        }
        let cells = &self.board.cells;
        let them = color_bits(by);
        let mut line = (self.occupied[0] | self.occupied[1]) & ray;
        let t = nearest(line, d);
        let c = cells[t];
        if c == them | CHARIOT || c == them | GENERAL {
            return true;
        }
        line ^= BIT[t];
        line != 0 && cells[nearest(line, d)] == them | CANNON
    }

    /// Is `sq` attacked by a piece of colour `by`, as a general standing there would be?
    /// The opposing general counts as attacking along an open file (the flying general).
    #[inline]
    pub fn attacked(&self, sq: u8, by: Color) -> bool {
        let s = sq as usize;
        // The lines holding a piece of `by` (inside `keeps_general_safe` the bits may still
        // show a piece just taken: a line walked for nothing, never an attacker missed).
        let enemy = self.occupied[by.index()];
        for d in 0..4 {
            if enemy & crate::tables::RAY_MASKS[s][d] != 0
                && self.attacked_along(s, d, color_bits(by))
            {
                return true;
            }
        }
        self.attacked_by_leapers(sq, by)
    }

    /// Is `g` attacked along its ray `d` by a chariot, cannon or general of the colour whose
    /// code bits are `them`? Walks the board cells.
    #[inline]
    pub(crate) fn attacked_along(&self, g: usize, d: usize, them: u8) -> bool {
        let cells = &self.board.cells;
        let rays = &crate::tables::RAYS[g];
        let mut it = rays.sq[d][..rays.len[d] as usize].iter();
        for &t in it.by_ref() {
            let c = cells[t as usize];
            if c != 0 {
                if c == them | CHARIOT || c == them | GENERAL {
                    return true;
                }
                break;
            }
        }
        for &t in it {
            let c = cells[t as usize];
            if c != 0 {
                return c == them | CANNON;
            }
        }
        false
    }

    /// Is `sq` attacked by a horse or a soldier of colour `by`?
    #[inline(always)]
    fn attacked_by_leapers(&self, sq: u8, by: Color) -> bool {
        let cells = &self.board.cells;
        let horse = color_bits(by) | HORSE;
        let ha = &crate::tables::HORSE_ATTACKS[sq as usize];
        // No piece of `by` where a horse could attack from: no horse attack. (Inside
        // `keeps_general_safe` the bits still show a piece just taken: that only means a
        // look that finds nothing, never a horse missed.)
        let sources = crate::tables::HORSE_SOURCES[sq as usize] & self.occupied[by.index()];
        for j in 0..if sources == 0 { 0 } else { ha.len as usize } {
            if cells[ha.to[j] as usize] == horse && cells[ha.via[j] as usize] == 0 {
                return true;
            }
        }
        self.attacked_by_soldier_of(sq, by)
    }

    /// Is `sq` attacked by a soldier of the side not to move?
    #[inline]
    pub(crate) fn attacked_by_soldier(&self, sq: u8) -> bool {
        self.attacked_by_soldier_of(sq, self.turn.other())
    }

    /// Soldiers attack the point ahead of them and, once across the river, the points beside.
    #[inline]
    fn attacked_by_soldier_of(&self, sq: u8, by: Color) -> bool {
        let cells = &self.board.cells;
        let s = sq as usize;
        // No piece of `by` where a soldier could attack from: no soldier attack. (Inside
        // `keeps_general_safe` the bits may still show a piece just taken: a look for
        // nothing, never a soldier missed.)
        if SOLDIER_SOURCES[by.index()][s] & self.occupied[by.index()] == 0 {
            return false;
        }
        let soldier = color_bits(by) | SOLDIER;
        let (file, rank) = (s % 9, s / 9);
        let ahead_of_soldier = match by {
            // A red soldier attacks the point above it, so it stands just below `sq`.
            Color::Red => rank > 0 && cells[s - 9] == soldier,
            Color::Black => rank < 9 && cells[s + 9] == soldier,
        };
        let crossed = match by {
            Color::Red => rank >= 5,
            Color::Black => rank <= 4,
        };
        ahead_of_soldier
            || (crossed
                && ((file > 0 && cells[s - 1] == soldier) || (file < 8 && cells[s + 1] == soldier)))
    }

    /// The key of the position `mv` leads to, without playing it.
    #[inline]
    pub fn key_after(&self, mv: Move) -> u64 {
        let (from, to) = (mv.from.index(), mv.to.index());
        let piece = self.board.cells[from] as usize;
        let captured = self.board.cells[to] as usize;
        self.key
            ^ PIECE_KEYS[piece][from]
            ^ PIECE_KEYS[piece][to]
            ^ PIECE_KEYS[captured][to]
            ^ BLACK_TO_MOVE_KEY
    }

    /// Plays `mv` without checking it; it must be legal in this position. Returns what
    /// [`Position::unmake_move`] needs to take it back.
    #[inline(always)]
    pub fn make_move(&mut self, mv: Move) -> Undo {
        let (from, to) = (mv.from.index(), mv.to.index());
        let piece = self.board.cells[from];
        let captured = self.board.cells[to];
        debug_assert!(piece != 0, "make_move {mv} from an empty point");
        let undo = Undo {
            captured,
            halfmove_clock: self.halfmove_clock,
            fullmove_number: self.fullmove_number,
            key: self.key,
        };
        let us = color_of(piece);
        self.board.cells[from] = 0;
        self.board.cells[to] = piece;
        self.occupied[us] ^= BIT[from] | BIT[to];
        self.key ^= PIECE_KEYS[piece as usize][from]
            ^ PIECE_KEYS[piece as usize][to]
            ^ PIECE_KEYS[captured as usize][to]
            ^ BLACK_TO_MOVE_KEY;
        if captured != 0 {
            self.occupied[us ^ 1] ^= BIT[to];
            self.halfmove_clock = 0;
        } else {
            // Saturating: the clocks come from FEN text and may already be at the maximum.
            self.halfmove_clock = self.halfmove_clock.saturating_add(1);
        }
        if role_of(piece) == GENERAL {
            self.generals[us] = to as u8;
        }
        if self.turn == Color::Black {
            self.fullmove_number = self.fullmove_number.saturating_add(1);
        }
        self.turn = self.turn.other();
        undo
    }

    /// Takes back `mv`, which must be the last move made, with the [`Undo`] it returned.
    #[inline]
    pub fn unmake_move(&mut self, mv: Move, undo: Undo) {
        let (from, to) = (mv.from.index(), mv.to.index());
        let piece = self.board.cells[to];
        let captured = undo.captured;
        let us = color_of(piece);
        self.turn = self.turn.other();
        self.board.cells[to] = captured;
        self.board.cells[from] = piece;
        self.occupied[us] ^= BIT[from] | BIT[to];
        if captured != 0 {
            self.occupied[us ^ 1] ^= BIT[to];
        }
        self.key = undo.key;
        if role_of(piece) == GENERAL {
            self.generals[us] = from as u8;
        }
        self.halfmove_clock = undo.halfmove_clock;
        self.fullmove_number = undo.fullmove_number;
    }

    /// Passes the move to the other side (the search's null move; never legal in a game).
    /// Only the side to move and the key change; [`Position::unmake_null`] takes it back.
    pub fn make_null(&mut self) {
        self.turn = self.turn.other();
        self.key ^= BLACK_TO_MOVE_KEY;
    }

    /// Takes back [`Position::make_null`].
    pub fn unmake_null(&mut self) {
        self.make_null();
    }

    /// Plays `mv` if it is legal, giving the new position.
    ///
    /// ```
    /// use xiangqi_rules::{Position, IllegalMove};
    /// let start = Position::start();
    /// let after = start.play("h2e2".parse().unwrap()).unwrap();
    /// assert_eq!(after.turn(), xiangqi_rules::Color::Black);
    /// assert_eq!(start.play("b0b2".parse().unwrap()), Err(IllegalMove::OwnPiece));
    /// ```
    ///
    /// # Errors
    /// Why the move is illegal.
    pub fn play(&self, mv: Move) -> Result<Position, IllegalMove> {
        self.check_move(mv)?;
        let mut next = self.clone();
        next.make_move(mv);
        Ok(next)
    }

    /// Does the pseudo-legal move `mv` keep the mover's general safe? Plays it on the board
    /// cells alone, looks, and puts everything back.
    #[inline]
    pub(crate) fn keeps_general_safe(&mut self, mv: Move) -> bool {
        let (from, to) = (mv.from.index(), mv.to.index());
        let cells = &mut self.board.cells;
        let piece = cells[from];
        let captured = cells[to];
        cells[to] = piece;
        cells[from] = 0;
        let us = color_of(piece);
        let general = if role_of(piece) == GENERAL {
            to as u8
        } else {
            self.generals[us]
        };
        let them = if us == 0 { Color::Black } else { Color::Red };
        let safe = !self.attacked(general, them);
        let cells = &mut self.board.cells;
        cells[from] = piece;
        cells[to] = captured;
        safe
    }
}

impl Default for Position {
    fn default() -> Self {
        Position::start()
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({})", self.fen())
    }
}

/// Where the state a [`Position`] keeps move by move differs from the board it describes
/// (see [`Position::check_consistency`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Inconsistency {
    /// The occupancy bitboards.
    Occupancy,
    /// The generals' points, by colour.
    Generals {
        /// As kept.
        kept: [u8; 2],
        /// As the board has them.
        board: [u8; 2],
    },
    /// The Zobrist key.
    Key {
        /// As kept.
        kept: u64,
        /// Recomputed from the board.
        board: u64,
    },
}

impl fmt::Display for Inconsistency {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Inconsistency::Occupancy => f.write_str("occupancy differs from the board"),
            Inconsistency::Generals { kept, board } => {
                write!(
                    f,
                    "general points {kept:?} differ from the board's {board:?}"
                )
            }
            Inconsistency::Key { kept, board } => {
                write!(
                    f,
                    "key {kept:016x} differs from the recomputed {board:016x}"
                )
            }
        }
    }
}

impl std::error::Error for Inconsistency {}
