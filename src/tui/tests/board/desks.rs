//! The desks: a record or a puzzle opened during a game goes in front of it and never takes
//! its place; `b` brings the game back; only the played game is autosaved; a timed game's
//! clocks wait while it is aside, and while a file is chosen in front of it.

use super::{autosaves, play_all, screen_text, start_app};
use crate::tui::state::action::{Action, Found, Now};
use crate::tui::state::app::{App, Options};
use crate::tui::state::effect::Effect;
use crate::tui::state::prompt::message::{Message, Mode};
use crate::tui::store::library::Shared;
use std::path::PathBuf;
use std::time::Duration;

/// A game of two moves, 炮二平五 馬８進７.
fn game_of_two() -> App {
    let mut app = start_app();
    play_all(&mut app, "h2e2 h9g7");
    app
}

/// The loop's answer to `o` with a file of one game: that game, read.
fn record_found() -> Action {
    let text = "[Red \"Alpha\"]\n[Black \"Beta\"]\n1. c3c4 c6c5 2. b2c2 1-0\n";
    let pgn = xiangqi_records::pgn::read_game(text.as_bytes(), 1).expect("record");
    Action::Found(Found::Game {
        path: PathBuf::from("record.pgn"),
        result: Ok(Shared::new(pgn)),
    })
}

#[test]
fn a_record_opened_during_a_game_goes_in_front_and_b_brings_the_game_back() {
    let mut app = game_of_two();
    let effects = app.update(record_found());
    assert!(autosaves(&effects).is_empty(), "{effects:?}");
    assert!(app.game_aside());
    assert_eq!(app.game().moves().len(), 3, "the record is in front");
    assert_eq!(
        app.played().game().moves().len(),
        2,
        "the game is kept whole"
    );
    assert!(screen_text(&app).contains("b: back to your game"));

    app.update(Action::BackToGame);
    assert!(!app.game_aside());
    assert_eq!(app.game().moves().len(), 2);
    assert_eq!(app.message(), Some(&Message::BackToGame));
    assert!(!screen_text(&app).contains("b: back to your game"));
}

#[test]
fn quitting_from_a_record_autosaves_the_game_not_the_record() {
    let mut app = game_of_two();
    app.update(record_found());
    // Going through the record changes nothing that is kept.
    let effects = app.update(Action::Undo);
    assert!(autosaves(&effects).is_empty(), "{effects:?}");
    let effects = app.update(Action::Terminate);
    let saved = autosaves(&effects);
    assert_eq!(saved.len(), 1, "{effects:?}");
    assert!(saved[0].contains("炮二平五"), "{}", saved[0]);
    assert!(!saved[0].contains("Alpha"), "{}", saved[0]);
}

#[test]
fn a_puzzle_opened_during_a_game_leaves_it_whole_and_is_never_autosaved() {
    let mut app = game_of_two();
    app.update(Action::Puzzle);
    assert!(app.puzzle().is_some());
    assert_eq!(app.played().game().moves().len(), 2);
    // `n`, resign and the computer are the played game's, not the puzzle's.
    app.update(Action::Resign);
    assert_eq!(app.message(), Some(&Message::NotTheGame));
    assert_eq!(app.mode(), Mode::Play);
    let effects = app.update(Action::Terminate);
    let saved = autosaves(&effects);
    assert_eq!(saved.len(), 1, "{effects:?}");
    assert!(saved[0].contains("馬８進７"), "{}", saved[0]);
}

#[test]
fn a_game_not_begun_is_replaced_by_the_record_opened_as_load_does() {
    let mut app = start_app();
    app.update(record_found());
    assert!(!app.game_aside(), "nothing was being played");
    assert_eq!(app.played().game().moves().len(), 3);
}

