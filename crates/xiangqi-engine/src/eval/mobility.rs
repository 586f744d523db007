//! The mobility of chariots and horses: how many points each can move to.
//!
//! [`chariot_reach`] looks along a chariot's four rays and [`horse_moves`] walks a horse's
//! jumps one by one, as the tuner's features do; [`chariot_reach_fast`] and [`HorseReach`]
//! read the same counts from the board's occupancy bits and tables, for the search.

use xiangqi_rules::tables::{HORSE_MOVES, RAY_MASKS, RAYS, nearest};

/// Empty points a chariot can slide to, plus the first piece on each line: read from the
/// occupancy bits, without walking the line.
pub(super) fn chariot_reach(occupied: u128, sq: usize) -> i32 {
    let rays = &RAYS[sq];
    let mut n = 0;
    for (d, &ray) in RAY_MASKS[sq].iter().enumerate() {
        let line = occupied & ray;
        n += if line == 0 {
            i32::from(rays.len[d])
        } else {
            // Directions 0 and 1 run along the file (9 points a rank apart), 2 and 3 along
            // the rank.
            let apart = nearest(line, d).abs_diff(sq);
            (if d < 2 { apart / 9 } else { apart }) as i32
        };
    }
    n
}

/// Points a chariot reaches along one line of `len` points from `at`, the other pieces on
/// the line being the bits of `occupied`: empty points up to the nearest piece each way,
/// and that piece.
const fn line_reach(len: usize, at: usize, occupied: usize) -> u8 {
    let mut n = 0;
    let mut q = at + 1;
    while q < len {
        n += 1;
        if occupied >> q & 1 == 1 {
            break;
        }
        q += 1;
    }
    let mut q = at;
    while q > 0 {
        q -= 1;
        n += 1;
        if occupied >> q & 1 == 1 {
            break;
        }
    }
    n
}

/// `[at][the line's occupancy, a bit a point]`: what a chariot on point `at` of a line of
/// `LEN` points (`SIZE` = 2^`LEN` occupancies) reaches along it.
const fn reach_table<const LEN: usize, const SIZE: usize>() -> [[u8; SIZE]; LEN] {
    let mut out = [[0; SIZE]; LEN];
    let mut at = 0;
    while at < LEN {
        let mut occupied = 0;
        while occupied < SIZE {
            out[at][occupied] = line_reach(LEN, at, occupied);
            occupied += 1;
        }
        at += 1;
    }
    out
}

/// `[file][the rank's occupancy, a bit a file]`: what a chariot on `file` reaches along
/// its rank.
static RANK_REACH: [[u8; 512]; 9] = reach_table::<9, 512>();

/// `[rank][the file's occupancy, a bit a rank]`: what a chariot on `rank` reaches along its
/// file.
static FILE_REACH: [[u8; 1024]; 10] = reach_table::<10, 1024>();

/// [`chariot_reach`]'s count read from two tables: the occupancy of the chariot's rank (9
/// bits in a row) and of its file (gathered from every ninth bit into 10 bits in a row).
#[inline]
pub(super) fn chariot_reach_fast(occupied: u128, sq: usize) -> i32 {
    let (rank, file) = (sq / 9, sq % 9);
    let on_rank = (occupied >> (9 * rank)) as usize & 0x1ff;
    let column = occupied >> file;
    // Ranks 0 to 7 are bits 0, 9, .., 63 of the low word: the multiplication moves bit 9i
    // to bit 56 + i, and no two of its partial products meet, so nothing carries.
    let low = (column as u64 & 0x8040_2010_0804_0201).wrapping_mul(0x0101_0101_0101_0101) >> 56;
    // Ranks 8 and 9 are bits 8 and 17 of the high word.
    let high = (column >> 64) as u64;
    let on_file = (low | (high >> 8 & 1) << 8 | (high >> 17 & 1) << 9) as usize;
    i32::from(RANK_REACH[file][on_rank]) + i32::from(FILE_REACH[rank][on_file])
}

