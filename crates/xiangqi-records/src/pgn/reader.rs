//! Reading PGN: game trees (moves in any of the three notations, comments, variations) built
//! from the events of the text, several games a file.

use super::{
    Event, Events, PgnError, PgnErrorKind, PgnGame, PgnResult, WrittenNumber, defuse, find_tag,
};
use xiangqi_rules::tree::{GameTree, NodeId};
use xiangqi_rules::{Color, Notation, Position};

/// Reads the games of decoded text that starts on line `line` of its file; the first is game
/// number `first`.
pub(crate) fn read_text(text: &str, first: usize, line: usize) -> Vec<Result<PgnGame, PgnError>> {
    let mut games = Vec::new();
    let mut current: Option<Builder> = None;
    let mut events = Events::starting_at_line(text, line);
    while let Some(item) = events.next() {
        let number = first + games.len();
        match item {
            Ok(Event::EndGame) => {
                if let Some(b) = current.take() {
                    games.push(b.finish());
                }
            }
            Err(kind) => {
                let mut b = current.take().unwrap_or_else(|| Builder::new(number));
                b.fail(kind);
                games.push(b.finish());
            }
            // A comment before a game's tags belongs to no game.
            Ok(Event::Comment(_)) if current.is_none() => {}
            Ok(event) => current.get_or_insert_with(|| Builder::new(number)).event(
                event,
                events.line(),
                events.last_move_number(),
            ),
        }
    }
    if let Some(b) = current {
        games.push(b.finish());
    }
    games
}

/// One line of play being read: the main line or a variation.
struct Line {
    /// The last node of the line so far.
    at: NodeId,
    /// The position there.
    pos: Position,
    /// Before the line's last move: its parent and position, where a variation branches off.
    before_last: Option<(NodeId, Position)>,
    /// A comment met before the line's first move.
    pending: Option<String>,
    /// The number written before the line's last move, if it was red's.
    red_number: Option<u32>,
}

/// A game being read.
struct Builder {
    index: usize,
    tags: Vec<(String, String)>,
    tree: Option<GameTree>,
    /// The main line, then the variations open inside it, the innermost last.
    lines: Vec<Line>,
    /// Comments before the first move.
    intro: Option<String>,
    result: Option<PgnResult>,
    error: Option<PgnError>,
}

/// Adds the comment `text` to the comment `to` of the same place (`{a} {b}` after one move):
/// on a line of its own, so that each keeps its lines (the writer keeps line breaks) and a
/// command such as `[%eval 0.3]` is not run into the words of the other.
fn append(to: &mut Option<String>, text: &str) {
    if text.is_empty() {
        return;
    }
    match to {
        Some(t) => {
            t.push('\n');
            t.push_str(text);
        }
        None => *to = Some(text.to_string()),
    }
}

/// Bad text quoted in an error is cut to this many characters.
const QUOTE_LIMIT: usize = 40;

/// `text`, cut to a readable length for an error message.
pub(crate) fn quote(text: &str) -> String {
    match text.char_indices().nth(QUOTE_LIMIT) {
        Some((i, _)) => format!("{}…", &text[..i]),
        None => text.to_string(),
    }
}

impl Builder {
    fn new(index: usize) -> Builder {
        Builder {
            index,
            tags: Vec::new(),
            tree: None,
            lines: Vec::new(),
            intro: None,
            result: None,
            error: None,
        }
    }

    fn fail(&mut self, kind: PgnErrorKind) {
        if self.error.is_none() {
            self.error = Some(PgnError {
                game: self.index,
                kind,
            });
        }
    }

    /// Sets up the start position from the `[FEN]` tag, once the tags are over.
    fn set_up(&mut self) {
        if self.tree.is_some() || self.error.is_some() {
            return;
        }
        let fen = find_tag(&self.tags, "FEN")
            .map(str::trim)
            .unwrap_or_default();
        let start = if fen.is_empty() {
            Position::start()
        } else {
            match Position::from_fen(fen) {
                Ok(p) => p,
                Err(error) => {
                    self.fail(PgnErrorKind::Fen {
                        fen: quote(fen),
                        error,
                    });
                    return;
                }
            }
        };
        self.lines.push(Line {
            at: NodeId::ROOT,
            pos: start.clone(),
            before_last: None,
            pending: None,
            red_number: None,
        });
        self.tree = Some(GameTree::new(start));
    }

