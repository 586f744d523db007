//! The transposition table: what earlier searches found about a position, found again by
//! its Zobrist key — the best move to try first and a score or bound to cut off with.

mod memory;

use memory::Slots;
use std::sync::atomic::{AtomicU8, AtomicU64, Ordering};
use xiangqi_rules::{Move, Square};
use zerocopy::{FromBytes, IntoBytes, KnownLayout};

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

/// What a probe finds.
#[derive(Copy, Clone, Debug)]
pub(crate) struct Hit {
    pub mv: Option<Move>,
    pub score: i32,
    pub depth: i32,
    pub bound: Bound,
}

/// One slot: the entry packed into a word (`move | score << 16 | depth << 32 | bound << 40 |
/// generation << 48`, all zero when empty) and the key XOR that word. A slot written by two
/// threads at once (Lazy SMP) can pair one's key with the other's data; the XOR then no
/// longer gives back the key, and the probe sees an empty slot rather than a wrong entry.
#[derive(Debug, Default, FromBytes, IntoBytes, KnownLayout)]
#[repr(C)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

/// A fixed-size table, one entry a slot, indexed by the low bits of the key, shared by the
/// threads of a search without locks: every field is an atomic.
#[derive(Debug)]
pub(crate) struct Table {
    slots: Slots,
    mask: usize,
    generation: AtomicU8,
}

fn pack(mv: u16, score: i16, depth: i8, bound: u8, generation: u8) -> u64 {
    u64::from(mv)
        | u64::from(score as u16) << 16
        | u64::from(depth as u8) << 32
        | u64::from(bound) << 40
        | u64::from(generation) << 48
}

fn unpack_generation(data: u64) -> u8 {
    (data >> 48) as u8
}

impl Table {
    /// A table of about `mb` mebibytes (at least one entry, a power of two in number).
    pub fn new(mb: usize) -> Table {
        let bytes = mb.clamp(1, 1 << 16) << 20;
        let wanted = bytes / std::mem::size_of::<Slot>();
        let len = if wanted.is_power_of_two() {
            wanted
        } else {
            (wanted.next_power_of_two() / 2).max(1)
        };
        Table {
            slots: Slots::new(len),
            mask: len - 1,
            generation: AtomicU8::new(0),
        }
    }

    /// Forgets everything (a new game).
    pub fn clear(&self) {
        for s in self.slots.get() {
            s.check.store(0, Ordering::Relaxed);
            s.data.store(0, Ordering::Relaxed);
        }
        self.generation.store(0, Ordering::Relaxed);
    }

    /// Marks the start of a new search, so that older entries give way first.
    pub fn new_search(&self) {
        self.generation.fetch_add(1, Ordering::Relaxed);
    }

