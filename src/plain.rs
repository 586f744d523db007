//! `xiangqi --plain`: the game in lines of text, for a screen reader, a braille display or a
//! pipe. No cursor movement, no colour, no redraw: the program says what happened as a
//! sentence, prints a prompt, and reads a line.
//!
//! It plays the board screen's own game — the same app state and its one `update`, the same
//! autosave slots, the same engine worker — so a game passes between the two with
//! `--resume`; only the words differ. [`session`] turns the lines typed into the app's
//! actions and says what changed; `talk` runs it on standard input and output.

mod answers;
mod command;
pub mod session;
mod talk;
mod typed;
mod words;

#[cfg(test)]
mod tests;

pub use talk::run;
