//! Where the club keeps what lasts: players and the keys they log in with, ratings, games in
//! progress move by move, and the archive of finished games. Everything goes through the
//! [`Store`] trait, implemented here for SQLite ([`SqliteStore`]); a larger club could put
//! the same trait on PostgreSQL without touching the server.
//!
//! The server calls the store from one thread of its own ([`StoreHandle`]), which gathers
//! the requests waiting into one transaction and answers each after it is committed: a
//! game's move or result is on disk before anyone is told it is kept.

mod pgn;
mod schema;
mod sqlite;
mod worker;

pub use pgn::{PgnFacts, archive_pgn};
pub use sqlite::SqliteStore;
pub use worker::StoreHandle;

use crate::protocol::{ArchiveEntry, ClockSpec, GameId, Refusal, Variant};
use crate::ratings::Ratings;
use crate::table::{Ended, Played};
use xiangqi_rating::Rating;
use xiangqi_rules::clock::Times;

/// A player's number in the store.
pub type PlayerId = i64;

/// A player as the store knows them.
#[derive(Clone, Debug, PartialEq)]
pub struct Account {
    /// Their number.
    pub id: PlayerId,
    /// Their name, as first taken.
    pub name: String,
    /// A bot account.
    pub bot: bool,
    /// Their ratings.
    pub ratings: Ratings,
}

/// A game that begins.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewGame {
    /// Its number.
    pub id: GameId,
    /// Red's player.
    pub red: PlayerId,
    /// Black's.
    pub black: PlayerId,
    /// The clock.
    pub clock: ClockSpec,
    /// Rated or casual.
    pub rated: bool,
    /// When it began (seconds since 1970).
    pub started: i64,
    /// Xiangqi or Jieqi. (A Jieqi game's deal is not kept: see [`Unfinished`].)
    pub variant: Variant,
}

/// A game in progress as kept: to be resumed after a restart.
#[derive(Clone, Debug, PartialEq)]
pub struct Unfinished {
    /// Its number.
    pub id: GameId,
    /// Red.
    pub red: Account,
    /// Black.
    pub black: Account,
    /// The clock.
    pub clock: ClockSpec,
    /// Rated or casual.
    pub rated: bool,
    /// Xiangqi or Jieqi.
    pub variant: Variant,
    /// The moves, each with both clocks after it; in Jieqi with what each turned over. The
    /// deal is not kept: a Jieqi game resumed deals the pieces nobody has seen anew, so no
    /// copy of the database tells what lies under a covered piece.
    pub moves: Vec<(Played, Times)>,
}

/// Red's and Black's ratings before and after a rated game.
#[derive(Copy, Clone, Debug, PartialEq)]
pub struct RatingUpdate {
    /// Red's before and after.
    pub red: (Rating, Rating),
    /// Black's.
    pub black: (Rating, Rating),
}

/// What went wrong in the store.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The database failed.
    #[error("database: {0}")]
    Sqlite(#[from] rusqlite::Error),
    /// The data was made by a newer server, whose schema this one does not know.
    #[error(
        "the data is of schema version {found}, newer than this server's {known}: run a newer xiangqi"
    )]
    Newer {
        /// The data's version.
        found: i64,
        /// This server's latest.
        known: i64,
    },
    /// Something stored cannot be read back (changed by hand?).
    #[error("stored data cannot be read: {0}")]
    Corrupt(String),
    /// The data folder cannot be used.
    #[error("{path}: {source}")]
    Folder {
        /// The folder or file.
        path: String,
        /// Why.
        source: std::io::Error,
    },
    /// Another server uses the data folder.
    #[error("{0}: another server is using this data folder")]
    InUse(String),
    /// The batch this request was in could not be committed.
    #[error("the database could not commit")]
    Commit,
    /// The store's thread has stopped.
    #[error("the store has stopped")]
    Stopped,
}

