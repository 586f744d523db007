//! Reading DhtmlXQ, the `[DhtmlXQ]…[/DhtmlXQ]` blocks that xiangqi web viewers embed in
//! pages: each block is a game.
//!
//! Inside a block, `[DhtmlXQ_NAME]value[/DhtmlXQ_NAME]` fields: `binit` the start (32 pieces
//! in the order red chariot, horse, elephant, advisor, general, advisor, elephant, horse,
//! chariot, two cannons, five soldiers, then black's, two digits each — the file 0–8 and the
//! row 0–9 counted from black's side, `99` for a piece not on the board), `movelist` the main
//! line (four digits a move: from and to), `move_P_S_N` line N branching from line P (0 is
//! the main line) at its step S (counted from 1), `comment<S>` / `comment<N>_<S>` the comment
//! after step S of the main line or of line N (`comment0` before the first move), and the
//! game's `title`, `event`, `date`, `place`, `red`, `black`, `result` ….
//!
//! [`write`] writes a game as such a block.

use std::collections::HashMap;
use std::fmt;

use xiangqi_rules::{
    Board, Color, GameTree, IllegalMove, Move, NodeId, Piece, Position, Square, StartError,
};

mod write;
pub use write::{Common, LeftOut, Written, write};

/// A game read from a DhtmlXQ block.
#[derive(Clone, Debug)]
pub struct DhtmlGame {
    /// The block's fields as PGN tags.
    pub tags: Vec<(String, String)>,
    /// The moves, variations and comments.
    pub tree: GameTree,
}

/// Why a DhtmlXQ block cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DhtmlError {
    /// A `[DhtmlXQ]` without its `[/DhtmlXQ]`.
    Unclosed,
    /// The `binit` field is not 64 digits.
    Binit {
        /// Its length in characters, spaces around it left out.
        chars: usize,
    },
    /// The `binit` field's pieces do not make a legal position.
    Start(StartError),
    /// A move list that is not groups of four digits on the board.
    Moves {
        /// The field.
        field: String,
    },
    /// A line branching from a line or step that does not exist.
    Branch { field: String },
    /// A move the rules do not allow.
    Illegal {
        /// The field and the step in it (from 1).
        field: String,
        step: usize,
        mv: String,
        error: IllegalMove,
    },
}

impl fmt::Display for DhtmlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DhtmlError::Unclosed => f.write_str("DhtmlXQ: [DhtmlXQ] is not closed by [/DhtmlXQ]"),
            DhtmlError::Binit { chars } => {
                write!(f, "DhtmlXQ: binit: {chars} characters, not 64 digits")
            }
            DhtmlError::Start(why) => write!(f, "DhtmlXQ: binit: {why}"),
            DhtmlError::Moves { field } => {
                write!(f, "DhtmlXQ: {field}: not moves of four digits on the board")
            }
            DhtmlError::Branch { field } => {
                write!(
                    f,
                    "DhtmlXQ: {field}: branches from a line or step that is not there"
                )
            }
            DhtmlError::Illegal {
                field,
                step,
                mv,
                error,
            } => write!(
                f,
                "DhtmlXQ: {field}, step {step} ({mv}): not legal: {error}"
            ),
        }
    }
}

impl std::error::Error for DhtmlError {}

const OPEN: &str = "[DhtmlXQ]";
const CLOSE: &str = "[/DhtmlXQ]";

/// Does the text hold a DhtmlXQ block?
#[must_use]
pub fn has_block(text: &str) -> bool {
    text.contains(OPEN)
}

/// Every block of `text`, read in order.
#[must_use]
pub fn read_all(text: &str) -> Vec<Result<DhtmlGame, DhtmlError>> {
    let mut games = Vec::new();
    let mut rest = text;
    while let Some(start) = rest.find(OPEN) {
        let body = &rest[start + OPEN.len()..];
        match body.find(CLOSE) {
            Some(end) => {
                games.push(read_block(&body[..end]));
                rest = &body[end + CLOSE.len()..];
            }
            None => {
                games.push(Err(DhtmlError::Unclosed));
                break;
            }
        }
    }
    games
}

