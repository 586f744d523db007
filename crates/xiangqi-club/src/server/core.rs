//! The server's core as its front ends see it: a session opened for a player's key and name
//! is a pair of channels (requests in, events out), whatever carries them — a native
//! client's encrypted connection, a bot in the same process, another front end.

use super::ServerConfig;
use super::messages::{SessionId, ToLobby};
use crate::protocol::{Event, Refusal, Request, Welcome};
use crate::store::StoreHandle;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};
use tokio::sync::mpsc;

/// The events waiting for a session's front end at most: one that falls this far behind is
/// closed ([`Refusal::TooSlow`]) rather than buffered without bound.
pub const EVENT_QUEUE: usize = 1024;

/// Requests waiting for a session at most: a front end reading faster waits.
pub const REQUEST_QUEUE: usize = 64;

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
    /// The core on `store`, and the inbox of the lobby that its messages go to (the lobby's
    /// task is started on it by whoever starts the server).
    pub(crate) fn new(
        config: ServerConfig,
        store: StoreHandle,
    ) -> (Core, mpsc::UnboundedReceiver<ToLobby>) {
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
        (core, rx)
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

    /// A number for a new session.
    pub(crate) fn next_session(&self) -> SessionId {
        self.inner.next_session.fetch_add(1, Ordering::Relaxed)
    }

    /// Counts a session in, unless the server is full.
    ///
    /// # Errors
    /// [`Refusal::Full`]: as many sessions as the bounds allow are open.
    pub(crate) fn count_session(&self) -> Result<Counted, Refusal> {
        let n = self.inner.sessions.fetch_add(1, Ordering::Relaxed);
        let counted = Counted(Arc::clone(&self.inner));
        if n >= self.inner.config.limits.sessions {
            return Err(Refusal::Full);
        }
        Ok(counted)
    }
}
