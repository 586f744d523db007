//! Command-line parsing, the non-interactive commands (`perft`, `legal`), and starting the
//! terminal game.

use crate::tui;
use std::io::{Read, Write};
use xiangqi::{BlackDigits, Game, Glyphs, Notation, NotationStyle, Position, perft, perft_divide};

/// Reads `--fen FEN` (the FEN may come as one argument or as its separate fields) and the
/// remaining arguments.
fn take_fen(args: &[String]) -> Result<(Position, Vec<String>), String> {
    let mut rest = Vec::new();
    let mut fen: Option<String> = None;
    let mut i = 0;
    while i < args.len() {
        if args[i] == "--fen" {
            let mut parts = Vec::new();
            i += 1;
            while i < args.len() && !args[i].starts_with("--") {
                parts.push(args[i].clone());
                i += 1;
            }
            if parts.is_empty() {
                return Err("--fen needs a FEN".into());
            }
            fen = Some(parts.join(" "));
        } else {
            rest.push(args[i].clone());
            i += 1;
        }
    }
    let pos = match fen {
        Some(f) => Position::from_fen(&f).map_err(|e| e.to_string())?,
        None => Position::start(),
    };
    Ok((pos, rest))
}

/// Why a command failed: bad input on the command line (exit code 2), or the terminal
/// failing under a game that had started fine (exit code 1).
#[derive(Debug)]
pub enum Failure {
    /// A bad FEN, option, file or record: nothing was started.
    Usage(String),
    /// The terminal could not be used or failed while playing.
    Terminal(String),
}

impl From<String> for Failure {
    fn from(msg: String) -> Self {
        Failure::Usage(msg)
    }
}

/// Runs the command the arguments name (the game when they name none).
///
/// # Errors
/// A [`Failure`] with the message to print.
pub fn run(args: &[String]) -> Result<(), Failure> {
    let tool = match args.first().map(String::as_str) {
        Some("perft") => perft_command,
        Some("legal") => legal_command,
        Some("convert") => convert,
        _ => return play(args),
    };
    Ok(tool(&args[1..])?)
}

/// `perft <DEPTH> [--fen FEN] [--divide]`.
fn perft_command(args: &[String]) -> Result<(), String> {
    let (pos, rest) = take_fen(args)?;
    let mut depth = None;
    let mut divide = false;
    for a in &rest {
        match a.as_str() {
            "--divide" => divide = true,
            d if depth.is_none() => {
                depth = Some(
                    d.parse::<u32>()
                        .map_err(|_| format!("perft depth must be a whole number, found {d:?}"))?,
                )
            }
            other => return Err(format!("perft: unexpected argument {other:?}")),
        }
    }
    let depth = depth.ok_or("usage: xiangqi perft <DEPTH> [--fen FEN] [--divide]")?;
    if divide {
        let mut total = 0;
        for (m, n) in perft_divide(&pos, depth) {
            println!("{m}: {n}");
            total += n;
        }
        println!("{total}");
    } else {
        println!("{}", perft(&pos, depth));
    }
    Ok(())
}

/// `legal [--fen FEN]`.
fn legal_command(args: &[String]) -> Result<(), String> {
    let (pos, rest) = take_fen(args)?;
    if let Some(a) = rest.first() {
        return Err(format!("legal: unexpected argument {a:?}"));
    }
    let mut moves: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
    moves.sort();
    println!("{}", moves.join(" "));
    Ok(())
}

/// Where a game in the terminal starts.
#[derive(Debug, PartialEq, Eq)]
enum Start {
    /// From this position (the usual start if no FEN was given).
    Position(Box<Position>),
    /// At the end of game `game` (from 1) of the PGN file `path`.
    Load { path: String, game: usize },
}

/// What `xiangqi [FEN... | --load FILE [--game N]] [options]` asks for.
#[derive(Debug)]
enum GameCommand {
    Help,
    Version,
    Play(Start, tui::Options),
}

