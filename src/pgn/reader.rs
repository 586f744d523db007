//! Reading PGN text: tag pairs, movetext in any of the three notations, move numbers in the
//! forms real files use, comments, variations (skipped), result tokens, several games a file.

use super::{PgnError, PgnErrorKind, PgnGame, PgnResult, decode, find_tag};
use crate::notation::is_cjk;
use crate::{Move, Notation, Position};

/// Reads every game of a file, in whatever encoding it is (see [`decode`]).
///
/// # Errors
/// The first game that cannot be read: which game, move number and text, and why.
pub fn read_games(bytes: &[u8]) -> Result<Vec<PgnGame>, PgnError> {
    read_each(bytes).into_iter().collect()
}

/// Reads every game of a file, keeping the games that read well beside the errors of those
/// that do not.
#[must_use]
pub fn read_each(bytes: &[u8]) -> Vec<Result<PgnGame, PgnError>> {
    let (text, _) = decode(bytes);
    read_text(&text)
}

/// Reads game `n` (counted from 1) of a file.
///
/// # Errors
/// [`PgnErrorKind::NoSuchGame`] if the file has fewer games, or why game `n` cannot be read.
pub fn read_game(bytes: &[u8], n: usize) -> Result<PgnGame, PgnError> {
    let mut all = read_each(bytes);
    let available = all.len();
    if n == 0 || n > available {
        return Err(PgnError {
            game: n,
            kind: PgnErrorKind::NoSuchGame { available },
        });
    }
    all.swap_remove(n - 1)
}

/// Reads every game of already decoded text.
pub(crate) fn read_text(text: &str) -> Vec<Result<PgnGame, PgnError>> {
    let mut games = Vec::new();
    let mut current: Option<Builder> = None;
    for item in Lexer::new(text) {
        match item {
            Item::Tag(name, value) => {
                if current.as_ref().is_some_and(|b| b.in_movetext)
                    && let Some(b) = current.take()
                {
                    games.push(b.finish());
                }
                current
                    .get_or_insert_with(|| Builder::new(games.len() + 1))
                    .tags
                    .push((name, value));
            }
            Item::Word(word) => {
                current
                    .get_or_insert_with(|| Builder::new(games.len() + 1))
                    .word(word);
            }
            Item::Result(result) => {
                let mut b = current
                    .take()
                    .unwrap_or_else(|| Builder::new(games.len() + 1));
                b.result = Some(result);
                games.push(b.finish());
            }
        }
    }
    if let Some(b) = current {
        games.push(b.finish());
    }
    games
}

/// A game being read.
struct Builder {
    index: usize,
    tags: Vec<(String, String)>,
    in_movetext: bool,
    start: Option<Position>,
    pos: Option<Position>,
    moves: Vec<Move>,
    result: Option<PgnResult>,
    error: Option<PgnError>,
}

impl Builder {
    fn new(index: usize) -> Builder {
        Builder {
            index,
            tags: Vec::new(),
            in_movetext: false,
            start: None,
            pos: None,
            moves: Vec::new(),
            result: None,
            error: None,
        }
    }

    fn tag(&self, name: &str) -> Option<&str> {
        find_tag(&self.tags, name)
    }

    /// Sets up the start position from the `[FEN]` tag, once the tags are over.
    fn set_up(&mut self) {
        if self.start.is_some() || self.error.is_some() {
            return;
        }
        let fen = self.tag("FEN").map(str::trim).unwrap_or_default();
        if fen.is_empty() {
            self.start = Some(Position::start());
        } else {
            match Position::from_fen(fen) {
                Ok(p) => self.start = Some(p),
                Err(error) => {
                    self.error = Some(PgnError {
                        game: self.index,
                        kind: PgnErrorKind::Fen {
                            fen: fen.to_string(),
                            error,
                        },
                    });
                }
            }
        }
        self.pos.clone_from(&self.start);
    }

