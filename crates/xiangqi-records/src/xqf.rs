//! Reading and writing XQF, the binary record format of XQStudio (象棋演播室) that most
//! Chinese collections use: reading every version from 1.0 (plain) to 1.8 (the later ones
//! encrypted with a key derived from the header), writing 1.0 (see [`write()`]).
//!
//! A file is a 1,024-byte header — the signature `XQ`, the version, the key bytes, the 32
//! pieces' starting points, the result, and the title, event, date, place, players,
//! commentator and author as length-prefixed GBK strings — then the move tree in pre-order:
//! a record per node (the first is the root, holding only the opening comment), four bytes
//! (from, to, flags, spare) and, with a comment, its length and its GBK text. The flags say
//! whether the node has a continuation (its first child follows) and whether it has a
//! sibling (an alternative, which follows the whole subtree of this node).

use std::fmt;

use encoding_rs::GBK;

mod write;
pub use write::{Common, LeftOut, Written, write};

use xiangqi_rules::{
    Board, Color, CutLine, GameTree, IllegalMove, NodeId, Piece, Position, Square, StartError,
};

/// The size of the header; the records start after it.
pub const HEADER: usize = 1024;
/// The longest comment read (longer lengths are taken for a damaged file).
const MAX_COMMENT: usize = 1 << 20;
/// The most nodes read from one file: more than an 8 MiB file (the most a game file may
/// take) can hold, so that opening books saved as one XQF tree (some hold 230,000 moves in
/// 900 KB) read whole.
pub const MAX_NODES: usize = 2_200_000;
/// XQStudio's key stream mask.
const STREAM_MASK: &[u8; 32] = b"[(C) Copyright Mr. Dong Shiwei.]";

/// A game read from an XQF file.
#[derive(Clone, Debug)]
pub struct XqfGame {
    /// The header's strings as PGN tags (`Event`, `Date`, `Site`, `Red`, `Black`, …).
    pub tags: Vec<(String, String)>,
    /// The moves with their variations and comments.
    pub tree: GameTree,
    /// The result from the header: `Some(Color)` the winner, `Some(None)`… see [`XqfResult`].
    pub result: XqfResult,
    /// The lines cut where a move could not be played (against the rules, or off the board),
    /// in file order: the rest of the tree is kept.
    pub cut: Vec<CutLine<XqfError>>,
}

/// The result an XQF header states.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum XqfResult {
    /// No result stated (the game is unfinished, or the header leaves it open).
    Unknown,
    /// Red won.
    RedWins,
    /// Black won.
    BlackWins,
    /// A draw.
    Draw,
}

/// Why an XQF file cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum XqfError {
    /// Shorter than its header.
    Truncated {
        /// Bytes in the file.
        len: usize,
    },
    /// A version this reader does not know.
    Version(u8),
    /// The starting pieces do not make a legal position.
    Start(StartError),
    /// A record runs past the end of the file.
    RecordCut {
        /// Which record (the root is 0).
        record: usize,
        /// Where it starts, in bytes.
        offset: usize,
    },
    /// A comment longer than the file or than 1 MiB.
    CommentLength {
        /// Which record (the root is 0).
        record: usize,
        /// The length the record states.
        len: i64,
    },
    /// A move from or to a point off the board.
    OffBoard {
        /// Which record (the root is 0).
        record: usize,
    },
    /// A move the rules do not allow.
    Illegal {
        /// Which record (the root is 0).
        record: usize,
        /// The move, in ICCS.
        mv: String,
        /// Why the rules refuse it.
        error: IllegalMove,
    },
    /// More than [`MAX_NODES`] records.
    TooManyNodes,
}

impl fmt::Display for XqfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            XqfError::Truncated { len } => write!(
                f,
                "XQF: the file is {len} bytes, shorter than its {HEADER}-byte header"
            ),
            XqfError::Version(v) => write!(f, "XQF: unknown version {v}"),
            XqfError::Start(why) => write!(f, "XQF: the starting position is not legal: {why}"),
            XqfError::RecordCut { record, offset } => write!(
                f,
                "XQF: move record {record} (at byte {offset}) runs past the end of the file"
            ),
            XqfError::CommentLength { record, len } => write!(
                f,
                "XQF: move record {record} has a comment of {len} bytes, more than the file holds"
            ),
            XqfError::OffBoard { record } => {
                write!(
                    f,
                    "XQF: move record {record} goes from or to a point off the board"
                )
            }
            XqfError::Illegal { record, mv, error } => {
                write!(f, "XQF: move record {record} ({mv}) is not legal: {error}")
            }
            XqfError::TooManyNodes => write!(f, "XQF: more than {MAX_NODES} moves"),
        }
    }
}

