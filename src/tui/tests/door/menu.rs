//! The start menu: Enter alone starts a game here, the arrows and Enter set up a game
//! against the computer, a game going on is kept (never replaced without asking), every
//! item's letter and the mouse work, and the screen fits 80×24 in every language and in
//! `--ascii`.

use super::*;
use crate::tui::door::menu::Page;
use insta::assert_snapshot;
use xiangqi_rules::clock::TimeControl;

#[test]
fn enter_alone_starts_a_game_here() {
    let mut app = on_the_menu(Options::default());
    assert_eq!(app.mode(), Mode::Menu);
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.mode(), Mode::Play);
    assert!(app.menu().is_none());
    assert!(app.clock().is_none());
    click_move(&mut app, "h2", "e2");
    assert_eq!(
        app.game().moves().len(),
        1,
        "a game for two at this terminal"
    );
}

#[test]
fn the_clock_of_the_configuration_is_the_one_offered_and_starts_with_the_game() {
    let ten_five: TimeControl = "10+5".parse().expect("a clock");
    let mut app = on_the_menu(Options {
        clock: Some(ten_five),
        ..Options::default()
    });
    assert!(app.clock().is_none(), "no clock runs behind the menu");
    assert!(screen_text(&app).contains("Clock: 10+5: 10 min each, 5 s added a move"));
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.clock().map(|c| c.control()), Some(ten_five));
}

/// With the arrows and Enter only: the computer at level 3, a 10+5 clock, the player
/// black; the computer, red, thinks of its first move at once.
#[test]
fn arrows_and_enter_start_a_game_against_the_computer() {
    let mut app = on_the_menu(Options::default());
    press(&mut app, KeyCode::Down);
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.menu().map(|m| m.page), Some(Page::Computer));
    press(&mut app, KeyCode::Right);
    press(&mut app, KeyCode::Down);
    press(&mut app, KeyCode::Left);
    press(&mut app, KeyCode::Left);
    press(&mut app, KeyCode::Down);
    press(&mut app, KeyCode::Right);
    press(&mut app, KeyCode::Right);
    let text = screen_text(&app);
    assert!(
        text.contains("You play: black (the computer moves first)"),
        "{text}"
    );
    assert!(text.contains("Level: 3 of 10"), "{text}");
    assert!(text.contains("Clock: 10+5"), "{text}");
    press(&mut app, KeyCode::Down);
    let effects = press(&mut app, KeyCode::Enter);
    assert_eq!(app.mode(), Mode::Play);
    assert_eq!(app.computer().level().get(), 3);
    assert!(app.computer().plays(Color::Red) && !app.computer().plays(Color::Black));
    assert_eq!(
        app.clock().map(|c| c.control()),
        "10+5".parse::<TimeControl>().ok()
    );
    assert!(app.flipped(), "the player's side, black, at the bottom");
    // Red moves first: the computer, from its book or after thinking.
    let thinks = effects.iter().any(|e| matches!(e, Effect::Think(_)));
    assert!(thinks || app.game().moves().len() == 1, "{effects:?}");
}

#[test]
fn m_brings_the_menu_back_and_the_game_is_kept_unless_the_player_says_yes() {
    let mut app = start_app();
    play_all(&mut app, "h2e2 h9g7");
    press(&mut app, KeyCode::Char('M'));
    assert_eq!(app.mode(), Mode::Menu);
    let text = screen_text(&app);
    assert!(text.contains("b  Back to the game"), "{text}");
    // Back: the game as it was.
    press(&mut app, KeyCode::Enter);
    assert_eq!((app.mode(), app.game().moves().len()), (Mode::Play, 2));
    // A new game here asks first; no keeps the game.
    press(&mut app, KeyCode::Char('M'));
    press(&mut app, KeyCode::Char('h'));
    assert_eq!(app.mode(), Mode::Confirm(Question::NewGame(false)));
    press(&mut app, KeyCode::Char('n'));
    assert_eq!(app.game().moves().len(), 2);
    // Against the computer: asked, and yes starts it.
    press(&mut app, KeyCode::Char('M'));
    press(&mut app, KeyCode::Char('c'));
    press(&mut app, KeyCode::End);
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.mode(), Mode::Confirm(Question::NewGame(false)));
    press(&mut app, KeyCode::Char('y'));
    assert_eq!(app.game().moves().len(), 0);
    assert!(app.computer().plays(Color::Black));
    // Esc on the menu goes back too.
    play_all(&mut app, "c3c4");
    press(&mut app, KeyCode::Char('M'));
    press(&mut app, KeyCode::Esc);
    assert_eq!(app.mode(), Mode::Play);
}

