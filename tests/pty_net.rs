//! Network play with real processes: `xiangqi host` and `xiangqi join` in two
//! pseudo-terminals on 127.0.0.1, the join command read off the host's screen, and raw sockets
//! that try to break in.

mod common;
#[path = "common/net.rs"]
mod net;

use common::Session;
use net::{COLS, ROWS, host, invite, join, joined, play, play_first_moves, quit};
use std::io::{Read, Write};
use std::net::TcpStream;
use std::time::{Duration, Instant};
use xiangqi::START_FEN;

fn fen_after(moves: &[&str]) -> String {
    common::fen_after(START_FEN, moves)
}

#[test]
fn a_wrong_code_is_refused_the_right_one_joins_and_six_moves_show_on_both() {
    let mut h = host(&["--red", "Ann", "--black", "Bo"]);
    let (addr, code) = invite(&h);
    // One word changed: refused on both screens, the host goes on waiting.
    let number = code.split('-').next().expect("number");
    let wrong = format!("{number}-river-cannon");
    let wrong = if wrong == code {
        format!("{number}-cannon-river")
    } else {
        wrong
    };
    let mut bad = join(&addr, &wrong);
    bad.wait_for("Refused: wrong join code");
    h.wait_for("Someone tried a wrong join code");
    assert!(h.screen().contains("Other player: not connected"));
    quit(&mut bad);

    let mut g = joined(&mut h, &addr, &code);
    assert!(g.screen().contains("you joined, playing black"));
    assert!(g.screen().contains("Ann – Bo"), "names from the host");

    // Black may not move on red's turn.
    g.send(b":");
    g.wait_for("You play black — wait for the other player's move");

    let moves = ["h2e2", "h9g7", "h0g2", "b9c7", "i0h0", "i9h9"];
    for (i, mv) in moves.iter().enumerate() {
        let (mover, other) = if i % 2 == 0 {
            (&mut h, &mut g)
        } else {
            (&mut g, &mut h)
        };
        play(mover, mv);
        let turn = if i % 2 == 0 {
            "Black to move"
        } else {
            "Red to move"
        };
        mover.wait_for(turn);
        other.wait_for(turn);
    }
    h.wait_for("3. 車一平二 車９平８");
    g.wait_for("3. 車一平二 車９平８");

    let fen = fen_after(&moves);
    let host_lines = quit(&mut h);
    g.wait_for("the other player left");
    let guest_lines = quit(&mut g);
    assert!(host_lines.contains(&fen), "host printed:\n{host_lines:?}");
    assert!(
        guest_lines.contains(&fen),
        "guest printed:\n{guest_lines:?}"
    );
}

#[test]
fn a_takeback_accepted_and_a_draw_declined() {
    let mut h = host(&[]);
    let (addr, code) = invite(&h);
    let mut g = join(&addr, &code);
    g.wait_for("Other player: connected");
    play(&mut h, "h2e2");
    g.wait_for("1. 炮二平五");
    // Not right after the guest's own move: refused at once.
    g.send(b"u");
    g.wait_for("u asks for a takeback right after your own move");
    h.send(b"u");
    h.wait_for("Takeback asked");
    g.wait_for("The other player asks to take back their last move: accept? (y/n)");
    g.send(b"y");
    g.wait_for("Red to move");
    h.wait_for("Red to move");
    h.wait_for("Takeback accepted by the other player");

    h.send(b"d");
    h.wait_for("Draw offered");
    g.wait_for("The other player offers a draw: accept? (y/n)");
    g.send(b"n");
    h.wait_for("Draw declined by the other player");
    // The game goes on: red moves again.
    play(&mut h, "b2e2");
    g.wait_for("1. 炮八平五");
    // The move taken back is gone from both games: only the new one was played.
    let fen = fen_after(&["b2e2"]);
    assert!(quit(&mut g).contains(&fen));
    h.wait_for("the other player left");
    assert!(quit(&mut h).contains(&fen));
}

