//! The records crate's integration tests, one binary: PGN read and written in every notation
//! and encoding, files of many games, the real files of `tests/data/games/`, game trees with
//! comments and variations, and the fuzz targets' checks replayed on stable Rust.

mod fuzz_corpus;
mod jieqi;
mod pgn;
mod pgn_real_files;
mod pgn_stream;
mod pgn_tree;
mod records;
mod rng;
mod tree_edit;
