//! The `xiangqi convert` command, run as a process: PGN on stdout, errors on stderr, exit 2.

use crate::common::process;
use std::path::{Path, PathBuf};

use process::{run, text};
use std::io::Write;
use std::process::{Command, Stdio};

fn data(rel: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("crates/xiangqi-records/tests/data/games")
        .join(rel)
}

#[test]
fn converts_a_big5_file_to_iccs() {
    let path = data("ccpd/107.pgn");
    let out = run(&["convert", &path.to_string_lossy(), "--to", "iccs"], None);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(
        stdout.starts_with("[Game \"Chinese Chess\"]\n[Event \"2008眉山"),
        "{stdout}"
    );
    assert!(stdout.contains("[Format \"ICCS\"]\n"));
    assert!(stdout.contains("\n1. G3-G4 H7-G7\n"), "{stdout}");
    assert!(stdout.ends_with("\n1/2-1/2\n"));
}

#[test]
fn converts_one_game_of_several_from_stdin_to_chinese() {
    let bytes = std::fs::read(data("iccs/bulk_games_uci.pgn")).unwrap_or_default();
    let out = run(
        &["convert", "-", "--to", "chinese", "--game", "2"],
        Some(&bytes),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("[Red \"LIU DianZhong\"]\n"), "{stdout}");
    assert!(stdout.contains("\n1. 炮二平五 马２进３\n"), "{stdout}");
    assert_eq!(stdout.matches("[Game ").count(), 1);
}

#[test]
fn traditional_glyphs_and_wxf() {
    let path = data("ccgc/01.pgn");
    let path = path.to_string_lossy();
    let out = run(
        &["convert", &path, "--to", "chinese", "--traditional"],
        None,
    );
    assert!(text(&out.stdout).contains("\n1. 炮八平五 馬２進３\n2. 馬八進七 車１平２\n"));
    let out = run(&["convert", &path, "--to", "wxf"], None);
    assert!(text(&out.stdout).contains("\n1. C8.5 H2+3\n"));
}

#[test]
fn errors_name_game_move_and_text_and_exit_2() {
    let bad = b"[Event \"a\"]\n1. h2e2 h9g7 *\n[Event \"b\"]\n1. h2e2 h9g7 2. h0g2 h9h8 *\n";
    let out = run(&["convert", "-", "--to", "wxf"], Some(bad));
    assert_eq!(out.status.code(), Some(2));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("game 2, move 2 (Black): \"h9h8\""),
        "{stderr}"
    );
    // The good game is still written.
    assert!(text(&out.stdout).contains("1. C2.5 H8+7"));

    let out = run(&["convert", "-", "--to", "wxf", "--game", "3"], Some(bad));
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("only 2 game"),
        "{}",
        text(&out.stderr)
    );

    for args in [
        &["convert", "-", "--to", "fen"][..],
        &["convert", "-"],
        &["convert", "--to", "iccs"],
        &["convert", "/no/such/file.pgn", "--to", "iccs"],
        &["convert", "-", "--to", "iccs", "--game", "0"],
    ] {
        let out = run(args, Some(b""));
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(!out.stderr.is_empty(), "{args:?}");
    }
}

#[test]
fn a_reader_that_goes_away_is_not_a_crash() {
    let bytes = std::fs::read(data("iccs/bulk_games_uci.pgn")).unwrap_or_default();
    let mut child = Command::new(env!("CARGO_BIN_EXE_xiangqi"))
        .args(["convert", "-", "--to", "chinese"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start xiangqi: {e}"));
    // Close the output before any is written. Games are written as they are read, so the
    // program may stop reading (and close its input) as soon as it finds nobody listening.
    drop(child.stdout.take());
    if let Some(mut pipe) = child.stdin.take() {
        match pipe.write_all(&bytes) {
            Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
                panic!("cannot write stdin: {e}")
            }
            _ => {}
        }
    }
    let out = child
        .wait_with_output()
        .unwrap_or_else(|e| panic!("xiangqi did not finish: {e}"));
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(out.stderr.is_empty(), "{}", text(&out.stderr));
}

#[test]
fn an_unclosed_comment_is_an_error_at_its_line_and_the_next_game_is_written() {
    let file = b"[Event \"1\"]\n1. h2e2 h9g7 { x\n2. h0g2 *\n\n[Event \"2\"]\n1. b0c2 *\n";
    let out = run(&["convert", "-", "--to", "iccs"], Some(file));
    assert_eq!(out.status.code(), Some(2));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("game 1: the comment opened with { on line 2 is not closed"),
        "{stderr}"
    );
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("[Event \"2\"]") && stdout.contains("1. B0-C2"),
        "{stdout}"
    );
}

