//! A small cache of evaluations by Zobrist key: the quiescence search meets the same
//! position by captures made in another order, and the evaluation is the dearest part of a
//! node there. One per searcher (thread), so it needs no atomics.

/// Entries: a power of two, 128 KiB. Four times as many found a few more evaluations but
/// were slower: the transposition table's probes keep pushing a bigger cache out of the
/// processor's caches and address translations, and a lookup then waits on memory.
const ENTRIES: usize = 1 << 14;

/// Each entry holds the key's high 48 bits, then the score in 15 bits, then a bit set when
/// the entry is full: a key whose low bits chose the entry and whose high bits match it is
/// the position evaluated (as sure as the transposition table's keys are).
#[derive(Debug)]
pub(crate) struct EvalCache {
    entries: Box<[u64]>,
}

impl Default for EvalCache {
    fn default() -> Self {
        EvalCache {
            entries: vec![0; ENTRIES].into_boxed_slice(),
        }
    }
}

const HIGH: u64 = !0xffff;

impl EvalCache {
    /// The evaluation of the position with `key`: the one kept if there is one, else
    /// `evaluate()`'s, kept if it fits in 15 bits.
    #[inline]
    pub(crate) fn get_or(&mut self, key: u64, evaluate: impl FnOnce() -> i32) -> i32 {
        let slot = &mut self.entries[key as usize & (ENTRIES - 1)];
        let entry = *slot;
        if entry & 1 != 0 && entry & HIGH == key & HIGH {
            return i32::from(entry as u16 as i16 >> 1);
        }
        let e = evaluate();
        if (-0x4000..0x4000).contains(&e) {
            *slot = key & HIGH | u64::from((e as u16) << 1) | 1;
        }
        e
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_kept_score_comes_back_for_its_key_only() {
        let mut cache = EvalCache::default();
        for (i, score) in [-0x4000, -1, 0, 1, 0x3fff, 1234, -999]
            .into_iter()
            .enumerate()
        {
            let key = 0x9e37_79b9_7f4a_7c15_u64.wrapping_mul(i as u64 + 1);
            assert_eq!(cache.get_or(key, || score), score);
            assert_eq!(cache.get_or(key, || unreachable!()), score);
            // Same entry, other high bits: evaluated afresh.
            assert_eq!(cache.get_or(key ^ 1 << 40, || 7), 7);
        }
        // Too big to keep: evaluated every time.
        assert_eq!(cache.get_or(5, || 20_000), 20_000);
        assert_eq!(cache.get_or(5, || 3), 3);
    }
}
