//! A club Jieqi game on its board, driven by made-up server events (no network, no deal):
//! covered pieces drawn as 暗, a move sent without a reveal and shown once the server's echo
//! brings what it turned over, a move refused (by the rules here, or by the server), a
//! spectator's board, the end.

use super::{game_state, moved, summary, text_of};
use crate::tui::i18n::lang::Lang;
use crate::tui::jieqi::state::JieqiLook;
use crate::tui::lobby::jieqi::keys::JieqiOrder;
use crate::tui::lobby::jieqi::state::JieqiClub;
use crate::tui::lobby::run::Table;
use crate::tui::state::action::Now;
use crate::tui::state::app::Options;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use std::time::Duration;
use xiangqi_club::protocol::{
    Denial, Ending, Event, GameState, How, Request, Side, Variant, Verdict,
};
use xiangqi_rules::jieqi::JieqiPiece;
use xiangqi_rules::{Color, Piece, Role};

const WIDTH: u16 = 110;
const HEIGHT: u16 = 34;

fn options(lang: Lang) -> Options {
    Options {
        lang,
        ..Options::default()
    }
}

fn state(you: Option<Side>, moves: &[&str]) -> GameState {
    let summary = xiangqi_club::protocol::GameSummary {
        rated: false,
        variant: Variant::Jieqi,
        ..summary(3, "carol", "dave", 2)
    };
    game_state(summary, you, moves)
}

fn board(you: Option<Side>, moves: &[&str]) -> JieqiClub {
    let look = JieqiLook::of(&options(Lang::En));
    JieqiClub::new(&state(you, moves), look, Duration::ZERO)
}

/// The keys of `text`, one by one; the orders they gave.
fn keys(club: &mut JieqiClub, text: &str) -> Vec<JieqiOrder> {
    let mut orders = Vec::new();
    for c in text.chars() {
        let code = match c {
            '\n' => KeyCode::Enter,
            c => KeyCode::Char(c),
        };
        orders.extend(club.key(&KeyEvent::new(code, KeyModifiers::NONE)));
    }
    orders
}

fn sent_move(ply: u32, mv: &str) -> Vec<JieqiOrder> {
    vec![JieqiOrder::Send(Request::Move {
        game: 3,
        ply,
        mv: mv.into(),
    })]
}

#[test]
fn a_jieqi_game_started_opens_the_jieqi_board_and_a_xiangqi_one_the_board_screen() {
    let now = Now {
        elapsed: Duration::ZERO,
        unix_secs: 0,
    };
    let jieqi = Table::new(&state(Some(Side::Red), &[]), &options(Lang::En), now);
    assert!(matches!(jieqi, Table::Jieqi(_)), "{jieqi:?}");
    let mut plain = state(Some(Side::Red), &[]);
    plain.summary.variant = Variant::Xiangqi;
    let xiangqi = Table::new(&plain, &options(Lang::En), now);
    assert!(matches!(xiangqi, Table::Xiangqi(_)));
}

