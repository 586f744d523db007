//! Jieqi (揭棋) on the board screen: a dealt game both players see alike, played with the
//! cursor, clicks or typed moves, against each other or the computer, autosaved after every
//! move. The rules crate's `JieqiGame` decides what is legal and what each move turns over.

pub mod keys;
pub mod run;
pub mod state;
pub mod store;
pub mod view;

#[cfg(test)]
mod tests;
