//! Game records with their structure: variations and comments read and written back in every
//! notation, errors for unclosed comments and variations, reading one game at a time in
//! bounded memory, the index a picker uses, and the record's stated result kept.

use std::io::{BufReader, Cursor, Read};
use xiangqi::pgn::{
    Event, Events, GameReader, MAX_GAME_BYTES, Notice, PgnErrorKind, PgnGame, PgnResult,
    convert_stream, index, read_each, read_game, read_games, write_pgn,
};
use xiangqi::{GameTree, Glyphs, NodeId, Notation, NotationStyle, Termination};

const ANALYSIS: &str = "[Event \"analysis\"]\n\n\
    {A start comment} 1. h2e2 {central cannon} (1. b0c2 b9c7 (1... h9g7 {horse}) 2. c3c4)\n\
    (1. c3c4) 1... h9g7 2. h0g2 (2. b0c2 {first} c6c5 (2... b9c7)) 2... i9h9 *\n";

fn one(text: &[u8]) -> PgnGame {
    let mut games = read_games(text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(games.len(), 1);
    games.remove(0)
}

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
    let mut game = xiangqi::Game::default();
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
    let mut game = xiangqi::Game::default();
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
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/games");
    let mut checked = 0;
    for folder in ["xqf", "dhtmlxq", "ccbridge"] {
        let mut paths: Vec<_> = std::fs::read_dir(root.join(folder))
            .unwrap_or_else(|e| panic!("{folder}: {e}"))
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_none_or(|x| x != "md"))
            .collect();
        paths.sort();
        for path in paths {
            let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{e}"));
            let Ok(games) = read_games(&bytes) else {
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

#[test]
fn an_unclosed_comment_names_its_line_and_the_games_after_it_are_read() {
    let text = "[Event \"1\"]\n1. h2e2 h9g7 { x\n2. h0g2 *\n\n[Event \"2\"]\n1. b0c2 *\n";
    let games = read_each(text.as_bytes());
    assert_eq!(games.len(), 2, "{games:?}");
    let error = games[0].as_ref().err().map(|e| (e.game, e.kind.clone()));
    assert_eq!(error, Some((1, PgnErrorKind::UnclosedComment { line: 2 })));
    let message = games[0].as_ref().err().map(ToString::to_string);
    assert!(message.is_some_and(|m| m.contains("on line 2 is not closed")));
    assert_eq!(
        games[1].as_ref().map(|g| g.tag("Event")).ok(),
        Some(Some("2"))
    );
}

/// For each game of `text`: why it cannot be read, if it cannot.
fn error_kinds(text: &str) -> Vec<Option<PgnErrorKind>> {
    read_each(text.as_bytes())
        .into_iter()
        .map(|g| g.err().map(|e| e.kind))
        .collect()
}

#[test]
fn an_unclosed_variation_names_its_line_and_later_games_are_read() {
    let text = "[Event \"1\"]\n1. h2e2\n(1. b0c2\nb9c7\n[Event \"2\"]\n1. b0c2 *\n";
    assert_eq!(
        error_kinds(text),
        [Some(PgnErrorKind::UnclosedVariation { line: 3 }), None]
    );
}

#[test]
fn a_latin1_comment_does_not_swallow_the_games_after_it() {
    let mut bytes = b"[Event \"1\"]\n1. h2e2 {jou".to_vec();
    bytes.extend_from_slice(&[0xE9]);
    bytes.extend_from_slice(b"} h9g7 *\n\n[Event \"2\"]\n1. b0c2 *\n");
    let games = read_games(&bytes).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].moves().len(), 2);
    let comment = games[0]
        .tree()
        .comment(games[0].tree().line_after(NodeId::ROOT)[0]);
    assert_eq!(comment, Some("jou\u{FFFD}"));
}

#[test]
fn bad_text_in_an_error_is_cut_to_a_readable_length() {
    let long = "x".repeat(100_000);
    let text = format!("1. h2e2 {long} *");
    let error = read_game(text.as_bytes(), 1).err().map(|e| e.to_string());
    let error = error.unwrap_or_default();
    assert!(error.contains("xxxxxxxx…"), "{error}");
    assert!(error.len() < 200, "{}", error.len());
}

#[test]
fn events_report_tags_only_scans_without_playing_moves() {
    // Moves that do not read are no obstacle to a scan of the structure.
    let text = "[Red \"A\"]\n1. zz9 yy8 (1. qq) 1-0\n[Red \"B\"]\n1. h2e2 *";
    let reds: Vec<String> = Events::new(text)
        .filter_map(Result::ok)
        .filter_map(|e| match e {
            Event::Tag { name: "Red", value } => Some(value.into_owned()),
            _ => None,
        })
        .collect();
    assert_eq!(reds, ["A", "B"]);
}

/// An endless source of the same game: shows that a reader stops where it should.
struct Endless {
    game: &'static [u8],
    at: usize,
    read: usize,
}

impl Read for Endless {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let mut n = 0;
        while n < buf.len() {
            buf[n] = self.game[self.at];
            self.at = (self.at + 1) % self.game.len();
            n += 1;
        }
        self.read += n;
        Ok(n)
    }
}

