//! The command line: what it accepts (clap derive, which also writes `--help`) and which
//! command each form runs.

mod annotate;
mod club;
mod commands;
mod help_lang;
mod help_tools;
mod jieqi;
mod net;
#[cfg(feature = "online")]
mod online;
#[cfg(not(feature = "online"))]
#[path = "cli/online_absent.rs"]
mod online;
mod output;
mod values;

use crate::tui::{Lang, PieceGlyphs, ThemeName};
use clap::{Args, Parser, Subcommand};
use std::ffi::OsString;
use std::num::NonZeroUsize;
use std::path::PathBuf;
use std::process::ExitCode;
use xiangqi_rules::jieqi::JieqiPosition;
use xiangqi_rules::{Notation, Position};

pub use output::Failure;
pub use values::{ArgError, Target, Variant};
use values::{
    engine_command, game_number, jieqi_position_of, join_address, join_code, level, listen_address,
    notation, position_of, puzzle_number, setup_of, side, tactics_filter, target, time_control,
    variant,
};

/// `xiangqi`: a game in the terminal (the default), or one of the tools.
#[derive(Debug, Parser)]
#[command(
    name = "xiangqi",
    version,
    about = "xiangqi — Chinese chess for two players at one terminal",
    after_help = help_lang::KEYS_HELP,
    args_conflicts_with_subcommands = true,
    disable_help_subcommand = true
)]
pub struct Cli {
    /// A tool to run instead of the game.
    #[command(subcommand)]
    pub command: Option<Command>,
    /// The game's start and display.
    #[command(flatten)]
    pub game: GameArgs,
}

/// The game's arguments (`xiangqi [FEN... | --load FILE [--game N]] [options]`).
// The help texts name PGN tags in brackets ([Red]), which are not links.
#[allow(rustdoc::broken_intra_doc_links)]
#[derive(Debug, Args)]
pub struct GameArgs {
    /// Start from this position (quoted, or its fields as separate words)
    #[arg(value_name = "FEN")]
    pub fen: Vec<OsString>,
    /// Open a PGN file (UTF-8, GBK or Big5; any notation): a file of several games opens a
    /// game picker (unless --game), a game opens at its end, its moves and variations kept;
    /// a Jieqi record ([Variant "Jieqi"]) opens on the Jieqi board
    #[arg(long, value_name = "FILE", conflicts_with = "fen")]
    pub load: Option<PathBuf>,
    /// Which game of the file to open at once, without the game picker (from 1)
    #[arg(long, value_name = "N", requires = "load", value_parser = game_number)]
    pub game: Option<NonZeroUsize>,
    /// Black at the bottom
    #[arg(long)]
    pub flip: bool,
    /// Letters for pieces (upper case red, lower case black) and ASCII lines
    #[arg(long)]
    pub ascii: bool,
    /// Chinese pieces on ASCII grid lines (for two-cell-wide box drawing)
    #[arg(long)]
    pub ascii_lines: bool,
    /// Colours: wood (default), dark, light, high-contrast, ansi16 (16 colours only)
    #[arg(long, value_name = "NAME")]
    pub theme: Option<ThemeName>,
    /// Pieces and moves in simplified or traditional characters (default from --lang)
    #[arg(long, value_name = "SET")]
    pub glyphs: Option<PieceGlyphs>,
    /// Turn the board after every move so the side to move is at the bottom
    #[arg(long)]
    pub auto_flip: bool,
    /// Language: en, zh-Hans, zh-Hant (default: lang in config.toml, else from LC_ALL,
    /// LC_MESSAGES, LANG)
    #[arg(long, value_name = "LANG")]
    pub lang: Option<Lang>,
    /// Play on a clock: BASE[+INC] (BASE in minutes or m:ss, INC seconds added per move,
    /// e.g. 60+30, 5+3, 0:30) or BASE/BYO (byo-yomi: BYO seconds per move once BASE is
    /// gone, e.g. 10/45)
    #[arg(long, value_name = "TIME", value_parser = time_control)]
    pub clock: Option<xiangqi_rules::clock::TimeControl>,
    /// Red's name, for a new game (saved as the [Red] tag)
    #[arg(long, value_name = "NAME", conflicts_with_all = ["load", "resume"])]
    pub red: Option<String>,
    /// Black's name, for a new game (saved as the [Black] tag)
    #[arg(long, value_name = "NAME", conflicts_with_all = ["load", "resume"])]
    pub black: Option<String>,
    /// Continue the last unfinished game where it was left (its moves, clocks and notation)
    #[arg(long, conflicts_with_all = ["fen", "load", "clock"])]
    pub resume: bool,
    /// The computer plays this side: red or black (the key c hands it the side to move)
    #[arg(long, value_name = "SIDE", value_parser = side)]
    pub computer: Option<xiangqi_rules::Color>,
    /// The computer's strength: a level, 1 (beginner) to 10 (full strength), or an Elo
    /// rating for the level rated nearest; default 5 (`--help` names the ratings' range)
    #[arg(long, value_name = "LEVEL|RATING", value_parser = level)]
    pub level: Option<xiangqi_engine::Level>,
    /// Play, hint and analyse with this UCI (e.g. Pikafish) or UCCI (e.g. ElephantEye) engine
    /// instead of ours: a program and its arguments, split into words as a shell would
    /// (quotes keep spaces; nothing else of a shell), e.g. --engine 'pikafish' or
    /// "'/opt/my engines/eleeye'"
    #[arg(long, value_name = "CMD", value_parser = engine_command)]
    pub engine: Option<String>,
    /// Solve mate puzzles: number N of the shipped collection, or the first one not solved
    /// yet (the computer defends; z shows the solution, then the next)
    #[arg(long, value_name = "N", num_args = 0..=1,
          conflicts_with_all = ["fen", "load", "resume", "computer"],
          value_parser = puzzle_number)]
    pub puzzle: Option<Option<usize>>,
    /// Solve rated tactics, each near your puzzle rating (T shows the line, then the next);
    /// FILTER keeps to a theme and/or a rating range, comma-separated: fork, pin,
    /// discovered-attack, cannon-screen, capture-defender, wins-chariot, wins-horse,
    /// wins-cannon, mate, mate-in-N; 1200-1600, 1500- or 0-1000 (e.g. --tactics fork,1000-1400)
    #[arg(long, value_name = "FILTER", num_args = 0..=1,
          conflicts_with_all = ["fen", "load", "resume", "computer", "puzzle"],
          value_parser = tactics_filter)]
    pub tactics: Option<Option<xiangqi_engine::puzzle::Filter>>,
    /// Open the set-up editor on the FEN given (default: the start position); Enter plays
    /// from the position built, Esc leaves it for a new game
    #[arg(long, conflicts_with_all = ["load", "resume", "puzzle"])]
    pub setup: bool,
    /// The rules: xiangqi (default), or jieqi (揭棋: the covered pieces dealt at random; with
    /// --computer, --level, --resume and the look's options)
    #[arg(long, value_name = "VARIANT", default_value = "xiangqi", value_parser = variant)]
    pub variant: Variant,
    /// Plain text, for a screen reader: the game said a line at a time on standard output
    /// and typed on standard input, with no cursor movement and no colour (also through a
    /// pipe); `help` lists what to type
    #[arg(long, conflicts_with = "setup")]
    pub plain: bool,
    /// Blindfold: the board hides its pieces, the moves and clocks stay (v shows them until
    /// the next move)
    #[arg(long, conflicts_with = "plain")]
    pub blindfold: bool,
}

