//! What bounds a search — depth, nodes, a fixed time, or a game clock — and how a clock is
//! turned into deadlines that never lose on time.

use std::time::{Duration, Instant};

/// The time left on the clock of the side to move, as a GUI sends it (`wtime`/`btime`,
/// `winc`/`binc`, `movestogo`).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    /// Time left for the side to move.
    pub time: Duration,
    /// Added after each of its moves.
    pub increment: Duration,
    /// Moves to play before the time is topped up (byo-yomi: 1 for "this move"); `None` for
    /// sudden death.
    pub moves_to_go: Option<u32>,
}

/// Limits on one search. Any that is set stops it; with none set it runs until stopped.
///
/// ```
/// use std::time::Duration;
/// use xiangqi_engine::Limits;
/// let quick = Limits { movetime: Some(Duration::from_millis(200)), ..Limits::default() };
/// assert_eq!(quick.depth, None);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Search this many plies deep at most.
    pub depth: Option<u32>,
    /// Stop after about this many nodes.
    pub nodes: Option<u64>,
    /// Think this long.
    pub movetime: Option<Duration>,
    /// Manage the time of a game clock.
    pub clock: Option<Clock>,
    /// Stop once a mate in at most this many moves is found.
    pub mate: Option<u32>,
    /// Evaluation noise in centipawns (0 for full strength): weaker, varied play.
    pub noise: u32,
    /// Seeds the noise, so that games differ.
    pub seed: u64,
    /// How many principal variations to find, each with a different first move, best first
    /// (MultiPV): 1 by default, the plain search; 0 counts as 1, more than [`MAX_MULTIPV`]
    /// as that many. Each depth then reports one [`Info`](super::Info) a line.
    pub multipv: usize,
    /// A weak level's way of choosing its move among several lines (`None`: the best).
    pub pick: Option<Pick>,
}

/// How a weak level chooses its move: it searches `lines` principal variations and plays
/// one of those scoring within `margin` of the best, drawn at random (from
/// [`Limits::seed`]) with a chance that falls by a factor e for every `temperature`
/// centipawns it gives away. A mate found is always played.
///
/// ```
/// use xiangqi_engine::{Limits, Pick};
/// let careless = Limits {
///     depth: Some(2),
///     pick: Some(Pick { lines: 8, margin: 150, temperature: 60 }),
///     seed: 7,
///     ..Limits::default()
/// };
/// assert_eq!(careless.searched_lines(), 8);
/// assert_eq!(careless.lines(), 1); // the lines reported
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Pick {
    /// Principal variations searched to choose among (1 to [`MAX_MULTIPV`]).
    pub lines: usize,
    /// No line scoring more than this many centipawns below the best is played.
    pub margin: u32,
    /// Centipawns given away that make a line e times less likely to be played.
    pub temperature: u32,
}

/// The most principal variations a search finds at once.
pub const MAX_MULTIPV: usize = 16;

/// No limit at all: one principal variation, full strength, until stopped.
impl Default for Limits {
    fn default() -> Limits {
        Limits {
            depth: None,
            nodes: None,
            movetime: None,
            clock: None,
            mate: None,
            noise: 0,
            seed: 0,
            multipv: 1,
            pick: None,
        }
    }
}

/// When to stop: `soft` — start no new iteration after it; `hard` — abandon the search.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Deadlines {
    pub soft: Option<Instant>,
    pub hard: Option<Instant>,
}

/// What a move costs a GUI and the pipes between, kept in hand on every clock.
const OVERHEAD: Duration = Duration::from_millis(30);

impl Limits {
    /// The number of principal variations asked for, within `1..=MAX_MULTIPV`.
    #[must_use]
    pub fn lines(&self) -> usize {
        self.multipv.clamp(1, MAX_MULTIPV)
    }

