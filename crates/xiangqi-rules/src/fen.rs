//! FEN in and out, in the dialect docs/rules.md describes: `KABNRCP` letters (`E`/`H` read too), side
//! `w`/`r`/`b`, and the board-and-side short form.

use crate::{Board, Color, Piece, Position, PositionError, Square};
use std::fmt;
use std::str::FromStr;

/// The standard start position.
pub const START_FEN: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";

/// Why a FEN could not be read. Ranks are named by their ICCS number (9 is black's back rank,
/// the first one in a FEN); columns count characters of the whole FEN from 1.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FenError {
    /// Nothing but white space.
    Empty,
    /// The board field does not have ten ranks separated by `/`.
    RankCount {
        /// How many ranks there were.
        found: usize,
    },
    /// A rank does not describe exactly nine points.
    RankWidth {
        /// The rank, by its ICCS number.
        rank: u8,
        /// How many points it describes.
        files: usize,
    },
    /// A character that is neither a piece letter, a digit 1–9 nor `/`.
    UnknownChar {
        /// The character.
        ch: char,
        /// The rank it stands in, by its ICCS number.
        rank: u8,
        /// Its column in the whole FEN, from 1.
        column: usize,
    },
    /// The side to move is not `w`, `r` or `b`.
    BadSide(String),
    /// The half-move clock or move number is not a number.
    BadNumber {
        /// Which of the two fields.
        field: NumberField,
        /// The text found there.
        text: String,
    },
    /// More than six fields.
    TrailingText(String),
    /// The fields read, but the position is impossible.
    Position(PositionError),
}

/// The two number fields of a FEN, after the side to move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum NumberField {
    /// The fifth field: plies since the last capture.
    HalfmoveClock,
    /// The sixth field: the move number.
    MoveNumber,
}

impl fmt::Display for NumberField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            NumberField::HalfmoveClock => "half-move clock",
            NumberField::MoveNumber => "move number",
        })
    }
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::Empty => f.write_str("invalid FEN: it is empty"),
            FenError::RankCount { found } => write!(
                f,
                "invalid FEN: the board has {found} rank{} separated by '/', expected 10",
                if *found == 1 { "" } else { "s" }
            ),
            FenError::RankWidth { rank, files } => {
                // Rank 9 is the FEN's first; a rank past 9 (a value built by hand) counts as 0th.
                let nth = 10u8.saturating_sub(*rank);
                write!(
                    f,
                    "invalid FEN: rank {rank} ({nth}{} in the FEN) has {files} points, expected 9",
                    ordinal_suffix(usize::from(nth))
                )
            }
            FenError::UnknownChar { ch, rank, column } => write!(
                f,
                "invalid FEN: unknown character {ch:?} at column {column} (rank {rank}); \
                 pieces are KABNRCP (E, H also read), upper case red"
            ),
            FenError::BadSide(s) => write!(
                f,
                "invalid FEN: side to move must be 'w' (or 'r') for red or 'b' for black, found {s:?}"
            ),
            FenError::BadNumber { field, text } => {
                write!(
                    f,
                    "invalid FEN: the {field} must be a whole number, found {text:?}"
                )
            }
            FenError::TrailingText(s) => {
                write!(
                    f,
                    "invalid FEN: unexpected text after the six fields: {s:?}"
                )
            }
            FenError::Position(e) => write!(f, "invalid FEN: {e}"),
        }
    }
}

fn ordinal_suffix(n: usize) -> &'static str {
    match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    }
}

impl std::error::Error for FenError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            FenError::Position(e) => Some(e),
            _ => None,
        }
    }
}

impl From<PositionError> for FenError {
    fn from(e: PositionError) -> Self {
        FenError::Position(e)
    }
}

/// Reads the board field alone. `offset` is the field's character column in the whole FEN
/// minus one, so errors point into the text the user gave.
fn parse_board(field: &str, offset: usize) -> Result<Board, FenError> {
    let cells = parse_placement(field, offset, Piece::from_fen_char)?;
    let mut board = Board::empty();
    for sq in Square::all() {
        board.set(sq, cells[sq.index()]);
    }
    Ok(board)
}

