//! Frames on the wire: a two-byte big-endian length, then that many bytes. The length is
//! checked against [`MAX_FRAME`] before anything is read into memory, and a frame is read into
//! a buffer of that size, so nothing a peer sends can make a reader allocate more.

use crate::NetError;
use std::io::{self, Read, Write};

/// The largest frame body, in bytes: room for a game of a few hundred moves, no more.
pub const MAX_FRAME: usize = 4096;

/// Writes `body` as one frame.
///
/// # Errors
/// The body is over [`MAX_FRAME`] (nothing is written), or the stream fails.
pub fn write_frame(w: &mut impl Write, body: &[u8]) -> Result<(), NetError> {
    let len = u16::try_from(body.len())
        .ok()
        .filter(|&n| usize::from(n) <= MAX_FRAME)
        .ok_or(NetError::TooLong(body.len()))?;
    let mut frame = Vec::with_capacity(2 + body.len());
    frame.extend_from_slice(&len.to_be_bytes());
    frame.extend_from_slice(body);
    w.write_all(&frame).map_err(NetError::from_io)?;
    w.flush().map_err(NetError::from_io)
}

/// Reads one frame into `buf` and returns its body.
///
/// # Errors
/// The stream ends or fails, times out ([`NetError::Silent`]), or announces a frame longer
/// than [`MAX_FRAME`] ([`NetError::TooLong`], before reading it).
pub fn read_frame<'b>(
    r: &mut impl Read,
    buf: &'b mut [u8; MAX_FRAME],
) -> Result<&'b [u8], NetError> {
    let mut len = [0u8; 2];
    r.read_exact(&mut len).map_err(NetError::from_io)?;
    let len = usize::from(u16::from_be_bytes(len));
    if len > MAX_FRAME {
        return Err(NetError::TooLong(len));
    }
    let body = &mut buf[..len];
    r.read_exact(body).map_err(NetError::from_io)?;
    Ok(body)
}

impl NetError {
    /// A stream's failure as a network error: a timeout is the peer's silence, an end is the
    /// peer leaving.
    #[must_use]
    pub fn from_io(e: io::Error) -> NetError {
        match e.kind() {
            io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut => NetError::Silent,
            io::ErrorKind::UnexpectedEof
            | io::ErrorKind::ConnectionReset
            | io::ErrorKind::ConnectionAborted
            | io::ErrorKind::BrokenPipe => NetError::Closed,
            _ => NetError::Io(e.to_string()),
        }
    }
}
