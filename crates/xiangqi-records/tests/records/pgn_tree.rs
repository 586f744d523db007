//! Game records with their structure: variations and comments read and written back in every
//! notation, random trees of them round trip, and marks read as the moves' glyphs. Files of
//! several games, one after another, are `pgn_stream.rs`'s.

use crate::records;
use crate::rng;

use records::{data_dir, one, read};
use rng::Rng;
use xiangqi_records::pgn::{PgnGame, read_games, write_pgn};
use xiangqi_rules::{GameTree, Glyphs, NodeId, Notation, NotationStyle};

const ANALYSIS: &str = "[Event \"analysis\"]\n\n\
    {A start comment} 1. h2e2 {central cannon} (1. b0c2 b9c7 (1... h9g7 {horse}) 2. c3c4)\n\
    (1. c3c4) 1... h9g7 2. h0g2 (2. b0c2 {first} c6c5 (2... b9c7)) 2... i9h9 *\n";

/// The comment before the first move, and (depth, ICCS move, comment) of every move in PGN
/// order: the tree's shape, in a form independent of the notation it was written in.
type Shape = (Option<String>, Vec<(usize, String, Option<String>)>);

fn shape(game: &PgnGame) -> Shape {
    let style = NotationStyle {
        iccs_hyphenated: false,
        ..NotationStyle::default()
    };
    let tree = game.tree();
    let moves = tree
        .entries(Notation::Iccs, &style)
        .into_iter()
        .map(|e| (e.depth, e.text, tree.comment(e.node).map(str::to_string)))
        .collect();
    (tree.comment(NodeId::ROOT).map(str::to_string), moves)
}

fn analysis_shape() -> Shape {
    let c = |s: &str| Some(s.to_string());
    let moves = [
        (0, "h2e2", c("central cannon")),
        (1, "b0c2", None),
        (1, "b9c7", None),
        (2, "h9g7", c("horse")),
        (1, "c3c4", None),
        (1, "c3c4", None),
        (0, "h9g7", None),
        (0, "h0g2", None),
        (1, "b0c2", c("first")),
        (1, "c6c5", None),
        (2, "b9c7", None),
        (0, "i9h9", None),
    ];
    (
        c("A start comment"),
        moves
            .into_iter()
            .map(|(d, m, c)| (d, m.to_string(), c))
            .collect(),
    )
}

#[test]
fn variations_and_comments_are_read_into_the_tree() {
    let game = one(ANALYSIS.as_bytes());
    assert_eq!(shape(&game), analysis_shape());
    let main: Vec<String> = game.moves().iter().map(ToString::to_string).collect();
    assert_eq!(main, ["h2e2", "h9g7", "h0g2", "i9h9"]);
}

#[test]
fn the_writer_layout_with_variations_and_comments() {
    let game = one(ANALYSIS.as_bytes());
    let pgn = write_pgn(
        &game.to_game(),
        game.tags(),
        Notation::Iccs,
        &NotationStyle::default(),
    );
    let movetext = pgn.split("\n\n").nth(1).unwrap_or_default();
    assert_eq!(
        movetext,
        "{A start comment} 1. H2-E2 {central cannon} (1. B0-C2 B9-C7 (1. ... H9-G7 {horse}) \
         2. C3-C4) (1. C3-C4) 1. ... H9-G7\n\
         2. H0-G2 (2. B0-C2 {first} 2. ... C6-C5 (2. ... B9-C7)) 2. ... I9-H9\n*\n"
    );
}

#[test]
fn nested_variations_and_comments_round_trip_in_every_notation() {
    let game = one(ANALYSIS.as_bytes());
    let traditional = NotationStyle {
        glyphs: Glyphs::Traditional,
        ..NotationStyle::default()
    };
    for style in [NotationStyle::default(), traditional] {
        for notation in Notation::ALL {
            let written = write_pgn(&game.to_game(), game.tags(), notation, &style);
            let back = one(written.as_bytes());
            assert_eq!(shape(&back), analysis_shape(), "{notation}:\n{written}");
            let again = write_pgn(&back.to_game(), back.tags(), notation, &style);
            assert_eq!(again, written, "{notation}");
        }
    }
}

