//! Jieqi (揭棋) games as PGN, apart from xiangqi's PGN: `[Variant "Jieqi"]`, the start as a
//! Jieqi FEN (`[SetUp "1"]`, `[FEN "…"]`), and each move that turns a covered piece over
//! written with the piece it turned out to be, so that a saved game replays exactly.
//!
//! Moves are written in ICCS as JieqiBox writes them (`a0a1P`: the revealed piece's FEN letter
//! in its side's case), hyphenated as ICCS PGN is (`A0-A1P`), or in WXF or Chinese with `=`
//! and the piece (`R9+1=P`, `车九进一=兵`). Any of these is read; a covered piece's move must say
//! what it revealed (how the piece moves later depends on it), so a record entered by hand
//! gives each reveal. Comments (`{…}`, `;…`) are passed over; variations are refused, as is a
//! game of another variant.
//!
//! ```
//! use xiangqi_records::jieqi::{read_jieqi_pgn, write_jieqi_pgn};
//! use xiangqi_rules::Notation;
//! use xiangqi_rules::jieqi::JieqiGame;
//! let mut game = JieqiGame::dealt(3);
//! game.play("h2e2".parse().unwrap()).unwrap();
//! game.play("h9g7".parse().unwrap()).unwrap();
//! let text = write_jieqi_pgn(&game, &[], Notation::Iccs);
//! assert!(text.contains("[Variant \"Jieqi\"]"));
//! let record = read_jieqi_pgn(&text).unwrap();
//! assert_eq!(record.moves, game.moves());
//! let replayed = record.replay(99).unwrap();
//! assert_eq!(replayed.position(), game.position());
//! ```

use std::fmt;
use xiangqi_rules::jieqi::{
    JieqiGame, JieqiMove, JieqiPlayError, JieqiPosition, RevealError, parse_jieqi_move,
    write_jieqi_move,
};
use xiangqi_rules::{Color, Notation, NotationStyle, Outcome};

/// A Jieqi game read from PGN: its tags, its start and its moves with their reveals.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JieqiRecord {
    /// The tags as written, in order.
    pub tags: Vec<(String, String)>,
    /// The start position.
    pub start: JieqiPosition,
    /// The moves, each with the piece it turned over when the record says.
    pub moves: Vec<JieqiMove>,
}

impl JieqiRecord {
    /// The game the record gives: its moves played from its start, the pieces nobody saw
    /// dealt at random from `seed` (every deal that agrees with the record alike).
    ///
    /// # Errors
    /// The first move that cannot be played, with its number (from 1).
    pub fn replay(&self, seed: u64) -> Result<JieqiGame, JieqiPgnError> {
        JieqiGame::replay(self.start.clone(), &self.moves, seed).map_err(|(i, e)| JieqiPgnError {
            line: 0,
            kind: JieqiPgnErrorKind::Unplayable {
                ply: i + 1,
                error: e,
            },
        })
    }
}

/// Why a Jieqi PGN could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JieqiPgnError {
    /// The line (from 1) where the fault is; 0 when it is the game as a whole.
    pub line: usize,
    /// What is wrong.
    pub kind: JieqiPgnErrorKind,
}

/// What is wrong with a Jieqi PGN.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum JieqiPgnErrorKind {
    /// The `Variant` tag names another variant, or there is none.
    NotJieqi(Option<String>),
    /// A tag line that does not read as `[Name "value"]`.
    BadTag(String),
    /// The `FEN` tag is not a Jieqi FEN.
    Fen(String),
    /// A move that does not read or cannot be played where it stands.
    Move {
        /// The move as written.
        text: String,
        /// Why.
        reason: String,
    },
    /// A variation: Jieqi records are read as one line of play.
    Variation,
    /// A comment that is never closed.
    OpenComment,
    /// A move of the record that the game refuses on replay.
    Unplayable {
        /// The move's number in plies, from 1.
        ply: usize,
        /// Why.
        error: JieqiPlayError,
    },
}

