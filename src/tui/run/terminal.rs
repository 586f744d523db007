//! The terminal itself: raw mode and the alternate screen set up and always restored, mouse
//! reporting, the panic hook, and the threads that read input and signals.

use crate::tui::run::incoming::Incoming;
use ratatui::crossterm::event::{self};
use ratatui::crossterm::{cursor, execute, style, terminal};
use signal_hook::consts::signal::{SIGCONT, SIGHUP, SIGINT, SIGTERM, SIGTSTP};
use std::io::{self, Write};
use std::sync::mpsc::Sender;

/// `e` with what was being done when it happened: a bare "Input/output error (os error 5)"
/// does not say that it was the terminal.
pub(crate) fn context(e: io::Error, doing: &str) -> io::Error {
    io::Error::new(e.kind(), format!("{doing}: {e}"))
}

/// Does this terminal draw box-drawing characters two cells wide, as some do with the
/// East Asian "ambiguous" widths under a Chinese or Japanese locale? The board would then
/// come apart. Prints one at the top left of the screen and asks the terminal where the
/// cursor went (a cursor position report), then clears the line. A terminal that does not
/// answer within crossterm's wait (two seconds) counts as narrow. Must run before the input
/// thread starts reading, which would take the answer.
pub(crate) fn box_lines_are_wide() -> bool {
    let mut out = io::stdout();
    let column = execute!(out, cursor::MoveTo(0, 0), style::Print('─'))
        .ok()
        .and_then(|()| cursor::position().ok())
        .map(|(column, _)| column);
    let _ = execute!(
        out,
        cursor::MoveTo(0, 0),
        terminal::Clear(terminal::ClearType::CurrentLine)
    );
    column.is_some_and(|c| c >= 2)
}

/// The terminal taken for the screen: the signals the game handles forwarded on `tx` from
/// now on, the panic hooks in place, raw mode and the alternate screen entered (and left
/// again if that fails). The handle stops the signals' thread.
pub(crate) fn open_terminal(
    tx: &Sender<Incoming>,
) -> io::Result<(ratatui::DefaultTerminal, signal_hook::iterator::Handle)> {
    // Before the terminal is touched: a signal from now on is handled by the loop.
    let signals =
        listen_for_signals(tx.clone()).map_err(|e| context(e, "cannot listen for signals"))?;
    install_panic_hook();
    // `try_init` enters raw mode and the alternate screen, and adds a panic hook that leaves
    // them before ours (above) runs.
    match ratatui::try_init() {
        Ok(terminal) => Ok((terminal, signals)),
        Err(e) => {
            restore_terminal();
            signals.close();
            Err(context(e, "cannot set up the terminal"))
        }
    }
}

/// The time now for the loop that started at `started`: since then, by the monotonic clock,
/// and the wall clock's seconds.
pub(crate) fn now_since(started: std::time::Instant) -> crate::tui::state::action::Now {
    let unix_secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(0));
    crate::tui::state::action::Now {
        elapsed: started.elapsed(),
        unix_secs,
    }
}

/// Forwards the signals the game handles to the loop, from a thread of their own.
pub(crate) fn listen_for_signals(
    tx: Sender<Incoming>,
) -> io::Result<signal_hook::iterator::Handle> {
    let mut signals =
        signal_hook::iterator::Signals::new([SIGTERM, SIGHUP, SIGINT, SIGTSTP, SIGCONT])?;
    let handle = signals.handle();
    std::thread::Builder::new()
        .name("signals".into())
        .spawn(move || {
            for signal in signals.forever() {
                if tx.send(Incoming::Signal(signal)).is_err() {
                    break;
                }
            }
        })?;
    Ok(handle)
}

/// Reads terminal events on a thread of its own: blocked in a read, it costs no CPU.
pub(crate) fn read_input(tx: Sender<Incoming>) -> io::Result<()> {
    std::thread::Builder::new()
        .name("input".into())
        .spawn(move || {
            loop {
                let (incoming, last) = match event::read() {
                    Ok(event) => (Incoming::Terminal(event), false),
                    Err(e) => (Incoming::InputFailed(e), true),
                };
                if tx.send(incoming).is_err() || last {
                    break;
                }
            }
        })?;
    Ok(())
}

/// Leaves the terminal as it was found: mouse reporting off, the main screen back, the
/// cursor shown, raw mode off. Each step is tried even if one fails.
pub(crate) fn restore_terminal() {
    let _ = set_mouse_reporting(false);
    let _ = execute!(io::stdout(), event::DisableBracketedPaste);
    let _ = execute!(io::stdout(), terminal::LeaveAlternateScreen, cursor::Show);
    let _ = terminal::disable_raw_mode();
}

/// Turns off mouse reporting on a panic, before the default hook prints the message.
/// Installed before ratatui's hook, which restores the rest of the terminal first.
pub(crate) fn install_panic_hook() {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let _ = set_mouse_reporting(false);
        previous(info);
    }));
}

/// Asks the terminal to mark pasted text (bracketed paste), so that a paste arrives as one
/// piece of text instead of keys that would act (`n`, `g`, `q` …), and reports mouse buttons.
pub(crate) fn set_input_modes() -> io::Result<()> {
    execute!(io::stdout(), event::EnableBracketedPaste)?;
    set_mouse_reporting(true)
}

/// Asks the terminal to report mouse button presses and releases only (mode 1000) in SGR
/// form (1006, unlimited coordinates). crossterm's `EnableMouseCapture` would also turn on
/// every-motion reports, waking the loop on each mouse movement for nothing.
pub(crate) fn set_mouse_reporting(on: bool) -> io::Result<()> {
    let mut out = io::stdout();
    let codes: &[u8] = if on {
        b"\x1b[?1000h\x1b[?1006h"
    } else {
        b"\x1b[?1006l\x1b[?1000l"
    };
    out.write_all(codes)?;
    out.flush()
}

/// The terminal set up for a game, and the channel its loop waits on.
pub(crate) struct GameTerminal {
    /// In raw mode, on the alternate screen.
    pub(crate) terminal: ratatui::DefaultTerminal,
    /// Where input, signals and workers send.
    pub(crate) tx: Sender<Incoming>,
    /// What the loop reads.
    pub(crate) rx: std::sync::mpsc::Receiver<Incoming>,
    /// The signal thread's handle, closed when the game ends.
    pub(crate) signals: signal_hook::iterator::Handle,
}

/// Sets the terminal up for a game: refuses a standard output that is no terminal, listens
/// for signals before the terminal is touched (a signal from then on is the loop's), and
/// enters raw mode and the alternate screen.
///
/// # Errors
/// Standard output is not a terminal, or it cannot be set up.
pub(crate) fn open_game_terminal() -> io::Result<GameTerminal> {
    use std::io::IsTerminal as _;
    if !io::stdout().is_terminal() {
        return Err(io::Error::other(
            "the game draws on a terminal, but standard output is not one",
        ));
    }
    let (tx, rx) = std::sync::mpsc::channel();
    let (terminal, signals) = open_terminal(&tx)?;
    Ok(GameTerminal {
        terminal,
        tx,
        rx,
        signals,
    })
}
