//! The commands the command line names: the game in the terminal, `perft`, `legal`,
//! `convert` and `uci`. Every argument (and a file to load) is checked before anything is
//! printed or the terminal is touched.

use super::output::{Failure, each_game, emit, emit_bytes, emit_part, games_ended, warn_cut};
use super::{Cli, Command, GameArgs, Target, Variant, position_of, setup_of};
use crate::tui;
use clap::CommandFactory as _;
use std::fmt::Write as _;
use std::io::{IsTerminal as _, Write as _};
use std::path::Path;
use xiangqi_rules::{BlackDigits, Game, Glyphs, NotationStyle, perft, perft_divide};

/// Runs what `cli` asks for.
///
/// # Errors
/// A [`Failure`] with the message to print.
pub fn run(cli: Cli) -> Result<(), Failure> {
    match cli.command {
        None => play(cli.game),
        Some(Command::Perft { depth, divide, fen }) => {
            perft_command(&fen.position()?, depth, divide)
        }
        Some(Command::Legal { fen, variant }) => {
            let legal = match variant {
                Variant::Xiangqi => fen.position()?.legal_moves(),
                Variant::Jieqi => fen.jieqi_position()?.legal_moves(),
            };
            let mut moves: Vec<String> = legal.iter().map(|m| m.to_string()).collect();
            moves.sort();
            emit(&(moves.join(" ") + "\n"))
        }
        Some(Command::Convert {
            input,
            to,
            game,
            traditional,
            ascii_digits,
            eco,
        }) => {
            let mut style = NotationStyle::default();
            if traditional {
                style.glyphs = Glyphs::Traditional;
            }
            if ascii_digits {
                style.black_digits = BlackDigits::Ascii;
            }
            convert_command(&input, to, game.map(usize::from), &style, eco)
        }
        Some(Command::Opening {
            input,
            traditional,
            english,
        }) => openings(&input, traditional, english),
        Some(Command::Annotate {
            input,
            game,
            movetime,
            depth,
            threads,
            engine,
            to,
        }) => {
            let request = super::annotate::Request {
                input: &input,
                game: game.map(usize::from),
                movetime,
                depth,
                threads: threads.map_or_else(xiangqi_engine::default_threads, usize::from),
                engine: engine.as_deref(),
                notation: to,
            };
            super::annotate::run(&request, open_input(&input, "annotate")?)
        }
        Some(Command::Host {
            listen,
            side,
            red,
            black,
            resume,
            clock,
            look,
        }) => {
            super::jieqi::network_allowed(look.variant)?;
            let args = super::net::HostArgs {
                listen,
                side,
                red,
                black,
                resume,
                clock,
            };
            let (played, glyphs) = super::net::host(&args, &look)?;
            finish(played, glyphs)
        }
        Some(Command::Server(args)) => super::club::run(args),
        Some(Command::Online {
            addr,
            name,
            lines,
            look,
        }) => super::online::online(&addr, name, lines, &look),
        Some(Command::Join { addr, code, look }) => {
            super::jieqi::network_allowed(look.variant)?;
            let (played, glyphs) = super::net::join(addr, code, &look);
            finish(played, glyphs)
        }
        Some(Command::Uci) => {
            let stdin = std::io::stdin();
            xiangqi_engine::uci::run(stdin.lock(), std::io::stdout())
                .map_err(|e| Failure::Run(format!("uci: {e}")))
        }
        Some(Command::Puzzles { export: _ }) => export_puzzles(),
        Some(Command::Completions { shell }) => completions(shell),
        Some(Command::Man) => manual_page(),
        Some(Command::Bench { depth, threads }) => {
            let report = xiangqi_engine::bench::run(depth, usize::from(threads));
            println!("{report}");
            Ok(())
        }
    }
}

/// `perft`: the count of move sequences `depth` deep, after the count under each first move
/// when `divide`.
fn perft_command(pos: &xiangqi_rules::Position, depth: u32, divide: bool) -> Result<(), Failure> {
    let mut text = String::new();
    if divide {
        // At depth 0 no sequence has a first move: only the total, 1, is printed.
        let counts = perft_divide(pos, depth);
        for (m, n) in &counts {
            let _ = writeln!(text, "{m}: {n}");
        }
        let total = if depth == 0 {
            perft(pos, 0)
        } else {
            counts.iter().map(|&(_, n)| n).sum()
        };
        let _ = writeln!(text, "{total}");
    } else {
        let _ = writeln!(text, "{}", perft(pos, depth));
    }
    emit(&text)
}

