//! A club Jieqi game on its board: what this end knows of it (the position both players
//! see, the moves with their reveals, never the deal), its keys, and its drawing.

pub mod keys;
pub mod state;
pub mod view;
