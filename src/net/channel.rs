//! The encrypted channel after the handshake: ChaCha20-Poly1305 (an AEAD) with one key per
//! direction and a message counter as the nonce. Neither end sends the counter: each expects
//! the next number, so a frame replayed, dropped, reordered or changed in one bit fails to
//! open, and the connection ends.

use crate::net::NetError;
use crate::net::frame::{MAX_FRAME, read_frame, write_frame};
use chacha20poly1305::aead::{Aead, KeyInit};
use chacha20poly1305::{ChaCha20Poly1305, Key, Nonce};
use std::io::{Read, Write};

/// Bytes the AEAD adds to every message (its tag).
pub const TAG_LEN: usize = 16;

/// The largest plain message: a frame less the tag.
pub const MAX_PLAIN: usize = MAX_FRAME - TAG_LEN;

/// One direction's key and counter.
struct Direction {
    cipher: ChaCha20Poly1305,
    counter: u64,
}

impl std::fmt::Debug for Direction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Never the key.
        write!(f, "Direction {{ counter: {} }}", self.counter)
    }
}

impl Direction {
    fn new(key: &[u8; 32]) -> Direction {
        Direction {
            cipher: ChaCha20Poly1305::new(Key::from_slice(key)),
            counter: 0,
        }
    }

    /// The next nonce: 4 zero bytes, then the counter (little-endian). Fails rather than
    /// ever use a nonce twice.
    fn next_nonce(&mut self) -> Result<Nonce, NetError> {
        let mut nonce = [0u8; 12];
        nonce[4..].copy_from_slice(&self.counter.to_le_bytes());
        self.counter = self.counter.checked_add(1).ok_or(NetError::Exhausted)?;
        Ok(*Nonce::from_slice(&nonce))
    }

    /// `sealed` opened with the next nonce.
    fn open(&mut self, sealed: &[u8]) -> Result<Vec<u8>, NetError> {
        let nonce = self.next_nonce()?;
        self.cipher
            .decrypt(&nonce, sealed)
            .map_err(|_| NetError::Forged)
    }
}

/// The sending half: seals messages and writes them as frames.
#[derive(Debug)]
pub struct Sealer(Direction);

/// The receiving half: reads frames and opens them.
#[derive(Debug)]
pub struct Opener {
    dir: Direction,
    buf: Box<[u8; MAX_FRAME]>,
}

impl Sealer {
    /// A sealer with this direction's key.
    #[must_use]
    pub fn new(key: &[u8; 32]) -> Sealer {
        Sealer(Direction::new(key))
    }

    /// `plain`, sealed with the next nonce.
    ///
    /// # Errors
    /// `plain` is over [`MAX_PLAIN`], or the counter is used up.
    pub fn seal(&mut self, plain: &[u8]) -> Result<Vec<u8>, NetError> {
        if plain.len() > MAX_PLAIN {
            return Err(NetError::TooLong(plain.len() + TAG_LEN));
        }
        let nonce = self.0.next_nonce()?;
        self.0
            .cipher
            .encrypt(&nonce, plain)
            .map_err(|_| NetError::TooLong(plain.len()))
    }

    /// Seals `plain` and writes it as one frame.
    ///
    /// # Errors
    /// As [`Sealer::seal`] and [`write_frame`].
    pub fn send(&mut self, w: &mut impl Write, plain: &[u8]) -> Result<(), NetError> {
        let sealed = self.seal(plain)?;
        write_frame(w, &sealed)
    }
}

impl Opener {
    /// An opener with this direction's key.
    #[must_use]
    pub fn new(key: &[u8; 32]) -> Opener {
        Opener {
            dir: Direction::new(key),
            buf: Box::new([0u8; MAX_FRAME]),
        }
    }

    /// `sealed` opened with the next nonce.
    ///
    /// # Errors
    /// [`NetError::Forged`] if it does not authenticate: another key, a changed byte, a
    /// frame out of order or seen before.
    pub fn open(&mut self, sealed: &[u8]) -> Result<Vec<u8>, NetError> {
        self.dir.open(sealed)
    }

    /// Reads one frame and opens it.
    ///
    /// # Errors
    /// As [`read_frame`] and [`Opener::open`].
    pub fn receive(&mut self, r: &mut impl Read) -> Result<Vec<u8>, NetError> {
        let Opener { dir, buf } = self;
        let sealed = read_frame(r, buf)?;
        dir.open(sealed)
    }
}