    fn event(&mut self, event: Event<'_>, line: usize, number: Option<WrittenNumber>) {
        match event {
            Event::Tag { name, value } => {
                self.tags.push((
                    defuse(name, false).into_owned(),
                    defuse(&value, false).into_owned(),
                ));
            }
            Event::Result(r) => self.result = Some(r),
            Event::Comment(text) if self.tree.is_none() => {
                append(&mut self.intro, &defuse(text, true));
            }
            Event::Comment(text) => self.comment(text),
            Event::Move(text) => {
                self.set_up();
                self.play(text, number);
            }
            Event::BeginVariation => {
                self.set_up();
                if self.error.is_some() {
                    return;
                }
                match self.lines.last().and_then(|l| l.before_last.clone()) {
                    Some((at, pos)) => self.lines.push(Line {
                        at,
                        pos,
                        before_last: None,
                        pending: None,
                        red_number: None,
                    }),
                    None => self.fail(PgnErrorKind::VariationWithoutMove { line }),
                }
            }
            Event::EndVariation => {
                if self.error.is_some() || self.lines.len() < 2 {
                    return;
                }
                if let Some(Line {
                    pending: Some(text),
                    ..
                }) = self.lines.pop()
                {
                    // A variation holding only a comment: keep it with the move it follows.
                    self.comment(&text);
                }
            }
            Event::Nag(n) => self.nag(n),
            Event::EndGame => {}
        }
    }

    /// A numeric annotation glyph belongs to the move before it (one before any move, or
    /// above 255, is dropped).
    fn nag(&mut self, n: u16) {
        let (Some(tree), Some(line), Ok(n)) =
            (self.tree.as_mut(), self.lines.last(), u8::try_from(n))
        else {
            return;
        };
        if line.at != xiangqi_rules::NodeId::ROOT && line.before_last.is_some() {
            let mut nags = tree.nags(line.at).to_vec();
            if !nags.contains(&n) {
                nags.push(n);
            }
            tree.set_nags(line.at, &nags);
        }
    }

    fn comment(&mut self, text: &str) {
        let text = &*defuse(text, true);
        let main = self.lines.len() == 1;
        let (Some(tree), Some(line)) = (self.tree.as_mut(), self.lines.last_mut()) else {
            return;
        };
        if line.before_last.is_some() || main {
            let mut all = tree.comment(line.at).map(str::to_string);
            append(&mut all, text);
            tree.set_comment(line.at, all.as_deref());
        } else {
            append(&mut line.pending, text);
        }
    }

    /// Does the number written before a move on `line` agree that it is this side's move?
    /// If not, a move is missing (or one too many) before it. Red's move never carries
    /// black's dots (`12...`). Black's, numbered without them, carries the number written
    /// before red's move just played (`12. 炮二平五 12. 马８进７`, as some files write it); a
    /// new number there is red's next move. Numbers are not checked against the positions'
    /// own: handwritten records count loosely, and that does not change whose move is whose.
    fn number_fits(line: &Line, written: WrittenNumber) -> bool {
        match line.pos.turn() {
            Color::Red => !written.black,
            Color::Black => written.black || line.red_number.is_none_or(|n| n == written.number),
        }
    }

    /// Reads and plays one move on the innermost line, checking the number written before
    /// it, if any.
    fn play(&mut self, text: &str, number: Option<WrittenNumber>) {
        if self.error.is_some() {
            return;
        }
        let (Some(tree), Some(line)) = (self.tree.as_mut(), self.lines.last_mut()) else {
            return;
        };
        if let Some(written) = number
            && !Self::number_fits(line, written)
        {
            let (number, color) = (line.pos.fullmove_number(), line.pos.turn());
            self.error = Some(PgnError {
                game: self.index,
                kind: PgnErrorKind::MoveNumber {
                    number,
                    color,
                    written,
                    text: quote(text),
                },
            });
            return;
        }
        if line.pos.turn() == Color::Red {
            line.red_number = number.map(|n| n.number);
        }
        match Notation::detect(text).parse(&line.pos, text) {
            Ok(mv) => {
                // `parse` has checked the move against every rule.
                let node = tree.push(line.at, mv);
                if let Some(before) = line.pending.take() {
                    tree.set_comment_before(node, Some(&before));
                }
                let mut next = line.pos.clone();
                next.make_move(mv);
                let before = std::mem::replace(&mut line.pos, next);
                line.before_last = Some((line.at, before));
                line.at = node;
            }
            Err(mut error) => {
                error.text = quote(&error.text);
                let (number, color) = (line.pos.fullmove_number(), line.pos.turn());
                self.fail(PgnErrorKind::Move {
                    number,
                    color,
                    error,
                });
            }
        }
    }

