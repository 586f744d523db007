//! Reading DhtmlXQ, the boards that xiangqi web viewers embed in pages as `[DhtmlXQ_…]`
//! fields — wrapped in `[DhtmlXQ]…[/DhtmlXQ]`, `[DhtmlXQiFrame]`, `[DhtmlXQHTML]…` or in
//! nothing (found by the `[DhtmlXQ_` tags themselves): each board is a game.
//!
//! On a board, `[DhtmlXQ_NAME]value[/DhtmlXQ_NAME]` fields: `binit` the start (32 pieces
//! in the order red chariot, horse, elephant, advisor, general, advisor, elephant, horse,
//! chariot, two cannons, five soldiers, then black's, two digits each — the file 0–8 and the
//! row 0–9 counted from black's side, `99` for a piece not on the board), `movelist` the main
//! line (four digits a move: from and to), `move_P_S_N` line N branching from line P (0 is
//! the main line) at its step S (counted from 1), `comment<S>` / `comment<N>_<S>` the comment
//! after step S of the main line or of line N (`comment0` before the first move), and the
//! game's `title`, `event`, `date`, `place`, `red`, `black`, `result` ….
//!
//! [`write()`] writes a game as such a block.

use std::collections::HashMap;
use std::fmt;

use xiangqi_rules::{
    Board, Color, CutLine, FenError, GameTree, IllegalMove, Move, Piece, Position, Square,
    StartError,
};

mod fields;
mod lines;
mod write;
pub(crate) use fields::{has_tag, is_page};
use lines::Layout;
pub use write::{Common, LeftOut, Written, write};

/// A game read from a DhtmlXQ block.
#[derive(Clone, Debug)]
pub struct DhtmlGame {
    /// The block's fields as PGN tags.
    pub tags: Vec<(String, String)>,
    /// The moves, variations and comments.
    pub tree: GameTree,
    /// The lines cut where a move could not be played (against the rules, not a move on the
    /// board, or branching from a step its line does not reach): the rest is kept.
    pub cut: Vec<CutLine<DhtmlError>>,
}

/// Why a DhtmlXQ block cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DhtmlError {
    /// A field opened and not closed (a file cut short).
    Unclosed {
        /// The field's name as written (`DhtmlXQ_movelist`).
        field: String,
    },
    /// The `binit` field is not 64 digits.
    Binit {
        /// Its length in characters, spaces around it left out.
        chars: usize,
    },
    /// The `binit` field's pieces do not make a legal position.
    Start(StartError),
    /// The `fen` field (a start some sites give instead of `binit`) does not read.
    Fen(FenError),
    /// A move list that is not groups of four digits on the board.
    Moves {
        /// The field.
        field: String,
    },
    /// A line branching from a line or step that does not exist.
    Branch {
        /// The field.
        field: String,
    },
    /// A move the rules do not allow.
    Illegal {
        /// The field and the step in it (from 1).
        field: String,
        /// The step in it, from 1.
        step: usize,
        /// The move, in ICCS.
        mv: String,
        /// Why the rules refuse it.
        error: IllegalMove,
    },
}

impl fmt::Display for DhtmlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DhtmlError::Unclosed { field } => {
                write!(
                    f,
                    "DhtmlXQ: [{field}] is not closed by [/{field}] (the file is cut short)"
                )
            }
            DhtmlError::Binit { chars } => {
                write!(f, "DhtmlXQ: binit: {chars} characters, not 64 digits")
            }
            DhtmlError::Start(why) => write!(f, "DhtmlXQ: binit: {why}"),
            DhtmlError::Fen(why) => write!(f, "DhtmlXQ: fen: {why}"),
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

/// Does the text hold a DhtmlXQ board (a `[DhtmlXQ…` tag, any case)?
#[must_use]
pub fn has_block(text: &str) -> bool {
    has_tag(text.as_bytes())
}

/// Every board of `text`, read in order, whatever wraps it.
#[must_use]
pub fn read_all(text: &str) -> Vec<Result<DhtmlGame, DhtmlError>> {
    let page = is_page(text.as_bytes());
    fields::boards(text)
        .into_iter()
        .map(|board| read_board(board, page))
        .collect()
}

const STANDARD: &str = "8979695949392919097717866646260600102030405060708012720323436383";

