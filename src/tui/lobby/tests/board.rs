//! A club game on the board, driven by the server's events (no network): the server's
//! clocks and the players' ratings shown, this player's move sent as a request, a move the
//! referee refuses taken back, the end with the rating change; a spectator's board.

use super::{game_state, moved, summary, text_of};
use crate::tui::i18n::lang::Lang;
use crate::tui::lobby::board::ClubGame;
use crate::tui::state::action::{Action, EditKey, Now};
use crate::tui::state::app::Options;
use crate::tui::state::effect::Effect;
use std::time::Duration;
use xiangqi_club::protocol::{
    Clocks, Denial, Ending, Event, GameState, How, RatingChange, RatingShown, Request, Side,
    Verdict,
};

fn options() -> Options {
    Options {
        lang: Lang::En,
        ..Options::default()
    }
}

fn at(secs: u64) -> Now {
    Now {
        elapsed: Duration::from_secs(secs),
        unix_secs: 0,
    }
}

fn state(you: Option<Side>, moves: &[&str], spectators: u32) -> GameState {
    game_state(summary(3, "carol", "dave", spectators), you, moves)
}

/// Plays `iccs` on the board through the move prompt; the requests it makes of the server.
fn play(club: &mut ClubGame, iccs: &str) -> Vec<Request> {
    let mut effects = club.app.update(Action::TypeMove);
    effects.extend(club.app.update(Action::Edit(EditKey::Clear)));
    for c in iccs.chars() {
        effects.extend(club.app.update(Action::Edit(EditKey::Char(c))));
    }
    effects.extend(club.app.update(Action::Submit));
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::Net(message) => club.request(message),
            _ => None,
        })
        .collect()
}

#[test]
fn a_players_board_shows_the_servers_clocks_and_sends_moves_as_requests() {
    let mut club = ClubGame::new(&state(Some(Side::Red), &[], 0), options(), at(0));
    let screen = text_of(&club, 110, 32);
    assert!(
        screen.contains("carol 1620 – dave 1480 · 5+3 rated · 0 watching"),
        "{screen}"
    );
    assert!(screen.contains("X abort · W claim the win"), "{screen}");
    // The panel speaks of the club, not of a peer-to-peer game.
    assert!(screen.contains("Club game: you play red"), "{screen}");
    assert!(!screen.contains("Network game"), "{screen}");
    // Red's move goes to the server as the first move of game 3.
    assert_eq!(
        play(&mut club, "h2e2"),
        vec![Request::Move {
            game: 3,
            ply: 0,
            mv: "h2e2".into()
        }]
    );
    // The server's echo, then the opponent's move with the clocks it keeps.
    club.app.update(Action::Tick(at(2)));
    club.hear(&moved(1, "h2e2", 301_000, 300_000));
    club.hear(&moved(2, "h9g7", 301_000, 287_000));
    assert_eq!(club.app.played().game().moves().len(), 2);
    let screen = text_of(&club, 110, 32);
    assert!(
        screen.contains("5:01"),
        "red's clock as the server says:\n{screen}"
    );
    assert!(
        screen.contains("4:47"),
        "black's clock as the server says:\n{screen}"
    );
    // Black cannot be moved by red.
    assert!(play(&mut club, "g7e6").is_empty());
    // A move the referee refuses is taken back here, and the refusal said.
    assert_eq!(play(&mut club, "b2b9").len(), 1);
    assert_eq!(club.app.played().game().moves().len(), 3);
    club.hear(&Event::Denied {
        game: Some(3),
        reason: Denial::NotYourTurn,
    });
    assert_eq!(club.app.played().game().moves().len(), 2);
    let screen = text_of(&club, 110, 32);
    assert!(screen.contains("Refused: it is not your move"), "{screen}");
}

#[test]
fn the_end_shows_the_result_and_the_rating_change() {
    let mut club = ClubGame::new(&state(Some(Side::Black), &["h2e2"], 2), options(), at(0));
    let shown = |r| RatingShown {
        rating: r,
        provisional: false,
    };
    club.hear(&Event::Ended {
        game: 3,
        ending: Ending {
            verdict: Verdict::RedWins,
            how: How::Resignation,
            ratings: Some([
                RatingChange {
                    before: shown(1620),
                    after: shown(1631),
                },
                RatingChange {
                    before: shown(1480),
                    after: shown(1469),
                },
            ]),
        },
    });
    assert!(club.app.played().game().outcome().is_some());
    let screen = text_of(&club, 110, 32);
    assert!(
        screen.contains("Red wins (resignation) · your rating 1480 → 1469"),
        "{screen}"
    );
    assert!(screen.contains("q back to the lobby"), "{screen}");
    assert!(screen.contains("The club game is on the board"), "{screen}");
    assert!(!screen.contains("the other player is here"), "{screen}");
}