    fn finish(mut self) -> Result<PgnGame, PgnError> {
        self.set_up();
        if let Some(e) = self.error {
            return Err(e);
        }
        // `set_up` made the tree unless it failed.
        let mut tree = self
            .tree
            .unwrap_or_else(|| GameTree::new(Position::start()));
        if let Some(intro) = self.intro {
            let mut all = Some(intro);
            if let Some(c) = tree.comment(NodeId::ROOT) {
                append(&mut all, c);
            }
            tree.set_comment(NodeId::ROOT, all.as_deref());
        }
        let result = self
            .result
            .filter(|r| *r != PgnResult::Unknown)
            .or_else(|| find_tag(&self.tags, "Result").and_then(|r| r.parse().ok()))
            .unwrap_or_default();
        Ok(PgnGame::new(self.tags, tree, result))
    }
}

#[cfg(test)]
mod tests {
    use crate::pgn::{convert, read_game};
    use std::time::Duration;
    use xiangqi_rules::clock::read_clk;
    use xiangqi_rules::{NodeId, Notation, NotationStyle};

    /// The comment of the first move of the one game of `text`.
    fn first_comment(text: &str) -> String {
        let game = read_game(text.as_bytes(), 1).expect("test game");
        let first = game.tree().line_after(NodeId::ROOT)[0];
        game.tree().comment(first).expect("a comment").to_string()
    }

    #[test]
    fn two_comments_of_one_move_stay_two_lines_and_their_commands_read_back() {
        let text = "1. h2e2 {[%eval 3]} {second} h9g7 {good} {[%clk 0:04:41]} *\n";
        assert_eq!(first_comment(text), "[%eval 3]\nsecond");
        let (written, errors) = convert(
            text.as_bytes(),
            None,
            Notation::Iccs,
            &NotationStyle::default(),
        );
        assert!(errors.is_empty(), "{errors:?}");
        assert!(written.contains("{[%eval 3]\nsecond}"), "{written}");
        assert!(written.contains("{good\n[%clk 0:04:41]}"), "{written}");
        let again = read_game(written.as_bytes(), 1).expect("written game");
        let line = again.tree().line_after(NodeId::ROOT);
        let comment = |i: usize| again.tree().comment(line[i]).unwrap_or_default();
        assert_eq!(comment(0), "[%eval 3]\nsecond");
        assert_eq!(read_clk(comment(1)), Some(Duration::from_secs(281)));
    }

    #[test]
    fn comments_before_the_first_move_are_joined_by_a_line_break_too() {
        let game = read_game(b"[Event \"x\"]\n{one} {two} 1. h2e2 *\n", 1).expect("test game");
        assert_eq!(game.tree().comment(NodeId::ROOT), Some("one\ntwo"));
    }

    #[test]
    fn a_tab_in_a_tag_value_reads_and_is_written_as_a_space() {
        let text = "[Site \"tab\there\"]\n[Event \"form\u{c}feed\"]\n1. h2e2 *\n";
        let game = read_game(text.as_bytes(), 1).expect("test game");
        assert_eq!(game.tag("Site"), Some("tab here"));
        assert_eq!(game.tag("Event"), Some("form feed"));
        let (written, _) = convert(
            text.as_bytes(),
            None,
            Notation::Iccs,
            &NotationStyle::default(),
        );
        assert!(written.contains("[Site \"tab here\"]"), "{written}");
        // A tag set by a program, not read from a file, is written so too.
        let tags = [("Site".to_string(), "tab\there".to_string())];
        let pgn = crate::pgn::write_pgn(
            &xiangqi_rules::Game::new(xiangqi_rules::Position::start()),
            &tags,
            Notation::Iccs,
            &NotationStyle::default(),
        );
        assert!(pgn.contains("[Site \"tab here\"]"), "{pgn}");
    }
}
