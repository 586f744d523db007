//! The lobby as the screen holds it: who is online, the open seeks, the games in progress,
//! the challenges, the lobby's chat and one's archive, kept up to date from the server's
//! events ([`Lobby::hear`]); what the player is typing (a form, a prompt) and what the
//! message line says. Nothing here draws or touches the network: keys become [`Order`]s
//! (`keys`), which the loop carries out.

use crate::tui::i18n::lang::Lang;
use crate::tui::state::prompt::edit::LineEdit;
use std::collections::VecDeque;
use xiangqi_club::client::CloseReason;
use xiangqi_club::protocol::{
    ArchiveEntry, ChallengeEntry, ClockSpec, ColourChoice, Denial, Event, GameSummary, PlayerEntry,
    RatingShown, Request, Room, SeekEntry, Variant, Welcome,
};
use xiangqi_rating::Category;

/// The lobby's chat lines kept; older ones scroll away.
pub const CHAT_KEPT: usize = 200;

/// The lists the arrows move in; Tab goes to the next.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Pane {
    /// Open seeks: Enter accepts one.
    Seeks,
    /// Games in progress: Enter watches one.
    Games,
    /// Players online: Enter challenges one.
    Players,
    /// One's finished games: Enter opens one in review.
    Archive,
}

/// What a form sends.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FormKind {
    /// A seek to anyone.
    Seek,
    /// A challenge to this player.
    Challenge(String),
    /// A private game, joined by its code.
    Private,
}

/// The number of a form's fields.
pub const FORM_FIELDS: usize = 4;

/// A seek, challenge or private game being filled in: the clock as typed, rated, colour,
/// and the game (xiangqi or Jieqi).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Form {
    /// What it sends.
    pub kind: FormKind,
    /// The clock, typed (`5+3`).
    pub clock: LineEdit,
    /// Rated or casual.
    pub rated: bool,
    /// The side asked for.
    pub colour: ColourChoice,
    /// The game asked for; Jieqi is casual only, so with it `rated` stays off.
    pub variant: Variant,
    /// The field the keys change: 0 clock, 1 rated, 2 colour, 3 game.
    pub field: usize,
}

/// A line typed on the message line.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Ask {
    /// A lobby chat line.
    Chat,
    /// The name of the player to challenge.
    Challenge,
    /// A private game's code.
    Code,
}

/// What the keys do now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LobbyMode {
    /// Moving in the lists.
    Browse,
    /// Filling in a form.
    Form(Form),
    /// Typing a line.
    Prompt(Ask, LineEdit),
}

/// What the message line says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LobbyNote {
    /// The server refused a request.
    Denied(Denial),
    /// A clock typed that is not one.
    BadClock(String),
    /// A private game is open: its code to give.
    PrivateOpened {
        /// The code.
        code: String,
        /// Its clock.
        clock: ClockSpec,
    },
    /// A challenge received, to accept or decline with y / n.
    Challenged(ChallengeEntry),
    /// One's challenge went to this player, for this game.
    ChallengeSent(String, Variant),
    /// A challenge was declined or withdrawn.
    ChallengeGone {
        /// Declined by its receiver (else withdrawn or taken up).
        declined: bool,
    },
    /// Enter on an empty list, or a key that needs a selection.
    NothingSelected,
    /// Enter on one's own seek: `x` withdraws it.
    OwnSeek,
    /// One's game goes on: `b` goes back to it.
    GameGoesOn,
    /// The session ended: `r` reconnects.
    Closed(CloseReason),
    /// Connecting again.
    Reconnecting,
    /// The archive is being fetched.
    Fetching,
    /// A game of the archive does not open in review.
    NoReview(NoReview),
}

/// Why a game of one's archive does not open in review.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum NoReview {
    /// A Jieqi game: the review screen is xiangqi's.
    Jieqi,
    /// Its record does not read.
    Unreadable,
}

/// What the loop is asked to do after a key or an event.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Order {
    /// Send this request to the server.
    Send(Request),
    /// Show the board of one's game again.
    BackToGame,
    /// Open this finished game's PGN in review.
    Review(String),
    /// Connect again.
    Reconnect,
    /// Leave the program.
    Quit,
}