/// Jumps a horse can make: leg free and the point not holding one of its own pieces.
pub(super) fn horse_moves(cells: &[u8; 90], sq: usize, color: usize) -> i32 {
    let leaps = &HORSE_MOVES[sq];
    // Own pieces have codes own_lo..own_lo + 7; empty (0) and enemy codes fall outside.
    let own_lo = (color as u8) << 3 | 1;
    let mut n = 0;
    for j in 0..leaps.len as usize {
        // Counted without a branch: which jumps are open is hard to foresee.
        let open = cells[leaps.via[j] as usize] == 0;
        let free = cells[leaps.to[j] as usize].wrapping_sub(own_lo) >= 7;
        n += i32::from(open & free);
    }
    n
}

/// How far a horse's jump reaches: 19 points (two ranks and a file) either way. Points
/// near a horse are read from a window of the occupancy bits that starts this many points
/// before the horse.
const REACH: usize = 19;

/// A horse's four legs, in the order of the bits of [`HORSE_JUMPS`]' index: south (a rank
/// down), west, north, east; an off-board leg given as the horse's own point.
const HORSE_LEGS: [[u8; 4]; 90] = build_horse_legs();

/// `[point][blocked legs]`: the points a horse can jump to when the legs whose bits are set
/// (bit `i` for [`HORSE_LEGS`]`[point][i]`) hold a piece, as bits of the window that
/// starts [`REACH`] points before the horse. An off-board leg's bit says nothing: no jump
/// goes through it.
static HORSE_JUMPS: [[u64; 16]; 90] = build_horse_jumps();

const fn build_horse_legs() -> [[u8; 4]; 90] {
    let mut out = [[0u8; 4]; 90];
    let mut s = 0;
    while s < 90 {
        let (f, r) = (s % 9, s / 9);
        out[s] = [
            if r > 0 { s - 9 } else { s } as u8,
            if f > 0 { s - 1 } else { s } as u8,
            if r < 9 { s + 9 } else { s } as u8,
            if f < 8 { s + 1 } else { s } as u8,
        ];
        s += 1;
    }
    out
}

const fn build_horse_jumps() -> [[u64; 16]; 90] {
    let mut out = [[0u64; 16]; 90];
    let mut s = 0;
    while s < 90 {
        let leaps = &HORSE_MOVES[s];
        let mut j = 0;
        while j < leaps.len as usize {
            let mut leg = 0;
            while HORSE_LEGS[s][leg] != leaps.via[j] {
                leg += 1;
            }
            let bit = 1u64 << (leaps.to[j] as usize + REACH - s);
            let mut blocked = 0;
            while blocked < 16 {
                if blocked >> leg & 1 == 0 {
                    out[s][blocked] |= bit;
                }
                blocked += 1;
            }
            j += 1;
        }
        s += 1;
    }
    out
}

/// Counts horse jumps from the occupancy bits, as [`horse_moves`] does from the cells.
pub(super) struct HorseReach {
    /// Every piece, moved up by [`REACH`] points so that a horse's window is the low bits
    /// of a right shift by the horse's point.
    occupied: u128,
    /// The side's own pieces, moved up alike.
    own: u128,
}

impl HorseReach {
    /// For the horses of the side whose pieces are `own`, among all pieces `occupied`.
    #[inline]
    pub(super) fn new(occupied: u128, own: u128) -> Self {
        HorseReach {
            occupied: occupied << REACH,
            own: own << REACH,
        }
    }

    /// The jumps of a horse of this side on `sq`: [`horse_moves`]' count.
    #[inline]
    pub(super) fn moves(&self, sq: usize) -> i32 {
        let near = (self.occupied >> sq) as u64;
        let own_near = (self.own >> sq) as u64;
        // The legs' bits, a rank down (bit 0), a file down (8), a file up (10) and a rank
        // up (18), brought together as bits 0, 1, 3 and 2.
        let legs = near >> (REACH - 9) & 0x4_0501;
        let blocked = (legs | legs >> 7) & 0b1011 | legs >> 16 & 0b100;
        count_jumps(HORSE_JUMPS[sq][blocked as usize] & !own_near)
    }
}

