//! The encrypted channel after the handshake: ChaCha20-Poly1305 (an AEAD) with one key per
//! direction and a message counter as the nonce. Neither end sends the counter: each expects
//! the next number, so a frame replayed, dropped, reordered or changed in one bit fails to
//! open, and the connection ends.
//!
//! A message too long for one frame (the host's game, past 967 to 999 plies by the length of
//! the names) goes as several: the first holds [`LONG`], the message's length (four bytes,
//! big-endian) and its first bytes, and the frames after it the rest. Every frame is sealed
//! and counted on its own, so the parts cannot be reordered, dropped or mixed with another
//! message's.

use crate::NetError;
use crate::frame::{MAX_FRAME, read_frame, write_frame};
use chacha20poly1305::aead::{Aead, KeyInit};
use chacha20poly1305::{ChaCha20Poly1305, Key, Nonce};
use std::io::{Read, Write};

/// Bytes the AEAD adds to every message (its tag).
pub const TAG_LEN: usize = 16;

/// The most plain bytes a frame holds: a frame less the tag.
pub const MAX_PLAIN: usize = MAX_FRAME - TAG_LEN;

/// The first byte of a message sent in several frames. No message begins with it.
pub const LONG: u8 = 0xff;

/// The longest message, in bytes, even in several frames: room for a game of 65,535 plies.
pub const MAX_MESSAGE: usize = 1 << 20;

/// The bytes before a long message's first part: [`LONG`] and the length.
const LONG_HEADER: usize = 5;

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

    /// Seals `plain` and writes it as one frame, or as several if it is longer than one
    /// holds (see the module's documentation).
    ///
    /// # Errors
    /// `plain` is over [`MAX_MESSAGE`], or as [`Sealer::seal`] and [`write_frame`].
    pub fn send(&mut self, w: &mut impl Write, plain: &[u8]) -> Result<(), NetError> {
        if plain.len() <= MAX_PLAIN {
            let sealed = self.seal(plain)?;
            return write_frame(w, &sealed);
        }
        let len = u32::try_from(plain.len())
            .ok()
            .filter(|&n| n as usize <= MAX_MESSAGE)
            .ok_or(NetError::MessageTooLong(plain.len()))?;
        let (first, rest) = plain.split_at(MAX_PLAIN - LONG_HEADER);
        let mut head = Vec::with_capacity(MAX_PLAIN);
        head.push(LONG);
        head.extend_from_slice(&len.to_be_bytes());
        head.extend_from_slice(first);
        for part in std::iter::once(&head[..]).chain(rest.chunks(MAX_PLAIN)) {
            let sealed = self.seal(part)?;
            write_frame(w, &sealed)?;
        }
        Ok(())
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

    /// Reads one message: one frame, opened, or the frames of a long message (see the
    /// module's documentation), joined.
    ///
    /// # Errors
    /// As [`read_frame`] and [`Opener::open`]; [`NetError::Malformed`] for a long message
    /// whose length is over [`MAX_MESSAGE`] or would have fitted one frame, or whose parts
    /// come to more than it said.
    pub fn receive(&mut self, r: &mut impl Read) -> Result<Vec<u8>, NetError> {
        let first = self.receive_frame(r)?;
        if first.first() != Some(&LONG) {
            return Ok(first);
        }
        let len = first
            .get(1..LONG_HEADER)
            .and_then(|b| <[u8; 4]>::try_from(b).ok())
            .map_or(0, |b| u32::from_be_bytes(b) as usize);
        if len <= MAX_PLAIN || len > MAX_MESSAGE {
            return Err(NetError::Malformed(format!(
                "a message in several frames said it has {len} bytes, \
                 not from {} to {MAX_MESSAGE}",
                MAX_PLAIN + 1
            )));
        }
        let mut message = Vec::with_capacity(len);
        message.extend_from_slice(&first[LONG_HEADER..]);
        while message.len() < len {
            message.extend_from_slice(&self.receive_frame(r)?);
        }
        if message.len() != len {
            return Err(NetError::Malformed(format!(
                "a long message of {} bytes that said {len}",
                message.len()
            )));
        }
        Ok(message)
    }

    /// Reads one frame and opens it.
    fn receive_frame(&mut self, r: &mut impl Read) -> Result<Vec<u8>, NetError> {
        let Opener { dir, buf } = self;
        let sealed = read_frame(r, buf)?;
        dir.open(sealed)
    }
}
