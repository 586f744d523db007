//! Chess clocks: time controls (Fischer increment, byo-yomi), the two sides' times move by
//! move, pause, flag fall, and what a flag fall means for the result.
//!
//! A [`Clock`] never reads the time itself: every call takes `now`, a [`Duration`] from a
//! [`TimeSource`] ([`MonotonicTime`] in a program, [`FakeTime`] in tests), so a test decides
//! what time it is and nothing waits.
//!
//! ```
//! use std::time::Duration;
//! use xiangqi_rules::Color;
//! use xiangqi_rules::clock::{Clock, TimeControl};
//! let s = Duration::from_secs;
//! let mut clock = Clock::new("5+3".parse::<TimeControl>().unwrap(), Color::Red);
//! clock.moved(s(0)); // Red's first move starts the clocks; it costs nothing, gains 3.
//! clock.moved(s(10)); // Black thought 10 s and gains 3.
//! assert_eq!(clock.left(Color::Black, s(10)), s(300 - 10 + 3));
//! assert_eq!(clock.flag_at(), Some(s(10 + 303))); // Red's flag, if Red never moves
//! ```

use crate::{Color, Outcome, Position, Role, Termination};
use std::fmt;
use std::str::FromStr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Where a program gets the time from: a monotonic count from some start.
pub trait TimeSource {
    /// The time since this source's start.
    fn now(&self) -> Duration;
}

/// The system's monotonic clock, counted from when this value was made.
#[derive(Clone, Debug)]
pub struct MonotonicTime {
    start: Instant,
}

impl MonotonicTime {
    /// Counting from now.
    #[must_use]
    pub fn new() -> MonotonicTime {
        MonotonicTime {
            start: Instant::now(),
        }
    }
}

impl Default for MonotonicTime {
    fn default() -> Self {
        MonotonicTime::new()
    }
}

impl TimeSource for MonotonicTime {
    fn now(&self) -> Duration {
        self.start.elapsed()
    }
}

/// A time a test sets: it only moves when told. Clones share the same time.
#[derive(Clone, Debug, Default)]
pub struct FakeTime {
    now: Arc<Mutex<Duration>>,
}

impl FakeTime {
    /// At zero.
    #[must_use]
    pub fn new() -> FakeTime {
        FakeTime::default()
    }

    /// Moves the time on by `by`.
    pub fn advance(&self, by: Duration) {
        let mut now = self
            .now
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        *now += by;
    }
}

impl TimeSource for FakeTime {
    fn now(&self) -> Duration {
        *self
            .now
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }
}

/// How much time each side gets.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum TimeControl {
    /// `base` each, and `increment` more after each of one's moves (Fischer). An increment of
    /// zero is plain sudden death.
    Fischer {
        /// Time at the start.
        base: Duration,
        /// Added after each move.
        increment: Duration,
    },
    /// `base` each; once it has run out, every move must be made within `period` (byo-yomi,
    /// 读秒), which starts afresh with each move.
    ByoYomi {
        /// Time at the start.
        base: Duration,
        /// The time for each move once `base` is gone.
        period: Duration,
    },
}

impl TimeControl {
    /// Each side's time at the start.
    #[must_use]
    pub const fn base(self) -> Duration {
        match self {
            TimeControl::Fischer { base, .. } | TimeControl::ByoYomi { base, .. } => base,
        }
    }
}

/// A time control that cannot be read, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseTimeControlError(String);

impl fmt::Display for ParseTimeControlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ParseTimeControlError {}

/// The longest base time taken: a day.
const MAX_BASE: Duration = Duration::from_secs(24 * 3600);
/// The longest increment or byo-yomi period taken: an hour.
const MAX_EXTRA: Duration = Duration::from_secs(3600);

impl FromStr for TimeControl {
    type Err = ParseTimeControlError;

