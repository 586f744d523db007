//! Writing PGN: UTF-8, the usual tags, numbered rounds in the chosen notation with comments
//! and variations, the result.

use super::{PgnResult, find_tag, is_tag_line};
use std::fmt;
use xiangqi_rules::tree::{GameTree, NodeId, Step};
use xiangqi_rules::{Color, Game, Move, Notation, NotationStyle, Outcome, Position};

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
            xiangqi_rules::Color::Red => out.push(Round {
                number,
                red: Some(text),
                black: None,
            }),
            xiangqi_rules::Color::Black => match out.last_mut() {
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

/// Tags that describe the game rather than decide how it is read: a second one of these (a
/// record naming two players for a side, two dates) is written after the others, so that
/// nothing a record holds is lost, while the first keeps its place among the managed tags
/// and is the one a reader takes.
const DESCRIPTIONS: [&str; 6] = ["Event", "Site", "Date", "Round", "Red", "Black"];

/// Is `tags[i]` a description of [`DESCRIPTIONS`] that an earlier tag already gave?
fn repeats_a_description(tags: &[(String, String)], i: usize) -> bool {
    DESCRIPTIONS
        .iter()
        .any(|d| d.eq_ignore_ascii_case(&tags[i].0))
        && crate::record_loss::repeats_earlier(tags, i)
}

/// The result `tags` state, if any other than `*`.
fn stated_result(tags: &[(String, String)]) -> Option<PgnResult> {
    find_tag(tags, "Result")
        .and_then(|r| r.parse::<PgnResult>().ok())
        .filter(|r| *r != PgnResult::Unknown)
}

/// The result `tags` state and the rules' verdict at the end of the game's main line, when
/// they differ (a record that says `1-0` for moves that repeat into a draw, say). A stated
/// result with no verdict (a resignation) is no disagreement.
#[must_use]
pub fn result_disagreement(game: &Game, tags: &[(String, String)]) -> Option<(PgnResult, Outcome)> {
    let stated = stated_result(tags)?;
    let judged = game.main_line_outcome()?;
    (judged.pgn_result() != stated.as_str()).then_some((stated, judged))
}

/// Writes `game` — its whole tree: the main line with its comments and variations — as UTF-8
/// PGN with its moves in `notation`.
///
/// Tags: `[Game "Chinese Chess"]`, then Event, Site, Date, Round, Red, Black and Result (from
/// `tags`, `?` when missing), `[FEN]` if the game did not begin at the usual start at move 1,
/// `[Format]` for ICCS and WXF moves, `[Termination]`, then the other tags of `tags` in their
/// order.
///
/// The result is what `tags` state, if they state one (`[Result]` other than `*`), with
/// their `[Termination]` — a record's result is kept even where the rules judge otherwise
/// (see [`result_disagreement`]); the rules' verdict at the end of the main line fills in only
/// what the tags leave open (the result, or a termination that agrees with the stated result).
///
/// Comments are written `{…}` after their move (a comment before a variation's first move
/// just after its `(`), with their line breaks; one that holds a `}` on a single line is
/// written as a `;` comment instead, so that it reads back whole. Only a line that would read
/// as a tag pair is joined to the line before it, and a `}` in a comment of several lines is
/// written `)`.
#[must_use]
pub fn write_pgn(
    game: &Game,
    tags: &[(String, String)],
    notation: Notation,
    style: &NotationStyle,
) -> String {
    let get = |name: &str| find_tag(tags, name);
    let stated = stated_result(tags);
    let outcome = game.main_line_outcome();
    let result = match (stated, outcome) {
        (Some(s), _) => s.as_str(),
        (None, Some(o)) => o.pgn_result(),
        (None, None) => "*",
    };
    let termination = match (stated, outcome) {
        (Some(s), Some(o)) if o.pgn_result() == s.as_str() => get("Termination")
            .map(str::to_string)
            .or_else(|| Some(o.termination.to_string())),
        (None, Some(o)) => Some(o.termination.to_string()),
        _ => get("Termination").map(str::to_string),
    };
    let mut out = String::with_capacity(256 + game.tree().len() * 12);
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
                // A tag is one line: a line break or a tab reads as the space it stands for.
                c if c.is_control() && c.is_whitespace() => out.push(' '),
                c if c.is_control() => out.push('\u{fffd}'),
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
    if let Some(t) = &termination {
        tag("Termination", t);
    }
    for (i, (name, value)) in tags.iter().enumerate() {
        let managed = MANAGED.iter().any(|m| m.eq_ignore_ascii_case(name));
        if !managed || repeats_a_description(tags, i) {
            tag(name, value);
        }
    }
    out.push('\n');
    write_movetext(&mut out, game.tree(), notation, style);
    if !out.ends_with('\n') {
        out.push('\n');
    }
    out.push_str(result);
    out.push('\n');
    out
}

/// Movetext being written: words separated by spaces, a new line for each round of the main
/// line.
struct Words<'a> {
    out: &'a mut String,
    /// Nothing on the line yet, or just after `(`: the next word needs no space.
    fresh: bool,
}