impl std::error::Error for XqfError {}

/// Does `bytes` look like an XQF file (its signature and a version byte in use)?
#[must_use]
pub fn is_xqf(bytes: &[u8]) -> bool {
    bytes.len() >= 3 && &bytes[..2] == b"XQ" && (1..=0x20).contains(&bytes[2])
}

/// The keys that undo a file's encryption (all zero before version 1.1).
struct Keys {
    version: u8,
    pieces: u8,
    from: u8,
    to: u8,
    comment: i64,
    stream: [u8; 32],
}

impl Keys {
    fn of(header: &[u8]) -> Keys {
        let version = header[2];
        if version < 11 {
            return Keys {
                version,
                pieces: 0,
                from: 0,
                to: 0,
                comment: 0,
                stream: [0; 32],
            };
        }
        let square = |x: u8| -> u32 {
            let x = u32::from(x);
            x * x * 54 + 221
        };
        let pieces = (square(header[13]).wrapping_mul(u32::from(header[13]))) as u8;
        let from = (square(header[14]).wrapping_mul(u32::from(pieces))) as u8;
        let to = (square(header[15]).wrapping_mul(u32::from(from))) as u8;
        let comment = (i64::from(header[12]) * 256 + i64::from(header[13])) % 32000 + 767;
        let mask = header[3];
        let mut stream = [0u8; 32];
        for (i, s) in stream.iter_mut().enumerate() {
            let key = header[8 + i % 4] | (header[12 + i % 4] & mask);
            *s = key & STREAM_MASK[i];
        }
        Keys {
            version,
            pieces,
            from,
            to,
            comment,
            stream,
        }
    }
}

/// Reads the records after the header, undoing the key stream as it goes.
struct Records<'a> {
    bytes: &'a [u8],
    at: usize,
    keys: &'a Keys,
    stream_at: usize,
}

impl Records<'_> {
    fn take(&mut self, n: usize, record: usize) -> Result<Vec<u8>, XqfError> {
        let end = self.at.checked_add(n).filter(|&e| e <= self.bytes.len());
        let Some(end) = end else {
            return Err(XqfError::RecordCut {
                record,
                offset: self.at,
            });
        };
        let mut out = self.bytes[self.at..end].to_vec();
        self.at = end;
        if self.keys.version >= 11 {
            for b in &mut out {
                *b = b.wrapping_sub(self.keys.stream[self.stream_at]);
                self.stream_at = (self.stream_at + 1) % 32;
            }
        }
        Ok(out)
    }
}

/// One node as stored: its squares (XQF points), flags and comment.
struct Record {
    from: u8,
    to: u8,
    child: bool,
    sibling: bool,
    comment: Option<String>,
}

fn read_record(records: &mut Records<'_>, index: usize) -> Result<Record, XqfError> {
    let keys = records.keys;
    let head = records.take(4, index)?;
    let (child, sibling, has_comment) = if keys.version < 11 {
        (head[2] & 0xf0 != 0, head[2] & 0x0f != 0, true)
    } else {
        (
            head[2] & 0x80 != 0,
            head[2] & 0x40 != 0,
            head[2] & 0x20 != 0,
        )
    };
    let mut comment = None;
    if has_comment {
        let len = records.take(4, index)?;
        let len = i64::from(i32::from_le_bytes([len[0], len[1], len[2], len[3]])) - keys.comment;
        if len > 0 {
            let remaining = records.bytes.len().saturating_sub(records.at);
            let n = usize::try_from(len).unwrap_or(usize::MAX);
            if n > remaining || n > MAX_COMMENT {
                return Err(XqfError::CommentLength { record: index, len });
            }
            let text = records.take(n, index)?;
            let (decoded, _, _) = GBK.decode(&text);
            // XQStudio writes Windows line ends; a comment keeps its lines and indents.
            let text = xiangqi_rules::sanitize::trim_comment(decoded.trim_end_matches('\0'));
            let decoded = xiangqi_rules::sanitize::defuse(text, true).into_owned();
            if !decoded.trim().is_empty() {
                comment = Some(decoded);
            }
        }
    }
    Ok(Record {
        from: head[0].wrapping_sub(24).wrapping_sub(keys.from),
        to: head[1].wrapping_sub(32).wrapping_sub(keys.to),
        child,
        sibling,
        comment,
    })
}

