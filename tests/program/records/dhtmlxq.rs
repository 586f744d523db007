//! Reading DhtmlXQ blocks: a real block with branches and comments, several boards in one
//! page, every wrapper real files use, and damaged blocks that say what and where (or cut the
//! line that cannot be played, saying which).

use crate::common::process;

use xiangqi_records::dhtmlxq::{DhtmlError, DhtmlGame, read_all};
use xiangqi_rules::{Color, CutLine, StartError};

fn sample() -> String {
    text_of("dhtmlxq/vschess-demo-variations.txt")
}

fn text_of(rel: &str) -> String {
    String::from_utf8(process::game_file(rel)).expect("UTF-8")
}

/// The one board of `text`, read.
fn only_board(text: &str) -> DhtmlGame {
    let mut games = read_all(text);
    assert_eq!(games.len(), 1, "{games:?}");
    games.remove(0).expect("reads")
}

#[test]
fn a_real_block_reads_with_its_branches_and_comments() {
    let games = read_all(&sample());
    assert_eq!(games.len(), 1);
    let game = games[0].as_ref().expect("reads");
    assert_eq!(
        game.tree.start().fen(),
        "C3kab2/4a4/n3c1n2/p2Np1p2/1R4P2/1R7/P3P4/4B4/2Cp1p3/c1rAK1N2 w - - 0 1"
    );
    let main = game.tree.main_line();
    assert_eq!(main.len(), 39);
    assert_eq!(main[0].to_string(), "b5b9");
    // Fifteen branches: more nodes than the main line by their moves.
    let branch_moves: usize = [5, 6, 2, 7, 2, 2, 6, 7, 2, 6, 24, 1, 10, 2, 2].iter().sum();
    assert_eq!(game.tree.len(), 39 + branch_moves);
    let root = game.tree.comment(xiangqi_rules::NodeId::ROOT).unwrap_or("");
    assert!(root.contains("炮胜"), "{root}");
    // comment39: after the main line's last move.
    let mut at = xiangqi_rules::NodeId::ROOT;
    for &mv in &main {
        at = game.tree.child(at, mv).expect("main line");
    }
    assert_eq!(game.tree.comment(at), Some("红胜。"));
}

#[test]
fn several_boards_in_a_page_are_several_games() {
    let block = "[DhtmlXQ][DhtmlXQ_title]第一局[/DhtmlXQ_title][DhtmlXQ_red]甲[/DhtmlXQ_red]\
                 [DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist][/DhtmlXQ]";
    let page = format!(
        "<html><p>{block}</p><div>{}</div></html>",
        block.replace("第一局", "第二局")
    );
    let games = read_all(&page);
    assert_eq!(games.len(), 2);
    let second = games[1].as_ref().expect("reads");
    // Without binit, the standard start; 77-47 is 炮二平五, 70-62 马二进三 (rows from black).
    let moves = process::iccs_line(&second.tree);
    assert_eq!(moves, ["h2e2", "h9g7"]);
    assert!(
        second
            .tags
            .contains(&("Event".to_string(), "第二局".to_string()))
    );
    assert!(second.tags.contains(&("Red".to_string(), "甲".to_string())));
}

#[test]
fn damaged_blocks_say_what_and_where() {
    // A field cut short is an error; a board without its closing wrapper is not (saved
    // pages end so).
    let cut_short = read_all("[DhtmlXQ][DhtmlXQ_movelist]7747");
    assert_eq!(
        cut_short[0].as_ref().err(),
        Some(&DhtmlError::Unclosed {
            field: "DhtmlXQ_movelist".into()
        })
    );
    assert!(
        cut_short[0]
            .as_ref()
            .err()
            .is_some_and(|e| e.to_string().contains("[DhtmlXQ_movelist] is not closed")),
        "{cut_short:?}"
    );
    let unwrapped = only_board("[DhtmlXQ][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist]");
    assert_eq!(process::iccs_line(&unwrapped.tree), ["h2e2"]);
    let short = read_all("[DhtmlXQ][DhtmlXQ_binit]8979[/DhtmlXQ_binit][/DhtmlXQ]");
    assert_eq!(
        short[0].as_ref().err(),
        Some(&DhtmlError::Binit { chars: 4 })
    );
    // Both generals on one point.
    let binit = format!("4949{}", "99".repeat(30));
    let twice = read_all(&format!(
        "[DhtmlXQ][DhtmlXQ_binit]{binit}[/DhtmlXQ_binit][/DhtmlXQ]"
    ));
    let e0 = "e0".parse().expect("a square");
    assert_eq!(
        twice[0].as_ref().err(),
        Some(&DhtmlError::Start(StartError::TwoPieces(e0)))
    );
}

