//! The network room's parts on their own: frames, sealed channels, codes, messages and the
//! tables both ends keep; the handshake between real sockets is in `handshakes`.

use super::channel::{LONG, MAX_MESSAGE, MAX_PLAIN, Opener, Sealer};
use super::code::JoinCode;
use super::frame::{MAX_FRAME, read_frame, write_frame};
use super::handshake::Role;
use super::message::{Clocks, Declared, Message, Stamped, Sync};
use super::table::{Ask, Crossed, Event, Table};
use super::words::WORDS;
use super::*;
use crate::{Color, Game, Move};
use std::io::Cursor;

mod handshakes;

fn code(text: &str) -> JoinCode {
    text.parse().expect("a code")
}

fn mv(text: &str) -> Move {
    text.parse().expect("a move")
}

#[test]
fn an_oversized_length_is_refused_before_its_body_is_read() {
    // Only the length is there: reading the body would end the stream instead.
    let mut input = Cursor::new(vec![0xff, 0xff]);
    let mut buf = [0u8; MAX_FRAME];
    assert_eq!(
        read_frame(&mut input, &mut buf).err(),
        Some(NetError::TooLong(0xffff))
    );
    let mut input = Cursor::new(vec![0x10, 0x01]);
    assert_eq!(
        read_frame(&mut input, &mut buf).err(),
        Some(NetError::TooLong(4097))
    );
    let mut out = Vec::new();
    assert_eq!(
        write_frame(&mut out, &vec![0; MAX_FRAME + 1]).err(),
        Some(NetError::TooLong(MAX_FRAME + 1))
    );
    assert!(out.is_empty(), "nothing written");
}

/// A sealer and opener of the same key, as the two ends of one direction.
fn direction() -> (Sealer, Opener) {
    let key = [7u8; 32];
    (Sealer::new(&key), Opener::new(&key))
}

#[test]
fn flipped_replayed_reordered_and_unauthenticated_frames_fail() {
    let (mut sealer, mut opener) = direction();
    let first = sealer.seal(&Message::Ping.encode()).expect("seal");
    let second = sealer.seal(&Message::Resign.encode()).expect("seal");
    // A bit flipped anywhere fails, and so does everything after it (the counter moved on).
    for byte in 0..first.len() {
        let (_, mut fresh) = direction();
        let mut flipped = first.clone();
        flipped[byte] ^= 0x01;
        assert_eq!(fresh.open(&flipped), Err(NetError::Forged), "byte {byte}");
    }
    // Out of order.
    let (_, mut fresh) = direction();
    assert_eq!(fresh.open(&second), Err(NetError::Forged));
    // In order, then the first again.
    assert_eq!(opener.open(&first), Ok(Message::Ping.encode()));
    assert_eq!(opener.open(&second), Ok(Message::Resign.encode()));
    assert_eq!(opener.open(&first), Err(NetError::Forged));
    // A message in the clear.
    let (_, mut fresh) = direction();
    assert_eq!(fresh.open(&Message::Resign.encode()), Err(NetError::Forged));
    // Another key.
    let (mut other, _) = (Sealer::new(&[8u8; 32]), ());
    let (_, mut fresh) = direction();
    let forged = other.seal(&Message::Ping.encode()).expect("seal");
    assert_eq!(fresh.open(&forged), Err(NetError::Forged));
}

#[test]
fn a_message_longer_than_a_frame_goes_in_several_and_reads_back_whole() {
    for len in [MAX_PLAIN, MAX_PLAIN + 1, 3 * MAX_PLAIN + 17, MAX_MESSAGE] {
        let (mut sealer, mut opener) = direction();
        let plain: Vec<u8> = (0..len).map(|i| (i % 251) as u8 + 1).collect();
        let mut wire = Vec::new();
        sealer.send(&mut wire, &plain).expect("sent");
        sealer
            .send(&mut wire, &Message::Ping.encode())
            .expect("sent");
        let mut r = Cursor::new(wire);
        assert!(
            opener.receive(&mut r).expect("read") == plain,
            "{len} bytes"
        );
        assert_eq!(opener.receive(&mut r), Ok(Message::Ping.encode()), "{len}");
    }
    let (mut sealer, _) = direction();
    let mut wire = Vec::new();
    let over = vec![1u8; MAX_MESSAGE + 1];
    assert_eq!(
        sealer.send(&mut wire, &over),
        Err(NetError::MessageTooLong(MAX_MESSAGE + 1))
    );
    assert!(wire.is_empty(), "nothing written");
}

