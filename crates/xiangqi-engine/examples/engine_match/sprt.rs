//! The sequential probability ratio test on game results (`--sprt ELO0,ELO1`): after each
//! game, the log-likelihood ratio of "A is ELO1 stronger" against "A is ELO0 stronger"; the
//! match stops once it leaves the bounds set by the error rates alpha and beta.
//!
//! The ratio is the generalised SPRT on the trinomial W/D/L results with the usual normal
//! approximation (as chess testing frameworks compute it): with `N` games of mean score `m`
//! and variance `v` a game, and `s0`, `s1` the expected scores at ELO0 and ELO1 (logistic
//! Elo), `LLR = N·(s1 − s0)·(2m − s0 − s1) / (2v)`.

use super::Failure;

/// Which hypothesis the test accepted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// A is ELO0 stronger (or weaker): the change does not help as much as ELO1.
    H0,
    /// A is ELO1 stronger.
    H1,
}

/// The test's Elo bounds and error rates.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sprt {
    pub elo0: f64,
    pub elo1: f64,
    pub alpha: f64,
    pub beta: f64,
}

impl Sprt {
    /// `ELO0,ELO1` with alpha = beta = 0.05.
    pub fn parse(text: &str) -> Result<Sprt, Failure> {
        let bad = || format!("--sprt {text}: expected ELO0,ELO1 with ELO0 < ELO1, e.g. 0,10");
        let (a, b) = text.split_once(',').ok_or_else(bad)?;
        let elo0: f64 = a.trim().parse().map_err(|_| bad())?;
        let elo1: f64 = b.trim().parse().map_err(|_| bad())?;
        if !(elo0.is_finite() && elo1.is_finite() && elo0 < elo1) {
            return Err(bad().into());
        }
        Ok(Sprt {
            elo0,
            elo1,
            alpha: 0.05,
            beta: 0.05,
        })
    }

    /// The lower and upper bounds of the ratio: ln(β/(1−α)) and ln((1−β)/α).
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio after `wins`, `draws` and `losses` from A's view; 0 while
    /// the results do not vary (no games, or all of one kind), which tell nothing of the
    /// spread yet.
    pub fn llr(&self, wins: u32, draws: u32, losses: u32) -> f64 {
        let n = f64::from(wins + draws + losses);
        if n == 0.0 {
            return 0.0;
        }
        let m = (f64::from(wins) + f64::from(draws) / 2.0) / n;
        let v = (f64::from(wins) * (1.0 - m).powi(2)
            + f64::from(draws) * (0.5 - m).powi(2)
            + f64::from(losses) * m.powi(2))
            / n;
        if v <= 0.0 {
            return 0.0;
        }
        let score = |elo: f64| 1.0 / (1.0 + 10f64.powf(-elo / 400.0));
        let (s0, s1) = (score(self.elo0), score(self.elo1));
        n * (s1 - s0) * (2.0 * m - s0 - s1) / (2.0 * v)
    }

    /// The verdict once the ratio has left its bounds.
    pub fn verdict(&self, llr: f64) -> Option<Verdict> {
        let (low, high) = self.bounds();
        if llr >= high {
            Some(Verdict::H1)
        } else if llr <= low {
            Some(Verdict::H0)
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_ratio_matches_a_figure_worked_by_hand() {
        // 60 wins, 20 draws, 40 losses: m = 70/120 = 0.583333; v = (60·0.416667² +
        // 20·0.083333² + 40·0.583333²)/120 = 24.16667/120 = 0.201389; s0 = 0.5,
        // s1 = 1/(1 + 10^(−10/400)) = 0.514387; LLR = 120·0.014387·(1.166667 − 1.014387)
        // / (2·0.201389) = 0.6527.
        let t = Sprt::parse("0,10").expect("valid bounds");
        assert!(
            (t.llr(60, 20, 40) - 0.6527).abs() < 1e-3,
            "{}",
            t.llr(60, 20, 40)
        );
        // The mirror image: m = 50/120 = 0.416667, the same v; LLR = 120·0.014387·
        // (0.833333 − 1.014387) / 0.402778 = −0.7761.
        assert!(
            (t.llr(40, 20, 60) + 0.7761).abs() < 1e-3,
            "{}",
            t.llr(40, 20, 60)
        );
    }

    #[test]
    fn the_bounds_are_those_of_five_percent_errors() {
        let t = Sprt::parse("0, 10").expect("valid bounds");
        let (low, high) = t.bounds();
        assert!((low + 2.9444).abs() < 1e-4 && (high - 2.9444).abs() < 1e-4);
        assert_eq!(t.verdict(3.0), Some(Verdict::H1));
        assert_eq!(t.verdict(-3.0), Some(Verdict::H0));
        assert_eq!(t.verdict(2.9), None);
    }

    #[test]
    fn a_clear_result_is_accepted_and_a_level_one_rejected() {
        let t = Sprt::parse("0,10").expect("valid bounds");
        // 300 wins, 200 draws, 100 losses: far above 10 Elo.
        assert_eq!(t.verdict(t.llr(300, 200, 100)), Some(Verdict::H1));
        // 2,000 each way: level, so not 10 Elo better (LLR −3.7).
        assert_eq!(t.verdict(t.llr(2000, 2000, 2000)), Some(Verdict::H0));
        assert_eq!(t.llr(5, 0, 0), 0.0);
    }

    #[test]
    fn bad_bounds_are_refused() {
        for text in ["10", "10,0", "a,b", "0,10,20", "5,5"] {
            assert!(Sprt::parse(text).is_err(), "{text}");
        }
    }
}