/// The tools.
// The help texts name PGN tags in brackets ([ECCO]), which are not links.
#[allow(rustdoc::broken_intra_doc_links)]
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Count the legal move sequences of DEPTH plies (the last line is the count)
    Perft {
        /// Plies to look ahead (at most 1000)
        #[arg(value_parser = clap::value_parser!(u32).range(..=i64::from(MAX_PERFT_DEPTH)))]
        depth: u32,
        /// First print each root move with its count (`h2e2: N`)
        #[arg(long)]
        divide: bool,
        #[command(flatten)]
        fen: FenArg,
    },
    /// Print the legal moves in ICCS, sorted, on one line
    Legal {
        #[command(flatten)]
        fen: FenArg,
        /// The rules: xiangqi (default), or jieqi (揭棋: covered pieces, x/X in the FEN and
        /// the pool of unseen pieces after the board, as JieqiBox writes it)
        #[arg(long, value_name = "VARIANT", default_value = "xiangqi", value_parser = variant)]
        variant: Variant,
    },
    /// Rewrite a game file (UTF-8, GBK or Big5; any notation) as UTF-8 PGN or DhtmlXQ, or one
    /// game as XQF
    Convert {
        /// The file to read, or `-` for standard input
        #[arg(value_name = "FILE|-")]
        input: PathBuf,
        /// The notation to write: chinese, wxf or iccs; or xqf, one game as an XQF file
        /// (binary: send it to a file, e.g. > game.xqf); or dhtmlxq, each game as a DhtmlXQ
        /// block for a web page or forum post
        #[arg(long, value_name = "NOTATION|xqf|dhtmlxq", value_parser = target)]
        to: Target,
        /// Only this game of the file (from 1)
        #[arg(long, value_name = "N", value_parser = game_number)]
        game: Option<NonZeroUsize>,
        /// Traditional glyphs (帥仕相傌俥炮兵, 進退) in Chinese moves
        #[arg(long)]
        traditional: bool,
        /// ASCII digits for black's files in Chinese moves
        #[arg(long)]
        ascii_digits: bool,
        /// Add [ECCO] and [Opening] tags (the opening's code and name) where a game has none
        #[arg(long)]
        eco: bool,
    },
    /// Print each game's opening: its number, ECCO code and name, tab-separated
    ///
    /// One line per game of the file, `N<TAB>CODE<TAB>NAME`, N from 1; `N<TAB>-<TAB>-` for a
    /// game from another position than the start, without moves, or that cannot be read (which
    /// is also named on standard error and makes the exit code 2).
    Opening {
        /// The file to read (any format and encoding the program reads), or `-` for
        /// standard input
        #[arg(value_name = "FILE|-")]
        input: PathBuf,
        /// Names in traditional characters (中炮對屏風馬) instead of simplified
        #[arg(long, conflicts_with = "english")]
        traditional: bool,
        /// The family's name in English (Central Cannon vs Screen Horses)
        #[arg(long)]
        english: bool,
    },
    /// Analyse games: an [%eval] after every move, ?! ? ?? on moves that lose, the better line
    ///
    /// Writes each game (or only game N) as PGN on standard output: after every main-line
    /// move a comment with the evaluation from red's view (`[%eval 0.35]` in soldiers, `[%eval
    /// #5]` red mates in 5, `#-3` black does), on a move that gives away winning chances
    /// against the best move `$6` (?!), `$2` (?) or `$4` (??) and the best line beside it as
    /// a variation, and per side the counts and average loss as tags (RedInaccuracies …
    /// BlackAverageLoss). Comments already there are kept. On a terminal a progress bar runs
    /// on standard error.
    Annotate {
        /// The file to read (any format and encoding the program reads), or `-` for
        /// standard input
        #[arg(value_name = "FILE|-")]
        input: PathBuf,
        /// Only this game of the file (from 1)
        #[arg(long, value_name = "N", value_parser = game_number)]
        game: Option<NonZeroUsize>,
        /// Milliseconds of search for each position (10 to 60000)
        #[arg(long, value_name = "MS", default_value_t = 1000,
              value_parser = clap::value_parser!(u64).range(10..=60_000))]
        movetime: u64,
        /// Search each position this many plies deep instead (1 to 30; reproducible)
        #[arg(long, value_name = "PLIES", value_parser = clap::value_parser!(u32).range(1..=30))]
        depth: Option<u32>,
        /// Threads our engine searches with at --movetime (1 to 256; default one a core);
        /// a search to --depth uses one, so that it stays reproducible
        #[arg(long, value_name = "N", value_parser = clap::value_parser!(u16).range(1..=THREADS_MAX))]
        threads: Option<u16>,
        /// Analyse with this UCI or UCCI engine instead of ours (a program and its arguments)
        #[arg(long, value_name = "CMD")]
        engine: Option<String>,
        /// The notation to write: chinese (default), wxf or iccs
        #[arg(long, value_name = "NOTATION", value_parser = notation, default_value = "chinese")]
        to: Notation,
    },
    /// Speak the UCI protocol on standard input and output (for chess GUIs; ICCS moves)
    Uci,
    /// Print the shipped puzzles (the mates, then the tactics from master games)
    Puzzles {
        /// Every puzzle, one a line, tab-separated: id, FEN, solution (ICCS, the solver's
        /// and the replies' moves, space-separated), rating, themes (comma-separated), source
        #[arg(long, required = true)]
        export: bool,
    },
    /// Print a completion script for a shell, e.g. `xiangqi completions bash >
    /// ~/.local/share/bash-completion/completions/xiangqi`
    Completions {
        /// The shell: bash, zsh, fish, elvish or powershell
        #[arg(value_name = "SHELL")]
        shell: clap_complete::Shell,
    },
    /// Print the manual page (roff), e.g. `xiangqi man | man -l -`
    Man,
    /// Search a fixed set of positions and print the nodes searched (the same on every run
    /// with one thread) and the nodes a second
    Bench {
        /// Plies deep (1 to 30)
        #[arg(long, value_name = "PLIES", default_value_t = xiangqi_engine::bench::DEFAULT_DEPTH,
              value_parser = clap::value_parser!(u32).range(1..=30))]
        depth: u32,
        /// Threads to search with (1 to 256)
        #[arg(long, value_name = "N", default_value_t = 1,
              value_parser = clap::value_parser!(u16).range(1..=THREADS_MAX))]
        threads: u16,
    },
    /// Play across the network: wait for the other player and show the code they join with
    ///
    /// The screen shows a join code (a number and two words, e.g. 7-river-cannon) and the
    /// command that joins. The code authenticates both ends and encrypts the game; it stays
    /// valid for the whole game, so a guest whose connection dropped joins again with it.
    Host {
        /// Where to listen: ADDR:PORT (default 0.0.0.0:9091, all interfaces; 127.0.0.1:0
        /// takes a free port of this machine only and shows it)
        #[arg(long, value_name = "ADDR:PORT")]
        listen: Option<String>,
        /// The side you play: red (default) or black
        #[arg(long, value_name = "SIDE", value_parser = side)]
        side: Option<xiangqi_rules::Color>,
        /// Red's name (saved as the [Red] tag)
        #[arg(long, value_name = "NAME", conflicts_with = "resume")]
        red: Option<String>,
        /// Black's name (saved as the [Black] tag)
        #[arg(long, value_name = "NAME", conflicts_with = "resume")]
        black: Option<String>,
        /// Continue the last unfinished game (the guest joins it with the new code)
        #[arg(long)]
        resume: bool,
        /// Play on a clock (as for the game at one terminal: 5+3, 0:30, 10/45); the host's
        /// clock decides when a flag falls
        #[arg(long, value_name = "TIME", value_parser = time_control, conflicts_with = "resume")]
        clock: Option<xiangqi_rules::clock::TimeControl>,
        #[command(flatten)]
        look: NetLook,
    },
    /// Run a club server: a lobby, seeks and challenges, rated games, spectators, chat and an
    /// archive, for the players of `xiangqi online` (also `server export`, `server ban`)
    Server(ServerArgs),
    /// Play on a club server (`xiangqi server`): the lobby on the screen, its games on the
    /// board; with --lines (or without a terminal) commands in and the server's events out
    /// as lines of JSON
    Online {
        /// The server's address and port (e.g. club.example.org:9092)
        #[arg(value_name = "ADDR:PORT", value_parser = join_address)]
        addr: String,
        /// The name to play under (default: the account's login name); the server binds it
        /// to this player's key on first use
        #[arg(long, value_name = "NAME")]
        name: Option<String>,
        /// Line mode, for scripts: commands on standard input, events as JSON lines (also
        /// when standard input or output is not a terminal)
        #[arg(long)]
        lines: bool,
        #[command(flatten)]
        look: NetLook,
    },
    /// Join a game hosted with `xiangqi host`: its address and the code on its screen
    Join {
        /// The host's address and port, as its screen shows them (e.g. 192.168.1.5:9091)
        #[arg(value_name = "ADDR:PORT", value_parser = join_address)]
        addr: String,
        /// The join code on the host's screen (e.g. 7-river-cannon)
        #[arg(value_name = "CODE", value_parser = join_code)]
        code: xiangqi_net::code::JoinCode,
        #[command(flatten)]
        look: NetLook,
    },
}

