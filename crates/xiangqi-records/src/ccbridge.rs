//! Reading the records of CCBridge (象棋桥): a `.cbr` record — one game — and a `.cbl`
//! library of many records.
//!
//! A record starts with `CCBridge Record\0` and a 2,214-byte header: the title, event and
//! players as UTF-16LE strings, the result, the side to move, and the board as 90 bytes (row
//! by row from black's side, a byte a point: `0x11`–`0x17` red chariot, horse, elephant,
//! advisor, general, cannon, soldier, `0x21`–`0x27` black's). Then the start's own record
//! (four bytes whose first holds a move's flags: 4 a comment follows — a length, UTF-16LE
//! text — and 1 no move follows) and the move tree in pre-order: four bytes a move —
//! flags (1: the line ends here, 2: an alternative follows this move's line, 4: a comment
//! follows), a spare byte, from and to as `row * 9 + file` from black's side — then the
//! comment's length and text if flagged. Four zero bytes end the tree. A library starts with
//! `CCBridgeLibrary\0` and holds records one after another further on; book-like ones hold,
//! between games, chapter headings: records with an empty board, a title and a comment,
//! and no moves.
//!
//! The side to move is at byte 2112 (1 red, 2 black; the move number at 2116), the format's
//! version at byte 19 (2 here; version 1 records and the later compressed files, which start
//! `CCBridge` and another kind, are named and not read).

use std::fmt;

use xiangqi_rules::{
    Board, Color, CutLine, GameTree, IllegalMove, Move, NodeId, Piece, Position, PositionError,
    Role, Square,
};

const RECORD_MAGIC: &[u8] = b"CCBridge Record\0";
const LIBRARY_MAGIC: &[u8] = b"CCBridgeLibrary\0";
/// How every CCBridge file starts, whatever its kind.
const MAGIC: &[u8] = b"CCBridge";
/// Where a record says its format's version, and the one read.
const VERSION_AT: usize = 19;
const VERSION: u8 = 2;
/// Where a record says whose move it is at its start: 2 black, else red.
const TURN_AT: usize = 2112;
/// The size of a record's header; its moves start after it.
pub const HEADER: usize = 2214;
/// The most moves read from one record.
pub const MAX_NODES: usize = 100_000;

/// A game read from a CCBridge record.
#[derive(Clone, Debug)]
pub struct CbrGame {
    /// Title, event and players as PGN tags, and `Result` when the record states one.
    pub tags: Vec<(String, String)>,
    /// The moves, with their comments and variations.
    pub tree: GameTree,
    /// The lines cut where a move could not be played (against the rules, or off the board):
    /// the rest is kept.
    pub cut: Vec<CutLine<CbrError>>,
}

/// A chapter heading of a library: a record with an empty board and no moves, only a title
/// and a comment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Heading {
    /// Which record of the file, from 1.
    pub record: usize,
    /// Its title.
    pub title: String,
}

/// What a `.cbr` or `.cbl` file holds: its games, in order, and its chapter headings.
#[derive(Clone, Debug)]
pub struct Library {
    /// Each record that is not a heading, read (or why not).
    pub games: Vec<Result<CbrGame, CbrError>>,
    /// The headings between them.
    pub headings: Vec<Heading>,
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
    Start {
        /// Which record of the file, from 1.
        record: usize,
        /// What is wrong with it.
        why: PositionError,
    },
    /// A move's data runs past the end of the record.
    MoveCut {
        /// Which record of the file, from 1.
        record: usize,
        /// Which move of the record, from 1.
        step: usize,
    },
    /// A move from or to a point off the board.
    OffBoard {
        /// Which record of the file, from 1.
        record: usize,
        /// Which move of the record, from 1.
        step: usize,
    },
    /// A move the rules do not allow.
    Illegal {
        /// Which record of the file, from 1.
        record: usize,
        /// Which move of the record, from 1.
        step: usize,
        /// The move, in ICCS.
        mv: String,
        /// Why the rules refuse it.
        error: IllegalMove,
    },
    /// More than [`MAX_NODES`] moves, or lines nested deeper than that.
    TooManyMoves {
        /// Which record of the file, from 1.
        record: usize,
    },
    /// A library holding no record.
    EmptyLibrary,
    /// A record of another version of the format than 2.
    Version {
        /// Which record of the file, from 1.
        record: usize,
        /// The version it says it is.
        version: u8,
    },
    /// A CCBridge file of another kind than a record or a library (the later, compressed
    /// files).
    OtherKind,
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
            CbrError::Version { record, version } => write!(
                f,
                "CCBridge: record {record} is of version {version}; only version 2 is read"
            ),
            CbrError::OtherKind => f.write_str(
                "CCBridge: neither a record nor a library but a later kind of file \
                 (compressed), which is not read",
            ),
        }
    }
}