    /// `BASE[+INC]` or `BASE/BYO`, as on the command line: BASE in minutes (`10`) or
    /// minutes and seconds (`0:30`, `1:30`), INC and BYO in seconds (`5+3`, `10/45`).
    fn from_str(s: &str) -> Result<TimeControl, ParseTimeControlError> {
        let err = |why: &str| {
            ParseTimeControlError(format!(
                "bad time control {s:?}: {why} (expected BASE[+INC] or BASE/BYO: BASE in \
                 minutes or m:ss, INC and BYO in seconds, e.g. 10+5, 0:30+1, 10/45)"
            ))
        };
        let (base, extra, byo) = match (s.split_once('+'), s.split_once('/')) {
            (Some(_), Some(_)) => return Err(err("both + and /")),
            (Some((b, i)), None) => (b, Some(i), false),
            (None, Some((b, p))) => (b, Some(p), true),
            (None, None) => (s, None, false),
        };
        let base = match base.split_once(':') {
            Some((m, sec)) => {
                let m: u64 = number(m).ok_or_else(|| err("the minutes are not a number"))?;
                let sec: u64 = number(sec).ok_or_else(|| err("the seconds are not a number"))?;
                if sec >= 60 || sec_digits(base) != 2 {
                    return Err(err("m:ss needs two digits of seconds below 60"));
                }
                Duration::from_secs(m.saturating_mul(60).saturating_add(sec))
            }
            None => Duration::from_secs(
                number(base)
                    .ok_or_else(|| err("the base time is not a number"))?
                    .saturating_mul(60),
            ),
        };
        if base > MAX_BASE {
            return Err(err("the base time is over a day"));
        }
        let extra = match extra {
            None => Duration::ZERO,
            Some(e) => Duration::from_secs(
                number(e).ok_or_else(|| err("the seconds after the base are not a number"))?,
            ),
        };
        if extra > MAX_EXTRA {
            return Err(err("the increment or period is over an hour"));
        }
        if byo {
            if extra.is_zero() {
                return Err(err("a byo-yomi period of 0 s leaves no time to move"));
            }
            return Ok(TimeControl::ByoYomi {
                base,
                period: extra,
            });
        }
        if base.is_zero() && extra.is_zero() {
            return Err(err("no time at all"));
        }
        Ok(TimeControl::Fischer {
            base,
            increment: extra,
        })
    }
}

/// A whole number of ASCII digits (no sign, no spaces).
fn number(s: &str) -> Option<u64> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

/// How many characters follow the `:` of `m:ss`.
fn sec_digits(base: &str) -> usize {
    base.split_once(':').map_or(0, |(_, s)| s.len())
}

impl fmt::Display for TimeControl {
    /// The PGN `[TimeControl]` value: `3600+30` (seconds, and the increment when there is
    /// one), or for byo-yomi `600+45b`: the base, then the period marked `b`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            TimeControl::Fischer { base, increment } if increment.is_zero() => {
                write!(f, "{}", base.as_secs())
            }
            TimeControl::Fischer { base, increment } => {
                write!(f, "{}+{}", base.as_secs(), increment.as_secs())
            }
            TimeControl::ByoYomi { base, period } => {
                write!(f, "{}+{}b", base.as_secs(), period.as_secs())
            }
        }
    }
}

impl TimeControl {
    /// Reads the PGN `[TimeControl]` forms [`Display`](fmt::Display) writes: `3600`,
    /// `3600+30`, `600+45b`. `None` for anything else (`?`, `-`, `40/9000` …).
    #[must_use]
    pub fn from_pgn(value: &str) -> Option<TimeControl> {
        let (byo, value) = match value.strip_suffix('b') {
            Some(v) => (true, v),
            None => (false, value),
        };
        let (base, extra) = match value.split_once('+') {
            Some((b, e)) => (number(b)?, number(e)?),
            None if !byo => (number(value)?, 0),
            None => return None,
        };
        let (base, extra) = (Duration::from_secs(base), Duration::from_secs(extra));
        if base > MAX_BASE || extra > MAX_EXTRA {
            return None;
        }
        Some(if byo {
            if extra.is_zero() {
                return None;
            }
            TimeControl::ByoYomi {
                base,
                period: extra,
            }
        } else {
            TimeControl::Fischer {
                base,
                increment: extra,
            }
        })
    }
}

/// The two sides' times at the start of a turn: for byo-yomi, the base time left (zero once
/// in byo-yomi).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Times {
    /// Red's.
    pub red: Duration,
    /// Black's.
    pub black: Duration,
}

