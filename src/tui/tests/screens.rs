//! Whole screens drawn into `TestBackend` and pinned as snapshots: the start, a selection,
//! check, the end, prompts, warnings, the help window, too small a terminal, colours.

use super::*;
use insta::assert_snapshot;
use ratatui::layout::Position as Cell;

fn color() -> Options {
    Options {
        color: true,
        ..Options::default()
    }
}

#[test]
fn start_position_80x24() {
    assert_snapshot!(draw(&start_app(), 80, 24).backend());
}

#[test]
fn start_position_uses_a_bigger_screen() {
    assert_snapshot!(draw(&start_app(), 120, 40).backend());
}

#[test]
fn selection_shows_destinations_and_captures() {
    let mut app = start_app();
    click_move(&mut app, "h2", "e2");
    click_move(&mut app, "h9", "g7");
    app.update(Action::ClickAt(sq("e2")));
    // The cursor elsewhere, so the selection and the cursor are both seen.
    app.update(Action::Cursor(Dir::Up));
    assert_snapshot!(draw(&app, 80, 24).backend());
}

#[test]
fn check_is_marked() {
    let mut app = app_from(BLACK_IN_CHECK, Options::default());
    // The cursor starts on the general; its brackets would cover the check marks.
    app.update(Action::Cursor(Dir::Down));
    assert_snapshot!(draw(&app, 80, 24).backend());
}

#[test]
fn game_over_shows_the_result() {
    let mut app = app_from(MATE_IN_ONE, Options::default());
    click_move(&mut app, "a1", "a9");
    assert_snapshot!(draw(&app, 80, 24).backend());
}

#[test]
fn flipped_board_has_black_at_the_bottom() {
    let app = start_with(Options {
        flipped: true,
        ..Options::default()
    });
    assert_snapshot!(draw(&app, 80, 24).backend());
}

#[test]
fn ascii_mode_uses_letters_and_ascii_lines() {
    let mut app = start_with(Options {
        ascii: true,
        ..Options::default()
    });
    click_move(&mut app, "b0", "c2");
    app.update(Action::ClickAt(sq("b7")));
    app.update(Action::Cursor(Dir::Right));
    assert_snapshot!(draw(&app, 80, 24).backend());
}

#[test]
fn ascii_lines_keep_chinese_pieces() {
    let app = start_with(Options {
        ascii_lines: true,
        ..Options::default()
    });
    assert_snapshot!(draw(&app, 80, 24).backend());
}

#[test]
fn move_list_in_chinese_after_a_few_moves() {
    let mut app = start_app();
    play_all(
        &mut app,
        "h2e2 h9g7 h0g2 i9h9 i0h0 b9c7 c3c4 b7a7 b0c2 a9b9",
    );
    assert_snapshot!(draw(&app, 80, 24).backend());
}

#[test]
fn move_prompt_with_a_refusal() {
    let mut app = start_app();
    play_all(&mut app, "h2e2");
    type_move(&mut app, "馬２進４");
    assert_snapshot!(draw(&app, 80, 24).backend());
}

#[test]
fn move_prompt_empty_shows_how() {
    let mut app = start_app();
    app.update(Action::TypeMove);
    assert_snapshot!(draw(&app, 80, 24).backend());
}

#[test]
fn save_prompt() {
    let mut app = start_app();
    play_all(&mut app, "h2e2 h9g7");
    app.update(Action::Save);
    // The offered name has the time in it; a fixed one keeps the picture still.
    type_text(&mut app, "xiangqi-20250101-120000.pgn");
    assert_snapshot!(draw(&app, 80, 24).backend());
}

#[test]
fn perpetual_check_loss_banner() {
    let mut app = app_from(PERPETUAL_FROM, Options::default());
    play_all(&mut app, PERPETUAL_MOVES);
    play_all(&mut app, "e8e9");
    assert_snapshot!(draw(&app, 80, 24).backend());
}

#[test]
fn repetition_warning_line() {
    let mut app = start_app();
    play_all(&mut app, SHUFFLE);
    assert_snapshot!(draw(&app, 80, 24).backend());
}

#[test]
fn move_limit_count_and_draw_offer() {
    let mut app = app_from(CLOCK_100, Options::default());
    app.update(Action::OfferDraw);
    assert_snapshot!(draw(&app, 80, 24).backend());
}

