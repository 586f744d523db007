//! Drawing: widgets that only read the state — the board, the panel, the move list, the
//! message line, the keys window, the picker — and the geometry they share with the mouse.

pub mod bigdigits;
pub mod computer;
pub mod layout;
pub mod move_list;
pub mod render;
pub mod strings;
