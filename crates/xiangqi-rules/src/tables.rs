//! Move and attack tables for every point, built at compile time so that move generation
//! only looks things up (as many engines precompute their horse and elephant targets).
//!
//! Points are indexed `rank * 9 + file`; rank 0 is red's back rank.

use crate::role::code::{ADVISOR, CANNON, CHARIOT, ELEPHANT, GENERAL, HORSE, SOLDIER};

/// Squares in the four orthogonal directions, nearest first: north (+rank), south, east
/// (+file), west.
#[derive(Copy, Clone, Debug)]
pub struct Rays {
    /// The points along each direction, nearest first.
    pub sq: [[u8; 9]; 4],
    /// How many points each direction has before the edge.
    pub len: [u8; 4],
}

/// Up to eight destinations, each with the point that must be empty for the jump
/// (the horse's leg or the elephant's eye).
#[derive(Copy, Clone, Debug)]
pub struct Leaps {
    /// The destinations.
    pub to: [u8; 8],
    /// For each destination, the point that must be empty.
    pub via: [u8; 8],
    /// How many destinations there are.
    pub len: u8,
}

/// Up to four single-step destinations.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Steps {
    pub to: [u8; 4],
    pub len: u8,
}

const fn on_board(f: i32, r: i32) -> bool {
    f >= 0 && f < 9 && r >= 0 && r < 10
}

const fn idx(f: i32, r: i32) -> u8 {
    (r * 9 + f) as u8
}

/// Both palaces: files d–f, ranks 0–2 and 7–9.
pub(crate) const fn in_palace(f: i32, r: i32) -> bool {
    f >= 3 && f <= 5 && ((r >= 0 && r <= 2) || (r >= 7 && r <= 9))
}

