//! The command-line contract of `perft`, `legal` and the game's start-up checks, run through the
//! real binary.

use std::process::{Command, Output, Stdio};

fn xiangqi(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_xiangqi"))
        .args(args)
        // `--help` follows the locale and the configuration file; these tests read English.
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("LANG")
        .env("XDG_CONFIG_HOME", "/nonexistent")
        .stdin(Stdio::null())
        .output()
        .unwrap_or_else(|e| panic!("cannot run xiangqi: {e}"))
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

const MIDDLEGAME: &str = "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1";
const BAD_FEN: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNX w";

#[test]
fn perft_prints_the_count_as_the_last_line() {
    let out = xiangqi(&["perft", "3"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out).lines().last(), Some("79666"));
}

#[test]
fn perft_takes_a_fen_quoted_or_as_separate_words() {
    let quoted = xiangqi(&["perft", "2", "--fen", MIDDLEGAME]);
    let mut words = vec!["perft", "2", "--fen"];
    words.extend(MIDDLEGAME.split(' '));
    let separate = xiangqi(&words);
    assert_eq!(stdout(&quoted).trim(), "1128");
    assert_eq!(stdout(&separate).trim(), "1128");
}

#[test]
fn divide_lists_each_root_move_and_sums_to_the_total() {
    let out = xiangqi(&["perft", "2", "--divide"]);
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    let (total, per_move) = lines.split_last().unwrap_or_else(|| panic!("no output"));
    assert_eq!(per_move.len(), 44);
    let mut sum = 0u64;
    for line in per_move {
        let (mv, n) = line
            .split_once(": ")
            .unwrap_or_else(|| panic!("not `move: count`: {line:?}"));
        assert_eq!(mv.len(), 4, "{line:?}");
        sum += n.parse::<u64>().unwrap_or_else(|e| panic!("{line:?}: {e}"));
    }
    assert_eq!(total.parse::<u64>().ok(), Some(sum));
    assert_eq!(sum, 1920);
}

#[test]
fn legal_prints_every_move_sorted_on_one_line() {
    let out = xiangqi(&["legal"]);
    let text = stdout(&out);
    assert_eq!(text.lines().count(), 1);
    let moves: Vec<&str> = text.split_whitespace().collect();
    assert_eq!(moves.len(), 44);
    let mut sorted = moves.clone();
    sorted.sort_unstable();
    assert_eq!(moves, sorted);
    assert!(moves.contains(&"h2e2") && moves.contains(&"b0c2"));
}

#[test]
fn a_bad_fen_is_refused_with_the_same_message_and_code_2_everywhere() {
    let runs = [
        xiangqi(&["perft", "1", "--fen", BAD_FEN]),
        xiangqi(&["legal", "--fen", BAD_FEN]),
        xiangqi(&[BAD_FEN]),
    ];
    for out in &runs {
        assert_eq!(out.status.code(), Some(2));
        assert!(stdout(out).is_empty());
        assert!(
            stderr(out).contains("unknown character 'X' at column 59"),
            "{}",
            stderr(out)
        );
    }
    assert_eq!(stderr(&runs[0]), stderr(&runs[1]));
    assert_eq!(stderr(&runs[1]), stderr(&runs[2]));
}

#[test]
fn a_tool_named_after_the_games_options_is_told_to_come_first() {
    for args in [
        &["--flip", "perft", "2"][..],
        &["--ascii", "convert", "x.pgn"],
    ] {
        let out = xiangqi(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(
            stderr(&out).contains(&format!("{:?} is a tool: name it first", args[1])),
            "{args:?}: {}",
            stderr(&out)
        );
    }
}

#[test]
fn bad_perft_arguments_exit_2() {
    for args in [&["perft"][..], &["perft", "deep"], &["legal", "extra"]] {
        let out = xiangqi(args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(!stderr(&out).is_empty(), "{args:?}");
    }
}

#[test]
fn a_puzzle_number_outside_the_collection_exits_2_and_none_is_the_first_unsolved() {
    for n in ["0", "76"] {
        let out = xiangqi(&["--puzzle", n]);
        assert_eq!(out.status.code(), Some(2), "--puzzle {n}");
        assert!(
            stderr(&out).contains("a puzzle number from 1 to 75"),
            "--puzzle {n}: {}",
            stderr(&out)
        );
    }
    // Without a number it reads; the game then wants only a terminal.
    let out = xiangqi(&["--puzzle"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
}

#[test]
fn the_game_without_a_terminal_says_so_and_exits_1() {
    // Standard output is a pipe here, not a terminal: not bad input, so not code 2.
    let out = xiangqi(&[]);
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("terminal"), "{}", stderr(&out));
    assert!(
        !stdout(&out).contains('\x1b'),
        "no escape sequences were written"
    );
}

#[test]
fn help_is_generated_from_every_form_and_option() {
    let out = xiangqi(&["--help"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let text = stdout(&out);
    for word in [
        "[FEN]",
        "--load",
        "--game",
        "--flip",
        "--ascii",
        "--ascii-lines",
        "perft",
        "legal",
        "convert",
        "--version",
        "keys:",
        "t a hint",
        "z the mate puzzles",
    ] {
        assert!(text.contains(word), "{word} missing from:\n{text}");
    }
    let out = xiangqi(&["perft", "--help"]);
    assert!(stdout(&out).contains("--divide") && stdout(&out).contains("--fen"));
    let out = xiangqi(&["--version"]);
    assert_eq!(
        stdout(&out).trim(),
        format!("xiangqi {}", env!("CARGO_PKG_VERSION"))
    );
}

#[cfg(unix)]
mod not_utf8 {
    use super::{stderr, stdout};
    use std::ffi::OsStr;
    use std::os::unix::ffi::OsStrExt;
    use std::process::{Command, Output, Stdio};

    fn xiangqi(args: &[&OsStr]) -> Output {
        Command::new(env!("CARGO_BIN_EXE_xiangqi"))
            .args(args)
            .stdin(Stdio::null())
            .output()
            .unwrap_or_else(|e| panic!("cannot run xiangqi: {e}"))
    }

    #[test]
    fn a_fen_that_is_not_utf8_is_a_usage_error() {
        for args in [
            &[OsStr::from_bytes(b"\xff")][..],
            &[
                OsStr::new("legal"),
                OsStr::new("--fen"),
                OsStr::from_bytes(b"9/\xff"),
            ],
            &[
                OsStr::new("perft"),
                OsStr::new("1"),
                OsStr::new("--fen"),
                OsStr::from_bytes(b"\xfe"),
            ],
        ] {
            let out = xiangqi(args);
            assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
            assert!(stderr(&out).contains("not UTF-8"), "{}", stderr(&out));
            assert!(stdout(&out).is_empty());
        }
    }

    #[test]
    fn a_file_name_that_is_not_utf8_is_read() {
        let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
        let missing = dir.path().join(OsStr::from_bytes(b"gone-\xff.pgn"));
        let out = xiangqi(&[OsStr::new("--load"), missing.as_os_str()]);
        assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
        assert!(stderr(&out).contains("cannot read") && stderr(&out).contains("gone-"));

        let game = dir.path().join(OsStr::from_bytes(b"game-\xff.pgn"));
        std::fs::write(&game, "[Event \"x\"]\n\n1. h2e2 h9g7 *\n")
            .unwrap_or_else(|e| panic!("{e}"));
        // The file is read; the game then needs a terminal, which a pipe is not.
        let out = xiangqi(&[OsStr::new("--load"), game.as_os_str()]);
        assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
        assert!(stderr(&out).contains("terminal"), "{}", stderr(&out));
        let out = xiangqi(&[
            OsStr::new("convert"),
            game.as_os_str(),
            OsStr::new("--to"),
            OsStr::new("iccs"),
        ]);
        assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
        assert!(stdout(&out).contains("H2-E2"), "{}", stdout(&out));
    }
}

/// Runs xiangqi with standard output going to `out`.
fn xiangqi_into(args: &[&str], out: impl Into<Stdio>) -> Output {
    Command::new(env!("CARGO_BIN_EXE_xiangqi"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(out)
        .stderr(Stdio::piped())
        .output()
        .unwrap_or_else(|e| panic!("cannot run xiangqi: {e}"))
}

/// Every command that prints, with a file to convert.
fn printing_commands() -> Vec<Vec<String>> {
    let game = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/crates/xiangqi-records/tests/data/games/ccpd/107.pgn"
    );
    [
        &["legal"][..],
        &["perft", "2"],
        &["perft", "2", "--divide"],
        &["--help"],
        &["--version"],
        &["perft", "--help"],
        &["convert", game, "--to", "chinese"],
    ]
    .iter()
    .map(|args| args.iter().map(|a| a.to_string()).collect())
    .collect()
}

#[cfg(target_os = "linux")]
#[test]
fn a_full_disk_is_a_message_and_exit_1_for_every_command() {
    for args in printing_commands() {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap_or_else(|e| panic!("/dev/full: {e}"));
        let out = xiangqi_into(&args, full);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
        assert!(
            err.contains("cannot write standard output") && err.contains("No space left"),
            "{args:?}: {err}"
        );
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn a_closed_pipe_ends_every_command_quietly() {
    for args in printing_commands() {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let (reader, writer) = std::io::pipe().unwrap_or_else(|e| panic!("pipe: {e}"));
        // Nobody reads: every write gets EPIPE.
        drop(reader);
        let out = xiangqi_into(&args, writer);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr(&out));
        assert_eq!(stderr(&out), "", "{args:?}");
    }
}

#[test]
fn perft_0_is_1_with_or_without_divide() {
    for args in [&["perft", "0"][..], &["perft", "0", "--divide"]] {
        let out = xiangqi(args);
        assert_eq!(out.status.code(), Some(0), "{args:?}: {}", stderr(&out));
        assert_eq!(stdout(&out), "1\n", "{args:?}");
    }
}

#[test]
fn a_perft_deeper_than_the_limit_is_refused_not_a_crash() {
    for depth in ["4294967295", "100000", "1001"] {
        let out = xiangqi(&["perft", depth]);
        assert_eq!(out.status.code(), Some(2), "{depth}: {}", stderr(&out));
        assert!(stderr(&out).contains(depth), "{}", stderr(&out));
        assert!(stdout(&out).is_empty());
    }
}

#[test]
fn a_deep_perft_whose_lines_all_end_runs_at_the_limit() {
    // Black is mated: every line ends at once, however deep the count asks to go.
    let mated = "3k5/3R5/3R5/9/9/9/9/9/9/4K4 b - - 0 1";
    let out = xiangqi(&["perft", "1000", "--fen", mated]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert_eq!(stdout(&out), "0\n");
}

#[cfg(unix)]
#[test]
fn a_pipe_or_a_device_to_load_is_refused_before_it_is_opened() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let fifo = dir.path().join("game.pgn");
    let made = Command::new("mkfifo").arg(&fifo).status();
    assert!(matches!(made, Ok(s) if s.success()), "mkfifo: {made:?}");
    // Opening the pipe would wait for a writer for ever: the test would hang.
    for path in [fifo.to_str().expect("UTF-8 path"), "/dev/zero"] {
        let out = xiangqi(&["--load", path]);
        assert_eq!(out.status.code(), Some(2), "{path}");
        assert!(stderr(&out).contains("not a game file"), "{}", stderr(&out));
    }
}

#[test]
fn a_file_name_with_control_characters_is_shown_escaped() {
    let out = xiangqi(&["--load", "no\u{1b}]0;title\u{7}such.pgn"]);
    assert_eq!(out.status.code(), Some(2));
    let err = stderr(&out);
    assert!(!err.contains('\u{1b}'), "{err:?}");
    assert!(err.contains("no\\u{1b}]0;title\\u{7}such.pgn"), "{err}");
}

/// A FEN or a game file that does not read is refused in the players' language: `--lang`,
/// or the locale.
#[test]
fn a_bad_fen_or_record_is_refused_in_the_players_language() {
    let out = xiangqi(&["--lang", "zh-Hans", BAD_FEN]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("FEN 有误：第 59 个字符 'X' 无法识别"),
        "{}",
        stderr(&out)
    );

    let dir = tempfile::tempdir().expect("temporary folder");
    let file = dir.path().join("bad.pgn");
    std::fs::write(&file, "1. h2e2 h9g7 2. h0g2 z9z9 *\n").expect("write the record");
    let path = file.to_str().expect("UTF-8 path");
    let out = Command::new(env!("CARGO_BIN_EXE_xiangqi"))
        .args(["--load", path])
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env("LANG", "zh_TW.UTF-8")
        .env("XDG_CONFIG_HOME", "/nonexistent")
        .stdin(Stdio::null())
        .output()
        .expect("run xiangqi");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("第 1 局，第 2 回合（黑方）：\"z9z9\"：不是 WXF 著法"),
        "{}",
        stderr(&out)
    );
    // In English, the rules library's own words.
    let out = xiangqi(&["--load", path]);
    assert!(
        stderr(&out).contains("game 1, move 2 (Black): \"z9z9\": not a WXF move"),
        "{}",
        stderr(&out)
    );
}

/// `xiangqi --resume --lang LANG` on the state folder `state`, with no configuration.
fn resume_in(state: &std::path::Path, lang: &str) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_xiangqi"))
        .args(["--resume", "--lang", lang])
        .env("XDG_STATE_HOME", state)
        .env("XDG_CONFIG_HOME", "/nonexistent")
        .stdin(Stdio::null())
        .output()
        .expect("run xiangqi")
}

/// `--resume` without a game to continue says so in the players' language.
#[test]
fn resume_without_a_game_says_so_in_the_players_language() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let run = |lang: &str| resume_in(dir.path(), lang);
    let out = run("zh-Hans");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("--resume：没有可继续的对局（"),
        "{}",
        stderr(&out)
    );
    let out = run("en");
    assert!(
        stderr(&out).contains("--resume: no game to continue ("),
        "{}",
        stderr(&out)
    );
}

#[test]
fn join_refuses_an_address_without_a_port_before_the_screen_opens() {
    let out = xiangqi(&["join", "nonsense", "7-river-cannon"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("invalid value 'nonsense' for '<ADDR:PORT>': no port"),
        "{}",
        stderr(&out)
    );
    // A host name that resolves passes the check and goes on to the game (here refused
    // only for want of a terminal).
    let out = xiangqi(&["join", "localhost:9091", "7-river-cannon"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).contains("terminal"), "{}", stderr(&out));
}

#[test]
fn an_engine_command_that_is_no_program_exits_2_before_the_terminal_is_touched() {
    for (command, why) in [
        ("'unclosed", "has an unclosed quote"),
        ("", "no engine command given"),
        ("   ", "no engine command given"),
    ] {
        let out = xiangqi(&["--engine", command]);
        assert_eq!(out.status.code(), Some(2), "{command:?}: {}", stderr(&out));
        assert!(
            stderr(&out).contains("'--engine <CMD>'") && stderr(&out).contains(why),
            "{command:?}: {}",
            stderr(&out)
        );
        assert!(!stdout(&out).contains('\x1b'), "{command:?}");
    }
}

/// `--resume` of an autosave whose clock tags were edited past what `--clock` allows is
/// refused before the terminal is touched, naming the file and the tag.
#[test]
fn resume_refuses_clock_tags_beyond_the_clocks_limits_naming_file_and_tag() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let folder = dir.path().join("xiangqi");
    std::fs::create_dir(&folder).expect("state folder");
    let file = folder.join("autosave.pgn");
    let kept = |used: &str| {
        format!(
            "[TimeControl \"300+3\"]\n[ClockStart \"0\"]\n\
             [ClockTimes \"300000/300000 303000/300000 303000/302687\"]\n[ClockUsed \"{used}\"]\n\n\
             1. C2.5 {{[%clk 0:05:03]}} 1. ... H8+7 {{[%clk 0:05:02]}}\n*\n"
        )
    };
    std::fs::write(&file, kept("18446744073709551615")).expect("autosave");
    let run = |lang: &str| resume_in(dir.path(), lang);
    let out = run("en");
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains(&format!(
            "--resume: {}, tag ClockUsed: 18446744073709551615 ms leaves the side to move no \
             time for its move (it had 303000 ms)",
            file.display()
        )),
        "{}",
        stderr(&out)
    );
    let out = run("zh-Hant");
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("標籤 ClockUsed："),
        "{}",
        stderr(&out)
    );
    // As the game wrote it, it resumes (and here stops for want of a terminal).
    std::fs::write(&file, kept("508")).expect("autosave");
    let out = run("en");
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).contains("terminal"), "{}", stderr(&out));
}

