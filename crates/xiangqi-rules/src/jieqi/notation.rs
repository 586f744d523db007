//! Jieqi moves in the three notations, with what a covered piece turned out to be.
//!
//! A covered piece is named as the piece whose starting point it stands on (the piece it
//! moves as: 车九进一 for the covered piece on red's left chariot point), and what it turned
//! out to be follows the move:
//! - ICCS as JieqiBox writes it: the piece's FEN letter in its side's case, `a0a1P`
//!   (`A0-A1P` hyphenated); `a0a1=P` is read too;
//! - WXF as a promotion is written: `R9+1=P`;
//! - Chinese the same way, with the piece's character: `车九进一=兵`.
//!
//! No two covered pieces of a side moving as the same piece share a file, so a covered piece
//! never needs 前/后. A move without a reveal names a revealed piece; only if no revealed
//! piece fits is a covered one tried (a typed move, whose reveal the dealer knows).

use super::moves::split_reveal;
use super::{JieqiMove, JieqiPosition, RevealError};
use crate::notation::chinese::{glyph, role_of_glyph};
use crate::notation::{Named, ascii_fold};
use crate::{
    Color, IllegalMove, Move, Notation, NotationError, NotationErrorKind, NotationStyle, Piece,
    Role, Square,
};
use std::fmt;

/// The pieces of a Jieqi position a move may name: its covered ones (as the pieces they
/// move as), or its revealed ones.
struct View<'a> {
    pos: &'a JieqiPosition,
    covered: bool,
}

impl Named for View<'_> {
    fn mover(&self) -> Color {
        self.pos.turn()
    }

    fn named_piece(&self, sq: Square) -> Option<Piece> {
        (self.pos.is_covered(sq) == self.covered)
            .then(|| self.pos.acting_piece_at(sq))
            .flatten()
    }

    fn check_named(&self, mv: Move) -> Result<(), IllegalMove> {
        self.pos.check_move(mv)
    }

    fn guards_roam(&self) -> bool {
        !self.covered
    }
}

/// Why a written Jieqi move could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum JieqiNotationError {
    /// The move itself does not read, names no piece, or is illegal.
    Move(NotationError),
    /// What follows `=` is not one piece's letter or character.
    RevealText {
        /// The text as given.
        text: String,
    },
    /// The piece said to be revealed cannot be: the piece moved is not covered, or its side
    /// has no such piece unseen.
    Reveal {
        /// The text as given.
        text: String,
        /// Why.
        error: RevealError,
    },
}

impl fmt::Display for JieqiNotationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            JieqiNotationError::Move(e) => e.fmt(f),
            JieqiNotationError::RevealText { text } => write!(
                f,
                "{text:?}: after = comes one piece, the one the covered piece turned out to \
                 be (a letter like P, or a character like 兵)"
            ),
            JieqiNotationError::Reveal { text, error } => write!(f, "{text:?}: {error}"),
        }
    }
}

impl std::error::Error for JieqiNotationError {}

impl From<NotationError> for JieqiNotationError {
    fn from(e: NotationError) -> Self {
        JieqiNotationError::Move(e)
    }
}