impl fmt::Display for JieqiPgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.line > 0 {
            write!(f, "line {}: ", self.line)?;
        }
        match &self.kind {
            JieqiPgnErrorKind::NotJieqi(None) => {
                f.write_str("not a Jieqi game: no [Variant \"Jieqi\"] tag")
            }
            JieqiPgnErrorKind::NotJieqi(Some(v)) => {
                write!(f, "not a Jieqi game: the variant is {v:?}")
            }
            JieqiPgnErrorKind::BadTag(t) => write!(f, "{t:?} is not a tag like [Name \"value\"]"),
            JieqiPgnErrorKind::Fen(e) => write!(f, "the FEN tag: {e}"),
            JieqiPgnErrorKind::Move { text, reason } => write!(f, "move {text:?}: {reason}"),
            JieqiPgnErrorKind::Variation => {
                f.write_str("a variation: Jieqi records are read as one line of play")
            }
            JieqiPgnErrorKind::OpenComment => f.write_str("a comment is never closed"),
            JieqiPgnErrorKind::Unplayable { ply, error } => write!(f, "ply {ply}: {error}"),
        }
    }
}

impl std::error::Error for JieqiPgnError {}

/// PGN's text for the end of a game: `1-0`, `0-1`, `1/2-1/2`, or `*` while it goes on.
fn result_text(outcome: Option<Outcome>) -> &'static str {
    match outcome.map(|o| o.winner) {
        Some(Some(Color::Red)) => "1-0",
        Some(Some(Color::Black)) => "0-1",
        Some(None) => "1/2-1/2",
        None => "*",
    }
}

/// Escapes a tag value: `\` and `"` with a backslash before them, line breaks as spaces.
fn escape(value: &str) -> String {
    let mut out = String::with_capacity(value.len());
    for c in value.chars() {
        match c {
            '\\' | '"' => {
                out.push('\\');
                out.push(c);
            }
            '\n' | '\r' => out.push(' '),
            _ => out.push(c),
        }
    }
    out
}

/// The game as PGN: the tags given (any `Variant`, `SetUp`, `FEN` or `Result` among them is
/// replaced), then the game's own, then its moves in `notation`, each reveal written in.
#[must_use]
pub fn write_jieqi_pgn(game: &JieqiGame, tags: &[(String, String)], notation: Notation) -> String {
    let result = result_text(game.outcome());
    let mut out = String::new();
    let own = ["Variant", "SetUp", "FEN", "Result"];
    for (name, value) in tags.iter().filter(|(n, _)| !own.contains(&n.as_str())) {
        out.push_str(&format!("[{name} \"{}\"]\n", escape(value)));
    }
    out.push_str("[Variant \"Jieqi\"]\n[SetUp \"1\"]\n");
    out.push_str(&format!("[FEN \"{}\"]\n", game.start().fen()));
    out.push_str(&format!("[Result \"{result}\"]\n\n"));
    let style = NotationStyle::default();
    let mut line = String::new();
    let positions = game.positions();
    for (i, &m) in game.moves().iter().enumerate() {
        let pos = &positions[i];
        let written =
            write_jieqi_move(pos, m, notation, &style).unwrap_or_else(|_| m.to_iccs_hyphenated());
        let number = pos.fullmove_number();
        let token = match pos.turn() {
            Color::Red => format!("{number}. {written}"),
            Color::Black if i == 0 => format!("{number}. ... {written}"),
            Color::Black => written,
        };
        if !line.is_empty() && line.chars().count() + token.chars().count() >= 79 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(&token);
    }
    if !line.is_empty() {
        line.push(' ');
    }
    line.push_str(result);
    out.push_str(&line);
    out.push('\n');
    out
}

/// Reads a `[Name "value"]` line.
fn read_tag(text: &str) -> Option<(String, String)> {
    let inner = text.strip_prefix('[')?.strip_suffix(']')?.trim();
    let (name, rest) = inner.split_once(char::is_whitespace)?;
    let rest = rest.trim().strip_prefix('"')?.strip_suffix('"')?;
    let mut value = String::with_capacity(rest.len());
    let mut chars = rest.chars();
    while let Some(c) = chars.next() {
        value.push(if c == '\\' { chars.next()? } else { c });
    }
    Some((name.to_string(), value))
}

/// Is `value` of a `Variant` tag the name of Jieqi?
fn names_jieqi(value: &str) -> bool {
    value.trim().eq_ignore_ascii_case("jieqi")
}

