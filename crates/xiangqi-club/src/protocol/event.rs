//! What the server tells a client: the answer to its hello, the lobby, its games and the
//! games it watches, chat, the archive.

use super::{ClockSpec, ColourChoice, GameId, PlayerTag, RatingShown, Room, Side, Variant};
use serde::{Deserialize, Serialize};
use xiangqi_rules::Termination;

/// A server's message.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case")]
pub enum Event {
    /// Logged in.
    Welcome(Welcome),
    /// The login is refused, or the session ends: the server closes the connection after it.
    Refused {
        /// Why.
        reason: Refusal,
    },
    /// A request was not carried out; nothing changed.
    Denied {
        /// The game it was about, if any.
        game: Option<GameId>,
        /// Why.
        reason: Denial,
    },
    /// Players online (the lobby's snapshot comes in parts of at most
    /// [`SNAPSHOT_PART`](super::codec::SNAPSHOT_PART) entries).
    Players {
        /// Some of them.
        players: Vec<PlayerEntry>,
    },
    /// A player came online, or their rating or state changed.
    PlayerOnline {
        /// The player as they are now.
        player: PlayerEntry,
    },
    /// A player left.
    PlayerOffline {
        /// Who.
        name: String,
    },
    /// Open seeks (the lobby's snapshot).
    Seeks {
        /// Some of them.
        seeks: Vec<SeekEntry>,
    },
    /// A seek was opened (to those following the lobby, and to its owner).
    SeekOpen {
        /// The seek.
        seek: SeekEntry,
    },
    /// A seek was taken or withdrawn.
    SeekGone {
        /// Which.
        seek: u64,
    },
    /// Games in progress (the lobby's snapshot).
    Games {
        /// Some of them.
        games: Vec<GameSummary>,
    },
    /// A game began, or its spectators changed.
    GameListed {
        /// The game.
        game: GameSummary,
    },
    /// A game ended.
    GameUnlisted {
        /// Which.
        game: GameId,
    },
    /// The lobby's snapshot is complete; changes follow.
    LobbyReady,
    /// A challenge to or from this player.
    Challenged {
        /// The challenge.
        challenge: ChallengeEntry,
    },
    /// A challenge was declined, withdrawn or taken up.
    ChallengeGone {
        /// Which.
        challenge: u64,
        /// Its receiver declined it.
        declined: bool,
    },
    /// A private game is open: a friend joins it with this code.
    PrivateOpened {
        /// The code.
        code: String,
        /// The clock.
        clock: ClockSpec,
        /// Rated or casual.
        rated: bool,
    },
    /// A game this client plays or watches, as it stands: at its start, on coming back to
    /// it, or on starting to watch it.
    Started(Box<GameState>),
    /// A move was played.
    Moved {
        /// The game.
        game: GameId,
        /// Moves played, this one included.
        ply: u32,
        /// The move, `h2e2`; in Jieqi with the piece it turned over, `a0a1P`.
        mv: String,
        /// The clocks after it.
        clocks: Clocks,
    },
    /// A player offered a draw.
    DrawOffered {
        /// The game.
        game: GameId,
        /// Who.
        by: Side,
    },
    /// A draw offer was declined (or lapsed with a move).
    DrawDeclined {
        /// The game.
        game: GameId,
    },
    /// A player asked to take a move back.
    TakebackAsked {
        /// The game.
        game: GameId,
        /// Who.
        by: Side,
    },
    /// A takeback request was refused (or lapsed with a move).
    TakebackDeclined {
        /// The game.
        game: GameId,
    },
    /// Moves were taken back: the game now has `ply` moves.
    TakenBack {
        /// The game.
        game: GameId,
        /// Moves left.
        ply: u32,
        /// The clocks as they were then.
        clocks: Clocks,
    },
    /// A player left the game (dropped) or came back.
    Presence {
        /// The game.
        game: GameId,
        /// Whose.
        side: Side,
        /// Here now.
        present: bool,
        /// While away: milliseconds until the other player may claim the game.
        claim_in_ms: Option<u64>,
    },
    /// The grace period is over: `side` may claim the game ([`Request::Claim`]).
    ///
    /// [`Request::Claim`]: super::Request::Claim
    ClaimOpen {
        /// The game.
        game: GameId,
        /// Who may claim.
        side: Side,
    },
    /// How many watch a game.
    Spectators {
        /// The game.
        game: GameId,
        /// How many.
        count: u32,
    },
    /// A game ended.
    Ended {
        /// The game.
        game: GameId,
        /// How.
        ending: Ending,
    },
    /// A chat line.
    Chat {
        /// Where it was said.
        room: Room,
        /// Who said it.
        from: String,
        /// What (cleaned of control characters).
        text: String,
        /// Said by a spectator (a game's spectators alone hear it).
        spectator: bool,
    },
    /// Finished games of a player, newest first.
    ArchivePage {
        /// Whose.
        player: String,
        /// The games.
        games: Vec<ArchiveEntry>,
        /// More games come before the last one listed.
        more: bool,
    },
    /// A finished game's PGN.
    Pgn {
        /// The game.
        game: GameId,
        /// The PGN text.
        pgn: String,
    },
    /// Answer with [`Request::Pong`](super::Request::Pong) at once.
    Ping {
        /// The token to send back.
        token: u32,
    },
}

