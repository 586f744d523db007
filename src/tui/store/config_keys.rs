//! The keys a configuration file may set and what each takes, and why a file is not used:
//! plain values, which [`config`](super::config) makes as it reads the file and the view
//! words in the players' language.

use crate::tui::i18n::lang::Lang;
use crate::tui::look::pieces::PieceGlyphs;
use crate::tui::look::theme::ThemeName;
use crate::tui::store::files::FileKind;
use std::path::PathBuf;
use xiangqi_engine::{MAX_MULTIPV, MAX_THREADS};
use xiangqi_rules::Notation;

/// A key the configuration file may set.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Key {
    /// `theme`.
    Theme,
    /// `glyphs`.
    Glyphs,
    /// `lang`.
    Lang,
    /// `notation`.
    Notation,
    /// `auto-flip`.
    AutoFlip,
    /// `clock`.
    Clock,
    /// `analysis-lines`.
    AnalysisLines,
    /// `threads`.
    Threads,
    /// `level`: the computer's.
    Level,
    /// `flip`: black at the bottom.
    Flip,
    /// `ascii`: letters for pieces, ASCII lines.
    Ascii,
    /// `sound`: the bell.
    Sound,
    /// `plain`.
    Plain,
    /// `blindfold`.
    Blindfold,
}

/// What a key takes, which the message refusing another value names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Takes {
    /// One of these names, a string.
    OneOf(Vec<&'static str>),
    /// A whole number from 1 to this.
    OneTo(usize),
    /// `true` or `false`.
    TrueOrFalse,
    /// A time control as `--clock` takes it, a string.
    TimeControl,
}

impl Key {
    /// Every key, in the order the guide lists them (docs/guide/configuration.md).
    pub const ALL: [Key; 14] = [
        Key::Theme,
        Key::Glyphs,
        Key::Lang,
        Key::Notation,
        Key::AutoFlip,
        Key::AnalysisLines,
        Key::Clock,
        Key::Threads,
        Key::Level,
        Key::Flip,
        Key::Ascii,
        Key::Sound,
        Key::Plain,
        Key::Blindfold,
    ];

    /// The key as the file spells it: `auto-flip`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Key::Theme => "theme",
            Key::Glyphs => "glyphs",
            Key::Lang => "lang",
            Key::Notation => "notation",
            Key::AutoFlip => "auto-flip",
            Key::Clock => "clock",
            Key::AnalysisLines => "analysis-lines",
            Key::Threads => "threads",
            Key::Level => "level",
            Key::Flip => "flip",
            Key::Ascii => "ascii",
            Key::Sound => "sound",
            Key::Plain => "plain",
            Key::Blindfold => "blindfold",
        }
    }

    /// What the key takes.
    #[must_use]
    pub fn takes(self) -> Takes {
        match self {
            Key::Theme => Takes::OneOf(ThemeName::ALL.iter().map(|t| t.name()).collect()),
            Key::Glyphs => Takes::OneOf(PieceGlyphs::ALL.iter().map(|g| g.name()).collect()),
            Key::Lang => Takes::OneOf(Lang::ALL.iter().map(|l| l.name()).collect()),
            Key::Notation => Takes::OneOf(Notation::ALL.iter().map(|n| n.name()).collect()),
            Key::AutoFlip | Key::Flip | Key::Ascii | Key::Sound | Key::Plain | Key::Blindfold => {
                Takes::TrueOrFalse
            }
            Key::Level => Takes::OneTo(usize::from(xiangqi_engine::Level::MAX.get())),
            Key::Clock => Takes::TimeControl,
            Key::AnalysisLines => Takes::OneTo(MAX_MULTIPV),
            Key::Threads => Takes::OneTo(MAX_THREADS),
        }
    }
}

/// Why the configuration file is not used: the file, and what is wrong with it. Its words
/// are the view's, in the players' language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ConfigError {
    /// The file.
    pub path: PathBuf,
    /// What is wrong.
    pub problem: Problem,
}

/// What is wrong with a configuration file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// It cannot be read, for this reason (the system's words).
    Unreadable(String),
    /// It is not a regular file but this.
    NotAFile(FileKind),
    /// It is larger than a file the game reads may be ([`READ_LIMIT`](crate::tui::store::files::READ_LIMIT)).
    TooLarge,
    /// It is not UTF-8 text.
    NotText,
    /// It is a link to this path, where there is no file.
    LinkToNothing(PathBuf),
    /// It is not TOML: where the reader stopped, that line's text, and the reader's own
    /// words (English).
    NotToml {
        /// The line, from 1.
        line: usize,
        /// The column, in characters from 1.
        column: usize,
        /// The line as written (control characters escaped, cut if long).
        text: String,
        /// What the TOML reader says.
        detail: String,
    },
    /// A key the file may not set (or a table), on this line.
    UnknownKey {
        /// The line, from 1.
        line: usize,
        /// The key as written (control characters escaped, cut if long).
        key: String,
    },
    /// A key set to a value it does not take.
    BadValue {
        /// The line, from 1.
        line: usize,
        /// The key.
        key: Key,
        /// The value as written (control characters escaped, cut if long).
        value: String,
    },
}