#[test]
fn a_timed_game_put_aside_waits_paused_and_comes_back_paused() {
    let options = Options {
        clock: Some("5+0".parse().expect("time control")),
        ..Options::default()
    };
    let mut app = App::new(
        xiangqi_rules::Game::new(xiangqi_rules::Position::start()),
        options,
    );
    let at = |ms: u64| {
        Action::Tick(Now {
            elapsed: Duration::from_millis(ms),
            unix_secs: 0,
        })
    };
    app.update(at(0));
    play_all(&mut app, "h2e2 h9g7");
    app.update(at(1_000));
    app.update(record_found());
    let left = app
        .played()
        .clock()
        .expect("clock")
        .left(xiangqi_rules::Color::Red, Duration::from_secs(1));
    // Ten minutes later the played game's clock has not moved.
    app.update(at(601_000));
    let later = app
        .played()
        .clock()
        .expect("clock")
        .left(xiangqi_rules::Color::Red, Duration::from_secs(601));
    assert_eq!(left, later);
    assert!(app.played().outcome().is_none(), "no flag fell while aside");
    app.update(Action::BackToGame);
    assert_eq!(app.mode(), Mode::Paused);
}

#[test]
fn a_record_only_looked_at_is_not_kept_over_the_game_to_resume() {
    // Opened into a game not begun: it becomes the game, but is kept only once played on.
    let mut app = start_app();
    let effects = app.update(record_found());
    assert!(autosaves(&effects).is_empty(), "{effects:?}");
    // Its result is the record's: quitting asks nothing and keeps nothing.
    let effects = app.update(Action::Quit);
    assert_eq!(app.mode(), Mode::Play);
    assert!(autosaves(&effects).is_empty(), "{effects:?}");
    assert!(effects.contains(&Effect::Quit));

    let mut app = start_app();
    app.update(record_found());
    let effects = app.update(Action::Undo);
    assert_eq!(autosaves(&effects).len(), 1, "played on: the player's now");
}

#[test]
fn a_loaded_record_keeps_its_tags_and_gets_no_date_of_today() {
    let text = "[Red \"Alpha\"]\n1. c3c4 c6c5 *\n";
    let pgn = xiangqi_records::pgn::read_game(text.as_bytes(), 1).expect("record");
    let mut app = App::loaded(
        crate::tui::store::saved::SavedGame::of(&pgn),
        Options::default(),
    );
    app.update(Action::Tick(Now {
        elapsed: Duration::ZERO,
        unix_secs: 1_700_000_000,
    }));
    let effects = app.update(Action::Undo);
    let saved = autosaves(&effects);
    assert_eq!(saved.len(), 1, "{effects:?}");
    assert!(saved[0].contains("[Red \"Alpha\"]"), "{}", saved[0]);
    assert!(!saved[0].contains("2023.11.14"), "{}", saved[0]);
}

#[test]
fn against_the_computer_as_red_the_player_is_black_at_the_bottom_on_their_general() {
    let options = Options {
        computer: crate::tui::state::computer::ComputerOptions {
            side: Some(xiangqi_rules::Color::Red),
            ..Default::default()
        },
        ..Options::default()
    };
    let app = App::new(
        xiangqi_rules::Game::new(xiangqi_rules::Position::start()),
        options,
    );
    assert!(app.flipped(), "black, the player's side, at the bottom");
    assert_eq!(app.cursor(), "e9".parse().expect("square"));
}

#[test]
fn a_paste_that_does_not_read_says_what_and_where() {
    let mut app = game_of_two();
    // A game that reads up to a bad move: which move, and why.
    app.update(Action::Paste("1. h2e2 h9g7 2. h0g2 b9b7".into()));
    let said = |app: &App| match app.message() {
        Some(m @ Message::PasteIgnored(Some(_))) => crate::tui::view::words::strings::message_in(
            crate::tui::Lang::En,
            m,
            xiangqi_rules::Color::Red,
        ),
        other => panic!("{other:?}"),
    };
    let why = said(&app);
    assert!(
        why.contains("move 2 (Black)") && why.contains("b9b7"),
        "{why}"
    );
    // A position with a bad rank: the FEN's own error.
    app.update(Action::Paste(
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNRR w".into(),
    ));
    assert!(said(&app).contains("rank"), "{}", said(&app));
    // The game in front is untouched.
    assert_eq!(app.game().moves().len(), 2);
}