/// `convert`: every game (or game `game`) of `input` written as `to` asks.
fn convert_command(
    input: &Path,
    to: Target,
    game: Option<usize>,
    style: &NotationStyle,
    openings: bool,
) -> Result<(), Failure> {
    let notation = match to {
        Target::Pgn(notation) => notation,
        Target::Xqf => return convert_xqf(input, game),
        Target::Dhtmlxq => return convert_dhtmlxq(input, game),
    };
    let options = xiangqi_records::pgn::ConvertOptions {
        game,
        notation,
        style,
        openings,
    };
    convert(input, &options)
}

/// `completions`: the completion script for `shell`, from the same definition as `--help`.
fn completions(shell: clap_complete::Shell) -> Result<(), Failure> {
    let mut out = Vec::new();
    clap_complete::generate(shell, &mut Cli::command(), "xiangqi", &mut out);
    emit_bytes(&out)
}

/// `man`: the manual page, in roff, from the same definition as `--help`.
fn manual_page() -> Result<(), Failure> {
    let mut out = Vec::new();
    clap_mangen::Man::new(Cli::command())
        .render(&mut out)
        .map_err(|e| Failure::Run(format!("man: {e}")))?;
    emit_bytes(&out)
}

/// Plays a game in the terminal; afterwards prints the final FEN, the moves and the result.
fn play(args: GameArgs) -> Result<(), Failure> {
    // The configuration file's defaults under the command line's choices; a file with a
    // mistake is left out, and the message line says why.
    let (config, config_error) = tui::store::config::load();
    let chosen = tui::store::config::Chosen {
        theme: args.theme,
        glyphs: args.glyphs,
        lang: args.lang,
        auto_flip: args.auto_flip,
        level: args.level.map(xiangqi_engine::Level::get),
        blindfold: args.blindfold,
    };
    // `plain = true` in the file plays in plain text too, unless the editor is asked for,
    // which needs the board.
    let plain = args.plain || (config.plain == Some(true) && !args.setup);
    // Nothing to open and no mode asked for: the start menu (the look's options only set
    // up what the menu shows). `--engine` and `--level` ask for the computer, as before;
    // the plain mode has no menu to show.
    let menu = !plain
        && args.fen.is_empty()
        && args.engine.is_none()
        && args.level.is_none()
        && args.load.is_none()
        && !args.resume
        && args.computer.is_none()
        && args.puzzle.is_none()
        && args.tactics.is_none()
        && !args.setup
        && args.clock.is_none()
        && args.red.is_none()
        && args.black.is_none();
    let options = tui::Options {
        flipped: args.flip,
        ascii: args.ascii,
        ascii_lines: args.ascii_lines,
        config_error,
        clock: args.clock.or(if args.resume { None } else { config.clock }),
        resumed: args.resume,
        computer: tui::ComputerOptions {
            side: args.computer,
            level: args.level.unwrap_or(tui::ComputerOptions::default().level),
            think: None,
        },
        // Without a number: the first not solved yet, which the screen calls 0.
        puzzle: args.puzzle.map(|n| n.unwrap_or(0)),
        tactics: args.tactics.clone().map(Option::unwrap_or_default),
        engine: args.engine.clone(),
        setup: if args.setup {
            Some(setup_of(&args.fen)?)
        } else {
            None
        },
        menu,
        config_path: tui::store::config::path(),
        ..tui::Options::default()
    };
    let options = tui::state::app::settings::resolve(options, &chosen, &config, |name| {
        std::env::var(name).ok()
    });
    let jieqi_record = (args.load.as_deref()).is_some_and(super::jieqi::is_jieqi_record);
    if args.variant == Variant::Jieqi || jieqi_record {
        return super::jieqi::play(&args, &options);
    }
    let glyphs = options.glyphs;
    let start = match &args.load {
        _ if args.resume => {
            let (saved, slot) = tui::resume_game()?;
            tui::Start::Resumed { saved, slot }
        }
        Some(path) if args.game.is_some() => {
            let n = args.game.map_or(1, usize::from);
            tui::Start::Saved(load(path, n)?)
        }
        Some(path) => {
            // Several games: the picker, which reads a game only when it is opened.
            let index = tui::index_file(path)?;
            if index.len() > 1 || path.is_dir() || index.passed_any() {
                tui::Start::Picker {
                    path: path.clone(),
                    index,
                }
            } else {
                tui::Start::Saved(load(path, 1)?)
            }
        }
        None => tui::Start::New {
            // Under --setup the FEN is the editor's; the game behind it is a new one.
            game: if args.fen.is_empty() || args.setup {
                Game::new(xiangqi_rules::Position::start())
            } else {
                Game::new(position_of(&args.fen)?)
            },
            names: tui::named(args.red.as_deref(), args.black.as_deref()),
        },
    };
    if plain {
        return finish(crate::plain::run(start, options), glyphs);
    }
    finish(tui::run(start, options), glyphs)
}

