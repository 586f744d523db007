//! What wakes the event loop: one channel that the input and signal threads and the
//! background workers all send on.

use crate::tui::state::action::Action;
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

/// Waits on `incoming` for the next thing to happen; with a tick asked for at `next_tick`
/// (on the loop's clock, which reads `elapsed` now), until then at the latest (a timeout).
/// A channel that every sender has left is `Disconnected` either way.
pub fn wait_for<T>(
    incoming: &std::sync::mpsc::Receiver<T>,
    next_tick: Option<std::time::Duration>,
    elapsed: std::time::Duration,
) -> Result<T, std::sync::mpsc::RecvTimeoutError> {
    match next_tick {
        None => incoming
            .recv()
            .map_err(|_| std::sync::mpsc::RecvTimeoutError::Disconnected),
        Some(at) => incoming.recv_timeout(at.saturating_sub(elapsed)),
    }
}
