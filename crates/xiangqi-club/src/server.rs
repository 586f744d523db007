//! The club server: one process holding the lobby, a task per game, a task per session, the
//! store's thread, and the listener for native clients.
//!
//! The tasks tell one another what they must through the messages of `messages`, and
//! each is started from above: the lobby here, the sessions on login, the rooms by the
//! lobby. The core talks to sessions only through channels ([`Core::open_session`] gives a
//! [`SessionLink`]): a native client's connection is one kind of session (the listener
//! decrypts its frames into requests and encrypts the events back), a bot inside the server
//! is another, and a front end for other terminals (an SSH server in the same process) makes
//! a third the same way.

mod bots;
mod core;
mod limits;
mod listener;
mod lobby;
mod messages;
mod room;
mod session;
#[cfg(test)]
mod tests;

pub use core::{Core, SessionLink};

use crate::identity::{Identity, KeyError, PublicKey};
use crate::store::{SqliteStore, Store, StoreError, StoreHandle};
use crate::table::TableSettings;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;
use tokio::net::TcpListener;
use xiangqi_engine::Level;

/// The port a club server listens on unless told otherwise.
pub const DEFAULT_PORT: u16 = 9092;

/// The database file in the data folder.
pub const DATABASE_FILE: &str = "club.sqlite3";
/// The server's key pair in the data folder.
pub const KEY_FILE: &str = "server.key";
/// The lock that keeps a second server off the same data folder.
const LOCK_FILE: &str = "server.lock";

/// The bounds a server keeps to.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Connections from one address at once.
    pub per_address: usize,
    /// Sessions in all.
    pub sessions: usize,
    /// Handshakes under way at once, in all.
    pub handshakes: usize,
    /// Handshakes under way at once from one address.
    pub handshakes_per_address: usize,
    /// Time for a connection's handshake and hello.
    pub hello_timeout: Duration,
    /// A session that answers nothing for this long is closed.
    pub idle_timeout: Duration,
    /// How often the server pings each session (its lag and whether it is there).
    pub ping_every: Duration,
    /// Games one player may play at once (a bot plays several).
    pub games_per_player: usize,
    /// Whether connections from a loopback address are bounded only in all, not per
    /// address: the SSH front end's sessions all connect from there.
    pub loopback_unbounded: bool,
}

impl Default for Limits {
    /// 16 connections an address, 5,000 sessions, 128 handshakes (4 an address) of at most
    /// 10 s, 60 s without an answer, a ping each 10 s, one game a player.
    fn default() -> Limits {
        Limits {
            per_address: 16,
            sessions: 5000,
            handshakes: 128,
            handshakes_per_address: 4,
            hello_timeout: Duration::from_secs(10),
            idle_timeout: Duration::from_secs(60),
            ping_every: Duration::from_secs(10),
            games_per_player: 1,
            loopback_unbounded: false,
        }
    }
}

/// How a server runs.
#[derive(Clone, Debug)]
pub struct ServerConfig {
    /// Where to listen.
    pub listen: SocketAddr,
    /// The data folder: the database and the server's key.
    pub data: PathBuf,
    /// The engine's levels to seat as bots.
    pub bots: Vec<Level>,
    /// The archive's `[Site]` tag.
    pub site: String,
    /// The bounds.
    pub limits: Limits,
    /// The games' times (grace, first move, lag credit).
    pub table: TableSettings,
    /// How long a bot leaves a seek to the players before taking it.
    pub bot_patience: Duration,
    /// Write nothing to standard error (tests).
    pub quiet: bool,
    /// Deal every Jieqi game from this number rather than the system's randomness, so that
    /// a test knows what lies under each covered piece and can check nobody is told early.
    #[cfg(test)]
    pub(crate) fixed_deal: Option<u64>,
}

impl ServerConfig {
    /// A server on `listen` keeping its data in `data`, with the default bounds and times.
    #[must_use]
    pub fn new(listen: SocketAddr, data: PathBuf) -> ServerConfig {
        ServerConfig {
            listen,
            data,
            bots: Vec::new(),
            site: "xiangqi club".into(),
            limits: Limits::default(),
            table: TableSettings::default(),
            bot_patience: Duration::from_secs(5),
            quiet: false,
            #[cfg(test)]
            fixed_deal: None,
        }
    }
}