#[test]
fn each_items_letter_does_what_its_key_does_in_the_game() {
    let mut app = on_the_menu(Options::default());
    press(&mut app, KeyCode::Char('o'));
    assert_eq!(app.mode(), Mode::Prompt(Prompt::Open));
    let mut app = on_the_menu(Options::default());
    press(&mut app, KeyCode::Char('e'));
    assert_eq!(app.mode(), Mode::Setup);
    let mut app = on_the_menu(Options::default());
    press(&mut app, KeyCode::Char('?'));
    assert!(matches!(app.mode(), Mode::Help { .. }));
    let mut app = on_the_menu(Options::default());
    press(&mut app, KeyCode::Char('s'));
    assert_eq!(app.mode(), Mode::Settings);
    press(&mut app, KeyCode::Esc);
    assert_eq!(app.mode(), Mode::Menu, "back to the menu it came from");
    let effects = press(&mut app, KeyCode::Char('q'));
    assert!(effects.contains(&Effect::Quit), "{effects:?}");
}

#[test]
fn a_game_to_continue_is_the_second_item() {
    let mut app = on_the_menu(Options::default());
    app.update(Action::ResumeAvailable);
    let text = screen_text(&app);
    let here = text.find("h  Play here").expect("first");
    let resume = text
        .find("r  Continue the unfinished game")
        .expect("offered");
    assert!(here < resume, "{text}");
    press(&mut app, KeyCode::Down);
    let effects = press(&mut app, KeyCode::Enter);
    assert!(effects.contains(&Effect::Resume), "{effects:?}");
    // The loop answers with the game; the menu gives way to it.
    let pgn = "[Event \"?\"]\n\n1. h2e2 h9g7 *\n";
    let game = xiangqi_records::pgn::read_game(pgn.as_bytes(), 1).expect("a game");
    let saved = crate::tui::store::saved::SavedGame::of(&game);
    app.update(Action::Door(
        crate::tui::state::action::DoorReport::Resumed(crate::tui::store::library::Shared::new(
            saved,
        )),
    ));
    assert_eq!((app.mode(), app.game().moves().len()), (Mode::Play, 2));
    assert!(
        matches!(app.message(), Some(Message::Resumed(1))),
        "{:?}",
        app.message()
    );
}

#[test]
fn a_click_chooses_and_does_an_item() {
    let mut app = on_the_menu(Options::default());
    let text = screen_text(&app);
    let (y, line) = text
        .lines()
        .enumerate()
        .find(|(_, l)| l.contains("c  Play the computer"))
        .expect("the item");
    let x = line.find("Play the computer").expect("its words");
    let click = Event::Mouse(ratatui::crossterm::event::MouseEvent {
        kind: ratatui::crossterm::event::MouseEventKind::Down(
            ratatui::crossterm::event::MouseButton::Left,
        ),
        column: x as u16,
        row: y as u16,
        modifiers: KeyModifiers::NONE,
    });
    let action = action_on_screen(&click, &app, SCREEN).expect("a click on the menu");
    app.update(action);
    assert_eq!(app.menu().map(|m| m.page), Some(Page::Computer));
}

