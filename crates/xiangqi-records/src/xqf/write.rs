//! Writing XQF: a game as a version 1.0 file, the plain (unencrypted) form that XQStudio and
//! every XQF reader take. What the format has no place for is left out and listed, never
//! dropped silently.

use std::fmt;

use encoding_rs::GBK;

use super::{FIELDS, HEADER, RESULT_AT, TURN_AT, XqfResult};
use crate::record_loss;
pub use crate::record_loss::Common;
use xiangqi_rules::role::set_places;
use xiangqi_rules::{Color, GameTree, NodeId, Square};

/// The version written: 1.0, whose records have no key stream.
const VERSION: u8 = 10;
/// Where the 32 pieces' points start in the header.
const PIECES_AT: usize = 16;
/// A piece's point when it is not on the board.
const OFF_BOARD: u8 = 0xff;
/// What a record adds to a move's points (1.0 and later).
const FROM_BIAS: u8 = 0x18;
const TO_BIAS: u8 = 0x20;
/// A record's flags in version 1.0: a continuation follows, a sibling follows its subtree.
const HAS_CHILD: u8 = 0xf0;
const HAS_SIBLING: u8 = 0x0f;
/// Tags the file holds otherwise (the start, the result) or that say nothing of the game.
const IMPLIED_TAGS: [&str; 5] = ["Game", "FEN", "SetUp", "Result", "Format"];

/// What a game could not keep in an XQF file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LeftOut {
    /// A tag the header has no field for.
    Tag(String),
    /// A tag cut to fit its field (`kept` is what was written).
    Cut {
        /// The tag.
        tag: String,
        /// What was written.
        kept: String,
    },
    /// Characters GBK has no code for, written as `&#NNNN;`, in this many texts.
    NotGbk(usize),
    /// What DhtmlXQ cannot hold either.
    Common(Common),
}

impl fmt::Display for LeftOut {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LeftOut::Tag(name) => write!(f, "the [{name}] tag (XQF has no field for it)"),
            LeftOut::Cut { tag, kept } => write!(f, "the [{tag}] tag, cut to \"{kept}\""),
            LeftOut::NotGbk(1) => {
                write!(f, "characters GBK lacks, in one text (written as &#NNNN;)")
            }
            LeftOut::NotGbk(n) => {
                write!(f, "characters GBK lacks, in {n} texts (written as &#NNNN;)")
            }
            LeftOut::Common(common) => common.fmt(f),
        }
    }
}

/// A game written as XQF: the file's bytes and what it could not hold.
#[derive(Clone, Debug)]
pub struct Written {
    /// The file's bytes.
    pub bytes: Vec<u8>,
    /// What the file could not hold.
    pub left_out: Vec<LeftOut>,
}

