//! How games end on the screen: resigning, a draw offer, checkmate, perpetual check and
//! repetition with their warnings, the move limit's count.

use super::*;

#[test]
fn resigning_asks_the_side_to_move_and_undo_takes_it_back() {
    let mut app = start_app();
    play_all(&mut app, "h2e2");
    app.update(Action::Resign);
    assert_eq!(app.mode(), Mode::Confirm(Question::Resign(Color::Black)));
    app.update(Action::Answer(false));
    assert_eq!(app.outcome(), None);
    assert_eq!(
        app.message(),
        Some(&Message::Declined(Question::Resign(Color::Black)))
    );
    app.update(Action::Resign);
    app.update(Action::Answer(true));
    let won = Outcome {
        winner: Some(Color::Red),
        termination: Termination::Resignation,
    };
    assert_eq!(app.outcome(), Some(won));
    assert!(screen_text(&app).contains("Black resigned"));
    type_move(&mut app, "h9g7");
    assert_eq!(app.game().moves().len(), 1, "no move after the end");
    app.update(Action::Cancel);
    app.update(Action::Undo);
    assert_eq!(app.outcome(), None);
    assert_eq!(
        app.game().moves().len(),
        1,
        "only the resignation is taken back"
    );
    assert_eq!(app.message(), Some(&Message::Withdrawn(won)));
}

#[test]
fn a_draw_offer_asks_the_other_player() {
    let mut app = start_app();
    app.update(Action::OfferDraw);
    assert_eq!(app.mode(), Mode::Confirm(Question::Draw(Color::Red)));
    assert_eq!(
        crate::tui::view::words::strings::question_in(
            crate::tui::Lang::En,
            Question::Draw(Color::Red),
            ""
        ),
        "Red offers a draw — Black, accept? (y/n)"
    );
    assert!(screen_text(&app).contains("Red offers a draw — Black, accept? (y/n)"));
    app.update(Action::Answer(false));
    assert_eq!(app.outcome(), None);
    assert!(screen_text(&app).contains("Black declines the draw"));
    app.update(Action::OfferDraw);
    app.update(Action::Answer(true));
    assert_eq!(
        app.outcome(),
        Some(Outcome {
            winner: None,
            termination: Termination::Agreement
        })
    );
    app.update(Action::OfferDraw);
    assert_eq!(app.mode(), Mode::Play, "no offer once it is over");
    app.update(Action::Resign);
    assert_eq!(app.mode(), Mode::Play, "no resigning either");
    app.update(Action::Undo);
    assert_eq!(app.outcome(), None, "undo takes the agreed draw back");
    assert_eq!(
        app.message(),
        Some(&Message::Withdrawn(Outcome {
            winner: None,
            termination: Termination::Agreement
        }))
    );
}

#[test]
fn checkmate_banner_names_winner_and_reason() {
    let mut app = app_from(MATE_IN_ONE, Options::default());
    play_all(&mut app, "a1a9");
    let text = screen_text(&app);
    assert!(text.contains(" Red wins "), "{text}");
    assert!(text.contains("checkmate"), "{text}");
    assert!(!text.contains("to move"), "{text}");
}

#[test]
fn perpetual_check_loses_for_the_checker_and_is_warned_first() {
    let mut app = app_from(PERPETUAL_FROM, Options::default());
    play_all(&mut app, PERPETUAL_MOVES);
    let win = Outcome {
        winner: Some(Color::Black),
        termination: Termination::PerpetualCheck,
    };
    assert_eq!(app.warnings(), &[(mv("e8e9"), win)]);
    let text = screen_text(&app);
    assert!(
        text.contains("! 將５退１ wins: Red's perpetual check"),
        "{text}"
    );
    play_all(&mut app, "e8e9");
    assert_eq!(app.outcome(), Some(win));
    let text = screen_text(&app);
    assert!(text.contains("Black wins"), "{text}");
    assert!(text.contains("perpetual check by Red"), "{text}");
    assert!(app.warnings().is_empty());
    app.update(Action::Undo);
    assert_eq!(app.outcome(), None, "undo returns to play");
}

#[test]
fn the_checker_is_warned_that_continuing_loses() {
    let mut app = app_from("R3k4/9/9/9/9/9/9/9/9/3K5 b - - 0 1", Options::default());
    play_all(&mut app, "e9e8 a9a8 e8e9 a8a9 e9e8 a9a8 e8e9");
    let text = screen_text(&app);
    assert!(text.contains("! 車九進一 loses: perpetual check"), "{text}");
}

#[test]
fn threefold_repetition_is_warned_one_move_before_and_then_drawn() {
    let mut app = start_app();
    assert!(app.warnings().is_empty());
    play_all(&mut app, SHUFFLE);
    assert_eq!(app.warnings().len(), 1);
    assert_eq!(app.warnings()[0].0, mv("c7b9"));
    let text = screen_text(&app);
    assert!(text.contains("! 馬３退２ draws: repetition"), "{text}");
    play_all(&mut app, "c7b9");
    let text = screen_text(&app);
    assert!(text.contains(" Draw "), "{text}");
    assert!(text.contains("threefold repetition"), "{text}");
}

#[test]
fn the_move_limit_count_shows_once_near() {
    let mut app = app_from(CLOCK_100, Options::default());
    assert!(screen_text(&app).contains("Move limit: 100 of 120 plies"));
    play_all(&mut app, "a0a1 d9d8");
    assert!(screen_text(&app).contains("Move limit: 102 of 120 plies"));
    let mut quiet = app_from("3k5/9/9/9/9/9/9/9/9/R3K4 w - - 99 70", Options::default());
    assert!(!screen_text(&quiet).contains("Move limit"));
    play_all(&mut quiet, "a0a1");
    assert!(screen_text(&quiet).contains("Move limit: 100 of 120 plies"));
}

/// At the end of a network game the message line offers only the keys that work there:
/// `u` and `n` are not one player's to take.
#[test]
fn a_network_games_end_names_the_keys_left() {
    use crate::tui::state::net::{NetPlay, NetReport};
    let mut app = start_app().with_net(NetPlay::host(Color::Red));
    app.update(Action::Net(NetReport::Joined));
    app.update(Action::Resign);
    app.update(Action::Answer(true));
    assert!(app.outcome().is_some());
    app.update(Action::Deselect);
    let text = screen_text(&app);
    assert!(text.contains("(s saves the game, q quits)"), "{text}");
    assert!(!text.contains("u takes back"), "{text}");
    // A club game's end: q goes back to the lobby.
    let mut club = start_app().with_net(NetPlay {
        me: Color::Red,
        connected: true,
        ..NetPlay::club_seat()
    });
    club.update(Action::Resign);
    club.update(Action::Answer(true));
    club.update(Action::Deselect);
    let text = screen_text(&club);
    assert!(
        text.contains("(s saves the game, q back to the lobby)"),
        "{text}"
    );
    // Two players at one board: the usual hint.
    let mut app = start_app();
    app.update(Action::Resign);
    app.update(Action::Answer(true));
    app.update(Action::Deselect);
    assert!(screen_text(&app).contains("(u takes back, n new game)"));
}
