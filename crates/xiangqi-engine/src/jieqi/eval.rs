//! Jieqi's static evaluation from what both players see: revealed pieces at their worth and
//! place, covered pieces at the average worth of their side's pool of unseen pieces.

use xiangqi_rules::jieqi::JieqiPosition;
use xiangqi_rules::role::code::{CANNON, CHARIOT, HORSE, SOLDIER, color_of, role_of};
use xiangqi_rules::tables::{BIT, squares};
use xiangqi_rules::{Color, Role};

/// Worth by role code (1 general … 7 soldier). Advisors and elephants roam in Jieqi once
/// revealed, so they are worth more than in xiangqi.
pub(crate) const WORTH: [i32; 8] = [0, 0, 220, 240, 420, 900, 450, 100];

/// A soldier across the river is worth this much more.
const CROSSED: i32 = 90;
/// Per step nearer the enemy general, for a revealed chariot, horse or cannon, and for a
/// soldier across the river: pieces that come close are the ones that mate.
const NEAR: i32 = 6;

/// The worth of a role as [`WORTH`] gives it.
pub(crate) fn worth(role: Role) -> i32 {
    WORTH[role.index() + 1]
}

/// The average worth of a covered piece of `color`: what its pool holds, each kind as often
/// as it is listed. Without unseen pieces (no covered piece can stand then) it is 0.
pub(crate) fn covered_worth(pos: &JieqiPosition, color: Color) -> i32 {
    let pool = pos.pool();
    let total = pool.total(color);
    if total == 0 {
        return 0;
    }
    let sum: usize = pool
        .kinds(color)
        .map(|(role, n)| n * worth(role) as usize)
        .sum();
    (sum / total) as i32
}

/// Has the piece of side index `side` on `sq` crossed the river?
fn crossed(side: usize, sq: usize) -> bool {
    if side == 0 { sq >= 45 } else { sq < 45 }
}

/// How far `a` is from `b` in king steps (files or ranks, whichever is more).
fn distance(a: usize, b: usize) -> i32 {
    let df = (a % 9).abs_diff(b % 9);
    let dr = (a / 9).abs_diff(b / 9);
    df.max(dr) as i32
}

/// The position's worth to the side to move, in centipawns.
pub(crate) fn evaluate(pos: &JieqiPosition) -> i32 {
    let codes = pos.codes();
    let covered = pos.covered_mask();
    let hidden = [
        covered_worth(pos, Color::Red),
        covered_worth(pos, Color::Black),
    ];
    let generals = [
        pos.general(Color::Red).index(),
        pos.general(Color::Black).index(),
    ];
    let mut sums = [0i32; 2];
    let [red, black] = *pos.occupancy();
    for sq in squares(red | black) {
        let code = codes[sq];
        let side = color_of(code);
        if covered & BIT[sq] != 0 {
            sums[side] += hidden[side];
            continue;
        }
        let role = role_of(code);
        let mut value = WORTH[usize::from(role)];
        let near = 9 - distance(sq, generals[1 - side]);
        match role {
            CHARIOT | HORSE | CANNON => value += NEAR * near,
            SOLDIER if crossed(side, sq) => value += CROSSED + NEAR * near,
            _ => {}
        }
        sums[side] += value;
    }
    let us = pos.turn().index();
    sums[us] - sums[1 - us]
}
