//! PGN text as a stream of events — tags, moves, comments, the begin and end of variations,
//! results, the end of each game — for the reader that builds game trees and for the tags-only
//! scan of a file's index.

use super::tag_lines::{TagSections, is_tag_line};
use super::{PgnErrorKind, PgnResult};
use std::borrow::Cow;
use xiangqi_rules::notation::is_cjk;

/// One piece of PGN structure, in the order the text has it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event<'a> {
    /// A tag pair, `[Name "value"]` (escapes in the value undone).
    Tag {
        /// The tag's name.
        name: &'a str,
        /// Its value.
        value: Cow<'a, str>,
    },
    /// One move as written, without its move number or annotation marks: `炮二平五`, `C2.5`,
    /// `h2e2`. Chinese moves written without spaces come one event each. Marks after a move
    /// (`!?`) come after it as the glyph they stand for (`$5`).
    Move(&'a str),
    /// The text of a `{…}` or `;` comment, without the spaces and line breaks around it (see
    /// [`xiangqi_rules::sanitize::trim_comment`]: an indent after a line break stays).
    Comment(&'a str),
    /// A numeric annotation, `$n`.
    Nag(u16),
    /// `(`: a variation, replacing the last move of the line it is in, begins.
    BeginVariation,
    /// `)`: the innermost variation ends.
    EndVariation,
    /// The result token closing the movetext (`1-0`, `0-1`, `1/2-1/2`, `*`).
    Result(PgnResult),
    /// The game is over: a result token, the tags of the next game or the end of the text
    /// follow.
    EndGame,
}

/// The events of PGN text (see [`Event`]), several games one after another.
///
/// A game ends at its result token (text after it, up to the next line that begins with `[`,
/// is ignored: files put notes and signatures there), at tags that follow movetext, or at the
/// end of the text. A comment or variation still open where its game ends is an error item
/// naming the line where it opened, which ends that game; a `{` comment is never read past a
/// line that looks like a tag pair (`[Name …]`), so the games after it are read.
///
/// ```
/// use xiangqi_records::pgn::{Event, Events};
/// let text = "[Red \"A\"]\n1. h2e2 {good} (1. b0c2) h9g7 *";
/// let events: Vec<Event> = Events::new(text).filter_map(Result::ok).collect();
/// assert_eq!(events[1], Event::Move("h2e2"));
/// assert_eq!(events[2], Event::Comment("good"));
/// assert_eq!(events[3], Event::BeginVariation);
/// assert_eq!(events.last(), Some(&Event::EndGame));
/// ```
#[derive(Clone, Debug)]
pub struct Events<'a> {
    text: &'a str,
    at: usize,
    /// The line of `at`, from 1 (or the line the text starts on in its file).
    at_line: usize,
    /// The line the last event began on.
    line: usize,
    line_start: bool,
    /// After a game's result: the rest of each line is passed over (notes some files add)
    /// until a line that starts the next game, with a tag or with move `1.`.
    after_result: bool,
    /// The lines where the variations still open began.
    open: Vec<usize>,
    /// Has the game in progress had any tag, move or result?
    game_open: bool,
    /// Has it had movetext (so that a tag starts the next game)?
    in_movetext: bool,
    /// How many moves its main line has had: once it has both sides' first moves, a line
    /// that starts again at red's move `1.` begins the next game (bare movetext without a
    /// result).
    main_moves: usize,
    /// The end of the game, due after a result token.
    end_due: bool,
    /// Chinese moves written without spaces, not yet returned.
    glued: &'a str,
    /// The glyph of the marks after the last move (`!?` is `$5`), due after it.
    suffix_nag: Option<u16>,
    /// The move number written since the last move, for the next one.
    pending_number: Option<WrittenNumber>,
    /// The move number written before the last move returned, if any.
    last_number: Option<WrittenNumber>,
    /// The game's tags so far, to see the next game's begin after a game of tags only.
    tags: TagSections,
    /// Line breaks since the last thing that was not white space (two: a blank line).
    breaks: usize,
}

/// A move number as the movetext writes it before a move: `12.` (red's move 12, or in some
/// files black's, `12.  马８进７`) or `12...` (black's).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WrittenNumber {
    /// The number.
    pub number: u32,
    /// Whether it has black's dots (`12...`, `12…`, `12. ...`).
    pub black: bool,
}

