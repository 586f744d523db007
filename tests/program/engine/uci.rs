//! The UCI front end on scripted sessions: answers, moves in ICCS, searches stopped on
//! request, and malformed input answered with `info string` without ending the session.

use xiangqi_engine::uci::run;
use xiangqi_rules::{Game, Move, Position};

/// Runs `script` through a session and returns its output lines.
pub(super) fn session(script: &[u8]) -> Vec<String> {
    let mut out = Vec::new();
    run(script, &mut out).expect("a session over memory never fails to read or write");
    String::from_utf8(out)
        .expect("output is UTF-8")
        .lines()
        .map(str::to_string)
        .collect()
}

/// Output shared between a session and its input.
#[derive(Clone, Default)]
struct Shared(std::sync::Arc<std::sync::Mutex<Vec<u8>>>);

impl std::io::Write for Shared {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
            .extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// A script that ends only once the session has answered `bestmove` (or after a minute):
/// a search slower than the grace a session gives at the end of its input still finishes.
struct UntilBestmove {
    script: std::io::Cursor<Vec<u8>>,
    out: Shared,
}

impl std::io::Read for UntilBestmove {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.script.read(buf)?;
        if n > 0 {
            return Ok(n);
        }
        let until = std::time::Instant::now() + std::time::Duration::from_secs(60);
        while std::time::Instant::now() < until {
            let done = String::from_utf8_lossy(
                &self
                    .out
                    .0
                    .lock()
                    .unwrap_or_else(std::sync::PoisonError::into_inner),
            )
            .contains("bestmove");
            if done {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
        Ok(0)
    }
}

/// Runs `script` as [`session`] does, its input held open until the search has answered.
pub(super) fn session_to_the_end(script: &[u8]) -> Vec<String> {
    let out = Shared::default();
    let input = std::io::BufReader::new(UntilBestmove {
        script: std::io::Cursor::new(script.to_vec()),
        out: out.clone(),
    });
    run(input, out.clone()).expect("a session over memory never fails to read or write");
    let bytes = out.0.lock().expect("the session is over").clone();
    String::from_utf8(bytes)
        .expect("output is UTF-8")
        .lines()
        .map(str::to_string)
        .collect()
}

/// The `info string` lines of `lines`, without their prefix.
pub(super) fn said(lines: &[String]) -> Vec<&str> {
    lines
        .iter()
        .filter_map(|l| l.strip_prefix("info string "))
        .collect()
}

/// Where the first line starting with `start` is among `lines`.
fn first_line(lines: &[String], start: &str) -> usize {
    lines
        .iter()
        .position(|l| l.starts_with(start))
        .unwrap_or_else(|| panic!("no line starts with {start:?}: {lines:?}"))
}

pub(super) fn bestmoves(lines: &[String]) -> Vec<&str> {
    lines
        .iter()
        .filter_map(|l| l.strip_prefix("bestmove "))
        .map(|rest| rest.split_whitespace().next().unwrap_or(""))
        .collect()
}

#[test]
fn handshake_names_the_engine_and_its_options() {
    let lines = session(b"uci\nisready\nquit\n");
    assert!(lines[0].starts_with("id name xiangqi "), "{lines:?}");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("option name Hash type spin"))
    );
    assert!(first_line(&lines, "uciok") < first_line(&lines, "readyok"));
}

#[test]
fn a_search_from_moves_answers_with_a_legal_move_for_the_side_to_move() {
    let lines = session(b"position startpos moves h2e2 h9g7 h0g2\ngo depth 3\n");
    let best = bestmoves(&lines);
    assert_eq!(best.len(), 1, "{lines:?}");
    let mut game = Game::default();
    for m in ["h2e2", "h9g7", "h0g2"] {
        game.play(m.parse().expect("test move is valid"))
            .expect("test data is valid");
    }
    let mv: Move = best[0].parse().expect("test move is valid");
    assert!(game.position().is_legal(mv), "{mv} is not legal for black");
    let info = lines
        .iter()
        .filter(|l| l.starts_with("info depth "))
        .count();
    assert_eq!(info, 3, "one info line a depth: {lines:?}");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info depth 3 ") && l.contains(" pv "))
    );
}

#[test]
fn a_fen_position_is_searched_and_mate_is_reported() {
    let lines = session(b"position fen 4k4/9/9/9/9/9/9/9/R8/R4K3 w - - 0 1\ngo depth 4\n");
    assert!(
        lines.iter().any(|l| l.contains("score mate 2")),
        "{lines:?}"
    );
}

