//! The game kept as it is played, for `--resume`: where it lives (the user's state folder),
//! how its clocks are written into the PGN's tags and read back, and cleaning up after a
//! process that was killed while writing it.
//!
//! The file is an ordinary PGN game (as `s` saves it, so any PGN reader opens it) with, for
//! a timed game, these tags besides `[TimeControl]`:
//! - `[ClockStart "N"]`: the clocks came in after N moves (0 unless a game was loaded);
//! - `[ClockTimes "R/B R/B …"]`: both sides' times in milliseconds at the start of each turn
//!   from then on (red/black, base time for byo-yomi), the last being the current turn's;
//! - `[ClockUsed "MS"]`: milliseconds the side to move had used in its turn when saved;
//! - `[ClockUndone "R/B …"]`, only while moves taken back can be replayed: the times those
//!   moves left, the next to be replayed last, so that a replay after `--resume` gets them
//!   back (a file without it resumes too, its moves ahead counted as played when replayed).
//!
//! A file whose clock tags are there but out of what `--clock` allows (a day's base, an
//! hour's increment or period, no more time than those can give) is refused by
//! [`clock_from_tags`] with the tag and what is wrong.

use crate::tui::store::files::{READ_LIMIT, read_regular, write_atomic};
use std::io;
use std::path::{Path, PathBuf};
use std::time::Duration;
use thiserror::Error;
use xiangqi_records::pgn::{PgnError, PgnGame, PgnResult};
use xiangqi_rules::clock::{Clock, TimeControl, Times, clk_comment};
use xiangqi_rules::{Game, Move, NodeId};

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
    xiangqi_records::pgn::read_game(&bytes, 1)
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
    let times = |marks: &[Times]| {
        marks
            .iter()
            .map(|t| format!("{}/{}", t.red.as_millis(), t.black.as_millis()))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let mut tags = vec![
        (CONTROL_TAG.into(), clock.control().to_string()),
        (START_TAG.into(), start.to_string()),
        (TIMES_TAG.into(), times(clock.marks())),
        (USED_TAG.into(), clock.used(now).as_millis().to_string()),
    ];
    if !clock.undone().is_empty() {
        tags.push((UNDONE_TAG.into(), times(clock.undone())));
    }
    tags
}

pub(crate) const CONTROL_TAG: &str = "TimeControl";
const START_TAG: &str = "ClockStart";
const TIMES_TAG: &str = "ClockTimes";
const USED_TAG: &str = "ClockUsed";
const UNDONE_TAG: &str = "ClockUndone";

/// The names of the tags [`clock_tags`] and [`cursor_tag`] write, to leave out of a record's
/// own.
pub const OWN_TAGS: [&str; 6] = [
    CONTROL_TAG,
    START_TAG,
    TIMES_TAG,
    USED_TAG,
    UNDONE_TAG,
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

/// What a game's clock tags say.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClockTags {
    /// The time control.
    pub control: TimeControl,
    /// The moves played before the clocks came in.
    pub start: usize,
    /// Both sides' times at each turn since, the current turn's last.
    pub marks: Vec<Times>,
    /// The time used in the current turn.
    pub used: Duration,
    /// The times moves taken back left, the next to be replayed last.
    pub undone: Vec<Times>,
}

/// Why a game's clock tags cannot be taken: the tag, and what is wrong with it.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ClockTagError {
    /// A clock tag is missing while others are there.
    #[error("tag {tag}: missing, though the game's other clock tags are there")]
    Missing {
        /// The missing tag.
        tag: &'static str,
    },
    /// `[TimeControl]` is not a time control `--clock` would take.
    #[error(
        "tag TimeControl: {value:?} is not a time control the clock plays (like 300+3 or 600+45b: seconds, a base of at most a day and an increment or byo-yomi period of at most an hour, as --clock takes)"
    )]
    Control {
        /// The tag's value.
        value: String,
    },
    /// A tag that is not written as the game writes it.
    #[error("tag {tag}: {value:?} does not read as {}", form_of(tag))]
    Form {
        /// The tag.
        tag: &'static str,
        /// Its value.
        value: String,
    },
    /// `[ClockStart]` names more moves than the game has.
    #[error("tag ClockStart: {start} is more than the {moves} moves played")]
    Start {
        /// The tag's number.
        start: usize,
        /// The moves played.
        moves: usize,
    },
    /// `[ClockTimes]` holds another number of times than the moves since the clocks came in
    /// call for (one more than the moves).
    #[error(
        "tag ClockTimes: {count} times do not fit the {moves} moves played since the clock came in (there must be one more)"
    )]
    Count {
        /// The times in the tag.
        count: usize,
        /// The moves since the clocks came in.
        moves: usize,
    },
    /// A time more than the clock can give in that many moves.
    #[error(
        "tag {tag}: {millis} ms is more than a side can have on this clock after {moves} moves (at most {most} ms)"
    )]
    TooMuchTime {
        /// `ClockTimes` or `ClockUndone`.
        tag: &'static str,
        /// The time, in milliseconds.
        millis: u64,
        /// The moves the clock has timed.
        moves: usize,
        /// The most a side can have after them, in milliseconds.
        most: u128,
    },
    /// `[ClockUsed]` is as much as the side to move had, or more: its flag would fall as
    /// soon as the game goes on.
    #[error(
        "tag ClockUsed: {millis} ms leaves the side to move no time for its move (it had {had} ms)"
    )]
    Overused {
        /// The time used, in milliseconds.
        millis: u64,
        /// What the side to move had for the move, in milliseconds.
        had: u128,
    },
}

