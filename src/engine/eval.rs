//! The static evaluation: what a position is worth to the side to move, in centipawns (a
//! soldier before the river is worth about 100).
//!
//! Material and place together in a table per piece kind, one for the midgame and one for
//! the ending, blended by what is left on the board; soldiers valued by how strongly their
//! side attacks, advisors and elephants by how strongly the enemy does; cannon threats
//! against the general (on its file, behind a horse on the palace centre, on its back rank);
//! the mobility of chariots and horses; missing guards against the pieces that exploit them.

use crate::Position;
use crate::role::code::{ADVISOR, CANNON, CHARIOT, ELEPHANT, GENERAL, HORSE, color_of, role_of};
use crate::tables::{HORSE_MOVES, RAYS};

/// Material by piece code's role (index = role code: 1 general … 7 soldier), for move
/// ordering and pruning margins.
pub(crate) const VALUE: [i32; 8] = [0, 0, 200, 200, 450, 1000, 470, 100];

// The tables below are from red's side, written as a player sees the board: the first row is
// black's back rank (rank 9), the last row red's (rank 0). Black reads them upside down. Each
// holds what a piece is worth on each point, its material included. "Midgame" tables count
// while many pieces are on the board, "ending" tables once few are; the evaluation slides
// between the two as pieces come off.

/// A soldier while its side is attacking (pieces across the river), midgame: near the
/// enemy palace it is worth nearly a horse.
#[rustfmt::skip]
const SOLDIER_MG_ATTACK: [i32; 90] = [
    120, 120, 130, 150, 160, 150, 130, 120, 120,
    250, 290, 330, 390, 420, 390, 330, 290, 250,
    250, 280, 310, 350, 370, 350, 310, 280, 250,
    240, 260, 280, 300, 310, 300, 280, 260, 240,
    190, 210, 230, 260, 270, 260, 230, 210, 190,
     60,   0,  85,   0, 100,   0,  85,   0,  60,
     55,   0,  60,   0,  95,   0,  60,   0,  55,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
];

/// A soldier while its side is not attacking, midgame.
#[rustfmt::skip]
const SOLDIER_MG_QUIET: [i32; 90] = [
     90,  90,  95, 105, 110, 105,  95,  90,  90,
    140, 155, 175, 205, 215, 205, 175, 155, 140,
    140, 150, 165, 185, 195, 185, 165, 150, 140,
    135, 145, 155, 165, 170, 165, 155, 145, 135,
    115, 125, 140, 155, 160, 155, 140, 125, 115,
     60,   0,  85,   0, 100,   0,  85,   0,  60,
     55,   0,  60,   0,  95,   0,  60,   0,  55,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
];

/// A soldier in the ending while its side attacks: crossed soldiers decide endings.
#[rustfmt::skip]
const SOLDIER_EG_ATTACK: [i32; 90] = [
    150, 160, 170, 200, 220, 200, 170, 160, 150,
    280, 300, 320, 370, 400, 370, 320, 300, 280,
    300, 320, 330, 350, 360, 350, 330, 320, 300,
    300, 320, 330, 340, 340, 340, 330, 320, 300,
    280, 290, 290, 300, 300, 300, 290, 290, 280,
    170,   0, 160, 170, 180, 170, 160,   0, 170,
    150,   0, 140, 150, 160, 150, 140,   0, 150,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
];

/// A soldier in the ending while its side does not attack.
#[rustfmt::skip]
const SOLDIER_EG_QUIET: [i32; 90] = [
    130, 135, 140, 160, 170, 160, 140, 135, 130,
    180, 190, 200, 240, 260, 240, 200, 190, 180,
    210, 220, 230, 250, 250, 250, 230, 220, 210,
    230, 240, 250, 260, 260, 260, 250, 240, 230,
    210, 220, 220, 230, 230, 230, 220, 220, 210,
    150,   0, 150, 150, 160, 150, 150,   0, 150,
    130,   0, 130, 130, 140, 130, 130,   0, 130,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
      0,   0,   0,   0,   0,   0,   0,   0,   0,
];