#[test]
fn stop_ends_an_infinite_search_with_one_legal_bestmove() {
    let lines = session(b"position startpos\ngo infinite\nisready\nstop\nisready\nquit\n");
    let best = bestmoves(&lines);
    assert_eq!(best.len(), 1, "{lines:?}");
    let mv: Move = best[0].parse().expect("test move is valid");
    assert!(Position::start().is_legal(mv));
    // The first isready is answered while searching, before the move.
    assert!(first_line(&lines, "readyok") < first_line(&lines, "bestmove"));
    assert_eq!(lines.iter().filter(|l| *l == "readyok").count(), 2);
}

#[test]
fn the_end_of_input_stops_an_infinite_search_and_finishes_a_limited_one() {
    assert_eq!(bestmoves(&session(b"go infinite\n")).len(), 1);
    assert_eq!(bestmoves(&session(b"go depth 2\n")).len(), 1);
    assert_eq!(bestmoves(&session(b"go nodes 5000\n")).len(), 1);
}

#[test]
fn a_second_go_while_searching_is_refused() {
    let lines = session(b"go infinite\ngo depth 1\nstop\n");
    assert_eq!(bestmoves(&lines).len(), 1, "{lines:?}");
    assert!(lines.iter().any(|l| l.contains("already searching")));
}

#[test]
fn malformed_commands_get_an_info_string_and_the_session_goes_on() {
    let script: &[u8] = b"frobnicate\n\
        position\n\
        position fen not/a/fen w\n\
        position startpos moves h2e2 h2e2\n\
        position startpos moves zz99\n\
        go depth many\n\
        go movetime\n\
        go sideways 3\n\
        setoption\n\
        setoption name NoSuchThing value 3\n\
        setoption name Hash value lots\n\
        \xff\xfe\x00garbage\n\
        \n   \t \n\
        isready\n";
    let lines = session(script);
    let infos = said(&lines);
    assert_eq!(infos.len(), 12, "{lines:?}");
    assert!(infos[0].contains("unknown command 'frobnicate'"));
    assert!(
        infos[3].contains("move 2 'h2e2' is illegal"),
        "{}",
        infos[3]
    );
    assert!(
        infos[5].contains("'many' is not a number for depth"),
        "{}",
        infos[5]
    );
    assert_eq!(lines.last().map(String::as_str), Some("readyok"));
    assert!(
        bestmoves(&lines).is_empty(),
        "no malformed go starts a search"
    );
}

#[test]
fn a_refused_position_keeps_the_previous_one() {
    // Black to move after h2e2; a bad position command must not reset to the start.
    let lines =
        session(b"position startpos moves h2e2\nposition startpos moves h2h9x\ngo depth 1\n");
    let mv: Move = bestmoves(&lines)[0].parse().expect("test move is valid");
    let black = Position::start()
        .play("h2e2".parse().expect("test move is valid"))
        .expect("test data is valid");
    assert!(black.is_legal(mv), "{lines:?}");
}

#[test]
fn a_position_without_moves_answers_none() {
    // Black is checkmated: two red chariots on the back ranks.
    let lines = session(b"position fen R2k5/R8/9/9/9/9/9/9/9/4K4 b\ngo depth 3\n");
    assert_eq!(bestmoves(&lines), ["(none)"]);
}

#[test]
fn options_are_accepted() {
    let lines = session(
        b"setoption name Hash value 8\nsetoption name Clear Hash\nucinewgame\ngo depth 1\n",
    );
    assert!(
        !lines.iter().any(|l| l.starts_with("info string")),
        "{lines:?}"
    );
    assert_eq!(bestmoves(&lines).len(), 1);
}

#[test]
fn the_binary_speaks_uci_on_its_standard_streams() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_xiangqi"))
        .arg("uci")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(b"uci\nposition startpos\ngo depth 2\n")
        .expect("the script is written");
    let out = child.wait_with_output().expect("the binary ends");
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).expect("output is UTF-8");
    assert!(text.lines().any(|l| l == "uciok"), "{text}");
    assert_eq!(
        bestmoves(&text.lines().map(str::to_string).collect::<Vec<_>>()).len(),
        1
    );
}

