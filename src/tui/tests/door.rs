//! The front door without a terminal: the keys window and the palette read from one list,
//! the palette finding and doing commands, the start menu starting games, the settings
//! taking effect at once, the bell, and their screens.

use super::*;
use crate::tui::door::commands::COMMANDS;
use crate::tui::door::keys::caps;
use crate::tui::input::action_on_screen;
use crate::tui::state::action::PaletteKey;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use ratatui::layout::Rect;

mod menu;
mod palette;
mod settings;

/// The screen the keys go to in these tests.
const SCREEN: Rect = Rect::new(0, 0, 80, 24);

/// Presses `code` (with `modifiers`) on a screen of [`SCREEN`]'s size, as the loop would.
fn press_with(app: &mut App, code: KeyCode, modifiers: KeyModifiers) -> Vec<Effect> {
    let event = Event::Key(KeyEvent::new(code, modifiers));
    match action_on_screen(&event, app, SCREEN) {
        Some(action) => app.update(action),
        None => Vec::new(),
    }
}

/// Presses `code` alone.
fn press(app: &mut App, code: KeyCode) -> Vec<Effect> {
    press_with(app, code, KeyModifiers::NONE)
}

/// Types `text` a character at a time.
fn type_keys(app: &mut App, text: &str) {
    for c in text.chars() {
        press(app, KeyCode::Char(c));
    }
}

/// A screen opened on the start menu, as `xiangqi` alone opens.
fn on_the_menu(options: Options) -> App {
    start_with(Options {
        menu: true,
        ..options
    })
}

/// The cells of the keys window's lines, as text: every line of a window large enough to
/// hold them all.
fn keys_window_text(lang: crate::tui::Lang) -> String {
    let mut app = start_with(Options {
        lang,
        ..Options::default()
    });
    app.update(Action::ShowHelp);
    let window = crate::tui::view::windows::help::HelpWindow::of(&app, Rect::new(0, 0, 160, 90));
    assert_eq!(window.last_top(), 0, "all of it fits");
    window
        .lines
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join("\n")
}

/// The keys window and the palette are drawn from one list: every key the keys window
/// shows belongs to a command the palette offers (under that name, with that key), and
/// every command the palette offers is in the keys window with its keys.
#[test]
fn every_key_in_the_keys_window_has_a_palette_entry_and_the_other_way_round() {
    for lang in crate::tui::Lang::ALL {
        let window = keys_window_text(lang);
        // The palette with nothing typed offers every command.
        let mut app = start_with(Options {
            lang,
            ..Options::default()
        });
        app.update(Action::OpenPalette);
        let offered = crate::tui::door::matching::find("");
        assert_eq!(offered.len(), COMMANDS.len());
        for &i in &offered {
            let command = &COMMANDS[i];
            let name = crate::tui::i18n::catalogue::tr(lang, command.name);
            let keys = caps(command.keys, false);
            let line = window
                .lines()
                .find(|l| l.trim_start().starts_with(&keys) && l.contains(&name));
            assert!(
                line.is_some(),
                "{lang}: {keys} {name} is not in the keys window"
            );
        }
        // Each line of bindings: its keys, then a name the palette finds by that name,
        // whose keys are those.
        let binding_lines = window.lines().take_while(|l| !l.is_empty()).count();
        assert!(binding_lines >= COMMANDS.len(), "{window}");
        for line in window.lines().take(COMMANDS.len()) {
            let found = COMMANDS.iter().any(|c| {
                let name = crate::tui::i18n::catalogue::tr(lang, c.name);
                let keys = caps(c.keys, false);
                line.trim_start().starts_with(&keys)
                    && line.trim_end().ends_with(&name)
                    && crate::tui::door::matching::find(&name)
                        .contains(&COMMANDS.iter().position(|o| o.name == c.name).unwrap_or(0))
            });
            assert!(found, "{lang}: {line:?} names no palette entry");
        }
    }
}

