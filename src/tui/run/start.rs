//! Starting and ending a game in the terminal: what `xiangqi` runs, `--resume`'s game, and
//! the summary printed when the screen closes.

use crate::tui::look::pieces::PieceGlyphs;
use crate::tui::run::event_loop::*;
use crate::tui::run::terminal::*;
use crate::tui::state::app::{App, Options, Record, SCREEN_STYLE};
use std::io::{self, IsTerminal, Write};
use std::path::PathBuf;
use std::sync::mpsc::{self};
use std::time::Instant;
use xiangqi::{Game, Notation};

/// Plays `game` (read from a file if `record` says so) in the terminal until a player quits;
/// returns the game as it stands then, and the notation its moves were shown in. A SIGTERM,
/// SIGHUP or SIGINT from outside ends the program here, after the terminal is restored and
/// the summary printed, with exit code 128 + the signal's number.
///
/// # Errors
/// If standard output is not a terminal, or the terminal cannot be read or written.
pub fn run(game: Game, record: Option<Record>, options: Options) -> io::Result<(Game, Notation)> {
    run_with(game, record, options, None)
}

/// As [`run`], starting with the game picker of the file `path` (indexed as `index`).
///
/// # Errors
/// As [`run`].
pub fn run_picker(
    path: PathBuf,
    index: xiangqi::pgn::GameIndex,
    options: Options,
) -> io::Result<(Game, Notation)> {
    let start = Game::new(xiangqi::Position::start());
    run_with(start, None, options, Some((path, index)))
}

/// The games of the file `path`, indexed for the picker (tags only, no moves read).
///
/// # Errors
/// The file cannot be read or holds no game: what and where.
pub fn index_file(path: &std::path::Path) -> Result<xiangqi::pgn::GameIndex, String> {
    crate::tui::store::library::index_file(path)
}

/// A record holding only the players' names of a new game (`--red`, `--black`), if given.
#[must_use]
pub fn named(red: Option<&str>, black: Option<&str>) -> Option<Record> {
    crate::tui::state::app::review::named(red, black)
}

pub(crate) fn run_with(
    game: Game,
    record: Option<Record>,
    options: Options,
    picker: Option<(PathBuf, xiangqi::pgn::GameIndex)>,
) -> io::Result<(Game, Notation)> {
    if !io::stdout().is_terminal() {
        return Err(io::Error::other(
            "the game draws on a terminal, but standard output is not one",
        ));
    }
    let (tx, rx) = mpsc::channel();
    // Before the terminal is touched: a signal from now on is handled by the loop.
    let signals =
        listen_for_signals(tx.clone()).map_err(|e| context(e, "cannot listen for signals"))?;
    install_panic_hook();
    // `try_init` enters raw mode and the alternate screen, and adds a panic hook that leaves
    // them before ours (above) runs.
    let mut terminal = match ratatui::try_init() {
        Ok(t) => t,
        Err(e) => {
            restore_terminal();
            return Err(context(e, "cannot set up the terminal"));
        }
    };
    let resume_hint = record.is_none()
        && picker.is_none()
        && game.moves().is_empty()
        && !options.resumed
        && options.puzzle.is_none();
    let engine = options.engine.clone();
    let mut app = match record {
        Some(record) if options.resumed => App::resumed(game, record, options),
        Some(record) => App::loaded(game, record, options),
        None => App::new(game, options),
    };
    if let Some((path, index)) = picker {
        app = app.with_picker(path, crate::tui::store::library::Shared::new(index));
    }
    let state = crate::tui::store::autosave::folder();
    if let Some(folder) = &state {
        crate::tui::store::autosave::clean_stale(folder);
    }
    let result = set_mouse_reporting(true).and_then(|()| {
        let worker = crate::tui::run::worker::Worker::new(tx.clone(), engine);
        read_input(tx)?;
        EventLoop {
            terminal: &mut terminal,
            app: &mut app,
            incoming: rx,
            started: Instant::now(),
            state,
            worker,
        }
        .run(resume_hint)
    });
    // Whatever happened, give the terminal back before anything else is printed.
    restore_terminal();
    signals.close();
    match result {
        Ok(Ending::Quit) => Ok(app.into_game()),
        Ok(Ending::Signal(signal)) => {
            let glyphs = app.piece_glyphs();
            let (game, notation) = app.into_game();
            // The terminal may be gone (SIGHUP): then there is nobody to tell.
            let mut out = io::stdout().lock();
            for line in summary(&game, notation, glyphs) {
                if writeln!(out, "{line}").is_err() {
                    break;
                }
            }
            let _ = out.flush();
            std::process::exit(128 + signal);
        }
        Err(e) => Err(context(e, "the terminal failed during the game")),
    }
}

/// The last game, kept as it was played, to continue (`--resume`): at its last position with
/// its moves to take back; its clocks and notation are in the record's tags. Run it with
/// [`Options::resumed`] set.
///
/// # Errors
/// There is no such game, it has ended, or its file cannot be read: what and where.
pub fn resume_game() -> Result<(Game, Record), String> {
    let folder = crate::tui::store::autosave::folder()
        .ok_or("--resume: no home folder to find the last game in")?;
    let path = crate::tui::store::autosave::path_in(&folder);
    let pgn = crate::tui::store::autosave::read(&folder)?.ok_or_else(|| {
        format!(
            "--resume: no game to continue ({} does not exist)",
            path.display()
        )
    })?;
    if !crate::tui::store::autosave::unfinished(&pgn) {
        return Err(format!(
            "--resume: the last game ({}) has ended or has no moves; start a new one",
            path.display()
        ));
    }
    Ok((pgn.to_game(), Record::of(&pgn)))
}

/// What is printed when the game closes: the final position's FEN, the moves as PGN
/// movetext in `notation` and `glyphs` (if any were played), and the result if the game has
/// ended.
#[must_use]
pub fn summary(game: &Game, notation: Notation, glyphs: PieceGlyphs) -> Vec<String> {
    let mut lines = vec![game.position().fen()];
    if !game.moves().is_empty() {
        lines.push(xiangqi::pgn::movetext(
            game.start(),
            game.moves(),
            notation,
            &xiangqi::NotationStyle {
                glyphs: glyphs.notation(),
                ..SCREEN_STYLE
            },
        ));
    }
    if let Some(outcome) = game.outcome() {
        lines.push(crate::tui::view::strings::result_line(outcome));
    }
    lines
}
