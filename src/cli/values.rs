//! The command line's values: what each option's text is read as (positions, sides,
//! levels, filters, addresses, targets) and the [`ArgError`] that says what a value should
//! have been.

use super::{Command, net};
use clap::Subcommand;
use std::ffi::OsString;
use std::num::NonZeroUsize;
use xiangqi_rules::jieqi::JieqiPosition;
use xiangqi_rules::{Notation, Position};

/// The Jieqi position whose FEN fields are `words` (the Jieqi start without any).
pub(super) fn jieqi_position_of(words: &[OsString]) -> Result<JieqiPosition, ArgError> {
    if words.is_empty() {
        Ok(JieqiPosition::start())
    } else {
        Ok(JieqiPosition::from_fen(&fen_text(words)?)?)
    }
}

/// The rules a tool plays by.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Variant {
    /// Xiangqi.
    Xiangqi,
    /// Jieqi (揭棋), the covered-pieces variant.
    Jieqi,
}

/// A variant's name: `xiangqi` or `jieqi`, in either case.
pub(super) fn variant(text: &str) -> Result<Variant, ArgError> {
    match text.to_ascii_lowercase().as_str() {
        "xiangqi" => Ok(Variant::Xiangqi),
        "jieqi" => Ok(Variant::Jieqi),
        _ => Err(ArgError::Variant(text.to_string())),
    }
}

