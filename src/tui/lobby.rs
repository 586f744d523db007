//! The club's lobby on the terminal (`xiangqi online`): its state kept from the server's
//! events, its keys, its drawing, the club game played on the board screen, and the loop
//! that runs them over one session.

pub mod board;
pub mod board_view;
pub mod jieqi;
pub mod keys;
pub mod login;
pub mod run;
pub mod state;
pub mod view;
pub mod words;

#[cfg(test)]
mod tests;
