//! The real binary playing Jieqi in a terminal: the covered chariot-point piece moves as a
//! chariot and turns over, the game lives through `kill -9` in its autosave and continues
//! with `--resume`, a saved record opens with `--load`, a game is played to its end, and
//! peer-to-peer Jieqi is refused.

use crate::common;

use common::Session;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

/// Waits until the autosave `path` holds `text`; returns what it holds.
fn autosave_with(path: &Path, text: &str) -> String {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let held = std::fs::read_to_string(path).unwrap_or_default();
        if held.contains(text) {
            return held;
        }
        assert!(
            Instant::now() < deadline,
            "{} never held {text}: {held}",
            path.display()
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

#[test]
fn a_covered_chariot_point_piece_moves_reveals_and_the_game_survives_kill_9() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let state = dir.path().join("state");
    let mut s = Session::start_in(&["--variant", "jieqi"], 80, 24, &state);
    s.wait_for("Red to move");
    assert!(s.screen().contains('暗'), "{}", s.screen());
    let (from, to) = (s.cell_of("a0"), s.cell_of("a2"));
    s.click(from);
    s.click(to);
    s.wait_for("Black to move");
    // The move list names the piece it turned out to be after "=".
    s.wait_until("the move with its reveal", |screen| {
        screen.contents().contains("二=")
    });
    let autosave = state.join("xiangqi").join("jieqi-autosave.pgn");
    let kept = autosave_with(&autosave, "A0-A2");
    assert!(kept.contains("[Variant \"Jieqi\"]"), "{kept}");
    let reveal = kept[kept.find("A0-A2").expect("the move") + 5..]
        .chars()
        .next()
        .expect("the revealed piece's letter");
    assert!("RNBACP".contains(reveal), "{kept}");
    let line = s
        .lines()
        .into_iter()
        .find(|l| l.contains("二="))
        .expect("the move's line");

    s.signal("KILL");
    let _ = s.wait_exit();
    let mut s = Session::start_in(&["--variant", "jieqi", "--resume"], 80, 24, &state);
    s.wait_for("continues");
    s.wait_for("Black to move");
    let screen = s.screen();
    assert!(screen.contains(line.trim()), "{line} not on\n{screen}");
    s.send(b"q");
    assert!(s.wait_exit().success());
}

#[test]
fn a_jieqi_game_from_a_fen_is_played_to_checkmate_by_a_typed_move() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let state = dir.path().join("state");
    let fen = "3k5/R8/9/9/9/9/9/9/9/1R2K4 - w - - 0 1";
    let mut s = Session::start_in(&["--variant", "jieqi", fen], 80, 24, &state);
    s.wait_for("Red to move");
    s.send(b":b0b9\r");
    s.wait_for("Red wins");
    let autosave = state.join("xiangqi").join("jieqi-autosave.pgn");
    autosave_with(&autosave, "1-0");
    s.send(b"q");
    assert!(s.wait_exit().success());
}

#[test]
fn host_and_join_refuse_jieqi_and_say_why() {
    for args in [
        &["host", "--variant", "jieqi"][..],
        &[
            "join",
            "127.0.0.1:9",
            "7-river-cannon",
            "--variant",
            "jieqi",
        ][..],
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_xiangqi"))
            .args(args)
            .env("LANG", "C")
            .output()
            .expect("run xiangqi");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let said = String::from_utf8_lossy(&out.stderr);
        assert!(said.contains("not played peer to peer"), "{args:?}: {said}");
        // The club's server deals: the words say where Jieqi is played with another.
        assert!(said.contains("xiangqi online ADDR"), "{args:?}: {said}");
    }
}

#[test]
fn the_computer_plays_its_side_of_a_jieqi_game() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let state = dir.path().join("state");
    let args = ["--variant", "jieqi", "--computer", "red", "--level", "1"];
    let mut s = Session::start_in(&args, 80, 24, &state);
    s.wait_for("Black to move");
    s.wait_until("the computer's move in the list", |screen| {
        screen.contents().contains("  1. ")
    });
    s.send(b"q");
    assert!(s.wait_exit().success());
}

