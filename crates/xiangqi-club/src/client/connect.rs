//! Making a session: dialling, the handshake, the server's key checked against its pin, the
//! hello and the welcome; then the two tasks that carry it (requests out, events in).

use super::clean::clean_event;
use super::{Client, ClientEvent, CloseReason, EventSink, Login, Outgoing};
use crate::identity::{KeyError, KnownServers, Pin, PublicKey};
use crate::protocol::codec::{decode_event, encode_request};
use crate::protocol::{Event, PROTOCOL_VERSION, Refusal, Request, Welcome};
#[cfg(feature = "server")]
use crate::server::{Core, SessionLink};
use crate::transport::{NoiseReader, NoiseWriter, TransportError, initiate};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;
use tokio::net::TcpStream;
use tokio::net::tcp::{OwnedReadHalf, OwnedWriteHalf};
use tokio::sync::mpsc;

/// How long dialling, the handshake and the welcome may take.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(15);

/// A session made.
#[derive(Debug)]
pub struct Connected {
    /// The handle to ask with.
    pub client: Client,
    /// The login's answer.
    pub welcome: Welcome,
    /// The server's key (none for a session inside the server's process).
    pub server_key: Option<PublicKey>,
    /// The server's key was pinned now, on first contact: a program may show its
    /// fingerprint.
    pub first_contact: bool,
}

/// Why no session was made.
#[derive(Debug, thiserror::Error)]
pub enum ConnectError {
    /// The server cannot be reached.
    #[error("cannot reach {address}: {source}")]
    Dial {
        /// The address.
        address: String,
        /// Why.
        source: std::io::Error,
    },
    /// The handshake failed: not a club server, or the connection broke.
    #[error("{address} did not complete the handshake: {source}")]
    Handshake {
        /// The address.
        address: String,
        /// Why.
        source: TransportError,
    },
    /// The server's key is not the one pinned for its address, as SSH refuses a changed
    /// host key.
    #[error("{0}")]
    ServerKeyChanged(Box<KeyChange>),
    /// The pin could not be written.
    #[error(transparent)]
    Pin(#[from] KeyError),
    /// The server refused the login.
    #[error("the server refused: {0}")]
    Refused(Refusal),
    /// The server answered something else than a welcome.
    #[error("the server broke the protocol: {0}")]
    Protocol(String),
    /// No answer in time.
    #[error("{0} did not answer in time")]
    Timeout(String),
    /// No thread or runtime could be started for the connection.
    #[error("cannot start the connection's thread: {0}")]
    Thread(std::io::Error),
}

/// A server's key that is not the one pinned for its address.
#[derive(Debug)]
pub struct KeyChange {
    /// The address.
    pub address: String,
    /// The key pinned.
    pub pinned: PublicKey,
    /// The key presented.
    pub presented: PublicKey,
    /// The file of known servers.
    pub file: Option<PathBuf>,
}

impl std::fmt::Display for KeyChange {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let file = self.file.as_ref().map_or_else(
            || "the list of known servers".to_string(),
            |p| p.display().to_string(),
        );
        write!(
            f,
            "the server at {} presented the key {}, but the key {} was pinned for it on \
             first contact: it may be an impostor, or its operator changed its key. If you \
             trust the change, remove the line for {} from {file}",
            self.address,
            self.presented.fingerprint(),
            self.pinned.fingerprint(),
            self.address
        )
    }
}

type Halves = (NoiseReader<OwnedReadHalf>, NoiseWriter<OwnedWriteHalf>);

