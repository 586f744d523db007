//! The lobby's task: who is online, the open seeks, challenges and private games
//! ([`offers`]), the games in progress and who watches them; it starts each game's task and
//! hears when it ends. Only the sessions following the lobby are told its changes, so a
//! server full of players in games spends nothing on a list nobody looks at.

mod offers;

use super::core::Core;
use super::messages::{RoomTx, SessionId, SessionTx, ToLobby, ToRoom, ToSession};
use super::room::{self, RoomParts, Seat};
use crate::protocol::codec::SNAPSHOT_PART;
use crate::protocol::names::name_key;
use crate::protocol::{
    ClockSpec, ColourChoice, Denial, Event, GameId, GameSummary, PlayerEntry, PlayerState,
    PlayerTag, Refusal, Request, Room, Side, Variant,
};
use crate::ratings::{in_category, shown};
use crate::store::{Account, NewGame, PlayerId, RatingUpdate, Unfinished};
use crate::table::{Referee, Table};
use offers::Offers;
use std::collections::HashMap;
use tokio::sync::{mpsc, oneshot};

/// The start of a guest's name.
pub const GUEST_PREFIX: &str = "guest-";

/// How many games a bot plays at once.
pub(super) const BOT_GAMES: usize = 4;

struct Online {
    account: Account,
    session: SessionTx,
}

struct GameEntry {
    room: RoomTx,
    summary: GameSummary,
}

pub(crate) struct Lobby {
    core: Core,
    online: HashMap<PlayerId, Online>,
    names: HashMap<String, PlayerId>,
    followers: HashMap<SessionId, SessionTx>,
    games: HashMap<GameId, GameEntry>,
    playing: HashMap<PlayerId, Vec<(GameId, Side)>>,
    offers: Offers,
    next_game: GameId,
}

/// Starts the lobby's task, with the games in progress brought back from the store.
pub(crate) fn spawn(
    core: Core,
    mut rx: mpsc::UnboundedReceiver<ToLobby>,
    next_game: GameId,
    unfinished: Vec<Unfinished>,
) {
    let mut lobby = Lobby {
        core,
        online: HashMap::new(),
        names: HashMap::new(),
        followers: HashMap::new(),
        games: HashMap::new(),
        playing: HashMap::new(),
        offers: Offers::default(),
        next_game,
    };
    tokio::spawn(async move {
        for game in unfinished {
            lobby.restore(game);
        }
        while let Some(msg) = rx.recv().await {
            lobby.handle(msg);
        }
    });
}

fn tag(account: &Account, clock: ClockSpec) -> PlayerTag {
    PlayerTag {
        name: account.name.clone(),
        rating: in_category(&account.ratings, clock.category()).into(),
        bot: account.bot,
    }
}

impl Lobby {
    fn restore(&mut self, g: Unfinished) {
        // A Jieqi game's deal was never kept: the pieces nobody has seen are dealt anew,
        // which is as fair as the first deal (every deal agreeing with what was seen is as
        // likely) and leaves nothing in the database to read them from.
        let Some(random) = self.deal_number(g.variant) else {
            super::note(&format!("game {}: no randomness to deal it again", g.id));
            return;
        };
        let settings = self.core.config().table;
        let table = match Table::resume(g.clock, settings, g.variant, &g.moves, random) {
            Ok(t) => t,
            Err(e) => {
                super::note(&format!("game {} cannot be resumed: {e}", g.id));
                return;
            }
        };
        let seats = [
            Seat {
                id: g.red.id,
                tag: tag(&g.red, g.clock),
            },
            Seat {
                id: g.black.id,
                tag: tag(&g.black, g.clock),
            },
        ];
        self.open_room(g.id, table, seats, g.rated, [None, None]);
    }

    fn open_room(
        &mut self,
        id: GameId,
        table: Table,
        seats: [Seat; 2],
        rated: bool,
        sessions: [Option<SessionTx>; 2],
    ) {
        let summary = GameSummary {
            id,
            red: seats[0].tag.clone(),
            black: seats[1].tag.clone(),
            clock: table.spec(),
            rated,
            spectators: 0,
            variant: table.variant(),
        };
        for (seat, side) in seats.iter().zip([Side::Red, Side::Black]) {
            self.playing.entry(seat.id).or_default().push((id, side));
        }
        let room = room::spawn(RoomParts {
            core: self.core.clone(),
            id,
            table,
            seats,
            rated,
            sessions,
        });
        self.games.insert(id, GameEntry { room, summary });
    }

