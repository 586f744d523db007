//! A line of UCI input read into a [`Command`], or the [`UciError`] saying why it is refused:
//! every number and every option value is checked here, before anything is carried out.

use super::{MAX_HASH_MB, MAX_MOVE_OVERHEAD_MS};
use crate::{Clock, Level, Limits, MAX_MULTIPV, MAX_THREADS};
use std::num::IntErrorKind;
use std::time::Duration;
use thiserror::Error;
use xiangqi_rules::{FenError, Game, IllegalMove, Move, ParseMoveError, Position};

/// What a line of UCI input asks for.
#[derive(Clone, Debug)]
pub enum Command {
    /// `uci`: name the engine and its options.
    Uci,
    /// `isready`.
    IsReady,
    /// `ucinewgame`: forget what was learned.
    NewGame,
    /// `position startpos|fen … [moves …]`, with every move played.
    Position(Box<Game>),
    /// `go …`.
    Go(Go),
    /// `stop`: end the search under way.
    Stop,
    /// `ponderhit`: the opponent played the move pondered on; the clock starts now and the
    /// search goes on.
    PonderHit,
    /// `bench [depth]`: search a fixed set of positions, print the nodes and the speed.
    Bench(Option<u32>),
    /// `setoption name … [value …]`, its value read.
    SetOption(Setting),
    /// `quit`.
    Quit,
    /// `debug on|off`, `register`: accepted, nothing to do.
    Nothing,
}

/// A `go` command read.
#[derive(Clone, Debug)]
pub struct Go {
    /// The limits read.
    pub limits: Limits,
    /// Without a limit of its own (no limit, or `infinite`): the move waits for `stop`.
    pub infinite: bool,
    /// `go ponder`: no clock runs until `ponderhit`, no move is named before it.
    pub ponder: bool,
    /// The times given below zero, each searched as 0 (the search goes ahead; the GUI is told).
    pub below_zero: Vec<BelowZero>,
}

/// A time of `go` (`wtime`, `btime`, `winc`, `binc`) below zero. Some GUIs send a clock that
/// has run out that way: it is searched as no time at all, and the GUI is told.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("go: {param} '{text}' is below zero, taken as 0")]
pub struct BelowZero {
    /// The parameter.
    pub param: String,
    /// What came (shortened).
    pub text: String,
}

/// An option set with `setoption`, its value checked.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Setting {
    /// `Hash`: the table's size in MiB.
    Hash(usize),
    /// `Threads`.
    Threads(usize),
    /// `Clear Hash`, a button.
    ClearHash,
    /// `MultiPV`: principal variations a search reports.
    MultiPv(usize),
    /// `Ponder`: only says whether the GUI may send `go ponder`.
    Ponder(bool),
    /// `UCI_ShowWDL`, which Pikafish's GUIs send: there are no WDL figures to show.
    ShowWdl(bool),
    /// `Move Overhead` in ms, which Pikafish's GUIs send: the clock keeps its own margin.
    MoveOverhead(u32),
    /// `Level`: the playing level, 1 to 10, as `--level` names them (10: full strength).
    Level(Level),
    /// `UCI_LimitStrength`: play at the level rated nearest `UCI_Elo` instead of `Level`.
    LimitStrength(bool),
    /// `UCI_Elo`: the rating to play at while `UCI_LimitStrength` is on.
    Elo(u16),
}

