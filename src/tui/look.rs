//! The shared look: colour themes, colours as numbers, and how pieces are written.

pub mod pieces;
pub mod rgb;
pub mod theme;