/// The square of a DhtmlXQ point: file digit, row digit from black's side.
fn point(file: u8, row: u8) -> Option<Square> {
    if file > 8 || row > 9 {
        return None;
    }
    Square::from_coords(file, 9 - row)
}

/// A field of digits as written, white space (a long line broken by a forum) left out.
fn digits_of(text: &str) -> String {
    text.chars().filter(|c| !c.is_whitespace()).collect()
}

fn start_board(binit: &str) -> Result<Board, DhtmlError> {
    use xiangqi_rules::role::SET_ORDER as ROLES;
    let binit = digits_of(binit);
    let digits: Vec<u8> = binit.bytes().map(|b| b.wrapping_sub(b'0')).collect();
    if digits.len() != 64 || digits.iter().any(|&d| d > 9) {
        return Err(DhtmlError::Binit {
            chars: binit.chars().count(),
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

/// The moves of a move field up to the first group of four that is not a move on the board,
/// and, if there is one, its step in the field (from 0) and the error for it.
fn moves_of(text: &str, field: &str) -> (Vec<Move>, Option<(usize, DhtmlError)>) {
    let digits: Vec<u8> = digits_of(text)
        .bytes()
        .map(|b| b.wrapping_sub(b'0'))
        .collect();
    let mut moves = Vec::with_capacity(digits.len() / 4);
    for (i, d) in digits.chunks(4).enumerate() {
        let squares = match d {
            &[a, b, c, e] => point(a, b).zip(point(c, e)),
            _ => None,
        };
        let Some((from, to)) = squares else {
            let bad = DhtmlError::Moves {
                field: field.to_string(),
            };
            return (moves, Some((i, bad)));
        };
        moves.push(Move::new(from, to));
    }
    (moves, None)
}

/// The board's start: its `fen` field if it has one (as some sites write it, taken before
/// `binit`), else its `binit` (the standard start without either). The side to move is the
/// first move's piece's; without moves, the FEN's, else red unless only black can be.
fn start_of(
    fields: &HashMap<String, String>,
    first: Option<&Move>,
) -> Result<Position, DhtmlError> {
    if let Some(fen) = fields.get("fen") {
        let (board, turn, halfmove, fullmove) =
            xiangqi_rules::fen_fields(fen).map_err(DhtmlError::Fen)?;
        let turn = first
            .and_then(|mv| board.piece_at(mv.from))
            .map_or(turn, |p| p.color);
        return Position::from_board(board, turn, halfmove, fullmove)
            .map_err(|e| DhtmlError::Fen(e.into()));
    }
    let binit = fields.get("binit").map_or(STANDARD, String::as_str);
    let board = start_board(binit)?;
    let start = match first.and_then(|mv| board.piece_at(mv.from)) {
        Some(piece) => Position::from_board(board, piece.color, 0, 1),
        // DhtmlXQ says nothing of the side to move: red, unless only black can be.
        None => Position::from_board_without_moves(board, Color::Red),
    };
    start.map_err(|e| DhtmlError::Start(e.into()))
}

/// One board read; `page`: it lies in an HTML page, whose texts are escaped.
fn read_board(board: &str, page: bool) -> Result<DhtmlGame, DhtmlError> {
    let fields = fields::fields(board)?;
    let (main, bad) = moves_of(
        fields.get("movelist").map_or("", String::as_str),
        "DhtmlXQ_movelist",
    );
    let start = start_of(&fields, main.first())?;
    let mut layout = Layout::new(start, "DhtmlXQ_movelist", &main);
    if let Some((i, why)) = bad {
        layout.cut_at(true, i + 1, why);
    }
    // Lines in the order of their numbers; one whose parent line comes later (a file's own
    // numbering) waits for it, and one whose parent never comes is cut.
    let mut waiting: HashMap<usize, Vec<Branch>> = HashMap::new();
    for branch in branches(&fields) {
        if !layout.has_line(branch.parent) {
            waiting.entry(branch.parent).or_default().push(branch);
            continue;
        }
        let mut ready = vec![branch];
        while let Some(branch) = ready.pop() {
            lay_out(&mut layout, &branch);
            if layout.has_line(branch.number)
                && let Some(mut children) = waiting.remove(&branch.number)
            {
                children.reverse();
                ready.extend(children);
            }
        }
    }
    let mut orphans: Vec<Branch> = waiting.into_values().flatten().collect();
    orphans.sort_by_key(|b| b.number);
    for branch in &orphans {
        lay_out(&mut layout, branch);
    }
    let mut tree = layout.play();
    add_comments(&mut tree, &fields, &layout, page);
    Ok(DhtmlGame {
        tags: tags_of(&fields, page),
        tree,
        cut: layout.into_cut(),
    })
}

/// Lays out `branch`'s line, cut where its field holds a group that is not a move.
fn lay_out(layout: &mut Layout, branch: &Branch) {
    let (moves, bad) = moves_of(&branch.text, &branch.field);
    let line = (branch.number, branch.field.as_str());
    layout.add_branch(line, (branch.parent, branch.step), &moves);
    if let Some((i, why)) = bad {
        layout.cut_at(false, branch.step + i, why);
    }
}

/// A `move_P_S_N` field: line N, branching from line P at its step S.
struct Branch {
    parent: usize,
    step: usize,
    number: usize,
    /// The field's name, `DhtmlXQ_move_P_S_N`.
    field: String,
    text: String,
}

/// The branch fields `move_P_S_N` in the order of their line numbers (a line's parent
/// comes before it).
fn branches(fields: &HashMap<String, String>) -> Vec<Branch> {
    let mut found: Vec<Branch> = fields
        .iter()
        .filter_map(|(name, text)| {
            let mut parts = name.strip_prefix("move_")?.split('_');
            let parent = parts.next()?.parse().ok()?;
            let step = parts.next()?.parse().ok()?;
            let number = parts.next()?.parse().ok()?;
            Some(Branch {
                parent,
                step,
                number,
                field: format!("DhtmlXQ_{name}"),
                text: text.clone(),
            })
        })
        .collect();
    found.sort_by_key(|b| b.number);
    found
}

fn add_comments(
    tree: &mut GameTree,
    fields: &HashMap<String, String>,
    layout: &Layout,
    page: bool,
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
        let node = layout.node(line, step);
        let text = js_unescape(&text_of(text, page)).replace("||", "\n");
        let text =
            xiangqi_rules::sanitize::defuse(xiangqi_rules::sanitize::trim_comment(&text), true);
        if let Some(node) = node
            && !text.is_empty()
        {
            tree.set_comment(node, Some(&text));
        }
    }
}

/// A text field as the reader sees it: in a page, as the page shows it.
fn text_of(raw: &str, page: bool) -> std::borrow::Cow<'_, str> {
    if page {
        fields::page_text(raw)
    } else {
        std::borrow::Cow::Borrowed(raw)
    }
}

fn tags_of(fields: &HashMap<String, String>, page: bool) -> Vec<(String, String)> {
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
            let value = text_of(value, page);
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
        let value = result_of(result.trim());
        if let Some(value) = value {
            tags.push(("Result".to_string(), value.to_string()));
        }
    }
    tags
}

/// The PGN result a `result` field states: the words sites write (simplified or
/// traditional; "red first won" is red's win, "black first lost" red's too), or a PGN
/// result; `None` for unknown (`未知`) or anything else.
fn result_of(said: &str) -> Option<&'static str> {
    let said: String = said
        .chars()
        .filter(|&c| c != '方')
        .map(|c| match c {
            '紅' => '红',
            '勝' => '胜',
            '負' => '负',
            other => other,
        })
        .collect();
    match said.as_str() {
        "红胜" | "黑负" | "红先胜" | "黑先负" | "1-0" => Some("1-0"),
        "黑胜" | "红负" | "黑先胜" | "红先负" | "0-1" => Some("0-1"),
        "和" | "和棋" | "和局" | "红先和" | "黑先和" | "1/2-1/2" => Some("1/2-1/2"),
        _ => None,
    }
}

/// A comment with the `\uXXXX` escapes some sites write for characters (as JavaScript
/// writes them) turned into the characters.
fn js_unescape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find("\\u") {
        out.push_str(&rest[..at]);
        let code = rest
            .get(at + 2..at + 6)
            .filter(|hex| hex.bytes().all(|b| b.is_ascii_hexdigit()))
            .and_then(|hex| u32::from_str_radix(hex, 16).ok())
            .and_then(char::from_u32);
        match code {
            Some(c) => {
                out.push(c);
                rest = &rest[at + 6..];
            }
            None => {
                out.push_str("\\u");
                rest = &rest[at + 2..];
            }
        }
    }
    out.push_str(rest);
    out
}
