//! A game's early moves as the classification tree reads them, and the questions its
//! nodes ask of them.
//!
//! The moves are written in WXF (`C2.5`, `H8+7`): ECCO tells openings apart by what the
//! pieces did (which cannon went to the centre, which horse came out), and WXF says exactly
//! that, counting files from each side's own right. A game opened on the left (炮八平五) is
//! reflected first, so that it reads like its twin on the right.

use std::fmt;
use std::str::FromStr;

use super::mirror;
use xiangqi_rules::{Move, Notation, NotationStyle, Position};

/// How many plies of a game the tree's questions look at.
pub const EARLY_PLIES: usize = 20;

/// The first [`EARLY_PLIES`] moves of a game from the standard start, in WXF, reflected left
/// to right when the first move leaves from the left half of the board. Stops at the first
/// move that is not legal.
#[must_use]
pub fn early_moves(moves: &[Move]) -> Vec<String> {
    let centre = 4;
    let left = moves
        .first()
        .is_some_and(|mv| mv.from.file().index() < centre);
    let style = NotationStyle::default();
    let mut pos = Position::start();
    let mut out = Vec::with_capacity(EARLY_PLIES);
    for &mv in moves.iter().take(EARLY_PLIES) {
        let mv = if left { mirror(mv) } else { mv };
        let (Ok(text), Ok(next)) = (Notation::Wxf.write(&pos, mv, &style), pos.play(mv)) else {
            break;
        };
        out.push(text);
        pos = next;
    }
    out
}

/// A yes-or-no question about a game's early moves.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Question {
    /// Is this the move of this ply (0 is red's first)?
    Ply(u8, String),
    /// Did this side (0 red, 1 black) play this move among its first `n` moves?
    Within {
        /// The side, 0 red, 1 black.
        side: u8,
        /// How many of its first moves.
        n: u8,
        /// The move, in WXF.
        wxf: String,
    },
}

impl Question {
    /// The answer for a game whose early moves are `early`.
    #[must_use]
    pub fn holds(&self, early: &[String]) -> bool {
        match self {
            Question::Ply(ply, wxf) => early.get(usize::from(*ply)) == Some(wxf),
            Question::Within { side, n, wxf } => early
                .iter()
                .skip(usize::from(*side))
                .step_by(2)
                .take(usize::from(*n))
                .any(|m| m == wxf),
        }
    }

    /// How far into the game the question looks: twice the last ply it reads, and one more
    /// for an "among the first moves" question, which reads several.
    #[must_use]
    pub fn reach(&self) -> u32 {
        match self {
            Question::Ply(ply, _) => 2 * u32::from(*ply),
            Question::Within { side, n, .. } => {
                2 * (2 * u32::from(n.saturating_sub(1)) + u32::from(*side)) + 1
            }
        }
    }

    /// Every question whose answer is yes for `early`.
    #[must_use]
    pub fn all_true(early: &[String]) -> Vec<Question> {
        let mut out: Vec<Question> = Vec::new();
        for (ply, wxf) in early.iter().enumerate() {
            let ply = u8::try_from(ply).unwrap_or(u8::MAX);
            out.push(Question::Ply(ply, wxf.clone()));
            let (side, index) = (ply % 2, ply / 2);
            let moves_of_side = u8::try_from(EARLY_PLIES.div_ceil(2)).unwrap_or(u8::MAX);
            for n in index + 1..=moves_of_side {
                out.push(Question::Within {
                    side,
                    n,
                    wxf: wxf.clone(),
                });
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }
}

/// As the table writes it: `p3 H8+7` (ply 3 is H8+7) or `w1.4 R9.8` (black played R9.8
/// among its first 4 moves).
impl fmt::Display for Question {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Question::Ply(ply, wxf) => write!(f, "p{ply} {wxf}"),
            Question::Within { side, n, wxf } => write!(f, "w{side}.{n} {wxf}"),
        }
    }
}

impl FromStr for Question {
    type Err = ();

    fn from_str(text: &str) -> Result<Question, ()> {
        let (what, wxf) = text.split_once(' ').ok_or(())?;
        let wxf = wxf.to_string();
        if let Some(ply) = what.strip_prefix('p') {
            return Ok(Question::Ply(ply.parse().map_err(|_| ())?, wxf));
        }
        let (side, n) = what
            .strip_prefix('w')
            .and_then(|rest| rest.split_once('.'))
            .ok_or(())?;
        Ok(Question::Within {
            side: side.parse().map_err(|_| ())?,
            n: n.parse().map_err(|_| ())?,
            wxf,
        })
    }
}