#[test]
fn game_n_is_read_without_reading_the_rest_of_the_file() {
    let mut endless = Endless {
        game: b"[Event \"e\"]\n1. h2e2 h9g7 *\n\n",
        at: 0,
        read: 0,
    };
    let game = GameReader::new(BufReader::new(&mut endless)).game(3);
    assert_eq!(game.map(|g| g.moves().len()).ok(), Some(2));
    assert!(endless.read < 64 * 1024, "read {} bytes", endless.read);
}

#[test]
fn endless_zeros_stop_at_the_game_size_limit() {
    let zeros = std::io::repeat(0).take(3 * MAX_GAME_BYTES as u64);
    let items: Vec<_> = GameReader::new(BufReader::new(zeros)).collect();
    assert_eq!(items.len(), 1);
    let kind = items[0].as_ref().err().map(|e| e.kind.clone());
    assert_eq!(
        kind,
        Some(PgnErrorKind::TooLarge {
            line: 1,
            limit: MAX_GAME_BYTES
        })
    );
}

/// `text` converted to ICCS: the output and what was noticed on the way.
fn convert(text: &str) -> (String, usize, Vec<Notice>) {
    let mut out = Vec::new();
    let mut notices = Vec::new();
    let written = convert_stream(
        text.as_bytes(),
        &mut out,
        None,
        Notation::Iccs,
        &NotationStyle::default(),
        |n| notices.push(n),
    );
    let written = written.unwrap_or_else(|e| panic!("{e}"));
    (String::from_utf8_lossy(&out).into_owned(), written, notices)
}

#[test]
fn convert_writes_each_game_as_it_is_read_and_reports_the_bad_ones() {
    let text = "[Event \"1\"]\n1. h2e2 *\n\n[Event \"2\"]\n1. a0a5 *\n\n[Event \"3\"]\n1. b0c2 *\n";
    let (out, written, notices) = convert(text);
    assert_eq!(written, 2);
    assert_eq!(out.matches("[Game ").count(), 2);
    assert!(out.contains("1. B0-C2"), "{out}");
    assert!(matches!(&notices[..], [Notice::Unreadable(e)] if e.game == 2));
}

/// Red's and black's horses go out and back twice: the start position occurs a third time.
const REPEATING: &str = "1. b0c2 b9c7 2. c2b0 c7b9 3. b0c2 b9c7 4. c2b0 c7b9";

