//! How the command line reads: the FEN's forms, `--load`, the tools, and the mistakes clap
//! refuses.

use super::{Cli, Command, Target, Variant, position_of};
use clap::Parser;
use clap::error::ErrorKind;
use std::ffi::OsString;
use xiangqi_rules::{Notation, START_FEN};

fn parse(args: &[&str]) -> Result<Cli, clap::Error> {
    Cli::try_parse_from(std::iter::once("xiangqi").chain(args.iter().copied()))
}

fn parsed(args: &[&str]) -> Cli {
    parse(args).unwrap_or_else(|e| panic!("{args:?}: {e}"))
}

fn refusal(args: &[&str]) -> String {
    match parse(args) {
        Ok(cli) => panic!("{args:?} was accepted: {cli:?}"),
        Err(e) => {
            assert!(e.use_stderr(), "{args:?}: {e}");
            assert_eq!(e.exit_code(), 2, "{args:?}");
            e.to_string()
        }
    }
}

const ENDGAME: &str = "4k4/9/9/9/9/9/9/9/4R4/3K5 b - - 0 1";

#[test]
fn fen_fields_may_come_as_separate_words_among_options() {
    let mut args: Vec<&str> = vec!["--flip"];
    args.extend(ENDGAME.split(' '));
    args.push("--ascii");
    let cli = parsed(&args);
    assert!(cli.command.is_none());
    let pos = position_of(&cli.game.fen).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(pos.fen(), ENDGAME);
    assert!(cli.game.flip && cli.game.ascii && !cli.game.ascii_lines);
}

#[test]
fn a_quoted_fen_is_the_same_position_as_its_words() {
    let cli = parsed(&[ENDGAME, "--ascii-lines"]);
    let pos = position_of(&cli.game.fen).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(pos.fen(), ENDGAME);
    assert!(cli.game.ascii_lines);
}

