//! A folder of game files indexed as one file of all their games, for a picker: each file
//! in its own format, one file at a time, so that a folder of any size is read whole.

use super::{GameIndex, index_file};
use std::fs::File;
use std::io;
use std::path::{Path, PathBuf};

/// Indexes every game file of the folder `path` — its regular files (links followed), not
/// hidden ones, in the order of their names — as one index ([`GameIndex::of_folder`]). Each
/// file is opened, indexed and closed before the next: memory holds the index's entries
/// (the tags of each game), never a file's text. A file whose first game does not read (notes,
/// pictures) is passed over, and counted ([`GameIndex::files_passed_over`]).
///
/// ```
/// let dir = tempfile::tempdir().unwrap();
/// std::fs::write(dir.path().join("a.pgn"), "1. h2e2 *\n\n1. b0c2 *\n").unwrap();
/// std::fs::write(dir.path().join("notes.txt"), "not a game").unwrap();
/// let index = xiangqi_records::pgn::index_folder(dir.path()).unwrap();
/// assert_eq!((index.len(), index.files_passed_over()), (2, 1));
/// ```
///
/// # Errors
/// The folder cannot be listed.
pub fn index_folder(path: &Path) -> io::Result<GameIndex> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(path)? {
        let Ok(entry) = entry else { continue };
        let file = entry.path();
        let hidden = entry.file_name().to_string_lossy().starts_with('.');
        if !hidden && std::fs::metadata(&file).is_ok_and(|m| m.is_file()) {
            files.push(file);
        }
    }
    files.sort();
    let mut passed_over = 0;
    let mut parts: Vec<(PathBuf, GameIndex)> = Vec::new();
    for file in files {
        match game_file_index(&file) {
            Some(index) => parts.push((file, index)),
            None => passed_over += 1,
        }
    }
    Ok(GameIndex::of_folder(parts, passed_over))
}

/// The index of `file` if it is a game file: its first game reads.
fn game_file_index(file: &Path) -> Option<GameIndex> {
    let index = index_file(File::open(file).ok()?).ok()?;
    let first_reads = index.entries().first().is_some_and(|e| e.problem.is_none())
        && index.open_file(File::open(file).ok()?, 1).is_ok();
    first_reads.then_some(index)
}