#[test]
fn a_line_that_cannot_be_played_is_cut_there_and_the_rest_kept() {
    // 炮二平五, then red again: the main line is cut at its second step.
    let illegal = only_board("[DhtmlXQ][DhtmlXQ_movelist]77474746[/DhtmlXQ_movelist][/DhtmlXQ]");
    assert_eq!(process::iccs_line(&illegal.tree), ["h2e2"]);
    match &illegal.cut[..] {
        [
            cut @ CutLine {
                main: true,
                number: 1,
                color: Color::Black,
                why: DhtmlError::Illegal { step: 2, .. },
            },
        ] => assert!(cut.to_string().contains("step 2"), "{cut}"),
        other => panic!("{other:?}"),
    }
    // A branch from a line that is not there is cut whole; one whose second move is not on
    // the board is cut there; a branch after them still reads.
    let board = only_board(
        "[DhtmlXQ][DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist]\
         [DhtmlXQ_move_3_1_4]1022[/DhtmlXQ_move_3_1_4]\
         [DhtmlXQ_move_0_1_5]19279999[/DhtmlXQ_move_0_1_5]\
         [DhtmlXQ_move_0_2_6]1022[/DhtmlXQ_move_0_2_6][/DhtmlXQ]",
    );
    assert_eq!(process::iccs_line(&board.tree), ["h2e2", "h9g7"]);
    // h2e2 h9g7, b0c2 (branch 5, its second move cut), and h2e2's alternative reply b9c7.
    assert_eq!(board.tree.len(), 4);
    let whys: Vec<&DhtmlError> = board.cut.iter().map(|c| &c.why).collect();
    assert_eq!(
        whys,
        [
            &DhtmlError::Moves {
                field: "DhtmlXQ_move_0_1_5".into()
            },
            // Known to have no parent only once every line is read.
            &DhtmlError::Branch {
                field: "DhtmlXQ_move_3_1_4".into()
            },
        ]
    );
    assert!(board.cut.iter().all(|c| !c.main));
    assert_eq!((board.cut[0].number, board.cut[0].color), (1, Color::Black));
    // A real page's move that is not legal in its branch: that branch alone is cut.
    let mut text = sample();
    text = text.replace("[DhtmlXQ_move_11_27_12]4355", "[DhtmlXQ_move_11_27_12]4346");
    let board = only_board(&text);
    assert!(
        matches!(
            board.cut[..],
            [CutLine {
                main: false,
                why: DhtmlError::Illegal { step: 27, ref field, .. },
                ..
            }] if field == "DhtmlXQ_move_11_27_12"
        ),
        "{:?}",
        board.cut
    );
    assert_eq!(board.tree.main_line().len(), 39);
}

#[test]
fn every_wrapper_real_files_use_reads_as_the_same_board() {
    let block = only_board(&sample());
    let same = |name: &str, board: &DhtmlGame| {
        assert_eq!(board.tree.start(), block.tree.start(), "{name}");
        assert_eq!(board.tree.len(), block.tree.len(), "{name}");
        assert_eq!(board.tree.main_line(), block.tree.main_line(), "{name}");
        assert_eq!(
            board.tree.comment(xiangqi_rules::NodeId::ROOT),
            block.tree.comment(xiangqi_rules::NodeId::ROOT),
            "{name}"
        );
    };
    // A saved page's [DhtmlXQiFrame] (byte-order mark, CRLF, no closing wrapper) and a forum
    // post's indented [DhtmlXQHTML] in HTML.
    for name in ["wrapped-iframe.txt", "wrapped-html.txt"] {
        let text = text_of(&format!("dhtmlxq/{name}"));
        same(name, &only_board(&text));
        // Told by content wherever games are read: the picker's index and the reader.
        let bytes = process::game_file(&format!("dhtmlxq/{name}"));
        let index = xiangqi_records::pgn::index(bytes.as_slice());
        assert_eq!(index.len(), 1, "{name}");
        assert!(index.entries()[0].problem.is_none(), "{name}");
        let game = index.open(std::io::Cursor::new(&bytes), 1).expect("opens");
        assert_eq!(game.moves(), block.tree.main_line().as_slice(), "{name}");
    }
    let html = only_board(&text_of("dhtmlxq/wrapped-html.txt"));
    assert!(
        html.tags
            .contains(&("Title".to_string(), "set-up study".to_string()))
    );
    // The fields with no wrapper at all, and with their names in other cases.
    let bare = sample().replace("[DhtmlXQ]", "").replace("[/DhtmlXQ]", "");
    same("bare", &only_board(&bare));
    let lower = sample()
        .replace("DhtmlXQ_", "dhtmlxq_")
        .replace("[DhtmlXQ]", "[DHTMLXQ]");
    same("lower", &only_board(&lower));
}

