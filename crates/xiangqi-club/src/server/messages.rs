//! What the server's tasks tell one another — the lobby, each game's room, each session —
//! and the handles they are told through. Below every task, so that each task names the
//! others' messages without importing the task itself.

use crate::protocol::{Event, GameId, Refusal, Request, Side};
use crate::store::{Account, PlayerId, RatingUpdate};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{Notify, mpsc, oneshot};

/// A session's number, unique in the server's run.
pub(crate) type SessionId = u64;

/// What the core sends a session's task.
#[derive(Debug)]
pub(crate) enum ToSession {
    /// An event for the client.
    Event(Event),
    /// The session plays (`side`) or watches (`None`) a game, through this room.
    Joined {
        game: GameId,
        room: RoomTx,
        side: Option<Side>,
    },
    /// The game is over, or no longer watched.
    Left { game: GameId },
    /// The session ends, for this reason (told to the client).
    Close(Refusal),
}

/// A way to a session's task.
#[derive(Clone, Debug)]
pub(crate) struct SessionTx {
    pub id: SessionId,
    /// The player's name.
    pub name: Arc<str>,
    tx: mpsc::Sender<ToSession>,
    kill: Arc<Notify>,
}

impl SessionTx {
    /// The way to session `id` of the player `name` through `tx`; `kill` is notified when
    /// its queue overflows.
    pub(crate) fn new(
        id: SessionId,
        name: Arc<str>,
        tx: mpsc::Sender<ToSession>,
        kill: Arc<Notify>,
    ) -> SessionTx {
        SessionTx { id, name, tx, kill }
    }

    /// Hands `msg` to the session; a session whose queue is full is told to close (its
    /// client reads too slowly).
    pub(crate) fn send(&self, msg: ToSession) {
        if let Err(mpsc::error::TrySendError::Full(_)) = self.tx.try_send(msg) {
            self.kill.notify_one();
        }
    }

    /// Hands an event to the session.
    pub(crate) fn event(&self, event: Event) {
        self.send(ToSession::Event(event));
    }
}

/// What the lobby's task is told.
#[derive(Debug)]
pub(crate) enum ToLobby {
    /// A player logged in with this session; the answer is their games in progress.
    Login {
        account: Account,
        session: SessionTx,
        reply: oneshot::Sender<Vec<GameId>>,
    },
    /// A session ended.
    Logout {
        player: PlayerId,
        session: SessionId,
    },
    /// A request for the lobby.
    Request {
        player: PlayerId,
        session: SessionTx,
        req: Request,
    },
    /// A game ended (with the ratings it changed).
    GameEnded {
        game: GameId,
        players: [PlayerId; 2],
        update: Option<RatingUpdate>,
    },
    /// A game's spectators changed.
    Spectators { game: GameId, count: u32 },
}

/// What a game's task is told.
#[derive(Debug)]
pub(crate) enum ToRoom {
    /// A request of a player (`side`) or a spectator (`None`).
    Request {
        session: SessionId,
        side: Option<Side>,
        req: Request,
        lag: Duration,
    },
    /// A player's session, at the start or on coming back.
    Attach { side: Side, session: SessionTx },
    /// A player's session ended.
    Detach { side: Side, session: SessionId },
    /// A spectator.
    Watch { session: SessionTx },
    /// A spectator left.
    Unwatch { session: SessionId },
}

/// A way to a game's task.
#[derive(Clone, Debug)]
pub(crate) struct RoomTx(mpsc::UnboundedSender<ToRoom>);

impl RoomTx {
    /// A game's task's inbox, and the way to it.
    pub(crate) fn channel() -> (RoomTx, mpsc::UnboundedReceiver<ToRoom>) {
        let (tx, rx) = mpsc::unbounded_channel();
        (RoomTx(tx), rx)
    }

    pub(crate) fn send(&self, msg: ToRoom) {
        let _ = self.0.send(msg);
    }
}