/// The answer to a client's hello.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Welcome {
    /// The name, as the server keeps it.
    pub name: String,
    /// A bot account.
    pub bot: bool,
    /// The ratings: bullet, blitz, rapid, classical.
    pub ratings: [RatingShown; 4],
    /// The server's software and version.
    pub server: String,
    /// Games in progress this player is in (each follows as [`Event::Started`]).
    pub games: Vec<GameId>,
}

/// Why a login is refused or a session ends.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Refusal {
    /// The client speaks another version.
    #[error("the server speaks protocol version {server}; this client speaks {client}")]
    Version {
        /// The server's.
        server: u32,
        /// The client's.
        client: u32,
    },
    /// The name is not one the server takes.
    #[error("the name is refused: {why}")]
    BadName {
        /// Why.
        why: String,
    },
    /// Another key holds the name.
    #[error("the name {name:?} belongs to another player's key")]
    NameTaken {
        /// The name.
        name: String,
    },
    /// This key is already bound to another name.
    #[error("this key belongs to the player {name:?}: log in with that name")]
    KeyHasName {
        /// The name bound to the key.
        name: String,
    },
    /// The operator banned this player.
    #[error("this player is banned from the server")]
    Banned,
    /// The server has as many players as it takes.
    #[error("the server is full")]
    Full,
    /// The same player logged in again from elsewhere: this session ends.
    #[error("logged in again from elsewhere")]
    LoggedInElsewhere,
    /// The client sent something the protocol does not allow.
    #[error("the client broke the protocol: {what}")]
    Protocol {
        /// What.
        what: String,
    },
    /// The client said nothing for too long.
    #[error("no answer for too long")]
    Timeout,
    /// The server is stopping.
    #[error("the server is stopping")]
    Stopping,
    /// The client read too slowly: its messages piled up.
    #[error("the connection fell too far behind")]
    TooSlow,
    /// The server cannot reach its store now.
    #[error("the server cannot log players in now")]
    Unavailable,
}

/// Why a request was not carried out.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Denial {
    /// The move breaks a rule.
    #[error("illegal move {mv}: {why}")]
    IllegalMove {
        /// The move as sent.
        mv: String,
        /// Which rule.
        why: String,
    },
    /// The move is not ICCS.
    #[error("{mv:?} is not a move (ICCS, like h2e2)")]
    NotAMove {
        /// What was sent.
        mv: String,
    },
    /// It is the other side's move.
    #[error("it is not your move")]
    NotYourTurn,
    /// The move was sent for an earlier position (moves were taken back, or came since).
    #[error("the game has moved on: {ply} moves are played")]
    Stale {
        /// Moves played now.
        ply: u32,
    },
    /// Only the game's players may do that.
    #[error("you do not play in this game")]
    NotAPlayer,
    /// No such game in progress.
    #[error("no such game")]
    NoSuchGame,
    /// No such open seek.
    #[error("no such seek")]
    NoSuchSeek,
    /// No such challenge.
    #[error("no such challenge")]
    NoSuchChallenge,
    /// No such player (or not online).
    #[error("no such player online")]
    NoSuchPlayer,
    /// No private game with this code.
    #[error("no private game has this code")]
    NoSuchCode,
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// The player already plays as many games as allowed.
    #[error("{name} is already playing")]
    Busy {
        /// Who.
        name: String,
    },
    /// One's own seek, challenge or code.
    #[error("that is your own")]
    OwnOffer,
    /// Too many seeks, challenges or codes open at once.
    #[error("too many open at once")]
    TooMany,
    /// Sent too often: wait a little.
    #[error("too many requests: wait a moment")]
    RateLimited,
    /// A clock the server does not play on.
    #[error("no such clock: some time is needed, at most 180 minutes and 180 s a move")]
    BadClock,
    /// No draw offer or takeback request to answer.
    #[error("nothing to answer")]
    NothingToAnswer,
    /// No move of one's own to take back.
    #[error("nothing to take back")]
    NothingToTakeBack,
    /// Past one's second move a game can no longer be aborted.
    #[error("too late to abort: resign instead")]
    TooLateToAbort,
    /// The opponent is here, or the grace period is not over.
    #[error("nothing to claim yet")]
    CannotClaim,
    /// A rated game between a player and a bot is not offered by this bot, or a bot takes
    /// no more games now.
    #[error("not now")]
    NotNow,
    /// An empty chat line.
    #[error("nothing to say")]
    Empty,
    /// The archive could not be read.
    #[error("the archive cannot be read now")]
    Storage,
    /// A guest (a name starting `guest-`, as the SSH front end gives a player without a
    /// key) asked for, or was asked into, a rated game.
    #[error("guests play casual games only")]
    GuestsCasual,
    /// A rated Jieqi game was asked for: Jieqi is casual only here.
    #[error("Jieqi games are casual only")]
    JieqiCasual,
    /// A bot was asked to play Jieqi, which the club's bots do not play.
    #[error("the club's bots play xiangqi only")]
    BotsXiangqiOnly,
}

