//! The connection under the messages: a Noise XX handshake (each side proves its static
//! Curve25519 key; the client's is its player's identity, the server's is pinned by the
//! client), then every message encrypted and authenticated with ChaCha20-Poly1305 in a
//! frame of its own: a two-byte big-endian length and the Noise message.
//!
//! Why Noise rather than TLS: both ends are identified by a bare key, not a certificate —
//! a player has no certificate, and a club has no domain name to get one for — and XX
//! carries exactly that, in three messages, with one small pure-Rust crate (`snow`, with
//! its default resolver). TLS with pinned keys would need self-signed certificates made and
//! checked by hand on both sides for the same result, and client certificates to identify
//! a player.

use crate::identity::{Identity, PublicKey};
use snow::{Builder, StatelessTransportState};
use std::sync::Arc;
use tokio::io::{AsyncRead, AsyncReadExt as _, AsyncWrite, AsyncWriteExt as _};

/// The Noise protocol used: XX, Curve25519, ChaCha20-Poly1305, BLAKE2s.
pub const NOISE_PATTERN: &str = "Noise_XX_25519_ChaChaPoly_BLAKE2s";

/// Both ends mix this into the handshake: a peer of another protocol fails it.
const PROLOGUE: &[u8] = b"xiangqi-club";

/// The longest Noise message (a frame's length field holds up to it).
pub const MAX_FRAME: usize = 65_535;

/// The longest handshake message: the third, a static key and two tags.
const MAX_HANDSHAKE_MESSAGE: usize = 128;

/// The bytes of a Noise message's authentication tag.
pub const TAG_LEN: usize = 16;

/// What went wrong on a connection.
#[derive(Debug, thiserror::Error)]
pub enum TransportError {
    /// The socket failed or closed.
    #[error("{0}")]
    Io(#[from] std::io::Error),
    /// The peer closed the connection between frames.
    #[error("the connection was closed")]
    Closed,
    /// A frame longer than the peer may send.
    #[error("a frame of {len} bytes is over the limit of {max}")]
    TooLong {
        /// Its length.
        len: usize,
        /// The limit.
        max: usize,
    },
    /// The handshake failed or a frame did not decrypt: not our protocol, a wrong key, or
    /// bytes changed on the way.
    #[error("encryption: {0}")]
    Noise(String),
}

impl From<snow::Error> for TransportError {
    fn from(e: snow::Error) -> Self {
        TransportError::Noise(e.to_string())
    }
}

/// The receiving half of an encrypted connection.
#[derive(Debug)]
pub struct NoiseReader<R> {
    io: R,
    noise: Arc<StatelessTransportState>,
    nonce: u64,
    max: usize,
    frame: Vec<u8>,
    payload: Vec<u8>,
}

/// The sending half of an encrypted connection.
#[derive(Debug)]
pub struct NoiseWriter<W> {
    io: W,
    noise: Arc<StatelessTransportState>,
    nonce: u64,
    out: Vec<u8>,
}

/// Reads one frame's length, then the frame into `buf`, refusing one over `max` bytes before
/// reading it. A connection closed before a frame begins is [`TransportError::Closed`].
async fn read_frame<R: AsyncRead + Unpin>(
    io: &mut R,
    buf: &mut Vec<u8>,
    max: usize,
) -> Result<(), TransportError> {
    let mut len = [0u8; 2];
    match io.read_exact(&mut len).await {
        Ok(_) => {}
        Err(e) if e.kind() == std::io::ErrorKind::UnexpectedEof => {
            return Err(TransportError::Closed);
        }
        Err(e) => return Err(e.into()),
    }
    let len = usize::from(u16::from_be_bytes(len));
    if len > max {
        return Err(TransportError::TooLong { len, max });
    }
    buf.resize(len, 0);
    io.read_exact(buf).await?;
    Ok(())
}

/// Appends a frame holding `message` to `out`.
fn frame_into(out: &mut Vec<u8>, message: &[u8]) {
    // Noise messages are at most 65,535 bytes: the length fits.
    let len = u16::try_from(message.len()).unwrap_or(u16::MAX);
    out.extend_from_slice(&len.to_be_bytes());
    out.extend_from_slice(message);
}

impl<R: AsyncRead + Unpin> NoiseReader<R> {
    /// The next message's plaintext.
    ///
    /// # Errors
    /// The connection closed or failed, the frame is longer than allowed, or it does not
    /// decrypt.
    pub async fn recv(&mut self) -> Result<&[u8], TransportError> {
        read_frame(&mut self.io, &mut self.frame, self.max).await?;
        if self.frame.len() < TAG_LEN {
            return Err(TransportError::Noise("a frame shorter than its tag".into()));
        }
        self.payload.resize(self.frame.len(), 0);
        let n = self
            .noise
            .read_message(self.nonce, &self.frame, &mut self.payload)?;
        self.nonce += 1;
        // Keep the buffers small between messages: a peer's one long frame does not hold
        // its memory for the rest of the connection.
        if self.frame.capacity() > 4096 {
            self.frame = Vec::new();
        }
        Ok(&self.payload[..n])
    }
}

impl<W: AsyncWrite + Unpin> NoiseWriter<W> {
    /// Encrypts `payload` into the frames waiting to be sent ([`NoiseWriter::flush`]).
    ///
    /// # Errors
    /// The payload is longer than a Noise message holds.
    pub fn queue(&mut self, payload: &[u8]) -> Result<(), TransportError> {
        let len = payload.len() + TAG_LEN;
        if len > MAX_FRAME {
            return Err(TransportError::TooLong {
                len,
                max: MAX_FRAME,
            });
        }
        let start = self.out.len();
        self.out.resize(start + 2 + len, 0);
        let n = self
            .noise
            .write_message(self.nonce, payload, &mut self.out[start + 2..])?;
        self.nonce += 1;
        let n16 = u16::try_from(n).unwrap_or(u16::MAX);
        self.out[start..start + 2].copy_from_slice(&n16.to_be_bytes());
        self.out.truncate(start + 2 + n);
        Ok(())
    }

