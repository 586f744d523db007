//! Writing DhtmlXQ: a game as one `[DhtmlXQ]…[/DhtmlXQ]` block, the text that xiangqi web
//! viewers and forums show as a board. Variations are numbered as vschess numbers them: each
//! line's branch points from its last step back to its first, each new line followed at once
//! by its own. What the format has no place for is left out and listed, never dropped
//! silently.

use std::fmt;

use crate::record_loss;
pub use crate::record_loss::Common;
use xiangqi_rules::role::set_places;
use xiangqi_rules::{Color, GameTree, NodeId, Square};

/// The block's fields for PGN tags, in the order they are written (the reader's table
/// turned round).
const TAG_FIELDS: [(&str, &str); 11] = [
    ("Title", "title"),
    ("Event", "event"),
    ("Date", "date"),
    ("Site", "place"),
    ("Round", "round"),
    ("Red", "red"),
    ("Black", "black"),
    ("RedTeam", "redteam"),
    ("BlackTeam", "blackteam"),
    ("Annotator", "author"),
    ("Remark", "remark"),
];
/// Tags the block holds otherwise (the start, the result) or that say nothing of the game.
const IMPLIED_TAGS: [&str; 5] = ["Game", "FEN", "SetUp", "Result", "Format"];

/// What a game could not keep in a DhtmlXQ block.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LeftOut {
    /// A tag the block has no field for.
    Tag(String),
    /// Texts whose square brackets, which would end a field, became full-width ones.
    Brackets(usize),
    /// Comments holding `||`, which the format reads as a line break: written `｜｜`.
    Bars(usize),
    /// What XQF cannot hold either.
    Common(Common),
}

impl fmt::Display for LeftOut {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LeftOut::Tag(name) => write!(f, "the [{name}] tag (DhtmlXQ has no field for it)"),
            LeftOut::Brackets(1) => write!(f, "the square brackets of one text (written ［ ］)"),
            LeftOut::Brackets(n) => {
                write!(f, "the square brackets of {n} texts (written ［ ］)")
            }
            LeftOut::Bars(1) => write!(f, "the || of one comment (written ｜｜)"),
            LeftOut::Bars(n) => write!(f, "the || of {n} comments (written ｜｜)"),
            LeftOut::Common(common) => common.fmt(f),
        }
    }
}

/// A game written as DhtmlXQ: the block's text and what it could not hold.
#[derive(Clone, Debug)]
pub struct Written {
    /// The `[DhtmlXQ]` block.
    pub text: String,
    /// What the block could not hold.
    pub left_out: Vec<LeftOut>,
}

/// Writes `tree` (its start, moves, variations and comments) with `tags` (`Result` as PGN
/// writes it: `1-0`, `0-1`, `1/2-1/2`) as a DhtmlXQ block, one field a line.
#[must_use]
pub fn write(tree: &GameTree, tags: &[(String, String)]) -> Written {
    let mut out = Block::default();
    for (tag, field) in TAG_FIELDS {
        let value = tags
            .iter()
            .find(|(name, _)| name.eq_ignore_ascii_case(tag))
            .map(|(_, v)| v.trim());
        // PGN's placeholders for nothing known (`?`, `????.??.??`) say nothing here either.
        if let Some(value) = value.filter(|v| !v.chars().all(|c| matches!(c, '?' | '.'))) {
            out.field(field, value);
        }
    }
    let result = tags
        .iter()
        .find(|(name, _)| name.eq_ignore_ascii_case("Result"))
        .and_then(|(_, value)| match value.trim() {
            "1-0" => Some("红胜"),
            "0-1" => Some("黑胜"),
            "1/2-1/2" => Some("和棋"),
            _ => None,
        });
    if let Some(result) = result {
        out.field("result", result);
    }
    // A tag without a field, or a second one of a name that has one (two `[Red]`: the first
    // is written).
    let mut left_out: Vec<LeftOut> = tags
        .iter()
        .enumerate()
        .filter_map(|(i, (name, _))| {
            if TAG_FIELDS.iter().any(|(t, _)| t.eq_ignore_ascii_case(name)) {
                record_loss::repeats_earlier(tags, i)
                    .then(|| LeftOut::Common(Common::SecondTag(name.clone())))
            } else {
                (!IMPLIED_TAGS.iter().any(|t| t.eq_ignore_ascii_case(name)))
                    .then(|| LeftOut::Tag(name.clone()))
            }
        })
        .collect();
    out.plain("binit", &binit(tree));
    let main = tree.line_after(NodeId::ROOT);
    out.plain("movelist", &moves(tree, &main));
    let mut lines = Lines {
        tree,
        next: 1,
        branches: Vec::new(),
        comments: vec![(0, 0, NodeId::ROOT)],
    };
    lines.walk(main);
    for (parent, step, number, nodes) in &lines.branches {
        out.plain(
            &format!("move_{parent}_{step}_{number}"),
            &moves(tree, nodes),
        );
    }
    lines
        .comments
        .sort_unstable_by_key(|&(line, step, _)| (line, step));
    let (mut barred, mut joined) = (0, 0);
    for &(line, step, id) in &lines.comments {
        let (text, two) = record_loss::one_comment(tree, id);
        joined += usize::from(two);
        let mut text = text.unwrap_or_default();
        if text.is_empty() {
            continue;
        }
        if text.contains("||") {
            barred += 1;
            text = text.replace("||", "｜｜");
        }
        let name = if line == 0 {
            format!("comment{step}")
        } else {
            format!("comment{line}_{step}")
        };
        out.field(&name, &text.replace('\n', "||"));
    }
    left_out.extend(record_loss::of_start(tree).into_iter().map(LeftOut::Common));
    if out.bracketed > 0 {
        left_out.push(LeftOut::Brackets(out.bracketed));
    }
    if barred > 0 {
        left_out.push(LeftOut::Bars(barred));
    }
    left_out.extend(record_loss::counted(lines.glyphs(), joined).map(LeftOut::Common));
    Written {
        text: format!("[DhtmlXQ]\n{}[/DhtmlXQ]\n", out.text),
        left_out,
    }
}