#[test]
fn the_network_pages_ask_the_loop_to_host_or_join() {
    use crate::tui::state::effect::NetChoice;
    let mut app = on_the_menu(Options::default());
    press(&mut app, KeyCode::Char('n'));
    press(&mut app, KeyCode::Down);
    press(&mut app, KeyCode::Enter);
    type_keys(&mut app, "localhost:9091");
    press(&mut app, KeyCode::Enter);
    app.update(Action::Paste(" 7-river-cannon ".into()));
    press(&mut app, KeyCode::Enter);
    let effects = press(&mut app, KeyCode::Enter);
    let code = "7-river-cannon".parse().expect("a code");
    assert!(
        effects.contains(&Effect::Network(NetChoice::Join {
            address: "localhost:9091".into(),
            code,
        })),
        "{effects:?}"
    );
    // A bad address is said on the page, and nothing is dialled.
    let mut app = on_the_menu(Options::default());
    press(&mut app, KeyCode::Char('n'));
    press(&mut app, KeyCode::Down);
    press(&mut app, KeyCode::Enter);
    type_keys(&mut app, "nowhere");
    press(&mut app, KeyCode::Down);
    press(&mut app, KeyCode::Down);
    let effects = press(&mut app, KeyCode::Enter);
    assert!(effects.is_empty(), "{effects:?}");
    assert!(screen_text(&app).contains("Not an address and port: nowhere"));
    // Hosting: this end's side and where it listens.
    let mut app = on_the_menu(Options::default());
    press(&mut app, KeyCode::Char('n'));
    press(&mut app, KeyCode::Enter);
    press(&mut app, KeyCode::Right);
    press(&mut app, KeyCode::Down);
    press(&mut app, KeyCode::Down);
    press(&mut app, KeyCode::Down);
    let effects = press(&mut app, KeyCode::Enter);
    assert!(
        effects.contains(&Effect::Network(NetChoice::Host {
            listen: "0.0.0.0:9091".into(),
            side: Color::Black,
        })),
        "{effects:?}"
    );
}

/// Each page of the menu, in every language, is whole at 80×24 (no line cut).
#[test]
fn every_page_fits_80_by_24_in_every_language() {
    for lang in crate::tui::Lang::ALL {
        let pages: [&[KeyCode]; 7] = [
            &[],
            &[KeyCode::Char('l')],
            &[KeyCode::Char('c')],
            &[KeyCode::Char('t')],
            &[KeyCode::Char('n')],
            &[KeyCode::Char('n'), KeyCode::Enter],
            &[KeyCode::Char('n'), KeyCode::Down, KeyCode::Enter],
        ];
        for page_keys in pages {
            let mut app = on_the_menu(Options {
                lang,
                ..Options::default()
            });
            app.update(Action::ResumeAvailable);
            for &code in page_keys {
                press(&mut app, code);
            }
            let text = screen_text(&app);
            assert!(!text.contains('…'), "{lang} {page_keys:?}:\n{text}");
        }
    }
}

#[test]
fn start_menu_screen() {
    let app = on_the_menu(Options::default());
    assert_snapshot!(draw(&app, 80, 24).backend());
}

#[test]
fn start_menu_screen_in_chinese() {
    let app = on_the_menu(Options {
        lang: crate::tui::Lang::ZhHans,
        ..Options::default()
    });
    let text = format!("{}", draw(&app, 80, 24).backend());
    assert!(
        super::super::english_words(&text, &["Enter", "Esc"]).is_empty(),
        "{text}"
    );
    assert_snapshot!(text);
}

#[test]
fn start_menu_screen_in_ascii() {
    let app = on_the_menu(Options {
        ascii: true,
        ..Options::default()
    });
    let terminal = draw(&app, 80, 24);
    assert!(ambiguous_marks(terminal.backend().buffer()).is_empty());
    assert_snapshot!(terminal.backend());
}

#[test]
fn computer_page_screen() {
    let mut app = on_the_menu(Options::default());
    press(&mut app, KeyCode::Char('c'));
    assert_snapshot!(draw(&app, 80, 24).backend());
}

#[test]
fn j_on_the_menu_opens_a_jieqi_game_and_leaves_the_game_behind_as_it_was() {
    let mut app = on_the_menu(Options::default());
    let before = app.game().position().clone();
    let effects = press(&mut app, KeyCode::Char('j'));
    assert!(effects.contains(&Effect::PlayJieqi), "{effects:?}");
    assert_eq!(app.mode(), Mode::Play, "the menu gave way");
    assert_eq!(app.game().position(), &before);
}
