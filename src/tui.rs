//! The terminal game: sets the terminal up, runs the draw → wait → update loop, and always
//! puts the terminal back (on quit, on error and on panic).

mod app;
mod input;
mod layout;
mod render;
pub mod strings;
mod theme;

#[cfg(test)]
mod tests;

pub use app::Options;

use app::App;
use layout::ScreenLayout;
use ratatui::DefaultTerminal;
use ratatui::crossterm::event::{self, Event};
use ratatui::layout::Rect;
use std::io::{self, IsTerminal, Write};
use std::time::Duration;
use xiangqi::Game;

/// Plays `game` in the terminal until a player quits; returns the game as it stands then.
///
/// # Errors
/// If standard output is not a terminal, or the terminal cannot be read or written.
pub fn run(game: Game, options: Options) -> io::Result<Game> {
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
            return Err(e);
        }
    };
    let mut app = App::new(game, options);
    let result = set_mouse_reporting(true).and_then(|()| event_loop(&mut terminal, &mut app));
    // Whatever happened, give the terminal back before anything else is printed.
    let _ = set_mouse_reporting(false);
    ratatui::restore();
    result.map(|()| app.into_game())
}

fn event_loop(terminal: &mut DefaultTerminal, app: &mut App) -> io::Result<()> {
    // Starts crossterm's event reader now, so a resize that comes before the first key is
    // seen (its SIGWINCH handler is installed with the reader).
    event::poll(Duration::ZERO)?;
    terminal.draw(|frame| frame.render_widget(&*app, frame.area()))?;
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
            terminal.draw(|frame| frame.render_widget(&*app, frame.area()))?;
        }
    }
    Ok(())
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