/// After the game: prints the final FEN, the moves and the result.
fn finish(
    played: std::io::Result<(Game, xiangqi_rules::Notation)>,
    glyphs: tui::PieceGlyphs,
) -> Result<(), Failure> {
    let (game, notation) = played.map_err(|e| Failure::Run(e.to_string()))?;
    let mut text = String::new();
    for line in tui::summary(&game, notation, glyphs) {
        text.push_str(&line);
        text.push('\n');
    }
    emit(&text)
}

/// Reads game `n` of the PGN file `path`: the game at the place it was left, with its tags,
/// clocks and notation. The file is read no further than game `n`.
fn load(path: &Path, n: usize) -> Result<tui::SavedGame, Failure> {
    let pgn = tui::store::library::read_game_at(path, n)?;
    Ok(tui::SavedGame::of(&pgn))
}

/// `convert`: reads a game file (any encoding and notation) one game at a time and writes
/// each to stdout as PGN as soon as it is read. Games that cannot be read are named on
/// stderr as they come (game, move number and text) and make the exit code 2; a record's
/// result that the rules judge otherwise is kept, with a warning.
fn convert(
    input: &Path,
    options: &xiangqi_records::pgn::ConvertOptions<'_>,
) -> Result<(), Failure> {
    let shown = tui::store::files::shown(input);
    let reader = open_input(input, "convert")?;
    let mut failed = false;
    let written = xiangqi_records::pgn::convert_with(
        reader,
        &mut std::io::stdout().lock(),
        options,
        |notice| {
            failed |= notice.is_error();
            let what = if notice.is_error() { "" } else { "warning: " };
            // Standard error failing too leaves nothing else to tell.
            let _ = writeln!(std::io::stderr(), "xiangqi: {shown}: {what}{notice}");
        },
    );
    match written {
        // A closed pipe only means nobody wants the rest.
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        Err(e) => Err(Failure::Run(format!("cannot write standard output: {e}"))),
        Ok(_) if failed => Err(Failure::UsagePrinted),
        Ok(0) => Err(Failure::Usage(format!(
            "convert: no games found in {shown}"
        ))),
        Ok(_) => Ok(()),
    }
}

/// `convert --to xqf`: one game (the file's only one, or game `n`) as an XQF file on
/// standard output, never on a terminal; what XQF cannot hold is named on standard error.
fn convert_xqf(input: &Path, n: Option<usize>) -> Result<(), Failure> {
    if std::io::stdout().is_terminal() {
        return Err(Failure::Usage(
            "convert: an XQF file is binary: send it to a file (> game.xqf)".into(),
        ));
    }
    let shown = tui::store::files::shown(input);
    let mut games = xiangqi_records::pgn::GameReader::new(open_input(input, "convert")?);
    let game = match n {
        Some(n) => games.game(n),
        None => match (games.next(), games.next()) {
            (Some(game), None) => game,
            (None, _) => {
                return Err(Failure::Usage(format!(
                    "convert: no games found in {shown}"
                )));
            }
            (Some(_), Some(_)) => {
                return Err(Failure::Usage(format!(
                    "convert: {shown} holds several games and an XQF file one: choose it with --game N"
                )));
            }
        },
    };
    let pgn = game.map_err(|e| Failure::Usage(format!("convert: {shown}: {e}")))?;
    warn_cut(&shown, None, &pgn);
    let written = pgn.to_xqf();
    warn_left_out(&shown, None, "the XQF file", &written.left_out);
    emit_bytes(&written.bytes)
}

