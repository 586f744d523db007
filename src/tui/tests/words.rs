//! The words of a result as the screen says them.

use super::*;
use crate::tui::view::strings;

#[test]
fn the_move_limit_result_says_sixty_moves_each() {
    let draw = Outcome {
        winner: None,
        termination: Termination::MoveLimit,
    };
    // Written out, not computed from the constant the code uses: 60 moves each is the
    // rule (docs/rules.md), whatever the constant says.
    assert_eq!(
        strings::outcome(draw),
        "Draw — 60 moves each without capture"
    );
}