#[test]
fn a_paste_is_text_never_keys() {
    // Letters that are keys on the board (new game, resign, quit) do nothing pasted.
    let mut app = game_of_two();
    let effects = app.update(Action::Paste("n\ng\nq\n".into()));
    assert_eq!(app.mode(), Mode::Play);
    assert_eq!(app.message(), Some(&Message::PasteIgnored(None)));
    assert!(!effects.contains(&Effect::Quit));
    assert_eq!(app.game().moves().len(), 2);

    // On the move prompt it is typed, line breaks as spaces.
    app.update(Action::TypeMove);
    app.update(Action::Paste("h0g2\nxyz".into()));
    assert_eq!(app.prompt().text(), "h0g2 xyz");
}

#[test]
fn a_pasted_position_or_game_is_offered_and_opened_only_on_yes() {
    let mut app = game_of_two();
    let fen = "3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1";
    app.update(Action::Paste(format!("{fen}\n")));
    assert_eq!(
        app.mode(),
        Mode::Confirm(crate::tui::state::prompt::message::Question::OpenPasted(
            false
        ))
    );
    assert_eq!(app.game().moves().len(), 2, "nothing opened yet");
    app.update(Action::Answer(true));
    assert_eq!(app.game().position().fen(), fen);
    assert!(app.game_aside(), "in front of the game, which is kept");

    let mut app = game_of_two();
    app.update(Action::Paste("1. h2e2 h9g7 2. h0g2 *".into()));
    app.update(Action::Answer(false));
    assert_eq!(app.game().moves().len(), 2);
    assert!(!app.game_aside());
}

#[test]
fn the_open_prompt_starts_empty_each_time() {
    let mut app = game_of_two();
    app.update(Action::Open);
    app.update(Action::Paste("games/old.pgn".into()));
    let effects = app.update(Action::Submit);
    assert!(effects.contains(&Effect::Index("games/old.pgn".into())));
    app.update(record_found());
    app.update(Action::BackToGame);
    app.update(Action::Open);
    assert_eq!(app.prompt().text(), "");
}

/// A guard: the screen's text is drawn through ratatui, which leaves control characters out,
/// so an escape sequence in a record's tags is never obeyed by the terminal.
#[test]
fn control_characters_in_a_records_text_never_reach_the_screen() {
    let names = crate::tui::store::saved::Record {
        tags: vec![
            ("Red".into(), "Al\u{1b}]52;c;ZXZpbA==\u{7}pha".into()),
            ("Black".into(), "Be\u{1b}[2Jta\u{9b}31m".into()),
            ("Event".into(), "Cup\u{1b}]0;title\u{7}".into()),
        ],
        ..Default::default()
    };
    let app = App::new(
        xiangqi_rules::Game::new(xiangqi_rules::Position::start()),
        Options::default(),
    )
    .with_names(names);
    let mut terminal =
        ratatui::Terminal::new(ratatui::backend::TestBackend::new(100, 30)).expect("backend");
    terminal
        .draw(|frame| frame.render_widget(&app, frame.area()))
        .expect("draw");
    let buf = terminal.backend().buffer();
    for cell in buf.content() {
        assert!(
            !cell.symbol().chars().any(char::is_control),
            "a control character drawn: {:?}",
            cell.symbol()
        );
    }
    assert!(
        screen_text(&app).contains("Al"),
        "the rest of the name is shown"
    );
}

#[test]
fn the_line_played_is_the_main_line_and_what_was_taken_back_a_variation() {
    let mut app = start_app();
    play_all(&mut app, "h2e2 h9g7");
    app.update(Action::Undo);
    app.update(Action::Undo);
    play_all(&mut app, "c3c4");
    let effects = app.update(Action::Terminate);
    let saved = autosaves(&effects);
    let pgn = saved.last().expect("kept on leaving");
    let moves = pgn.split("\n\n").nth(1).expect("movetext");
    assert!(moves.starts_with("1. 兵七進一"), "{pgn}");
    assert!(moves.contains("(1. 炮二平五"), "{pgn}");

    // In a record gone through, a different move is a variation.
    let mut app = game_of_two();
    app.update(record_found());
    app.update(Action::Nav(crate::tui::state::action::Nav::Start));
    play_all(&mut app, "h2e2");
    assert_eq!(
        app.game().tree().main_line()[0].to_string(),
        "c3c4",
        "the record's own line stays the main line"
    );
}