#[test]
fn a_long_message_that_misstates_its_length_is_malformed() {
    let long = |len: usize, parts: &[usize]| {
        let (mut sealer, mut opener) = direction();
        let mut wire = Vec::new();
        let mut head = vec![LONG];
        head.extend_from_slice(&u32::try_from(len).expect("fits").to_be_bytes());
        head.resize(MAX_PLAIN, 1);
        write_frame(&mut wire, &sealer.seal(&head).expect("sealed")).expect("written");
        for &n in parts {
            let part = vec![1u8; n];
            write_frame(&mut wire, &sealer.seal(&part).expect("sealed")).expect("written");
        }
        opener.receive(&mut Cursor::new(wire))
    };
    // A length one frame would have held, one over the limit, parts beyond the length.
    for (len, parts) in [
        (MAX_PLAIN, &[][..]),
        (MAX_MESSAGE + 1, &[][..]),
        (MAX_PLAIN + 10, &[16][..]),
    ] {
        assert!(
            matches!(long(len, parts), Err(NetError::Malformed(_))),
            "{len} {parts:?}"
        );
    }
    let said = long(MAX_MESSAGE + 1, &[]).err().map(|e| e.to_string());
    assert!(
        said.as_deref()
            .is_some_and(|m| m.contains(&(MAX_MESSAGE + 1).to_string())),
        "{said:?}"
    );
    // Parts that never come: the stream ends.
    assert!(long(MAX_PLAIN + 10, &[]).is_err());
    assert_eq!(
        long(MAX_PLAIN + 10, &[15]).map(|m| m.len()),
        Ok(MAX_PLAIN + 10)
    );
}

#[test]
fn a_game_too_long_for_one_frame_reaches_the_guest_whole() {
    let mut game = Game::default();
    let cycle = ["h0g2", "h9g7", "g2h0", "g7h9"];
    for i in 0..2_400 {
        game.play_unadjudicated(mv(cycle[i % 4])).expect("legal");
    }
    let host = Table::new(&game, Color::Red, Role::Host);
    let bytes = Message::Sync(Box::new(host.sync("Red", "Black", None))).encode();
    assert!(bytes.len() > 2 * MAX_PLAIN, "{} bytes", bytes.len());
    let (mut sealer, mut opener) = direction();
    let mut wire = Vec::new();
    sealer.send(&mut wire, &bytes).expect("sent");
    let received = opener.receive(&mut Cursor::new(wire)).expect("read");
    let Ok(Message::Sync(sync)) = Message::decode(&received) else {
        panic!("not a sync");
    };
    let guest = Table::from_sync(&sync).expect("every move checked");
    assert_eq!(guest.game().moves(), game.moves());
    assert_eq!(guest.me(), Color::Black);
}

#[test]
fn codes_read_back_as_written_and_bad_ones_say_why() {
    for _ in 0..50 {
        let c = JoinCode::random().expect("random");
        assert_eq!(c.to_string().parse::<JoinCode>(), Ok(c.clone()));
        let text = c.to_string();
        let parts: Vec<&str> = text.split('-').collect();
        assert_eq!(parts.len(), 3);
        assert!(parts[0].parse::<u16>().expect("number") < 1000);
    }
    assert_eq!(
        "7 river cannon".parse::<JoinCode>().map(|c| c.to_string()),
        Ok("7-river-cannon".to_string())
    );
    assert!(matches!(
        "river-cannon".parse::<JoinCode>(),
        Err(code::CodeError::Shape(_))
    ));
    assert!(matches!(
        "1000-river-cannon".parse::<JoinCode>(),
        Err(code::CodeError::Number(_))
    ));
    assert!(matches!(
        "7-river-queen".parse::<JoinCode>(),
        Err(code::CodeError::Word(w)) if w == "queen"
    ));
    let mut sorted = WORDS.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(sorted.len(), 256, "the words are distinct");
    assert!(
        WORDS
            .iter()
            .all(|w| w.bytes().all(|b| b.is_ascii_lowercase()))
    );
    let bits = (1000.0f64 * 256.0 * 256.0).log2();
    assert!((bits - code::CODE_BITS).abs() < 0.01);
}

