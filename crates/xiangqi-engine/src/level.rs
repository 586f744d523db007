//! Playing strength from 1 (beginner) to 10 (full strength): limits on depth or nodes, and
//! evaluation noise at the low levels so that weak play also varies.

use super::Limits;

/// A playing level, 1 to 10.
///
/// ```
/// use xiangqi_engine::Level;
/// assert!(Level::new(0).is_none());
/// let beginner = Level::new(1).unwrap().limits(7);
/// assert_eq!(beginner.depth, Some(1));
/// assert!(beginner.noise > 0);
/// let full = Level::new(10).unwrap().limits(7);
/// assert_eq!((full.depth, full.nodes, full.noise), (None, None, 0));
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(u8);

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

    /// Limits for one move at this level; `seed` varies the noise between moves and games.
    /// A caller adds the time limit (a move time or the game clock), which every level obeys.
    #[must_use]
    pub fn limits(self, seed: u64) -> Limits {
        let (depth, nodes, noise) = match self.0 {
            1 => (Some(1), None, 250),
            2 => (Some(2), None, 160),
            3 => (Some(3), None, 110),
            4 => (Some(4), None, 70),
            5 => (Some(5), None, 45),
            6 => (Some(6), None, 25),
            7 => (Some(8), None, 12),
            8 => (None, Some(400_000), 0),
            9 => (None, Some(2_000_000), 0),
            _ => (None, None, 0),
        };
        Limits {
            depth,
            nodes,
            noise,
            seed,
            ..Limits::default()
        }
    }
}

impl std::fmt::Display for Level {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}
