//! A game's task: its [`Table`] (the referee), its players' and spectators' sessions, and
//! its moves kept in the store as they are played. It sleeps until the table's next
//! deadline (a flag, a first move, a grace period) or the next message, whichever comes
//! first; when the game ends it archives it (ratings and PGN, in the store's transaction),
//! tells everyone, and stops.

use super::core::Core;
use super::messages::{RoomTx, SessionId, SessionTx, ToLobby, ToRoom, ToSession};
use crate::protocol::{
    Denial, Ending, Event, GameId, GameState, GameSummary, PlayerTag, RatingChange, Request, Room,
    Side,
};
use crate::store::{PlayerId, RatingUpdate};
use crate::table::{Change, Table};
use std::collections::HashMap;
use std::time::Duration;
use tokio::sync::mpsc;
use xiangqi_rating::Rating;

/// A player at the table.
#[derive(Clone, Debug)]
pub(crate) struct Seat {
    pub id: PlayerId,
    pub tag: PlayerTag,
}

/// What a game's task starts with.
pub(crate) struct RoomParts {
    pub core: Core,
    pub id: GameId,
    pub table: Table,
    pub seats: [Seat; 2],
    pub rated: bool,
    pub sessions: [Option<SessionTx>; 2],
}

/// Starts a game's task; its players' sessions (those given) are told it began.
pub(crate) fn spawn(parts: RoomParts) -> RoomTx {
    let (me, rx) = RoomTx::channel();
    let room = GameRoom {
        core: parts.core,
        id: parts.id,
        me: me.clone(),
        table: parts.table,
        seats: parts.seats,
        rated: parts.rated,
        sessions: parts.sessions,
        spectators: HashMap::new(),
    };
    tokio::spawn(run(room, rx));
    me
}

struct GameRoom {
    core: Core,
    id: GameId,
    me: RoomTx,
    table: Table,
    seats: [Seat; 2],
    rated: bool,
    sessions: [Option<SessionTx>; 2],
    spectators: HashMap<SessionId, SessionTx>,
}

fn ix(side: Side) -> usize {
    match side {
        Side::Red => 0,
        Side::Black => 1,
    }
}

async fn run(mut room: GameRoom, mut rx: mpsc::UnboundedReceiver<ToRoom>) {
    for side in [Side::Red, Side::Black] {
        if let Some(session) = room.sessions[ix(side)].clone() {
            room.join(&session, Some(side));
        }
    }
    while room.table.ending().is_none() {
        let deadline = room.table.next_deadline();
        let msg = match deadline {
            Some(t) => {
                let at = tokio::time::Instant::from_std(room.core.instant(t));
                tokio::select! {
                    m = rx.recv() => m,
                    () = tokio::time::sleep_until(at) => {
                        let changes = room.table.tick(room.core.now());
                        room.apply(changes).await;
                        continue;
                    }
                }
            }
            None => rx.recv().await,
        };
        let Some(msg) = msg else { break };
        room.handle(msg).await;
    }
    room.finish().await;
}

impl GameRoom {
    fn summary(&self) -> GameSummary {
        GameSummary {
            id: self.id,
            red: self.seats[0].tag.clone(),
            black: self.seats[1].tag.clone(),
            clock: self.table.spec(),
            rated: self.rated,
            spectators: u32::try_from(self.spectators.len()).unwrap_or(u32::MAX),
            variant: self.table.variant(),
        }
    }

    fn state(&self, you: Option<Side>) -> GameState {
        GameState {
            summary: self.summary(),
            you,
            moves: self
                .table
                .referee()
                .moves()
                .iter()
                .map(ToString::to_string)
                .collect(),
            clocks: self.table.clocks(self.core.now()),
            draw_offer: self.table.draw_offer(),
            takeback: self.table.takeback(),
            absent: self.table.absent(),
        }
    }

    /// Tells `session` it plays (`side`) or watches this game, and how the game stands.
    fn join(&self, session: &SessionTx, side: Option<Side>) {
        session.send(ToSession::Joined {
            game: self.id,
            room: self.me.clone(),
            side,
        });
        session.event(Event::Started(Box::new(self.state(side))));
    }

    fn everyone(&self) -> impl Iterator<Item = &SessionTx> {
        self.sessions
            .iter()
            .flatten()
            .chain(self.spectators.values())
    }

    fn broadcast(&self, event: &Event) {
        for s in self.everyone() {
            s.event(event.clone());
        }
    }

    fn spectators_changed(&self) {
        let count = u32::try_from(self.spectators.len()).unwrap_or(u32::MAX);
        self.broadcast(&Event::Spectators {
            game: self.id,
            count,
        });
        self.core.lobby(ToLobby::Spectators {
            game: self.id,
            count,
        });
    }

    async fn handle(&mut self, msg: ToRoom) {
        let now = self.core.now();
        match msg {
            ToRoom::Request {
                session,
                side,
                req,
                lag,
            } => self.request(session, side, req, lag).await,
            ToRoom::Attach { side, session } => {
                self.join(&session, Some(side));
                self.sessions[ix(side)] = Some(session);
                let changes = self.table.back(side, now);
                self.apply(changes).await;
            }
            ToRoom::Detach { side, session } => {
                if self.sessions[ix(side)]
                    .as_ref()
                    .is_some_and(|s| s.id == session)
                {
                    self.sessions[ix(side)] = None;
                    let changes = self.table.leave(side, now);
                    self.apply(changes).await;
                }
            }
            ToRoom::Watch { session } => {
                self.join(&session, None);
                self.spectators.insert(session.id, session);
                self.spectators_changed();
            }
            ToRoom::Unwatch { session } => {
                if self.spectators.remove(&session).is_some() {
                    self.spectators_changed();
                }
            }
        }
    }

