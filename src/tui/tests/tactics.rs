//! Rated tactics at the table (`T`): the solver's moves judged against the line at once,
//! the reply played, the rating moved once a tactic counts, the record handed to the loop
//! to keep after every change, and the filter typed after `Ctrl-T`.

use super::*;
use crate::tui::state::computer::Note;
use crate::tui::state::prompt::message::Prompt;
use crate::tui::state::puzzle::Status;
use crate::tui::store::progress::Progress;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};
use xiangqi_engine::puzzle::Entry;
use xiangqi_rules::Move;

/// The tactic in front.
fn entry(app: &App) -> Entry {
    let s = app.puzzle().expect("a puzzle in front");
    s.tactic.as_ref().expect("a rated tactic").entry.clone()
}

/// Plays `mv` by two clicks; every effect of the two.
fn click(app: &mut App, mv: Move) -> Vec<Effect> {
    let mut effects = app.update(Action::ClickAt(mv.from));
    effects.extend(app.update(Action::ClickAt(mv.to)));
    effects
}

/// The progress the loop was last asked to keep.
fn kept(effects: &[Effect]) -> Option<Progress> {
    effects.iter().rev().find_map(|e| match e {
        Effect::KeepPuzzles(p) => Some(p.clone()),
        _ => None,
    })
}

/// A legal first move that is neither the line's nor a mate.
fn wrong_move(entry: &Entry) -> Move {
    entry
        .position
        .legal_moves()
        .into_iter()
        .copied()
        .find(|&m| {
            m != entry.solution[0]
                && entry
                    .position
                    .play(m)
                    .is_ok_and(|after| after.has_legal_moves())
        })
        .expect("some other move")
}

#[test]
fn a_tactic_solved_at_the_first_try_raises_the_rating_and_shows_its_themes() {
    let mut app = start_with(Options::default());
    app.update(Action::PuzzlesSolved(Progress::default()));
    let effects = app.update(Action::Tactics);
    assert!(
        matches!(
            app.message(),
            Some(Message::Computer(Note::TacticStart(_, 1500)))
        ),
        "{:?}",
        app.message()
    );
    let first = entry(&app);
    let given = kept(&effects).expect("the tactic given is remembered");
    assert_eq!(given.tactics.recent, std::slice::from_ref(&first.id));
    let mut all = Vec::new();
    for (i, &mv) in first.solution.iter().enumerate().step_by(2) {
        all.extend(click(&mut app, mv));
        let reply_played = i + 1 < first.solution.len();
        let expected = if reply_played { i + 2 } else { i + 1 };
        assert_eq!(app.game().moves().len(), expected, "after {mv}");
    }
    let s = app.puzzle().expect("still in front");
    assert_eq!(s.status, Status::Solved);
    let progress = kept(&all).expect("the rating is kept at once");
    assert!(progress.tactics.shown() > 1500, "{:?}", progress.tactics);
    assert_eq!((progress.tactics.streak, progress.tactics.tried), (1, 1));
    let screen = screen_text(&app);
    assert!(screen.contains("Rating 1500 →"), "{screen}");
    if !first.themes.is_empty() {
        assert!(screen.contains("Themes:"), "{screen}");
    }
    // The next one is another, near the new rating.
    app.update(Action::Tactics);
    assert_ne!(entry(&app).id, first.id);
    assert_eq!(app.puzzle().map(|s| s.status), Some(Status::Playing));
}

#[test]
fn a_wrong_move_is_taken_back_with_the_answer_shown_and_a_retry_does_not_count() {
    let mut app = start_with(Options::default());
    app.update(Action::PuzzlesSolved(Progress::default()));
    app.update(Action::Tactics);
    let tactic = entry(&app);
    let effects = click(&mut app, wrong_move(&tactic));
    assert!(
        app.game().moves().is_empty(),
        "the wrong move is taken back"
    );
    let Some(Message::Computer(Note::TacticWrong(_, iccs, Some((1500, after))))) = app.message()
    else {
        panic!("not told: {:?}", app.message());
    };
    assert_eq!(iccs, &tactic.solution[0].to_string());
    assert!(*after < 1500);
    let lowered = kept(&effects).expect("kept").tactics;
    assert_eq!((lowered.tried, lowered.solved, lowered.streak), (1, 0, 0));
    // The retry solves it, but the rating stays where the miss put it.
    let mut all = Vec::new();
    for &mv in tactic.solution.iter().step_by(2) {
        all.extend(click(&mut app, mv));
    }
    assert_eq!(app.puzzle().map(|s| s.status), Some(Status::Solved));
    assert!(kept(&all).is_none(), "nothing more to keep");
    assert_eq!(app.puzzle_progress().tactics.shown(), lowered.shown());
    assert!(matches!(
        app.message(),
        Some(Message::Computer(Note::TacticSolved(None)))
    ));
}