#[test]
fn absurd_clock_times_in_a_record_never_panic() {
    for record in [
        "[TimeControl \"300+3\"]\n1. 炮二平五 {[%clk 99999999999:00:00]} 马８进７ {[%clk 99999999999:00:00]} *\n",
        "[TimeControl \"300+3\"]\n[ClockStart \"0\"]\n[ClockTimes \"18446744073709551615/18446744073709551615\"]\n[ClockUsed \"18446744073709551615\"]\n*\n",
        "[TimeControl \"86400+3600\"]\n[ClockStart \"0\"]\n[ClockTimes \"1/1\"]\n[ClockUsed \"18446744073709551615\"]\n*\n",
    ] {
        let pgn = xiangqi_records::pgn::read_game(record.as_bytes(), 1).expect("record");
        let mut app = App::loaded(
            crate::tui::store::saved::SavedGame::of(&pgn),
            Options::default(),
        );
        for ms in [0, 1_000, 2_000] {
            app.update(Action::Tick(Now {
                elapsed: Duration::from_millis(ms),
                unix_secs: 0,
            }));
        }
        let _ = app.next_tick();
        let _ = screen_text(&app);
        play_all(&mut app, "h0g2");
        let _ = app.update(Action::Terminate);
    }
}

#[test]
fn without_colour_the_two_sides_differ_in_every_glyph_set() {
    use crate::tui::look::pieces::PieceGlyphs;
    for (glyphs, ascii) in [
        (PieceGlyphs::Simplified, false),
        (PieceGlyphs::Traditional, false),
        (PieceGlyphs::Simplified, true),
    ] {
        let options = Options {
            color: false,
            glyphs,
            ascii,
            ..Options::default()
        };
        let app = App::new(
            xiangqi_rules::Game::new(xiangqi_rules::Position::start()),
            options,
        );
        let mut terminal =
            ratatui::Terminal::new(ratatui::backend::TestBackend::new(100, 40)).expect("backend");
        terminal
            .draw(|frame| frame.render_widget(&app, frame.area()))
            .expect("draw");
        let buf = terminal.backend().buffer().clone();
        // Where each side's piece of a kind stands: a red and a black one, mirrored.
        let layout = crate::tui::view::layout::ScreenLayout::new(buf.area, false);
        let crate::tui::view::layout::ScreenLayout::Game { board, .. } = layout else {
            panic!("room for the board");
        };
        for (red, black) in [
            ("a0", "a9"),
            ("b0", "b9"),
            ("b2", "b7"),
            ("d0", "d9"),
            ("c0", "c9"),
            ("e0", "e9"),
            ("a3", "a6"),
        ] {
            let look = |sq: &str| {
                let cell = board.cell_of(sq.parse().expect("square"));
                let c = &buf[(cell.x, cell.y)];
                (c.symbol().to_string(), c.modifier)
            };
            assert_ne!(
                look(red),
                look(black),
                "{glyphs:?} ascii {ascii}: {red} and {black}"
            );
        }
    }
}

#[test]
fn the_simplified_red_advisor_is_drawn_as_the_move_list_writes_it() {
    use crate::tui::look::pieces::PieceGlyphs;
    let advisor =
        xiangqi_rules::Piece::new(xiangqi_rules::Color::Red, xiangqi_rules::Role::Advisor);
    assert_eq!(PieceGlyphs::Simplified.glyph(advisor), '仕');
    let mut game = xiangqi_rules::Game::new(xiangqi_rules::Position::start());
    let mv: xiangqi_rules::Move = "d0e1".parse().expect("move");
    let style = xiangqi_rules::NotationStyle {
        glyphs: xiangqi_rules::Glyphs::Simplified,
        ..xiangqi_rules::NotationStyle::default()
    };
    let text = xiangqi_rules::Notation::Chinese
        .write(game.position(), mv, &style)
        .expect("written");
    assert!(text.starts_with('仕'), "{text}");
    game.play(mv).expect("legal");
}