#[test]
fn a_board_far_down_a_page_in_any_encoding_reads_as_the_page_shows_it() {
    let block = "[DhtmlXQ][DhtmlXQ_title]A &amp; B[/DhtmlXQ_title]\
                 [DhtmlXQ_movelist]7747\n      7062[/DhtmlXQ_movelist]\
                 [DhtmlXQ_comment1]好棋<br />红先&#32;胜[/DhtmlXQ_comment1]\
                 [DhtmlXQ_result]红先胜[/DhtmlXQ_result][/DhtmlXQ]";
    // Past the first buffer of a page: 20 KB of markup before the board.
    let page = format!(
        "<!DOCTYPE html>\n<html><head>{}</head><body>{block}</body></html>",
        "<meta name=\"x\" content=\"y\">\n".repeat(700)
    );
    assert!(page.find("[DhtmlXQ]").is_some_and(|at| at > 16 << 10));
    let utf16: Vec<u8> = [0xFF, 0xFE]
        .into_iter()
        .chain(block.encode_utf16().flat_map(u16::to_le_bytes))
        .collect();
    for (name, bytes) in [("page", page.into_bytes()), ("UTF-16", utf16)] {
        let games: Vec<_> = xiangqi_records::pgn::GameReader::new(bytes.as_slice()).collect();
        assert_eq!(games.len(), 1, "{name}: {games:?}");
        let game = games[0].as_ref().expect("reads");
        let moves: Vec<String> = game.moves().iter().map(ToString::to_string).collect();
        // The move list broken over two lines, as a forum breaks a long one.
        assert_eq!(moves, ["h2e2", "h9g7"], "{name}");
        assert_eq!(
            game.result(),
            xiangqi_records::pgn::PgnResult::RedWins,
            "{name}"
        );
        if name == "page" {
            assert_eq!(game.tag("Event"), Some("A & B"));
            let first = game
                .tree()
                .main_child(xiangqi_rules::NodeId::ROOT)
                .expect("a move");
            assert_eq!(game.tree().comment(first), Some("好棋\n红先 胜"));
        }
    }
    // An escape written as an entity is shown, not obeyed; a text full of `<` and `&` that
    // are not markup keeps them.
    let hostile = format!(
        "<html>[DhtmlXQ][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist]\
         [DhtmlXQ_comment1]&#27;]52;c;eA==&#7;{}[/DhtmlXQ_comment1][/DhtmlXQ]",
        "<&".repeat(20_000)
    );
    let game = only_board(&hostile);
    let first = game
        .tree
        .main_child(xiangqi_rules::NodeId::ROOT)
        .expect("a move");
    let comment = game.tree.comment(first).expect("a comment");
    assert!(!comment.contains(['\u{1b}', '\u{7}']), "{comment:?}");
    assert!(comment.ends_with(&"<&".repeat(20_000)));
    // A page with no board holds no game: nothing is read as PGN.
    let none = "<html><body><p>1. h2e2 h9g7</p></body></html>";
    assert_eq!(
        xiangqi_records::pgn::GameReader::new(none.as_bytes()).count(),
        0
    );
}

