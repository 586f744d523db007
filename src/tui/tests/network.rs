//! A network game as the screen plays it: the connection's reports become moves, questions
//! and messages; this end's moves and answers leave as `Effect::Net`; only this end's side
//! moves, on its turn, while the other player is connected.

use super::{mv, screen_text, sq, start_app, start_with, type_text};
use crate::tui::state::action::Action;
use crate::tui::state::app::App;
use crate::tui::state::effect::Effect;
use crate::tui::state::message::{Message, Mode, Prompt, Question};
use crate::tui::state::net::{Invite, NetNote, NetPlay, NetReport, TableGame};
use xiangqi::Color;
use xiangqi::net::message::{Message as Wire, Sync};
use xiangqi::net::table::{Ask, Event};

fn sent(effects: &[Effect]) -> Vec<Wire> {
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::Net(m) => Some(m.clone()),
            _ => None,
        })
        .collect()
}

fn note(app: &App) -> Option<NetNote> {
    match app.message() {
        Some(Message::Net(n)) => Some(n.clone()),
        _ => None,
    }
}

fn report(app: &mut App, r: NetReport) -> Vec<Effect> {
    app.update(Action::Net(r))
}

/// A host playing red with the guest connected.
fn connected_host() -> App {
    let mut app = start_app().with_net(NetPlay::host(Color::Red));
    report(&mut app, NetReport::Joined);
    app
}

/// The guest takes the host's game from the start with `moves` played, as black, the
/// players unnamed.
fn join_as_black(guest: &mut App, moves: &[&str]) {
    let sync = Sync {
        fen: xiangqi::START_FEN.to_string(),
        moves: moves.iter().map(|m| mv(m)).collect(),
        guest: Color::Black,
        red: String::new(),
        black: String::new(),
        declared: None,
        clocks: None,
    };
    report(guest, NetReport::Synced(Box::new(sync)));
}

/// Clicks `from` then `to`; returns the effects of the second click.
fn click(app: &mut App, from: &str, to: &str) -> Vec<Effect> {
    app.update(Action::ClickAt(sq(from)));
    app.update(Action::ClickAt(sq(to)))
}

#[test]
fn the_host_screen_shows_the_code_and_the_whole_join_command() {
    let mut app = start_app().with_net(NetPlay::host(Color::Red));
    report(
        &mut app,
        NetReport::Listening(Invite {
            code: "7-river-cannon".into(),
            command: "xiangqi join 192.168.100.200:9091 7-river-cannon".into(),
        }),
    );
    let screen = screen_text(&app);
    assert!(screen.contains("Join code: 7-river-cannon"), "{screen}");
    assert!(screen.contains("Other player: not connected"), "{screen}");
    // The command does not fit the panel of an 80-column screen: broken between words,
    // never cut.
    assert!(
        screen.contains("xiangqi join 192.168.100.200:9091"),
        "{screen}"
    );
    let after = screen
        .split("xiangqi join 192.168.100.200:9091")
        .nth(1)
        .expect("the command");
    assert!(after.contains("7-river-cannon"), "{screen}");
    assert!(screen.contains("Waiting for the other player"), "{screen}");
}

#[test]
fn where_the_game_is_kept_is_said_after_the_code_and_the_code_stays_in_the_panel() {
    let mut app = start_app().with_net(NetPlay::host(Color::Red));
    report(
        &mut app,
        NetReport::Listening(Invite {
            code: "7-river-cannon".into(),
            command: "xiangqi join 10.0.0.1:9091 7-river-cannon".into(),
        }),
    );
    let kept = "Your unfinished game stays as it was in autosave.pgn";
    app.update(Action::Notice(kept.into()));
    // Both are said, the code first: the player has not acted since the start.
    match app.message() {
        Some(Message::Notices(all)) => {
            assert!(
                matches!(all[..], [Message::Net(_), Message::Notice(_)]),
                "{all:?}"
            );
        }
        other => panic!("{other:?}"),
    }
    let screen = screen_text(&app);
    assert!(screen.contains(kept), "{screen}");
    assert!(screen.contains("Join code: 7-river-cannon"), "{screen}");
}