    /// Sends every frame queued, in one write.
    ///
    /// # Errors
    /// The socket failed.
    pub async fn flush(&mut self) -> Result<(), TransportError> {
        if self.out.is_empty() {
            return Ok(());
        }
        self.io.write_all(&self.out).await?;
        self.out.clear();
        if self.out.capacity() > 65_536 {
            self.out = Vec::new();
        }
        Ok(())
    }

    /// Queues `payload` and sends it.
    ///
    /// # Errors
    /// As [`NoiseWriter::queue`] and [`NoiseWriter::flush`].
    pub async fn send(&mut self, payload: &[u8]) -> Result<(), TransportError> {
        self.queue(payload)?;
        self.flush().await
    }

    /// Closes the sending side.
    pub async fn shutdown(&mut self) {
        let _ = self.io.shutdown().await;
    }
}

fn builder(me: &Identity) -> Result<Builder<'_>, TransportError> {
    let params = NOISE_PATTERN
        .parse()
        .map_err(|e: snow::Error| TransportError::Noise(e.to_string()))?;
    Ok(Builder::new(params)
        .local_private_key(me.private())?
        .prologue(PROLOGUE)?)
}

/// An encrypted connection's two halves and the peer's static key.
pub type Connection<R, W> = (NoiseReader<R>, NoiseWriter<W>, PublicKey);

/// The client's side of the handshake on `read`/`write`, as `me`: the halves of the
/// encrypted connection and the server's key (for the caller to check against its pin).
/// Frames from the server may be up to [`MAX_FRAME`] bytes.
///
/// # Errors
/// The connection failed or the handshake did not complete.
pub async fn initiate<R, W>(
    mut read: R,
    mut write: W,
    me: &Identity,
) -> Result<Connection<R, W>, TransportError>
where
    R: AsyncRead + Unpin,
    W: AsyncWrite + Unpin,
{
    let mut hs = builder(me)?.build_initiator()?;
    let mut buf = vec![0u8; MAX_FRAME];
    let mut frame = Vec::new();
    let n = hs.write_message(&[], &mut buf)?;
    let mut out = Vec::new();
    frame_into(&mut out, &buf[..n]);
    write.write_all(&out).await?;
    read_frame(&mut read, &mut frame, MAX_FRAME).await?;
    hs.read_message(&frame, &mut buf)?;
    let n = hs.write_message(&[], &mut buf)?;
    out.clear();
    frame_into(&mut out, &buf[..n]);
    write.write_all(&out).await?;
    let server = hs
        .get_remote_static()
        .and_then(PublicKey::from_slice)
        .ok_or_else(|| TransportError::Noise("the server sent no key".into()))?;
    let noise = Arc::new(hs.into_stateless_transport_mode()?);
    Ok(halves(read, write, noise, MAX_FRAME, server))
}

