//! Reading the records of CCBridge (象棋桥): a `.cbr` record — one game — and a `.cbl`
//! library of many records.
//!
//! A record starts with `CCBridge Record\0` and a 2,214-byte header: the title, event and
//! players as UTF-16LE strings, the result, the side to move, and the board as 90 bytes (row
//! by row from black's side, a byte a point: `0x11`–`0x17` red chariot, horse, elephant,
//! advisor, general, cannon, soldier, `0x21`–`0x27` black's). Then the opening comment (a
//! length flag, a length, UTF-16LE text) and the move tree in pre-order: four bytes a move —
//! flags (1: the line ends here, 2: an alternative follows this move's line, 4: a comment
//! follows), a spare byte, from and to as `row * 9 + file` from black's side — then the
//! comment's length and text if flagged. Four zero bytes end the tree. A library starts with
//! `CCBridgeLibrary\0` and holds records one after another further on.

use std::fmt;

use xiangqi_rules::{
    Board, Color, GameTree, IllegalMove, Move, NodeId, Piece, Position, PositionError, Role, Square,
};

const RECORD_MAGIC: &[u8] = b"CCBridge Record\0";
const LIBRARY_MAGIC: &[u8] = b"CCBridgeLibrary\0";
/// The size of a record's header; its moves start after it.
pub const HEADER: usize = 2214;
/// The most moves read from one record.
pub const MAX_NODES: usize = 100_000;

/// A game read from a CCBridge record.
#[derive(Clone, Debug)]
pub struct CbrGame {
    /// Title, event and players as PGN tags, and `Result` when the record states one.
    pub tags: Vec<(String, String)>,
    pub tree: GameTree,
}

/// Why a CCBridge record cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CbrError {
    /// Shorter than its header.
    Truncated {
        /// Which record of the file, from 1.
        record: usize,
    },
    /// The board does not make a legal position.
    Start { record: usize, why: PositionError },
    /// A move's data runs past the end of the record.
    MoveCut {
        record: usize,
        /// Which move of the record, from 1.
        step: usize,
    },
    /// A move from or to a point off the board.
    OffBoard { record: usize, step: usize },
    /// A move the rules do not allow.
    Illegal {
        record: usize,
        step: usize,
        mv: String,
        error: IllegalMove,
    },
    /// More than [`MAX_NODES`] moves, or lines nested deeper than that.
    TooManyMoves { record: usize },
    /// A library holding no record.
    EmptyLibrary,
}

impl fmt::Display for CbrError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CbrError::Truncated { record } => {
                write!(f, "CCBridge: record {record} is shorter than its header")
            }
            CbrError::Start { record, why } => {
                write!(
                    f,
                    "CCBridge: record {record}: the board is not legal: {why}"
                )
            }
            CbrError::MoveCut { record, step } => write!(
                f,
                "CCBridge: record {record}, move {step}: runs past the end of the record"
            ),
            CbrError::OffBoard { record, step } => write!(
                f,
                "CCBridge: record {record}, move {step}: from or to a point off the board"
            ),
            CbrError::Illegal {
                record,
                step,
                mv,
                error,
            } => write!(
                f,
                "CCBridge: record {record}, move {step} ({mv}): not legal: {error}"
            ),
            CbrError::TooManyMoves { record } => {
                write!(f, "CCBridge: record {record}: more than {MAX_NODES} moves")
            }
            CbrError::EmptyLibrary => f.write_str("CCBridge: the library holds no record"),
        }
    }
}

impl std::error::Error for CbrError {}

/// Does `bytes` start like a CCBridge record or library?
#[must_use]
pub fn is_ccbridge(bytes: &[u8]) -> bool {
    bytes.starts_with(RECORD_MAGIC) || bytes.starts_with(LIBRARY_MAGIC)
}