#[test]
fn a_players_move_is_sent_bare_and_shown_with_the_reveal_the_server_brings() {
    let mut club = board(Some(Side::Red), &[]);
    let screen = text_of(&club, WIDTH, HEIGHT);
    assert!(screen.contains("Club Jieqi: you play red"), "{screen}");
    assert!(
        screen.contains("carol 1620 – dave 1480 · 5+3 Jieqi casual · 2 watching"),
        "{screen}"
    );
    // Thirty covered pieces, the generals face up.
    assert_eq!(screen.matches('暗').count(), 30, "{screen}");
    assert!(screen.contains("Red: 15 unseen (15 covered)"), "{screen}");
    assert!(screen.contains("5:00"), "{screen}");
    // The covered piece on a0 moves as a chariot: sent without what it is.
    assert_eq!(keys(&mut club, "ma0a1\n"), sent_move(0, "a0a1"));
    assert!(club.pending().is_some());
    let screen = text_of(&club, WIDTH, HEIGHT);
    assert!(screen.contains("move sent"), "{screen}");
    assert_eq!(
        screen.matches('暗').count(),
        30,
        "not shown before the server plays it"
    );
    // Nothing more may be sent until the server has played it.
    assert!(keys(&mut club, "ma3a4\n").is_empty());
    // The server's echo turns it over: a red soldier.
    club.hear(&moved(1, "a0a1P", 300_000, 300_000));
    assert!(club.pending().is_none());
    let soldier = Piece::new(Color::Red, Role::Soldier);
    let a1 = "a1".parse().expect("a point");
    assert_eq!(
        club.position().piece_at(a1),
        Some(JieqiPiece::Revealed(soldier))
    );
    let screen = text_of(&club, WIDTH, HEIGHT);
    assert_eq!(screen.matches('暗').count(), 29, "{screen}");
    assert!(screen.contains("Red: 14 unseen (14 covered)"), "{screen}");
    let glyph = club.look.glyphs.glyph(soldier);
    assert!(
        screen.contains(&format!("={glyph}")),
        "the reveal in the move list:\n{screen}"
    );
    // Black's move, then red's clock runs from the server's time.
    club.hear(&moved(2, "h9g7c", 300_000, 290_000));
    club.tick(Duration::from_secs(13));
    let screen = text_of(&club, WIDTH, HEIGHT);
    assert!(screen.contains("▶ Red 4:47"), "{screen}");
    assert!(screen.contains("Black 4:50"), "{screen}");
    assert_eq!(keys(&mut club, "ma1a2\n"), sent_move(2, "a1a2"));
}

#[test]
fn a_move_the_rules_or_the_server_refuse_leaves_the_board_as_it_was() {
    let mut club = board(Some(Side::Red), &[]);
    // A covered chariot's point moves as a chariot: not through its own soldier, picked
    // up and put down with the cursor, or typed.
    assert!(keys(&mut club, "hhhh\nkkkkk\n").is_empty());
    let screen = text_of(&club, WIDTH, HEIGHT);
    assert!(screen.contains("a0a5 is not legal"), "{screen}");
    assert!(keys(&mut club, "ma0a5\n").is_empty());
    let screen = text_of(&club, WIDTH, HEIGHT);
    assert!(screen.contains("the path is blocked"), "{screen}");
    // What a covered piece is, is the server's to say.
    assert!(keys(&mut club, "ma0a1P\n").is_empty());
    let screen = text_of(&club, WIDTH, HEIGHT);
    assert!(screen.contains("is dealt, not chosen"), "{screen}");
    // A legal move the server refuses: said, and the board stands.
    assert_eq!(keys(&mut club, "mh2e2\n"), sent_move(0, "h2e2"));
    club.hear(&Event::Denied {
        game: Some(3),
        reason: Denial::Stale { ply: 1 },
    });
    assert!(club.pending().is_none());
    assert!(club.moves().is_empty());
    let screen = text_of(&club, WIDTH, HEIGHT);
    assert!(
        screen.contains("Refused: the game has moved on"),
        "{screen}"
    );
    assert_eq!(screen.matches('暗').count(), 30, "{screen}");
    // A move of the server this board cannot play is said, never played.
    club.hear(&moved(1, "a0a5P", 300_000, 300_000));
    assert!(club.moves().is_empty());
    let screen = text_of(&club, WIDTH, HEIGHT);
    assert!(
        screen.contains("the server sent a move this board cannot play: a0a5P"),
        "{screen}"
    );
}

