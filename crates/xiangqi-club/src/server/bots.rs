//! Computer players in the lobby: the engine at a level, as a bot account (`Bot-5`, marked
//! a bot everywhere its name is shown). A bot is a session like any other, opened in the
//! process: it follows the lobby, takes a seek nobody took within a few seconds, accepts
//! challenges while it has room, and thinks on a blocking thread of its own per move.

use super::core::{Core, SessionLink};
use super::lobby::BOT_GAMES;
use crate::protocol::{Event, GameId, GameState, Request, SeekEntry, Side, Variant};
use std::collections::HashMap;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};
use tokio::sync::mpsc;
use xiangqi_engine::{Level, Limits, Searcher};
use xiangqi_rules::{Game, Move};

/// The transposition table of a bot's search, in mebibytes: small, since several think at
/// once on a small machine.
const BOT_HASH_MB: usize = 4;

/// Seats the engine at `level` as a bot; it logs in again if its session ends.
pub(super) fn spawn(core: Core, level: Level) {
    tokio::spawn(async move {
        loop {
            run(&core, level).await;
            tokio::time::sleep(Duration::from_secs(5)).await;
        }
    });
}

struct BotGame {
    side: Side,
    game: Game,
    state: GameState,
    clocks: crate::protocol::Clocks,
}

struct Bot {
    name: String,
    level: Level,
    requests: mpsc::Sender<Request>,
    games: HashMap<GameId, BotGame>,
    seeks: HashMap<u64, (SeekEntry, Instant)>,
    moves: mpsc::UnboundedSender<(GameId, u32, Move)>,
}

async fn run(core: &Core, level: Level) {
    let name = format!("Bot-{}", level.get());
    let key = format!("bot:{}", level.get());
    let link = match core.open_session(&key, &name, true).await {
        Ok(link) => link,
        Err(e) => {
            super::note(&format!("{name} cannot log in: {e}"));
            return;
        }
    };
    let SessionLink {
        requests,
        mut events,
        ..
    } = link;
    let (moves, mut moves_rx) = mpsc::unbounded_channel();
    let mut bot = Bot {
        name,
        level,
        requests,
        games: HashMap::new(),
        seeks: HashMap::new(),
        moves,
    };
    bot.ask(Request::Lobby { follow: true }).await;
    let patience = core.config().bot_patience;
    let mut ticker = tokio::time::interval(Duration::from_millis(500));
    loop {
        tokio::select! {
            event = events.recv() => match event {
                Some(e) => bot.event(e).await,
                None => return,
            },
            Some((game, ply, mv)) = moves_rx.recv() => {
                bot.ask(Request::Move { game, ply, mv: mv.to_string() }).await;
            }
            _ = ticker.tick() => bot.take_a_seek(patience).await,
        }
    }
}

impl Bot {
    async fn ask(&self, req: Request) {
        let _ = self.requests.send(req).await;
    }

    async fn take_a_seek(&mut self, patience: Duration) {
        if self.games.len() >= BOT_GAMES {
            return;
        }
        let waited = self
            .seeks
            .iter()
            .filter(|(_, (_, seen))| seen.elapsed() >= patience)
            .min_by_key(|(_, (_, seen))| *seen)
            .map(|(&id, _)| id);
        if let Some(seek) = waited {
            self.seeks.remove(&seek);
            self.ask(Request::AcceptSeek { seek }).await;
        }
    }

    async fn event(&mut self, event: Event) {
        match event {
            Event::Ping { token } => self.ask(Request::Pong { token }).await,
            Event::SeekOpen { seek } => self.seen(seek),
            Event::Seeks { seeks } => seeks.into_iter().for_each(|s| self.seen(s)),
            Event::SeekGone { seek } => {
                self.seeks.remove(&seek);
            }
            Event::Challenged { challenge } if challenge.to.name == self.name => {
                let accept = self.games.len() < BOT_GAMES;
                self.ask(Request::AnswerChallenge {
                    challenge: challenge.id,
                    accept,
                })
                .await;
            }
            Event::Started(state) => self.started(*state),
            Event::Moved {
                game, mv, clocks, ..
            } => {
                if let Some(g) = self.games.get_mut(&game) {
                    if let Ok(m) = mv.parse() {
                        let _ = g.game.play_unadjudicated(m);
                    }
                    g.clocks = clocks;
                }
                self.think(game);
            }
            Event::TakenBack { game, ply, clocks } => {
                if let Some(g) = self.games.get_mut(&game) {
                    while g.game.moves().len() > ply as usize {
                        g.game.undo();
                    }
                    g.clocks = clocks;
                }
                self.think(game);
            }
            // The engine plays on: it neither agrees draws nor gives moves back.
            Event::DrawOffered { game, by } if self.plays(game, by.other()) => {
                self.ask(Request::DeclineDraw { game }).await;
            }
            Event::TakebackAsked { game, by } if self.plays(game, by.other()) => {
                self.ask(Request::DeclineTakeback { game }).await;
            }
            Event::ClaimOpen { game, side } if self.plays(game, side) => {
                self.ask(Request::Claim { game, draw: false }).await;
            }
            Event::Ended { game, .. } => {
                self.games.remove(&game);
            }
            _ => {}
        }
    }

    /// Does the bot play `side` in `game`?
    fn plays(&self, game: GameId, side: Side) -> bool {
        self.games.get(&game).is_some_and(|g| g.side == side)
    }

    fn seen(&mut self, seek: SeekEntry) {
        // Bots leave each other's seeks alone: a game between two engines helps no one. The
        // engine plays xiangqi only, so a Jieqi seek is left to the players.
        if !seek.by.bot && seek.variant == Variant::Xiangqi {
            self.seeks.insert(seek.id, (seek, Instant::now()));
        }
    }

    fn started(&mut self, state: GameState) {
        let Some(side) = state.you else { return };
        if state.summary.variant != Variant::Xiangqi {
            return;
        }
        let mut game = Game::default();
        for mv in &state.moves {
            match mv.parse() {
                Ok(m) if game.play_unadjudicated(m).is_ok() => {}
                _ => return,
            }
        }
        let id = state.summary.id;
        let clocks = state.clocks;
        self.games.insert(
            id,
            BotGame {
                side,
                game,
                state,
                clocks,
            },
        );
        self.think(id);
    }

    /// Starts a search if it is the bot's move in `game`; the move comes back on the
    /// channel when found.
    fn think(&self, id: GameId) {
        let Some(g) = self.games.get(&id) else { return };
        if Side::from(g.game.position().turn()) != g.side || g.game.is_over() {
            return;
        }
        let left = match g.side {
            Side::Red => g.clocks.red_ms,
            Side::Black => g.clocks.black_ms,
        };
        let mut limits: Limits = self.level.limits(id ^ g.game.moves().len() as u64);
        limits.clock = Some(xiangqi_engine::Clock {
            time: Duration::from_millis(left),
            increment: Duration::from_secs(g.state.summary.clock.increment_secs.into()),
            moves_to_go: None,
        });
        let game = g.game.clone();
        let ply = u32::try_from(game.moves().len()).unwrap_or(u32::MAX);
        let moves = self.moves.clone();
        tokio::task::spawn_blocking(move || {
            let stop = AtomicBool::new(false);
            let mut searcher = Searcher::new(BOT_HASH_MB);
            let result = searcher.search(&game, &limits, &stop, |_| {});
            if let Some(best) = result.best {
                let _ = moves.send((id, ply, best));
            }
        });
    }
}