/// `convert --to dhtmlxq`: each game of the file (or game `n`) as a DhtmlXQ block on
/// standard output as it is read, a blank line between two; what DhtmlXQ cannot hold is
/// named on standard error, and so is a game that cannot be read (which makes the exit code
/// 2).
fn convert_dhtmlxq(input: &Path, n: Option<usize>) -> Result<(), Failure> {
    let shown = tui::store::files::shown(input);
    let reader = xiangqi_records::pgn::GameReader::new(open_input(input, "convert")?);
    each_game(reader, n, ("convert", &shown), |number, game| {
        let written = game.to_dhtmlxq();
        warn_left_out(&shown, Some(number), "the DhtmlXQ block", &written.left_out);
        Ok(written.text)
    })
}

/// Names on standard error each thing of game `game` (if the file has several) of `shown`
/// that `written` (`the XQF file`, …) could not hold.
fn warn_left_out(
    shown: &str,
    game: Option<usize>,
    written: &str,
    items: &[impl std::fmt::Display],
) {
    let game = game.map_or(String::new(), |n| format!("game {n}: "));
    for item in items {
        // Standard error failing too leaves nobody to tell.
        let _ = writeln!(
            std::io::stderr(),
            "xiangqi: {shown}: {game}warning: not in {written}: {item}"
        );
    }
}

/// Standard input for `-`, else the regular file `input` (a message naming `command` if
/// it cannot be opened).
fn open_input(input: &Path, command: &str) -> Result<Box<dyn std::io::BufRead>, Failure> {
    if input.as_os_str() == "-" {
        return Ok(Box::new(std::io::stdin().lock()));
    }
    let file = tui::store::library::open_regular(input)
        .map_err(|e| Failure::Usage(format!("{command}: {e}")))?;
    Ok(Box::new(std::io::BufReader::new(file)))
}

/// `opening`: one line per game of the file, as it is read — its number, ECCO code and
/// name. A game that cannot be read still gets its line (`-`) and is named on standard
/// error, and makes the exit code 2.
fn openings(input: &Path, traditional: bool, english: bool) -> Result<(), Failure> {
    let shown = tui::store::files::shown(input);
    let reader = open_input(input, "opening")?;
    let mut out = std::io::stdout().lock();
    let mut failed = false;
    let mut count = 0;
    for (i, game) in xiangqi_records::pgn::GameReader::new(reader).enumerate() {
        count += 1;
        let found = match &game {
            Ok(game) => xiangqi_records::opening::classify_game(game.start(), game.moves()),
            Err(e) => {
                failed = true;
                let _ = writeln!(std::io::stderr(), "xiangqi: {shown}: {e}");
                None
            }
        };
        let line = match found {
            Some(c) if english => format!("{}\t{}\t{}\n", i + 1, c.code, c.english),
            Some(c) if traditional => format!("{}\t{}\t{}\n", i + 1, c.code, c.traditional),
            Some(c) => format!("{}\t{}\t{}\n", i + 1, c.code, c.simplified),
            None => format!("{}\t-\t-\n", i + 1),
        };
        if !emit_part(&mut out, &line)? {
            return Ok(());
        }
    }
    let _ = out.flush();
    games_ended(failed, count, ("opening", &shown))
}

/// `xiangqi puzzles --export`: every shipped puzzle, one a line, as the tactics file holds
/// them (the mates first, in the order `--puzzle N` numbers them, then the tactics).
fn export_puzzles() -> Result<(), Failure> {
    let all = xiangqi_engine::puzzle::shipped()
        .map_err(|e| Failure::Run(format!("the shipped puzzles: {e}")))?;
    let mut text = String::new();
    for entry in &all {
        text.push_str(&entry.to_line());
        text.push('\n');
    }
    emit(&text)
}