#[test]
fn convert_reads_a_page_by_its_content() {
    let dir = std::env::temp_dir().join(format!("dhtml-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp folder");
    let page = dir.join("page.htm");
    std::fs::write(&page, format!("<html><body>\n{}\n</body></html>", sample())).expect("write");
    let out = process::run(&["convert", &page.to_string_lossy(), "--to", "iccs"], None);
    assert_eq!(out.status.code(), Some(0), "{}", process::text(&out.stderr));
    assert!(process::text(&out.stdout).contains("1. B5-B9 E8-D9"));
    let _ = std::fs::remove_dir_all(&dir);
}

/// The `[DhtmlXQ_name]value[/DhtmlXQ_name]` fields of a block whose names start with one
/// of `kinds`, sorted.
fn fields_of(text: &str, kinds: &[&str]) -> Vec<(String, String)> {
    let mut found = Vec::new();
    let mut rest = text;
    while let Some(at) = rest.find("[DhtmlXQ_") {
        let after = &rest[at + "[DhtmlXQ_".len()..];
        let Some(close) = after.find(']') else { break };
        let name = &after[..close];
        let end = format!("[/DhtmlXQ_{name}]");
        let Some(stop) = after.find(&end) else { break };
        if kinds.iter().any(|k| name.starts_with(k)) {
            found.push((name.to_string(), after[close + 1..stop].to_string()));
        }
        rest = &after[stop + end.len()..];
    }
    found.sort();
    found
}

#[test]
fn a_real_block_written_again_numbers_its_lines_as_the_original_does() {
    let text = sample();
    let games = read_all(&text);
    let game = games[0].as_ref().expect("reads");
    let written = xiangqi_records::dhtmlxq::write(&game.tree, &game.tags);
    assert_eq!(written.left_out, []);
    // The main line, every branch with its number and where it leaves its parent, and
    // every comment: field for field as vschess wrote them.
    let kinds = ["movelist", "move_", "comment"];
    assert_eq!(fields_of(&written.text, &kinds), fields_of(&text, &kinds));
    // And it reads back to the same tree. (Which of two like pieces takes which place in
    // `binit` is free: the start is compared as a position.)
    let again = read_all(&written.text);
    let again = again[0].as_ref().expect("reads back");
    assert_eq!(again.tree.start(), game.tree.start());
    assert_eq!(again.tree.len(), game.tree.len());
    assert_eq!(again.tree.main_line(), game.tree.main_line());
}

#[test]
fn convert_writes_dhtmlxq_blocks_that_read_back() {
    let pgn = "[Event \"Cup [final]\"]\n[Red \"吕钦\"]\n[Black \"许银川\"]\n[ECCO \"B05\"]\n\
               [Result \"1-0\"]\n\n1. h2e2 {中炮\nfirst} (1. c3c4 b9c7) 1... h9g7 2. h0g2! \
               {a || b} ({before} 2. b0c2 {after}) 1-0\n\n\
               [Event \"Two\"]\n\n1. b0c2 *\n";
    let dir = std::env::temp_dir().join(format!("xiangqi-dhtml-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temporary folder");
    let path = dir.join("two.pgn");
    std::fs::write(&path, pgn).expect("write the record");
    let out = process::run(
        &["convert", "--to", "dhtmlxq", &path.display().to_string()],
        None,
    );
    std::fs::remove_dir_all(&dir).ok();
    assert!(out.status.success(), "{out:?}");
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    let stderr = String::from_utf8(out.stderr).expect("UTF-8");
    for said in [
        "[ECCO] tag",
        "glyphs (! ? $n) of one move",
        "square brackets of one text",
        "the || of one comment",
        "one comment before a variation, joined",
    ] {
        assert!(stderr.contains(said), "{said}: {stderr}");
    }
    let games = read_all(&text);
    assert_eq!(games.len(), 2, "{text}");
    let first = games[0].as_ref().expect("reads back");
    for tag in [
        ("Event", "Cup ［final］"),
        ("Red", "吕钦"),
        ("Black", "许银川"),
        ("Result", "1-0"),
    ] {
        assert!(
            first.tags.contains(&(tag.0.to_string(), tag.1.to_string())),
            "{tag:?} in {:?}",
            first.tags
        );
    }
    let moves = process::iccs_line(&first.tree);
    assert_eq!(moves, ["h2e2", "h9g7", "h0g2"]);
    let opening = first
        .tree
        .main_child(xiangqi_rules::NodeId::ROOT)
        .expect("a move");
    assert_eq!(first.tree.comment(opening), Some("中炮\nfirst"));
    let other: Vec<String> = first
        .tree
        .children(xiangqi_rules::NodeId::ROOT)
        .filter_map(|n| first.tree.mv(n))
        .map(|m| m.to_string())
        .collect();
    assert_eq!(other, ["h2e2", "c3c4"]);
    assert!(text.contains(
        "[DhtmlXQ_binit]8979695949392919097717866646260600102030405060708012720323436383[/DhtmlXQ_binit]"
    ));
}

#[test]
fn convert_to_dhtmlxq_names_an_unreadable_game_writes_the_others_and_exits_2() {
    let pgn = "[Event \"a\"]\n1. h2e2 h9g7 2. h2h9 *\n\n[Event \"b\"]\n1. b0c2 *\n";
    let out = process::run(&["convert", "--to", "dhtmlxq", "-"], Some(pgn.as_bytes()));
    assert_eq!(out.status.code(), Some(2));
    let stderr = process::text(&out.stderr);
    assert!(
        stderr.contains("game 1, move 2 (Red): \"h2h9\""),
        "{stderr}"
    );
    let blocks = read_all(&process::text(&out.stdout));
    assert_eq!(blocks.len(), 1);
    let b = blocks[0].as_ref().expect("the readable game");
    assert!(b.tags.contains(&("Event".to_string(), "b".to_string())));
    // Nothing to write at all is an error too.
    let none = process::run(&["convert", "--to", "dhtmlxq", "-"], Some(b""));
    assert_eq!(none.status.code(), Some(2));
    assert!(process::text(&none.stderr).contains("no games found"));
}

#[test]
fn branches_nested_far_down_a_long_line_read() {
    // A main line of 40,000 plies (the horses out and back), then 2,000 branches, each
    // leaving the one before a step further on, and comments on them: each branch is laid
    // out without copying the steps it shares with its parent, and every move is played
    // once, from the position before it.
    let cycle = ["1927", "1022", "2719", "2210"];
    let plies = 40_000;
    let mut text = String::from("[DhtmlXQ][DhtmlXQ_movelist]");
    for i in 0..plies {
        text.push_str(cycle[i % 4]);
    }
    text.push_str("[/DhtmlXQ_movelist]");
    let branches = 2_000;
    let first = plies - 3_000;
    for n in 1..=branches {
        let step = first + n;
        let field = format!("DhtmlXQ_move_{}_{step}_{n}", n - 1);
        text.push_str(&format!("[{field}]{}[/{field}]", cycle[(step - 1) % 4]));
    }
    text.push_str("[DhtmlXQ_comment2000_5]deep[/DhtmlXQ_comment2000_5][/DhtmlXQ]");
    let board = only_board(&text);
    assert_eq!(board.tree.main_line().len(), plies);
    // Each branch replays its parent's move at its step: the moves are the same, so each is
    // the node already there, and the tree holds the main line alone.
    assert_eq!(board.tree.len(), plies);
    assert!(board.cut.is_empty(), "{:?}", board.cut);
    // Step 5 of line 2,000 is the main line's.
    let mut at = xiangqi_rules::NodeId::ROOT;
    for _ in 0..5 {
        at = board.tree.main_child(at).expect("a move");
    }
    assert_eq!(board.tree.comment(at), Some("deep"));
}

#[test]
fn a_board_given_by_fen_and_comments_with_unicode_escapes_read() {
    // Some sites give the start as a FEN instead of binit (it comes first), and write a
    // comment's characters as \uXXXX.
    let board = only_board(
        "[DhtmlXQ][DhtmlXQ_binit]8979695949392919097717866646260600102030405060708012720323436383[/DhtmlXQ_binit]\
         [DhtmlXQ_fen]3k5/9/9/9/9/9/9/9/4A4/4K4 b - - 0 30[/DhtmlXQ_fen]\
         [DhtmlXQ_movelist]30404939[/DhtmlXQ_movelist]\
         [DhtmlXQ_comment1]\\u597d\\u68cb\\uzz[/DhtmlXQ_comment1][/DhtmlXQ]",
    );
    assert_eq!(
        board.tree.start().fen(),
        "3k5/9/9/9/9/9/9/9/4A4/4K4 b - - 0 30"
    );
    assert_eq!(process::iccs_line(&board.tree), ["d9e9", "e0d0"]);
    let first = board
        .tree
        .main_child(xiangqi_rules::NodeId::ROOT)
        .expect("a move");
    assert_eq!(board.tree.comment(first), Some("好棋\\uzz"));
    let bad = read_all("[DhtmlXQ][DhtmlXQ_fen]9/9/9[/DhtmlXQ_fen][/DhtmlXQ]");
    assert!(
        matches!(
            bad[..],
            [Err(DhtmlError::Fen(xiangqi_rules::FenError::RankCount {
                found: 3
            }))]
        ),
        "{bad:?}"
    );
}

#[test]
fn a_branch_numbered_before_the_line_it_leaves_waits_for_it() {
    // Line 1 leaves line 2, which leaves the main line: read in the order of their numbers,
    // line 1 waits for line 2 instead of being cut.
    let board = only_board(
        "[DhtmlXQ][DhtmlXQ_movelist]77477062[/DhtmlXQ_movelist]\
         [DhtmlXQ_move_2_2_1]7062[/DhtmlXQ_move_2_2_1]\
         [DhtmlXQ_move_0_1_2]19271022[/DhtmlXQ_move_0_1_2][/DhtmlXQ]",
    );
    assert!(board.cut.is_empty(), "{:?}", board.cut);
    // h2e2 h9g7 | b0c2 b9c7 | b0c2 h9g7
    assert_eq!(board.tree.len(), 5);
    let b0c2 = board
        .tree
        .children(xiangqi_rules::NodeId::ROOT)
        .nth(1)
        .expect("line 2");
    let replies: Vec<String> = board
        .tree
        .children(b0c2)
        .filter_map(|n| board.tree.mv(n).map(|m| m.to_string()))
        .collect();
    assert_eq!(replies, ["b9c7", "h9g7"]);
}
