//! What the XQF and DhtmlXQ writers both leave out of a game, named the same way by both:
//! neither format holds glyphs, the start's move counters, more than one comment a move, or
//! a second tag of one name (which the PGN writer keeps, after the other tags); DhtmlXQ
//! holds no side to move either, which a record without moves needs (XQF's header does).

use std::fmt;
use xiangqi_rules::{Color, GameTree, NodeId};

/// A thing the XQF and DhtmlXQ formats both cannot hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Common {
    /// Moves whose glyphs (`!`, `?!`, `$14` …) were left out.
    Glyphs(usize),
    /// Black to move at the start of a record without moves (readers take the side of the
    /// first move's piece, and red without one): DhtmlXQ's only.
    BlackToMove,
    /// The start's move number and the plies since a capture.
    Counters,
    /// Comments before a variation's first move, joined to the move's own comment (the
    /// formats have one comment a move).
    Joined(usize),
    /// A second tag of a name that has one field (two `[Red]`): the first is written.
    SecondTag(String),
}

impl fmt::Display for Common {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Common::Glyphs(1) => write!(f, "the glyphs (! ? $n) of one move"),
            Common::Glyphs(n) => write!(f, "the glyphs (! ? $n) of {n} moves"),
            Common::BlackToMove => write!(f, "black to move at the start (without moves)"),
            Common::Counters => write!(f, "the start's move number and capture count"),
            Common::Joined(1) => write!(f, "one comment before a variation, joined to its move's"),
            Common::Joined(n) => {
                write!(f, "{n} comments before a variation, joined to their moves'")
            }
            Common::SecondTag(name) => write!(f, "a second [{name}] tag (the first is kept)"),
        }
    }
}

/// Does a tag before `tags[i]` have its name (any case)? A reader takes the first, so a
/// writer with one place for the tag must keep this one another way or say it left it out.
pub(crate) fn repeats_earlier(tags: &[(String, String)], i: usize) -> bool {
    let name = &tags[i].0;
    tags[..i].iter().any(|(n, _)| n.eq_ignore_ascii_case(name))
}

/// What of `tree`'s start the formats cannot hold.
pub(crate) fn of_start(tree: &GameTree) -> Vec<Common> {
    let start = tree.start();
    let mut lost = Vec::new();
    if start.turn() == Color::Black && tree.children(NodeId::ROOT).next().is_none() {
        lost.push(Common::BlackToMove);
    }
    if start.halfmove_clock() != 0 || start.fullmove_number() != 1 {
        lost.push(Common::Counters);
    }
    lost
}

/// The one comment the formats keep for `id`: a comment written before a variation's first
/// move goes with the move's own, after a line break. Says whether two were joined.
pub(crate) fn one_comment(tree: &GameTree, id: NodeId) -> (Option<String>, bool) {
    match (tree.comment_before(id), tree.comment(id)) {
        (Some(before), Some(after)) => (Some(format!("{before}\n{after}")), true),
        (before, after) => (before.or(after).map(str::to_string), false),
    }
}

/// The counted things lost while the moves were written: `glyphs` moves with glyphs and
/// `joined` comments joined, those that are not none.
pub(crate) fn counted(glyphs: usize, joined: usize) -> impl Iterator<Item = Common> {
    [
        (glyphs > 0).then_some(Common::Glyphs(glyphs)),
        (joined > 0).then_some(Common::Joined(joined)),
    ]
    .into_iter()
    .flatten()
}
