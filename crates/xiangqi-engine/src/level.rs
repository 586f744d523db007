//! Playing strength from 1 (beginner) to 10 (full strength): what each level searches, how
//! it chooses among the moves it found, and the rating its matches measured.

mod choice;

pub(crate) use choice::choose;

use super::{Limits, Pick};
use std::str::FromStr;
use thiserror::Error;

/// A playing level, 1 to 10.
///
/// The weaker a level, the shallower it looks and the more often it plays a move other than
/// the best it found — but never one its own search scores more than its margin below the
/// best, so it misses what it cannot see rather than giving pieces away.
///
/// ```
/// use xiangqi_engine::Level;
/// assert!(Level::new(0).is_none());
/// let beginner = Level::new(1).unwrap().limits(7);
/// assert_eq!(beginner.depth, Some(1));
/// assert!(beginner.pick.is_some_and(|p| p.lines > 1 && p.margin > 0));
/// let full = Level::new(10).unwrap().limits(7);
/// assert_eq!((full.depth, full.nodes, full.pick), (None, None, None));
/// // Named by a rating: the level rated nearest.
/// let level: Level = "1500".parse().unwrap();
/// assert_eq!(level, Level::nearest_to(1500));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(u8);

/// What one level searches and how it chooses, and the rating measured for it.
struct Setting {
    depth: Option<u32>,
    nodes: Option<u64>,
    /// Lines searched, margin and temperature of the choice (`(1, 0, 0)`: the best move).
    pick: (usize, u32, u32),
    /// Its Elo on the scale of the guide's table, and that figure's 95% margin.
    rating: u16,
    margin: u16,
}

/// The levels, weakest first. Every rating comes from the matches the guide describes
/// (`examples/level_ratings.rs` fits them, ElephantEye at depth 4 held at 1500); level 10's
/// with two seconds a move. A change to a level's search or choice calls for measuring
/// them again.
const SETTINGS: [Setting; 10] = [
    level(Some(1), None, (12, 250, 100), 220, 390),
    level(Some(2), None, (10, 180, 70), 630, 320),
    level(Some(3), None, (8, 130, 50), 1010, 240),
    level(Some(4), None, (6, 90, 35), 1330, 150),
    level(Some(5), None, (5, 60, 25), 1650, 230),
    level(None, Some(60_000), (4, 40, 15), 1950, 230),
    level(None, Some(150_000), (3, 25, 10), 2180, 260),
    level(None, Some(400_000), (2, 15, 6), 2580, 330),
    level(None, Some(1_200_000), (1, 0, 0), 2760, 370),
    level(None, None, (1, 0, 0), 2940, 400),
];

const fn level(
    depth: Option<u32>,
    nodes: Option<u64>,
    pick: (usize, u32, u32),
    rating: u16,
    margin: u16,
) -> Setting {
    Setting {
        depth,
        nodes,
        pick,
        rating,
        margin,
    }
}

impl Level {
    /// The strongest level.
    pub const MAX: Level = Level(10);

    /// Level `n`, if it is 1 to 10.
    #[must_use]
    pub fn new(n: u8) -> Option<Level> {
        (1..=10).contains(&n).then_some(Level(n))
    }

    /// The number, 1 to 10.
    #[must_use]
    pub fn get(self) -> u8 {
        self.0
    }

    fn setting(self) -> &'static Setting {
        &SETTINGS[usize::from(self.0 - 1)]
    }

    /// Limits for one move at this level; `seed` draws the move among the good ones found
    /// (the same seed, position and history give the same move). A caller adds the time
    /// limit (a move time or the game clock), which every level obeys.
    #[must_use]
    pub fn limits(self, seed: u64) -> Limits {
        let s = self.setting();
        let (lines, margin, temperature) = s.pick;
        Limits {
            depth: s.depth,
            nodes: s.nodes,
            seed,
            pick: (lines > 1).then_some(Pick {
                lines,
                margin,
                temperature,
            }),
            ..Limits::default()
        }
    }

    /// Its Elo, measured by matches against ElephantEye at fixed depths and against the
    /// levels beside it (the scale and the conditions are in the guide).
    #[must_use]
    pub fn rating(self) -> u16 {
        self.setting().rating
    }

    /// The 95% margin of [`Level::rating`], in Elo either way.
    #[must_use]
    pub fn rating_margin(self) -> u16 {
        self.setting().margin
    }

    /// The level rated nearest to `rating` (the weaker of two as near).
    #[must_use]
    pub fn nearest_to(rating: u32) -> Level {
        let mut best = Level(1);
        for n in 2..=10 {
            let l = Level(n);
            if u32::from(l.rating()).abs_diff(rating) < u32::from(best.rating()).abs_diff(rating) {
                best = l;
            }
        }
        best
    }

    /// The weakest level's rating: the least a rating naming a level may be.
    #[must_use]
    pub fn min_rating() -> u16 {
        Level(1).rating()
    }

    /// The strongest level's rating: the most a rating naming a level may be.
    #[must_use]
    pub fn max_rating() -> u16 {
        Level::MAX.rating()
    }
}

impl std::fmt::Display for Level {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A text that names no level: neither a level's number nor a rating in the levels' range.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error(
    "a level from 1 to 10, or a rating from {} to {} (the level rated nearest), found '{text}'",
    Level::min_rating(),
    Level::max_rating()
)]
pub struct ParseLevelError {
    /// What was given (shortened, its control characters escaped).
    pub text: String,
}

/// `1` … `10`: that level; a number from [`Level::min_rating`] to [`Level::max_rating`]:
/// the level rated nearest ([`Level::nearest_to`]).
impl FromStr for Level {
    type Err = ParseLevelError;

    fn from_str(text: &str) -> Result<Level, ParseLevelError> {
        let refused = || ParseLevelError {
            text: xiangqi_rules::sanitize::quoted(text, 40),
        };
        let n: u32 = text.trim().parse().map_err(|_| refused())?;
        if let Some(level) = u8::try_from(n).ok().and_then(Level::new) {
            return Ok(level);
        }
        let range = u32::from(Level::min_rating())..=u32::from(Level::max_rating());
        if range.contains(&n) {
            Ok(Level::nearest_to(n))
        } else {
            Err(refused())
        }
    }
}

#[cfg(test)]
mod tests;
