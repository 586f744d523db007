//! A session's task: one per player logged in, whatever front end carries it. It passes the
//! client's requests to the lobby or to the game they are about (after its rate limits),
//! the events of the lobby and the games back out, pings the client to measure its lag, and
//! closes a client that falls silent or too far behind.

use super::core::{Core, Counted, EVENT_QUEUE, REQUEST_QUEUE, SessionLink};
use super::limits::Bucket;
use super::messages::{RoomTx, SessionId, SessionTx, ToLobby, ToRoom, ToSession};
use crate::protocol::names::clean_chat;
use crate::protocol::names::{check_form, check_name};
use crate::protocol::{Denial, Event, GameId, Refusal, Request, Room, Side, Welcome};
use crate::ratings::shown;
use crate::store::Account;
use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::{Notify, mpsc, oneshot};

/// The most games listed in one page of the archive.
pub(crate) const ARCHIVE_PAGE: usize = 50;

/// What a session's task is started with.
pub(crate) struct Parts {
    pub core: Core,
    pub id: SessionId,
    pub account: Account,
    pub me: SessionTx,
    pub inbox: mpsc::Receiver<ToSession>,
    pub kill: std::sync::Arc<Notify>,
    pub requests: mpsc::Receiver<Request>,
    pub events: mpsc::Sender<Event>,
    pub counted: Counted,
}

/// Starts a session's task.
pub(crate) fn spawn(parts: Parts) {
    tokio::spawn(run(parts));
}