#[test]
fn resume_without_an_unfinished_jieqi_game_and_options_jieqi_has_no_use_for_exit_2() {
    let dir = tempfile::tempdir().expect("temporary folder");
    // A Jieqi record whose covered piece's move does not say what it turned over.
    let unsaid = dir.path().join("unsaid.pgn");
    std::fs::write(&unsaid, "[Variant \"Jieqi\"]\n\n1. b2e2 h9g7 *\n").expect("write");
    let unsaid = unsaid.to_str().expect("a UTF-8 path");
    let cases: [(&[&str], &str); 6] = [
        (
            &["--variant", "jieqi", "--resume"],
            "no unfinished Jieqi game",
        ),
        (
            &["--variant", "jieqi", "--load", "x.pgn", "--clock", "5+3"],
            "not for it",
        ),
        (&["--variant", "jieqi", "--puzzle"], "not for it"),
        (
            &["--variant", "jieqi", "--load", "x.pgn"],
            "cannot be read as a Jieqi game",
        ),
        (&["--load", unsaid], "line 3: move \"b2e2\""),
        (&["--variant", "jieqi", "xxxxkxxxx/9 w"], "invalid FEN"),
    ];
    for (args, said) in cases {
        let out = Command::new(env!("CARGO_BIN_EXE_xiangqi"))
            .args(args)
            .env("LANG", "C")
            .env("XDG_STATE_HOME", dir.path())
            .output()
            .expect("run xiangqi");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains(said), "{args:?}: {stderr}");
    }
}

#[test]
fn a_saved_jieqi_record_opens_with_load_alone_and_steps_back_through_its_reveals() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let state = dir.path().join("state");
    let record = dir.path().join("game.pgn");
    // Two cannons' points turned over as cannons, then a horse's point as a chariot.
    let text = "[Event \"club\"]\n[Variant \"Jieqi\"]\n[Result \"*\"]\n\n\
                1. b2e2C b7e7c 2. h0g2R *\n";
    std::fs::write(&record, text).expect("write the record");
    let path = record.to_str().expect("a UTF-8 path");
    let mut s = Session::start_in(&["--load", path], 90, 26, &state);
    s.wait_for("3 moves");
    s.wait_for("Black to move");
    let screen = s.screen();
    assert!(screen.contains("炮八平五=炮"), "{screen}");
    assert!(screen.contains("馬二進三=車"), "{screen}");
    // The chariot stands where the horse's point piece went, face up.
    s.send(b"u");
    s.wait_for("Red to move");
    s.wait_until("the last move taken back", |screen| {
        !screen.contents().contains("=車")
    });
    s.send(b"r");
    s.wait_for("Black to move");
    s.send(b"q");
    assert!(s.wait_exit().success());
}

#[test]
fn load_leaves_other_records_to_the_xiangqi_reader_a_dhtmlxq_page_too() {
    let dir = tempfile::tempdir().expect("temporary folder");
    // `[DhtmlXQ]` lines look like tags and are not: the record is xiangqi's all the same.
    let page = dir.path().join("page.txt");
    let text = include_str!(
        "../../../crates/xiangqi-records/tests/data/games/dhtmlxq/vschess-demo-variations.txt"
    );
    std::fs::write(&page, text).expect("write the page");
    let path = page.to_str().expect("a UTF-8 path");
    let mut s = Session::start_in(&["--load", path], 100, 30, &dir.path().join("state"));
    s.wait_until("the xiangqi board with the record", |screen| {
        let text = screen.contents();
        text.contains("象棋 xiangqi") && text.contains("兵三平四") && !text.contains("Jieqi")
    });
    s.send(b"q");
    assert!(s.wait_exit().success());
}
