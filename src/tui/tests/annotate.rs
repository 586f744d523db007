//! Annotating a game (`A`) and its evaluation graph: the annotator's run performed on the
//! test's thread through the same function the thread calls, at a fixed depth, so nothing
//! depends on timing.

use super::records::review::{draw, text_of};
use super::{play_all, start_app};
use crate::tui::input::{action_for, graph_mouse};
use crate::tui::run::annotator::annotate;
use crate::tui::state::action::{Action, Nav};
use crate::tui::state::app::{App, Options};
use crate::tui::state::computer::annotation::{AnnotateRequest, AnnotationKind, AnnotationReport};
use crate::tui::state::effect::Effect;
use crate::tui::view::layout::ScreenLayout;
use crate::tui::view::panel::graph_area;
use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::layout::Rect;
use std::sync::atomic::AtomicBool;
use xiangqi_engine::Limits;
use xiangqi_rules::NodeId;

/// A record whose moves carry evaluations: red wins a horse on move 3.
const EVALS: &str = "[Red \"Lu Qin\"]\n[Black \"Xu Yinchuan\"]\n[Result \"*\"]\n\
    1. h2e2 {[%eval 0.30]} h9g7 {[%eval 0.25]} 2. h0g2 {[%eval 0.35]} i9h9 {[%eval 0.20]} \
    3. i0h0 {[%eval 0.40]} b9c7 {[%eval -0.60]} 4. b2c2 {[%eval -2.10]} c6c5 {[%eval #-4]} \
    5. c3c4 {[%eval 1.20]} a9b9 {[%eval 4.50]} *\n";

fn loaded(pgn: &str, options: Options) -> App {
    let game = xiangqi_records::pgn::read_game(pgn.as_bytes(), 1).expect("test game");
    App::loaded(crate::tui::store::saved::SavedGame::of(&game), options)
}

fn key(c: char) -> Event {
    Event::Key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE))
}

/// The action a key gives on the 80×24 screen.
fn key_action(app: &App, c: char) -> Action {
    let layout = ScreenLayout::new(Rect::new(0, 0, 80, 24), app.flipped());
    action_for(&key(c), app.mode(), &layout).expect("a bound key")
}

/// The game with the cannon lost on move 2 (`e2e6` takes a soldier, `g7e6` the cannon),
/// annotation limited to depth 3.
fn blunder_game() -> App {
    let mut app = start_app().with_annotation_limits(Limits {
        depth: Some(3),
        ..Limits::default()
    });
    play_all(&mut app, "h2e2 h9g7 e2e6 g7e6");
    app
}

/// Presses `A` and takes the request the loop would hand the annotator.
fn start_annotating(app: &mut App) -> AnnotateRequest {
    let effects = app.update(key_action(app, 'A'));
    effects
        .into_iter()
        .find_map(|e| match e {
            Effect::Annotate(request) => Some(*request),
            _ => None,
        })
        .expect("annotating asked for")
}

/// Runs the annotator's work on this thread; returns its reports, in order.
fn run(request: &AnnotateRequest) -> Vec<Action> {
    let mut reports = Vec::new();
    annotate(request, 2, &AtomicBool::new(false), |a| reports.push(a));
    reports
}

/// Annotates the game in front to the end, handing every report to the app; returns the
/// effects of the last.
fn annotate_all(app: &mut App) -> Vec<Effect> {
    let request = start_annotating(app);
    let mut effects = Vec::new();
    for report in run(&request) {
        effects = app.update(report);
    }
    effects
}

#[test]
fn a_record_with_evaluations_shows_its_graph() {
    let app = loaded(EVALS, Options::default());
    insta::assert_snapshot!(
        "record_with_evaluations_80x24",
        text_of(&draw(&app, 80, 24)),
    );
}

#[test]
fn the_graph_in_ascii_is_ascii_and_hides_when_there_is_no_room() {
    let app = loaded(
        EVALS,
        Options {
            ascii: true,
            ..Options::default()
        },
    );
    let buf = draw(&app, 80, 24);
    let screen = text_of(&buf);
    assert!(screen.contains("Evaluation 4.50"), "{screen}");
    let layout = ScreenLayout::new(Rect::new(0, 0, 80, 24), app.flipped());
    let ScreenLayout::Game { panel, .. } = layout else {
        panic!("a game screen");
    };
    let graph = graph_area(&app, panel).expect("a graph");
    let mut cells = String::new();
    for y in graph.top()..graph.bottom() {
        for x in graph.left()..graph.right() {
            cells.push_str(buf[(x, y)].symbol());
        }
    }
    assert!(cells.is_ascii(), "{screen}");
    assert!(cells.contains('#') && cells.contains('-'), "{cells}");
    let short = Rect {
        height: 14,
        ..panel
    };
    assert_eq!(graph_area(&app, short), None, "no room under the head");
}

