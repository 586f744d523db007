//! Starting and ending a game in the terminal: what `xiangqi` runs, `--resume`'s game, and
//! the summary printed when the screen closes.

use crate::tui::i18n::catalogue::{id, tr, tr_args};
use crate::tui::i18n::lang::Lang;
use crate::tui::look::pieces::PieceGlyphs;
use crate::tui::run::event_loop::{Ending, EventLoop};
use crate::tui::run::host::host;
use crate::tui::run::network::{NetStart, Network};
use crate::tui::run::slot_choice::{self, slot_notice};
use crate::tui::run::terminal::{
    GameTerminal, box_lines_are_wide, context, open_game_terminal, read_input, restore_terminal,
    set_input_modes,
};
use crate::tui::run::worker::{EngineChoice, Worker};
use crate::tui::state::action::{Action, DoorReport};
use crate::tui::state::app::{App, Options};
use crate::tui::state::desk::SCREEN_STYLE;
use crate::tui::state::net::NetPlay;
use crate::tui::store::autosave::{self, AutosaveError, ClockTagError};
use crate::tui::store::files::shown;
use crate::tui::store::library::Shared;
use crate::tui::store::saved::Record;
use crate::tui::store::saved::SavedGame;
use crate::tui::store::slot::{Clear, SLOTS, Slot, SlotError, autosave_path, first_run};
use crate::tui::view::words::{clock_reasons, errors};
use fluent_bundle::FluentValue;
use std::io::{self, Write};
use std::path::Path;
use std::path::PathBuf;
use std::sync::mpsc::{self};
use std::time::Instant;
use thiserror::Error;
use xiangqi_engine::default_threads;
use xiangqi_rules::{Game, Notation};

/// How a game in the terminal starts.
#[derive(Debug)]
pub enum Start {
    /// A new game from this position, its players named if they were (`--red`, `--black`).
    New {
        /// The game.
        game: Game,
        /// A record holding only the players' names.
        names: Option<Record>,
    },
    /// A game read from a file (`--load`), or the autosave (`--resume`, with
    /// [`Options::resumed`] set).
    Saved(SavedGame),
    /// The last game, from the autosave slot it was kept in (`--resume`).
    Resumed {
        /// The game.
        saved: SavedGame,
        /// Its autosave, held by this game from now on.
        slot: Slot,
    },
    /// The picker of a file with several games (`--load`), over a new game.
    Picker {
        /// The file.
        path: PathBuf,
        /// Its games.
        index: xiangqi_records::pgn::GameIndex,
    },
}

/// Plays in the terminal from `start` until a player quits; returns the played game as it
/// stands then, and the notation its moves were shown in. A SIGTERM, SIGHUP or SIGINT from
/// outside ends the program here, after the terminal is restored and the summary printed,
/// with exit code 128 + the signal's number.
///
/// # Errors
/// If standard output is not a terminal, or the terminal cannot be read or written.
/// The games of the file `path`, indexed for the picker (tags only, no moves read).
///
/// # Errors
/// The file cannot be read or holds no game: what and where.
pub fn index_file(
    path: &std::path::Path,
) -> Result<xiangqi_records::pgn::GameIndex, crate::tui::store::library::LibraryError> {
    crate::tui::store::library::index_file(path)
}

/// A record holding only the players' names of a new game (`--red`, `--black`), if given.
#[must_use]
pub fn named(red: Option<&str>, black: Option<&str>) -> Option<Record> {
    crate::tui::state::app::review::named(red, black)
}

pub fn run(start: Start, options: Options) -> io::Result<(Game, Notation)> {
    run_with(start, options, None)
}

/// Plays a network game in the terminal (`xiangqi host`, `xiangqi join`), as [`run`] does
/// a game at one terminal.
///
/// # Errors
/// As [`run`].
pub fn run_net(start: Start, options: Options, net: NetStart) -> io::Result<(Game, Notation)> {
    run_with(start, options, Some(net))
}

