//! The time-control categories ratings are kept by: a player has one rating in each, as
//! lichess keeps them, by how long a game is expected to last.

use std::fmt;
use std::time::Duration;

/// How long a game on a clock is expected to last decides its category: the base time plus
/// forty times the increment (a game of 40 moves a side), or plus forty byo-yomi periods.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Category {
    /// Under 3 minutes expected.
    Bullet,
    /// 3 minutes to under 8.
    Blitz,
    /// 8 minutes to under 25.
    Rapid,
    /// 25 minutes or more, or no clock.
    Classical,
}

impl Category {
    /// Every category, fastest first.
    pub const ALL: [Category; 4] = [
        Category::Bullet,
        Category::Blitz,
        Category::Rapid,
        Category::Classical,
    ];

    /// The category of a clock with `base` time and `per_move` added (Fischer increment or
    /// a byo-yomi period); `None` for a game without a clock, which counts as classical.
    #[must_use]
    pub fn of(clock: Option<(Duration, Duration)>) -> Category {
        let Some((base, per_move)) = clock else {
            return Category::Classical;
        };
        let expected = base.as_secs() + 40 * per_move.as_secs();
        match expected {
            0..180 => Category::Bullet,
            180..480 => Category::Blitz,
            480..1500 => Category::Rapid,
            _ => Category::Classical,
        }
    }

    /// The category's name in lower case, as stored and written (`bullet`, `blitz`, …).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Category::Bullet => "bullet",
            Category::Blitz => "blitz",
            Category::Rapid => "rapid",
            Category::Classical => "classical",
        }
    }

    /// The category named `name` (as [`Category::name`] writes it).
    #[must_use]
    pub fn from_name(name: &str) -> Option<Category> {
        Category::ALL.into_iter().find(|c| c.name() == name)
    }
}

impl fmt::Display for Category {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::Category;
    use std::time::Duration;

    fn minutes(base: u64, inc: u64) -> Category {
        Category::of(Some((
            Duration::from_secs(base * 60),
            Duration::from_secs(inc),
        )))
    }

    #[test]
    fn clocks_fall_in_the_categories_by_expected_length() {
        assert_eq!(minutes(1, 0), Category::Bullet);
        assert_eq!(minutes(2, 1), Category::Bullet); // 120 + 40 = 160 s
        assert_eq!(minutes(3, 2), Category::Blitz); // 180 + 80 = 260 s
        assert_eq!(minutes(5, 3), Category::Blitz); // 300 + 120 = 420 s
        assert_eq!(minutes(10, 5), Category::Rapid); // 600 + 200 = 800 s
        assert_eq!(minutes(15, 10), Category::Rapid); // 900 + 400 = 1300 s
        assert_eq!(minutes(30, 0), Category::Classical);
        assert_eq!(Category::of(None), Category::Classical);
    }

    #[test]
    fn names_read_back() {
        for c in Category::ALL {
            assert_eq!(Category::from_name(c.name()), Some(c));
        }
        assert_eq!(Category::from_name("blitzz"), None);
    }
}
