//! Native clients: the listening socket, the bounds on connections and handshakes per
//! address, and each connection's two halves — requests read, decrypted and decoded into
//! the session; its events encoded, encrypted and written back. A client that sends
//! anything the protocol does not allow is disconnected; nothing it sends reaches the core
//! undecoded.

use super::core::{Core, SessionLink};
use super::limits::PerAddress;
use crate::identity::Identity;
use crate::protocol::codec::{MAX_REQUEST, decode_request, encode_event};
use crate::protocol::{Event, PROTOCOL_VERSION, Refusal, Request};
use crate::store::noise_key_text;
use crate::transport::{NoiseReader, NoiseWriter, TAG_LEN, TransportError, respond};
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpListener;
use tokio::net::tcp::{OwnedReadHalf, OwnedWriteHalf};
use tokio::sync::mpsc;

/// How long a write to a client may wait before the client is dropped as not reading.
const WRITE_TIMEOUT: Duration = Duration::from_secs(30);

/// Starts accepting connections on `listener`.
pub(super) fn spawn(listener: TcpListener, core: Core, identity: Identity) {
    tokio::spawn(accept(listener, core, Arc::new(identity)));
}

async fn accept(listener: TcpListener, core: Core, identity: Arc<Identity>) {
    let connections = PerAddress::default();
    let handshakes = PerAddress::default();
    loop {
        let (stream, peer) = match listener.accept().await {
            Ok(c) => c,
            Err(e) => {
                // Out of descriptors, say: wait a moment rather than spin.
                super::note(&format!("accept: {e}"));
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        let limits = core.config().limits;
        let local = limits.loopback_unbounded && peer.ip().is_loopback();
        let (per_address, handshakes_per_address) = if local {
            (usize::MAX, limits.handshakes)
        } else {
            (limits.per_address, limits.handshakes_per_address)
        };
        let Some(connection) =
            connections.take(peer.ip(), per_address, limits.sessions + limits.handshakes)
        else {
            continue;
        };
        let Some(handshake) = handshakes.take(peer.ip(), handshakes_per_address, limits.handshakes)
        else {
            continue;
        };
        let (core, identity) = (core.clone(), Arc::clone(&identity));
        tokio::spawn(async move {
            let _ = stream.set_nodelay(true);
            let (read, write) = stream.into_split();
            let opened = tokio::time::timeout(
                limits.hello_timeout,
                open(read, write, &core, &identity, peer),
            )
            .await;
            drop(handshake);
            if let Ok(Some((reader, writer, link))) = opened {
                serve(reader, writer, link).await;
            }
            drop(connection);
        });
    }
}

type Opened = (
    NoiseReader<OwnedReadHalf>,
    NoiseWriter<OwnedWriteHalf>,
    SessionLink,
);

/// The handshake and the hello: the session opened, or `None` (the client was told why if
/// it got as far as a hello).
async fn open(
    read: OwnedReadHalf,
    write: OwnedWriteHalf,
    core: &Core,
    identity: &Identity,
    peer: SocketAddr,
) -> Option<Opened> {
    let (mut reader, mut writer, key) = respond(read, write, identity, MAX_REQUEST + TAG_LEN)
        .await
        .ok()?;
    let hello = reader
        .recv()
        .await
        .ok()
        .and_then(|b| decode_request(b).ok());
    let refusal = match hello {
        Some(Request::Hello { version, name }) if version == PROTOCOL_VERSION => {
            match core.open_session(&noise_key_text(&key), &name, false).await {
                Ok(link) => return Some((reader, writer, link)),
                Err(refusal) => refusal,
            }
        }
        Some(Request::Hello { version, .. }) => Refusal::Version {
            server: PROTOCOL_VERSION,
            client: version,
        },
        _ => Refusal::Protocol {
            what: "the first message must be a hello".into(),
        },
    };
    if let Ok(bytes) = encode_event(&Event::Refused {
        reason: refusal.clone(),
    }) {
        let _ = writer.send(&bytes).await;
    }
    writer.shutdown().await;
    if !matches!(
        refusal,
        Refusal::NameTaken { .. } | Refusal::KeyHasName { .. }
    ) {
        super::note(&format!("{peer}: refused: {refusal}"));
    }
    None
}

/// Carries a session until either end closes it.
async fn serve(
    mut reader: NoiseReader<OwnedReadHalf>,
    writer: NoiseWriter<OwnedWriteHalf>,
    link: SessionLink,
) {
    let SessionLink {
        requests, events, ..
    } = link;
    let writing = tokio::spawn(write_events(writer, events));
    loop {
        let next = tokio::select! {
            frame = reader.recv() => frame,
            () = requests.closed() => break,
        };
        let request = match next {
            Ok(bytes) => match decode_request(bytes) {
                Ok(r) => r,
                // Anything but a request: the client is dropped.
                Err(_) => break,
            },
            Err(TransportError::Closed) => break,
            Err(_) => break,
        };
        if requests.send(request).await.is_err() {
            break;
        }
    }
    // The session ends once its requests are dropped; its events then close, and the
    // writer sends what is left (a refusal saying why) and closes the socket.
    drop(requests);
    let _ = writing.await;
}

async fn write_events(mut writer: NoiseWriter<OwnedWriteHalf>, mut events: mpsc::Receiver<Event>) {
    'session: while let Some(first) = events.recv().await {
        let mut next = Some(first);
        let mut batch = 0;
        while let Some(event) = next.take() {
            match encode_event(&event) {
                Ok(bytes) => {
                    if writer.queue(&bytes).is_err() {
                        break 'session;
                    }
                }
                Err(e) => super::note(&format!("an event not sent: {e}")),
            }
            batch += 1;
            if batch < 64 {
                next = events.try_recv().ok();
            }
        }
        match tokio::time::timeout(WRITE_TIMEOUT, writer.flush()).await {
            Ok(Ok(())) => {}
            _ => break,
        }
    }
    let _ = tokio::time::timeout(Duration::from_secs(1), writer.shutdown()).await;
}