/// The square of an XQF point (`x * 10 + y`, from red's bottom left), if on the board.
fn square(point: u8) -> Option<Square> {
    if point >= 90 {
        return None;
    }
    Square::from_coords(point / 10, point % 10)
}

/// The pieces of the header's 32 slots: red's chariot, horse, elephant, advisor, general,
/// advisor, elephant, horse, chariot, two cannons, five soldiers, then black's the same.
fn slot_piece(slot: usize) -> Piece {
    use xiangqi_rules::role::SET_ORDER as ROLES;
    let color = if slot < 16 { Color::Red } else { Color::Black };
    Piece::new(color, ROLES[slot % 16])
}

/// The starting board of the header (decrypted and, from version 1.2, put back in order).
fn start_board(header: &[u8], keys: &Keys) -> Result<Board, XqfError> {
    let mut points = [0xffu8; 32];
    for i in 0..32 {
        let point = header[16 + i].wrapping_sub(keys.pieces);
        let slot = if keys.version >= 12 {
            (usize::from(keys.pieces) + 1 + i) % 32
        } else {
            i
        };
        points[slot] = point;
    }
    let mut board = Board::empty();
    for (slot, &point) in points.iter().enumerate() {
        if let Some(sq) = square(point) {
            if board.piece_at(sq).is_some() {
                return Err(XqfError::Start(StartError::TwoPieces(sq)));
            }
            board.set(sq, Some(slot_piece(slot)));
        }
    }
    Ok(board)
}

/// A length-prefixed GBK string of the header at `offset`, `size` bytes long in all.
fn header_string(header: &[u8], offset: usize, size: usize) -> String {
    let len = usize::from(header[offset]).min(size - 1);
    let raw = &header[offset + 1..offset + 1 + len];
    let (text, _, _) = GBK.decode(raw);
    xiangqi_rules::sanitize::defuse(text.trim_end_matches('\0').trim(), false).into_owned()
}

/// The header's strings: the PGN tag each holds, its offset, and its size with the length
/// byte. The title stands in for the event where the event is empty.
const FIELDS: [(&str, usize, usize); 11] = [
    ("Event", 0xd0, 64),
    ("Site", 0x120, 16),
    ("Date", 0x110, 16),
    ("Red", 0x130, 16),
    ("Black", 0x140, 16),
    ("Title", 0x50, 64),
    ("TimeControl", 0x150, 64),
    ("RedTime", 0x190, 16),
    ("BlackTime", 0x1a0, 16),
    ("Annotator", 0x1d0, 16),
    ("Author", 0x1e0, 16),
];

/// Where the header states the result: 1 red wins, 2 black wins, 3 a draw, else unknown.
const RESULT_AT: usize = 0x33;

fn header_tags(header: &[u8]) -> Vec<(String, String)> {
    let title = header_string(header, 0x50, 64);
    FIELDS
        .iter()
        .map(|&(name, offset, size)| {
            let value = header_string(header, offset, size);
            match name {
                "Event" if value.is_empty() => (name, title.clone()),
                _ => (name, value),
            }
        })
        .filter(|(_, value)| !value.is_empty())
        .map(|(name, value)| (name.to_string(), value))
        .collect()
}

/// Where the header says whose move it is at the start (`WhoPlay`: 1 black, else red), for a
/// record without moves; with moves, the first move's piece says it.
const TURN_AT: usize = 0x32;

