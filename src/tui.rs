//! The terminal game: sets the terminal up, runs the loop, and always puts the terminal back
//! (on quit, on error, on panic and on a signal).
//!
//! # The loop
//! Everything that can wake the game arrives on one channel as an [`Incoming`](run::incoming::Incoming): terminal
//! events (read on an input thread), signals (a signal thread) and reports from background
//! workers. The loop waits on it — with a timeout only when `App::next_tick` asks for a
//! tick (a running clock) — so an idle game costs no CPU. Each action goes to `App::update`,
//! which stays pure: the time comes in as `Action::Tick`, and what should happen outside the
//! app (save, autosave, suspend, quit) comes back as effects, which the loop performs,
//! handing results back as actions.

#[cfg(test)]
mod tests;

pub mod door;
pub mod i18n;
pub mod input;
pub mod jieqi;
#[cfg(feature = "online")]
pub mod lobby;
pub mod look;
pub mod run;
pub mod state;
pub mod store;
pub mod view;

pub use i18n::lang::Lang;
pub use look::pieces::PieceGlyphs;
pub use look::theme::ThemeName;
pub use state::app::Options;
pub use state::computer::ComputerOptions;

pub use run::network::{NetStart, shown_address};
pub use run::start::{Start, index_file, named, resume_game, run, run_net, summary};
pub use store::saved::SavedGame;
