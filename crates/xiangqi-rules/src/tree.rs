//! A game tree: the moves of a game with their comments and variations, the main line first.
//!
//! Every node but the root holds one move, legal in the position its parent reached; a node's
//! first child continues the line (at the root: the main line), the others are variations —
//! alternatives to that first child. [`crate::Game`] is a cursor into a tree: stepping back
//! keeps every move, and playing a move that differs from the recorded continuation adds a
//! variation.
//!
//! ```
//! use xiangqi_rules::{Game, Notation, NotationStyle};
//! let mut game = Game::default();
//! for mv in ["h2e2", "h9g7"] {
//!     game.play(mv.parse().unwrap()).unwrap();
//! }
//! game.undo();
//! game.play("b9c7".parse().unwrap()).unwrap(); // a variation: h9g7 stays the main line
//! let style = NotationStyle { iccs_hyphenated: false, ..NotationStyle::default() };
//! let list = game.tree().entries(Notation::Iccs, &style);
//! let shown: Vec<_> = list.iter().map(|e| (e.depth, e.text.as_str())).collect();
//! assert_eq!(shown, [(0, "h2e2"), (0, "h9g7"), (1, "b9c7")]);
//! ```

use crate::{Color, IllegalMove, Move, Notation, NotationStyle, Position};

mod edit;
pub use edit::{Edit, EditError, EditKind, Revert, mark_of, next_mark};
mod cut;
pub use cut::CutLine;

/// A node of a [`GameTree`]: the root (the start position) or one move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(u32);

impl NodeId {
    /// The root: the position before the first move.
    pub const ROOT: NodeId = NodeId(0);

    fn index(self) -> usize {
        self.0 as usize
    }
}

#[derive(Clone, Debug)]
struct Node {
    /// `None` only for the root.
    mv: Option<Move>,
    parent: Option<NodeId>,
    first_child: Option<NodeId>,
    next_sibling: Option<NodeId>,
    /// The comment after the move (at the root: before the first move).
    comment: Option<Box<str>>,
    /// A comment before the move, as written at the start of a variation.
    before: Option<Box<str>>,
    /// Numeric annotation glyphs after the move (`$2` is `?`), in the order written.
    nags: Vec<u8>,
    /// False once the move is deleted from the tree (see [`Edit::Delete`]): its slot is kept,
    /// so that ids stay stable and the deletion can be reverted, but nothing reaches it.
    live: bool,
}

impl Node {
    fn new(mv: Option<Move>, parent: Option<NodeId>) -> Node {
        Node {
            mv,
            parent,
            first_child: None,
            next_sibling: None,
            comment: None,
            before: None,
            nags: Vec::new(),
            live: true,
        }
    }
}

/// The moves of a game with their comments and variations.
#[derive(Clone, Debug)]
pub struct GameTree {
    start: Position,
    nodes: Vec<Node>,
    /// How many slots of `nodes` hold deleted moves.
    dead: usize,
    /// Names the tree's state: a new value on every change (a move added, an edit), the old
    /// one back when an edit is reverted — so a [`Revert`] knows whether it still fits.
    revision: u64,
    /// The next new value of `revision`: never handed out twice.
    next_revision: u64,
}

/// One move of the tree as a move list shows it, in the order PGN writes it: each move, then
/// the variations that replace it (each nested one level deeper), then the line goes on.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ListEntry {
    /// The move's node.
    pub node: NodeId,
    /// 0 on the main line, 1 in a variation of it, 2 in a variation of a variation, …
    pub depth: usize,
    /// The move number of the position the move was played from.
    pub number: u32,
    /// Who played it.
    pub color: Color,
    /// The move written in the notation asked for, with the marks of its annotation glyphs
    /// (`?`, `!?` …; see [`nag_symbol`]).
    pub text: String,
    /// Is it the first move of a variation?
    pub starts_variation: bool,
}

