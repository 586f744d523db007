//! The handshake between real sockets: the right code connects, a wrong one is refused on
//! both sides, the guest commits to its confirmation before the host says anything that
//! depends on the code, and the host's refusals and an older peer's version are said.

use super::super::frame::{MAX_FRAME, read_frame, write_frame};
use super::super::handshake::{Channel, MAGIC, Refusal, Role, handshake, refuse};
use super::super::message::Message;
use super::super::*;
use super::{code, mv};
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::Duration;
/// A connected pair of sockets on 127.0.0.1, each with a short read timeout.
fn pair() -> (TcpStream, TcpStream) {
    let listener = TcpListener::bind("127.0.0.1:0").expect("bind");
    let addr = listener.local_addr().expect("addr");
    let guest = TcpStream::connect(addr).expect("connect");
    let (host, _) = listener.accept().expect("accept");
    for s in [&host, &guest] {
        s.set_read_timeout(Some(std::time::Duration::from_secs(2)))
            .expect("timeout");
    }
    (host, guest)
}

/// A stream that keeps a copy of every byte written and read.
struct Tap {
    inner: TcpStream,
    seen: Arc<Mutex<Vec<u8>>>,
}

impl Read for Tap {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.seen.lock().expect("lock").extend_from_slice(&buf[..n]);
        Ok(n)
    }
}

impl Write for Tap {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        let n = self.inner.write(buf)?;
        self.seen.lock().expect("lock").extend_from_slice(&buf[..n]);
        Ok(n)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.inner.flush()
    }
}

/// One end after its handshake: the channel and its socket, or why not.
type Shaken = Result<(Channel, TcpStream), NetError>;

/// Both ends' handshakes, the guest with `guest_code`.
fn shake(host_code: &str, guest_code: &str) -> (Shaken, Shaken) {
    let (mut host, mut guest) = pair();
    let host_code = code(host_code);
    let guest_code = code(guest_code);
    let h = thread::spawn(move || handshake(&mut host, Role::Host, &host_code).map(|c| (c, host)));
    let g = handshake(&mut guest, Role::Guest, &guest_code).map(|c| (c, guest));
    (h.join().expect("host thread"), g)
}

#[test]
fn the_right_code_connects_and_messages_cross_both_ways() {
    let (host, guest) = shake("7-river-cannon", "7-River-CANNON ");
    let (mut host, mut hs) = host.expect("host side");
    let (mut guest, mut gs) = guest.expect("guest side");
    let m = Message::Move {
        ply: 0,
        mv: mv("h2e2"),
    };
    guest.sealer.send(&mut gs, &m.encode()).expect("send");
    let got = host.opener.receive(&mut hs).expect("receive");
    assert_eq!(Message::decode(&got), Ok(m));
    host.sealer
        .send(&mut hs, &Message::Chat("好".into()).encode())
        .expect("send");
    let got = guest.opener.receive(&mut gs).expect("receive");
    assert_eq!(Message::decode(&got), Ok(Message::Chat("好".into())));
}

#[test]
fn a_wrong_code_is_refused_on_both_sides() {
    let (host, guest) = shake("7-river-cannon", "7-river-horse");
    assert_eq!(host.err(), Some(NetError::WrongCode));
    assert_eq!(guest.err(), Some(NetError::WrongCode));
    let (host, guest) = shake("7-river-cannon", "8-river-cannon");
    assert_eq!(host.err(), Some(NetError::WrongCode));
    assert_eq!(guest.err(), Some(NetError::WrongCode));
}

#[test]
fn garbage_oversized_lengths_and_silence_end_the_handshake() {
    let host_code = code("1-tea-cup");
    // Random bytes that form a frame of the right size but not a handshake.
    let (mut host, mut raw) = pair();
    raw.write_all(&[0, 6, 1, 2, 3, 4, 5, 6]).expect("write");
    assert_eq!(
        handshake(&mut host, Role::Host, &host_code).err(),
        Some(NetError::NotXiangqi)
    );
    // A line of text: its first two bytes read as a length far over the limit.
    let (mut host, mut raw) = pair();
    raw.write_all(b"GET / HTTP/1.1\r\n").expect("write");
    assert_eq!(
        handshake(&mut host, Role::Host, &host_code).err(),
        Some(NetError::TooLong(0x4745))
    );
    // Nothing at all.
    let (mut host, _raw) = pair();
    host.set_read_timeout(Some(std::time::Duration::from_millis(200)))
        .expect("timeout");
    assert_eq!(
        handshake(&mut host, Role::Host, &host_code).err(),
        Some(NetError::Silent)
    );
    // The right magic, another version.
    let (mut host, mut raw) = pair();
    let mut hello = b"XQNT".to_vec();
    hello.push(VERSION + 1);
    hello.extend([0u8; 33]);
    write_frame(&mut raw, &hello).expect("write");
    assert_eq!(
        handshake(&mut host, Role::Host, &host_code).err(),
        Some(NetError::Version {
            ours: VERSION,
            theirs: VERSION + 1
        })
    );
}

