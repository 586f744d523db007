//! The fuzz targets' checks (`fuzz/checks.rs`) on stable Rust: every seed, every crash file
//! kept as a regression, and whatever corpus and crash files a local fuzzing run has left in
//! `fuzz/`, plus the game records of `tests/data/games` for the PGN targets.

#[path = "../../fuzz/checks.rs"]
mod checks;

use std::path::{Path, PathBuf};

/// The files under `dir`, recursively, sorted (none if it does not exist).
fn files_under(dir: &Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            match entry.file_type() {
                Ok(t) if t.is_dir() => todo.push(path),
                Ok(t) if t.is_file() => found.push(path),
                _ => {}
            }
        }
    }
    found.sort();
    found
}

/// Runs `check` on every input of `target`, and on the files under `extra`; returns how many.
fn replay(target: &str, extra: &[&str], check: fn(&[u8])) -> usize {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let fuzz = root.join("fuzz");
    let mut dirs: Vec<PathBuf> = ["seeds", "regressions", "corpus", "artifacts"]
        .iter()
        .map(|kind| fuzz.join(kind).join(target))
        .collect();
    dirs.extend(extra.iter().map(|d| root.join(d)));
    let mut count = 0;
    for dir in dirs {
        for file in files_under(&dir) {
            let bytes = match std::fs::read(&file) {
                Ok(b) => b,
                // A fuzzer running meanwhile replaces corpus files by shorter ones.
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
                Err(e) => panic!("cannot read {}: {e}", file.display()),
            };
            // Name the input if the check fails.
            let outcome = std::panic::catch_unwind(|| check(&bytes));
            assert!(outcome.is_ok(), "{target} fails on {}", file.display());
            count += 1;
        }
    }
    count
}

#[test]
fn fen_inputs_read_back_to_the_same_position() {
    assert!(replay("fen", &[], checks::fen) >= 10);
}

#[test]
fn move_text_inputs_read_as_legal_moves_that_write_back() {
    assert!(replay("move_text", &[], checks::move_text) >= 100);
}

#[test]
fn pgn_inputs_read_without_panic_and_replay_legally() {
    assert!(replay("pgn_read", &["tests/data/games"], checks::pgn_read) >= 20);
}

#[test]
fn xqf_inputs_read_without_panic_and_only_legal_moves() {
    assert!(replay("xqf", &["tests/data/games/xqf"], checks::xqf) >= 16);
}

#[test]
fn pgn_inputs_write_and_read_back_to_the_same_games() {
    assert!(
        replay(
            "pgn_roundtrip",
            &["tests/data/games"],
            checks::pgn_roundtrip
        ) >= 20
    );
}
