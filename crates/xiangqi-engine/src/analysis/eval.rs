//! Evaluations from red's view as PGN comments carry them: `[%eval 0.35]` (soldiers, two
//! decimals) or `[%eval #5]` (red mates in 5) / `[%eval #-3]` (black mates in 3).

use std::fmt;

use crate::Score;
use xiangqi_rules::Color;

/// An evaluation from red's view.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Eval {
    /// Centipawns (a soldier is 100); positive is good for red.
    Cp(i32),
    /// Red mates in this many moves (negative: black mates); `RedMated`/`BlackMated` when the
    /// game is over.
    Mate(i32),
    /// Red has been mated (or has no move): the game is black's.
    RedMated,
    /// Black has been mated (or has no move).
    BlackMated,
}

impl Eval {
    /// The engine's score (from the side to move's view) seen from red's.
    #[must_use]
    pub fn from_score(score: Score, to_move: Color) -> Eval {
        let red = if to_move == Color::Red {
            score
        } else {
            score.negate()
        };
        match red {
            Score::Cp(c) => Eval::Cp(c),
            Score::Mate(0) if to_move == Color::Red => Eval::RedMated,
            Score::Mate(0) => Eval::BlackMated,
            Score::Mate(m) => Eval::Mate(m),
        }
    }

    /// Centipawns from red's view, mates and won games counted as `bound`, others clipped
    /// to it: what a graph or an average loss uses.
    #[must_use]
    pub fn clipped(self, bound: i32) -> i32 {
        match self {
            Eval::Cp(c) => c.clamp(-bound, bound),
            Eval::Mate(m) if m > 0 => bound,
            Eval::Mate(_) | Eval::RedMated => -bound,
            Eval::BlackMated => bound,
        }
    }

    /// Red's winning chances, from -1 (black wins) to 1 (red wins).
    #[must_use]
    pub fn chances(self) -> f64 {
        match self {
            Eval::Cp(c) => winning_chances(c),
            Eval::Mate(m) if m > 0 => 1.0,
            Eval::Mate(_) | Eval::RedMated => -1.0,
            Eval::BlackMated => 1.0,
        }
    }
}

/// The winning chances of an advantage of `cp` centipawns, from -1 to 1: a logistic curve
/// on which one soldier is worth about 0.2, three about 0.54, and a chariot nearly a win.
#[must_use]
pub fn winning_chances(cp: i32) -> f64 {
    2.0 / (1.0 + (-0.004 * f64::from(cp)).exp()) - 1.0
}

/// `0.35`, `-1.20`, `#5`, `#-3`; a finished game `#0` (red has mated) or `#-0`.
impl fmt::Display for Eval {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Eval::Cp(c) => {
                let sign = if c < 0 { "-" } else { "" };
                let c = c.unsigned_abs();
                write!(f, "{sign}{}.{:02}", c / 100, c % 100)
            }
            Eval::Mate(m) => write!(f, "#{m}"),
            Eval::BlackMated => f.write_str("#0"),
            Eval::RedMated => f.write_str("#-0"),
        }
    }
}

/// The `[%eval …]` of a comment, if it has one that reads.
#[must_use]
pub fn eval_of_comment(comment: &str) -> Option<Eval> {
    let start = comment.find("[%eval")?;
    let rest = &comment[start + "[%eval".len()..];
    let value = rest.split(']').next()?.trim();
    let value = value.split([',', ' ']).next()?;
    if let Some(mate) = value.strip_prefix('#') {
        return match mate {
            "0" | "+0" => Some(Eval::BlackMated),
            "-0" => Some(Eval::RedMated),
            _ => mate.parse().ok().map(Eval::Mate),
        };
    }
    let pawns: f64 = value.parse().ok()?;
    if !pawns.is_finite() || pawns.abs() > 1000.0 {
        return None;
    }
    Some(Eval::Cp((pawns * 100.0).round() as i32))
}

/// `comment` with its `[%eval …]` replaced by `eval` (or `eval` added at its end).
pub(crate) fn with_eval(comment: Option<&str>, eval: Eval) -> String {
    let tag = format!("[%eval {eval}]");
    let Some(comment) = comment.filter(|c| !c.trim().is_empty()) else {
        return tag;
    };
    if let Some(start) = comment.find("[%eval")
        && let Some(len) = comment[start..].find(']')
    {
        return format!("{}{tag}{}", &comment[..start], &comment[start + len + 1..]);
    }
    format!("{} {tag}", comment.trim_end())
}
