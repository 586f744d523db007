//! The transposition table: what earlier searches found about a position, found again by
//! its Zobrist key — the best move to try first and a score or bound to cut off with.

use crate::{Move, Square};

/// How a stored score relates to the true value.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The score is exact.
    Exact,
    /// The true value is at least the score (a move reached beta).
    Lower,
    /// The true value is at most the score (no move reached alpha).
    Upper,
}

#[derive(Copy, Clone, Debug, Default)]
struct Entry {
    key: u64,
    /// `from | to << 8`; 0 (a0 to a0) for none.
    mv: u16,
    score: i16,
    depth: i8,
    /// 0 empty, 1 exact, 2 lower, 3 upper.
    bound: u8,
    generation: u8,
}

/// What a probe finds.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Hit {
    pub mv: Option<Move>,
    pub score: i32,
    pub depth: i32,
    pub bound: Bound,
}

/// A fixed-size table, one entry a slot, indexed by the low bits of the key.
#[derive(Debug)]
pub(crate) struct Table {
    entries: Vec<Entry>,
    mask: usize,
    generation: u8,
}

impl Table {
    /// A table of about `mb` mebibytes (at least one entry, a power of two in number).
    pub fn new(mb: usize) -> Table {
        let bytes = mb.clamp(1, 1 << 16) << 20;
        let wanted = bytes / std::mem::size_of::<Entry>();
        let len = if wanted.is_power_of_two() {
            wanted
        } else {
            (wanted.next_power_of_two() / 2).max(1)
        };
        Table {
            entries: vec![Entry::default(); len],
            mask: len - 1,
            generation: 0,
        }
    }

    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        self.entries.fill(Entry::default());
        self.generation = 0;
    }

    /// Marks the start of a new search, so that older entries give way first.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    pub fn probe(&self, key: u64) -> Option<Hit> {
        let e = &self.entries[key as usize & self.mask];
        if e.bound == 0 || e.key != key {
            return None;
        }
        let mv = (e.mv != 0).then(|| {
            Move::new(
                Square::from_index_unchecked((e.mv & 0xff) as u8),
                Square::from_index_unchecked((e.mv >> 8) as u8),
            )
        });
        let bound = match e.bound {
            1 => Bound::Exact,
            2 => Bound::Lower,
            _ => Bound::Upper,
        };
        Some(Hit {
            mv,
            score: i32::from(e.score),
            depth: i32::from(e.depth),
            bound,
        })
    }

    pub fn store(&mut self, key: u64, mv: Option<Move>, score: i32, depth: i32, bound: Bound) {
        let generation = self.generation;
        let e = &mut self.entries[key as usize & self.mask];
        // Keep a deeper result about the same position from this search, and its move.
        if e.key == key && e.generation == generation && i32::from(e.depth) > depth + 2 {
            return;
        }
        let packed = mv.map_or(0, |m| m.from.index() as u16 | (m.to.index() as u16) << 8);
        let keep_move = packed == 0 && e.key == key;
        *e = Entry {
            key,
            mv: if keep_move { e.mv } else { packed },
            score: score.clamp(-32000, 32000) as i16,
            depth: depth.clamp(-1, 127) as i8,
            bound: match bound {
                Bound::Exact => 1,
                Bound::Lower => 2,
                Bound::Upper => 3,
            },
            generation,
        };
    }

    /// Permille of a sample of slots filled in this search (UCI `hashfull`).
    pub fn hashfull(&self) -> u32 {
        let sample = self.entries.len().min(1000);
        let used = self.entries[..sample]
            .iter()
            .filter(|e| e.bound != 0 && e.generation == self.generation)
            .count();
        (used * 1000 / sample.max(1)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stored_entry_is_found_with_its_move_and_bound() {
        let mut t = Table::new(1);
        let m: Move = "h2e2".parse().expect("test move is valid");
        t.store(0xdead_beef, Some(m), -123, 5, Bound::Lower);
        let hit = t.probe(0xdead_beef).expect("test data is valid");
        assert_eq!(hit.mv, Some(m));
        assert_eq!((hit.score, hit.depth, hit.bound), (-123, 5, Bound::Lower));
        assert!(t.probe(0xdead_beef ^ 1 << 40).is_none());
        t.clear();
        assert!(t.probe(0xdead_beef).is_none());
    }
}