impl std::fmt::Display for WrittenNumber {
    /// `12.` or `12...`, whichever way the record wrote it.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let dots = if self.black { "..." } else { "." };
        write!(f, "{}{dots}", self.number)
    }
}

impl<'a> Events<'a> {
    /// The events of `text`, lines counted from 1.
    #[must_use]
    pub fn new(text: &'a str) -> Events<'a> {
        Events::starting_at_line(text, 1)
    }

    /// The events of `text` that starts on line `line` of its file: line numbers in errors
    /// and [`Events::line`] count from there.
    #[must_use]
    pub fn starting_at_line(text: &'a str, line: usize) -> Events<'a> {
        Events {
            text: text.strip_prefix('\u{FEFF}').unwrap_or(text),
            at: 0,
            at_line: line,
            line,
            line_start: true,
            after_result: false,
            open: Vec::new(),
            game_open: false,
            in_movetext: false,
            main_moves: 0,
            end_due: false,
            glued: "",
            suffix_nag: None,
            pending_number: None,
            last_number: None,
            tags: TagSections::default(),
            breaks: 0,
        }
    }

    /// The line on which the last event began.
    #[must_use]
    pub fn line(&self) -> usize {
        self.line
    }

    /// The move number written before the last [`Event::Move`], if any: the reader checks it
    /// against the move's place, so that a move left out is not read as the other side's.
    #[must_use]
    pub fn last_move_number(&self) -> Option<WrittenNumber> {
        self.last_number
    }

    /// How many variations are open: 0 on the main line.
    #[must_use]
    pub fn depth(&self) -> usize {
        self.open.len()
    }

    fn rest(&self) -> &'a str {
        &self.text[self.at..]
    }

    /// Moves to the end of the current line (before its line break).
    fn skip_line(&mut self) -> &'a str {
        let rest = self.rest();
        let end = rest.find(['\n', '\r']).unwrap_or(rest.len());
        self.at += end;
        &rest[..end]
    }

    /// The game in progress ends here: an error if a variation is still open.
    fn end_game(&mut self) -> Result<Event<'a>, PgnErrorKind> {
        self.game_open = false;
        self.in_movetext = false;
        self.main_moves = 0;
        self.pending_number = None;
        self.glued = "";
        self.tags.clear();
        match self.open.first().copied() {
            Some(line) => {
                self.open.clear();
                Err(PgnErrorKind::UnclosedVariation { line })
            }
            None => Ok(Event::EndGame),
        }
    }

    /// Reads a comment whose `{` is at `self.at`, up to its `}` — or, if a line that looks
    /// like a tag pair or the end of the text comes first, the error ending the game.
    fn comment(&mut self) -> Result<Event<'a>, PgnErrorKind> {
        let opened = self.at_line;
        let body_start = self.at + 1;
        let mut at = body_start;
        loop {
            let rest = &self.text[at..];
            let line_end = rest.find('\n').map_or(rest.len(), |i| i + 1);
            if let Some(close) = rest[..line_end].find('}') {
                self.at = at + close + 1;
                let body = &self.text[body_start..at + close];
                return Ok(Event::Comment(xiangqi_rules::sanitize::trim_comment(body)));
            }
            at += line_end;
            if rest[..line_end].ends_with('\n') {
                self.at_line += 1;
            }
            if at >= self.text.len() || is_tag_line(&self.text.as_bytes()[at..]) {
                self.at = at;
                self.line_start = true;
                self.after_result = false;
                let _ = self.end_game();
                return Err(PgnErrorKind::UnclosedComment { line: opened });
            }
        }
    }

    /// Reads a tag pair starting at `[`.
    fn tag(&mut self) -> Event<'a> {
        let line_end = self.rest().find(['\n', '\r']).unwrap_or(self.rest().len());
        let line = &self.rest()[1..line_end];
        let name_end = line
            .find(|c: char| c.is_whitespace() || c == '"' || c == ']')
            .unwrap_or(line.len());
        let name = &line[..name_end];
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
                (Cow::Borrowed(after[..end].trim()), name_end + end + 1)
            }
        };
        self.at += 1 + used.min(line.len());
        Event::Tag { name, value }
    }

    /// A move is being returned: counted if it is on the main line.
    fn count_move(&mut self) {
        if self.open.is_empty() {
            self.main_moves += 1;
        }
    }

    /// The next of several Chinese moves written without spaces.
    fn next_glued(&mut self) -> Event<'a> {
        let end = self
            .glued
            .char_indices()
            .nth(4)
            .map_or(self.glued.len(), |(i, _)| i);
        let (mv, rest) = self.glued.split_at(end);
        self.glued = rest;
        self.last_number = None;
        self.count_move();
        Event::Move(mv)
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