#[test]
fn a_saved_analysis_opens_exactly_as_it_was() {
    let mut game = xiangqi_rules::Game::default();
    for m in ["h2e2", "h9g7", "h0g2"] {
        game.play(m.parse().unwrap_or_default())
            .unwrap_or_else(|e| panic!("{e}"));
    }
    game.back();
    game.back();
    game.play("b9c7".parse().unwrap_or_default())
        .unwrap_or_else(|e| panic!("{e}"));
    game.set_comment(game.current(), Some("[%clk 0:59:31]"));
    let pgn = write_pgn(&game, &[], Notation::Chinese, &NotationStyle::default());
    let back = one(pgn.as_bytes());
    let reopened = back.to_game();
    assert_eq!(reopened.main_line(), game.main_line());
    let node = reopened
        .tree()
        .child(reopened.line()[1], "b9c7".parse().unwrap_or_default());
    let node = node.unwrap_or_else(|| panic!("the variation is back:\n{pgn}"));
    assert_eq!(reopened.tree().comment(node), Some("[%clk 0:59:31]"));
}

#[test]
fn comments_come_back_whole_with_their_lines_and_braces() {
    let mut game = xiangqi_rules::Game::default();
    for m in ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7"] {
        game.play(m.parse().unwrap_or_default())
            .unwrap_or_else(|e| panic!("{e}"));
    }
    let line = game.line().to_vec();
    let comments = [
        "two lines:\nthe second",
        "a brace } on one line",
        "lines\n[Event \"looks like a tag\"]\nand after",
        "tab\tkept",
        "\u{3000}\u{3000}indented as Chinese paragraphs are",
        "    indented\n    twice",
    ];
    for (node, text) in line[1..].iter().zip(comments) {
        game.set_comment(*node, Some(text));
    }
    for notation in Notation::ALL {
        let pgn = write_pgn(&game, &[], notation, &NotationStyle::default());
        let back = one(pgn.as_bytes()).to_game();
        assert_eq!(back.main_line(), game.main_line(), "{pgn}");
        let read: Vec<Option<&str>> = back.line()[1..]
            .iter()
            .map(|&n| back.tree().comment(n))
            .collect();
        assert_eq!(
            read,
            [
                Some("two lines:\nthe second"),
                Some("a brace } on one line"),
                // A line that would read as a tag pair cannot start a line of the file.
                Some("lines [Event \"looks like a tag\"]\nand after"),
                Some("tab\tkept"),
                Some("\u{3000}\u{3000}indented as Chinese paragraphs are"),
                Some("    indented\n    twice"),
            ],
            "{pgn}"
        );
    }
    // A record with Windows line ends keeps a comment's lines, without a stray character.
    let crlf = one(b"[Event \"x\"]\r\n\r\n1. h2e2 {line one\r\nline two} h9g7 *\r\n").to_game();
    let first = crlf.line()[1];
    assert_eq!(crlf.tree().comment(first), Some("line one\nline two"));
}

#[test]
fn every_comment_of_the_other_formats_samples_comes_back_through_pgn() {
    let mut checked = 0;
    for folder in ["xqf", "dhtmlxq", "ccbridge"] {
        let mut paths: Vec<_> = std::fs::read_dir(data_dir(folder))
            .unwrap_or_else(|e| panic!("{folder}: {e}"))
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_none_or(|x| x != "md"))
            .collect();
        paths.sort();
        for path in paths {
            let Ok(games) = read_games(&read(&path)) else {
                continue;
            };
            for game in games {
                let written = write_pgn(
                    &game.to_game(),
                    game.tags(),
                    Notation::Chinese,
                    &NotationStyle::default(),
                );
                let back = one(written.as_bytes());
                let comments = |g: &PgnGame| -> Vec<Option<String>> {
                    let tree = g.tree();
                    std::iter::once(NodeId::ROOT)
                        .chain(
                            tree.entries(Notation::Iccs, &NotationStyle::default())
                                .iter()
                                .map(|e| e.node),
                        )
                        .map(|n| tree.comment(n).map(str::to_string))
                        .collect()
                };
                let original = comments(&game);
                checked += original.iter().flatten().count();
                assert_eq!(comments(&back), original, "{}:\n{written}", path.display());
            }
        }
    }
    assert!(checked >= 100, "only {checked} comments");
}