#[test]
fn a_spectators_board_follows_the_game_and_cannot_act() {
    let mut club = ClubGame::new(&state(None, &["h2e2"], 4), options(), at(0));
    assert_eq!(club.app.played().game().moves().len(), 1);
    let screen = text_of(&club, 110, 32);
    assert!(screen.contains("· 4 watching"), "{screen}");
    assert!(
        screen.contains("Watching: you cannot move here · q back to the lobby"),
        "{screen}"
    );
    for action in [
        Action::Activate,
        Action::TypeMove,
        Action::Resign,
        Action::Undo,
    ] {
        assert!(club.refused_to_watcher(&action), "{action:?}");
    }
    club.hear(&moved(2, "h9g7", 300_000, 297_000));
    club.hear(&Event::Spectators { game: 3, count: 5 });
    assert_eq!(club.app.played().game().moves().len(), 2);
    let screen = text_of(&club, 110, 32);
    assert!(screen.contains("· 5 watching"), "{screen}");
    assert!(screen.contains("4:57"), "{screen}");
}

#[test]
fn after_a_dropped_session_the_games_state_on_coming_back_puts_the_board_right() {
    let mut club = ClubGame::new(&state(Some(Side::Red), &["h2e2"], 0), options(), at(0));
    club.lost();
    let screen = text_of(&club, 110, 32);
    assert!(screen.contains("Connection lost: R reconnects"), "{screen}");
    // A move made while the session is gone is on this board only.
    play(&mut club, "h0g2");
    // Back: the server's game (the opponent moved meanwhile, and the opponent is away).
    let mut back = state(Some(Side::Red), &["h2e2", "h9g7"], 1);
    back.clocks = Clocks {
        red_ms: 250_000,
        black_ms: 280_000,
        running: Some(Side::Red),
    };
    club.hear(&Event::Started(Box::new(back)));
    let moves: Vec<String> = club
        .app
        .played()
        .game()
        .moves()
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(moves, ["h2e2", "h9g7"]);
    club.hear(&Event::Presence {
        game: 3,
        side: Side::Black,
        present: false,
        claim_in_ms: Some(42_000),
    });
    let screen = text_of(&club, 110, 32);
    assert!(screen.contains("4:10"), "{screen}");
    assert!(screen.contains("1 watching"), "{screen}");
    assert!(!screen.contains("Connection lost"), "{screen}");
    assert!(
        screen.contains("Black left the game: it may be claimed in 42 s"),
        "{screen}"
    );
    club.hear(&Event::ClaimOpen {
        game: 3,
        side: Side::Red,
    });
    let screen = text_of(&club, 110, 32);
    assert!(screen.contains("W claims the win, = a draw"), "{screen}");
}

#[test]
fn no_clock_runs_before_the_server_says_one_does() {
    let mut club = ClubGame::new(&state(Some(Side::Red), &[], 0), options(), at(0));
    club.app.update(Action::Tick(at(20)));
    let screen = text_of(&club, 110, 32);
    assert!(
        screen.contains("5:00"),
        "red's time stands still:\n{screen}"
    );
    assert!(!screen.contains("4:40"), "{screen}");
    // A game that waits (both clocks held) after a move, then goes on.
    let mut waiting = state(Some(Side::Red), &["h2e2"], 0);
    waiting.clocks.running = None;
    club.hear(&Event::Started(Box::new(waiting)));
    club.app.update(Action::Tick(at(25)));
    assert!(!text_of(&club, 110, 32).contains("4:55"));
    let mut running = state(Some(Side::Red), &["h2e2"], 0);
    running.clocks.running = Some(Side::Black);
    club.hear(&Event::Started(Box::new(running)));
    club.app.update(Action::Tick(at(30)));
    let screen = text_of(&club, 110, 32);
    assert!(screen.contains("4:55"), "{screen}");
}

#[test]
fn a_finished_games_clocks_say_how_it_ended_not_that_they_are_paused() {
    let mut club = ClubGame::new(&state(Some(Side::Red), &[], 0), options(), at(0));
    club.hear(&moved(1, "h2e2", 300_000, 300_000));
    club.app.update(Action::Tick(at(3)));
    // The server holds both clocks once the game is over, then says how it ended.
    let mut held = moved(2, "h9g7", 300_000, 297_000);
    if let Event::Moved { clocks, .. } = &mut held {
        clocks.running = None;
    }
    club.hear(&held);
    club.hear(&Event::Ended {
        game: 3,
        ending: Ending {
            verdict: Verdict::Draw,
            how: How::Agreement,
            ratings: None,
        },
    });
    let screen = text_of(&club, 110, 32);
    assert!(screen.contains("Draw (agreement)"), "{screen}");
    assert!(!screen.contains("paused"), "{screen}");
    // An aborted game, which has no result on the board, holds no paused clocks either.
    let mut club = ClubGame::new(&state(Some(Side::Red), &["h2e2"], 0), options(), at(0));
    club.hear(&Event::Ended {
        game: 3,
        ending: Ending {
            verdict: Verdict::Aborted,
            how: How::Aborted,
            ratings: None,
        },
    });
    let screen = text_of(&club, 110, 32);
    assert!(screen.contains("aborted"), "{screen}");
    assert!(!screen.contains("paused"), "{screen}");
}