    /// The number of principal variations searched: those reported, or more for a
    /// [`Pick`] to choose among, within `1..=MAX_MULTIPV`.
    #[must_use]
    pub fn searched_lines(&self) -> usize {
        self.pick
            .map_or(1, |p| p.lines)
            .max(self.multipv)
            .clamp(1, MAX_MULTIPV)
    }

    /// Deadlines for a search starting at `start`.
    pub(crate) fn deadlines(&self, start: Instant) -> Deadlines {
        let mut soft: Option<Duration> = None;
        let mut hard: Option<Duration> = None;
        if let Some(t) = self.movetime {
            // Keep a few milliseconds for the answer to travel.
            let t = t.saturating_sub(Duration::from_millis(5).min(t / 10));
            hard = Some(t);
        }
        if let Some(clock) = self.clock {
            let avail = clock.time.saturating_sub(OVERHEAD);
            let target = match clock.moves_to_go {
                Some(n) => (avail / n.max(1)).saturating_add(clock.increment.saturating_mul(3) / 4),
                None => (avail / 28).saturating_add(clock.increment.saturating_mul(3) / 4),
            }
            .min(avail);
            let cap = if clock.moves_to_go == Some(1) {
                avail.saturating_mul(9) / 10
            } else {
                avail / 3
            };
            let h = target.saturating_mul(3).min(cap);
            let s = target.saturating_mul(6) / 10;
            hard = Some(hard.map_or(h, |m| m.min(h)));
            soft = Some(s.min(h));
        }
        // A time too far off to be an instant (a crafted clock) is no deadline at all.
        Deadlines {
            soft: soft.and_then(|d| start.checked_add(d)),
            hard: hard.and_then(|d| start.checked_add(d)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_clock_of_absurd_size_gives_no_deadline_and_no_panic() {
        for (ms, inc) in [(u64::MAX, u64::MAX), (u64::MAX, 0), (1000, u64::MAX)] {
            let d = clock(ms, inc, None).deadlines(Instant::now());
            assert!(d.hard.is_none_or(|h| h > Instant::now()));
            let _ = clock(ms, inc, Some(1)).deadlines(Instant::now());
        }
    }

    fn clock(ms: u64, inc: u64, mtg: Option<u32>) -> Limits {
        Limits {
            clock: Some(Clock {
                time: Duration::from_millis(ms),
                increment: Duration::from_millis(inc),
                moves_to_go: mtg,
            }),
            ..Limits::default()
        }
    }

    #[test]
    fn a_clock_never_spends_more_than_is_left() {
        let start = Instant::now();
        for (ms, inc, mtg) in [
            (60_000, 0, None),
            (1_000, 0, None),
            (40, 0, None),
            (0, 0, None),
            (5_000, 0, Some(1)),
            (300_000, 2_000, Some(40)),
            (200, 5_000, None),
        ] {
            let d = clock(ms, inc, mtg).deadlines(start);
            let hard = d.hard.expect("test data is valid") - start;
            assert!(
                hard <= Duration::from_millis(ms).saturating_sub(OVERHEAD),
                "{ms} {inc} {mtg:?}: {hard:?}"
            );
            assert!(d.soft.expect("test data is valid") <= d.hard.expect("test data is valid"));
        }
    }

    #[test]
    fn byo_yomi_uses_most_of_the_period() {
        let start = Instant::now();
        let d = clock(10_000, 0, Some(1)).deadlines(start);
        assert!(d.hard.expect("test data is valid") - start >= Duration::from_secs(8));
    }

    #[test]
    fn movetime_is_the_hard_limit_and_no_limit_means_none() {
        let start = Instant::now();
        let l = Limits {
            movetime: Some(Duration::from_millis(200)),
            ..Limits::default()
        };
        let d = l.deadlines(start);
        assert_eq!(
            d.hard.expect("test data is valid") - start,
            Duration::from_millis(195)
        );
        assert!(Limits::default().deadlines(start).hard.is_none());
    }
}