#[test]
fn a_spectator_follows_the_reveals_and_cannot_act() {
    let mut club = board(None, &["b2e2C", "h7e7c"]);
    assert_eq!(club.moves().len(), 2);
    let screen = text_of(&club, WIDTH, HEIGHT);
    assert!(screen.contains("Club Jieqi: watching"), "{screen}");
    assert!(
        screen.contains("Watching: you cannot move here"),
        "{screen}"
    );
    assert_eq!(screen.matches('暗').count(), 28, "{screen}");
    assert!(keys(&mut club, "mh0g2\n").is_empty());
    for key in ["d", "g", "g", "X", "W", "u", "\n"] {
        assert!(keys(&mut club, key).is_empty(), "{key}");
    }
    let screen = text_of(&club, WIDTH, HEIGHT);
    assert!(screen.contains("you are watching"), "{screen}");
    club.hear(&moved(3, "h0g2N", 299_000, 300_000));
    let screen = text_of(&club, WIDTH, HEIGHT);
    assert_eq!(screen.matches('暗').count(), 27, "{screen}");
    // The notation names a horse 馬 on either side (the board draws red's 傌).
    assert!(screen.contains("馬二進三=馬"), "{screen}");
    // Chat is open to spectators.
    assert_eq!(
        keys(&mut club, "Cnice\n"),
        vec![JieqiOrder::Send(Request::Chat {
            room: xiangqi_club::protocol::Room::Game { game: 3 },
            text: "nice".into(),
        })]
    );
}

#[test]
fn the_end_is_said_in_words_and_the_clocks_stop_where_they_stood() {
    let mut club = board(Some(Side::Black), &["a0a1P"]);
    club.hear(&moved(2, "i9i8r", 300_000, 295_000));
    club.tick(Duration::from_secs(4));
    // A draw offered is said until the answer; the other's offer asks for one.
    assert_eq!(
        keys(&mut club, "d"),
        vec![JieqiOrder::Send(Request::OfferDraw { game: 3 })]
    );
    club.hear(&Event::DrawOffered {
        game: 3,
        by: Side::Black,
    });
    assert!(text_of(&club, WIDTH, HEIGHT).contains("you offered a draw: waiting for the answer"));
    club.hear(&Event::DrawDeclined { game: 3 });
    club.hear(&Event::TakebackAsked {
        game: 3,
        by: Side::Red,
    });
    let screen = text_of(&club, WIDTH, HEIGHT);
    assert!(
        screen.contains("a move is asked back: y allows, n refuses"),
        "{screen}"
    );
    assert_eq!(
        keys(&mut club, "n"),
        vec![JieqiOrder::Send(Request::DeclineTakeback { game: 3 })]
    );
    // Resigning takes two presses of g.
    assert!(keys(&mut club, "g").is_empty());
    assert_eq!(
        keys(&mut club, "g"),
        vec![JieqiOrder::Send(Request::Resign { game: 3 })]
    );
    club.hear(&Event::Ended {
        game: 3,
        ending: Ending {
            verdict: Verdict::RedWins,
            how: How::Resignation,
            ratings: None,
        },
    });
    club.tick(Duration::from_secs(60));
    let screen = text_of(&club, WIDTH, HEIGHT);
    assert!(screen.contains("Red wins (resignation)"), "{screen}");
    assert!(
        screen.contains("4:56"),
        "red's time stopped at the end:\n{screen}"
    );
    assert!(!screen.contains("paused"), "{screen}");
    assert!(screen.contains("q back to the lobby"), "{screen}");
    assert_eq!(club.next_tick(), None);
    assert!(keys(&mut club, "mi8i7\n").is_empty());
    assert_eq!(keys(&mut club, "q"), vec![JieqiOrder::Leave]);
}

#[test]
fn the_board_speaks_each_language() {
    for (lang, title, mark) in [
        (Lang::ZhHans, "俱乐部揭棋：你执黑", "揭棋"),
        (Lang::ZhHant, "俱樂部揭棋：你執黑", "揭棋"),
    ] {
        let look = JieqiLook::of(&options(lang));
        let club = JieqiClub::new(&state(Some(Side::Black), &[]), look, Duration::ZERO);
        let screen = text_of(&club, WIDTH, HEIGHT);
        assert!(screen.contains(title), "{screen}");
        assert!(screen.contains(&format!("5+3 {mark}")), "{screen}");
    }
}