impl Words<'_> {
    fn word(&mut self, w: &str) {
        if !self.fresh {
            self.out.push(' ');
        }
        self.out.push_str(w);
        self.fresh = false;
    }

    fn newline(&mut self) {
        if !self.out.ends_with('\n') {
            self.out.push('\n');
        }
        self.fresh = true;
    }

    /// Writes a comment whole: as `{…}`, its line breaks kept (but before a line that would
    /// read as a tag pair, which would end it) and an indented first line begun on a line of
    /// its own; one that holds `}` on a single line as a `;` comment, which runs to the end
    /// of its line. Only a `}` in a comment of several lines, or of one indented line, is
    /// written `)`.
    fn comment(&mut self, text: &str) {
        let shown = |c: char| match c {
            '\n' | '\t' => c,
            c if c.is_control() && c.is_whitespace() => ' ',
            c if c.is_control() => '\u{fffd}',
            c => c,
        };
        // An indented first line goes on a line of its own, where the reader keeps its indent.
        let indented = text.starts_with([' ', '\t']);
        if text.contains('}') && !text.contains('\n') && !indented {
            let safe: String = text.chars().map(shown).collect();
            self.word(&format!("; {safe}"));
            self.newline();
            return;
        }
        let mut safe = String::with_capacity(text.len() + 3);
        safe.push('{');
        for (i, line) in text.split('\n').enumerate() {
            if i > 0 || indented {
                safe.push(if is_tag_line(line.as_bytes()) {
                    ' '
                } else {
                    '\n'
                });
            }
            safe.extend(line.chars().map(|c| if c == '}' { ')' } else { shown(c) }));
        }
        safe.push('}');
        self.word(&safe);
    }
}

/// Writes the moves of `tree` in PGN order: `1. 炮二平五 {comment} (1. 马二进三) 1. ... 马８进７`.
fn write_movetext(out: &mut String, tree: &GameTree, notation: Notation, style: &NotationStyle) {
    let mut words = Words { out, fresh: true };
    // A black move is numbered (`1. ...`) at the start of a line of play and after a
    // comment or a variation.
    let mut number_black = true;
    if let Some(c) = tree.comment(NodeId::ROOT) {
        words.comment(c);
    }
    let mut first = true;
    tree.walk(|step| match step {
        Step::Begin => {
            words.word("(");
            words.fresh = true;
            number_black = true;
        }
        Step::End => {
            words.out.push(')');
            number_black = true;
        }
        Step::Move {
            node,
            before,
            depth,
        } => {
            let Some(mv) = tree.mv(node) else {
                return;
            };
            let text = notation
                .write(before, mv, style)
                .unwrap_or_else(|_| mv.to_string());
            let number = before.fullmove_number();
            if depth == 0 && before.turn() == Color::Red && !first {
                words.newline();
            }
            first = false;
            if let Some(c) = tree.comment_before(node) {
                words.comment(c);
                number_black = true;
            }
            match before.turn() {
                Color::Red => words.word(&format!("{number}. {text}")),
                Color::Black if number_black => words.word(&format!("{number}. ... {text}")),
                Color::Black => words.word(&text),
            }
            number_black = false;
            for nag in tree.nags(node) {
                words.word(&format!("${nag}"));
            }
            if let Some(c) = tree.comment(node) {
                words.comment(c);
                number_black = true;
            }
        }
    });
}
