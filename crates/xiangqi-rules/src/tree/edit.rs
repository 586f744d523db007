//! Editing a game tree by hand: a move's comment and mark, which line is the main one, a
//! move deleted with everything after it. Each is an [`Edit`]; [`GameTree::apply`] makes it
//! and hands back a [`Revert`], which [`GameTree::revert`] takes to put the tree back as it
//! was — as long as nothing else changed the tree in between.
//!
//! ```
//! use xiangqi_rules::{Edit, Game, NodeId};
//! let mut game = Game::default();
//! for mv in ["h2e2", "h9g7", "h0g2"] {
//!     game.play(mv.parse().unwrap()).unwrap();
//! }
//! let tree = game.tree().clone();
//! let second = tree.line_after(NodeId::ROOT)[1];
//! let mut tree = tree;
//! let revert = tree.apply(&Edit::Delete(second)).unwrap();
//! assert_eq!(tree.main_line().len(), 1);
//! tree.revert(revert).unwrap();
//! assert_eq!(tree.main_line().len(), 3);
//! ```

use super::{GameTree, NodeId};

/// The mark of a move among its glyphs: the first of `$1`–`$6` (`!` `?` `!!` `??` `!?`
/// `?!`), if it has one.
#[must_use]
pub fn mark_of(nags: &[u8]) -> Option<u8> {
    nags.iter().copied().find(|n| (1..=6).contains(n))
}

/// The mark after `mark` as `!` cycles them: none, `!`, `?`, `!!`, `??`, `!?`, `?!`, none —
/// which are `$1` to `$6` in order.
#[must_use]
pub fn next_mark(mark: Option<u8>) -> Option<u8> {
    match mark {
        None => Some(1),
        Some(n) if n < 6 => Some(n + 1),
        Some(_) => None,
    }
}

/// A change to a game tree made by hand.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Edit {
    /// Sets the comment after the move of `node` (at the root: before the first move);
    /// `None` or empty text removes it.
    Comment {
        /// The move.
        node: NodeId,
        /// The new comment.
        text: Option<String>,
    },
    /// Gives the move the next mark (see [`next_mark`]); its other glyphs stay.
    CycleMark(NodeId),
    /// Makes every line leading to the move the main line at its depth, from the root down:
    /// the variation holding it becomes the main line and the old main line a variation
    /// (see [`GameTree::promote`]).
    Promote(NodeId),
    /// Removes the move and everything after it (its variations too).
    Delete(NodeId),
}

/// What kind of [`Edit`] a [`Revert`] takes back.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum EditKind {
    /// [`Edit::Comment`].
    Comment,
    /// [`Edit::CycleMark`].
    Mark,
    /// [`Edit::Promote`].
    Promote,
    /// [`Edit::Delete`].
    Delete,
}

/// Why an [`Edit`] or a [`Revert`] was refused; the tree is unchanged.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EditError {
    /// The node is the start (which has no move to mark, promote or delete) or not a move
    /// of this tree.
    NoMove,
    /// [`Edit::Promote`] of a move on the main line.
    AlreadyMain,
    /// [`GameTree::revert`] after the tree changed since the edit.
    Stale,
}

impl std::fmt::Display for EditError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            EditError::NoMove => "there is no move there to edit",
            EditError::AlreadyMain => "the move is on the main line already",
            EditError::Stale => "the game tree has changed since that edit",
        })
    }
}

impl std::error::Error for EditError {}

/// What [`GameTree::revert`] needs to take an edit back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Revert {
    node: NodeId,
    undo: Undo,
    /// The tree's revision before the edit and after it.
    before: u64,
    after: u64,
}

#[derive(Clone, Debug, PartialEq, Eq)]
enum Undo {
    Comment(Option<Box<str>>),
    Nags(Vec<u8>),
    /// Each node moved to the front of its parent's children, with its place before.
    Promote(Vec<(NodeId, usize)>),
    /// The node was taken out at this place among its parent's children, with this many
    /// moves under it (itself included).
    Delete {
        index: usize,
        count: usize,
    },
}