#[test]
fn after_the_handshake_a_frame_in_the_clear_or_replayed_ends_the_connection() {
    let (host, guest) = shake("3-jade-bowl", "3-jade-bowl");
    let (mut host, mut hs) = host.expect("host");
    let (_guest, mut gs) = guest.expect("guest");
    // The move in the clear.
    let plain = Message::Move {
        ply: 0,
        mv: mv("h2e2"),
    };
    write_frame(&mut gs, &plain.encode()).expect("write");
    assert_eq!(host.opener.receive(&mut hs).err(), Some(NetError::Forged));
    // A frame captured and sent twice: the first opens, the copy does not.
    let (h2, g2) = shake("3-jade-bowl", "3-jade-bowl");
    let (mut h2, mut h2s) = h2.expect("host");
    let (mut g2, mut g2s) = g2.expect("guest");
    let sealed = g2.sealer.seal(&Message::Ping.encode()).expect("seal");
    write_frame(&mut g2s, &sealed).expect("write");
    write_frame(&mut g2s, &sealed).expect("write");
    assert_eq!(h2.opener.receive(&mut h2s), Ok(Message::Ping.encode()));
    assert_eq!(h2.opener.receive(&mut h2s).err(), Some(NetError::Forged));
}

#[test]
fn the_wire_holds_neither_the_code_nor_the_moves() {
    let (host, guest) = pair();
    let seen = Arc::new(Mutex::new(Vec::new()));
    let mut tap = Tap {
        inner: guest,
        seen: Arc::clone(&seen),
    };
    let secret = code("512-cannon-chariot");
    let host_code = secret.clone();
    let h = thread::spawn(move || {
        let mut host = host;
        let mut channel = handshake(&mut host, Role::Host, &host_code).expect("host");
        let got = channel.opener.receive(&mut host).expect("move");
        Message::decode(&got)
    });
    let mut channel = handshake(&mut tap, Role::Guest, &secret).expect("guest");
    let m = Message::Move {
        ply: 0,
        mv: mv("h2e2"),
    };
    channel.sealer.send(&mut tap, &m.encode()).expect("send");
    assert_eq!(h.join().expect("host"), Ok(m));
    let wire = seen.lock().expect("lock").clone();
    assert!(wire.len() > 80, "the handshake and a move crossed");
    for needle in [
        "512-cannon-chariot",
        "cannon",
        "chariot",
        "h2e2",
        "H2E2",
        "confirm",
    ] {
        assert!(
            !wire.windows(needle.len()).any(|w| w == needle.as_bytes()),
            "{needle} in the clear"
        );
    }
}

/// A guest's hello for `code` as any program can make it: the SPAKE2 message made as the
/// protocol says, the code guessed.
fn guessers_hello(guess: &str) -> Vec<u8> {
    use spake2::{Ed25519Group, Identity, Password, Spake2};
    let password = Password::new(code(guess).password());
    let (host, guest) = (
        Identity::new(b"xiangqi host"),
        Identity::new(b"xiangqi guest"),
    );
    let (_, spake) = Spake2::<Ed25519Group>::start_b(&password, &host, &guest);
    let mut hello = MAGIC.to_vec();
    hello.push(VERSION);
    hello.extend(spake);
    hello
}

#[test]
fn the_host_says_nothing_that_tells_the_code_before_the_guest_confirms_and_counts_a_hang_up() {
    let (mut host, mut guesser) = pair();
    let h = thread::spawn(move || handshake(&mut host, Role::Host, &code("7-river-cannon")).err());
    write_frame(&mut guesser, &guessers_hello("8-river-cannon")).expect("hello");
    let mut buf = [0u8; MAX_FRAME];
    let hello = read_frame(&mut guesser, &mut buf).expect("the host's hello");
    assert!(hello.starts_with(MAGIC));
    // The guesser waits for something of the host's to check its guess against: nothing
    // comes before its own confirmation.
    guesser
        .set_read_timeout(Some(Duration::from_millis(300)))
        .expect("timeout");
    assert_eq!(
        read_frame(&mut guesser, &mut buf).err(),
        Some(NetError::Silent)
    );
    // It hangs up without confirming: a wrong guess all the same.
    drop(guesser);
    assert_eq!(h.join().expect("host"), Some(NetError::WrongCode));
}

#[test]
fn a_peer_of_version_3_is_refused_and_told_our_version_either_way() {
    // An older guest: the host says so, and tells it ours, which is what it reads first.
    let (mut host, mut old) = pair();
    let mut hello = guessers_hello("7-river-cannon");
    hello[MAGIC.len()] = 3;
    write_frame(&mut old, &hello).expect("hello");
    let versions_differ = Some(NetError::Version {
        ours: VERSION,
        theirs: 3,
    });
    let host_says = handshake(&mut host, Role::Host, &code("7-river-cannon")).err();
    assert_eq!(host_says, versions_differ);
    let mut buf = [0u8; MAX_FRAME];
    let told = read_frame(&mut old, &mut buf).expect("told");
    assert_eq!(told[..MAGIC.len()], MAGIC[..]);
    assert_eq!(told[MAGIC.len()], VERSION);
    // An older host: its hello is what the guest reads.
    let (mut old, mut guest) = pair();
    write_frame(&mut old, &hello).expect("hello");
    let guest_says = handshake(&mut guest, Role::Guest, &code("7-river-cannon")).err();
    assert_eq!(guest_says, versions_differ);
}

#[test]
fn a_guest_turned_away_is_told_why() {
    for (why, says) in [
        (Refusal::Busy, NetError::Busy),
        (Refusal::WrongCode, NetError::WrongCode),
    ] {
        let (mut host, mut guest) = pair();
        refuse(&mut host, why).expect("refused");
        assert_eq!(
            handshake(&mut guest, Role::Guest, &code("1-tea-cup")).err(),
            Some(says)
        );
    }
}