impl std::error::Error for CbrError {}

/// Does `bytes` start like a CCBridge file (a record, a library or a later kind)?
#[must_use]
pub fn is_ccbridge(bytes: &[u8]) -> bool {
    bytes.starts_with(MAGIC)
}

/// Every game of a `.cbr` (one) or `.cbl` (many) file, in order (see [`read_library`] for
/// its chapter headings too).
#[must_use]
pub fn read_all(bytes: &[u8]) -> Vec<Result<CbrGame, CbrError>> {
    read_library(bytes).games
}

/// Every record of a `.cbr` (one) or `.cbl` (many) file, in order: its games, and the
/// chapter headings between them.
#[must_use]
pub fn read_library(bytes: &[u8]) -> Library {
    let mut library = Library {
        games: Vec::new(),
        headings: Vec::new(),
    };
    let kinds = [RECORD_MAGIC, LIBRARY_MAGIC];
    // Shorter than a kind's signature: a file cut short, which holds no record.
    let signed = bytes.len() >= RECORD_MAGIC.len() && bytes.starts_with(MAGIC);
    if signed && !kinds.iter().any(|k| bytes.starts_with(k)) {
        library.games.push(Err(CbrError::OtherKind));
        return library;
    }
    if bytes.starts_with(RECORD_MAGIC) {
        library.add(read_record(bytes, 1));
        return library;
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
        library.games.push(Err(CbrError::EmptyLibrary));
        return library;
    }
    for (i, &start) in starts.iter().enumerate() {
        let end = starts.get(i + 1).copied().unwrap_or(bytes.len());
        library.add(read_record(&bytes[start..end], i + 1));
    }
    library
}

/// One record read: a game, a heading, or why it does not read.
enum Entry {
    Game(Box<CbrGame>),
    Heading(Heading),
}

