//! A position under construction (摆棋): a placement and a side to move that may not be
//! playable yet, the edits a set-up editor makes to it, the handicap presets, and
//! [`Setup::validate`], which names *every* reason the placement cannot be played, not only
//! the first.
//!
//! ```
//! use xiangqi_rules::setup::{Setup, SetupError};
//! use xiangqi_rules::{Color, Square};
//! let mut setup = Setup::start();
//! setup.clear_but_generals();
//! let black_general: Square = "e9".parse().unwrap();
//! setup.remove(black_general);
//! assert_eq!(setup.validate(), [SetupError::MissingGeneral { color: Color::Black }]);
//! ```

use crate::fen::{parse_fields, write_board};
use crate::position::reachable;
use crate::{Board, Color, FenError, File, Piece, Position, Role, Square};
use std::fmt;
use std::str::FromStr;

/// A placement and the side to move, as a set-up editor builds them: any piece may stand on
/// any point, so it need not be a position a game can reach until [`Setup::position`] says so.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Setup {
    board: Board,
    turn: Color,
}

/// Why a placement cannot be played. [`Setup::validate`] gives every one that applies.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum SetupError {
    /// A side has no general.
    MissingGeneral {
        /// The side without one.
        color: Color,
    },
    /// A general stands outside its palace (the 3×3 points it never leaves).
    GeneralOutsidePalace {
        /// Whose general.
        color: Color,
        /// Where it stands.
        square: Square,
    },
    /// A side has more pieces of a kind than a set has (K1 A2 E2 H2 R2 C2 P5).
    TooMany {
        /// Whose pieces.
        color: Color,
        /// Which kind.
        role: Role,
        /// How many there are.
        count: usize,
    },
    /// A piece on a point it can never reach: an advisor off its five points, an elephant
    /// off its seven, a soldier behind its starting rank or, before the river, off the five
    /// files soldiers start on (it moves sideways only once across).
    Unreachable {
        /// The piece.
        piece: Piece,
        /// Where it stands.
        square: Square,
    },
    /// Two soldiers of a side on one file on their own side of the river: each file has one
    /// soldier at the start and none can step onto another file before crossing, nor come
    /// back once across.
    SoldiersShareFile {
        /// Whose soldiers.
        color: Color,
        /// The file.
        file: File,
    },
    /// The side that is not to move is in check: the side to move could take its general.
    OpponentInCheck {
        /// The side in check (not the side to move).
        color: Color,
        /// Where its general stands.
        general: Square,
    },
    /// The two generals face each other on a file with nothing between them (the flying
    /// general: a position that can never stand).
    GeneralsFacing {
        /// The file.
        file: File,
    },
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::MissingGeneral { color } => write!(f, "{} has no general", color.name()),
            SetupError::GeneralOutsidePalace { color, square } => write!(
                f,
                "the {} general on {square} is outside its palace",
                color.name()
            ),
            SetupError::TooMany { color, role, count } => write!(
                f,
                "{} has {count} {}s; a set has {}",
                color.name(),
                role.name(),
                role.max_count()
            ),
            SetupError::Unreachable { piece, square } => write!(
                f,
                "{piece} on {square} is impossible: {}",
                unreachable_why(piece.role)
            ),
            SetupError::SoldiersShareFile { color, file } => write!(
                f,
                "two {} soldiers on file {} before the river; each file starts with one and soldiers only move sideways across the river",
                color.name(),
                file.char()
            ),
            SetupError::OpponentInCheck { color, general } => write!(
                f,
                "the {} general on {general} is in check but it is {}'s turn",
                color.name(),
                color.other().name()
            ),
            SetupError::GeneralsFacing { file } => write!(
                f,
                "the generals face each other on file {} with nothing between them",
                file.char()
            ),
        }
    }
}

impl std::error::Error for SetupError {}

impl fmt::Display for NothingToMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "there is no piece on {} to move", self.square)
    }
}

impl std::error::Error for NothingToMove {}

fn unreachable_why(role: Role) -> &'static str {
    match role {
        Role::Advisor => "an advisor stands only on the corners and centre of its palace",
        Role::Elephant => "an elephant stands only on its seven points on its own side",
        _ => {
            "a soldier never moves back, nor sideways before crossing the river, so before the river it stands only on a, c, e, g or i from its own third rank on"
        }
    }
}

/// [`Setup::move_piece`] from an empty point.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct NothingToMove {
    /// The empty point.
    pub square: Square,
}

/// The handicap presets (让子): the start position with pieces of red's taken off. Red, the
/// stronger player, gives the odds and still moves first. "Left" is red's left, files b
/// and a (八路, 九路).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Handicap {
    /// 让单马: without red's left horse (b0).
    Horse,
    /// 让双马: without both of red's horses (b0, h0).
    TwoHorses,
    /// 让单炮: without red's left cannon (b2).
    Cannon,
    /// 让单车: without red's left chariot (a0).
    Chariot,
    /// 让九子: without red's five soldiers, two advisors and two elephants — the general
    /// defends alone behind the chariots, horses and cannons.
    NinePieces,
}

