//! Round trips of every kind of message, and the bounds on size, form and names.

use super::codec::{
    CodecError, MAX_EVENT, MAX_REQUEST, decode_event, decode_request, encode_event, encode_request,
};
use super::names::{MAX_CHAT, NameError, check_name, clean_chat, name_key};
use super::*;

fn tag(name: &str) -> PlayerTag {
    PlayerTag {
        name: name.to_string(),
        rating: RatingShown {
            rating: 1500,
            provisional: true,
        },
        bot: false,
    }
}

fn requests() -> Vec<Request> {
    let clock = ClockSpec::minutes(5, 3);
    vec![
        Request::Hello {
            version: PROTOCOL_VERSION,
            name: "alice".into(),
        },
        Request::Lobby { follow: true },
        Request::Seek {
            clock,
            rated: true,
            colour: ColourChoice::Random,
            variant: Variant::Xiangqi,
        },
        Request::CancelSeek { seek: 3 },
        Request::AcceptSeek { seek: 3 },
        Request::Challenge {
            to: "bob".into(),
            clock,
            rated: false,
            colour: ColourChoice::Black,
            variant: Variant::Jieqi,
        },
        Request::AnswerChallenge {
            challenge: 9,
            accept: true,
        },
        Request::OpenPrivate {
            clock,
            rated: false,
            colour: ColourChoice::Red,
            variant: Variant::Xiangqi,
        },
        Request::JoinPrivate {
            code: "7-river-cannon".into(),
        },
        Request::Watch { game: 1 },
        Request::Unwatch { game: 1 },
        Request::Move {
            game: 1,
            ply: 0,
            mv: "h2e2".into(),
        },
        Request::OfferDraw { game: 1 },
        Request::DeclineDraw { game: 1 },
        Request::AskTakeback { game: 1 },
        Request::DeclineTakeback { game: 1 },
        Request::Resign { game: 1 },
        Request::Abort { game: 1 },
        Request::Claim {
            game: 1,
            draw: false,
        },
        Request::Chat {
            room: Room::Game { game: 1 },
            text: "好棋".into(),
        },
        Request::Archive {
            player: None,
            before: Some(5),
        },
        Request::FetchPgn { game: 2 },
        Request::Pong { token: 77 },
    ]
}

fn events() -> Vec<Event> {
    let mut all = lobby_events();
    all.extend(game_events());
    all
}

const SHOWN: RatingShown = RatingShown {
    rating: 1600,
    provisional: false,
};

/// The login's answers and the lobby's events.
fn lobby_events() -> Vec<Event> {
    let clock = ClockSpec::minutes(5, 3);
    let shown = SHOWN;
    vec![
        Event::Welcome(Welcome {
            name: "alice".into(),
            bot: false,
            ratings: [shown; 4],
            server: "xiangqi".into(),
            games: vec![4],
        }),
        Event::Refused {
            reason: Refusal::NameTaken {
                name: "alice".into(),
            },
        },
        Event::Denied {
            game: Some(4),
            reason: Denial::IllegalMove {
                mv: "a0a5".into(),
                why: "blocked".into(),
            },
        },
        Event::Players {
            players: vec![PlayerEntry {
                name: "bob".into(),
                bot: false,
                ratings: [shown; 4],
                state: PlayerState::Playing { game: 4 },
            }],
        },
        Event::SeekOpen {
            seek: SeekEntry {
                id: 1,
                by: tag("carol"),
                clock,
                rated: false,
                colour: ColourChoice::Random,
                variant: Variant::Xiangqi,
            },
        },
        Event::Challenged {
            challenge: ChallengeEntry {
                id: 2,
                from: tag("alice"),
                to: tag("bob"),
                clock,
                rated: true,
                colour: ColourChoice::Red,
                variant: Variant::Xiangqi,
            },
        },
    ]
}

/// A game's events, the archive's, the ping.
fn game_events() -> Vec<Event> {
    let clock = ClockSpec::minutes(5, 3);
    let shown = SHOWN;
    let summary = GameSummary {
        id: 4,
        red: tag("alice"),
        black: tag("bob"),
        clock,
        rated: true,
        spectators: 2,
        variant: Variant::Jieqi,
    };
    let clocks = Clocks {
        red_ms: 300_000,
        black_ms: 299_000,
        running: Some(Side::Black),
    };
    vec![
        Event::Started(Box::new(GameState {
            summary: summary.clone(),
            you: Some(Side::Red),
            moves: vec!["h2e2".into()],
            clocks,
            draw_offer: None,
            takeback: Some(Side::Black),
            absent: vec![Side::Black],
        })),
        Event::Moved {
            game: 4,
            ply: 2,
            mv: "h9g7".into(),
            clocks,
        },
        Event::Presence {
            game: 4,
            side: Side::Black,
            present: false,
            claim_in_ms: Some(60_000),
        },
        Event::Ended {
            game: 4,
            ending: Ending {
                verdict: Verdict::RedWins,
                how: How::Resignation,
                ratings: Some(
                    [RatingChange {
                        before: shown,
                        after: shown,
                    }; 2],
                ),
            },
        },
        Event::Chat {
            room: Room::Lobby,
            from: "bob".into(),
            text: "hi".into(),
            spectator: false,
        },
        Event::ArchivePage {
            player: "alice".into(),
            games: vec![ArchiveEntry {
                game: 4,
                date: "2026.01.02".into(),
                red: "alice".into(),
                black: "bob".into(),
                result: "1-0".into(),
                how: How::Resignation,
                clock,
                rated: true,
                plies: 31,
                variant: Variant::Xiangqi,
            }],
            more: false,
        },
        Event::GameListed { game: summary },
        Event::LobbyReady,
        Event::Ping { token: 5 },
    ]
}

