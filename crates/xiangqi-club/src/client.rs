//! The client side, for a program to drive (the terminal game's lobby, a load generator, a
//! test): connect and log in with a name and a key, then ask with [`Client`]'s methods and
//! hear everything as [`ClientEvent`] values on a channel. Nothing here touches a terminal;
//! every text the server sends is cleaned of control characters before it is handed on.
//!
//! The same [`Client`] drives a session over the network ([`Client::connect`], the Noise
//! handshake, the server's key checked against its pin) or one inside the server's own
//! process (`Client::in_process`, with the feature `server`: another front end, such as an SSH server, running the
//! same program for a remote terminal).

mod clean;
mod connect;

pub use clean::clean_event;
pub use connect::{ConnectError, Connected, KeyChange};

use crate::identity::{Identity, KnownServers};
use crate::protocol::{ClockSpec, ColourChoice, Event, GameId, Refusal, Request, Room, Variant};
#[cfg(feature = "server")]
use crate::server::Core;
use tokio::sync::mpsc;

/// Who logs in: the name asked for and the key pair that holds it.
#[derive(Clone, Debug)]
pub struct Login {
    /// The name.
    pub name: String,
    /// The player's key pair.
    pub identity: Identity,
}

/// What a client hears.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ClientEvent {
    /// An event from the server, its text cleaned. (Pings are answered without being
    /// passed on.)
    Server(Event),
    /// The session ended; nothing follows.
    Closed(CloseReason),
}

/// Why a session ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CloseReason {
    /// The server ended it and said why.
    Refused(Refusal),
    /// The connection failed or the server closed it without a word.
    Lost(String),
    /// This client closed it.
    Left,
}

/// Where a client's events go: a channel's sender, or a function ([`EventFn`]).
pub trait EventSink: Send + 'static {
    /// Hands on one event; false when nobody listens any more (the session is then closed).
    fn deliver(&mut self, event: ClientEvent) -> bool;
}

impl EventSink for std::sync::mpsc::Sender<ClientEvent> {
    fn deliver(&mut self, event: ClientEvent) -> bool {
        self.send(event).is_ok()
    }
}

impl EventSink for mpsc::UnboundedSender<ClientEvent> {
    fn deliver(&mut self, event: ClientEvent) -> bool {
        self.send(event).is_ok()
    }
}

/// A function as an [`EventSink`]: for a program that wraps the events into its own
/// messages (`EventFn(move |e| tx.send(Incoming::Club(e)).is_ok())`).
#[derive(Debug)]
pub struct EventFn<F>(pub F);

impl<F: FnMut(ClientEvent) -> bool + Send + 'static> EventSink for EventFn<F> {
    fn deliver(&mut self, event: ClientEvent) -> bool {
        (self.0)(event)
    }
}

/// What a client's sending task is told.
#[derive(Debug)]
enum Outgoing {
    Request(Request),
    Close,
}

/// A session's handle: each method sends one request at once (it never waits); the answer
/// comes as events. Cheap to clone; the session closes with [`Client::close`] or when every
/// handle is dropped.
#[derive(Clone, Debug)]
pub struct Client {
    out: mpsc::UnboundedSender<Outgoing>,
}

impl Client {
    /// Connects to the server at `address` (`host:port`) and logs in, on a thread of its
    /// own: for a program without an async runtime. The server's key is checked against
    /// `known` (pinned there on first contact); a changed key is refused. Events arrive on
    /// the returned receiver.
    ///
    /// # Errors
    /// See [`ConnectError`]: the server cannot be reached, its key changed, the login is
    /// refused.
    pub fn connect(
        address: &str,
        login: &Login,
        known: &mut KnownServers,
    ) -> Result<(Connected, std::sync::mpsc::Receiver<ClientEvent>), ConnectError> {
        let (tx, rx) = std::sync::mpsc::channel();
        let connected = Client::connect_with(address, login, known, tx)?;
        Ok((connected, rx))
    }

    /// As [`Client::connect`], the events handed to `sink`.
    ///
    /// # Errors
    /// As [`Client::connect`].
    pub fn connect_with(
        address: &str,
        login: &Login,
        known: &mut KnownServers,
        sink: impl EventSink,
    ) -> Result<Connected, ConnectError> {
        connect::on_own_thread(address, login, known, Box::new(sink))
    }

    /// Connects and logs in from a task of the tokio runtime this is called on (a load
    /// generator's thousands of clients share one runtime); the connection's tasks run
    /// there.
    ///
    /// # Errors
    /// As [`Client::connect`].
    pub async fn connect_async(
        address: &str,
        login: &Login,
        known: &mut KnownServers,
        sink: impl EventSink,
    ) -> Result<Connected, ConnectError> {
        connect::on_this_runtime(address, login, known, Box::new(sink)).await
    }

    /// A session of the server whose core this is, in its own process: for a front end
    /// that runs the client program inside the server (a terminal reached over SSH). `key`
    /// is the key's stored text, with a prefix of its kind (`ssh-ed25519:…`).
    ///
    /// # Errors
    /// [`ConnectError::Refused`]: the name is not allowed, taken by another key, …
    #[cfg(feature = "server")]
    pub async fn in_process(
        core: &Core,
        key: &str,
        name: &str,
        sink: impl EventSink,
    ) -> Result<Connected, ConnectError> {
        connect::in_process(core, key, name, Box::new(sink)).await
    }