/// Does the tag section at the head of `text` say `[Variant "Jieqi"]`? Lines in brackets
/// that are not tags (DhtmlXQ's `[DhtmlXQ]`) are passed over; the first line that is neither
/// blank nor in brackets ends the section. A quick test of which reader a file is for.
///
/// ```
/// use xiangqi_records::jieqi::says_jieqi;
/// assert!(says_jieqi("\u{feff}[Event \"x\"]\n[Variant \"Jieqi\"]\n\n1. b2e2C *"));
/// assert!(!says_jieqi("[Event \"x\"]\n\n1. h2e2 *\n[Variant \"Jieqi\"]"));
/// assert!(!says_jieqi("[DhtmlXQ]\n[DhtmlXQ_movelist]7747[/DhtmlXQ_movelist]"));
/// ```
#[must_use]
pub fn says_jieqi(text: &str) -> bool {
    text.lines()
        .map(|l| l.trim().trim_start_matches('\u{feff}'))
        .take_while(|l| l.is_empty() || l.starts_with('['))
        .filter_map(read_tag)
        .any(|(name, value)| name == "Variant" && names_jieqi(&value))
}

/// Is `token` a move number (`1.`, `12...`) or a result, not a move?
fn is_number_or_result(token: &str) -> bool {
    let digits = token.trim_end_matches('.');
    (digits.len() < token.len() && !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()))
        || matches!(token, "1-0" | "0-1" | "1/2-1/2" | "*" | "..." | "…")
}

/// Reads the first game of a Jieqi PGN text.
///
/// # Errors
/// A [`JieqiPgnError`] saying what is wrong and on which line.
pub fn read_jieqi_pgn(text: &str) -> Result<JieqiRecord, JieqiPgnError> {
    let fail = |line: usize, kind| JieqiPgnError { line, kind };
    let mut tags = Vec::new();
    let mut body: Vec<(usize, &str)> = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let t = raw.trim();
        if t.starts_with('[') && !body.is_empty() {
            // The next game's tags: only the first game is read.
            break;
        }
        if t.starts_with('[') {
            match read_tag(t) {
                Some(tag) => tags.push(tag),
                None => return Err(fail(i + 1, JieqiPgnErrorKind::BadTag(t.to_string()))),
            }
        } else if !t.is_empty() {
            body.push((i + 1, raw));
        }
    }
    let tag = |name: &str| tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.clone());
    match tag("Variant") {
        Some(v) if names_jieqi(&v) => {}
        other => return Err(fail(0, JieqiPgnErrorKind::NotJieqi(other))),
    }
    let start = match tag("FEN") {
        None => JieqiPosition::start(),
        Some(fen) => JieqiPosition::from_fen(&fen)
            .map_err(|e| fail(0, JieqiPgnErrorKind::Fen(e.to_string())))?,
    };
    let mut pos = start.clone();
    let mut moves = Vec::new();
    let mut in_comment = false;
    for (line, raw) in body {
        let mut rest = raw;
        while !rest.is_empty() {
            if in_comment {
                match rest.find('}') {
                    Some(end) => {
                        rest = &rest[end + 1..];
                        in_comment = false;
                    }
                    None => rest = "",
                }
                continue;
            }
            rest = rest.trim_start();
            if rest.starts_with(';') {
                break;
            }
            if let Some(after) = rest.strip_prefix('{') {
                rest = after;
                in_comment = true;
                continue;
            }
            if rest.starts_with('(') {
                return Err(fail(line, JieqiPgnErrorKind::Variation));
            }
            let end = rest
                .find(|c: char| c.is_whitespace() || c == '{' || c == '(' || c == ';')
                .unwrap_or(rest.len());
            let token = &rest[..end];
            rest = &rest[end..];
            if token.is_empty() || is_number_or_result(token) {
                continue;
            }
            // `1.h2e2` keeps its number glued on (but `9-+1`, a WXF soldier, is a move).
            let digits = token.len() - token.trim_start_matches(|c: char| c.is_ascii_digit()).len();
            let token = if digits > 0 && token[digits..].starts_with('.') {
                token[digits..].trim_start_matches('.')
            } else {
                token
            };
            let m = parse_jieqi_move(&pos, token).map_err(|e| {
                fail(
                    line,
                    JieqiPgnErrorKind::Move {
                        text: token.to_string(),
                        reason: e.to_string(),
                    },
                )
            })?;
            if pos.is_reveal(m.mv) && m.reveal.is_none() {
                // What the piece was decides how it moves later: the record must say.
                return Err(fail(
                    line,
                    JieqiPgnErrorKind::Move {
                        text: token.to_string(),
                        reason: RevealError::Missing.to_string(),
                    },
                ));
            }
            pos.make_move(m.mv, m.reveal_role());
            moves.push(m);
        }
    }
    if in_comment {
        return Err(fail(0, JieqiPgnErrorKind::OpenComment));
    }
    Ok(JieqiRecord { tags, start, moves })
}
