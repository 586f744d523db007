//! Puzzles.
