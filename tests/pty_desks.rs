//! The real `xiangqi` binary in a pseudo-terminal: what is looked at never takes the played
//! game's place. A record opened with `o` or a puzzle opened with `z` in the middle of a game
//! goes in front of it, `b` brings the game back, and quitting from anywhere keeps the game
//! for `--resume`. Two games on one state folder each keep their own autosave, and the
//! second says so beside every other notice of its start.

mod common;

use common::Session;
use std::path::Path;

const RECORD: &str = "[Red \"Alpha\"]\n[Black \"Beta\"]\n[Date \"1999.09.09\"]\n\
                      1. c3c4 c6c5 2. b2c2 1-0\n";

/// Plays 炮二平五 馬８進７ by typing them.
fn two_moves(s: &mut Session) {
    s.wait_for("Red to move");
    s.send(b":h2e2\r");
    s.wait_for("炮二平五");
    s.send(b":h9g7\r");
    s.wait_for("馬８進７");
}

/// Starts a game on `state` with a record file beside it, plays two moves and opens the
/// record with `o`; returns the session with the record in front.
fn game_then_record(dir: &Path, state: &Path) -> Session {
    let record = dir.join("record.pgn");
    std::fs::write(&record, RECORD).expect("write the record");
    let mut s = Session::start_in(&[], 100, 40, state);
    two_moves(&mut s);
    s.send(b"o");
    s.send(record.display().to_string().as_bytes());
    s.send(b"\r");
    s.wait_for("Alpha – Beta");
    s
}

/// Quits the game going on, answering yes.
fn quit(s: &mut Session) {
    s.send(b"q");
    s.wait_for("y/n");
    s.send(b"y");
    assert!(s.wait_exit().success());
}

/// `--resume` on `state` shows the two moves played, and nothing of the record or puzzle.
fn resume_shows_the_game(state: &Path) {
    let mut again = Session::start_in(&["--resume"], 100, 40, state);
    again.wait_for("Resumed your last game (1 move)");
    let screen = again.screen();
    assert!(screen.contains("1. 炮二平五 馬８進７"), "{screen}");
    assert!(!screen.contains("Alpha"), "{screen}");
    quit(&mut again);
}

#[test]
fn a_record_opened_during_a_game_puts_it_aside_and_quitting_keeps_the_game() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let state = dir.path().join("state");
    let mut s = game_then_record(dir.path(), &state);
    // The record is in front: its moves, not the game's.
    assert!(!s.screen().contains("馬８進７"), "{}", s.screen());
    quit(&mut s);
    resume_shows_the_game(&state);
}

#[test]
fn b_brings_the_game_back_from_a_record() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let state = dir.path().join("state");
    let mut s = game_then_record(dir.path(), &state);
    s.send(b"b");
    s.wait_for("Back to your game");
    assert!(
        s.screen().contains("1. 炮二平五 馬８進７"),
        "{}",
        s.screen()
    );
    // The game goes on where it was.
    s.send(b":h0g2\r");
    s.wait_for("馬二進三");
    quit(&mut s);
}

#[test]
fn a_puzzle_opened_during_a_game_puts_it_aside_and_quitting_keeps_the_game() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let state = dir.path().join("state");

    let mut s = Session::start_in(&[], 100, 40, &state);
    two_moves(&mut s);
    s.send(b"z");
    s.wait_for("Puzzle 1/");
    // Leave the puzzle, then quit from the game.
    s.send(b"b");
    s.wait_for("Back to your game");
    assert!(
        s.screen().contains("1. 炮二平五 馬８進７"),
        "{}",
        s.screen()
    );
    quit(&mut s);
    resume_shows_the_game(&state);

    // Quitting straight from a puzzle keeps the game too.
    let mut s = Session::start_in(&[], 100, 40, &state);
    two_moves(&mut s);
    s.send(b"z");
    s.wait_for("Puzzle 1/");
    quit(&mut s);
    resume_shows_the_game(&state);
}

