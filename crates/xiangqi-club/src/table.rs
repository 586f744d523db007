//! One game as the server referees it, xiangqi or Jieqi ([`Referee`]): every move checked
//! by the rules crate (a Jieqi piece turned over as the server's deal says), the clocks
//! kept here (each move credited its measured lag, up to a bound), the AXF verdicts on
//! repetition, draw offers and takebacks by consent, resignation, abort before one's second
//! move, loss on time, and players who leave and come back.
//!
//! A [`Table`] never reads the time: every call takes `now` (a [`Duration`] from the
//! server's start), and [`Table::next_deadline`] says when [`Table::tick`] must next be
//! called; so it is tested with made-up times, and the game's task only sleeps and calls.

mod referee;

pub use referee::{Played, Referee};

use crate::protocol::{ClockSpec, Clocks, Denial, How, Side, Variant, Verdict};
use std::time::Duration;
use xiangqi_rules::clock::{Clock, Times};
use xiangqi_rules::{Color, Move, Outcome};

/// The times a table keeps to.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TableSettings {
    /// How long a player who left may stay away before the other may claim the game.
    pub grace: Duration,
    /// How long a side has for its first move before the game is called off.
    pub first_move: Duration,
    /// The most network lag credited to a move (and waited for before a flag falls).
    pub max_lag_credit: Duration,
}

impl Default for TableSettings {
    /// Grace 60 s, first move 30 s, lag credited up to 0.5 s.
    fn default() -> TableSettings {
        TableSettings {
            grace: Duration::from_secs(60),
            first_move: Duration::from_secs(30),
            max_lag_credit: Duration::from_millis(500),
        }
    }
}

/// How a game ended, as the table knows it (ratings come after, from the store).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Ended {
    /// The result.
    pub verdict: Verdict,
    /// Why.
    pub how: How,
}

impl Ended {
    fn of(outcome: Outcome) -> Ended {
        Ended {
            verdict: Verdict::won_by(outcome.winner.map(Side::from)),
            how: How::from(outcome.termination),
        }
    }

    /// Does the game count for ratings (it was played to a result, not called off)?
    #[must_use]
    pub fn is_result(self) -> bool {
        self.verdict != Verdict::Aborted
    }
}

/// What happened at a table, for its players and spectators to be told.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    /// A move was played: the game has `ply` moves.
    Moved {
        /// Moves played.
        ply: u32,
        /// The move, with what it turned over in Jieqi.
        mv: Played,
        /// The clocks after it.
        clocks: Clocks,
    },
    /// A draw offer by `0`.
    DrawOffered(Side),
    /// A draw offer was declined or lapsed.
    DrawDeclined,
    /// A takeback request by `0`.
    TakebackAsked(Side),
    /// A takeback request was refused or lapsed.
    TakebackDeclined,
    /// Moves were taken back: `ply` are left.
    TakenBack {
        /// Moves left.
        ply: u32,
        /// The clocks.
        clocks: Clocks,
    },
    /// A player left or came back.
    Presence {
        /// Whose.
        side: Side,
        /// Here now.
        present: bool,
        /// While away: until the other may claim.
        claim_in: Option<Duration>,
    },
    /// `0` may claim the game now.
    ClaimOpen(Side),
    /// The game ended.
    Ended(Ended),
}

/// A game being played.
#[derive(Clone, Debug)]
pub struct Table {
    referee: Referee,
    clock: Clock,
    spec: ClockSpec,
    settings: TableSettings,
    draw_offer: Option<Color>,
    /// The ply at which each side's last draw offer was declined: no new offer before a move.
    declined_at: [Option<usize>; 2],
    takeback: Option<Color>,
    present: [bool; 2],
    /// Since when each absent player has been away (the grace period runs from then).
    away_since: [Option<Duration>; 2],
    /// Whether each side has been told it may claim.
    claim_told: [bool; 2],
    /// The side to move must make its first move by then.
    first_move_by: Option<Duration>,
    /// Resumed after a restart: the clocks stand until both players are back.
    waiting: bool,
    ending: Option<Ended>,
}

