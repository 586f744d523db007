//! `xiangqi-rating`: ratings as the club server and the puzzles keep them — Glicko-2
//! ([`Rating`], [`rate`]), as Mark Glickman describes it in "Example of the Glicko-2 system"
//! (2013), and the time-control categories a player has one rating in ([`Category`]).
//!
//! ```
//! use xiangqi_rating::{Outcome, Rating, Settings, rate};
//!
//! let player = Rating::new(1500.0, 200.0, 0.06);
//! let games = [
//!     (Rating::new(1400.0, 30.0, 0.06), Outcome::Win),
//!     (Rating::new(1550.0, 100.0, 0.06), Outcome::Loss),
//!     (Rating::new(1700.0, 300.0, 0.06), Outcome::Loss),
//! ];
//! let after = rate(player, &games, &Settings::default());
//! assert_eq!(after.rating.round(), 1464.0);
//! assert_eq!(after.deviation.round(), 152.0);
//! ```

#![deny(missing_docs)]

mod category;
mod glicko2;

pub use category::Category;
pub use glicko2::{Outcome, Rating, Settings, decay, rate};