#[test]
fn messages_read_back_and_broken_ones_are_malformed() {
    let all = [
        Message::Sync(Box::new(Sync {
            fen: crate::START_FEN.to_string(),
            moves: vec![mv("h2e2"), mv("h9g7")],
            guest: Color::Black,
            red: "Li".into(),
            black: "王".into(),
            declared: Some(Declared::Resigned(Color::Red)),
            clocks: Some(Clocks {
                control: "5+3".into(),
                red_ms: 300_000,
                black_ms: 1,
                used_ms: 2_500,
            }),
        })),
        Message::Move {
            ply: 3,
            mv: mv("a0a1"),
        },
        Message::TakebackAsk,
        Message::TakebackAnswer(true),
        Message::DrawOffer,
        Message::DrawAnswer(false),
        Message::Resign,
        Message::Flag(Color::Black),
        Message::Chat("hello".into()),
        Message::Ping,
        Message::Bye,
        Message::Probe,
        Message::SeatTaken,
    ];
    for m in &all {
        let bytes = m.encode();
        assert_eq!(Message::decode(&bytes).as_ref(), Ok(m));
        // Every shorter prefix, and one byte more, is refused without panic.
        for cut in 0..bytes.len() {
            assert!(
                matches!(Message::decode(&bytes[..cut]), Err(NetError::Malformed(_))),
                "{m:?} cut at {cut}"
            );
        }
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(Message::decode(&longer).is_err());
    }
    assert!(Message::decode(&[200]).is_err());
    assert!(
        Message::decode(&[10, 0, 1, 7]).is_err(),
        "a control character"
    );
    let named = Message::Sync(Box::new(Sync {
        fen: crate::START_FEN.to_string(),
        moves: Vec::new(),
        guest: Color::Black,
        red: "\u{1b}[2J".into(),
        black: String::new(),
        declared: None,
        clocks: None,
    }))
    .encode();
    assert!(
        matches!(Message::decode(&named), Err(NetError::Malformed(_))),
        "an escape sequence in a name"
    );
}

proptest::proptest! {
    #[test]
    fn random_bytes_never_panic_the_decoder(bytes in proptest::collection::vec(0u8..=255, 0..300)) {
        let _ = Message::decode(&bytes);
        let mut buf = [0u8; MAX_FRAME];
        let _ = read_frame(&mut Cursor::new(bytes), &mut buf);
    }
}

#[test]
fn names_too_long_or_with_control_characters_are_made_fit_to_send() {
    let table = Table::new(&Game::default(), Color::Red, Role::Host);
    let long = "象".repeat(40);
    let sync = table.sync("Li\u{1b}[31m", &long, None);
    assert_eq!(sync.red, "Li[31m");
    assert_eq!(
        sync.black,
        "象".repeat(21),
        "64 bytes at most, whole characters"
    );
    let bytes = Message::Sync(Box::new(sync.clone())).encode();
    assert_eq!(Message::decode(&bytes), Ok(Message::Sync(Box::new(sync))));
}

fn tables() -> (Table, Table) {
    let game = Game::default();
    let host = Table::new(&game, Color::Red, Role::Host);
    let sync = host.sync("", "", None);
    let guest = Table::from_sync(&sync).expect("sync");
    assert_eq!(guest.me(), Color::Black);
    (host, guest)
}

fn move_msg(ply: u16, text: &str) -> Message {
    Message::Move { ply, mv: mv(text) }
}

/// `message` from an end that had taken in `seen` of the receiver's changes.
fn seen(seen: u16, message: Message) -> Stamped {
    Stamped { seen, message }
}

/// Sends `message` from one table and receives it at the other.
fn relay(from: &mut Table, to: &mut Table, message: Message) -> Result<Event, NetError> {
    let stamped = from.send(&message).expect("sent");
    to.receive(&stamped)
}

