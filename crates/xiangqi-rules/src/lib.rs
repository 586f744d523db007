//! `xiangqi`: the rules of xiangqi (Chinese chess) as a library — positions, FEN, every legal
//! move, check and mate — with no terminal code in it. The terminal game lives in the binary.
//!
//! ```
//! use xiangqi_rules::{Position, Move};
//! let mut pos = Position::start();
//! assert_eq!(pos.legal_moves().len(), 44);
//! let m: Move = "h2e2".parse().unwrap();   // 炮二平五
//! pos = pos.play(m).unwrap();
//! assert_eq!(pos.fen(), "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1");
//! ```

#![deny(missing_docs)]

mod board;
pub mod clock;
mod color;
pub mod fen;
mod game;
pub mod jieqi;
pub mod movegen;
mod moves;
pub mod notation;
mod outcome;
mod perft;
mod position;
mod repetition;
pub mod role;
pub mod sanitize;
pub mod setup;
mod square;
pub mod tables;
pub mod tree;

pub use board::Board;
pub use color::Color;
pub use fen::{FenError, NumberField, START_FEN, parse_fields as fen_fields};
pub use game::{Game, MOVE_LIMIT_NEAR_PLIES, MOVE_LIMIT_PLIES, PlayError};
pub use moves::{MAX_MOVES, Move, MoveList, ParseMoveError};
pub use notation::{
    BlackDigits, Glyphs, Motion, MoveParts, Notation, NotationError, NotationErrorKind,
    NotationStyle, ParseNotationError, PieceNamed, file_name, file_number, parse_move,
};
pub use outcome::{Outcome, Termination};
pub use perft::{perft, perft_divide};
pub use position::{
    IllegalMove, Inconsistency, Position, PositionError, StartError, Undo, random_positions,
};
pub use repetition::judge_lap;
pub use role::{Piece, Role};
pub use square::{File, ParseSquareError, Rank, Square};
pub use tree::{
    CutLine, Edit, EditError, EditKind, GameTree, ListEntry, NodeId, Revert, mark_of, nag_symbol,
    next_mark,
};
