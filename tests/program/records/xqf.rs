//! Reading XQF files: every version in use, set-up starts, black moving first, variations
//! and comments; damaged files give errors that say what and where, never a panic. Writing
//! them: every file read back the same once written, and `convert --to xqf`.

use crate::common::process;

use xiangqi_records::xqf::{XqfError, XqfResult, read, write};
use xiangqi_rules::{Color, CutLine, GameTree, IllegalMove, NodeId};

fn sample(name: &str) -> Vec<u8> {
    process::game_file(&format!("xqf/{name}"))
}

fn main_line(name: &str) -> Vec<String> {
    let game = read(&sample(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
    process::iccs_line(&game.tree)
}

#[test]
fn an_encrypted_file_reads_as_its_plain_twin() {
    // The same game saved by XQStudio 1.8 (encrypted) and 1.0 (plain).
    let encrypted = main_line("eleeye-XQFEXAMA.XQF");
    let plain = main_line("cchess-test1.xqf");
    assert_eq!(encrypted.len(), 110);
    assert_eq!(encrypted, plain);
    assert_eq!(encrypted[..4], ["c3c4", "h9g7", "g3g4", "b7c7"]);
}

#[test]
fn every_version_reads_with_its_start_side_and_tags() {
    for (name, version) in [
        ("v10-variations.xqf", 10),
        ("v11-game.xqf", 11),
        ("v12-variations.xqf", 12),
        ("v13-comments.xqf", 13),
        ("v15-game.XQF", 15),
        ("cchess-ucci_test2.xqf", 16),
        ("vschess-0.xqf", 18),
    ] {
        let bytes = sample(name);
        assert_eq!(bytes[2], version, "{name}");
        let game = read(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(!game.tree.main_line().is_empty(), "{name}");
    }
    // A handicap start from the header's piece table: red without soldiers, advisors and
    // elephants.
    let handicap = read(&sample("eleeye-SAMPLE.XQF")).expect("reads");
    assert_eq!(
        handicap.tree.start().fen(),
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/9/1C5C1/9/RN2K2NR w - - 0 1"
    );
    assert_eq!(handicap.result, XqfResult::RedWins);
    assert!(
        handicap
            .tags
            .iter()
            .any(|(k, v)| k == "Event" && v.contains("许银川"))
    );
    // Black moves first in these set-up positions.
    for name in ["v10-black-first.xqf", "v12-black-first.xqf"] {
        let game = read(&sample(name)).expect("reads");
        assert_eq!(
            game.tree.start().turn(),
            xiangqi_rules::Color::Black,
            "{name}"
        );
    }
    // A mate puzzle with no moves.
    let puzzle = read(&sample("v10-no-moves.xqf")).expect("reads");
    assert!(puzzle.tree.is_empty());
}

#[test]
fn variations_and_comments_are_kept() {
    let game = read(&sample("eleeye-XQFEXAMB.XQF")).expect("reads");
    assert_eq!(game.tree.main_line().len(), 87);
    assert_eq!(game.tree.len(), 435);
    assert!(
        game.tree
            .comment(xiangqi_rules::NodeId::ROOT)
            .is_some_and(|c| c.contains("七星"))
    );
    let v12 = read(&sample("v12-variations.xqf")).expect("reads");
    assert!(v12.tree.len() > v12.tree.main_line().len());
    // Windows line ends become line breaks, not stray characters.
    let text = format!("{:?}", game.tree.comment(xiangqi_rules::NodeId::ROOT));
    assert!(!text.contains('\u{fffd}'), "{text}");
}

#[test]
fn damaged_files_give_errors_that_say_where_never_a_panic() {
    let bytes = sample("eleeye-XQFEXAMB.XQF");
    // Cut anywhere: the header, a record, a comment.
    for len in (0..bytes.len()).step_by(7) {
        match read(&bytes[..len]) {
            Ok(game) => assert!(game.tree.len() <= 435),
            Err(e) => assert!(e.to_string().starts_with("XQF: "), "{e}"),
        }
    }
    assert!(matches!(
        read(&bytes[..100]),
        Err(XqfError::Truncated { len: 100 })
    ));
    assert!(matches!(
        read(&bytes[..1030]),
        Err(XqfError::RecordCut { .. })
    ));
    // Every byte of the records changed in turn.
    for i in (1024..bytes.len()).step_by(3) {
        let mut damaged = bytes.clone();
        damaged[i] ^= 0x5a;
        let _ = read(&damaged);
    }
    // A move that the rules refuse is reported with its record, not played: the main line
    // is cut there.
    let game = read(&plain_file(45, 42)).expect("the rest reads");
    assert!(game.tree.is_empty());
    match &game.cut[..] {
        [
            cut @ CutLine {
                main: true,
                number: 1,
                color: Color::Red,
                why: XqfError::Illegal { record: 1, .. },
            },
        ] => assert!(cut.to_string().contains("record 1"), "{cut}"),
        other => panic!("{other:?}"),
    }
    let game = read(&plain_file(95, 42)).expect("the rest reads");
    assert!(
        matches!(
            game.cut[..],
            [CutLine {
                why: XqfError::OffBoard { record: 1 },
                ..
            }]
        ),
        "{:?}",
        game.cut
    );
}

/// A version 1.0 file of our own: the standard start (from a real header) and one move,
/// from and to XQF points (`x * 10 + y`).
fn plain_file(from: u8, to: u8) -> Vec<u8> {
    let mut bytes = sample("cchess-test1.xqf")[..1024].to_vec();
    bytes.extend_from_slice(&[0, 0, 0xf0, 0, 0, 0, 0, 0]);
    bytes.extend_from_slice(&[24 + from, 32 + to, 0, 0, 0, 0, 0, 0]);
    bytes
}

#[test]
fn a_file_of_our_own_reads_its_one_move() {
    // The red cannon from h2 (point 72) to e2 (point 42).
    let game = read(&plain_file(72, 42)).expect("reads");
    let moves = process::iccs_line(&game.tree);
    assert_eq!(moves, ["h2e2"]);
}

#[test]
fn convert_tells_the_format_by_content_and_refuses_a_damaged_file() {
    let dir = std::env::temp_dir().join(format!("xqf-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp folder");
    let named = dir.join("game.dat");
    std::fs::write(&named, sample("v11-game.xqf")).expect("write");
    let out = process::run(&["convert", &named.to_string_lossy(), "--to", "iccs"], None);
    assert_eq!(out.status.code(), Some(0), "{}", process::text(&out.stderr));
    let pgn = process::text(&out.stdout);
    assert!(pgn.contains("1. H2-E2 H9-G7"), "{pgn}");
    assert!(pgn.contains("[Result \"1/2-1/2\"]"), "{pgn}");
    let cut = dir.join("cut.xqf");
    std::fs::write(&cut, &sample("v11-game.xqf")[..1100]).expect("write");
    let out = process::run(&["convert", &cut.to_string_lossy(), "--to", "iccs"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        process::text(&out.stderr).contains("XQF: move record"),
        "{}",
        process::text(&out.stderr)
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_picker_index_sees_one_game_and_opens_it() {
    let bytes = sample("v13-comments.xqf");
    let index = xiangqi_records::pgn::index(bytes.as_slice());
    assert_eq!(index.entries().len(), 1);
    assert_eq!(index.entries()[0].plies, 55);
    assert!(index.entries()[0].event.contains("顺炮"));
    let game = index.open(std::io::Cursor::new(&bytes), 1).expect("opens");
    assert_eq!(game.moves().len(), 55);
}

#[test]
fn a_position_without_moves_takes_the_side_its_header_states() {
    // XQF 1.8, black moving first: the first move's piece says whose move it is, and the
    // header's side field says it too.
    let mut bytes = sample("v18-black-first.XQF");
    let game = read(&bytes).expect("reads");
    let start = "2crkabC1/1R2aR3/4b4/p3p3p/4c4/4r4/P5p1P/4B1N2/4A4/2BAK4 b - - 0 1";
    assert_eq!(game.tree.start().fen(), start);
    assert_eq!(game.tree.main_line().len(), 29);
    // Without its moves (the root record's "a move follows" flag, 0x80 of its third byte,
    // cleared under the key stream, which subtracts), only the side field says it.
    bytes[1024 + 2] = bytes[1024 + 2].wrapping_sub(0x80);
    let position = read(&bytes).expect("reads");
    assert!(position.tree.is_empty());
    assert_eq!(position.tree.start().fen(), start);
    // A mate diagram whose side field was left at red, though black is in check: only black
    // can be to move, and black is mated.
    let diagram = read(&sample("v18-mate-diagram.XQF")).expect("reads");
    assert_eq!(diagram.tree.start().turn(), Color::Black);
    assert!(diagram.tree.start().legal_moves().is_empty());
    assert!(diagram.cut.is_empty());
}

#[test]
fn an_illegal_move_in_a_variation_cuts_that_variation_and_keeps_the_rest() {
    // A real study: its main line is legal, one variation moves from an empty point.
    let game = read(&sample("v18-bad-variation.XQF")).expect("reads");
    assert_eq!(game.tree.main_line().len(), 31);
    // 210 moves recorded, the one cut a leaf.
    assert_eq!(game.tree.len(), 209);
    match &game.cut[..] {
        [
            cut @ CutLine {
                main: false,
                number: 9,
                color: Color::Black,
                why:
                    XqfError::Illegal {
                        record: 136,
                        mv,
                        error: IllegalMove::NoPiece,
                    },
            },
        ] => {
            assert_eq!(mv, "d8d9");
            assert_eq!(
                cut.to_string(),
                "a variation cut at move 9 (Black): XQF: move record 136 (d8d9) is not legal: \
                 there is no piece there"
            );
        }
        other => panic!("{other:?}"),
    }
    // A file of our own: a variation whose second move is illegal is cut there, its first
    // move and the variation after it kept.
    let mut tree = GameTree::new(xiangqi_rules::Position::start());
    let h2e2 = tree.add_move(NodeId::ROOT, mv("h2e2")).expect("legal");
    tree.add_move(h2e2, mv("h9g7")).expect("legal");
    let b0c2 = tree.add_move(NodeId::ROOT, mv("b0c2")).expect("legal");
    tree.add_move(b0c2, mv("b9c7")).expect("legal");
    tree.add_move(NodeId::ROOT, mv("c3c4")).expect("legal");
    let mut bytes = write(&tree, &[], XqfResult::Unknown).bytes;
    // Records in pre-order, 8 bytes each without comments: root, h2e2, h9g7, b0c2, b9c7.
    let b9c7 = 1024 + 4 * 8;
    bytes[b9c7] = 24 + 44; // from e4, where nothing stands
    let game = read(&bytes).expect("reads");
    let firsts: Vec<String> = game
        .tree
        .children(NodeId::ROOT)
        .filter_map(|n| game.tree.mv(n).map(|m| m.to_string()))
        .collect();
    assert_eq!(firsts, ["h2e2", "b0c2", "c3c4"]);
    assert_eq!(process::iccs_line(&game.tree), ["h2e2", "h9g7"]);
    assert_eq!(game.tree.len(), 4);
    assert!(
        matches!(
            game.cut[..],
            [CutLine {
                main: false,
                number: 1,
                color: Color::Black,
                why: XqfError::Illegal { record: 4, .. },
            }]
        ),
        "{:?}",
        game.cut
    );
}

#[test]
fn convert_names_the_variation_it_cut_and_writes_the_rest() {
    let (out, err) = process::convert_game_file("xqf/v18-bad-variation.XQF", "iccs");
    assert!(
        err.contains(
            "warning: game 1: a variation cut at move 9 (Black): XQF: move record 136 (d8d9)"
        ),
        "{err}"
    );
    assert!(out.contains("16. F9-C9"));
}

#[test]
fn a_line_of_a_hundred_thousand_moves_reads() {
    // The horses out and back, 100,000 plies: each move is played from the position before
    // it, not replayed from the start (which took minutes for such a line).
    let plies = 100_000;
    let mut bytes = sample("cchess-test1.xqf")[..1024].to_vec();
    bytes.extend_from_slice(&[0, 0, 0xf0, 0, 0, 0, 0, 0]);
    // XQF points: b0 10, c2 22, b9 19, c7 27.
    let cycle = [(10, 22), (19, 27), (22, 10), (27, 19)];
    for i in 0..plies {
        let (from, to) = cycle[i % 4];
        let more = if i + 1 < plies { 0xf0 } else { 0 };
        bytes.extend_from_slice(&[24 + from, 32 + to, more, 0, 0, 0, 0, 0]);
    }
    let game = read(&bytes).expect("reads");
    assert_eq!(game.tree.main_line().len(), plies);
    assert!(game.cut.is_empty());
}

fn mv(text: &str) -> xiangqi_rules::Move {
    text.parse().expect("a move")
}

const FILES: [&str; 19] = [
    "cchess-game_varations.xqf",
    "cchess-test1.xqf",
    "cchess-ucci_test2.xqf",
    "eleeye-SAMPLE.XQF",
    "eleeye-XQFEXAMA.XQF",
    "eleeye-XQFEXAMB.XQF",
    "v10-black-first.xqf",
    "v10-no-moves.xqf",
    "v10-variations.xqf",
    "v11-custom-start.xqf",
    "v11-game.xqf",
    "v12-black-first.xqf",
    "v12-variations.xqf",
    "v13-comments.xqf",
    "v15-game.XQF",
    "v18-bad-variation.XQF",
    "v18-black-first.XQF",
    "v18-mate-diagram.XQF",
    "vschess-0.xqf",
];

/// Every node of `tree` in pre-order, as its move and comment, with how deep it is.
fn nodes(tree: &GameTree) -> Vec<(usize, String, Option<String>)> {
    let mut out = Vec::new();
    let mut stack = vec![(NodeId::ROOT, 0)];
    while let Some((id, depth)) = stack.pop() {
        let mv = tree.mv(id).map(|m| m.to_string()).unwrap_or_default();
        out.push((depth, mv, tree.comment(id).map(str::to_string)));
        let children: Vec<NodeId> = tree.children(id).collect();
        stack.extend(children.into_iter().rev().map(|c| (c, depth + 1)));
    }
    out
}

#[test]
fn every_file_written_again_reads_back_the_same() {
    for name in FILES {
        let first = read(&sample(name)).unwrap_or_else(|e| panic!("{name}: {e}"));
        let written = write(&first.tree, &first.tags, first.result);
        assert!(
            written.left_out.is_empty(),
            "{name}: {:?}",
            written.left_out
        );
        let again = read(&written.bytes).unwrap_or_else(|e| panic!("{name} again: {e}"));
        assert_eq!(again.tree.start(), first.tree.start(), "{name}");
        assert_eq!(nodes(&again.tree), nodes(&first.tree), "{name}");
        assert_eq!(again.tags, first.tags, "{name}");
        assert_eq!(again.result, first.result, "{name}");
    }
}

#[test]
fn convert_writes_one_game_as_xqf_and_names_what_it_cannot_hold() {
    let pgn = "[Event \"Test\"]\n[Site \"?\"]\n[Red \"吕钦\"]\n[ECCO \"B05\"]\n\
        1. h2e2 h9g7 (1... b9c7 {屏风马}) 2. h0g2! 1-0\n";
    let out = process::run(&["convert", "-", "--to", "xqf"], Some(pgn.as_bytes()));
    let err = process::text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    assert!(err.contains("[ECCO] tag"), "{err}");
    assert!(err.contains("the glyphs (! ? $n) of one move"), "{err}");
    let game = read(&out.stdout).expect("an XQF file");
    assert_eq!(game.result, XqfResult::RedWins);
    assert!(game.tags.contains(&("Red".into(), "吕钦".into())));
    assert!(
        !game.tags.iter().any(|(name, _)| name == "Site"),
        "{:?}",
        game.tags
    );
    assert!(!err.contains("[Site]"), "{err}");
    let main = process::iccs_line(&game.tree);
    assert_eq!(main, ["h2e2", "h9g7", "h0g2"]);
    let first = game.tree.main_child(NodeId::ROOT).expect("a move");
    let other = game.tree.children(first).nth(1).expect("the variation");
    assert_eq!(game.tree.comment(other), Some("屏风马"));
    // A file of several games: one must be chosen.
    let two = format!("{pgn}\n{pgn}");
    let out = process::run(&["convert", "-", "--to", "xqf"], Some(two.as_bytes()));
    assert_eq!(out.status.code(), Some(2));
    assert!(process::text(&out.stderr).contains("--game N"));
    let out = process::run(
        &["convert", "-", "--to", "xqf", "--game", "2"],
        Some(two.as_bytes()),
    );
    assert_eq!(out.status.code(), Some(0), "{}", process::text(&out.stderr));
    assert!(read(&out.stdout).is_ok());
}
