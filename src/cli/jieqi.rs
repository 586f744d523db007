//! `xiangqi --variant jieqi`: a dealt Jieqi game on the board screen, new, continued from
//! its autosave, from a Jieqi FEN, or opened from a saved record (`--load`, which also finds
//! a Jieqi record without `--variant`); and the refusal of Jieqi where it cannot be played
//! (peer to peer, or with what only a xiangqi game has: a puzzle, the editor, the plain
//! mode, another engine, a clock).

use super::output::Failure;
use super::{GameArgs, Variant};
use crate::tui;
use crate::tui::Lang;
use crate::tui::i18n::catalogue::{id, tr, tr_args};
use crate::tui::jieqi::run::{JieqiRun, os_seed, run_jieqi};
use crate::tui::jieqi::state::{JieqiLook, JieqiScreen};
use crate::tui::jieqi::store;
use crate::tui::store::files::{read_regular, shown};
use std::path::Path;
use xiangqi_records::jieqi::{read_jieqi_pgn, says_jieqi};
use xiangqi_rules::jieqi::JieqiGame;

/// The largest record `--load` reads as Jieqi (a game of the move limit is far smaller).
const RECORD_LIMIT: u64 = 1 << 20;

/// Is `path` a Jieqi record: a file whose first game's tags say `[Variant "Jieqi"]`? A
/// folder, a file that cannot be read, or any other record (a xiangqi PGN, DhtmlXQ's
/// `[DhtmlXQ]` blocks, XQF) is not: the xiangqi reader then opens it or says what is wrong.
#[must_use]
pub fn is_jieqi_record(path: &Path) -> bool {
    let Ok(bytes) = read_regular(path, RECORD_LIMIT) else {
        return false;
    };
    says_jieqi(&String::from_utf8_lossy(&bytes))
}

/// The Jieqi game recorded in `path`, replayed to its last move with the pieces nobody saw
/// dealt from `random` (the record never held them).
///
/// # Errors
/// The file cannot be read, or does not read as a Jieqi game: what and where, in `lang`.
pub fn load_record(path: &Path, random: u64, lang: Lang) -> Result<JieqiGame, Failure> {
    let fail = |why: String| {
        Failure::Usage(tr_args(
            lang,
            id::JIEQI_LOAD_UNREADABLE,
            &[("path", shown(path).into()), ("why", why.into())],
        ))
    };
    let bytes = read_regular(path, RECORD_LIMIT).map_err(|e| fail(e.to_string()))?;
    read_jieqi_pgn(&String::from_utf8_lossy(&bytes))
        .and_then(|record| record.replay(random))
        .map_err(|e| fail(e.to_string()))
}

/// Refuses a network game under `variant` unless it is xiangqi.
///
/// # Errors
/// [`Failure::UsageSaid`] for Jieqi.
pub fn network_allowed(variant: Variant) -> Result<(), Failure> {
    match variant {
        Variant::Xiangqi => Ok(()),
        Variant::Jieqi => Err(Failure::UsageSaid(id::JIEQI_NO_NETWORK)),
    }
}

/// Plays Jieqi as `args` ask, drawn with the resolved `options`.
///
/// # Errors
/// Options Jieqi has no use for, no game to resume, or a terminal that fails.
pub fn play(args: &GameArgs, options: &tui::Options) -> Result<(), Failure> {
    let unfit = (args.load.is_some() && args.resume)
        || args.game.is_some_and(|n| n.get() > 1)
        || args.puzzle.is_some()
        || args.setup
        || args.plain
        || args.engine.is_some()
        || args.clock.is_some();
    if unfit {
        return Err(Failure::UsageSaid(id::JIEQI_UNFIT_OPTIONS));
    }
    let autosave = store::autosave_path();
    let game = if let Some(path) = &args.load {
        load_record(path, os_seed(), options.lang)?
    } else if args.resume {
        let path = autosave
            .as_deref()
            .ok_or(Failure::UsageSaid(id::RESUME_NO_HOME))?;
        store::resume(path, os_seed()).map_err(|e| resume_failure(options.lang, &e))?
    } else {
        // The pool of a FEN's position dealt under its covered pieces.
        JieqiGame::from_position(super::jieqi_position_of(&args.fen)?, os_seed())
    };
    let plies = game.moves().len();
    let screen = screen_for(game, options);
    let screen = if args.resume {
        screen.with_message(tr(options.lang, id::JIEQI_RESUMED))
    } else if let Some(path) = autosave.as_deref() {
        // A new deal never writes over an unfinished game: that one is kept under a name
        // of its own.
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(0));
        match store::set_aside(path, now) {
            Ok(Some(kept)) => screen.with_message(tr_args(
                options.lang,
                id::JIEQI_SET_ASIDE,
                &[("path", kept.into())],
            )),
            Ok(None) => screen,
            Err(e) => return Err(Failure::Run(e.to_string())),
        }
    } else {
        screen
    };
    let screen = match &args.load {
        Some(path) if screen.message().is_none() => screen.with_message(tr_args(
            options.lang,
            id::JIEQI_LOADED,
            &[("path", shown(path).into()), ("plies", plies.into())],
        )),
        _ => screen,
    };
    run_jieqi(screen, &JieqiRun { autosave }).map_err(|e| Failure::Run(e.to_string()))
}

/// The screen for `game` as `options` set it up: look, computer side and level.
#[must_use]
pub fn screen_for(game: JieqiGame, options: &tui::Options) -> JieqiScreen {
    let look = JieqiLook::of(options);
    let screen = JieqiScreen::new(
        game,
        look,
        options.computer.side,
        options.computer.level,
        os_seed(),
    );
    if options.flipped {
        screen.flipped_over()
    } else {
        screen
    }
}

/// Why `--resume` cannot continue a Jieqi game, in `lang`.
fn resume_failure(lang: Lang, e: &store::JieqiResumeError) -> Failure {
    use store::JieqiResumeError as E;
    Failure::Usage(match e {
        E::NoGame(path) => tr_args(
            lang,
            id::JIEQI_RESUME_NONE,
            &[("path", path.clone().into())],
        ),
        E::Read { path, source } => tr_args(
            lang,
            id::JIEQI_RESUME_UNREADABLE,
            &[
                ("path", path.clone().into()),
                ("why", source.to_string().into()),
            ],
        ),
        E::Record { path, source } => tr_args(
            lang,
            id::JIEQI_RESUME_UNREADABLE,
            &[
                ("path", path.clone().into()),
                ("why", source.to_string().into()),
            ],
        ),
    })
}