/// A player in the lobby's list.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerEntry {
    /// The name.
    pub name: String,
    /// A bot.
    pub bot: bool,
    /// Ratings: bullet, blitz, rapid, classical.
    pub ratings: [RatingShown; 4],
    /// Idle or playing.
    pub state: PlayerState,
}

/// What a player online is doing.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "state", rename_all = "snake_case")]
pub enum PlayerState {
    /// In the lobby.
    Idle,
    /// Playing a game.
    Playing {
        /// Which.
        game: GameId,
    },
}

/// An open seek.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeekEntry {
    /// Its number.
    pub id: u64,
    /// Whose (with the rating in the seek's category).
    pub by: PlayerTag,
    /// The clock.
    pub clock: ClockSpec,
    /// Rated or casual.
    pub rated: bool,
    /// The side its owner wants.
    pub colour: ColourChoice,
    /// The game: xiangqi unless said.
    #[serde(default, skip_serializing_if = "Variant::is_xiangqi")]
    pub variant: Variant,
}

/// A challenge.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChallengeEntry {
    /// Its number.
    pub id: u64,
    /// Who challenges.
    pub from: PlayerTag,
    /// Whom.
    pub to: PlayerTag,
    /// The clock.
    pub clock: ClockSpec,
    /// Rated or casual.
    pub rated: bool,
    /// The side the challenger wants.
    pub colour: ColourChoice,
    /// The game: xiangqi unless said.
    #[serde(default, skip_serializing_if = "Variant::is_xiangqi")]
    pub variant: Variant,
}

/// A game in progress, as the lobby lists it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameSummary {
    /// Its number.
    pub id: GameId,
    /// Red.
    pub red: PlayerTag,
    /// Black.
    pub black: PlayerTag,
    /// The clock.
    pub clock: ClockSpec,
    /// Rated or casual.
    pub rated: bool,
    /// How many watch.
    pub spectators: u32,
    /// The game: xiangqi unless said.
    #[serde(default, skip_serializing_if = "Variant::is_xiangqi")]
    pub variant: Variant,
}

/// Both clocks at the moment a message was sent; the side named in `running` is thinking,
/// its time running down from there.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Clocks {
    /// Red's time left, in milliseconds.
    pub red_ms: u64,
    /// Black's.
    pub black_ms: u64,
    /// Whose time runs (none before the first move, while the game waits for its players,
    /// and after its end).
    pub running: Option<Side>,
}

/// A game as it stands, for its players and spectators.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameState {
    /// The game.
    pub summary: GameSummary,
    /// The side this client plays; none for a spectator.
    pub you: Option<Side>,
    /// Every move so far from the start position, ICCS (Jieqi's with what each turned over,
    /// as in [`Event::Moved`]).
    pub moves: Vec<String>,
    /// The clocks.
    pub clocks: Clocks,
    /// A draw offer standing, and whose.
    pub draw_offer: Option<Side>,
    /// A takeback request standing, and whose.
    pub takeback: Option<Side>,
    /// Players away from the game.
    pub absent: Vec<Side>,
}

/// How a game ended.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ending {
    /// The result.
    pub verdict: Verdict,
    /// Why.
    pub how: How,
    /// Red's and Black's rating change in a rated game.
    pub ratings: Option<[RatingChange; 2]>,
}

