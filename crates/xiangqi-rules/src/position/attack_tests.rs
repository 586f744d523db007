//! The attack shortcuts against the straightforward computation, over positions from
//! random games.

use super::random_positions;
use crate::role::code::{SOLDIER, color_bits};
use crate::tables::SOLDIER_MOVES;
use crate::{Color, Position};

/// Is `s` attacked by a soldier of `by`, found by looking at every point for one?
fn soldier_attacks(pos: &Position, s: usize, by: Color) -> bool {
    let soldier = color_bits(by) | SOLDIER;
    (0..90).any(|t| {
        let steps = &SOLDIER_MOVES[by.index()][t];
        pos.board.cells[t] == soldier && steps.to[..steps.len as usize].contains(&(s as u8))
    })
}

#[test]
fn soldier_attacks_agree_with_a_look_at_every_soldier() {
    let mut attacked = 0;
    for pos in random_positions(8, 120) {
        for s in 0..90 {
            for by in [Color::Red, Color::Black] {
                let found = soldier_attacks(&pos, s, by);
                assert_eq!(
                    pos.attacked_by_soldier_of(s as u8, by),
                    found,
                    "{s} by {by:?} in {pos:?}"
                );
                attacked += usize::from(found);
            }
        }
    }
    // Soldiers must have attacked often enough for the test to mean anything.
    assert!(attacked > 1_000, "only {attacked} attacks");
}
