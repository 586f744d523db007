//! A Jieqi move as a record keeps it: the two points, and the piece a covered piece turned out
//! to be. Its ICCS form is JieqiBox's: the points, then the revealed piece's FEN letter in its
//! side's case (`a0a1P` — red's chariot point turned over as a soldier; `b9c7r`).

use crate::{Move, Piece, Role};
use std::fmt;
use std::str::FromStr;

/// A move with what it turned over.
///
/// ```
/// use xiangqi_rules::jieqi::JieqiMove;
/// use xiangqi_rules::{Color, Piece, Role};
/// let m: JieqiMove = "a0a1P".parse().unwrap();
/// assert_eq!(m.reveal, Some(Piece::new(Color::Red, Role::Soldier)));
/// assert_eq!(m.to_string(), "a0a1P");
/// assert_eq!("B9-C7=r".parse::<JieqiMove>().unwrap().to_string(), "b9c7r");
/// assert_eq!("h2e2".parse::<JieqiMove>().unwrap().reveal, None);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct JieqiMove {
    /// From which point to which.
    pub mv: Move,
    /// What the moved piece turned out to be, if it was covered.
    pub reveal: Option<Piece>,
}

impl JieqiMove {
    /// A move that turns nothing over.
    #[must_use]
    pub const fn plain(mv: Move) -> JieqiMove {
        JieqiMove { mv, reveal: None }
    }

    /// The kind revealed, if any.
    #[must_use]
    pub fn reveal_role(self) -> Option<Role> {
        self.reveal.map(|p| p.role)
    }

    /// The ICCS PGN form, upper case with a hyphen, the revealed piece's letter in its side's
    /// case after it: `A0-A1P`, `B9-C7r`.
    #[must_use]
    pub fn to_iccs_hyphenated(self) -> String {
        let mut out = self.mv.to_iccs_hyphenated();
        if let Some(p) = self.reveal {
            out.push(p.fen_char());
        }
        out
    }
}

impl fmt::Display for JieqiMove {
    /// JieqiBox's form: `a0a1`, or `a0a1P` when the move turned over a red soldier.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.mv)?;
        if let Some(p) = self.reveal {
            write!(f, "{}", p.fen_char())?;
        }
        Ok(())
    }
}

/// Why a Jieqi ICCS move could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseJieqiMoveError(pub String);

impl fmt::Display for ParseJieqiMoveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'{}' is not a Jieqi ICCS move: expected two points like a0a1, then the piece a \
             covered one turned out to be, if any (a0a1P, b9c7r)",
            self.0
        )
    }
}

impl std::error::Error for ParseJieqiMoveError {}

/// Splits the piece letter (and an `=` before it) off the end of an ICCS move: the move's
/// text and the piece, if one is given. The letter's case gives the side; `K` is no reveal.
pub(crate) fn split_reveal(text: &str) -> Result<(&str, Option<Piece>), ()> {
    let t = text.trim();
    let Some(last) = t.chars().last() else {
        return Err(());
    };
    if !last.is_ascii_alphabetic() || t.len() < 5 {
        return Ok((t, None));
    }
    let piece = Piece::from_fen_char(last).filter(|p| p.role != Role::General);
    let piece = piece.ok_or(())?;
    let body = &t[..t.len() - 1];
    Ok((body.strip_suffix('=').unwrap_or(body), Some(piece)))
}

impl FromStr for JieqiMove {
    type Err = ParseJieqiMoveError;
    /// Reads `a0a1`, `a0a1P`, `a0a1=P`, `A0-A1P` and `A0-A1=P` (the letter's case gives the
    /// side of the revealed piece).
    fn from_str(s: &str) -> Result<JieqiMove, ParseJieqiMoveError> {
        let err = || ParseJieqiMoveError(s.to_string());
        let (body, reveal) = split_reveal(s).map_err(|()| err())?;
        let mv: Move = body.parse().map_err(|_| err())?;
        Ok(JieqiMove { mv, reveal })
    }
}