#[rustfmt::skip]
const HORSE_MG: [i32; 90] = [
    430, 440, 450, 460, 440, 460, 450, 440, 430,
    440, 460, 500, 475, 450, 475, 500, 460, 440,
    450, 475, 490, 495, 480, 495, 490, 475, 450,
    455, 480, 485, 495, 490, 495, 485, 480, 455,
    445, 470, 480, 485, 485, 485, 480, 470, 445,
    440, 460, 475, 475, 480, 475, 475, 460, 440,
    430, 445, 460, 455, 460, 455, 460, 445, 430,
    425, 435, 455, 450, 450, 450, 455, 435, 425,
    415, 425, 435, 440, 400, 440, 435, 425, 415,
    405, 410, 420, 420, 420, 420, 420, 410, 405,
];

#[rustfmt::skip]
const HORSE_EG: [i32; 90] = [
    440, 450, 460, 460, 460, 460, 460, 450, 440,
    450, 465, 475, 480, 480, 480, 475, 465, 450,
    455, 470, 480, 490, 490, 490, 480, 470, 455,
    455, 470, 485, 490, 490, 490, 485, 470, 455,
    450, 465, 480, 485, 485, 485, 480, 465, 450,
    450, 465, 480, 485, 485, 485, 480, 465, 450,
    445, 460, 470, 475, 475, 475, 470, 460, 445,
    440, 455, 465, 470, 470, 470, 465, 455, 440,
    430, 445, 455, 460, 455, 460, 455, 445, 430,
    420, 430, 440, 445, 445, 445, 440, 430, 420,
];

#[rustfmt::skip]
const CHARIOT_MG: [i32; 90] = [
    1010, 1020, 1015, 1025, 1030, 1025, 1015, 1020, 1010,
    1020, 1030, 1025, 1040, 1050, 1040, 1025, 1030, 1020,
    1010, 1020, 1015, 1030, 1035, 1030, 1015, 1020, 1010,
    1010, 1025, 1020, 1030, 1030, 1030, 1020, 1025, 1010,
    1015, 1025, 1025, 1030, 1030, 1030, 1025, 1025, 1015,
    1010, 1025, 1020, 1025, 1025, 1025, 1020, 1025, 1010,
    1000, 1015, 1010, 1020, 1020, 1020, 1010, 1015, 1000,
     990, 1010, 1000, 1015, 1010, 1015, 1000, 1010,  990,
     985, 1005,  995, 1015,  990, 1015,  995, 1005,  985,
     975, 1000,  995, 1010,  990, 1010,  995, 1000,  975,
];

#[rustfmt::skip]
const CHARIOT_EG: [i32; 90] = [
    1040, 1045, 1045, 1050, 1050, 1050, 1045, 1045, 1040,
    1045, 1050, 1050, 1055, 1060, 1055, 1050, 1050, 1045,
    1040, 1045, 1045, 1050, 1050, 1050, 1045, 1045, 1040,
    1040, 1045, 1045, 1050, 1050, 1050, 1045, 1045, 1040,
    1040, 1045, 1045, 1050, 1050, 1050, 1045, 1045, 1040,
    1035, 1040, 1040, 1045, 1045, 1045, 1040, 1040, 1035,
    1030, 1035, 1035, 1040, 1040, 1040, 1035, 1035, 1030,
    1025, 1030, 1030, 1035, 1035, 1035, 1030, 1030, 1025,
    1020, 1025, 1025, 1030, 1030, 1030, 1025, 1025, 1020,
    1015, 1020, 1020, 1025, 1025, 1025, 1020, 1020, 1015,
];

#[rustfmt::skip]
const CANNON_MG: [i32; 90] = [
    490, 485, 470, 460, 455, 460, 470, 485, 490,
    480, 480, 470, 465, 450, 465, 470, 480, 480,
    475, 475, 470, 460, 465, 460, 470, 475, 475,
    470, 475, 470, 475, 490, 475, 470, 475, 470,
    470, 470, 470, 475, 490, 475, 470, 470, 470,
    465, 470, 475, 475, 490, 475, 475, 470, 465,
    470, 470, 470, 475, 485, 475, 470, 470, 470,
    475, 475, 480, 480, 500, 480, 480, 475, 475,
    470, 475, 475, 480, 480, 480, 475, 475, 470,
    470, 470, 475, 480, 480, 480, 475, 470, 470,
];