impl Core {
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
            .store()
            .call(move |s| s.login(&asked, &key, bot))
            .await
            .map_err(|e| {
                super::note(&format!("login: {e}"));
                Refusal::Unavailable
            })??;
        let id = self.next_session();
        let (inbox_tx, inbox_rx) = mpsc::channel(EVENT_QUEUE);
        let kill = Arc::new(Notify::new());
        let session = SessionTx::new(
            id,
            Arc::from(account.name.as_str()),
            inbox_tx,
            Arc::clone(&kill),
        );
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
        spawn(Parts {
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
}

struct Session {
    core: Core,
    id: SessionId,
    account: Account,
    me: SessionTx,
    events: mpsc::Sender<Event>,
    rooms: HashMap<GameId, (RoomTx, Option<Side>)>,
    asks: Bucket,
    chats: Bucket,
    offers: Bucket,
    reads: Bucket,
    lag: Duration,
    ping: Option<(u32, Instant)>,
    token: u32,
    heard: Instant,
}

/// Whether a session goes on.
enum Flow {
    On,
    /// It ends, telling the client why if there is a reason (none: the front end left).
    Close(Option<Refusal>),
}

async fn run(parts: Parts) {
    let Parts {
        core,
        id,
        account,
        me,
        mut inbox,
        kill,
        mut requests,
        events,
        counted,
    } = parts;
    let limits = core.config().limits;
    let mut s = Session {
        core,
        id,
        account,
        me,
        events,
        rooms: HashMap::new(),
        asks: Bucket::new(40, Duration::from_millis(50)),
        chats: Bucket::new(5, Duration::from_secs(2)),
        offers: Bucket::new(10, Duration::from_secs(3)),
        reads: Bucket::new(10, Duration::from_millis(500)),
        lag: Duration::ZERO,
        ping: None,
        token: 0,
        heard: Instant::now(),
    };
    let mut ticker = tokio::time::interval(limits.ping_every);
    ticker.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let reason = loop {
        let flow = tokio::select! {
            req = requests.recv() => match req {
                Some(r) => s.request(r),
                None => Flow::Close(None),
            },
            msg = inbox.recv() => match msg {
                Some(m) => s.deliver(m),
                None => Flow::Close(None),
            },
            () = kill.notified() => Flow::Close(Some(Refusal::TooSlow)),
            _ = ticker.tick() => s.ping(limits.idle_timeout),
        };
        if let Flow::Close(reason) = flow {
            break reason;
        }
    };
    if let Some(reason) = reason {
        let _ = s.events.try_send(Event::Refused { reason });
    }
    s.core.lobby(ToLobby::Logout {
        player: s.account.id,
        session: s.id,
    });
    for (room, side) in s.rooms.values() {
        if side.is_none() {
            room.send(ToRoom::Unwatch { session: s.id });
        }
    }
    drop(counted);
}

impl Session {
    fn tell(&self, event: Event) -> Flow {
        match self.events.try_send(event) {
            Ok(()) => Flow::On,
            Err(mpsc::error::TrySendError::Full(_)) => Flow::Close(Some(Refusal::TooSlow)),
            Err(mpsc::error::TrySendError::Closed(_)) => Flow::Close(None),
        }
    }

    fn deny(&self, game: Option<GameId>, reason: Denial) -> Flow {
        self.tell(Event::Denied { game, reason })
    }

    fn deliver(&mut self, msg: ToSession) -> Flow {
        match msg {
            ToSession::Event(e) => self.tell(e),
            ToSession::Joined { game, room, side } => {
                self.rooms.insert(game, (room, side));
                Flow::On
            }
            ToSession::Left { game } => {
                self.rooms.remove(&game);
                Flow::On
            }
            ToSession::Close(reason) => Flow::Close(Some(reason)),
        }
    }

    fn ping(&mut self, idle: Duration) -> Flow {
        let now = Instant::now();
        if now.duration_since(self.heard) > idle {
            return Flow::Close(Some(Refusal::Timeout));
        }
        self.token = self.token.wrapping_add(1);
        self.ping = Some((self.token, now));
        self.tell(Event::Ping { token: self.token })
    }

    fn request(&mut self, req: Request) -> Flow {
        let now = Instant::now();
        self.heard = now;
        if let Request::Pong { token } = req {
            if let Some((sent, at)) = self.ping
                && sent == token
            {
                let rtt = now.duration_since(at);
                // A smoothed round trip: one slow answer moves it a quarter of the way.
                self.lag = (self.lag * 3 + rtt) / 4;
                self.ping = None;
            }
            return Flow::On;
        }
        if !self.asks.take(now) {
            return self.deny(req.game(), Denial::RateLimited);
        }
        match req {
            Request::Hello { .. } => Flow::Close(Some(Refusal::Protocol {
                what: "a second hello".into(),
            })),
            Request::Chat { room, text } => self.chat(room, &text, now),
            Request::Watch { game } if self.rooms.contains_key(&game) => Flow::On,
            Request::Unwatch { game } => {
                if let Some((room, None)) = self.rooms.get(&game) {
                    room.send(ToRoom::Unwatch { session: self.id });
                    self.rooms.remove(&game);
                }
                Flow::On
            }
            Request::Archive { player, before } => self.archive(player, before, now),
            Request::FetchPgn { game } => self.fetch_pgn(game, now),
            Request::Seek { .. } | Request::Challenge { .. } | Request::OpenPrivate { .. }
                if !self.offers.take(now) =>
            {
                self.deny(None, Denial::RateLimited)
            }
            r @ (Request::Lobby { .. }
            | Request::Seek { .. }
            | Request::CancelSeek { .. }
            | Request::AcceptSeek { .. }
            | Request::Challenge { .. }
            | Request::AnswerChallenge { .. }
            | Request::OpenPrivate { .. }
            | Request::JoinPrivate { .. }
            | Request::Watch { .. }) => {
                self.to_lobby(r);
                Flow::On
            }
            r => self.to_room(r),
        }
    }

    fn to_lobby(&self, req: Request) {
        self.core.lobby(ToLobby::Request {
            player: self.account.id,
            session: self.me.clone(),
            req,
        });
    }

    fn to_room(&self, req: Request) -> Flow {
        let Some(game) = req.game() else {
            return Flow::On;
        };
        let Some((room, side)) = self.rooms.get(&game) else {
            return self.deny(Some(game), Denial::NoSuchGame);
        };
        room.send(ToRoom::Request {
            session: self.id,
            side: *side,
            req,
            lag: self.lag,
        });
        Flow::On
    }

    fn chat(&mut self, room: Room, text: &str, now: Instant) -> Flow {
        if !self.chats.take(now) {
            return self.deny(None, Denial::RateLimited);
        }
        let Some(text) = clean_chat(text) else {
            return self.deny(None, Denial::Empty);
        };
        let req = Request::Chat { room, text };
        match room {
            Room::Lobby => {
                self.to_lobby(req);
                Flow::On
            }
            Room::Game { .. } => self.to_room(req),
        }
    }

    fn archive(&mut self, player: Option<String>, before: Option<GameId>, now: Instant) -> Flow {
        if !self.reads.take(now) {
            return self.deny(None, Denial::RateLimited);
        }
        let name = player.unwrap_or_else(|| self.account.name.clone());
        let me = self.me.clone();
        let store = self.core.store().clone();
        tokio::spawn(async move {
            let asked = name.clone();
            // One more than a page says whether there are more.
            let found = store
                .call(move |s| s.archive(&asked, before, ARCHIVE_PAGE + 1))
                .await;
            me.event(match found {
                Ok(Some(mut games)) => {
                    let more = games.len() > ARCHIVE_PAGE;
                    games.truncate(ARCHIVE_PAGE);
                    Event::ArchivePage {
                        player: name,
                        games,
                        more,
                    }
                }
                Ok(None) => Event::Denied {
                    game: None,
                    reason: Denial::NoSuchPlayer,
                },
                Err(_) => Event::Denied {
                    game: None,
                    reason: Denial::Storage,
                },
            });
        });
        Flow::On
    }

    fn fetch_pgn(&mut self, game: GameId, now: Instant) -> Flow {
        if !self.reads.take(now) {
            return self.deny(Some(game), Denial::RateLimited);
        }
        let me = self.me.clone();
        let store = self.core.store().clone();
        tokio::spawn(async move {
            let found = store.call(move |s| s.pgn(game)).await;
            me.event(match found {
                Ok(Some(pgn)) => Event::Pgn { game, pgn },
                Ok(None) => Event::Denied {
                    game: Some(game),
                    reason: Denial::NoSuchGame,
                },
                Err(_) => Event::Denied {
                    game: Some(game),
                    reason: Denial::Storage,
                },
            });
        });
        Flow::On
    }
}
