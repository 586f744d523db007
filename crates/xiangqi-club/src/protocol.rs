//! The club's protocol: what a client asks ([`Request`]) and what the server tells
//! ([`Event`]), the values both carry, and how each message is encoded (JSON, one message a
//! frame, bounded in size: [`codec`]).
//!
//! The protocol has a version ([`PROTOCOL_VERSION`]), sent in the client's first message
//! ([`Request::Hello`]); a server refuses a version it does not speak, in words
//! ([`Refusal::Version`]). Fields a newer peer adds are ignored by an older one.

pub mod codec;
mod event;
pub mod names;
mod request;

pub use event::{
    ArchiveEntry, ChallengeEntry, Clocks, Denial, Ending, Event, GameState, GameSummary, How,
    PlayerEntry, PlayerState, RatingChange, Refusal, SeekEntry, Verdict, Welcome,
};
pub use request::Request;

use serde::{Deserialize, Serialize};
use std::time::Duration;
use xiangqi_rating::Category;
use xiangqi_rules::Color;
use xiangqi_rules::clock::TimeControl;

/// The protocol version this crate speaks. A server refuses a client of another version with
/// [`Refusal::Version`], so that the client can say which side to update.
/// Version 2 added [`Variant`]: a client of version 1 would read a Jieqi game as xiangqi.
pub const PROTOCOL_VERSION: u32 = 2;

/// A game's number on the server, as the archive and every message about the game name it.
pub type GameId = u64;

/// A side of the board, as messages name it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    /// Red, who moves first.
    Red,
    /// Black.
    Black,
}

impl Side {
    /// The other side.
    #[must_use]
    pub const fn other(self) -> Side {
        match self {
            Side::Red => Side::Black,
            Side::Black => Side::Red,
        }
    }
}

impl From<Color> for Side {
    fn from(c: Color) -> Side {
        match c {
            Color::Red => Side::Red,
            Color::Black => Side::Black,
        }
    }
}

impl From<Side> for Color {
    fn from(s: Side) -> Color {
        match s {
            Side::Red => Color::Red,
            Side::Black => Color::Black,
        }
    }
}

/// The game a seek, challenge or game is for. Messages leave the field out for xiangqi.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Variant {
    /// Xiangqi.
    #[default]
    Xiangqi,
    /// Jieqi (揭棋), the covered-pieces variant: the server deals and keeps the arrangement,
    /// and each move that turns a piece over carries what it turned out to be (`a0a1P`), to
    /// players and spectators alike. Casual only: a deal is luck, and the ratings are
    /// xiangqi's.
    Jieqi,
}

impl Variant {
    /// Xiangqi, the default (which messages leave out).
    #[must_use]
    pub fn is_xiangqi(&self) -> bool {
        *self == Variant::Xiangqi
    }

    /// The name players read: `xiangqi`, `jieqi`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Variant::Xiangqi => "xiangqi",
            Variant::Jieqi => "jieqi",
        }
    }
}

/// The side a seek or challenge asks to play.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ColourChoice {
    /// Either; drawn when the game starts.
    #[default]
    Random,
    /// Red.
    Red,
    /// Black.
    Black,
}

impl ColourChoice {
    /// Can a seek asking `self` be paired with one asking `other`?
    #[must_use]
    pub fn fits(self, other: ColourChoice) -> bool {
        !matches!(
            (self, other),
            (ColourChoice::Red, ColourChoice::Red) | (ColourChoice::Black, ColourChoice::Black)
        )
    }
}

/// A game's clock: base minutes and seconds, and seconds added after each move (Fischer).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ClockSpec {
    /// Each side's time at the start, in seconds.
    pub base_secs: u32,
    /// Added after each move, in seconds.
    pub increment_secs: u32,
}

/// The longest base time a game may have: three hours.
pub const MAX_BASE_SECS: u32 = 3 * 3600;
/// The largest increment: three minutes.
pub const MAX_INCREMENT_SECS: u32 = 180;

impl ClockSpec {
    /// `minutes` each and `increment` seconds a move (`ClockSpec::minutes(5, 3)`: 5+3).
    #[must_use]
    pub const fn minutes(minutes: u32, increment: u32) -> ClockSpec {
        ClockSpec {
            base_secs: minutes * 60,
            increment_secs: increment,
        }
    }

    /// Is this a clock the server plays on: some time, and within the largest base and
    /// increment?
    #[must_use]
    pub fn is_valid(self) -> bool {
        self.base_secs <= MAX_BASE_SECS
            && self.increment_secs <= MAX_INCREMENT_SECS
            && (self.base_secs > 0 || self.increment_secs > 0)
    }

    /// The rules crate's time control.
    #[must_use]
    pub fn control(self) -> TimeControl {
        TimeControl::Fischer {
            base: Duration::from_secs(self.base_secs.into()),
            increment: Duration::from_secs(self.increment_secs.into()),
        }
    }

    /// The rating category games on this clock count in.
    #[must_use]
    pub fn category(self) -> Category {
        Category::of(Some((
            Duration::from_secs(self.base_secs.into()),
            Duration::from_secs(self.increment_secs.into()),
        )))
    }
}

impl std::fmt::Display for ClockSpec {
    /// `5+3`, or `0:30+1` for a base that is no whole number of minutes.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (m, s) = (self.base_secs / 60, self.base_secs % 60);
        if s == 0 {
            write!(f, "{m}+{}", self.increment_secs)
        } else {
            write!(f, "{m}:{s:02}+{}", self.increment_secs)
        }
    }
}

/// A rating as shown beside a name: rounded, and marked provisional while the server is
/// not yet sure of it (deviation over [`PROVISIONAL_DEVIATION`]), as lichess marks it `?`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RatingShown {
    /// The rating, rounded.
    pub rating: i32,
    /// Not yet established.
    pub provisional: bool,
}

/// Above this deviation a rating is shown as provisional.
pub const PROVISIONAL_DEVIATION: f64 = 110.0;

impl From<xiangqi_rating::Rating> for RatingShown {
    fn from(r: xiangqi_rating::Rating) -> RatingShown {
        RatingShown {
            // Ratings stay within a few thousand: the cast cannot overflow.
            #[allow(clippy::cast_possible_truncation)]
            rating: r.rating.round() as i32,
            provisional: r.deviation > PROVISIONAL_DEVIATION,
        }
    }
}

impl std::fmt::Display for RatingShown {
    /// `1530`, or `1500?` while provisional.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.rating)?;
        if self.provisional {
            f.write_str("?")?;
        }
        Ok(())
    }
}

/// A player as shown beside a board, a seek or a game: the name, the rating in the category
/// that matters there, and whether it is a computer.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PlayerTag {
    /// The name.
    pub name: String,
    /// The rating in the category of the game or seek.
    pub rating: RatingShown,
    /// A bot account (the server's engine).
    pub bot: bool,
}

/// Where a chat line is said: the lobby, or a game (its players and spectators; a
/// spectator's line goes to the spectators only).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "kind")]
pub enum Room {
    /// The lobby.
    Lobby,
    /// A game.
    Game {
        /// Which.
        game: GameId,
    },
}

/// A rating category's name in messages (`bullet`, `blitz`, `rapid`, `classical`).
#[cfg(feature = "server")]
pub(crate) fn category_index(c: Category) -> usize {
    match c {
        Category::Bullet => 0,
        Category::Blitz => 1,
        Category::Rapid => 2,
        Category::Classical => 3,
    }
}

#[cfg(test)]
mod tests;
