//! Jieqi FEN, read and written as JieqiBox writes it: `x`/`X` for a covered piece, and the pool
//! of pieces nobody has seen as a field of its own before the side to move —
//! `xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX R2r2N2n2B2b2A2a2C2c2P5p5 w - - 0 1`.
//!
//! The pool lists each kind with pieces unseen as its letter (upper case red) and count;
//! JieqiBox writes chariots first, each red count before black's (`R2r2N2n2…`), leaves out a
//! kind none of which is unseen, and writes `-` for an empty pool. Any order is read.

use super::{JieqiPiece, JieqiPosition, JieqiPositionError, Pool};
use crate::fen::{NumberField, parse_number, parse_placement, write_placement};
use crate::{Color, FenError, Piece, Role};
use std::fmt;
use std::str::FromStr;

/// The Jieqi start, as [`JieqiPosition::fen`] writes it.
pub const JIEQI_START_FEN: &str = "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX \
                                   R2r2N2n2B2b2A2a2C2c2P5p5 w - - 0 1";

/// Why a Jieqi FEN could not be read. Columns count the characters of the whole FEN from 1;
/// ranks are named by their ICCS number (9 is black's back rank, the FEN's first).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum JieqiFenError {
    /// What a xiangqi FEN could get wrong too: the ranks, their widths, the side to move,
    /// the clocks.
    Fen(FenError),
    /// A character in the board that is neither a piece letter, `x`/`X`, a digit 1–9 nor `/`.
    UnknownChar {
        /// The character.
        ch: char,
        /// The rank it stands in, by its ICCS number.
        rank: u8,
        /// Its column in the whole FEN, from 1.
        column: usize,
    },
    /// The board alone: a Jieqi FEN needs the pool after it (`-` when it is empty).
    MissingPool,
    /// The side to move where the pool belongs: the field order of JieqiBox's newer FEN
    /// (board, side, pool, captured pool). This one reads board, pool, side.
    SideBeforePool {
        /// The side field's column, from 1.
        column: usize,
    },
    /// The pool field does not read.
    Pool {
        /// The column of the character at fault, from 1.
        column: usize,
        /// What is wrong there.
        fault: PoolFault,
    },
    /// More than the seven fields.
    TrailingText(String),
    /// The fields read, but the position cannot occur.
    Position(JieqiPositionError),
}

/// What is wrong in a pool field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PoolFault {
    /// A character that is not a piece letter (`ABNRCP`, `E`, `H` also, upper case red).
    NotAPiece(char),
    /// A piece letter not followed by its count.
    NoCount(char),
    /// A general (`K`/`k`): generals are never covered.
    General(char),
    /// The same letter twice.
    Repeated(char),
    /// More of a kind than a side has.
    TooMany {
        /// The letter.
        letter: char,
        /// The count given.
        count: usize,
        /// The most a side has.
        max: usize,
    },
}

impl fmt::Display for PoolFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PoolFault::NotAPiece(c) => write!(
                f,
                "{c:?} is not a piece letter (ABNRCP, E and H also read; upper case red)"
            ),
            PoolFault::NoCount(c) => write!(f, "{c:?} has no count after it (like R2)"),
            PoolFault::General(c) => {
                write!(f, "{c:?} is a general, and generals are never covered")
            }
            PoolFault::Repeated(c) => write!(f, "{c:?} is listed twice"),
            PoolFault::TooMany { letter, count, max } => {
                write!(f, "{letter}{count}: a side has only {max}")
            }
        }
    }
}

