//! The dealer's knowledge: which piece lies under each covered one. Dealt uniformly at random
//! by a small generator of the rules' own, started from a 64-bit number the caller draws from
//! the operating system's randomness (the crate has no dependencies to draw it itself), or
//! given, or read back from its text.

use super::{JieqiPosition, Pool};
use crate::tables::{BIT, splitmix};
use crate::{Color, Piece, Role, Square};
use std::fmt;

/// A generator of random numbers for dealing: splitmix64, whose outputs pass the usual
/// statistical batteries and which needs a single word of state. Not for secrets: a server
/// keeps its deals to itself, and the number it starts from (drawn from the operating
/// system) is what makes a deal unpredictable; the same number always deals the same.
///
/// ```
/// use xiangqi_rules::jieqi::DealRng;
/// let mut a = DealRng::new(7);
/// let mut b = DealRng::new(7);
/// assert_eq!(a.next_u64(), b.next_u64());
/// assert!(a.below(10) < 10);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct DealRng {
    state: u64,
}

impl DealRng {
    /// A generator whose draws follow from the number `start`.
    #[must_use]
    pub const fn new(start: u64) -> DealRng {
        DealRng { state: start }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        let (state, value) = splitmix(self.state);
        self.state = state;
        value
    }

    /// A number in `0..n`, every one equally likely (`n` must be at least 1; 0 for 0).
    pub fn below(&mut self, n: u64) -> u64 {
        if n == 0 {
            return 0;
        }
        // Draws below `2^64 mod n` would make the low numbers likelier: draw again.
        let threshold = n.wrapping_neg() % n;
        loop {
            let x = self.next_u64();
            if x >= threshold {
                return x % n;
            }
        }
    }

    /// Puts `items` in a random order, every order equally likely (Fisher–Yates).
    pub fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u64 + 1) as usize;
            items.swap(i, j);
        }
    }
}

/// Which piece lies under each covered piece of a position — what the dealer knows and the
/// players do not — and the unseen pieces that lie under none (covered pieces captured before
/// the deal's position: nobody will ever see them).
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Deal {
    /// The piece code under each covered point, 0 elsewhere.
    under: [u8; 90],
    /// The points dealt.
    points: u128,
    /// Unseen pieces under no point.
    spare: Pool,
    /// Draws the exchanges of [`Deal::exchange`].
    rng: DealRng,
}

/// Why pieces cannot be a deal for a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DealError {
    /// A covered point is given no piece.
    Missing(Square),
    /// A piece is given for a point with no covered piece.
    NotCovered(Square),
    /// A point is given a piece of the other side, or a general.
    Wrong {
        /// The point.
        square: Square,
        /// The piece given.
        piece: Piece,
    },
    /// More pieces of a kind are dealt than the pool holds.
    NotInPool(Piece),
    /// A deal's text has a character that is not a piece letter.
    Letter(char),
    /// A deal's text has another number of letters than the position has covered pieces.
    Length {
        /// Covered pieces on the board.
        expected: usize,
        /// Letters in the text.
        found: usize,
    },
}

impl fmt::Display for DealError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DealError::Missing(sq) => {
                write!(f, "no piece is dealt under the covered piece on {sq}")
            }
            DealError::NotCovered(sq) => {
                write!(f, "a piece is dealt on {sq}, which is not covered")
            }
            DealError::Wrong { square, piece } => {
                write!(
                    f,
                    "a {piece} cannot lie under the covered piece on {square}"
                )
            }
            DealError::NotInPool(p) => write!(f, "more {p}s are dealt than the pool holds"),
            DealError::Letter(c) => write!(f, "{c:?} is not a piece letter"),
            DealError::Length { expected, found } => write!(
                f,
                "{found} pieces for {expected} covered ones: a deal gives one piece a covered \
                 piece, a0 first, rank by rank"
            ),
        }
    }
}

impl std::error::Error for DealError {}

impl Deal {
    /// A deal for `pos`, uniform over every way of putting its pool under its covered pieces
    /// (each side's apart), drawn with `rng`.
    #[must_use]
    pub fn random(pos: &JieqiPosition, rng: &mut DealRng) -> Deal {
        let mut under = [0u8; 90];
        let mut spare = *pos.pool();
        for color in Color::ALL {
            let mut bag: Vec<Piece> = spare
                .kinds(color)
                .flat_map(|(role, n)| std::iter::repeat_n(Piece::new(color, role), n))
                .collect();
            rng.shuffle(&mut bag);
            let points = pos
                .covered_points()
                .filter(|&sq| pos.piece_at(sq).is_some_and(|p| p.color() == color));
            for (sq, piece) in points.zip(bag) {
                under[sq.index()] = piece.code();
                spare.take(piece);
            }
        }
        Deal {
            under,
            points: pos.covered_mask(),
            spare,
            rng: rng.clone(),
        }
    }

