//! A Jieqi position as both players see it: the pieces (covered or revealed), the pool of
//! pieces nobody has seen, the side to move and the clocks; making and unmaking a move with
//! what it reveals.

use super::{Pool, START_CODES};
use crate::role::code::{color_of, role_of};
use crate::tables::{BIT, PIECE_KEYS, splitmix};
use crate::{Board, Color, Move, Piece, Position, PositionError, Role, Square, Undo};
use std::fmt;

/// What stands on a point of a Jieqi board, as both players see it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum JieqiPiece {
    /// A face-down piece of this side: it moves as the piece whose starting point it is on.
    Covered(Color),
    /// A face-up piece.
    Revealed(Piece),
}

impl JieqiPiece {
    /// Whose piece it is.
    #[must_use]
    pub const fn color(self) -> Color {
        match self {
            JieqiPiece::Covered(c) => c,
            JieqiPiece::Revealed(p) => p.color,
        }
    }

    /// Its FEN letter: `X` (red) or `x` (black) for a covered piece, else the piece's.
    #[must_use]
    pub const fn fen_char(self) -> char {
        match self {
            JieqiPiece::Covered(Color::Red) => 'X',
            JieqiPiece::Covered(Color::Black) => 'x',
            JieqiPiece::Revealed(p) => p.fen_char(),
        }
    }
}

/// A Jieqi position: which points hold covered pieces, which revealed ones, the pool of
/// pieces nobody has seen, the side to move and the clocks. Nothing in it says what a covered
/// piece is: that is the dealer's ([`super::Deal`]).
///
/// Inside, every piece is kept as the piece it moves as — a covered piece as the piece of its
/// starting point — so that xiangqi's move tables and attack tests serve; the revealed
/// advisors and elephants, free of the palace and the river, are handled apart.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct JieqiPosition {
    /// The pieces as they move, with the side to move and the clocks.
    pub(crate) acting: Position,
    /// The points holding covered pieces.
    pub(crate) covered: u128,
    pub(crate) pool: Pool,
    /// The key's part for the covered points and the pool (the rest is `acting`'s key).
    pub(crate) extra_key: u64,
}

/// What [`JieqiPosition::unmake_move`] needs to take a move back.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct JieqiUndo {
    undo: Undo,
    /// The piece the move turned over, if it moved a covered one.
    revealed: Option<Piece>,
    /// Whether the piece it captured was covered.
    captured_covered: bool,
    extra_key: u64,
}

impl JieqiUndo {
    /// The piece the move turned over, if it moved a covered one.
    #[must_use]
    pub fn revealed(self) -> Option<Piece> {
        self.revealed
    }

    /// What the move captured: `None`, a covered piece of a side, or a revealed piece.
    #[must_use]
    pub fn captured(self) -> Option<JieqiPiece> {
        let piece = self.undo.captured()?;
        Some(if self.captured_covered {
            JieqiPiece::Covered(piece.color)
        } else {
            JieqiPiece::Revealed(piece)
        })
    }
}

/// Why a placement with a pool is not a Jieqi position that can occur in a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum JieqiPositionError {
    /// What makes it impossible in xiangqi too: a side without its one general, a general
    /// outside its palace, the generals facing, the side not to move in check.
    Position(PositionError),
    /// A covered piece stands where no covered piece of its side can: covered pieces never
    /// move, so they stand on their side's starting points (other than the general's).
    CoveredOffStart {
        /// The point.
        square: Square,
        /// The covered piece's side.
        color: Color,
    },
    /// A side has more covered pieces on the board than its pool lists unseen pieces.
    PoolShort {
        /// The side.
        color: Color,
        /// Its covered pieces on the board.
        covered: usize,
        /// The pieces its pool lists.
        pool: usize,
    },
    /// A side has more pieces of a kind, revealed and unseen together, than it starts with.
    TooMany {
        /// The side.
        color: Color,
        /// The kind.
        role: Role,
        /// How many are revealed on the board.
        revealed: usize,
        /// How many the pool lists.
        unseen: usize,
    },
}

impl fmt::Display for JieqiPositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            JieqiPositionError::Position(ref e) => e.fmt(f),
            JieqiPositionError::CoveredOffStart { square, color } => write!(
                f,
                "a covered {} piece on {square}: covered pieces stand only on their side's \
                 starting points (not the general's)",
                color.name()
            ),
            JieqiPositionError::PoolShort {
                color,
                covered,
                pool,
            } => write!(
                f,
                "{} has {covered} covered pieces on the board but its pool lists only {pool}",
                color.name()
            ),
            JieqiPositionError::TooMany {
                color,
                role,
                revealed,
                unseen,
            } => write!(
                f,
                "{} has {revealed} {}s revealed and {unseen} in its pool; a side has only {}",
                color.name(),
                role.name(),
                role.max_count()
            ),
        }
    }
}