fn ix(c: Color) -> usize {
    c.index()
}

impl Table {
    /// A new xiangqi game from the start position on `spec`'s clock, both players here at
    /// `now`.
    #[must_use]
    pub fn new(spec: ClockSpec, settings: TableSettings, now: Duration) -> Table {
        Table::of(Referee::new(Variant::Xiangqi, 0), spec, settings, now)
    }

    /// A new game of `referee`'s (at its start, or set up by a test) on `spec`'s clock,
    /// both players here at `now`.
    #[must_use]
    pub fn of(referee: Referee, spec: ClockSpec, settings: TableSettings, now: Duration) -> Table {
        Table {
            referee,
            clock: Clock::new(spec.control(), Color::Red),
            spec,
            settings,
            draw_offer: None,
            declined_at: [None; 2],
            takeback: None,
            present: [true; 2],
            away_since: [None; 2],
            claim_told: [false; 2],
            first_move_by: Some(now + settings.first_move),
            waiting: false,
            ending: None,
        }
    }

    /// A game of `variant` brought back after a restart: `moves` as played (with their
    /// reveals), with the clocks after each, both players away; the clocks stand until both
    /// are back ([`Table::back`]). A Jieqi game's unseen pieces are dealt anew from `random`.
    ///
    /// # Errors
    /// A stored move that is illegal where it stands (the store was changed by hand).
    pub fn resume(
        spec: ClockSpec,
        settings: TableSettings,
        variant: Variant,
        moves: &[(Played, Times)],
        random: u64,
    ) -> Result<Table, Denial> {
        let played: Vec<Played> = moves.iter().map(|&(m, _)| m).collect();
        let referee = Referee::resume(variant, &played, random)?;
        let mut table = Table::of(referee, spec, settings, Duration::ZERO);
        let base = spec.control().base();
        let mut marks = vec![Times {
            red: base,
            black: base,
        }];
        marks.extend(moves.iter().map(|&(_, times)| times));
        table.clock = Clock::resumed(spec.control(), Color::Red, marks, Duration::ZERO);
        table.present = [false; 2];
        table.first_move_by = None;
        table.waiting = true;
        Ok(table)
    }

    /// The game so far.
    #[must_use]
    pub fn referee(&self) -> &Referee {
        &self.referee
    }

    /// Which game is played.
    #[must_use]
    pub fn variant(&self) -> Variant {
        self.referee.variant()
    }

    /// The clock's setting.
    #[must_use]
    pub fn spec(&self) -> ClockSpec {
        self.spec
    }

    /// How the game ended, once it has.
    #[must_use]
    pub fn ending(&self) -> Option<Ended> {
        self.ending
    }

    /// Moves played.
    #[must_use]
    pub fn ply(&self) -> u32 {
        u32::try_from(self.referee.ply()).unwrap_or(u32::MAX)
    }

    /// Both sides' times after the last move (for the store).
    #[must_use]
    pub fn last_mark(&self) -> Times {
        self.clock.marks().last().copied().unwrap_or(Times {
            red: Duration::ZERO,
            black: Duration::ZERO,
        })
    }

    /// The clocks at `now`.
    #[must_use]
    pub fn clocks(&self, now: Duration) -> Clocks {
        let ms = |d: Duration| u64::try_from(d.as_millis()).unwrap_or(u64::MAX);
        Clocks {
            red_ms: ms(self.clock.left(Color::Red, now)),
            black_ms: ms(self.clock.left(Color::Black, now)),
            running: self.clock.running().then(|| self.clock.turn().into()),
        }
    }

    /// A standing draw offer, and whose.
    #[must_use]
    pub fn draw_offer(&self) -> Option<Side> {
        self.draw_offer.map(Side::from)
    }

