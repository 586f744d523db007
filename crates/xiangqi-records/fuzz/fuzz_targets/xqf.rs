//! Fuzz target `xqf`: see `checks::xqf` for what it asserts.

#![no_main]

#[path = "../checks.rs"]
mod checks;

libfuzzer_sys::fuzz_target!(|data: &[u8]| checks::xqf(data));