/// The mark of a move's numeric annotation glyph, for the six that have one: 1 `!`, 2 `?`,
/// 3 `!!`, 4 `??`, 5 `!?`, 6 `?!`.
#[must_use]
pub fn nag_symbol(nag: u8) -> Option<&'static str> {
    ["!", "?", "!!", "??", "!?", "?!"]
        .get(usize::from(nag).checked_sub(1)?)
        .copied()
}

/// One step of [`GameTree::walk`].
#[derive(Debug)]
pub enum Step<'a> {
    /// A move, with the position it is played from and the variation depth.
    Move {
        /// The move's node.
        node: NodeId,
        /// The position the move is played from.
        before: &'a Position,
        /// How deep in variations it stands (0 on the main line).
        depth: usize,
    },
    /// A variation opens (it will be `depth` deep).
    Begin,
    /// The innermost open variation closes.
    End,
}

impl GameTree {
    /// A tree with no moves yet.
    #[must_use]
    pub fn new(start: Position) -> GameTree {
        GameTree {
            start,
            nodes: vec![Node::new(None, None)],
            dead: 0,
            revision: 0,
            next_revision: 1,
        }
    }

    /// The position before the first move.
    #[must_use]
    pub fn start(&self) -> &Position {
        &self.start
    }

    /// How many moves the tree holds, variations included.
    #[must_use]
    pub fn len(&self) -> usize {
        self.nodes.len() - 1 - self.dead
    }

