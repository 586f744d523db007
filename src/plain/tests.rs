//! The plain mode's conversation without standard input and output: lines heard by the
//! session at times the test chooses (a fake clock, never a real one), the engine's searches
//! performed here to a fixed depth, what is said read back.

use super::session::Session;
use crate::tui::i18n::lang::Lang;
use crate::tui::state::action::{Action, Now};
use crate::tui::state::app::{App, Options};
use crate::tui::state::computer::ComputerOptions;
use crate::tui::state::computer::search::{Report, ReportKind, Task};
use crate::tui::state::effect::Effect;
use std::sync::atomic::AtomicBool;
use std::time::Duration;
use xiangqi_engine::{Level, Limits, Searcher};
use xiangqi_rules::{Color, Game, Position};

/// At `secs` seconds.
fn at(secs: u64) -> Now {
    Now {
        elapsed: Duration::from_secs(secs),
        unix_secs: 1_700_000_000,
    }
}

fn session_from(fen: &str, options: Options) -> Session {
    let pos = Position::from_fen(fen).expect("test FEN");
    let mut session = Session::new(App::new(Game::new(pos), options));
    let effects = session.start(at(0), Vec::new());
    perform(&mut session, effects, at(0));
    session.take_said();
    session
}

fn start(options: Options) -> Session {
    session_from(xiangqi_rules::START_FEN, options)
}

/// Hears `line` at `now`, performs the searches asked for, and returns what was said.
fn hear(s: &mut Session, line: &str, now: Now) -> Vec<String> {
    let effects = s.hear(line, now);
    perform(s, effects, now);
    s.take_said()
}

/// Performs the searches among `effects` as the worker would, to the request's limits (the
/// tests' are a fixed depth), feeding the reports back until nothing more is asked.
fn perform(s: &mut Session, effects: Vec<Effect>, now: Now) {
    let mut batch = effects;
    for _ in 0..200 {
        let mut reports = Vec::new();
        for effect in batch {
            let Effect::Think(request) = effect else {
                continue;
            };
            let kind = match request.task {
                Task::Judge { moves_left } => {
                    ReportKind::Judged(crate::tui::run::worker::judge(&request.game, moves_left))
                }
                _ => ReportKind::Done(Searcher::new(1).search(
                    &request.game,
                    &request.limits,
                    &AtomicBool::new(false),
                    |_| {},
                )),
            };
            reports.push(Action::Engine(Report {
                id: request.id,
                kind,
            }));
        }
        if reports.is_empty() {
            return;
        }
        batch = reports
            .into_iter()
            .flat_map(|report| s.report(report, now))
            .collect();
    }
    panic!("searches keep being asked for");
}

/// The computer plays `side`, one ply deep.
fn against(side: Color) -> Options {
    Options {
        computer: ComputerOptions {
            side: Some(side),
            level: Level::new(1).expect("level 1"),
            think: Some(Limits {
                depth: Some(1),
                ..Limits::default()
            }),
        },
        ..Options::default()
    }
}

#[test]
fn a_move_is_said_in_words_with_whose_turn_it_is() {
    let mut s = start(Options::default());
    assert_eq!(
        hear(&mut s, "h2e2", at(1)),
        ["Red cannon two to five. Black to move."]
    );
    assert_eq!(
        hear(&mut s, "horse 8 forward 7", at(2)),
        ["Black horse eight forward seven. Red to move."]
    );
    assert_eq!(s.app().game().moves().len(), 2);
}

#[test]
fn chinese_says_the_move_in_its_notation() {
    let mut s = start(Options {
        lang: Lang::ZhHans,
        ..Options::default()
    });
    assert_eq!(
        hear(&mut s, "炮二平五", at(1)),
        ["红方 炮二平五。轮到黑方。"]
    );
}

#[test]
fn an_illegal_move_gets_its_reason_and_the_game_is_unchanged() {
    let mut s = start(Options::default());
    assert_eq!(
        hear(&mut s, "i0i5", at(1)),
        ["i0i5: illegal here: the path is blocked"]
    );
    assert_eq!(
        hear(&mut s, "cannon 9 to 5", at(1)),
        ["cannon 9 to 5: names no piece of the side to move"]
    );
    assert_eq!(
        hear(&mut s, "hello there", at(1)),
        ["hello there is neither a command nor a move. Type help to hear the commands."]
    );
    assert!(s.app().game().moves().is_empty());
    // The move prompt the app opened was closed: the next move plays.
    assert_eq!(
        hear(&mut s, "h2e2", at(2)),
        ["Red cannon two to five. Black to move."]
    );
}

