//! The command palette: found by English, Chinese or pinyin, done as its key does it,
//! a word that names nothing said so, a command that cannot be done now shown so and
//! harmless when chosen.

use super::*;
use insta::assert_snapshot;

/// Opens the palette with Ctrl-P and types `text`.
fn palette_with(app: &mut App, text: &str) {
    press_with(app, KeyCode::Char('p'), KeyModifiers::CONTROL);
    assert_eq!(app.mode(), Mode::Palette);
    type_keys(app, text);
}

#[test]
fn flip_and_enter_flip_the_board() {
    let mut app = start_app();
    assert!(!app.flipped());
    palette_with(&mut app, "flip");
    press(&mut app, KeyCode::Enter);
    assert!(app.flipped());
    assert_eq!(app.mode(), Mode::Play);
    assert!(app.palette().is_none());
}

#[test]
fn chinese_finds_the_same_command_on_a_chinese_screen() {
    let mut app = start_with(Options {
        lang: crate::tui::Lang::ZhHans,
        ..Options::default()
    });
    // `/` opens it too.
    press(&mut app, KeyCode::Char('/'));
    assert_eq!(app.mode(), Mode::Palette);
    type_keys(&mut app, "翻转");
    let text = screen_text(&app);
    assert!(text.contains("翻转棋盘"), "{text}");
    assert!(text.contains("查找命令"), "{text}");
    press(&mut app, KeyCode::Enter);
    assert!(app.flipped());
    // And by its pinyin's first letters.
    palette_with(&mut app, "fz");
    press(&mut app, KeyCode::Enter);
    assert!(!app.flipped());
}

#[test]
fn a_word_that_names_nothing_is_said_and_does_nothing() {
    let mut app = start_app();
    play_all(&mut app, "h2e2");
    palette_with(&mut app, "xyzzy");
    let text = screen_text(&app);
    assert!(text.contains("Nothing is called “xyzzy”"), "{text}");
    let effects = press(&mut app, KeyCode::Enter);
    assert!(effects.is_empty(), "{effects:?}");
    assert_eq!(app.mode(), Mode::Play);
    assert_eq!(
        app.message(),
        Some(&Message::Door(crate::tui::door::DoorNote::NoCommand(
            "xyzzy".into()
        )))
    );
    assert!(screen_text(&app).contains("No command is called “xyzzy”"));
    assert_eq!(app.game().moves().len(), 1);
}

#[test]
fn takeback_at_the_start_is_shown_unavailable_and_choosing_it_is_harmless() {
    let mut app = start_app();
    palette_with(&mut app, "take back");
    let text = screen_text(&app);
    let line = text
        .lines()
        .find(|l| l.contains("take back a move"))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(line.contains("(not now)") && line.contains(" u"), "{line}");
    let before = app.game().clone();
    let effects = press(&mut app, KeyCode::Enter);
    assert!(effects.is_empty(), "{effects:?}");
    assert_eq!(app.game().moves(), before.moves());
    assert_eq!(app.mode(), Mode::Play);
    assert!(
        screen_text(&app).contains("cannot be done now"),
        "{}",
        screen_text(&app)
    );
    // After a move it can be done, and the palette does it as `u` does.
    play_all(&mut app, "h2e2");
    palette_with(&mut app, "take back");
    let text = screen_text(&app);
    let line = text
        .lines()
        .find(|l| l.contains("take back a move"))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(!line.contains("(not now)"), "{line}");
    press(&mut app, KeyCode::Enter);
    assert!(app.game().moves().is_empty());
    assert!(matches!(app.message(), Some(Message::Undone(_))));
}

#[test]
fn the_palette_sends_what_the_key_sends() {
    let mut by_key = start_app();
    play_all(&mut by_key, "h2e2");
    press(&mut by_key, KeyCode::Char('g'));
    let mut by_name = start_app();
    play_all(&mut by_name, "h2e2");
    palette_with(&mut by_name, "resign");
    press(&mut by_name, KeyCode::Enter);
    assert_eq!(by_key.mode(), Mode::Confirm(Question::Resign(Color::Black)));
    assert_eq!(by_name.mode(), by_key.mode());
    // Esc closes it, doing nothing.
    let mut app = start_app();
    palette_with(&mut app, "flip");
    press(&mut app, KeyCode::Esc);
    assert_eq!((app.mode(), app.flipped()), (Mode::Play, false));
}

#[test]
fn arrows_choose_and_a_click_does() {
    let mut app = start_app();
    palette_with(&mut app, "copy");
    press(&mut app, KeyCode::Down);
    let effects = press(&mut app, KeyCode::Enter);
    // The second copy is the game's PGN.
    assert!(
        effects
            .iter()
            .any(|e| matches!(e, Effect::Clipboard(text) if text.contains("[Result"))),
        "{effects:?}"
    );
    // A click outside the window closes it.
    let mut app = start_app();
    app.update(Action::OpenPalette);
    let outside = Event::Mouse(ratatui::crossterm::event::MouseEvent {
        kind: ratatui::crossterm::event::MouseEventKind::Down(
            ratatui::crossterm::event::MouseButton::Left,
        ),
        column: 0,
        row: 0,
        modifiers: KeyModifiers::NONE,
    });
    let action = action_on_screen(&outside, &app, SCREEN).expect("a click");
    assert_eq!(action, Action::Palette(PaletteKey::Close));
}

#[test]
fn palette_screen() {
    let mut app = start_app();
    play_all(&mut app, "h2e2");
    palette_with(&mut app, "go");
    assert_snapshot!(draw(&app, 80, 24).backend());
}

#[test]
fn palette_screen_in_ascii() {
    let mut app = start_with(Options {
        ascii: true,
        ..Options::default()
    });
    palette_with(&mut app, "");
    let text = format!("{}", draw(&app, 80, 24).backend());
    assert!(
        ambiguous_marks(draw(&app, 80, 24).backend().buffer()).is_empty(),
        "{text}"
    );
    assert_snapshot!(text);
}