const DIRS: [(i32, i32); 4] = [(0, 1), (0, -1), (1, 0), (-1, 0)];
const DIAGS: [(i32, i32); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

const fn build_rays() -> [Rays; 90] {
    let mut out = [Rays {
        sq: [[0; 9]; 4],
        len: [0; 4],
    }; 90];
    let mut s = 0;
    while s < 90 {
        let (f, r) = ((s % 9) as i32, (s / 9) as i32);
        let mut d = 0;
        while d < 4 {
            let (df, dr) = DIRS[d];
            let (mut x, mut y) = (f + df, r + dr);
            let mut n = 0;
            while on_board(x, y) {
                out[s].sq[d][n] = idx(x, y);
                n += 1;
                x += df;
                y += dr;
            }
            out[s].len[d] = n as u8;
            d += 1;
        }
        s += 1;
    }
    out
}

/// A horse leaps one step orthogonally then one diagonally outward. The orthogonal step's point
/// is the "leg": if anything stands there, the horse cannot go that way.
const HORSE_JUMPS: [(i32, i32, i32, i32); 8] = [
    // (file delta, rank delta, leg file delta, leg rank delta)
    (1, 2, 0, 1),
    (-1, 2, 0, 1),
    (1, -2, 0, -1),
    (-1, -2, 0, -1),
    (2, 1, 1, 0),
    (2, -1, 1, 0),
    (-2, 1, -1, 0),
    (-2, -1, -1, 0),
];

const fn build_horse_moves() -> [Leaps; 90] {
    let mut out = [Leaps {
        to: [0; 8],
        via: [0; 8],
        len: 0,
    }; 90];
    let mut s = 0;
    while s < 90 {
        let (f, r) = ((s % 9) as i32, (s / 9) as i32);
        let mut j = 0;
        while j < 8 {
            let (df, dr, lf, lr) = HORSE_JUMPS[j];
            if on_board(f + df, r + dr) {
                let n = out[s].len as usize;
                out[s].to[n] = idx(f + df, r + dr);
                out[s].via[n] = idx(f + lf, r + lr);
                out[s].len += 1;
            }
            j += 1;
        }
        s += 1;
    }
    out
}

/// For each target point: the points a horse could attack it from, with that horse's leg.
/// The leg of a horse attacking a point is always diagonally next to that point.
const fn build_horse_attacks() -> [Leaps; 90] {
    let moves = build_horse_moves();
    let mut out = [Leaps {
        to: [0; 8],
        via: [0; 8],
        len: 0,
    }; 90];
    let mut from = 0;
    while from < 90 {
        let mut j = 0;
        while j < moves[from].len as usize {
            let t = moves[from].to[j] as usize;
            let n = out[t].len as usize;
            out[t].to[n] = from as u8;
            out[t].via[n] = moves[from].via[j];
            out[t].len += 1;
            j += 1;
        }
        from += 1;
    }
    out
}

/// Elephants move exactly two points diagonally and never cross the river; the point between
/// is the "eye", which must be empty.
const fn build_elephant_moves() -> [Leaps; 90] {
    let mut out = [Leaps {
        to: [0; 8],
        via: [0; 8],
        len: 0,
    }; 90];
    let mut s = 0;
    while s < 90 {
        let (f, r) = ((s % 9) as i32, (s / 9) as i32);
        let red_side = r <= 4;
        let mut d = 0;
        while d < 4 {
            let (df, dr) = DIAGS[d];
            let (x, y) = (f + 2 * df, r + 2 * dr);
            if on_board(x, y) && ((y <= 4) == red_side) {
                let n = out[s].len as usize;
                out[s].to[n] = idx(x, y);
                out[s].via[n] = idx(f + df, r + dr);
                out[s].len += 1;
            }
            d += 1;
        }
        s += 1;
    }
    out
}

const fn build_palace_steps(diagonal: bool) -> [Steps; 90] {
    let mut out = [Steps { to: [0; 4], len: 0 }; 90];
    let mut s = 0;
    while s < 90 {
        let (f, r) = ((s % 9) as i32, (s / 9) as i32);
        if in_palace(f, r) {
            let mut d = 0;
            while d < 4 {
                let (df, dr) = if diagonal { DIAGS[d] } else { DIRS[d] };
                // Both palaces are separate, so staying "in a palace" means staying in this one.
                if in_palace(f + df, r + dr) {
                    let n = out[s].len as usize;
                    out[s].to[n] = idx(f + df, r + dr);
                    out[s].len += 1;
                }
                d += 1;
            }
        }
        s += 1;
    }
    out
}

/// Soldiers step forward; once across the river they may also step sideways. Never back.
const fn build_soldier_moves(red: bool) -> [Steps; 90] {
    let mut out = [Steps { to: [0; 4], len: 0 }; 90];
    let fwd = if red { 1 } else { -1 };
    let mut s = 0;
    while s < 90 {
        let (f, r) = ((s % 9) as i32, (s / 9) as i32);
        let crossed = if red { r >= 5 } else { r <= 4 };
        let mut n = 0;
        if on_board(f, r + fwd) {
            out[s].to[n] = idx(f, r + fwd);
            n += 1;
        }
        if crossed {
            if f > 0 {
                out[s].to[n] = idx(f - 1, r);
                n += 1;
            }
            if f < 8 {
                out[s].to[n] = idx(f + 1, r);
                n += 1;
            }
        }
        out[s].len = n as u8;
        s += 1;
    }
    out
}

const fn build_bits() -> [u128; 90] {
    let mut out = [0u128; 90];
    let mut s = 0;
    while s < 90 {
        out[s] = 1u128 << s;
        s += 1;
    }
    out
}

const fn build_ray_masks() -> [[u128; 4]; 90] {
    let rays = build_rays();
    let mut out = [[0u128; 4]; 90];
    let mut s = 0;
    while s < 90 {
        let mut d = 0;
        while d < 4 {
            let mut k = 0;
            while k < rays[s].len[d] as usize {
                out[s][d] |= 1u128 << rays[s].sq[d][k];
                k += 1;
            }
            d += 1;
        }
        s += 1;
    }
    out
}

/// `RAY_MASKS[s][d]`: the points of [`RAYS`]`[s]` in direction `d`, as bits. Directions 0 and
/// 2 run to higher indices (the nearest point is the lowest bit), 1 and 3 to lower ones.
pub static RAY_MASKS: [[u128; 4]; 90] = build_ray_masks();

/// The nearest of the points `bits` (not empty, all on one ray in direction `d`) to the
/// ray's start.
#[inline]
pub fn nearest(bits: u128, d: usize) -> usize {
    if d & 1 == 0 {
        bits.trailing_zeros() as usize
    } else {
        127 - bits.leading_zeros() as usize
    }
}

/// The points of a set, lowest first. The two 64-bit halves are walked one after the
/// other: cheaper than counting and clearing the bits of a 128-bit number.
#[derive(Clone, Debug)]
pub struct Squares {
    low: u64,
    high: u64,
}

/// The points of `set`, lowest first.
#[inline(always)]
pub fn squares(set: u128) -> Squares {
    Squares {
        low: set as u64,
        high: (set >> 64) as u64,
    }
}

impl Iterator for Squares {
    type Item = usize;

    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        if self.low != 0 {
            let s = self.low.trailing_zeros() as usize;
            self.low &= self.low - 1;
            Some(s)
        } else if self.high != 0 {
            let s = 64 + self.high.trailing_zeros() as usize;
            self.high &= self.high - 1;
            Some(s)
        } else {
            None
        }
    }
}

