//! The settings screen: a change shows at once and is written to config.toml (only the key
//! changed); a file with a mistake is not written until the player asks to replace it.

use super::*;
use crate::tui::door::ConfigState;
use crate::tui::state::action::DoorReport;
use crate::tui::store::config_keys::Key;
use crate::tui::store::config_write::Value;
use insta::assert_snapshot;
use std::path::PathBuf;

fn config_path() -> PathBuf {
    PathBuf::from("/home/p/.config/xiangqi/config.toml")
}

/// A screen whose settings are kept in [`config_path`], with the settings open.
fn settings_open(options: Options) -> App {
    let mut app = start_with(Options {
        config_path: Some(config_path()),
        color: true,
        truecolor: true,
        ..options
    });
    press(&mut app, KeyCode::Char(','));
    assert_eq!(app.mode(), Mode::Settings);
    app
}

/// The settings written by `effects`.
fn written(effects: &[Effect]) -> Vec<(Key, Option<Value>)> {
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::SaveSettings(entries) => Some(entries.clone()),
            _ => None,
        })
        .flatten()
        .collect()
}

#[test]
fn the_theme_and_the_language_change_at_once_and_are_written() {
    let mut app = settings_open(Options::default());
    let wood = *app.theme();
    let effects = press(&mut app, KeyCode::Right);
    assert_ne!(*app.theme(), wood, "the screen's colours changed");
    assert_eq!(
        written(&effects),
        [(Key::Theme, Some(Value::Text("dark".into())))]
    );
    press(&mut app, KeyCode::Down);
    let effects = press(&mut app, KeyCode::Right);
    assert_eq!(app.lang(), crate::tui::Lang::ZhHans);
    assert_eq!(
        written(&effects),
        [(Key::Lang, Some(Value::Text("zh-Hans".into())))]
    );
    let text = screen_text(&app);
    assert!(text.contains("设置") && text.contains("简体中文"), "{text}");
    // The loop says it was written; the screen says where.
    app.update(Action::Door(DoorReport::ConfigWritten(Ok(config_path()))));
    assert!(
        screen_text(&app).contains("已保存到"),
        "{}",
        screen_text(&app)
    );
    // Back to the game, which speaks the new language.
    press(&mut app, KeyCode::Esc);
    assert_eq!(app.mode(), Mode::Play);
    assert!(screen_text(&app).contains("红方"));
}

#[test]
fn pieces_board_level_threads_and_sound_take_effect() {
    let mut app = settings_open(Options::default());
    press(&mut app, KeyCode::Down);
    press(&mut app, KeyCode::Down);
    // Traditional to ASCII letters: the moves in WXF.
    let effects = press(&mut app, KeyCode::Right);
    assert!(app.ascii_pieces());
    assert_eq!(app.notation(), xiangqi_rules::Notation::Wxf);
    assert_eq!(written(&effects), [(Key::Ascii, Some(Value::Flag(true)))]);
    press(&mut app, KeyCode::Down);
    press(&mut app, KeyCode::Enter);
    assert!(app.flipped(), "black at the bottom");
    press(&mut app, KeyCode::Down);
    press(&mut app, KeyCode::Down);
    press(&mut app, KeyCode::Left);
    assert_eq!(app.computer().level().get(), 4);
    press(&mut app, KeyCode::Down);
    let effects = press(&mut app, KeyCode::Right);
    assert!(effects.contains(&Effect::Threads(Some(1))), "{effects:?}");
    press(&mut app, KeyCode::Down);
    press(&mut app, KeyCode::Down);
    let effects = press(&mut app, KeyCode::Enter);
    assert_eq!(written(&effects), [(Key::Sound, Some(Value::Flag(true)))]);
    assert!(screen_text(&app).contains("a bell on the other side's move"));
}

#[test]
fn a_file_with_a_mistake_is_not_written_until_the_player_replaces_it() {
    let broken = crate::tui::store::config::parse("colour = \"red\"\n", &config_path())
        .expect_err("a mistake");
    let mut app = settings_open(Options {
        config_error: Some(broken),
        ..Options::default()
    });
    assert!(matches!(app.config_state(), ConfigState::Broken(_)));
    let text = screen_text(&app);
    assert!(text.contains("has a mistake"), "{text}");
    assert!(text.contains("Replace it with these settings"), "{text}");
    // A change applies now, and nothing is written.
    let effects = press(&mut app, KeyCode::Right);
    assert!(written(&effects).is_empty(), "{effects:?}");
    press(&mut app, KeyCode::End);
    let effects = press(&mut app, KeyCode::Enter);
    let replaced = effects.iter().find_map(|e| match e {
        Effect::ReplaceConfig(entries) => Some(entries.clone()),
        _ => None,
    });
    let entries = replaced.expect("replaced when asked");
    assert!(entries.contains(&(Key::Theme, Some(Value::Text("dark".into())))));
    let old = crate::tui::store::config_write::kept_as(&config_path());
    app.update(Action::Door(DoorReport::ConfigReplaced(Ok(old))));
    assert!(screen_text(&app).contains("the old file is kept as"));
    // From now on a change is written.
    press(&mut app, KeyCode::Home);
    let effects = press(&mut app, KeyCode::Right);
    assert_eq!(written(&effects).len(), 1);
}

#[test]
fn without_a_home_folder_the_settings_last_until_quitting() {
    let mut app = start_app();
    press(&mut app, KeyCode::Char(','));
    let effects = press(&mut app, KeyCode::Right);
    assert!(written(&effects).is_empty());
    assert!(screen_text(&app).contains("changes last until you quit"));
}

#[test]
fn settings_screen() {
    // Two threads set, so the screen does not hang on the machine's cores.
    let app = settings_open(Options {
        color: false,
        threads: Some(2),
        ..Options::default()
    });
    assert_snapshot!(draw(&app, 80, 24).backend());
}

/// Blindfold is the settings' last row: on, the pieces hide at once and `v` peeks (the
/// palette's peek is available only then); off again, the pieces show.
#[test]
fn blindfold_is_a_setting_and_its_peek_a_command() {
    use crate::tui::door::commands::command_for_key;
    use crate::tui::door::keys::Key as CommandKey;
    let peek = command_for_key(CommandKey::Char('v')).expect("the peek command");
    let mut app = settings_open(Options::default());
    assert!(!(peek.available)(&app.situation()), "no blindfold, no peek");
    press(&mut app, KeyCode::End);
    let effects = press(&mut app, KeyCode::Enter);
    assert_eq!(app.blindfold(), Some(false), "the pieces hidden");
    assert_eq!(
        written(&effects),
        [(Key::Blindfold, Some(Value::Flag(true)))]
    );
    press(&mut app, KeyCode::Esc);
    assert!((peek.available)(&app.situation()));
    press(&mut app, KeyCode::Char('v'));
    assert_eq!(app.blindfold(), Some(true), "peeking");
    press(&mut app, KeyCode::Char(','));
    press(&mut app, KeyCode::End);
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.blindfold(), None, "the blindfold off");
}
