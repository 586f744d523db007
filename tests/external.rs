//! Engines that misbehave, run as `--engine` would run them: one that floods its output, one
//! that never answers `go`, one whose lines are absurd. Each is a small shell script written at
//! test time.

#[path = "common/process.rs"]
mod process;

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};
use xiangqi::analysis::Eval;
use xiangqi::engine::{
    Engine, External, ExternalError, Limits, MAX_CP, MAX_MATE, Protocol, Score, command_words,
};
use xiangqi::{Color, Game};

/// A UCCI engine in `sh` that answers the handshake, then does `on_go` when told to `go`.
fn script(dir: &std::path::Path, name: &str, on_go: &str) -> String {
    let path = dir.join(name);
    let text = format!(
        "#!/bin/sh\nwhile read line; do\n  case \"$line\" in\n    ucci) echo ucciok;;\n    \
         go*) {on_go};;\n    quit) exit 0;;\n  esac\ndone\n"
    );
    process::engine_script(&path, &text)
}

fn think(engine: &mut External, limits: &Limits) -> Result<(), ExternalError> {
    engine
        .think(
            &Game::default(),
            limits,
            &AtomicBool::new(false),
            &mut |_| {},
        )
        .map(|_| ())
}

#[test]
fn an_engine_that_floods_its_output_is_stopped_with_a_message() {
    let dir = tempfile::tempdir().expect("temporary folder");
    for (name, flood) in [
        ("lines", "yes 'info depth 1 score 0 pv h2e2'"),
        (
            "one-endless-line",
            "tr -d '\\\\n' < /dev/zero | tr '\\\\0' x",
        ),
    ] {
        let command = script(dir.path(), name, flood);
        let mut engine = External::spawn(&command).expect("the engine starts");
        let limits = Limits {
            movetime: Some(Duration::from_secs(60)),
            ..Limits::default()
        };
        let err = think(&mut engine, &limits).expect_err("a flood is refused");
        assert!(
            matches!(err, ExternalError::Flooding { .. }),
            "{name}: {err}"
        );
        assert!(err.to_string().contains("floods its output"), "{err}");
    }
}

#[test]
fn an_engine_that_never_answers_go_is_given_up_on_after_its_move_time() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let command = script(dir.path(), "silent", ":");
    let mut engine = External::spawn(&command).expect("the engine starts");
    let limits = Limits {
        movetime: Some(Duration::from_millis(300)),
        ..Limits::default()
    };
    let start = Instant::now();
    let err = think(&mut engine, &limits).expect_err("no answer");
    assert!(matches!(err, ExternalError::NoAnswer { .. }), "{err}");
    // A hang guard only: by hand it gives up 1.3 s after go.
    assert!(start.elapsed() < Duration::from_secs(30));
}

#[test]
fn an_engine_command_keeps_quoted_spaces_and_refuses_an_open_quote() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let spaced = dir.path().join("my engines");
    std::fs::create_dir(&spaced).expect("folder");
    let command = script(&spaced, "quiet", ":");
    assert!(command.contains("my engines"));
    assert!(External::spawn(&command).is_ok(), "{command}");
    let err = External::spawn("'unclosed").expect_err("an open quote");
    assert!(matches!(err, ExternalError::BadCommand { .. }), "{err}");
    for blank in ["", "   ", "\t"] {
        let err = command_words(blank).expect_err("no program");
        assert!(matches!(err, ExternalError::NoCommand), "{blank:?}: {err}");
    }
    assert_eq!(
        command_words("'/opt/my engines/eleeye' -x").expect("two words"),
        ["/opt/my engines/eleeye", "-x"]
    );
}

