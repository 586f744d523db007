//! The host's count of guesses at its join code. Every exchange that reaches the host's key
//! is counted in before its confirmation is checked (a [`Ticket`]), and gives its count back
//! only if the code was right; so no code is ever checked against more than
//! [`GUESSES_PER_CODE`] guesses, even many made at once, and after that many wrong ones the
//! host draws a new code. The verdicts of wrong guesses go out at a [`Pace`]: at most
//! [`VERDICTS_PER_SECOND`] a second, however many handshakes run, from however many
//! addresses.

use crate::net::code::{GUESSES_PER_CODE, JoinCode, RandomError};
use std::time::{Duration, Instant};

/// How long a wrong guess waits for its verdict at least, holding its handshake's place.
pub const WRONG_CODE_PAUSE: Duration = Duration::from_secs(1);

/// The most verdicts of wrong guesses the host gives a second.
pub const VERDICTS_PER_SECOND: u32 = 3;

/// Where new codes come from: the operating system's random numbers, or a test's list.
pub type Draw = Box<dyn FnMut() -> Result<JoinCode, RandomError> + Send>;

/// The host's code and the guesses at it.
pub struct Guesses {
    code: JoinCode,
    /// How many codes were drawn before this one: a ticket of an earlier code counts
    /// against nothing.
    drawn: u64,
    /// Wrong guesses at this code.
    wrong: u32,
    /// Exchanges against this code whose confirmation is not yet checked.
    open: u32,
    draw: Draw,
}

impl std::fmt::Debug for Guesses {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Never the code: it is the password.
        write!(
            f,
            "Guesses {{ wrong: {}, open: {} }}",
            self.wrong, self.open
        )
    }
}

/// One exchange's claim on the code it is checked against.
#[derive(Debug, PartialEq, Eq)]
pub struct Ticket {
    drawn: u64,
}

/// How an exchange ended, for the count.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The guest proved the code.
    Right,
    /// The guest's confirmation was wrong or never came.
    Wrong,
    /// No key was made (the guest's SPAKE2 message was not one): nothing was guessed.
    NoGuess,
}

/// What the host's screen says after a verdict.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Counted {
    /// Nothing to say: a right code, no guess, or a guess at a code already replaced.
    Nothing,
    /// A wrong guess, counted.
    Wrong,
    /// Too many guesses: this is the new code.
    Renewed(JoinCode),
}

impl Guesses {
    /// The count for `first`, new codes drawn with `draw`.
    #[must_use]
    pub fn new(first: JoinCode, draw: Draw) -> Guesses {
        Guesses {
            code: first,
            drawn: 0,
            wrong: 0,
            open: 0,
            draw,
        }
    }

    /// The code shown now.
    #[must_use]
    pub fn code(&self) -> &JoinCode {
        &self.code
    }

    /// The code an exchange that has reached the host's key is checked against, counted in
    /// now; and the new code, if this one had met its share of guesses and was replaced
    /// first.
    ///
    /// # Errors
    /// A new code was due and no random numbers came (the exchange must stop).
    pub fn check(&mut self) -> Result<(JoinCode, Ticket, Option<JoinCode>), RandomError> {
        let renewed = if self.wrong + self.open >= GUESSES_PER_CODE {
            self.renew()?;
            Some(self.code.clone())
        } else {
            None
        };
        self.open += 1;
        let ticket = Ticket { drawn: self.drawn };
        Ok((self.code.clone(), ticket, renewed))
    }

    /// The verdict of the exchange that holds `ticket`.
    ///
    /// # Errors
    /// A new code was due and no random numbers came.
    pub fn settle(&mut self, ticket: Ticket, verdict: Verdict) -> Result<Counted, RandomError> {
        if ticket.drawn != self.drawn {
            return Ok(Counted::Nothing);
        }
        self.open = self.open.saturating_sub(1);
        if verdict != Verdict::Wrong {
            return Ok(Counted::Nothing);
        }
        self.wrong += 1;
        if self.wrong < GUESSES_PER_CODE {
            return Ok(Counted::Wrong);
        }
        self.renew()?;
        Ok(Counted::Renewed(self.code.clone()))
    }

    fn renew(&mut self) -> Result<(), RandomError> {
        self.code = (self.draw)()?;
        self.drawn += 1;
        self.wrong = 0;
        self.open = 0;
        Ok(())
    }
}

/// When the verdicts of wrong guesses go out: each [`WRONG_CODE_PAUSE`] after its guess was
/// counted at the soonest, and no two closer than a [`VERDICTS_PER_SECOND`]th of a second.
/// A guesser learns nothing before its verdict, so this is the pace of all guessing.
#[derive(Debug, Default)]
pub struct Pace {
    last: Option<Instant>,
}

