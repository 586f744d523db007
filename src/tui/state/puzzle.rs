//! Puzzles at the board: the mate problems shipped with the game (`assets/puzzles/`), the one
//! being played and how it stands, and which ones the player has solved (kept in the state
//! folder, beside the autosave, as `puzzles.txt`).

use crate::tui::store::files::write_atomic;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use xiangqi::engine::puzzle::{self, Puzzle};
use xiangqi::{Color, Game, Move};

/// The progress file's name in the state folder.
pub const PROGRESS_FILE: &str = "puzzles.txt";

/// How the puzzle on the board stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// The player is looking for the mate.
    Playing,
    /// Mated in time.
    Solved,
    /// A move after which the mate is no longer forced in the moves left.
    Failed,
    /// The solution was shown.
    Shown,
}

/// The puzzle on the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Session {
    /// Its number in the collection, from 1.
    pub number: usize,
    /// How many puzzles the collection has.
    pub total: usize,
    pub puzzle: Puzzle,
    pub status: Status,
}

impl Session {
    /// Puzzle `number` (from 1) of the shipped collection, if there is one.
    #[must_use]
    pub fn open(number: usize) -> Option<Session> {
        let all = puzzle::collection().ok()?;
        let total = all.len();
        let puzzle = all.into_iter().nth(number.checked_sub(1)?)?;
        Some(Session {
            number,
            total,
            puzzle,
            status: Status::Playing,
        })
    }

    /// The side that mates.
    #[must_use]
    pub fn attacker(&self) -> Color {
        self.puzzle.position.turn()
    }

    /// The game to play it in: its position, no moves.
    #[must_use]
    pub fn game(&self) -> Game {
        Game::new(self.puzzle.position.clone())
    }

    /// The game with the whole solution played (as far as it is legal).
    #[must_use]
    pub fn solution_game(&self) -> Game {
        let mut game = self.game();
        for &mv in &self.puzzle.solution {
            if game.play(mv).is_err() {
                break;
            }
        }
        game
    }

    /// The attacker's moves left to mate in, with `plies` played since the start (the one
    /// being judged included, when it is the attacker's).
    #[must_use]
    pub fn moves_left(&self, plies: usize) -> u32 {
        let used = u32::try_from(plies / 2).unwrap_or(u32::MAX);
        self.puzzle.moves.saturating_sub(used)
    }

    /// The solution, for the message line: ICCS moves.
    #[must_use]
    pub fn solution_text(&self) -> String {
        let moves: Vec<String> = self.puzzle.solution.iter().map(Move::to_string).collect();
        moves.join(" ")
    }
}

/// How many puzzles are shipped (0 if the collection could not be read, which its tests
/// rule out).
#[must_use]
pub fn count() -> usize {
    puzzle::collection().map_or(0, |all| all.len())
}

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

/// The progress kept in `folder` (none if there is no file yet).
///
/// # Errors
/// The file exists but cannot be read: what and where.
pub fn read_progress(folder: &Path) -> Result<Progress, String> {
    let path = progress_path(folder);
    match std::fs::read_to_string(&path) {
        Ok(text) => Ok(Progress::parse(&text)),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Progress::default()),
        Err(e) => Err(format!("{}: {e}", path.display())),
    }
}

/// Keeps `progress` in `folder` (made if missing), atomically.
///
/// # Errors
/// The folder or file cannot be written: what and where.
pub fn write_progress(folder: &Path, progress: &Progress) -> Result<(), String> {
    let path = progress_path(folder);
    let mut builder = std::fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
    builder
        .create(folder)
        .and_then(|()| write_atomic(&path, progress.to_text().as_bytes()))
        .map_err(|e| format!("{}: {e}", path.display()))
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
    fn every_shipped_puzzle_opens_and_its_solution_mates() {
        let total = count();
        assert!(total > 0);
        for n in 1..=total {
            let s = Session::open(n).expect("numbers 1..=total open");
            assert_eq!(s.status, Status::Playing);
            let end = s.solution_game();
            assert!(
                end.outcome().is_some(),
                "puzzle {n}: the solution ends the game"
            );
        }
        assert_eq!(Session::open(0), None);
        assert_eq!(Session::open(total + 1), None);
    }
}