/// The panel is painted whole in the screen's colours: no cell of it between or around
/// its words shows the terminal's own background (the analysis lines at its bottom
/// included), and with the theme that keeps the terminal's colours none shows another.
#[test]
fn the_side_panel_is_painted_whole() {
    use crate::tui::look::theme::ThemeName;
    use crate::tui::view::layout::ScreenLayout;
    use ratatui::style::Color as Colour;
    use unicode_width::UnicodeWidthStr;
    for theme in [ThemeName::Wood, ThemeName::Ansi16] {
        let mut app = start_with(Options {
            color: true,
            truecolor: true,
            theme,
            ..Options::default()
        });
        play_all(&mut app, "h2e2 h9g7");
        app.update(Action::ToggleAnalysis);
        let (w, h) = (100, 30);
        let ScreenLayout::Game { panel, message, .. } =
            ScreenLayout::new(Rect::new(0, 0, w, h), app.flipped())
        else {
            panic!("{w}x{h} holds a game");
        };
        let terminal = draw(&app, w, h);
        let buf = terminal.backend().buffer();
        let want = app.theme().screen.bg.unwrap_or(Colour::Reset);
        for area in [panel, message] {
            for y in area.top()..area.bottom() {
                let mut covered = 0;
                for x in area.left()..area.right() {
                    let cell = &buf[(x, y)];
                    // The cell after a wide character is covered by it.
                    if covered > 0 {
                        covered -= 1;
                        continue;
                    }
                    covered = cell.symbol().width().saturating_sub(1);
                    // The blanks around and between the words; a word may carry its own
                    // colours (a piece drawn as on the board).
                    if cell.symbol() == " " {
                        assert_eq!(cell.bg, want, "{theme}: ({x}, {y})");
                    }
                }
            }
        }
    }
}

/// The bell, when the setting is on, rings for the computer's move, for a check and for
/// the game's end, not for the player's own quiet move; off, it never rings.
#[test]
fn the_bell_rings_for_the_other_sides_move_check_and_the_end() {
    let bells = |effects: &[Effect]| effects.iter().filter(|e| **e == Effect::Bell).count();
    let mut app = start_with(Options {
        sound: true,
        ..Options::default()
    });
    assert_eq!(bells(&app.update(Action::ClickAt(sq("h2")))), 0);
    assert_eq!(
        bells(&app.update(Action::ClickAt(sq("e2")))),
        0,
        "own quiet move"
    );
    let mut app = app_from(
        MATE_IN_ONE,
        Options {
            sound: true,
            ..Options::default()
        },
    );
    click_move(&mut app, "a1", "a9");
    assert!(app.outcome().is_some());
    // The mate is a check and the end: one bell for the two.
    let mut app = app_from(
        MATE_IN_ONE,
        Options {
            sound: true,
            ..Options::default()
        },
    );
    app.update(Action::ClickAt(sq("a1")));
    assert_eq!(bells(&app.update(Action::ClickAt(sq("a9")))), 1);
    let mut quiet = app_from(MATE_IN_ONE, Options::default());
    quiet.update(Action::ClickAt(sq("a1")));
    assert_eq!(
        bells(&quiet.update(Action::ClickAt(sq("a9")))),
        0,
        "sound off"
    );
    // The computer's move rings it.
    let mut app = start_with(Options {
        sound: true,
        computer: crate::tui::ComputerOptions {
            side: Some(Color::Black),
            level: xiangqi_engine::Level::new(1).expect("level 1"),
            think: None,
        },
        ..Options::default()
    });
    app.update(Action::ClickAt(sq("h2")));
    let effects = app.update(Action::ClickAt(sq("e2")));
    assert_eq!(bells(&effects), 0, "the player's own move");
    let id = effects
        .iter()
        .find_map(|e| match e {
            Effect::Think(request) => Some(request.id),
            _ => None,
        })
        .expect("the computer thinks");
    let reply = Action::Engine(crate::tui::state::computer::search::Report {
        id,
        kind: crate::tui::state::computer::search::ReportKind::Done(xiangqi_engine::SearchResult {
            best: Some(mv("h9g7")),
            score: xiangqi_engine::Score::Cp(0),
            depth: 1,
            nodes: 1,
            time: std::time::Duration::ZERO,
            pv: vec![mv("h9g7")],
        }),
    });
    assert_eq!(bells(&app.update(reply)), 1, "the computer's move");
    assert_eq!(app.game().moves().len(), 2);
}

/// The first-run hint fits the message line of an 80-column screen in every language: a
/// longer one wraps above it, over the board's letter row and the panel's last row (where
/// the computer's side and the keys are).
#[test]
fn the_first_run_hint_fits_one_line_at_80_columns() {
    use crate::tui::i18n::catalogue::{id, tr};
    use crate::tui::i18n::lang::Lang;
    use unicode_width::UnicodeWidthStr;
    for lang in Lang::ALL {
        let hint = tr(lang, id::FIRST_RUN);
        assert!(hint.width() < 80, "{lang:?}: {hint}");
    }
}