impl fmt::Display for JieqiFenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            JieqiFenError::Fen(e) => write!(f, "invalid Jieqi FEN{}", without_prefix(e)),
            JieqiFenError::UnknownChar { ch, rank, column } => write!(
                f,
                "invalid Jieqi FEN: unknown character {ch:?} at column {column} (rank {rank}); \
                 pieces are KABNRCP (E, H also read), X for a covered piece, upper case red"
            ),
            JieqiFenError::MissingPool => f.write_str(
                "invalid Jieqi FEN: the pool of unseen pieces must follow the board (like \
                 R2r2N2n2B2b2A2a2C2c2P5p5, or - when it is empty)",
            ),
            JieqiFenError::SideBeforePool { column } => write!(
                f,
                "invalid Jieqi FEN: the side to move at column {column} stands where the pool \
                 belongs; write the board, the pool, then the side (JieqiBox's older order)"
            ),
            JieqiFenError::Pool { column, fault } => {
                write!(f, "invalid Jieqi FEN: the pool at column {column}: {fault}")
            }
            JieqiFenError::TrailingText(s) => write!(
                f,
                "invalid Jieqi FEN: unexpected text after the seven fields: {s:?}"
            ),
            JieqiFenError::Position(e) => write!(f, "invalid Jieqi FEN: {e}"),
        }
    }
}

/// A xiangqi FEN error's message after its "invalid FEN" (which begins all of them).
fn without_prefix(e: &FenError) -> String {
    let text = e.to_string();
    text.strip_prefix("invalid FEN")
        .unwrap_or(&text)
        .to_string()
}

impl std::error::Error for JieqiFenError {}

impl From<JieqiPositionError> for JieqiFenError {
    fn from(e: JieqiPositionError) -> Self {
        JieqiFenError::Position(e)
    }
}

impl From<FenError> for JieqiFenError {
    fn from(e: FenError) -> Self {
        match e {
            FenError::UnknownChar { ch, rank, column } => {
                JieqiFenError::UnknownChar { ch, rank, column }
            }
            other => JieqiFenError::Fen(other),
        }
    }
}

/// A board letter: a piece, or `x`/`X` for a covered one.
fn cell_of(ch: char) -> Option<JieqiPiece> {
    match ch {
        'X' => Some(JieqiPiece::Covered(Color::Red)),
        'x' => Some(JieqiPiece::Covered(Color::Black)),
        _ => Piece::from_fen_char(ch).map(JieqiPiece::Revealed),
    }
}

/// The whitespace-separated fields of `text`, each with its column in the text minus one.
fn fields(text: &str) -> Vec<(usize, &str)> {
    let mut out = Vec::new();
    let mut start = None;
    for (column, (at, ch)) in text.char_indices().enumerate() {
        match (ch.is_whitespace(), start) {
            (false, None) => start = Some((column, at)),
            (true, Some((c, s))) => {
                out.push((c, &text[s..at]));
                start = None;
            }
            _ => {}
        }
    }
    if let Some((c, s)) = start {
        out.push((c, &text[s..]));
    }
    out
}

/// Reads a pool field that starts at column `offset` + 1.
fn parse_pool(field: &str, offset: usize) -> Result<Pool, JieqiFenError> {
    let mut pool = Pool::empty();
    if field == "-" {
        return Ok(pool);
    }
    let fault = |at: usize, fault| JieqiFenError::Pool {
        column: offset + at + 1,
        fault,
    };
    let chars: Vec<char> = field.chars().collect();
    let mut seen = [[false; 7]; 2];
    let mut i = 0;
    while i < chars.len() {
        let letter = chars[i];
        let piece = match Piece::from_fen_char(letter) {
            Some(p) if letter.is_ascii_alphabetic() => p,
            _ => return Err(fault(i, PoolFault::NotAPiece(letter))),
        };
        if piece.role == Role::General {
            return Err(fault(i, PoolFault::General(letter)));
        }
        let digits = chars[i + 1..]
            .iter()
            .take_while(|c| c.is_ascii_digit())
            .count();
        if digits == 0 {
            return Err(fault(i, PoolFault::NoCount(letter)));
        }
        let text: String = chars[i + 1..i + 1 + digits].iter().collect();
        let count = text.parse::<usize>().unwrap_or(usize::MAX);
        let (c, r) = (piece.color.index(), piece.role.index());
        if seen[c][r] {
            return Err(fault(i, PoolFault::Repeated(letter)));
        }
        seen[c][r] = true;
        if let Err(max) = pool.set(piece.color, piece.role, count) {
            return Err(fault(i, PoolFault::TooMany { letter, count, max }));
        }
        i += 1 + digits;
    }
    Ok(pool)
}

