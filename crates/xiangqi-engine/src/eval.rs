//! The static evaluation: what a position is worth to the side to move, in centipawns (a
//! soldier before the river is worth about 100).
//!
//! Material and place together in a table per piece kind, one for the midgame and one for
//! the ending, blended by what is left on the board; soldiers valued by how strongly their
//! side attacks, advisors and elephants by how strongly the enemy does; cannon threats
//! against the general (on its file, behind a horse on the palace centre, on its back rank);
//! the mobility of chariots and horses; missing advisors against two chariots.
//!
//! The weights live in [`weights`], which `examples/tune.rs` writes; [`features`] describes
//! a position over them for the tuner. This file is the fast path the search calls.

use mobility::{HorseReach, chariot_reach, chariot_reach_fast, horse_moves};
use weights::*;
use xiangqi_rules::role::code::{
    ADVISOR, CANNON, CHARIOT, ELEPHANT, GENERAL, HORSE, SOLDIER, color_of, role_of,
};
use xiangqi_rules::tables::{BIT, RAY_MASKS, nearest, squares};
use xiangqi_rules::{Move, Position};

mod cache;
#[doc(hidden)]
pub mod features;
mod mobility;
mod weights;

pub(crate) use cache::EvalCache;

/// Material by piece code's role (index = role code: 1 general … 7 soldier), for move
/// ordering and pruning margins. Smaller than the fitted tables of [`weights`] for the big
/// pieces: the matches that chose those tables were played with these margins.
pub(crate) const VALUE: [i32; 8] = [0, 0, 200, 200, 450, 1000, 470, 100];

/// Phase weights: chariot 6, horse and cannon 3, anything else 1 (a full board is 66).
const PHASE_FULL: i32 = 66;
/// Attack levels run from 0 (nothing across the river) to this.
const ATTACK_FULL: i32 = 8;

/// A `[point]` table's value on `sq` for `color`: red as written, black upside down.
const fn read(table: &[i32; 90], color: usize, sq: usize) -> i32 {
    let (rank, file) = (sq / 9, sq % 9);
    let row = if color == 1 { rank } else { 9 - rank };
    table[row * 9 + file]
}

/// What one piece on one point adds to its side's sums, all read at once so that the pass
/// over the pieces need not branch on the piece kind (but for mobility).
#[derive(Clone, Copy)]
struct Place {
    /// Midgame, ending, guard place, then the four soldier tables in [`Sums::soldier`]'s
    /// order.
    vals: [i16; 8],
    /// Tallies a byte each, in [`TALLY_SHIFTS`] order.
    tally: u64,
}

/// Where each tally sits in [`Place::tally`], in [`Side`]'s order: chariots, attacking
/// pieces, phase, advisors, guards, crossed.
const TALLY_SHIFTS: [u32; 6] = [0, 8, 16, 24, 32, 40];

/// The [`Place`] of the piece with code `code` on `sq` (nothing for a code no piece has).
const fn place(code: u8, sq: usize) -> Place {
    let color = color_of(code);
    let across = if crossed(color, sq) { 1 } else { 0 };
    let mut vals = [0i32; 8];
    // The piece's counts in [`TALLY_SHIFTS`] order, crossing the river aside.
    let (counts, cross) = match role_of(code) {
        GENERAL => {
            vals[0] = read(&GENERAL_MG, color, sq);
            vals[1] = read(&GENERAL_EG, color, sq);
            ([0; 5], 0)
        }
        ADVISOR | ELEPHANT => {
            vals[2] = read(&GUARD_PLACE, color, sq);
            let advisor = if role_of(code) == ADVISOR { 1 } else { 0 };
            ([0, 0, 1, advisor, 1], 0)
        }
        HORSE => {
            vals[0] = read(&HORSE_MG, color, sq);
            vals[1] = read(&HORSE_EG, color, sq);
            ([0, 1, 3, 0, 0], 2 * across)
        }
        CHARIOT => {
            vals[0] = read(&CHARIOT_MG, color, sq);
            vals[1] = read(&CHARIOT_EG, color, sq);
            ([1, 2, 6, 0, 0], 2 * across)
        }
        CANNON => {
            vals[0] = read(&CANNON_MG, color, sq);
            vals[1] = read(&CANNON_EG, color, sq);
            ([0, 1, 3, 0, 0], across)
        }
        SOLDIER => {
            vals[3] = read(&SOLDIER_MG_QUIET, color, sq);
            vals[4] = read(&SOLDIER_MG_ATTACK, color, sq);
            vals[5] = read(&SOLDIER_EG_QUIET, color, sq);
            vals[6] = read(&SOLDIER_EG_ATTACK, color, sq);
            ([0, 0, 1, 0, 0], across)
        }
        _ => ([0; 5], 0),
    };
    let mut tally = (cross as u64) << TALLY_SHIFTS[5];
    let mut k = 0;
    while k < 5 {
        tally += (counts[k] as u64) << TALLY_SHIFTS[k];
        k += 1;
    }
    let mut small = [0i16; 8];
    let mut k = 0;
    while k < 8 {
        small[k] = vals[k] as i16;
        k += 1;
    }
    Place { vals: small, tally }
}

