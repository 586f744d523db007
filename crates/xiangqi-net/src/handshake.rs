//! The handshake: SPAKE2 over Ed25519 (the `spake2` crate) with the join code as the password
//! and both roles bound in as identities, then keys for each direction drawn from the shared
//! secret with HKDF-SHA256, then key confirmation: each end's first sealed frame is a fixed
//! text that the other must open. A wrong code gives the two ends different secrets, so each
//! end's confirmation fails at the other and both say so before any game data moves.
//!
//! On the wire, in the clear: `XQNT`, the protocol version, and the 33-byte SPAKE2 message,
//! which reveals nothing of the code. The address dialled plays no part, so the code works
//! through a tunnel or a relay.

use crate::channel::{Opener, Sealer};
use crate::code::JoinCode;
use crate::frame::{MAX_FRAME, read_frame, write_frame};
use crate::{NetError, VERSION};
use hkdf::Hkdf;
use sha2::Sha256;
use spake2::{Ed25519Group, Identity, Password, Spake2};
use std::io::{Read, Write};

/// The first bytes of the first frame each end sends.
pub const MAGIC: &[u8; 4] = b"XQNT";

/// Which end of the game: the host waits, the guest dials.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Role {
    /// The one who shows the code (SPAKE2's side A).
    Host,
    /// The one who types it (side B).
    Guest,
}

const HOST_ID: &[u8] = b"xiangqi host";
const GUEST_ID: &[u8] = b"xiangqi guest";
const CONFIRM_HOST: &[u8] = b"xiangqi confirm: host";
const CONFIRM_GUEST: &[u8] = b"xiangqi confirm: guest";

/// Both halves of an open channel.
#[derive(Debug)]
pub struct Channel {
    /// What this end sends with.
    pub sealer: Sealer,
    /// What this end receives with.
    pub opener: Opener,
}

/// Runs the handshake as `role` with `code` over `stream` (whose read timeout bounds how long
/// a silent peer is waited for).
///
/// # Errors
/// [`NetError::WrongCode`] if the peer's confirmation does not open (the codes differ);
/// [`NetError::Version`] for another protocol version; [`NetError::NotXiangqi`] for a first
/// frame that is not a handshake; any error of the stream.
pub fn handshake(
    stream: &mut (impl Read + Write),
    role: Role,
    code: &JoinCode,
) -> Result<Channel, NetError> {
    let password = Password::new(code.password());
    let (host, guest) = (Identity::new(HOST_ID), Identity::new(GUEST_ID));
    let (state, ours) = match role {
        Role::Host => Spake2::<Ed25519Group>::start_a(&password, &host, &guest),
        Role::Guest => Spake2::<Ed25519Group>::start_b(&password, &host, &guest),
    };
    let mut hello = Vec::with_capacity(MAGIC.len() + 1 + ours.len());
    hello.extend_from_slice(MAGIC);
    hello.push(VERSION);
    hello.extend_from_slice(&ours);
    write_frame(stream, &hello)?;

    let mut buf = [0u8; MAX_FRAME];
    let theirs = read_frame(stream, &mut buf)?;
    if theirs.len() < MAGIC.len() + 1 || &theirs[..MAGIC.len()] != MAGIC {
        return Err(NetError::NotXiangqi);
    }
    let version = theirs[MAGIC.len()];
    if version != VERSION {
        return Err(NetError::Version {
            ours: VERSION,
            theirs: version,
        });
    }
    let secret = state
        .finish(&theirs[MAGIC.len() + 1..])
        .map_err(|_| NetError::NotXiangqi)?;

    let keys = Hkdf::<Sha256>::new(Some(b"xiangqi net v1"), &secret);
    let key = |info: &[u8]| {
        let mut k = [0u8; 32];
        // 32 bytes is far below HKDF-SHA256's limit; the error cannot happen.
        keys.expand(info, &mut k).map(|()| k)
    };
    let (to_guest, to_host) = match (key(b"host to guest"), key(b"guest to host")) {
        (Ok(a), Ok(b)) => (a, b),
        _ => return Err(NetError::NotXiangqi),
    };
    let (send_key, receive_key, ours, theirs) = match role {
        Role::Host => (to_guest, to_host, CONFIRM_HOST, CONFIRM_GUEST),
        Role::Guest => (to_host, to_guest, CONFIRM_GUEST, CONFIRM_HOST),
    };
    let mut channel = Channel {
        sealer: Sealer::new(&send_key),
        opener: Opener::new(&receive_key),
    };
    channel.sealer.send(stream, ours)?;
    match channel.opener.receive(stream) {
        Ok(text) if text == theirs => Ok(channel),
        Ok(_) | Err(NetError::Forged) => Err(NetError::WrongCode),
        Err(e) => Err(e),
    }
}