impl JieqiPosition {
    /// Reads a Jieqi FEN: board, pool, side to move, two unused fields, the half-move clock
    /// and the move number; the fields after the pool may be left off (red to move, clocks 0
    /// and 1).
    ///
    /// ```
    /// use xiangqi_rules::jieqi::JieqiPosition;
    /// let fen = "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX A2B2N2R2C2P5a2b2n2r2c2p5 w - - 0 1";
    /// let pos = JieqiPosition::from_fen(fen).unwrap();
    /// assert_eq!(pos, JieqiPosition::start());
    /// assert!(JieqiPosition::from_fen("xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX").is_err());
    /// ```
    ///
    /// # Errors
    /// A [`JieqiFenError`] saying what is wrong and where.
    pub fn from_fen(fen: &str) -> Result<JieqiPosition, JieqiFenError> {
        let fields = fields(fen);
        let &(board_at, board) = fields.first().ok_or(JieqiFenError::Fen(FenError::Empty))?;
        let placement = parse_placement(board, board_at, cell_of)?;
        let &(pool_at, pool_text) = fields.get(1).ok_or(JieqiFenError::MissingPool)?;
        if matches!(pool_text, "w" | "W" | "r" | "R" | "b" | "B") {
            return Err(JieqiFenError::SideBeforePool {
                column: pool_at + 1,
            });
        }
        let pool = parse_pool(pool_text, pool_at)?;
        let text = |i: usize| fields.get(i).map(|&(_, t)| t);
        let turn = match text(2) {
            None | Some("w" | "W" | "r" | "R") => Color::Red,
            Some("b" | "B") => Color::Black,
            Some(other) => return Err(FenError::BadSide(other.to_string()).into()),
        };
        // Fields 4 and 5 (castling and en passant in chess) carry nothing here.
        let halfmove = parse_number(text(5), NumberField::HalfmoveClock, 0)?;
        let fullmove = parse_number(text(6), NumberField::MoveNumber, 1)?;
        if fields.len() > 7 {
            let rest: Vec<&str> = fields[7..].iter().map(|&(_, t)| t).collect();
            return Err(JieqiFenError::TrailingText(rest.join(" ")));
        }
        Ok(JieqiPosition::new(
            &placement, pool, turn, halfmove, fullmove,
        )?)
    }

    /// The board field of the FEN (`x`/`X` for covered pieces).
    #[must_use]
    pub fn board_fen(&self) -> String {
        write_placement(|sq| self.piece_at(sq).map(JieqiPiece::fen_char))
    }

    /// The FEN, as JieqiBox writes it: board, pool, side, `- -`, the half-move clock and
    /// the move number.
    ///
    /// ```
    /// use xiangqi_rules::jieqi::{JIEQI_START_FEN, JieqiPosition};
    /// assert_eq!(JieqiPosition::start().fen(), JIEQI_START_FEN);
    /// ```
    #[must_use]
    pub fn fen(&self) -> String {
        format!(
            "{} {} {} - - {} {}",
            self.board_fen(),
            self.pool,
            self.turn().fen_char(),
            self.halfmove_clock(),
            self.fullmove_number()
        )
    }
}

impl FromStr for JieqiPosition {
    type Err = JieqiFenError;
    fn from_str(s: &str) -> Result<JieqiPosition, JieqiFenError> {
        JieqiPosition::from_fen(s)
    }
}

impl fmt::Display for JieqiPosition {
    /// The FEN.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.fen())
    }
}