/// Writes `tree` (its start, moves, variations and comments), with the header's `tags` and
/// `result`, as an XQF file.
#[must_use]
pub fn write(tree: &GameTree, tags: &[(String, String)], result: XqfResult) -> Written {
    let mut left_out = Vec::new();
    let mut not_gbk = 0;
    let mut header = vec![0u8; HEADER];
    header[..2].copy_from_slice(b"XQ");
    header[2] = VERSION;
    header[PIECES_AT..PIECES_AT + 32].copy_from_slice(&piece_points(tree));
    // Read back only without moves (the first move's piece says it otherwise), as XQStudio
    // and other readers do.
    header[TURN_AT] = u8::from(tree.start().turn() == Color::Black);
    header[RESULT_AT] = match result {
        XqfResult::Unknown => 0,
        XqfResult::RedWins => 1,
        XqfResult::BlackWins => 2,
        XqfResult::Draw => 3,
    };
    let title = tags
        .iter()
        .find(|(name, _)| name.eq_ignore_ascii_case("Title"));
    for (i, (name, value)) in tags.iter().enumerate() {
        // An XQF event left empty is read as the title: such an event is not written again.
        if name.eq_ignore_ascii_case("Event") && title.is_some_and(|(_, t)| t == value) {
            continue;
        }
        // PGN's placeholders for nothing known (`?`, `????.??.??`) say nothing here either.
        if value
            .chars()
            .all(|c| c == '?' || c == '.' || c.is_whitespace())
        {
            continue;
        }
        let field = FIELDS
            .iter()
            .find(|(tag, ..)| tag.eq_ignore_ascii_case(name));
        let Some(&(tag, offset, size)) = field else {
            if !IMPLIED_TAGS.iter().any(|t| t.eq_ignore_ascii_case(name)) {
                left_out.push(LeftOut::Tag(name.clone()));
            }
            continue;
        };
        // A second tag of a name (two `[Red]`) has no field left: the first keeps its place.
        if record_loss::repeats_earlier(tags, i) {
            left_out.push(LeftOut::Common(Common::SecondTag(name.clone())));
            continue;
        }
        let Fitted {
            bytes,
            lacking,
            cut,
        } = fit_gbk(value, size - 1);
        not_gbk += usize::from(lacking);
        header[offset] = bytes.len() as u8;
        header[offset + 1..offset + 1 + bytes.len()].copy_from_slice(&bytes);
        if cut {
            let (text, _, _) = GBK.decode(&bytes);
            left_out.push(LeftOut::Cut {
                tag: tag.to_string(),
                kept: text.into_owned(),
            });
        }
    }
    // The header holds the side to move.
    let start = record_loss::of_start(tree).into_iter();
    left_out.extend(
        start
            .filter(|lost| *lost != Common::BlackToMove)
            .map(LeftOut::Common),
    );
    let mut bytes = header;
    let (glyphs, joined) = write_records(tree, &mut bytes, &mut not_gbk);
    if not_gbk > 0 {
        left_out.push(LeftOut::NotGbk(not_gbk));
    }
    left_out.extend(record_loss::counted(glyphs, joined).map(LeftOut::Common));
    Written { bytes, left_out }
}

/// The header's 32 points: the start's pieces in their set's places (see
/// [`set_places`]), in the board's order.
fn piece_points(tree: &GameTree) -> [u8; 32] {
    set_places(tree.start().board().pieces()).map(|sq| sq.map_or(OFF_BOARD, point))
}

/// The XQF point of `sq`: its file from red's left times ten, plus its rank from red's side.
fn point(sq: Square) -> u8 {
    sq.file().index() * 10 + sq.rank().index()
}

/// The records of every node in pre-order: a node, its first child's subtree, then its next
/// sibling's. Returns how many moves had glyphs, which the format cannot hold, and how many
/// comments before a variation's first move were joined to the move's own.
fn write_records(tree: &GameTree, out: &mut Vec<u8>, not_gbk: &mut usize) -> (usize, usize) {
    let has_children = |id: NodeId| tree.children(id).next().is_some();
    // The root: no move, the comment before the first move.
    out.extend([
        FROM_BIAS,
        TO_BIAS,
        flags(has_children(NodeId::ROOT), false),
        0,
    ]);
    put_comment(out, tree.comment(NodeId::ROOT), not_gbk);
    let (mut glyphs, mut joined) = (0, 0);
    // Nodes still to write, each with whether a sibling follows it; the next on top.
    let mut stack: Vec<(NodeId, bool)> = Vec::new();
    push_children(tree, NodeId::ROOT, &mut stack);
    while let Some((id, sibling)) = stack.pop() {
        let Some(mv) = tree.mv(id) else { continue };
        out.extend([
            point(mv.from) + FROM_BIAS,
            point(mv.to) + TO_BIAS,
            flags(has_children(id), sibling),
            0,
        ]);
        glyphs += usize::from(!tree.nags(id).is_empty());
        let (comment, two) = record_loss::one_comment(tree, id);
        joined += usize::from(two);
        put_comment(out, comment.as_deref(), not_gbk);
        push_children(tree, id, &mut stack);
    }
    (glyphs, joined)
}

/// Pushes the children of `id` so that the first comes off the stack first.
fn push_children(tree: &GameTree, id: NodeId, stack: &mut Vec<(NodeId, bool)>) {
    let children: Vec<NodeId> = tree.children(id).collect();
    for (i, &child) in children.iter().enumerate().rev() {
        stack.push((child, i + 1 < children.len()));
    }
}

