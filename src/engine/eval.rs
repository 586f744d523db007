//! The static evaluation: what a position is worth to the side to move, in centipawns (a
//! soldier before the river is worth about 100).
//!
//! Material, a table per piece kind of where it stands well, the mobility of chariots and
//! horses, and the safety of each general: its guards (advisors against chariots and horses,
//! elephants against cannons) counted against the attackers the enemy still has, and an enemy
//! cannon lined up on the general's file.

use crate::Position;
use crate::role::code::{
    ADVISOR, CANNON, CHARIOT, ELEPHANT, GENERAL, HORSE, SOLDIER, color_of, role_of,
};
use crate::tables::{HORSE_MOVES, RAYS};

/// Material by piece code's role (index = role code: 1 general … 7 soldier).
pub(crate) const VALUE: [i32; 8] = [0, 0, 200, 200, 430, 1000, 460, 90];

/// Tables from red's side, written as a player sees the board: the first row is black's back
/// rank (rank 9), the last row red's (rank 0). Black uses them upside down.
#[rustfmt::skip]
const SOLDIER_TABLE: [i32; 90] = [
     0,   4,   8,  12,  16,  12,   8,   4,   0,
    20,  40,  60,  84, 110,  84,  60,  40,  20,
    16,  30,  46,  64,  84,  64,  46,  30,  16,
    12,  24,  34,  40,  46,  40,  34,  24,  12,
     8,  14,  20,  22,  26,  22,  20,  14,   8,
     0,   0,   6,   0,  10,   0,   6,   0,   0,
     0,   0,  -2,   0,   4,   0,  -2,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,   0,
];

#[rustfmt::skip]
const HORSE_TABLE: [i32; 90] = [
     2,   6,  14,  10,   2,  10,  14,   6,   2,
     4,  12,  30,  18,   8,  18,  30,  12,   4,
    12,  16,  18,  24,  20,  24,  18,  16,  12,
     8,  26,  20,  26,  22,  26,  20,  26,   8,
     6,  16,  16,  20,  18,  20,  16,  16,   6,
     4,  12,  16,  14,  12,  14,  16,  12,   4,
     2,   6,   8,   6,  10,   6,   8,   6,   2,
     4,   2,   8,   8,   4,   8,   8,   2,   4,
     0,   2,   4,   4,  -4,   4,   4,   2,   0,
     0,  -6,   0,   0,   0,   0,   0,  -6,   0,
];

#[rustfmt::skip]
const CHARIOT_TABLE: [i32; 90] = [
     6,   8,   8,  14,  16,  14,   8,   8,   6,
     8,  14,  12,  18,  34,  18,  12,  14,   8,
     6,  10,   8,  16,  18,  16,   8,  10,   6,
     6,  14,  14,  18,  18,  18,  14,  14,   6,
     8,  12,  12,  16,  16,  16,  12,  12,   8,
     8,  12,  12,  16,  16,  16,  12,  12,   8,
     4,  10,   6,  14,  14,  14,   6,  10,   4,
    -2,   8,   4,  12,  12,  12,   4,   8,  -2,
     4,   8,   6,  12,   0,  12,   6,   8,   4,
    -6,   4,   2,  12,   0,  12,   2,   4,  -6,
];

#[rustfmt::skip]
const CANNON_TABLE: [i32; 90] = [
     6,   4,   0,  -8, -10,  -8,   0,   4,   6,
     2,   2,   0,  -4, -12,  -4,   0,   2,   2,
     2,   2,   0,  -8,  -6,  -8,   0,   2,   2,
     0,   2,   0,   4,  10,   4,   0,   2,   0,
     0,   0,   0,   2,   8,   2,   0,   0,   0,
    -2,   0,   4,   2,   6,   2,   4,   0,  -2,
     0,   0,   0,   2,   4,   2,   0,   0,   0,
     4,   0,   8,   6,  12,   6,   8,   0,   4,
     0,   2,   4,   6,   6,   6,   4,   2,   0,
     0,   0,   2,   6,   6,   6,   2,   0,   0,
];

#[rustfmt::skip]
const GUARD_TABLE: [i32; 90] = [
     0,   0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,  -2,   0,   0,   0,  -2,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,   0,
    -2,   0,   0,   0,  10,   0,   0,   0,  -2,
     0,   0,   0,   0,   8,   0,   0,   0,   0,
     0,   0,   2,   0,   0,   0,   2,   0,   0,
];

#[rustfmt::skip]
const GENERAL_TABLE: [i32; 90] = [
     0,   0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,   0,   0,   0,   0,   0,   0,   0,
     0,   0,   0, -16, -20, -16,   0,   0,   0,
     0,   0,   0,  -8, -10,  -8,   0,   0,   0,
     0,   0,   0,  -2,   4,  -2,   0,   0,   0,
];

/// Material plus table value of each piece code on each point, built once: `[code][point]`.
static PIECE_SQUARE: [[i32; 90]; 16] = build_piece_square();

const fn build_piece_square() -> [[i32; 90]; 16] {
    let mut out = [[0; 90]; 16];
    let mut code = 1;
    while code < 16 {
        let role = code & 7;
        if role != 0 {
            let table = match role as u8 {
                GENERAL => &GENERAL_TABLE,
                ADVISOR | ELEPHANT => &GUARD_TABLE,
                HORSE => &HORSE_TABLE,
                CHARIOT => &CHARIOT_TABLE,
                CANNON => &CANNON_TABLE,
                _ => &SOLDIER_TABLE,
            };
            let black = code >= 8;
            let mut sq = 0;
            while sq < 90 {
                // Red reads the written table bottom row first; black reads it as written,
                // mirrored across the files (the tables are symmetric, so only ranks matter).
                let (rank, file) = (sq / 9, sq % 9);
                let row = if black { rank } else { 9 - rank };
                out[code][sq] = VALUE[role] + table[row * 9 + file];
                sq += 1;
            }
        }
        code += 1;
    }
    out
}