/// `BIT[s]` is `1 << s`: a table load is cheaper than a variable 128-bit shift.
pub static BIT: [u128; 90] = build_bits();
/// The four orthogonal rays from each point (chariots and cannons slide along them).
pub static RAYS: [Rays; 90] = build_rays();
/// The horse's destinations from each point, each with the leg that blocks it (蹩马腿).
pub static HORSE_MOVES: [Leaps; 90] = build_horse_moves();
pub(crate) static HORSE_ATTACKS: [Leaps; 90] = build_horse_attacks();
pub(crate) static ELEPHANT_MOVES: [Leaps; 90] = build_elephant_moves();
pub(crate) static ADVISOR_MOVES: [Steps; 90] = build_palace_steps(true);
pub(crate) static GENERAL_MOVES: [Steps; 90] = build_palace_steps(false);
pub(crate) static SOLDIER_MOVES: [[Steps; 90]; 2] =
    [build_soldier_moves(true), build_soldier_moves(false)];

/// Diagonal moves bound by nothing but the board's edge: one step (`span` 1, with no point
/// between) or two, over the point between (`span` 2). What a revealed advisor and a revealed
/// elephant of Jieqi do, free of the palace and the river. Each such move can be made
/// backwards too, so the table also gives the points that attack a point.
const fn build_free_diagonals(span: i32) -> [Leaps; 90] {
    let mut out = [Leaps {
        to: [0; 8],
        via: [0; 8],
        len: 0,
    }; 90];
    let mut s = 0;
    while s < 90 {
        let (f, r) = ((s % 9) as i32, (s / 9) as i32);
        let mut d = 0;
        while d < 4 {
            let (df, dr) = DIAGS[d];
            let (x, y) = (f + span * df, r + span * dr);
            if on_board(x, y) {
                let n = out[s].len as usize;
                out[s].to[n] = idx(x, y);
                out[s].via[n] = idx(f + df, r + dr);
                out[s].len += 1;
            }
            d += 1;
        }
        s += 1;
    }
    out
}

/// A revealed Jieqi advisor's moves: one point diagonally, anywhere (`via` is the target).
pub(crate) static FREE_ADVISOR_MOVES: [Leaps; 90] = build_free_diagonals(1);
/// A revealed Jieqi elephant's moves: two points diagonally over an empty eye, anywhere.
pub(crate) static FREE_ELEPHANT_MOVES: [Leaps; 90] = build_free_diagonals(2);

/// splitmix64: a small, well-mixed generator for the Zobrist keys, usable in `const`: the
/// next state and the value drawn.
pub(crate) const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

const fn build_zobrist() -> ([[u64; 90]; 16], u64) {
    let mut keys = [[0u64; 90]; 16];
    let mut state = 0x5851_F42D_4C95_7F2D_u64;
    let mut code = 0;
    while code < 16 {
        let mut s = 0;
        while s < 90 {
            let (ns, v) = splitmix(state);
            state = ns;
            // Code 0 is the empty point and must not change the key.
            keys[code][s] = if code & 7 == 0 { 0 } else { v };
            s += 1;
        }
        code += 1;
    }
    let (_, side) = splitmix(state);
    (keys, side)
}

const ZOBRIST: ([[u64; 90]; 16], u64) = build_zobrist();
/// Zobrist key of a piece code on a point.
pub(crate) static PIECE_KEYS: [[u64; 90]; 16] = ZOBRIST.0;
/// Zobrist key added when black is to move.
pub(crate) const BLACK_TO_MOVE_KEY: u64 = ZOBRIST.1;

/// The first `len` points of `points`, as bits.
const fn bits_of(points: &[u8], len: u8) -> u128 {
    let mut m = 0u128;
    let mut k = 0;
    while k < len as usize {
        m |= 1u128 << points[k];
        k += 1;
    }
    m
}

const fn build_reach() -> [[u128; 90]; 16] {
    let rays = build_ray_masks();
    let horse = build_horse_moves();
    let elephant = build_elephant_moves();
    let advisor = build_palace_steps(true);
    let general = build_palace_steps(false);
    let soldier = [build_soldier_moves(true), build_soldier_moves(false)];
    let mut out = [[0u128; 90]; 16];
    let mut code = 0;
    while code < 16 {
        let mut s = 0;
        while s < 90 {
            out[code][s] = match code as u8 & 7 {
                GENERAL => bits_of(&general[s].to, general[s].len),
                ADVISOR => bits_of(&advisor[s].to, advisor[s].len),
                ELEPHANT => bits_of(&elephant[s].to, elephant[s].len),
                HORSE => bits_of(&horse[s].to, horse[s].len),
                SOLDIER => {
                    let steps = &soldier[code >> 3][s];
                    bits_of(&steps.to, steps.len)
                }
                CHARIOT | CANNON => rays[s][0] | rays[s][1] | rays[s][2] | rays[s][3],
                _ => 0,
            };
            s += 1;
        }
        code += 1;
    }
    out
}