#[test]
fn illegal_out_of_turn_and_out_of_step_moves_are_refused_and_change_nothing() {
    let (mut host, mut guest) = tables();
    // Black may not move first.
    assert_eq!(
        host.receive(&seen(0, move_msg(0, "h9g7"))),
        Err(NetError::OutOfTurn)
    );
    assert!(guest.send(&move_msg(0, "h9g7")).is_err());
    assert_eq!(
        relay(&mut host, &mut guest, move_msg(0, "h2e2")),
        Ok(Event::Moved(mv("h2e2")))
    );
    // A horse that cannot go there.
    assert!(matches!(
        host.receive(&seen(1, move_msg(1, "h9h5"))),
        Err(NetError::Illegal(_))
    ));
    // The right move for an earlier position.
    assert!(matches!(
        host.receive(&seen(1, move_msg(0, "h9g7"))),
        Err(NetError::WrongState(_))
    ));
    // A stamp of more than the host sent.
    assert!(matches!(
        host.receive(&seen(2, move_msg(1, "h9g7"))),
        Err(NetError::WrongState(_))
    ));
    assert_eq!(host.game().moves(), &[mv("h2e2")]);
    // A second game in the middle of this one.
    let sync = Message::Sync(Box::new(host.sync("", "", None)));
    assert!(guest.receive(&seen(0, sync)).is_err());
    // Only the host sends clocks and flags.
    assert!(host.receive(&seen(1, Message::Flag(Color::Red))).is_err());
    assert!(guest.receive(&seen(0, Message::Flag(Color::Black))).is_ok());
}

#[test]
fn a_takeback_is_asked_after_ones_own_move_and_undone_on_both_when_accepted() {
    let (mut host, mut guest) = tables();
    // Nothing to take back yet.
    assert!(host.send(&Message::TakebackAsk).is_err());
    relay(&mut host, &mut guest, move_msg(0, "h2e2")).expect("move");
    // Black did not move last.
    assert!(host.receive(&seen(1, Message::TakebackAsk)).is_err());
    // An answer to a question not asked.
    assert!(
        guest
            .receive(&seen(0, Message::TakebackAnswer(true)))
            .is_err()
    );
    assert_eq!(
        relay(&mut host, &mut guest, Message::TakebackAsk),
        Ok(Event::TakebackAsked { at: 1 })
    );
    assert_eq!(guest.offered(), Some(Ask::Takeback));
    assert_eq!(
        relay(&mut guest, &mut host, Message::TakebackAnswer(true)),
        Ok(Event::Answered(Ask::Takeback, true))
    );
    assert!(host.game().moves().is_empty());
    assert!(guest.game().moves().is_empty());
    // The draw: offered, declined, the game goes on.
    relay(&mut host, &mut guest, Message::DrawOffer).expect("offer");
    assert_eq!(
        relay(&mut guest, &mut host, Message::DrawAnswer(false)),
        Ok(Event::Answered(Ask::Draw, false))
    );
    assert!(host.game().outcome().is_none());
    // Resigning ends it for both.
    assert_eq!(
        relay(&mut guest, &mut host, Message::Resign),
        Ok(Event::Resigned)
    );
    assert_eq!(
        host.game().outcome().and_then(|o| o.winner),
        Some(Color::Red)
    );
    assert!(host.receive(&seen(1, move_msg(1, "h9g7"))).is_err());
}

/// Both tables hold the same game: the same moves and the same result.
fn same_game(host: &Table, guest: &Table) {
    assert_eq!(host.game().moves(), guest.game().moves());
    assert_eq!(host.game().outcome(), guest.game().outcome());
}

#[test]
fn a_draw_accepted_as_the_offerer_moves_counts_for_nothing_at_both_ends() {
    let (mut host, mut guest) = tables();
    relay(&mut host, &mut guest, Message::DrawOffer).expect("offer");
    // The host moves and the guest accepts, each before hearing the other.
    let moved = host.send(&move_msg(0, "h2e2")).expect("move");
    let accepted = guest.send(&Message::DrawAnswer(true)).expect("yes");
    assert!(guest.game().outcome().is_some(), "the guest agreed at once");
    assert_eq!(
        host.receive(&accepted),
        Ok(Event::Overtaken(Crossed::Answer(Ask::Draw, true)))
    );
    assert_eq!(guest.receive(&moved), Ok(Event::Moved(mv("h2e2"))));
    let before = guest.take_overruled().expect("the guest's answer undone");
    assert!(before.outcome().is_none() && before.moves().is_empty());
    same_game(&host, &guest);
    assert!(host.game().outcome().is_none());
    // And the game goes on in step.
    relay(&mut guest, &mut host, move_msg(1, "h9g7")).expect("black moves");
    same_game(&host, &guest);
}