/// The server's side of the handshake on `read`/`write`, as `me`: the halves of the
/// encrypted connection and the client's key (its player's identity). Frames from the
/// client may be up to `max_in` bytes (a request and its tag); a longer one ends the
/// connection.
///
/// # Errors
/// The connection failed, or the handshake did not complete.
pub async fn respond<R, W>(
    mut read: R,
    mut write: W,
    me: &Identity,
    max_in: usize,
) -> Result<Connection<R, W>, TransportError>
where
    R: AsyncRead + Unpin,
    W: AsyncWrite + Unpin,
{
    let mut hs = builder(me)?.build_responder()?;
    let mut buf = vec![0u8; 1024];
    let mut frame = Vec::new();
    read_frame(&mut read, &mut frame, MAX_HANDSHAKE_MESSAGE).await?;
    hs.read_message(&frame, &mut buf)?;
    let n = hs.write_message(&[], &mut buf)?;
    let mut out = Vec::new();
    frame_into(&mut out, &buf[..n]);
    write.write_all(&out).await?;
    read_frame(&mut read, &mut frame, MAX_HANDSHAKE_MESSAGE).await?;
    hs.read_message(&frame, &mut buf)?;
    let client = hs
        .get_remote_static()
        .and_then(PublicKey::from_slice)
        .ok_or_else(|| TransportError::Noise("the client sent no key".into()))?;
    let noise = Arc::new(hs.into_stateless_transport_mode()?);
    Ok(halves(read, write, noise, max_in, client))
}

fn halves<R, W>(
    read: R,
    write: W,
    noise: Arc<StatelessTransportState>,
    max_in: usize,
    peer: PublicKey,
) -> Connection<R, W> {
    let reader = NoiseReader {
        io: read,
        noise: Arc::clone(&noise),
        nonce: 0,
        max: max_in,
        frame: Vec::new(),
        payload: Vec::new(),
    };
    let writer = NoiseWriter {
        io: write,
        noise,
        nonce: 0,
        out: Vec::new(),
    };
    (reader, writer, peer)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn both_ends_learn_each_others_key_and_messages_go_both_ways() {
        let (client_io, server_io) = tokio::io::duplex(4096);
        let (cr, cw) = tokio::io::split(client_io);
        let (sr, sw) = tokio::io::split(server_io);
        let client_id = Identity::generate().expect("handshake");
        let server_id = Identity::generate().expect("handshake");
        let server_key = server_id.public();
        let server = tokio::spawn(async move {
            let (mut r, mut w, peer) = respond(sr, sw, &server_id, 256).await.expect("handshake");
            let got = r.recv().await.expect("handshake").to_vec();
            w.send(b"pong").await.expect("handshake");
            (peer, got, r.recv().await.map(<[u8]>::to_vec))
        });
        let (mut r, mut w, peer) = initiate(cr, cw, &client_id).await.expect("handshake");
        assert_eq!(peer, server_key);
        w.send(b"ping").await.expect("handshake");
        assert_eq!(r.recv().await.expect("handshake"), b"pong");
        // A frame over the server's limit ends the connection there.
        w.send(&[7u8; 300]).await.expect("handshake");
        let (seen, got, last) = server.await.expect("handshake");
        assert_eq!(seen, client_id.public());
        assert_eq!(got, b"ping");
        assert!(
            matches!(last, Err(TransportError::TooLong { .. })),
            "{last:?}"
        );
    }

    #[tokio::test]
    async fn a_peer_speaking_something_else_fails_the_handshake() {
        let (client_io, server_io) = tokio::io::duplex(4096);
        let (sr, sw) = tokio::io::split(server_io);
        let server_id = Identity::generate().expect("handshake");
        let server = tokio::spawn(async move { respond(sr, sw, &server_id, 256).await });
        let (_cr, mut cw) = tokio::io::split(client_io);
        cw.write_all(b"\x00\x05hello GET / HTTP/1.1\r\n")
            .await
            .expect("handshake");
        drop(cw);
        assert!(server.await.expect("handshake").is_err());
    }
}
