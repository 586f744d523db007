//! The computer at the table, with the real `xiangqi` binary in a pseudo-terminal: the
//! computer answers a move, the hint key marks a move, and an external engine (`xiangqi uci`
//! itself, through `--engine`) plays instead of ours, and what a hostile one says is shown
//! escaped, never obeyed.

use crate::common;
use crate::common::process;

use common::{Session, TempDir, contains};
use std::path::Path;
use std::time::{Duration, Instant};

/// Long enough for a slow, busy machine; a passing test returns as soon as the text shows.
const TIMEOUT: Duration = Duration::from_secs(60);

/// `xiangqi ARGS` in an 80x24 pseudo-terminal with a state folder of its own.
fn start(args: &[&str]) -> Session {
    Session::builder().args(args).timeout(TIMEOUT).start()
}

/// As [`start`], with this state folder, which the caller keeps.
fn start_in(args: &[&str], state: &Path) -> Session {
    Session::builder()
        .args(args)
        .timeout(TIMEOUT)
        .state(state)
        .start()
}

/// The moves of the first numbered line of the move list ("1. 炮二平五 …").
fn first_round(screen: &str) -> Vec<String> {
    screen
        .lines()
        .find_map(|l| l.split_once(" 1. ").map(|(_, rest)| rest.to_string()))
        .map(|rest| rest.split_whitespace().take(2).map(String::from).collect())
        .unwrap_or_default()
}

/// Plays h2e2 by typing it, then waits for black's answer in the move list.
fn computer_answers(session: &mut Session) {
    session.wait_for("Computer: black");
    session.send(b":h2e2\r");
    let deadline = Instant::now() + TIMEOUT;
    while first_round(&session.screen()).len() < 2 {
        assert!(
            Instant::now() < deadline,
            "no answer:\n{}",
            session.screen()
        );
        session.pump(Duration::from_millis(20));
    }
    assert_eq!(first_round(&session.screen())[0], "炮二平五");
}

#[test]
fn the_computer_answers_a_move_and_the_hint_key_marks_one() {
    let mut session = start(&["--computer", "black", "--level", "1"]);
    computer_answers(&mut session);
    session.send(b"t");
    session.wait_for("Hint: ");
    let screen = session.screen();
    let hint = screen
        .lines()
        .find_map(|l| l.split_once("Hint: ").map(|(_, r)| r.to_string()))
        .expect("the hint line");
    // "炮二平五  (h2e2, marked on the board)": a move in Chinese, then in ICCS.
    let iccs = hint
        .split_once('(')
        .and_then(|(_, r)| r.split_once(','))
        .map(|(m, _)| m.to_string())
        .expect("the move in ICCS");
    assert_eq!(iccs.len(), 4, "{hint}");
    assert!(
        screen.contains('<') && screen.contains('>'),
        "the mark:\n{screen}"
    );
}

#[test]
fn an_external_uci_engine_plays_for_the_computer() {
    let command = format!("{} uci", env!("CARGO_BIN_EXE_xiangqi"));
    let mut session = start(&["--computer", "black", "--level", "2", "--engine", &command]);
    computer_answers(&mut session);
}