/// Runs `xiangqi uci` on `script`, its input closed after it; returns whether it ended by
/// itself within `limit` (it is killed otherwise) and what it printed.
fn ends_after_input(script: &[u8], limit: std::time::Duration) -> (bool, String) {
    use std::io::{Read, Write};
    use std::process::{Command, Stdio};
    let mut child = Command::new(env!("CARGO_BIN_EXE_xiangqi"))
        .arg("uci")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut stdin = child.stdin.take().expect("stdin is piped");
    stdin.write_all(script).expect("the script is written");
    drop(stdin);
    let start = std::time::Instant::now();
    let ended = loop {
        if child
            .try_wait()
            .expect("the child can be waited for")
            .is_some()
        {
            break true;
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            break false;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    };
    let mut text = String::new();
    let _ = child
        .stdout
        .take()
        .expect("stdout is piped")
        .read_to_string(&mut text);
    (ended, text)
}

#[test]
fn the_end_of_input_stops_a_search_that_would_take_hours() {
    // A generous bound against a slow machine; by hand it stops within about 100 ms.
    for go in ["go depth 1000", "go mate 50", "go nodes 100000000000"] {
        let script = format!("position startpos\n{go}\n");
        let (ended, text) = ends_after_input(script.as_bytes(), std::time::Duration::from_secs(20));
        assert!(ended, "{go}: still searching after its input closed");
        assert_eq!(
            text.lines().filter(|l| l.starts_with("bestmove ")).count(),
            1,
            "{go}: {text}"
        );
    }
}

#[test]
fn multipv_prints_that_many_lines_a_depth_with_different_first_moves() {
    let lines =
        session_to_the_end(b"uci\nsetoption name MultiPV value 3\nposition startpos\ngo depth 6\n");
    assert!(
        lines
            .iter()
            .any(|l| l == "option name MultiPV type spin default 1 min 1 max 16"),
        "{lines:?}"
    );
    assert!(
        !lines.iter().any(|l| l.starts_with("info string")),
        "{lines:?}"
    );
    let last: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info depth 6 "))
        .collect();
    let word_after = |l: &str, key: &str| -> String {
        let words: Vec<&str> = l.split_whitespace().collect();
        let at = words
            .iter()
            .position(|w| *w == key)
            .expect("the key is there");
        words[at + 1].to_string()
    };
    let numbers: Vec<String> = last.iter().map(|l| word_after(l, "multipv")).collect();
    assert_eq!(numbers, ["1", "2", "3"], "{lines:?}");
    let firsts: Vec<String> = last.iter().map(|l| word_after(l, "pv")).collect();
    assert!(
        firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2],
        "{firsts:?}"
    );
    let cps: Vec<i32> = last
        .iter()
        .map(|l| word_after(l, "cp").parse().expect("a centipawn score"))
        .collect();
    assert!(cps[0] >= cps[1] && cps[1] >= cps[2], "{cps:?}");
    assert_eq!(
        bestmoves(&lines),
        [firsts[0].as_str()],
        "bestmove is line 1's"
    );
}

#[test]
fn multipv_out_of_range_is_refused_and_one_line_stays() {
    let lines =
        session(b"setoption name MultiPV value 17\nsetoption name MultiPV value 0\ngo depth 2\n");
    let refusals = lines
        .iter()
        .filter(|l| l.starts_with("info string setoption ignored: MultiPV"))
        .count();
    assert_eq!(refusals, 2, "{lines:?}");
    let depth2 = lines
        .iter()
        .filter(|l| l.starts_with("info depth 2 "))
        .count();
    assert_eq!(depth2, 1, "{lines:?}");
}

#[test]
fn control_characters_of_the_input_are_answered_as_escapes() {
    let script: &[u8] = b"\x1b]0;PWNED\x07\x1b[2J\n\
        setoption name \x1b[31mRED value 1\n\
        position startpos moves \x1b[2J\n\
        go depth \x00\x9b\n\
        \xc2\x9b1m\n\
        \xff\xfe\x00x\n\
        isready\n";
    let lines = session(script);
    let infos = said(&lines);
    assert_eq!(infos.len(), 6, "{lines:?}");
    for info in &infos {
        assert!(!info.chars().any(char::is_control), "{info:?}");
    }
    assert!(
        infos[0].contains(r"unknown command '\u{1b}]0;PWNED\u{7}\u{1b}[2J'"),
        "{}",
        infos[0]
    );
    assert!(infos[1].contains(r"'\u{1b}[31mRED'"), "{}", infos[1]);
    assert!(infos[2].contains(r"'\u{1b}[2J'"), "{}", infos[2]);
    assert!(infos[4].contains(r"'\u{9b}1m'"), "{}", infos[4]);
    // Bytes that are no UTF-8 are shown as U+FFFD, a printable character.
    assert!(infos[5].contains(r"'��\u{0}x'"), "{}", infos[5]);
}