    fn handle(&mut self, msg: ToLobby) {
        match msg {
            ToLobby::Login {
                account,
                session,
                reply,
            } => self.login(account, session, reply),
            ToLobby::Logout { player, session } => self.logout(player, session),
            ToLobby::Request {
                player,
                session,
                req,
            } => {
                if let Err(reason) = self.request(player, &session, req) {
                    session.event(Event::Denied { game: None, reason });
                }
            }
            ToLobby::GameEnded {
                game,
                players,
                update,
            } => self.game_ended(game, players, update),
            ToLobby::Spectators { game, count } => {
                if let Some(entry) = self.games.get_mut(&game) {
                    entry.summary.spectators = count;
                    let event = Event::GameListed {
                        game: entry.summary.clone(),
                    };
                    self.tell_followers(&event);
                }
            }
        }
    }

    fn entry(&self, player: PlayerId) -> Option<PlayerEntry> {
        let online = self.online.get(&player)?;
        let state = match self.playing.get(&player).and_then(|g| g.first()) {
            Some(&(game, _)) => PlayerState::Playing { game },
            None => PlayerState::Idle,
        };
        Some(PlayerEntry {
            name: online.account.name.clone(),
            bot: online.account.bot,
            ratings: shown(&online.account.ratings),
            state,
        })
    }

    fn tell_followers(&self, event: &Event) {
        for s in self.followers.values() {
            s.event(event.clone());
        }
    }

    /// Tells the followers, and `also` if it does not follow.
    fn tell_followers_and(&self, event: &Event, also: &SessionTx) {
        self.tell_followers(event);
        if !self.followers.contains_key(&also.id) {
            also.event(event.clone());
        }
    }

    fn player_changed(&self, player: PlayerId) {
        if let Some(player) = self.entry(player) {
            self.tell_followers(&Event::PlayerOnline { player });
        }
    }

    fn login(&mut self, account: Account, session: SessionTx, reply: oneshot::Sender<Vec<GameId>>) {
        let player = account.id;
        if let Some(old) = self.online.remove(&player) {
            self.followers.remove(&old.session.id);
            old.session
                .send(ToSession::Close(Refusal::LoggedInElsewhere));
        }
        self.names.insert(name_key(&account.name), player);
        self.online.insert(
            player,
            Online {
                account,
                session: session.clone(),
            },
        );
        let games = self.playing.get(&player).cloned().unwrap_or_default();
        for &(game, side) in &games {
            if let Some(entry) = self.games.get(&game) {
                entry.room.send(ToRoom::Attach {
                    side,
                    session: session.clone(),
                });
            }
        }
        let _ = reply.send(games.iter().map(|&(g, _)| g).collect());
        self.player_changed(player);
    }

    fn logout(&mut self, player: PlayerId, session: SessionId) {
        self.followers.remove(&session);
        let current = self
            .online
            .get(&player)
            .is_some_and(|o| o.session.id == session);
        if !current {
            return;
        }
        if let Some(gone) = self.online.remove(&player) {
            self.names.remove(&name_key(&gone.account.name));
            self.withdraw_offers(player);
            for &(game, side) in self.playing.get(&player).into_iter().flatten() {
                if let Some(entry) = self.games.get(&game) {
                    entry.room.send(ToRoom::Detach { side, session });
                }
            }
            self.tell_followers(&Event::PlayerOffline {
                name: gone.account.name,
            });
        }
    }

    fn request(
        &mut self,
        player: PlayerId,
        session: &SessionTx,
        req: Request,
    ) -> Result<(), Denial> {
        match req {
            Request::Lobby { follow: true } => {
                self.followers.insert(session.id, session.clone());
                self.snapshot(session);
                Ok(())
            }
            Request::Lobby { follow: false } => {
                self.followers.remove(&session.id);
                Ok(())
            }
            Request::Watch { game } => {
                let entry = self.games.get(&game).ok_or(Denial::NoSuchGame)?;
                entry.room.send(ToRoom::Watch {
                    session: session.clone(),
                });
                Ok(())
            }
            Request::Chat {
                room: Room::Lobby,
                text,
            } => {
                let event = Event::Chat {
                    room: Room::Lobby,
                    from: session.name.to_string(),
                    text,
                    spectator: false,
                };
                self.tell_followers_and(&event, session);
                Ok(())
            }
            other => self.offer_request(player, session, other),
        }
    }

    fn snapshot(&self, session: &SessionTx) {
        let players: Vec<PlayerEntry> = self.online.keys().filter_map(|&p| self.entry(p)).collect();
        for part in players.chunks(SNAPSHOT_PART) {
            session.event(Event::Players {
                players: part.to_vec(),
            });
        }
        let seeks = self.offers.seek_entries(self);
        for part in seeks.chunks(SNAPSHOT_PART) {
            session.event(Event::Seeks {
                seeks: part.to_vec(),
            });
        }
        let games: Vec<GameSummary> = self.games.values().map(|g| g.summary.clone()).collect();
        for part in games.chunks(SNAPSHOT_PART) {
            session.event(Event::Games {
                games: part.to_vec(),
            });
        }
        session.event(Event::LobbyReady);
    }

