//! Writing PGN: UTF-8, the usual tags, numbered rounds in the chosen notation, the result.

use super::{PgnError, PgnResult, find_tag, read_each, read_game};
use crate::{Game, Move, Notation, NotationStyle, Position};
use std::fmt;

/// One numbered round of a game: red's move and black's reply, either of which may be missing
/// (a game that starts with black to move, or ends after red's move).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Round {
    /// The move number.
    pub number: u32,
    /// Red's move, written out.
    pub red: Option<String>,
    /// Black's move, written out.
    pub black: Option<String>,
}

impl fmt::Display for Round {
    /// `1. 炮二平五 马８进７`, `1. ... 马８进７` or `1. 炮二平五`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}.", self.number)?;
        match (&self.red, &self.black) {
            (Some(r), Some(b)) => write!(f, " {r} {b}"),
            (Some(r), None) => write!(f, " {r}"),
            (None, Some(b)) => write!(f, " ... {b}"),
            (None, None) => Ok(()),
        }
    }
}

/// The moves of a game from `start`, written in `notation` and grouped in numbered rounds.
/// Stops at the first move that is not legal where it is played.
#[must_use]
pub fn rounds(
    start: &Position,
    moves: &[Move],
    notation: Notation,
    style: &NotationStyle,
) -> Vec<Round> {
    let mut out: Vec<Round> = Vec::with_capacity(moves.len() / 2 + 1);
    let mut pos = start.clone();
    for &mv in moves {
        let Ok(text) = notation.write(&pos, mv, style) else {
            break;
        };
        let number = pos.fullmove_number();
        match pos.turn() {
            crate::Color::Red => out.push(Round {
                number,
                red: Some(text),
                black: None,
            }),
            crate::Color::Black => match out.last_mut() {
                Some(r) if r.number == number && r.black.is_none() => r.black = Some(text),
                _ => out.push(Round {
                    number,
                    red: None,
                    black: Some(text),
                }),
            },
        }
        // `write` has checked that the move is legal.
        pos.make_move(mv);
    }
    out
}

/// The movetext of a game on one line: `1. 炮二平五 马８进７ 2. 马二进三`.
#[must_use]
pub fn movetext(
    start: &Position,
    moves: &[Move],
    notation: Notation,
    style: &NotationStyle,
) -> String {
    let parts: Vec<String> = rounds(start, moves, notation, style)
        .iter()
        .map(ToString::to_string)
        .collect();
    parts.join(" ")
}

/// Tags the writer decides itself; any others given are copied after them.
const MANAGED: [&str; 11] = [
    "Game",
    "Event",
    "Site",
    "Date",
    "Round",
    "Red",
    "Black",
    "Result",
    "FEN",
    "Format",
    "Termination",
];

/// Writes `game` as UTF-8 PGN with its moves in `notation`.
///
/// Tags: `[Game "Chinese Chess"]`, then Event, Site, Date, Round, Red, Black and Result (from
/// `tags`, `?` when missing), `[FEN]` if the game did not begin at the usual start at move 1,
/// `[Format]` for ICCS and WXF moves, `[Termination]` when the rules ended the game, then the
/// other tags of `tags` in their order. The result is the game's outcome if it has ended, else the
/// `Result` of `tags`, else `*`.
#[must_use]
pub fn write_pgn(
    game: &Game,
    tags: &[(String, String)],
    notation: Notation,
    style: &NotationStyle,
) -> String {
    let get = |name: &str| find_tag(tags, name);
    let outcome = game.outcome();
    let result = match outcome {
        Some(o) => o.pgn_result(),
        None => get("Result")
            .and_then(|r| r.parse::<PgnResult>().ok())
            .unwrap_or_default()
            .as_str(),
    };
    let mut out = String::with_capacity(256 + game.moves().len() * 12);
    let mut tag = |name: &str, value: &str| {
        out.push('[');
        // A name ends at a space, a quote or `]`, so those would cut it short when read back.
        out.extend(name.chars().map(|c| {
            if c.is_whitespace() || c == '"' || c == ']' {
                '_'
            } else {
                c
            }
        }));
        out.push_str(" \"");
        for c in value.chars() {
            match c {
                '"' | '\\' => {
                    out.push('\\');
                    out.push(c);
                }
                '\n' | '\r' => out.push(' '),
                _ => out.push(c),
            }
        }
        out.push_str("\"]\n");
    };
    tag("Game", get("Game").unwrap_or("Chinese Chess"));
    for (name, unknown) in [
        ("Event", "?"),
        ("Site", "?"),
        ("Date", "????.??.??"),
        ("Round", "?"),
        ("Red", "?"),
        ("Black", "?"),
    ] {
        tag(name, get(name).unwrap_or(unknown));
    }
    tag("Result", result);
    let start = game.start();
    // The clocks count too: without the tag a reader starts at move 1 with a fresh clock, so
    // the move numbers written below and the count towards the move limit would be lost.
    if *start != Position::start() {
        tag("FEN", &start.fen());
    }
    match notation {
        Notation::Iccs => tag("Format", "ICCS"),
        Notation::Wxf => tag("Format", "WXF"),
        Notation::Chinese => {}
    }
    match outcome {
        Some(o) => tag("Termination", &o.termination.to_string()),
        None => {
            if let Some(t) = get("Termination") {
                tag("Termination", t);
            }
        }
    }
    for (name, value) in tags {
        if !MANAGED.iter().any(|m| m.eq_ignore_ascii_case(name)) {
            tag(name, value);
        }
    }
    out.push('\n');
    for round in rounds(start, game.moves(), notation, style) {
        out.push_str(&round.to_string());
        out.push('\n');
    }
    out.push_str(result);
    out.push('\n');
    out
}

/// Reads a game file (any encoding, any notation) and writes its games — or only game `game`,
/// counted from 1 — as PGN in `notation`, one after another. Games that cannot be read are
/// left out and their errors returned.
#[must_use]
pub fn convert(
    bytes: &[u8],
    game: Option<usize>,
    notation: Notation,
    style: &NotationStyle,
) -> (String, Vec<PgnError>) {
    let games = match game {
        Some(n) => vec![read_game(bytes, n)],
        None => read_each(bytes),
    };
    let mut out = String::new();
    let mut errors = Vec::new();
    for g in games {
        match g {
            Ok(g) => {
                if !out.is_empty() {
                    out.push('\n');
                }
                out.push_str(&write_pgn(&g.to_game(), g.tags(), notation, style));
            }
            Err(e) => errors.push(e),
        }
    }
    (out, errors)
}
