//! The real `xiangqi` binary at the table, in a pseudo-terminal: the clock running out with
//! no key pressed, quitting that asks, signals that restore the terminal and keep the game,
//! `--resume` after a kill, suspend and continue.

use crate::common;

use common::{Session, TempDir, contains};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// Leave the alternate screen, show the cursor, stop mouse reporting (button presses, SGR).
const LEAVE_ALTERNATE_SCREEN: &[u8] = b"\x1b[?1049l";
const SHOW_CURSOR: &[u8] = b"\x1b[?25h";
const MOUSE_OFF: &[u8] = b"\x1b[?1000l";
const SGR_MOUSE_OFF: &[u8] = b"\x1b[?1006l";

/// The files in the autosave folder of the state folder `state`, less the slot locks (empty
/// files that say which game writes which autosave, and stay) and the first-run hint's
/// marker (an empty file that says the hint was given).
fn names(state: &TempDir) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(folder(state))
        .map(|entries| {
            entries
                .filter_map(Result::ok)
                .map(|e| e.file_name().to_string_lossy().into_owned())
                .filter(|name| !(name.starts_with(".autosave-") && name.ends_with(".lock")))
                .filter(|name| name != "hint-given")
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

/// The autosave folder inside the state folder `state`.
fn folder(state: &TempDir) -> PathBuf {
    state.0.join("xiangqi")
}

/// Plays 炮二平五 (and 馬８進７ if `both`) by typing them at the move prompt.
fn play_opening(s: &mut Session, both: bool) {
    s.wait_for("Red to move");
    s.send(b":h2e2\r");
    s.wait_for("炮二平五");
    if both {
        s.send(b":h9g7\r");
        s.wait_for("馬８進７");
    }
}

#[test]
fn a_clock_left_alone_ends_the_game_on_time() {
    let state = TempDir::new("flag");
    let mut s = start(&["--clock", "0:03+1"], &state.0);
    s.wait_for("Red to move");
    // The move is the last key: black's three seconds start with it and run out. (Timed from
    // the key, not from when the move shows: waiting for a screen to settle can last until
    // the flag falls, since a clock under ten seconds redraws ten times a second.)
    s.send(b":h2e2\r");
    let pressed = Instant::now();
    s.wait_for("Black's time ran out");
    assert!(pressed.elapsed() >= Duration::from_millis(2_500));
    assert!(s.screen().contains("Red wins"), "{}", s.screen());
    assert!(s.screen().contains("0.0"), "{}", s.screen());
    // A finished game quits at once.
    s.send(b"q");
    let status = s.wait_exit();
    assert!(status.success(), "{status:?}");
    let lines = s.lines();
    assert!(
        lines
            .iter()
            .any(|l| l == "1-0 (Red wins — Black's time ran out)"),
        "{lines:?}"
    );
}

#[test]
fn quit_asks_and_no_goes_on() {
    let state = TempDir::new("quit");
    let mut s = start(&[], &state.0);
    play_opening(&mut s, false);
    s.send(b"q");
    s.wait_for("Quit? The game is saved and can be resumed (y/n)");
    s.send(b"n");
    s.wait_for("Game continues");
    s.send(b":h9g7\r");
    s.wait_for("馬８進７");
    s.send(b"\x03");
    s.wait_for("Quit?");
    s.send(b"y");
    assert!(s.wait_exit().success());
}

#[test]
fn sigterm_restores_the_terminal_keeps_the_game_and_resume_continues_it() {
    let state = TempDir::new("term");
    let mut s = start(&["--clock", "5+3"], &state.0);
    play_opening(&mut s, true);
    let before = s.raw.len();
    s.signal("TERM");
    let status = s.wait_exit();
    assert_eq!(status.exit_code(), 128 + 15, "{status:?}");
    for (what, bytes) in [
        ("leave the alternate screen", LEAVE_ALTERNATE_SCREEN),
        ("show the cursor", SHOW_CURSOR),
        ("stop mouse reporting", MOUSE_OFF),
        ("stop SGR mouse reports", SGR_MOUSE_OFF),
    ] {
        assert!(contains(&s.raw[before..], bytes), "did not {what}");
    }
    assert!(!s.parser.screen().alternate_screen());
    let lines = s.lines();
    assert!(
        lines.iter().any(|l| l == "1. 炮二平五 馬８進７"),
        "the summary: {lines:?}"
    );
    assert_eq!(names(&state), ["autosave.pgn"]);

    // A plain start says a game can be continued; --resume continues it.
    let mut plain = start(&[], &state.0);
    plain.wait_for("--resume continues your last game");
    plain.send(b"q");
    assert!(plain.wait_exit().success());
    let mut resumed = start(&["--resume"], &state.0);
    resumed.wait_for("Resumed your last game (1 move)");
    // Red's clock runs again at once, with no key pressed.
    resumed.wait_for("▶ 帥 Red");
    assert!(resumed.screen().contains("1. 炮二平五 馬８進７"));
    assert!(
        resumed.screen().contains("5:0"),
        "the clocks came back: {}",
        resumed.screen()
    );
    resumed.send(b":h0g2\r");
    resumed.wait_for("馬二進三");
    resumed.send(b"u");
    resumed.send(b"u");
    resumed.wait_for("Took back 馬８進７");
    resumed.send(b"q");
    resumed.wait_for("Quit?");
    resumed.send(b"y");
    assert!(resumed.wait_exit().success());
}

#[test]
fn sighup_and_sigint_exit_with_their_codes() {
    for (signal, number) in [("HUP", 1), ("INT", 2)] {
        let state = TempDir::new(signal);
        let mut s = start(&[], &state.0);
        play_opening(&mut s, false);
        let before = s.raw.len();
        s.signal(signal);
        let status = s.wait_exit();
        assert_eq!(status.exit_code(), 128 + number, "{signal}: {status:?}");
        assert!(
            contains(&s.raw[before..], LEAVE_ALTERNATE_SCREEN),
            "{signal}"
        );
        assert_eq!(names(&state), ["autosave.pgn"], "{signal}");
    }
}

#[test]
fn kill_9_loses_nothing_played_and_resume_continues() {
    let state = TempDir::new("kill");
    let mut s = start(&[], &state.0);
    play_opening(&mut s, true);
    s.signal("KILL");
    s.wait_exit();
    // A temporary file a kill left behind mid-write is cleaned up on the next start.
    std::fs::write(folder(&state).join(".autosave.pgn.12345.tmp"), "half").expect("plant");
    let mut resumed = start(&["--resume"], &state.0);
    resumed.wait_for("Resumed your last game (1 move)");
    assert_eq!(names(&state), ["autosave.pgn"]);
    resumed.send(b"q");
    resumed.wait_for("Quit?");
    resumed.send(b"y");
    assert!(resumed.wait_exit().success());
}

#[test]
fn resume_without_a_game_is_a_usage_error() {
    let state = TempDir::new("none");
    let mut s = start(&["--resume"], &state.0);
    let status = s.wait_exit();
    assert_eq!(status.exit_code(), 2, "{status:?}");
    assert!(s.screen().contains("no game to continue"), "{}", s.screen());
}

#[test]
fn ctrl_z_suspends_with_the_terminal_restored_and_continue_redraws() {
    let state = TempDir::new("tstp");
    let mut s = start(&[], &state.0);
    play_opening(&mut s, false);
    let before = s.raw.len();
    s.send(b"\x1a");
    s.wait_for_bytes(before, LEAVE_ALTERNATE_SCREEN);
    s.wait_for_bytes(before, SHOW_CURSOR);
    s.wait_for_bytes(before, MOUSE_OFF);
    assert!(
        s.child.try_wait().expect("status").is_none(),
        "stopped, not ended"
    );
    s.wait_stopped();
    let before = s.raw.len();
    s.signal("CONT");
    s.wait_for_bytes(before, b"\x1b[?1049h");
    s.wait_for("炮二平五");
    assert!(s.parser.screen().alternate_screen());
    s.send(b"q");
    s.wait_for("Quit?");
    s.send(b"y");
    assert!(s.wait_exit().success());
}

#[test]
fn a_bad_clock_is_a_usage_error_that_says_what_is_wrong() {
    for (value, says) in [
        ("5+x", "not a number"),
        ("1:75", "below 60"),
        ("10/0", "0 s"),
    ] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_xiangqi"))
            .args(["--clock", value])
            .output()
            .expect("run xiangqi");
        assert_eq!(out.status.code(), Some(2), "{value}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains(says) && err.contains("--clock"),
            "{value}: {err}"
        );
    }
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_xiangqi"))
        .args(["--resume", "--clock", "5"])
        .output()
        .expect("run xiangqi");
    assert_eq!(out.status.code(), Some(2));
}

/// `xiangqi ARGS` on a classic 80×24 terminal with `state` as its state folder.
fn start(args: &[&str], state: &Path) -> Session {
    Session::start_in(args, 80, 24, state)
}