#[test]
fn why_the_configuration_was_not_used_outlives_the_connections_first_word() {
    use crate::tui::state::app::Options;
    use crate::tui::store::config_keys::{ConfigError, Key, Problem};
    let error = ConfigError {
        path: "/home/ann/.config/xiangqi/config.toml".into(),
        problem: Problem::BadValue {
            line: 2,
            key: Key::Threads,
            value: "0".into(),
        },
    };
    let said = "config.toml, line 2, key threads: 0 is not allowed";
    let with_error = || {
        start_with(Options {
            config_error: Some(error.clone()),
            ..Options::default()
        })
    };
    // The host: the code is in the panel, the reason stays on the message line.
    let mut host = with_error().with_net(NetPlay::host(Color::Red));
    report(
        &mut host,
        NetReport::Listening(Invite {
            code: "7-river-cannon".into(),
            command: "xiangqi join 10.0.0.1:9091 7-river-cannon".into(),
        }),
    );
    let screen = screen_text(&host);
    assert!(screen.contains(said), "{screen}");
    assert!(screen.contains("Join code: 7-river-cannon"), "{screen}");
    // The guest: the game taken, its side in the panel, the reason still said.
    let mut guest = with_error().with_net(NetPlay::guest());
    join_as_black(&mut guest, &[]);
    let screen = screen_text(&guest);
    assert!(screen.contains(said), "{screen}");
    assert!(screen.contains("Other player: connected"), "{screen}");
    // What comes after replaces it as usual.
    report(&mut guest, NetReport::Heard(Event::Chat("hello".into())));
    assert!(!screen_text(&guest).contains(said));
}

#[test]
fn moves_wait_for_the_other_player_and_leave_as_messages() {
    let mut app = start_app().with_net(NetPlay::host(Color::Red));
    let effects = click(&mut app, "h2", "e2");
    assert!(sent(&effects).is_empty());
    assert!(app.game().moves().is_empty());
    assert_eq!(note(&app), Some(NetNote::NotConnected));

    report(&mut app, NetReport::Joined);
    assert!(screen_text(&app).contains("Other player: connected"));
    let effects = click(&mut app, "h2", "e2");
    assert_eq!(
        sent(&effects),
        vec![Wire::Move {
            ply: 0,
            mv: mv("h2e2")
        }]
    );
    // Black's turn: the host may not move black's pieces.
    let effects = click(&mut app, "h9", "g7");
    assert!(sent(&effects).is_empty());
    assert_eq!(note(&app), Some(NetNote::TheirTurn(Color::Red)));
    assert_eq!(app.game().moves().len(), 1);

    // The guest's move arrives: played here, and not sent back.
    let effects = report(&mut app, NetReport::Heard(Event::Moved(mv("h9g7"))));
    assert!(sent(&effects).is_empty(), "{effects:?}");
    assert_eq!(app.game().moves(), &[mv("h2e2"), mv("h9g7")]);
    // Both moves are autosaved as any game's.
    assert!(
        effects.iter().any(|e| matches!(e, Effect::Autosave(_))),
        "{effects:?}"
    );
}

#[test]
fn the_guest_takes_the_hosts_game_with_its_own_side_at_the_bottom() {
    let mut app = start_app().with_net(NetPlay::guest());
    let sync = Sync {
        fen: xiangqi::START_FEN.to_string(),
        moves: vec![mv("h2e2")],
        guest: Color::Black,
        red: "Ann".into(),
        black: "Bo".into(),
        declared: None,
        clocks: None,
    };
    report(&mut app, NetReport::Synced(Box::new(sync)));
    assert_eq!(app.game().moves(), &[mv("h2e2")]);
    assert!(app.flipped(), "black at the bottom");
    let screen = screen_text(&app);
    assert!(screen.contains("you joined, playing black"), "{screen}");
    assert!(screen.contains("Ann – Bo"), "{screen}");
    let effects = click(&mut app, "h9", "g7");
    assert_eq!(
        sent(&effects),
        vec![Wire::Move {
            ply: 1,
            mv: mv("h9g7")
        }]
    );
}

