//! The terminal game: sets the terminal up, runs the draw → wait → update loop, and always
//! puts the terminal back (on quit, on error and on panic).

mod app;
// Wired into the command line when it moves to clap.
#[allow(dead_code)]
mod config;
mod edit;
mod files;
mod input;
mod lang;
mod layout;
mod pieces;
mod render;
mod rgb;
pub mod strings;
mod theme;

#[cfg(test)]
mod tests;

pub use app::{Options, Record};

use app::{App, SCREEN_STYLE};
use layout::ScreenLayout;
use ratatui::DefaultTerminal;
use ratatui::crossterm::event::{self, Event};
use ratatui::layout::Rect;
use std::io::{self, IsTerminal, Write};
use std::time::Duration;
use xiangqi::{Game, Notation};

/// Plays `game` (read from a file if `record` says so) in the terminal until a player quits;
/// returns the game as it stands then, and the notation its moves were shown in.
///
/// # Errors
/// If standard output is not a terminal, or the terminal cannot be read or written.
pub fn run(game: Game, record: Option<Record>, options: Options) -> io::Result<(Game, Notation)> {
    if !io::stdout().is_terminal() {
        return Err(io::Error::other(
            "the game draws on a terminal, but standard output is not one",
        ));
    }
    install_panic_hook();
    // `try_init` enters raw mode and the alternate screen, and adds a panic hook that leaves
    // them before ours (above) runs.
    let mut terminal = match ratatui::try_init() {
        Ok(t) => t,
        Err(e) => {
            ratatui::restore();
            return Err(context(e, "cannot set up the terminal"));
        }
    };
    let mut app = match record {
        Some(record) => App::loaded(game, record, options),
        None => App::new(game, options),
    };
    let result = set_mouse_reporting(true).and_then(|()| event_loop(&mut terminal, &mut app));
    // Whatever happened, give the terminal back before anything else is printed.
    let _ = set_mouse_reporting(false);
    ratatui::restore();
    result
        .map(|()| app.into_game())
        .map_err(|e| context(e, "the terminal failed during the game"))
}

/// `e` with what was being done when it happened: a bare "Input/output error (os error 5)"
/// does not say that it was the terminal.
fn context(e: io::Error, doing: &str) -> io::Error {
    io::Error::new(e.kind(), format!("{doing}: {e}"))
}

fn event_loop(terminal: &mut DefaultTerminal, app: &mut App) -> io::Result<()> {
    // Starts crossterm's event reader now, so a resize that comes before the first key is
    // seen (its SIGWINCH handler is installed with the reader).
    event::poll(Duration::ZERO)?;
    draw(terminal, app)?;
    while !app.should_quit() {
        // Blocks until something happens: waiting costs no CPU.
        let event = event::read()?;
        let size = terminal.size()?;
        let layout = ScreenLayout::new(Rect::new(0, 0, size.width, size.height), app.flipped());
        let changed = match input::action_for(&event, app.mode(), &layout) {
            Some(action) => {
                app.update(action);
                true
            }
            None => matches!(event, Event::Resize(..)),
        };
        if changed && !app.should_quit() {
            draw(terminal, app)?;
        }
    }
    Ok(())
}

/// One frame; the terminal's cursor shows only on an open prompt (where an input method
/// composes).
fn draw(terminal: &mut DefaultTerminal, app: &App) -> io::Result<()> {
    terminal.draw(|frame| {
        frame.render_widget(app, frame.area());
        if let Some(cell) = render::prompt_cursor(app, frame.area()) {
            frame.set_cursor_position(cell);
        }
    })?;
    Ok(())
}

/// What is printed when the game closes: the final position's FEN, the moves as PGN
/// movetext in `notation` (if any were played), and the result if the game has ended.
#[must_use]
pub fn summary(game: &Game, notation: Notation) -> Vec<String> {
    let mut lines = vec![game.position().fen()];
    if !game.moves().is_empty() {
        lines.push(xiangqi::pgn::movetext(
            game.start(),
            game.moves(),
            notation,
            &SCREEN_STYLE,
        ));
    }
    if let Some(outcome) = game.outcome() {
        lines.push(strings::result_line(outcome));
    }
    lines
}

/// Turns off mouse reporting on a panic, before the default hook prints the message.
/// Installed before ratatui's hook, which restores the rest of the terminal first.
fn install_panic_hook() {
    let previous = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let _ = set_mouse_reporting(false);
        previous(info);
    }));
}

/// Asks the terminal to report mouse button presses and releases only (mode 1000) in SGR
/// form (1006, unlimited coordinates). crossterm's `EnableMouseCapture` would also turn on
/// every-motion reports, waking the loop on each mouse movement for nothing.
fn set_mouse_reporting(on: bool) -> io::Result<()> {
    let mut out = io::stdout();
    let codes: &[u8] = if on {
        b"\x1b[?1000h\x1b[?1006h"
    } else {
        b"\x1b[?1006l\x1b[?1000l"
    };
    out.write_all(codes)?;
    out.flush()
}