#[test]
fn no_fen_is_the_start_position() {
    let cli = parsed(&["--ascii-lines"]);
    assert!(cli.game.fen.is_empty());
    match parsed(&["legal"]).command {
        Some(Command::Legal { fen, variant }) => {
            assert_eq!(
                fen.position().map(|p| p.fen()).ok(),
                Some(START_FEN.to_string())
            );
            assert_eq!(variant, Variant::Xiangqi);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn legal_takes_a_variant_and_refuses_an_unknown_one() {
    match parsed(&["legal", "--variant", "JieQi"]).command {
        Some(Command::Legal { fen, variant }) => {
            assert_eq!(variant, Variant::Jieqi);
            assert_eq!(
                fen.jieqi_position().map(|p| p.fen()).ok(),
                Some(xiangqi_rules::jieqi::JIEQI_START_FEN.to_string())
            );
        }
        other => panic!("{other:?}"),
    }
    assert!(refusal(&["legal", "--variant", "banqi"]).contains("banqi"));
}

#[test]
fn help_and_version_are_not_errors() {
    for (args, kind) in [
        (&["--help"][..], ErrorKind::DisplayHelp),
        (&["-h"], ErrorKind::DisplayHelp),
        (&["--version"], ErrorKind::DisplayVersion),
        (&["-V"], ErrorKind::DisplayVersion),
        (&["perft", "--help"], ErrorKind::DisplayHelp),
    ] {
        let e = parse(args).expect_err("help or version");
        assert_eq!(e.kind(), kind, "{args:?}");
        assert!(!e.use_stderr(), "{args:?}");
        assert_eq!(e.exit_code(), 0, "{args:?}");
    }
}

#[test]
fn mistakes_are_usage_errors_naming_what_is_wrong() {
    for (args, says) in [
        (&["--colour"][..], "--colour"),
        (&["--load"], "--load"),
        (&["--load", "x.pgn", "--game", "0"], "from 1"),
        (&["--load", "x.pgn", "--game", "two"], "\"two\""),
        (&["--game", "2"], "--load"),
        (
            &["--load", "x.pgn", "4k4/9/9/9/9/9/9/9/4R4/3K5", "b"],
            "FEN",
        ),
        (&["perft"], "DEPTH"),
        (&["perft", "deep"], "deep"),
        (&["perft", "-1"], "-1"),
        (&["legal", "extra"], "extra"),
        (&["convert", "x.pgn"], "--to"),
        (&["convert", "x.pgn", "--to", "klingon"], "klingon"),
    ] {
        let err = refusal(args);
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

#[test]
fn puzzle_takes_a_number_from_1_or_none_for_the_first_unsolved() {
    assert_eq!(parsed(&["--puzzle"]).game.puzzle, Some(None));
    assert_eq!(parsed(&["--puzzle", "75"]).game.puzzle, Some(Some(75)));
    assert_eq!(parsed(&[]).game.puzzle, None);
    for bad in ["0", "76", "one"] {
        let err = refusal(&["--puzzle", bad]);
        assert!(err.contains("from 1 to 75"), "{bad}: {err}");
        assert!(err.contains(&format!("{bad:?}")), "{bad}: {err}");
    }
}

#[test]
fn tactics_takes_a_theme_and_a_rating_range_or_nothing() {
    use xiangqi_engine::puzzle::Filter;
    assert_eq!(parsed(&["--tactics"]).game.tactics, Some(None));
    assert_eq!(parsed(&[]).game.tactics, None);
    let filter = |theme: Option<&str>, min: Option<u32>, max: Option<u32>| Filter {
        theme: theme.map(str::to_string),
        min_rating: min,
        max_rating: max,
    };
    for (text, want) in [
        (
            "fork,1200-1600",
            filter(Some("fork"), Some(1200), Some(1600)),
        ),
        ("mate-in-2", filter(Some("mate-in-2"), None, None)),
        ("1500-", filter(None, Some(1500), None)),
        (
            "-1000,wins-chariot",
            filter(Some("wins-chariot"), None, Some(1000)),
        ),
    ] {
        let got = parsed(&[&format!("--tactics={text}")]).game.tactics;
        assert_eq!(got, Some(Some(want)), "{text}");
    }
    for bad in ["forks", "1600-1200", "12a-", "-", "mate-in-0"] {
        let err = refusal(&[&format!("--tactics={bad}")]);
        assert!(err.contains("rating range"), "{bad}: {err}");
    }
    assert!(refusal(&["--tactics", "--puzzle"]).contains("cannot be used with"));
}

#[test]
fn load_takes_a_file_and_an_optional_game_number() {
    let cli = parsed(&["--load", "games.pgn", "--flip"]);
    assert_eq!(cli.game.load.as_deref(), Some("games.pgn".as_ref()));
    assert_eq!(cli.game.game, None);
    assert!(cli.game.flip);
    let cli = parsed(&["--game", "3", "--load", "x.pgn"]);
    assert_eq!(cli.game.game.map(usize::from), Some(3));
}

#[test]
fn the_tools_take_their_fen_quoted_or_as_words() {
    let mut words = vec!["perft", "2", "--fen"];
    words.extend(ENDGAME.split(' '));
    words.push("--divide");
    match parsed(&words).command {
        Some(Command::Perft { depth, divide, fen }) => {
            assert_eq!(depth, 2);
            assert!(divide);
            assert_eq!(
                fen.position().map(|p| p.fen()).ok(),
                Some(ENDGAME.to_string())
            );
        }
        other => panic!("{other:?}"),
    }
    match parsed(&["legal", "--fen", ENDGAME]).command {
        Some(Command::Legal { fen, .. }) => {
            assert_eq!(
                fen.position().map(|p| p.fen()).ok(),
                Some(ENDGAME.to_string())
            );
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn convert_reads_its_notation_and_options() {
    let args = [
        "convert",
        "-",
        "--to",
        "WXF",
        "--game",
        "2",
        "--traditional",
        "--ascii-digits",
    ];
    match parsed(&args).command {
        Some(Command::Convert {
            input,
            to,
            game,
            traditional,
            ascii_digits,
            eco,
        }) => {
            assert_eq!(input.as_os_str(), "-");
            assert_eq!(to, Target::Pgn(Notation::Wxf));
            assert_eq!(game.map(usize::from), Some(2));
            assert!(traditional && ascii_digits && !eco);
        }
        other => panic!("{other:?}"),
    }
    match parsed(&["convert", "-", "--to", "XQF"]).command {
        Some(Command::Convert { to, .. }) => assert_eq!(to, Target::Xqf),
        other => panic!("{other:?}"),
    }
}

#[cfg(unix)]
#[test]
fn a_fen_that_is_not_utf8_is_refused_and_a_path_that_is_not_is_kept() {
    use std::os::unix::ffi::OsStringExt;
    let bad = OsString::from_vec(vec![0xff]);
    let cli = Cli::try_parse_from([OsString::from("xiangqi"), bad.clone()])
        .unwrap_or_else(|e| panic!("{e}"));
    let err = position_of(&cli.game.fen).expect_err("not UTF-8");
    assert!(err.to_string().contains("not UTF-8"), "{err}");
    let cli = Cli::try_parse_from([OsString::from("xiangqi"), "--load".into(), bad.clone()])
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(cli.game.load.map(|p| p.into_os_string()), Some(bad));
}

#[test]
fn the_command_line_definition_is_consistent() {
    use clap::CommandFactory;
    Cli::command().debug_assert();
}

/// Every option of the game has its help in both Chinese scripts: an option added later
/// with only its English doc comment fails here.
#[test]
fn every_option_has_its_help_in_chinese() {
    use clap::CommandFactory;
    let ids: Vec<String> = Cli::command()
        .get_arguments()
        .map(|a| a.get_id().to_string())
        .collect();
    for lang in [crate::tui::Lang::ZhHans, crate::tui::Lang::ZhHant] {
        let mut cmd = super::help_lang::localize(Cli::command(), lang);
        let help = cmd.render_help().to_string();
        let english = Cli::command().render_help().to_string();
        for id in &ids {
            let arg = cmd.get_arguments().find(|a| a.get_id() == id.as_str());
            let words = arg
                .and_then(|a| a.get_help())
                .map(ToString::to_string)
                .unwrap_or_default();
            assert!(
                !words.is_ascii(),
                "{id} has no Chinese help in {lang:?}: {words:?}"
            );
        }
        // And every tool's line.
        for tool in cmd.get_subcommands() {
            let about = tool
                .get_about()
                .map(ToString::to_string)
                .unwrap_or_default();
            assert!(
                !about.is_ascii(),
                "{} has no Chinese line in {lang:?}: {about:?}",
                tool.get_name()
            );
        }
        // And each tool's own help: its arguments, and its longer description if it has one.
        for tool in cmd.get_subcommands() {
            let english = Cli::command()
                .find_subcommand(tool.get_name())
                .and_then(|t| t.get_long_about().map(ToString::to_string));
            let long = tool.get_long_about().map(ToString::to_string);
            assert_eq!(english.is_some(), long.is_some(), "{}", tool.get_name());
            assert!(long.is_none_or(|l| !l.is_ascii()), "{}", tool.get_name());
            for arg in tool.get_arguments() {
                let words = arg.get_help().map(ToString::to_string).unwrap_or_default();
                assert!(
                    !words.is_ascii(),
                    "{} {} has no Chinese help in {lang:?}: {words:?}",
                    tool.get_name(),
                    arg.get_id()
                );
                let long = arg.get_long_help().map(ToString::to_string);
                assert!(long.is_none_or(|l| !l.is_ascii()), "{}", arg.get_id());
            }
        }
        // The review and network keys are in the keys text too.
        assert!(english.contains("Review:"), "{english}");
        assert!(help.contains("PgUp/PgDn"), "{help}");
        assert!(english.contains("Network:"), "{english}");
        assert!(help.contains("xiangqi join"), "{help}");
    }
}

#[test]
fn join_takes_a_host_and_port_by_their_form_and_refuses_the_rest() {
    let code = "7-river-cannon";
    for addr in [
        "192.168.1.5:9091",
        "localhost:9091",
        "game.example.org.:65535",
        "my_box-2:1",
        "[::1]:9091",
    ] {
        match parsed(&["join", addr, code]).command {
            Some(Command::Join { addr: kept, .. }) => assert_eq!(kept, addr),
            other => panic!("{addr}: {other:?}"),
        }
    }
    for (addr, why) in [
        ("nonsense", "no port"),
        ("host:", "from 1 to 65535, found \"\""),
        ("host:0", "found \"0\""),
        ("host:65536", "found \"65536\""),
        ("host:http", "found \"http\""),
        (":9091", "no host"),
        ("::1:9091", "an IPv6 address goes in brackets: [::1]:9091"),
        (
            "[nonsense]:9091",
            "\"nonsense\" in brackets is not an IPv6 address",
        ),
        ("a:b:9091", "\"a:b\" is neither"),
        ("300.1.2.3:9091", "neither an IP address nor a host name"),
        ("bad host:9091", "neither an IP address nor a host name"),
        ("x-:9091", "neither"),
        ("a..b:9091", "neither"),
    ] {
        let said = refusal(&["join", addr, code]);
        assert!(
            said.contains("<ADDR:PORT>") && said.contains(why),
            "{addr}: {said}"
        );
    }
}

#[test]
fn level_takes_a_number_from_1_to_10_or_a_rating_for_the_level_rated_nearest() {
    use xiangqi_engine::Level;
    let level = |args: &[&str]| parsed(args).game.level;
    assert_eq!(level(&["--level", "1"]), Level::new(1));
    assert_eq!(level(&["--level", "10"]), Level::new(10));
    assert_eq!(level(&[]), None);
    for l in (1..=10).filter_map(Level::new) {
        let rating = l.rating().to_string();
        assert_eq!(level(&["--level", &rating]), Some(l));
    }
    // Between two levels' ratings: the nearer of the two.
    let (four, five) = (
        Level::new(4).map_or(0, Level::rating),
        Level::new(5).map_or(0, Level::rating),
    );
    let near_four = (four + (five - four) / 4).to_string();
    assert_eq!(level(&["--level", &near_four]), Level::new(4));
    let (low, high) = (Level::min_rating(), Level::max_rating());
    for bad in [
        "0",
        "11",
        "abc",
        &(low - 1).to_string(),
        &(high + 1).to_string(),
    ] {
        let said = refusal(&["--level", bad]);
        assert!(said.contains("--level"), "{bad}: {said}");
        assert!(
            said.contains(&format!(
                "a level from 1 to 10, or a rating from {low} to {high}"
            )),
            "{bad}: {said}"
        );
    }
}

/// The help of `--level` names the ratings' range the table holds now, in every language.
#[test]
fn the_help_of_level_names_the_range_of_the_ratings() {
    use clap::CommandFactory;
    use xiangqi_engine::Level;
    let range = [Level::min_rating(), Level::max_rating()].map(|r| r.to_string());
    for lang in [
        crate::tui::Lang::En,
        crate::tui::Lang::ZhHans,
        crate::tui::Lang::ZhHant,
    ] {
        let cmd = super::help_lang::localize(Cli::command(), lang);
        let help = cmd
            .get_arguments()
            .find(|a| a.get_id() == "level")
            .and_then(|a| a.get_help())
            .map(ToString::to_string)
            .unwrap_or_default();
        for r in &range {
            assert!(help.contains(r.as_str()), "{lang:?}: {help}");
        }
    }
}
