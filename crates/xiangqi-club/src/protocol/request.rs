//! What a client asks of the server.

use super::{ClockSpec, ColourChoice, GameId, Room, Variant};
use serde::{Deserialize, Serialize};

/// A client's message. The first of a connection is [`Request::Hello`]; every other comes
/// after the server's [`Welcome`](super::Welcome).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum Request {
    /// Log in: the protocol version spoken and the name asked for. The key is the one the
    /// connection was made with; the server binds a new name to it, or refuses a name that
    /// another key holds.
    Hello {
        /// [`PROTOCOL_VERSION`](super::PROTOCOL_VERSION) of the client.
        version: u32,
        /// The player's name.
        name: String,
    },
    /// Follow the lobby (`true`: a snapshot of who is online, the seeks and the games, then
    /// each change) or stop following it.
    Lobby {
        /// Follow or not.
        follow: bool,
    },
    /// Offer a game to anyone on this clock; a matching open seek is taken at once instead.
    Seek {
        /// The clock.
        clock: ClockSpec,
        /// Rated or casual.
        rated: bool,
        /// The side wanted.
        colour: ColourChoice,
        /// The game: xiangqi unless said.
        #[serde(default, skip_serializing_if = "Variant::is_xiangqi")]
        variant: Variant,
    },
    /// Withdraw one's seek.
    CancelSeek {
        /// The seek.
        seek: u64,
    },
    /// Take another player's open seek: the game starts.
    AcceptSeek {
        /// The seek.
        seek: u64,
    },
    /// Challenge a named player.
    Challenge {
        /// Whom.
        to: String,
        /// The clock.
        clock: ClockSpec,
        /// Rated or casual.
        rated: bool,
        /// The side wanted.
        colour: ColourChoice,
        /// The game: xiangqi unless said.
        #[serde(default, skip_serializing_if = "Variant::is_xiangqi")]
        variant: Variant,
    },
    /// Answer a challenge received (accept starts the game), or withdraw one's own.
    AnswerChallenge {
        /// The challenge.
        challenge: u64,
        /// Accept it (only its receiver can).
        accept: bool,
    },
    /// Open a private game: the server answers with a code a friend joins by.
    OpenPrivate {
        /// The clock.
        clock: ClockSpec,
        /// Rated or casual.
        rated: bool,
        /// The side wanted.
        colour: ColourChoice,
        /// The game: xiangqi unless said.
        #[serde(default, skip_serializing_if = "Variant::is_xiangqi")]
        variant: Variant,
    },
    /// Join a private game by its code.
    JoinPrivate {
        /// The code, as its opener was given it.
        code: String,
    },
    /// Watch a game in progress (its state, then each move and clock).
    Watch {
        /// The game.
        game: GameId,
    },
    /// Stop watching a game.
    Unwatch {
        /// The game.
        game: GameId,
    },
    /// Play a move in ICCS (`h2e2`; in Jieqi without the piece it turns over, which the
    /// server adds) in one's game; `ply` is the number of moves played
    /// before it, so a move sent for a position that has changed (a takeback) is refused.
    Move {
        /// The game.
        game: GameId,
        /// Moves played before this one.
        ply: u32,
        /// The move, `h2e2`.
        mv: String,
    },
    /// Offer a draw, or accept the opponent's offer.
    OfferDraw {
        /// The game.
        game: GameId,
    },
    /// Decline the opponent's draw offer.
    DeclineDraw {
        /// The game.
        game: GameId,
    },
    /// Ask to take one's last move back, or accept the opponent's request.
    AskTakeback {
        /// The game.
        game: GameId,
    },
    /// Refuse the opponent's takeback request.
    DeclineTakeback {
        /// The game.
        game: GameId,
    },
    /// Resign.
    Resign {
        /// The game.
        game: GameId,
    },
    /// Call the game off before one's second move (no result, not rated).
    Abort {
        /// The game.
        game: GameId,
    },
    /// The opponent left and has not come back within the grace period: take the win, or
    /// a draw.
    Claim {
        /// The game.
        game: GameId,
        /// A draw instead of the win.
        draw: bool,
    },
    /// Say something in the lobby or a game.
    Chat {
        /// Where.
        room: Room,
        /// What (cleaned of control characters, cut to the longest line).
        text: String,
    },
    /// List a player's finished games (one's own without a name), newest first, before
    /// game `before` if given.
    Archive {
        /// Whose (one's own if none).
        player: Option<String>,
        /// Only games before this one (for the next page).
        before: Option<GameId>,
    },
    /// The PGN of a finished game.
    FetchPgn {
        /// The game.
        game: GameId,
    },
    /// The answer to the server's [`Event::Ping`](super::Event::Ping), at once: the server
    /// measures each client's lag with it.
    Pong {
        /// The ping's token.
        token: u32,
    },
}

impl Request {
    /// The game a request is about, if it is about one being played.
    #[must_use]
    pub fn game(&self) -> Option<GameId> {
        match *self {
            Request::Move { game, .. }
            | Request::OfferDraw { game }
            | Request::DeclineDraw { game }
            | Request::AskTakeback { game }
            | Request::DeclineTakeback { game }
            | Request::Resign { game }
            | Request::Abort { game }
            | Request::Claim { game, .. }
            | Request::Chat {
                room: Room::Game { game },
                ..
            } => Some(game),
            _ => None,
        }
    }
}