/// `REACH[code][s]`: every point the piece of code `code` could step, leap or slide to from
/// `s` on an empty board, as bits (a chariot's or cannon's: its file and rank). A piece none
/// of whose points holds an enemy has no capture.
pub(crate) static REACH: [[u128; 90]; 16] = build_reach();

const fn build_exposers() -> [[u128; 90]; 3] {
    let rays = build_ray_masks();
    let attacks = build_horse_attacks();
    let mut out = [[0u128; 90]; 3];
    let mut g = 0;
    while g < 90 {
        let lines = rays[g][0] | rays[g][1] | rays[g][2] | rays[g][3];
        let legs = bits_of(&attacks[g].via, attacks[g].len);
        let sources = bits_of(&attacks[g].to, attacks[g].len);
        out[0][g] = lines;
        out[1][g] = lines | legs;
        out[2][g] = sources;
        g += 1;
    }
    out
}

const EXPOSERS: [[u128; 90]; 3] = build_exposers();

/// `LINES[g]`: the points on the file and rank of `g`. A piece entering one of them may give
/// an enemy cannon the screen it needs against a general on `g`.
pub(crate) static LINES: [u128; 90] = EXPOSERS[0];

/// `LINES_AND_LEGS[g]`: [`LINES`] and the legs of the horses that could attack `g`. A piece
/// leaving any other point never uncovers an attack on a general on `g`.
pub(crate) static LINES_AND_LEGS: [u128; 90] = EXPOSERS[1];

/// `HORSE_SOURCES[g]`: the points a horse could attack `g` from (legs aside), as bits. With
/// no enemy piece on any of them, no horse attacks `g`.
pub(crate) static HORSE_SOURCES: [u128; 90] = EXPOSERS[2];

/// `CHECK_POINTS[g][s]`: what point `s` is to a general on `g`, as bits:
/// [`ON_LINES_OR_LEGS`], [`ON_LINES`], [`HORSE_SOURCE`]. One byte read instead of three
/// boards, for the search's look at every move.
pub static CHECK_POINTS: [[u8; 90]; 90] = {
    let mut out = [[0u8; 90]; 90];
    let mut g = 0;
    while g < 90 {
        let mut s = 0;
        while s < 90 {
            let bit = 1u128 << s;
            let mut k = 0;
            while k < 3 {
                if EXPOSERS[k][g] & bit != 0 {
                    out[g][s] |= POINT_FLAGS[k];
                }
                k += 1;
            }
            s += 1;
        }
        g += 1;
    }
    out
};

/// The [`CHECK_POINTS`] flag of each board of `EXPOSERS`, in its order.
const POINT_FLAGS: [u8; 3] = [ON_LINES, ON_LINES_OR_LEGS, HORSE_SOURCE];

/// In [`CHECK_POINTS`]: on a line from the general or a horse leg next to it.
pub const ON_LINES_OR_LEGS: u8 = 1;
/// In [`CHECK_POINTS`]: on a line from the general.
pub const ON_LINES: u8 = 2;
/// In [`CHECK_POINTS`]: a point a horse could check the general from.
pub const HORSE_SOURCE: u8 = 4;

const fn build_soldier_sources() -> [[u128; 90]; 2] {
    let moves = [build_soldier_moves(true), build_soldier_moves(false)];
    let mut out = [[0u128; 90]; 2];
    let mut color = 0;
    while color < 2 {
        let mut from = 0;
        while from < 90 {
            let steps = &moves[color][from];
            let mut k = 0;
            while k < steps.len as usize {
                out[color][steps.to[k] as usize] |= 1u128 << from;
                k += 1;
            }
            from += 1;
        }
        color += 1;
    }
    out
}

/// `SOLDIER_SOURCES[color][s]`: the points a soldier of `color` (0 red, 1 black) could
/// attack `s` from, as bits. With no piece of that colour on any of them, no soldier
/// attacks `s`.
pub(crate) static SOLDIER_SOURCES: [[u128; 90]; 2] = build_soldier_sources();

const fn build_ray_of() -> [[u8; 90]; 90] {
    let rays = build_rays();
    let mut out = [[4u8; 90]; 90];
    let mut s = 0;
    while s < 90 {
        let mut d = 0;
        while d < 4 {
            let mut k = 0;
            while k < rays[s].len[d] as usize {
                out[s][rays[s].sq[d][k] as usize] = d as u8;
                k += 1;
            }
            d += 1;
        }
        s += 1;
    }
    out
}

/// `RAY_OF[s][t]`: the direction of the ray from `s` through `t` (an index into
/// [`RAYS`]`[s]`), or 4 when `t` is on neither the file nor the rank of `s` (or is `s`).
pub(crate) static RAY_OF: [[u8; 90]; 90] = build_ray_of();
