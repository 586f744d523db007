//! The clock, quitting and the autosave, driven by ticks a test chooses.

use super::*;
use std::time::Duration;
use xiangqi_rules::clock::TimeControl;

fn at(millis: u64) -> Action {
    Action::Tick(Now {
        elapsed: Duration::from_millis(millis),
        unix_secs: 0,
    })
}

fn timed(fen: &str, control: &str) -> App {
    let options = Options {
        clock: Some(control.parse::<TimeControl>().expect("time control")),
        ..Options::default()
    };
    app_from(fen, options)
}

use super::autosaves;

#[test]
fn without_a_clock_nothing_ticks() {
    let mut app = start_app();
    play_all(&mut app, "h2e2 h9g7");
    assert_eq!(app.next_tick(), None);
    assert!(app.clock().is_none());
    app.update(Action::Pause);
    assert_eq!(app.message(), Some(&Message::NoClock));
    assert_eq!(app.mode(), Mode::Play);
}

#[test]
fn the_flag_falls_on_a_tick_with_no_key_pressed() {
    let mut app = timed(xiangqi_rules::START_FEN, "0:03+1");
    assert_eq!(
        app.next_tick(),
        None,
        "the clocks wait for red's first move"
    );
    app.update(at(5_000));
    play_all(&mut app, "h2e2");
    // Black's 3 s run from 5 s on; ticks come as the tenths change.
    assert_eq!(app.next_tick(), Some(Duration::from_millis(5_001)));
    app.update(at(7_950));
    assert_eq!(
        app.next_tick(),
        Some(Duration::from_millis(8_000)),
        "the flag"
    );
    assert_eq!(app.outcome(), None);
    let effects = app.update(at(8_000));
    let outcome = app.outcome().expect("black lost on time");
    assert_eq!(
        (outcome.winner, outcome.termination),
        (Some(Color::Red), Termination::TimeForfeit)
    );
    assert_eq!(autosaves(&effects).len(), 1, "the result is kept");
    assert!(autosaves(&effects)[0].contains("[Result \"1-0\"]"));
    assert_eq!(app.next_tick(), None, "the clocks stand");
    let screen = screen_text(&app);
    assert!(screen.contains("Red wins"), "{screen}");
    assert!(screen.contains("Black's time ran out"), "{screen}");
    assert!(screen.contains("0.0"), "{screen}");
    // Taking back gives black's turn back, and the time it had, and says what it undid.
    app.update(Action::Undo);
    assert_eq!(app.outcome(), None);
    let said = screen_text(&app);
    assert!(said.contains("Loss on time taken back"), "{said}");
    assert!(!said.contains("Draw taken back"), "{said}");
    assert_eq!(app.game().moves().len(), 0);
    let clock = app.clock().expect("clock");
    assert_eq!(
        clock.left(Color::Black, Duration::from_secs(9)),
        Duration::from_secs(3)
    );
}

#[test]
fn ticks_come_once_a_second_and_every_tenth_under_ten_seconds() {
    let mut app = timed(xiangqi_rules::START_FEN, "0:12");
    play_all(&mut app, "h2e2");
    app.update(at(400));
    // 11.6 s left: the next whole second is 0.6 s away.
    assert_eq!(app.next_tick(), Some(Duration::from_millis(1_001)));
    app.update(at(2_001));
    // 9.999 s left: tenths from here.
    assert_eq!(app.next_tick(), Some(Duration::from_millis(2_001 + 99 + 1)));
    let screen = screen_text(&app);
    assert!(screen.contains("9.9"), "{screen}");
}