impl Times {
    /// `color`'s.
    #[must_use]
    pub const fn of(&self, color: Color) -> Duration {
        match color {
            Color::Red => self.red,
            Color::Black => self.black,
        }
    }

    fn set(&mut self, color: Color, time: Duration) {
        match color {
            Color::Red => self.red = time,
            Color::Black => self.black = time,
        }
    }
}

/// Both sides' clocks through a game.
///
/// The clocks start with the game's first move (so the players can settle in): that move
/// costs nothing. From then on the side to move's time runs. `marks[i]` holds the times
/// at the start of the turn after `i` moves, so taking a move back gives both sides the
/// times they had when it was to be made, exactly.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clock {
    control: TimeControl,
    /// The side to move at the start (who makes the first move).
    first: Color,
    /// Times at the start of each turn; the last is the current turn's.
    marks: Vec<Times>,
    /// Marks taken back, to be replayed (the most recent last).
    undone: Vec<Times>,
    /// Time used in the current turn before `since`.
    used: Duration,
    /// When the current stretch of thinking began; `None` while the clock stands (before
    /// the first move, paused, after a flag fall or the end of the game).
    since: Option<Duration>,
    /// Paused by the players.
    paused: bool,
    /// The game has ended: nothing runs any more.
    stopped: bool,
}

impl Clock {
    /// Fresh clocks, `first` to make the first move.
    #[must_use]
    pub fn new(control: TimeControl, first: Color) -> Clock {
        let base = control.base();
        Clock::resumed(
            control,
            first,
            vec![Times {
                red: base,
                black: base,
            }],
            Duration::ZERO,
        )
    }

    /// Clocks as they stood after `marks.len() - 1` moves: `marks` as [`Clock::marks`] gave
    /// them (an empty list is a fresh start), `used` already used in the current turn (as
    /// [`Clock::used`] gave it). The time runs from the next [`Clock::start`].
    #[must_use]
    pub fn resumed(
        control: TimeControl,
        first: Color,
        mut marks: Vec<Times>,
        used: Duration,
    ) -> Clock {
        if marks.is_empty() {
            let base = control.base();
            marks.push(Times {
                red: base,
                black: base,
            });
        }
        Clock {
            control,
            first,
            marks,
            undone: Vec::new(),
            used,
            since: None,
            paused: false,
            stopped: false,
        }
    }

    /// These clocks with `undone` as the marks of moves taken back, to be replayed (as
    /// [`Clock::undone`] gave them: the most recent last), so that a move replayed after a
    /// restart gets back the times it had.
    #[must_use]
    pub fn with_undone(mut self, undone: Vec<Times>) -> Clock {
        self.undone = undone;
        self
    }

    /// The marks of the moves taken back that [`Clock::redo`] would bring back, the next to
    /// be replayed last.
    #[must_use]
    pub fn undone(&self) -> &[Times] {
        &self.undone
    }

    /// The time control.
    #[must_use]
    pub const fn control(&self) -> TimeControl {
        self.control
    }

    /// The times at the start of each turn, from the game's start.
    #[must_use]
    pub fn marks(&self) -> &[Times] {
        &self.marks
    }

    /// The side whose turn it is.
    #[must_use]
    pub fn turn(&self) -> Color {
        if (self.marks.len() - 1).is_multiple_of(2) {
            self.first
        } else {
            self.first.other()
        }
    }

    /// Has the first move been made (the clocks run from then on)?
    #[must_use]
    pub fn started(&self) -> bool {
        self.marks.len() > 1
    }

    /// Is the side to move's time running now?
    #[must_use]
    pub fn running(&self) -> bool {
        self.since.is_some()
    }

    /// Paused by the players?
    #[must_use]
    pub fn paused(&self) -> bool {
        self.paused
    }

    /// Time the side to move has used in the current turn by `now`.
    #[must_use]
    pub fn used(&self, now: Duration) -> Duration {
        self.used_at(now)
    }

    /// Is the game over for the clocks (stopped for good until [`Clock::unstop`])?
    #[must_use]
    pub fn stopped(&self) -> bool {
        self.stopped
    }