#[test]
fn an_engines_lines_are_cut_at_their_first_illegal_move_and_their_scores_kept_sane() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let said = [
        // The first move is not red's to make: a line about another position.
        "info depth 5 score cp -2147483648 pv a0a9 i0i9",
        "info depth 6 multipv 99999999999 score mate -2147483648 pv h2e2",
        // e9e8 is black's general moving on red's turn.
        "info depth 8 score cp -2147483648 pv e3e4 a9a8 e9e8 e0e1 h0h1",
        "info depth 9 score mate -2147483648 pv h2e2 h9g7 zz b0c2",
        "info depth 10 score mate 2147483647 pv h9g7",
    ];
    let on_go: Vec<String> = said
        .iter()
        .map(|line| format!("echo '{line}'"))
        .chain(["echo 'bestmove h2e2'".to_string()])
        .collect();
    let command = script(dir.path(), "weird", &on_go.join("; "));
    let mut engine = External::spawn(&command).expect("the engine starts");
    let mut infos = Vec::new();
    let limits = Limits {
        movetime: Some(Duration::from_secs(10)),
        ..Limits::default()
    };
    let result = engine
        .think(
            &Game::default(),
            &limits,
            &AtomicBool::new(false),
            &mut |info| infos.push(info.clone()),
        )
        .expect("it answers");
    let shown: Vec<(u32, Score, String)> = infos
        .iter()
        .map(|i| {
            let pv: Vec<String> = i.pv.iter().map(ToString::to_string).collect();
            (i.depth, i.score, pv.join(" "))
        })
        .collect();
    assert_eq!(
        shown,
        [
            (8, Score::Cp(-MAX_CP), "e3e4 a9a8".to_string()),
            (9, Score::Mate(-MAX_MATE), "h2e2 h9g7".to_string()),
        ]
    );
    assert_eq!(result.score, Score::Mate(-MAX_MATE));
    assert_eq!(result.pv.len(), 2);
}

#[test]
fn a_score_at_the_end_of_its_range_turns_its_sign_when_seen_from_the_other_side() {
    assert_eq!(Score::Mate(i32::MIN).negate(), Score::Mate(i32::MAX));
    assert_eq!(Score::Cp(i32::MIN).negate(), Score::Cp(i32::MAX));
    assert_eq!(Score::Mate(-3).negate(), Score::Mate(3));
    assert_eq!(Score::Mate(i32::MIN).clamped(), Score::Mate(-MAX_MATE));
    assert_eq!(Score::Cp(i32::MAX).clamped(), Score::Cp(MAX_CP));
    assert_eq!(Score::Cp(-35).clamped(), Score::Cp(-35));
}

/// A UCI engine in `sh` that keeps each line it reads in `heard`; it answers `uci` and `isready`, `go` with `on_go`, and nothing else (`ucci`
/// least of all).
fn uci_script(dir: &std::path::Path, heard: &std::path::Path, on_go: &str) -> String {
    let text = format!(
        "#!/bin/sh\nwhile read line; do\n  echo \"$line\" >> '{}'\n  \
         case \"$line\" in\n    uci) echo 'id name Quiet UCI'; echo uciok;;\n    \
         isready) echo readyok;;\n    go*) {on_go};;\n    quit) exit 0;;\n  esac\ndone\n",
        heard.display()
    );
    process::engine_script(&dir.join("quiet-uci"), &text)
}

/// What a script kept in `heard`: each line it read.
fn heard(path: &std::path::Path) -> Vec<String> {
    let text = std::fs::read_to_string(path).expect("the script kept what it heard");
    text.lines().map(str::to_string).collect()
}

#[test]
fn a_uci_engine_silent_on_ucci_is_sent_uci_once_it_has_read_past_it() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let log = dir.path().join("heard");
    let engine = External::spawn(&uci_script(dir.path(), &log, ":")).expect("it starts");
    assert_eq!(engine.protocol(), Protocol::Uci);
    assert_eq!(engine.name(), Some("Quiet UCI"));
    drop(engine);
    // Its readyok to isready, not the 2 s a UCCI engine has to answer, is what has uci sent.
    assert_eq!(heard(&log), ["ucci", "isready", "uci", "quit"]);
}