#[test]
fn killing_the_guest_and_joining_again_continues_the_game() {
    let mut h = host(&[]);
    let (addr, code) = invite(&h);
    let mut g = join(&addr, &code);
    play_first_moves(&mut h, &mut g);
    g.signal("KILL");
    let _ = g.wait_exit();
    h.wait_for("Connection ended");
    h.wait_for("Other player: not connected");
    // Nothing can be played alone.
    h.send(b":");
    h.wait_for("The other player is not connected");

    let mut again = join(&addr, &code);
    again.wait_for("1. 炮二平五 馬８進７");
    again.wait_for("Other player: connected");
    h.wait_for("Other player: connected");
    play(&mut h, "h0g2");
    again.wait_for("2. 馬二進三");
    quit(&mut again);
    let lines = quit(&mut h);
    assert!(lines.contains(&fen_after(&["h2e2", "h9g7", "h0g2"])));
}

#[test]
fn a_guest_whose_end_froze_joins_again_at_once() {
    let mut h = host(&[]);
    let (addr, code) = invite(&h);
    let mut g = join(&addr, &code);
    g.wait_for("Other player: connected");
    play(&mut h, "h2e2");
    g.wait_for("Black to move");
    // The guest's end stops answering without closing its connection.
    g.signal("STOP");
    let mut again = join(&addr, &code);
    again.wait_for("1. 炮二平五");
    again.wait_for("Other player: connected");
    h.wait_for("Other player: connected");
    assert!(!h.screen().contains("went silent"), "{}", h.screen());
    play(&mut again, "h9g7");
    h.wait_for("1. 炮二平五 馬８進７");
    g.signal("CONT");
    g.signal("KILL");
    let _ = g.wait_exit();
    quit(&mut again);
    let lines = quit(&mut h);
    assert!(lines.contains(&fen_after(&["h2e2", "h9g7"])));
}

/// The host's resident memory, in KiB.
fn rss_kib(s: &Session) -> u64 {
    let pid = s.child.process_id().expect("pid");
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

/// Waits until the host closes `stream` (a read gives the end or an error); how long it took.
fn closed_within(mut stream: TcpStream, limit: Duration) -> Duration {
    let start = Instant::now();
    stream.set_read_timeout(Some(limit)).expect("read timeout");
    let mut buf = [0u8; 4096];
    loop {
        match stream.read(&mut buf) {
            Ok(0) | Err(_) => return start.elapsed(),
            // The host's own handshake frame: read on.
            Ok(_) => assert!(start.elapsed() < limit, "still open after {limit:?}"),
        }
    }
}

#[test]
fn hostile_sockets_are_closed_and_the_host_stays_up_and_joinable() {
    let mut h = host(&[]);
    let (addr, code) = invite(&h);
    let limit = Duration::from_secs(15);

    // Random bytes.
    let mut random = TcpStream::connect(&addr).expect("connect");
    let mut noise = vec![0u8; 512];
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    for b in &mut noise {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        *b = x as u8;
    }
    let _ = random.write_all(&noise);
    // A 10 MB line, written from a thread (the host stops reading long before the end).
    let line = TcpStream::connect(&addr).expect("connect");
    let writer = line.try_clone().expect("clone");
    let flood = std::thread::spawn(move || {
        let mut writer = writer;
        let chunk = vec![b'A'; 64 * 1024];
        for _ in 0..160 {
            if writer.write_all(&chunk).is_err() {
                return;
            }
        }
        let _ = writer.write_all(b"\n");
    });
    // A move frame in the clear, no handshake.
    let mut plain = TcpStream::connect(&addr).expect("connect");
    let body = xiangqi::net::message::Message::Move {
        ply: 0,
        mv: "h2e2".parse().expect("move"),
    }
    .encode();
    let mut frame = u16::try_from(body.len())
        .expect("len")
        .to_be_bytes()
        .to_vec();
    frame.extend(body);
    let _ = plain.write_all(&frame);
    // Silence.
    let silent = TcpStream::connect(&addr).expect("connect");

    for (what, stream) in [
        ("random bytes", random),
        ("a 10 MB line", line),
        ("a move in the clear", plain),
        ("silence", silent),
    ] {
        let took = closed_within(stream, limit);
        assert!(took < limit, "{what}: open for {took:?}");
    }
    let _ = flood.join();
    let kib = rss_kib(&h);
    assert!(kib > 0 && kib < 100 * 1024, "host uses {kib} KiB");
    // None of them was a guess, and the real guest still gets in.
    assert!(!h.screen().contains("wrong join code"), "{}", h.screen());
    let mut g = joined(&mut h, &addr, &code);
    quit(&mut g);
    quit(&mut h);
}

/// Every byte a relay passed, both ways.
type Wire = std::sync::Arc<std::sync::Mutex<Vec<u8>>>;

/// A relay on 127.0.0.1 to `host`: copies both ways, but flips one bit of what the guest
/// sends at byte `flip_at` (counted from the connection's start). Returns its address and
/// what it passed.
fn relay(host: String, flip_at: usize) -> (String, Wire) {
    let wire = Wire::default();
    let seen_here = wire.clone();
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind");
    let addr = listener.local_addr().expect("addr").to_string();
    std::thread::spawn(move || {
        let Ok((guest, _)) = listener.accept() else {
            return;
        };
        let Ok(upstream) = TcpStream::connect(&host) else {
            return;
        };
        let (mut guest_in, mut up_out) = (
            guest.try_clone().expect("clone"),
            upstream.try_clone().expect("clone"),
        );
        let (mut up_in, mut guest_out) = (upstream, guest);
        let down = seen_here.clone();
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = up_in.read(&mut buf) {
                if n == 0 || guest_out.write_all(&buf[..n]).is_err() {
                    break;
                }
                down.lock().expect("lock").extend_from_slice(&buf[..n]);
            }
            let _ = guest_out.shutdown(std::net::Shutdown::Both);
        });
        let mut seen = 0usize;
        let mut buf = [0u8; 4096];
        loop {
            let n = match guest_in.read(&mut buf) {
                Ok(0) | Err(_) => break,
                Ok(n) => n,
            };
            if (seen..seen + n).contains(&flip_at) {
                buf[flip_at - seen] ^= 0x04;
            }
            seen += n;
            seen_here.lock().expect("lock").extend_from_slice(&buf[..n]);
            if up_out.write_all(&buf[..n]).is_err() {
                break;
            }
        }
        let _ = up_out.shutdown(std::net::Shutdown::Both);
    });
    (addr, wire)
}