impl std::error::Error for JieqiPositionError {}

impl From<PositionError> for JieqiPositionError {
    fn from(e: PositionError) -> Self {
        JieqiPositionError::Position(e)
    }
}

/// Why a move cannot turn over the piece it is said to reveal.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum RevealError {
    /// The move turns over a covered piece, and no piece is given for it.
    Missing,
    /// A piece is given, but the piece moved is not covered.
    NotCovered,
    /// The side's pool has no such piece left unseen.
    NotInPool(Piece),
}

impl fmt::Display for RevealError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RevealError::Missing => {
                f.write_str("the move turns over a covered piece: say what it turned out to be")
            }
            RevealError::NotCovered => {
                f.write_str("the piece moved is not covered, so nothing is turned over")
            }
            RevealError::NotInPool(p) => write!(f, "no {p} is left unseen to turn over"),
        }
    }
}

impl std::error::Error for RevealError {}

const fn build_keys() -> ([u64; 90], [[[u64; 6]; 7]; 2]) {
    let mut covered = [0u64; 90];
    let mut pool = [[[0u64; 6]; 7]; 2];
    let mut state = 0x6A69_6571_695F_6B65_u64;
    let mut s = 0;
    while s < 90 {
        let (next, v) = splitmix(state);
        state = next;
        covered[s] = v;
        s += 1;
    }
    let mut c = 0;
    while c < 2 {
        let mut r = 0;
        while r < 7 {
            // A count of 0 adds nothing, so an empty pool changes no key.
            let mut n = 1;
            while n < 6 {
                let (next, v) = splitmix(state);
                state = next;
                pool[c][r][n] = v;
                n += 1;
            }
            r += 1;
        }
        c += 1;
    }
    (covered, pool)
}

const KEYS: ([u64; 90], [[[u64; 6]; 7]; 2]) = build_keys();
/// Added to the key for a covered piece on a point.
static COVERED_KEYS: [u64; 90] = KEYS.0;
/// Added to the key for a count of unseen pieces of a side and kind.
static POOL_KEYS: [[[u64; 6]; 7]; 2] = KEYS.1;

/// The key's part for a pool's counts.
fn pool_key(pool: &Pool) -> u64 {
    let mut key = 0;
    for color in Color::ALL {
        for role in Role::ALL {
            key ^= POOL_KEYS[color.index()][role.index()][pool.count(color, role).min(5)];
        }
    }
    key
}

/// The key's part for the covered points.
fn covered_key(covered: u128) -> u64 {
    crate::tables::squares(covered).fold(0, |key, s| key ^ COVERED_KEYS[s])
}

impl JieqiPosition {
    /// The start: both generals on their points, the other thirty pieces covered on theirs,
    /// the full pool, red to move.
    #[must_use]
    pub fn start() -> JieqiPosition {
        let mut placement = [None; 90];
        for (i, cell) in placement.iter_mut().enumerate() {
            *cell = Piece::from_code(START_CODES[i]).map(|p| {
                if p.role == Role::General {
                    JieqiPiece::Revealed(p)
                } else {
                    JieqiPiece::Covered(p.color)
                }
            });
        }
        JieqiPosition::new(&placement, Pool::full(), Color::Red, 0, 1)
            .expect("the Jieqi start is a position")
    }

    /// Validates a placement (index [`Square::index`]) with its pool, the side to move and
    /// the two clocks.
    ///
    /// # Errors
    /// A [`JieqiPositionError`] saying what makes it impossible.
    pub fn new(
        placement: &[Option<JieqiPiece>; 90],
        pool: Pool,
        turn: Color,
        halfmove_clock: u32,
        fullmove_number: u32,
    ) -> Result<JieqiPosition, JieqiPositionError> {
        let mut board = Board::empty();
        let mut covered = 0u128;
        let mut covered_count = [0usize; 2];
        let mut revealed = [[0usize; 7]; 2];
        for sq in Square::all() {
            let Some(cell) = placement[sq.index()] else {
                continue;
            };
            let piece = match cell {
                JieqiPiece::Covered(color) => {
                    let start = super::start_piece(sq).filter(|p| p.color == color);
                    let start =
                        start.ok_or(JieqiPositionError::CoveredOffStart { square: sq, color })?;
                    covered |= BIT[sq.index()];
                    covered_count[color.index()] += 1;
                    start
                }
                JieqiPiece::Revealed(piece) => {
                    revealed[piece.color.index()][piece.role.index()] += 1;
                    if piece.role == Role::General && !crate::position::reachable(piece, sq) {
                        return Err(PositionError::UnreachablePoint { piece, square: sq }.into());
                    }
                    piece
                }
            };
            board.set(sq, Some(piece));
        }
        check_counts(&pool, &revealed, covered_count)?;
        let mut acting = Position {
            board,
            occupied: [0; 2],
            generals: [0; 2],
            turn,
            halfmove_clock,
            fullmove_number: fullmove_number.max(1),
            key: 0,
        };
        acting.recompute();
        if let Some(file) = acting.generals_facing() {
            return Err(PositionError::GeneralsFacing { file: file.char() }.into());
        }
        let pos = JieqiPosition {
            acting,
            covered,
            pool,
            extra_key: covered_key(covered) ^ pool_key(&pool),
        };
        let other = turn.other();
        if pos.attacked(pos.acting.generals[other.index()], turn) {
            return Err(PositionError::OpponentInCheck { color: other }.into());
        }
        Ok(pos)
    }

