//! Points of the board in ICCS coordinates: files `a`–`i` from red's left, ranks `0`–`9` from
//! red's back rank.

use std::fmt;
use std::str::FromStr;

/// A file (column), `a` to `i` from red's left.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct File(u8);

impl File {
    /// The file with index 0–8, if in range.
    #[must_use]
    pub const fn new(index: u8) -> Option<File> {
        if index < 9 { Some(File(index)) } else { None }
    }
    /// Index 0 (`a`) to 8 (`i`).
    #[must_use]
    pub const fn index(self) -> u8 {
        self.0
    }
    /// The ICCS letter, `a`–`i`.
    #[must_use]
    pub const fn char(self) -> char {
        (b'a' + self.0) as char
    }
    /// Reads `a`–`i` in either case.
    #[must_use]
    pub const fn from_char(c: char) -> Option<File> {
        let c = c.to_ascii_lowercase();
        if c >= 'a' && c <= 'i' {
            Some(File(c as u8 - b'a'))
        } else {
            None
        }
    }
}

/// A rank (row), `0` (red's back rank) to `9` (black's back rank).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Rank(u8);

impl Rank {
    /// The rank with index 0–9, if in range.
    #[must_use]
    pub const fn new(index: u8) -> Option<Rank> {
        if index < 10 { Some(Rank(index)) } else { None }
    }
    /// Index 0–9.
    #[must_use]
    pub const fn index(self) -> u8 {
        self.0
    }
    /// The ICCS digit, `0`–`9`.
    #[must_use]
    pub const fn char(self) -> char {
        (b'0' + self.0) as char
    }
}

/// One of the 90 intersections.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Square(u8);

impl Square {
    /// Number of points on the board.
    pub const COUNT: usize = 90;

    /// The point at `file`, `rank`.
    #[must_use]
    pub const fn new(file: File, rank: Rank) -> Square {
        Square(rank.0 * 9 + file.0)
    }

    /// The point at file index 0–8 and rank index 0–9, if both are in range.
    #[must_use]
    pub const fn from_coords(file: u8, rank: u8) -> Option<Square> {
        if file < 9 && rank < 10 {
            Some(Square(rank * 9 + file))
        } else {
            None
        }
    }

    /// The point with index 0–89 (`rank * 9 + file`), if in range.
    #[must_use]
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < 90 {
            Some(Square(index as u8))
        } else {
            None
        }
    }

    /// The point of index `index` (`rank * 9 + file`), which the caller knows to be below 90:
    /// for tables and move lists that hold points as bytes. A larger index makes a point no
    /// board has, which later look-ups refuse or misread.
    #[must_use]
    pub const fn from_index_unchecked(index: u8) -> Square {
        Square(index)
    }

    /// Index 0–89, `rank * 9 + file`.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file of this point.
    #[must_use]
    pub const fn file(self) -> File {
        File(self.0 % 9)
    }

    /// The rank of this point.
    #[must_use]
    pub const fn rank(self) -> Rank {
        Rank(self.0 / 9)
    }

    /// The point `df` files and `dr` ranks away, if it is on the board.
    #[must_use]
    pub const fn offset(self, df: i8, dr: i8) -> Option<Square> {
        let f = (self.0 % 9) as i8 + df;
        let r = (self.0 / 9) as i8 + dr;
        if f >= 0 && f < 9 && r >= 0 && r < 10 {
            Some(Square((r * 9 + f) as u8))
        } else {
            None
        }
    }

    /// All 90 points, `a0` first, rank by rank.
    pub fn all() -> impl DoubleEndedIterator<Item = Square> + ExactSizeIterator {
        (0..90u8).map(Square)
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file().char(), self.rank().char())
    }
}

/// Why a square name could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseSquareError(pub String);

impl fmt::Display for ParseSquareError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'{}' is not a point: expected a file a–i and a rank 0–9, like h2",
            self.0
        )
    }
}

impl std::error::Error for ParseSquareError {}

impl FromStr for Square {
    type Err = ParseSquareError;
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let mut chars = s.chars();
        let parsed = match (chars.next(), chars.next(), chars.next()) {
            (Some(f), Some(r), None) => File::from_char(f).zip(r.to_digit(10)),
            _ => None,
        };
        match parsed {
            Some((file, rank)) => Ok(Square(rank as u8 * 9 + file.0)),
            None => Err(ParseSquareError(s.to_string())),
        }
    }
}
