//! `xiangqi server --ssh ADDR:PORT`: the club over SSH, for players with nothing but an SSH
//! client. Each session that asks for a terminal runs this very program as `xiangqi online`
//! in a pseudo-terminal, logged in to the club's native port as the account of the SSH key
//! it proved: local and remote play are the same code, at the cost of one process a session.
//! Connections are bounded per address and in all, logins and idle sessions are timed out,
//! and nothing else of the machine is reachable.

mod account;
mod child;
mod handler;
mod host_key;

pub use host_key::{HOST_KEY_FILE, HostKeyError};

use russh::keys::HashAlg;
use russh::server::{Config, run_stream};
use russh::{Disconnect, MethodKind, MethodSet};
use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};
use tokio::net::TcpListener;

/// How the SSH front end runs.
#[derive(Clone, Debug)]
pub struct SshConfig {
    /// Where to listen for SSH.
    pub listen: SocketAddr,
    /// The club's data folder (the host key, the accounts' folders).
    pub data: PathBuf,
    /// The club's native address the sessions' programs connect to.
    pub club: SocketAddr,
    /// The club's key, pinned for each account before its program first connects (so the
    /// program has no first contact to report, with the server's folders in it).
    pub club_key: xiangqi_club::identity::PublicKey,
    /// The program each session runs (this executable).
    pub program: PathBuf,
    /// Connections at once, in all.
    pub sessions: usize,
    /// Connections at once from one address.
    pub per_address: usize,
    /// Time from the connection to a successful login.
    pub login_timeout: Duration,
    /// A session that sends nothing (no key) for this long is closed.
    pub idle_timeout: Duration,
    /// A client that takes none of the program's output for this long is dropped.
    pub stall_timeout: Duration,
}

impl SshConfig {
    /// 200 connections (4 an address), 30 s to log in, 30 minutes idle, 60 s of output not
    /// read.
    #[must_use]
    pub fn new(
        listen: SocketAddr,
        data: PathBuf,
        (club, club_key): (SocketAddr, xiangqi_club::identity::PublicKey),
        program: PathBuf,
    ) -> Self {
        SshConfig {
            listen,
            data,
            club,
            club_key,
            program,
            sessions: 200,
            per_address: 4,
            login_timeout: Duration::from_secs(30),
            idle_timeout: Duration::from_secs(30 * 60),
            stall_timeout: Duration::from_secs(60),
        }
    }
}