/// Why a server could not start.
#[derive(Debug, thiserror::Error)]
pub enum ServerError {
    /// The data folder or database.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The server's key.
    #[error(transparent)]
    Key(#[from] KeyError),
    /// The address cannot be listened on.
    #[error("cannot listen on {addr}: {source}")]
    Listen {
        /// The address.
        addr: SocketAddr,
        /// Why.
        source: std::io::Error,
    },
}

static QUIET: AtomicBool = AtomicBool::new(false);

/// Writes a line about the server's running to standard error (unless quiet).
pub(crate) fn note(text: &str) {
    if !QUIET.load(Ordering::Relaxed) {
        eprintln!("xiangqi server: {text}");
    }
}

/// A running server.
#[derive(Debug)]
pub struct Server {
    addr: SocketAddr,
    key: PublicKey,
    core: Core,
    _lock: std::fs::File,
}

/// Takes the data folder's lock, so that no second server writes to it.
fn lock_folder(data: &Path) -> Result<std::fs::File, StoreError> {
    let folder_error = |source| StoreError::Folder {
        path: data.display().to_string(),
        source,
    };
    std::fs::create_dir_all(data).map_err(folder_error)?;
    let path = data.join(LOCK_FILE);
    let file = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&path)
        .map_err(folder_error)?;
    match fs4::FileExt::try_lock(&file) {
        Ok(()) => Ok(file),
        Err(fs4::TryLockError::WouldBlock) => Err(StoreError::InUse(data.display().to_string())),
        Err(fs4::TryLockError::Error(e)) => Err(folder_error(e)),
    }
}

/// Opens the store of the data folder `data` (for the commands that read it while a server
/// may be running: export, ban).
///
/// # Errors
/// The database cannot be opened or is of a newer schema.
pub fn open_store(data: &Path, site: &str) -> Result<SqliteStore, StoreError> {
    if !data.join(DATABASE_FILE).exists() {
        return Err(StoreError::Folder {
            path: data.join(DATABASE_FILE).display().to_string(),
            source: std::io::Error::new(std::io::ErrorKind::NotFound, "no club database here"),
        });
    }
    SqliteStore::open(&data.join(DATABASE_FILE), site)
}

impl Server {
    /// Starts a server as `config` says, on the tokio runtime this is called on: the data
    /// folder locked, the key made or read, the store opened (migrated), the games in
    /// progress brought back, the bots seated, the port listened on.
    ///
    /// # Errors
    /// The data folder is in use or unusable, the key or database cannot be read, or the
    /// address cannot be listened on.
    pub async fn start(config: ServerConfig) -> Result<Server, ServerError> {
        QUIET.store(config.quiet, Ordering::Relaxed);
        let lock = lock_folder(&config.data)?;
        let (identity, _) = Identity::load_or_create(&config.data.join(KEY_FILE))?;
        let store = SqliteStore::open(&config.data.join(DATABASE_FILE), &config.site)?;
        Server::start_with(config, identity, Box::new(store), lock).await
    }

    async fn start_with(
        mut config: ServerConfig,
        identity: Identity,
        mut store: Box<dyn Store>,
        lock: std::fs::File,
    ) -> Result<Server, ServerError> {
        let next_game = store.next_game_id()?;
        let unfinished = store.unfinished_games()?;
        let store = StoreHandle::spawn(store).map_err(|source| StoreError::Folder {
            path: "the store's thread".into(),
            source,
        })?;
        let listener =
            TcpListener::bind(config.listen)
                .await
                .map_err(|source| ServerError::Listen {
                    addr: config.listen,
                    source,
                })?;
        let addr = listener
            .local_addr()
            .map_err(|source| ServerError::Listen {
                addr: config.listen,
                source,
            })?;
        config.listen = addr;
        let bots = std::mem::take(&mut config.bots);
        let (core, lobby_inbox) = Core::new(config, store);
        lobby::spawn(core.clone(), lobby_inbox, next_game, unfinished);
        listener::spawn(listener, core.clone(), identity.clone());
        for level in bots {
            bots::spawn(core.clone(), level);
        }
        Ok(Server {
            addr,
            key: identity.public(),
            core,
            _lock: lock,
        })
    }

    /// The address listened on (the port chosen, if 0 was asked).
    #[must_use]
    pub fn local_addr(&self) -> SocketAddr {
        self.addr
    }

    /// The server's public key, which clients pin.
    #[must_use]
    pub fn public_key(&self) -> PublicKey {
        self.key
    }

    /// The core, to open sessions in this process.
    #[must_use]
    pub fn core(&self) -> &Core {
        &self.core
    }
}