fn run_with(start: Start, options: Options, net: Option<NetStart>) -> io::Result<(Game, Notation)> {
    let GameTerminal {
        mut terminal,
        tx,
        rx,
        signals,
    } = open_game_terminal()?;
    // A network game is not the one `--resume` would continue.
    let resume_hint = matches!(&start, Start::New { game, .. } if game.moves().is_empty())
        && !options.resumed
        && options.puzzle.is_none()
        && net.is_none();
    let state = autosave::folder();
    let Taken {
        start,
        slot,
        notice,
        net_notice,
    } = take_slot(start, state.as_deref(), net.as_ref(), options.lang);
    let mut options = options;
    options.notices.extend(notice);
    // The first time the program runs, the keys that open everything else are said once.
    if first_run(state.as_deref(), options.config_path.as_deref()) {
        options.notices.push(tr(options.lang, id::FIRST_RUN));
    }
    if !options.ascii && !options.ascii_lines && box_lines_are_wide() {
        options.ascii_lines = true;
        options.notices.push(tr(options.lang, id::WIDE_BOX_LINES));
    }
    let threads = options.threads.unwrap_or_else(default_threads);
    let engine = match &options.engine {
        Some(command) => EngineChoice::External(command.clone()),
        None => EngineChoice::Ours { threads },
    };
    let app = match start {
        Start::Saved(saved) | Start::Resumed { saved, .. } if options.resumed => {
            App::resumed(saved, options)
        }
        Start::Saved(saved) | Start::Resumed { saved, .. } => App::loaded(saved, options),
        Start::New { game, names } => {
            let app = App::new(game, options);
            match names {
                Some(names) => app.with_names(names),
                None => app,
            }
        }
        Start::Picker { path, index } => {
            App::new(Game::new(xiangqi_rules::Position::start()), options)
                .with_picker(path, crate::tui::store::library::Shared::new(index))
        }
    };
    // The book's choices and a weak level's moves vary from one run to the next (and by
    // game number within one).
    let seed = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64);
    let mut app = app.with_seed(seed);
    if let Some(net) = &net {
        app = app.with_net(match net {
            NetStart::Host { me, .. } => NetPlay::host(*me),
            NetStart::Join { .. } => NetPlay::guest(),
        });
    }
    let result = set_input_modes().and_then(|()| {
        let worker = Worker::new(tx.clone(), engine);
        let annotator = crate::tui::run::annotator::Annotator::new(tx.clone(), threads);
        let guest = matches!(net, Some(NetStart::Join { .. }));
        let network = net.map(|net| open_network(net, tx.clone()));
        read_input(tx.clone())?;
        EventLoop {
            terminal: &mut terminal,
            app: &mut app,
            incoming: rx,
            started: Instant::now(),
            state,
            slot,
            autosave_failing: false,
            net_notice,
            guest_slot_open: guest,
            worker,
            annotator,
            network,
            reports: tx.clone(),
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

/// The autosave slot a game writes, and what the message line says of it.
struct Taken {
    /// The game, as it starts.
    start: Start,
    /// The slot (or why there is none).
    slot: Result<Slot, SlotError>,
    /// Said when the screen opens.
    notice: Option<String>,
    /// A host's: said once its code has taken the message line.
    net_notice: Option<String>,
}

/// The autosave slot the game `start` writes (see [`own_slot`]), cleaned of what a killed
/// game left in it, and what is said of it in `lang`.
fn take_slot(start: Start, folder: Option<&Path>, net: Option<&NetStart>, lang: Lang) -> Taken {
    // A game goes on in the slot it was resumed from: nothing to say of it.
    let resumed = matches!(start, Start::Resumed { .. });
    let (start, slot, passed) = own_slot(start, folder, net);
    if let Ok(slot) = &slot {
        autosave::clean_stale(&slot.path());
    }
    let notice = if resumed {
        None
    } else {
        slot_notice(lang, &slot, &passed)
    };
    // The host's code takes the message line at once: its slot is said after it. The
    // guest's slot is chosen, and said, when the host's game arrives.
    let (notice, net_notice) = match net {
        None => (notice, None),
        Some(NetStart::Host { .. }) => (None, notice),
        Some(NetStart::Join { .. }) => (None, None),
    };
    Taken {
        start,
        slot,
        notice,
        net_notice,
    }
}

/// The autosave slot this game writes: the one `--resume` took, else for a host's new
/// network game the first free one that keeps no unfinished game (with those it passed
/// over), else the first free one of the state folder (why there is none, if none: it is
/// said when the game is first kept).
fn own_slot(
    start: Start,
    folder: Option<&Path>,
    net: Option<&NetStart>,
) -> (Start, Result<Slot, SlotError>, Vec<PathBuf>) {
    match start {
        Start::Resumed { saved, slot } => (Start::Saved(saved), Ok(slot), Vec::new()),
        start if matches!(net, Some(NetStart::Host { .. })) => {
            match slot_choice::for_new_host(folder) {
                Ok(Clear { slot, passed }) => (start, Ok(slot), passed),
                Err(why) => (start, Err(why), Vec::new()),
            }
        }
        start => {
            let slot = match folder {
                Some(folder) => Slot::take_free(folder),
                None => Err(SlotError::NoHome),
            };
            (start, slot, Vec::new())
        }
    }
}

/// Why `--resume` cannot continue a game.
#[derive(Debug, Error)]
pub enum ResumeError {
    /// There is no home folder, so no state folder.
    #[error("--resume: no home folder to find the last game in")]
    NoHome,
    /// No autosave exists.
    #[error("--resume: no game to continue ({} does not exist)", path.display())]
    NoGame {
        /// The autosave looked for.
        path: PathBuf,
    },
    /// The autosave holds a game that is over, or none with moves.
    #[error("--resume: the last game ({}) has ended or has no moves; start a new one", path.display())]
    Ended {
        /// The autosave.
        path: PathBuf,
    },
    /// The only unfinished game is being played by another running xiangqi.
    #[error(
        "--resume: the last game ({}) is being played in another xiangqi; go on there, or quit it first",
        path.display()
    )]
    InUse {
        /// The autosave held by the other game.
        path: PathBuf,
    },
    /// The state folder cannot be used.
    #[error("--resume: {0}")]
    Slot(#[from] SlotError),
    /// The autosave cannot be read.
    #[error("{0}")]
    Read(#[from] AutosaveError),
    /// The autosave's clock tags cannot be taken (edited by hand): the game would go on
    /// with times it never had, or without its clock.
    #[error("--resume: {}, {error}", path.display())]
    Clock {
        /// The autosave.
        path: PathBuf,
        /// Which tag, and what is wrong.
        error: ClockTagError,
    },
}

/// The last game kept as it was played, to continue (`--resume`): the newest unfinished
/// autosave that no running game holds, with its slot, now held by this game. Its clocks
/// and notation come along (see [`SavedGame`]). Run it with [`Options::resumed`] set.
///
/// # Errors
/// There is no such game, it has ended, another running game has it, or its file cannot be
/// read: what and where.
pub fn resume_game() -> Result<(SavedGame, Slot), ResumeError> {
    let folder = autosave::folder().ok_or(ResumeError::NoHome)?;
    let mut newest: Option<(
        std::time::SystemTime,
        xiangqi_records::pgn::PgnGame,
        Slot,
        PathBuf,
    )> = None;
    let mut in_use = None;
    let mut ended = None;
    let mut unreadable = None;
    for number in 1..=SLOTS {
        let path = autosave_path(&folder, number);
        let Ok(meta) = path.symlink_metadata() else {
            continue;
        };
        let Some(slot) = Slot::try_take(&folder, number)? else {
            in_use.get_or_insert(path);
            continue;
        };
        match autosave::read(&path) {
            Ok(Some(pgn)) if autosave::unfinished(&pgn) => {
                let when = meta.modified().unwrap_or(std::time::UNIX_EPOCH);
                if newest.as_ref().is_none_or(|(t, ..)| when > *t) {
                    newest = Some((when, pgn, slot, path));
                }
            }
            Ok(_) => {
                ended.get_or_insert(path);
            }
            Err(e) => {
                unreadable.get_or_insert(e);
            }
        }
    }
    if let Some((_, pgn, slot, path)) = newest {
        let saved = SavedGame::resumed(&pgn).map_err(|error| ResumeError::Clock { path, error })?;
        return Ok((saved, slot));
    }
    if let Some(path) = in_use {
        return Err(ResumeError::InUse { path });
    }
    if let Some(e) = unreadable {
        return Err(ResumeError::Read(e));
    }
    match ended {
        Some(path) => Err(ResumeError::Ended { path }),
        None => Err(ResumeError::NoGame {
            path: autosave_path(&folder, 1),
        }),
    }
}

/// Why `--resume` (or the menu's "continue") cannot continue, in `lang`. Said here rather
/// than in `view::words::errors`: the error belongs to the terminal run, which the view must
/// not import.
#[must_use]
pub fn resume_words(lang: Lang, e: &ResumeError) -> String {
    let path = |p: &std::path::Path| ("path", shown(p).into());
    match e {
        ResumeError::NoHome => tr(lang, id::RESUME_NO_HOME),
        ResumeError::NoGame { path: p } => tr_args(lang, id::RESUME_NO_GAME, &[path(p)]),
        ResumeError::Ended { path: p } => tr_args(lang, id::RESUME_ENDED, &[path(p)]),
        ResumeError::InUse { path: p } => tr_args(lang, id::RESUME_IN_USE, &[path(p)]),
        ResumeError::Slot(why) => {
            tr_args(lang, id::RESUME_SLOT, &[("why", why.to_string().into())])
        }
        ResumeError::Read(AutosaveError::Io { path: p, source }) => tr_args(
            lang,
            id::FILE_RECORD,
            &[path(p), ("why", source.to_string().into())],
        ),
        ResumeError::Read(AutosaveError::Game { path: p, source }) => tr_args(
            lang,
            id::FILE_RECORD,
            &[path(p), ("why", errors::record(lang, source).into())],
        ),
        ResumeError::Clock { path: p, error } => resume_clock(lang, path(p), error),
    }
}

/// Why the autosave's clock tags cannot be taken, in `lang`; `path` is the file's argument.
fn resume_clock(
    lang: Lang,
    path: (&'static str, FluentValue<'static>),
    error: &ClockTagError,
) -> String {
    let why = ("why", clock_reasons::clock_tags(lang, error).into());
    tr_args(lang, id::RESUME_CLOCK, &[path, why])
}

impl EventLoop<'_> {
    /// The menu's "continue": the newest unfinished game from before, as `--resume` finds
    /// it. This game's own slot, where nothing was played, is let go first, since the game
    /// to continue may be the one kept there; if none can be continued, a free slot is
    /// taken again and the message line says why.
    pub(crate) fn resume_from_menu(&mut self) -> Action {
        self.slot = Err(SlotError::NoHome);
        match resume_game() {
            Ok((saved, slot)) => {
                self.slot = Ok(slot);
                Action::Door(DoorReport::Resumed(Shared::new(saved)))
            }
            Err(why) => {
                self.slot = match &self.state {
                    Some(folder) => Slot::take_free(folder),
                    None => Err(SlotError::NoHome),
                };
                Action::Door(DoorReport::ResumeFailed(resume_words(
                    self.app.lang(),
                    &why,
                )))
            }
        }
    }
}

/// What is printed when the game closes: the final position's FEN, the moves as PGN
/// movetext in `notation` and `glyphs` (if any were played), and the result if the game has
/// ended.
#[must_use]
pub fn summary(game: &Game, notation: Notation, glyphs: PieceGlyphs) -> Vec<String> {
    let mut lines = vec![game.position().fen()];
    if !game.moves().is_empty() {
        lines.push(xiangqi_records::pgn::movetext(
            game.start(),
            game.moves(),
            notation,
            &xiangqi_rules::NotationStyle {
                glyphs: glyphs.notation(),
                ..SCREEN_STYLE
            },
        ));
    }
    if let Some(outcome) = game.outcome() {
        let to_move = game.position().turn();
        lines.push(crate::tui::view::words::strings::result_line(
            outcome, to_move,
        ));
    }
    lines
}

/// Starts hosting or joining as `net` says, reporting on `reports`.
fn open_network(
    net: NetStart,
    reports: mpsc::Sender<crate::tui::run::incoming::Incoming>,
) -> Network {
    match net {
        NetStart::Host {
            listener,
            shown,
            code,
            game,
            me,
            names,
        } => {
            let table =
                xiangqi_net::table::Table::new(&game, me, xiangqi_net::handshake::Role::Host);
            host(listener, shown, code, table, names, reports)
        }
        NetStart::Join { addr, code } => Network::join(addr, code, reports),
    }
}

#[cfg(test)]
mod tests {
    use super::{AutosaveError, Lang, ResumeError, resume_words};
    use std::path::PathBuf;

    /// Every reason `--resume` gives: in English the library's words, in Chinese none of
    /// them.
    #[test]
    fn resume_reasons_are_said_in_each_language() {
        let path = PathBuf::from("/state/xiangqi/autosave.pgn");
        let bad =
            xiangqi_records::pgn::read_game(&b"1. h2e2 z9z9 *"[..], 1).expect_err("a bad move");
        let all = [
            ResumeError::NoHome,
            ResumeError::NoGame { path: path.clone() },
            ResumeError::Ended { path: path.clone() },
            ResumeError::InUse { path: path.clone() },
            ResumeError::Read(AutosaveError::Game { path, source: bad }),
        ];
        for e in &all {
            assert_eq!(resume_words(Lang::En, e), e.to_string());
            for lang in [Lang::ZhHans, Lang::ZhHant] {
                let text = resume_words(lang, e);
                assert!(
                    text.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)),
                    "{lang}: {text}"
                );
            }
        }
    }
}
