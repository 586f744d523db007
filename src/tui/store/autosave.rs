//! The game kept as it is played, for `--resume`: where it lives (the user's state folder),
//! how its clocks are written into the PGN's tags and read back, and cleaning up after a
//! process that was killed while writing it.
//!
//! The file is an ordinary PGN game (as `s` saves it, so any PGN reader opens it) with, for
//! a timed game, these tags besides `[TimeControl]`:
//! - `[ClockStart "N"]`: the clocks came in after N moves (0 unless a game was loaded);
//! - `[ClockTimes "R/B R/B …"]`: both sides' times in milliseconds at the start of each turn
//!   from then on (red/black, base time for byo-yomi), the last being the current turn's;
//! - `[ClockUsed "MS"]`: milliseconds the side to move had used in its turn when saved.

use crate::tui::store::files::{READ_LIMIT, read_regular, write_atomic};
use std::io;
use std::path::{Path, PathBuf};
use std::time::Duration;
use thiserror::Error;
use xiangqi::clock::{Clock, TimeControl, Times, clk_comment, read_clk};
use xiangqi::pgn::{PgnError, PgnGame, PgnResult};
use xiangqi::{Game, Move, NodeId};

/// The file's name in the state folder.
const FILE_NAME: &str = "autosave.pgn";

/// The state folder: `$XDG_STATE_HOME/xiangqi` (by default `~/.local/state/xiangqi`) on
/// Linux, the local data folder elsewhere; `None` if there is no home folder.
#[must_use]
pub fn folder() -> Option<PathBuf> {
    let dirs = directories::ProjectDirs::from("", "", "xiangqi")?;
    Some(
        dirs.state_dir()
            .unwrap_or_else(|| dirs.data_local_dir())
            .to_path_buf(),
    )
}

/// The autosave file in `folder`.
#[must_use]
pub fn path_in(folder: &Path) -> PathBuf {
    folder.join(FILE_NAME)
}

/// What went wrong reading or writing an autosave.
#[derive(Debug, Error)]
pub enum AutosaveError {
    /// The file (or its folder) cannot be read or written.
    #[error("{}: {source}", path.display())]
    Io {
        /// The autosave file.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// The file holds no game that can be read.
    #[error("{}: {source}", path.display())]
    Game {
        /// The autosave file.
        path: PathBuf,
        /// What is wrong in it, and where.
        source: PgnError,
    },
}

/// Writes `pgn` as the autosave `path` (its folder made if missing, private to the user),
/// atomically: a kill at any moment leaves the previous game or this one, whole.
///
/// # Errors
/// The folder cannot be made or written.
pub fn write(path: &Path, pgn: &str) -> Result<(), AutosaveError> {
    let io = |source| AutosaveError::Io {
        path: path.to_path_buf(),
        source,
    };
    if let Some(folder) = path.parent() {
        make_private_folder(folder).map_err(io)?;
    }
    write_atomic(path, pgn.as_bytes()).map_err(io)
}

/// Makes `folder` (and those above it) if missing, private to the user.
///
/// # Errors
/// It cannot be made.
pub fn make_private_folder(folder: &Path) -> io::Result<()> {
    let mut builder = std::fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
    builder.create(folder)
}

/// Removes temporary files a killed process left beside the autosave `path`
/// (`.autosave.pgn…`); returns how many. Call it only while holding the autosave's slot:
/// another running game's files are those of another slot.
pub fn clean_stale(path: &Path) -> usize {
    let (Some(folder), Some(name)) = (path.parent(), path.file_name()) else {
        return 0;
    };
    let prefix = format!(".{}", name.to_string_lossy());
    let Ok(entries) = std::fs::read_dir(folder) else {
        return 0;
    };
    entries
        .filter_map(Result::ok)
        .filter(|e| e.file_name().to_string_lossy().starts_with(&prefix))
        .filter(|e| e.file_type().is_ok_and(|t| t.is_file()))
        .filter(|e| std::fs::remove_file(e.path()).is_ok())
        .count()
}

/// The autosaved game at `path`: `Ok(None)` if there is none.
///
/// # Errors
/// The file exists but cannot be read or is not a game: what and where.
pub fn read(path: &Path) -> Result<Option<PgnGame>, AutosaveError> {
    let bytes = match read_regular(path, READ_LIMIT) {
        Ok(b) => b,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(source) => {
            return Err(AutosaveError::Io {
                path: path.to_path_buf(),
                source,
            });
        }
    };
    xiangqi::pgn::read_game(&bytes, 1)
        .map(Some)
        .map_err(|source| AutosaveError::Game {
            path: path.to_path_buf(),
            source,
        })
}

/// Is `game` one to resume: moves played and no result?
#[must_use]
pub fn unfinished(game: &PgnGame) -> bool {
    !game.moves().is_empty() && game.result() == PgnResult::Unknown
}

/// The clock tags for `clock`, which came in after `start` moves, at `now`.
#[must_use]
pub fn clock_tags(clock: &Clock, start: usize, now: Duration) -> Vec<(String, String)> {
    let times: Vec<String> = clock
        .marks()
        .iter()
        .map(|t| format!("{}/{}", t.red.as_millis(), t.black.as_millis()))
        .collect();
    vec![
        ("TimeControl".into(), clock.control().to_string()),
        ("ClockStart".into(), start.to_string()),
        ("ClockTimes".into(), times.join(" ")),
        ("ClockUsed".into(), clock.used(now).as_millis().to_string()),
    ]
}

/// The names of the tags [`clock_tags`] and [`cursor_tag`] write, to leave out of a record's
/// own.
pub const OWN_TAGS: [&str; 5] = [
    "TimeControl",
    "ClockStart",
    "ClockTimes",
    "ClockUsed",
    CURSOR_TAG,
];

/// Where in the game tree the players were, when not at the end of its main line: the moves
/// from the start, in ICCS (`[Cursor "h2e2 h9g7"]`).
const CURSOR_TAG: &str = "Cursor";

/// The cursor tag for `game`, if its position is not the end of the main line (where a
/// reader opens a game anyway).
#[must_use]
pub fn cursor_tag(game: &Game) -> Option<(String, String)> {
    if game.moves() == game.main_line().as_slice() {
        return None;
    }
    let moves: Vec<String> = game.moves().iter().map(ToString::to_string).collect();
    Some((CURSOR_TAG.into(), moves.join(" ")))
}

/// Moves `game` to the place its record's cursor tag names (if it has one that fits the
/// tree); returns whether it did.
pub fn go_to_cursor(game: &mut Game, tags: &[(String, String)]) -> bool {
    let Some(value) = tags
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(CURSOR_TAG))
        .map(|(_, v)| v)
    else {
        return false;
    };
    let mut node = NodeId::ROOT;
    for word in value.split_whitespace() {
        let Some(child) = word
            .parse::<Move>()
            .ok()
            .and_then(|mv| game.tree().child(node, mv))
        else {
            return false;
        };
        node = child;
    }
    game.go_to(node)
}