/// `xiangqi server`'s arguments: run the club server, or one of its tools.
#[derive(Debug, Args)]
#[command(args_conflicts_with_subcommands = true)]
pub struct ServerArgs {
    /// A tool on the server's data instead of running it.
    #[command(subcommand)]
    pub tool: Option<ServerTool>,
    /// Where to listen: ADDR:PORT (default 0.0.0.0:9092, all interfaces)
    #[arg(long, value_name = "ADDR:PORT", value_parser = listen_address)]
    pub listen: Option<std::net::SocketAddr>,
    /// The data folder: the database and the server's key (default
    /// $XDG_DATA_HOME/xiangqi/club, ~/.local/share/xiangqi/club)
    #[arg(long, value_name = "DIR")]
    pub data: Option<PathBuf>,
    /// Seat our engine at these levels (1 to 10) as bot accounts that take seeks nobody
    /// else takes, e.g. 2,5,8
    #[arg(long, value_name = "LEVELS", value_parser = club::bot_levels)]
    pub bots: Option<club::BotLevels>,
    /// Connections one address may have at once (default 16; raise it for players behind
    /// one router, or a load test)
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub per_address: Option<u32>,
    /// Seconds a player who dropped out of a game may stay away before the other may claim
    /// it (default 60)
    #[arg(long, value_name = "SECONDS", value_parser = clap::value_parser!(u32).range(1..=86_400))]
    pub grace: Option<u32>,
    /// Also serve the game over SSH on ADDR:PORT (e.g. 0.0.0.0:2222): players connect with
    /// `ssh -p PORT NAME@HOST`, their SSH key being their account
    #[arg(long, value_name = "ADDR:PORT", value_parser = listen_address)]
    pub ssh: Option<std::net::SocketAddr>,
    /// SSH connections at once, in all (default 200); each session runs one process
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=100_000))]
    pub ssh_sessions: Option<u32>,
    /// Seconds an SSH session may send nothing (no key pressed) before it is closed
    /// (default 1800)
    #[arg(long, value_name = "SECONDS", value_parser = clap::value_parser!(u32).range(1..=604_800))]
    pub ssh_idle: Option<u32>,
}