#[test]
fn a_bit_flipped_in_transit_ends_the_connection_and_no_board_takes_the_move() {
    // The host plays black, so the guest's first message after the handshake is its move.
    let mut h = host(&["--side", "black"]);
    let (addr, code) = invite(&h);
    // The guest's handshake is 80 bytes (its SPAKE2 frame and its key confirmation); the
    // bit flipped is inside the next frame's sealed body. Dialling the relay's address also
    // shows the code does not depend on the address.
    let (relay, _) = relay(addr.clone(), 80 + 5);
    let mut g = join(&relay, &code);
    g.wait_for("Other player: connected");
    h.wait_for("Other player: connected");
    assert!(g.screen().contains("you joined, playing red"));
    play(&mut g, "h2e2");
    h.wait_for("Connection ended: a message that does not authenticate");
    g.wait_for("Connection ended");
    assert!(!h.screen().contains("1. 炮二平五"), "{}", h.screen());
    assert!(h.screen().contains("Red to move"), "{}", h.screen());
    quit(&mut g);

    // Joined again, straight: the host's game, without the move it never accepted.
    let mut again = join(&addr, &code);
    again.wait_for("Other player: connected");
    again.wait_for("Red to move");
    assert!(
        !again.screen().contains("1. 炮二平五"),
        "{}",
        again.screen()
    );
    play(&mut again, "h2e2");
    h.wait_for("1. 炮二平五");
    quit(&mut again);
    quit(&mut h);
}

