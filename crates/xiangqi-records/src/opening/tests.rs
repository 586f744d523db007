use super::*;
use crate::opening::early;
use xiangqi_rules::{Game, Position};

fn moves(iccs: &str) -> Vec<Move> {
    iccs.split_whitespace()
        .map(|m| m.parse().expect("test move"))
        .collect()
}

/// A drawn master game with `code` and the ICCS moves of `line`, to learn from.
fn game(code: &str, line: &str) -> build::TrainingGame {
    build::TrainingGame {
        code: Some(code.to_string()),
        event: String::new(),
        moves: moves(line),
        red_points: Some(1),
        played: true,
    }
}

#[test]
fn central_cannon_against_screen_horses_is_named() {
    // 炮二平五 马８进７ 马二进三 车９平８ 车一平二 马２进３
    let found = classify(&moves("h2e2 h9g7 h0g2 i9h9 i0h0 b9c7")).expect("a code");
    assert!(found.code.starts_with('C'), "{found:?}");
    assert!(found.simplified.contains("对屏风马"), "{found:?}");
    assert!(found.traditional.contains("對屏風馬"), "{found:?}");
    assert!(found.english.ends_with("vs Screen Horses"), "{found:?}");
}

#[test]
fn the_mirrored_opening_gets_the_same_code() {
    let right = classify(&moves("h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 c3c4 g6g5")).expect("a code");
    let left = classify(&moves("b2e2 b9c7 b0c2 a9b9 a0b0 h9g7 g3g4 c6c5")).expect("a code");
    assert_eq!(right, left);
}

#[test]
fn a_transposed_move_order_of_one_family_gets_the_same_code() {
    // The two horses of black in either order: the same position, the same code.
    let one = classify(&moves("h2e2 h9g7 h0g2 b9c7")).expect("a code");
    let other = classify(&moves("h2e2 b9c7 h0g2 h9g7")).expect("a code");
    let a = Position::start();
    let mut p = a.clone();
    let mut q = a;
    for mv in moves("h2e2 h9g7 h0g2 b9c7") {
        p = p.play(mv).expect("legal");
    }
    for mv in moves("h2e2 b9c7 h0g2 h9g7") {
        q = q.play(mv).expect("legal");
    }
    assert_eq!(position_key(&p), position_key(&q));
    assert_eq!(one.code, other.code);
    assert_eq!(explore(&p), explore(&q));
}

#[test]
fn a_game_from_another_position_has_no_opening() {
    let start: Position = "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1".parse().expect("fen");
    assert_eq!(classify_game(&start, &moves("e0e1")), None);
    assert_eq!(classify(&[]), None);
    let game = Game::new(Position::start());
    assert_eq!(classify_game(game.start(), game.moves()), None);
}

#[test]
fn the_explorer_knows_the_start_and_lists_only_legal_moves_most_played_first() {
    let start = Position::start();
    let rows = explore(&start);
    assert!(rows.len() >= 5, "{rows:?}");
    assert!(rows.windows(2).all(|w| w[0].games >= w[1].games));
    assert!(rows.iter().all(|r| start.check_move(r.mv).is_ok()));
    assert!(
        rows.iter()
            .all(|r| r.red_wins + r.draws + r.black_wins <= r.games)
    );
    // 炮二平五 is among the most played first moves.
    assert!(
        rows.iter().take(3).any(|r| r.mv.to_string() == "h2e2"),
        "{rows:?}"
    );
}

#[test]
fn the_book_plays_known_moves_varies_and_leaves_unknown_positions() {
    let start = Position::start();
    let chosen: std::collections::HashSet<Move> =
        (0..64).filter_map(|seed| book_move(&start, seed)).collect();
    assert!(chosen.len() >= 2, "{chosen:?}");
    assert!(chosen.iter().all(|&mv| start.check_move(mv).is_ok()));
    let bare: Position = "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1".parse().expect("fen");
    assert_eq!(book_move(&bare, 1), None);
    for (row, _) in book_moves(&start) {
        assert!(row.games >= BOOK_MIN_GAMES);
        assert!(row.score_for(true).is_some_and(|s| s >= BOOK_MIN_SCORE));
    }
}

#[test]
fn the_tree_is_cut_below_agreeing_games_and_classifies_what_it_learned() {
    let games = vec![
        game("C01", "h2e2 h9g7 h0g2"),
        game("C01", "h2e2 h9g7 h0g2 i9h9"),
        game("B01", "h2e2 b9c7"),
        game("E01", "c3c4 g6g5"),
    ];
    let text = build::classification_table(&games, "test");
    let table = Classifier::parse(&text);
    let code = |line: &str| table.classify(&moves(line)).map(|c| c.code.to_string());
    assert_eq!(code("h2e2 h9g7 h0g2 i9h9 i0h0").as_deref(), Some("C01"));
    assert_eq!(code("h2e2 b9c7 h0g2").as_deref(), Some("B01"));
    assert_eq!(code("c3c4").as_deref(), Some("E01"));
    // Below h2e2 h9g7 every game says C01: no node deeper than that is kept.
    assert_eq!(
        text.lines().filter(|l| l.starts_with("N\t")).count(),
        1 + 2 + 2
    );
}

#[test]
fn a_table_naming_codes_it_does_not_have_classifies_without_a_panic() {
    // Counts and a leaf for code 7 in a table of one code; nodes pointing at nodes that are
    // not there; a question that does not read; a question missing its no branch.
    let table = Classifier::parse(
        "C\tA00\t甲\t甲\tA\nN\t-\t-\t7:3 0:1\nN\t0\t0a0b\t7:2 0:2\nN\t9\tzz\t0:1\n\
         T\tp0 C2.5\nL\t7\t3\nT\tw9.99 R9.8\nL\t0\t1\nT\tzz\n",
    );
    let found = table.classify(&moves("h2e2 h9g7"));
    assert!(found.is_none_or(|c| c.code == "A00"), "{found:?}");
    let _ = table.classify(&moves("c3c4"));
}