/// Why the SSH front end cannot start.
#[derive(Debug, thiserror::Error)]
pub enum SshError {
    /// The host key.
    #[error(transparent)]
    HostKey(#[from] HostKeyError),
    /// The address cannot be listened on.
    #[error("cannot listen for SSH on {addr}: {source}")]
    Listen {
        /// The address.
        addr: SocketAddr,
        /// Why.
        source: std::io::Error,
    },
}

/// The running front end: where it listens and its host key's fingerprint.
#[derive(Debug)]
pub struct SshServer {
    /// The address it listens on.
    pub local_addr: SocketAddr,
    /// `SHA256:…`, as `ssh` shows it.
    pub fingerprint: String,
}

/// A line of the server's log (standard error).
fn note(line: &str) {
    eprintln!("xiangqi server: {line}");
}

/// Starts listening for SSH (on the current Tokio runtime).
///
/// # Errors
/// The host key cannot be read or made, or the address cannot be listened on.
pub async fn start(config: SshConfig) -> Result<SshServer, SshError> {
    let key = host_key::load_or_create(&config.data.join(HOST_KEY_FILE))?;
    let fingerprint = key.public_key().fingerprint(HashAlg::Sha256).to_string();
    let listen_error = |source| SshError::Listen {
        addr: config.listen,
        source,
    };
    let listener = TcpListener::bind(config.listen)
        .await
        .map_err(listen_error)?;
    let local_addr = listener.local_addr().map_err(listen_error)?;
    let russh_config = Config {
        keys: vec![key],
        methods: MethodSet::from(&[MethodKind::PublicKey, MethodKind::KeyboardInteractive][..]),
        auth_rejection_time: Duration::from_secs(1),
        auth_rejection_time_initial: Some(Duration::ZERO),
        max_auth_attempts: 6,
        keepalive_interval: Some(Duration::from_secs(30)),
        keepalive_max: 3,
        nodelay: true,
        ..Config::default()
    };
    let shared = Arc::new(Shared {
        config,
        counts: Mutex::new(Counts::default()),
    });
    tokio::spawn(accept(listener, Arc::new(russh_config), shared));
    Ok(SshServer {
        local_addr,
        fingerprint,
    })
}

/// What every connection shares: the configuration and the counts of connections.
#[derive(Debug)]
pub struct Shared {
    config: SshConfig,
    counts: Mutex<Counts>,
}

#[derive(Debug, Default)]
struct Counts {
    all: usize,
    by_address: HashMap<IpAddr, usize>,
}

/// A connection counted while it lasts.
struct Slot {
    shared: Arc<Shared>,
    peer: IpAddr,
}

impl Shared {
    /// A slot for a connection from `peer`, if the bounds leave one.
    fn take(self: &Arc<Self>, peer: IpAddr) -> Option<Slot> {
        let mut counts = self.counts.lock().unwrap_or_else(PoisonError::into_inner);
        let here = counts.by_address.get(&peer).copied().unwrap_or(0);
        if counts.all >= self.config.sessions || here >= self.config.per_address {
            return None;
        }
        counts.all += 1;
        counts.by_address.insert(peer, here + 1);
        Some(Slot {
            shared: Arc::clone(self),
            peer,
        })
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut counts = self
            .shared
            .counts
            .lock()
            .unwrap_or_else(PoisonError::into_inner);
        counts.all = counts.all.saturating_sub(1);
        if let Some(n) = counts.by_address.get_mut(&self.peer) {
            *n = n.saturating_sub(1);
            if *n == 0 {
                counts.by_address.remove(&self.peer);
            }
        }
    }
}

/// When a connection logged in and last sent a key.
#[derive(Debug)]
pub struct Activity {
    start: Instant,
    logged_in: AtomicBool,
    /// Wakes the watch when the login succeeds (a permit kept if it is not waiting yet).
    login: tokio::sync::Notify,
    last_ms: AtomicU64,
}

impl Activity {
    fn new() -> Activity {
        Activity {
            start: Instant::now(),
            logged_in: AtomicBool::new(false),
            login: tokio::sync::Notify::new(),
            last_ms: AtomicU64::new(0),
        }
    }

    fn logged_in(&self) {
        self.logged_in.store(true, Ordering::Relaxed);
        self.touch();
        self.login.notify_one();
    }

    fn touch(&self) {
        let ms = u64::try_from(self.start.elapsed().as_millis()).unwrap_or(u64::MAX);
        self.last_ms.store(ms, Ordering::Relaxed);
    }

    fn idle_for(&self) -> Duration {
        let last = Duration::from_millis(self.last_ms.load(Ordering::Relaxed));
        self.start.elapsed().saturating_sub(last)
    }
}

async fn accept(listener: TcpListener, russh: Arc<Config>, shared: Arc<Shared>) {
    loop {
        let (stream, peer) = match listener.accept().await {
            Ok(c) => c,
            Err(e) => {
                note(&format!("ssh accept: {e}"));
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        let Some(slot) = shared.take(peer.ip()) else {
            note(&format!(
                "ssh: {} is over the connection bounds: refused",
                peer.ip()
            ));
            continue;
        };
        let (russh, shared) = (Arc::clone(&russh), Arc::clone(&shared));
        tokio::spawn(async move {
            let activity = Arc::new(Activity::new());
            let handler =
                handler::Connection::new(Arc::clone(&shared), peer.ip(), Arc::clone(&activity));
            let login = shared.config.login_timeout;
            let Ok(Ok(running)) =
                tokio::time::timeout(login, run_stream(russh, stream, handler)).await
            else {
                return;
            };
            let watch = tokio::spawn(watch(running.handle(), activity, shared.config.clone()));
            let _ = running.await;
            watch.abort();
            drop(slot);
        });
    }
}

/// Closes a connection that has not logged in within the login bound, or that has sent
/// nothing for the idle bound.
async fn watch(handle: russh::server::Handle, activity: Arc<Activity>, config: SshConfig) {
    let logged_in = tokio::time::timeout(config.login_timeout, activity.login.notified()).await;
    let why = loop {
        if logged_in.is_err() && !activity.logged_in.load(Ordering::Relaxed) {
            break "no login in time";
        }
        let idle = activity.idle_for();
        if idle >= config.idle_timeout {
            break "idle";
        }
        tokio::time::sleep(config.idle_timeout - idle).await;
    };
    let _ = handle
        .disconnect(Disconnect::ByApplication, why.into(), "en".into())
        .await;
}