/// The lobby screen's state.
#[derive(Clone, Debug)]
pub struct Lobby {
    /// The screen's language.
    pub lang: Lang,
    /// The server's address as given.
    pub server: String,
    /// This player, as the server welcomed them.
    pub me: Welcome,
    /// Players online, by name.
    pub players: Vec<PlayerEntry>,
    /// Open seeks, oldest first.
    pub seeks: Vec<SeekEntry>,
    /// Games in progress, by number.
    pub games: Vec<GameSummary>,
    /// Challenges to or from this player.
    pub challenges: Vec<ChallengeEntry>,
    /// The lobby's chat: who said what, oldest first.
    pub chat: VecDeque<(String, String)>,
    /// One's finished games, once asked for.
    pub archive: Vec<ArchiveEntry>,
    /// The snapshot is complete.
    pub ready: bool,
    /// The list the arrows move in.
    pub pane: Pane,
    /// The selected line of each pane (seeks, games, players, archive).
    pub selected: [usize; 4],
    /// What the keys do now.
    pub mode: LobbyMode,
    /// What the message line says.
    pub note: Option<LobbyNote>,
    /// The clock, rating and colour the last form sent: the next form starts from them,
    /// and the players' ratings shown are of its category.
    pub last: (ClockSpec, bool, ColourChoice),
    /// The game the last form asked for: the next form starts from it.
    pub last_variant: Variant,
    /// One's own game in progress, which the board shows.
    pub playing: Option<u64>,
    /// The session has ended.
    pub closed: bool,
    /// ASCII borders, for terminals that draw box lines two cells wide (`--ascii`).
    pub ascii: bool,
}

impl Lobby {
    /// A lobby on `server` for the player `me`, before the snapshot.
    #[must_use]
    pub fn new(lang: Lang, server: &str, me: Welcome) -> Lobby {
        Lobby {
            lang,
            server: server.to_string(),
            me,
            players: Vec::new(),
            seeks: Vec::new(),
            games: Vec::new(),
            challenges: Vec::new(),
            chat: VecDeque::new(),
            archive: Vec::new(),
            ready: false,
            pane: Pane::Seeks,
            selected: [0; 4],
            mode: LobbyMode::Browse,
            note: None,
            last: (ClockSpec::minutes(5, 3), false, ColourChoice::Random),
            last_variant: Variant::Xiangqi,
            playing: None,
            closed: false,
            ascii: false,
        }
    }

    /// The rating category the player list shows: the last form's clock's.
    #[must_use]
    pub fn category(&self) -> Category {
        self.last.0.category()
    }

    /// A rating of `ratings` in the category shown.
    #[must_use]
    pub fn rating_of(&self, ratings: &[RatingShown; 4]) -> RatingShown {
        ratings[category_slot(self.category())]
    }

    /// The number of lines in `pane`.
    #[must_use]
    pub fn len(&self, pane: Pane) -> usize {
        match pane {
            Pane::Seeks => self.seeks.len(),
            Pane::Games => self.games.len(),
            Pane::Players => self.players.len(),
            Pane::Archive => self.archive.len(),
        }
    }

    /// The selected line of `pane`, within its length.
    #[must_use]
    pub fn selection(&self, pane: Pane) -> Option<usize> {
        let len = self.len(pane);
        (len > 0).then(|| self.selected[pane_slot(pane)].min(len - 1))
    }