/// Reads an XQF file.
///
/// A move that cannot be played (against the rules, or off the board) cuts its line there:
/// the moves before it and the other lines are kept, and [`XqfGame::cut`] says which.
///
/// # Errors
/// What is wrong and where: a short file, an unknown version, an illegal start, a record
/// cut short, a comment longer than the file.
pub fn read(bytes: &[u8]) -> Result<XqfGame, XqfError> {
    if bytes.len() < HEADER {
        return Err(XqfError::Truncated { len: bytes.len() });
    }
    let header = &bytes[..HEADER];
    if !is_xqf(header) || header[2] > 18 {
        return Err(XqfError::Version(header[2]));
    }
    let keys = Keys::of(header);
    let board = start_board(header, &keys)?;
    let mut records = Records {
        bytes,
        at: HEADER,
        keys: &keys,
        stream_at: 0,
    };
    let nodes = read_nodes(&mut records)?;
    let first_piece = nodes
        .get(1)
        .and_then(|r| square(r.from))
        .and_then(|sq| board.piece_at(sq));
    let start = match first_piece {
        Some(piece) => Position::from_board(board, piece.color, 0, 1),
        None => {
            let stated = if header[TURN_AT] == 1 {
                Color::Black
            } else {
                Color::Red
            };
            Position::from_board_without_moves(board, stated)
        }
    };
    let start = start.map_err(|e| XqfError::Start(e.into()))?;
    let (tree, cut) = build_tree(start, &nodes);
    let result = match header[RESULT_AT] {
        1 => XqfResult::RedWins,
        2 => XqfResult::BlackWins,
        3 => XqfResult::Draw,
        _ => XqfResult::Unknown,
    };
    Ok(XqfGame {
        tags: header_tags(header),
        tree,
        result,
        cut,
    })
}

/// The records in file order (pre-order), up to where the tree ends.
fn read_nodes(records: &mut Records<'_>) -> Result<Vec<Record>, XqfError> {
    let mut nodes = Vec::new();
    // Siblings still to come, one per node that announced one.
    let mut pending = 0usize;
    loop {
        if nodes.len() >= MAX_NODES {
            return Err(XqfError::TooManyNodes);
        }
        // A file that ends where only the root was written holds no moves.
        if nodes.is_empty() && records.at >= records.bytes.len() {
            nodes.push(Record {
                from: 0,
                to: 0,
                child: false,
                sibling: false,
                comment: None,
            });
            return Ok(nodes);
        }
        let record = read_record(records, nodes.len())?;
        let (child, sibling) = (record.child, record.sibling && !nodes.is_empty());
        nodes.push(record);
        if sibling {
            pending += 1;
        }
        if !child {
            if pending == 0 {
                return Ok(nodes);
            }
            pending -= 1;
        }
    }
}

/// Rebuilds the tree from the pre-order records, checking every move: one that cannot be
/// played is cut with the records that hang from it (its line's continuation and the
/// variations within it), and said in the list returned.
fn build_tree(start: Position, nodes: &[Record]) -> (GameTree, Vec<CutLine<XqfError>>) {
    let mut tree = GameTree::new(start.clone());
    let mut cut = Vec::new();
    if let Some(c) = nodes.first().and_then(|r| r.comment.as_deref()) {
        tree.set_comment(NodeId::ROOT, Some(c));
    }
    // Where the next record hangs and the position there (`None` under a cut move), and the
    // parents that wait for a sibling: each move is played from the position it follows,
    // never replayed from the start, so a line of any length reads in time linear in it.
    let mut parent = Some((NodeId::ROOT, start));
    let mut waiting: Vec<Option<(NodeId, Position)>> = Vec::new();
    for (index, record) in nodes.iter().enumerate().skip(1) {
        let node = parent.as_ref().and_then(|(at, position)| {
            match add_record(&mut tree, (*at, position), index, record) {
                Ok(node) => Some(node),
                Err(why) => {
                    cut.push(CutLine::at(&tree, *at, why));
                    None
                }
            }
        });
        if let (Some((node, _)), Some(c)) = (&node, record.comment.as_deref()) {
            tree.set_comment(*node, Some(c));
        }
        if record.sibling {
            waiting.push(parent.clone());
        }
        if record.child {
            parent = node;
        } else if let Some(p) = waiting.pop() {
            parent = p;
        }
    }
    (tree, cut)
}

/// Plays the move of record `index` after `parent`, whose position is given.
fn add_record(
    tree: &mut GameTree,
    (parent, position): (NodeId, &Position),
    index: usize,
    record: &Record,
) -> Result<(NodeId, Position), XqfError> {
    let (Some(from), Some(to)) = (square(record.from), square(record.to)) else {
        return Err(XqfError::OffBoard { record: index });
    };
    let mv = xiangqi_rules::Move::new(from, to);
    tree.add_move_at(parent, position, mv)
        .map_err(|error| XqfError::Illegal {
            record: index,
            mv: mv.to_string(),
            error,
        })
}
