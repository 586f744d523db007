//! `xiangqi annotate`, run as a process: evaluations after every move, judged moves with
//! the better line, the summary tags, and clear errors.

#[path = "common/process.rs"]
mod process;

use process::{HOSTILE_SHOWN, assert_no_escape, hostile_engine, run, text};

/// 炮二平五 马８进７ 马二进三 车９平８ 炮五进四? (the cannon takes a soldier and the horse
/// takes it back) 马７进５ 车一平二.
const PLANTED: &str =
    "[Event \"planted\"]\n1. h2e2 {a comment} h9g7 2. h0g2 i9h9 3. e2e6 g7e6 4. i0h0 *\n";

/// Depth 5: at 4, with what the searches before it left in the table, the search after
/// 炮五进四 can read the cannon as won back and the planted mistake goes unflagged.
fn annotate(input: &str, notation: &str) -> (String, String, Option<i32>) {
    annotate_with(input, &["--depth", "5", "--to", notation])
}

/// `xiangqi annotate - ARGS` on `input`: its standard output, standard error and exit code.
fn annotate_with(input: &str, args: &[&str]) -> (String, String, Option<i32>) {
    let args: Vec<&str> = ["annotate", "-"].iter().chain(args).copied().collect();
    let out = run(&args, Some(input.as_bytes()));
    (text(&out.stdout), text(&out.stderr), out.status.code())
}

/// Annotates `PLANTED` with `args` and checks that every move got an evaluation.
fn annotates_every_move(args: &[&str]) {
    let (pgn, err, code) = annotate_with(PLANTED, args);
    assert_eq!(code, Some(0), "{err}");
    assert!(pgn.matches("[%eval").count() >= 7, "{pgn}");
}

#[test]
fn every_move_gets_an_eval_and_the_lost_cannon_a_mark_and_a_better_line() {
    let (pgn, err, code) = annotate(PLANTED, "iccs");
    assert_eq!(code, Some(0), "{err}");
    // Piped, no progress bar.
    assert!(err.is_empty(), "{err}");
    let game = &xiangqi::pgn::read_games(pgn.as_bytes()).expect("reads back")[0];
    let tree = game.tree();
    let mut at = xiangqi::NodeId::ROOT;
    let mut judged = Vec::new();
    for mv in game.moves() {
        let node = tree.child(at, *mv).expect("main line");
        let comment = tree.comment(node).unwrap_or("");
        assert!(
            xiangqi::analysis::eval_of_comment(comment).is_some(),
            "{comment:?}"
        );
        judged.push(tree.nags(node).iter().any(|&n| n == 2 || n == 4));
        at = node;
    }
    assert_eq!(
        judged,
        [false, false, false, false, true, false, false],
        "{pgn}"
    );
    assert!(pgn.contains("{a comment [%eval"), "{pgn}");
    // The better move beside the mistake, as a variation.
    assert!(pgn.contains("3. E2-E6 $"), "{pgn}");
    assert!(pgn.contains("(3. "), "{pgn}");
    assert!(
        pgn.contains("[RedBlunders \"") && pgn.contains("[BlackAverageLoss \""),
        "{pgn}"
    );
}

#[test]
fn annotating_is_reproducible_at_a_fixed_depth_and_the_notation_is_chosen() {
    let (first, _, _) = annotate(PLANTED, "iccs");
    let (second, _, _) = annotate(PLANTED, "iccs");
    assert_eq!(first, second);
    // Threads are for searches that only time limits: a depth stays on one.
    let args = ["--depth", "5", "--to", "iccs", "--threads", "4"];
    let (threaded, err, code) = annotate_with(PLANTED, &args);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(threaded, first);
    let (chinese, _, code) = annotate(PLANTED, "chinese");
    assert_eq!(code, Some(0));
    assert!(chinese.contains("炮二平五"), "{chinese}");
}

#[test]
fn bad_input_is_refused_with_exit_2() {
    for args in [
        vec!["annotate", "-", "--movetime", "5"],
        vec!["annotate", "-", "--movetime", "100000"],
        vec!["annotate", "-", "--depth", "0"],
        vec!["annotate", "-", "--threads", "0"],
        vec!["annotate", "-", "--threads", "257"],
        vec!["annotate", "/nonexistent/game.pgn"],
        vec!["annotate", "-", "--engine", "/nonexistent/engine"],
    ] {
        let out = run(&args, Some(PLANTED.as_bytes()));
        assert_eq!(
            out.status.code(),
            Some(2),
            "{args:?}: {}",
            text(&out.stderr)
        );
        assert!(!text(&out.stderr).is_empty(), "{args:?}");
    }
    let out = run(&["annotate", "-"], Some(b"1. h2e2 h2e2 *\n"));
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("h2e2"), "{}", text(&out.stderr));
}

#[test]
fn our_engine_annotates_on_two_threads_at_a_fixed_time() {
    annotates_every_move(&["--movetime", "50", "--threads", "2"]);
}

#[test]
fn an_external_engine_annotates_too() {
    let engine = format!("'{}' uci", env!("CARGO_BIN_EXE_xiangqi"));
    annotates_every_move(&["--movetime", "50", "--engine", &engine, "--to", "iccs"]);
}

#[test]
fn an_engines_answer_reaches_standard_error_escaped() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let engine = hostile_engine(&dir.path().join("hostile"), false);
    let args = ["--movetime", "50", "--engine", &engine];
    let (pgn, err, code) = annotate_with(PLANTED, &args);
    assert_eq!(code, Some(1), "{err}");
    assert_no_escape("standard error", err.as_bytes());
    assert_no_escape("standard output", pgn.as_bytes());
    // Shown, so that the player sees what the engine tried.
    assert!(
        err.contains(&format!("answered '{HOSTILE_SHOWN}'")),
        "{err}"
    );
}

#[test]
fn an_engine_that_plays_but_says_escapes_leaves_none_in_the_record_or_on_the_terminal() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let engine = hostile_engine(&dir.path().join("hostile"), true);
    let args = ["--movetime", "50", "--engine", &engine, "--to", "iccs"];
    let (pgn, err, code) = annotate_with(PLANTED, &args);
    assert_eq!(code, Some(0), "{err}");
    assert!(pgn.matches("[%eval").count() >= 7, "{pgn}");
    assert_no_escape("standard error", err.as_bytes());
    assert_no_escape("the annotated record", pgn.as_bytes());
    assert!(!pgn.contains("]52;"), "{pgn}");
}