#[test]
fn a_takeback_asked_by_the_other_player_is_answered_here() {
    let mut app = connected_host();
    click(&mut app, "h2", "e2");
    report(&mut app, NetReport::Heard(Event::Moved(mv("h9g7"))));
    // Right after the guest's move, the host has nothing of its own to take back.
    let effects = app.update(Action::Undo);
    assert!(sent(&effects).is_empty());
    assert_eq!(note(&app), Some(NetNote::NoTakeback));
    assert_eq!(
        app.game().moves().len(),
        2,
        "u takes nothing back by itself"
    );

    report(&mut app, NetReport::Heard(Event::TakebackAsked { at: 2 }));
    assert_eq!(
        app.mode(),
        Mode::Confirm(Question::NetAnswer(Ask::Takeback))
    );
    assert!(screen_text(&app).contains("asks to take back their last move"));
    let effects = app.update(Action::Answer(true));
    assert_eq!(sent(&effects), vec![Wire::TakebackAnswer(true)]);
    assert_eq!(app.game().moves(), &[mv("h2e2")]);
    assert_eq!(app.mode(), Mode::Play);
}

#[test]
fn a_request_that_a_move_here_let_lapse_is_not_asked() {
    let mut app = connected_host();
    click(&mut app, "h2", "e2");
    report(&mut app, NetReport::Heard(Event::Moved(mv("h9g7"))));
    // The guest offered at two moves; the host's third crossed it.
    click(&mut app, "h0", "g2");
    report(&mut app, NetReport::Heard(Event::DrawOffered { at: 2 }));
    assert_eq!(app.mode(), Mode::Play);
    assert!(app.outcome().is_none());
}

#[test]
fn a_request_that_comes_while_typing_waits_for_the_prompt_to_close() {
    let mut app = connected_host();
    app.update(Action::Chat);
    type_text(&mut app, "ni");
    report(&mut app, NetReport::Heard(Event::DrawOffered { at: 0 }));
    assert_eq!(app.mode(), Mode::Prompt(Prompt::Chat), "the typing goes on");
    assert_eq!(note(&app), Some(NetNote::Held(Ask::Draw)));
    // A `y` typed is text, not the answer.
    type_text(&mut app, "y");
    assert!(app.outcome().is_none());
    app.update(Action::Cancel);
    assert_eq!(app.mode(), Mode::Confirm(Question::NetAnswer(Ask::Draw)));
    // A request a move has let lapse is not asked after all.
    app.update(Action::Answer(false));
    app.update(Action::Chat);
    report(&mut app, NetReport::Heard(Event::DrawOffered { at: 0 }));
    click(&mut app, "h2", "e2");
    app.update(Action::Cancel);
    assert_eq!(app.mode(), Mode::Play);
}

#[test]
fn a_request_held_while_a_move_was_typed_lapses_with_that_move() {
    let mut app = connected_host();
    app.update(Action::TypeMove);
    type_text(&mut app, "h2e2");
    report(&mut app, NetReport::Heard(Event::DrawOffered { at: 0 }));
    assert_eq!(note(&app), Some(NetNote::Held(Ask::Draw)));
    let effects = app.update(Action::Submit);
    assert_eq!(
        sent(&effects),
        vec![Wire::Move {
            ply: 0,
            mv: mv("h2e2")
        }]
    );
    assert_eq!(app.mode(), Mode::Play, "the offer lapsed with the move");
}

#[test]
fn a_question_open_when_the_other_player_leaves_changes_nothing() {
    let mut app = connected_host();
    report(&mut app, NetReport::Heard(Event::DrawOffered { at: 0 }));
    assert_eq!(app.mode(), Mode::Confirm(Question::NetAnswer(Ask::Draw)));
    report(&mut app, NetReport::Heard(Event::Left));
    assert_eq!(app.mode(), Mode::Play, "their offer left with them");
    // A resignation asked before the connection dropped is not made alone.
    report(&mut app, NetReport::Joined);
    app.update(Action::Resign);
    assert_eq!(app.mode(), Mode::Confirm(Question::Resign(Color::Red)));
    report(&mut app, NetReport::Lost(xiangqi::net::NetError::Silent));
    let effects = app.update(Action::Answer(true));
    assert!(sent(&effects).is_empty());
    assert!(app.outcome().is_none());
    assert_eq!(note(&app), Some(NetNote::NotConnected));
}