/// Why a line of UCI input is refused.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum UciError {
    /// Not a command of the protocol.
    #[error("unknown command '{0}'")]
    Unknown(String),
    /// `position` without `startpos` or `fen <FEN>`.
    #[error("position ignored: expected 'position startpos' or 'position fen <FEN>'")]
    PositionForm,
    /// The FEN of `position fen` is not one.
    #[error("position ignored: bad FEN: {0}")]
    Fen(FenError),
    /// A move of `position … moves` is not written as one.
    #[error("position ignored: move {number}: {error}")]
    MoveText {
        /// Which move, from 1.
        number: usize,
        /// What is wrong with it.
        error: ParseMoveError,
    },
    /// A move of `position … moves` is not legal where it is played.
    #[error("position ignored: move {number} '{mv}' is illegal: {reason}")]
    Illegal {
        /// Which move, from 1.
        number: usize,
        /// The move.
        mv: Move,
        /// Why the rules refuse it.
        reason: IllegalMove,
    },
    /// A `go` parameter without its number.
    #[error("go ignored: '{0}' needs a number")]
    NeedsNumber(String),
    /// A `go` parameter whose number is not one.
    #[error("go ignored: '{text}' is not a number for {param}")]
    NotANumber {
        /// The parameter.
        param: String,
        /// What came instead (shortened).
        text: String,
    },
    /// A `go` parameter whose number is larger than any this engine can hold.
    #[error("go ignored: '{text}' is too large for {param} (at most {})", i64::MAX)]
    TooLarge {
        /// The parameter.
        param: String,
        /// What came instead (shortened).
        text: String,
    },
    /// A `go` parameter whose number is below the least it can be: a count (`depth`,
    /// `nodes`, `mate`, `movestogo`) from 1, `movetime` from 0.
    #[error("go ignored: {param} must be at least {least}, not '{text}'")]
    TooSmall {
        /// The parameter.
        param: String,
        /// The least it can be.
        least: u8,
        /// What came instead (shortened).
        text: String,
    },
    /// A `go` parameter this engine does not know.
    #[error("go ignored: unknown go parameter '{0}'")]
    GoParameter(String),
    /// `go searchmoves`.
    #[error("go ignored: searchmoves is not supported")]
    SearchMoves,
    /// `go` while a search is under way.
    #[error("already searching: send stop first")]
    Searching,
    /// `setoption` not of the form `name <id> [value <x>]`.
    #[error("setoption ignored: expected 'setoption name <id> [value <x>]'")]
    OptionForm,
    /// `setoption name` with no name.
    #[error("setoption ignored: the option has no name")]
    OptionName,
    /// An option this engine does not have.
    #[error("setoption ignored: no option named '{0}'")]
    NoSuchOption(String),
    /// A `Hash` size out of range.
    #[error("setoption ignored: Hash needs a size in MiB from 1 to {MAX_HASH_MB}, not '{0}'")]
    HashSize(String),
    /// A `Threads` count out of range.
    #[error("setoption ignored: Threads needs a number from 1 to {MAX_THREADS}, not '{0}'")]
    Threads(String),
    /// `bench` with a depth that is not a number from 1 to 30.
    #[error("bench ignored: the depth must be a number from 1 to 30, not '{0}'")]
    BenchDepth(String),
    /// A `MultiPV` out of range.
    #[error(
        "setoption ignored: MultiPV needs a number of lines from 1 to {MAX_MULTIPV}, not '{0}'"
    )]
    MultiPv(String),
    /// A `Level` that is not one.
    #[error("setoption ignored: Level needs a number from 1 to 10, not '{0}'")]
    Level(String),
    /// A `UCI_Elo` outside the levels' ratings.
    #[error(
        "setoption ignored: UCI_Elo needs a rating from {low} to {high}, not '{0}'",
        low = Level::min_rating(),
        high = Level::max_rating()
    )]
    Elo(String),
    /// A `Move Overhead` out of range.
    #[error(
        "setoption ignored: Move Overhead needs a time in ms from 0 to {MAX_MOVE_OVERHEAD_MS}, not '{0}'"
    )]
    MoveOverhead(String),
    /// A check option (`Ponder`, `UCI_ShowWDL`) set to neither `true` nor `false`.
    #[error("setoption ignored: {name} needs true or false, not '{text}'")]
    Check {
        /// The option, as this engine names it.
        name: &'static str,
        /// What came instead (shortened).
        text: String,
    },
    /// A button (`Clear Hash`) given a value.
    #[error("setoption ignored: {name} is a button and takes no value, not '{text}'")]
    ButtonValue {
        /// The option, as this engine names it.
        name: &'static str,
        /// The value given (shortened).
        text: String,
    },
    /// `debug` with anything but `on` or `off`.
    #[error("debug ignored: expected 'debug on' or 'debug off', not '{0}'")]
    Debug(String),
}