/// The number of bits set in `jumps`, bits of a horse's window at the eight points a jump
/// lands on (window bits 0, 2, 8, 12, 26, 30, 36 and 38), by one multiplication: all but
/// bits 0 and 36 moved up by 2 leave every two of them at least 4 apart, and then the
/// product by `M` (a bit at 40 less each one's place) adds them all up in bits 40 to 43.
/// Every other partial product lands at least 4 places off bit 40 and those below it add
/// up to less than bit 40, so none spills into the sum. (The processor's own bit count is
/// not in the baseline instruction set; counting by halves takes more steps.)
#[inline]
fn count_jumps(jumps: u64) -> i32 {
    const STAY: u64 = 1 << 36 | 1;
    const M: u64 = 1 << 40 | 1 << 36 | 1 << 30 | 1 << 26 | 1 << 12 | 1 << 8 | 1 << 4 | 1;
    let spread = jumps & STAY | (jumps & !STAY) << 2;
    (spread.wrapping_mul(M) >> 40 & 0xf) as i32
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi_rules::random_positions;
    use xiangqi_rules::role::code::{HORSE, color_of, role_of};

    #[test]
    fn horse_moves_read_from_bits_equal_those_walked_on_the_cells() {
        // Every horse of both sides in the positions of random games.
        let mut horses = 0;
        for pos in random_positions(40, 200) {
            for color in 0..2 {
                let reach = HorseReach::new(
                    pos.occupancy()[0] | pos.occupancy()[1],
                    pos.occupancy()[color],
                );
                for sq in 0..90 {
                    let code = pos.codes()[sq];
                    if code != 0 && color_of(code) == color && role_of(code) == HORSE {
                        let walked = horse_moves(pos.codes(), sq, color);
                        assert_eq!(reach.moves(sq), walked, "horse on {sq} in {pos:?}");
                        horses += 1;
                    }
                }
            }
        }
        assert!(horses > 1000, "{horses} horses checked");
    }

    #[test]
    fn chariot_reach_read_from_tables_equals_that_read_along_the_rays() {
        // A chariot on every point, in the positions of random games.
        for pos in random_positions(20, 200) {
            let occupied = pos.occupancy()[0] | pos.occupancy()[1];
            for sq in 0..90 {
                let fast = chariot_reach_fast(occupied, sq);
                assert_eq!(fast, chariot_reach(occupied, sq), "{sq} in {pos:?}");
            }
        }
        // Full and empty boards.
        for sq in 0..90 {
            for occupied in [0, (1u128 << 90) - 1, 1 << sq] {
                assert_eq!(
                    chariot_reach_fast(occupied, sq),
                    chariot_reach(occupied, sq)
                );
            }
        }
    }

    #[test]
    fn jumps_are_counted_as_the_bits_set() {
        let places = [0, 2, 8, 12, 26, 30, 36, 38];
        for set in 0..256u32 {
            let jumps = (0..8)
                .filter(|i| set >> i & 1 == 1)
                .fold(0u64, |j, i| j | 1 << places[i]);
            assert_eq!(count_jumps(jumps), set.count_ones() as i32, "{jumps:#x}");
        }
        // Every table entry holds only those places.
        let all = places.iter().fold(0u64, |j, &p| j | 1 << p);
        assert!(HORSE_JUMPS.iter().flatten().all(|&j| j & !all == 0));
    }

    #[test]
    fn every_point_s_horse_table_agrees_with_the_cells_on_an_empty_board() {
        // A lone horse anywhere, with one leg blocked by an enemy piece or none.
        for sq in 0..90 {
            for blocker in [None, Some(0), Some(1), Some(2), Some(3)] {
                let mut cells = [0u8; 90];
                cells[sq] = xiangqi_rules::role::code::HORSE;
                if let Some(leg) = blocker {
                    let at = HORSE_LEGS[sq][leg] as usize;
                    if at != sq {
                        cells[at] = 8 | xiangqi_rules::role::code::SOLDIER;
                    }
                }
                let occupied = (0..90)
                    .filter(|&p| cells[p] != 0)
                    .fold(0u128, |o, p| o | 1 << p);
                let reach = HorseReach::new(occupied, 1u128 << sq);
                assert_eq!(reach.moves(sq), horse_moves(&cells, sq, 0), "on {sq}");
            }
        }
    }
}