#[test]
fn a_move_heard_just_before_resigning_here_is_taken_from_the_table() {
    let mut app = connected_host();
    click(&mut app, "h2", "e2");
    app.update(Action::Resign);
    app.update(Action::Answer(true));
    // The guest's move reached the table before the resignation went out.
    report(&mut app, NetReport::Heard(Event::Moved(mv("h9g7"))));
    let mut table = xiangqi::Game::default();
    table.play(mv("h2e2")).expect("legal");
    table.play(mv("h9g7")).expect("legal");
    table.resign(Color::Red).expect("going on");
    report(&mut app, NetReport::Sent(Box::new(TableGame(table)), None));
    assert_eq!(app.game().moves(), &[mv("h2e2"), mv("h9g7")]);
    assert_eq!(app.outcome().and_then(|o| o.winner), Some(Color::Black));
    assert_ne!(
        note(&app),
        Some(NetNote::Overruled),
        "nothing of this end undone"
    );
}

#[test]
fn the_tables_game_replaces_the_screens_when_they_part() {
    let mut app = connected_host();
    click(&mut app, "h2", "e2");
    let mut agreed = xiangqi::Game::default();
    agreed.play(mv("c3c4")).expect("legal");
    report(
        &mut app,
        NetReport::Overruled(Box::new(TableGame(agreed.clone())), None),
    );
    assert_eq!(app.game().moves(), &[mv("c3c4")]);
    assert_eq!(note(&app), Some(NetNote::Overruled));
    assert!(screen_text(&app).contains("the host's counts, and yours was undone"));
    // The same game again changes nothing and says nothing.
    app.update(Action::Net(NetReport::Heard(Event::Moved(mv("h9g7")))));
    let same = Box::new(TableGame(app.game().clone()));
    report(&mut app, NetReport::Overruled(same, None));
    assert_eq!(app.game().moves().len(), 2);
    assert_ne!(note(&app), Some(NetNote::Overruled));
}

#[test]
fn a_draw_offer_declined_and_a_resignation_sent() {
    let mut app = connected_host();
    let effects = app.update(Action::OfferDraw);
    assert_eq!(sent(&effects), vec![Wire::DrawOffer]);
    assert_eq!(note(&app), Some(NetNote::Asked(Ask::Draw)));
    // One request at a time.
    let effects = app.update(Action::OfferDraw);
    assert!(sent(&effects).is_empty());
    assert!(screen_text(&app).contains("Draw offered — waiting for the other player's answer"));
    report(
        &mut app,
        NetReport::Heard(Event::Answered(Ask::Draw, false)),
    );
    assert_eq!(note(&app), Some(NetNote::Answered(Ask::Draw, false)));
    assert!(app.outcome().is_none());

    app.update(Action::Resign);
    assert_eq!(app.mode(), Mode::Confirm(Question::Resign(Color::Red)));
    let effects = app.update(Action::Answer(true));
    assert_eq!(sent(&effects), vec![Wire::Resign]);
    assert_eq!(app.outcome().and_then(|o| o.winner), Some(Color::Black));
}

#[test]
fn a_lost_connection_keeps_the_game_and_refuses_what_would_replace_it() {
    let mut app = connected_host();
    click(&mut app, "h2", "e2");
    report(&mut app, NetReport::Lost(xiangqi::net::NetError::Silent));
    assert_eq!(app.game().moves(), &[mv("h2e2")]);
    let screen = screen_text(&app);
    assert!(
        screen.contains("Connection ended: the other end went silent"),
        "{screen}"
    );
    assert!(screen.contains("Other player: not connected"), "{screen}");
    app.update(Action::AskNewGame);
    assert_eq!(app.mode(), Mode::Play, "no new game over a shared one");
    assert_eq!(note(&app), Some(NetNote::NotInNetGame));
    app.update(Action::Redo);
    assert_eq!(app.game().moves().len(), 1);
}

#[test]
fn chat_goes_out_from_its_prompt_and_comes_in_on_the_message_line() {
    let mut app = connected_host();
    app.update(Action::Chat);
    assert_eq!(app.mode(), Mode::Prompt(Prompt::Chat));
    type_text(&mut app, "good luck");
    let effects = app.update(Action::Submit);
    assert_eq!(sent(&effects), vec![Wire::Chat("good luck".into())]);
    assert_eq!(app.mode(), Mode::Play);
    report(&mut app, NetReport::Heard(Event::Chat("you too".into())));
    assert!(screen_text(&app).contains("Other player: you too"));

    let mut alone = start_app();
    alone.update(Action::Chat);
    assert_eq!(alone.mode(), Mode::Play);
    assert_eq!(note(&alone), Some(NetNote::ChatOnly));
}

