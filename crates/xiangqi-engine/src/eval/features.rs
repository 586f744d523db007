//! The evaluation as a dot product, for tuning: a position described as a sparse vector of
//! features over a named vector of weights, such that `dot(&Weights::current(),
//! &features(pos))` is `evaluate(pos)` but for the integer rounding of the fast path.
//!
//! The weights are the tables of `weights.rs` and its scalars. A table holds one
//! weight per point of one half of the board: left and right mirror files share a weight
//! (the tables have always been symmetric, and one weight seen from both wings is fitted
//! from twice the positions), and black reads red's tables upside down, as the evaluation
//! does. [`Weights::source`] writes a vector back as the Rust source of `weights.rs`, so a
//! fit is applied by rebuilding. `examples/tune.rs` is the tuner.

use super::weights::*;
use super::{
    ATTACK_FULL, Material, PHASE_FULL, Side, chariot_reach, gather, horse_moves, threat_terms,
};
use xiangqi_rules::Position;
use xiangqi_rules::role::code::{
    ADVISOR, CANNON, CHARIOT, ELEPHANT, GENERAL, HORSE, SOLDIER, role_of,
};

/// A table of the weights: its name in `weights.rs` and what it says about itself there.
#[derive(Debug)]
pub struct Spec {
    /// The constant's name.
    pub name: &'static str,
    /// Its doc comment.
    pub doc: &'static str,
}

const fn spec(name: &'static str, doc: &'static str) -> Spec {
    Spec { name, doc }
}

/// The point tables, in the order of the weight vector.
pub const TABLES: [Spec; 13] = [
    spec("GENERAL_MG", "The general in the midgame: safest at home."),
    spec(
        "GENERAL_EG",
        "The general in the ending: best on the palace's centre file, at home or a rank up.",
    ),
    spec("HORSE_MG", "A horse in the midgame, its material included."),
    spec("HORSE_EG", "A horse in the ending."),
    spec("CHARIOT_MG", "A chariot in the midgame."),
    spec("CHARIOT_EG", "A chariot in the ending."),
    spec("CANNON_MG", "A cannon in the midgame."),
    spec("CANNON_EG", "A cannon in the ending."),
    spec(
        "SOLDIER_MG_QUIET",
        "A soldier while its side is not attacking, midgame.",
    ),
    spec(
        "SOLDIER_MG_ATTACK",
        "A soldier while its side is attacking (pieces across the river), midgame.",
    ),
    spec(
        "SOLDIER_EG_QUIET",
        "A soldier in the ending while its side does not attack.",
    ),
    spec(
        "SOLDIER_EG_ATTACK",
        "A soldier in the ending while its side attacks: crossed soldiers decide endings.",
    ),
    spec(
        "GUARD_PLACE",
        "Where advisors and elephants stand best (added to their value, which depends on \
         the enemy's attack).",
    ),
];

/// The single weights, in the order of the weight vector after the tables.
pub const SCALARS: [Spec; 12] = [
    spec(
        "GUARD_CALM",
        "An advisor or elephant while the enemy cannot attack.",
    ),
    spec(
        "GUARD_THREATENED",
        "An advisor or elephant while the enemy attacks with all it has (in proportion \
         between the two).",
    ),
    spec(
        "HORSE_MOBILITY",
        "A horse's mobility: each jump it can make.",
    ),
    spec("HORSE_TRAPPED", "Taken off a horse with one jump or none."),
    spec(
        "CHARIOT_MOBILITY",
        "A chariot's mobility: each point it reaches (the first piece on a line included).",
    ),
    spec(
        "HOLLOW_CANNON_RANK",
        "A cannon on the enemy general's file with nothing between: each rank of distance, \
         up to 6 ...",
    ),
    spec("HOLLOW_CANNON_BASE", "... plus this once."),
    spec(
        "PINNED_HORSE_CANNON",
        "A cannon behind the enemy's own horse on its palace centre, on the general's file.",
    ),
    spec(
        "SCREENED_CANNON",
        "A cannon behind one other screen on the enemy general's file.",
    ),
    spec(
        "BOTTOM_CANNON",
        "A cannon on the enemy's back rank with a clear line to its general at home.",
    ),
    spec(
        "MISSING_ADVISOR",
        "Each missing advisor against two chariots, at the enemy's full attack level (in \
         proportion below it).",
    ),
    spec("MOVE_BONUS", "For having the move."),
];