#[test]
fn a_go_number_too_large_to_hold_is_said_to_be_too_large() {
    let lines = session(
        b"go movetime 99999999999999999999\ngo wtime -99999999999999999999 depth 1\nisready\n",
    );
    assert!(
        lines.iter().any(|l| l
            == "info string go ignored: '99999999999999999999' is too large for movetime \
                (at most 9223372036854775807)"),
        "{lines:?}"
    );
    assert_eq!(
        bestmoves(&lines).len(),
        1,
        "a clock far below zero is no time: {lines:?}"
    );
}

#[test]
fn go_numbers_below_their_least_are_refused_naming_the_parameter() {
    let lines = session(
        b"go depth -5\n\
          go depth 0\n\
          go nodes -1\n\
          go nodes 0\n\
          go movetime -20\n\
          go mate 0\n\
          go movestogo 0 wtime 1000\n\
          go mate -99999999999999999999\n\
          isready\n",
    );
    assert_eq!(
        said(&lines),
        [
            "go ignored: depth must be at least 1, not '-5'",
            "go ignored: depth must be at least 1, not '0'",
            "go ignored: nodes must be at least 1, not '-1'",
            "go ignored: nodes must be at least 1, not '0'",
            "go ignored: movetime must be at least 0, not '-20'",
            "go ignored: mate must be at least 1, not '0'",
            "go ignored: movestogo must be at least 1, not '0'",
            "go ignored: mate must be at least 1, not '-99999999999999999999'",
        ],
        "{lines:?}"
    );
    assert!(bestmoves(&lines).is_empty(), "no search starts: {lines:?}");
    assert_eq!(lines.last().map(String::as_str), Some("readyok"));
}

#[test]
fn a_clock_below_zero_is_searched_as_no_time_and_said_once_a_time() {
    let lines = session(b"go wtime -300 btime 1000 winc -5 binc 0 depth 1\nisready\n");
    assert_eq!(
        said(&lines),
        [
            "go: wtime '-300' is below zero, taken as 0",
            "go: winc '-5' is below zero, taken as 0",
        ],
        "{lines:?}"
    );
    assert_eq!(bestmoves(&lines).len(), 1, "{lines:?}");
}

#[test]
fn option_values_that_are_not_what_the_option_takes_are_refused() {
    let lines = session_to_the_end(
        b"setoption name Ponder value maybe\n\
          setoption name Ponder\n\
          setoption name UCI_ShowWDL value yes\n\
          setoption name Move Overhead value -10\n\
          setoption name Clear Hash value 1\n\
          setoption name Threads value 99999999999999999999999\n\
          setoption name Hash value 18446744073709551617\n\
          setoption name MultiPV value -3\n\
          debug maybe\n\
          setoption name Ponder value true\n\
          setoption name UCI_ShowWDL value False\n\
          setoption name Move Overhead value 100\n\
          setoption name MultiPV value 2\n\
          debug on\n\
          go depth 2\n",
    );
    assert_eq!(
        said(&lines),
        [
            "setoption ignored: Ponder needs true or false, not 'maybe'",
            "setoption ignored: Ponder needs true or false, not ''",
            "setoption ignored: UCI_ShowWDL needs true or false, not 'yes'",
            "setoption ignored: Move Overhead needs a time in ms from 0 to 5000, not '-10'",
            "setoption ignored: Clear Hash is a button and takes no value, not '1'",
            "setoption ignored: Threads needs a number from 1 to 256, not \
             '99999999999999999999999'",
            "setoption ignored: Hash needs a size in MiB from 1 to 4096, not \
             '18446744073709551617'",
            "setoption ignored: MultiPV needs a number of lines from 1 to 16, not '-3'",
            "debug ignored: expected 'debug on' or 'debug off', not 'maybe'",
        ],
        "{lines:?}"
    );
    // The values that are right took effect: two lines a depth.
    let depth2 = lines
        .iter()
        .filter(|l| l.starts_with("info depth 2 "))
        .count();
    assert_eq!(depth2, 2, "{lines:?}");
    assert_eq!(bestmoves(&lines).len(), 1);
}

#[test]
fn a_refused_option_leaves_the_search_under_way_alone() {
    let lines = session(b"go infinite\nsetoption name Hash value 0\nisready\nstop\n");
    let (ready, best) = (
        first_line(&lines, "readyok"),
        first_line(&lines, "bestmove "),
    );
    assert!(ready < best, "the search went on until stop: {lines:?}");
}
