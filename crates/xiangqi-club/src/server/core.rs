//! The server's core as its front ends see it: a session opened for a player's key and name
//! is a pair of channels (requests in, events out), whatever carries them — a native
//! client's encrypted connection, a bot in the same process, another front end.

use super::ServerConfig;
use super::lobby::{self, ToLobby};
use super::session;
use crate::protocol::names::{check_form, check_name};
use crate::protocol::{Event, GameId, Refusal, Request, Welcome};
use crate::ratings::shown;
use crate::store::{StoreHandle, Unfinished};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};
use tokio::sync::{Notify, mpsc, oneshot};

/// A session's number, unique in the server's run.
pub(crate) type SessionId = u64;

/// The events waiting for a session's front end at most: one that falls this far behind is
/// closed ([`Refusal::TooSlow`]) rather than buffered without bound.
pub const EVENT_QUEUE: usize = 1024;

/// Requests waiting for a session at most: a front end reading faster waits.
pub const REQUEST_QUEUE: usize = 64;

/// What the core sends a session's task.
#[derive(Debug)]
pub(crate) enum ToSession {
    /// An event for the client.
    Event(Event),
    /// The session plays (`side`) or watches (`None`) a game, through this room.
    Joined {
        game: GameId,
        room: super::room::RoomTx,
        side: Option<crate::protocol::Side>,
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

/// A session opened on the core: the requests its front end passes in, and the events it
/// passes out to the client. The first event is the [`Welcome`] (also given here).
#[derive(Debug)]
pub struct SessionLink {
    /// The login's answer.
    pub welcome: Welcome,
    /// Requests in. Dropping it ends the session (the player left).
    pub requests: mpsc::Sender<Request>,
    /// Events out; closed when the session ends (after a [`Event::Refused`] saying why).
    pub events: mpsc::Receiver<Event>,
}

/// The server's core: cheap to clone, shared by the front ends.
#[derive(Clone, Debug)]
pub struct Core {
    inner: Arc<Inner>,
}

#[derive(Debug)]
struct Inner {
    lobby: mpsc::UnboundedSender<ToLobby>,
    store: StoreHandle,
    config: ServerConfig,
    epoch: Instant,
    sessions: AtomicUsize,
    next_session: AtomicU64,
}

/// One session counted while it lives.
#[derive(Debug)]
pub(crate) struct Counted(Arc<Inner>);

impl Drop for Counted {
    fn drop(&mut self) {
        self.0.sessions.fetch_sub(1, Ordering::Relaxed);
    }
}

impl Core {
    /// The core on `store`, its lobby started with the games in progress `unfinished`
    /// (numbered from `next_game` on).
    pub(crate) fn start(
        config: ServerConfig,
        store: StoreHandle,
        next_game: GameId,
        unfinished: Vec<Unfinished>,
    ) -> Core {
        let (tx, rx) = mpsc::unbounded_channel();
        let core = Core {
            inner: Arc::new(Inner {
                lobby: tx,
                store,
                config,
                epoch: Instant::now(),
                sessions: AtomicUsize::new(0),
                next_session: AtomicU64::new(1),
            }),
        };
        lobby::spawn(core.clone(), rx, next_game, unfinished);
        core
    }

    /// The time since the server started: the clocks' time.
    pub(crate) fn now(&self) -> Duration {
        self.inner.epoch.elapsed()
    }

    /// The instant `now` stands for.
    pub(crate) fn instant(&self, now: Duration) -> Instant {
        self.inner.epoch + now
    }

    pub(crate) fn config(&self) -> &ServerConfig {
        &self.inner.config
    }

    pub(crate) fn store(&self) -> &StoreHandle {
        &self.inner.store
    }

    pub(crate) fn lobby(&self, msg: ToLobby) {
        let _ = self.inner.lobby.send(msg);
    }

    /// Sessions open now.
    #[must_use]
    pub fn sessions(&self) -> usize {
        self.inner.sessions.load(Ordering::Relaxed)
    }

    /// Opens a session for the player `name` holding `key` (the key's stored text:
    /// `x25519:…` for a native client's, a prefix of its own for another kind): the name is
    /// bound to the key on first use; a session of the same player open elsewhere is closed.
    /// `bot` marks the server's own computer players.
    ///
    /// # Errors
    /// The refusal to tell the client: a name not allowed or held by another key, a key
    /// bound to another name, a banned player, a full server, a store that fails.
    pub async fn open_session(
        &self,
        key: &str,
        name: &str,
        bot: bool,
    ) -> Result<SessionLink, Refusal> {
        let checked = if bot {
            check_form(name)
        } else {
            check_name(name)
        };
        checked.map_err(|e| Refusal::BadName { why: e.to_string() })?;
        let counted = self.count_session()?;
        let (key, asked) = (key.to_string(), name.to_string());
        let account = self
            .inner
            .store
            .call(move |s| s.login(&asked, &key, bot))
            .await
            .map_err(|e| {
                super::note(&format!("login: {e}"));
                Refusal::Unavailable
            })??;
        let id = self.inner.next_session.fetch_add(1, Ordering::Relaxed);
        let (inbox_tx, inbox_rx) = mpsc::channel(EVENT_QUEUE);
        let kill = Arc::new(Notify::new());
        let session = SessionTx {
            id,
            name: Arc::from(account.name.as_str()),
            tx: inbox_tx,
            kill: Arc::clone(&kill),
        };
        let (reply, answer) = oneshot::channel();
        self.lobby(ToLobby::Login {
            account: account.clone(),
            session: session.clone(),
            reply,
        });
        let games = answer.await.map_err(|_| Refusal::Stopping)?;
        let (events_tx, events) = mpsc::channel(EVENT_QUEUE);
        let (requests, requests_rx) = mpsc::channel(REQUEST_QUEUE);
        let welcome = Welcome {
            name: account.name.clone(),
            bot: account.bot,
            ratings: shown(&account.ratings),
            server: format!("xiangqi {}", env!("CARGO_PKG_VERSION")),
            games,
        };
        let _ = events_tx.try_send(Event::Welcome(welcome.clone()));
        session::spawn(session::Parts {
            core: self.clone(),
            id,
            account,
            me: session,
            inbox: inbox_rx,
            kill,
            requests: requests_rx,
            events: events_tx,
            counted,
        });
        Ok(SessionLink {
            welcome,
            requests,
            events,
        })
    }

    fn count_session(&self) -> Result<Counted, Refusal> {
        let n = self.inner.sessions.fetch_add(1, Ordering::Relaxed);
        let counted = Counted(Arc::clone(&self.inner));
        if n >= self.inner.config.limits.sessions {
            return Err(Refusal::Full);
        }
        Ok(counted)
    }
}
