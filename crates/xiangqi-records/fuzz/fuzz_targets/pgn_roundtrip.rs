//! Fuzz target `pgn_roundtrip`: see `checks::pgn_roundtrip` for what it asserts.

#![no_main]

#[path = "../checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::pgn_roundtrip(data));