/// `[piece code][point]`.
static PLACES: [[Place; 90]; 16] = {
    let mut out = [[Place {
        vals: [0; 8],
        tally: 0,
    }; 90]; 16];
    let mut code = 0;
    while code < 16 {
        let mut sq = 0;
        while sq < 90 {
            out[code][sq] = place(code as u8, sq);
            sq += 1;
        }
        code += 1;
    }
    out
};

/// Per-side tallies, kept summed piece by piece in [`Material`].
#[derive(Default, Clone, Copy)]
struct Side {
    chariots: i32,
    /// Attacking pieces: a chariot counts 2, a horse or a cannon 1.
    big: i32,
    /// This side's share of the phase: a chariot counts 6, a horse or a cannon 3, any
    /// other piece but the general 1.
    phase: i32,
    advisors: i32,
    /// Advisors and elephants.
    guards: i32,
    /// Chariots and horses across the river count 2, cannons and soldiers 1.
    crossed: i32,
}

impl Side {
    /// How strongly this side attacks, 0 to [`ATTACK_FULL`]: its pieces across the river,
    /// plus its lead in attacking pieces.
    fn attack(&self, enemy: &Side) -> i32 {
        let lead = (self.big - enemy.big).max(0);
        (self.crossed + lead).min(ATTACK_FULL)
    }
}

const fn crossed(color: usize, sq: usize) -> bool {
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

/// What [`gather`] needs that depends only on which piece stands where: the table sums and
/// tallies of each side, and where its chariots and horses (whose mobility is counted) and
/// its cannons (whose threats are looked for) stand. The search keeps
/// one a ply, updated move by move ([`Material::after`]), instead of adding up every piece
/// at every evaluation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) struct Material {
    /// Per side, the sums of [`Place::vals`] (they fit: a full army's ending sum is about
    /// 10,000).
    vals: [[i16; 8]; 2],
    tally: [u64; 2],
    /// The points of red's chariots and horses, black's, red's cannons, black's
    /// ([`BOARD`]). (Four boards: a bigger `Material` is copied by a call to `memcpy`.)
    boards: [u128; 4],
}

/// Which of [`Material::boards`] a piece code's points are kept in, and whether they are:
/// all ones for chariots, horses and cannons, nothing for other codes (whose board number
/// is then any).
const BOARD: [(u8, u128); 16] = {
    let mut out = [(0, 0); 16];
    let mut code = 0;
    while code < 16 {
        let color = color_of(code) as u8;
        match role_of(code) {
            CHARIOT | HORSE => out[code as usize] = (color, !0),
            CANNON => out[code as usize] = (2 + color, !0),
            _ => {}
        }
        code += 1;
    }
    out
};

impl Material {
    /// Added up from every piece of `pos`.
    pub(crate) fn of(pos: &Position) -> Material {
        let mut m = Material::default();
        for color in 0..2 {
            for sq in squares(pos.occupancy()[color]) {
                m.add(pos.codes()[sq], sq);
            }
        }
        m
    }

    #[inline(always)]
    fn add(&mut self, code: u8, sq: usize) {
        let color = color_of(code);
        let p = &PLACES[code as usize][sq];
        self.tally[color] += p.tally;
        for (sum, &v) in self.vals[color].iter_mut().zip(&p.vals) {
            *sum += v;
        }
        let (board, kept) = BOARD[code as usize];
        self.boards[usize::from(board)] |= BIT[sq] & kept;
    }

