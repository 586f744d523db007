//! The lobby screen driven by the server's events and the player's keys, drawn whole in a
//! test backend: no network.

use crate::tui::i18n::lang::Lang;
use crate::tui::lobby::state::{Lobby, LobbyMode, LobbyNote, Order, Pane};
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use xiangqi_club::protocol::{
    ClockSpec, ColourChoice, Denial, Event, GameSummary, PlayerEntry, PlayerState, PlayerTag,
    RatingShown, Request, Room, SeekEntry, Variant, Welcome,
};

pub(super) fn rating(r: i32) -> RatingShown {
    RatingShown {
        rating: r,
        provisional: false,
    }
}

pub(super) fn tag(name: &str, r: i32, bot: bool) -> PlayerTag {
    PlayerTag {
        name: name.into(),
        rating: rating(r),
        bot,
    }
}

pub(super) fn welcome(name: &str) -> Welcome {
    Welcome {
        name: name.into(),
        bot: false,
        ratings: [rating(1500); 4],
        server: "xiangqi test".into(),
        games: Vec::new(),
    }
}

pub(super) fn summary(id: u64, red: &str, black: &str, spectators: u32) -> GameSummary {
    GameSummary {
        id,
        red: tag(red, 1620, false),
        black: tag(black, 1480, false),
        clock: ClockSpec::minutes(5, 3),
        rated: true,
        spectators,
        variant: Variant::Xiangqi,
    }
}

fn player(name: &str, blitz: i32, bot: bool, state: PlayerState) -> PlayerEntry {
    PlayerEntry {
        name: name.into(),
        bot,
        ratings: [rating(1400), rating(blitz), rating(1600), rating(1700)],
        state,
    }
}

/// Game 3 between carol and dave as the server sends it: `you` play it (or watch), these
/// `moves` played, both clocks at 5:00 and held.
pub(super) fn game_state(
    summary: GameSummary,
    you: Option<xiangqi_club::protocol::Side>,
    moves: &[&str],
) -> xiangqi_club::protocol::GameState {
    xiangqi_club::protocol::GameState {
        summary,
        you,
        moves: moves.iter().map(|m| (*m).to_string()).collect(),
        clocks: xiangqi_club::protocol::Clocks {
            red_ms: 300_000,
            black_ms: 300_000,
            running: None,
        },
        draw_offer: None,
        takeback: None,
        absent: Vec::new(),
    }
}

/// Game 3's move number `ply`, `mv`, with the clocks after it (the other side's running).
pub(super) fn moved(ply: u32, mv: &str, red_ms: u64, black_ms: u64) -> Event {
    use xiangqi_club::protocol::{Clocks, Side};
    Event::Moved {
        game: 3,
        ply,
        mv: mv.into(),
        clocks: Clocks {
            red_ms,
            black_ms,
            running: Some(if ply % 2 == 1 { Side::Black } else { Side::Red }),
        },
    }
}

pub(super) fn key(code: KeyCode) -> KeyEvent {
    KeyEvent::new(code, KeyModifiers::NONE)
}

pub(super) fn text_of(widget: impl ratatui::widgets::Widget, width: u16, height: u16) -> String {
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("test backend");
    terminal
        .draw(|frame| frame.render_widget(widget, frame.area()))
        .expect("draw");
    format!("{}", terminal.backend())
}

/// A lobby as the server's snapshot fills it: three players (one a bot, one playing), two
/// seeks, one game with spectators, a chat line.
fn filled() -> Lobby {
    let mut lobby = Lobby::new(Lang::En, "127.0.0.1:9092", welcome("carol"));
    let events = [
        Event::Players {
            players: vec![
                player("bob", 1480, false, PlayerState::Playing { game: 7 }),
                player("bot-5", 1850, true, PlayerState::Idle),
                player("alice", 1620, false, PlayerState::Playing { game: 7 }),
            ],
        },
        Event::Seeks {
            seeks: vec![
                SeekEntry {
                    id: 11,
                    by: tag("dave", 1512, false),
                    clock: ClockSpec::minutes(5, 3),
                    rated: true,
                    colour: ColourChoice::Red,
                    variant: Variant::Xiangqi,
                },
                SeekEntry {
                    id: 12,
                    by: tag("bot-5", 1850, true),
                    clock: ClockSpec::minutes(10, 0),
                    rated: false,
                    colour: ColourChoice::Random,
                    variant: Variant::Xiangqi,
                },
            ],
        },
        Event::Games {
            games: vec![summary(7, "alice", "bob", 3)],
        },
        Event::LobbyReady,
        Event::Chat {
            room: Room::Lobby,
            from: "dave".into(),
            text: "anyone for 5+3?\u{1b}[2J".into(),
            spectator: false,
        },
    ];
    for event in &events {
        assert!(lobby.hear(event).is_empty());
    }
    lobby
}