#[test]
fn completions_for_bash_are_a_script_bash_accepts() {
    let out = xiangqi(&["completions", "bash"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let dir = tempfile::tempdir().expect("a temporary folder");
    let script = dir.path().join("xiangqi.bash");
    std::fs::write(&script, &out.stdout).expect("the script is written");
    // Sourcing it registers the completion function; `complete -p` prints what was set.
    let bash = Command::new("bash")
        .arg("-c")
        .arg(format!(
            "source '{}' && complete -p xiangqi",
            script.display()
        ))
        .output()
        .expect("bash runs");
    assert!(
        bash.status.success(),
        "{}",
        String::from_utf8_lossy(&bash.stderr)
    );
    assert!(stdout(&bash).contains("xiangqi"), "{}", stdout(&bash));
    // Every subcommand is offered.
    for sub in [
        "perft", "legal", "convert", "annotate", "host", "join", "man",
    ] {
        assert!(stdout(&out).contains(sub), "{sub} missing");
    }
}

#[test]
fn completions_for_an_unknown_shell_exit_with_code_2() {
    let out = xiangqi(&["completions", "tcsh"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("tcsh"), "{}", stderr(&out));
}

#[test]
fn man_prints_a_manual_page_from_the_same_definitions_as_help() {
    let out = xiangqi(&["man"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let page = stdout(&out);
    assert!(page.contains(".TH xiangqi 1"), "{page}");
    // The options --help lists are on the page.
    let help = stdout(&xiangqi(&["--help"]));
    for flag in ["--load", "--computer", "--clock", "--resume", "--theme"] {
        assert!(help.contains(flag), "{flag} not in --help");
        assert!(
            page.contains(&flag.replace('-', "\\-")),
            "{flag} not on the man page"
        );
    }
}