/// With the graph under it, the move list keeps rows of moves beside a long comment: the
/// comment gives way, not the moves.
#[test]
fn a_long_comment_and_the_graph_leave_the_list_its_moves() {
    let long = "a long note on the last move, ".repeat(12);
    let pgn = EVALS.replace(
        "a9b9 {[%eval 4.50]}",
        &format!("a9b9 {{[%eval 4.50] {long}}}"),
    );
    let app = loaded(&pgn, Options::default());
    let layout = ScreenLayout::new(Rect::new(0, 0, 80, 24), app.flipped());
    let ScreenLayout::Game { panel, .. } = layout else {
        panic!("a game screen");
    };
    assert!(graph_area(&app, panel).is_some(), "the graph shows");
    let list = crate::tui::view::panel::move_list_area(&app, panel);
    let buf = draw(&app, 80, 24);
    let screen = text_of(&buf);
    let rows: Vec<String> = (list.top()..list.bottom())
        .map(|y| {
            (list.left()..list.right())
                .map(|x| buf[(x, y)].symbol())
                .collect()
        })
        .collect();
    assert!(
        rows.iter().any(|r| r.trim_start().starts_with("5.")),
        "the current move's row:\n{screen}"
    );
    assert!(
        screen.contains("a long note"),
        "a comment's line:\n{screen}"
    );
}

#[test]
fn a_game_without_evaluations_has_no_graph() {
    let mut app = start_app();
    play_all(&mut app, "h2e2 h9g7");
    let screen = text_of(&draw(&app, 80, 24));
    assert!(!screen.contains("Evaluation"), "{screen}");
}

#[test]
fn annotating_marks_the_blunder_and_sums_up() {
    let mut app = blunder_game();
    let request = start_annotating(&mut app);
    let reports = run(&request);
    // Five positions searched, each reported, then the result.
    assert_eq!(reports.len(), 6, "{reports:?}");
    app.update(reports[0].clone());
    let screen = text_of(&draw(&app, 80, 24));
    assert!(screen.contains("Analysing: 1/5"), "{screen}");
    let mut effects = Vec::new();
    for report in reports.into_iter().skip(1) {
        effects = app.update(report);
    }
    assert_eq!(app.annotating(), None);
    let game = app.game();
    let main = game.tree().line_after(NodeId::ROOT);
    assert_eq!(main.len(), 4);
    for node in &main {
        let comment = game.tree().comment(*node).unwrap_or_default();
        assert!(comment.contains("[%eval"), "{comment:?}");
    }
    let nags = game.tree().nags(main[2]);
    assert!(nags.iter().any(|&n| n == 2 || n == 4), "{nags:?}");
    // The game changed: it is kept like any edit.
    assert!(
        effects.iter().any(|e| matches!(e, Effect::Autosave(_))),
        "{effects:?}"
    );
    let screen = text_of(&draw(&app, 80, 24));
    assert!(screen.contains("Red ?!0 ?"), "the summary:\n{screen}");
    assert!(screen.contains("Evaluation"), "the graph:\n{screen}");
    app.update(Action::CycleNotation);
    app.update(Action::CycleNotation);
    let screen = text_of(&draw(&app, 80, 24));
    assert!(
        screen.contains("e2e6? ") || screen.contains("e2e6??"),
        "{screen}"
    );
}

#[test]
fn the_mistake_keys_go_to_the_marked_move() {
    let mut app = blunder_game();
    annotate_all(&mut app);
    app.update(Action::Nav(Nav::Start));
    app.update(key_action(&app, ')'));
    assert_eq!(app.game().moves().len(), 3, "after e2e6");
    app.update(key_action(&app, ')'));
    assert_eq!(app.game().moves().len(), 3, "none after it");
    app.update(Action::Nav(Nav::End));
    app.update(key_action(&app, '('));
    assert_eq!(app.game().moves().len(), 3, "back to e2e6");
}