/// Reads one line of input into a command (`None` for a blank line); `pos` is the position a
/// `go` would search (its side to move picks the clock).
///
/// ```
/// use xiangqi_rules::Position;
/// use xiangqi_engine::uci::{parse, UciError};
/// let refused = parse("go depth -5", &Position::start()).unwrap_err();
/// assert_eq!(refused.to_string(), "go ignored: depth must be at least 1, not '-5'");
/// assert!(matches!(parse("setoption name Ponder value maybe", &Position::start()),
///     Err(UciError::Check { name: "Ponder", .. })));
/// ```
///
/// # Errors
/// What is wrong with the line.
pub fn parse(line: &str, pos: &Position) -> Result<Option<Command>, UciError> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let Some((&command, args)) = words.split_first() else {
        return Ok(None);
    };
    let command = match command {
        "uci" => Command::Uci,
        "isready" => Command::IsReady,
        "ucinewgame" => Command::NewGame,
        "position" => Command::Position(Box::new(parse_position(args)?)),
        "go" => Command::Go(parse_go(args, pos)?),
        "stop" => Command::Stop,
        "ponderhit" => Command::PonderHit,
        "bench" => Command::Bench(match args {
            [] => None,
            [d] => Some(
                d.parse()
                    .ok()
                    .filter(|d| (1..=30).contains(d))
                    .ok_or_else(|| UciError::BenchDepth(shorten(d)))?,
            ),
            _ => return Err(UciError::BenchDepth(shorten(&args.join(" ")))),
        }),
        "setoption" => {
            let (name, value) = split_option(args)?;
            Command::SetOption(read_setting(&name, &value)?)
        }
        "quit" => Command::Quit,
        "debug" => match args {
            ["on" | "off"] => Command::Nothing,
            _ => return Err(UciError::Debug(shorten(&args.join(" ")))),
        },
        "register" => Command::Nothing,
        other => return Err(UciError::Unknown(shorten(other))),
    };
    Ok(Some(command))
}

/// The option `name` (any case) set to `value`, checked against what `uci` declares of it.
fn read_setting(name: &str, value: &str) -> Result<Setting, UciError> {
    let in_range = |range: std::ops::RangeInclusive<usize>| {
        value.parse::<usize>().ok().filter(|n| range.contains(n))
    };
    let check = |name: &'static str| match value.to_ascii_lowercase().as_str() {
        "true" => Ok(true),
        "false" => Ok(false),
        _ => Err(UciError::Check {
            name,
            text: shorten(value),
        }),
    };
    // Refused rather than clamped: the GUI hears what it will get.
    match name.to_ascii_lowercase().as_str() {
        "hash" => in_range(1..=MAX_HASH_MB)
            .map(Setting::Hash)
            .ok_or_else(|| UciError::HashSize(shorten(value))),
        "threads" => in_range(1..=MAX_THREADS)
            .map(Setting::Threads)
            .ok_or_else(|| UciError::Threads(shorten(value))),
        "multipv" => in_range(1..=MAX_MULTIPV)
            .map(Setting::MultiPv)
            .ok_or_else(|| UciError::MultiPv(shorten(value))),
        "clear hash" if value.is_empty() => Ok(Setting::ClearHash),
        "clear hash" => Err(UciError::ButtonValue {
            name: "Clear Hash",
            text: shorten(value),
        }),
        "ponder" => check("Ponder").map(Setting::Ponder),
        "uci_showwdl" => check("UCI_ShowWDL").map(Setting::ShowWdl),
        "level" => in_range(1..=10)
            .and_then(|n| Level::new(n as u8))
            .map(Setting::Level)
            .ok_or_else(|| UciError::Level(shorten(value))),
        "uci_limitstrength" => check("UCI_LimitStrength").map(Setting::LimitStrength),
        "uci_elo" => in_range(Level::min_rating().into()..=Level::max_rating().into())
            .and_then(|n| u16::try_from(n).ok())
            .map(Setting::Elo)
            .ok_or_else(|| UciError::Elo(shorten(value))),
        "move overhead" => in_range(0..=MAX_MOVE_OVERHEAD_MS as usize)
            .and_then(|ms| u32::try_from(ms).ok())
            .map(Setting::MoveOverhead)
            .ok_or_else(|| UciError::MoveOverhead(shorten(value))),
        _ => Err(UciError::NoSuchOption(shorten(name))),
    }
}