/// The club server's tools.
#[derive(Debug, Subcommand)]
pub enum ServerTool {
    /// Print every finished game of the archive (or one player's) as PGN, e.g. > games.pgn
    Export {
        /// The server's data folder (default as for the server)
        #[arg(long, value_name = "DIR")]
        data: Option<PathBuf>,
        /// Only this player's games
        #[arg(long, value_name = "NAME")]
        player: Option<String>,
    },
    /// Ban a player: none of their keys logs in again
    Ban {
        /// The server's data folder (default as for the server)
        #[arg(long, value_name = "DIR")]
        data: Option<PathBuf>,
        /// The player's name
        #[arg(value_name = "NAME")]
        name: String,
    },
}

/// How a network game looks at this end.
#[derive(Debug, Args)]
pub struct NetLook {
    /// Language: en, zh-Hans, zh-Hant (default: lang in config.toml, else from LC_ALL,
    /// LC_MESSAGES, LANG)
    #[arg(long, value_name = "LANG")]
    pub lang: Option<Lang>,
    /// Letters for pieces and ASCII lines
    #[arg(long)]
    pub ascii: bool,
    /// Colours: wood (default), dark, light, high-contrast, ansi16
    #[arg(long, value_name = "NAME")]
    pub theme: Option<ThemeName>,
    /// The rules: xiangqi only (Jieqi is not played peer to peer: one end would deal the
    /// covered pieces and could see them)
    #[arg(long, value_name = "VARIANT", default_value = "xiangqi", value_parser = variant)]
    pub variant: Variant,
}