    fn word(&mut self, word: &str) {
        self.in_movetext = true;
        self.set_up();
        if self.error.is_some() {
            return;
        }
        let Some(body) = strip_word(word) else {
            return;
        };
        let count = body.chars().count();
        // Moves written without spaces (`炮二平五马８进７`): four characters each.
        if count >= 8 && count % 4 == 0 && body.chars().any(is_cjk) {
            let chars: Vec<char> = body.chars().collect();
            for chunk in chars.chunks(4) {
                let text: String = chunk.iter().collect();
                if !self.play(&text) {
                    return;
                }
            }
        } else {
            self.play(body);
        }
    }

    /// Reads and plays one move; false (with the error kept) if it fails.
    fn play(&mut self, text: &str) -> bool {
        let Some(pos) = self.pos.as_ref() else {
            return false;
        };
        match Notation::detect(text).parse(pos, text) {
            Ok(mv) => {
                // `parse` has checked the move against every rule.
                let mut next = pos.clone();
                next.make_move(mv);
                self.moves.push(mv);
                self.pos = Some(next);
                true
            }
            Err(error) => {
                self.error = Some(PgnError {
                    game: self.index,
                    kind: PgnErrorKind::Move {
                        number: pos.fullmove_number(),
                        color: pos.turn(),
                        error,
                    },
                });
                false
            }
        }
    }

    fn finish(mut self) -> Result<PgnGame, PgnError> {
        self.set_up();
        if let Some(e) = self.error {
            return Err(e);
        }
        let result = self
            .result
            .filter(|r| *r != PgnResult::Unknown)
            .or_else(|| self.tag("Result").and_then(|r| r.parse().ok()))
            .unwrap_or_default();
        Ok(PgnGame {
            tags: self.tags,
            start: self.start.unwrap_or_default(),
            moves: self.moves,
            result,
        })
    }
}

fn is_dot(c: char) -> bool {
    matches!(c, '.' | '．' | '。' | '…' | '、')
}

fn is_digit(c: char) -> bool {
    c.is_ascii_digit() || ('０'..='９').contains(&c)
}

/// The move in a movetext word, without a move number before it or annotation marks after;
/// `None` if the word is only a move number or dots.
fn strip_word(word: &str) -> Option<&str> {
    let mut body = word;
    let digits = body.find(|c: char| !is_digit(c)).unwrap_or(body.len());
    let after_digits = &body[digits..];
    if after_digits.is_empty() {
        return None; // a bare move number
    }
    if digits > 0 && after_digits.starts_with(is_dot) {
        let rest = after_digits.trim_start_matches(is_dot);
        // `33.4` is a WXF move (the middle of three soldiers on file 3), not move 33.
        let wxf_soldier =
            digits == 2 && rest.len() == 1 && rest.chars().all(|c| c.is_ascii_digit());
        if !wxf_soldier {
            body = rest;
        }
    }
    body = body.trim_start_matches(is_dot);
    body = body.trim_end_matches(['!', '?', '！', '？']);
    if body.chars().count() > 4 {
        body = body.trim_end_matches(['+', '#']);
    }
    (!body.is_empty()).then_some(body)
}

/// A piece of PGN text.
#[derive(Debug)]
enum Item<'a> {
    Tag(String, String),
    Word(&'a str),
    Result(PgnResult),
}

/// Splits PGN text into tags, words and results, dropping comments, variations and NAGs.
struct Lexer<'a> {
    text: &'a str,
    at: usize,
    line_start: bool,
    /// After a result token, everything up to the next line that starts with `[` is ignored:
    /// real files put notes and signatures there.
    after_result: bool,
}

impl<'a> Lexer<'a> {
    fn new(text: &'a str) -> Lexer<'a> {
        Lexer {
            text: text.strip_prefix('\u{FEFF}').unwrap_or(text),
            at: 0,
            line_start: true,
            after_result: false,
        }
    }

    fn rest(&self) -> &'a str {
        &self.text[self.at..]
    }

    /// Moves past the end of the current line.
    fn skip_line(&mut self) {
        match self.rest().find(['\n', '\r']) {
            Some(i) => self.at += i,
            None => self.at = self.text.len(),
        }
    }

    /// Moves past the `}` closing a comment (or to the end of the text).
    fn skip_comment(&mut self) {
        match self.rest().find('}') {
            Some(i) => self.at += i + 1,
            None => self.at = self.text.len(),
        }
    }