#[rustfmt::skip]
const CANNON_EG: [i32; 90] = [
    440, 440, 440, 440, 440, 440, 440, 440, 440,
    440, 440, 440, 440, 440, 440, 440, 440, 440,
    440, 440, 440, 440, 440, 440, 440, 440, 440,
    440, 440, 440, 445, 450, 445, 440, 440, 440,
    440, 440, 440, 445, 450, 445, 440, 440, 440,
    440, 440, 440, 445, 450, 445, 440, 440, 440,
    440, 440, 440, 445, 450, 445, 440, 440, 440,
    440, 440, 440, 445, 450, 445, 440, 440, 440,
    440, 440, 440, 445, 445, 445, 440, 440, 440,
    440, 440, 440, 445, 445, 445, 440, 440, 440,
];

/// The general in the midgame: safest at home.
#[rustfmt::skip]
const GENERAL_MG: [i32; 90] = [
    0, 0, 0,   0,   0,   0, 0, 0, 0,
    0, 0, 0,   0,   0,   0, 0, 0, 0,
    0, 0, 0,   0,   0,   0, 0, 0, 0,
    0, 0, 0,   0,   0,   0, 0, 0, 0,
    0, 0, 0,   0,   0,   0, 0, 0, 0,
    0, 0, 0,   0,   0,   0, 0, 0, 0,
    0, 0, 0,   0,   0,   0, 0, 0, 0,
    0, 0, 0, -40, -45, -40, 0, 0, 0,
    0, 0, 0, -20, -25, -20, 0, 0, 0,
    0, 0, 0,  -5,   5,  -5, 0, 0, 0,
];

/// The general in the ending: lifted a rank, it helps more.
#[rustfmt::skip]
const GENERAL_EG: [i32; 90] = [
    0, 0, 0,   0,   0,   0, 0, 0, 0,
    0, 0, 0,   0,   0,   0, 0, 0, 0,
    0, 0, 0,   0,   0,   0, 0, 0, 0,
    0, 0, 0,   0,   0,   0, 0, 0, 0,
    0, 0, 0,   0,   0,   0, 0, 0, 0,
    0, 0, 0,   0,   0,   0, 0, 0, 0,
    0, 0, 0,   0,   0,   0, 0, 0, 0,
    0, 0, 0, -10,  -5, -10, 0, 0, 0,
    0, 0, 0,  -5,  10,  -5, 0, 0, 0,
    0, 0, 0,  -5,  15,  -5, 0, 0, 0,
];

/// Where advisors and elephants stand best (added to their value, which depends on the
/// enemy's attack).
#[rustfmt::skip]
const GUARD_PLACE: [i32; 90] = [
    0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0,
    0, 0, -5, 0, 0, 0, -5, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0,
   -5, 0, 0, 0, 15, 0, 0, 0, -5,
    0, 0, 0, 0, 10, 0, 0, 0, 0,
    0, 0, 0, 0, 0, 0, 0, 0, 0,
];

/// An advisor or elephant while the enemy cannot attack, and while it attacks with all it
/// has.
const GUARD_CALM: i32 = 150;
const GUARD_THREATENED: i32 = 240;

/// Phase weights: chariot 6, horse and cannon 3, anything else 1 (a full board is 66).
const PHASE_FULL: i32 = 66;
/// Attack levels run from 0 (nothing across the river) to this.
const ATTACK_FULL: i32 = 8;

/// A `[point]` table read for `color`: red as written, black upside down.
const fn flip(table: &[i32; 90], black: bool) -> [i32; 90] {
    let mut out = [0; 90];
    let mut sq = 0;
    while sq < 90 {
        let (rank, file) = (sq / 9, sq % 9);
        let row = if black { rank } else { 9 - rank };
        out[sq] = table[row * 9 + file];
        sq += 1;
    }
    out
}

/// Each table for each colour: `[colour][point]`.
struct Tables {
    soldier: [[[i32; 90]; 2]; 4],
    horse: [[[i32; 90]; 2]; 2],
    chariot: [[[i32; 90]; 2]; 2],
    cannon: [[[i32; 90]; 2]; 2],
    general: [[[i32; 90]; 2]; 2],
    guard: [[i32; 90]; 2],
}

const fn both(table: &[i32; 90]) -> [[i32; 90]; 2] {
    [flip(table, false), flip(table, true)]
}

static TABLES: Tables = Tables {
    soldier: [
        both(&SOLDIER_MG_QUIET),
        both(&SOLDIER_MG_ATTACK),
        both(&SOLDIER_EG_QUIET),
        both(&SOLDIER_EG_ATTACK),
    ],
    horse: [both(&HORSE_MG), both(&HORSE_EG)],
    chariot: [both(&CHARIOT_MG), both(&CHARIOT_EG)],
    cannon: [both(&CANNON_MG), both(&CANNON_EG)],
    general: [both(&GENERAL_MG), both(&GENERAL_EG)],
    guard: both(&GUARD_PLACE),
};