    /// Sends a request as it is. False if the session has ended.
    pub fn send(&self, request: Request) -> bool {
        self.out.send(Outgoing::Request(request)).is_ok()
    }

    /// Ends the session.
    pub fn close(&self) {
        let _ = self.out.send(Outgoing::Close);
    }

    /// Follows the lobby (a snapshot, then its changes) or stops.
    pub fn follow_lobby(&self, follow: bool) -> bool {
        self.send(Request::Lobby { follow })
    }

    /// Seeks a xiangqi game on `clock` (a matching seek is taken at once).
    pub fn seek(&self, clock: ClockSpec, rated: bool, colour: ColourChoice) -> bool {
        self.seek_in(Variant::Xiangqi, clock, rated, colour)
    }

    /// Seeks a game of `variant` on `clock`: paired only with a seek of the same variant
    /// (Jieqi is casual only, and no bot takes it).
    pub fn seek_in(
        &self,
        variant: Variant,
        clock: ClockSpec,
        rated: bool,
        colour: ColourChoice,
    ) -> bool {
        self.send(Request::Seek {
            clock,
            rated,
            colour,
            variant,
        })
    }

    /// Withdraws one's seek.
    pub fn cancel_seek(&self, seek: u64) -> bool {
        self.send(Request::CancelSeek { seek })
    }

    /// Takes an open seek.
    pub fn accept_seek(&self, seek: u64) -> bool {
        self.send(Request::AcceptSeek { seek })
    }

    /// Challenges the player `name` to xiangqi.
    pub fn challenge(
        &self,
        name: &str,
        clock: ClockSpec,
        rated: bool,
        colour: ColourChoice,
    ) -> bool {
        self.challenge_in(Variant::Xiangqi, name, clock, rated, colour)
    }

    /// Challenges the player `name` to a game of `variant`.
    pub fn challenge_in(
        &self,
        variant: Variant,
        name: &str,
        clock: ClockSpec,
        rated: bool,
        colour: ColourChoice,
    ) -> bool {
        self.send(Request::Challenge {
            to: name.to_string(),
            clock,
            rated,
            colour,
            variant,
        })
    }

    /// Accepts or declines a challenge received (or withdraws one's own).
    pub fn answer_challenge(&self, challenge: u64, accept: bool) -> bool {
        self.send(Request::AnswerChallenge { challenge, accept })
    }

    /// Opens a private xiangqi game (the code comes as [`Event::PrivateOpened`]).
    pub fn open_private(&self, clock: ClockSpec, rated: bool, colour: ColourChoice) -> bool {
        self.open_private_in(Variant::Xiangqi, clock, rated, colour)
    }

    /// Opens a private game of `variant`.
    pub fn open_private_in(
        &self,
        variant: Variant,
        clock: ClockSpec,
        rated: bool,
        colour: ColourChoice,
    ) -> bool {
        self.send(Request::OpenPrivate {
            clock,
            rated,
            colour,
            variant,
        })
    }

    /// Joins a private game by its code.
    pub fn join_private(&self, code: &str) -> bool {
        self.send(Request::JoinPrivate {
            code: code.to_string(),
        })
    }

    /// Watches a game.
    pub fn watch(&self, game: GameId) -> bool {
        self.send(Request::Watch { game })
    }

    /// Stops watching a game.
    pub fn unwatch(&self, game: GameId) -> bool {
        self.send(Request::Unwatch { game })
    }

    /// Plays `mv` (ICCS, `h2e2`) as the move after the first `ply` of `game`. In Jieqi too
    /// the points only: the server says what a covered piece turns out to be.
    pub fn play(&self, game: GameId, ply: u32, mv: &str) -> bool {
        self.send(Request::Move {
            game,
            ply,
            mv: mv.to_string(),
        })
    }

    /// Offers a draw (or accepts the opponent's offer).
    pub fn offer_draw(&self, game: GameId) -> bool {
        self.send(Request::OfferDraw { game })
    }

    /// Declines the opponent's draw offer.
    pub fn decline_draw(&self, game: GameId) -> bool {
        self.send(Request::DeclineDraw { game })
    }

    /// Asks to take one's last move back (or accepts the opponent's request).
    pub fn ask_takeback(&self, game: GameId) -> bool {
        self.send(Request::AskTakeback { game })
    }

    /// Refuses the opponent's takeback request.
    pub fn decline_takeback(&self, game: GameId) -> bool {
        self.send(Request::DeclineTakeback { game })
    }

    /// Resigns.
    pub fn resign(&self, game: GameId) -> bool {
        self.send(Request::Resign { game })
    }

    /// Calls the game off (before one's second move).
    pub fn abort(&self, game: GameId) -> bool {
        self.send(Request::Abort { game })
    }

    /// Claims the win (or a draw) from an opponent gone past the grace period.
    pub fn claim(&self, game: GameId, draw: bool) -> bool {
        self.send(Request::Claim { game, draw })
    }

    /// Says `text` in the lobby or a game.
    pub fn chat(&self, room: Room, text: &str) -> bool {
        self.send(Request::Chat {
            room,
            text: text.to_string(),
        })
    }

    /// Lists finished games of `player` (one's own if `None`), before `before`.
    pub fn archive(&self, player: Option<&str>, before: Option<GameId>) -> bool {
        self.send(Request::Archive {
            player: player.map(str::to_string),
            before,
        })
    }

    /// Asks for a finished game's PGN.
    pub fn fetch_pgn(&self, game: GameId) -> bool {
        self.send(Request::FetchPgn { game })
    }
}
