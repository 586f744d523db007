//! A small deterministic generator (xorshift64*): a seed gives the same sequence on every run
//! and every machine. Shared by the property tests and the development examples, which read it
//! with `#[path]`; the examples' documented figures depend on this exact sequence.

pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number below `n` (0 when `n` is 0).
    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }
}