/// Per-side tallies gathered in the first pass over the pieces.
#[derive(Default, Clone, Copy)]
struct Side {
    chariots: i32,
    horses: i32,
    cannons: i32,
    advisors: i32,
    elephants: i32,
    soldiers: i32,
    /// Chariots and horses across the river count 2, cannons and soldiers 1.
    crossed: i32,
}

impl Side {
    fn phase(&self) -> i32 {
        6 * self.chariots
            + 3 * (self.horses + self.cannons)
            + self.advisors
            + self.elephants
            + self.soldiers
    }

    /// How strongly this side attacks, 0 to [`ATTACK_FULL`]: its pieces across the river,
    /// plus its lead in attacking pieces.
    fn attack(&self, enemy: &Side) -> i32 {
        let big = |s: &Side| 2 * s.chariots + s.horses + s.cannons;
        let lead = (big(self) - big(enemy)).max(0);
        (self.crossed + lead).min(ATTACK_FULL)
    }
}

fn crossed(color: usize, sq: usize) -> bool {
    let rank = sq / 9;
    if color == 0 { rank >= 5 } else { rank <= 4 }
}

/// What one pass over a side's pieces gathers: tallies, and table sums that wait for the
/// attack levels (soldiers, guards) or the phase (midgame and ending) to be known.
#[derive(Default, Clone, Copy)]
struct Sums {
    side: Side,
    mg: i32,
    eg: i32,
    flat: i32,
    /// Soldier table sums: midgame quiet, midgame attacking, ending quiet, ending attacking.
    soldier: [i32; 4],
    guard_place: i32,
}

fn gather(pos: &Position, color: usize) -> Sums {
    let cells = &pos.board.cells;
    let mut s = Sums::default();
    let mut own = pos.occupied[color];
    while own != 0 {
        let sq = own.trailing_zeros() as usize;
        own &= own - 1;
        let across = i32::from(crossed(color, sq));
        match role_of(cells[sq]) {
            GENERAL => {
                s.mg += TABLES.general[0][color][sq];
                s.eg += TABLES.general[1][color][sq];
            }
            ADVISOR => {
                s.side.advisors += 1;
                s.guard_place += TABLES.guard[color][sq];
            }
            ELEPHANT => {
                s.side.elephants += 1;
                s.guard_place += TABLES.guard[color][sq];
            }
            HORSE => {
                s.side.horses += 1;
                s.side.crossed += 2 * across;
                s.mg += TABLES.horse[0][color][sq];
                s.eg += TABLES.horse[1][color][sq];
                let moves = horse_moves(cells, sq, color);
                // A horse with nowhere to go is a liability.
                s.flat += 5 * moves - if moves <= 1 { 30 } else { 0 };
            }
            CHARIOT => {
                s.side.chariots += 1;
                s.side.crossed += 2 * across;
                s.mg += TABLES.chariot[0][color][sq];
                s.eg += TABLES.chariot[1][color][sq];
                s.flat += 3 * chariot_reach(cells, sq);
            }
            CANNON => {
                s.side.cannons += 1;
                s.side.crossed += across;
                s.mg += TABLES.cannon[0][color][sq];
                s.eg += TABLES.cannon[1][color][sq];
            }
            _ => {
                s.side.soldiers += 1;
                s.side.crossed += across;
                for (k, sum) in s.soldier.iter_mut().enumerate() {
                    *sum += TABLES.soldier[k][color][sq];
                }
            }
        }
    }
    s
}