fn flags(child: bool, sibling: bool) -> u8 {
    (if child { HAS_CHILD } else { 0 }) | (if sibling { HAS_SIBLING } else { 0 })
}

/// A comment as version 1.0 stores it: always its length (four bytes, little-endian), then
/// its GBK text with Windows line ends.
fn put_comment(out: &mut Vec<u8>, comment: Option<&str>, not_gbk: &mut usize) {
    let text = comment.unwrap_or("").replace('\n', "\r\n");
    let (bytes, lacking) = gbk(&text);
    *not_gbk += usize::from(lacking);
    let len = i32::try_from(bytes.len()).unwrap_or(i32::MAX);
    out.extend_from_slice(&len.to_le_bytes());
    out.extend_from_slice(&bytes[..len as usize]);
}

/// `text` in GBK, and whether a character had no code (written as `&#NNNN;`).
fn gbk(text: &str) -> (Vec<u8>, bool) {
    let (bytes, _, lacking) = GBK.encode(text);
    (bytes.into_owned(), lacking)
}

/// A text in GBK cut to fit a field.
struct Fitted {
    bytes: Vec<u8>,
    /// A character kept had no code in GBK (it is written as `&#NNNN;`).
    lacking: bool,
    /// The text was longer than the field.
    cut: bool,
}