    /// A standing takeback request, and whose.
    #[must_use]
    pub fn takeback(&self) -> Option<Side> {
        self.takeback.map(Side::from)
    }

    /// The players away.
    #[must_use]
    pub fn absent(&self) -> Vec<Side> {
        Color::ALL
            .into_iter()
            .filter(|&c| !self.present[ix(c)])
            .map(Side::from)
            .collect()
    }

    fn running(&self) -> Result<(), Denial> {
        match self.ending {
            Some(_) => Err(Denial::GameOver),
            None => Ok(()),
        }
    }

    fn end(&mut self, ended: Ended, now: Duration) -> Change {
        self.ending = Some(ended);
        self.clock.stop(now);
        self.draw_offer = None;
        self.takeback = None;
        self.first_move_by = None;
        Change::Ended(ended)
    }

    /// `side` plays `mv` (ICCS text) as its move number `ply + 1`, at `now`, its network lag
    /// measured as `lag` (credited up to the settings' bound). In Jieqi the move names the
    /// points only: what a covered piece turns out to be is the deal's to say, not the
    /// player's, so a move with a piece letter after it is not a move.
    ///
    /// # Errors
    /// The game is over or waits for its players, it is not `side`'s move, `ply` is not the
    /// number of moves played, or the move is not one or breaks a rule: nothing changes.
    pub fn play(
        &mut self,
        side: Side,
        ply: u32,
        mv: &str,
        now: Duration,
        lag: Duration,
    ) -> Result<Vec<Change>, Denial> {
        self.running()?;
        if self.waiting {
            return Err(Denial::NotNow);
        }
        let color = Color::from(side);
        if self.referee.turn() != color {
            return Err(Denial::NotYourTurn);
        }
        if ply != self.ply() {
            return Err(Denial::Stale { ply: self.ply() });
        }
        let parsed: Move = mv.parse().map_err(|_| Denial::NotAMove {
            mv: mv.chars().take(16).collect(),
        })?;
        let credit = lag
            .min(self.settings.max_lag_credit)
            .min(self.clock.used(now));
        let moved_at = now - credit;
        if self.clock.flagged(moved_at).is_some() {
            return Ok(vec![self.flag(color, now)]);
        }
        let played = self.referee.play(parsed)?;
        self.clock.moved(moved_at);
        if credit > Duration::ZERO {
            // The credit is the mover's alone: the other side's time starts now, when the
            // move is passed on, not when it was credited as made.
            self.clock.toggle_pause(moved_at);
            self.clock.toggle_pause(now);
        }
        let mut changes = vec![Change::Moved {
            ply: self.ply(),
            mv: played,
            clocks: self.clocks(now),
        }];
        if self.draw_offer == Some(color.other()) {
            self.draw_offer = None;
            changes.push(Change::DrawDeclined);
        }
        self.declined_at[ix(color)] = None;
        if self.takeback.take().is_some() {
            changes.push(Change::TakebackDeclined);
        }
        self.arm_first_move(now);
        if let Some(outcome) = self.referee.outcome() {
            changes.push(self.end(Ended::of(outcome), now));
        }
        Ok(changes)
    }

    /// The side to move has a first move to make by a deadline until both have moved.
    fn arm_first_move(&mut self, now: Duration) {
        self.first_move_by = (self.ply() < 2).then(|| now + self.settings.first_move);
    }

    fn flag(&mut self, loser: Color, now: Duration) -> Change {
        let outcome = self.referee.flag(loser);
        self.end(Ended::of(outcome), now)
    }

    /// `side` resigns.
    ///
    /// # Errors
    /// The game is over.
    pub fn resign(&mut self, side: Side, now: Duration) -> Result<Vec<Change>, Denial> {
        self.running()?;
        let outcome = self.referee.resign(side.into())?;
        Ok(vec![self.end(Ended::of(outcome), now)])
    }

