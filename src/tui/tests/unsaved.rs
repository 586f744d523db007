//! A game the autosave cannot keep says so: on the panel, on the message line (whole,
//! wrapped, never cut), and in the quit question, which offers `s` to save it elsewhere.
//! What the start says (a configuration not used, where the game is kept, how the board is
//! drawn, the game opened) is said whole too: each notice, none put out of sight by the
//! next before the player acts.

use super::{play_all, screen_text, start_app};
use crate::tui::input::action_for;
use crate::tui::state::action::Action;
use crate::tui::state::action::{Dir, Now};
use crate::tui::state::app::{App, Options};
use crate::tui::state::message::Message;
use crate::tui::state::message::{Mode, Prompt, Question};
use crate::tui::view::layout::ScreenLayout;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use ratatui::layout::Rect;
use xiangqi::{Game, Position};

const WHY: &str = "/home/p/.local/state/xiangqi/autosave.pgn: Read-only file system (os error 30)";

/// The screen's text with its line breaks and borders taken out, to find a wrapped text.
fn flat(screen: &str) -> String {
    screen
        .lines()
        .map(|l| l.trim_matches('"').trim())
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn a_failed_autosave_is_said_whole_and_the_panel_says_not_saved() {
    let mut app = start_app();
    play_all(&mut app, "h2e2");
    app.update(Action::AutosaveFailed(WHY.into()));
    let screen = screen_text(&app);
    assert!(screen.contains("NOT saved: s saves it"), "{screen}");
    // Longer than the line: wrapped onto the rows above, not cut.
    let all = flat(&screen);
    assert!(
        all.contains("Read-only file system (os error 30)"),
        "{screen}"
    );
    assert!(all.contains("s saves it elsewhere"), "{screen}");

    app.update(Action::AutosaveKept);
    assert!(!screen_text(&app).contains("NOT saved"));
}

#[test]
fn quitting_a_game_not_saved_says_so_and_s_saves_it_elsewhere() {
    let mut app = start_app();
    play_all(&mut app, "h2e2");
    app.update(Action::AutosaveFailed(WHY.into()));
    app.update(Action::Quit);
    assert_eq!(app.mode(), Mode::Confirm(Question::Quit));
    let all = flat(&screen_text(&app));
    assert!(all.contains("The game is NOT saved"), "{all}");
    assert!(!all.contains("can be resumed"), "{all}");

    let layout = ScreenLayout::new(Rect::new(0, 0, 80, 24), false);
    let s = Event::Key(KeyEvent::new(KeyCode::Char('s'), KeyModifiers::NONE));
    let action = action_for(&s, app.mode(), &layout);
    assert_eq!(action, Some(Action::Save));
    app.update(Action::Save);
    assert_eq!(app.mode(), Mode::Prompt(Prompt::Save));
}

/// Why a configuration file was not used, as the start finds it.
fn config_error() -> crate::tui::store::config_keys::ConfigError {
    use crate::tui::store::config_keys::{ConfigError, Key, Problem};
    ConfigError {
        path: "/home/ann/.config/xiangqi/config.toml".into(),
        problem: Problem::BadValue {
            line: 2,
            key: Key::Threads,
            value: "0".into(),
        },
    }
}

/// What the message line says of the configuration above.
const CONFIG_SAID: &str = "config.toml, line 2, key threads: 0 is not allowed";

/// The options of a start that found the configuration wrong, and `notices` besides.
fn start_options(notices: &[&str]) -> Options {
    Options {
        config_error: Some(config_error()),
        notices: notices.iter().map(ToString::to_string).collect(),
        ..Options::default()
    }
}

/// Fails unless the screen of `app` shows each of `said`.
fn shows_each(app: &App, said: &[&str]) {
    let all = flat(&screen_text(app));
    for words in said {
        assert!(all.contains(words), "{words:?} in {all}");
    }
}

#[test]
fn every_notice_of_the_start_is_shown_until_the_player_acts() {
    let second = "Another xiangqi is playing on this state folder";
    let wide = "This terminal draws box lines two cells wide";
    let mut app = App::new(Game::new(Position::start()), start_options(&[second, wide]));
    shows_each(&app, &[CONFIG_SAID, second, wide]);
    // Each from a row of its own.
    let screen = screen_text(&app);
    assert!(
        screen
            .lines()
            .any(|l| l.trim_matches('"').trim().starts_with(second)),
        "{screen}"
    );
    // What the start reports after the screen opens is added: a network game's autosave,
    // a game to resume, puzzles that cannot be read; the time passing changes nothing.
    let net = "Your unfinished game stays as it was in autosave.pgn";
    app.update(Action::Notice(net.into()));
    app.update(Action::ResumeAvailable);
    app.update(Action::Tick(Now::default()));
    app.update(Action::Engine(crate::tui::state::search::Report {
        id: 0,
        kind: crate::tui::state::search::ReportKind::Failed("puzzles.txt: denied".into()),
    }));
    shows_each(
        &app,
        &[
            CONFIG_SAID,
            second,
            wide,
            net,
            "--resume",
            "puzzles.txt: denied",
        ],
    );
    // The player's first key ends the start: what is said next is said alone.
    app.update(Action::Cursor(Dir::Up));
    app.update(Action::Notice("later".into()));
    assert_eq!(app.message(), Some(&Message::Notice("later".into())));
}

#[test]
fn a_game_opened_at_the_start_is_said_after_the_notices() {
    use crate::tui::store::saved::SavedGame;
    let record = "[Result \"*\"]\n1. h2e2 h9g7 *\n";
    let pgn = xiangqi::pgn::read_game(record.as_bytes(), 1).expect("record");
    let loaded = App::loaded(SavedGame::of(&pgn), start_options(&[]));
    assert!(
        matches!(
            loaded.message(),
            Some(Message::Notices(all))
                if matches!(all[..], [Message::ConfigNotUsed(_), Message::Loaded(..)])
        ),
        "{:?}",
        loaded.message()
    );
    shows_each(&loaded, &[CONFIG_SAID, "Loaded a game of 1 move"]);
    // A game resumed says so in place of "loaded".
    let resumed = App::resumed(SavedGame::of(&pgn), start_options(&[]));
    assert!(
        matches!(
            resumed.message(),
            Some(Message::Notices(all))
                if matches!(all[..], [Message::ConfigNotUsed(_), Message::Resumed(_)])
        ),
        "{:?}",
        resumed.message()
    );
    // A puzzle opened at the start.
    let puzzle = App::new(
        Game::new(Position::start()),
        Options {
            puzzle: Some(1),
            ..start_options(&[])
        },
    );
    shows_each(&puzzle, &[CONFIG_SAID, "Puzzle 1/"]);
}