    /// Is `player` playing as many games as they may?
    fn busy(&self, player: PlayerId) -> bool {
        let bot = self.online.get(&player).is_some_and(|o| o.account.bot);
        let most = if bot {
            BOT_GAMES
        } else {
            self.core.config().limits.games_per_player
        };
        self.playing.get(&player).is_some_and(|g| g.len() >= most)
    }

    fn busy_denial(&self, player: PlayerId) -> Denial {
        Denial::Busy {
            name: self
                .online
                .get(&player)
                .map_or_else(String::new, |o| o.account.name.clone()),
        }
    }

    /// Starts a game between `a` (who asked `a_colour`) and `b`, both online.
    /// Is `player` a guest: a name starting `guest-` (the SSH front end's players without a
    /// key; the prefix is no one else's to take)? Guests play casual games only.
    pub(super) fn guest(&self, player: PlayerId) -> bool {
        self.online
            .get(&player)
            .is_some_and(|o| o.account.name.starts_with(GUEST_PREFIX))
    }

    fn start_game(
        &mut self,
        (a, a_colour): (PlayerId, ColourChoice),
        (b, b_colour): (PlayerId, ColourChoice),
        clock: ClockSpec,
        rated: bool,
        variant: Variant,
    ) -> Result<(), Denial> {
        for p in [a, b] {
            // The engine knows xiangqi only: whatever way a Jieqi game reaches a bot (a seek
            // taken, a private code), it is refused.
            let bot = self.online.get(&p).is_some_and(|o| o.account.bot);
            if bot && variant != Variant::Xiangqi {
                return Err(Denial::BotsXiangqiOnly);
            }
            if self.busy(p) {
                return Err(self.busy_denial(p));
            }
            if rated && self.guest(p) {
                return Err(Denial::GuestsCasual);
            }
        }
        let a_red = match (a_colour, b_colour) {
            (ColourChoice::Red, _) | (_, ColourChoice::Black) => true,
            (ColourChoice::Black, _) | (_, ColourChoice::Red) => false,
            _ => coin(),
        };
        let (red, black) = if a_red { (a, b) } else { (b, a) };
        let (Some(r), Some(k)) = (self.online.get(&red), self.online.get(&black)) else {
            return Err(Denial::NoSuchPlayer);
        };
        // Without the system's randomness a deal could be foreseen: no game rather than that.
        let random = self.deal_number(variant).ok_or(Denial::NotNow)?;
        let seats = [
            Seat {
                id: red,
                tag: tag(&r.account, clock),
            },
            Seat {
                id: black,
                tag: tag(&k.account, clock),
            },
        ];
        let sessions = [Some(r.session.clone()), Some(k.session.clone())];
        let id = self.next_game;
        self.next_game += 1;
        let started = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX));
        let new = NewGame {
            id,
            red,
            black,
            clock,
            rated,
            started,
            variant,
        };
        self.core
            .store()
            .send("new game", move |s| s.create_game(&new));
        let referee = Referee::new(variant, random);
        let table = Table::of(referee, clock, self.core.config().table, self.core.now());
        self.open_room(id, table, seats, rated, sessions);
        for p in [a, b] {
            if self.busy(p) {
                self.withdraw_seeks(p);
            }
        }
        if let Some(entry) = self.games.get(&id) {
            self.tell_followers(&Event::GameListed {
                game: entry.summary.clone(),
            });
        }
        self.player_changed(a);
        self.player_changed(b);
        Ok(())
    }

    fn game_ended(&mut self, game: GameId, players: [PlayerId; 2], update: Option<RatingUpdate>) {
        let Some(entry) = self.games.remove(&game) else {
            return;
        };
        for p in players {
            if let Some(list) = self.playing.get_mut(&p) {
                list.retain(|&(g, _)| g != game);
                if list.is_empty() {
                    self.playing.remove(&p);
                }
            }
        }
        if let Some(u) = update {
            let i = crate::protocol::category_index(entry.summary.clock.category());
            for (p, (_, after)) in players.into_iter().zip([u.red, u.black]) {
                if let Some(o) = self.online.get_mut(&p) {
                    o.account.ratings[i] = after;
                }
            }
        }
        self.tell_followers(&Event::GameUnlisted { game });
        for p in players {
            self.player_changed(p);
        }
    }
}

impl Lobby {
    /// The number a game of `variant` is dealt from: 64 bits of the system's randomness for
    /// Jieqi (`None` if there are none to be had), nothing to deal in xiangqi.
    fn deal_number(&self, variant: Variant) -> Option<u64> {
        #[cfg(test)]
        if let Some(fixed) = self.core.config().fixed_deal {
            return Some(fixed);
        }
        match variant {
            Variant::Xiangqi => Some(0),
            Variant::Jieqi => getrandom::u64().ok(),
        }
    }
}

/// A fair coin from the system's randomness (red's side, drawn when neither asked).
fn coin() -> bool {
    getrandom::u32().map_or(true, |n| n & 1 == 0)
}