#[test]
fn a_host_that_quit_resumes_the_game_and_the_guest_joins_it_again() {
    let state = common::TempDir::new("net-resume");
    let args = ["host", "--listen", "127.0.0.1:0"];
    let mut h = Session::start_in(&args, COLS, ROWS, &state.0);
    h.wait_for("xiangqi join 127.0.0.1:");
    let (addr, code) = invite(&h);
    let mut g = join(&addr, &code);
    play_first_moves(&mut h, &mut g);
    quit(&mut h);
    g.wait_for("the other player left");
    quit(&mut g);

    let args = ["host", "--listen", "127.0.0.1:0", "--resume"];
    let mut h = Session::start_in(&args, COLS, ROWS, &state.0);
    h.wait_for("xiangqi join 127.0.0.1:");
    h.wait_for("1. 炮二平五 馬８進７");
    let (addr, code) = invite(&h);
    let mut g = join(&addr, &code);
    g.wait_for("1. 炮二平五 馬８進７");
    g.wait_for("Other player: connected");
    play(&mut h, "h0g2");
    g.wait_for("2. 馬二進三");
    quit(&mut g);
    assert!(quit(&mut h).contains(&fen_after(&["h2e2", "h9g7", "h0g2"])));
}

#[test]
fn the_bytes_between_two_programs_hold_neither_the_code_nor_moves_nor_chat() {
    let mut h = host(&[]);
    let (addr, code) = invite(&h);
    let (through, wire) = relay(addr, usize::MAX);
    let mut g = join(&through, &code);
    play_first_moves(&mut h, &mut g);
    g.send(b"C");
    g.send(b"good game\r");
    h.wait_for("Other player: good game");
    quit(&mut g);
    h.wait_for("the other player left");
    quit(&mut h);
    let bytes = wire.lock().expect("lock").clone();
    assert!(
        bytes.len() > 200,
        "the game crossed the relay: {} bytes",
        bytes.len()
    );
    let word = code.split('-').nth(1).expect("a word").to_string();
    for needle in [
        code.as_str(),
        word.as_str(),
        "h2e2",
        "h9g7",
        "H2E2",
        "good game",
        "炮二平五",
    ] {
        assert!(
            !common::contains(&bytes, needle.as_bytes()),
            "{needle:?} crossed in the clear"
        );
    }
}

#[test]
fn a_bad_code_or_listen_address_is_refused_before_the_screen_opens() {
    for (args, says) in [
        (
            ["join", "127.0.0.1:9", "7-river-queen"],
            "\"queen\" is not a word of a join code",
        ),
        (
            ["host", "--listen", "nowhere"],
            "--listen: \"nowhere\" is not an address and port",
        ),
    ] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_xiangqi"))
            .args(args)
            .output()
            .expect("run");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(says), "{args:?}: {err}");
    }
}

/// A handshake from this test with `code`, as a guest would make it.
fn try_code(addr: &str, code: &str) -> Result<(), xiangqi::net::NetError> {
    let mut stream = TcpStream::connect(addr).expect("connect");
    stream
        .set_read_timeout(Some(Duration::from_secs(10)))
        .expect("timeout");
    let code: xiangqi::net::code::JoinCode = code.parse().expect("a code");
    xiangqi::net::handshake::handshake(&mut stream, xiangqi::net::handshake::Role::Guest, &code)
        .map(|_| ())
}

#[test]
fn three_wrong_codes_draw_a_new_one_and_only_the_new_one_joins() {
    let mut h = host(&[]);
    let (addr, old) = invite(&h);
    let number: u16 = old
        .split('-')
        .next()
        .and_then(|n| n.parse().ok())
        .expect("number");
    let guesses: Vec<String> = (1..=3)
        .map(|i| format!("{}-river-cannon", (number + i) % 1000))
        .collect();
    let tries: Vec<_> = guesses
        .into_iter()
        .map(|guess| {
            let addr = addr.clone();
            std::thread::spawn(move || try_code(&addr, &guess))
        })
        .collect();
    for t in tries {
        assert_eq!(
            t.join().expect("thread"),
            Err(xiangqi::net::NetError::WrongCode)
        );
    }
    h.wait_for("Too many wrong codes: the new join code is");
    let (_, new) = invite(&h);
    assert_ne!(new, old);
    assert_eq!(
        try_code(&addr, &old),
        Err(xiangqi::net::NetError::WrongCode)
    );
    let mut g = joined(&mut h, &addr, &new);
    quit(&mut g);
    quit(&mut h);
}
