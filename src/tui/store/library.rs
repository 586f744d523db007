//! Reading game files for the `o` prompt and the game picker, as the loop does it for
//! [`Effect`](crate::tui::state::effect::Effect)s: `~/` as the home folder, a file's index (tags only,
//! no moves played), one game of it, and file-name completion.

use std::fs::File;
use std::io::BufReader;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use xiangqi::pgn::{GameIndex, PgnGame};

/// Something large handed between the app and the loop without copying it: equal only to
/// itself (the same allocation), so actions and effects can still be compared in tests.
#[derive(Clone, Debug)]
pub struct Shared<T>(pub Arc<T>);

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

/// Indexes the game file `path` (see [`xiangqi::pgn::index`]): its games' tags, no moves.
///
/// # Errors
/// The file cannot be opened, or holds no game: what and where.
pub fn index_file(path: &Path) -> Result<GameIndex, String> {
    let shown = path.display();
    if path.is_dir() {
        return Err(format!("{shown} is a folder, not a game file"));
    }
    let file = File::open(path).map_err(|e| format!("cannot read {shown}: {e}"))?;
    let index = xiangqi::pgn::index(BufReader::new(file));
    if index.is_empty() {
        return Err(match index.stopped() {
            Some(e) => format!("{shown}: {e}"),
            None => format!("no games in {shown}"),
        });
    }
    Ok(index)
}

/// Reads game `n` (from 1) of the indexed file `path`: only that game's text.
///
/// # Errors
/// The file cannot be read, or the game not: what and where.
pub fn read_game(path: &Path, index: &GameIndex, n: usize) -> Result<PgnGame, String> {
    let shown = path.display();
    let file = File::open(path).map_err(|e| format!("cannot read {shown}: {e}"))?;
    index
        .open(BufReader::new(file), n)
        .map_err(|e| format!("{shown}: {e}"))
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
}
