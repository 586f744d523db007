//! A move (from one point to another) and a fixed-capacity list of moves.

use crate::Square;
use std::fmt;
use std::str::FromStr;

/// A move from one point to another. Written in ICCS as `h2e2` by [`fmt::Display`]; read from
/// `h2e2`, `H2E2`, `h2-e2` or `H2-E2` by [`FromStr`].
///
/// ```
/// use xiangqi_rules::Move;
/// let m: Move = "H2-E2".parse().unwrap();
/// assert_eq!(m.to_string(), "h2e2");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Move {
    /// Where the piece stands.
    pub from: Square,
    /// Where it goes.
    pub to: Square,
}

impl Move {
    /// A move from `from` to `to`.
    #[must_use]
    pub const fn new(from: Square, to: Square) -> Move {
        Move { from, to }
    }

    /// The ICCS PGN form, upper case with a hyphen: `H2-E2`.
    #[must_use]
    pub fn to_iccs_hyphenated(self) -> String {
        let (f, t) = (self.from, self.to);
        format!(
            "{}{}-{}{}",
            f.file().char().to_ascii_uppercase(),
            f.rank().char(),
            t.file().char().to_ascii_uppercase(),
            t.rank().char()
        )
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.from, self.to)
    }
}

/// Why a coordinate move could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseMoveError(pub String);

impl fmt::Display for ParseMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'{}' is not an ICCS move: expected two points like h2e2 or H2-E2",
            self.0
        )
    }
}

impl std::error::Error for ParseMoveError {}

impl FromStr for Move {
    type Err = ParseMoveError;
    fn from_str(s: &str) -> Result<Move, ParseMoveError> {
        let err = || ParseMoveError(s.to_string());
        let t = s.trim();
        let (a, b) = match t.len() {
            4 if t.is_ascii() => (&t[..2], &t[2..]),
            5 if t.is_ascii() && t.as_bytes()[2] == b'-' => (&t[..2], &t[3..]),
            _ => return Err(err()),
        };
        let from = a.parse().map_err(|_| err())?;
        let to = b.parse().map_err(|_| err())?;
        Ok(Move { from, to })
    }
}

/// Room for every move of any position: a side's pieces have at most 119 pseudo-legal moves
/// (two chariots and two cannons 17 each, two horses 8 each, five soldiers 3 each, two
/// elephants and two advisors 4 each, the general 4).
pub const MAX_MOVES: usize = 128;

/// A list of moves on the stack, filled by move generation without allocating.
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl MoveList {
    /// An empty list.
    #[must_use]
    pub const fn new() -> MoveList {
        MoveList {
            moves: [Move {
                from: Square::from_index_unchecked(0),
                to: Square::from_index_unchecked(0),
            }; MAX_MOVES],
            len: 0,
        }
    }

    /// Adds `m` at the end (a list is never full: see [`MAX_MOVES`]).
    #[inline]
    pub fn push(&mut self, m: Move) {
        // Never full: see MAX_MOVES.
        if self.len < MAX_MOVES {
            self.moves[self.len] = m;
            self.len += 1;
        }
    }

    /// Keeps the first `len` moves (all of them if there are fewer).
    #[inline]
    pub fn truncate(&mut self, len: usize) {
        self.len = self.len.min(len);
    }

    /// Puts `m` in place `i`, which must be below [`MAX_MOVES`] (a move picker reorders its
    /// list in place).
    #[inline]
    pub fn set(&mut self, i: usize, m: Move) {
        self.moves[i] = m;
    }
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl std::ops::Deref for MoveList {
    type Target = [Move];
    #[inline]
    fn deref(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

impl std::ops::DerefMut for MoveList {
    #[inline]
    fn deref_mut(&mut self) -> &mut [Move] {
        &mut self.moves[..self.len]
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.moves[..self.len].iter()
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}
