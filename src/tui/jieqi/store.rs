//! Where a Jieqi game is kept: its autosave beside xiangqi's (the public record only — the
//! pieces nobody has seen are not written anywhere), and a saved copy in a new file.

use crate::tui::store::autosave;
use crate::tui::store::files::{Stamp, shown, write_atomic};
use std::fs::OpenOptions;
use std::io;
use std::path::{Path, PathBuf};
use thiserror::Error;
use xiangqi_records::jieqi::{JieqiPgnError, read_jieqi_pgn};
use xiangqi_rules::jieqi::JieqiGame;

/// The Jieqi autosave's file name in the state folder.
pub const AUTOSAVE_NAME: &str = "jieqi-autosave.pgn";

/// Largest autosave read (a game of the move limit is far smaller).
const AUTOSAVE_LIMIT: u64 = 1 << 20;

/// The Jieqi autosave in the state folder, if there is a home folder.
#[must_use]
pub fn autosave_path() -> Option<PathBuf> {
    autosave::folder().map(|f| f.join(AUTOSAVE_NAME))
}

/// Why an unfinished Jieqi game cannot be continued.
#[derive(Debug, Error)]
pub enum JieqiResumeError {
    /// No unfinished game is kept.
    #[error("no unfinished Jieqi game is kept in {0}")]
    NoGame(String),
    /// The file cannot be read.
    #[error("{path}: {source}")]
    Read {
        /// The autosave, as shown.
        path: String,
        /// Why.
        source: io::Error,
    },
    /// The file does not read as a Jieqi game.
    #[error("{path}: {source}")]
    Record {
        /// The autosave, as shown.
        path: String,
        /// What is wrong, and where.
        source: JieqiPgnError,
    },
}

/// The unfinished game in the autosave `path`, replayed with the pieces nobody has seen
/// dealt afresh from `seed` (the file never held them: any deal that agrees with what was
/// seen is as likely as the one before).
///
/// # Errors
/// No file, a finished game, or a file that does not read.
pub fn resume(path: &Path, seed: u64) -> Result<JieqiGame, JieqiResumeError> {
    let bytes = match crate::tui::store::files::read_regular(path, AUTOSAVE_LIMIT) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == io::ErrorKind::NotFound => {
            return Err(JieqiResumeError::NoGame(shown(path)));
        }
        Err(source) => {
            return Err(JieqiResumeError::Read {
                path: shown(path),
                source,
            });
        }
    };
    let text = String::from_utf8_lossy(&bytes);
    let record = |source| JieqiResumeError::Record {
        path: shown(path),
        source,
    };
    let game = read_jieqi_pgn(&text)
        .and_then(|r| r.replay(seed))
        .map_err(record)?;
    if game.outcome().is_some() {
        return Err(JieqiResumeError::NoGame(shown(path)));
    }
    Ok(game)
}

/// Writes the autosave `path` atomically.
///
/// # Errors
/// Its folder cannot be made or written.
pub fn write_autosave(path: &Path, pgn: &str) -> Result<(), autosave::AutosaveError> {
    autosave::write(path, pgn)
}

/// Saves `pgn` in a new file `jieqi-YYYYMMDD-HHMMSS.pgn` in `folder` (never over another
/// file: a second save in the same second gets `-2`, `-3` …); returns its name as shown.
///
/// # Errors
/// The folder cannot be written.
pub fn save_new(folder: &Path, pgn: &str, unix_secs: i64) -> io::Result<String> {
    let stem = Stamp::from_unix(unix_secs)
        .file_name()
        .replacen("xiangqi-", "jieqi-", 1)
        .replace(".pgn", "");
    for n in 1..100 {
        let name = if n == 1 {
            format!("{stem}.pgn")
        } else {
            format!("{stem}-{n}.pgn")
        };
        let path = folder.join(name);
        // Claims the name first, so that no other file is ever replaced.
        match OpenOptions::new().write(true).create_new(true).open(&path) {
            Ok(_) => {
                write_atomic(&path, pgn.as_bytes())?;
                return Ok(shown(&path));
            }
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {}
            Err(e) => return Err(e),
        }
    }
    Err(io::Error::new(
        io::ErrorKind::AlreadyExists,
        "every file name for this second is taken",
    ))
}

/// Moves an unfinished game in the autosave `path` out of the way of a new one, to
/// `jieqi-unfinished-YYYYMMDD-HHMMSS.pgn` beside it; returns its new name as shown, or none
/// if there was no unfinished game. A file that does not read as a game is moved aside too:
/// what cannot be read now may still be mended by hand, and is never written over.
///
/// # Errors
/// It cannot be moved (the new game would then write over it, so it is not started).
pub fn set_aside(path: &Path, unix_secs: i64) -> io::Result<Option<String>> {
    if matches!(resume(path, 0), Err(JieqiResumeError::NoGame(_))) {
        return Ok(None);
    }
    let name = Stamp::from_unix(unix_secs)
        .file_name()
        .replacen("xiangqi-", "jieqi-unfinished-", 1);
    let to = path.with_file_name(name);
    if to.exists() {
        return Err(io::Error::new(io::ErrorKind::AlreadyExists, shown(&to)));
    }
    std::fs::rename(path, &to)?;
    Ok(Some(shown(&to)))
}
