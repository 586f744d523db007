//! The club server and its line client as real processes on 127.0.0.1: `xiangqi server`,
//! two `xiangqi online` players who seek, play, chat and resign, the ratings and the archive
//! kept across a `kill -9` of the server; its bounds against connections that ask too much.
//! Without the feature `server`, `xiangqi server` says how to build it.

#[cfg(feature = "server")]
mod with_server {
    use crate::common::process::run;
    use std::io::{BufRead, BufReader, Read, Write};
    use std::net::TcpStream;
    use std::path::Path;
    use std::process::{Child, ChildStdin, Command, Stdio};
    use std::sync::mpsc::{Receiver, channel};
    use std::time::Duration;
    use xiangqi_club::protocol::codec::decode_event;
    use xiangqi_club::protocol::{Denial, Event};

    /// How long any one awaited line may take.
    const WAIT: Duration = Duration::from_secs(20);

    /// A process whose standard output is read line by line on a thread.
    struct Running {
        child: Child,
        stdin: Option<ChildStdin>,
        lines: Receiver<String>,
    }

    impl Running {
        fn start(args: &[&str], state: Option<&Path>) -> Running {
            let mut command = Command::new(env!("CARGO_BIN_EXE_xiangqi"));
            command
                .args(args)
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::null());
            if let Some(state) = state {
                command.env("XDG_STATE_HOME", state);
            }
            let mut child = command.spawn().expect("xiangqi starts");
            let stdout = child.stdout.take().expect("its output");
            let (tx, lines) = channel();
            std::thread::spawn(move || {
                for line in BufReader::new(stdout).lines() {
                    let Ok(line) = line else { break };
                    if tx.send(line).is_err() {
                        break;
                    }
                }
            });
            let stdin = child.stdin.take();
            Running {
                child,
                stdin,
                lines,
            }
        }

        fn say(&mut self, line: &str) {
            let stdin = self.stdin.as_mut().expect("its input");
            writeln!(stdin, "{line}").expect("a line written");
        }

        /// The next line for which `wanted` gives something, passing over the others.
        fn wait_for<T>(&self, what: &str, mut wanted: impl FnMut(&str) -> Option<T>) -> T {
            let deadline = std::time::Instant::now() + WAIT;
            loop {
                let left = deadline.saturating_duration_since(std::time::Instant::now());
                let line = self
                    .lines
                    .recv_timeout(left)
                    .unwrap_or_else(|_| panic!("no {what} in {WAIT:?}"));
                if let Some(found) = wanted(&line) {
                    return found;
                }
            }
        }

