//! The real `xiangqi` binary in a pseudo-terminal: the start menu on a fresh home, a game
//! against the computer set up with the arrows and Enter alone, the settings screen
//! changing the theme and the language at once and keeping them (and the file's comments)
//! in `config.toml`, and the command palette doing what a key does.

use crate::common;

use common::Session;
use std::path::Path;

const UP: &[u8] = b"\x1b[A";
const DOWN: &[u8] = b"\x1b[B";
const RIGHT: &[u8] = b"\x1b[C";
const LEFT: &[u8] = b"\x1b[D";

/// `xiangqi` with no arguments on a `cols`×`rows` terminal and `state` as its state and
/// configuration folder, the start menu left to the test.
fn start_on_menu(cols: u16, rows: u16, state: &Path) -> Session {
    Session::builder()
        .size(cols, rows)
        .state(state)
        .menu()
        .start()
}

/// A fresh home, arrows and Enter only: a game against the computer at level 3 on 10+5,
/// the player black, and the computer (red) moves first.
fn computer_game_by_arrows(cols: u16, rows: u16) {
    let dir = tempfile::tempdir().expect("temporary folder");
    let mut s = start_on_menu(cols, rows, dir.path());
    s.wait_for("Play here (two players)");
    s.send(DOWN);
    s.send(b"\r");
    s.wait_for("Start the game");
    // Side: black.
    s.send(RIGHT);
    s.wait_for("You play: black");
    // Level 3, from the level the computer has (5 unless the configuration says).
    s.send(DOWN);
    s.send(LEFT);
    s.send(LEFT);
    s.wait_for("Level: 3 of 10");
    // The clock: none, 5+3, 10+5.
    s.send(DOWN);
    s.send(RIGHT);
    s.send(RIGHT);
    s.wait_for("Clock: 10+5");
    s.send(DOWN);
    s.send(b"\r");
    // The computer plays red's first move; then it is black's turn, on the clock.
    s.wait_until("the computer's first move", |screen| {
        let text = screen.contents();
        text.contains("1. ") && text.contains("Black to move") && text.contains("10:0")
    });
    let screen = s.screen();
    assert!(!screen.contains("Play here"), "{screen}");
    s.send(b"q");
    s.wait_for("y/n");
    s.send(b"y");
    assert!(s.wait_exit().success());
}

#[test]
fn a_fresh_home_opens_on_the_menu_and_arrows_start_the_computer_game_at_80x24() {
    computer_game_by_arrows(80, 24);
}

#[test]
fn a_fresh_home_opens_on_the_menu_and_arrows_start_the_computer_game_at_120x40() {
    computer_game_by_arrows(120, 40);
}

#[test]
fn enter_alone_starts_a_game_here() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let mut s = start_on_menu(80, 24, dir.path());
    s.wait_for("Play here (two players)");
    s.send(b"\r");
    s.wait_for("Red to move");
    s.send(b":h2e2\r");
    s.wait_for("炮二平五");
    s.send(b"q");
    s.wait_for("y/n");
    s.send(b"y");
    assert!(s.wait_exit().success());
}

#[test]
fn settings_change_theme_and_language_at_once_and_keep_them_and_the_files_comments() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let folder = dir.path().join("xiangqi");
    std::fs::create_dir_all(&folder).expect("the configuration folder");
    let config = folder.join("config.toml");
    let written = "# My own words, kept.\nlevel = 4 # mine too\n";
    std::fs::write(&config, written).expect("write config.toml");

    let mut s = start_on_menu(80, 24, dir.path());
    s.wait_for("Play here (two players)");
    s.send(b"s");
    s.wait_for("Settings");
    s.wait_for("< wood >");
    // The theme: one step on, shown at once.
    s.send(RIGHT);
    s.wait_for("< dark >");
    // The language: the screen speaks Chinese at once.
    s.send(DOWN);
    s.send(RIGHT);
    s.wait_for("简体中文");
    s.wait_for("语言");
    s.send(b"\x1b");
    s.wait_for("在这里对弈");
    s.send(b"q");
    assert!(s.wait_exit().success());

    let text = std::fs::read_to_string(&config).expect("config.toml");
    assert!(text.starts_with("# My own words, kept.\n"), "{text}");
    assert!(text.contains("level = 4 # mine too"), "{text}");
    assert!(text.contains("theme = \"dark\""), "{text}");
    assert!(text.contains("lang = \"zh-Hans\""), "{text}");

    // Started again: both still set.
    let mut again = start_on_menu(80, 24, dir.path());
    again.wait_for("在这里对弈");
    again.send(b"s");
    again.wait_for("简体中文");
    let screen = again.screen();
    assert!(!screen.contains("Settings"), "{screen}");
    again.send(b"\x1b");
    again.wait_for("在这里对弈");
    again.send(b"q");
    assert!(again.wait_exit().success());
    let kept = std::fs::read_to_string(&config).expect("config.toml");
    assert_eq!(kept, text, "nothing written without a change");
}

