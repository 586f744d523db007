//! Running the game: the terminal set up and always restored, the event loop, the effects
//! performed, the engine's background worker, and the annotator of whole games.

pub mod annotator;
pub mod clipboard;
pub mod event_loop;
pub mod host;
pub mod incoming;
pub mod network;
pub mod perform;
pub mod slot_choice;
pub mod start;
pub mod stop_flags;
pub mod terminal;
pub mod worker;
