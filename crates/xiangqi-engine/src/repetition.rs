//! How the search scores a position that repeats one met earlier on the same line: by the
//! referee's own rules ([`judge_lap`]), so that the engine never walks into a perpetual check
//! or chase that would lose, and scores any other cycle as a draw.
//!
//! The search treats the first repetition as the end of the cycle (it would repeat again).

use xiangqi_rules::{Move, Position, judge_lap};

/// What a repetition means for the side to move in the repeated position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Verdict {
    Draw,
    MoverWins,
    MoverLoses,
}

/// Judges the cycle `lap` (the moves from the earlier occurrence of `pos` back to `pos`).
pub(crate) fn judge(pos: &Position, lap: &[Move]) -> Verdict {
    match judge_lap(pos, lap).winner {
        None => Verdict::Draw,
        Some(w) if w == pos.turn() => Verdict::MoverWins,
        Some(_) => Verdict::MoverLoses,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lap(moves: &[&str]) -> Vec<Move> {
        moves
            .iter()
            .map(|m| m.parse().expect("test move is valid"))
            .collect()
    }

    #[test]
    fn the_chaser_loses_and_the_chased_wins() {
        // Red's chariot follows black's lone horse between a8 and c7.
        let red = Position::from_fen("3k5/n8/9/9/9/9/9/9/9/2R1K4 w").expect("test FEN is valid");
        let chase = lap(&["c0a0", "a8c7", "a0c0", "c7a8"]);
        assert_eq!(judge(&red, &chase), Verdict::MoverLoses);
        // Seen from black to move after red's first move, the same cycle.
        let black = red.play(chase[0]).expect("legal");
        let from_black = lap(&["a8c7", "a0c0", "c7a8", "c0a0"]);
        assert_eq!(judge(&black, &from_black), Verdict::MoverWins);
    }

    #[test]
    fn idle_shuffling_draws() {
        let pos = Position::start();
        assert_eq!(
            judge(&pos, &lap(&["b0c2", "b9c7", "c2b0", "c7b9"])),
            Verdict::Draw
        );
    }
}
