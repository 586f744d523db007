//! Puzzles: the mate problems with their exact prover ([`mate`]), the tactics mined from
//! master games and their file format ([`entry`]), the themes found in a puzzle's line
//! ([`theme`]), what makes a position a puzzle and rates it ([`mining`]), and which puzzle
//! a player gets next ([`select`]).

pub mod entry;
pub mod mate;
pub mod mining;
pub mod select;
pub mod theme;

pub use entry::{Entry, TACTICS, Verdict, mate_entries, parse_tactics, shipped};
pub use mate::{
    Attempt, MATES, Puzzle, PuzzleError, best_defence, collection, lost_within, mate_in, parse,
};
pub use select::{Filter, FilterError, pick};
pub use theme::{ParseThemeError, Theme, themes};