#[test]
fn prompt_places_the_terminal_cursor_after_wide_text() {
    use ratatui::layout::Rect;
    let mut app = start_app();
    assert_eq!(
        crate::tui::view::message_line::prompt_cursor(&app, Rect::new(0, 0, 80, 24)),
        None
    );
    app.update(Action::TypeMove);
    type_text(&mut app, "炮二");
    let cell = crate::tui::view::message_line::prompt_cursor(&app, Rect::new(0, 0, 80, 24))
        .expect("on the prompt");
    // The message line is row 22; one cell of margin, ": " and two wide glyphs.
    assert_eq!((cell.x, cell.y), (1 + 2 + 4, 22));
}

#[test]
fn too_small_says_what_is_needed() {
    assert_snapshot!(draw(&start_app(), 50, 12).backend());
}

/// Narrower than the sentence, the size needed goes on a line of its own rather than
/// being cut to "need 69×2".
#[test]
fn too_small_on_a_narrow_screen_keeps_the_size_needed_whole() {
    let (w, h) = crate::tui::view::layout::minimum_size();
    let text = format!("{}", draw(&start_app(), 20, 6).backend());
    assert!(text.contains(&format!("need {w}×{h} ")), "{text}");
    assert!(text.contains("(now 20×6)"), "{text}");
}

/// While the screen shows only that it is too small, no key acts unseen: a typed move is
/// not played and no question opens, but for quitting, whose question the screen shows.
#[test]
fn too_small_takes_only_the_keys_that_quit() {
    use crate::tui::input::action_on_screen;
    use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
    let small = ratatui::layout::Rect::new(0, 0, 50, 12);
    let press = |app: &mut App, code: KeyCode, modifiers: KeyModifiers| {
        let event = Event::Key(KeyEvent::new(code, modifiers));
        if let Some(action) = action_on_screen(&event, app, small) {
            app.update(action);
        }
    };
    let mut app = start_app();
    play_all(&mut app, "h2e2");
    let typed = ":h9g7".chars().map(KeyCode::Char);
    let others = "gdnuo?e".chars().map(KeyCode::Char);
    for code in typed.chain([KeyCode::Enter]).chain(others) {
        press(&mut app, code, KeyModifiers::NONE);
    }
    assert_eq!(app.game().moves().len(), 1, "no move played unseen");
    assert_eq!(app.mode(), Mode::Play, "nothing opened unseen");
    press(&mut app, KeyCode::Char('q'), KeyModifiers::NONE);
    assert_eq!(app.mode(), Mode::Confirm(Question::Quit));
    let text = format!("{}", draw(&app, 50, 12).backend());
    assert!(text.contains("terminal too small"), "{text}");
    assert!(text.contains("Quit? The game is saved"), "{text}");
    press(&mut app, KeyCode::Char('n'), KeyModifiers::NONE);
    assert_eq!(app.mode(), Mode::Play);
    press(&mut app, KeyCode::Char('c'), KeyModifiers::CONTROL);
    assert_eq!(app.mode(), Mode::Confirm(Question::Quit));
    press(&mut app, KeyCode::Char('y'), KeyModifiers::NONE);
    assert!(app.should_quit());
}

#[test]
fn help_window_lists_the_keys() {
    let mut app = start_app();
    app.update(Action::ShowHelp);
    assert_snapshot!(draw(&app, 80, 24).backend());
}