#[test]
fn a_flag_against_a_side_that_cannot_cross_the_river_is_a_draw() {
    // Red to move with a chariot; black has general, advisors and elephants only.
    let mut app = timed("2bakab2/9/9/9/9/9/9/9/R8/3K5 w - - 0 1", "0:05");
    play_all(&mut app, "a1a2 e9e8");
    // Red's 5 s run out.
    app.update(at(5_000));
    let outcome = app.outcome().expect("over");
    assert!(outcome.is_draw(), "{outcome:?}");
    assert_eq!(outcome.termination, Termination::TimeForfeit);
    // Whose time ran out is said, as it is when a flag loses the game.
    let screen = screen_text(&app);
    let said = "Red's time ran out; Black cannot win";
    assert_eq!(
        screen.matches(said).count(),
        2,
        "banner and message line: {screen}"
    );
}

/// A 1+2 game at 12 s: h2e2 at once, h9g7 after 4.321 s, h0g2 after 5.679 s more.
fn three_timed_moves() -> App {
    let mut app = timed(xiangqi_rules::START_FEN, "1+2");
    play_all(&mut app, "h2e2");
    app.update(at(4_321));
    play_all(&mut app, "h9g7");
    app.update(at(10_000));
    play_all(&mut app, "h0g2");
    app.update(at(12_000));
    app
}

#[test]
fn undo_gives_back_the_taken_back_moves_time_exactly() {
    let mut app = three_timed_moves();
    app.update(Action::Undo);
    let clock = app.clock().expect("clock");
    let now = Duration::from_millis(12_000);
    // Red's first move earned its 2 s too.
    assert_eq!(clock.left(Color::Red, now), Duration::from_secs(62));
    assert_eq!(clock.left(Color::Black, now), Duration::from_millis(57_679));
    app.update(Action::Redo);
    let clock = app.clock().expect("clock");
    assert_eq!(clock.left(Color::Red, now), Duration::from_millis(58_321));
}

#[test]
fn pause_hides_the_board_and_stops_both_clocks() {
    let mut app = timed(xiangqi_rules::START_FEN, "1");
    play_all(&mut app, "h2e2");
    app.update(at(1_000));
    app.update(Action::Pause);
    assert_eq!(app.mode(), Mode::Paused);
    assert_eq!(app.next_tick(), None, "nothing runs while paused");
    let screen = screen_text(&app);
    assert_eq!(screen.matches("Paused").count(), 1, "{screen}");
    assert!(screen.contains("p resumes"), "{screen}");
    assert!(!screen.contains('車') && !screen.contains('俥'), "{screen}");
    app.update(at(500_000));
    assert_eq!(app.outcome(), None);
    app.update(Action::Pause);
    assert_eq!(app.mode(), Mode::Play);
    let clock = app.clock().expect("clock");
    assert_eq!(
        clock.left(Color::Black, Duration::from_millis(500_000)),
        Duration::from_secs(59)
    );
    assert!(screen_text(&app).contains('車'));
    // Asked to quit while paused, the board stays hidden, and no keeps it paused.
    app.update(Action::Pause);
    app.update(Action::Quit);
    assert_eq!(app.mode(), Mode::Confirm(Question::Quit));
    assert!(!screen_text(&app).contains('車'));
    app.update(Action::Answer(false));
    assert_eq!(app.mode(), Mode::Paused);
}

#[test]
fn quitting_a_game_that_goes_on_asks_first() {
    let mut app = start_app();
    play_all(&mut app, "h2e2");
    assert!(app.update(Action::Quit).is_empty(), "nothing happens yet");
    assert_eq!(app.mode(), Mode::Confirm(Question::Quit));
    assert!(screen_text(&app).contains("Quit? The game is saved and can be resumed (y/n)"));
    app.update(Action::Answer(false));
    assert_eq!(app.mode(), Mode::Play);
    assert!(!app.should_quit());
    app.update(Action::Quit);
    let effects = app.update(Action::Answer(true));
    assert!(app.should_quit());
    assert_eq!(effects.last(), Some(&Effect::Quit));
    assert_eq!(autosaves(&effects).len(), 1, "kept for --resume");
    // Ctrl-C twice leaves too.
    let mut app = start_app();
    play_all(&mut app, "h2e2");
    app.update(Action::Quit);
    app.update(Action::Quit);
    assert!(app.should_quit());
}