/// Reads a board field whose letters `read` understands (a letter it does not is an unknown
/// character): what stands on each point, by [`Square::index`]. `offset` is the field's
/// character column in the whole FEN minus one, so errors point into the text the user gave.
pub(crate) fn parse_placement<T: Copy>(
    field: &str,
    offset: usize,
    read: impl Fn(char) -> Option<T>,
) -> Result<[Option<T>; 90], FenError> {
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != 10 {
        return Err(FenError::RankCount { found: ranks.len() });
    }
    let mut cells = [None; 90];
    let mut column = offset;
    for (i, text) in ranks.iter().enumerate() {
        let rank = 9 - i as u8;
        let mut file = 0usize;
        for ch in text.chars() {
            column += 1;
            if let Some(d) = ch.to_digit(10).filter(|d| (1..=9).contains(d)) {
                file += d as usize;
            } else if let Some(item) = read(ch) {
                if let Some(sq) = Square::from_coords(file as u8, rank).filter(|_| file < 9) {
                    cells[sq.index()] = Some(item);
                }
                file += 1;
            } else {
                return Err(FenError::UnknownChar { ch, rank, column });
            }
        }
        if file != 9 {
            return Err(FenError::RankWidth { rank, files: file });
        }
        column += 1; // the '/'
    }
    Ok(cells)
}

pub(crate) fn parse_number(
    text: Option<&str>,
    field: NumberField,
    default: u32,
) -> Result<u32, FenError> {
    match text {
        None => Ok(default),
        Some(t) => t.parse().map_err(|_| FenError::BadNumber {
            field,
            text: t.to_string(),
        }),
    }
}

/// Reads a FEN's fields (the full six, or board and side, or the board alone) without asking
/// whether the placement could occur in a game: what [`Position::from_fen`] validates, and
/// what the set-up editor starts from.
pub fn parse_fields(fen: &str) -> Result<(Board, Color, u32, u32), FenError> {
    let trimmed = fen.trim_start();
    let lead = fen.chars().count() - trimmed.chars().count();
    let mut fields = trimmed.split_whitespace();
    let board_field = fields.next().ok_or(FenError::Empty)?;
    let board = parse_board(board_field, lead)?;
    let turn = match fields.next() {
        None | Some("w" | "W" | "r" | "R") => Color::Red,
        Some("b" | "B") => Color::Black,
        Some(other) => return Err(FenError::BadSide(other.to_string())),
    };
    // Fields 3 and 4 (castling and en passant in chess) carry nothing in xiangqi.
    let _ = fields.next();
    let _ = fields.next();
    let halfmove = parse_number(fields.next(), NumberField::HalfmoveClock, 0)?;
    let fullmove = parse_number(fields.next(), NumberField::MoveNumber, 1)?;
    let rest: Vec<&str> = fields.collect();
    if !rest.is_empty() {
        return Err(FenError::TrailingText(rest.join(" ")));
    }
    Ok((board, turn, halfmove, fullmove))
}

/// The board field of a FEN for `board`, whether or not it could occur in a game.
pub(crate) fn write_board(board: &Board) -> String {
    write_placement(|sq| board.piece_at(sq).map(Piece::fen_char))
}

/// A board field with the letter `letter` gives for each point (`None` for an empty one).
pub(crate) fn write_placement(letter: impl Fn(Square) -> Option<char>) -> String {
    let mut out = String::with_capacity(64);
    for rank in (0..10u8).rev() {
        let mut empty = 0;
        for file in 0..9u8 {
            match Square::from_coords(file, rank).and_then(&letter) {
                None => empty += 1,
                Some(c) => {
                    if empty > 0 {
                        out.push(char::from(b'0' + empty));
                        empty = 0;
                    }
                    out.push(c);
                }
            }
        }
        if empty > 0 {
            out.push(char::from(b'0' + empty));
        }
        if rank > 0 {
            out.push('/');
        }
    }
    out
}

impl Position {
    /// Reads a FEN: the full six fields, or only board and side, or only the board (red to
    /// move).
    ///
    /// ```
    /// use xiangqi_rules::Position;
    /// let p = Position::from_fen("rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR r").unwrap();
    /// assert_eq!(p, Position::start());
    /// assert!(Position::from_fen("9/9/9").is_err());
    /// ```
    ///
    /// # Errors
    /// A [`FenError`] saying what is wrong and where.
    pub fn from_fen(fen: &str) -> Result<Position, FenError> {
        let (board, turn, halfmove, fullmove) = parse_fields(fen)?;
        Ok(Position::from_board(board, turn, halfmove, fullmove)?)
    }

    /// The board field of the FEN.
    #[must_use]
    pub fn board_fen(&self) -> String {
        write_board(&self.board)
    }

    /// The canonical six-field FEN.
    ///
    /// ```
    /// assert_eq!(xiangqi_rules::Position::start().fen(), xiangqi_rules::START_FEN);
    /// ```
    #[must_use]
    pub fn fen(&self) -> String {
        format!(
            "{} {} - - {} {}",
            self.board_fen(),
            self.turn.fen_char(),
            self.halfmove_clock,
            self.fullmove_number
        )
    }
}

impl FromStr for Position {
    type Err = FenError;
    fn from_str(s: &str) -> Result<Position, FenError> {
        Position::from_fen(s)
    }
}

impl fmt::Display for Position {
    /// The canonical FEN.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.fen())
    }
}