impl Pace {
    /// When the verdict of a wrong guess counted at `counted` goes out (the host holds it
    /// until then).
    pub fn verdict_at(&mut self, counted: Instant) -> Instant {
        // Rounded up: the verdicts of any second are no more than said.
        let gap = Duration::from_nanos(1_000_000_000_u64.div_ceil(u64::from(VERDICTS_PER_SECOND)));
        let soonest = counted + WRONG_CODE_PAUSE;
        let at = self.last.map_or(soonest, |last| soonest.max(last + gap));
        self.last = Some(at);
        at
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verdicts_go_out_a_second_after_their_guess_and_three_a_second_at_most() {
        let start = Instant::now();
        let mut pace = Pace::default();
        // Eight guesses at once, as eight handshake places allow, then one long after.
        let mut at: Vec<Instant> = (0..8).map(|_| pace.verdict_at(start)).collect();
        let late = start + Duration::from_secs(60);
        at.push(pace.verdict_at(late));
        assert_eq!(at[0], start + WRONG_CODE_PAUSE);
        assert_eq!(at[8], late + WRONG_CODE_PAUSE);
        for (i, verdict) in at.iter().enumerate() {
            let in_a_second = at
                .iter()
                .filter(|&&other| other >= *verdict && other < *verdict + Duration::from_secs(1))
                .count();
            assert!(
                in_a_second <= 3,
                "verdict {i}: {in_a_second} within a second of it"
            );
        }
        // Eight guessers for ten seconds, each guessing again the moment its verdict comes:
        // at most 3 verdicts a second.
        let mut pace = Pace::default();
        let mut next = [start; 8];
        let end = start + Duration::from_secs(10);
        let mut verdicts = 0;
        loop {
            let (who, &counted) = next.iter().enumerate().min_by_key(|(_, t)| **t).expect("8");
            let verdict = pace.verdict_at(counted);
            if verdict > end {
                break;
            }
            verdicts += 1;
            next[who] = verdict;
        }
        assert!(verdicts <= 31, "{verdicts} verdicts in 10 s");
    }

    /// A count whose new codes are `1-river-river`, `2-river-river`, …
    fn guesses() -> Guesses {
        let mut n = 0;
        let draw: Draw = Box::new(move || {
            n += 1;
            Ok(format!("{n}-river-river").parse().expect("a code"))
        });
        Guesses::new("0-river-river".parse().expect("a code"), draw)
    }

    fn shown(g: &Guesses) -> String {
        g.code().to_string()
    }

    #[test]
    fn three_wrong_guesses_one_after_another_draw_a_new_code() {
        let mut g = guesses();
        for expected in [Counted::Wrong, Counted::Wrong] {
            let (code, ticket, renewed) = g.check().expect("check");
            assert_eq!((code.to_string(), renewed), ("0-river-river".into(), None));
            assert_eq!(g.settle(ticket, Verdict::Wrong), Ok(expected));
        }
        let (_, ticket, _) = g.check().expect("check");
        let new = g.settle(ticket, Verdict::Wrong).expect("settle");
        assert_eq!(
            new,
            Counted::Renewed("1-river-river".parse().expect("code"))
        );
        assert_eq!(shown(&g), "1-river-river");
    }

    #[test]
    fn no_code_meets_more_than_three_guesses_even_at_once() {
        let mut g = guesses();
        let mut checked = Vec::new();
        for _ in 0..8 {
            let (code, ticket, _) = g.check().expect("check");
            checked.push((code.to_string(), ticket));
        }
        let per_code = |code: &str| checked.iter().filter(|(c, _)| c == code).count();
        assert_eq!(per_code("0-river-river"), 3);
        assert_eq!(per_code("1-river-river"), 3);
        assert_eq!(per_code("2-river-river"), 2);
        // The verdicts of the replaced codes count against nothing now.
        for (_, ticket) in checked.drain(..6) {
            assert_eq!(g.settle(ticket, Verdict::Wrong), Ok(Counted::Nothing));
        }
        assert_eq!(shown(&g), "2-river-river");
    }

    #[test]
    fn a_right_code_and_no_guess_give_their_count_back() {
        let mut g = guesses();
        for _ in 0..10 {
            let (_, ticket, renewed) = g.check().expect("check");
            assert_eq!(renewed, None);
            assert_eq!(g.settle(ticket, Verdict::Right), Ok(Counted::Nothing));
            let (_, ticket, _) = g.check().expect("check");
            assert_eq!(g.settle(ticket, Verdict::NoGuess), Ok(Counted::Nothing));
        }
        // The guest who joined again and again keeps the code it was given.
        assert_eq!(shown(&g), "0-river-river");
    }

    #[test]
    fn no_random_numbers_when_a_new_code_is_due_is_an_error() {
        let draw: Draw = Box::new(|| Err(RandomError::for_tests()));
        let mut g = Guesses::new("0-river-river".parse().expect("code"), draw);
        for _ in 0..2 {
            let (_, ticket, _) = g.check().expect("check");
            assert_eq!(g.settle(ticket, Verdict::Wrong), Ok(Counted::Wrong));
        }
        let (_, ticket, _) = g.check().expect("check");
        assert!(g.settle(ticket, Verdict::Wrong).is_err());
    }
}