/// A command-line value that is not what its option takes: what it takes, and what came.
#[derive(Debug, thiserror::Error)]
pub enum ArgError {
    /// A FEN word that is not text.
    #[error("the FEN {0:?} is not UTF-8 text (a FEN is letters, digits, '/' and '-')")]
    FenNotText(String),
    /// A tool's name after the game's options, where a FEN was looked for.
    #[error(
        "{0:?} is a tool: name it first (xiangqi {0} ...); the game's options, such as --flip, are not for tools"
    )]
    ToolAfterOptions(String),
    /// A FEN the library refuses (its message says where).
    #[error(transparent)]
    Fen(#[from] xiangqi_rules::FenError),
    /// A Jieqi FEN the library refuses (its message says where).
    #[error(transparent)]
    JieqiFen(#[from] xiangqi_rules::jieqi::JieqiFenError),
    /// `--variant` naming no variant.
    #[error("unknown variant {0:?}: expected xiangqi or jieqi")]
    Variant(String),
    /// `--level` naming no level.
    #[error(transparent)]
    Level(#[from] xiangqi_engine::ParseLevelError),
    /// `--computer` not naming a side.
    #[error("red or black, found {0:?}")]
    Side(String),
    /// `--tactics` naming no theme or range.
    #[error(
        "a theme ({themes}, mate-in-N) or a rating range such as 1200-1600, found {0:?}",
        themes = xiangqi_engine::puzzle::Theme::NAMES.join(", ")
    )]
    Tactics(String),
    /// `--puzzle` out of the collection.
    #[error("a puzzle number from 1 to {total}, found {text:?}")]
    Puzzle {
        /// How many puzzles are shipped.
        total: usize,
        /// What was given.
        text: String,
    },
    /// `--game` not a number from 1.
    #[error("a game number from 1, found {0:?}")]
    GameNumber(String),
    /// `--clock` not a time control.
    #[error(transparent)]
    TimeControl(#[from] xiangqi_rules::clock::ParseTimeControlError),
    /// `--to` not a notation.
    #[error(transparent)]
    Notation(#[from] xiangqi_rules::ParseNotationError),
    /// `convert --to` neither a notation nor a format.
    #[error("unknown notation or format {0:?}: expected chinese, wxf, iccs, xqf or dhtmlxq")]
    Target(String),
    /// A join code that is not one.
    #[error(transparent)]
    Code(#[from] xiangqi_net::code::CodeError),
    /// An engine command that is no program and arguments (blank, an unclosed quote).
    #[error(transparent)]
    Engine(#[from] xiangqi_engine::ExternalError),
    /// `join`'s address that is no host and port.
    #[error(transparent)]
    Address(#[from] net::AddressError),
    /// `--listen` not an address and port.
    #[error("an IP address and port, like 0.0.0.0:9092 or [::1]:9092, found {0:?}")]
    Listen(String),
}

/// The position whose FEN fields are `words`, joined by spaces.
///
/// # Errors
/// If a word is not UTF-8, or the FEN is wrong (the library's message).
pub(super) fn position_of(words: &[OsString]) -> Result<Position, ArgError> {
    Ok(Position::from_fen(&fen_text(words)?)?)
}

/// The FEN text of `words`, joined by spaces.
///
/// # Errors
/// If a word is not UTF-8.
pub(super) fn fen_text(words: &[OsString]) -> Result<String, ArgError> {
    // `xiangqi --flip perft 2`: the game's options came first, so the tool's name reads as a
    // FEN (no FEN's first field is a tool's name).
    if let Some(first) = words.first().and_then(|w| w.to_str())
        && <Command as Subcommand>::has_subcommand(first)
    {
        return Err(ArgError::ToolAfterOptions(first.to_string()));
    }
    let mut fields = Vec::with_capacity(words.len());
    for word in words {
        let field = word
            .to_str()
            .ok_or_else(|| ArgError::FenNotText(word.to_string_lossy().into_owned()))?;
        fields.push(field);
    }
    Ok(fields.join(" "))
}

/// The placement and side to move whose FEN fields are `words` (the start position when
/// there are none), for the editor: read as a FEN, but not yet judged playable.
///
/// # Errors
/// If a word is not UTF-8, or the text is no FEN (the library's message).
pub(super) fn setup_of(words: &[OsString]) -> Result<xiangqi_rules::setup::Setup, ArgError> {
    if words.is_empty() {
        return Ok(xiangqi_rules::setup::Setup::start());
    }
    Ok(xiangqi_rules::setup::Setup::from_fen(&fen_text(words)?)?)
}

/// A side: `red` or `black` (`r`, `b`, `w` also).
pub(super) fn side(text: &str) -> Result<xiangqi_rules::Color, ArgError> {
    match text.to_ascii_lowercase().as_str() {
        "red" | "r" | "w" | "white" => Ok(xiangqi_rules::Color::Red),
        "black" | "b" => Ok(xiangqi_rules::Color::Black),
        _ => Err(ArgError::Side(text.to_string())),
    }
}

/// A level (`1` … `10`) or a rating naming the level rated nearest.
pub(super) fn level(text: &str) -> Result<xiangqi_engine::Level, ArgError> {
    Ok(text.parse()?)
}

/// A tactics filter: a theme and/or a rating range, comma-separated (`fork,1200-1600`).
pub(super) fn tactics_filter(text: &str) -> Result<xiangqi_engine::puzzle::Filter, ArgError> {
    text.parse()
        .map_err(|_| ArgError::Tactics(text.to_string()))
}

/// A puzzle number: 1 to the number of puzzles shipped (`--puzzle` without one is the
/// first not solved yet).
pub(super) fn puzzle_number(text: &str) -> Result<usize, ArgError> {
    let total = xiangqi_engine::puzzle::collection().map_or(0, |all| all.len());
    match text.parse::<usize>() {
        Ok(n) if (1..=total).contains(&n) => Ok(n),
        _ => Err(ArgError::Puzzle {
            total,
            text: text.to_string(),
        }),
    }
}

/// A game number: a whole number from 1.
pub(super) fn game_number(text: &str) -> Result<NonZeroUsize, ArgError> {
    text.parse::<NonZeroUsize>()
        .map_err(|_| ArgError::GameNumber(text.to_string()))
}

/// A time control (`5+3`, `0:30`, `10/45`).
pub(super) fn time_control(text: &str) -> Result<xiangqi_rules::clock::TimeControl, ArgError> {
    Ok(text.parse()?)
}

/// A join code (`7-river-cannon`).
pub(super) fn join_code(text: &str) -> Result<xiangqi_net::code::JoinCode, ArgError> {
    Ok(text.parse()?)
}

/// An engine's command line, checked to split into a program and its arguments (whether the
/// program runs is found when the engine is first needed).
pub(super) fn engine_command(text: &str) -> Result<String, ArgError> {
    xiangqi_engine::command_words(text)?;
    Ok(text.to_string())
}

/// `join`'s host and port (`192.168.1.5:9091`, `localhost:9091`), by their form.
pub(super) fn join_address(text: &str) -> Result<String, ArgError> {
    Ok(net::join_address(text)?)
}

/// `--listen`'s IP address and port (`0.0.0.0:9092`, `[::1]:9092`).
pub(super) fn listen_address(text: &str) -> Result<std::net::SocketAddr, ArgError> {
    text.parse().map_err(|_| ArgError::Listen(text.to_string()))
}

/// A notation's name (`chinese`, `wxf`, `iccs`, or the library's other spellings).
pub(super) fn notation(text: &str) -> Result<Notation, ArgError> {
    Ok(text.parse::<Notation>()?)
}

/// What `convert` writes: PGN in a notation, an XQF file, or DhtmlXQ blocks.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Target {
    Pgn(Notation),
    Xqf,
    Dhtmlxq,
}

/// `xqf`, `dhtmlxq`, or a notation's name.
pub(super) fn target(text: &str) -> Result<Target, ArgError> {
    if text.eq_ignore_ascii_case("xqf") {
        Ok(Target::Xqf)
    } else if text.eq_ignore_ascii_case("dhtmlxq") {
        Ok(Target::Dhtmlxq)
    } else {
        notation(text)
            .map(Target::Pgn)
            .map_err(|_| ArgError::Target(text.to_string()))
    }
}
