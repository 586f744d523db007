//! The board's actions on the app: the cursor, selecting and moving, refusals with their
//! reasons, undo and redo, the end of a game, questions before a new game or quitting.

use super::*;

#[test]
fn cursor_starts_on_the_general_of_the_side_to_move() {
    assert_eq!(start_app().cursor(), sq("e0"));
    assert_eq!(
        app_from(BLACK_IN_CHECK, Options::default()).cursor(),
        sq("e9")
    );
}

#[test]
fn cursor_moves_by_screen_direction_and_stops_at_the_edge() {
    let mut app = start_app();
    app.update(Action::Cursor(Dir::Up));
    assert_eq!(app.cursor(), sq("e1"));
    app.update(Action::Cursor(Dir::Left));
    assert_eq!(app.cursor(), sq("d1"));
    app.update(Action::Cursor(Dir::Down));
    app.update(Action::Cursor(Dir::Down));
    assert_eq!(app.cursor(), sq("d0"), "stays on the board");
}

#[test]
fn up_is_up_on_screen_when_flipped() {
    let mut app = start_app();
    app.update(Action::Flip);
    app.update(Action::Cursor(Dir::Up));
    assert_eq!(
        app.cursor(),
        sq("e0"),
        "rank 0 is the top edge when flipped"
    );
    app.update(Action::Cursor(Dir::Down));
    assert_eq!(app.cursor(), sq("e1"));
    app.update(Action::Cursor(Dir::Left));
    assert_eq!(app.cursor(), sq("f1"), "screen left is towards file i");
}

#[test]
fn enter_selects_an_own_piece_and_reselects_another() {
    let mut app = start_app();
    app.update(Action::ClickAt(sq("b2")));
    assert_eq!(app.selected(), Some(sq("b2")));
    app.update(Action::ClickAt(sq("h2")));
    assert_eq!(
        app.selected(),
        Some(sq("h2")),
        "another own piece becomes the selection"
    );
    assert!(app.game().moves().is_empty());
}

#[test]
fn only_the_side_to_move_selects() {
    let mut app = start_app();
    app.update(Action::ClickAt(sq("b7")));
    assert_eq!(app.selected(), None);
    assert_eq!(app.message(), Some(&Message::NotYourTurn(Color::Red)));
    app.update(Action::ClickAt(sq("e4")));
    assert_eq!(app.message(), Some(&Message::SelectFirst(Color::Red)));
}

#[test]
fn a_legal_move_is_played_and_the_turn_passes() {
    let mut app = start_app();
    click_move(&mut app, "h2", "e2");
    assert_eq!(app.game().moves(), &[mv("h2e2")]);
    assert_eq!(app.game().position().turn(), Color::Black);
    assert_eq!(
        app.cursor(),
        sq("e2"),
        "the cursor stays on the destination"
    );
    assert_eq!(app.selected(), None);
}

#[test]
fn an_illegal_move_is_refused_with_the_reason_and_the_selection_kept() {
    let mut app = start_app();
    click_move(&mut app, "b0", "d1");
    assert_eq!(
        app.message(),
        Some(&Message::Refused(IllegalMove::HorseLegBlocked))
    );
    assert_eq!(app.selected(), Some(sq("b0")));
    assert!(app.game().moves().is_empty());

    let mut app = app_from(PINNED_CHARIOT, Options::default());
    click_move(&mut app, "e2", "d2");
    assert_eq!(
        app.message(),
        Some(&Message::Refused(IllegalMove::LeavesGeneralInCheck))
    );
    assert_eq!(app.selected(), Some(sq("e2")));
}

#[test]
fn a_capture_is_a_move_attempt() {
    let mut app = start_app();
    click_move(&mut app, "b2", "b9");
    assert_eq!(
        app.game().moves(),
        &[mv("b2b9")],
        "cannon jumps the horse's screen"
    );
    assert_eq!(
        app.game().position().piece_at(sq("b9")).map(|p| p.color),
        Some(Color::Red)
    );
}

#[test]
fn escape_clears_the_selection() {
    let mut app = start_app();
    app.update(Action::ClickAt(sq("b2")));
    app.update(Action::Deselect);
    assert_eq!(app.selected(), None);
}

#[test]
fn undo_and_redo_walk_the_game_history() {
    let mut app = start_app();
    click_move(&mut app, "h2", "e2");
    click_move(&mut app, "h9", "g7");
    app.update(Action::Undo);
    assert_eq!(app.game().moves(), &[mv("h2e2")]);
    assert_eq!(
        app.cursor(),
        sq("h9"),
        "cursor goes back to where the piece was"
    );
    app.update(Action::Undo);
    app.update(Action::Undo);
    assert_eq!(app.message(), Some(&Message::NothingToUndo));
    app.update(Action::Redo);
    app.update(Action::Redo);
    assert_eq!(app.game().moves(), &[mv("h2e2"), mv("h9g7")]);
    assert_eq!(app.cursor(), sq("g7"));
    app.update(Action::Redo);
    assert_eq!(app.message(), Some(&Message::NothingToRedo));
}

#[test]
fn checkmate_ends_the_game_and_no_further_move_is_accepted() {
    let mut app = app_from(MATE_IN_ONE, Options::default());
    click_move(&mut app, "a1", "a9");
    let outcome = app.game().outcome().expect("mate");
    assert_eq!(outcome.winner, Some(Color::Red));
    assert_eq!(outcome.to_string(), "Red wins — checkmate");
    assert_eq!(app.message(), Some(&Message::Over(outcome)));
    app.update(Action::ClickAt(sq("e9")));
    assert_eq!(app.selected(), None, "the loser cannot select");
    assert_eq!(app.game().moves().len(), 1);
    app.update(Action::Undo);
    assert_eq!(
        app.game().outcome(),
        None,
        "taking back the mate reopens the game"
    );
}

#[test]
fn new_game_asks_first() {
    let mut app = start_app();
    click_move(&mut app, "h2", "e2");
    app.update(Action::AskNewGame);
    assert_eq!(app.mode(), Mode::Confirm(Question::NewGame(false)));
    app.update(Action::Answer(false));
    assert_eq!(app.game().moves().len(), 1);
    app.update(Action::AskNewGame);
    app.update(Action::Answer(true));
    assert_eq!(app.mode(), Mode::Play);
    assert!(app.game().moves().is_empty());
    assert_eq!(app.cursor(), sq("e0"));
}

#[test]
fn quit_is_remembered() {
    let mut app = start_app();
    assert!(!app.should_quit());
    app.update(Action::Quit);
    assert!(app.should_quit());
}