#[test]
fn an_empty_or_finished_game_quits_at_once() {
    let mut app = start_app();
    assert_eq!(app.update(Action::Quit), [Effect::Quit], "nothing to keep");
    let mut app = app_from(MATE_IN_ONE, Options::default());
    play_all(&mut app, "a1a9");
    app.update(Action::Quit);
    assert!(app.should_quit());
}

#[test]
fn a_signal_keeps_the_game_and_leaves_without_asking() {
    let mut app = start_app();
    play_all(&mut app, "h2e2");
    let effects = app.update(Action::Terminate);
    assert_eq!(effects.last(), Some(&Effect::Quit));
    assert!(autosaves(&effects)[0].contains("1. 炮二平五"));
}

#[test]
fn every_move_is_autosaved_and_an_untouched_game_is_not() {
    let mut app = start_app();
    assert!(app.update(Action::Flip).is_empty());
    app.update(Action::TypeMove);
    type_text(&mut app, "h2e2");
    let effects = app.update(Action::Submit);
    assert!(
        autosaves(&effects)[0].contains("1. 炮二平五"),
        "{effects:?}"
    );
    app.update(Action::ClickAt(sq("h9")));
    let effects = app.update(Action::ClickAt(sq("g7")));
    assert!(autosaves(&effects)[0].contains("1. 炮二平五 馬８進７"));
    // Taken back, the move stays in the file as the line ahead, and the file says where
    // the players are.
    let effects = app.update(Action::Undo);
    assert!(
        autosaves(&effects)[0].contains("[Cursor \"h2e2\"]"),
        "{effects:?}"
    );
    let back = xiangqi_records::pgn::read_game(autosaves(&effects)[0].as_bytes(), 1).expect("PGN");
    let resumed = App::resumed(
        crate::tui::store::saved::SavedGame::of(&back),
        Options::default(),
    );
    assert_eq!(resumed.game().moves(), [mv("h2e2")]);
    assert!(resumed.game().can_redo(), "the move ahead can be replayed");
    assert!(app.update(Action::Cursor(Dir::Up)).is_empty());
}

#[test]
fn a_resumed_game_continues_with_its_clocks_and_notation() {
    let mut app = timed(xiangqi_rules::START_FEN, "5+3");
    play_all(&mut app, "h2e2");
    app.update(at(7_250));
    play_all(&mut app, "h9g7");
    app.update(Action::CycleNotation); // WXF
    app.update(at(9_000));
    let effects = app.update(Action::Terminate);
    let pgn = autosaves(&effects)[0].to_string();
    assert!(pgn.contains("[TimeControl \"300+3\"]"), "{pgn}");
    assert!(
        pgn.contains("[ClockTimes \"300000/300000 303000/300000 303000/295750\"]"),
        "{pgn}"
    );
    assert!(pgn.contains("[ClockUsed \"1750\"]"), "{pgn}");

    let back = xiangqi_records::pgn::read_game(pgn.as_bytes(), 1).expect("reads");
    let resumed = App::resumed(
        crate::tui::store::saved::SavedGame::of(&back),
        Options {
            resumed: true,
            ..Options::default()
        },
    );
    let mut resumed = resumed;
    assert_eq!(resumed.game().moves(), app.game().moves());
    assert_eq!(resumed.notation(), Notation::Wxf);
    // Two plies: one move as players count them.
    assert_eq!(resumed.message(), Some(&Message::Resumed(1)));
    resumed.update(at(100));
    let clock = resumed.clock().expect("clock back");
    let now = Duration::from_millis(1_100);
    assert_eq!(
        clock.left(Color::Red, now),
        Duration::from_millis(303_000 - 1_750 - 1_000)
    );
    assert_eq!(
        clock.left(Color::Black, now),
        Duration::from_millis(295_750)
    );
    // Kept again, the clocks are written once, as they now stand.
    resumed.update(at(1_100));
    let again = resumed.update(Action::Terminate);
    let again = autosaves(&again)[0];
    assert_eq!(again.matches("[ClockTimes").count(), 1, "{again}");
    assert!(again.contains("[ClockUsed \"2750\"]"), "{again}");
    // Undo still reaches the start, and the times with it.
    resumed.update(Action::Undo);
    let clock = resumed.clock().expect("clock");
    let undone_at = Duration::from_millis(1_100);
    assert_eq!(
        clock.left(Color::Black, undone_at),
        Duration::from_secs(300)
    );
}