#[test]
fn a_stated_result_is_kept_with_a_warning() {
    let file = b"[Result \"1-0\"]\n1. b0c2 b9c7 2. c2b0 c7b9 3. b0c2 b9c7 4. c2b0 c7b9 1-0\n";
    let out = run(&["convert", "-", "--to", "iccs"], Some(file));
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.contains("[Result \"1-0\"]"), "{stdout}");
    assert!(!stdout.contains("repetition"), "{stdout}");
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("warning: game 1: the record's result 1-0 is kept"),
        "{stderr}"
    );
}

#[test]
fn endless_input_stops_at_the_game_size_limit() {
    if !Path::new("/dev/zero").exists() {
        return;
    }
    // A device named as the file is refused before it is read.
    let out = run(&["convert", "/dev/zero", "--to", "iccs"], None);
    assert_eq!(out.status.code(), Some(2));
    let stderr = text(&out.stderr);
    assert!(stderr.contains("not a game file"), "{stderr}");
    // Endless text on standard input stops at the limit of one game.
    let mut child = Command::new(env!("CARGO_BIN_EXE_xiangqi"))
        .args(["convert", "-", "--to", "iccs"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut stdin = child.stdin.take().expect("stdin is piped");
    // The reader gives up at the limit, so writing the rest fails: that is expected.
    let feeder = std::thread::spawn(move || {
        let _ = stdin.write_all(&vec![0u8; 9 * 1024 * 1024]);
    });
    let out = child.wait_with_output().expect("the binary ends");
    let _ = feeder.join();
    assert_eq!(out.status.code(), Some(2));
    let stderr = text(&out.stderr);
    assert!(stderr.contains("larger than 8 MiB"), "{stderr}");
}

#[test]
fn game_n_is_written_before_the_input_ends() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_xiangqi"))
        .args(["convert", "-", "--to", "iccs", "--game", "1"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start xiangqi: {e}"));
    // The next game's tags show where game 1 ends; the input stays open.
    let mut pipe = child.stdin.take();
    if let Some(p) = pipe.as_mut() {
        p.write_all(b"[Event \"1\"]\n1. h2e2 *\n\n[Event \"2\"]\n")
            .unwrap_or_else(|e| panic!("cannot write stdin: {e}"));
    }
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    let status = loop {
        match child.try_wait() {
            Ok(Some(status)) => break Some(status),
            _ if std::time::Instant::now() > deadline => break None,
            _ => std::thread::sleep(std::time::Duration::from_millis(20)),
        }
    };
    drop(pipe);
    if status.is_none() {
        let _ = child.kill();
    }
    let out = child
        .wait_with_output()
        .unwrap_or_else(|e| panic!("xiangqi did not finish: {e}"));
    assert_eq!(
        status.and_then(|s| s.code()),
        Some(0),
        "still waiting for input"
    );
    assert!(text(&out.stdout).contains("1. H2-E2"));
}

#[test]
fn escape_sequences_in_tags_and_comments_never_reach_the_output() {
    let file = "[Event \"a\u{1b}]52;c;ZXZpbA==\u{7}b\"]\n[Red \"R\u{9b}31med\"]\n\
                1. h2e2 {clear \u{1b}[2J screen\nsecond line} h9g7 *\n";
    let out = run(&["convert", "-", "--to", "iccs"], Some(file.as_bytes()));
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(
        !stdout.contains('\u{1b}') && !stdout.contains('\u{9b}') && !stdout.contains('\u{7}'),
        "{stdout:?}"
    );
    assert!(
        stdout.contains("[Event \"a\u{fffd}]52;c;ZXZpbA==\u{fffd}b\"]"),
        "{stdout}"
    );
    assert!(stdout.contains("clear \u{fffd}[2J screen"), "{stdout}");
}