/// Weights a table holds: ten ranks of five files (the centre file and four mirrored).
pub const TABLE_LEN: usize = 50;
/// Where the scalars start in the weight vector.
pub const SCALAR_START: usize = TABLES.len() * TABLE_LEN;
/// The length of the weight vector.
pub const LEN: usize = SCALAR_START + SCALARS.len();

const fn scalar(k: usize) -> usize {
    SCALAR_START + k
}
const GUARD_CALM_AT: usize = scalar(0);
const GUARD_THREATENED_AT: usize = scalar(1);
const HORSE_MOBILITY_AT: usize = scalar(2);
const HORSE_TRAPPED_AT: usize = scalar(3);
const CHARIOT_MOBILITY_AT: usize = scalar(4);
/// The five cannon-threat weights, in [`threat_terms`]' order.
const THREATS_AT: usize = scalar(5);
const MISSING_ADVISOR_AT: usize = scalar(10);
const MOVE_BONUS_AT: usize = scalar(11);

/// The tables of `weights.rs`, in [`TABLES`]' order.
const CURRENT_TABLES: [&[i32; 90]; 13] = [
    &GENERAL_MG,
    &GENERAL_EG,
    &HORSE_MG,
    &HORSE_EG,
    &CHARIOT_MG,
    &CHARIOT_EG,
    &CANNON_MG,
    &CANNON_EG,
    &SOLDIER_MG_QUIET,
    &SOLDIER_MG_ATTACK,
    &SOLDIER_EG_QUIET,
    &SOLDIER_EG_ATTACK,
    &GUARD_PLACE,
];

/// The scalars of `weights.rs`, in [`SCALARS`]' order.
const CURRENT_SCALARS: [i32; 12] = [
    GUARD_CALM,
    GUARD_THREATENED,
    HORSE_MOBILITY,
    HORSE_TRAPPED,
    CHARIOT_MOBILITY,
    HOLLOW_CANNON_RANK,
    HOLLOW_CANNON_BASE,
    PINNED_HORSE_CANNON,
    SCREENED_CANNON,
    BOTTOM_CANNON,
    MISSING_ADVISOR,
    MOVE_BONUS,
];

/// A vector of [`LEN`] weights in centipawns.
#[derive(Clone, Debug, PartialEq)]
pub struct Weights(pub Vec<f32>);

/// Index of table `table`'s weight for row `row` of its source (0 = rank 9 for red) and
/// file `file` (mirrored onto files 0 to 4).
const fn table_index(table: usize, row: usize, file: usize) -> usize {
    let fold = if file > 4 { 8 - file } else { file };
    table * TABLE_LEN + row * 5 + fold
}

impl Weights {
    /// The weights the evaluation uses now (those of `weights.rs`).
    #[must_use]
    pub fn current() -> Weights {
        let mut w = vec![0.0; LEN];
        for (t, table) in CURRENT_TABLES.iter().enumerate() {
            for row in 0..10 {
                for file in 0..5 {
                    w[table_index(t, row, file)] = table[row * 9 + file] as f32;
                }
            }
        }
        for (k, &v) in CURRENT_SCALARS.iter().enumerate() {
            w[scalar(k)] = v as f32;
        }
        Weights(w)
    }

    /// A readable name for weight `i`: `HORSE_MG[r7 f2]` (source row, file) or a scalar's.
    #[must_use]
    pub fn name(i: usize) -> String {
        if i >= SCALAR_START {
            return SCALARS[i - SCALAR_START].name.to_string();
        }
        let (t, cell) = (i / TABLE_LEN, i % TABLE_LEN);
        format!("{}[r{} f{}]", TABLES[t].name, cell / 5, cell % 5)
    }

    /// The constants of `weights.rs` for these weights, rounded to whole centipawns (and
    /// kept within what the evaluation's 16-bit table entries hold): what follows the
    /// file's header.
    #[must_use]
    pub fn source(&self) -> String {
        let round = |v: f32| v.round().clamp(-30_000.0, 30_000.0) as i32;
        let mut out = String::new();
        for (t, spec) in TABLES.iter().enumerate() {
            out += &format!(
                "/// {}\n#[rustfmt::skip]\npub(super) const {}: [i32; 90] = [\n",
                spec.doc, spec.name
            );
            for row in 0..10 {
                out += "    ";
                for file in 0..9 {
                    out += &format!("{:>4},", round(self.0[table_index(t, row, file)]));
                }
                out += "\n";
            }
            out += "];\n\n";
        }
        for (k, spec) in SCALARS.iter().enumerate() {
            out += &format!(
                "/// {}\npub(super) const {}: i32 = {};\n",
                spec.doc,
                spec.name,
                round(self.0[scalar(k)])
            );
        }
        out
    }
}