    async fn request(
        &mut self,
        session: SessionId,
        side: Option<Side>,
        req: Request,
        lag: Duration,
    ) {
        let now = self.core.now();
        let Some(side) = side else {
            return self.spectator_request(session, req);
        };
        let Some(player) = self.sessions[ix(side)].clone().filter(|s| s.id == session) else {
            return;
        };
        let result = match req {
            Request::Move { ply, mv, .. } => self.table.play(side, ply, &mv, now, lag),
            Request::OfferDraw { .. } => self.table.offer_draw(side, now),
            Request::DeclineDraw { .. } => self.table.decline_draw(side),
            Request::AskTakeback { .. } => self.table.ask_takeback(side, now),
            Request::DeclineTakeback { .. } => self.table.decline_takeback(side),
            Request::Resign { .. } => self.table.resign(side, now),
            Request::Abort { .. } => self.table.abort(side, now),
            Request::Claim { draw, .. } => self.table.claim(side, draw, now),
            Request::Chat { text, .. } => {
                self.broadcast(&Event::Chat {
                    room: Room::Game { game: self.id },
                    from: self.seats[ix(side)].tag.name.clone(),
                    text,
                    spectator: false,
                });
                return;
            }
            _ => return,
        };
        match result {
            Ok(changes) => self.apply(changes).await,
            Err(reason) => player.event(Event::Denied {
                game: Some(self.id),
                reason,
            }),
        }
    }

    fn spectator_request(&self, session: SessionId, req: Request) {
        let Some(me) = self.spectators.get(&session) else {
            return;
        };
        match req {
            Request::Chat { text, .. } => {
                let from = self.core_name_of(session);
                let event = Event::Chat {
                    room: Room::Game { game: self.id },
                    from,
                    text,
                    spectator: true,
                };
                for s in self.spectators.values() {
                    s.event(event.clone());
                }
            }
            _ => me.event(Event::Denied {
                game: Some(self.id),
                reason: Denial::NotAPlayer,
            }),
        }
    }

    /// A spectator's name, as their session gave it when they began to watch.
    fn core_name_of(&self, session: SessionId) -> String {
        self.spectators
            .get(&session)
            .map_or_else(String::new, |s| s.name.to_string())
    }

    async fn apply(&mut self, changes: Vec<Change>) {
        let game = self.id;
        for change in changes {
            let event = match change {
                Change::Moved { ply, mv, clocks } => {
                    let times = self.table.last_mark();
                    // Committed before anyone is told of it (and before the next request is
                    // taken): a move the players have seen survives a crash; a crash loses
                    // at most the move being committed, which nobody has seen.
                    let kept = self
                        .core
                        .store()
                        .call(move |s| s.record_move(game, ply, mv, times))
                        .await;
                    if let Err(e) = kept {
                        super::note(&format!("game {game}: move {ply} not kept: {e}"));
                    }
                    Event::Moved {
                        game,
                        ply,
                        mv: mv.to_string(),
                        clocks,
                    }
                }
                Change::TakenBack { ply, clocks } => {
                    // Committed before it is told, as a move is: a takeback the players saw
                    // survives a crash.
                    let kept = self
                        .core
                        .store()
                        .call(move |s| s.take_back(game, ply))
                        .await;
                    if let Err(e) = kept {
                        super::note(&format!("game {game}: takeback to {ply} not kept: {e}"));
                    }
                    Event::TakenBack { game, ply, clocks }
                }
                Change::DrawOffered(by) => Event::DrawOffered { game, by },
                Change::DrawDeclined => Event::DrawDeclined { game },
                Change::TakebackAsked(by) => Event::TakebackAsked { game, by },
                Change::TakebackDeclined => Event::TakebackDeclined { game },
                Change::Presence {
                    side,
                    present,
                    claim_in,
                } => Event::Presence {
                    game,
                    side,
                    present,
                    claim_in_ms: claim_in.map(|d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX)),
                },
                Change::ClaimOpen(side) => Event::ClaimOpen { game, side },
                // Told by `finish`, with the ratings.
                Change::Ended(_) => continue,
            };
            self.broadcast(&event);
        }
    }

    async fn finish(&mut self) {
        let Some(ended) = self.table.ending() else {
            return;
        };
        let game = self.id;
        let at = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX));
        let update = match self
            .core
            .store()
            .call(move |s| s.finish_game(game, ended, at))
            .await
        {
            Ok(u) => u,
            Err(e) => {
                super::note(&format!("game {game}: result not kept: {e}"));
                None
            }
        };
        let change = |(b, a): (Rating, Rating)| RatingChange {
            before: b.into(),
            after: a.into(),
        };
        let ending = Ending {
            verdict: ended.verdict,
            how: ended.how,
            ratings: update.map(|u: RatingUpdate| [change(u.red), change(u.black)]),
        };
        self.broadcast(&Event::Ended { game, ending });
        for s in self.everyone() {
            s.send(ToSession::Left { game });
        }
        self.core.lobby(ToLobby::GameEnded {
            game,
            players: [self.seats[0].id, self.seats[1].id],
            update,
        });
    }
}