/// Dials, shakes hands, checks the pin and logs in.
async fn open(
    address: &str,
    login: &Login,
    known: &mut KnownServers,
) -> Result<(Halves, Welcome, PublicKey, bool), ConnectError> {
    let stream = TcpStream::connect(address)
        .await
        .map_err(|source| ConnectError::Dial {
            address: address.to_string(),
            source,
        })?;
    let _ = stream.set_nodelay(true);
    let (read, write) = stream.into_split();
    let handshake = |source| ConnectError::Handshake {
        address: address.to_string(),
        source,
    };
    let (mut reader, mut writer, key) = initiate(read, write, &login.identity)
        .await
        .map_err(handshake)?;
    let first_contact = match known.check(address, key) {
        Pin::Known => false,
        Pin::New => true,
        Pin::Changed { pinned } => {
            return Err(ConnectError::ServerKeyChanged(Box::new(KeyChange {
                address: address.to_string(),
                pinned,
                presented: key,
                file: known.path().map(PathBuf::from),
            })));
        }
    };
    let hello = Request::Hello {
        version: PROTOCOL_VERSION,
        name: login.name.clone(),
    };
    let bytes = encode_request(&hello).map_err(|e| ConnectError::Protocol(e.to_string()))?;
    writer.send(&bytes).await.map_err(handshake)?;
    let answer = reader.recv().await.map_err(handshake)?;
    let welcome = match decode_event(answer).map(clean_event) {
        Ok(Event::Welcome(w)) => w,
        Ok(Event::Refused { reason }) => return Err(ConnectError::Refused(reason)),
        Ok(other) => return Err(ConnectError::Protocol(format!("{other:?}"))),
        Err(e) => return Err(ConnectError::Protocol(e.to_string())),
    };
    if first_contact {
        known.pin(address, key)?;
    }
    Ok(((reader, writer), welcome, key, first_contact))
}

async fn open_in_time(
    address: &str,
    login: &Login,
    known: &mut KnownServers,
) -> Result<(Halves, Welcome, PublicKey, bool), ConnectError> {
    tokio::time::timeout(CONNECT_TIMEOUT, open(address, login, known))
        .await
        .map_err(|_| ConnectError::Timeout(address.to_string()))?
}

/// Connects on a thread of its own running a small runtime, which carries the session.
pub(super) fn on_own_thread(
    address: &str,
    login: &Login,
    known: &mut KnownServers,
    sink: Box<dyn EventSink>,
) -> Result<super::Connected, ConnectError> {
    let (ready_tx, ready_rx) = std::sync::mpsc::channel();
    let (address, login, mut pins) = (address.to_string(), login.clone(), known.clone());
    std::thread::Builder::new()
        .name("club-client".into())
        .spawn(move || {
            let runtime = match tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
            {
                Ok(r) => r,
                Err(e) => {
                    let _ = ready_tx.send((Err(ConnectError::Thread(e)), pins));
                    return;
                }
            };
            runtime.block_on(async move {
                match open_in_time(&address, &login, &mut pins).await {
                    Ok((halves, welcome, key, first)) => {
                        let (client, carried) = carry(halves, sink);
                        let connected = Connected {
                            client,
                            welcome,
                            server_key: Some(key),
                            first_contact: first,
                        };
                        let _ = ready_tx.send((Ok(connected), pins));
                        carried.await;
                    }
                    Err(e) => {
                        let _ = ready_tx.send((Err(e), pins));
                    }
                }
            });
        })
        .map_err(ConnectError::Thread)?;
    let (result, pins) = ready_rx
        .recv()
        .map_err(|_| ConnectError::Thread(std::io::Error::other("the thread ended")))?;
    *known = pins;
    result
}

/// Connects from the current runtime; the session's tasks run there.
pub(super) async fn on_this_runtime(
    address: &str,
    login: &Login,
    known: &mut KnownServers,
    sink: Box<dyn EventSink>,
) -> Result<Connected, ConnectError> {
    let (halves, welcome, key, first) = open_in_time(address, login, known).await?;
    let (client, carried) = carry(halves, sink);
    tokio::spawn(carried);
    Ok(Connected {
        client,
        welcome,
        server_key: Some(key),
        first_contact: first,
    })
}

/// The session's two tasks, as one future that ends when both have: requests out, events in.
fn carry(
    (reader, writer): Halves,
    sink: Box<dyn EventSink>,
) -> (
    Client,
    impl std::future::Future<Output = ()> + Send + 'static,
) {
    let (out, rx) = mpsc::unbounded_channel();
    // The receiving task answers pings through a weak handle: once the program drops every
    // `Client`, the sending task ends and closes the connection.
    let pongs = out.downgrade();
    let client = Client { out };
    let left = Arc::new(AtomicBool::new(false));
    let carried = async move {
        let sending = tokio::spawn(send_requests(writer, rx, Arc::clone(&left)));
        receive_events(reader, sink, pongs, &left).await;
        let _ = sending.await;
    };
    (client, carried)
}