/// The `[DhtmlXQ_name]value[/DhtmlXQ_name]` fields of a block.
fn fields(block: &str) -> HashMap<String, String> {
    let mut found = HashMap::new();
    let mut rest = block;
    while let Some(at) = rest.find("[DhtmlXQ_") {
        let after = &rest[at + 1..];
        let Some(close) = after.find(']') else { break };
        let name = &after[..close];
        let end_tag = format!("[/{name}]");
        let value_start = &after[close + 1..];
        match value_start.find(&end_tag) {
            Some(end) => {
                let key = name.trim_start_matches("DhtmlXQ_").to_string();
                found.insert(key, value_start[..end].to_string());
                rest = &value_start[end + end_tag.len()..];
            }
            None => rest = value_start,
        }
    }
    found
}

const STANDARD: &str = "8979695949392919097717866646260600102030405060708012720323436383";

/// The square of a DhtmlXQ point: file digit, row digit from black's side.
fn point(file: u8, row: u8) -> Option<Square> {
    if file > 8 || row > 9 {
        return None;
    }
    Square::from_coords(file, 9 - row)
}

fn start_board(binit: &str) -> Result<Board, DhtmlError> {
    use xiangqi_rules::role::SET_ORDER as ROLES;
    let digits: Vec<u8> = binit.trim().bytes().map(|b| b.wrapping_sub(b'0')).collect();
    if digits.len() != 64 || digits.iter().any(|&d| d > 9) {
        return Err(DhtmlError::Binit {
            chars: binit.trim().chars().count(),
        });
    }
    let mut board = Board::empty();
    for (slot, pair) in digits.chunks(2).enumerate() {
        let Some(sq) = point(pair[0], pair[1]) else {
            continue;
        };
        if board.piece_at(sq).is_some() {
            return Err(DhtmlError::Start(StartError::TwoPieces(sq)));
        }
        let color = if slot < 16 { Color::Red } else { Color::Black };
        board.set(sq, Some(Piece::new(color, ROLES[slot % 16])));
    }
    Ok(board)
}

fn moves_of(text: &str, field: &str) -> Result<Vec<Move>, DhtmlError> {
    let digits: Vec<u8> = text.trim().bytes().map(|b| b.wrapping_sub(b'0')).collect();
    let bad = || DhtmlError::Moves {
        field: field.to_string(),
    };
    if !digits.len().is_multiple_of(4) {
        return Err(bad());
    }
    digits
        .chunks(4)
        .map(|d| {
            let from = point(d[0], d[1]).ok_or_else(bad)?;
            let to = point(d[2], d[3]).ok_or_else(bad)?;
            Ok(Move::new(from, to))
        })
        .collect()
}

/// One block read.
fn read_block(block: &str) -> Result<DhtmlGame, DhtmlError> {
    let fields = fields(block);
    let binit = fields.get("binit").map_or(STANDARD, String::as_str);
    let board = start_board(binit)?;
    let main = moves_of(
        fields.get("movelist").map_or("", String::as_str),
        "movelist",
    )?;
    let turn = main
        .first()
        .and_then(|mv| board.piece_at(mv.from))
        .map_or(Color::Red, |p| p.color);
    let start = Position::from_board(board, turn, 0, 1).map_err(|e| DhtmlError::Start(e.into()))?;
    let mut tree = GameTree::new(start);
    // Each line's nodes, by its number: line 0 is the main line.
    let mut lines: HashMap<usize, Vec<NodeId>> = HashMap::new();
    lines.insert(0, add_line(&mut tree, NodeId::ROOT, &main, "movelist", 1)?);
    for (parent, step, number, name, text) in branches(&fields) {
        let moves = moves_of(&text, &name)?;
        let branch_error = || DhtmlError::Branch {
            field: name.clone(),
        };
        let from = match step.checked_sub(1) {
            Some(0) => NodeId::ROOT,
            Some(i) => *lines
                .get(&parent)
                .and_then(|l| l.get(i - 1))
                .ok_or_else(branch_error)?,
            None => return Err(branch_error()),
        };
        if parent != 0 && !lines.contains_key(&parent) {
            return Err(branch_error());
        }
        let nodes = add_line(&mut tree, from, &moves, &name, step)?;
        // A line's steps count from the start of the game: the steps it shares with its
        // parent come first.
        let mut all: Vec<NodeId> = lines
            .get(&parent)
            .map_or(Vec::new(), |l| l[..step - 1].to_vec());
        all.extend(nodes);
        lines.insert(number, all);
    }
    add_comments(&mut tree, &fields, &lines);
    Ok(DhtmlGame {
        tags: tags_of(&fields),
        tree,
    })
}

