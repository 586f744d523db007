//! The start menu's way to a club: `l` opens its page with the last server and name (the
//! configuration's), Enter goes to the lobby and remembers them in `config.toml`; a name
//! that is not one is said and nothing is dialled.

use super::text_of;
use crate::tui::i18n::lang::Lang;
use crate::tui::state::action::Action;
use crate::tui::state::app::{App, Options};
use crate::tui::state::effect::{Effect, NetChoice};
use crate::tui::store::config_keys::Key;
use crate::tui::store::config_write::Value;
use ratatui::crossterm::event::{Event as TermEvent, KeyCode, KeyEvent, KeyModifiers};
use ratatui::layout::Rect;
use xiangqi_rules::{Game, Position};

fn press(app: &mut App, code: KeyCode) -> Vec<Effect> {
    let event = TermEvent::Key(KeyEvent::new(code, KeyModifiers::NONE));
    match crate::tui::input::action_on_screen(&event, app, Rect::new(0, 0, 80, 24)) {
        Some(action) => app.update(action),
        None => Vec::new(),
    }
}

fn on_the_menu(club: (Option<String>, Option<String>)) -> App {
    let options = Options {
        menu: true,
        lang: Lang::En,
        club,
        config_path: Some("/nonexistent/xiangqi/config.toml".into()),
        ..Options::default()
    };
    let mut app = App::new(Game::new(Position::start()), options);
    app.update(Action::Tick(crate::tui::state::action::Now::default()));
    app
}

#[test]
fn the_club_page_offers_the_last_server_and_name_and_remembers_what_is_chosen() {
    let last = (Some("club.example.org:9092".into()), Some("alice".into()));
    let mut app = on_the_menu(last);
    press(&mut app, KeyCode::Char('l'));
    let screen = text_of(&app, 80, 24);
    assert!(screen.contains("Play on a club server"), "{screen}");
    assert!(screen.contains("Server: club.example.org:9092"), "{screen}");
    assert!(screen.contains("Your name: alice"), "{screen}");
    // Another name, then Enter on the last row.
    press(&mut app, KeyCode::Down);
    for _ in 0..5 {
        press(&mut app, KeyCode::Backspace);
    }
    for c in "bob".chars() {
        press(&mut app, KeyCode::Char(c));
    }
    press(&mut app, KeyCode::Down);
    let effects = press(&mut app, KeyCode::Enter);
    let text = |t: &str| Some(Value::Text(t.into()));
    assert_eq!(
        effects,
        vec![
            Effect::SaveSettings(vec![
                (Key::Club, text("club.example.org:9092")),
                (Key::ClubName, text("bob")),
            ]),
            Effect::Network(NetChoice::Club {
                address: "club.example.org:9092".into(),
                name: "bob".into(),
            }),
        ]
    );
}

#[test]
fn a_club_page_without_a_name_says_so_and_dials_nothing() {
    let mut app = on_the_menu((None, None));
    press(&mut app, KeyCode::Char('l'));
    for c in "127.0.0.1:9092".chars() {
        press(&mut app, KeyCode::Char(c));
    }
    press(&mut app, KeyCode::Down);
    press(&mut app, KeyCode::Down);
    let effects = press(&mut app, KeyCode::Enter);
    assert!(effects.is_empty(), "{effects:?}");
    let screen = text_of(&app, 80, 24);
    assert!(screen.contains("Not a name"), "{screen}");
}
