//! The words of a result as the screen says them.

use super::*;
use crate::tui::view::words::strings;

#[test]
fn the_move_limit_result_says_sixty_moves_each() {
    let draw = Outcome {
        winner: None,
        termination: Termination::MoveLimit,
    };
    // Written out, not computed from the constant the code uses: 60 moves each is the
    // rule (docs/rules.md), whatever the constant says.
    assert_eq!(
        strings::outcome(draw, Color::Red),
        "Draw — 60 moves each without capture"
    );
}

#[test]
fn a_draw_on_time_names_the_side_whose_time_ran_out() {
    let draw = Outcome {
        winner: None,
        termination: Termination::TimeForfeit,
    };
    assert_eq!(
        strings::outcome(draw, Color::Black),
        "Draw — Black's time ran out; Red cannot win"
    );
    assert_eq!(
        strings::outcome_in(crate::tui::Lang::ZhHans, draw, Color::Red),
        "和棋 — 红方超时，黑方无子可胜"
    );
    assert_eq!(
        strings::outcome_in(crate::tui::Lang::ZhHant, draw, Color::Black),
        "和棋 — 黑方超時，紅方無子可勝"
    );
    // A loss on time names the loser whoever is to move.
    let lost = Outcome {
        winner: Some(Color::Red),
        termination: Termination::TimeForfeit,
    };
    assert_eq!(
        strings::outcome(lost, Color::Red),
        "Red wins — Black's time ran out"
    );
}
