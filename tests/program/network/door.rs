//! The host's door against attackers, with `xiangqi host` in a pseudo-terminal: guesses that
//! hang up before confirming, a stranger who has the code, silent handshakes from other
//! loopback addresses (on Linux all of 127/8 is this machine), a guest turned away; and,
//! run by hand (`--ignored`), a guesser for ten seconds that measures the pace of verdicts.

use crate::common::net;

use net::{host, invite, join, joined, play, quit};
use rustix::net::{AddressFamily, SocketType};
use std::io::{self, Read, Write};
use std::net::{Shutdown, SocketAddr, TcpStream};
use std::sync::atomic::{AtomicBool, AtomicU32, Ordering};
use std::sync::{Arc, mpsc};
use std::thread;
use std::time::{Duration, Instant};
use xiangqi_net::NetError;
use xiangqi_net::code::JoinCode;
use xiangqi_net::handshake::{Refusal, Role, handshake, refuse};
use xiangqi_net::message::Message;

/// A connection to the host at `addr` from the loopback address `from`.
pub(crate) fn dial_from(from: [u8; 4], addr: &str) -> TcpStream {
    let target: SocketAddr = addr.parse().expect("the host's address");
    let socket =
        rustix::net::socket(AddressFamily::INET, SocketType::STREAM, None).expect("a socket");
    rustix::net::bind(&socket, &SocketAddr::from((from, 0))).expect("bound");
    rustix::net::connect(&socket, &target).expect("connected");
    let stream = TcpStream::from(socket);
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .expect("timeout");
    stream
}

/// The bytes of the SPAKE2 hello frame: its length (2), `XQNT`, the version, the message (33).
const HELLO_BYTES: usize = 40;

/// A guest's stream that sends its hello and nothing after: the guest's key confirmation,
/// and all that would follow it, fails to go, as if it hung up there.
struct ConfirmsNothing<'a> {
    stream: &'a TcpStream,
    written: usize,
}

impl Read for ConfirmsNothing<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        (&mut &*self.stream).read(buf)
    }
}

impl Write for ConfirmsNothing<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.written + buf.len() > HELLO_BYTES {
            return Err(io::ErrorKind::BrokenPipe.into());
        }
        self.written += buf.len();
        (&mut &*self.stream).write(buf)
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// Runs a guest's handshake with `guess` on `stream` up to the guest's confirmation, which
/// it never sends: by then the host has answered its hello.
fn stop_before_confirming(stream: &TcpStream, guess: &str) {
    let guess: JoinCode = guess.parse().expect("a code");
    let mut quitter = ConfirmsNothing { stream, written: 0 };
    let ended = handshake(&mut quitter, Role::Guest, &guess);
    assert!(ended.is_err(), "a handshake without confirmation");
}

/// A code that is not `code`: its number moved on by `step`.
fn other_code(code: &str, step: u16) -> String {
    let (number, words) = code.split_once('-').expect("a code");
    let number: u16 = number.parse().expect("a number");
    format!("{}-{words}", (number + step) % 1000)
}

#[test]
fn guesses_that_hang_up_before_confirming_count_and_three_renew_the_code() {
    let mut h = host(&[]);
    let (addr, old) = invite(&h);
    for step in 1..=3 {
        let stream = TcpStream::connect(&addr).expect("connect");
        stop_before_confirming(&stream, &other_code(&old, step));
        // It sends nothing more; what it hears is the verdict, a second on.
        stream.shutdown(Shutdown::Write).expect("shut");
        assert_told(&stream, Refusal::WrongCode);
    }
    h.wait_for("Too many wrong codes: the new join code is");
    let (_, new) = invite(&h);
    assert_ne!(new, old);
    let mut g = joined(&mut h, &addr, &new);
    quit(&mut g);
    quit(&mut h);
}

#[test]
fn a_stranger_with_the_code_cannot_take_a_connected_guests_seat() {
    let mut h = host(&[]);
    let (addr, code) = invite(&h);
    let mut g = joined(&mut h, &addr, &code);
    play(&mut h, "h2e2");
    g.wait_for("Black to move");

    let mut stranger = TcpStream::connect(&addr).expect("connect");
    stranger
        .set_read_timeout(Some(Duration::from_secs(10)))
        .expect("timeout");
    let code_read: JoinCode = code.parse().expect("a code");
    let mut channel =
        handshake(&mut stranger, Role::Guest, &code_read).expect("the code is the host's");
    let first = channel
        .opener
        .receive(&mut stranger)
        .and_then(|bytes| Message::decode(&bytes));
    assert_eq!(first, Ok(Message::SeatTaken));

    // The guest plays on, and neither end lost the other.
    play(&mut g, "h9g7");
    h.wait_for("1. 炮二平五 馬８進７");
    for s in [&h, &g] {
        assert!(!s.screen().contains("Connection ended"), "{}", s.screen());
    }
    quit(&mut g);
    quit(&mut h);
}

/// Reads the host's refusal off `stream` and checks that it says `why`.
fn assert_told(mut stream: &TcpStream, why: Refusal) {
    let mut expected = Vec::new();
    refuse(&mut expected, why).expect("written");
    let mut told = vec![0u8; expected.len()];
    stream.read_exact(&mut told).expect("told");
    assert_eq!(told, expected, "{why:?}");
}

/// Nine connections that say nothing, three from each of 127.0.0.2, .3 and .4.
fn nine_silent(addr: &str) -> Vec<TcpStream> {
    (0..9u8)
        .map(|i| dial_from([127, 0, 0, 2 + i % 3], addr))
        .collect()
}