    /// Time used in the current turn so far.
    fn used_at(&self, now: Duration) -> Duration {
        self.used
            .saturating_add(self.since.map_or(Duration::ZERO, |s| now.saturating_sub(s)))
    }

    /// The most the side to move may use in this turn before its flag falls.
    fn allowance(&self) -> Duration {
        let base = self.current().of(self.turn());
        match self.control {
            TimeControl::Fischer { .. } => base,
            TimeControl::ByoYomi { period, .. } => base.saturating_add(period),
        }
    }

    fn current(&self) -> Times {
        *self.marks.last().unwrap_or(&Times {
            red: Duration::ZERO,
            black: Duration::ZERO,
        })
    }

    /// `color`'s time left at `now`: for byo-yomi the base time while there is some, then
    /// what is left of the period.
    #[must_use]
    pub fn left(&self, color: Color, now: Duration) -> Duration {
        let base = self.current().of(color);
        if color != self.turn() {
            return match self.control {
                TimeControl::ByoYomi { period, .. } if base.is_zero() => period,
                _ => base,
            };
        }
        let used = self.used_at(now);
        match self.control {
            TimeControl::Fischer { .. } => base.saturating_sub(used),
            TimeControl::ByoYomi { period, .. } => {
                if used < base {
                    base - used
                } else {
                    base.saturating_add(period).saturating_sub(used)
                }
            }
        }
    }

    /// Is `color` in byo-yomi at `now` (its base time gone)?
    #[must_use]
    pub fn in_byoyomi(&self, color: Color, now: Duration) -> bool {
        match self.control {
            TimeControl::Fischer { .. } => false,
            TimeControl::ByoYomi { .. } => {
                let base = self.current().of(color);
                base.is_zero() || (color == self.turn() && self.used_at(now) >= base)
            }
        }
    }

    /// When the side to move's flag falls if nothing happens, while its time runs.
    #[must_use]
    pub fn flag_at(&self) -> Option<Duration> {
        let since = self.since?;
        Some(since.saturating_add(self.allowance().saturating_sub(self.used)))
    }

    /// The side whose flag has fallen at `now` (its time is used up, exactly zero included).
    #[must_use]
    pub fn flagged(&self, now: Duration) -> Option<Color> {
        (self.running() && self.used_at(now) >= self.allowance()).then(|| self.turn())
    }

    /// The side to move moved at `now`: its time is charged (the first move of the game
    /// costs nothing and starts the clocks), the increment added or the period renewed, and
    /// the other side's time starts. Call [`Clock::flagged`] first: a move after the flag
    /// fell does not count.
    pub fn moved(&mut self, now: Duration) {
        let mover = self.turn();
        let mut next = self.current();
        // The first move costs nothing (it starts the clocks) but earns its increment like
        // every other move, so both sides gain the same from the start.
        let used = if self.started() {
            self.used_at(now)
        } else {
            Duration::ZERO
        };
        let base = next.of(mover);
        let after = match self.control {
            TimeControl::Fischer { increment, .. } => {
                base.saturating_sub(used).saturating_add(increment)
            }
            TimeControl::ByoYomi { .. } => base.saturating_sub(used),
        };
        next.set(mover, after);
        self.marks.push(next);
        self.undone.clear();
        self.used = Duration::ZERO;
        self.since = (!self.paused && !self.stopped).then_some(now);
    }

    /// The last move was taken back at `now`: both sides' times are as they were when it was
    /// to be made, and that side's time runs again (unless that was the first move).
    pub fn undo(&mut self, now: Duration) {
        if self.marks.len() < 2 {
            return;
        }
        if let Some(mark) = self.marks.pop() {
            self.undone.push(mark);
        }
        self.stopped = false;
        self.restart(now);
    }

    /// A move taken back was replayed at `now`: the times it left are back. False (and
    /// nothing changes) if no move was taken back.
    pub fn redo(&mut self, now: Duration) -> bool {
        let Some(mark) = self.undone.pop() else {
            return false;
        };
        self.marks.push(mark);
        self.stopped = false;
        self.restart(now);
        true
    }