/// The sum of weight times feature.
#[must_use]
pub fn dot(weights: &Weights, features: &[(usize, f32)]) -> f32 {
    features.iter().map(|&(i, x)| weights.0[i] * x).sum()
}

/// `pos` as features from the side to move's view (as the evaluation scores it),
/// sorted by index, each index once.
#[must_use]
pub fn features(pos: &Position) -> Vec<(usize, f32)> {
    let material = Material::of(pos);
    let sums = [gather(pos, &material, 0), gather(pos, &material, 1)];
    let phase = (sums[0].side.phase + sums[1].side.phase).min(PHASE_FULL);
    let attack = [
        sums[0].side.attack(&sums[1].side),
        sums[1].side.attack(&sums[0].side),
    ];
    let mid = phase as f32 / PHASE_FULL as f32;
    let mut out = Vec::with_capacity(80);
    let us = pos.turn().index();
    for color in 0..2 {
        let sign = if color == us { 1.0 } else { -1.0 };
        let f = Blend {
            sign,
            mid,
            attack: attack[color] as f32 / ATTACK_FULL as f32,
            threat: attack[color ^ 1] as f32 / ATTACK_FULL as f32,
        };
        side_features(pos, color, &f, &mut out);
        let (own, enemy) = (&sums[color].side, &sums[color ^ 1].side);
        if enemy.chariots >= 2 {
            let missing = (2 - own.advisors.min(2)) as f32;
            out.push((MISSING_ADVISOR_AT, -sign * missing * f.threat));
        }
        threat_features(pos, color ^ 1, own, &f, &mut out);
    }
    out.push((MOVE_BONUS_AT, 1.0));
    out.sort_unstable_by_key(|&(i, _)| i);
    out.dedup_by(|later, kept| {
        let same = later.0 == kept.0;
        if same {
            kept.1 += later.1;
        }
        same
    });
    out
}

/// How one side's terms are weighed: its sign (1 for the side to move), how much of the
/// midgame is left (0 to 1), and its attack level and the enemy's (0 to 1).
struct Blend {
    sign: f32,
    mid: f32,
    attack: f32,
    threat: f32,
}

/// The features of `color`'s pieces: their tables and mobility.
fn side_features(pos: &Position, color: usize, f: &Blend, out: &mut Vec<(usize, f32)>) {
    let cells = pos.codes();
    let (s, mid, end) = (f.sign, f.mid, 1.0 - f.mid);
    let mut own = pos.occupancy()[color];
    while own != 0 {
        let sq = own.trailing_zeros() as usize;
        own &= own - 1;
        let code = cells[sq];
        let (rank, file) = (sq / 9, sq % 9);
        let row = if color == 1 { rank } else { 9 - rank };
        let at = |table: usize| table_index(table, row, file);
        let role = role_of(code);
        let table = match role {
            GENERAL => 0,
            HORSE => 2,
            CHARIOT => 4,
            CANNON => 6,
            _ => usize::MAX,
        };
        if table != usize::MAX {
            out.push((at(table), s * mid));
            out.push((at(table + 1), s * end));
        }
        match role {
            HORSE => {
                let moves = horse_moves(cells, sq, color);
                out.push((HORSE_MOBILITY_AT, s * moves as f32));
                if moves <= 1 {
                    out.push((HORSE_TRAPPED_AT, -s));
                }
            }
            CHARIOT => {
                let reach = chariot_reach(pos.occupancy()[0] | pos.occupancy()[1], sq);
                out.push((CHARIOT_MOBILITY_AT, s * reach as f32));
            }
            SOLDIER => {
                let (att, calm) = (f.attack, 1.0 - f.attack);
                out.push((at(8), s * mid * calm));
                out.push((at(9), s * mid * att));
                out.push((at(10), s * end * calm));
                out.push((at(11), s * end * att));
            }
            ADVISOR | ELEPHANT => {
                out.push((at(12), s));
                out.push((GUARD_CALM_AT, s * (1.0 - f.threat)));
                out.push((GUARD_THREATENED_AT, s * f.threat));
            }
            _ => {}
        }
    }
}