/// The block's fields as they are written.
#[derive(Default)]
struct Block {
    text: String,
    /// Texts whose brackets were made full-width.
    bracketed: usize,
}

impl Block {
    /// A field of free text: a bracket would end it early, so it is written full-width.
    fn field(&mut self, name: &str, value: &str) {
        if value.contains(['[', ']']) {
            self.bracketed += 1;
            let value = value.replace('[', "［").replace(']', "］");
            self.plain(name, &value);
        } else {
            self.plain(name, value);
        }
    }

    /// A field of digits (or text already made safe).
    fn plain(&mut self, name: &str, value: &str) {
        self.text
            .push_str(&format!("[DhtmlXQ_{name}]{value}[/DhtmlXQ_{name}]\n"));
    }
}

/// The numbered lines of a tree and the comments' places, as they are found.
struct Lines<'a> {
    tree: &'a GameTree,
    /// The number the next line gets (the main line is 0).
    next: usize,
    /// Each variation: its parent line, the step it branches at, its number, its moves.
    branches: Vec<(usize, usize, usize, Vec<NodeId>)>,
    /// Each node whose comment a line holds: the line, the step (0: before the first move).
    comments: Vec<(usize, usize, NodeId)>,
}

impl Lines<'_> {
    /// Numbers the lines of the tree whose main line is `main`: each line's branch points
    /// from its last step back to its first, each new line walked at once (its comments
    /// noted, its own branches numbered) before the next. Without recursion: a record of
    /// thousands of nested variations must not run out of stack.
    fn walk(&mut self, main: Vec<NodeId>) {
        /// A line being walked: its number, the step of its first own move, its own moves
        /// (the steps before are its parent's), the step index to look at next (counting
        /// down), and the other moves at the step looked at, with that step.
        struct Frame {
            number: usize,
            first: usize,
            own: Vec<NodeId>,
            next: usize,
            others: Vec<NodeId>,
            step: usize,
        }
        let frame = |number, first, own: Vec<NodeId>| Frame {
            number,
            first,
            next: own.len(),
            own,
            others: Vec::new(),
            step: first,
        };
        self.note(0, 1, &main);
        let mut stack = vec![frame(0, 1, main)];
        while let Some(top) = stack.last_mut() {
            if let Some(other) = top.others.pop() {
                let (parent, step) = (top.number, top.step);
                let number = self.next;
                self.next += 1;
                let mut nodes = vec![other];
                nodes.extend(self.tree.line_after(other));
                self.note(number, step, &nodes);
                self.branches.push((parent, step, number, nodes.clone()));
                stack.push(frame(number, step, nodes));
                continue;
            }
            // The other moves at a line's first step are its parent's branches.
            let stop = usize::from(top.number != 0);
            if top.next <= stop {
                stack.pop();
                continue;
            }
            top.next -= 1;
            let id = top.own[top.next];
            let parent = self.tree.parent(id).unwrap_or(NodeId::ROOT);
            // Taken from the end: the first of them first.
            top.others = self.tree.children(parent).filter(|&c| c != id).collect();
            top.others.reverse();
            top.step = top.first + top.next;
        }
    }

    /// Line `number` holds the comments of its own moves `own`, the first at step `first`.
    fn note(&mut self, number: usize, first: usize, own: &[NodeId]) {
        for (i, &id) in own.iter().enumerate() {
            self.comments.push((number, first + i, id));
        }
    }

    /// How many moves written have glyphs, which the format cannot hold.
    fn glyphs(&self) -> usize {
        self.comments
            .iter()
            .filter(|&&(_, _, id)| !self.tree.nags(id).is_empty())
            .count()
    }
}