/// The evaluation from the side to move's view.
pub(crate) fn evaluate(pos: &Position) -> i32 {
    let sums = [gather(pos, 0), gather(pos, 1)];
    let phase = (sums[0].side.phase() + sums[1].side.phase()).min(PHASE_FULL);
    let attack = [
        sums[0].side.attack(&sums[1].side),
        sums[1].side.attack(&sums[0].side),
    ];
    let mut total = [0; 2];
    for color in 0..2 {
        let s = &sums[color];
        let (own, enemy) = (&s.side, &sums[color ^ 1].side);
        let att = attack[color];
        let calm = ATTACK_FULL - att;
        let shape = cannon_threats(pos, color ^ 1, own);
        let mg = s.mg + (s.soldier[0] * calm + s.soldier[1] * att) / ATTACK_FULL - shape;
        let eg = s.eg + (s.soldier[2] * calm + s.soldier[3] * att) / ATTACK_FULL - shape / 2;
        let guard_value =
            GUARD_CALM + (GUARD_THREATENED - GUARD_CALM) * attack[color ^ 1] / ATTACK_FULL;
        let flat = s.flat + s.guard_place + guard_value * (own.advisors + own.elephants)
            - missing_guards(own, enemy);
        total[color] = (mg * phase + eg * (PHASE_FULL - phase)) / PHASE_FULL + flat;
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

/// Without both advisors a general fears two chariots, the more the harder they attack; without
/// both elephants, cannons.
fn missing_guards(own: &Side, enemy: &Side) -> i32 {
    let missing_advisors = 2 - own.advisors.min(2);
    let missing_elephants = 2 - own.elephants.min(2);
    let mut penalty = 0;
    if enemy.chariots == 2 {
        penalty += 200 * missing_advisors * enemy.attack(own) / ATTACK_FULL;
    }
    penalty + missing_elephants * enemy.cannons * 20
}

/// What the cannons of `attacker` threaten against the general of `defender`: a cannon on
/// the general's file with nothing between (the "hollow cannon", the general can hardly
/// leave the file), a cannon behind a horse on the palace centre (the horse cannot move and
/// the general is shut in), a cannon behind one screen on the file, and a cannon on the
/// defender's back rank with a clear line to the general (the "bottom cannon").
fn cannon_threats(pos: &Position, attacker: usize, defender_side: &Side) -> i32 {
    let defender = attacker ^ 1;
    let cells = &pos.board.cells;
    let general = pos.generals[defender] as usize;
    let rays = &RAYS[general];
    let mut threat = 0;
    // Along the file, towards the attacker.
    let d = if attacker == 0 { 1 } else { 0 };
    let mut screens = 0;
    let mut first_screen = 0u8;
    let mut first_at = 0usize;
    // The palace centre in front of the general at home.
    let centre = if defender == 0 { 13 } else { 76 };
    for &t in &rays.sq[d][..rays.len[d] as usize] {
        let c = cells[t as usize];
        if c == 0 {
            continue;
        }
        if color_of(c) == attacker && role_of(c) == CANNON {
            let dist = (t as i32 / 9 - general as i32 / 9).abs();
            threat += match screens {
                0 => 160 + 30 * dist.min(6),
                1 if first_at == centre
                    && color_of(first_screen) == defender
                    && role_of(first_screen) == HORSE =>
                {
                    180
                }
                1 => 25,
                _ => 0,
            };
            break;
        }
        if screens == 0 {
            first_screen = c;
            first_at = t as usize;
        }
        screens += 1;
        if screens > 1 {
            break;
        }
    }
    // Along the back rank, the general still at home.
    let home_rank = if defender == 0 { 0 } else { 9 };
    if general / 9 == home_rank {
        for d in 2..4 {
            for &t in &rays.sq[d][..rays.len[d] as usize] {
                let c = cells[t as usize];
                if c == 0 {
                    continue;
                }
                if color_of(c) == attacker && role_of(c) == CANNON {
                    threat += 120;
                }
                break;
            }
        }
    }
    // Threats weigh more while the defender's guards are thin.
    if defender_side.advisors < 2 {
        threat += threat / 4;
    }
    threat
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
    fn a_cannon_facing_the_general_with_nothing_between_is_a_threat() {
        // The same cannon on the general's file (e2, nothing up to e9) and beside it (d2).
        let facing = Position::from_fen("4k4/9/9/9/9/9/9/4C4/9/3K5 w").expect("test FEN is valid");
        let beside = Position::from_fen("4k4/9/9/9/9/9/9/3C5/9/3K5 w").expect("test FEN is valid");
        assert!(
            evaluate(&facing) - evaluate(&beside) >= 150,
            "{} against {}",
            evaluate(&facing),
            evaluate(&beside)
        );
    }

    #[test]
    fn a_chariot_up_is_winning() {
        let pos = Position::from_fen("3k5/9/9/9/9/9/9/9/9/R3K4 w").expect("test FEN is valid");
        assert!(evaluate(&pos) > 900);
    }
}