/// The result of a game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// Red won.
    RedWins,
    /// Black won.
    BlackWins,
    /// A draw.
    Draw,
    /// Called off: no result, not rated, not archived.
    Aborted,
}

impl Verdict {
    /// The verdict with `winner` (none: a draw).
    #[must_use]
    pub fn won_by(winner: Option<Side>) -> Verdict {
        match winner {
            Some(Side::Red) => Verdict::RedWins,
            Some(Side::Black) => Verdict::BlackWins,
            None => Verdict::Draw,
        }
    }

    /// The PGN result token (`*` for an aborted game).
    #[must_use]
    pub const fn pgn(self) -> &'static str {
        match self {
            Verdict::RedWins => "1-0",
            Verdict::BlackWins => "0-1",
            Verdict::Draw => "1/2-1/2",
            Verdict::Aborted => "*",
        }
    }
}

/// Why a game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum How {
    /// Mate.
    Checkmate,
    /// No legal move (a loss in xiangqi).
    NoLegalMove,
    /// Perpetual check (AXF).
    PerpetualCheck,
    /// Perpetual chase (AXF).
    PerpetualChase,
    /// Repetition without a losing perpetual.
    Repetition,
    /// 60 moves each without a capture.
    MoveLimit,
    /// Neither side can win.
    InsufficientMaterial,
    /// A resignation.
    Resignation,
    /// A draw agreed.
    Agreement,
    /// A flag fell.
    TimeForfeit,
    /// A player left and the other claimed the game (a win or a draw).
    Abandoned,
    /// A player called the game off.
    Aborted,
    /// A player did not make a first move in time: called off.
    NoStart,
    /// Another reason the rules give.
    Other,
}

impl How {
    /// The words of the PGN `[Termination]` tag.
    #[must_use]
    pub const fn describe(self) -> &'static str {
        match self {
            How::Checkmate => "checkmate",
            How::NoLegalMove => "no legal move",
            How::PerpetualCheck => "perpetual check",
            How::PerpetualChase => "perpetual chase",
            How::Repetition => "repetition",
            How::MoveLimit => "move limit",
            How::InsufficientMaterial => "insufficient material",
            How::Resignation => "resignation",
            How::Agreement => "agreement",
            How::TimeForfeit => "time forfeit",
            How::Abandoned => "abandoned",
            How::Aborted => "aborted",
            How::NoStart => "no first move",
            How::Other => "other",
        }
    }

    /// The reason with the words [`How::describe`] gives, if any.
    #[must_use]
    pub fn from_describe(text: &str) -> Option<How> {
        const ALL: [How; 14] = [
            How::Checkmate,
            How::NoLegalMove,
            How::PerpetualCheck,
            How::PerpetualChase,
            How::Repetition,
            How::MoveLimit,
            How::InsufficientMaterial,
            How::Resignation,
            How::Agreement,
            How::TimeForfeit,
            How::Abandoned,
            How::Aborted,
            How::NoStart,
            How::Other,
        ];
        ALL.into_iter().find(|h| h.describe() == text)
    }
}

impl From<Termination> for How {
    fn from(t: Termination) -> How {
        match t {
            Termination::Checkmate => How::Checkmate,
            Termination::NoLegalMove => How::NoLegalMove,
            Termination::PerpetualCheck => How::PerpetualCheck,
            Termination::PerpetualChase => How::PerpetualChase,
            Termination::Repetition => How::Repetition,
            Termination::MoveLimit => How::MoveLimit,
            Termination::InsufficientMaterial => How::InsufficientMaterial,
            Termination::Resignation => How::Resignation,
            Termination::Agreement => How::Agreement,
            Termination::TimeForfeit => How::TimeForfeit,
            _ => How::Other,
        }
    }
}

/// A rating before and after a rated game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RatingChange {
    /// Before.
    pub before: RatingShown,
    /// After.
    pub after: RatingShown,
}

/// A finished game in the archive's list.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ArchiveEntry {
    /// Its number ([`Request::FetchPgn`](super::Request::FetchPgn) takes it).
    pub game: GameId,
    /// When it was played, `YYYY.MM.DD`.
    pub date: String,
    /// Red's name.
    pub red: String,
    /// Black's name.
    pub black: String,
    /// The result, `1-0`, `0-1` or `1/2-1/2`.
    pub result: String,
    /// How it ended.
    pub how: How,
    /// The clock.
    pub clock: ClockSpec,
    /// Rated or casual.
    pub rated: bool,
    /// Moves played.
    pub plies: u32,
    /// The game: xiangqi unless said.
    #[serde(default, skip_serializing_if = "Variant::is_xiangqi")]
    pub variant: Variant,
}