    /// What stands on `sq`, as both players see it.
    #[must_use]
    pub fn piece_at(&self, sq: Square) -> Option<JieqiPiece> {
        let piece = self.acting.piece_at(sq)?;
        Some(if self.is_covered(sq) {
            JieqiPiece::Covered(piece.color)
        } else {
            JieqiPiece::Revealed(piece)
        })
    }

    /// The piece on `sq` as it moves now: a revealed piece itself, a covered one as the piece
    /// of its starting point.
    #[must_use]
    pub fn acting_piece_at(&self, sq: Square) -> Option<Piece> {
        self.acting.piece_at(sq)
    }

    /// Does `sq` hold a covered piece?
    #[must_use]
    pub fn is_covered(&self, sq: Square) -> bool {
        self.covered & BIT[sq.index()] != 0
    }

    /// The points holding covered pieces, `a0` first, rank by rank.
    pub fn covered_points(&self) -> impl Iterator<Item = Square> + '_ {
        crate::tables::squares(self.covered).map(|s| Square::from_index_unchecked(s as u8))
    }

    /// The points holding covered pieces, one bit a point (bit `n` is the point of index `n`).
    #[must_use]
    pub fn covered_mask(&self) -> u128 {
        self.covered
    }

    /// The pieces nobody has seen yet.
    #[must_use]
    pub fn pool(&self) -> &Pool {
        &self.pool
    }

    /// How many covered pieces of `color` stand on the board.
    #[must_use]
    pub fn covered_count(&self, color: Color) -> usize {
        (self.covered & self.acting.occupied[color.index()]).count_ones() as usize
    }

    /// Each piece's code as it moves now (see [`crate::role::code`]; a covered piece as the
    /// piece of its starting point), 0 where empty: for an engine's inner loops.
    #[inline]
    #[must_use]
    pub fn codes(&self) -> &[u8; 90] {
        self.acting.codes()
    }

    /// The points each side occupies, red's first, one bit a point.
    #[inline]
    #[must_use]
    pub fn occupancy(&self) -> &[u128; 2] {
        self.acting.occupancy()
    }

    /// The side to move.
    #[must_use]
    pub fn turn(&self) -> Color {
        self.acting.turn
    }

    /// Plies since the last capture.
    #[must_use]
    pub fn halfmove_clock(&self) -> u32 {
        self.acting.halfmove_clock
    }

    /// The move number, from 1, increasing after each black move.
    #[must_use]
    pub fn fullmove_number(&self) -> u32 {
        self.acting.fullmove_number
    }

    /// Where `color`'s general stands.
    #[must_use]
    pub fn general(&self, color: Color) -> Square {
        self.acting.general(color)
    }

    /// A Zobrist key of everything both players see but the clocks: the pieces, which are
    /// covered, the pool and the side to move.
    #[must_use]
    pub fn key(&self) -> u64 {
        self.acting.key ^ self.extra_key
    }

    /// Does `mv` move a covered piece (and so turn it over)?
    #[must_use]
    pub fn is_reveal(&self, mv: Move) -> bool {
        self.is_covered(mv.from)
    }

    /// Checks that `reveal` is what `mv` may turn over: a piece of the mover's side still in
    /// the pool when `mv` moves a covered piece, nothing otherwise.
    ///
    /// # Errors
    /// What is wrong with the reveal.
    pub fn check_reveal(&self, mv: Move, reveal: Option<Role>) -> Result<(), RevealError> {
        match (self.is_covered(mv.from), reveal) {
            (false, None) => Ok(()),
            (false, Some(_)) => Err(RevealError::NotCovered),
            (true, None) => Err(RevealError::Missing),
            (true, Some(role)) => {
                let piece = Piece::new(self.turn(), role);
                if self.pool.count(piece.color, role) == 0 {
                    Err(RevealError::NotInPool(piece))
                } else {
                    Ok(())
                }
            }
        }
    }

    /// Plays `mv` without checking it: it must be legal, and `reveal` must be what it turns
    /// over (a kind in the mover's pool if it moves a covered piece, `None` otherwise — see
    /// [`JieqiPosition::check_reveal`]). Returns what [`JieqiPosition::unmake_move`] needs.
    pub fn make_move(&mut self, mv: Move, reveal: Option<Role>) -> JieqiUndo {
        let (from, to) = (mv.from.index(), mv.to.index());
        let extra_key = self.extra_key;
        let captured_covered = self.covered & BIT[to] != 0;
        if captured_covered {
            self.covered ^= BIT[to];
            self.extra_key ^= COVERED_KEYS[to];
        }
        let mover = self.acting.board.cells[from];
        let undo = self.acting.make_move(mv);
        let mut revealed = None;
        if self.covered & BIT[from] != 0 {
            self.covered ^= BIT[from];
            self.extra_key ^= COVERED_KEYS[from];
            let color = if color_of(mover) == 0 {
                Color::Red
            } else {
                Color::Black
            };
            debug_assert!(
                reveal.is_some(),
                "make_move {mv}: a covered piece needs a reveal"
            );
            // A covered piece always turns over; without a kind (a caller's mistake) it
            // turns over as what it moved as, which the pool may not hold.
            let role = reveal.unwrap_or(Role::ALL[usize::from(role_of(mover)) - 1]);
            let piece = Piece::new(color, role);
            let old = self.pool_part();
            self.pool.take(piece);
            self.extra_key ^= old ^ self.pool_part();
            self.acting.board.cells[to] = piece.code();
            self.acting.key ^=
                PIECE_KEYS[usize::from(mover)][to] ^ PIECE_KEYS[usize::from(piece.code())][to];
            revealed = Some(piece);
        }
        JieqiUndo {
            undo,
            revealed,
            captured_covered,
            extra_key,
        }
    }

    /// Takes back `mv`, the last move made, with the [`JieqiUndo`] it returned.
    pub fn unmake_move(&mut self, mv: Move, undo: JieqiUndo) {
        let (from, to) = (mv.from.index(), mv.to.index());
        if let Some(piece) = undo.revealed {
            // Face down again, as the piece of its starting point.
            self.acting.board.cells[to] = START_CODES[from];
            self.pool.put_back(piece);
            self.covered |= BIT[from];
        }
        self.acting.unmake_move(mv, undo.undo);
        if undo.captured_covered {
            self.covered |= BIT[to];
        }
        self.extra_key = undo.extra_key;
    }

    /// Passes the move to the other side (a search's null move; never legal in a game).
    pub fn make_null(&mut self) {
        self.acting.make_null();
    }

    /// Takes back [`JieqiPosition::make_null`].
    pub fn unmake_null(&mut self) {
        self.acting.unmake_null();
    }

    /// The key's part for the pool as it is.
    fn pool_part(&self) -> u64 {
        pool_key(&self.pool)
    }

    /// Test and debug aid: does the state kept move by move equal what the pieces, the
    /// covered points and the pool give afresh?
    #[must_use]
    pub fn is_consistent(&self) -> bool {
        self.acting.check_consistency().is_ok()
            && self.extra_key == covered_key(self.covered) ^ pool_key(&self.pool)
            && crate::tables::squares(self.covered)
                .all(|s| START_CODES[s] == self.acting.board.cells[s])
    }
}

/// Checks the pool and the pieces' counts: one general a side, no more covered pieces than
/// the pool lists, no more of a kind revealed and unseen than a side has.
fn check_counts(
    pool: &Pool,
    revealed: &[[usize; 7]; 2],
    covered: [usize; 2],
) -> Result<(), JieqiPositionError> {
    for color in Color::ALL {
        let count = revealed[color.index()][Role::General.index()];
        if count != 1 {
            return Err(PositionError::GeneralCount { color, count }.into());
        }
    }
    for color in Color::ALL {
        let total = pool.total(color);
        if covered[color.index()] > total {
            return Err(JieqiPositionError::PoolShort {
                color,
                covered: covered[color.index()],
                pool: total,
            });
        }
        for role in Role::ALL {
            let unseen = pool.count(color, role);
            let shown = revealed[color.index()][role.index()];
            if shown + unseen > role.max_count() {
                return Err(JieqiPositionError::TooMany {
                    color,
                    role,
                    revealed: shown,
                    unseen,
                });
            }
        }
    }
    Ok(())
}

impl Default for JieqiPosition {
    fn default() -> Self {
        JieqiPosition::start()
    }
}

impl fmt::Debug for JieqiPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "JieqiPosition({})", self.fen())
    }
}