#[test]
fn an_engine_answering_ucci_is_never_sent_uci() {
    let dir = tempfile::tempdir().expect("temporary folder");
    // As ElephantEye: quits unless its first line is ucci, then names itself and answers.
    // As Fairy-Stockfish: answers every hello, and a second one would switch its protocol.
    for (name, first_line, hello) in [
        (
            "eleeye",
            "read line; [ \"$line\" = ucci ] || exit 1\necho 'id name ElephantEye'\n\
             echo 'option usemillisec type check default false'\necho ucciok\n",
            "",
        ),
        (
            "fairy",
            "",
            "    ucci) echo 'id name Fairy-Stockfish'; echo ucciok;;\n    uci) echo uciok;;\n",
        ),
    ] {
        let log = dir.path().join(format!("{name}-heard"));
        let text = format!(
            "#!/bin/sh\n{first_line}while read line; do\n  echo \"0 $line\" >> '{}'\n  \
             case \"$line\" in\n{hello}    isready) echo readyok;;\n    quit) exit 0;;\n  \
             esac\ndone\n",
            log.display()
        );
        let command = process::engine_script(&dir.path().join(name), &text);
        let engine = External::spawn(&command).expect("it starts");
        assert_eq!(engine.protocol(), Protocol::Ucci, "{name}");
        assert!(
            engine
                .name()
                .is_some_and(|n| n.contains("ElephantEye") || n.contains("Fairy"))
        );
        drop(engine);
        let lines = heard(&log);
        assert!(!lines.iter().any(|l| l == "uci"), "{name}: {lines:?}");
    }
}

#[test]
fn an_engines_mate_0_is_read_as_the_side_to_move_mated() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let log = dir.path().join("heard");
    let on_go = "echo 'info depth 1 score mate 0 pv h2e2'; \
                 echo 'info depth 2 score mate -0 pv h2e2'; \
                 echo 'info depth 3 score mate +0 pv h2e2'; echo 'bestmove h2e2'";
    let mut engine = External::spawn(&uci_script(dir.path(), &log, on_go)).expect("it starts");
    let mut scores = Vec::new();
    let result = engine
        .think(
            &Game::default(),
            &Limits {
                depth: Some(3),
                ..Limits::default()
            },
            &AtomicBool::new(false),
            &mut |info| scores.push(info.score),
        )
        .expect("it answers");
    assert_eq!(scores, [Score::Mate(0); 3]);
    // Red is to move: red is the side mated, as the game records it.
    assert_eq!(
        Eval::from_score(result.score, Color::Red),
        Eval::RedMated,
        "{result:?}"
    );
}

#[test]
fn an_engines_name_and_answer_are_kept_with_their_escapes_shown() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let limits = Limits {
        depth: Some(1),
        ..Limits::default()
    };
    let plays = process::hostile_engine(&dir.path().join("plays"), true);
    let mut engine = External::spawn(&plays).expect("the engine starts");
    assert_eq!(
        engine.name(),
        Some(format!("Evil{}", process::HOSTILE_SHOWN).as_str())
    );
    think(&mut engine, &limits).expect("a move, whatever follows it on its line");
    let answers = process::hostile_engine(&dir.path().join("answers"), false);
    let err = think(
        &mut External::spawn(&answers).expect("the engine starts"),
        &limits,
    )
    .expect_err("an escape is no move");
    let ExternalError::IllegalMove { answer, .. } = &err else {
        panic!("{err}");
    };
    assert_eq!(answer, process::HOSTILE_SHOWN);
    process::assert_no_escape("the message", err.to_string().as_bytes());
    // An answer of any length is quoted in a line of its own size.
    let long = script(
        dir.path(),
        "long",
        "echo \"bestmove $(printf 'x%.0s' $(seq 5000))\"",
    );
    let err = think(&mut External::spawn(&long).expect("starts"), &limits).expect_err("no move");
    let ExternalError::IllegalMove { answer, .. } = &err else {
        panic!("{err}");
    };
    assert_eq!(answer, &format!("{}…", "x".repeat(40)));
    // A command typed with an escape in it is shown with it escaped.
    let err = External::spawn("'/nonexistent/\x1b[2J'").expect_err("no such program");
    assert!(err.to_string().contains(r"/nonexistent/\u{1b}[2J"), "{err}");
}