    /// `side` calls the game off: allowed until it has made its second move.
    ///
    /// # Errors
    /// The game is over, or `side` has made two moves.
    pub fn abort(&mut self, side: Side, now: Duration) -> Result<Vec<Change>, Denial> {
        self.running()?;
        let plies = self.ply();
        let own = match side {
            Side::Red => plies.div_ceil(2),
            Side::Black => plies / 2,
        };
        if own >= 2 {
            return Err(Denial::TooLateToAbort);
        }
        let ended = Ended {
            verdict: Verdict::Aborted,
            how: How::Aborted,
        };
        Ok(vec![self.end(ended, now)])
    }

    /// `side` offers a draw, or accepts the standing offer of the other side.
    ///
    /// # Errors
    /// The game is over, or `side`'s offer was declined and it has not moved since.
    pub fn offer_draw(&mut self, side: Side, now: Duration) -> Result<Vec<Change>, Denial> {
        self.running()?;
        let color = Color::from(side);
        match self.draw_offer {
            Some(c) if c == color.other() => {
                let outcome = self.referee.agree_draw()?;
                Ok(vec![self.end(Ended::of(outcome), now)])
            }
            Some(_) => Ok(Vec::new()),
            None if self.declined_at[ix(color)] == Some(self.referee.ply()) => {
                Err(Denial::RateLimited)
            }
            None => {
                self.draw_offer = Some(color);
                Ok(vec![Change::DrawOffered(side)])
            }
        }
    }

    /// `side` declines the other side's draw offer.
    ///
    /// # Errors
    /// No offer of the other side stands.
    pub fn decline_draw(&mut self, side: Side) -> Result<Vec<Change>, Denial> {
        self.running()?;
        let color = Color::from(side);
        if self.draw_offer != Some(color.other()) {
            return Err(Denial::NothingToAnswer);
        }
        self.draw_offer = None;
        self.declined_at[ix(color.other())] = Some(self.referee.ply());
        Ok(vec![Change::DrawDeclined])
    }

    /// How many moves a takeback asked by `asker` removes: its own last move, and the reply
    /// to it if the reply came.
    fn takeback_plies(&self, asker: Color) -> Option<usize> {
        let n = if self.referee.turn() == asker { 2 } else { 1 };
        (self.referee.ply() >= n).then_some(n)
    }

    /// `side` asks to take its last move back, or accepts the other side's request.
    ///
    /// # Errors
    /// The game is over, or `side` has no move to take back.
    pub fn ask_takeback(&mut self, side: Side, now: Duration) -> Result<Vec<Change>, Denial> {
        self.running()?;
        let color = Color::from(side);
        match self.takeback {
            Some(c) if c == color.other() => {
                let n = self.takeback_plies(c).ok_or(Denial::NothingToTakeBack)?;
                self.takeback = None;
                self.draw_offer = None;
                for _ in 0..n {
                    self.referee.undo();
                    self.clock.undo(now);
                }
                self.arm_first_move(now);
                Ok(vec![Change::TakenBack {
                    ply: self.ply(),
                    clocks: self.clocks(now),
                }])
            }
            Some(_) => Ok(Vec::new()),
            None => {
                self.takeback_plies(color)
                    .ok_or(Denial::NothingToTakeBack)?;
                self.takeback = Some(color);
                Ok(vec![Change::TakebackAsked(side)])
            }
        }
    }

    /// `side` refuses the other side's takeback request.
    ///
    /// # Errors
    /// No request of the other side stands.
    pub fn decline_takeback(&mut self, side: Side) -> Result<Vec<Change>, Denial> {
        self.running()?;
        if self.takeback != Some(Color::from(side).other()) {
            return Err(Denial::NothingToAnswer);
        }
        self.takeback = None;
        Ok(vec![Change::TakebackDeclined])
    }