#[test]
fn every_request_reads_back_as_sent() {
    for request in requests() {
        let bytes = encode_request(&request).expect("codec");
        assert!(bytes.len() <= MAX_REQUEST);
        assert_eq!(decode_request(&bytes).expect("codec"), request);
    }
}

#[test]
fn every_event_reads_back_as_sent() {
    for event in events() {
        let bytes = encode_event(&event).expect("codec");
        assert_eq!(decode_event(&bytes).expect("codec"), event);
    }
}

#[test]
fn a_request_over_the_limit_is_refused_on_both_ends() {
    let long = Request::Chat {
        room: Room::Lobby,
        text: "x".repeat(MAX_REQUEST),
    };
    assert!(matches!(
        encode_request(&long),
        Err(CodecError::TooLong { .. })
    ));
    let bytes = serde_json::to_vec(&long).expect("codec");
    assert!(matches!(
        decode_request(&bytes),
        Err(CodecError::TooLong { .. })
    ));
    let huge = Event::Pgn {
        game: 1,
        pgn: "x".repeat(MAX_EVENT),
    };
    assert!(matches!(
        encode_event(&huge),
        Err(CodecError::TooLong { .. })
    ));
}

#[test]
fn garbage_and_unknown_messages_are_refused_not_guessed() {
    for bytes in [
        &b"\xff\xfe\x00"[..],
        b"{}",
        b"{\"t\":\"launch\"}",
        b"{\"t\":\"move\",\"game\":1}",
        b"{\"t\":\"move\",\"game\":-1,\"ply\":0,\"mv\":\"h2e2\"}",
        b"[1,2,3]",
        b"",
    ] {
        assert!(
            matches!(decode_request(bytes), Err(CodecError::Malformed(_))),
            "{bytes:?}"
        );
    }
}

#[test]
fn a_field_a_newer_peer_adds_is_passed_over() {
    let bytes = br#"{"t":"resign","game":3,"reason":"tired"}"#;
    assert_eq!(
        decode_request(bytes).expect("codec"),
        Request::Resign { game: 3 }
    );
}

#[test]
fn names_take_letters_of_any_script_and_refuse_the_rest() {
    assert_eq!(check_name("alice"), Ok(()));
    assert_eq!(check_name("象棋王"), Ok(()));
    assert_eq!(check_name("a.b-c_d9"), Ok(()));
    assert_eq!(check_name("a"), Err(NameError::Length));
    assert_eq!(check_name(&"a".repeat(21)), Err(NameError::Length));
    assert_eq!(check_name("al ice"), Err(NameError::Character(' ')));
    assert_eq!(
        check_name("al\u{1b}[2J"),
        Err(NameError::Character('\u{1b}'))
    );
    assert_eq!(check_name("-alice"), Err(NameError::Start));
    assert_eq!(check_name("Bot-5"), Err(NameError::Reserved));
    assert_eq!(name_key("Alice"), name_key("aLICE"));
}

#[test]
fn chat_lines_lose_control_characters_and_are_cut() {
    assert_eq!(
        clean_chat("  hi\u{1b}[2J there\n").as_deref(),
        Some("hi\u{fffd}[2J there")
    );
    assert_eq!(clean_chat(" \n\t "), None);
    let long = clean_chat(&"好".repeat(MAX_CHAT + 5)).expect("codec");
    assert_eq!(long.chars().count(), MAX_CHAT);
}

#[test]
fn clocks_are_bounded_and_fall_in_their_category() {
    assert!(ClockSpec::minutes(5, 3).is_valid());
    assert!(!ClockSpec::minutes(0, 0).is_valid());
    assert!(!ClockSpec::minutes(181, 0).is_valid());
    assert!(!ClockSpec::minutes(5, 181).is_valid());
    assert_eq!(
        ClockSpec::minutes(5, 3).category(),
        xiangqi_rating::Category::Blitz
    );
    assert_eq!(ClockSpec::minutes(5, 3).to_string(), "5+3");
    assert!(ColourChoice::Red.fits(ColourChoice::Black));
    assert!(!ColourChoice::Red.fits(ColourChoice::Red));
}

#[test]
fn the_variant_is_left_out_for_xiangqi_and_read_as_xiangqi_when_absent() {
    let seek = |variant| Request::Seek {
        clock: ClockSpec::minutes(5, 3),
        rated: false,
        colour: ColourChoice::Random,
        variant,
    };
    let plain = serde_json::to_string(&seek(Variant::Xiangqi)).expect("encoded");
    assert!(!plain.contains("variant"), "{plain}");
    let jieqi = serde_json::to_string(&seek(Variant::Jieqi)).expect("encoded");
    assert!(jieqi.contains(r#""variant":"jieqi""#), "{jieqi}");
    let old = r#"{"t":"seek","clock":{"base_secs":300,"increment_secs":3},"rated":false,"colour":"random"}"#;
    assert_eq!(
        serde_json::from_str::<Request>(old).expect("decoded"),
        seek(Variant::Xiangqi)
    );
    assert_eq!(
        serde_json::from_str::<Request>(&jieqi).expect("decoded"),
        seek(Variant::Jieqi)
    );
}
