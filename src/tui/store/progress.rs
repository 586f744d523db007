//! Which puzzles the player has solved, kept in the state folder beside the autosave as
//! `puzzles.txt`.

use crate::tui::store::autosave::make_private_folder;
use crate::tui::store::files::{READ_LIMIT, read_regular, write_atomic};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use thiserror::Error;

/// The progress file's name in the state folder.
const PROGRESS_FILE: &str = "puzzles.txt";

/// The numbers of the puzzles solved.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    solved: BTreeSet<usize>,
}

impl Progress {
    /// Reads the progress file's text: `solved` followed by numbers. Anything else is
    /// skipped (a damaged file loses nothing but what cannot be read).
    #[must_use]
    pub fn parse(text: &str) -> Progress {
        let solved = text
            .lines()
            .filter_map(|l| l.trim().strip_prefix("solved"))
            .flat_map(|rest| rest.split_whitespace().map(str::parse::<usize>))
            .filter_map(Result::ok)
            .filter(|&n| n > 0)
            .collect();
        Progress { solved }
    }

    /// The file's text.
    #[must_use]
    pub fn to_text(&self) -> String {
        let numbers: Vec<String> = self.solved.iter().map(usize::to_string).collect();
        format!(
            "# Puzzles solved in xiangqi (numbers in the shipped collection)\nsolved {}\n",
            numbers.join(" ")
        )
    }

    /// Has puzzle `n` been solved?
    #[must_use]
    pub fn solved(&self, n: usize) -> bool {
        self.solved.contains(&n)
    }

    /// How many are solved.
    #[must_use]
    pub fn len(&self) -> usize {
        self.solved.len()
    }

    /// None solved?
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.solved.is_empty()
    }

    /// Marks `n` solved; true if it was not before.
    pub fn mark(&mut self, n: usize) -> bool {
        self.solved.insert(n)
    }

    /// The first unsolved puzzle after `after` (0: from the start), wrapping around; the
    /// next one anyway when all are solved.
    #[must_use]
    pub fn next(&self, after: usize, total: usize) -> usize {
        if total == 0 {
            return 1;
        }
        (1..=total)
            .map(|k| (after + k - 1) % total + 1)
            .find(|n| !self.solved(*n))
            .unwrap_or(after % total + 1)
    }
}

/// The progress file in the state folder `folder`.
#[must_use]
pub fn progress_path(folder: &Path) -> PathBuf {
    folder.join(PROGRESS_FILE)
}

/// The progress file cannot be read or written.
#[derive(Debug, Error)]
#[error("{}: {source}", path.display())]
pub struct ProgressError {
    /// The progress file.
    pub path: PathBuf,
    /// Why.
    pub source: std::io::Error,
}

/// The progress kept in `folder` (none if there is no file yet).
///
/// # Errors
/// The file exists but cannot be read: what and where.
pub fn read_progress(folder: &Path) -> Result<Progress, ProgressError> {
    let path = progress_path(folder);
    match read_regular(&path, READ_LIMIT) {
        Ok(bytes) => Ok(Progress::parse(&String::from_utf8_lossy(&bytes))),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Progress::default()),
        Err(source) => Err(ProgressError { path, source }),
    }
}

/// Keeps `progress` in `folder` (made if missing), atomically, with whatever another game
/// running on the same folder has solved meanwhile: a puzzle once solved stays solved.
///
/// # Errors
/// The folder or file cannot be written: what and where.
pub fn write_progress(folder: &Path, progress: &Progress) -> Result<(), ProgressError> {
    let path = progress_path(folder);
    let mut all = read_progress(folder).unwrap_or_default();
    all.solved.extend(progress.solved.iter().copied());
    make_private_folder(folder)
        .and_then(|()| write_atomic(&path, all.to_text().as_bytes()))
        .map_err(|source| ProgressError { path, source })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_survives_its_file_and_skips_what_it_cannot_read() {
        let mut p = Progress::default();
        assert!(p.mark(3));
        assert!(p.mark(1));
        assert!(!p.mark(3));
        let back = Progress::parse(&p.to_text());
        assert_eq!(back, p);
        let damaged = Progress::parse("solved 2 x 0 5\nrubbish\n");
        assert!(damaged.solved(2) && damaged.solved(5) && !damaged.solved(0));
        assert_eq!(damaged.len(), 2);
    }

    #[test]
    fn the_next_puzzle_is_the_first_unsolved_one_after_wrapping_around() {
        let p = Progress::parse("solved 1 2 4");
        assert_eq!(p.next(0, 5), 3);
        assert_eq!(p.next(3, 5), 5);
        assert_eq!(p.next(5, 5), 3);
        let all = Progress::parse("solved 1 2");
        assert_eq!(all.next(2, 2), 1, "all solved: simply the next one");
    }

    #[test]
    fn keeping_progress_keeps_what_another_game_solved_meanwhile() {
        let dir = tempfile::tempdir().expect("temporary folder");
        write_progress(dir.path(), &Progress::parse("solved 1")).expect("written");
        write_progress(dir.path(), &Progress::parse("solved 4")).expect("written");
        let kept = read_progress(dir.path()).expect("read");
        assert!(kept.solved(1) && kept.solved(4), "{kept:?}");
    }
}
