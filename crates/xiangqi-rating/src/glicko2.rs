//! Glicko-2: a rating, how sure it is (the deviation) and how erratic the player is (the
//! volatility), updated after a rating period's games.

/// The factor between the Glicko scale (ratings around 1500) and Glicko-2's internal one.
const SCALE: f64 = 173.7178;

/// A player's rating on the familiar scale (1500 for a newcomer).
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Rating {
    /// The rating itself.
    pub rating: f64,
    /// The rating deviation: about 95% sure the true strength is within twice this.
    pub deviation: f64,
    /// The volatility: how much the strength is expected to move.
    pub volatility: f64,
}

impl Rating {
    /// A rating of `rating` with deviation `deviation` and volatility `volatility`.
    #[must_use]
    pub const fn new(rating: f64, deviation: f64, volatility: f64) -> Rating {
        Rating {
            rating,
            deviation,
            volatility,
        }
    }

    /// A newcomer's rating as the settings give it.
    #[must_use]
    pub fn newcomer(settings: &Settings) -> Rating {
        Rating::new(
            settings.start_rating,
            settings.start_deviation,
            settings.start_volatility,
        )
    }

    fn mu(self) -> f64 {
        (self.rating - 1500.0) / SCALE
    }

    fn phi(self) -> f64 {
        self.deviation / SCALE
    }
}

/// The result of one game, from the rated player's side.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The player won.
    Win,
    /// A draw.
    Draw,
    /// The player lost.
    Loss,
}

impl Outcome {
    fn score(self) -> f64 {
        match self {
            Outcome::Win => 1.0,
            Outcome::Draw => 0.5,
            Outcome::Loss => 0.0,
        }
    }
}

/// The system's constants.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct Settings {
    /// τ, how much the volatility may change in a period (Glickman suggests 0.3 to 1.2).
    pub tau: f64,
    /// A newcomer's rating.
    pub start_rating: f64,
    /// A newcomer's deviation.
    pub start_deviation: f64,
    /// A newcomer's volatility.
    pub start_volatility: f64,
    /// The largest deviation a rating ever has (a newcomer's, by default).
    pub max_deviation: f64,
}

impl Default for Settings {
    /// τ 0.5 and a newcomer at 1500 ± 350, volatility 0.06.
    fn default() -> Settings {
        Settings {
            tau: 0.5,
            start_rating: 1500.0,
            start_deviation: 350.0,
            start_volatility: 0.06,
            max_deviation: 350.0,
        }
    }
}

/// `g(φ)`: how much a game against an opponent of deviation φ (internal scale) counts.
fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (std::f64::consts::PI * std::f64::consts::PI)).sqrt()
}

/// The expected score against an opponent, internal scale.
fn expected(mu: f64, mu_j: f64, phi_j: f64) -> f64 {
    1.0 / (1.0 + (-g(phi_j) * (mu - mu_j)).exp())
}

/// `player`'s rating after a rating period in which they played `games` (each opponent's
/// rating as it stood at the start of the period, and the result). With no games the rating
/// stays and only the deviation grows ([`decay`]).
#[must_use]
pub fn rate(player: Rating, games: &[(Rating, Outcome)], settings: &Settings) -> Rating {
    if games.is_empty() {
        return decay(player, settings);
    }
    let (mu, phi, sigma) = (player.mu(), player.phi(), player.volatility);
    // Step 3 and 4: the estimated variance v and improvement Δ.
    let mut v_inverse = 0.0;
    let mut sum = 0.0;
    for &(opponent, outcome) in games {
        let (mu_j, phi_j) = (opponent.mu(), opponent.phi());
        let e = expected(mu, mu_j, phi_j);
        v_inverse += g(phi_j) * g(phi_j) * e * (1.0 - e);
        sum += g(phi_j) * (outcome.score() - e);
    }
    let v = 1.0 / v_inverse;
    let delta = v * sum;
    // Step 5: the new volatility, by the Illinois algorithm.
    let sigma = new_volatility(sigma, phi, v, delta, settings.tau);
    // Steps 6 to 8.
    let phi_star = (phi * phi + sigma * sigma).sqrt();
    let phi = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
    let mu = mu + phi * phi * sum;
    Rating {
        rating: mu * SCALE + 1500.0,
        deviation: (phi * SCALE).min(settings.max_deviation),
        volatility: sigma,
    }
}