impl Revert {
    /// The move the edit was made on.
    #[must_use]
    pub fn node(&self) -> NodeId {
        self.node
    }

    /// What kind of edit it was.
    #[must_use]
    pub fn kind(&self) -> EditKind {
        match self.undo {
            Undo::Comment(_) => EditKind::Comment,
            Undo::Nags(_) => EditKind::Mark,
            Undo::Promote(_) => EditKind::Promote,
            Undo::Delete { .. } => EditKind::Delete,
        }
    }

    /// How many moves a deletion removed (0 for the other edits).
    #[must_use]
    pub fn deleted(&self) -> usize {
        match self.undo {
            Undo::Delete { count, .. } => count,
            _ => 0,
        }
    }
}

impl GameTree {
    /// Makes `edit`, and returns what [`GameTree::revert`] needs to take it back.
    ///
    /// # Errors
    /// [`EditError::NoMove`] for a node that is not a move of the tree (the root has no mark
    /// and cannot be promoted or deleted, though it can have a comment);
    /// [`EditError::AlreadyMain`] when promoting a move of the main line.
    pub fn apply(&mut self, edit: &Edit) -> Result<Revert, EditError> {
        let before = self.revision;
        let (node, undo) = match edit {
            Edit::Comment { node, text } => {
                let n = self.node_mut(*node).ok_or(EditError::NoMove)?;
                let text = text.as_deref().filter(|t| !t.is_empty());
                let old = std::mem::replace(&mut n.comment, text.map(Into::into));
                (*node, Undo::Comment(old))
            }
            Edit::CycleMark(node) => {
                let n = self
                    .node_mut(*node)
                    .filter(|n| n.mv.is_some())
                    .ok_or(EditError::NoMove)?;
                let old = n.nags.clone();
                let next = next_mark(mark_of(&old));
                n.nags.retain(|g| !(1..=6).contains(g));
                // The move's own mark goes first, as PGN writes it: `$5 $14`.
                if let Some(mark) = next {
                    n.nags.insert(0, mark);
                }
                (*node, Undo::Nags(old))
            }
            Edit::Promote(node) => {
                self.move_node(*node)?;
                let moved = self.promote_path(*node);
                if moved.is_empty() {
                    return Err(EditError::AlreadyMain);
                }
                (*node, Undo::Promote(moved))
            }
            Edit::Delete(node) => {
                let parent = self.move_node(*node)?;
                let index = self.children(parent).position(|c| c == *node).unwrap_or(0);
                self.unlink(*node);
                let gone = self.subtree(*node);
                for id in &gone {
                    self.nodes[id.index()].live = false;
                }
                self.dead += gone.len();
                let count = gone.len();
                (*node, Undo::Delete { index, count })
            }
        };
        self.bump();
        Ok(Revert {
            node,
            undo,
            before,
            after: self.revision,
        })
    }

    /// Takes back the edit `revert` came from; returns the move it was made on.
    ///
    /// # Errors
    /// [`EditError::Stale`] if the tree changed since the edit (a move added, another edit
    /// not taken back first): the tree is left as it is.
    pub fn revert(&mut self, revert: Revert) -> Result<NodeId, EditError> {
        if revert.after != self.revision {
            return Err(EditError::Stale);
        }
        let node = revert.node;
        match revert.undo {
            Undo::Comment(old) => self.nodes[node.index()].comment = old,
            Undo::Nags(old) => self.nodes[node.index()].nags = old,
            Undo::Promote(moved) => {
                for &(id, index) in moved.iter().rev() {
                    if let Some(parent) = self.parent(id) {
                        self.unlink(id);
                        self.link_at(parent, id, index);
                    }
                }
            }
            Undo::Delete { index, count } => {
                for id in self.subtree(node) {
                    self.nodes[id.index()].live = true;
                }
                self.dead -= count;
                if let Some(parent) = self.nodes[node.index()].parent {
                    self.link_at(parent, node, index);
                }
            }
        }
        self.revision = revert.before;
        Ok(node)
    }