impl Library {
    fn add(&mut self, entry: Result<Entry, CbrError>) {
        match entry {
            Ok(Entry::Game(game)) => self.games.push(Ok(*game)),
            Ok(Entry::Heading(heading)) => self.headings.push(heading),
            Err(e) => self.games.push(Err(e)),
        }
    }
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

fn read_record(bytes: &[u8], record: usize) -> Result<Entry, CbrError> {
    if bytes.len() < HEADER {
        return Err(CbrError::Truncated { record });
    }
    if bytes[VERSION_AT] != VERSION {
        return Err(CbrError::Version {
            record,
            version: bytes[VERSION_AT],
        });
    }
    let mut board = Board::empty();
    for (i, &code) in bytes[2120..2210].iter().enumerate() {
        if let (Some(piece), Some(sq)) = (piece(code), point(i as u8)) {
            board.set(sq, Some(piece));
        }
    }
    let mut reader = Reader {
        bytes,
        at: HEADER,
        record,
        step: 0,
    };
    let (comment, moves) = reader.opening()?;
    let first = if moves { reader.first_move() } else { None };
    if board.pieces().next().is_none() && first.is_none() {
        return Ok(Entry::Heading(Heading {
            record,
            title: title_of(bytes),
        }));
    }
    let stated = if bytes[TURN_AT] == 2 {
        Color::Black
    } else {
        Color::Red
    };
    // The first move's piece says whose move it is, as it does in the other formats.
    let start = match first.and_then(|sq| board.piece_at(sq)) {
        Some(piece) => Position::from_board(board, piece.color, 0, 1),
        None => Position::from_board_without_moves(board, stated),
    };
    let start = start.map_err(|why| CbrError::Start { record, why })?;
    let mut tree = GameTree::new(start);
    if let Some(comment) = comment {
        tree.set_comment(NodeId::ROOT, Some(&comment));
    }
    let cut = if moves {
        reader.read_tree(&mut tree)?
    } else {
        Vec::new()
    };
    Ok(Entry::Game(Box::new(CbrGame {
        tags: tags(bytes),
        tree,
        cut,
    })))
}

/// A record's title, from its header.
fn title_of(bytes: &[u8]) -> String {
    xiangqi_rules::sanitize::defuse(utf16(&bytes[180..308]).trim(), false).into_owned()
}

fn tags(bytes: &[u8]) -> Vec<(String, String)> {
    let title = title_of(bytes);
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

    /// The record that opens the tree, the start's: its comment, and whether moves follow.
    /// Its first byte holds a move's flags — 4: a comment follows, 1: the line ends here
    /// (a record without moves, whose bytes further on are left over from other data).
    fn opening(&mut self) -> Result<(Option<String>, bool), CbrError> {
        let Some(head) = self.take(4) else {
            return Ok((None, false));
        };
        let flags = head[0];
        let comment = if flags & 4 != 0 {
            let len = self.int().ok_or_else(|| self.cut())?;
            self.text(len)?
        } else {
            None
        };
        Ok((comment, flags & 1 == 0))
    }

    /// The point the first move leaves, if the record has moves (nothing is consumed).
    fn first_move(&self) -> Option<Square> {
        match self.bytes.get(self.at..self.at + 4)? {
            [0, 0, 0, 0] => None,
            head => point(head[2]),
        }
    }

    /// The moves, in pre-order: a move, the line after it, then the alternatives to it. A
    /// move that cannot be played cuts its line there (the moves that hang from it are
    /// read past); the lines cut are returned.
    fn read_tree(&mut self, tree: &mut GameTree) -> Result<Vec<CutLine<CbrError>>, CbrError> {
        let mut cut = Vec::new();
        // Where the next move hangs and the position there (`None` under a cut move), and
        // the parents whose alternative comes after the line being read: each move is played
        // from the position it follows, never replayed from the start.
        let mut waiting: Vec<Option<(NodeId, Position)>> = Vec::new();
        let mut parent = Some((NodeId::ROOT, tree.start().clone()));
        loop {
            let Some(head) = self.take(4) else {
                return Ok(cut);
            };
            let (flags, from, to) = (head[0], head[2], head[3]);
            if head == [0, 0, 0, 0] {
                return Ok(cut);
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
            let node = parent.as_ref().and_then(|(at, position)| {
                match self.play(tree, (*at, position), from, to) {
                    Ok(node) => Some(node),
                    Err(why) => {
                        cut.push(CutLine::at(tree, *at, why));
                        None
                    }
                }
            });
            if let (Some((node, _)), Some(c)) = (&node, comment) {
                tree.set_comment(*node, Some(&c));
            }
            if flags & 2 != 0 {
                waiting.push(parent.clone());
            }
            if flags & 1 == 0 {
                parent = node;
            } else if let Some(p) = waiting.pop() {
                parent = p;
            } else {
                return Ok(cut);
            }
        }
    }

    /// Plays the move from point `from` to `to` after `parent`, whose position is given: the
    /// move read now.
    fn play(
        &self,
        tree: &mut GameTree,
        (parent, position): (NodeId, &Position),
        from: u8,
        to: u8,
    ) -> Result<(NodeId, Position), CbrError> {
        let (Some(from), Some(to)) = (point(from), point(to)) else {
            return Err(CbrError::OffBoard {
                record: self.record,
                step: self.step,
            });
        };
        let mv = Move::new(from, to);
        tree.add_move_at(parent, position, mv)
            .map_err(|error| CbrError::Illegal {
                record: self.record,
                step: self.step,
                mv: mv.to_string(),
                error,
            })
    }
}
