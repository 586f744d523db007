//! The move list's notations and moves typed at the prompt in each of them, refusals of a
//! bad typed move with its reason.

use super::*;

#[test]
fn the_move_list_cycles_chinese_wxf_iccs() {
    let mut app = start_app();
    play_all(&mut app, "h2e2 h9g7");
    assert_eq!(app.notation(), Notation::Chinese);
    assert!(screen_text(&app).contains("1. 炮二平五 馬８進７"));
    app.update(Action::CycleNotation);
    assert_eq!(app.notation(), Notation::Wxf);
    assert!(screen_text(&app).contains("1. C2.5 H8+7"));
    app.update(Action::CycleNotation);
    assert!(screen_text(&app).contains("1. h2e2 h9g7"));
    assert_eq!(app.message(), Some(&Message::NotationShown(Notation::Iccs)));
    app.update(Action::CycleNotation);
    assert_eq!(app.notation(), Notation::Chinese);
}

#[test]
fn ascii_mode_shows_wxf_and_never_chinese() {
    let mut app = start_with(Options {
        ascii: true,
        ..Options::default()
    });
    assert_eq!(app.notation(), Notation::Wxf);
    for _ in 0..4 {
        app.update(Action::CycleNotation);
        assert_ne!(app.notation(), Notation::Chinese);
    }
}

#[test]
fn moves_typed_in_each_notation_are_played() {
    let mut app = start_app();
    for text in ["炮二平五", "H9-G7", "H2+3", "c6c5", "車一平二"] {
        type_move(&mut app, text);
        assert_eq!(app.mode(), Mode::Play, "{text}: {:?}", app.message());
    }
    let played: Vec<String> = app.game().moves().iter().map(|m| m.to_string()).collect();
    assert_eq!(played, ["h2e2", "h9g7", "h0g2", "c6c5", "i0h0"]);
    assert_eq!(app.cursor(), sq("h0"), "the cursor follows the move");
}

#[test]
fn a_bad_typed_move_is_refused_with_the_reason_and_kept() {
    let mut app = start_app();
    type_move(&mut app, "炮二進九");
    assert_eq!(app.mode(), Mode::Prompt(Prompt::Move), "still open");
    assert_eq!(app.prompt().text(), "炮二進九", "kept for correction");
    let Some(Message::BadMove(e)) = app.message() else {
        panic!("{:?}", app.message());
    };
    let words = crate::tui::view::words::strings::message_in(
        crate::tui::Lang::En,
        app.message().expect("message"),
        xiangqi_rules::Color::Red,
    );
    assert!(!words.is_empty() && !words.contains("炮二進九"), "{words}");
    assert_eq!(e.text, "炮二進九");
    assert!(app.game().moves().is_empty());
    // Editing clears the complaint; the corrected move plays.
    app.update(Action::Edit(EditKey::Backspace));
    app.update(Action::Edit(EditKey::Backspace));
    assert_eq!(app.message(), None);
    app.update(Action::Edit(EditKey::Char('平')));
    app.update(Action::Edit(EditKey::Char('五')));
    app.update(Action::Submit);
    assert_eq!(app.game().moves(), &[mv("h2e2")]);

    type_move(&mut app, "zz");
    assert!(matches!(app.message(), Some(Message::BadMove(_))));
    app.update(Action::Cancel);
    assert_eq!(app.mode(), Mode::Play);
    assert_eq!(app.game().moves().len(), 1);
}

#[test]
fn a_typed_move_after_the_end_is_refused() {
    let mut app = app_from(MATE_IN_ONE, Options::default());
    type_move(&mut app, "a1a9");
    type_move(&mut app, "e9e8");
    assert!(matches!(app.message(), Some(Message::Over(_))));
    assert_eq!(app.game().moves().len(), 1);
}