async fn send_requests(
    mut writer: NoiseWriter<OwnedWriteHalf>,
    mut rx: mpsc::UnboundedReceiver<Outgoing>,
    left: Arc<AtomicBool>,
) {
    while let Some(first) = rx.recv().await {
        let mut next = Some(first);
        while let Some(out) = next.take() {
            let Outgoing::Request(req) = out else {
                left.store(true, Ordering::Relaxed);
                writer.shutdown().await;
                return;
            };
            // A request over the size limit is a program's mistake: it is not sent.
            if let Ok(bytes) = encode_request(&req)
                && writer.queue(&bytes).is_err()
            {
                return;
            }
            next = rx.try_recv().ok();
        }
        if writer.flush().await.is_err() {
            return;
        }
    }
    left.store(true, Ordering::Relaxed);
    writer.shutdown().await;
}

async fn receive_events(
    mut reader: NoiseReader<OwnedReadHalf>,
    mut sink: Box<dyn EventSink>,
    out: mpsc::WeakUnboundedSender<Outgoing>,
    left: &AtomicBool,
) {
    let send = |o: Outgoing| {
        if let Some(out) = out.upgrade() {
            let _ = out.send(o);
        }
    };
    let mut refused = None;
    let reason = loop {
        let event = match reader.recv().await {
            Ok(bytes) => match decode_event(bytes) {
                Ok(e) => e,
                // An event of a newer server: passed over.
                Err(_) => continue,
            },
            Err(TransportError::Closed) => {
                break refused.map_or_else(
                    || CloseReason::Lost("the server closed the connection".into()),
                    CloseReason::Refused,
                );
            }
            Err(e) => break CloseReason::Lost(e.to_string()),
        };
        match event {
            Event::Ping { token } => send(Outgoing::Request(Request::Pong { token })),
            Event::Refused { reason } => refused = Some(reason),
            other => {
                if !sink.deliver(ClientEvent::Server(clean_event(other))) {
                    send(Outgoing::Close);
                    break CloseReason::Left;
                }
            }
        }
    };
    let reason = if left.load(Ordering::Relaxed) {
        CloseReason::Left
    } else {
        reason
    };
    sink.deliver(ClientEvent::Closed(reason));
}

/// A session in the server's own process, carried by two tasks of the current runtime.
#[cfg(feature = "server")]
pub(super) async fn in_process(
    core: &Core,
    key: &str,
    name: &str,
    mut sink: Box<dyn EventSink>,
) -> Result<Connected, ConnectError> {
    let SessionLink {
        welcome,
        requests,
        mut events,
    } = core
        .open_session(key, name, false)
        .await
        .map_err(ConnectError::Refused)?;
    // The welcome is also the first event: the caller has it here.
    let _ = events.recv().await;
    let (out, mut rx) = mpsc::unbounded_channel();
    let pongs = out.downgrade();
    let client = Client { out };
    tokio::spawn(async move {
        // Ends (and with it the session) on `close` or when every `Client` is dropped.
        while let Some(Outgoing::Request(req)) = rx.recv().await {
            if requests.send(req).await.is_err() {
                break;
            }
        }
    });
    tokio::spawn(async move {
        let mut refused = None;
        while let Some(event) = events.recv().await {
            match event {
                Event::Ping { token } => {
                    if let Some(out) = pongs.upgrade() {
                        let _ = out.send(Outgoing::Request(Request::Pong { token }));
                    }
                }
                Event::Refused { reason } => refused = Some(reason),
                other => {
                    if !sink.deliver(ClientEvent::Server(clean_event(other))) {
                        return;
                    }
                }
            }
        }
        let reason = refused.map_or(CloseReason::Left, CloseReason::Refused);
        sink.deliver(ClientEvent::Closed(reason));
    });
    Ok(Connected {
        client,
        welcome,
        server_key: None,
        first_contact: false,
    })
}