impl Handicap {
    /// Every preset, from the smallest odds.
    pub const ALL: [Handicap; 5] = [
        Handicap::Horse,
        Handicap::Cannon,
        Handicap::TwoHorses,
        Handicap::Chariot,
        Handicap::NinePieces,
    ];

    /// The points of the start position red's pieces are taken from.
    #[must_use]
    pub fn removed(self) -> Vec<Square> {
        let coords: &[(u8, u8)] = match self {
            Handicap::Horse => &[(1, 0)],
            Handicap::TwoHorses => &[(1, 0), (7, 0)],
            Handicap::Cannon => &[(1, 2)],
            Handicap::Chariot => &[(0, 0)],
            Handicap::NinePieces => &[
                (2, 0),
                (3, 0),
                (5, 0),
                (6, 0),
                (0, 3),
                (2, 3),
                (4, 3),
                (6, 3),
                (8, 3),
            ],
        };
        coords
            .iter()
            .filter_map(|&(f, r)| Square::from_coords(f, r))
            .collect()
    }

    /// The traditional name: 让单马, 让双马, 让单炮, 让单车, 让九子.
    #[must_use]
    pub const fn chinese_name(self) -> &'static str {
        match self {
            Handicap::Horse => "让单马",
            Handicap::TwoHorses => "让双马",
            Handicap::Cannon => "让单炮",
            Handicap::Chariot => "让单车",
            Handicap::NinePieces => "让九子",
        }
    }
}

impl Setup {
    /// `board` with `turn` to move.
    #[must_use]
    pub fn new(board: Board, turn: Color) -> Setup {
        Setup { board, turn }
    }

    /// The start position, red to move.
    #[must_use]
    pub fn start() -> Setup {
        Setup::new(Board::start(), Color::Red)
    }

    /// The start position without the pieces red gives in `handicap`; red to move.
    ///
    /// ```
    /// use xiangqi_rules::setup::{Handicap, Setup};
    /// let setup = Setup::handicap(Handicap::TwoHorses);
    /// assert_eq!(setup.fen(), "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/R1BAKAB1R w - - 0 1");
    /// assert!(setup.position().is_ok());
    /// ```
    #[must_use]
    pub fn handicap(handicap: Handicap) -> Setup {
        let mut setup = Setup::start();
        for sq in handicap.removed() {
            setup.remove(sq);
        }
        setup
    }

    /// Reads a FEN's placement and side to move without asking whether they could occur in a
    /// game (that is [`Setup::validate`]'s question); the clocks are read and dropped.
    ///
    /// # Errors
    /// A [`FenError`] when the text is not a FEN (ranks, widths, letters, side, numbers).
    pub fn from_fen(fen: &str) -> Result<Setup, FenError> {
        let (board, turn, _, _) = parse_fields(fen)?;
        Ok(Setup::new(board, turn))
    }