/// The longest start of `text` whose GBK fits in `max` bytes, cut only between whole
/// characters: a two-byte character, or the `&#NNNN;` written for one GBK lacks, is kept or
/// left out whole (half an entity would read back as other text).
fn fit_gbk(text: &str, max: usize) -> Fitted {
    let mut fitted = Fitted {
        bytes: Vec::with_capacity(max),
        lacking: false,
        cut: false,
    };
    let mut one = [0u8; 4];
    for c in text.chars() {
        let (bytes, lacking) = gbk(c.encode_utf8(&mut one));
        if fitted.bytes.len() + bytes.len() > max {
            fitted.cut = true;
            break;
        }
        fitted.bytes.extend_from_slice(&bytes);
        fitted.lacking |= lacking;
    }
    fitted
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi_rules::{Move, Position};

    fn mv(text: &str) -> Move {
        text.parse().expect("a move")
    }

    /// A tree from the start with a main line, a variation and comments.
    fn tree() -> GameTree {
        let mut tree = GameTree::new(Position::start());
        let first = tree.add_move(NodeId::ROOT, mv("h2e2")).expect("legal");
        let reply = tree.add_move(first, mv("h9g7")).expect("legal");
        let other = tree.add_move(first, mv("b9c7")).expect("legal");
        tree.add_move(reply, mv("h0g2")).expect("legal");
        tree.set_comment(NodeId::ROOT, Some("开局"));
        tree.set_comment(other, Some("屏风马\n另一着"));
        tree.set_nags(reply, &[1]);
        tree
    }

    #[test]
    fn a_comment_before_a_variation_joined_to_its_move_is_named() {
        let mut tree = tree();
        let first = tree.main_child(NodeId::ROOT).expect("a move");
        let other = tree.children(first).nth(1).expect("a variation");
        tree.set_comment_before(other, Some("之前"));
        let written = write(&tree, &[], XqfResult::Unknown);
        assert!(
            written
                .left_out
                .contains(&LeftOut::Common(Common::Joined(1))),
            "{written:?}"
        );
        let read = super::super::read(&written.bytes).expect("reads back");
        let first = read.tree.main_child(NodeId::ROOT).expect("a move");
        let other = read.tree.children(first).nth(1).expect("a variation");
        assert_eq!(read.tree.comment(other), Some("之前\n屏风马\n另一着"));
    }

    #[test]
    fn a_tree_reads_back_with_its_moves_variations_comments_and_tags() {
        let tags = [
            ("Event".to_string(), "全国象棋个人赛".to_string()),
            ("Red".to_string(), "吕钦".to_string()),
            ("Black".to_string(), "许银川".to_string()),
            ("ECCO".to_string(), "B05".to_string()),
            ("Result".to_string(), "1-0".to_string()),
        ];
        let written = write(&tree(), &tags, XqfResult::RedWins);
        assert_eq!(
            written.left_out,
            [
                LeftOut::Tag("ECCO".into()),
                LeftOut::Common(Common::Glyphs(1))
            ]
        );
        let read = super::super::read(&written.bytes).expect("reads back");
        assert_eq!(read.result, XqfResult::RedWins);
        let original = tree();
        assert_eq!(read.tree.start(), original.start());
        assert_eq!(read.tree.len(), original.len());
        let line = |t: &GameTree| -> Vec<Move> {
            t.line_after(NodeId::ROOT)
                .iter()
                .filter_map(|&n| t.mv(n))
                .collect()
        };
        assert_eq!(line(&read.tree), line(&original));
        let first = read.tree.main_child(NodeId::ROOT).expect("a move");
        let replies: Vec<Move> = read
            .tree
            .children(first)
            .filter_map(|n| read.tree.mv(n))
            .collect();
        assert_eq!(replies, [mv("h9g7"), mv("b9c7")]);
        let other = read.tree.children(first).nth(1).expect("the variation");
        assert_eq!(read.tree.comment(other), Some("屏风马\n另一着"));
        assert_eq!(read.tree.comment(NodeId::ROOT), Some("开局"));
        for (name, value) in &tags[..3] {
            assert!(read.tags.contains(&(name.clone(), value.clone())), "{name}");
        }
    }

    #[test]
    fn a_second_tag_of_a_name_keeps_the_first_and_is_said() {
        let tags = [
            ("Red".to_string(), "甲".to_string()),
            ("red".to_string(), "乙".to_string()),
        ];
        let written = write(&tree(), &tags, XqfResult::Unknown);
        assert!(
            written
                .left_out
                .contains(&LeftOut::Common(Common::SecondTag("red".into()))),
            "{:?}",
            written.left_out
        );
        let read = super::super::read(&written.bytes).expect("reads back");
        assert!(
            read.tags.contains(&("Red".into(), "甲".into())),
            "{:?}",
            read.tags
        );
    }

    #[test]
    fn a_name_too_long_for_its_field_is_cut_between_characters_and_said() {
        let long = "中华人民共和国象棋协会".to_string();
        let tags = [("Red".to_string(), long)];
        let written = write(&tree(), &tags, XqfResult::Unknown);
        assert!(
            written.left_out.contains(&LeftOut::Cut {
                tag: "Red".into(),
                kept: "中华人民共和国".into(),
            }),
            "{:?}",
            written.left_out
        );
        let read = super::super::read(&written.bytes).expect("reads back");
        assert!(read.tags.contains(&("Red".into(), "中华人民共和国".into())));
    }

    #[test]
    fn a_character_gbk_lacks_is_cut_whole_from_a_name_too_long() {
        let tags = [("Black".to_string(), "😀😀😀😀".to_string())];
        let written = write(&tree(), &tags, XqfResult::Unknown);
        assert!(
            written.left_out.contains(&LeftOut::Cut {
                tag: "Black".into(),
                kept: "&#128512;".into(),
            }),
            "{:?}",
            written.left_out
        );
        assert!(written.left_out.contains(&LeftOut::NotGbk(1)));
        let read = super::super::read(&written.bytes).expect("reads back");
        assert!(
            read.tags.contains(&("Black".into(), "&#128512;".into())),
            "{:?}",
            read.tags
        );
        // Two-byte characters and an entity after them: the entity does not fit whole.
        let mixed = fit_gbk("中华人民共和😀", 15);
        assert_eq!(GBK.decode(&mixed.bytes).0, "中华人民共和");
        assert!(mixed.cut && !mixed.lacking);
    }

    #[test]
    fn black_to_move_without_moves_is_written_and_odd_counters_are_said() {
        let fen = "3k5/9/9/9/9/9/9/9/4A4/4K4 b - - 7 30";
        let tree = GameTree::new(Position::from_fen(fen).expect("a position"));
        let written = write(&tree, &[], XqfResult::Unknown);
        assert_eq!(written.left_out, [LeftOut::Common(Common::Counters)]);
        let read = super::super::read(&written.bytes).expect("reads back");
        assert_eq!(read.tree.start().board(), tree.start().board());
        assert_eq!(read.tree.start().turn(), Color::Black);
    }
}