        /// The next event for which `wanted` gives something.
        fn event<T>(&self, what: &str, mut wanted: impl FnMut(Event) -> Option<T>) -> T {
            self.wait_for(what, |line| {
                decode_event(line.as_bytes()).ok().and_then(&mut wanted)
            })
        }
    }

    impl Drop for Running {
        fn drop(&mut self) {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }

    /// A server on a free port of 127.0.0.1 keeping its data in `data`, and its address.
    fn server(data: &Path, extra: &[&str]) -> (Running, String) {
        let data = data.to_str().expect("a path in UTF-8");
        let mut args = vec!["server", "--listen", "127.0.0.1:0", "--data", data];
        args.extend_from_slice(extra);
        let server = Running::start(&args, None);
        let addr = server.wait_for("the server's address", |line| {
            let rest = line.strip_prefix("xiangqi server: listening on ")?;
            Some(rest.split(',').next()?.to_string())
        });
        (server, addr)
    }

    fn player(addr: &str, name: &str, state: &Path) -> Running {
        let p = Running::start(&["online", addr, "--name", name], Some(state));
        p.event("a welcome", |e| {
            matches!(e, Event::Welcome(_)).then_some(())
        });
        p
    }

    /// The ply a `moved` event reports once `ply` moves are made.
    fn moved(p: &Running, ply: u32, mv: &str) {
        p.event(&format!("the move {mv}"), |e| match e {
            Event::Moved { ply: n, mv: m, .. } if n == ply && m == mv => Some(()),
            _ => None,
        });
    }

    #[test]
    fn two_players_play_a_rated_game_to_the_end_and_a_restart_keeps_it() {
        let dir = tempfile::tempdir().expect("a folder");
        let (data, a_state, b_state) = (
            dir.path().join("club"),
            dir.path().join("a"),
            dir.path().join("b"),
        );
        let (mut server_process, addr) = server(&data, &[]);
        let mut alice = player(&addr, "alice", &a_state);
        let mut bob = player(&addr, "bob", &b_state);

        alice.say("seek 5+3 rated red");
        bob.say("seek 5+3 rated random");
        for p in [&alice, &bob] {
            p.event("the game's start", |e| match e {
                Event::Started(g) => Some(g.summary.id),
                _ => None,
            });
        }
        // A king's leap across the board is refused and changes nothing.
        alice.say("move e0e5");
        alice.event("the refusal", |e| {
            matches!(e, Event::Denied { .. }).then_some(())
        });
        for (ply, (who, mv)) in [("a", "h2e2"), ("b", "h9g7"), ("a", "h0g2"), ("b", "i9h9")]
            .into_iter()
            .enumerate()
        {
            let ply = u32::try_from(ply).expect("a ply") + 1;
            let mover = if who == "a" { &mut alice } else { &mut bob };
            mover.say(&format!("move {mv}"));
            moved(&alice, ply, mv);
            moved(&bob, ply, mv);
        }
        alice.say("chat good\u{7} game");
        let heard = bob.event("alice's line", |e| match e {
            Event::Chat { from, text, .. } if from == "alice" => Some(text),
            _ => None,
        });
        assert!(
            !heard.contains('\u{7}') && heard.contains("good"),
            "{heard:?}"
        );
        // Chat is rate-limited: a burst past its allowance is refused, not passed on.
        for n in 0..8 {
            alice.say(&format!("chat line {n}"));
        }
        alice.event("the rate limit", |e| {
            matches!(
                e,
                Event::Denied {
                    reason: Denial::RateLimited,
                    ..
                }
            )
            .then_some(())
        });

        alice.say("resign");
        let ratings = |p: &Running| {
            p.event("the end", |e| match e {
                Event::Ended { ending, .. } => Some(ending),
                _ => None,
            })
        };
        let ending = ratings(&alice);
        assert_eq!(ending, ratings(&bob));
        let [red, black] = ending.ratings.expect("a rated game changes the ratings");
        assert!(red.after.rating < red.before.rating, "{red:?}");
        assert!(black.after.rating > black.before.rating, "{black:?}");
        alice.say("quit");
        bob.say("quit");
        assert!(alice.child.wait().expect("alice ends").success());
        assert!(bob.child.wait().expect("bob ends").success());

        // kill -9, then a restart on the same data: the rating and the game are there.
        server_process.child.kill().expect("killed");
        let _ = server_process.child.wait();
        drop(server_process);
        let (_server, addr) = server(&data, &[]);
        let again = Running::start(&["online", &addr, "--name", "alice"], Some(&a_state));
        let welcome = again.event("a welcome", |e| match e {
            Event::Welcome(w) => Some(w),
            _ => None,
        });
        assert!(welcome.ratings.contains(&red.after), "{welcome:?}");

        let export = run(
            &["server", "export", "--data", data.to_str().expect("utf-8")],
            None,
        );
        let pgn = String::from_utf8_lossy(&export.stdout);
        assert!(
            export.status.success(),
            "{}",
            String::from_utf8_lossy(&export.stderr)
        );
        for tag in [
            "[Red \"alice\"]",
            "[Black \"bob\"]",
            "[Result \"0-1\"]",
            "[TimeControl \"300+3\"]",
        ] {
            assert!(pgn.contains(tag), "{tag} in {pgn}");
        }
        let after = format!("[RedRatingAfter \"{}\"]", red.after.rating);
        assert!(pgn.contains(&after), "{after} in {pgn}");
        let games =
            xiangqi_records::pgn::read_games(pgn.as_bytes()).expect("the export reads as PGN");
        assert_eq!(games.len(), 1);
        assert_eq!(games[0].moves().len(), 4);
    }

    /// Whether the server ends `stream` (an end of file or a reset) rather than leaving it
    /// open until the wait is over.
    fn closed_by_server(mut stream: TcpStream) -> bool {
        stream.set_read_timeout(Some(WAIT)).expect("a timeout");
        let mut byte = [0u8; 1];
        match stream.read(&mut byte) {
            Ok(n) => n == 0,
            Err(e) => matches!(
                e.kind(),
                std::io::ErrorKind::ConnectionReset | std::io::ErrorKind::ConnectionAborted
            ),
        }
    }

    #[test]
    fn connections_past_the_bound_of_an_address_are_closed_and_garbage_is_dropped() {
        let dir = tempfile::tempdir().expect("a folder");
        let (_server, addr) = server(&dir.path().join("club"), &["--per-address", "2"]);
        let hold: Vec<TcpStream> = (0..2)
            .map(|_| TcpStream::connect(&addr).expect("dialled"))
            .collect();
        let third = TcpStream::connect(&addr).expect("dialled");
        assert!(
            closed_by_server(third),
            "the third connection of an address is closed"
        );

        // A frame longer than any handshake message: the connection is dropped at once.
        let mut garbage = hold.into_iter().next().expect("one held");
        garbage.write_all(&[0xff, 0xff]).expect("written");
        assert!(
            closed_by_server(garbage),
            "an oversized frame ends the connection"
        );

        // The server still answers a real player.
        let state = dir.path().join("state");
        let p = Running::start(&["online", &addr, "--name", "carol"], Some(&state));
        p.event("a welcome", |e| {
            matches!(e, Event::Welcome(_)).then_some(())
        });
    }
}

#[cfg(not(feature = "server"))]
#[test]
fn the_server_is_not_in_a_build_without_its_feature_and_says_how_to_build_it() {
    let out = crate::common::process::run(&["server", "--data", "/nonexistent"], None);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("--features server"), "{err}");
}

#[cfg(not(feature = "online"))]
#[test]
fn the_client_is_not_in_a_build_without_its_feature_and_says_how_to_build_it() {
    let out = crate::common::process::run(&["online", "127.0.0.1:1"], None);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("--features online"), "{err}");
}