/// Below 80×24 the keys window does not fit: in every language it keeps each line whole
/// (descriptions wrapped under themselves) and scrolls, so every binding can be read.
#[test]
fn the_keys_window_scrolls_where_it_does_not_fit() {
    use crate::tui::Lang;
    use crate::tui::input::action_on_screen;
    use crate::tui::view::windows::help::{HelpWindow, bindings};
    use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
    let squeeze = |text: &str| text.split_whitespace().collect::<String>();
    for lang in Lang::ALL {
        for (w, h) in [(69, 22), (120, 22)] {
            let area = ratatui::layout::Rect::new(0, 0, w, h);
            let mut app = start_with(Options {
                lang,
                ..Options::default()
            });
            app.update(Action::ShowHelp);
            let window = HelpWindow::of(&app, area);
            assert!(window.last_top() > 0, "{lang:?} {w}x{h}: it scrolls");
            let inside = usize::from(window.popup.width - 4);
            let mut read = String::new();
            for line in &window.lines {
                assert!(line.width() <= inside, "{lang:?} {w}x{h}: {line:?} is cut");
                read.push_str(&squeeze(&line.to_string()));
            }
            for (keys, what) in bindings(lang, false) {
                let both = squeeze(&format!("{keys}{what}"));
                assert!(read.contains(&both), "{lang:?} {w}x{h}: {both}");
            }
            // Drawn page by page, down to the last binding.
            let page_down = Event::Key(KeyEvent::new(KeyCode::PageDown, KeyModifiers::NONE));
            let mut pages = String::new();
            for _ in 0..4 {
                pages.push_str(&format!("{}", draw(&app, w, h).backend()));
                let action = action_on_screen(&page_down, &app, area).expect("it scrolls");
                app.update(action);
                assert!(matches!(app.mode(), Mode::Help { .. }), "still open");
            }
            let (last_keys, _) = bindings(lang, false).pop().expect("bindings");
            assert!(pages.contains(&last_keys), "{lang:?} {w}x{h}:\n{pages}");
            assert!(pages.contains(&bindings(lang, false)[0].1), "{pages}");
            // Any other key closes it.
            let other = Event::Key(KeyEvent::new(KeyCode::Char('x'), KeyModifiers::NONE));
            let action = action_on_screen(&other, &app, area).expect("a key");
            app.update(action);
            assert_eq!(app.mode(), Mode::Play);
        }
    }
    // Where all of it fits, every key closes it, the arrows too.
    let mut app = start_app();
    app.update(Action::ShowHelp);
    let down = Event::Key(KeyEvent::new(KeyCode::Down, KeyModifiers::NONE));
    let screen = ratatui::layout::Rect::new(0, 0, 120, 60);
    let action = action_on_screen(&down, &app, screen).expect("a key");
    app.update(action);
    assert_eq!(app.mode(), Mode::Play);
}

#[test]
fn long_game_scrolls_the_move_list_to_the_last_move() {
    let mut app = start_app();
    // 40 plies that never repeat a position (so no draw by repetition can end the game
    // early): more than the list has room for at 80x24.
    let mut seen = std::collections::HashSet::from([app.game().position().key()]);
    for _ in 0..40 {
        let pos = app.game().position().clone();
        let mut moves: Vec<Move> = pos.legal_moves().to_vec();
        moves.sort_by_key(|m| m.to_string());
        let next = moves
            .into_iter()
            .find(|&m| pos.play(m).is_ok_and(|p| seen.insert(p.key())))
            .expect("a fresh move");
        click_move(&mut app, &next.from.to_string(), &next.to.to_string());
    }
    // ICCS: two cycles from Chinese.
    app.update(Action::CycleNotation);
    app.update(Action::CycleNotation);
    let moves = app.game().moves();
    assert_eq!(moves.len(), 40);
    let text = format!("{}", draw(&app, 80, 24).backend());
    assert!(
        text.contains(&format!(" 20. {} {}", moves[38], moves[39])),
        "{text}"
    );
    assert!(
        !text.contains(&format!(" 1. {}", moves[0])),
        "scrolled away: {text}"
    );
}

#[test]
fn styles_mark_selection_check_and_colours() {
    let mut app = app_from(BLACK_IN_CHECK, color());
    let terminal = draw(&app, 80, 24);
    let buf = terminal.backend().buffer();
    let ScreenLayout::Game { board, .. } = ScreenLayout::new(buf.area, false) else {
        panic!("fits");
    };
    let general = board.cell_of(sq("e9"));
    let check = app.theme().check;
    assert_eq!(
        (buf[general].fg, buf[general].bg),
        (check.fg.expect("fg"), check.bg.expect("bg"))
    );
    let chariot = board.cell_of(sq("e1"));
    assert_eq!(Some(buf[chariot].fg), app.theme().red.fg);

    app.update(Action::ClickAt(sq("e9")));
    app.update(Action::Cursor(Dir::Down));
    let terminal = draw(&app, 80, 24);
    let buf = terminal.backend().buffer();
    assert_eq!(Some(buf[general].bg), app.theme().selected.bg, "selected");
    let cursor = board.cell_of(sq("e8"));
    assert_eq!(buf[Cell::new(cursor.x - 1, cursor.y)].symbol(), "[");
}

#[test]
fn no_color_draws_without_colours() {
    let app = app_from(BLACK_IN_CHECK, Options::default());
    let terminal = draw(&app, 80, 24);
    for cell in terminal.backend().buffer().content() {
        assert_eq!(cell.fg, ratatui::style::Color::Reset, "{cell:?}");
        assert_eq!(cell.bg, ratatui::style::Color::Reset, "{cell:?}");
    }
}

use crate::tui::view::layout::ScreenLayout;