/// The clocks of `game` from its `[TimeControl]` tag and the `[%clk]` comment of each move
/// up to the current position: as [`clock_from_tags`] gives them. `None` if the tag or any
/// move's time is missing.
#[must_use]
pub fn clock_from_comments(
    game: &Game,
    tags: &[(String, String)],
) -> Option<(TimeControl, usize, Vec<Times>, Duration)> {
    let control = tags
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case("TimeControl"))
        .and_then(|(_, v)| TimeControl::from_pgn(v))?;
    let base = control.base();
    let mut marks = vec![Times {
        red: base,
        black: base,
    }];
    let moves = game.moves().len();
    for (i, &node) in game.line().iter().enumerate().skip(1).take(moves) {
        let left = read_clk(game.tree().comment(node)?)?;
        let mut next = *marks.last()?;
        match game.positions()[i - 1].turn() {
            xiangqi::Color::Red => next.red = left,
            xiangqi::Color::Black => next.black = left,
        }
        marks.push(next);
    }
    Some((control, 0, marks, Duration::ZERO))
}

/// `comment` (a move's, if it has one) with its `[%clk …]` set to `left`: a player's own
/// words are kept.
#[must_use]
pub fn with_clk(comment: Option<&str>, left: Duration) -> String {
    let clk = clk_comment(left);
    let Some(text) = comment else {
        return clk;
    };
    let old = text
        .find("[%clk")
        .and_then(|at| Some((at, at + text[at..].find(']')?)));
    let kept = match old {
        Some((at, end)) => format!("{} {}", text[..at].trim_end(), text[end + 1..].trim_start()),
        None => text.to_string(),
    };
    let kept = kept.trim();
    if kept.is_empty() {
        clk
    } else {
        format!("{kept} {clk}")
    }
}

/// What the clock tags of a game say: the time control, the move after which the clocks
/// came in, their times at each turn since and the time used in the current one. `None` if
/// they are missing or do not fit a game of `moves` moves.
#[must_use]
pub fn clock_from_tags(
    tags: &[(String, String)],
    moves: usize,
) -> Option<(TimeControl, usize, Vec<Times>, Duration)> {
    let get = |name: &str| {
        tags.iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    };
    let control = TimeControl::from_pgn(get("TimeControl")?)?;
    let start: usize = get("ClockStart")?.parse().ok()?;
    let millis = |s: &str| s.parse::<u64>().ok().map(Duration::from_millis);
    let marks: Vec<Times> = get("ClockTimes")?
        .split_whitespace()
        .map(|pair| {
            let (red, black) = pair.split_once('/')?;
            Some(Times {
                red: millis(red)?,
                black: millis(black)?,
            })
        })
        .collect::<Option<_>>()?;
    let used = millis(get("ClockUsed")?)?;
    (start <= moves && marks.len() == moves - start + 1).then_some((control, start, marks, used))
}
