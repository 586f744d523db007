//! The handshake: SPAKE2 over Ed25519 (the `spake2` crate) with the join code as the password
//! and both roles bound in as identities, then keys for each direction drawn from the shared
//! secret with HKDF-SHA256, then key confirmation: each end's first sealed frame is a fixed
//! text that the other must open.
//!
//! The order is what makes a guess cost a guess. The guest, who did not choose the code,
//! speaks first at every step: its hello, then (once it has the host's hello) its
//! confirmation. The host answers the hello with its own only when the guest's has come, and
//! sends its confirmation only after the guest's has opened. So nothing the host sends before
//! the guest has committed to its confirmation depends on whether the code is right: a guest
//! can learn whether its code was right only from the host's verdict, and the host counts
//! every exchange that got as far as its key (its own hello sent) as a guess, right or wrong,
//! whatever the guest does next — a wrong confirmation, silence, or hanging up.
//!
//! On the wire, in the clear: `XQNT`, the protocol version, and the 33-byte SPAKE2 message,
//! which reveals nothing of the code; and a host's [`Refusal`] (busy, wrong code, another
//! version), a frame of `XQNT`, the version and one byte, sent before it closes. The address
//! dialled plays no part, so the code works through a tunnel or a relay.

use crate::net::channel::{Opener, Sealer};
use crate::net::code::JoinCode;
use crate::net::frame::{MAX_FRAME, read_frame, write_frame};
use crate::net::{NetError, VERSION};
use hkdf::Hkdf;
use sha2::Sha256;
use spake2::{Ed25519Group, Identity, Password, Spake2};
use std::io::{Read, Write};

/// The first bytes of every frame in the clear.
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

/// The length of a refusal: `XQNT`, the version, the reason.
const REFUSAL_LEN: usize = MAGIC.len() + 2;

/// Why the host turns a connection away, told in the clear before it closes.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// Every handshake place is taken by exchanges under way.
    Busy,
    /// The guest's confirmation did not open (or never came): the codes differ.
    WrongCode,
    /// The guest speaks another version; the refusal carries ours, which is what an older
    /// peer reads and says.
    Version,
}

impl Refusal {
    fn byte(self) -> u8 {
        match self {
            Refusal::Busy => 1,
            Refusal::WrongCode => 2,
            Refusal::Version => 3,
        }
    }

    /// What the refused end says.
    fn error(byte: u8) -> NetError {
        match byte {
            1 => NetError::Busy,
            2 => NetError::WrongCode,
            _ => NetError::NotXiangqi,
        }
    }
}

/// Both halves of an open channel.
#[derive(Debug)]
pub struct Channel {
    /// What this end sends with.
    pub sealer: Sealer,
    /// What this end receives with.
    pub opener: Opener,
}

/// The guest's hello as the host read it: its SPAKE2 message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hello(Vec<u8>);

/// Runs the whole handshake as `role` with `code` over `stream` (whose read timeout bounds
/// how long a silent peer is waited for). The host's side here tells a wrong code at once;
/// a host that paces its verdicts runs [`read_hello`], [`answer`] and [`refuse`] itself.
///
/// # Errors
/// [`NetError::WrongCode`] if the codes differ (at the host: also a guest that never
/// confirmed); [`NetError::Busy`] if the host turned the guest away;
/// [`NetError::Version`] for another protocol version; [`NetError::NotXiangqi`] for a
/// frame that is not a handshake's; any error of the stream.
pub fn handshake(
    stream: &mut (impl Read + Write),
    role: Role,
    code: &JoinCode,
) -> Result<Channel, NetError> {
    match role {
        Role::Host => {
            let hello = read_hello(stream)?;
            let answered = answer(stream, &hello, code);
            if matches!(answered, Err(NetError::WrongCode)) {
                let _ = refuse(stream, Refusal::WrongCode);
            }
            answered
        }
        Role::Guest => guest(stream, code),
    }
}

/// The guest's side: hello, the host's hello, confirmation, the host's verdict.
fn guest(stream: &mut (impl Read + Write), code: &JoinCode) -> Result<Channel, NetError> {
    let (state, ours) = start(Role::Guest, code);
    write_frame(stream, &hello_frame(&ours))?;
    let mut buf = [0u8; MAX_FRAME];
    let theirs = read_clear(stream, &mut buf)?;
    let secret = state.finish(theirs).map_err(|_| NetError::NotXiangqi)?;
    let mut channel = channel(&secret, Role::Guest)?;
    channel.sealer.send(stream, CONFIRM_GUEST)?;
    let verdict = read_frame(stream, &mut buf)?;
    if verdict.len() == REFUSAL_LEN {
        // Shorter than any sealed frame (its tag alone is 16 bytes): the host's refusal.
        return Err(clear_body(verdict).err().unwrap_or(NetError::NotXiangqi));
    }
    match channel.opener.open(verdict) {
        Ok(text) if text == CONFIRM_HOST => Ok(channel),
        Ok(_) | Err(NetError::Forged) => Err(NetError::WrongCode),
        Err(e) => Err(e),
    }
}