    /// The deal that puts `pieces` (each with its point) under `pos`'s covered pieces.
    ///
    /// # Errors
    /// A covered point without a piece, a piece on a point not covered, a piece of the
    /// wrong side or kind, or more of a kind than the pool holds.
    pub fn new(
        pos: &JieqiPosition,
        pieces: impl IntoIterator<Item = (Square, Piece)>,
    ) -> Result<Deal, DealError> {
        let mut under = [0u8; 90];
        let mut spare = *pos.pool();
        for (sq, piece) in pieces {
            let Some(owner) = pos.piece_at(sq).filter(|_| pos.is_covered(sq)) else {
                return Err(DealError::NotCovered(sq));
            };
            if owner.color() != piece.color || piece.role == Role::General {
                return Err(DealError::Wrong { square: sq, piece });
            }
            if !spare.take(piece) {
                return Err(DealError::NotInPool(piece));
            }
            under[sq.index()] = piece.code();
        }
        if let Some(sq) = pos.covered_points().find(|sq| under[sq.index()] == 0) {
            return Err(DealError::Missing(sq));
        }
        Ok(Deal {
            under,
            points: pos.covered_mask(),
            spare,
            rng: DealRng::new(0),
        })
    }

    /// Reads a deal's text (see [`Deal`]'s `Display`) for `pos`.
    ///
    /// # Errors
    /// A character that is not a piece letter, a count that does not match `pos`'s covered
    /// pieces, or pieces that cannot be dealt there (see [`Deal::new`]).
    pub fn parse(pos: &JieqiPosition, text: &str) -> Result<Deal, DealError> {
        let letters: Vec<char> = text.chars().filter(|c| !c.is_whitespace()).collect();
        let points: Vec<Square> = pos.covered_points().collect();
        if letters.len() != points.len() {
            return Err(DealError::Length {
                expected: points.len(),
                found: letters.len(),
            });
        }
        let mut pieces = Vec::with_capacity(points.len());
        for (sq, c) in points.into_iter().zip(letters) {
            let piece = Piece::from_fen_char(c).filter(|_| c.is_ascii_alphabetic());
            pieces.push((sq, piece.ok_or(DealError::Letter(c))?));
        }
        Deal::new(pos, pieces)
    }

    /// The piece under the covered piece dealt on `sq`, if one was.
    #[must_use]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        Piece::from_code(self.under[sq.index()])
    }

    /// The points dealt, one bit a point.
    #[must_use]
    pub fn points(&self) -> u128 {
        self.points
    }

    /// Makes `piece` the one under `sq`, exchanging it with the piece of another point of
    /// `open` (points dealt whose pieces are still unseen) or a spare one, drawn uniformly
    /// among those that hold such a piece: how a reveal given by hand (a record, a game
    /// played over a real board) keeps the deal whole. Drawn so, a uniform deal stays uniform
    /// over the deals that agree with what was seen. False if no unseen `piece` is left.
    pub(crate) fn exchange(&mut self, sq: Square, piece: Piece, open: u128) -> bool {
        let s = sq.index();
        let code = piece.code();
        if self.under[s] == code {
            return true;
        }
        let Some(old) = Piece::from_code(self.under[s]) else {
            return false;
        };
        let holders: Vec<usize> = crate::tables::squares(open & self.points & !BIT[s])
            .filter(|&t| self.under[t] == code)
            .collect();
        let spare = self.spare.count(piece.color, piece.role);
        let choices = holders.len() + spare;
        if choices == 0 {
            return false;
        }
        match holders.get(self.rng.below(choices as u64) as usize) {
            Some(&t) => self.under.swap(s, t),
            None => {
                self.spare.take(piece);
                self.spare.put_back(old);
                self.under[s] = code;
            }
        }
        true
    }
}

/// The pieces under the covered points, `a0` first, rank by rank, as FEN letters: what
/// [`Deal::parse`] reads back. The spare pieces are not written: they follow from the pool.
impl fmt::Display for Deal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for s in crate::tables::squares(self.points) {
            if let Some(p) = Piece::from_code(self.under[s]) {
                write!(f, "{}", p.fen_char())?;
            }
        }
        Ok(())
    }
}

impl fmt::Debug for Deal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Deal({self})")
    }
}