    /// Moves past a variation, with the variations and comments inside it.
    fn skip_variation(&mut self) {
        let mut depth = 0usize;
        while let Some(c) = self.rest().chars().next() {
            match c {
                '(' => depth += 1,
                ')' => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        self.at += 1;
                        return;
                    }
                }
                '{' => {
                    self.skip_comment();
                    continue;
                }
                ';' => {
                    self.skip_line();
                    continue;
                }
                _ => {}
            }
            self.at += c.len_utf8();
        }
    }

    /// Reads a tag pair starting at `[`.
    fn tag(&mut self) -> Item<'a> {
        let line_end = self.rest().find(['\n', '\r']).unwrap_or(self.rest().len());
        let line = &self.rest()[1..line_end];
        let name_end = line
            .find(|c: char| c.is_whitespace() || c == '"' || c == ']')
            .unwrap_or(line.len());
        let name = line[..name_end].to_string();
        let after = &line[name_end..];
        let (value, used) = match after.find('"') {
            Some(open) => {
                let inner = &after[open + 1..];
                // The value ends at a quote followed by `]`; quotes inside it are sometimes
                // left unescaped.
                let close = closing_quote(inner);
                let tail = &inner[close..];
                let bracket = tail.find(']').map_or(tail.len(), |b| b + 1);
                (
                    unescape(&inner[..close]),
                    name_end + open + 1 + close + bracket,
                )
            }
            None => {
                let end = after.find(']').unwrap_or(after.len());
                (after[..end].trim().to_string(), name_end + end + 1)
            }
        };
        self.at += 1 + used.min(line.len());
        Item::Tag(name, value)
    }
}

/// Where a tag value that starts just after `"` ends in `s`.
fn closing_quote(s: &str) -> usize {
    let mut last = None;
    let mut escaped = false;
    for (i, c) in s.char_indices() {
        match c {
            '\\' if !escaped => {
                escaped = true;
                continue;
            }
            '"' if !escaped => {
                if s[i + 1..].trim_start().starts_with(']') {
                    return i;
                }
                last = Some(i);
            }
            _ => {}
        }
        escaped = false;
    }
    last.unwrap_or(s.len())
}

fn unescape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next() {
                Some(n @ ('"' | '\\')) => out.push(n),
                Some(n) => {
                    out.push('\\');
                    out.push(n);
                }
                None => out.push('\\'),
            }
        } else {
            out.push(c);
        }
    }
    out
}

impl<'a> Iterator for Lexer<'a> {
    type Item = Item<'a>;

    fn next(&mut self) -> Option<Item<'a>> {
        loop {
            let c = self.rest().chars().next()?;
            if c == '\n' || c == '\r' {
                self.at += 1;
                self.line_start = true;
                continue;
            }
            if c.is_whitespace() {
                self.at += c.len_utf8();
                continue;
            }
            let line_start = std::mem::replace(&mut self.line_start, false);
            if self.after_result {
                if c == '[' && line_start {
                    self.after_result = false;
                } else {
                    self.skip_line();
                    continue;
                }
            }
            match c {
                '[' => return Some(self.tag()),
                '{' => self.skip_comment(),
                ';' => self.skip_line(),
                '%' if line_start => self.skip_line(),
                '(' => self.skip_variation(),
                ')' | '}' | ']' | ',' | '，' => self.at += c.len_utf8(),
                '$' => {
                    self.at += 1;
                    let digits = self.rest().find(|c: char| !c.is_ascii_digit());
                    self.at += digits.unwrap_or(self.rest().len());
                }
                _ => {
                    let len = self
                        .rest()
                        .find(|c: char| c.is_whitespace() || "{}()[];$,，".contains(c))
                        .unwrap_or(self.rest().len());
                    let word = &self.rest()[..len];
                    self.at += len;
                    if let Ok(result) = word.parse::<PgnResult>() {
                        self.after_result = true;
                        return Some(Item::Result(result));
                    }
                    return Some(Item::Word(word));
                }
            }
        }
    }
}
