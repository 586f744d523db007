//! Puzzles at the board: the mate problems shipped with the game (`assets/puzzles/`) and
//! the rated tactics, the one being played and how it stands, and how a tactic moves the
//! player's rating.

use crate::tui::store::progress::TacticsRecord;
use std::sync::OnceLock;
use xiangqi_engine::puzzle::{self, Entry, Filter, Puzzle};
use xiangqi_rating::{Outcome, Rating, Settings, rate};
use xiangqi_rules::{Color, Game, Move};

/// How sure a puzzle's own rating is taken to be: it is fixed, but only an estimate of how
/// hard the puzzle is (lichess's puzzles settle near 75–100).
const PUZZLE_DEVIATION: f64 = 90.0;

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
    /// A rated tactic's own part; `None` for a mate of the numbered collection.
    pub tactic: Option<Tactic>,
}

/// A puzzle asked for on the command line that waits for the player's progress to be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Waiting {
    /// `--puzzle` without a number: the first mate not solved yet.
    FirstUnsolved,
    /// `--tactics`: the rated tactic for the player's rating.
    Tactic(Filter),
}

impl Waiting {
    /// What `--puzzle` (0: without a number) and `--tactics` ask to wait for.
    #[must_use]
    pub fn at_start(puzzle: Option<usize>, tactics: Option<Filter>) -> Option<Waiting> {
        match (puzzle, tactics) {
            (_, Some(filter)) => Some(Waiting::Tactic(filter)),
            (Some(0), None) => Some(Waiting::FirstUnsolved),
            _ => None,
        }
    }
}

/// A rated tactic on the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Tactic {
    /// The shipped puzzle.
    pub entry: Entry,
    /// What the player asked to be given (theme, ratings): the next one passes it too.
    pub filter: Filter,
    /// The player's rating before and after, once this tactic counted: at the first wrong
    /// move, at the solution shown, or at the solve. A retry after that does not count.
    pub counted: Option<Counted>,
}

/// How a tactic counted.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Counted {
    /// Solved at the first try.
    pub solved: bool,
    /// The rating before, as shown.
    pub before: u32,
    /// The rating after.
    pub after: u32,
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
            tactic: None,
        })
    }

    /// The rated tactic for a player whose record is `record`: among those `filter` admits,
    /// not given lately, the nearest to the player's rating. `None` if the filter admits none.
    #[must_use]
    pub fn next_tactic(record: &TacticsRecord, filter: Filter) -> Option<Session> {
        let all = rated_puzzles();
        let recent: Vec<&str> = record.recent.iter().map(String::as_str).collect();
        let entry = puzzle::pick(all, record.shown(), &filter, &recent)?.clone();
        let number = all
            .iter()
            .position(|e| e.id == entry.id)
            .map_or(0, |i| i + 1);
        let puzzle = Puzzle {
            name: entry.source.clone(),
            position: entry.position.clone(),
            moves: u32::try_from(entry.solver_moves()).unwrap_or(u32::MAX),
            solution: entry.solution.clone(),
        };
        Some(Session {
            number,
            total: all.len(),
            puzzle,
            status: Status::Playing,
            tactic: Some(Tactic {
                entry,
                filter,
                counted: None,
            }),
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

/// Counts a tactic rated `puzzle_rating` in `record`: solved at the first try or not.
/// The rating moves by Glicko-2, the puzzle as the opponent; the streak and counts follow.
pub fn count_tactic(record: &mut TacticsRecord, puzzle_rating: u32, solved: bool) -> Counted {
    let before = record.shown();
    let (r, d, v) = record.rating;
    let opponent = Rating::new(f64::from(puzzle_rating), PUZZLE_DEVIATION, 0.06);
    let outcome = if solved { Outcome::Win } else { Outcome::Loss };
    let after = rate(
        Rating::new(r, d, v),
        &[(opponent, outcome)],
        &Settings::default(),
    );
    record.rating = (after.rating, after.deviation, after.volatility);
    record.tried += 1;
    if solved {
        record.solved += 1;
        record.streak += 1;
        record.best_streak = record.best_streak.max(record.streak);
    } else {
        record.streak = 0;
    }
    Counted {
        solved,
        before,
        after: record.shown(),
    }
}

/// Every puzzle given rated: the shipped tactics and the mates (read once).
#[must_use]
pub fn rated_puzzles() -> &'static [Entry] {
    static ALL: OnceLock<Vec<Entry>> = OnceLock::new();
    ALL.get_or_init(|| puzzle::shipped().unwrap_or_default())
}

/// How many puzzles are shipped (0 if the collection could not be read, which its tests
/// rule out).
#[must_use]
pub fn count() -> usize {
    puzzle::collection().map_or(0, |all| all.len())
}

#[cfg(test)]
mod tests {
    use super::*;

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

    #[test]
    fn a_solved_tactic_raises_the_rating_and_the_streak_a_missed_one_lowers_both() {
        let mut record = TacticsRecord::default();
        let won = count_tactic(&mut record, 1500, true);
        assert!(won.after > won.before, "{won:?}");
        assert_eq!((record.streak, record.tried, record.solved), (1, 1, 1));
        count_tactic(&mut record, 1500, true);
        let lost = count_tactic(&mut record, 1500, false);
        assert!(lost.after < lost.before, "{lost:?}");
        assert_eq!((record.streak, record.best_streak), (0, 2));
        assert_eq!((record.tried, record.solved), (3, 2));
        // An easy puzzle missed costs more than a hard one missed.
        let (mut easy, mut hard) = (record.clone(), record.clone());
        let easy_loss = count_tactic(&mut easy, 900, false);
        let hard_loss = count_tactic(&mut hard, 2100, false);
        assert!(easy_loss.after < hard_loss.after);
    }

    #[test]
    fn the_next_tactic_is_near_the_rating_passes_the_filter_and_is_not_a_recent_one() {
        let mut record = TacticsRecord::default();
        let first = Session::next_tactic(&record, Filter::default()).expect("a tactic");
        let entry = &first.tactic.as_ref().expect("rated").entry;
        let nearest = rated_puzzles()
            .iter()
            .map(|e| e.rating.abs_diff(1500))
            .min();
        assert_eq!(Some(entry.rating.abs_diff(1500)), nearest);
        record.saw(&entry.id);
        let second = Session::next_tactic(&record, Filter::default()).expect("another");
        assert_ne!(second.tactic.expect("rated").entry.id, entry.id);
        let pins = Filter {
            theme: Some("pin".into()),
            ..Filter::default()
        };
        let pin = Session::next_tactic(&record, pins).expect("a pin");
        assert!(pin.tactic.expect("rated").entry.has_theme("pin"));
        let none = Filter {
            min_rating: Some(5000),
            ..Filter::default()
        };
        assert!(Session::next_tactic(&record, none).is_none());
    }
}