    /// The parent of `node`, a move of the tree (not the root).
    fn move_node(&self, node: NodeId) -> Result<NodeId, EditError> {
        self.parent(node)
            .filter(|_| self.contains(node))
            .ok_or(EditError::NoMove)
    }

    /// Puts each move on the path to `id` first among its parent's children, from `id` up;
    /// returns the ones moved with their places before.
    pub(super) fn promote_path(&mut self, id: NodeId) -> Vec<(NodeId, usize)> {
        let mut moved = Vec::new();
        let mut id = id;
        while let Some(parent) = self.parent(id) {
            let index = self.children(parent).position(|c| c == id).unwrap_or(0);
            if index > 0 {
                self.unlink(id);
                self.link_at(parent, id, 0);
                moved.push((id, index));
            }
            id = parent;
        }
        moved
    }

    /// Takes `id` out of its parent's children (it keeps its own).
    fn unlink(&mut self, id: NodeId) {
        let Some(parent) = self.nodes[id.index()].parent else {
            return;
        };
        let next = self.nodes[id.index()].next_sibling.take();
        if self.nodes[parent.index()].first_child == Some(id) {
            self.nodes[parent.index()].first_child = next;
        } else {
            let prev = self
                .children(parent)
                .find(|&c| self.nodes[c.index()].next_sibling == Some(id));
            if let Some(prev) = prev {
                self.nodes[prev.index()].next_sibling = next;
            }
        }
    }

    /// Puts `id` among `parent`'s children at `index` (last if there are fewer).
    fn link_at(&mut self, parent: NodeId, id: NodeId, index: usize) {
        let prev = index
            .checked_sub(1)
            .and_then(|i| self.children(parent).take(i + 1).last());
        match prev {
            None => {
                self.nodes[id.index()].next_sibling = self.nodes[parent.index()].first_child;
                self.nodes[parent.index()].first_child = Some(id);
            }
            Some(prev) => {
                self.nodes[id.index()].next_sibling = self.nodes[prev.index()].next_sibling;
                self.nodes[prev.index()].next_sibling = Some(id);
            }
        }
    }