    /// `side`'s player left at `now` (the connection dropped). Their clock runs on; after
    /// the grace period the other may claim the game.
    pub fn leave(&mut self, side: Side, now: Duration) -> Vec<Change> {
        let i = ix(side.into());
        if self.ending.is_some() || !self.present[i] {
            return Vec::new();
        }
        self.present[i] = false;
        // While the game waits for both players, the grace runs from the other's return.
        self.away_since[i] = (!self.waiting).then_some(now);
        vec![Change::Presence {
            side,
            present: false,
            claim_in: Some(self.settings.grace),
        }]
    }

    /// `side`'s player is back at `now`. A game resumed after a restart goes on once both
    /// are; while one is still away, the grace period runs for them from now.
    pub fn back(&mut self, side: Side, now: Duration) -> Vec<Change> {
        let color = Color::from(side);
        let i = ix(color);
        if self.ending.is_some() || self.present[i] {
            return Vec::new();
        }
        self.present[i] = true;
        self.away_since[i] = None;
        self.claim_told[ix(color.other())] = false;
        let other = ix(color.other());
        if self.waiting {
            if self.present[other] {
                self.waiting = false;
                self.clock.start(now);
                self.arm_first_move(now);
            } else if self.away_since[other].is_none() {
                self.away_since[other] = Some(now);
            }
        }
        vec![Change::Presence {
            side,
            present: true,
            claim_in: None,
        }]
    }

    /// `side` claims the game (the win, or a draw) after the other stayed away past the
    /// grace period.
    ///
    /// # Errors
    /// The game is over, `side` is away itself, or the other is here or within its grace.
    pub fn claim(&mut self, side: Side, draw: bool, now: Duration) -> Result<Vec<Change>, Denial> {
        self.running()?;
        let color = Color::from(side);
        let gone_since = self.away_since[ix(color.other())];
        let open =
            self.present[ix(color)] && gone_since.is_some_and(|t| now >= t + self.settings.grace);
        if !open {
            return Err(Denial::CannotClaim);
        }
        let ended = Ended {
            verdict: if draw {
                Verdict::Draw
            } else {
                Verdict::won_by(Some(side))
            },
            how: How::Abandoned,
        };
        Ok(vec![self.end(ended, now)])
    }

    /// When [`Table::tick`] must next be called: a flag about to fall (after the lag
    /// credit's bound), a first move due, a grace period ending.
    #[must_use]
    pub fn next_deadline(&self) -> Option<Duration> {
        if self.ending.is_some() {
            return None;
        }
        let flag = self
            .clock
            .flag_at()
            .map(|t| t + self.settings.max_lag_credit);
        let graces = Color::ALL.into_iter().filter_map(|c| {
            let told = self.claim_told[ix(c.other())];
            let t = self.away_since[ix(c)]?;
            (!told && self.present[ix(c.other())]).then_some(t + self.settings.grace)
        });
        flag.into_iter()
            .chain(self.first_move_by)
            .chain(graces)
            .min()
    }

    /// Whatever is due at `now`: a flag fallen (a loss on time, or a draw if the other side
    /// cannot win), a first move not made (the game called off), a grace period over.
    pub fn tick(&mut self, now: Duration) -> Vec<Change> {
        if self.ending.is_some() {
            return Vec::new();
        }
        let late = now.saturating_sub(self.settings.max_lag_credit);
        if let Some(loser) = self.clock.flagged(late) {
            return vec![self.flag(loser, now)];
        }
        if self.first_move_by.is_some_and(|t| now >= t) {
            let ended = Ended {
                verdict: Verdict::Aborted,
                how: How::NoStart,
            };
            return vec![self.end(ended, now)];
        }
        let mut changes = Vec::new();
        for c in Color::ALL {
            let claimer = c.other();
            let due = self.away_since[ix(c)].is_some_and(|t| now >= t + self.settings.grace);
            if due && self.present[ix(claimer)] && !self.claim_told[ix(claimer)] {
                self.claim_told[ix(claimer)] = true;
                changes.push(Change::ClaimOpen(claimer.into()));
            }
        }
        changes
    }
}

#[cfg(test)]
mod tests;