/// The branch fields `move_P_S_N` in the order of their line numbers (a line's parent
/// comes before it).
fn branches(fields: &HashMap<String, String>) -> Vec<(usize, usize, usize, String, String)> {
    let mut found: Vec<_> = fields
        .iter()
        .filter_map(|(name, text)| {
            let mut parts = name.strip_prefix("move_")?.split('_');
            let parent = parts.next()?.parse().ok()?;
            let step = parts.next()?.parse().ok()?;
            let number = parts.next()?.parse().ok()?;
            Some((
                parent,
                step,
                number,
                format!("DhtmlXQ_{name}"),
                text.clone(),
            ))
        })
        .collect();
    found.sort_by_key(|b| b.2);
    found
}

fn add_line(
    tree: &mut GameTree,
    from: NodeId,
    moves: &[Move],
    field: &str,
    first_step: usize,
) -> Result<Vec<NodeId>, DhtmlError> {
    let mut at = from;
    let mut nodes = Vec::with_capacity(moves.len());
    for (i, &mv) in moves.iter().enumerate() {
        at = tree.add_move(at, mv).map_err(|error| DhtmlError::Illegal {
            field: field.to_string(),
            step: first_step + i,
            mv: mv.to_string(),
            error,
        })?;
        nodes.push(at);
    }
    Ok(nodes)
}

fn add_comments(
    tree: &mut GameTree,
    fields: &HashMap<String, String>,
    lines: &HashMap<usize, Vec<NodeId>>,
) {
    for (name, text) in fields {
        let Some(rest) = name.strip_prefix("comment") else {
            continue;
        };
        let (line, step) = match rest.split_once('_') {
            Some((line, step)) => (line.parse().ok(), step.parse().ok()),
            None => (Some(0), rest.parse().ok()),
        };
        let (Some(line), Some(step)) = (line, step) else {
            continue;
        };
        let node = match step {
            0 => Some(NodeId::ROOT),
            s => lines
                .get(&line)
                .and_then(|l: &Vec<NodeId>| l.get(s - 1))
                .copied(),
        };
        let text = text.replace("||", "\n");
        let text =
            xiangqi_rules::sanitize::defuse(xiangqi_rules::sanitize::trim_comment(&text), true);
        if let Some(node) = node
            && !text.is_empty()
        {
            tree.set_comment(node, Some(&text));
        }
    }
}

fn tags_of(fields: &HashMap<String, String>) -> Vec<(String, String)> {
    let mut tags = Vec::new();
    for (field, tag) in [
        ("event", "Event"),
        ("place", "Site"),
        ("date", "Date"),
        ("round", "Round"),
        ("red", "Red"),
        ("black", "Black"),
        ("redteam", "RedTeam"),
        ("blackteam", "BlackTeam"),
        ("title", "Title"),
        ("author", "Annotator"),
        ("remark", "Remark"),
    ] {
        if let Some(value) = fields.get(field) {
            let value = xiangqi_rules::sanitize::defuse(value.trim(), false);
            if !value.is_empty() {
                tags.push((tag.to_string(), value.into_owned()));
            }
        }
    }
    if !tags.iter().any(|(t, _)| t == "Event")
        && let Some((_, title)) = tags.iter().find(|(t, _)| t == "Title")
    {
        tags.insert(0, ("Event".to_string(), title.clone()));
    }
    if let Some(result) = fields.get("result") {
        let value = match result.trim() {
            "红胜" | "紅勝" | "1-0" => Some("1-0"),
            "黑胜" | "黑勝" | "0-1" => Some("0-1"),
            "和棋" | "和局" | "1/2-1/2" => Some("1/2-1/2"),
            _ => None,
        };
        if let Some(value) = value {
            tags.push(("Result".to_string(), value.to_string()));
        }
    }
    tags
}