    /// `id` and every node under it, deleted or not, without recursion.
    fn subtree(&self, id: NodeId) -> Vec<NodeId> {
        let mut out = Vec::new();
        let mut stack = vec![id];
        while let Some(n) = stack.pop() {
            out.push(n);
            let first = self.nodes[n.index()].first_child;
            stack.extend(std::iter::successors(first, |&c| {
                self.nodes[c.index()].next_sibling
            }));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::{Edit, EditError, EditKind, GameTree, NodeId, mark_of, next_mark};
    use crate::tree::tests::tree_with;
    use crate::{Notation, NotationStyle};

    /// The tree as PGN would list it: depth and move, in order.
    fn listing(tree: &GameTree) -> Vec<String> {
        let style = NotationStyle {
            iccs_hyphenated: false,
            ..NotationStyle::default()
        };
        tree.entries(Notation::Iccs, &style)
            .into_iter()
            .map(|e| format!("{}{}", "(".repeat(e.depth), e.text))
            .collect()
    }

    /// The node reached by following these moves from the root.
    fn at(tree: &GameTree, moves: &[&str]) -> NodeId {
        moves.iter().fold(NodeId::ROOT, |n, m| {
            tree.child(n, m.parse().unwrap_or_default())
                .unwrap_or_else(|| panic!("no {m}"))
        })
    }

    fn main(tree: &GameTree) -> Vec<String> {
        tree.main_line().iter().map(ToString::to_string).collect()
    }

    /// Three levels: the main line h2e2 h9g7 h0g2 b9c7; a variation b9c7 for h9g7 which
    /// goes on b0c2 h9g7, with a variation of its own, g3g4, for b0c2; and b0c2 for h2e2.
    fn nested() -> GameTree {
        tree_with(&[
            &["h2e2", "h9g7", "h0g2", "b9c7"],
            &["h2e2", "b9c7", "b0c2", "h9g7"],
            &["h2e2", "b9c7", "g3g4"],
            &["b0c2"],
        ])
    }

    #[test]
    fn marks_cycle_through_the_six_and_none() {
        let mut mark = None;
        let mut seen = Vec::new();
        for _ in 0..7 {
            mark = next_mark(mark);
            seen.push(mark);
        }
        assert_eq!(
            seen,
            [Some(1), Some(2), Some(3), Some(4), Some(5), Some(6), None]
        );
        assert_eq!(mark_of(&[14, 5, 1]), Some(5));
        assert_eq!(mark_of(&[14, 146]), None);
    }

    #[test]
    fn cycling_a_mark_keeps_the_other_glyphs_and_is_undone() {
        let mut tree = tree_with(&[&["h2e2", "h9g7"]]);
        let node = at(&tree, &["h2e2"]);
        tree.set_nags(node, &[14, 2]);
        let mut texts = Vec::new();
        let mut reverts = Vec::new();
        for _ in 0..6 {
            reverts.push(tree.apply(&Edit::CycleMark(node)).expect("a move"));
            texts.push(listing(&tree)[0].clone());
        }
        assert_eq!(
            texts,
            ["h2e2!!", "h2e2??", "h2e2!?", "h2e2?!", "h2e2", "h2e2!"]
        );
        assert_eq!(tree.nags(node), [1, 14], "the mark first, $14 kept");
        while let Some(r) = reverts.pop() {
            assert_eq!(r.kind(), EditKind::Mark);
            tree.revert(r).expect("in order");
        }
        assert_eq!(tree.nags(node), [14, 2]);
        assert_eq!(
            tree.apply(&Edit::CycleMark(NodeId::ROOT)),
            Err(EditError::NoMove)
        );
    }

    #[test]
    fn a_comment_is_set_cleared_and_undone() {
        let mut tree = tree_with(&[&["h2e2", "h9g7"]]);
        let node = at(&tree, &["h2e2", "h9g7"]);
        tree.set_comment(node, Some("old"));
        let set = tree
            .apply(&Edit::Comment {
                node,
                text: Some("马八进七更稳 ok".into()),
            })
            .expect("a move");
        assert_eq!(tree.comment(node), Some("马八进七更稳 ok"));
        tree.revert(set).expect("fits");
        assert_eq!(tree.comment(node), Some("old"));
        let clear = tree
            .apply(&Edit::Comment {
                node,
                text: Some(String::new()),
            })
            .expect("a move");
        assert_eq!(tree.comment(node), None);
        assert_eq!(clear.kind(), EditKind::Comment);
        assert_eq!(clear.node(), node);
        tree.revert(clear).expect("fits");
        assert_eq!(tree.comment(node), Some("old"));
    }

    #[test]
    fn promoting_a_first_level_variation_swaps_it_with_the_main_line() {
        let mut tree = nested();
        let before = listing(&tree);
        let node = at(&tree, &["h2e2", "b9c7", "b0c2"]);
        let revert = tree.apply(&Edit::Promote(node)).expect("a variation");
        assert_eq!(main(&tree), ["h2e2", "b9c7", "b0c2", "h9g7"]);
        assert_eq!(
            listing(&tree),
            [
                "h2e2", "(b0c2", "b9c7", "(h9g7", "(h0g2", "(b9c7", "b0c2", "(g3g4", "h9g7"
            ],
            "the old main line is the first variation, the nested one stays nested"
        );
        tree.revert(revert).expect("fits");
        assert_eq!(listing(&tree), before);
    }

    #[test]
    fn promoting_a_nested_variation_makes_every_line_to_it_main() {
        let mut tree = nested();
        let before = listing(&tree);
        let node = at(&tree, &["h2e2", "b9c7", "g3g4"]);
        let revert = tree.apply(&Edit::Promote(node)).expect("a variation");
        assert_eq!(main(&tree), ["h2e2", "b9c7", "g3g4"]);
        // b0c2 (the line g3g4 replaced) is now its variation; h9g7 (the main line that
        // b9c7 replaced) is b9c7's.
        assert_eq!(
            listing(&tree),
            [
                "h2e2", "(b0c2", "b9c7", "(h9g7", "(h0g2", "(b9c7", "g3g4", "(b0c2", "(h9g7"
            ]
        );
        tree.revert(revert).expect("fits");
        assert_eq!(listing(&tree), before);
        assert_eq!(tree.len(), 9, "nothing lost or added");
    }

    #[test]
    fn promoting_a_move_of_the_main_line_or_the_start_is_refused() {
        let mut tree = nested();
        let revision = tree.revision();
        let on_main = at(&tree, &["h2e2", "h9g7"]);
        assert_eq!(
            tree.apply(&Edit::Promote(on_main)),
            Err(EditError::AlreadyMain)
        );
        assert_eq!(
            tree.apply(&Edit::Promote(NodeId::ROOT)),
            Err(EditError::NoMove)
        );
        assert_eq!(tree.revision(), revision, "a refusal changes nothing");
    }

    #[test]
    fn deleting_a_move_removes_what_follows_and_is_undone_in_place() {
        let mut tree = nested();
        let before = listing(&tree);
        let node = at(&tree, &["h2e2", "b9c7"]);
        let revert = tree.apply(&Edit::Delete(node)).expect("a move");
        assert_eq!(revert.deleted(), 4, "b9c7, b0c2, h9g7 and g3g4");
        assert_eq!(tree.len(), 5);
        assert!(!tree.contains(node));
        assert!(!tree.contains(at_raw(node, 1)));
        assert_eq!(listing(&tree), ["h2e2", "(b0c2", "h9g7", "h0g2", "b9c7"]);
        tree.revert(revert).expect("fits");
        assert_eq!(
            listing(&tree),
            before,
            "back at its place among the variations"
        );
        assert_eq!(tree.len(), 9);
        assert!(tree.contains(node));
    }

    /// The id `by` after `id` (nodes added one after another get ids in order).
    fn at_raw(id: NodeId, by: u32) -> NodeId {
        NodeId(id.0 + by)
    }

    #[test]
    fn deleting_the_first_move_of_the_main_line_leaves_its_variation_main() {
        let mut tree = nested();
        let first = at(&tree, &["h2e2"]);
        let revert = tree.apply(&Edit::Delete(first)).expect("a move");
        assert_eq!(main(&tree), ["b0c2"]);
        assert_eq!(listing(&tree), ["b0c2"]);
        tree.revert(revert).expect("fits");
        assert_eq!(main(&tree), ["h2e2", "h9g7", "h0g2", "b9c7"]);
        let only = tree_with(&[&["h2e2"]]);
        let mut only = only;
        let node = at(&only, &["h2e2"]);
        only.apply(&Edit::Delete(node)).expect("a move");
        assert!(only.is_empty());
        assert_eq!(
            only.apply(&Edit::Delete(node)),
            Err(EditError::NoMove),
            "a deleted move cannot be edited"
        );
    }

    #[test]
    fn edits_are_undone_last_first_and_a_stale_one_is_refused() {
        let mut tree = nested();
        let before = listing(&tree);
        let deep = at(&tree, &["h2e2", "b9c7", "g3g4"]);
        let first = at(&tree, &["h2e2"]);
        let mark = tree.apply(&Edit::CycleMark(deep)).expect("a move");
        let promote = tree.apply(&Edit::Promote(deep)).expect("a variation");
        let delete = tree
            .apply(&Edit::Delete(at(&tree, &["b0c2"])))
            .expect("a move");
        assert_eq!(
            tree.revert(promote.clone()),
            Err(EditError::Stale),
            "not the last edit"
        );
        tree.revert(delete).expect("the last");
        tree.revert(promote.clone()).expect("now the last");
        assert_eq!(
            tree.revert(promote),
            Err(EditError::Stale),
            "taken back already"
        );
        tree.revert(mark.clone()).expect("the first");
        assert_eq!(listing(&tree), before);
        // A move added after an edit makes it stale.
        let mark = tree.apply(&Edit::CycleMark(first)).expect("a move");
        tree.add_move(deep, "h9g7".parse().unwrap_or_default())
            .expect("legal");
        assert_eq!(tree.revert(mark), Err(EditError::Stale));
        assert_eq!(listing(&tree)[0], "h2e2!");
    }
}