#[test]
fn a_click_on_the_graph_goes_to_that_move() {
    let mut app = loaded(EVALS, Options::default());
    let layout = ScreenLayout::new(Rect::new(0, 0, 80, 24), app.flipped());
    let ScreenLayout::Game { panel, .. } = layout else {
        panic!("a game screen");
    };
    let graph = graph_area(&app, panel).expect("a graph");
    let click = Event::Mouse(MouseEvent {
        kind: MouseEventKind::Down(MouseButton::Left),
        // Ten moves across 40 columns: three columns a move.
        column: graph.x + 7,
        row: graph.y + 2,
        modifiers: KeyModifiers::NONE,
    });
    let action = graph_mouse(&click, &app, &layout).expect("a move");
    app.update(action);
    assert_eq!(app.game().moves().len(), 3, "the third move's column");
    let heading = Event::Mouse(MouseEvent {
        row: graph.y,
        ..match click {
            Event::Mouse(m) => m,
            _ => unreachable!(),
        }
    });
    assert_eq!(graph_mouse(&heading, &app, &layout), None);
}

#[test]
fn a_move_played_while_annotating_stops_it_and_nothing_is_written() {
    let mut app = blunder_game();
    app.update(Action::Undo);
    let request = start_annotating(&mut app);
    // Another move in place of the one taken back: the main line is no longer the same.
    let effects = app.update(Action::ClickAt("a9".parse().expect("square")));
    let effects = [
        effects,
        app.update(Action::ClickAt("a8".parse().expect("square"))),
    ];
    assert!(
        effects
            .iter()
            .flatten()
            .any(|e| *e == Effect::StopAnnotating(request.id)),
        "{effects:?}"
    );
    for report in run(&request) {
        app.update(report);
    }
    let game = app.game();
    let main = game.tree().line_after(NodeId::ROOT);
    assert!(main.iter().all(|n| game.tree().comment(*n).is_none()));
}

#[test]
fn the_key_again_or_esc_stops_it() {
    let mut app = blunder_game();
    let request = start_annotating(&mut app);
    let effects = app.update(key_action(&app, 'A'));
    assert_eq!(effects, [Effect::StopAnnotating(request.id)]);
    assert_eq!(app.annotating(), None);
    let request = start_annotating(&mut app);
    assert_eq!(app.annotating(), Some((0, 5)));
    let layout = ScreenLayout::new(Rect::new(0, 0, 80, 24), app.flipped());
    let esc = Event::Key(KeyEvent::new(KeyCode::Esc, KeyModifiers::NONE));
    let effects = app.update(action_for(&esc, app.mode(), &layout).expect("Esc"));
    assert_eq!(effects, [Effect::StopAnnotating(request.id)]);
    // A report of the stopped run is not kept.
    app.update(Action::Annotation(AnnotationReport {
        id: request.id,
        kind: AnnotationKind::Failed("late".into()),
    }));
    assert_eq!(app.annotating(), None);
}

#[test]
fn a_loaded_record_is_annotated_too() {
    let pgn = "[Red \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n1. h2e2 h9g7 2. e2e6 g7e6 *\n";
    let mut app = loaded(pgn, Options::default()).with_annotation_limits(Limits {
        depth: Some(3),
        ..Limits::default()
    });
    annotate_all(&mut app);
    let screen = text_of(&draw(&app, 80, 24));
    assert!(screen.contains("Evaluation"), "{screen}");
}

#[test]
fn without_colour_the_move_shown_is_marked_in_reverse_video() {
    let mut app = loaded(
        EVALS,
        Options {
            color: false,
            ..Options::default()
        },
    );
    app.update(Action::Nav(Nav::Start));
    app.update(Action::Nav(Nav::Forward));
    app.update(Action::Nav(Nav::Forward));
    let buf = draw(&app, 80, 24);
    let layout = ScreenLayout::new(Rect::new(0, 0, 80, 24), app.flipped());
    let ScreenLayout::Game { panel, .. } = layout else {
        panic!("a game screen");
    };
    let graph = graph_area(&app, panel).expect("a graph");
    for y in graph.y + 1..graph.bottom() {
        for x in graph.left()..graph.right() {
            let cell = &buf[(x, y)];
            assert_eq!(
                cell.fg,
                ratatui::style::Color::Reset,
                "no colour at {x},{y}"
            );
            let reversed = cell.modifier.contains(ratatui::style::Modifier::REVERSED);
            assert_eq!(
                reversed,
                (x - graph.x) / 3 == 1,
                "only the second move at {x},{y}"
            );
        }
    }
    let screen = text_of(&buf);
    assert!(screen.contains("Evaluation 0.25"), "{screen}");
}
