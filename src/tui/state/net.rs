//! A game played across the network, as the screen holds it: which side this end plays,
//! whether the other end is there, the code and the join command to show, and what each end
//! has asked. The connection itself runs beside the loop (`run::network`), which reports
//! what it hears as [`NetReport`]s; the app answers with `Effect::Net` messages.

use xiangqi_net::NetError;
use xiangqi_net::message::Sync;
use xiangqi_net::table::{Ask, Crossed, Event};
use xiangqi_rules::{Color, Game};

/// Host or guest, and this end's side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NetPlay {
    /// This end waits for the other (and shows the code).
    pub host: bool,
    /// The side this end plays.
    pub me: Color,
    /// Is the other end connected (handshake done, game in step)?
    pub connected: bool,
    /// The host's code and the command that joins it.
    pub invite: Option<Invite>,
    /// What this end asked the other and waits to hear about.
    pub asked: Option<Ask>,
    /// The last chat line heard, to show in the panel.
    pub heard: Option<String>,
    /// The other player's request, with the game's length when it came, held while this
    /// player was busy (typing, or answering a question of their own): asked when they are
    /// done, unless a move has let it lapse.
    pub held: Option<(Ask, usize)>,
    /// A game on a club server (the server is the other end): the panel and the end say so.
    pub club: bool,
}

/// What the host shows the other player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Invite {
    /// The join code.
    pub code: String,
    /// The whole command: `xiangqi join ADDR:PORT CODE`.
    pub command: String,
}

impl NetPlay {
    /// The host's part before anyone has joined.
    #[must_use]
    pub fn host(me: Color) -> NetPlay {
        NetPlay {
            host: true,
            me,
            connected: false,
            invite: None,
            asked: None,
            heard: None,
            held: None,
            club: false,
        }
    }

    /// The guest's part before the host's game has arrived (the side comes with it).
    #[must_use]
    pub fn guest() -> NetPlay {
        NetPlay {
            host: false,
            me: Color::Black,
            connected: false,
            invite: None,
            asked: None,
            heard: None,
            held: None,
            club: false,
        }
    }

    /// A seat in a club server's game: a guest of the server, which sends the game.
    #[must_use]
    pub fn club_seat() -> NetPlay {
        NetPlay {
            club: true,
            ..NetPlay::guest()
        }
    }
}

/// What the connection beside the loop reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NetReport {
    /// The host listens; this is the code to show (again after a new one was drawn).
    Listening(Invite),
    /// A new code replaced the old after too many wrong ones.
    NewCode(Invite),
    /// Host: someone tried a wrong code. Guest: the host refused ours.
    WrongCode,
    /// Host: the guest joined.
    Joined,
    /// Guest: the host's game arrived (already checked move by move).
    Synced(Box<Sync>),
    /// The other end said this (already checked against the rules).
    Heard(Event),
    /// The connection ended, for this reason; the game stays.
    Lost(NetError),
    /// A message of ours was not sent, for this reason.
    NotSent(NetError),
    /// The connection's table holds this game and this end's open request, and the screen's
    /// game may have parted from it: the host's change undid this end's crossing one, or
    /// the table refused what the screen had already done.
    Overruled(Box<TableGame>, Option<Ask>),
    /// This end's message about the game went out; the table's game and this end's open
    /// request after it, which the screen follows where it fell behind (a move heard just
    /// before this end's own act, that the desk could not apply on top of it).
    Sent(Box<TableGame>, Option<Ask>),
}

/// A game as the connection's table holds it. Two are equal when they start alike and hold
/// the same moves and result.
#[derive(Clone, Debug)]
pub struct TableGame(pub Game);

impl TableGame {
    /// Whether `game` is this one, as far as both ends of a connection keep it.
    #[must_use]
    pub fn is(&self, game: &Game) -> bool {
        self.0.start() == game.start()
            && self.0.moves() == game.moves()
            && self.0.outcome() == game.outcome()
    }
}

impl PartialEq for TableGame {
    fn eq(&self, other: &TableGame) -> bool {
        self.is(&other.0)
    }
}

impl Eq for TableGame {}

/// What the message line says about the network game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum NetNote {
    /// Host: waiting for the other player (the code is in the panel).
    Waiting(String),
    /// A new code was drawn after too many wrong ones.
    NewCode(String),
    /// Host: a wrong code was tried. Guest: ours was refused.
    WrongCode {
        /// This end hosts.
        host: bool,
    },
    /// The other player joined (host) or the game arrived (guest).
    Connected,
    /// A club game arrived from the server (a seat's, or on coming back to it).
    ClubGame,
    /// The other player is not connected: nothing can be played.
    NotConnected,
    /// It is the other player's turn (this end plays `me`).
    TheirTurn(Color),
    /// Moves are made at the end of the game, not while going through it.
    NotAtEnd,
    /// Our request was sent.
    Asked(Ask),
    /// The answer to our request.
    Answered(Ask, bool),
    /// The other player's message crossed this end's change and counts for nothing.
    Crossed(Crossed),
    /// This end's change crossed the host's and was undone.
    Overruled,
    /// The other player's request waits until this player is done here.
    Held(Ask),
    /// A takeback is asked right after one's own move.
    NoTakeback,
    /// That key is for games at one terminal.
    NotInNetGame,
    /// The other player resigned.
    TheyResigned,
    /// A chat line from the other player.
    Chat(String),
    /// The connection ended, for this reason (none: the other player left).
    Lost {
        /// Why, if not because the other player left.
        why: Option<NetError>,
        /// This end hosts (and so waits again).
        host: bool,
    },
    /// `C` outside a network game.
    ChatOnly,
    /// Our message did not go, for this reason.
    NotSent(NetError),
}
