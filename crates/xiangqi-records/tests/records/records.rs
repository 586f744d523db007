//! Game records for the PGN tests: the real files of `tests/data/games/`, games read out of
//! bytes (a game that does not read fails the test with the reader's reason), and the
//! notation styles the writer is tried in. Each test file uses part of it.
#![allow(dead_code)]

use std::path::{Path, PathBuf};
use xiangqi_records::pgn::{PgnGame, read_games};
use xiangqi_rules::{BlackDigits, Glyphs, NotationStyle};

/// `tests/data/games/<sub>`: a folder of game files, or one file.
pub fn data_dir(sub: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/games")
        .join(sub)
}

/// The `.pgn` files of `tests/data/games/<sub>`, in the order of their names.
pub fn files(sub: &str) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(data_dir(sub))
        .unwrap_or_else(|e| panic!("cannot list {sub}: {e}"))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "pgn"))
        .collect();
    out.sort();
    out
}

/// The bytes of the file `path`.
pub fn read(path: &Path) -> Vec<u8> {
    std::fs::read(path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()))
}

/// Every game of `bytes`.
pub fn games_of(bytes: &[u8]) -> Vec<PgnGame> {
    read_games(bytes).unwrap_or_else(|e| panic!("{e}"))
}

/// The one game of `text`.
pub fn one(text: &[u8]) -> PgnGame {
    let mut games = games_of(text);
    assert_eq!(games.len(), 1);
    games.remove(0)
}

/// A notation style: its glyphs, black's digits, and ICCS with or without the hyphen.
pub fn style(glyphs: Glyphs, black_digits: BlackDigits, iccs_hyphenated: bool) -> NotationStyle {
    NotationStyle {
        glyphs,
        black_digits,
        iccs_hyphenated,
    }
}
