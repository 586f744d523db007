//! Which puzzles the player has solved and the player's tactics rating, kept in the state
//! folder beside the autosave as `puzzles.txt`.

use crate::tui::store::autosave::make_private_folder;
use crate::tui::store::files::{READ_LIMIT, read_regular, write_atomic};
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use thiserror::Error;

/// The progress file's name in the state folder.
const PROGRESS_FILE: &str = "puzzles.txt";

/// How many tactics ids are remembered as seen lately (not given again soon).
pub const RECENT: usize = 40;

/// The numbers of the mate puzzles solved, and the rated tactics' record.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    solved: BTreeSet<usize>,
    /// The player's tactics record.
    pub tactics: TacticsRecord,
}

/// The player's record at rated tactics.
#[derive(Clone, Debug, PartialEq)]
pub struct TacticsRecord {
    /// Glicko-2 rating, deviation and volatility.
    pub rating: (f64, f64, f64),
    /// Tactics solved in a row, now and at best.
    pub streak: u32,
    /// The longest streak.
    pub best_streak: u32,
    /// Tactics that counted, and how many of them were solved.
    pub tried: u32,
    /// Of those, solved at the first try.
    pub solved: u32,
    /// Ids given lately, the newest last (at most [`RECENT`]).
    pub recent: Vec<String>,
}

// The rating's numbers are never NaN: the file's are refused unless finite, and Glicko-2
// keeps finite numbers finite. So equality is an equivalence, as `Eq` asks.
impl Eq for TacticsRecord {}

impl Default for TacticsRecord {
    /// A newcomer: 1500 ± 350, as a club's newcomer.
    fn default() -> TacticsRecord {
        TacticsRecord {
            rating: (1500.0, 350.0, 0.06),
            streak: 0,
            best_streak: 0,
            tried: 0,
            solved: 0,
            recent: Vec::new(),
        }
    }
}

impl TacticsRecord {
    /// Reads the record's lines (`tactics-…`) out of the progress file's text; a line that
    /// cannot be read leaves that part as a newcomer's.
    fn parse(text: &str) -> TacticsRecord {
        let mut record = TacticsRecord::default();
        for line in text.lines() {
            let mut words = line.split_whitespace();
            let key = words.next().unwrap_or_default();
            let rest: Vec<&str> = words.collect();
            let numbers: Vec<f64> = rest.iter().filter_map(|w| w.parse().ok()).collect();
            let whole = |i: usize| numbers.get(i).map(|&n| n as u32);
            match (key, numbers.as_slice()) {
                ("tactics-rating", &[r, d, v])
                    if r.is_finite() && d.is_finite() && v.is_finite() && d > 0.0 && v > 0.0 =>
                {
                    record.rating = (r, d, v);
                }
                ("tactics-streak", [_, _]) => {
                    record.streak = whole(0).unwrap_or(0);
                    record.best_streak = whole(1).unwrap_or(0);
                }
                ("tactics-count", [_, _]) => {
                    record.tried = whole(0).unwrap_or(0);
                    record.solved = whole(1).unwrap_or(0).min(record.tried);
                }
                ("tactics-recent", _) => {
                    let ids = rest.iter().filter(|w| w.chars().all(is_id_char));
                    record.recent = ids.map(|w| (*w).to_string()).collect();
                    let excess = record.recent.len().saturating_sub(RECENT);
                    record.recent.drain(..excess);
                }
                _ => {}
            }
        }
        record
    }

    /// The record's lines.
    fn to_text(&self) -> String {
        let (r, d, v) = self.rating;
        format!(
            "tactics-rating {r:.2} {d:.2} {v:.6}\ntactics-streak {} {}\ntactics-count {} {}\n\
             tactics-recent {}\n",
            self.streak,
            self.best_streak,
            self.tried,
            self.solved,
            self.recent.join(" ")
        )
    }

    /// The rating, rounded as shown.
    #[must_use]
    pub fn shown(&self) -> u32 {
        self.rating.0.round().clamp(0.0, 9999.0) as u32
    }

    /// Remembers that `id` was given.
    pub fn saw(&mut self, id: &str) {
        self.recent.retain(|r| r != id);
        self.recent.push(id.to_string());
        let excess = self.recent.len().saturating_sub(RECENT);
        self.recent.drain(..excess);
    }
}

/// A character of a puzzle id (`t1-00004-035`, `mate-01`).
fn is_id_char(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '-' || c == '_'
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
        let tactics = TacticsRecord::parse(text);
        Progress { solved, tactics }
    }

    /// The file's text.
    #[must_use]
    pub fn to_text(&self) -> String {
        let numbers: Vec<String> = self.solved.iter().map(usize::to_string).collect();
        format!(
            "# Puzzles solved in xiangqi (numbers in the shipped collection)\nsolved {}\n{}",
            numbers.join(" "),
            self.tactics.to_text()
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
/// running on the same folder has solved meanwhile: a puzzle once solved stays solved, and
/// of two tactics records the one with more tactics counted is kept.
///
/// # Errors
/// The folder or file cannot be written: what and where.
pub fn write_progress(folder: &Path, progress: &Progress) -> Result<(), ProgressError> {
    let path = progress_path(folder);
    let mut all = read_progress(folder).unwrap_or_default();
    all.solved.extend(progress.solved.iter().copied());
    if progress.tactics.tried >= all.tactics.tried {
        all.tactics = progress.tactics.clone();
    }
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
    fn the_tactics_record_survives_its_file_and_a_damaged_line_is_a_newcomers() {
        let mut p = Progress::default();
        p.tactics.rating = (1612.345, 88.5, 0.0599);
        (p.tactics.streak, p.tactics.best_streak) = (3, 7);
        (p.tactics.tried, p.tactics.solved) = (12, 9);
        p.tactics.saw("t1-00004-035");
        p.tactics.saw("mate-02");
        p.tactics.saw("t1-00004-035");
        assert_eq!(p.tactics.recent, ["mate-02", "t1-00004-035"]);
        let back = Progress::parse(&p.to_text());
        assert_eq!(back.tactics.shown(), 1612);
        assert_eq!(back.tactics.streak, 3);
        assert_eq!(back.tactics.best_streak, 7);
        assert_eq!((back.tactics.tried, back.tactics.solved), (12, 9));
        assert_eq!(back.tactics.recent, p.tactics.recent);
        let damaged = Progress::parse("tactics-rating 1700 -5 0.06\ntactics-recent a b\x1b[2J\n");
        assert_eq!(damaged.tactics.rating, TacticsRecord::default().rating);
        assert_eq!(damaged.tactics.recent, ["a"]);
    }

    #[test]
    fn keeping_progress_keeps_the_tactics_record_with_more_counted() {
        let dir = tempfile::tempdir().expect("temporary folder");
        let mut more = Progress::default();
        more.tactics.tried = 5;
        more.tactics.rating.0 = 1400.0;
        write_progress(dir.path(), &more).expect("written");
        let mut stale = Progress::default();
        stale.tactics.tried = 2;
        write_progress(dir.path(), &stale).expect("written");
        assert_eq!(
            read_progress(dir.path()).expect("read").tactics.shown(),
            1400
        );
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