#[test]
fn the_lobby_shows_players_seeks_games_and_chat() {
    let lobby = filled();
    let screen = text_of(&lobby, 120, 24);
    for expected in [
        "Club 127.0.0.1:9092 — carol · blitz 1500",
        "Open seeks",
        "5+3 rated · red · dave 1512",
        "10+0 casual · random side · bot-5 [bot] 1850",
        "Games in progress",
        "#7 alice 1620 – bob 1480 · 5+3 rated · 3 watching",
        "Players online · blitz",
        "alice 1620 · playing",
        "bot-5 [bot] 1850 · idle",
        "Lobby chat",
        "dave: anyone for 5+3?",
        "s seek",
    ] {
        assert!(screen.contains(expected), "{expected:?} not in\n{screen}");
    }
    // The escape sequence in the chat line reaches the screen defused.
    assert!(!screen.contains('\u{1b}'), "{screen}");
    // Players are listed by name.
    let (a, b) = (
        screen.find("alice 1620 · playing"),
        screen.find("bob 1480 · playing"),
    );
    assert!(a.is_some() && b.is_some());
    assert!(a < b, "{screen}");
}

#[test]
fn changes_after_the_snapshot_update_the_lists() {
    let mut lobby = filled();
    lobby.hear(&Event::SeekGone { seek: 11 });
    lobby.hear(&Event::Spectators { game: 7, count: 5 });
    lobby.hear(&Event::PlayerOffline { name: "bob".into() });
    lobby.hear(&Event::GameListed {
        game: summary(9, "erin", "frank", 0),
    });
    let screen = text_of(&lobby, 120, 24);
    assert!(!screen.contains("dave 1512"), "{screen}");
    assert!(screen.contains("5 watching"), "{screen}");
    assert!(!screen.contains("bob 1480 · playing"), "{screen}");
    assert!(screen.contains("#9 erin 1620 – frank 1480"), "{screen}");
    lobby.hear(&Event::GameUnlisted { game: 7 });
    assert_eq!(lobby.games.len(), 1);
}

#[test]
fn enter_accepts_the_chosen_seek_and_refuses_ones_own() {
    let mut lobby = filled();
    lobby.key(&key(KeyCode::Down));
    let orders = lobby.key(&key(KeyCode::Enter));
    assert_eq!(orders, vec![Order::Send(Request::AcceptSeek { seek: 12 })]);
    lobby.hear(&Event::SeekOpen {
        seek: SeekEntry {
            id: 13,
            by: tag("carol", 1500, false),
            clock: ClockSpec::minutes(3, 2),
            rated: false,
            colour: ColourChoice::Random,
            variant: Variant::Xiangqi,
        },
    });
    lobby.key(&key(KeyCode::Down));
    assert!(lobby.key(&key(KeyCode::Enter)).is_empty());
    assert_eq!(lobby.note, Some(LobbyNote::OwnSeek));
    assert_eq!(
        lobby.key(&key(KeyCode::Char('x'))),
        vec![Order::Send(Request::CancelSeek { seek: 13 })]
    );
}

#[test]
fn the_seek_form_sends_the_clock_rating_and_side_typed() {
    let mut lobby = filled();
    lobby.key(&key(KeyCode::Char('s')));
    assert!(matches!(lobby.mode, LobbyMode::Form(_)));
    for _ in 0..3 {
        lobby.key(&key(KeyCode::Backspace));
    }
    for c in "3+2".chars() {
        lobby.key(&key(KeyCode::Char(c)));
    }
    lobby.key(&key(KeyCode::Tab));
    lobby.key(&key(KeyCode::Char(' ')));
    lobby.key(&key(KeyCode::Tab));
    lobby.key(&key(KeyCode::Right));
    let screen = text_of(&lobby, 120, 24);
    assert!(
        screen.contains("New seek: clock 3+2 · rated rated · side red ·"),
        "{screen}"
    );
    let orders = lobby.key(&key(KeyCode::Enter));
    assert_eq!(
        orders,
        vec![Order::Send(Request::Seek {
            clock: ClockSpec::minutes(3, 2),
            rated: true,
            colour: ColourChoice::Red,
            variant: Variant::Xiangqi,
        })]
    );
    assert_eq!(lobby.mode, LobbyMode::Browse);
    // The next form starts from this one; a clock that is not one is said, not sent.
    lobby.key(&key(KeyCode::Char('p')));
    lobby.key(&key(KeyCode::Char('x')));
    assert!(lobby.key(&key(KeyCode::Enter)).is_empty());
    assert_eq!(lobby.note, Some(LobbyNote::BadClock("3+2x".into())));
    let screen = text_of(&lobby, 120, 24);
    assert!(screen.contains("Private game: clock 3+2x"), "{screen}");
}