#[test]
fn the_palette_flips_by_name_in_english_and_chinese_and_says_an_unknown_word() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let mut s = Session::start_in(&[], 80, 24, dir.path());
    s.wait_for("Red to move");
    // Red at the bottom: its rank 0 is the last board row.
    let (_, red_row) = s.cell_of("a0");
    s.send(b"\x10");
    s.wait_for("Find a command");
    s.send(b"flip\r");
    s.wait_until("the board flipped", |screen| {
        !screen.contents().contains("Find a command")
    });
    let (_, flipped_row) = s.cell_of("a0");
    assert!(flipped_row < red_row, "{}", s.screen());
    // `/` opens it too; 翻转 flips back.
    s.send(b"/");
    s.wait_for("Find a command");
    s.send("翻转\r".as_bytes());
    s.wait_until("the board flipped back", |screen| {
        !screen.contents().contains("Find a command")
    });
    assert_eq!(s.cell_of("a0").1, red_row, "{}", s.screen());
    // A word that names nothing is said so, and nothing changes.
    s.send(b"/xyzzy\r");
    s.wait_for("No command is called");
    assert_eq!(s.cell_of("a0").1, red_row, "{}", s.screen());
    // Takeback at the start: shown as not available now; choosing it changes nothing.
    s.send(b"/take back");
    s.wait_for("(not now)");
    s.send(b"\r");
    s.wait_for("cannot be done now");
    s.send(UP);
    s.send(b"q");
    assert!(s.wait_exit().success());
}

/// The first run names the menu, palette and keys once, on one line at 80×24: the line
/// under the board with its file letters and the panel's last row (here the computer's
/// side) stay in view. The next run, with the marker left in the state folder, says
/// nothing of it.
#[test]
fn the_first_run_hint_is_said_once_on_one_line() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let args = ["--computer", "black"];
    let mut s = Session::start_in(&args, 80, 24, dir.path());
    s.wait_for("New here?");
    s.wait_for("Computer: black");
    let lines = s.lines();
    let hint = lines
        .iter()
        .position(|l| l.contains("New here?"))
        .expect("the hint");
    assert!(lines[hint].contains("? lists the keys"), "{}", s.screen());
    s.cell_of("a0");
    s.send(b"q");
    assert!(s.wait_exit().success());
    assert!(dir.path().join("xiangqi").join("hint-given").exists());
    let mut again = Session::start_in(&args, 80, 24, dir.path());
    again.wait_for("Computer: black");
    again.settle();
    assert!(!again.screen().contains("New here?"), "{}", again.screen());
    again.send(b"q");
    assert!(again.wait_exit().success());
}

/// `--level` and `--engine` ask for the computer, so they open on the board as they did
/// before there was a start menu (the menu is left to the test: nothing presses Enter).
#[test]
fn level_and_engine_open_on_the_board_not_the_menu() {
    let engine = format!("{} uci", env!("CARGO_BIN_EXE_xiangqi"));
    for args in [vec!["--level", "3"], vec!["--engine", engine.as_str()]] {
        let dir = tempfile::tempdir().expect("temporary folder");
        let mut s = Session::builder()
            .args(&args)
            .state(dir.path())
            .menu()
            .start();
        s.wait_for("Red to move");
        assert!(!s.on_menu(), "{args:?}:\n{}", s.screen());
        s.send(b"q");
        assert!(s.wait_exit().success());
    }
}