fn unescape(s: &str) -> Cow<'_, str> {
    if !s.contains('\\') {
        return Cow::Borrowed(s);
    }
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
    Cow::Owned(out)
}

/// Does `c` end a movetext word?
fn ends_word(c: char) -> bool {
    c.is_whitespace()
        || matches!(
            c,
            '{' | '}' | '(' | ')' | '[' | ']' | ';' | '$' | ',' | '，'
        )
}

/// The result `word` is, if it is one (checked first by its first character: every word of
/// the movetext comes here).
fn result_token(word: &str) -> Option<PgnResult> {
    if word.starts_with(['0', '1', '*', '½']) {
        word.parse().ok()
    } else {
        None
    }
}

fn is_dot(c: char) -> bool {
    matches!(c, '.' | '．' | '。' | '…' | '、')
}

fn is_digit(c: char) -> bool {
    c.is_ascii_digit() || ('０'..='９').contains(&c)
}

/// The glyph that the marks after a move stand for, as PGN reads them: `!` `$1`, `?` `$2`,
/// `!!` `$3`, `??` `$4`, `!?` `$5`, `?!` `$6` (full-width marks too).
fn suffix_glyph(marks: &str) -> Option<u16> {
    let marks: String = marks
        .chars()
        .map(|c| match c {
            '！' => '!',
            '？' => '?',
            c => c,
        })
        .collect();
    (1..=6)
        .find(|&n| xiangqi_rules::nag_symbol(n) == Some(marks.as_str()))
        .map(u16::from)
}

/// The move in a movetext word, without a move number before it or annotation marks after,
/// and those marks; `None` if the word is only a move number or dots.
fn strip_word(word: &str) -> Option<(&str, &str)> {
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
    let marked = body;
    body = body.trim_end_matches(['!', '?', '！', '？']);
    let marks = &marked[body.len()..];
    if body.chars().count() > 4 {
        body = body.trim_end_matches(['+', '#']);
    }
    (!body.is_empty()).then_some((body, marks))
}

/// Does `text` begin with the first move's number (`1.`, `1...` or `1、`, not `1.5`)? After a
/// result, such a line starts the next game even without tags: files of bare movetext
/// exist, and their games after the first must not be passed over as notes.
fn starts_movetext(text: &str) -> bool {
    let Some(rest) = text.strip_prefix('1') else {
        return false;
    };
    let mut after = rest.chars();
    match after.next() {
        Some('.' | '．' | '、') => !after.next().is_some_and(|c| c.is_ascii_digit()),
        _ => false,
    }
}

/// Does `text` begin with red's first move number (`1.`, `1、`), not black's (`1...`,
/// `1. ...`, `1…`)? Once a game's main line has both first moves, such a line begins the
/// next game.
fn starts_red_first_move(text: &str) -> bool {
    if !starts_movetext(text) {
        return false;
    }
    let mut after = text[1..].chars();
    after.next(); // the dot
    let next = after.find(|&c| c != ' ' && c != '\t' && c != '\u{3000}');
    !next.is_some_and(is_dot)
}

