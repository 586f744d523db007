//! `xiangqi-records`: xiangqi game records, read and written — PGN (UTF-8, GBK or Big5, moves
//! in Chinese, WXF or ICCS notation, with comments and variations), XQF, DhtmlXQ and CCBridge —
//! and the ECCO openings classified from them.
//!
//! ```
//! use xiangqi_records::pgn::read_game;
//!
//! let text = "[Event \"Example\"]\n\n1. 炮二平五 马８进７ 2. 马二进三 *\n";
//! let game = read_game(text.as_bytes(), 1).unwrap();
//! assert_eq!(game.moves().len(), 3);
//! assert_eq!(game.moves()[0].to_string(), "h2e2");
//! ```

#![deny(missing_docs)]

pub mod ccbridge;
pub mod dhtmlxq;
pub mod jieqi;
pub mod opening;
pub mod pgn;
mod record_loss;
pub mod xqf;