/// Per-side tallies gathered in one pass over the pieces.
#[derive(Default)]
struct Side {
    score: i32,
    chariots: i32,
    horses: i32,
    cannons: i32,
    crossed_soldiers: i32,
    advisors: i32,
    elephants: i32,
}

/// The evaluation from the side to move's view.
pub(crate) fn evaluate(pos: &Position) -> i32 {
    let cells = &pos.board.cells;
    let mut sides = [Side::default(), Side::default()];
    for (color, side) in sides.iter_mut().enumerate() {
        let mut own = pos.occupied[color];
        while own != 0 {
            let sq = own.trailing_zeros() as usize;
            own &= own - 1;
            let code = cells[sq];
            side.score += PIECE_SQUARE[code as usize][sq];
            match role_of(code) {
                CHARIOT => {
                    side.chariots += 1;
                    side.score += 2 * chariot_reach(cells, sq);
                }
                HORSE => {
                    side.horses += 1;
                    let moves = horse_moves(cells, sq, color);
                    // A horse with nowhere to go is a liability.
                    side.score += 4 * moves - if moves <= 1 { 20 } else { 0 };
                }
                CANNON => side.cannons += 1,
                ADVISOR => side.advisors += 1,
                ELEPHANT => side.elephants += 1,
                SOLDIER => {
                    let rank = sq / 9;
                    if (color == 0 && rank >= 5) || (color == 1 && rank <= 4) {
                        side.crossed_soldiers += 1;
                    }
                }
                _ => {}
            }
        }
    }
    let mut total = [0; 2];
    for (color, t) in total.iter_mut().enumerate() {
        let enemy = &sides[color ^ 1];
        let own = &sides[color];
        *t = own.score - guard_penalty(own, enemy)
            + central_cannon(pos, color)
            + endgame_soldiers(own, enemy);
    }
    let us = pos.turn.index();
    // A small bonus for having the move.
    total[us] - total[us ^ 1] + 10
}

/// Empty points a chariot can slide to, plus the first piece on each line.
fn chariot_reach(cells: &[u8; 90], sq: usize) -> i32 {
    let rays = &RAYS[sq];
    let mut n = 0;
    for d in 0..4 {
        for &t in &rays.sq[d][..rays.len[d] as usize] {
            n += 1;
            if cells[t as usize] != 0 {
                break;
            }
        }
    }
    n
}

/// Jumps a horse can make: leg free and the point not holding one of its own pieces.
fn horse_moves(cells: &[u8; 90], sq: usize, color: usize) -> i32 {
    let leaps = &HORSE_MOVES[sq];
    let mut n = 0;
    for j in 0..leaps.len as usize {
        let to = cells[leaps.to[j] as usize];
        if cells[leaps.via[j] as usize] == 0 && (to == 0 || color_of(to) != color) {
            n += 1;
        }
    }
    n
}

/// What missing guards cost a side, given what the enemy can still attack with: advisors
/// hold off chariots and horses, elephants the cannons.
fn guard_penalty(own: &Side, enemy: &Side) -> i32 {
    let attack = 2 * enemy.chariots + enemy.horses + enemy.cannons + enemy.crossed_soldiers / 2;
    let missing_advisors = 2 - own.advisors.min(2);
    let missing_elephants = 2 - own.elephants.min(2);
    missing_advisors * attack * 7 + missing_elephants * (enemy.cannons * 14 + attack * 3)
}

/// The bonus `attacker` earns for a cannon on the file of the enemy general: most with
/// nothing between (the general can hardly step off the file), less with two screens (one
/// piece leaving gives check).
fn central_cannon(pos: &Position, attacker: usize) -> i32 {
    let cells = &pos.board.cells;
    let general = pos.generals[attacker ^ 1] as usize;
    let rays = &RAYS[general];
    // Towards the attacker's side: south from black's general, north from red's.
    let d = if attacker == 0 { 1 } else { 0 };
    let mut between = 0;
    for &t in &rays.sq[d][..rays.len[d] as usize] {
        let c = cells[t as usize];
        if c == 0 {
            continue;
        }
        if color_of(c) == attacker && role_of(c) == CANNON {
            return match between {
                0 => 45,
                2 => 18,
                _ => 0,
            };
        }
        between += 1;
        if between > 2 {
            break;
        }
    }
    0
}

/// In the ending, with the big pieces gone, soldiers that crossed matter more.
fn endgame_soldiers(own: &Side, enemy: &Side) -> i32 {
    let enemy_big = enemy.chariots * 2 + enemy.horses + enemy.cannons;
    if enemy_big <= 2 {
        own.crossed_soldiers * 25
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_position_is_level_but_for_the_move() {
        assert_eq!(evaluate(&Position::start()), 10);
    }

    #[test]
    fn mirrored_positions_evaluate_the_same_for_the_side_to_move() {
        let red = Position::from_fen("3k5/9/9/9/2R6/9/6n2/9/4A4/4K4 w").expect("test FEN is valid");
        let black =
            Position::from_fen("4k4/4a4/9/2N6/9/6r2/9/9/9/5K3 b").expect("test FEN is valid");
        assert_eq!(evaluate(&red), evaluate(&black));
    }

    #[test]
    fn a_chariot_up_is_winning() {
        let pos = Position::from_fen("3k5/9/9/9/9/9/9/9/9/R3K4 w").expect("test FEN is valid");
        assert!(evaluate(&pos) > 900);
    }
}