#[test]
fn t_in_a_tactic_shows_the_line_as_a_miss_then_gives_the_next() {
    let mut app = start_with(Options::default());
    app.update(Action::PuzzlesSolved(Progress::default()));
    app.update(Action::Tactics);
    let tactic = entry(&app);
    app.update(Action::Tactics);
    assert_eq!(app.puzzle().map(|s| s.status), Some(Status::Shown));
    assert_eq!(app.game().moves(), tactic.solution.as_slice());
    assert!(app.puzzle_progress().tactics.shown() < 1500);
    // z in a tactic goes on with tactics, not with the mates.
    app.update(Action::Puzzle);
    let next = entry(&app);
    assert_ne!(next.id, tactic.id);
}

#[test]
fn tactics_asked_at_the_start_open_once_the_rating_is_read_and_keep_to_the_filter() {
    let options = Options {
        tactics: Some(xiangqi_engine::puzzle::Filter {
            theme: Some("pin".into()),
            ..Default::default()
        }),
        ..Options::default()
    };
    let mut app = start_with(options);
    assert!(app.puzzle().is_none(), "not before the rating is read");
    let mut progress = Progress::default();
    progress.tactics.rating.0 = 900.0;
    app.update(Action::PuzzlesSolved(progress));
    let first = entry(&app);
    assert!(first.has_theme("pin"), "{first:?}");
    app.update(Action::Tactics);
    app.update(Action::Tactics);
    assert!(entry(&app).has_theme("pin"), "the next keeps to the filter");
}

/// What a key pressed on the screen (100 × 32) does, as the loop would hand it on.
fn press(app: &mut App, code: KeyCode, modifiers: KeyModifiers) {
    let event = crossterm::event::Event::Key(KeyEvent::new(code, modifiers));
    let area = ratatui::layout::Rect::new(0, 0, 100, 32);
    if let Some(action) = crate::tui::input::action_on_screen(&event, app, area) {
        app.update(action);
    }
}

/// Types `text` a key at a time.
fn press_text(app: &mut App, text: &str) {
    for c in text.chars() {
        press(app, KeyCode::Char(c), KeyModifiers::NONE);
    }
}

#[test]
fn ctrl_t_asks_for_a_filter_and_the_tactic_given_keeps_to_it() {
    let mut app = start_with(Options::default());
    app.update(Action::PuzzlesSolved(Progress::default()));
    press(&mut app, KeyCode::Char('t'), KeyModifiers::CONTROL);
    assert_eq!(app.mode(), Mode::Prompt(Prompt::Tactics));
    let screen = screen_text(&app);
    assert!(screen.contains("Tactics filter:"), "{screen}");
    assert!(screen.contains("fork,1200-1600"), "the hint: {screen}");

    // A word that is no filter says why, and the prompt stays open to be mended.
    press_text(&mut app, "forks");
    press(&mut app, KeyCode::Enter, KeyModifiers::NONE);
    assert_eq!(app.mode(), Mode::Prompt(Prompt::Tactics));
    assert!(app.puzzle().is_none());
    let screen = screen_text(&app);
    assert!(screen.contains("'forks' is neither a theme"), "{screen}");

    press(&mut app, KeyCode::Backspace, KeyModifiers::NONE);
    press_text(&mut app, ",600-1100");
    press(&mut app, KeyCode::Enter, KeyModifiers::NONE);
    assert_eq!(app.mode(), Mode::Play);
    let first = entry(&app);
    assert!(first.has_theme("fork"), "{first:?}");
    assert!((600..=1100).contains(&first.rating), "{first:?}");

    // The next tactic keeps to it, and Ctrl-T again shows it to be changed.
    app.update(Action::Tactics);
    app.update(Action::Tactics);
    let next = entry(&app);
    assert_ne!(next.id, first.id);
    assert!(next.has_theme("fork") && (600..=1100).contains(&next.rating));
    press(&mut app, KeyCode::Char('t'), KeyModifiers::CONTROL);
    assert_eq!(app.prompt().text(), "fork,600-1100");
}
