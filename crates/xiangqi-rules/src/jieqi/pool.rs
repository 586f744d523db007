//! The pool: the pieces of each side nobody has seen yet, face down on the board or captured
//! face down. What a covered piece turns out to be is drawn from its side's pool.

use crate::{Color, Piece, Role};
use std::fmt;

/// How many pieces of each kind each side has that nobody has seen yet. Generals are never
/// covered, so never in the pool.
///
/// ```
/// use xiangqi_rules::jieqi::Pool;
/// use xiangqi_rules::{Color, Role};
/// let pool = Pool::full();
/// assert_eq!(pool.count(Color::Red, Role::Soldier), 5);
/// assert_eq!(pool.total(Color::Black), 15);
/// assert_eq!(pool.to_string(), "R2r2N2n2B2b2A2a2C2c2P5p5");
/// ```
#[derive(Copy, Clone, PartialEq, Eq, Hash, Default)]
pub struct Pool {
    /// By [`Color::index`], then [`Role::index`] (the general's count stays 0).
    counts: [[u8; 7]; 2],
}

/// The kinds a pool holds, in the order JieqiBox writes them (chariot, horse, elephant,
/// advisor, cannon, soldier), each side's count after the other's.
pub(crate) const POOL_ORDER: [Role; 6] = [
    Role::Chariot,
    Role::Horse,
    Role::Elephant,
    Role::Advisor,
    Role::Cannon,
    Role::Soldier,
];

impl Pool {
    /// No piece unseen.
    #[must_use]
    pub const fn empty() -> Pool {
        Pool {
            counts: [[0; 7]; 2],
        }
    }

    /// Each side's fifteen pieces other than the general: the pool of the start.
    #[must_use]
    pub fn full() -> Pool {
        let mut pool = Pool::empty();
        for color in Color::ALL {
            for role in POOL_ORDER {
                pool.counts[color.index()][role.index()] = role.max_count() as u8;
            }
        }
        pool
    }

    /// How many pieces of `role` of `color` nobody has seen.
    #[must_use]
    pub fn count(&self, color: Color, role: Role) -> usize {
        usize::from(self.counts[color.index()][role.index()])
    }

    /// How many pieces of `color` nobody has seen.
    #[must_use]
    pub fn total(&self, color: Color) -> usize {
        self.counts[color.index()]
            .iter()
            .map(|&n| usize::from(n))
            .sum()
    }

    /// Sets how many pieces of `role` of `color` nobody has seen.
    ///
    /// # Errors
    /// `Err(max)` with the most a side has when `role` is the general (never covered: 0) or
    /// `count` is more than a side has of the kind.
    pub fn set(&mut self, color: Color, role: Role, count: usize) -> Result<(), usize> {
        let max = if role == Role::General {
            0
        } else {
            role.max_count()
        };
        if count > max {
            return Err(max);
        }
        self.counts[color.index()][role.index()] = count as u8;
        Ok(())
    }

    /// The kinds with pieces unseen and how many, in the order [`Pool`]'s text gives them.
    pub fn pieces(&self) -> impl Iterator<Item = (Piece, usize)> + '_ {
        POOL_ORDER.iter().flat_map(move |&role| {
            Color::ALL
                .into_iter()
                .map(move |color| (Piece::new(color, role), self.count(color, role)))
                .filter(|&(_, n)| n > 0)
        })
    }

    /// The kinds `color` has unseen with how many of each: what one of its covered pieces
    /// may turn out to be, each kind in proportion to its count.
    pub fn kinds(&self, color: Color) -> impl Iterator<Item = (Role, usize)> + '_ {
        POOL_ORDER
            .iter()
            .map(move |&role| (role, self.count(color, role)))
            .filter(|&(_, n)| n > 0)
    }

    /// Takes one `piece` out (it has just been seen); false if there is none to take.
    pub(crate) fn take(&mut self, piece: Piece) -> bool {
        let n = &mut self.counts[piece.color.index()][piece.role.index()];
        if *n == 0 {
            return false;
        }
        *n -= 1;
        true
    }

    /// Puts one `piece` back (its reveal was taken back).
    pub(crate) fn put_back(&mut self, piece: Piece) {
        self.counts[piece.color.index()][piece.role.index()] += 1;
    }
}

/// As the pool's FEN field: each kind with pieces unseen as its letter (upper case red) and
/// count, chariots first (`R2r2N2n2B2b2A2a2C2c2P5p5`); `-` for an empty pool.
impl fmt::Display for Pool {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut any = false;
        for (piece, n) in self.pieces() {
            write!(f, "{}{n}", piece.fen_char())?;
            any = true;
        }
        if !any {
            f.write_str("-")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Pool {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Pool({self})")
    }
}