/// `player`'s rating after a rating period without games: as sure as it was less the
/// volatility's spread, never past the settings' largest deviation.
#[must_use]
pub fn decay(player: Rating, settings: &Settings) -> Rating {
    let phi = player.phi();
    let phi_star = (phi * phi + player.volatility * player.volatility).sqrt();
    Rating {
        deviation: (phi_star * SCALE).min(settings.max_deviation),
        ..player
    }
}

/// Glickman's step 5: the volatility σ' that solves f(x) = 0, x = ln σ'².
fn new_volatility(sigma: f64, phi: f64, v: f64, delta: f64, tau: f64) -> f64 {
    const EPSILON: f64 = 0.000_001;
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        let d = phi * phi + v + ex;
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (tau * tau)
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * tau) < 0.0 && k < 1000.0 {
            k += 1.0;
        }
        a - k * tau
    };
    let (mut f_a, mut f_b) = (f(big_a), f(big_b));
    // Each step halves the interval at least as bisection would; a hundred is far past
    // what the tolerance needs, and keeps a pathological input from looping.
    for _ in 0..100 {
        if (big_b - big_a).abs() <= EPSILON {
            break;
        }
        let c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
        let f_c = f(c);
        if f_c * f_b <= 0.0 {
            big_a = big_b;
            f_a = f_b;
        } else {
            f_a /= 2.0;
        }
        big_b = c;
        f_b = f_c;
    }
    (big_a / 2.0).exp()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Glickman's worked example: 1500 ± 200 (σ 0.06) beats 1400 ± 30 and loses to
    /// 1550 ± 100 and 1700 ± 300, τ 0.5; he gives 1464.06 ± 151.52, σ' 0.05999.
    #[test]
    fn glickmans_worked_example() {
        let player = Rating::new(1500.0, 200.0, 0.06);
        let games = [
            (Rating::new(1400.0, 30.0, 0.06), Outcome::Win),
            (Rating::new(1550.0, 100.0, 0.06), Outcome::Loss),
            (Rating::new(1700.0, 300.0, 0.06), Outcome::Loss),
        ];
        let after = rate(player, &games, &Settings::default());
        assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 0.01, "{after:?}");
        assert!((after.volatility - 0.05999).abs() < 0.00001, "{after:?}");
    }

    #[test]
    fn a_win_raises_a_rating_and_a_loss_lowers_it() {
        let settings = Settings::default();
        let a = Rating::newcomer(&settings);
        let b = Rating::newcomer(&settings);
        let won = rate(a, &[(b, Outcome::Win)], &settings);
        let lost = rate(b, &[(a, Outcome::Loss)], &settings);
        assert!(won.rating > 1500.0 && lost.rating < 1500.0);
        assert!((won.rating - 1500.0 - (1500.0 - lost.rating)).abs() < 1e-9);
        assert!(won.deviation < settings.start_deviation);
    }

    #[test]
    fn a_draw_against_an_equal_leaves_the_rating_and_narrows_the_deviation() {
        let settings = Settings::default();
        let a = Rating::new(1700.0, 80.0, 0.06);
        let after = rate(a, &[(a, Outcome::Draw)], &settings);
        assert!((after.rating - 1700.0).abs() < 1e-9, "{after:?}");
        assert!(after.deviation < 80.0);
    }

    #[test]
    fn a_period_without_games_widens_the_deviation_up_to_the_largest() {
        let settings = Settings::default();
        let sure = Rating::new(1800.0, 50.0, 0.06);
        let later = rate(sure, &[], &settings);
        assert_eq!(later.rating, 1800.0);
        assert!(later.deviation > 50.0);
        let mut r = sure;
        for _ in 0..100_000 {
            r = decay(r, &settings);
        }
        assert_eq!(r.deviation, settings.max_deviation);
    }
}
