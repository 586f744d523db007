//! The club server and its line client as real processes on 127.0.0.1: `xiangqi server`,
//! two `xiangqi online` players who seek, play, chat and resign, the ratings and the archive
//! kept across a `kill -9` of the server; its bounds against connections that ask too much.
//! Without the feature `server`, `xiangqi server` says how to build it.

#[cfg(feature = "server")]
mod with_server {
    use super::super::club_support::{Running, closed_by_server, moved, player, refused, server};
    use crate::common::process::run;
    use std::io::Write;
    use std::net::TcpStream;
    use xiangqi_club::protocol::{Denial, Event};

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
        refused(&alice, Denial::RateLimited);

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