#[test]
fn early_moves_are_written_in_wxf_and_a_left_opening_reads_like_a_right_one() {
    let right = early::early_moves(&moves("h2e2 h9g7 h0g2 i9h9"));
    assert_eq!(right, ["C2.5", "H8+7", "H2+3", "R9.8"]);
    let left = early::early_moves(&moves("b2e2 b9c7 b0c2 a9b9"));
    assert_eq!(left, right);
    // Cut at the twentieth ply and at a move that is not legal.
    let long: Vec<Move> = moves("h0g2 h9g7 g2h0 g7h9").repeat(6);
    assert_eq!(early::early_moves(&long).len(), early::EARLY_PLIES);
    assert_eq!(early::early_moves(&moves("h2e2 e2e9")), ["C2.5"]);
}

#[test]
fn questions_read_back_as_written_and_answer_about_the_right_side_and_moves() {
    use early::Question;
    let early = early::early_moves(&moves("h2e2 h9g7 h0g2 i9h9"));
    let all = Question::all_true(&early);
    for q in &all {
        assert!(q.holds(&early), "{q}");
        assert_eq!(q.to_string().parse::<Question>(), Ok(q.clone()));
    }
    let within = |side, n, wxf: &str| Question::Within {
        side,
        n,
        wxf: wxf.to_string(),
    };
    // Black played R9.8 as its second move: within its first 2, not within its first 1.
    assert!(within(1, 2, "R9.8").holds(&early));
    assert!(!within(1, 1, "R9.8").holds(&early));
    assert!(!within(0, 10, "R9.8").holds(&early));
    assert!(Question::Ply(3, "R9.8".to_string()).holds(&early));
    assert!(!Question::Ply(2, "R9.8".to_string()).holds(&early));
    assert!(all.contains(&within(1, 10, "H8+7")));
    for bad in ["", "p", "px C2.5", "w1 R9.8", "q3 C2.5", "w1.x R9.8"] {
        assert!(bad.parse::<Question>().is_err(), "{bad:?}");
    }
}

#[test]
fn a_game_that_leaves_the_masters_lines_is_named_by_the_learned_questions() {
    // Black's second move decides, whatever red's second move was.
    let games = vec![
        game("C10", "h2e2 h9g7 h0g2 i9h9 i0h0"),
        game("C10", "h2e2 h9g7 b0c2 i9h9 i0h0"),
        game("C20", "h2e2 h9g7 h0g2 b9c7 i0h0"),
        game("C20", "h2e2 h9g7 b0c2 b9c7 i0h0"),
    ];
    let text = build::classification_table(&games, "test");
    // The first question asks about black's second move.
    let first = text.lines().find(|l| l.starts_with("T\t"));
    assert!(first.is_some_and(|l| l.starts_with("T\tp3 ")), "{text}");
    let table = Classifier::parse(&text);
    let code = |line: &str| table.classify(&moves(line)).map(|c| c.code.to_string());
    // Red's second move was never played by the masters here.
    assert_eq!(code("h2e2 h9g7 c3c4 i9h9 i0h0").as_deref(), Some("C10"));
    assert_eq!(code("h2e2 h9g7 c3c4 b9c7 i0h0").as_deref(), Some("C20"));
}

#[test]
fn the_trees_vote_and_the_first_breaks_ties() {
    let head = "C\tC01\t甲\t甲\tA\nC\tC02\t乙\t乙\tB\nC\tC03\t丙\t丙\tC\nN\t-\t-\t0:1 1:1 2:1\n";
    // Each tree asks whether red opened with the central cannon.
    let tree = |yes: usize| format!("T\tp0 C2.5\nL\t{yes}\t1\nL\t2\t1\n");
    let code = |trees: &[usize]| {
        let text: String = trees.iter().map(|&t| tree(t)).collect();
        let table = Classifier::parse(&format!("{head}{text}"));
        table
            .classify(&moves("h2e2 h9g7 h0g2"))
            .map(|c| c.code.to_string())
    };
    assert_eq!(code(&[0]).as_deref(), Some("C01"));
    assert_eq!(code(&[0, 1, 1]).as_deref(), Some("C02"));
    assert_eq!(code(&[0, 1]).as_deref(), Some("C01"));
    assert_eq!(code(&[1, 0, 2, 0]).as_deref(), Some("C01"));
    assert_eq!(code(&[1, 0, 2]).as_deref(), Some("C02"));
    // The games are not from the centre: the no branches.
    let text = format!("{head}{}{}", tree(0), tree(1));
    let table = Classifier::parse(&text);
    let found = table.classify(&moves("c3c4 g6g5"));
    assert_eq!(found.map(|c| c.code), Some("C03"));
}

#[test]
fn the_built_table_holds_one_tree_per_tolerance() {
    let games = vec![
        game("C10", "h2e2 h9g7 h0g2 i9h9"),
        game("C20", "h2e2 h9g7 h0g2 b9c7"),
    ];
    let text = build::classification_table(&games, "test");
    // One question and two leaves a tree.
    let trees = build::TOLERANCES.len();
    assert_eq!(text.lines().filter(|l| l.starts_with("T\t")).count(), trees);
    assert_eq!(
        text.lines().filter(|l| l.starts_with("L\t")).count(),
        2 * trees
    );
}