    /// Asks the processor to bring `key`'s slot into the cache, so that a probe of it a little
    /// later (the node a move just played leads to) does not wait on memory.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        #[cfg(target_arch = "x86_64")]
        safe_arch::prefetch_t0(self.slot(key));
        #[cfg(not(target_arch = "x86_64"))]
        let _ = key;
    }

    fn slot(&self, key: u64) -> &Slot {
        &self.slots.get()[key as usize & self.mask]
    }

    /// The entry's word if the slot holds `key`.
    fn read(&self, key: u64) -> Option<u64> {
        let s = self.slot(key);
        let data = s.data.load(Ordering::Relaxed);
        let check = s.check.load(Ordering::Relaxed);
        (data != 0 && check ^ data == key).then_some(data)
    }

    pub fn probe(&self, key: u64) -> Option<Hit> {
        let data = self.read(key)?;
        let mv16 = data as u16;
        let bound = match (data >> 40) as u8 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            3 => Bound::Upper,
            _ => return None,
        };
        let mv = (mv16 != 0).then(|| {
            Move::new(
                Square::from_index_unchecked((mv16 & 0xff) as u8),
                Square::from_index_unchecked((mv16 >> 8) as u8),
            )
        });
        Some(Hit {
            mv,
            score: i32::from((data >> 16) as u16 as i16),
            depth: i32::from((data >> 32) as u8 as i8),
            bound,
        })
    }

    pub fn store(&self, key: u64, mv: Option<Move>, score: i32, depth: i32, bound: Bound) {
        let generation = self.generation.load(Ordering::Relaxed);
        let old = self.read(key);
        // Keep a deeper result about the same position from this search, and its move.
        if let Some(d) = old
            && unpack_generation(d) == generation
            && i32::from((d >> 32) as u8 as i8) > depth + 2
        {
            return;
        }
        let mut packed = mv.map_or(0, |m| m.from.index() as u16 | (m.to.index() as u16) << 8);
        if packed == 0
            && let Some(d) = old
        {
            packed = d as u16;
        }
        let data = pack(
            packed,
            score.clamp(-32000, 32000) as i16,
            depth.clamp(-1, 127) as i8,
            match bound {
                Bound::Exact => 1,
                Bound::Lower => 2,
                Bound::Upper => 3,
            },
            generation,
        );
        let s = self.slot(key);
        s.data.store(data, Ordering::Relaxed);
        s.check.store(key ^ data, Ordering::Relaxed);
    }

    /// Permille of a sample of slots filled in this search (UCI `hashfull`).
    pub fn hashfull(&self) -> u32 {
        let slots = self.slots.get();
        let sample = slots.len().min(1000);
        let generation = self.generation.load(Ordering::Relaxed);
        let used = slots[..sample]
            .iter()
            .filter(|s| {
                let d = s.data.load(Ordering::Relaxed);
                d != 0 && unpack_generation(d) == generation
            })
            .count();
        (used * 1000 / sample.max(1)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stored_entry_is_found_with_its_move_and_bound() {
        let t = Table::new(1);
        let m: Move = "h2e2".parse().expect("test move is valid");
        t.store(0xdead_beef, Some(m), -123, 5, Bound::Lower);
        let hit = t.probe(0xdead_beef).expect("test data is valid");
        assert_eq!(hit.mv, Some(m));
        assert_eq!((hit.score, hit.depth, hit.bound), (-123, 5, Bound::Lower));
        assert!(t.probe(0xdead_beef ^ 1 << 40).is_none());
        t.clear();
        assert!(t.probe(0xdead_beef).is_none());
    }

    #[test]
    fn a_table_over_several_huge_pages_is_mapped_empty_and_keeps_entries_at_both_ends() {
        let t = Table::new(5);
        assert!(t.slots.is_mapped());
        let slots = t.slots.get();
        assert_eq!(slots.len(), (4 << 20) / std::mem::size_of::<Slot>());
        assert!(slots.iter().all(|s| s.data.load(Ordering::Relaxed) == 0));
        let m: Move = "b0c2".parse().expect("test move is valid");
        let (first, last) = (
            0xabcd_0000_0000_0000_u64,
            0xabcd_0000_0000_0000 | t.mask as u64,
        );
        t.store(first, Some(m), 7, 3, Bound::Exact);
        t.store(last, None, -7, 4, Bound::Upper);
        assert_eq!(t.probe(first).expect("first slot kept").mv, Some(m));
        assert_eq!(t.probe(last).expect("last slot kept").score, -7);
        assert_eq!(t.hashfull(), 1);
    }

    #[test]
    fn a_slot_torn_by_two_writers_reads_as_empty() {
        let t = Table::new(1);
        let m: Move = "h2e2".parse().expect("test move is valid");
        let (a, b) = (0x1234_5678_0000_0007_u64, 0x8765_4321_0000_0007_u64);
        t.store(a, Some(m), 50, 7, Bound::Exact);
        let slot = t.slot(a);
        let a_data = slot.data.load(Ordering::Relaxed);
        t.store(b, None, -20, 3, Bound::Upper);
        assert!(t.probe(a).is_none());
        assert_eq!(t.probe(b).expect("b was stored").score, -20);
        // One writer's data beside the other's check: neither key finds it.
        slot.data.store(a_data, Ordering::Relaxed);
        assert!(t.probe(a).is_none());
        assert!(t.probe(b).is_none());
    }
}