/// At most 40 characters of untrusted text, for messages, its control characters written
/// as escapes (see [`xiangqi_rules::sanitize::quoted`]).
fn shorten(s: &str) -> String {
    xiangqi_rules::sanitize::quoted(s, 40)
}

/// `name <words…> [value <words…>]`.
fn split_option(args: &[&str]) -> Result<(String, String), UciError> {
    if args.first() != Some(&"name") {
        return Err(UciError::OptionForm);
    }
    let rest = &args[1..];
    let at = rest
        .iter()
        .position(|w| *w == "value")
        .unwrap_or(rest.len());
    let name = rest[..at].join(" ");
    if name.is_empty() {
        return Err(UciError::OptionName);
    }
    let value = rest.get(at + 1..).map(|v| v.join(" ")).unwrap_or_default();
    Ok((name, value))
}

/// `startpos | fen <fields…>` then optionally `moves <iccs…>`, every move legal.
fn parse_position(args: &[&str]) -> Result<Game, UciError> {
    let moves_at = args.iter().position(|w| *w == "moves");
    let (setup, moves) = match moves_at {
        Some(i) => (&args[..i], &args[i + 1..]),
        None => (args, &args[args.len()..]),
    };
    let start = match setup.split_first() {
        Some((&"startpos", [])) => Position::start(),
        Some((&"fen", fields)) if !fields.is_empty() => {
            Position::from_fen(&fields.join(" ")).map_err(UciError::Fen)?
        }
        _ => return Err(UciError::PositionForm),
    };
    let mut game = Game::new(start);
    for (i, text) in moves.iter().enumerate() {
        let number = i + 1;
        let mv: Move = text
            .parse()
            .map_err(|error| UciError::MoveText { number, error })?;
        game.play_unadjudicated(mv)
            .map_err(|reason| UciError::Illegal { number, mv, reason })?;
    }
    Ok(game)
}

/// The number after the `go` parameter `param`, as written: within an `i64`, or `i64::MIN`
/// for one further below zero (all that matters of it is that it is below zero).
fn go_number(param: &str, text: &str) -> Result<i64, UciError> {
    match text.parse::<i64>() {
        Ok(n) => Ok(n),
        Err(e) if *e.kind() == IntErrorKind::NegOverflow => Ok(i64::MIN),
        Err(e) if *e.kind() == IntErrorKind::PosOverflow => Err(UciError::TooLarge {
            param: param.to_string(),
            text: shorten(text),
        }),
        Err(_) => Err(UciError::NotANumber {
            param: param.to_string(),
            text: shorten(text),
        }),
    }
}

/// A `go` number that must be at least `least` (a count from 1, `movetime` from 0).
fn at_least(param: &str, text: &str, least: u8) -> Result<u64, UciError> {
    u64::try_from(go_number(param, text)?)
        .ok()
        .filter(|&n| n >= u64::from(least))
        .ok_or_else(|| UciError::TooSmall {
            param: param.to_string(),
            least,
            text: shorten(text),
        })
}

/// A clock time of `go` in ms; one below zero is searched as 0 and kept in `below_zero`.
fn clock_time(param: &str, text: &str, below_zero: &mut Vec<BelowZero>) -> Result<u64, UciError> {
    let n = go_number(param, text)?;
    Ok(u64::try_from(n).unwrap_or_else(|_| {
        below_zero.push(BelowZero {
            param: param.to_string(),
            text: shorten(text),
        });
        0
    }))
}

