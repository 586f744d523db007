//! Playing across a network: one player hosts, the other joins with a short code.
//!
//! The room's parts, from the wire up:
//! - [`frame`]: length-prefixed frames of at most [`frame::MAX_FRAME`] bytes;
//! - [`handshake`]: SPAKE2 with the join code ([`code`]), keys per direction, key
//!   confirmation;
//! - [`guesses`] and [`places`]: the host's count of guesses at its code, and its places for
//!   handshakes under way;
//! - [`channel`]: every frame after it sealed with ChaCha20-Poly1305, counters as nonces;
//! - [`message`]: the game's messages and their encoding;
//! - [`table`]: the game as both ends hold it, checking every message received against the
//!   rules and the turn.
//!
//! Nothing here touches a terminal; the program's threads and screens are elsewhere.
//!
//! ```
//! use xiangqi_net::code::JoinCode;
//! use xiangqi_net::frame::{MAX_FRAME, read_frame, write_frame};
//! use xiangqi_net::message::{Message, Stamped};
//!
//! // The host draws a code and shows it; the guest types it in.
//! let code = JoinCode::random().unwrap();
//! let typed: JoinCode = code.to_string().parse().unwrap();
//! assert_eq!(typed, code);
//!
//! // A message, framed as it goes on the wire (sealed, in a real connection).
//! let mut wire = Vec::new();
//! let sent = Stamped::unstamped(Message::Ping);
//! write_frame(&mut wire, &sent.encode()).unwrap();
//! let mut buf = [0u8; MAX_FRAME];
//! let body = read_frame(&mut wire.as_slice(), &mut buf).unwrap();
//! assert_eq!(Stamped::decode(body).unwrap(), sent);
//! ```

#![deny(missing_docs)]

pub mod channel;
pub mod code;
pub mod frame;
pub mod guesses;
pub mod handshake;
pub mod message;
pub mod places;
pub mod table;
pub mod words;

use std::time::Duration;

/// The protocol's version, sent in the handshake; both ends must speak the same. Version 4:
/// the guest confirms its key first, the host refuses in words (busy, wrong code), and the
/// host may ask its guest whether it is still there.
pub const VERSION: u8 = 4;

/// The port `xiangqi host` listens on unless told otherwise.
pub const DEFAULT_PORT: u16 = 9091;

/// How long a handshake may take before the connection is dropped: no guess if the guest's
/// hello had not come, a wrong one if the host had answered it.
pub const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(5);

/// How often an end with nothing to say sends [`message::Message::Ping`].
pub const PING_EVERY: Duration = Duration::from_secs(3);

/// How long an end waits for anything from the other before it takes the connection as lost.
pub const IDLE_TIMEOUT: Duration = Duration::from_secs(10);

/// Why a connection ended, or a message was refused. Each says what went wrong in words for
/// the player.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NetError {
    /// The peer said nothing for too long.
    #[error("the other end went silent")]
    Silent,
    /// The peer closed the connection.
    #[error("the other end closed the connection")]
    Closed,
    /// The stream failed.
    #[error("the connection failed: {0}")]
    Io(String),
    /// A frame longer than allowed.
    #[error("a frame of {0} bytes, over the limit of {max}", max = frame::MAX_FRAME)]
    TooLong(usize),
    /// A message longer than allowed, even in several frames.
    #[error("a message of {0} bytes, over the limit of {max}", max = channel::MAX_MESSAGE)]
    MessageTooLong(usize),
    /// The first frame was not a xiangqi handshake.
    #[error("the other end does not speak the xiangqi protocol")]
    NotXiangqi,
    /// Another protocol version.
    #[error(
        "the other end speaks protocol version {theirs}, this one {ours}: use the same xiangqi on both"
    )]
    Version {
        /// Ours.
        ours: u8,
        /// Theirs.
        theirs: u8,
    },
    /// The key confirmation failed: the codes differ.
    #[error("wrong join code")]
    WrongCode,
    /// The host turned the connection away: its handshake places were all taken.
    #[error("the host was busy with other connections: try again in a moment")]
    Busy,
    /// The host's guest is still there: a second one cannot take its seat.
    #[error("another player is still connected to the host: the seat is taken")]
    SeatTaken,
    /// A frame that does not authenticate: changed, replayed, reordered or forged.
    #[error("a message that does not authenticate (changed, replayed or forged)")]
    Forged,
    /// A message that cannot be read.
    #[error("a malformed message: {0}")]
    Malformed(String),
    /// A message that makes no sense now.
    #[error("an unexpected message: {0}")]
    WrongState(String),
    /// A move the rules refuse. The same checks refuse this end's own messages before they
    /// go (shown as not sent), so the text does not say whose move it was.
    #[error("an illegal move: {0}")]
    Illegal(String),
    /// A move by the side not to move.
    #[error("a move out of turn")]
    OutOfTurn,
    /// The message counter is used up (2^64 messages).
    #[error("too many messages on one connection")]
    Exhausted,
}

#[cfg(test)]
mod tests;