fn at(secs: u64) -> Action {
    Action::Tick(crate::tui::state::action::Now {
        elapsed: std::time::Duration::from_secs(secs),
        unix_secs: 0,
    })
}

/// A host playing red with ten seconds each on the clock.
fn clocked_host() -> App {
    let options = crate::tui::state::app::Options {
        clock: Some("0:10".parse().expect("time control")),
        ..crate::tui::state::app::Options::default()
    };
    super::start_with(options).with_net(NetPlay::host(Color::Red))
}

#[test]
fn the_hosts_clocks_go_to_the_guest_and_only_the_hosts_flag_ends_the_game() {
    let mut host = clocked_host();
    let effects = report(&mut host, NetReport::Joined);
    let clocks = |effects: &[Effect]| {
        sent(effects).into_iter().find_map(|m| match m {
            Wire::Clocks(c) => Some(c),
            _ => None,
        })
    };
    let first = clocks(&effects).expect("the clocks on joining");
    assert_eq!((first.red_ms, first.black_ms), (10_000, 10_000));
    host.update(at(1));
    let effects = click(&mut host, "h2", "e2");
    assert!(
        matches!(sent(&effects)[0], Wire::Move { .. }),
        "the move first"
    );
    let after = clocks(&effects).expect("the clocks after the move");

    let mut guest = start_app().with_net(NetPlay::guest());
    join_as_black(&mut guest, &["h2e2"]);
    guest.update(at(1));
    report(&mut guest, NetReport::Heard(Event::Clocks(after)));
    let shown = guest.clock().expect("the guest shows the host's clocks");
    assert_eq!(
        shown.left(Color::Black, std::time::Duration::from_secs(3)),
        std::time::Duration::from_secs(8),
        "black's time runs on the guest's screen"
    );
    // Past black's time on the guest's own clock: the game goes on until the host says.
    guest.update(at(30));
    assert!(guest.outcome().is_none(), "{:?}", guest.outcome());

    // On the host the flag falls, and that goes to the guest.
    let effects = host.update(at(12));
    assert!(
        sent(&effects).contains(&Wire::Flag(Color::Black)),
        "{effects:?}"
    );
    assert_eq!(host.outcome().and_then(|o| o.winner), Some(Color::Red));
    report(&mut guest, NetReport::Heard(Event::Flagged(Color::Black)));
    let outcome = guest.outcome().expect("over on the guest too");
    assert_eq!(outcome.termination, xiangqi::Termination::TimeForfeit);
    assert_eq!(outcome.winner, Some(Color::Red));
}

#[test]
fn a_dropped_connection_holds_the_clocks_and_the_guest_coming_back_starts_them() {
    let mut host = clocked_host();
    report(&mut host, NetReport::Joined);
    click(&mut host, "h2", "e2");
    host.update(at(2));
    report(&mut host, NetReport::Lost(xiangqi::net::NetError::Silent));
    host.update(at(60));
    assert!(host.outcome().is_none(), "no flag while nobody can move");
    let left = |app: &App, secs| {
        app.clock()
            .expect("clock")
            .left(Color::Black, std::time::Duration::from_secs(secs))
    };
    assert_eq!(left(&host, 60), std::time::Duration::from_secs(8));
    report(&mut host, NetReport::Joined);
    assert_eq!(
        left(&host, 61),
        std::time::Duration::from_secs(7),
        "running again"
    );
    // Pausing is not for one player to decide.
    host.update(Action::Pause);
    assert_eq!(host.mode(), Mode::Play);
}

#[test]
fn the_shared_game_is_not_reshaped_nor_replaced_from_one_end() {
    use crate::tui::state::action::RecordKey;
    let mut app = connected_host();
    click(&mut app, "h2", "e2");
    app.update(Action::OpenEditor);
    assert!(
        app.editor().is_none(),
        "no set-up editor over a shared game"
    );
    assert_eq!(note(&app), Some(NetNote::NotInNetGame));
    app.update(Action::Record(RecordKey::Delete));
    assert_eq!(app.mode(), Mode::Play, "nothing asked");
    assert_eq!(app.game().moves(), &[mv("h2e2")]);
    assert_eq!(note(&app), Some(NetNote::NotInNetGame));
    // A comment is this end's own and stays allowed.
    app.update(Action::Record(RecordKey::Comment));
    assert_eq!(app.mode(), Mode::Prompt(Prompt::Comment));
}