#[test]
fn games_are_watched_players_challenged_and_chat_sent_by_key() {
    let mut lobby = filled();
    lobby.key(&key(KeyCode::Tab));
    assert_eq!(lobby.pane, Pane::Games);
    assert_eq!(
        lobby.key(&key(KeyCode::Enter)),
        vec![Order::Send(Request::Watch { game: 7 })]
    );
    lobby.key(&key(KeyCode::Tab));
    lobby.key(&key(KeyCode::Down));
    lobby.key(&key(KeyCode::Char('c')));
    for _ in 0..5 {
        lobby.key(&key(KeyCode::Backspace));
    }
    for c in "dave".chars() {
        lobby.key(&key(KeyCode::Char(c)));
    }
    lobby.key(&key(KeyCode::Enter));
    let orders = lobby.key(&key(KeyCode::Enter));
    assert_eq!(
        orders,
        vec![Order::Send(Request::Challenge {
            to: "dave".into(),
            clock: ClockSpec::minutes(5, 3),
            rated: false,
            colour: ColourChoice::Random,
            variant: Variant::Xiangqi,
        })]
    );
    lobby.key(&key(KeyCode::Char('C')));
    for c in "hi all".chars() {
        lobby.key(&key(KeyCode::Char(c)));
    }
    assert_eq!(
        lobby.key(&key(KeyCode::Enter)),
        vec![Order::Send(Request::Chat {
            room: Room::Lobby,
            text: "hi all".into()
        })]
    );
}

#[test]
fn a_refusal_and_a_challenge_received_are_said() {
    let mut lobby = filled();
    lobby.hear(&Event::Denied {
        game: None,
        reason: Denial::NoSuchSeek,
    });
    let screen = text_of(&lobby, 120, 24);
    assert!(screen.contains("Refused: that seek is gone"), "{screen}");
    lobby.hear(&Event::Challenged {
        challenge: xiangqi_club::protocol::ChallengeEntry {
            id: 4,
            from: tag("dave", 1512, false),
            to: tag("carol", 1500, false),
            clock: ClockSpec::minutes(5, 3),
            rated: true,
            colour: ColourChoice::Random,
            variant: Variant::Xiangqi,
        },
    });
    let screen = text_of(&lobby, 120, 24);
    assert!(
        screen.contains("dave 1512 challenges you: 5+3 rated — accept? (y/n)"),
        "{screen}"
    );
    assert_eq!(
        lobby.key(&key(KeyCode::Char('y'))),
        vec![Order::Send(Request::AnswerChallenge {
            challenge: 4,
            accept: true
        })]
    );
}

mod board;
mod jieqi_board;
mod jieqi_lobby;
mod menu;

#[test]
fn ones_archive_is_listed_and_a_game_of_it_opens_in_review() {
    use xiangqi_club::protocol::{ArchiveEntry, How};
    let mut lobby = filled();
    assert_eq!(
        lobby.key(&key(KeyCode::Char('h'))),
        vec![Order::Send(Request::Archive {
            player: None,
            before: None
        })]
    );
    lobby.hear(&Event::ArchivePage {
        player: "carol".into(),
        games: vec![ArchiveEntry {
            game: 41,
            date: "2026.11.29".into(),
            red: "carol".into(),
            black: "dave".into(),
            result: "1-0".into(),
            how: How::Resignation,
            clock: ClockSpec::minutes(5, 3),
            rated: true,
            plies: 3,
            variant: Variant::Xiangqi,
        }],
        more: false,
    });
    assert_eq!(lobby.pane, Pane::Archive);
    let screen = text_of(&lobby, 120, 24);
    assert!(
        screen.contains("2026.11.29 carol – dave 1-0 · 5+3 rated · 3 plies"),
        "{screen}"
    );
    assert_eq!(
        lobby.key(&key(KeyCode::Enter)),
        vec![Order::Send(Request::FetchPgn { game: 41 })]
    );
    let pgn = "[Event \"Club game\"]\n[Red \"carol\"]\n[Black \"dave\"]\n[Result \"1-0\"]\n\n1. h2e2 h9g7 2. h0g2 1-0\n";
    let orders = lobby.hear(&Event::Pgn {
        game: 41,
        pgn: pgn.into(),
    });
    assert_eq!(orders, vec![Order::Review(pgn.into())]);
    let options = crate::tui::state::app::Options {
        lang: Lang::En,
        ..Default::default()
    };
    let app = crate::tui::lobby::run::review(pgn, options).expect("the game reads");
    assert_eq!(app.game().moves().len(), 3);
    let screen = text_of(&app, 100, 30);
    assert!(
        screen.contains("carol") && screen.contains("dave"),
        "{screen}"
    );
}

