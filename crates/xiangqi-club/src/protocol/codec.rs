//! Messages on the wire: each one JSON text in one frame, refused whole when it is longer
//! than its side may send or does not read as a message.

use super::{Event, Request};
use serde::Serialize;
use serde::de::DeserializeOwned;

/// The longest message a client may send, in bytes: a chat line of the longest length in
/// any script fits, with room to spare; nothing a client says needs more.
pub const MAX_REQUEST: usize = 2048;

/// The longest message the server sends, in bytes: a Noise message's payload (65,535 bytes
/// less the 16 of its tag). A game's PGN and the lobby's snapshot parts fit well within it.
pub const MAX_EVENT: usize = 65_535 - 16;

/// The most entries in one part of the lobby's snapshot.
pub const SNAPSHOT_PART: usize = 100;

/// A message that cannot be encoded or decoded.
#[derive(Debug, thiserror::Error)]
pub enum CodecError {
    /// Longer than its side may send.
    #[error("a message of {len} bytes is over the limit of {max}")]
    TooLong {
        /// Its length.
        len: usize,
        /// The limit.
        max: usize,
    },
    /// Not a message of the protocol (the JSON reader's reason, with the place).
    #[error("not a message: {0}")]
    Malformed(#[from] serde_json::Error),
}

fn encode<T: Serialize>(message: &T, max: usize) -> Result<Vec<u8>, CodecError> {
    let bytes = serde_json::to_vec(message)?;
    if bytes.len() > max {
        return Err(CodecError::TooLong {
            len: bytes.len(),
            max,
        });
    }
    Ok(bytes)
}

fn decode<T: DeserializeOwned>(bytes: &[u8], max: usize) -> Result<T, CodecError> {
    if bytes.len() > max {
        return Err(CodecError::TooLong {
            len: bytes.len(),
            max,
        });
    }
    Ok(serde_json::from_slice(bytes)?)
}

/// A client's message as it goes on the wire.
///
/// # Errors
/// [`CodecError::TooLong`] past [`MAX_REQUEST`].
pub fn encode_request(request: &Request) -> Result<Vec<u8>, CodecError> {
    encode(request, MAX_REQUEST)
}

/// A client's message read from the wire.
///
/// # Errors
/// Longer than [`MAX_REQUEST`], or not a request.
pub fn decode_request(bytes: &[u8]) -> Result<Request, CodecError> {
    decode(bytes, MAX_REQUEST)
}

/// The server's message as it goes on the wire.
///
/// # Errors
/// [`CodecError::TooLong`] past [`MAX_EVENT`].
pub fn encode_event(event: &Event) -> Result<Vec<u8>, CodecError> {
    encode(event, MAX_EVENT)
}

/// The server's message read from the wire.
///
/// # Errors
/// Longer than [`MAX_EVENT`], or not an event.
pub fn decode_event(bytes: &[u8]) -> Result<Event, CodecError> {
    decode(bytes, MAX_EVENT)
}