    /// The FEN of the placement and side, with clocks `0 1` (a position set up starts anew).
    #[must_use]
    pub fn fen(&self) -> String {
        format!(
            "{} {} - - 0 1",
            write_board(&self.board),
            self.turn.fen_char()
        )
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

    /// The side to move.
    #[must_use]
    pub fn turn(&self) -> Color {
        self.turn
    }

    /// Sets the side to move.
    pub fn set_turn(&mut self, turn: Color) {
        self.turn = turn;
    }

    /// The other side moves.
    pub fn switch_turn(&mut self) {
        self.turn = self.turn.other();
    }

    /// Puts `piece` on `sq`; returns the piece that stood there.
    pub fn place(&mut self, sq: Square, piece: Piece) -> Option<Piece> {
        let old = self.board.piece_at(sq);
        self.board.set(sq, Some(piece));
        old
    }

    /// Empties `sq`; returns the piece that stood there.
    pub fn remove(&mut self, sq: Square) -> Option<Piece> {
        let old = self.board.piece_at(sq);
        self.board.set(sq, None);
        old
    }

    /// Moves the piece on `from` to `to`, whatever the rules of moving say; returns the
    /// piece it replaced there. Onto its own point it is left alone.
    ///
    /// # Errors
    /// [`NothingToMove`] when `from` is empty (nothing changes).
    pub fn move_piece(&mut self, from: Square, to: Square) -> Result<Option<Piece>, NothingToMove> {
        let piece = self
            .board
            .piece_at(from)
            .ok_or(NothingToMove { square: from })?;
        if from == to {
            return Ok(None);
        }
        self.board.set(from, None);
        Ok(self.place(to, piece))
    }

    /// Takes every piece off but the generals (the usual start of setting up an ending).
    pub fn clear_but_generals(&mut self) {
        let others: Vec<Square> = self
            .board
            .pieces()
            .filter(|(_, p)| p.role != Role::General)
            .map(|(sq, _)| sq)
            .collect();
        for sq in others {
            self.board.set(sq, None);
        }
    }

    /// Every reason the placement cannot be played, in the order a player would fix them:
    /// the generals, the counts, each piece's point (`a0` first, rank by rank), then the
    /// facing generals or the check of the side not to move (looked at only when each side
    /// has one general). Empty when [`Setup::position`] will succeed.
    #[must_use]
    pub fn validate(&self) -> Vec<SetupError> {
        let mut errors = Vec::new();
        let mut counts = [[0usize; 7]; 2];
        for (_, piece) in self.board.pieces() {
            counts[piece.color.index()][piece.role.index()] += 1;
        }
        for color in Color::ALL {
            if counts[color.index()][Role::General.index()] == 0 {
                errors.push(SetupError::MissingGeneral { color });
            }
        }
        for (square, piece) in self.board.pieces() {
            if piece.role == Role::General && !reachable(piece, square) {
                errors.push(SetupError::GeneralOutsidePalace {
                    color: piece.color,
                    square,
                });
            }
        }
        for color in Color::ALL {
            for role in Role::ALL {
                let count = counts[color.index()][role.index()];
                if count > role.max_count() {
                    errors.push(SetupError::TooMany { color, role, count });
                }
            }
        }
        for (square, piece) in self.board.pieces() {
            if piece.role != Role::General && !reachable(piece, square) {
                errors.push(SetupError::Unreachable { piece, square });
            }
        }
        self.soldiers_sharing_files(&mut errors);
        let one_general_each = Color::ALL
            .iter()
            .all(|c| counts[c.index()][Role::General.index()] == 1);
        if one_general_each {
            self.check_generals(&mut errors);
        }
        errors
    }

    /// Two soldiers of a side on one file before the river (each on a point of its own that
    /// it can reach, so not already named as unreachable).
    fn soldiers_sharing_files(&self, errors: &mut Vec<SetupError>) {
        for color in Color::ALL {
            for f in 0..9u8 {
                let before_river = (0..10u8)
                    .filter_map(|r| Square::from_coords(f, r))
                    .filter(|&sq| {
                        let own_half = (sq.rank().index() <= 4) == (color == Color::Red);
                        let piece = Piece::new(color, Role::Soldier);
                        own_half && self.board.piece_at(sq) == Some(piece) && reachable(piece, sq)
                    })
                    .count();
                if before_river > 1
                    && let Some(file) = File::new(f)
                {
                    errors.push(SetupError::SoldiersShareFile { color, file });
                }
            }
        }
    }

    /// The flying general, else the check of the side not to move (the facing generals are
    /// that check too, and are named once, as such).
    fn check_generals(&self, errors: &mut Vec<SetupError>) {
        let mut scratch = Position {
            board: self.board.clone(),
            occupied: [0; 2],
            generals: [0; 2],
            turn: self.turn,
            halfmove_clock: 0,
            fullmove_number: 1,
            key: 0,
        };
        scratch.recompute();
        if let Some(file) = scratch.generals_facing() {
            errors.push(SetupError::GeneralsFacing { file });
            return;
        }
        let color = self.turn.other();
        let general = scratch.general(color);
        if scratch.attacked(general.index() as u8, self.turn) {
            errors.push(SetupError::OpponentInCheck { color, general });
        }
    }

    /// The position to play from (clocks `0 1`).
    ///
    /// # Errors
    /// Every reason it cannot be played ([`Setup::validate`]).
    pub fn position(&self) -> Result<Position, Vec<SetupError>> {
        let errors = self.validate();
        if !errors.is_empty() {
            return Err(errors);
        }
        // Everything `from_board` refuses, `validate` has refused first; should the two ever
        // disagree, its reason is given rather than a position that is not sound.
        Position::from_board(self.board.clone(), self.turn, 0, 1).map_err(|e| vec![self.reason(&e)])
    }

    /// The same reason in this module's terms.
    fn reason(&self, e: &crate::PositionError) -> SetupError {
        use crate::PositionError as P;
        match *e {
            P::GeneralCount { color, count: 0 } => SetupError::MissingGeneral { color },
            P::GeneralCount { color, count } => SetupError::TooMany {
                color,
                role: Role::General,
                count,
            },
            P::TooManyPieces { color, role, count } => SetupError::TooMany { color, role, count },
            P::UnreachablePoint { piece, square } if piece.role == Role::General => {
                SetupError::GeneralOutsidePalace {
                    color: piece.color,
                    square,
                }
            }
            P::UnreachablePoint { piece, square } => SetupError::Unreachable { piece, square },
            P::GeneralsFacing { file } => SetupError::GeneralsFacing {
                file: File::from_char(file).unwrap_or_else(|| Square::default().file()),
            },
            P::OpponentInCheck { color } => SetupError::OpponentInCheck {
                color,
                general: self
                    .board
                    .pieces()
                    .find(|(_, p)| *p == Piece::new(color, Role::General))
                    .map_or_else(Square::default, |(sq, _)| sq),
            },
        }
    }
}

impl Default for Setup {
    fn default() -> Self {
        Setup::start()
    }
}

impl From<&Position> for Setup {
    fn from(pos: &Position) -> Setup {
        Setup::new(pos.board().clone(), pos.turn())
    }
}

impl FromStr for Setup {
    type Err = FenError;
    fn from_str(s: &str) -> Result<Setup, FenError> {
        Setup::from_fen(s)
    }
}

impl fmt::Display for Setup {
    /// The FEN.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.fen())
    }
}

#[cfg(test)]
mod tests;