#[test]
fn the_lobby_draws_on_any_size_of_screen() {
    let mut lobby = filled();
    lobby.key(&key(KeyCode::Char('s')));
    for (w, h) in [(1, 1), (10, 3), (20, 6), (40, 8), (80, 24)] {
        let screen = text_of(&lobby, w, h);
        assert_eq!(screen.lines().count(), usize::from(h), "{w}x{h}");
    }
}

#[test]
fn under_ascii_the_lists_have_ascii_borders() {
    let mut lobby = filled();
    let boxed = text_of(&lobby, 120, 24);
    assert!(boxed.contains('┌'), "{boxed}");
    lobby.ascii = true;
    let screen = text_of(&lobby, 120, 24);
    assert!(!screen.contains('┌') && !screen.contains('│'), "{screen}");
    assert!(screen.contains("+ Open seeks"), "{screen}");
}

#[test]
fn a_session_that_ended_says_why_and_offers_to_connect_again() {
    use xiangqi_club::client::CloseReason;
    let mut lobby = filled();
    lobby.closed(CloseReason::Lost("connection reset".into()));
    let screen = text_of(&lobby, 120, 24);
    assert!(
        screen.contains("The session ended: the connection was lost — r reconnects, q quits"),
        "{screen}"
    );
    assert!(screen.contains("r reconnect · q quit"), "{screen}");
    // The lists' keys do nothing while there is no session.
    assert!(lobby.key(&key(KeyCode::Char('s'))).is_empty());
    assert_eq!(lobby.mode, LobbyMode::Browse);
    assert_eq!(lobby.key(&key(KeyCode::Char('r'))), vec![Order::Reconnect]);
    lobby.reopened(welcome("carol"));
    assert!(!lobby.closed && lobby.players.is_empty());
    // A refusal in one's own game is the board's to say; another is said here.
    lobby.playing = Some(7);
    lobby.hear(&Event::Denied {
        game: Some(7),
        reason: Denial::NotYourTurn,
    });
    assert_eq!(lobby.note, None);
    lobby.hear(&Event::Denied {
        game: Some(9),
        reason: Denial::NoSuchGame,
    });
    assert_eq!(lobby.note, Some(LobbyNote::Denied(Denial::NoSuchGame)));
}

#[test]
fn a_challenge_sent_is_said_and_x_withdraws_it() {
    let mut lobby = filled();
    lobby.hear(&Event::Challenged {
        challenge: xiangqi_club::protocol::ChallengeEntry {
            id: 5,
            from: tag("carol", 1500, false),
            to: tag("dave", 1512, false),
            clock: ClockSpec::minutes(5, 3),
            rated: false,
            colour: ColourChoice::Random,
            variant: Variant::Xiangqi,
        },
    });
    let screen = text_of(&lobby, 120, 24);
    assert!(
        screen.contains("Challenge sent to dave: waiting for an answer"),
        "{screen}"
    );
    assert_eq!(
        lobby.key(&key(KeyCode::Char('x'))),
        vec![Order::Send(Request::AnswerChallenge {
            challenge: 5,
            accept: false
        })]
    );
}

#[test]
fn a_clock_is_read_as_typed_or_refused() {
    use crate::tui::lobby::keys::parse_clock;
    assert_eq!(parse_clock("5+3"), Some(ClockSpec::minutes(5, 3)));
    assert_eq!(parse_clock(" 10 "), Some(ClockSpec::minutes(10, 0)));
    assert_eq!(
        parse_clock("0:30+1"),
        Some(ClockSpec {
            base_secs: 30,
            increment_secs: 1
        })
    );
    for bad in [
        "",
        "x",
        "5+",
        "+3",
        "0+0",
        "181+0",
        "5+181",
        "0:60+1",
        "5:+1",
        "99999999999+1",
        "4294967295+0",
        "-1+2",
    ] {
        assert_eq!(parse_clock(bad), None, "{bad:?}");
    }
}
