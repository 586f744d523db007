//! Reading game files for the `o` prompt and the game picker, as the loop does it for
//! [`Effect`](crate::tui::state::effect::Effect)s: `~/` as the home folder, a file's index (tags only,
//! no moves played), one game of it, and file-name completion.

use crate::tui::store::files::{FileKind, shown};
use std::fs::File;
use std::io::BufReader;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use thiserror::Error;
use xiangqi_records::pgn::{GameIndex, PgnError, PgnGame};

/// Something large handed between the app and the loop without copying it: equal only to
/// itself (the same allocation), so actions and effects can still be compared in tests.
#[derive(Debug)]
pub struct Shared<T>(pub Arc<T>);

/// A copy of the handle, not of what it shares (`T` need not be `Clone`).
impl<T> Clone for Shared<T> {
    fn clone(&self) -> Self {
        Shared(Arc::clone(&self.0))
    }
}

impl<T> Shared<T> {
    /// Shares `value`.
    pub fn new(value: T) -> Shared<T> {
        Shared(Arc::new(value))
    }
}

impl<T> PartialEq for Shared<T> {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.0, &other.0)
    }
}

impl<T> Eq for Shared<T> {}

impl<T> std::ops::Deref for Shared<T> {
    type Target = T;
    fn deref(&self) -> &T {
        &self.0
    }
}

/// `text` as a path, a leading `~/` (or a lone `~`) standing for the home folder.
#[must_use]
pub fn expand_home(text: &str) -> PathBuf {
    let home = || directories::BaseDirs::new().map(|d| d.home_dir().to_path_buf());
    if text == "~" {
        if let Some(home) = home() {
            return home;
        }
    } else if let Some(rest) = text.strip_prefix("~/")
        && let Some(home) = home()
    {
        return home.join(rest);
    }
    PathBuf::from(text)
}

/// Why a game file cannot be opened.
#[derive(Debug, Error)]
pub enum LibraryError {
    /// The path names something other than a regular file (a folder, a named pipe, a
    /// device): refused before it is opened, since opening a pipe or a terminal waits.
    #[error("{} is {}, not a game file", shown(path), what.words())]
    NotAFile {
        /// The path.
        path: PathBuf,
        /// What it is.
        what: FileKind,
    },
    /// The file cannot be read.
    #[error("cannot read {}: {source}", shown(path))]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The file holds text that is not a game, where it says.
    #[error("{}: {source}", shown(path))]
    Game {
        /// The file.
        path: PathBuf,
        /// What is wrong, and where.
        source: PgnError,
    },
    /// The file holds no games.
    #[error("no games in {}", shown(path))]
    NoGames {
        /// The file.
        path: PathBuf,
    },
}

/// Opens `path` for reading if it is a regular file (after following links); anything
/// else is refused unopened.
pub fn open_regular(path: &Path) -> Result<File, LibraryError> {
    let read = |source| LibraryError::Read {
        path: path.to_path_buf(),
        source,
    };
    let kind = std::fs::metadata(path).map_err(read)?.file_type();
    if !kind.is_file() {
        return Err(LibraryError::NotAFile {
            path: path.to_path_buf(),
            what: FileKind::of(kind),
        });
    }
    File::open(path).map_err(read)
}