#[test]
fn a_draw_accepted_by_the_host_as_the_guest_moves_ends_the_game_at_both_ends() {
    let (mut host, mut guest) = tables();
    relay(&mut host, &mut guest, move_msg(0, "h2e2")).expect("move");
    relay(&mut guest, &mut host, Message::DrawOffer).expect("offer");
    let moved = guest.send(&move_msg(1, "h9g7")).expect("move");
    let accepted = host.send(&Message::DrawAnswer(true)).expect("yes");
    assert_eq!(host.receive(&moved), Ok(Event::Overtaken(Crossed::Move)));
    assert_eq!(
        guest.receive(&accepted),
        Ok(Event::Answered(Ask::Draw, true))
    );
    assert!(guest.take_overruled().is_some());
    same_game(&host, &guest);
    assert_eq!(host.game().moves().len(), 1);
    assert!(host.game().outcome().is_some_and(|o| o.winner.is_none()));
}

#[test]
fn a_guest_move_crossed_by_an_offer_and_then_a_resignation_is_undone_by_the_second() {
    let (mut host, mut guest) = tables();
    relay(&mut host, &mut guest, move_msg(0, "h2e2")).expect("move");
    let moved = guest.send(&move_msg(1, "h9g7")).expect("move");
    let offered = host.send(&Message::DrawOffer).expect("offer");
    let resigned = host.send(&Message::Resign).expect("resign");
    assert_eq!(host.receive(&moved), Ok(Event::Overtaken(Crossed::Move)));
    assert_eq!(
        guest.receive(&offered),
        Ok(Event::Overtaken(Crossed::Request(Ask::Draw)))
    );
    assert_eq!(guest.receive(&resigned), Ok(Event::Resigned));
    assert!(guest.take_overruled().is_some());
    same_game(&host, &guest);
    assert_eq!(host.game().moves(), &[mv("h2e2")]);
}

#[test]
fn two_resignations_at_once_end_the_game_once_as_the_host_resigned() {
    let (mut host, mut guest) = tables();
    let host_resigns = host.send(&Message::Resign).expect("resign");
    let guest_resigns = guest.send(&Message::Resign).expect("resign");
    assert_eq!(
        host.receive(&guest_resigns),
        Ok(Event::Overtaken(Crossed::Resignation))
    );
    assert_eq!(guest.receive(&host_resigns), Ok(Event::Resigned));
    same_game(&host, &guest);
    assert_eq!(
        host.game().outcome().and_then(|o| o.winner),
        Some(Color::Black)
    );
}

#[test]
fn a_request_crossing_a_move_lapses_at_both_ends() {
    let (mut host, mut guest) = tables();
    relay(&mut host, &mut guest, move_msg(0, "h2e2")).expect("move");
    relay(&mut guest, &mut host, move_msg(1, "h9g7")).expect("move");
    // Black asks to take back as red moves.
    let asked = guest.send(&Message::TakebackAsk).expect("ask");
    let moved = host.send(&move_msg(2, "h0g2")).expect("move");
    assert_eq!(
        host.receive(&asked),
        Ok(Event::Overtaken(Crossed::Request(Ask::Takeback)))
    );
    assert_eq!(guest.receive(&moved), Ok(Event::Moved(mv("h0g2"))));
    assert!(guest.take_overruled().is_none(), "a request is no change");
    assert_eq!((host.offered(), guest.asked()), (None, None));
    // Red offers a draw as black moves.
    let offered = host.send(&Message::DrawOffer).expect("offer");
    let moved = guest.send(&move_msg(3, "i9h9")).expect("move");
    assert_eq!(
        guest.receive(&offered),
        Ok(Event::Overtaken(Crossed::Request(Ask::Draw)))
    );
    assert_eq!(host.receive(&moved), Ok(Event::Moved(mv("i9h9"))));
    assert_eq!((host.asked(), guest.offered()), (None, None));
    same_game(&host, &guest);
    assert_eq!(host.game().moves().len(), 4);
}

#[test]
fn only_the_host_asks_whether_the_other_end_is_there_and_a_refused_seat_is_no_game_message() {
    let (mut host, mut guest) = tables();
    let probe = Stamped::unstamped(Message::Probe);
    assert_eq!(guest.receive(&probe), Ok(Event::Probed));
    assert!(matches!(host.receive(&probe), Err(NetError::WrongState(_))));
    assert!(matches!(
        guest.receive(&Stamped::unstamped(Message::SeatTaken)),
        Err(NetError::WrongState(_))
    ));
    same_game(&host, &guest);
}