#[test]
fn ctrl_u_clears_the_pickers_filter() {
    use crate::tui::state::action::{EditKey, PickKey};
    use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
    let layout = crate::tui::view::layout::ScreenLayout::new(
        ratatui::layout::Rect::new(0, 0, 80, 24),
        false,
    );
    let ctrl_u = Event::Key(KeyEvent::new(KeyCode::Char('u'), KeyModifiers::CONTROL));
    assert_eq!(
        crate::tui::input::action_for(&ctrl_u, Mode::Picker { filter: true }, &layout),
        Some(Action::Pick(PickKey::Edit(EditKey::Clear)))
    );
}

#[test]
fn a_second_click_on_the_selected_piece_or_a_right_click_lets_go_of_it() {
    use ratatui::crossterm::event::{Event, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
    let mut app = start_app();
    let sq = "h2".parse().expect("square");
    app.update(Action::ClickAt(sq));
    assert_eq!(app.selected(), Some(sq));
    app.update(Action::ClickAt(sq));
    assert_eq!(app.selected(), None, "the second click lets go");

    app.update(Action::ClickAt(sq));
    let area = ratatui::layout::Rect::new(0, 0, 80, 24);
    let layout = crate::tui::view::layout::ScreenLayout::new(area, false);
    let crate::tui::view::layout::ScreenLayout::Game { board, .. } = layout else {
        panic!("room for the board");
    };
    let cell = board.cell_of(sq);
    let right = Event::Mouse(MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Right),
        column: cell.x,
        row: cell.y,
        modifiers: KeyModifiers::NONE,
    });
    let action = crate::tui::input::action_for(&right, app.mode(), &layout);
    assert_eq!(action, Some(Action::Deselect));
    app.update(Action::Deselect);
    assert_eq!(app.selected(), None);
}

#[test]
fn captured_pieces_are_spaced_and_those_without_room_counted() {
    use xiangqi_rules::{Color, Piece, Role};
    let app = start_app();
    let taken: Vec<Piece> = [Role::Chariot, Role::Horse, Role::Cannon, Role::Soldier]
        .iter()
        .cycle()
        .take(12)
        .map(|&r| Piece::new(Color::Black, r))
        .collect();
    let line = crate::tui::view::panel::material_line(&app, Color::Red, &taken, 29);
    let text: String = line.spans.iter().map(|s| s.content.as_ref()).collect();
    assert!(
        unicode_width::UnicodeWidthStr::width(text.as_str()) <= 29,
        "{text:?}"
    );
    assert!(text.contains("車 馬 砲"), "spaced: {text:?}");
    let shown = text.chars().filter(|c| "車馬砲卒".contains(*c)).count();
    assert!(text.ends_with(&format!("+{}", 12 - shown)), "{text:?}");
}

#[test]
fn a_new_game_asked_for_in_front_of_a_record_says_that_the_game_behind_it_ends() {
    let mut app = game_of_two();
    app.update(Action::AskNewGame);
    assert!(screen_text(&app).contains("Start a new game? (y/n)"));
    app.update(Action::Answer(false));

    app.update(record_found());
    app.update(Action::AskNewGame);
    let asked = "Start a new game? Your game, behind this one, ends (y/n)";
    assert!(screen_text(&app).contains(asked), "{}", screen_text(&app));
    app.update(Action::Answer(false));
    assert!(app.game_aside(), "no keeps the record in front");
    assert_eq!(
        app.played().game().moves().len(),
        2,
        "and the game behind it"
    );

    app.update(Action::AskNewGame);
    app.update(Action::Answer(true));
    assert!(!app.game_aside());
    assert!(app.played().game().moves().is_empty());
}

/// Hands `action` to the app and performs the file effects (index, read) as the loop does.
fn with_files(app: &mut App, action: Action) {
    let mut queue = std::collections::VecDeque::from([action]);
    while let Some(action) = queue.pop_front() {
        for effect in app.update(action) {
            if matches!(effect, Effect::Index(_) | Effect::ReadGame { .. }) {
                queue.extend(crate::tui::run::perform::perform(effect));
            }
        }
    }
}

