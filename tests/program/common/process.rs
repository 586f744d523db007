//! The real `xiangqi` binary run as a process, for the tests of its tools: arguments and
//! standard input in, standard output, standard error and the exit status back; and the
//! game files of `crates/xiangqi-records/tests/data/games/` they read.
#![allow(dead_code)]

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `xiangqi ARGS`, writing `stdin` to it (from a thread: the tools write while they
/// read, and a full output pipe would otherwise stop both sides).
pub fn run(args: &[&str], stdin: Option<&[u8]>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_xiangqi"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start xiangqi: {e}"));
    let writer = match (stdin, child.stdin.take()) {
        (Some(bytes), Some(mut pipe)) => {
            let bytes = bytes.to_vec();
            Some(std::thread::spawn(move || {
                // A tool may stop reading early (a bad game): that is its answer, not ours.
                let _ = pipe.write_all(&bytes);
            }))
        }
        _ => None,
    };
    let output = child
        .wait_with_output()
        .unwrap_or_else(|e| panic!("xiangqi did not finish: {e}"));
    if let Some(writer) = writer {
        writer.join().expect("the standard input writer");
    }
    output
}

/// Bytes as text, lossily.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The bytes of `crates/xiangqi-records/tests/data/games/<rel>`.
pub fn game_file(rel: &str) -> Vec<u8> {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("crates/xiangqi-records/tests/data/games")
        .join(rel);
    std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// `xiangqi convert crates/xiangqi-records/tests/data/games/<rel> --to <to>`, which must succeed: its standard
/// output and standard error.
pub fn convert_game_file(rel: &str, to: &str) -> (String, String) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("crates/xiangqi-records/tests/data/games")
        .join(rel);
    let out = run(&["convert", &path.to_string_lossy(), "--to", to], None);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{err}");
    (text(&out.stdout), err)
}

/// The main line of `tree` as ICCS moves (`h2e2`), to compare with a list.
pub fn iccs_line(tree: &xiangqi_rules::GameTree) -> Vec<String> {
    tree.main_line().iter().map(ToString::to_string).collect()
}

/// Writes `text` to `path` and makes it executable: a stand-in engine in `sh`. Returns the
/// command line that runs it (`--engine`'s form, the path quoted).
pub fn engine_script(path: &std::path::Path, text: &str) -> String {
    std::fs::write(path, text).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let made = Command::new("chmod").arg("+x").arg(path).status();
    assert!(matches!(made, Ok(s) if s.success()), "chmod: {made:?}");
    format!("'{}'", path.display())
}

/// What a hostile engine says where it can: an OSC 52 that sets the clipboard (to "hi"), a
/// BEL that ends it, a CSI that clears the screen.
pub const HOSTILE: &str = "\x1b]52;c;aGk=\x07\x1b[2J";

/// [`HOSTILE`] as a message shows it, each control character written as its escape.
pub const HOSTILE_SHOWN: &str = r"\u{1b}]52;c;aGk=\u{7}\u{1b}[2J";

/// Writes a hostile UCI engine at `path` and returns its command line. It is `xiangqi uci`
/// behind a filter that puts [`HOSTILE`] into its name, an option, an `info string` before
/// each answer and the end of each `bestmove` line; where `plays` is false its `bestmove`
/// is [`HOSTILE`] instead of a move.
pub fn hostile_engine(path: &std::path::Path, plays: bool) -> String {
    let answer = if plays {
        "echo \"$line $H\""
    } else {
        "echo \"bestmove $H\""
    };
    let text = format!(
        "#!/bin/sh\nH=$(printf '\\033]52;c;aGk=\\007\\033[2J')\n\
         '{}' uci | while IFS= read -r line; do\n  case \"$line\" in\n    \
         uciok) echo \"id name Evil$H\"; echo \"option name Evil$H type check default false\"; \
         echo uciok;;\n    \
         bestmove*) echo \"info string $H\"; {answer};;\n    \
         *) echo \"$line\";;\n  esac\ndone\n",
        env!("CARGO_BIN_EXE_xiangqi")
    );
    engine_script(path, &text)
}

/// Fails naming the byte if `bytes` (what reached a terminal or a file) hold an ESC or a
/// BEL: the start and the end of the sequences a terminal obeys.
pub fn assert_no_escape(what: &str, bytes: &[u8]) {
    if let Some(at) = bytes.iter().position(|b| matches!(b, 0x1b | 0x07)) {
        panic!(
            "{what}: a control byte {:#04x} at {at}: {:?}",
            bytes[at],
            String::from_utf8_lossy(bytes)
        );
    }
}