    /// A new turn from its mark: nothing used, running unless paused or not yet started.
    fn restart(&mut self, now: Duration) {
        self.used = Duration::ZERO;
        self.since = (self.started() && !self.paused && !self.stopped).then_some(now);
    }

    /// Starts the current turn's time at `now` (after [`Clock::resumed`]), if the clocks
    /// have started and are not paused.
    pub fn start(&mut self, now: Duration) {
        if self.since.is_none() {
            self.since = (self.started() && !self.paused && !self.stopped).then_some(now);
        }
    }

    /// Pauses (or resumes) both clocks at `now`.
    pub fn toggle_pause(&mut self, now: Duration) {
        if self.paused {
            self.paused = false;
            self.start(now);
        } else {
            self.used = self.used_at(now);
            self.since = None;
            self.paused = true;
        }
    }

    /// The game ended at `now` (a flag fell, a mate, a resignation): the clocks stand with
    /// the times they show.
    pub fn stop(&mut self, now: Duration) {
        self.used = self.used_at(now).min(self.allowance());
        self.since = None;
        self.stopped = true;
    }

    /// The game goes on again (a result was taken back) at `now`.
    pub fn unstop(&mut self, now: Duration) {
        self.stopped = false;
        self.start(now);
    }
}

/// The PGN comment for a clock showing `left` after a move: `[%clk 0:59:31]` (hours,
/// minutes, seconds; cut to the second).
#[must_use]
pub fn clk_comment(left: Duration) -> String {
    format!("[%clk {}]", clk_time(left))
}

/// A time as a `[%clk]` comment writes it: `0:59:31` (hours, minutes, seconds; cut to the
/// second).
#[must_use]
pub fn clk_time(left: Duration) -> String {
    let secs = left.as_secs();
    format!("{}:{:02}:{:02}", secs / 3600, secs / 60 % 60, secs % 60)
}

/// The first `[%clk …]` command in a PGN comment, as written (brackets included), whether
/// or not its time reads.
#[must_use]
pub fn clk_command(comment: &str) -> Option<&str> {
    let start = comment.find("[%clk")?;
    let end = start + comment[start..].find(']')?;
    Some(&comment[start..=end])
}

/// The time of the first `[%clk h:mm:ss]` (or `h:mm:ss.s`) command in a PGN comment.
#[must_use]
pub fn read_clk(comment: &str) -> Option<Duration> {
    let command = clk_command(comment)?;
    let value = command["[%clk".len()..command.len() - 1].trim();
    let (whole, fraction) = value.split_once('.').unwrap_or((value, ""));
    let mut parts = whole.split(':');
    let (h, m, s) = (parts.next()?, parts.next()?, parts.next()?);
    if parts.next().is_some() || m.len() != 2 || s.len() != 2 {
        return None;
    }
    let (h, m, s) = (number(h)?, number(m)?, number(s)?);
    if m >= 60 || s >= 60 {
        return None;
    }
    let millis = match fraction {
        "" => 0,
        f if f.len() <= 3 => number(f)? * 10u64.pow(3 - u32::try_from(f.len()).ok()?),
        _ => return None,
    };
    let secs = h.checked_mul(3600)?.checked_add(m * 60 + s)?;
    Duration::from_secs(secs).checked_add(Duration::from_millis(millis))
}

/// Can `side` ever get a piece across the river (a chariot, horse, cannon or soldier)? A
/// side with only its general, advisors and elephants cannot win.
#[must_use]
pub fn can_cross_river(pos: &Position, side: Color) -> bool {
    pos.board().pieces().any(|(_, p)| {
        p.color == side
            && matches!(
                p.role,
                Role::Chariot | Role::Horse | Role::Cannon | Role::Soldier
            )
    })
}

/// The result when `loser`'s flag falls in `pos`: the other side wins, unless it has no piece
/// that could ever cross the river; then it is a draw.
#[must_use]
pub fn flag_outcome(pos: &Position, loser: Color) -> Outcome {
    let winner = loser.other();
    Outcome {
        winner: can_cross_river(pos, winner).then_some(winner),
        termination: Termination::TimeForfeit,
    }
}

#[cfg(test)]
mod tests;
