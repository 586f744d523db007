//! Reading DhtmlXQ blocks: a real block with branches and comments, several boards in one
//! page, and damaged blocks that say what and where.

use crate::common::process;

use xiangqi_records::dhtmlxq::{DhtmlError, read_all};
use xiangqi_rules::StartError;

fn sample() -> String {
    String::from_utf8(process::game_file("dhtmlxq/vschess-demo-variations.txt")).expect("UTF-8")
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
    let unclosed = read_all("[DhtmlXQ][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist]");
    assert_eq!(unclosed[0].as_ref().err(), Some(&DhtmlError::Unclosed));
    let odd = read_all("[DhtmlXQ][DhtmlXQ_movelist]774[/DhtmlXQ_movelist][/DhtmlXQ]");
    assert!(matches!(odd[0], Err(DhtmlError::Moves { .. })));
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
    // 炮二平五 then red again: the second move is not red's to play.
    let illegal = read_all("[DhtmlXQ][DhtmlXQ_movelist]77474746[/DhtmlXQ_movelist][/DhtmlXQ]");
    match &illegal[0] {
        Err(e @ DhtmlError::Illegal { step: 2, .. }) => {
            assert!(e.to_string().contains("step 2"), "{e}");
        }
        other => panic!("{other:?}"),
    }
    let orphan = read_all(
        "[DhtmlXQ][DhtmlXQ_movelist]7747[/DhtmlXQ_movelist]\
         [DhtmlXQ_move_3_1_4]1022[/DhtmlXQ_move_3_1_4][/DhtmlXQ]",
    );
    assert!(
        matches!(orphan[0], Err(DhtmlError::Branch { .. })),
        "{orphan:?}"
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
