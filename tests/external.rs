//! Engines that misbehave, run as `--engine` would run them: one that floods its output and
//! one that never answers `go`. Each is a small shell script written at test time.

#[path = "common/process.rs"]
mod process;

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};
use xiangqi::Game;
use xiangqi::engine::{Engine, External, ExternalError, Limits, command_words};

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