#[test]
fn the_computer_answers_and_its_move_is_said() {
    let mut s = start(against(Color::Black));
    let said = hear(&mut s, "h2e2", at(1));
    assert_eq!(said.len(), 2, "{said:?}");
    assert_eq!(said[0], "Red cannon two to five. Black to move.");
    assert!(
        said[1].starts_with("Black ") && said[1].ends_with(". Red to move."),
        "{said:?}"
    );
    assert_eq!(s.app().game().moves().len(), 2);
    // Taking back takes the computer's reply too, as on the board screen.
    let said = hear(&mut s, "undo", at(2));
    assert_eq!(said.len(), 2, "{said:?}");
    assert!(said[0].starts_with("Took back black "), "{said:?}");
    assert_eq!(said[1], "Took back red cannon two to five. Red to move.");
    assert!(s.app().game().moves().is_empty());
}

#[test]
fn a_mate_ends_the_game_and_is_said() {
    // Red's chariot to a9 mates (the other holds rank 8).
    let mut s = session_from(
        "4k4/1R7/9/9/9/9/9/9/R8/3K5 w - - 0 1",
        against(Color::Black),
    );
    assert_eq!(
        hear(&mut s, "a1a9", at(1)),
        ["Red chariot nine forward eight. Check. Red wins — checkmate."]
    );
    assert_eq!(
        hear(&mut s, "a9a8", at(2)),
        ["The game is over: Red wins — checkmate. Type new for a new game, or undo."]
    );
}

#[test]
fn resigning_and_a_draw_are_asked_then_said() {
    let mut s = start(Options::default());
    hear(&mut s, "h2e2", at(1));
    assert_eq!(
        hear(&mut s, "resign", at(2)),
        ["Black, resign this game? (y/n)"]
    );
    assert_eq!(hear(&mut s, "yes", at(3)), ["Red wins — Black resigned."]);
    assert_eq!(
        hear(&mut s, "undo", at(4)),
        [
            "Resignation taken back — the game goes on",
            "Black to move."
        ]
    );
    assert_eq!(
        hear(&mut s, "draw", at(5)),
        ["Black offers a draw — Red, accept? (y/n)"]
    );
    assert_eq!(
        hear(&mut s, "no", at(6)),
        ["Red declines the draw — the game goes on"]
    );
    hear(&mut s, "draw", at(7));
    assert_eq!(hear(&mut s, "y", at(8)), ["Draw — agreed by both players."]);
}

#[test]
fn the_computer_declines_a_draw() {
    let mut s = start(against(Color::Black));
    hear(&mut s, "h2e2", at(1));
    assert_eq!(
        hear(&mut s, "draw", at(2)),
        ["The computer (black) declines the draw — the game goes on"]
    );
}

#[test]
fn questions_about_the_board_change_nothing() {
    let mut s = start(Options::default());
    assert_eq!(hear(&mut s, "e3", at(1)), ["e3: red soldier."]);
    assert_eq!(
        hear(&mut s, "moves h0", at(1)),
        ["red horse on h0: 2 moves: i2, g2."]
    );
    assert_eq!(hear(&mut s, "turn", at(1)), ["Move 1, Red to move."]);
    assert_eq!(hear(&mut s, "fen", at(1)), [xiangqi_rules::START_FEN]);
    assert_eq!(hear(&mut s, "clock", at(1)), ["This game has no clock."]);
    assert_eq!(
        hear(&mut s, "moves", at(1)),
        ["moves needs a point, like moves e5."]
    );
    assert_eq!(
        hear(&mut s, "last", at(1)),
        ["No move has been played yet."]
    );
    hear(&mut s, "h2e2", at(2));
    assert_eq!(hear(&mut s, "last", at(3)), ["1: Red cannon two to five."]);
    assert_eq!(hear(&mut s, "again", at(3)), ["1: Red cannon two to five."]);
    assert_eq!(s.app().game().moves().len(), 1);
}

#[test]
fn the_clocks_are_said_on_request_and_as_time_runs_low() {
    let mut s = start(Options {
        clock: "1+0".parse().ok(),
        ..Options::default()
    });
    // The first move starts the clocks; black's runs from then.
    hear(&mut s, "h2e2", at(0));
    assert_eq!(
        hear(&mut s, "clock", at(20)),
        ["Clocks: Red 1 min 0 s, Black 40 s."]
    );
    let tick = |s: &mut Session, secs| {
        s.tick(at(secs));
        s.take_said()
    };
    // Under a minute from the turn's start: no news until the next mark.
    assert!(tick(&mut s, 25).is_empty());
    assert_eq!(tick(&mut s, 31), ["Black: 29 s left."]);
    assert!(tick(&mut s, 40).is_empty(), "once a mark");
    assert_eq!(tick(&mut s, 51), ["Black: 9 s left."]);
    // The flag falls.
    assert_eq!(tick(&mut s, 61), ["Red wins — Black's time ran out."]);
}