#[test]
fn a_stated_result_is_kept_and_a_disagreement_is_reported() {
    let text = format!("[Event \"x\"]\n[Result \"1-0\"]\n{REPEATING} 1-0\n");
    let (out, _, notices) = convert(&text);
    assert!(out.contains("[Result \"1-0\"]"), "{out}");
    assert!(!out.contains("Termination"), "{out}");
    assert!(out.ends_with("\n1-0\n"), "{out}");
    match &notices[..] {
        [Notice::ResultDiffers { stated, judged, .. }] => {
            assert_eq!(*stated, PgnResult::RedWins);
            assert_eq!(judged.termination, Termination::Repetition);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn the_rules_verdict_fills_in_only_what_the_record_leaves_open() {
    let open = format!("[Event \"x\"]\n{REPEATING} *\n");
    let game = one(open.as_bytes());
    let pgn = write_pgn(
        &game.to_game(),
        &game.stated_tags(),
        Notation::Iccs,
        &NotationStyle::default(),
    );
    assert!(pgn.contains("[Result \"1/2-1/2\"]"), "{pgn}");
    assert!(pgn.contains("[Termination \"repetition\"]"), "{pgn}");
    // A stated draw that agrees gets the rules' termination; the record's own wins if any.
    let stated = format!("[Result \"1/2-1/2\"]\n[Termination \"agreed\"]\n{REPEATING} 1/2-1/2\n");
    let game = one(stated.as_bytes());
    let pgn = write_pgn(
        &game.to_game(),
        &game.stated_tags(),
        Notation::Iccs,
        &NotationStyle::default(),
    );
    assert!(pgn.contains("[Termination \"agreed\"]"), "{pgn}");
}

#[test]
fn the_result_token_is_stated_even_when_the_tag_is_missing() {
    let game = one(format!("{REPEATING} 0-1").as_bytes());
    let tags = game.stated_tags();
    let pgn = write_pgn(
        &game.to_game(),
        &tags,
        Notation::Iccs,
        &NotationStyle::default(),
    );
    assert!(
        pgn.contains("[Result \"0-1\"]") && pgn.ends_with("\n0-1\n"),
        "{pgn}"
    );
}

#[test]
fn the_index_lists_each_game_and_opens_it_from_its_offset() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/games/iccs/bulk_games_uci.pgn");
    let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{e}"));
    let idx = index(bytes.as_slice());
    let games = read_games(&bytes).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(idx.len(), games.len());
    assert!(idx.stopped().is_none());
    for (entry, game) in idx.entries().iter().zip(&games) {
        assert_eq!(Some(entry.red.as_str()), game.tag("Red"));
        assert_eq!(Some(entry.black.as_str()), game.tag("Black"));
        assert_eq!(entry.result, game.result());
        assert_eq!(entry.plies, game.moves().len());
        let opened = idx.open(Cursor::new(&bytes), entry.number);
        assert_eq!(
            opened.map(|g| g.moves().to_vec()).ok().as_deref(),
            Some(game.moves())
        );
    }
    let first = &idx.entries()[0];
    assert!(first.matches(&first.red.to_uppercase()));
    assert!(!first.matches("no such player"));
    let missing = idx.open(Cursor::new(&bytes), games.len() + 1);
    assert!(matches!(
        missing.map_err(|e| e.kind),
        Err(PgnErrorKind::NoSuchGame { .. })
    ));
}

#[test]
fn the_index_reads_legacy_encodings_and_counts_rounds() {
    let gbk = encoding_rs::GBK
        .encode("[Red \"许银川\"]\n[FEN \"4k4/9/9/9/9/9/9/9/4R4/3K5 b\"]\n1. ... 将５平６ 2. 车五平六 *\n")
        .0
        .into_owned();
    let idx = index(gbk.as_slice());
    let entry = &idx.entries()[0];
    assert_eq!(entry.red, "许银川");
    assert_eq!((entry.plies, entry.moves()), (2, 2));
    let opened = idx.open(Cursor::new(&gbk), 1);
    assert_eq!(opened.map(|g| g.moves().len()).ok(), Some(2));
}

/// A small deterministic generator (the same trees on every run).
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        usize::try_from(self.0 >> 33).unwrap_or(0) % n.max(1)
    }
}