/// The move number `word` begins with (`12.`, `12...`, `１２．`), if it begins with one; not
/// a WXF soldier move such as `33.4`.
fn move_number(word: &str) -> Option<WrittenNumber> {
    let digits = word.find(|c: char| !is_digit(c)).unwrap_or(word.len());
    let after = &word[digits..];
    if digits == 0 || !after.starts_with(is_dot) {
        return None;
    }
    let rest = after.trim_start_matches(is_dot);
    if digits == 2 && rest.len() == 1 && rest.chars().all(|c| c.is_ascii_digit()) {
        return None;
    }
    let dots = &after[..after.len() - rest.len()];
    let number = word[..digits].chars().try_fold(0u32, |n, c| {
        let d = c
            .to_digit(10)
            .or_else(|| Some(u32::from(c) - u32::from('０')))?;
        n.checked_mul(10)?.checked_add(d)
    })?;
    Some(WrittenNumber {
        number,
        black: dots.chars().count() > 1 || dots.contains('…'),
    })
}

impl<'a> Iterator for Events<'a> {
    type Item = Result<Event<'a>, PgnErrorKind>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.end_due {
            self.end_due = false;
            return Some(self.end_game());
        }
        if !self.glued.is_empty() {
            return Some(Ok(self.next_glued()));
        }
        if let Some(nag) = self.suffix_nag.take() {
            return Some(Ok(Event::Nag(nag)));
        }
        loop {
            self.line = self.at_line;
            let Some(c) = self.rest().chars().next() else {
                return (self.game_open || !self.open.is_empty()).then(|| self.end_game());
            };
            if self.passed_space(c) {
                continue;
            }
            let line_start = std::mem::replace(&mut self.line_start, false);
            self.breaks = 0;
            if self.after_result {
                if line_start && (c == '[' || starts_movetext(self.rest())) {
                    self.after_result = false;
                } else {
                    self.skip_line();
                    continue;
                }
            }
            if line_start
                && self.open.is_empty()
                && self.main_moves >= 2
                && starts_red_first_move(self.rest())
            {
                // Numbering starts again: the game before had no result, and this is the next.
                self.line_start = true;
                return Some(self.end_game());
            }
            if let Some(event) = self.token(c, line_start) {
                return Some(event);
            }
        }
    }
}

impl<'a> Events<'a> {
    /// Steps over `c` if it is white space, counting lines and the blank line after the
    /// tags; `false` when it is not.
    fn passed_space(&mut self, c: char) -> bool {
        if c == '\n' || c == '\r' {
            if c == '\n' {
                self.at_line += 1;
                self.breaks += 1;
                if self.breaks == 2 {
                    self.tags.blank_line();
                }
            }
            self.at += 1;
            self.line_start = true;
            return true;
        }
        if c.is_whitespace() {
            self.at += c.len_utf8();
            return true;
        }
        false
    }

    /// The token that starts with `c`, read; `None` when it tells nothing (a stray bracket,
    /// an escaped line, a result inside a variation) and reading goes on.
    fn token(&mut self, c: char, line_start: bool) -> Option<Result<Event<'a>, PgnErrorKind>> {
        match c {
            '[' => {
                if self.in_movetext
                    || !self.open.is_empty()
                    || (line_start && self.tags.starts_next(self.rest().as_bytes()))
                {
                    // Tags after movetext begin the next game; read them on the next call.
                    self.line_start = line_start;
                    return Some(self.end_game());
                }
                self.game_open = true;
                Some(Ok(self.tag()))
            }
            '{' => Some(self.comment()),
            ';' => {
                self.at += 1;
                let body = self.skip_line();
                Some(Ok(Event::Comment(xiangqi_rules::sanitize::trim_comment(
                    body,
                ))))
            }
            '%' if line_start => {
                self.skip_line();
                None
            }
            '(' => {
                self.at += 1;
                self.pending_number = None;
                self.open.push(self.at_line);
                self.game_open = true;
                self.in_movetext = true;
                Some(Ok(Event::BeginVariation))
            }
            ')' => {
                self.at += 1;
                self.open.pop().map(|_| Ok(Event::EndVariation))
            }
            '}' | ']' | ',' | '，' => {
                self.at += c.len_utf8();
                None
            }
            '$' => {
                self.at += 1;
                let digits = self.rest().find(|c: char| !c.is_ascii_digit());
                let digits = &self.rest()[..digits.unwrap_or(self.rest().len())];
                self.at += digits.len();
                digits.parse().ok().map(|n| Ok(Event::Nag(n)))
            }
            _ => self.word().map(Ok),
        }
    }

    /// A word of movetext: a result, a move number, a mark written apart, or a move (several
    /// when they are written without spaces). `None` when it reports nothing.
    fn word(&mut self) -> Option<Event<'a>> {
        let len = self.rest().find(ends_word).unwrap_or(self.rest().len());
        let word = &self.rest()[..len];
        self.at += len;
        if let Some(result) = result_token(word) {
            // Inside a variation a result only ends that line of play.
            if self.open.is_empty() {
                self.after_result = true;
                self.end_due = true;
                self.game_open = true;
                return Some(Event::Result(result));
            }
            return None;
        }
        if let Some(written) = move_number(word) {
            self.pending_number = Some(written);
        } else if word.chars().all(is_dot)
            && let Some(written) = &mut self.pending_number
        {
            written.black = true; // `12. ...`
        }
        // A mark written apart from its move (`h2e2 !`) is still its glyph.
        if let Some(nag) = suffix_glyph(word) {
            return Some(Event::Nag(nag));
        }
        let (body, marks) = strip_word(word)?;
        let number = self.pending_number.take();
        self.suffix_nag = suffix_glyph(marks);
        self.game_open = true;
        self.in_movetext = true;
        let count = body.chars().count();
        // Moves written without spaces (`炮二平五马８进７`): four characters each.
        if count >= 8 && count % 4 == 0 && body.chars().any(is_cjk) {
            self.glued = body;
            let first = self.next_glued();
            self.last_number = number;
            return Some(first);
        }
        self.last_number = number;
        self.count_move();
        Some(Event::Move(body))
    }
}