/// The host's first step: reads the guest's hello. A peer of another version is told ours
/// before the error returns, so that an older program says which versions met.
///
/// # Errors
/// As [`handshake`]; none of them is a guess.
pub fn read_hello(stream: &mut (impl Read + Write)) -> Result<Hello, NetError> {
    let mut buf = [0u8; MAX_FRAME];
    match read_clear(stream, &mut buf) {
        Ok(message) => Ok(Hello(message.to_vec())),
        Err(e @ NetError::Version { .. }) => {
            let _ = refuse(stream, Refusal::Version);
            Err(e)
        }
        // Only a host refuses.
        Err(NetError::Busy | NetError::WrongCode) => Err(NetError::NotXiangqi),
        Err(e) => Err(e),
    }
}

/// The host's second step, once a handshake place has been given to `hello`: checks the
/// guest's SPAKE2 message, answers with the host's, reads the guest's confirmation and, if
/// it opens, sends the host's own.
///
/// # Errors
/// [`NetError::NotXiangqi`] if the guest's SPAKE2 message is not one (no key, no guess).
/// Past that the host has its key and the guest could have checked one code: anything but
/// the right confirmation is [`NetError::WrongCode`], a guess to count.
pub fn answer(
    stream: &mut (impl Read + Write),
    hello: &Hello,
    code: &JoinCode,
) -> Result<Channel, NetError> {
    let (state, ours) = start(Role::Host, code);
    let secret = state.finish(&hello.0).map_err(|_| NetError::NotXiangqi)?;
    let mut channel = channel(&secret, Role::Host)?;
    let mut buf = [0u8; MAX_FRAME];
    let confirmed = write_frame(stream, &hello_frame(&ours))
        .and_then(|()| read_frame(stream, &mut buf))
        .and_then(|sealed| channel.opener.open(sealed))
        .is_ok_and(|text| text == CONFIRM_GUEST);
    if !confirmed {
        return Err(NetError::WrongCode);
    }
    channel.sealer.send(stream, CONFIRM_HOST)?;
    Ok(channel)
}

/// Tells the other end why the host turns it away (it closes the connection after).
///
/// # Errors
/// As [`write_frame`].
pub fn refuse(stream: &mut impl Write, why: Refusal) -> Result<(), NetError> {
    let mut frame = MAGIC.to_vec();
    frame.extend([VERSION, why.byte()]);
    write_frame(stream, &frame)
}

/// This end's SPAKE2 state and message for `code`.
fn start(role: Role, code: &JoinCode) -> (Spake2<Ed25519Group>, Vec<u8>) {
    let password = Password::new(code.password());
    let (host, guest) = (Identity::new(HOST_ID), Identity::new(GUEST_ID));
    match role {
        Role::Host => Spake2::<Ed25519Group>::start_a(&password, &host, &guest),
        Role::Guest => Spake2::<Ed25519Group>::start_b(&password, &host, &guest),
    }
}

fn hello_frame(spake: &[u8]) -> Vec<u8> {
    let mut hello = Vec::with_capacity(MAGIC.len() + 1 + spake.len());
    hello.extend_from_slice(MAGIC);
    hello.push(VERSION);
    hello.extend_from_slice(spake);
    hello
}

/// Reads a frame in the clear: the SPAKE2 message of a hello, or the error a refusal says.
fn read_clear<'b>(
    stream: &mut impl Read,
    buf: &'b mut [u8; MAX_FRAME],
) -> Result<&'b [u8], NetError> {
    clear_body(read_frame(stream, buf)?)
}

/// The SPAKE2 message of a hello of our version, or why `frame` is not one.
fn clear_body(frame: &[u8]) -> Result<&[u8], NetError> {
    if frame.len() < MAGIC.len() + 1 || !frame.starts_with(MAGIC) {
        return Err(NetError::NotXiangqi);
    }
    let version = frame[MAGIC.len()];
    if version != VERSION {
        return Err(NetError::Version {
            ours: VERSION,
            theirs: version,
        });
    }
    if frame.len() == REFUSAL_LEN {
        return Err(Refusal::error(frame[REFUSAL_LEN - 1]));
    }
    Ok(&frame[MAGIC.len() + 1..])
}

/// The channel from the shared secret: one key each way.
fn channel(secret: &[u8], role: Role) -> Result<Channel, NetError> {
    let keys = Hkdf::<Sha256>::new(Some(b"xiangqi net v1"), secret);
    let key = |info: &[u8]| {
        let mut k = [0u8; 32];
        // 32 bytes is far below HKDF-SHA256's limit; the error cannot happen.
        keys.expand(info, &mut k).map(|()| k)
    };
    let (Ok(to_guest), Ok(to_host)) = (key(b"host to guest"), key(b"guest to host")) else {
        return Err(NetError::NotXiangqi);
    };
    let (send_key, receive_key) = match role {
        Role::Host => (to_guest, to_host),
        Role::Guest => (to_host, to_guest),
    };
    Ok(Channel {
        sealer: Sealer::new(&send_key),
        opener: Opener::new(&receive_key),
    })
}