/// A random tree: lines of random legal moves branching off random nodes, with comments
/// (some with the characters a writer must take care of) on random moves.
fn random_tree(seed: u64) -> xiangqi_rules::Game {
    // From 1: the generator would stay at 0 from 0.
    let mut rng = Rng(seed + 1);
    let mut below = |n: usize| usize::try_from(rng.below(n as u64)).unwrap_or(0);
    let mut game = xiangqi_rules::Game::default();
    for _ in 0..1 + below(5) {
        let nodes: Vec<NodeId> = std::iter::once(NodeId::ROOT)
            .chain(
                game.tree()
                    .entries(Notation::Iccs, &NotationStyle::default())
                    .iter()
                    .map(|e| e.node),
            )
            .collect();
        game.go_to(nodes[below(nodes.len())]);
        for _ in 0..below(12) {
            let legal = game.position().legal_moves();
            if legal.is_empty() {
                break;
            }
            let mv = legal.iter().copied().nth(below(legal.len()));
            if let Some(mv) = mv
                && game.play_unadjudicated(mv).is_err()
            {
                break;
            }
            if below(4) == 0 {
                let text = [
                    "a note",
                    "[%clk 0:59:31]",
                    "两个 (括号)",
                    "x } y",
                    "line one\nline two",
                ][below(5)];
                game.set_comment(game.current(), Some(text));
            }
        }
    }
    game
}

#[test]
fn random_trees_round_trip_in_every_notation() {
    let mut deepest = 0;
    for seed in 0..150 {
        let game = random_tree(seed);
        let entries = game
            .tree()
            .entries(Notation::Iccs, &NotationStyle::default());
        deepest = entries
            .iter()
            .map(|e| e.depth)
            .max()
            .unwrap_or(0)
            .max(deepest);
        for notation in Notation::ALL {
            let written = write_pgn(&game, &[], notation, &NotationStyle::default());
            let back = one(written.as_bytes());
            let style = NotationStyle {
                iccs_hyphenated: false,
                ..NotationStyle::default()
            };
            // Independent of the writer: the moves as ICCS, their depth and comments.
            let original: Vec<_> = game
                .tree()
                .entries(Notation::Iccs, &style)
                .into_iter()
                .map(|e| {
                    let c = game.tree().comment(e.node).map(str::to_string);
                    (e.depth, e.text, c)
                })
                .collect();
            assert_eq!(
                shape(&back).1,
                original,
                "seed {seed}, {notation}:\n{written}"
            );
            let again = write_pgn(&back.to_game(), &[], notation, &NotationStyle::default());
            assert_eq!(again, written, "seed {seed}, {notation}");
        }
    }
    assert!(deepest >= 3, "the trees nest variations: {deepest}");
}

/// The glyphs of each move of the main line.
fn main_line_glyphs(tree: &GameTree) -> Vec<Vec<u8>> {
    tree.line_after(NodeId::ROOT)
        .iter()
        .map(|&n| tree.nags(n).to_vec())
        .collect()
}

#[test]
fn marks_after_a_move_are_read_as_its_glyphs_and_written_back_as_them() {
    let text =
        "[Event \"marks\"]\n1. h2e2! h9g7?! 2. 马二进三!? 车９平８？ 3. i0h0!! $1 b9c7?? *\n";
    let game = one(text.as_bytes());
    let tree = game.tree();
    let glyphs = main_line_glyphs(tree);
    assert_eq!(
        glyphs,
        [vec![1], vec![6], vec![5], vec![2], vec![3, 1], vec![4]]
    );
    let written = write_pgn(
        &game.to_game(),
        game.tags(),
        Notation::Iccs,
        &NotationStyle::default(),
    );
    assert!(written.contains("1. H2-E2 $1 H9-G7 $6"), "{written}");
}

#[test]
fn marks_written_apart_from_their_move_are_its_glyphs_too() {
    let text = "[Event \"marks\"]\n1. h2e2 ! h9g7 ?? 2. 马二进三 ？？ (2. b0c2 !?) h7h0 ?! *\n";
    let game = one(text.as_bytes());
    let tree = game.tree();
    let glyphs = main_line_glyphs(tree);
    assert_eq!(glyphs, [vec![1], vec![4], vec![4], vec![6]]);
    let third = tree.line_after(NodeId::ROOT)[2];
    let aside = tree.alternatives(third);
    assert_eq!(tree.nags(aside[1]), [5]);
}