/// A random tree: lines of random legal moves branching off random nodes, with comments
/// (some with the characters a writer must take care of) on random moves.
fn random_tree(seed: u64) -> xiangqi::Game {
    let mut rng = Lcg(seed);
    let mut game = xiangqi::Game::default();
    for _ in 0..1 + rng.below(5) {
        let nodes: Vec<NodeId> = std::iter::once(NodeId::ROOT)
            .chain(
                game.tree()
                    .entries(Notation::Iccs, &NotationStyle::default())
                    .iter()
                    .map(|e| e.node),
            )
            .collect();
        game.go_to(nodes[rng.below(nodes.len())]);
        for _ in 0..rng.below(12) {
            let legal = game.position().legal_moves();
            if legal.is_empty() {
                break;
            }
            let mv = legal.iter().copied().nth(rng.below(legal.len()));
            if let Some(mv) = mv
                && game.play_unadjudicated(mv).is_err()
            {
                break;
            }
            if rng.below(4) == 0 {
                let text = [
                    "a note",
                    "[%clk 0:59:31]",
                    "两个 (括号)",
                    "x } y",
                    "line one\nline two",
                ][rng.below(5)];
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

#[test]
fn a_byte_order_mark_before_the_tags_keeps_them_in_one_game() {
    let text = "\u{FEFF}[Event \"e\"]\n[Red \"r\"]\n1. h2e2 *\n\n[Event \"f\"]\n1. b0c2 *\n";
    let games = read_games(text.as_bytes()).unwrap_or_else(|e| panic!("{e}"));
    let tags: Vec<_> = games
        .iter()
        .map(|g| (g.tag("Event"), g.tag("Red")))
        .collect();
    assert_eq!(tags, [(Some("e"), Some("r")), (Some("f"), None)]);
    let idx = index(text.as_bytes());
    assert_eq!(idx.len(), 2);
    assert_eq!(idx.entries()[1].line, 5);
}

#[test]
fn errors_in_later_games_name_lines_of_the_file() {
    let text = "[Event \"1\"]\n1. h2e2 *\n\n[Event \"2\"]\n\n1. h2e2\n(1. b0c2 {open\n";
    assert_eq!(
        error_kinds(text),
        [None, Some(PgnErrorKind::UnclosedComment { line: 7 })]
    );
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

/// A record with two tags of a name the writer places itself (two `[Red]`, two `[Date]`)
/// keeps both: the first in its place, the second after the others, and reading it back
/// takes the first again. The start and result tags are the writer's own and stay single.
#[test]
fn a_second_tag_of_a_standard_name_is_written_not_dropped() {
    let text = "[Red \"A\"]\n[Date \"2024.01.02\"]\n[Red \"B\"]\n[Foo \"x\"]\n\
                [date \"2024.01.03\"]\n[Result \"1-0\"]\n[Result \"0-1\"]\n\n1. h2e2 h9g7 1-0\n";
    let game = one(text.as_bytes());
    let pgn = write_pgn(
        &game.to_game(),
        &game.stated_tags(),
        Notation::Iccs,
        &NotationStyle::default(),
    );
    let at = |needle: &str| {
        pgn.find(needle)
            .unwrap_or_else(|| panic!("{needle}: {pgn}"))
    };
    assert!(at("[Red \"A\"]") < at("[Red \"B\"]"), "{pgn}");
    assert!(
        at("[Date \"2024.01.02\"]") < at("[date \"2024.01.03\"]"),
        "{pgn}"
    );
    assert!(
        at("[Red \"B\"]") < at("[Foo \"x\"]") && at("[Foo \"x\"]") < at("[date "),
        "in the record's order: {pgn}"
    );
    assert_eq!(pgn.matches("[Result ").count(), 1, "{pgn}");
    let again = one(pgn.as_bytes());
    let red = again
        .tags()
        .iter()
        .find(|(n, _)| n == "Red")
        .map(|(_, v)| v.as_str());
    assert_eq!(red, Some("A"));
}

/// A game of tags only (a collection's heading or conclusion), a blank line, and the next
/// game's tags: two games, each with its own tags, for the reader, the streaming reader and
/// the picker's index alike. Tags in groups with blank lines between them, none repeated,
/// stay one game.
#[test]
fn a_game_of_tags_only_ends_where_the_next_games_tags_begin() {
    let text = "[Game \"Chinese Chess\"]\n[Event \"Conclusion\"]\n[Result \"*\"]\r\n\r\n\
                [Game \"Chinese Chess\"]\n[Event \"Game 1\"]\n[ECCO \"B41\"]\n\n\
                1. h2e2 b9c7 *\n\n\
                [Event \"Game 2\"]\n\n[Red \"A\"]\n[Black \"B\"]\n\n1. c3c4 *\n";
    let event = |g: &PgnGame| {
        g.tags()
            .iter()
            .filter(|(n, _)| n == "Event")
            .map(|(_, v)| v.clone())
            .collect::<Vec<_>>()
    };
    let games = read_games(text.as_bytes()).unwrap_or_else(|e| panic!("{e}"));
    let events: Vec<Vec<String>> = games.iter().map(event).collect();
    assert_eq!(
        events,
        [vec!["Conclusion"], vec!["Game 1"], vec!["Game 2"]],
        "{games:?}"
    );
    assert_eq!(
        games.iter().map(|g| g.moves().len()).collect::<Vec<_>>(),
        [0, 2, 1]
    );
    let streamed: Vec<Vec<String>> = GameReader::new(text.as_bytes())
        .map(|g| g.map(|g| event(&g)).unwrap_or_else(|e| panic!("{e}")))
        .collect();
    assert_eq!(streamed, events);
    let idx = index(text.as_bytes());
    let listed: Vec<&str> = idx.entries().iter().map(|e| e.event.as_str()).collect();
    assert_eq!(listed, ["Conclusion", "Game 1", "Game 2"]);
    let second = idx.open(Cursor::new(text.as_bytes()), 2);
    assert_eq!(
        second.map(|g| event(&g)).ok(),
        Some(vec!["Game 1".to_string()])
    );
    let third = games[2].tags();
    assert!(
        third.iter().any(|(n, v)| n == "Red" && v == "A"),
        "{third:?}"
    );
}

/// A `[Result]` tag that the result after the moves contradicts: the movetext's is kept,
/// and the conversion says so.
#[test]
fn a_result_tag_the_movetext_contradicts_is_reported() {
    let (out, _, notices) = convert("[Event \"x\"]\n[Result \"1-0\"]\n\n1. h2e2 h9g7 0-1\n");
    assert!(
        out.contains("[Result \"0-1\"]") && out.ends_with("\n0-1\n"),
        "{out}"
    );
    match &notices[..] {
        [n @ Notice::ResultTagDiffers { tag, movetext, .. }] => {
            assert_eq!(
                (*tag, *movetext),
                (PgnResult::RedWins, PgnResult::BlackWins)
            );
            assert_eq!(
                n.to_string(),
                "game 1: the [Result] tag says 1-0 but the moves end with 0-1: 0-1 is kept"
            );
        }
        other => panic!("{other:?}"),
    }
    // Agreeing, or either unknown: nothing to say.
    for text in [
        "[Result \"1-0\"]\n\n1. h2e2 1-0\n",
        "[Result \"*\"]\n\n1. h2e2 1-0\n",
        "[Result \"1-0\"]\n\n1. h2e2 *\n",
    ] {
        let (_, _, notices) = convert(text);
        assert!(notices.is_empty(), "{text}: {notices:?}");
    }
}