/// The moves of `nodes`, four digits each.
fn moves(tree: &GameTree, nodes: &[NodeId]) -> String {
    nodes
        .iter()
        .filter_map(|&id| tree.mv(id))
        .map(|mv| format!("{}{}", point(mv.from), point(mv.to)))
        .collect()
}

/// The DhtmlXQ point of `sq`: its file from red's left, then its row from black's side.
fn point(sq: Square) -> String {
    format!("{}{}", sq.file().index(), 9 - sq.rank().index())
}

/// The start's 32 pieces, in the set's order for each side (`99` for one not on the board).
/// Red's pieces are taken from its right (file i) to its left and black's the other way,
/// so that the usual start reads as every viewer writes it.
fn binit(tree: &GameTree) -> String {
    let mut pieces: Vec<_> = tree.start().board().pieces().collect();
    pieces.sort_by_key(|(sq, piece)| {
        let file = i16::from(sq.file().index());
        let rank = i16::from(sq.rank().index());
        match piece.color {
            Color::Red => (-file, rank),
            Color::Black => (file, -rank),
        }
    });
    set_places(pieces)
        .iter()
        .map(|sq| sq.map_or_else(|| "99".to_string(), point))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi_rules::Position;

    #[test]
    fn the_start_is_written_as_every_viewer_writes_it() {
        let written = write(&GameTree::new(Position::start()), &[]);
        assert!(written.text.contains(&format!(
            "[DhtmlXQ_binit]{}[/DhtmlXQ_binit]",
            super::super::STANDARD
        )));
        assert_eq!(written.left_out, []);
    }

    #[test]
    fn thousands_of_nested_variations_are_written_without_running_out_of_stack() {
        // Each variation branches off the one before at its second move: 40,000 levels,
        // 40,000 lines each inside the last (a record of about 500 KB could hold them).
        const LEVELS: usize = 40_000;
        let mut tree = GameTree::new(Position::start());
        let (mut at, mut pos) = (NodeId::ROOT, Position::start());
        for _ in 0..LEVELS {
            let moves = pos.legal_moves();
            let (stay, branch) = (moves[0], moves[moves.len() - 1]);
            tree.push(at, stay);
            at = tree.push(at, branch);
            pos = pos.play(branch).expect("a legal move");
        }
        let written = write(&tree, &[]);
        assert!(
            written
                .text
                .contains(&format!("[DhtmlXQ_move_{}_{LEVELS}_{LEVELS}]", LEVELS - 1)),
            "the innermost line, numbered last"
        );
    }

    #[test]
    fn a_second_tag_of_a_name_keeps_the_first_and_is_said() {
        let tags = [
            ("Red".to_string(), "甲".to_string()),
            ("Red".to_string(), "乙".to_string()),
        ];
        let written = write(&GameTree::new(Position::start()), &tags);
        assert_eq!(
            written.left_out,
            [LeftOut::Common(Common::SecondTag("Red".into()))]
        );
        assert!(
            written.text.contains("[DhtmlXQ_red]甲[/DhtmlXQ_red]"),
            "{}",
            written.text
        );
        assert!(!written.text.contains('乙'), "{}", written.text);
    }

    #[test]
    fn black_to_move_without_moves_and_odd_counters_are_said() {
        let fen = "3k5/9/9/9/9/9/9/9/4A4/4K4 b - - 7 30";
        let tree = GameTree::new(Position::from_fen(fen).expect("a position"));
        let written = write(&tree, &[]);
        assert_eq!(
            written.left_out,
            [
                LeftOut::Common(Common::BlackToMove),
                LeftOut::Common(Common::Counters)
            ]
        );
        let read = super::super::read_all(&written.text);
        let read = read[0].as_ref().expect("reads back");
        assert_eq!(read.tree.start().board(), tree.start().board());
    }
}
