//! Drawing: widgets that only read the state — the board, the panel, the move list, the
//! message line, the keys window, the picker, the evaluation graph — and the geometry they
//! share with the mouse.

pub mod board;
pub mod computer;
pub mod editor;
pub mod layout;
pub mod message_line;
pub mod network;
pub mod paint;
pub mod panel;
pub mod record;
pub mod screen;
pub mod windows;
pub mod words;