/// Every record of a `.cbr` (one) or `.cbl` (many) file, in order.
#[must_use]
pub fn read_all(bytes: &[u8]) -> Vec<Result<CbrGame, CbrError>> {
    if bytes.starts_with(RECORD_MAGIC) {
        return vec![read_record(bytes, 1)];
    }
    // A library: each record runs to the next record's signature.
    let mut starts = Vec::new();
    let mut at = LIBRARY_MAGIC.len();
    // Not sliced: a file shorter than the signature is simply a library without records.
    while let Some(found) = bytes.get(at..).and_then(|rest| find(rest, RECORD_MAGIC)) {
        starts.push(at + found);
        at += found + RECORD_MAGIC.len();
    }
    if starts.is_empty() {
        return vec![Err(CbrError::EmptyLibrary)];
    }
    starts
        .iter()
        .enumerate()
        .map(|(i, &start)| {
            let end = starts.get(i + 1).copied().unwrap_or(bytes.len());
            read_record(&bytes[start..end], i + 1)
        })
        .collect()
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

/// A UTF-16LE string of `bytes`, up to its first NUL character.
fn utf16(bytes: &[u8]) -> String {
    let units: Vec<u16> = bytes
        .chunks_exact(2)
        .map(|c| u16::from_le_bytes([c[0], c[1]]))
        .take_while(|&u| u != 0)
        .collect();
    String::from_utf16_lossy(&units)
}

fn piece(code: u8) -> Option<Piece> {
    let color = match code >> 4 {
        1 => Color::Red,
        2 => Color::Black,
        _ => return None,
    };
    let role = match code & 0x0f {
        1 => Role::Chariot,
        2 => Role::Horse,
        3 => Role::Elephant,
        4 => Role::Advisor,
        5 => Role::General,
        6 => Role::Cannon,
        7 => Role::Soldier,
        _ => return None,
    };
    Some(Piece::new(color, role))
}

/// The square of a point numbered `row * 9 + file` from black's side.
fn point(p: u8) -> Option<Square> {
    if p >= 90 {
        return None;
    }
    Square::from_coords(p % 9, 9 - p / 9)
}

fn read_record(bytes: &[u8], record: usize) -> Result<CbrGame, CbrError> {
    if bytes.len() < HEADER {
        return Err(CbrError::Truncated { record });
    }
    let mut board = Board::empty();
    for (i, &code) in bytes[2120..2210].iter().enumerate() {
        if let (Some(piece), Some(sq)) = (piece(code), point(i as u8)) {
            board.set(sq, Some(piece));
        }
    }
    let turn = if u16::from_le_bytes([bytes[2116], bytes[2117]]) == 1 {
        Color::Red
    } else {
        Color::Black
    };
    let start =
        Position::from_board(board, turn, 0, 1).map_err(|why| CbrError::Start { record, why })?;
    let mut reader = Reader {
        bytes,
        at: HEADER,
        record,
        step: 0,
    };
    let mut tree = GameTree::new(start);
    if let Some(comment) = reader.opening_comment()? {
        tree.set_comment(NodeId::ROOT, Some(&comment));
    }
    reader.read_tree(&mut tree)?;
    Ok(CbrGame {
        tags: tags(bytes),
        tree,
    })
}

fn tags(bytes: &[u8]) -> Vec<(String, String)> {
    let title = utf16(&bytes[180..308]);
    let event = utf16(&bytes[692..756]);
    let mut tags = Vec::new();
    let event = if event.trim().is_empty() {
        title.clone()
    } else {
        event
    };
    for (name, value) in [
        ("Event", event),
        ("Red", utf16(&bytes[1076..1140])),
        ("Black", utf16(&bytes[1300..1364])),
        ("Title", title),
    ] {
        let value = xiangqi_rules::sanitize::defuse(value.trim(), false).into_owned();
        if !value.is_empty() {
            tags.push((name.to_string(), value));
        }
    }
    let result = match bytes[2076] {
        1 => Some("1-0"),
        2 => Some("0-1"),
        3 | 4 => Some("1/2-1/2"),
        _ => None,
    };
    if let Some(result) = result {
        tags.push(("Result".to_string(), result.to_string()));
    }
    tags
}

struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
    record: usize,
    /// Moves read so far.
    step: usize,
}

impl Reader<'_> {
    fn take(&mut self, n: usize) -> Option<&[u8]> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.bytes.len())?;
        let out = &self.bytes[self.at..end];
        self.at = end;
        Some(out)
    }

    fn int(&mut self) -> Option<usize> {
        let b = self.take(4)?;
        usize::try_from(i32::from_le_bytes([b[0], b[1], b[2], b[3]])).ok()
    }

    fn cut(&self) -> CbrError {
        CbrError::MoveCut {
            record: self.record,
            step: self.step,
        }
    }

    /// A comment of `len` bytes, `None` if empty.
    fn text(&mut self, len: usize) -> Result<Option<String>, CbrError> {
        let cut = self.cut();
        let raw = self.take(len).ok_or(cut)?;
        let text = utf16(raw);
        let text =
            xiangqi_rules::sanitize::defuse(xiangqi_rules::sanitize::trim_comment(&text), true);
        let text = text.into_owned();
        Ok((!text.is_empty()).then_some(text))
    }

    fn opening_comment(&mut self) -> Result<Option<String>, CbrError> {
        match self.int() {
            None | Some(0) => Ok(None),
            Some(_) => {
                let len = self.int().ok_or_else(|| self.cut())?;
                self.text(len)
            }
        }
    }

    /// The moves, in pre-order: a move, the line after it, then the alternatives to it.
    fn read_tree(&mut self, tree: &mut GameTree) -> Result<(), CbrError> {
        // Parents whose alternative comes after the line being read.
        let mut waiting: Vec<NodeId> = Vec::new();
        let mut parent = NodeId::ROOT;
        loop {
            let Some(head) = self.take(4) else {
                return Ok(());
            };
            let (flags, from, to) = (head[0], head[2], head[3]);
            if head == [0, 0, 0, 0] {
                return Ok(());
            }
            self.step += 1;
            if self.step > MAX_NODES {
                return Err(CbrError::TooManyMoves {
                    record: self.record,
                });
            }
            let comment = if flags & 4 != 0 {
                let len = self.int().ok_or_else(|| self.cut())?;
                self.text(len)?
            } else {
                None
            };
            let (Some(from), Some(to)) = (point(from), point(to)) else {
                return Err(CbrError::OffBoard {
                    record: self.record,
                    step: self.step,
                });
            };
            let mv = Move::new(from, to);
            let node = tree
                .add_move(parent, mv)
                .map_err(|error| CbrError::Illegal {
                    record: self.record,
                    step: self.step,
                    mv: mv.to_string(),
                    error,
                })?;
            if let Some(c) = comment {
                tree.set_comment(node, Some(&c));
            }
            if flags & 2 != 0 {
                waiting.push(parent);
            }
            if flags & 1 == 0 {
                parent = node;
            } else if let Some(p) = waiting.pop() {
                parent = p;
            } else {
                return Ok(());
            }
        }
    }
}