#[test]
fn two_games_on_one_state_folder_each_keep_their_own() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let state = dir.path().join("state");

    let mut first = Session::start_in(&[], 100, 40, &state);
    two_moves(&mut first);
    let mut second = Session::start_in(&[], 100, 40, &state);
    second.wait_for("Another xiangqi is playing on this state folder");
    second.wait_for("Red to move");
    second.send(b":c3c4\r");
    second.wait_for("兵七進一");

    quit(&mut second);
    quit(&mut first);
    let folder = state.join("xiangqi");
    let first_game = std::fs::read_to_string(folder.join("autosave.pgn")).expect("first");
    let second_game = std::fs::read_to_string(folder.join("autosave-2.pgn")).expect("second");
    assert!(first_game.contains("炮二平五"), "{first_game}");
    assert!(second_game.contains("兵七進一"), "{second_game}");
    assert!(!second_game.contains("炮二平五"), "{second_game}");
    let stray: Vec<String> = std::fs::read_dir(&folder)
        .expect("the state folder")
        .filter_map(Result::ok)
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".tmp"))
        .collect();
    assert!(stray.is_empty(), "{stray:?}");
}

#[test]
fn resume_is_refused_while_another_game_plays_the_last_game() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let state = dir.path().join("state");

    let mut first = Session::start_in(&[], 100, 40, &state);
    two_moves(&mut first);
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_xiangqi"))
        .arg("--resume")
        .env("XDG_STATE_HOME", &state)
        .output()
        .expect("runs");
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(err.contains("is being played in another xiangqi"), "{err}");
    quit(&mut first);
}

#[test]
fn a_paste_is_marked_by_the_terminal_and_never_acts_as_keys() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let state = dir.path().join("state");
    let mut s = Session::start_in(&[], 100, 40, &state);
    two_moves(&mut s);
    assert!(
        common::contains(&s.raw, b"\x1b[?2004h"),
        "bracketed paste is asked for"
    );
    // A pasted line of keys: new game, resign, quit — as text, none of them acts.
    s.send(b"\x1b[200~n\rg\rq\r\x1b[201~");
    s.wait_for("neither a position");
    assert!(
        s.screen().contains("1. 炮二平五 馬８進７"),
        "{}",
        s.screen()
    );
    // Pasted on the move prompt, it is typed.
    s.send(b":");
    s.send(b"\x1b[200~h0g2\x1b[201~");
    s.send(b"\r");
    s.wait_for("馬二進三");
    let before = s.raw.len();
    quit(&mut s);
    assert!(
        common::contains(&s.raw[before..], b"\x1b[?2004l"),
        "bracketed paste is turned off on the way out"
    );
}

#[test]
fn the_second_game_on_a_state_folder_says_so_beside_every_other_notice_of_its_start() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let state = dir.path().join("state");
    // The state folder stands for the configuration folder too: both games read this.
    std::fs::create_dir_all(state.join("xiangqi")).expect("the folder");
    std::fs::write(state.join("xiangqi/config.toml"), "threads = 0\n").expect("config");
    let config = "line 1, key threads: 0 is not allowed";
    let mut first = Session::start_in(&[], 200, 40, &state);
    first.wait_for(config);
    let mut second = Session::builder()
        .size(200, 40)
        .state(&state)
        .wide_box_lines()
        .start();
    let notices = [
        config,
        "Another xiangqi is playing on this state folder",
        "box lines two cells wide",
    ];
    second.wait_until(&format!("{notices:?}"), |screen| {
        notices.iter().all(|n| screen.contents().contains(n))
    });
    // Still there once the screen has settled: none took another's place.
    let screen = second.screen();
    for notice in notices {
        assert!(screen.contains(notice), "{notice:?} in {screen}");
    }
    second.send(b"q");
    second.wait_exit();
    first.send(b"q");
    first.wait_exit();
}