    /// Takes in one event of the server; what it asks of the loop (a PGN to open).
    pub fn hear(&mut self, event: &Event) -> Vec<Order> {
        match event {
            Event::Welcome(welcome) => self.me = welcome.clone(),
            Event::Players { players } => {
                for p in players {
                    self.player_online(p);
                }
            }
            Event::PlayerOnline { player } => {
                if player.name == self.me.name {
                    self.me.ratings = player.ratings;
                }
                self.player_online(player);
            }
            Event::PlayerOffline { name } => self.players.retain(|p| &p.name != name),
            Event::Seeks { seeks } => {
                for s in seeks {
                    self.seek_open(s);
                }
            }
            Event::SeekOpen { seek } => self.seek_open(seek),
            Event::SeekGone { seek } => self.seeks.retain(|s| s.id != *seek),
            Event::Games { games } => {
                for g in games {
                    self.game_listed(g);
                }
            }
            Event::GameListed { game } => self.game_listed(game),
            Event::GameUnlisted { game } => self.games.retain(|g| g.id != *game),
            Event::Spectators { game, count } => {
                if let Some(g) = self.games.iter_mut().find(|g| g.id == *game) {
                    g.spectators = *count;
                }
            }
            Event::LobbyReady => self.ready = true,
            Event::Challenged { challenge } => {
                self.challenges.retain(|c| c.id != challenge.id);
                self.challenges.push(challenge.clone());
                if challenge.to.name == self.me.name {
                    self.note = Some(LobbyNote::Challenged(challenge.clone()));
                } else if challenge.from.name == self.me.name {
                    self.note = Some(LobbyNote::ChallengeSent(
                        challenge.to.name.clone(),
                        challenge.variant,
                    ));
                }
            }
            Event::ChallengeGone {
                challenge,
                declined,
            } => {
                self.challenges.retain(|c| c.id != *challenge);
                if matches!(&self.note, Some(LobbyNote::Challenged(c)) if c.id == *challenge) {
                    self.note = None;
                }
                if *declined {
                    self.note = Some(LobbyNote::ChallengeGone { declined: true });
                }
            }
            Event::PrivateOpened { code, clock, .. } => {
                self.note = Some(LobbyNote::PrivateOpened {
                    code: code.clone(),
                    clock: *clock,
                });
            }
            Event::Chat {
                room: Room::Lobby,
                from,
                text,
                ..
            } => {
                if self.chat.len() == CHAT_KEPT {
                    self.chat.pop_front();
                }
                self.chat.push_back((from.clone(), text.clone()));
            }
            Event::ArchivePage { games, .. } => {
                self.archive.clone_from(games);
                self.pane = Pane::Archive;
                self.selected[pane_slot(Pane::Archive)] = 0;
                self.note = None;
            }
            Event::Pgn { pgn, .. } => return vec![Order::Review(pgn.clone())],
            // A refusal in one's own game is said on its board.
            Event::Denied { game, reason } if game.is_none() || *game != self.playing => {
                self.note = Some(LobbyNote::Denied(reason.clone()));
            }
            Event::Started(state) if state.you.is_some() => {
                self.playing = Some(state.summary.id);
            }
            Event::Ended { game, .. } if self.playing == Some(*game) => self.playing = None,
            _ => {}
        }
        Vec::new()
    }

    /// The session ended for `reason`.
    pub fn closed(&mut self, reason: CloseReason) {
        self.closed = true;
        self.ready = false;
        self.mode = LobbyMode::Browse;
        self.note = Some(LobbyNote::Closed(reason));
    }

    /// A new session: the lists are filled again from its snapshot.
    pub fn reopened(&mut self, me: Welcome) {
        self.me = me;
        self.players.clear();
        self.seeks.clear();
        self.games.clear();
        self.challenges.clear();
        self.closed = false;
        self.note = None;
    }

    fn player_online(&mut self, player: &PlayerEntry) {
        match self.players.binary_search_by(|p| p.name.cmp(&player.name)) {
            Ok(at) => self.players[at] = player.clone(),
            Err(at) => self.players.insert(at, player.clone()),
        }
    }

    fn seek_open(&mut self, seek: &SeekEntry) {
        match self.seeks.iter_mut().find(|s| s.id == seek.id) {
            Some(s) => *s = seek.clone(),
            None => self.seeks.push(seek.clone()),
        }
    }

    fn game_listed(&mut self, game: &GameSummary) {
        match self.games.binary_search_by_key(&game.id, |g| g.id) {
            Ok(at) => self.games[at] = game.clone(),
            Err(at) => self.games.insert(at, game.clone()),
        }
    }
}

/// The index of `pane` in [`Lobby::selected`].
#[must_use]
pub const fn pane_slot(pane: Pane) -> usize {
    match pane {
        Pane::Seeks => 0,
        Pane::Games => 1,
        Pane::Players => 2,
        Pane::Archive => 3,
    }
}

/// The index of `category` in a player's four ratings (bullet, blitz, rapid, classical).
#[must_use]
pub const fn category_slot(category: Category) -> usize {
    match category {
        Category::Bullet => 0,
        Category::Blitz => 1,
        Category::Rapid => 2,
        Category::Classical => 3,
    }
}
