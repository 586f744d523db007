//! What wakes the event loop: one channel that the input and signal threads and the
//! background workers all send on.

use crate::tui::state::app::Action;
use ratatui::crossterm::event::Event;
use std::io;

/// What wakes the loop. Anything running beside it (the input and signal threads, a
/// background worker) holds a `Sender` of these.
#[derive(Debug)]
pub enum Incoming {
    /// A key, click, paste or resize.
    Terminal(Event),
    /// The terminal could not be read: the game cannot go on.
    InputFailed(io::Error),
    /// A signal: SIGTERM, SIGHUP or SIGINT (leave), SIGTSTP (suspend) or SIGCONT (back).
    Signal(i32),
    /// A background worker's report, handed to `App::update` as it is.
    Report(Action),
}