/// Reads the game's arguments. Words that are not options make up the FEN, so its fields
/// may come quoted as one argument or as separate words (a lone `-` is a FEN field).
fn parse_game_args(args: &[String]) -> Result<GameCommand, String> {
    let mut options = tui::Options {
        color: std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()),
        ..tui::Options::default()
    };
    let mut fen_words = Vec::new();
    let mut load: Option<String> = None;
    let mut game: Option<usize> = None;
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        match arg.as_str() {
            "--help" | "-h" => return Ok(GameCommand::Help),
            "--version" | "-V" => return Ok(GameCommand::Version),
            "--flip" => options.flipped = true,
            "--ascii" => options.ascii = true,
            "--ascii-lines" => options.ascii_lines = true,
            "--load" => {
                let file = it.next().ok_or("--load needs a file name")?;
                load = Some(file.clone());
            }
            "--game" => {
                let v = it.next().ok_or("--game needs a game number")?;
                let n = v
                    .parse::<usize>()
                    .ok()
                    .filter(|&n| n > 0)
                    .ok_or_else(|| format!("--game needs a game number from 1, found {v:?}"))?;
                game = Some(n);
            }
            flag if flag.starts_with('-') && flag != "-" => {
                return Err(format!("unknown option {flag:?} (try --help)"));
            }
            word => fen_words.push(word),
        }
    }
    let start = match (load, fen_words.is_empty()) {
        (Some(_), false) => {
            return Err(
                "--load and a FEN cannot be used together: the file says where the \
                        game starts"
                    .into(),
            );
        }
        (Some(path), true) => Start::Load {
            path,
            game: game.unwrap_or(1),
        },
        (None, _) if game.is_some() => return Err("--game goes with --load FILE".into()),
        (None, true) => Start::Position(Box::new(Position::start())),
        (None, false) => Start::Position(Box::new(
            Position::from_fen(&fen_words.join(" ")).map_err(|e| e.to_string())?,
        )),
    };
    Ok(GameCommand::Play(start, options))
}

/// Reads game `n` of the PGN file `path`: the game at its final position, and its tags and
/// result to keep.
fn load(path: &str, n: usize) -> Result<(Game, tui::Record), String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let pgn = xiangqi::pgn::read_game(&bytes, n).map_err(|e| format!("{path}: {e}"))?;
    Ok((pgn.to_game(), tui::Record::of(&pgn)))
}

/// Plays a game in the terminal; afterwards prints the final FEN, the moves and the result.
/// Every argument (and a file to load) is checked before the terminal is touched.
fn play(args: &[String]) -> Result<(), Failure> {
    match parse_game_args(args)? {
        GameCommand::Help => println!("{}", tui::strings::USAGE),
        GameCommand::Version => println!("xiangqi {}", env!("CARGO_PKG_VERSION")),
        GameCommand::Play(start, options) => {
            let (game, record) = match start {
                Start::Position(position) => (Game::new(*position), None),
                Start::Load { path, game } => {
                    let (game, record) = load(&path, game)?;
                    (game, Some(record))
                }
            };
            let (game, notation) =
                tui::run(game, record, options).map_err(|e| Failure::Terminal(e.to_string()))?;
            for line in tui::summary(&game, notation) {
                println!("{line}");
            }
        }
    }
    Ok(())
}

const CONVERT_USAGE: &str = "usage: xiangqi convert <FILE|-> --to chinese|wxf|iccs [--game N] \
                             [--traditional] [--ascii-digits]";