/// Writes the legal move `m` of `pos` in `notation`, with what it turned over when it moves
/// a covered piece and says so.
///
/// ```
/// use xiangqi_rules::jieqi::{JieqiMove, JieqiPosition, write_jieqi_move};
/// use xiangqi_rules::{Notation, NotationStyle};
/// let pos = JieqiPosition::start();
/// let m: JieqiMove = "a0a1P".parse().unwrap();
/// let style = NotationStyle::default();
/// assert_eq!(write_jieqi_move(&pos, m, Notation::Chinese, &style).unwrap(), "车九进一=兵");
/// assert_eq!(write_jieqi_move(&pos, m, Notation::Wxf, &style).unwrap(), "R9+1=P");
/// assert_eq!(write_jieqi_move(&pos, m, Notation::Iccs, &style).unwrap(), "A0-A1P");
/// ```
///
/// # Errors
/// [`NotationErrorKind::Illegal`] if the move is illegal in `pos`.
pub fn write_jieqi_move(
    pos: &JieqiPosition,
    m: JieqiMove,
    notation: Notation,
    style: &NotationStyle,
) -> Result<String, NotationError> {
    pos.check_move(m.mv)
        .map_err(|e| NotationError::new(&m.mv.to_string(), NotationErrorKind::Illegal(e)))?;
    let covered = pos.is_covered(m.mv.from);
    let mut text = notation.write_named(&View { pos, covered }, m.mv, style);
    if let Some(role) = m.reveal_role().filter(|_| covered) {
        let piece = Piece::new(pos.turn(), role);
        match notation {
            Notation::Iccs => text.push(piece.fen_char()),
            Notation::Wxf => {
                text.push('=');
                text.push(role.wxf_char());
            }
            Notation::Chinese => {
                text.push('=');
                text.push(glyph(style.glyphs, piece.color, role));
            }
        }
    }
    Ok(text)
}

/// The move's text and the kind it says was revealed, if it says one: after `=` (any
/// notation), or a letter ending an ICCS move (`a0a1P`).
fn split(text: &str) -> Result<(String, Option<Role>), JieqiNotationError> {
    let folded = ascii_fold(text);
    let bad = || JieqiNotationError::RevealText {
        text: text.to_string(),
    };
    if let Some((body, after)) = folded.rsplit_once('=') {
        let mut chars = after.chars();
        let (Some(c), None) = (chars.next(), chars.next()) else {
            return Err(bad());
        };
        let role = if c.is_ascii_alphabetic() {
            Role::from_char(c)
        } else {
            role_of_glyph(c)
        };
        let role = role.filter(|&r| r != Role::General).ok_or_else(bad)?;
        return Ok((body.to_string(), Some(role)));
    }
    if folded.is_ascii()
        && let Ok((body, Some(piece))) = split_reveal(&folded)
        && body.parse::<Move>().is_ok()
    {
        return Ok((body.to_string(), Some(piece.role)));
    }
    Ok((text.to_string(), None))
}

/// Reads a move of `pos` written in any of the three notations, with or without what a
/// covered piece turned out to be (see the module's documentation). The reveal, if given, is
/// checked against the mover's pool; without one, a covered piece's move has `reveal: None`.
///
/// ```
/// use xiangqi_rules::jieqi::{JieqiPosition, parse_jieqi_move};
/// let pos = JieqiPosition::start();
/// let m = parse_jieqi_move(&pos, "炮二平五=车").unwrap();
/// assert_eq!(m.to_string(), "h2e2R");
/// assert_eq!(parse_jieqi_move(&pos, "h2e2").unwrap().reveal, None);
/// assert!(parse_jieqi_move(&pos, "h2e2K").is_err());
/// ```
///
/// # Errors
/// The text does not read as a move, names no piece or more than one move, names an illegal
/// move, or gives a reveal that cannot be.
pub fn parse_jieqi_move(pos: &JieqiPosition, text: &str) -> Result<JieqiMove, JieqiNotationError> {
    let (body, role) = split(text)?;
    let notation = Notation::detect(&body);
    let parse = |covered: bool| notation.parse_named(&View { pos, covered }, &body);
    let mv = match role {
        Some(_) => parse(true),
        None => parse(false).or_else(|e| match e.kind {
            NotationErrorKind::NoPiece | NotationErrorKind::Impossible => {
                parse(true).map_err(|_| e)
            }
            _ => Err(e),
        }),
    };
    let mv = mv.map_err(|mut e| {
        e.text = text.to_string();
        e
    })?;
    match pos.check_reveal(mv, role) {
        Ok(()) | Err(RevealError::Missing) => {}
        Err(error) => {
            return Err(JieqiNotationError::Reveal {
                text: text.to_string(),
                error,
            });
        }
    }
    Ok(JieqiMove {
        mv,
        reveal: role.map(|r| Piece::new(pos.turn(), r)),
    })
}
