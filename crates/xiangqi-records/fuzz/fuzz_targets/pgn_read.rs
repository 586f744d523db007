//! Fuzz target `pgn_read`: see `checks::pgn_read` for what it asserts.

#![no_main]

#[path = "../checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::pgn_read(data));
