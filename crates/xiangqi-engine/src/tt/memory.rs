//! Where the table's slots live: an anonymous mapping the kernel is asked to back with huge
//! pages, so that a probe at a random slot does not also miss the TLB (with 4 KiB pages a
//! 64 MiB table spans 16,384 of them, far more than the TLB holds). The mapping is viewed
//! as slots through `zerocopy`, which checks size and alignment, and kept beside that view
//! by `ouroboros`; if the system refuses the mapping, the slots are an ordinary vector.

use super::Slot;
use memmap2::MmapMut;
use std::sync::atomic::Ordering;
use zerocopy::FromBytes;

/// The size of a huge page on x86-64 and most 64-bit ARM systems: the table starts on such a
/// boundary so that every huge page it spans is whole.
const HUGE_PAGE: usize = 2 << 20;

#[ouroboros::self_referencing]
struct Mapped {
    map: MmapMut,
    #[borrows(mut map)]
    slots: &'this [Slot],
}

/// The table's slots, all empty to begin with.
pub(super) struct Slots(Backing);

enum Backing {
    Mapped(Mapped),
    Heap(Vec<Slot>),
}

impl std::fmt::Debug for Slots {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let kind = match self.0 {
            Backing::Mapped(_) => "mapped",
            Backing::Heap(_) => "heap",
        };
        write!(f, "Slots({kind}, {})", self.get().len())
    }
}

impl Slots {
    /// `len` empty slots, every page of them already in memory: a page first touched in
    /// the middle of a search would stall it while the kernel finds and clears the page.
    pub(super) fn new(len: usize) -> Slots {
        match map(len) {
            Some(mapped) => {
                let slots = Slots(Backing::Mapped(mapped));
                for s in slots.get() {
                    s.data.store(0, Ordering::Relaxed);
                }
                slots
            }
            None => Slots(Backing::Heap((0..len).map(|_| Slot::default()).collect())),
        }
    }

    #[inline(always)]
    pub(super) fn get(&self) -> &[Slot] {
        match &self.0 {
            Backing::Mapped(m) => m.borrow_slots(),
            Backing::Heap(v) => v,
        }
    }

    /// Whether the slots are in a mapping (where huge pages may have been granted).
    #[cfg(test)]
    pub(super) fn is_mapped(&self) -> bool {
        matches!(self.0, Backing::Mapped(_))
    }
}

/// An anonymous mapping holding `len` slots from a huge-page boundary, or `None` if the
/// system refuses it.
fn map(len: usize) -> Option<Mapped> {
    let bytes = len.checked_mul(std::mem::size_of::<Slot>())?;
    let spare = if bytes >= HUGE_PAGE { HUGE_PAGE } else { 0 };
    let map = MmapMut::map_anon(bytes.checked_add(spare)?).ok()?;
    let start = (HUGE_PAGE - map.as_ptr() as usize % HUGE_PAGE) % HUGE_PAGE;
    let start = if spare == 0 { 0 } else { start };
    advise_huge_pages(&map);
    MappedTryBuilder {
        map,
        slots_builder: |map: &mut MmapMut| {
            <[Slot]>::mut_from_bytes(&mut map[start..start + bytes])
                .map(|slots| &*slots)
                .map_err(|_| ())
        },
    }
    .try_build()
    .ok()
}

/// Asks for transparent huge pages. Only a hint: where the kernel grants none (or only for
/// some of the table), the table works the same, with more TLB misses.
fn advise_huge_pages(map: &MmapMut) {
    #[cfg(target_os = "linux")]
    let _ = map.advise(memmap2::Advice::HugePage);
    #[cfg(not(target_os = "linux"))]
    let _ = map;
}