    /// Has the tree no move at all?
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.nodes[0].first_child.is_none()
    }

    /// Does the tree hold `id` (not deleted, not an id of a larger tree)?
    #[must_use]
    pub fn contains(&self, id: NodeId) -> bool {
        self.node(id).is_some()
    }

    /// A value naming the tree's state: it changes with every move added and every edit,
    /// and an edit reverted brings the value from before it back.
    #[must_use]
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// Gives the tree a revision never used before (it changed).
    fn bump(&mut self) {
        self.revision = self.next_revision;
        self.next_revision += 1;
    }

    fn node(&self, id: NodeId) -> Option<&Node> {
        self.nodes.get(id.index()).filter(|n| n.live)
    }

    fn node_mut(&mut self, id: NodeId) -> Option<&mut Node> {
        self.nodes.get_mut(id.index()).filter(|n| n.live)
    }

    /// The move that leads to `id` (`None` for the root or an id of another tree).
    #[must_use]
    pub fn mv(&self, id: NodeId) -> Option<Move> {
        self.node(id).and_then(|n| n.mv)
    }

    /// The node before `id` (`None` for the root).
    #[must_use]
    pub fn parent(&self, id: NodeId) -> Option<NodeId> {
        self.node(id).and_then(|n| n.parent)
    }

    /// The moves that may follow `id`: the continuation of its line first, then its variations.
    pub fn children(&self, id: NodeId) -> impl Iterator<Item = NodeId> + '_ {
        let first = self.node(id).and_then(|n| n.first_child);
        std::iter::successors(first, |&c| self.nodes[c.index()].next_sibling)
    }

    /// The continuation of `id`'s line, if any move follows it.
    #[must_use]
    pub fn main_child(&self, id: NodeId) -> Option<NodeId> {
        self.node(id).and_then(|n| n.first_child)
    }

    /// The child of `id` that plays `mv`, if the tree has it.
    #[must_use]
    pub fn child(&self, id: NodeId, mv: Move) -> Option<NodeId> {
        self.children(id)
            .find(|&c| self.nodes[c.index()].mv == Some(mv))
    }

    /// `id` and the moves that could replace it (its parent's children), the main one first.
    /// For the root: only the root.
    #[must_use]
    pub fn alternatives(&self, id: NodeId) -> Vec<NodeId> {
        match self.parent(id) {
            Some(p) => self.children(p).collect(),
            None => vec![id],
        }
    }

    /// The comment after the move of `id` (for the root: before the first move).
    #[must_use]
    pub fn comment(&self, id: NodeId) -> Option<&str> {
        self.node(id).and_then(|n| n.comment.as_deref())
    }

    /// Sets (or, with `None` or empty text, removes) the comment after the move of `id` — a
    /// clock reading such as `[%clk 0:59:31]`, a note. Ignored for an id of another tree.
    pub fn set_comment(&mut self, id: NodeId, text: Option<&str>) {
        if let Some(n) = self.node_mut(id) {
            n.comment = text.filter(|t| !t.is_empty()).map(Into::into);
            self.bump();
        }
    }

    /// The numeric annotation glyphs of the move of `id` (PGN's `$1` `$2` …: 1 `!`, 2 `?`,
    /// 3 `!!`, 4 `??`, 5 `!?`, 6 `?!`), in the order written.
    #[must_use]
    pub fn nags(&self, id: NodeId) -> &[u8] {
        self.node(id).map_or(&[], |n| n.nags.as_slice())
    }

    /// Sets the numeric annotation glyphs of the move of `id` (none for the root, where
    /// there is no move). Ignored for an id of another tree.
    pub fn set_nags(&mut self, id: NodeId, nags: &[u8]) {
        if id == NodeId::ROOT {
            return;
        }
        if let Some(n) = self.node_mut(id) {
            n.nags = nags.to_vec();
            self.bump();
        }
    }

    /// The comment written before the move of `id` (at the start of a variation).
    #[must_use]
    pub fn comment_before(&self, id: NodeId) -> Option<&str> {
        self.node(id).and_then(|n| n.before.as_deref())
    }

    /// Sets (or removes) the comment before the move of `id`. The writer puts it only before
    /// the first move of a variation; elsewhere it is written after the previous move.
    pub fn set_comment_before(&mut self, id: NodeId, text: Option<&str>) {
        if let Some(n) = self.node_mut(id) {
            n.before = text.filter(|t| !t.is_empty()).map(Into::into);
            self.bump();
        }
    }

    /// Adds `mv` after `parent` without checking it (the callers have), or finds the child
    /// that already plays it. A new child goes last: the first one added continues the line.
    pub fn push(&mut self, parent: NodeId, mv: Move) -> NodeId {
        if let Some(c) = self.child(parent, mv) {
            return c;
        }
        let id = NodeId(u32::try_from(self.nodes.len()).unwrap_or(u32::MAX));
        self.bump();
        self.nodes.push(Node::new(Some(mv), Some(parent)));
        match self.children(parent).last() {
            Some(last) => self.nodes[last.index()].next_sibling = Some(id),
            None => self.nodes[parent.index()].first_child = Some(id),
        }
        id
    }

    /// Adds `mv` after `parent` if it is legal there (or finds the child that already plays it).
    ///
    /// # Errors
    /// Why the move is illegal in the position `parent` reached.
    pub fn add_move(&mut self, parent: NodeId, mv: Move) -> Result<NodeId, IllegalMove> {
        self.position_at(parent).play(mv)?;
        Ok(self.push(parent, mv))
    }

    /// Adds `mv` after `parent`, whose position the caller holds as `at`, if it is legal there:
    /// the node and the position it reaches. What [`GameTree::add_move`] does without
    /// replaying the moves from the start, for readers that walk a record's tree in order.
    ///
    /// # Errors
    /// Why the move is illegal in `at`.
    pub fn add_move_at(
        &mut self,
        parent: NodeId,
        at: &Position,
        mv: Move,
    ) -> Result<(NodeId, Position), IllegalMove> {
        let next = at.play(mv)?;
        Ok((self.push(parent, mv), next))
    }

    /// The nodes from the root to `id`, both included.
    #[must_use]
    pub fn path(&self, id: NodeId) -> Vec<NodeId> {
        let mut path: Vec<NodeId> =
            std::iter::successors(self.node(id).map(|_| id), |&n| self.parent(n)).collect();
        path.reverse();
        path
    }

    /// The moves from the start to `id`.
    #[must_use]
    pub fn moves_to(&self, id: NodeId) -> Vec<Move> {
        self.path(id).iter().filter_map(|&n| self.mv(n)).collect()
    }

    /// The position reached at `id`.
    #[must_use]
    pub fn position_at(&self, id: NodeId) -> Position {
        let mut pos = self.start.clone();
        for mv in self.moves_to(id) {
            // Every move in the tree was checked when it was added.
            pos.make_move(mv);
        }
        pos
    }

    /// The nodes after `id` when each line is followed by its continuation to its end.
    #[must_use]
    pub fn line_after(&self, id: NodeId) -> Vec<NodeId> {
        std::iter::successors(self.main_child(id), |&n| self.main_child(n)).collect()
    }

    /// The moves of the main line, from the start to its end.
    #[must_use]
    pub fn main_line(&self) -> Vec<Move> {
        self.line_after(NodeId::ROOT)
            .iter()
            .filter_map(|&n| self.mv(n))
            .collect()
    }

    /// Makes `id` the continuation of its parent's line (its former continuation becomes a
    /// variation); from the root down, every line leading to `id` becomes the main line.
    /// (As [`Edit::Promote`], without the refusal or the way back.)
    pub fn promote(&mut self, id: NodeId) {
        if !self.promote_path(id).is_empty() {
            self.bump();
        }
    }

    /// Visits the tree in PGN order: each move, then the variations that replace it, each
    /// between [`Step::Begin`] and [`Step::End`], then the rest of the line. Without
    /// recursion, so no tree is too deep.
    pub fn walk(&self, mut visit: impl FnMut(Step<'_>)) {
        struct Frame {
            /// The node whose children come next.
            at: NodeId,
            /// The position at `at`.
            pos: Position,
            depth: usize,
            /// 0: the continuation is next; k: the k-th child, a variation, is next.
            next: usize,
        }
        let mut stack = vec![Frame {
            at: NodeId::ROOT,
            pos: self.start.clone(),
            depth: 0,
            next: 0,
        }];
        while let Some(top) = stack.last_mut() {
            let Some(first) = self.main_child(top.at) else {
                if top.depth > 0 {
                    visit(Step::End);
                }
                stack.pop();
                continue;
            };
            if top.next == 0 {
                visit(Step::Move {
                    node: first,
                    before: &top.pos,
                    depth: top.depth,
                });
                top.next = 1;
                continue;
            }
            if let Some(alt) = self.children(top.at).nth(top.next) {
                top.next += 1;
                let depth = top.depth + 1;
                visit(Step::Begin);
                visit(Step::Move {
                    node: alt,
                    before: &top.pos,
                    depth,
                });
                let mut pos = top.pos.clone();
                if let Some(mv) = self.mv(alt) {
                    pos.make_move(mv);
                }
                stack.push(Frame {
                    at: alt,
                    pos,
                    depth,
                    next: 0,
                });
                continue;
            }
            if let Some(mv) = self.mv(first) {
                top.pos.make_move(mv);
            }
            top.at = first;
            top.next = 0;
        }
    }

    /// Every move of the tree in PGN order, written in `notation`, with its node and depth:
    /// what a move list shows (see [`ListEntry`]).
    #[must_use]
    pub fn entries(&self, notation: Notation, style: &NotationStyle) -> Vec<ListEntry> {
        let mut out = Vec::with_capacity(self.len());
        let mut starts = false;
        self.walk(|step| match step {
            Step::Begin => starts = true,
            Step::End => {}
            Step::Move {
                node,
                before,
                depth,
            } => {
                let mut text = self
                    .mv(node)
                    .and_then(|mv| notation.write(before, mv, style).ok())
                    .unwrap_or_default();
                for symbol in self.nags(node).iter().filter_map(|&n| nag_symbol(n)) {
                    text.push_str(symbol);
                }
                out.push(ListEntry {
                    node,
                    depth,
                    number: before.fullmove_number(),
                    color: before.turn(),
                    text,
                    starts_variation: std::mem::take(&mut starts),
                });
            }
        });
        out
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::{GameTree, NodeId};
    use crate::{Notation, NotationStyle, Position};

    /// A tree of these lines from the start, each added from the root (the first is main).
    pub(crate) fn tree_with(lines: &[&[&str]]) -> GameTree {
        let mut tree = GameTree::new(Position::start());
        for line in lines {
            let mut at = NodeId::ROOT;
            for m in *line {
                at = tree
                    .add_move(at, m.parse().unwrap_or_default())
                    .unwrap_or_else(|e| panic!("{m}: {e}"));
            }
        }
        tree
    }

    fn listing(tree: &GameTree) -> Vec<(usize, String, bool)> {
        let style = NotationStyle {
            iccs_hyphenated: false,
            ..NotationStyle::default()
        };
        tree.entries(Notation::Iccs, &style)
            .into_iter()
            .map(|e| (e.depth, e.text, e.starts_variation))
            .collect()
    }

    #[test]
    fn glyphs_are_kept_and_marked_in_the_list() {
        let mut tree = tree_with(&[&["h2e2", "h9g7"]]);
        let first = tree.main_child(NodeId::ROOT).expect("a move");
        tree.set_nags(first, &[2, 146]);
        tree.set_nags(NodeId::ROOT, &[4]);
        assert_eq!(tree.nags(first), [2, 146]);
        assert!(tree.nags(NodeId::ROOT).is_empty());
        let style = NotationStyle::default();
        let texts: Vec<String> = tree
            .entries(Notation::Iccs, &style)
            .into_iter()
            .map(|e| e.text)
            .collect();
        assert_eq!(texts, ["H2-E2?", "H9-G7"]);
    }

    #[test]
    fn the_first_line_added_is_the_main_line_and_others_are_variations() {
        let tree = tree_with(&[
            &["h2e2", "h9g7", "h0g2"],
            &["h2e2", "b9c7"],
            &["b0c2"],
            &["h2e2", "b9c7", "b0c2"],
        ]);
        assert_eq!(tree.len(), 6, "shared moves are stored once");
        let main: Vec<String> = tree.main_line().iter().map(ToString::to_string).collect();
        assert_eq!(main, ["h2e2", "h9g7", "h0g2"]);
        let expected = [
            (0, "h2e2", false),
            (1, "b0c2", true),
            (0, "h9g7", false),
            (1, "b9c7", true),
            (1, "b0c2", false),
            (0, "h0g2", false),
        ]
        .map(|(d, t, s)| (d, t.to_string(), s));
        assert_eq!(listing(&tree), expected);
    }

    #[test]
    fn an_illegal_move_is_not_added() {
        let mut tree = GameTree::new(Position::start());
        assert!(
            tree.add_move(NodeId::ROOT, "a0a5".parse().unwrap_or_default())
                .is_err()
        );
        assert!(tree.is_empty());
    }

    #[test]
    fn promoting_a_variation_makes_its_lines_main() {
        let mut tree = tree_with(&[&["h2e2", "h9g7"], &["h2e2", "b9c7"], &["b0c2", "b9c7"]]);
        let deep = tree.line_after(tree.children(NodeId::ROOT).nth(1).unwrap_or(NodeId::ROOT));
        let leaf = *deep.last().unwrap_or(&NodeId::ROOT);
        tree.promote(leaf);
        let main: Vec<String> = tree.main_line().iter().map(ToString::to_string).collect();
        assert_eq!(main, ["b0c2", "b9c7"]);
        assert_eq!(listing(&tree).len(), 5, "nothing is lost");
    }

    #[test]
    fn comments_are_set_read_and_cleared() {
        let mut tree = tree_with(&[&["h2e2"]]);
        let node = tree.main_child(NodeId::ROOT).unwrap_or(NodeId::ROOT);
        tree.set_comment(node, Some("[%clk 0:59:31]"));
        assert_eq!(tree.comment(node), Some("[%clk 0:59:31]"));
        tree.set_comment(node, Some(""));
        assert_eq!(tree.comment(node), None);
    }

    #[test]
    fn a_very_long_line_is_walked_without_recursion() {
        let mut tree = GameTree::new(Position::start());
        let mut at = NodeId::ROOT;
        for i in 0..200_000 {
            let m = ["b0c2", "b9c7", "c2b0", "c7b9"][i % 4];
            at = tree.push(at, m.parse().unwrap_or_default());
        }
        assert_eq!(
            tree.entries(Notation::Iccs, &NotationStyle::default())
                .len(),
            200_000
        );
    }
}