/// The operations the server needs of its store. Each runs inside the transaction the
/// store's thread opened with [`Store::begin`], inside a savepoint of its own: one that
/// fails leaves nothing behind, and the others of the batch are committed.
pub trait Store: Send {
    /// The account `name` logs in to with `key` (the key's text, `x25519:…`): the key's own
    /// (its name must be `name`), or a new one binding `name` to `key` if the name is free.
    /// `bot` marks a new account as the server's bot.
    ///
    /// # Errors
    /// The refusal to tell the player (name taken, key bound to another name, banned), or
    /// the store failed.
    fn login(
        &mut self,
        name: &str,
        key: &str,
        bot: bool,
    ) -> Result<Result<Account, Refusal>, StoreError>;

    /// Bans the player `name` (every key bound to them); false if there is no such player.
    ///
    /// # Errors
    /// The store failed.
    fn ban(&mut self, name: &str) -> Result<bool, StoreError>;

    /// The number after the highest game number used.
    ///
    /// # Errors
    /// The store failed.
    fn next_game_id(&mut self) -> Result<GameId, StoreError>;

    /// Keeps a game that begins.
    ///
    /// # Errors
    /// The store failed.
    fn create_game(&mut self, game: &NewGame) -> Result<(), StoreError>;

    /// Keeps move number `ply` (from 1) of `game` with both clocks after it (and in Jieqi
    /// what it turned over, as the players were told).
    ///
    /// # Errors
    /// The store failed.
    fn record_move(
        &mut self,
        game: GameId,
        ply: u32,
        mv: Played,
        times: Times,
    ) -> Result<(), StoreError>;

    /// Forgets the moves of `game` after the first `ply` (a takeback).
    ///
    /// # Errors
    /// The store failed.
    fn take_back(&mut self, game: GameId, ply: u32) -> Result<(), StoreError>;

    /// Ends `game` as `ended` at `at` (seconds since 1970): for a result, the ratings of a
    /// rated game updated from those the players have now, and the game archived as PGN;
    /// a game called off is dropped from the games in progress.
    ///
    /// # Errors
    /// No such game in progress, or the store failed.
    fn finish_game(
        &mut self,
        game: GameId,
        ended: Ended,
        at: i64,
    ) -> Result<Option<RatingUpdate>, StoreError>;

    /// The games in progress, to resume after a restart.
    ///
    /// # Errors
    /// The store failed or holds a move that does not read.
    fn unfinished_games(&mut self) -> Result<Vec<Unfinished>, StoreError>;

    /// `player`'s finished games, newest first, before game `before` if given, at most
    /// `limit`; `None` if there is no such player.
    ///
    /// # Errors
    /// The store failed.
    fn archive(
        &mut self,
        player: &str,
        before: Option<GameId>,
        limit: usize,
    ) -> Result<Option<Vec<ArchiveEntry>>, StoreError>;

    /// A finished game's PGN.
    ///
    /// # Errors
    /// The store failed.
    fn pgn(&mut self, game: GameId) -> Result<Option<String>, StoreError>;

    /// Every finished game's PGN in order (only `player`'s if given), each handed to `each`;
    /// returns how many, or `None` if there is no such player.
    ///
    /// # Errors
    /// The store failed, or `each` did.
    fn export(
        &mut self,
        player: Option<&str>,
        each: &mut dyn FnMut(&str) -> std::io::Result<()>,
    ) -> Result<Option<usize>, StoreError>;

    /// Opens a transaction for a batch of operations.
    ///
    /// # Errors
    /// The store failed.
    fn begin(&mut self) -> Result<(), StoreError>;

    /// Commits the batch.
    ///
    /// # Errors
    /// The store failed: nothing of the batch is kept.
    fn commit(&mut self) -> Result<(), StoreError>;

    /// Marks where one operation of a batch begins.
    ///
    /// # Errors
    /// The store failed.
    fn savepoint(&mut self) -> Result<(), StoreError>;

    /// Ends the operation begun at the last savepoint: kept, or undone if `keep` is false.
    ///
    /// # Errors
    /// The store failed.
    fn release(&mut self, keep: bool) -> Result<(), StoreError>;
}

/// The text a Noise key is stored under: `x25519:` and its hex digits. Keys of other
/// kinds (an SSH key) are stored under their own prefix, so one account may hold several.
#[must_use]
pub fn noise_key_text(key: &crate::identity::PublicKey) -> String {
    format!("x25519:{key}")
}