/// `--fen FEN` of a tool: the position it works on (the start position without it).
#[derive(Debug, Args)]
pub struct FenArg {
    /// The position (quoted or as separate words; default the start)
    #[arg(long = "fen", value_name = "FEN", num_args = 1..)]
    pub words: Vec<OsString>,
}

impl FenArg {
    /// The position these words give, the start position if there are none.
    fn position(&self) -> Result<Position, ArgError> {
        if self.words.is_empty() {
            Ok(Position::start())
        } else {
            position_of(&self.words)
        }
    }

    /// The Jieqi position these words give (a Jieqi FEN), the Jieqi start if there are none.
    fn jieqi_position(&self) -> Result<JieqiPosition, ArgError> {
        jieqi_position_of(&self.words)
    }
}

/// The most threads a tool's search takes, as clap's ranges want it (the help says 256).
const THREADS_MAX: i64 = xiangqi_engine::MAX_THREADS as i64;

/// The deepest `perft` the command line runs. The walk keeps a move list per ply (about
/// 270 bytes), so a depth typed by mistake (`4294967295`) would fill the memory before any
/// answer; from the start position no count past 14 plies even fits in 64 bits.
pub const MAX_PERFT_DEPTH: u32 = 1000;

/// Exit code for bad command-line input (a bad FEN, an unknown option, an unreadable record).
const USAGE_ERROR: u8 = 2;
/// Exit code when the terminal or the output fails.
const RUN_ERROR: u8 = 1;

/// Parses `args` (the program's name first) and runs what they ask for; returns the exit code
/// after printing any error.
pub fn main(args: impl IntoIterator<Item = OsString>) -> ExitCode {
    use clap::{CommandFactory, FromArgMatches};
    let args: Vec<OsString> = args.into_iter().collect();
    // `--help` in the players' language.
    let lang = help_lang::of(&args);
    let command = help_lang::localize(Cli::command(), lang);
    let parsed = command
        .try_get_matches_from(args)
        .and_then(|matches| Cli::from_arg_matches(&matches));
    let result = match parsed {
        Ok(cli) => commands::run(cli),
        Err(e) => output::clap_outcome(&e),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            output::report(&failure, lang);
            ExitCode::from(match failure {
                Failure::Usage(_)
                | Failure::UsageSaid(_)
                | Failure::Unreadable(_)
                | Failure::UsagePrinted => USAGE_ERROR,
                Failure::Run(_) => RUN_ERROR,
            })
        }
    }
}

#[cfg(test)]
mod tests;
