//! A club game between real processes while it is played: a spectator sees each move and
//! the clocks and cannot act, a player whose process is killed comes back within the grace
//! period and plays on (after it, the other may claim), and moves against the rules sent by
//! a hand-made client are refused and leave the game as it was.

#[cfg(feature = "server")]
mod with_server {
    use super::super::club_support::{
        Running, WAIT, moved, player, refused, server, server_on, started,
    };
    use std::sync::mpsc::Receiver;
    use xiangqi_club::client::{Client, ClientEvent, Login};
    use xiangqi_club::identity::{Identity, KnownServers};
    use xiangqi_club::protocol::{
        ClockSpec, ColourChoice, Denial, Event, GameId, GameState, How, Request, Side, Verdict,
    };

    /// A client made here from the library, not the program: it sends any request.
    struct HandMade {
        client: Client,
        events: Receiver<ClientEvent>,
    }

    impl HandMade {
        fn connect(addr: &str, name: &str) -> HandMade {
            HandMade::connect_as(addr, name, &Identity::generate().expect("a key")).0
        }

        /// Logs in as `name` with the key pair `identity`: the client and its games in
        /// progress.
        fn connect_as(addr: &str, name: &str, identity: &Identity) -> (HandMade, Vec<GameId>) {
            let login = Login {
                name: name.into(),
                identity: identity.clone(),
            };
            let (connected, events) =
                Client::connect(addr, &login, &mut KnownServers::in_memory()).expect("logged in");
            let made = HandMade {
                client: connected.client,
                events,
            };
            (made, connected.welcome.games)
        }

        fn moved(&self, ply: u32, mv: &str) {
            self.event(&format!("the move {mv}"), |e| match e {
                Event::Moved { ply: n, mv: m, .. } if n == ply && m == mv => Some(()),
                _ => None,
            });
        }

        fn event<T>(&self, what: &str, mut wanted: impl FnMut(Event) -> Option<T>) -> T {
            let deadline = std::time::Instant::now() + WAIT;
            loop {
                let left = deadline.saturating_duration_since(std::time::Instant::now());
                match self.events.recv_timeout(left) {
                    Ok(ClientEvent::Server(e)) => {
                        if let Some(found) = wanted(e) {
                            return found;
                        }
                    }
                    Ok(ClientEvent::Closed(why)) => panic!("closed before {what}: {why:?}"),
                    Err(_) => panic!("no {what} in {WAIT:?}"),
                }
            }
        }

        fn denied(&self, what: &str) -> Denial {
            self.event(what, |e| match e {
                Event::Denied { reason, .. } => Some(reason),
                _ => None,
            })
        }
    }