    #[inline(always)]
    fn remove(&mut self, code: u8, sq: usize) {
        let color = color_of(code);
        let p = &PLACES[code as usize][sq];
        self.tally[color] -= p.tally;
        for (sum, &v) in self.vals[color].iter_mut().zip(&p.vals) {
            *sum -= v;
        }
        let (board, kept) = BOARD[code as usize];
        self.boards[usize::from(board)] &= !(BIT[sq] & kept);
    }

    /// Has the side of `color` (0 red, 1 black) a chariot, horse or cannon?
    pub(crate) fn has_attackers(&self, color: usize) -> bool {
        self.boards[color] | self.boards[2 + color] != 0
    }

    /// What it becomes once `mv` is played on `pos` (called before the move is made).
    #[cfg(test)]
    pub(crate) fn after(&self, pos: &Position, mv: Move) -> Material {
        let cells = pos.codes();
        self.after_move(mv, cells[mv.from.index()], cells[mv.to.index()])
    }

    /// What it becomes once `mv` moves `piece` and takes `captured` (0 for none).
    #[inline(always)]
    pub(crate) fn after_move(&self, mv: Move, piece: u8, captured: u8) -> Material {
        let (from, to) = (mv.from.index(), mv.to.index());
        let mut m = *self;
        m.remove(piece, from);
        m.add(piece, to);
        if captured != 0 {
            m.remove(captured, to);
        }
        m
    }
}

#[inline(always)]
fn gather(pos: &Position, material: &Material, color: usize) -> Sums {
    let vals = material.vals[color].map(i32::from);
    let tally = material.tally[color];
    let mut flat = 0;
    let occupied = pos.occupancy()[0] | pos.occupancy()[1];
    let horses = HorseReach::new(occupied, pos.occupancy()[color]);
    for sq in squares(material.boards[color]) {
        if role_of(pos.codes()[sq]) == HORSE {
            let moves = horses.moves(sq);
            // A horse with nowhere to go is a liability.
            flat += HORSE_MOBILITY * moves - if moves <= 1 { HORSE_TRAPPED } else { 0 };
        } else {
            flat += CHARIOT_MOBILITY * chariot_reach_fast(occupied, sq);
        }
    }
    let count = |k: usize| ((tally >> TALLY_SHIFTS[k]) & 0xff) as i32;
    Sums {
        side: Side {
            chariots: count(0),
            big: count(1),
            phase: count(2),
            advisors: count(3),
            guards: count(4),
            crossed: count(5),
        },
        mg: vals[0],
        eg: vals[1],
        flat,
        soldier: [vals[3], vals[4], vals[5], vals[6]],
        guard_place: vals[2],
    }
}

/// The evaluation from the side to move's view.
#[cfg(test)]
pub(crate) fn evaluate(pos: &Position) -> i32 {
    evaluate_with(pos, &Material::of(pos))
}

/// The evaluation from the side to move's view, given `pos`'s [`Material`].
#[inline]
pub(crate) fn evaluate_with(pos: &Position, material: &Material) -> i32 {
    debug_assert_eq!(*material, Material::of(pos), "material kept for {pos:?}");
    let sums = [gather(pos, material, 0), gather(pos, material, 1)];
    let phase = (sums[0].side.phase + sums[1].side.phase).min(PHASE_FULL);
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
        // Without a cannon on a line a threat runs along there is no threat to look for.
        let cannons = material.boards[2 + (color ^ 1)];
        let shape = if cannons & THREAT_LINES[color ^ 1][pos.general_points()[color] as usize] == 0
        {
            0
        } else {
            cannon_threats(pos, color ^ 1, cannons, own)
        };
        let mg = s.mg + (s.soldier[0] * calm + s.soldier[1] * att) / ATTACK_FULL - shape;
        let eg = s.eg + (s.soldier[2] * calm + s.soldier[3] * att) / ATTACK_FULL - shape / 8;
        let guard_value =
            GUARD_CALM + (GUARD_THREATENED - GUARD_CALM) * attack[color ^ 1] / ATTACK_FULL;
        let flat = s.flat + s.guard_place + guard_value * own.guards
            - missing_guards(own, enemy, attack[color ^ 1]);
        total[color] = (mg * phase + eg * (PHASE_FULL - phase)) / PHASE_FULL + flat;
    }
    let us = pos.turn().index();
    // A small bonus for having the move.
    total[us] - total[us ^ 1] + MOVE_BONUS
}