#[test]
fn bad_computer_options_exit_2_naming_what_is_wrong() {
    for (args, says) in [
        (&["--level", "11"][..], "--level"),
        (&["--computer", "green"][..], "red or black"),
        (&["--puzzle", "9999"][..], "a puzzle number from 1 to"),
        (&["--puzzle", "1", "--computer", "red"][..], "--computer"),
    ] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_xiangqi"))
            .args(args)
            .output()
            .expect("run xiangqi");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

#[test]
fn a_solved_puzzle_is_kept_and_the_next_start_opens_the_next_one() {
    let state = TempDir::new("engine-puzzle");
    let mut session = start_in(&["--puzzle", "1"], &state.0);
    session.wait_for("Puzzle 1/");
    // Puzzle 1: black's chariot mates on f0.
    session.send(b":g0f0\r");
    session.wait_for("Solved puzzle 1");
    let kept = std::fs::read_to_string(state.0.join("xiangqi").join("puzzles.txt"))
        .expect("the progress file");
    assert!(kept.lines().any(|l| l == "solved 1"), "{kept}");
    session.send(b"q");
    session.wait_exit();
    let mut again = start_in(&["--puzzle"], &state.0);
    again.wait_for("Puzzle 2/");
}

/// Red's chariot and general against black's general, a position no opening book holds: the
/// computer's answer comes from its engine.
const OFF_BOOK: [&str; 6] = ["3k5/9/9/9/9/9/9/9/9/R3K4", "w", "-", "-", "0", "1"];

/// `--engine ENGINE` playing black from [`OFF_BOOK`] on a `cols`-wide terminal, after red's
/// first move.
fn engine_to_answer(engine: &str, cols: u16) -> Session {
    let mut args = vec!["--computer", "black", "--engine", engine];
    args.extend(OFF_BOOK);
    let mut session = Session::builder()
        .args(&args)
        .size(cols, 24)
        .timeout(TIMEOUT)
        .start();
    session.wait_for("Computer: black");
    session.send(b":a0a1\r");
    session
}

#[test]
fn an_engines_escapes_are_shown_on_the_message_line_and_never_obeyed() {
    let dir = tempfile::tempdir().expect("temporary folder");
    // It plays, saying escapes in its name, its options and around its answers: nothing of
    // what it said is drawn.
    let plays = process::hostile_engine(&dir.path().join("plays"), true);
    let mut session = engine_to_answer(&plays, 80);
    session.wait_until("black's answer", |screen| {
        first_round(&screen.contents()).len() == 2
    });
    assert!(!contains(&session.raw, b"]52;"), "{}", session.screen());
    // It answers with an escape sequence: the reason shows it, written as escapes.
    let answers = process::hostile_engine(&dir.path().join("answers"), false);
    let mut session = engine_to_answer(&answers, 200);
    session.wait_for(process::HOSTILE_SHOWN);
    assert!(!contains(&session.raw, b"\x1b]52"), "{}", session.screen());
    assert!(!session.raw.contains(&0x07), "{}", session.screen());
}

#[test]
fn a_rated_tactic_takes_back_a_wrong_move_and_its_rating_survives_kill_9() {
    use xiangqi_engine::puzzle::{Filter, pick, shipped};
    let state = TempDir::new("engine-tactics");
    let all = shipped().expect("the shipped puzzles");
    // A newcomer is rated 1500: the tactic given first is the one rated nearest.
    let tactic = pick(&all, 1500, &Filter::default(), &[]).expect("a tactic");
    let right = tactic.solution[0];
    let wrong = tactic
        .position
        .legal_moves()
        .iter()
        .copied()
        .find(|&m| m != right && tactic.position.play(m).is_ok_and(|p| p.has_legal_moves()))
        .expect("another move");
    let mut session = start_in(&["--tactics"], &state.0);
    session.wait_for("your rating 1500");
    session.send(format!(":{wrong}\r").as_bytes());
    session.wait_for(&format!("({right})"));
    assert!(
        session.screen().contains("Not that"),
        "{}",
        session.screen()
    );
    for mv in tactic.solution.iter().step_by(2) {
        session.send(format!(":{mv}\r").as_bytes());
    }
    session.wait_for("Solved!");
    let kept = std::fs::read_to_string(state.0.join("xiangqi").join("puzzles.txt"))
        .expect("the progress file");
    assert!(kept.contains("tactics-count 1 0"), "{kept}");
    let rating: f64 = kept
        .lines()
        .find_map(|l| l.strip_prefix("tactics-rating "))
        .and_then(|r| r.split_whitespace().next()?.parse().ok())
        .expect("a rating line");
    assert!(rating < 1500.0, "the miss lowered it: {kept}");
    session.signal("KILL");
    session.wait_exit();
    let mut again = start_in(&["--tactics"], &state.0);
    again.wait_for(&format!("your rating {}", rating.round()));
}