#[cfg(test)]
mod tests {
    use super::{Event, Events};
    use crate::pgn::PgnErrorKind;

    fn events(text: &str) -> Vec<Result<Event<'_>, PgnErrorKind>> {
        Events::new(text).collect()
    }

    #[test]
    fn structure_is_reported_in_order() {
        let text = "[Event \"e\"]\n{intro} 1. h2e2! $1 (1. b0c2 (1. g3g4)) h9g7 ; note\n1-0 sig";
        let expected = vec![
            Event::Tag {
                name: "Event",
                value: "e".into(),
            },
            Event::Comment("intro"),
            Event::Move("h2e2"),
            Event::Nag(1),
            Event::Nag(1),
            Event::BeginVariation,
            Event::Move("b0c2"),
            Event::BeginVariation,
            Event::Move("g3g4"),
            Event::EndVariation,
            Event::EndVariation,
            Event::Move("h9g7"),
            Event::Comment("note"),
            Event::Result(crate::pgn::PgnResult::RedWins),
            Event::EndGame,
        ];
        let got: Vec<Event> = events(text).into_iter().filter_map(Result::ok).collect();
        assert_eq!(got, expected);
    }

    #[test]
    fn an_unclosed_comment_names_its_line_and_the_next_game_is_read() {
        let text = "[Event \"1\"]\n1. h2e2 h9g7 { x\n2. h0g2 *\n\n[Event \"2\"]\n1. b0c2 *\n";
        let got = events(text);
        assert!(
            got.contains(&Err(PgnErrorKind::UnclosedComment { line: 2 })),
            "{got:?}"
        );
        assert!(got.contains(&Ok(Event::Move("b0c2"))), "{got:?}");
        let ends = got.iter().filter(|e| **e == Ok(Event::EndGame)).count();
        assert_eq!(ends, 1, "game 2 ends normally: {got:?}");
    }

    #[test]
    fn an_unclosed_variation_names_its_line() {
        let text = "1. h2e2\n(1. b0c2 h9g7\n[Event \"2\"]\n1. b0c2 *";
        let got = events(text);
        assert!(
            got.contains(&Err(PgnErrorKind::UnclosedVariation { line: 2 })),
            "{got:?}"
        );
        assert_eq!(
            events("1. h2e2 (1. b0c2").last(),
            Some(&Err(PgnErrorKind::UnclosedVariation { line: 1 }))
        );
    }

    #[test]
    fn lines_are_counted_across_comments_and_crlf() {
        let mut ev = Events::new("{a\r\nb}\r\n\r\n1. h2e2");
        let _ = ev.next();
        let _ = ev.next();
        assert_eq!(ev.line(), 4);
    }
}