/// Without both advisors a general fears two chariots, the more the harder they attack
/// (`enemy_attack`: the enemy's [`Side::attack`]).
/// (Missing elephants against cannons weighed nothing in the fit, and the term is gone.)
fn missing_guards(own: &Side, enemy: &Side, enemy_attack: i32) -> i32 {
    if enemy.chariots < 2 {
        return 0;
    }
    let missing_advisors = 2 - own.advisors.min(2);
    MISSING_ADVISOR * missing_advisors * enemy_attack / ATTACK_FULL
}

/// What the cannons of `attacker` threaten against the general of `defender`: a cannon on
/// the general's file with nothing between (the "hollow cannon", the general can hardly
/// leave the file), a cannon behind a horse on the palace centre (the horse cannot move and
/// the general is shut in), a cannon behind one screen on the file, and a cannon on the
/// defender's back rank with a clear line to the general (the "bottom cannon").
fn cannon_threats(pos: &Position, attacker: usize, cannons: u128, defender_side: &Side) -> i32 {
    let [ranks, hollow, pinned, screened, bottom] = threat_terms(pos, attacker, cannons);
    let mut threat = HOLLOW_CANNON_RANK * ranks
        + HOLLOW_CANNON_BASE * hollow
        + PINNED_HORSE_CANNON * pinned
        + SCREENED_CANNON * screened
        + BOTTOM_CANNON * bottom;
    // Without both advisors the missing-advisor term carries most of the danger.
    if defender_side.advisors < 2 {
        threat -= threat * 5 / 8;
    }
    threat
}

/// `[attacker][general's point]`: where the attacker's cannons must stand for any of
/// [`threat_terms`] to be found: on the general's file on the attacker's side, or (the
/// general at home) on its rank.
static THREAT_LINES: [[u128; 90]; 2] = {
    let mut out = [[0; 90]; 2];
    let mut attacker = 0;
    while attacker < 2 {
        let home_rank = if attacker == 0 { 9 } else { 0 };
        let mut general = 0;
        while general < 90 {
            let masks = &RAY_MASKS[general];
            let mut lines = masks[if attacker == 0 { 1 } else { 0 }];
            if general / 9 == home_rank {
                lines |= masks[2] | masks[3];
            }
            out[attacker][general] = lines;
            general += 1;
        }
        attacker += 1;
    }
    out
};