    /// A move sent at a ply, and whether a refusal is the one it deserves.
    type Try = (u32, &'static str, fn(&Denial) -> bool);

    fn state_of(e: Event) -> Option<GameState> {
        match e {
            Event::Started(g) => Some(*g),
            _ => None,
        }
    }

    fn spectators(p: &Running, count: u32) {
        p.event(&format!("{count} watching"), |e| match e {
            Event::Spectators { count: n, .. } if n == count => Some(()),
            _ => None,
        });
    }

    /// A game between the line clients `red` and `black` (5+3, casual): its number.
    fn game(red: &mut Running, black: &mut Running) -> GameId {
        red.say("seek 5+3 casual red");
        black.say("seek 5+3 casual random");
        started(&[red, black])
    }

    #[test]
    fn a_spectator_sees_each_move_and_the_clocks_and_cannot_move() {
        let dir = tempfile::tempdir().expect("a folder");
        let (_server, addr) = server(&dir.path().join("club"), &[]);
        let mut alice = player(&addr, "alice", &dir.path().join("a"));
        let mut bob = player(&addr, "bob", &dir.path().join("b"));
        let id = game(&mut alice, &mut bob);

        let mut carol = player(&addr, "carol", &dir.path().join("c"));
        carol.say(&format!("watch {id}"));
        let seen = carol.event("the watched game", state_of);
        assert_eq!((seen.summary.id, seen.you), (id, None));
        assert!(seen.moves.is_empty());
        spectators(&alice, 1);
        spectators(&bob, 1);

        // A spectator's move is refused by the server, and changes nothing.
        let dave = HandMade::connect(&addr, "dave");
        dave.client.watch(id);
        dave.event("the watched game", state_of);
        spectators(&alice, 2);
        spectators(&bob, 2);
        dave.client.play(id, 0, "h2e2");
        assert_eq!(dave.denied("the refusal"), Denial::NotAPlayer);
        dave.client.resign(id);
        assert_eq!(dave.denied("the refusal"), Denial::NotAPlayer);

        for (ply, (red, mv)) in [(true, "h2e2"), (false, "h9g7")].into_iter().enumerate() {
            let mover = if red { &mut alice } else { &mut bob };
            mover.say(&format!("move {mv}"));
            let ply = u32::try_from(ply).expect("a ply") + 1;
            let clocks = carol.event(&format!("move {ply} watched"), |e| match e {
                Event::Moved {
                    game,
                    ply: n,
                    mv: m,
                    clocks,
                } if game == id && n == ply && m == mv => Some(clocks),
                _ => None,
            });
            // Both players have it too (the next mover's client plays on from it).
            moved(&alice, ply, mv);
            moved(&bob, ply, mv);
            let next = if ply == 1 { Side::Black } else { Side::Red };
            assert_eq!(clocks.running, Some(next), "{clocks:?}");
            // Five minutes each, three seconds added a move, a few seconds used at most.
            for ms in [clocks.red_ms, clocks.black_ms] {
                assert!((250_000..=303_000).contains(&ms), "{clocks:?}");
            }
        }

        carol.say(&format!("unwatch {id}"));
        spectators(&alice, 1);
        spectators(&bob, 1);
    }

    #[test]
    fn a_killed_player_comes_back_within_the_grace_and_after_it_the_other_may_claim() {
        let dir = tempfile::tempdir().expect("a folder");
        let (_server, addr) = server(&dir.path().join("club"), &["--grace", "4"]);
        let b_state = dir.path().join("b");
        let mut alice = player(&addr, "alice", &dir.path().join("a"));
        let mut bob = player(&addr, "bob", &b_state);
        let id = game(&mut alice, &mut bob);
        alice.say("move h2e2");
        moved(&bob, 1, "h2e2");
        bob.say("move h9g7");
        moved(&alice, 2, "h9g7");

        let presence = |p: &Running, here: bool| {
            p.event("black's presence", |e| match e {
                Event::Presence {
                    side: Side::Black,
                    present,
                    claim_in_ms,
                    ..
                } if present == here => Some(claim_in_ms),
                _ => None,
            })
        };
        bob.child.kill().expect("bob killed");
        let _ = bob.child.wait();
        assert_eq!(presence(&alice, false), Some(4000));

        let mut bob = Running::start(&["online", &addr, "--name", "bob"], Some(&b_state));
        let back = bob.event("bob's game as it stands", state_of);
        assert_eq!((back.summary.id, back.you), (id, Some(Side::Black)));
        assert_eq!(back.moves, ["h2e2", "h9g7"]);
        presence(&alice, true);
        alice.say("move h0g2");
        moved(&bob, 3, "h0g2");
        bob.say("move i9h9");
        moved(&alice, 4, "i9h9");

        // Gone again: no claim before the grace is over, a win after it.
        bob.child.kill().expect("bob killed");
        let _ = bob.child.wait();
        presence(&alice, false);
        alice.say("claim");
        refused(&alice, Denial::CannotClaim);
        alice.event("the claim open", |e| match e {
            Event::ClaimOpen {
                side: Side::Red, ..
            } => Some(()),
            _ => None,
        });
        alice.say("claim");
        let ending = alice.event("the end", |e| match e {
            Event::Ended { game, ending } if game == id => Some(ending),
            _ => None,
        });
        assert_eq!(ending.verdict, Verdict::RedWins, "{ending:?}");
        assert_eq!(ending.how, How::Abandoned, "{ending:?}");
    }

    #[test]
    fn moves_against_the_rules_from_a_hand_made_client_leave_the_game_unchanged() {
        let dir = tempfile::tempdir().expect("a folder");
        let (_server, addr) = server(&dir.path().join("club"), &[]);
        let erin = HandMade::connect(&addr, "erin");
        let mut alice = player(&addr, "alice", &dir.path().join("a"));
        erin.client
            .seek(ClockSpec::minutes(5, 3), false, ColourChoice::Red);
        alice.say("seek 5+3 casual random");
        let id = erin.event("the game's start", |e| state_of(e).map(|g| g.summary.id));
        assert_eq!(started(&[&alice]), id);

        let tries: [Try; 5] = [
            (0, "e0e5", |d| matches!(d, Denial::IllegalMove { .. })),
            (0, "h9g7", |d| matches!(d, Denial::IllegalMove { .. })),
            (0, "zz99", |d| matches!(d, Denial::NotAMove { .. })),
            (0, "h2e2\u{1b}[2J", |d| matches!(d, Denial::NotAMove { .. })),
            (7, "h2e2", |d| matches!(d, Denial::Stale { .. })),
        ];
        for (ply, mv, expected) in tries {
            erin.client.send(Request::Move {
                game: id,
                ply,
                mv: mv.into(),
            });
            let denial = erin.denied(mv);
            assert!(expected(&denial), "{mv}: {denial:?}");
        }
        alice.say("move h9g7");
        refused(&alice, Denial::NotYourTurn);

        // The game is where it was: the first real move is move 1, and a watcher sees it alone.
        erin.client.play(id, 0, "h2e2");
        moved(&alice, 1, "h2e2");
        let mut carol = player(&addr, "carol", &dir.path().join("c"));
        carol.say(&format!("watch {id}"));
        let seen = carol.event("the watched game", state_of);
        assert_eq!(seen.moves, ["h2e2"]);
    }

    #[test]
    fn games_in_progress_survive_a_kill_of_the_server_and_go_on_when_their_players_return() {
        /// Games in progress when the server is killed.
        const GAMES: usize = 20;
        let dir = tempfile::tempdir().expect("a folder");
        let data = dir.path().join("club");
        // Forty players from one address: more than the default bound of an address.
        let bound = ["--per-address", "64"];
        let (mut first, addr, _) = server_on("127.0.0.1:0", &data, &bound);
        let keys: Vec<[Identity; 2]> = (0..GAMES)
            .map(|_| [(); 2].map(|()| Identity::generate().expect("a key")))
            .collect();
        let names = |i: usize| [format!("red{i}"), format!("black{i}")];
        let mut games = Vec::new();
        for (i, [red_key, black_key]) in keys.iter().enumerate() {
            let [red_name, black_name] = names(i);
            let (red, _) = HandMade::connect_as(&addr, &red_name, red_key);
            let (black, _) = HandMade::connect_as(&addr, &black_name, black_key);
            red.client
                .seek(ClockSpec::minutes(5, 3), true, ColourChoice::Red);
            black
                .client
                .seek(ClockSpec::minutes(5, 3), true, ColourChoice::Random);
            let id = red.event("the game's start", |e| state_of(e).map(|g| g.summary.id));
            black.event("the game's start", state_of);
            red.client.play(id, 0, "h2e2");
            black.moved(1, "h2e2");
            black.client.play(id, 1, "h9g7");
            red.moved(2, "h9g7");
            black.moved(2, "h9g7");
            if i == GAMES - 1 {
                // The last game's Black takes the move back, with Red's consent.
                black.client.ask_takeback(id);
                red.event("the request", |e| {
                    matches!(e, Event::TakebackAsked { .. }).then_some(())
                });
                red.client.ask_takeback(id);
                for p in [&red, &black] {
                    p.event("the move taken back", |e| {
                        matches!(e, Event::TakenBack { ply: 1, .. }).then_some(())
                    });
                }
            }
            games.push((id, red, black));
        }

        // kill -9 in the middle of the games, then a restart on the same data.
        first.child.kill().expect("killed");
        let _ = first.child.wait();
        drop(games.drain(..).map(|(id, ..)| id).collect::<Vec<_>>());
        let (_second, again, _) = server_on(&addr, &data, &bound);
        assert_eq!(again, addr);
        for (i, [red_key, black_key]) in keys.iter().enumerate() {
            let [red_name, black_name] = names(i);
            let (red, red_games) = HandMade::connect_as(&addr, &red_name, red_key);
            let (black, black_games) = HandMade::connect_as(&addr, &black_name, black_key);
            assert_eq!(red_games.len(), 1, "{red_name}: {red_games:?}");
            assert_eq!(red_games, black_games);
            let id = red_games[0];
            for (p, side) in [(&red, Side::Red), (&black, Side::Black)] {
                let back = p.event("the game as it stands", state_of);
                assert_eq!((back.summary.id, back.you), (id, Some(side)));
                let kept: &[&str] = if i == GAMES - 1 {
                    &["h2e2"]
                } else {
                    &["h2e2", "h9g7"]
                };
                assert_eq!(back.moves, kept, "game {i}");
                // The clocks as they stood: five minutes, three seconds a move, a few used.
                for ms in [back.clocks.red_ms, back.clocks.black_ms] {
                    assert!((250_000..=303_000).contains(&ms), "{:?}", back.clocks);
                }
            }
            if i == GAMES - 1 {
                black.client.play(id, 1, "h9g7");
                red.moved(2, "h9g7");
            } else {
                red.client.play(id, 2, "h0g2");
                black.moved(3, "h0g2");
            }
        }
    }
}
