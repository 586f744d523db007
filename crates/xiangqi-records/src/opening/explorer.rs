//! The explorer table: the moves masters played from a position.
//!
//! `assets/openings/explorer.bin` is a run of 18-byte records sorted by position key:
//! the key (u64), the move (u16, packed squares), then games, red's wins, draws and
//! black's wins (u16 each), all little-endian.

use super::{position_key, unpack};
use xiangqi_rules::{Move, Position};

const TABLE: &[u8] = include_bytes!("../../assets/openings/explorer.bin");
const RECORD: usize = 18;

/// One move masters played from a position, with how their games ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ExplorerRow {
    /// The move.
    pub mv: Move,
    /// How many games played it.
    pub games: u32,
    /// Of those, red won …
    pub red_wins: u32,
    /// … drew …
    pub draws: u32,
    /// … or lost (games without a known result are in none of the three).
    pub black_wins: u32,
}

impl ExplorerRow {
    /// The side to move's score with this move, from 0.0 (all lost) to 1.0 (all won), over
    /// the games with a known result; `None` if there are none.
    #[must_use]
    pub fn score_for(&self, red_to_move: bool) -> Option<f64> {
        let known = self.red_wins + self.draws + self.black_wins;
        if known == 0 {
            return None;
        }
        let wins = if red_to_move {
            self.red_wins
        } else {
            self.black_wins
        };
        Some((f64::from(wins) + f64::from(self.draws) / 2.0) / f64::from(known))
    }
}

fn key_at(index: usize) -> u64 {
    let start = index * RECORD;
    TABLE
        .get(start..start + 8)
        .and_then(|b| b.try_into().ok())
        .map_or(u64::MAX, u64::from_le_bytes)
}

fn u16_at(offset: usize) -> u16 {
    TABLE
        .get(offset..offset + 2)
        .and_then(|b| b.try_into().ok())
        .map_or(0, u16::from_le_bytes)
}

/// The moves masters played from `pos`, most played first; only legal moves are listed.
#[must_use]
pub fn explore(pos: &Position) -> Vec<ExplorerRow> {
    let key = position_key(pos);
    let count = TABLE.len() / RECORD;
    // The first record whose key is not below `key`.
    let (mut lo, mut hi) = (0, count);
    while lo < hi {
        let mid = (lo + hi) / 2;
        if key_at(mid) < key {
            lo = mid + 1;
        } else {
            hi = mid;
        }
    }
    let mut rows = Vec::new();
    let mut index = lo;
    while index < count && key_at(index) == key {
        let at = index * RECORD + 8;
        let counts = |i: usize| u32::from(u16_at(at + 2 + 2 * i));
        if let Some(mv) = unpack(u16_at(at)).filter(|&mv| pos.check_move(mv).is_ok()) {
            rows.push(ExplorerRow {
                mv,
                games: counts(0),
                red_wins: counts(1),
                draws: counts(2),
                black_wins: counts(3),
            });
        }
        index += 1;
    }
    rows.sort_by(|a, b| b.games.cmp(&a.games).then(a.mv.cmp(&b.mv)));
    rows
}