/// The cannon threats of `attacker` term by term, before their weights: the hollow cannon's
/// distance in ranks (up to 6) and the hollow cannon itself, the cannon behind the pinned
/// horse, behind another screen, and the bottom cannons. `cannons`: points the attacker's
/// cannons may stand on (all of them, or more); a line without one is not read.
fn threat_terms(pos: &Position, attacker: usize, cannons: u128) -> [i32; 5] {
    let defender = attacker ^ 1;
    let cells = pos.codes();
    let general = pos.general_points()[defender] as usize;
    let occupied = pos.occupancy()[0] | pos.occupancy()[1];
    let cannon = (attacker as u8) << 3 | CANNON;
    let mut terms = [0; 5];
    // Along the file, towards the attacker: the first two pieces, read from the occupancy
    // bits.
    let d = if attacker == 0 { 1 } else { 0 };
    let mut line = occupied & RAY_MASKS[general][d];
    if cannons & line != 0 {
        let first = nearest(line, d);
        if cells[first] == cannon {
            terms[0] = (first as i32 / 9 - general as i32 / 9).abs().min(6);
            terms[1] = 1;
        } else {
            line ^= 1u128 << first;
            if line != 0 && cells[nearest(line, d)] == cannon {
                // The palace centre in front of the general at home.
                let centre = if defender == 0 { 13 } else { 76 };
                let horse = (defender as u8) << 3 | HORSE;
                if first == centre && cells[first] == horse {
                    terms[2] = 1;
                } else {
                    terms[3] = 1;
                }
            }
        }
    }
    // Along the back rank, the general still at home.
    let home_rank = if defender == 0 { 0 } else { 9 };
    if general / 9 == home_rank {
        for d in 2..4 {
            let line = occupied & RAY_MASKS[general][d];
            if cannons & line != 0 && cells[nearest(line, d)] == cannon {
                terms[4] += 1;
            }
        }
    }
    terms
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi_rules::MoveList;

    #[test]
    fn a_full_army_s_largest_table_sums_fit_the_kept_sixteen_bit_sums() {
        // Per side, each of a piece's table values at its largest anywhere, times as many of
        // that piece as a side owns: what the kept sums could ever reach.
        for color in 0..2u8 {
            for lane in 0..8 {
                let mut reach = 0i64;
                for role in 1..=7u8 {
                    let code = color << 3 | role;
                    let largest = PLACES[code as usize]
                        .iter()
                        .map(|p| i64::from(p.vals[lane]).abs())
                        .max()
                        .unwrap_or(0);
                    let count = xiangqi_rules::Role::ALL[usize::from(role) - 1].max_count() as i64;
                    reach += largest * count;
                }
                assert!(reach <= i64::from(i16::MAX), "lane {lane}: {reach}");
            }
        }
    }

    #[test]
    fn material_kept_move_by_move_equals_material_added_up() {
        // Pseudo-random games from the start, captures and all, until no move is left.
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        for _ in 0..20 {
            let mut pos = Position::start();
            let mut kept = Material::of(&pos);
            let mut list = MoveList::new();
            for _ in 0..150 {
                pos.legal_moves_into(&mut list);
                if list.is_empty() {
                    break;
                }
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let m = list[(seed % list.len() as u64) as usize];
                kept = kept.after(&pos, m);
                pos.make_move(m);
                assert_eq!(kept, Material::of(&pos), "after {m} in {pos:?}");
            }
        }
    }

    #[test]
    fn threats_are_read_only_from_lines_holding_a_cannon() {
        // In the positions of random games: whenever the lines hold none of the attacker's
        // cannons, every threat term is zero.
        let (mut skipped, mut looked) = (0, 0);
        for pos in xiangqi_rules::random_positions(30, 150) {
            let material = Material::of(&pos);
            for (attacker, lines) in THREAT_LINES.iter().enumerate() {
                let lines = lines[pos.general_points()[attacker ^ 1] as usize];
                if material.boards[2 + attacker] & lines == 0 {
                    assert_eq!(threat_terms(&pos, attacker, !0), [0; 5], "{pos:?}");
                    skipped += 1;
                } else {
                    // Reading only the lines that hold a cannon finds the same terms.
                    let cannons = material.boards[2 + attacker];
                    assert_eq!(
                        threat_terms(&pos, attacker, cannons),
                        threat_terms(&pos, attacker, !0),
                        "{pos:?}"
                    );
                    looked += 1;
                }
            }
        }
        assert!(
            skipped > 100 && looked > 100,
            "{skipped} skipped, {looked} looked at"
        );
    }

    #[test]
    fn attackers_are_read_from_the_kept_boards_as_from_the_pieces() {
        // Random games run down to bare armies, so both answers come up.
        let (mut with, mut without) = (0, 0);
        for pos in xiangqi_rules::random_positions(40, 300) {
            for color in 0..2 {
                let walked = squares(pos.occupancy()[color])
                    .any(|sq| matches!(role_of(pos.codes()[sq]), CHARIOT | HORSE | CANNON));
                assert_eq!(Material::of(&pos).has_attackers(color), walked, "{pos:?}");
                if walked { with += 1 } else { without += 1 }
            }
        }
        assert!(with > 100 && without > 0, "{with} with, {without} without");
    }

    #[test]
    fn the_start_position_is_level_but_for_the_move() {
        assert_eq!(evaluate(&Position::start()), MOVE_BONUS);
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
        // Full armies but for the soldiers of the e-file; red's second cannon on the open
        // e-file (e2, nothing up to the general on e9) or beside it (d2); an advisor on e1.
        let facing =
            Position::from_fen("rnbakabnr/9/1c5c1/p1p3p1p/9/9/P1P3P1P/4C2C1/4A4/RNB1KABNR w")
                .expect("test FEN is valid");
        let beside =
            Position::from_fen("rnbakabnr/9/1c5c1/p1p3p1p/9/9/P1P3P1P/3C3C1/4A4/RNB1KABNR w")
                .expect("test FEN is valid");
        let threat =
            |pos: &Position| cannon_threats(pos, 0, !0, &gather(pos, &Material::of(pos), 1).side);
        assert_eq!(threat(&beside), 0);
        assert!(threat(&facing) >= 200, "threat {}", threat(&facing));
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
