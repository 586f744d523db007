//! Drawing: widgets that only read the state — the board, the panel, the move list, the
//! message line, the keys window, the picker, the evaluation graph — and the geometry they
//! share with the mouse.

pub mod bigdigits;
pub mod board;
pub mod clock_reasons;
pub mod comment;
pub mod computer;
pub mod config_error;
pub mod editor;
pub mod errors;
pub mod explorer;
pub mod graph;
pub mod help;
pub mod layout;
pub mod message_line;
pub mod move_list;
pub mod network;
pub mod paint;
pub mod panel;
pub mod picker;
pub mod record;
pub mod screen;
pub mod strings;