#[test]
fn a_timed_game_waits_while_a_file_is_chosen_and_runs_again_when_the_player_comes_back() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let file = dir.path().join("two.pgn");
    std::fs::write(&file, "1. h2e2 h9g7 *\n\n1. c3c4 c6c5 *\n").expect("written");
    let options = Options {
        clock: Some("3+0".parse().expect("time control")),
        ..Options::default()
    };
    let mut app = App::new(
        xiangqi_rules::Game::new(xiangqi_rules::Position::start()),
        options,
    );
    let at = |s: u64| {
        Action::Tick(Now {
            elapsed: Duration::from_secs(s),
            unix_secs: 0,
        })
    };
    let red_left = |app: &App, s: u64| {
        app.played()
            .clock()
            .expect("clock")
            .left(xiangqi_rules::Color::Red, Duration::from_secs(s))
    };
    app.update(at(0));
    play_all(&mut app, "h2e2 h9g7");
    app.update(at(1));
    let before = red_left(&app, 1);
    // The open prompt: the clocks wait, and the board is hidden as when paused.
    app.update(Action::Open);
    app.update(at(11));
    assert_eq!(red_left(&app, 11), before, "no time passes on the prompt");
    assert!(!screen_text(&app).contains('車'));
    // The picker over the whole screen: still waiting.
    for c in file.to_string_lossy().chars() {
        app.update(Action::Edit(crate::tui::state::action::EditKey::Char(c)));
    }
    with_files(&mut app, Action::Submit);
    assert_eq!(app.mode(), Mode::Picker { filter: false });
    app.update(at(21));
    assert_eq!(red_left(&app, 21), before, "no time passes in the picker");
    // Esc goes back to the game, whose clock runs again at once.
    app.update(Action::Pick(
        crate::tui::state::app::review::PickKey::Escape,
    ));
    assert_eq!(app.mode(), Mode::Play);
    assert!(
        app.clock()
            .is_some_and(xiangqi_rules::clock::Clock::running)
    );
    app.update(at(31));
    assert_eq!(red_left(&app, 31), before - Duration::from_secs(10));
    // Cancelled on the prompt too.
    app.update(Action::Open);
    app.update(at(41));
    app.update(Action::Cancel);
    assert_eq!(app.mode(), Mode::Play);
    app.update(at(46));
    assert_eq!(red_left(&app, 46), before - Duration::from_secs(15));
    // A game opened from the picker goes in front; the played game waits paused behind it.
    app.update(Action::Open);
    with_files(
        &mut app,
        Action::Edit(crate::tui::state::action::EditKey::Clear),
    );
    for c in file.to_string_lossy().chars() {
        app.update(Action::Edit(crate::tui::state::action::EditKey::Char(c)));
    }
    with_files(&mut app, Action::Submit);
    with_files(
        &mut app,
        Action::Pick(crate::tui::state::app::review::PickKey::Enter),
    );
    assert!(app.game_aside());
    app.update(at(100));
    assert_eq!(red_left(&app, 100), before - Duration::from_secs(15));
    app.update(Action::BackToGame);
    assert_eq!(app.mode(), Mode::Paused);
}

#[test]
fn a_puzzle_with_no_game_behind_it_offers_no_way_back_to_one() {
    let options = Options {
        puzzle: Some(1),
        ..Options::default()
    };
    let app = App::new(
        xiangqi_rules::Game::new(xiangqi_rules::Position::start()),
        options,
    );
    assert!(app.puzzle().is_some());
    let screen = screen_text(&app);
    assert!(!screen.contains("back to your game"), "{screen}");
    assert!(screen.contains("xiangqi"), "the usual title: {screen}");
    // With a game begun, the puzzle goes in front of it and says how to go back.
    let mut app = game_of_two();
    app.update(Action::Puzzle);
    assert!(app.puzzle().is_some());
    assert!(screen_text(&app).contains("b: back to your game"));
}