#[test]
fn a_redo_after_resume_gives_back_the_times_the_move_had() {
    let mut app = three_timed_moves();
    app.update(Action::Undo);
    let effects = app.update(Action::Undo);
    let pgn = autosaves(&effects)[0].to_string();
    assert!(
        pgn.contains("[ClockUndone \"58321/57679 62000/57679\"]"),
        "{pgn}"
    );
    let back = xiangqi_records::pgn::read_game(pgn.as_bytes(), 1).expect("reads");
    let options = || Options {
        resumed: true,
        ..Options::default()
    };
    let saved = crate::tui::store::saved::SavedGame::resumed(&back).expect("clock tags");
    let mut resumed = App::resumed(saved, options());
    resumed.update(at(500));
    // Long after the restart, the moves replayed get back the times they had.
    for app in [&mut app, &mut resumed] {
        app.update(at(30_000));
        app.update(Action::Redo);
        app.update(Action::Redo);
    }
    let now = Duration::from_millis(30_000);
    for color in [Color::Red, Color::Black] {
        assert_eq!(
            resumed.clock().expect("clock").left(color, now),
            app.clock().expect("clock").left(color, now),
            "{color:?}"
        );
    }
    assert_eq!(
        resumed.clock().expect("clock").left(Color::Black, now),
        Duration::from_millis(57_679)
    );

    // An autosave from before the undone times were kept still resumes; its moves ahead
    // count as played when replayed.
    let older: String = pgn
        .lines()
        .filter(|line| !line.starts_with("[ClockUndone "))
        .collect::<Vec<_>>()
        .join("\n");
    let back = xiangqi_records::pgn::read_game(older.as_bytes(), 1).expect("reads");
    let saved = crate::tui::store::saved::SavedGame::resumed(&back).expect("clock tags");
    let mut older = App::resumed(saved, options());
    older.update(at(500));
    older.update(Action::Redo);
    assert_eq!(older.game().moves().len(), 2);
    assert!(older.clock().expect("clock").undone().is_empty());
}

fn screen_at(app: &App, width: u16, height: u16) -> String {
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("backend");
    terminal
        .draw(|frame| frame.render_widget(app, frame.area()))
        .expect("draw");
    format!("{}", terminal.backend())
}

#[test]
fn clocks_on_a_classic_terminal_take_a_line_each() {
    let mut app = timed(xiangqi_rules::START_FEN, "5+3");
    play_all(&mut app, "h2e2");
    app.update(at(12_345));
    insta::assert_snapshot!(screen_at(&app, 80, 24));
}

#[test]
fn clocks_with_room_are_three_rows_tall() {
    let mut app = timed(xiangqi_rules::START_FEN, "10/45");
    play_all(&mut app, "h2e2");
    app.update(at(600_000 + 36_789)); // black is in byo-yomi, 8.2 s left
    insta::assert_snapshot!(screen_at(&app, 120, 40));
}

#[test]
fn clock_times_are_cut_not_rounded() {
    use crate::tui::view::words::strings::clock_time;
    let ms = Duration::from_millis;
    assert_eq!(clock_time(ms(3_600_000)), "1:00:00");
    assert_eq!(clock_time(ms(599_999)), "9:59");
    assert_eq!(clock_time(ms(10_000)), "0:10");
    assert_eq!(clock_time(ms(9_999)), "9.9");
    assert_eq!(clock_time(ms(99)), "0.0");
}