/// What the clock tag `tag` holds, in words.
fn form_of(tag: &str) -> &'static str {
    match tag {
        START_TAG => "a number of moves",
        USED_TAG => "a number of milliseconds",
        _ => "red/black times in milliseconds",
    }
}

/// Is `control` one `--clock` would take (it has some time)? [`TimeControl::from_pgn`]
/// already keeps the base to a day and the increment or period to an hour.
pub(crate) fn plays(control: &TimeControl) -> bool {
    !matches!(control, TimeControl::Fischer { base, increment } if base.is_zero() && increment.is_zero())
}

/// The most time a side can have on `control` after `moves` moves: its base and, under
/// Fischer, an increment for each move (a side makes at most that many).
pub(crate) fn most_time(control: TimeControl, moves: usize) -> Duration {
    let earned = match control {
        TimeControl::Fischer { increment, .. } => {
            increment.saturating_mul(u32::try_from(moves).unwrap_or(u32::MAX))
        }
        TimeControl::ByoYomi { .. } => Duration::ZERO,
    };
    control.base().saturating_add(earned)
}

/// What the clock tags of a game say (see the module's description), for a game of `moves`
/// moves with `to_move` to play. `Ok(None)` without them (a record of another program's).
///
/// # Errors
/// A tag missing, not written as this game writes it, not fitting the moves, or out of
/// what `--clock` allows: which tag, and what is wrong.
pub fn clock_from_tags(
    tags: &[(String, String)],
    moves: usize,
    to_move: xiangqi_rules::Color,
) -> Result<Option<ClockTags>, ClockTagError> {
    let get = |name: &str| {
        tags.iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    };
    if [START_TAG, TIMES_TAG, USED_TAG]
        .iter()
        .all(|t| get(t).is_none())
    {
        return Ok(None);
    }
    let need = |tag: &'static str| get(tag).ok_or(ClockTagError::Missing { tag });
    let form = |tag: &'static str, value: &str| ClockTagError::Form {
        tag,
        value: value.to_string(),
    };
    let value = need(CONTROL_TAG)?;
    let control =
        TimeControl::from_pgn(value)
            .filter(plays)
            .ok_or_else(|| ClockTagError::Control {
                value: value.to_string(),
            })?;
    let value = need(START_TAG)?;
    let start: usize = value.parse().map_err(|_| form(START_TAG, value))?;
    let marks = times_of(TIMES_TAG, need(TIMES_TAG)?)?;
    let value = need(USED_TAG)?;
    let used: u64 = value.parse().map_err(|_| form(USED_TAG, value))?;
    // Optional: an autosave from before it was written has none.
    let undone = get(UNDONE_TAG).map_or(Ok(Vec::new()), |v| times_of(UNDONE_TAG, v))?;
    if start > moves {
        return Err(ClockTagError::Start { start, moves });
    }
    if marks.len() != moves - start + 1 {
        return Err(ClockTagError::Count {
            count: marks.len(),
            moves: moves - start,
        });
    }
    let timed = marks.len() - 1 + undone.len();
    let most = most_time(control, timed);
    for (tag, times) in [(TIMES_TAG, &marks), (UNDONE_TAG, &undone)] {
        let over = times
            .iter()
            .flat_map(|t| [t.red, t.black])
            .find(|&t| t > most);
        if let Some(time) = over {
            return Err(ClockTagError::TooMuchTime {
                tag,
                millis: u64::try_from(time.as_millis()).unwrap_or(u64::MAX),
                moves: timed,
                most: most.as_millis(),
            });
        }
    }
    // Before the first move the clocks stand: nothing is used, whatever the tag says.
    let used = if marks.len() > 1 {
        Duration::from_millis(used)
    } else {
        Duration::ZERO
    };
    let current = *marks.last().unwrap_or(&Times {
        red: Duration::ZERO,
        black: Duration::ZERO,
    });
    let had = match control {
        TimeControl::Fischer { .. } => current.of(to_move),
        TimeControl::ByoYomi { period, .. } => current.of(to_move).saturating_add(period),
    };
    if marks.len() > 1 && used >= had {
        return Err(ClockTagError::Overused {
            millis: u64::try_from(used.as_millis()).unwrap_or(u64::MAX),
            had: had.as_millis(),
        });
    }
    Ok(Some(ClockTags {
        control,
        start,
        marks,
        used,
        undone,
    }))
}

/// The `R/B` pairs of milliseconds of the tag `tag`'s `value`.
fn times_of(tag: &'static str, value: &str) -> Result<Vec<Times>, ClockTagError> {
    let millis = |s: &str| s.parse::<u64>().ok().map(Duration::from_millis);
    value
        .split_whitespace()
        .map(|pair| {
            let (red, black) = pair.split_once('/')?;
            Some(Times {
                red: millis(red)?,
                black: millis(black)?,
            })
        })
        .collect::<Option<_>>()
        .ok_or_else(|| ClockTagError::Form {
            tag,
            value: value.to_string(),
        })
}