/// `convert`: reads a game file (any encoding and notation), writes PGN to stdout. Errors
/// name the game, move number and text; any error makes the exit code 2.
fn convert(args: &[String]) -> Result<(), String> {
    let mut input: Option<&str> = None;
    let mut notation: Option<Notation> = None;
    let mut game = None;
    let mut style = NotationStyle::default();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--to" => {
                let v = it.next().ok_or(CONVERT_USAGE)?;
                notation = Some(v.parse().map_err(|e| format!("convert: {e}"))?);
            }
            "--game" => {
                let v = it.next().ok_or(CONVERT_USAGE)?;
                let n = v.parse::<usize>().ok().filter(|&n| n > 0).ok_or_else(|| {
                    format!("convert: --game needs a game number from 1, found {v:?}")
                })?;
                game = Some(n);
            }
            "--traditional" => style.glyphs = Glyphs::Traditional,
            "--ascii-digits" => style.black_digits = BlackDigits::Ascii,
            s if input.is_none() && (s == "-" || !s.starts_with("--")) => input = Some(s),
            other => {
                return Err(format!(
                    "convert: unexpected argument {other:?}\n{CONVERT_USAGE}"
                ));
            }
        }
    }
    let (Some(input), Some(notation)) = (input, notation) else {
        return Err(CONVERT_USAGE.into());
    };
    let bytes = if input == "-" {
        let mut buf = Vec::new();
        std::io::stdin()
            .read_to_end(&mut buf)
            .map_err(|e| format!("convert: cannot read standard input: {e}"))?;
        buf
    } else {
        std::fs::read(input).map_err(|e| format!("convert: cannot read {input}: {e}"))?
    };
    let (pgn, errors) = xiangqi::pgn::convert(&bytes, game, notation, &style);
    // `print!` would panic if the reader went away (`convert f --to iccs | head`); a closed
    // pipe only means nobody wants the rest.
    match std::io::stdout().lock().write_all(pgn.as_bytes()) {
        Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
            return Err(format!("convert: cannot write standard output: {e}"));
        }
        _ => {}
    }
    if !errors.is_empty() {
        let lines: Vec<String> = errors.iter().map(|e| format!("{input}: {e}")).collect();
        return Err(lines.join("\nxiangqi: "));
    }
    if pgn.is_empty() {
        return Err(format!("convert: no games found in {input}"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{GameCommand, Start, parse_game_args};
    use xiangqi::{Position, START_FEN};

    fn parse(args: &[&str]) -> Result<GameCommand, String> {
        let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
        parse_game_args(&args)
    }

    #[test]
    fn fen_fields_may_come_as_separate_words_among_options() {
        let fen = "4k4/9/9/9/9/9/9/9/4R4/3K5 b - - 0 1";
        let mut args: Vec<&str> = vec!["--flip"];
        args.extend(fen.split(' '));
        args.push("--ascii");
        match parse(&args) {
            Ok(GameCommand::Play(Start::Position(pos), options)) => {
                assert_eq!(pos.fen(), fen);
                assert!(options.flipped && options.ascii && !options.ascii_lines);
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn no_fen_is_the_start_position() {
        match parse(&["--ascii-lines"]) {
            Ok(GameCommand::Play(Start::Position(pos), options)) => {
                assert_eq!(pos.fen(), START_FEN);
                assert_eq!(*pos, Position::start());
                assert!(options.ascii_lines);
            }
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn help_version_and_mistakes() {
        assert!(matches!(parse(&["--help"]), Ok(GameCommand::Help)));
        assert!(matches!(parse(&["-V"]), Ok(GameCommand::Version)));
        let err = parse(&["--colour"]).expect_err("unknown option");
        assert!(err.contains("--colour"), "{err}");
        let err = parse(&["rnbakabnr/9", "w"]).expect_err("bad FEN");
        assert!(!err.is_empty());
    }

    #[test]
    fn load_takes_a_file_and_an_optional_game_number() {
        let load = |path: &str, game| Start::Load {
            path: path.into(),
            game,
        };
        match parse(&["--load", "games.pgn", "--flip"]) {
            Ok(GameCommand::Play(start, options)) => {
                assert_eq!(start, load("games.pgn", 1));
                assert!(options.flipped);
            }
            other => panic!("{other:?}"),
        }
        match parse(&["--game", "3", "--load", "x.pgn"]) {
            Ok(GameCommand::Play(start, _)) => assert_eq!(start, load("x.pgn", 3)),
            other => panic!("{other:?}"),
        }
        for (args, says) in [
            (&["--load"][..], "--load needs"),
            (&["--load", "x.pgn", "--game", "0"], "from 1"),
            (&["--load", "x.pgn", "--game", "two"], "\"two\""),
            (&["--game", "2"], "--load"),
            (
                &["--load", "x.pgn", "4k4/9/9/9/9/9/9/9/4R4/3K5", "b"],
                "FEN",
            ),
        ] {
            let err = parse(args).expect_err("a mistake");
            assert!(err.contains(says), "{args:?}: {err}");
        }
    }
}
