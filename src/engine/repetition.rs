//! How the search scores a position that repeats one met earlier on the same line.
//!
//! The search treats the first repetition as the end of the cycle (it would repeat again):
//! one side giving check with every move of the cycle while the other does not loses, as
//! the game's referee rules; any other cycle is a draw.

/// What a repetition means for the side to move in the repeated position.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Verdict {
    Draw,
    MoverWins,
    MoverLoses,
}

/// Judges a cycle from `checks`: for each position of the lap, from the earlier occurrence to
/// the repeated one (both included), whether the side to move there was in check — that is,
/// whether the move that led to it gave check.
pub(crate) fn judge(checks: &[bool]) -> Verdict {
    let Some(n) = checks.len().checked_sub(1) else {
        return Verdict::Draw;
    };
    // The positions n, n - 2, … were reached by the opponent's moves; n - 1, n - 3, … by the
    // mover's own.
    let opponent_checked = (1..=n).rev().step_by(2).all(|i| checks[i]);
    let mover_checked = (1..n).rev().step_by(2).all(|i| checks[i]);
    match (opponent_checked, mover_checked) {
        (true, false) => Verdict::MoverWins,
        (false, true) => Verdict::MoverLoses,
        _ => Verdict::Draw,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_side_that_checked_throughout_loses() {
        // Opponent checked at 2 and 4; mover did not at 1 and 3.
        assert_eq!(
            judge(&[false, false, true, false, true]),
            Verdict::MoverWins
        );
        assert_eq!(
            judge(&[false, true, false, true, false]),
            Verdict::MoverLoses
        );
    }

    #[test]
    fn checks_on_both_sides_or_neither_draw() {
        assert_eq!(judge(&[false, true, true, true, true]), Verdict::Draw);
        assert_eq!(judge(&[false; 5]), Verdict::Draw);
        assert_eq!(judge(&[false, false, true, false, false]), Verdict::Draw);
    }
}
