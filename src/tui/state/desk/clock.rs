//! A desk's clocks: started, told of each move (which writes the time left into the move's
//! comment), paused, and the flag that ends the game.

use super::Desk;
use crate::tui::state::action::Now;
use crate::tui::state::prompt::message::{Message, Mode, Prompt};
use crate::tui::state::screen::Screen;
use crate::tui::store::autosave;
use std::time::Duration;
use xiangqi_rules::clock::{Clock, TimeControl, Times};

/// Under this much time left the clock shows tenths (and the warning colour).
pub const TENTHS_BELOW: Duration = Duration::from_secs(10);

impl Desk {
    /// Fresh clocks from the current position on.
    pub fn start_clock(&mut self, control: TimeControl) {
        let clock = Clock::new(control, self.game.position().turn());
        self.clock = Some((clock, self.game.moves().len()));
    }

    /// Fresh clocks of `control` from the current position on, or none.
    pub fn set_clock(&mut self, control: Option<TimeControl>) {
        match control {
            Some(control) => self.start_clock(control),
            None => self.clock = None,
        }
    }

    /// A move was just played: the clocks hear of it, and the move's comment gets the time
    /// its side has left (`[%clk 0:04:58]`).
    pub(super) fn clock_moved(&mut self, now: Duration) {
        if let Some((clock, _)) = &mut self.clock {
            let mover = self.game.position().turn().other();
            clock.moved(now);
            let node = self.game.current();
            let comment =
                autosave::with_clk(self.game.tree().comment(node), clock.left(mover, now));
            self.game.set_comment(node, Some(&comment));
        }
    }

    /// The time is `now`: a flag that has fallen ends the game.
    pub fn tick(&mut self, now: Now, s: &mut Screen) {
        let Some((clock, _)) = &mut self.clock else {
            return;
        };
        // A resumed game's clock runs from the loop's first tick.
        clock.start(now.elapsed);
        let Some(loser) = clock.flagged(now.elapsed).filter(|_| self.flags_here) else {
            return;
        };
        if let Ok(outcome) = self.game.time_forfeit(loser) {
            self.selected = None;
            if matches!(s.mode, Mode::Prompt(Prompt::Move) | Mode::Confirm(_)) {
                s.mode = Mode::Play;
            }
            s.message = Some(Message::Over(outcome));
        }
        if let Some((clock, _)) = &mut self.clock {
            clock.stop(now.elapsed);
        }
        self.refresh();
    }

    /// A network guest's clocks: they show the host's times, and only the host's word ends
    /// the game on time ([`Desk::flag`]).
    pub fn leave_flags_to_host(&mut self) {
        self.flags_here = false;
    }

    /// The clocks set to `times` at the start of the current turn, `used` of it gone (the
    /// host's, on a guest's desk), running from `now` unless held.
    pub fn mirror_clock(
        &mut self,
        control: TimeControl,
        (times, used): (Times, Duration),
        now: Duration,
    ) {
        let held = self.clock().is_some_and(Clock::paused);
        let marks = vec![times; self.game.moves().len() + 1];
        let mut clock = Clock::resumed(control, self.game.start().turn(), marks, used);
        if held {
            clock.toggle_pause(now);
        }
        if self.outcome.is_some() {
            clock.stop(now);
        }
        clock.start(now);
        self.clock = Some((clock, 0));
    }

    /// Held clocks run again (the other player is back).
    pub fn release_clock(&mut self, now: Duration) {
        if let Some((clock, _)) = &mut self.clock
            && clock.paused()
            && self.outcome.is_none()
        {
            clock.toggle_pause(now);
        }
    }

    /// `loser`'s flag fell, says the host.
    pub fn flag(&mut self, loser: xiangqi_rules::Color, s: &mut Screen) {
        let result = self.game.time_forfeit(loser);
        self.declared(result, s);
        self.stop_clock(s.now.elapsed);
    }

    /// A game that is over has its clocks stopped.
    pub fn stop_clock_if_over(&mut self, now: Duration) {
        if let Some((clock, _)) = &mut self.clock
            && self.outcome.is_some()
            && !clock.stopped()
        {
            clock.stop(now);
        }
    }

    /// The referee ended the game: the clocks stop where they stand, held ones too (a
    /// finished game's clocks are over, not paused).
    pub fn end_clock(&mut self, now: Duration) {
        if let Some((clock, _)) = &mut self.clock {
            if clock.paused() {
                clock.toggle_pause(now);
            }
            clock.stop(now);
        }
    }

    /// Stops the clocks where they stand (a record's, which is gone through, not timed).
    pub fn stop_clock(&mut self, now: Duration) {
        if let Some((clock, _)) = &mut self.clock {
            clock.stop(now);
        }
    }

    /// Pauses the clocks if they run (the game is put aside); `p` goes on later.
    pub fn hold_clock(&mut self, now: Duration) {
        if self.clock_running()
            && let Some((clock, _)) = &mut self.clock
        {
            clock.toggle_pause(now);
        }
    }

    /// `p`: pause (hiding the board) or resume both clocks.
    pub fn pause(&mut self, s: &mut Screen) {
        let now = s.now.elapsed;
        let Some((clock, _)) = &mut self.clock else {
            s.message = Some(Message::NoClock);
            return;
        };
        if self.outcome.is_some() {
            s.message = self.outcome.map(Message::Over);
            return;
        }
        clock.toggle_pause(now);
        self.selected = None;
        s.mode = if clock.paused() {
            Mode::Paused
        } else {
            Mode::Play
        };
        s.message = None;
    }

    /// Are the clocks running (a timed game going on, not paused)?
    #[must_use]
    pub fn clock_running(&self) -> bool {
        self.outcome.is_none() && self.clock().is_some_and(|c| !c.paused() && !c.stopped())
    }

    /// When the desk next wants a tick with nothing else happening (something on screen
    /// changes then), as [`Now::elapsed`]; `None` while no clock runs.
    #[must_use]
    pub fn next_tick(&self, now: Duration) -> Option<Duration> {
        let clock = self.clock()?;
        let flag = clock.flag_at()?;
        let left = clock.left(clock.turn(), now);
        // What is shown is the time left cut to whole seconds, or tenths under 10 s: it
        // changes just after the time left passes the next such step.
        let unit = if left < TENTHS_BELOW {
            Duration::from_millis(100)
        } else {
            Duration::from_secs(1)
        };
        let past_step =
            Duration::from_nanos(u64::try_from(left.as_nanos() % unit.as_nanos()).unwrap_or(0));
        Some((now + past_step + Duration::from_millis(1)).min(flag))
    }
}
