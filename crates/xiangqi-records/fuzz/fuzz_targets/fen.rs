//! Fuzz target `fen`: see `checks::fen` for what it asserts.

#![no_main]

#[path = "../checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::fen(data));