/// Indexes the game file `path` (see [`xiangqi_records::pgn::index_file`]): its games' tags, no moves.
///
/// # Errors
/// The file is not a regular file, cannot be opened, or holds no game: what and where.
pub fn index_file(path: &Path) -> Result<GameIndex, LibraryError> {
    if std::fs::metadata(path).is_ok_and(|m| m.is_dir()) {
        return index_folder(path);
    }
    let file = open_regular(path)?;
    let index = xiangqi_records::pgn::index_file(file).map_err(|source| LibraryError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    if index.is_empty() {
        return Err(match index.stopped() {
            Some(e) => LibraryError::Game {
                path: path.to_path_buf(),
                source: e.clone(),
            },
            None => LibraryError::NoGames {
                path: path.to_path_buf(),
            },
        });
    }
    Ok(index)
}

/// Indexes every game file of the folder `path` as one index (see
/// [`xiangqi_records::pgn::index_folder`]): all its files, each read on its own.
///
/// # Errors
/// The folder cannot be read, or none of its files holds a game.
fn index_folder(path: &Path) -> Result<GameIndex, LibraryError> {
    let index = xiangqi_records::pgn::index_folder(path).map_err(|source| LibraryError::Read {
        path: path.to_path_buf(),
        source,
    })?;
    if index.is_empty() {
        return Err(LibraryError::NoGames {
            path: path.to_path_buf(),
        });
    }
    Ok(index)
}

/// Reads game `n` (from 1) of the file `path`, reading no further than that game.
///
/// # Errors
/// The file is not a regular file or cannot be read, or the game not: what and where.
pub fn read_game_at(path: &Path, n: usize) -> Result<PgnGame, LibraryError> {
    let file = open_regular(path)?;
    xiangqi_records::pgn::GameReader::new(BufReader::new(file))
        .game(n)
        .map_err(|source| LibraryError::Game {
            path: path.to_path_buf(),
            source,
        })
}

/// Reads game `n` (from 1) of the indexed file `path`: only that game's text.
///
/// # Errors
/// The file cannot be read, or the game not: what and where.
pub fn read_game(path: &Path, index: &GameIndex, n: usize) -> Result<PgnGame, LibraryError> {
    // A folder's games are each in their own file.
    let entry_file = n
        .checked_sub(1)
        .and_then(|i| index.entries().get(i))
        .and_then(|e| e.file.clone());
    let path = entry_file.as_deref().unwrap_or(path);
    let file = open_regular(path)?;
    index
        .open_file(file, n)
        .map_err(|source| LibraryError::Game {
            path: path.to_path_buf(),
            source,
        })
}

/// The completions of a typed file name: the entries of its folder whose names start with
/// what follows the last `/`, folders ending in `/`, sorted; hidden files only when a `.` was
/// typed. Each is the whole text to put on the prompt.
#[must_use]
pub fn complete(text: &str) -> Vec<String> {
    let (folder_text, stem) = match text.rfind('/') {
        Some(at) => text.split_at(at + 1),
        None => ("", text),
    };
    let folder = if folder_text.is_empty() {
        PathBuf::from(".")
    } else {
        expand_home(folder_text)
    };
    let Ok(entries) = std::fs::read_dir(&folder) else {
        return Vec::new();
    };
    let mut found: Vec<String> = entries
        .filter_map(Result::ok)
        .filter_map(|entry| {
            let name = entry.file_name().into_string().ok()?;
            if !name.starts_with(stem) || (name.starts_with('.') && !stem.starts_with('.')) {
                return None;
            }
            let slash = if entry.path().is_dir() { "/" } else { "" };
            Some(format!("{folder_text}{name}{slash}"))
        })
        .collect();
    found.sort();
    found
}

/// The longest text every one of `names` starts with.
#[must_use]
pub fn common_prefix(names: &[String]) -> String {
    let Some(first) = names.first() else {
        return String::new();
    };
    let mut end = first.len();
    for name in &names[1..] {
        end = first
            .char_indices()
            .zip(name.chars())
            .find(|((_, a), b)| a != b)
            .map_or(end.min(name.len()), |((i, _), _)| i.min(end));
    }
    first[..end].to_string()
}

#[cfg(test)]
mod tests {
    use super::{common_prefix, complete, expand_home};

    #[test]
    fn a_tilde_stands_for_the_home_folder() {
        let home = directories::BaseDirs::new().map(|d| d.home_dir().to_path_buf());
        if let Some(home) = home {
            assert_eq!(expand_home("~/a.pgn"), home.join("a.pgn"));
        }
        assert_eq!(expand_home("a~/b"), std::path::PathBuf::from("a~/b"));
    }

    #[test]
    fn completion_lists_the_folder_entries_that_start_with_the_name() {
        let dir = tempfile::tempdir().expect("temporary folder");
        for name in ["games.pgn", "game2.pgn", "other.txt", ".hidden"] {
            std::fs::write(dir.path().join(name), "").expect("write");
        }
        std::fs::create_dir(dir.path().join("gamesdir")).expect("folder");
        let base = format!("{}/", dir.path().display());
        let found = complete(&format!("{base}gam"));
        assert_eq!(
            found,
            vec![
                format!("{base}game2.pgn"),
                format!("{base}games.pgn"),
                format!("{base}gamesdir/")
            ]
        );
        assert_eq!(common_prefix(&found), format!("{base}game"));
        assert!(complete(&base).iter().all(|n| !n.contains(".hidden")));
    }

    #[test]
    fn a_folder_opens_as_all_the_games_of_its_files() {
        let dir = tempfile::tempdir().expect("temporary folder");
        let data = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("crates/xiangqi-records/tests/data/games");
        let copy = |from: &str, to: &str| {
            std::fs::copy(data.join(from), dir.path().join(to)).expect("copy");
        };
        copy("xqf/v11-game.xqf", "a.dat");
        copy("ccbridge/cchess-linxingrong.CBL", "b.cbl");
        std::fs::write(
            dir.path().join("c.pgn"),
            "[Event \"one\"]\n1. h2e2 *\n\n[Event \"two\"]\n1. b0c2 b9c7 *\n",
        )
        .expect("write");
        std::fs::write(dir.path().join("notes.txt"), "not a game").expect("write");
        std::fs::write(dir.path().join(".hidden.pgn"), "1. h2e2 *").expect("write");
        let index = super::index_file(dir.path()).expect("a folder of games");
        assert_eq!(index.len(), 1 + 14 + 2);
        // Each game opens from its own file, whatever its format.
        let first = super::read_game(dir.path(), &index, 1).expect("the XQF game");
        assert_eq!(first.moves().len(), 59);
        let library = super::read_game(dir.path(), &index, 15).expect("the last CBL game");
        assert!(!library.moves().is_empty());
        let last = super::read_game(dir.path(), &index, 17).expect("the second PGN game");
        assert_eq!(last.tag("Event"), Some("two"));
        assert_eq!(last.moves().len(), 2);
        let empty = tempfile::tempdir().expect("temporary folder");
        assert!(matches!(
            super::index_file(empty.path()),
            Err(super::LibraryError::NoGames { .. })
        ));
    }

    /// A folder of more files than the picker once read (10,000) opens as all their games,
    /// and says how many files it passed over.
    #[test]
    fn a_big_folder_is_read_whole() {
        let dir = tempfile::tempdir().expect("temporary folder");
        let games = 10_001;
        for i in 0..games {
            std::fs::write(dir.path().join(format!("{i:05}.pgn")), "1. h2e2 *\n").expect("write");
        }
        std::fs::write(dir.path().join("zz-notes.txt"), "not a game").expect("write");
        let index = super::index_file(dir.path()).expect("a folder of games");
        assert_eq!(index.len(), games);
        assert_eq!(index.files_passed_over(), 1);
        let last = super::read_game(dir.path(), &index, games).expect("the last game");
        assert_eq!(last.moves().len(), 1);
    }
}