/// The cannon threats of `attacker` against the side `f` weighs (whose tallies are
/// `defender`): full in the midgame, an eighth in the ending, three eighths without both
/// advisors.
fn threat_features(
    pos: &Position,
    attacker: usize,
    defender: &Side,
    f: &Blend,
    out: &mut Vec<(usize, f32)>,
) {
    let terms = threat_terms(pos, attacker, !0);
    let left = if defender.advisors < 2 {
        3.0 / 8.0
    } else {
        1.0
    };
    let scale = -f.sign * left * (f.mid + (1.0 - f.mid) / 8.0);
    for (k, &n) in terms.iter().enumerate() {
        if n != 0 {
            out.push((THREATS_AT + k, scale * n as f32));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::evaluate;
    use super::*;

    /// Positions of random games (a fixed xorshift sequence): from the start and from a few
    /// endings, each game's positions every few plies.
    fn sample() -> Vec<Position> {
        let starts = [
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
            "3akab2/9/4b4/p3p3p/2p6/6P2/P3P3P/4B4/4A4/2BAK4 w",
            "2bak4/4a4/4b4/9/2p6/6c2/9/2N1B4/4A4/3AK1B2 b",
            "4k4/9/4b4/9/9/9/9/3R5/4A4/2r1K4 w",
            "2ba1k3/4a4/9/p8/2h6/9/P3C4/4B4/4A4/3AK1B2 w",
            "r2akab2/9/2n1b4/p3p1p1p/9/2P6/P3P1P1P/2N1B4/9/R1BAKA3 b",
            // Black in check through its own horse on the palace centre.
            "r1bakab1r/4n4/9/p7p/9/9/P7P/4C4/9/RNBAKAB1R b",
        ];
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut next = move || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            state
        };
        let mut out = Vec::new();
        for (n, fen) in starts.iter().cycle().take(60).enumerate() {
            let mut pos = Position::from_fen(fen).expect("test FEN is valid");
            let plies = 20 + n * 3;
            for ply in 0..plies {
                if ply % 4 == 0 {
                    out.push(pos.clone());
                }
                let moves = pos.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let m = moves[(next() % moves.len() as u64) as usize];
                pos = pos.play(m).expect("a generated move is legal");
            }
        }
        out
    }

    #[test]
    fn the_features_dotted_with_the_current_weights_are_the_evaluation() {
        let w = Weights::current();
        let positions = sample();
        assert!(positions.len() >= 300, "{} positions", positions.len());
        let (mut worst, mut total) = (0.0f32, 0.0f32);
        for pos in &positions {
            let slow = dot(&w, &features(pos));
            let fast = evaluate(pos) as f32;
            worst = worst.max((slow - fast).abs());
            total += (slow - fast).abs();
            // The fast path divides in integers: the soldiers' blends, the guards' value
            // (under 1 a guard), the threats' eighths, the phase blend; under 7 for a side,
            // and the two sides' truncations mostly cancel.
            assert!(
                (slow - fast).abs() <= 8.0,
                "{}: features {slow}, evaluate {fast}",
                pos.fen()
            );
        }
        let mean = total / positions.len() as f32;
        // A term left out or misweighed would show as a bias far above the rounding.
        assert!(mean < 1.5, "mean difference {mean}, worst {worst}");
    }

    #[test]
    fn every_single_weight_is_exercised_by_the_sample() {
        let mut seen = [false; SCALARS.len()];
        for pos in sample() {
            for (i, x) in features(&pos) {
                if i >= SCALAR_START && x != 0.0 {
                    seen[i - SCALAR_START] = true;
                }
            }
        }
        let missing: Vec<&str> = SCALARS
            .iter()
            .zip(seen)
            .filter(|(_, s)| !s)
            .map(|(spec, _)| spec.name)
            .collect();
        assert!(missing.is_empty(), "never seen: {missing:?}");
    }

    #[test]
    fn the_weights_file_is_what_the_current_weights_write() {
        let file = include_str!("weights.rs");
        let body = Weights::current().source();
        assert!(
            file.ends_with(&body),
            "weights.rs does not end with:\n{body}"
        );
    }

    #[test]
    fn a_weight_moves_the_evaluation_by_its_feature() {
        // Red to move with a chariot and a horse against a bare general: raising the
        // chariot's midgame table on its point raises the dot by that point's share.
        let pos = Position::from_fen("3k5/9/9/9/9/9/9/9/2N6/R3K4 w").expect("test FEN is valid");
        let f = features(&pos);
        let mut w = Weights::current();
        let before = dot(&w, &f);
        let at = table_index(4, 9, 0);
        let x = f.iter().find(|&&(i, _)| i == at).map(|&(_, x)| x);
        let x = x.expect("the chariot on a0 is a feature of its midgame table");
        w.0[at] += 100.0;
        assert!((dot(&w, &f) - before - 100.0 * x).abs() < 1e-3);
        assert!(x > 0.0 && x < 1.0, "a sparse board is mostly ending: {x}");
    }
}
