//! The rules crate's integration tests, one binary: FEN, notation, perft, Jieqi, move generation
//! against a slow reference, check and mate, every way a game ends, and the game tree.

mod endings;
mod fen;
mod jieqi;
mod notation;
mod notation_cases;
mod perft;
mod properties;
mod rules;
mod tree;