/// The limits of a `go` command, whether it is infinite and whether it ponders. Counts
/// beyond what a search can use are held to it (depth 200, mate 100, 1000 moves to go).
fn parse_go(args: &[&str], pos: &Position) -> Result<Go, UciError> {
    let mut limits = Limits::default();
    let (mut wtime, mut btime, mut winc, mut binc, mut mtg) = (None, None, 0, 0, None);
    let (mut infinite, mut ponder) = (false, false);
    let mut below_zero = Vec::new();
    let mut words = args.iter();
    while let Some(&word) = words.next() {
        let mut text = || {
            words
                .next()
                .copied()
                .ok_or_else(|| UciError::NeedsNumber(word.to_string()))
        };
        let clock = &mut below_zero;
        match word {
            "depth" => limits.depth = Some(at_least(word, text()?, 1)?.min(200) as u32),
            "nodes" => limits.nodes = Some(at_least(word, text()?, 1)?),
            "movetime" => {
                limits.movetime = Some(Duration::from_millis(at_least(word, text()?, 0)?));
            }
            "mate" => limits.mate = Some(at_least(word, text()?, 1)?.min(100) as u32),
            "movestogo" => mtg = Some(at_least(word, text()?, 1)?.min(1000) as u32),
            "wtime" => wtime = Some(clock_time(word, text()?, clock)?),
            "btime" => btime = Some(clock_time(word, text()?, clock)?),
            "winc" => winc = clock_time(word, text()?, clock)?,
            "binc" => binc = clock_time(word, text()?, clock)?,
            "infinite" => infinite = true,
            "ponder" => ponder = true,
            "searchmoves" => return Err(UciError::SearchMoves),
            other => return Err(UciError::GoParameter(shorten(other))),
        }
    }
    let (time, inc) = match pos.turn() {
        xiangqi_rules::Color::Red => (wtime, winc),
        xiangqi_rules::Color::Black => (btime, binc),
    };
    if let Some(t) = time {
        limits.clock = Some(Clock {
            time: Duration::from_millis(t),
            increment: Duration::from_millis(inc),
            moves_to_go: mtg,
        });
    }
    let unlimited = limits.depth.is_none()
        && limits.nodes.is_none()
        && limits.movetime.is_none()
        && limits.clock.is_none()
        && limits.mate.is_none();
    Ok(Go {
        limits,
        infinite: infinite || unlimited,
        ponder,
        below_zero,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn go_reads_the_clock_of_the_side_to_move() {
        let black =
            Position::from_fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b")
                .expect("test FEN is valid");
        let go = parse_go(&["wtime", "1000", "btime", "2000", "binc", "5"], &black)
            .expect("test data is valid");
        let c = go.limits.clock.expect("test data is valid");
        assert_eq!((c.time.as_millis(), c.increment.as_millis()), (2000, 5));
        assert!(!go.infinite);
        assert!(parse_go(&[], &black).expect("test data is valid").infinite);
        assert!(parse_go(&["depth", "x"], &black).is_err());
        assert!(parse_go(&["depth"], &black).is_err());
    }

    #[test]
    fn go_refuses_counts_below_one_and_takes_a_time_below_zero_as_none() {
        let start = Position::start();
        for (param, value, least) in [
            ("depth", "-5", 1),
            ("depth", "0", 1),
            ("nodes", "0", 1),
            ("nodes", "-99999999999999999999", 1),
            ("mate", "0", 1),
            ("movestogo", "-1", 1),
            ("movetime", "-1", 0),
        ] {
            let err = parse_go(&[param, value], &start).expect_err("refused");
            assert_eq!(
                err,
                UciError::TooSmall {
                    param: param.to_string(),
                    least,
                    text: value.to_string()
                },
                "{param} {value}"
            );
        }
        let go = parse_go(&["wtime", "-300", "winc", "-5", "btime", "100"], &start)
            .expect("a clock below zero is searched");
        let clock = go.limits.clock.expect("red's clock");
        assert_eq!(
            (clock.time, clock.increment),
            (Duration::ZERO, Duration::ZERO)
        );
        let said: Vec<String> = go.below_zero.iter().map(ToString::to_string).collect();
        assert_eq!(
            said,
            [
                "go: wtime '-300' is below zero, taken as 0",
                "go: winc '-5' is below zero, taken as 0"
            ]
        );
        let go = parse_go(&["movetime", "0", "depth", "900"], &start).expect("valid");
        assert_eq!(go.limits.movetime, Some(Duration::ZERO));
        assert_eq!(go.limits.depth, Some(200));
    }

    #[test]
    fn every_option_value_is_checked_against_its_declaration() {
        let set = |name: &str, value: &str| read_setting(name, value);
        assert_eq!(set("Ponder", "TRUE"), Ok(Setting::Ponder(true)));
        assert_eq!(set("UCI_ShowWDL", "false"), Ok(Setting::ShowWdl(false)));
        assert_eq!(set("Move Overhead", "0"), Ok(Setting::MoveOverhead(0)));
        assert_eq!(set("clear hash", ""), Ok(Setting::ClearHash));
        assert_eq!(set("Threads", "2"), Ok(Setting::Threads(2)));
        assert_eq!(
            set("level", "3"),
            Ok(Setting::Level(Level::new(3).expect("3")))
        );
        assert_eq!(
            set("UCI_LimitStrength", "true"),
            Ok(Setting::LimitStrength(true))
        );
        let (low, high) = (Level::min_rating(), Level::max_rating());
        assert_eq!(set("UCI_Elo", &low.to_string()), Ok(Setting::Elo(low)));
        assert_eq!(set("uci_elo", &high.to_string()), Ok(Setting::Elo(high)));
        let (below, above) = ((low - 1).to_string(), (high + 1).to_string());
        for (name, value, says) in [
            ("Ponder", "maybe", "Ponder needs true or false, not 'maybe'"),
            ("Ponder", "", "Ponder needs true or false, not ''"),
            (
                "UCI_ShowWDL",
                "1",
                "UCI_ShowWDL needs true or false, not '1'",
            ),
            (
                "Move Overhead",
                "-1",
                "Move Overhead needs a time in ms from 0",
            ),
            (
                "Move Overhead",
                "99999999999999999999999",
                "not '99999999999999999999999'",
            ),
            (
                "Clear Hash",
                "now",
                "Clear Hash is a button and takes no value, not 'now'",
            ),
            ("Hash", "0", "Hash needs a size in MiB from 1"),
            ("Hash", "-8", "not '-8'"),
            (
                "Threads",
                "18446744073709551616",
                "Threads needs a number from 1 to 256",
            ),
            ("MultiPV", "-1", "MultiPV needs a number of lines"),
            ("Level", "0", "Level needs a number from 1 to 10, not '0'"),
            ("Level", "11", "Level needs a number from 1 to 10, not '11'"),
            ("Level", "", "Level needs a number from 1 to 10, not ''"),
            (
                "UCI_LimitStrength",
                "on",
                "UCI_LimitStrength needs true or false, not 'on'",
            ),
            ("UCI_Elo", "", "UCI_Elo needs a rating from"),
            ("UCI_Elo", "-1500", "not '-1500'"),
            ("UCI_Elo", &below, &format!("not '{below}'")),
            ("UCI_Elo", &above, &format!("not '{above}'")),
        ] {
            let err = set(name, value).expect_err("refused");
            assert!(err.to_string().contains(says), "{name} {value}: {err}");
        }
    }

    #[test]
    fn position_refuses_an_illegal_move_with_its_number() {
        let err =
            parse_position(&["startpos", "moves", "h2e2", "h2e2"]).expect_err("must be refused");
        assert!(err.to_string().contains("move 2"), "{err}");
        assert!(parse_position(&["fen"]).is_err());
        assert_eq!(
            parse_position(&["startpos", "moves", "h2e2"])
                .expect("test data is valid")
                .moves()
                .len(),
            1
        );
    }
}