#[test]
fn nine_silent_handshakes_from_three_addresses_renewed_do_not_keep_a_guest_out() {
    let mut h = host(&[]);
    let (addr, code) = invite(&h);
    // One network (127.0.0.0/24) has three places: each newcomer takes the oldest silent
    // one's, and the six given up are told the host was busy.
    let first = nine_silent(&addr);
    for stream in first.iter().take(6) {
        assert_told(stream, Refusal::Busy);
    }
    // Renewed every 4.5 s (under the host's 5 s for a handshake), for at most a minute.
    let stop = Arc::new(AtomicBool::new(false));
    let attack = {
        let (stop, addr) = (Arc::clone(&stop), addr.clone());
        thread::spawn(move || {
            let mut held = first;
            for _ in 0..13 {
                for _ in 0..45 {
                    if stop.load(Ordering::SeqCst) {
                        return;
                    }
                    thread::sleep(Duration::from_millis(100));
                }
                held = nine_silent(&addr);
            }
            drop(held);
        })
    };
    let dialled = Instant::now();
    let mut g = joined(&mut h, &addr, &code);
    eprintln!("the guest joined {:?} after it started", dialled.elapsed());
    stop.store(true, Ordering::SeqCst);
    attack.join().expect("the attack's thread");
    quit(&mut g);
    quit(&mut h);
}

#[test]
fn a_guest_turned_away_is_told_the_host_was_busy() {
    let mut h = host(&[]);
    let (addr, code) = invite(&h);
    // Three exchanges under way from the guest's own network: each sent its hello and had
    // the host's answer, and keeps its place while the host waits for its confirmation.
    let under_way: Vec<TcpStream> = (0..3)
        .map(|i| {
            let stream = dial_from([127, 0, 0, 2], &addr);
            stop_before_confirming(&stream, &other_code(&code, i + 1));
            stream
        })
        .collect();
    let mut g = join(&addr, &code);
    g.wait_for("the host was busy with other connections");
    assert!(
        !g.screen().contains("closed the connection"),
        "{}",
        g.screen()
    );
    drop(under_way);
    quit(&mut g);
    quit(&mut h);
}

/// What guessers saw, counted across their threads.
#[derive(Default)]
struct Tally {
    verdicts: AtomicU32,
    busy: AtomicU32,
    other: AtomicU32,
}

/// Guesses wrong codes from `from` at the host at `addr`, one after another, until `until`;
/// counts what it heard by then.
fn guess_until(from: [u8; 4], addr: &str, code: &str, until: Instant, tally: &Tally) {
    let mut step = 1;
    while Instant::now() < until {
        let mut stream = dial_from(from, addr);
        let guess: JoinCode = other_code(code, step).parse().expect("a code");
        step = step % 999 + 1;
        let ended = handshake(&mut stream, Role::Guest, &guess);
        if Instant::now() > until {
            // Heard after the time measured.
            return;
        }
        let counter = match ended {
            Err(NetError::WrongCode) => &tally.verdicts,
            Err(NetError::Busy) => &tally.busy,
            _ => &tally.other,
        };
        counter.fetch_add(1, Ordering::SeqCst);
    }
}

/// Runs `guessers` threads, each from its address, against a fresh host for ten seconds,
/// and prints what they saw and how often the host's code changed.
fn measure(what: &str, guessers: &[[u8; 4]]) {
    let mut h = host(&[]);
    let (addr, first) = invite(&h);
    let tally = Arc::new(Tally::default());
    let seconds = 10;
    let until = Instant::now() + Duration::from_secs(seconds);
    let (done, finished) = mpsc::channel();
    for &from in guessers {
        let (tally, addr, first, done) = (
            Arc::clone(&tally),
            addr.clone(),
            first.clone(),
            done.clone(),
        );
        thread::spawn(move || {
            guess_until(from, &addr, &first, until, &tally);
            let _ = done.send(());
        });
    }
    let (mut shown, mut renewals) = (first, 0);
    while Instant::now() < until {
        h.pump(Duration::from_millis(20));
        let (_, now) = invite(&h);
        if now != shown {
            (shown, renewals) = (now, renewals + 1);
        }
    }
    for _ in guessers {
        let _ = finished.recv_timeout(Duration::from_secs(20));
    }
    let verdicts = tally.verdicts.load(Ordering::SeqCst);
    println!(
        "{what}: {} guessers, {seconds} s: {verdicts} wrong-code verdicts ({:.2} a second), \
         {} told busy, {} other ends, {renewals} new codes seen on the host's screen",
        guessers.len(),
        f64::from(verdicts) / seconds as f64,
        tally.busy.load(Ordering::SeqCst),
        tally.other.load(Ordering::SeqCst),
    );
    let (addr, code) = invite(&h);
    let mut g = joined(&mut h, &addr, &code);
    println!("{what}: the code on the host's screen then joined");
    quit(&mut g);
    quit(&mut h);
}

/// A dev tool, not a check: `cargo test --test pty_net_door -- --ignored --nocapture`.
#[test]
#[ignore = "runs for 20 s and prints figures"]
fn a_guesser_for_ten_seconds_measures_the_pace_of_verdicts() {
    measure("one machine", &[[127, 0, 0, 1]; 8]);
    let networks: Vec<[u8; 4]> = (0..8u8).map(|n| [127, 0, n + 1, 1]).collect();
    measure("eight networks", &networks);
}
