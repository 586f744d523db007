//! Puzzles at the board: the mate problems shipped with the game (`assets/puzzles/`), the one
//! being played and how it stands.

use xiangqi_engine::puzzle::{self, Puzzle};
use xiangqi_rules::{Color, Game, Move};

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
}
