//! The computer at the table: hint, analysis, the computer's moves and puzzles, driven by
//! actions with the searches performed here, synchronously and to a fixed depth (never for
//! a time), as the worker would.

use super::*;
use crate::tui::i18n::lang::Lang;
use crate::tui::state::computer::ComputerOptions;
use crate::tui::state::computer::Note;
use crate::tui::state::computer::red_score;
use crate::tui::state::computer::search::{Report, ReportKind, Task};
use crate::tui::state::puzzle::Status;
use crate::tui::view::computer::score_text;
use std::sync::atomic::AtomicBool;
use std::time::Duration;
use xiangqi_engine::{Info, Level, Limits, Score, Searcher};

/// Searches of every kind go three plies deep.
fn fixed_depth(side: Option<Color>) -> Options {
    Options {
        computer: ComputerOptions {
            side,
            level: Level::new(1).expect("level 1"),
            think: Some(Limits {
                depth: Some(3),
                ..Limits::default()
            }),
        },
        ..Options::default()
    }
}

/// What the searches a batch of effects asked for.
fn tasks(effects: &[Effect]) -> Vec<Task> {
    effects
        .iter()
        .filter_map(|e| match e {
            Effect::Think(r) => Some(r.task),
            _ => None,
        })
        .collect()
}

/// Hands `action` to the app and performs the searches it asks for as the worker would
/// (each depth's report, then the result), feeding the reports back until nothing more is
/// asked; returns every other effect (stops included).
fn run(app: &mut App, action: Action) -> Vec<Effect> {
    let effects = app.update(action);
    perform(app, effects)
}

/// Performs `effects` as [`run`] does.
fn perform(app: &mut App, effects: Vec<Effect>) -> Vec<Effect> {
    let mut queue = std::collections::VecDeque::new();
    let mut rest = Vec::new();
    let mut searches = 0;
    let mut batch = effects;
    loop {
        for effect in batch {
            let Effect::Think(request) = effect else {
                rest.push(effect);
                continue;
            };
            searches += 1;
            assert!(searches < 50, "searches keep being asked for");
            let id = request.id;
            if let Task::Judge { moves_left } = request.task {
                let attempt = crate::tui::run::worker::judge(&request.game, moves_left);
                queue.push_back(Action::Engine(Report {
                    id,
                    kind: ReportKind::Judged(attempt),
                }));
                continue;
            }
            let mut infos = Vec::new();
            let result = Searcher::new(1).search(
                &request.game,
                &request.limits,
                &AtomicBool::new(false),
                |info| infos.push(info.clone()),
            );
            for info in infos {
                queue.push_back(Action::Engine(Report {
                    id,
                    kind: ReportKind::Info(info),
                }));
            }
            queue.push_back(Action::Engine(Report {
                id,
                kind: ReportKind::Done(result),
            }));
        }
        let Some(action) = queue.pop_front() else {
            return rest;
        };
        batch = app.update(action);
    }
}

fn stops(effects: &[Effect]) -> usize {
    effects
        .iter()
        .filter(|e| matches!(e, Effect::StopThinking(_)))
        .count()
}

#[test]
fn the_hint_key_finds_a_move_marks_it_and_names_it_in_the_notation_shown() {
    // Red mates at once with the chariot to d0... a hint must find the mate.
    let mut app = app_from("3k5/9/9/9/9/9/9/9/9/R3K4 w", fixed_depth(None));
    let asked = app.update(Action::Hint);
    assert_eq!(tasks(&asked), vec![Task::Hint]);
    assert_eq!(app.message(), Some(&Message::Computer(Note::HintThinking)));
    perform(&mut app, asked);
    let key = crate::tui::state::computer::key_of(app.game());
    assert_eq!(app.computer().hint(key), Some(mv("a0d0")));
    let Some(Message::Computer(Note::Hint(text, iccs))) = app.message() else {
        panic!("no hint message: {:?}", app.message());
    };
    // In the notation shown: Chinese (九 is red's file 9, 平 a sideways move).
    assert_eq!(text, &app.write_move(app.game().position(), mv("a0d0")));
    assert!(text.contains("九平六"), "{text}");
    assert_eq!(iccs, "a0d0");
    let screen = screen_text(&app);
    assert!(screen.contains(&format!("Hint: {text}")), "{screen}");
    // `{ }` around the chariot on a0, `< >` around d0.
    let mark = "{俥}";
    assert!(screen.contains("<┴─>"), "the to point is marked: {screen}");
    assert!(screen.contains(mark), "the from point is marked: {screen}");
    // Once a move is played the hint is gone.
    click_move(&mut app, "a0", "a1");
    assert!(!screen_text(&app).contains(mark));
}

#[test]
fn the_analysis_line_deepens_in_the_notation_shown_and_stops_when_turned_off() {
    let mut app = start_with(fixed_depth(None));
    let on = app.update(Action::ToggleAnalysis);
    assert_eq!(tasks(&on), vec![Task::Analysis]);
    app.update(Action::ToggleAnalysis);
    run(&mut app, Action::ToggleAnalysis);
    let key = crate::tui::state::computer::key_of(app.game());
    let info = app.computer().info(key).expect("the analysis reported");
    assert_eq!(info.depth, 3);
    let screen = screen_text(&app);
    assert!(screen.contains("Analysis d3 "), "{screen}");
    // The line is in Chinese: the first move of the variation as the move list writes it.
    let first = app.write_move(app.game().position(), info.pv[0]);
    assert!(screen.contains(&first), "{first} in {screen}");
    // A finished analysis is not started again for the same position …
    assert!(tasks(&app.update(Action::Flip)).is_empty());
    // … but is for a new one; turning it off stops the running search and starts nothing.
    let moved = app.update(Action::ClickAt(sq("h2")));
    assert!(tasks(&moved).is_empty());
    let moved = app.update(Action::ClickAt(sq("e2")));
    assert_eq!(tasks(&moved), vec![Task::Analysis]);
    let off = app.update(Action::ToggleAnalysis);
    assert_eq!(stops(&off), 1);
    assert!(tasks(&off).is_empty());
    assert!(
        tasks(&app.update(Action::Flip)).is_empty(),
        "nothing runs while off"
    );
    assert!(!screen_text(&app).contains("Analysis d"));
}

#[test]
fn the_analysis_line_and_the_computers_side_speak_simplified_chinese() {
    let mut app = start_with(Options {
        lang: crate::tui::i18n::lang::Lang::ZhHans,
        glyphs: crate::tui::look::pieces::PieceGlyphs::Simplified,
        ..fixed_depth(Some(Color::Black))
    });
    run(&mut app, Action::ToggleAnalysis);
    let screen = screen_text(&app);
    for word in ["分析 深度3", "节点", "电脑：黑方 · 级别 1"] {
        assert!(screen.contains(word), "{word} in\n{screen}");
    }
    let message = app
        .message()
        .map(|m| crate::tui::view::words::strings::message_in(app.lang(), m, Color::Red));
    assert_eq!(message.as_deref(), Some("分析已开启（a 关闭）"));
    // The variation is written as the move list writes it, in simplified glyphs.
    let key = crate::tui::state::computer::key_of(app.game());
    let info = app.computer().info(key).expect("the analysis reported");
    let first = app.write_move(app.game().position(), info.pv[0]);
    assert!(screen.contains(&first), "{first} in {screen}");
    assert!(!screen.contains('進') && !screen.contains('車'), "{screen}");
    let keys = ["hjkl", "Enter"];
    assert_eq!(
        super::english_words(&screen, &keys),
        Vec::<String>::new(),
        "{screen}"
    );
}

#[test]
fn the_computer_answers_the_players_move_and_refuses_moves_for_its_side() {
    let mut app = start_with(fixed_depth(Some(Color::Black)));
    app.update(Action::ClickAt(sq("h2")));
    let asked = app.update(Action::ClickAt(sq("e2")));
    assert_eq!(tasks(&asked), vec![Task::Play]);
    // While it thinks, black's pieces are not the player's.
    app.update(Action::ClickAt(sq("h7")));
    assert_eq!(
        app.message(),
        Some(&Message::Computer(Note::ComputerToMove(Color::Black)))
    );
    assert_eq!(app.selected(), None);
    // The report arrives: black has moved, red is to move.
    perform(&mut app, asked);
    assert_eq!(app.game().moves().len(), 2);
    assert_eq!(app.game().position().turn(), Color::Red);
    // Taking back goes back to the player's turn: the computer's move and the player's.
    let played = app.game().moves().to_vec();
    run(&mut app, Action::Undo);
    assert_eq!(app.game().moves().len(), 0);
    // Replaying brings both back, the computer's reply as it was, and asks it nothing.
    let effects = app.update(Action::Redo);
    assert_eq!(app.game().moves(), &played[..]);
    assert!(tasks(&effects).is_empty(), "{effects:?}");
}

#[test]
fn the_player_resigns_and_offers_draws_for_their_own_side_only() {
    let mut app = start_with(fixed_depth(Some(Color::Black)));
    app.update(Action::ClickAt(sq("h2")));
    let asked = app.update(Action::ClickAt(sq("e2")));
    assert_eq!(tasks(&asked), vec![Task::Play]);
    // Black, the computer's side, is to move and thinking: `g` is still red's resignation.
    app.update(Action::Resign);
    assert_eq!(app.mode(), Mode::Confirm(Question::Resign(Color::Red)));
    app.update(Action::Answer(false));
    // A draw offer goes to the computer, which answers at once: no question to the player.
    app.update(Action::OfferDraw);
    assert_eq!(app.mode(), Mode::Play);
    assert_eq!(
        app.message(),
        Some(&Message::Computer(Note::DeclinesDraw(Color::Black)))
    );
    assert!(
        screen_text(&app).contains("The computer (black) declines the draw"),
        "{}",
        screen_text(&app)
    );
    assert_eq!(app.outcome(), None);
    perform(&mut app, asked);
    assert_eq!(app.game().moves().len(), 2, "the computer plays on");
    // On red's own turn, the same.
    app.update(Action::Resign);
    assert_eq!(app.mode(), Mode::Confirm(Question::Resign(Color::Red)));
    app.update(Action::Answer(true));
    assert_eq!(
        app.outcome(),
        Some(Outcome {
            winner: Some(Color::Black),
            termination: Termination::Resignation,
        })
    );
}

#[test]
fn with_the_computer_on_both_sides_no_key_resigns_or_offers_for_it() {
    let mut app = start_with(fixed_depth(Some(Color::Black)));
    // Red, to move, handed over too: the computer plays itself.
    app.update(Action::ToggleComputer);
    assert!(app.computer().plays(Color::Red) && app.computer().plays(Color::Black));
    for key in [Action::Resign, Action::OfferDraw] {
        app.update(key);
        assert_eq!(app.mode(), Mode::Play);
        assert_eq!(app.message(), Some(&Message::Computer(Note::PlaysBoth)));
    }
    assert_eq!(app.outcome(), None);
}

#[test]
fn the_c_key_hands_the_side_to_move_to_the_computer_and_takes_it_back() {
    let mut app = start_with(fixed_depth(None));
    let asked = app.update(Action::ToggleComputer);
    assert_eq!(tasks(&asked), vec![Task::Play]);
    assert!(app.computer().plays(Color::Red));
    assert!(screen_text(&app).contains("Computer: red · level 1 · thinking"));
    let back = app.update(Action::ToggleComputer);
    assert_eq!(stops(&back), 1, "taking the side back stops the search");
    assert!(!app.computer().plays(Color::Red));
    assert_eq!(app.game().moves().len(), 0);
    // Handed over again and allowed to finish: the computer plays red's move.
    run(&mut app, Action::ToggleComputer);
    assert_eq!(app.game().moves().len(), 1);
}

#[test]
fn the_computer_thinks_on_the_time_left_on_its_clock() {
    let options = Options {
        clock: Some("5+3".parse().expect("time control")),
        computer: ComputerOptions {
            side: Some(Color::Black),
            ..ComputerOptions::default()
        },
        ..Options::default()
    };
    // Red's right chariot missing: a position the opening book does not know, so black's
    // reply is searched.
    let mut app = app_from(
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABN1 w",
        options,
    );
    app.update(Action::Tick(Now::default()));
    app.update(Action::ClickAt(sq("h2")));
    app.update(Action::Tick(Now {
        elapsed: Duration::from_secs(10),
        unix_secs: 0,
    }));
    let asked = app.update(Action::ClickAt(sq("e2")));
    let Some(Effect::Think(request)) = asked.iter().find(|e| matches!(e, Effect::Think(_))) else {
        panic!("no search asked for: {asked:?}");
    };
    let clock = request.limits.clock.expect("the clock is passed on");
    assert_eq!(clock.time, Duration::from_secs(5 * 60));
    assert_eq!(clock.increment, Duration::from_secs(3));
    assert_eq!(
        request.limits.depth,
        Level::new(5).expect("5").limits(0).depth
    );
}

#[test]
fn leaving_stops_the_search() {
    let mut app = start_with(fixed_depth(None));
    app.update(Action::ToggleAnalysis);
    let effects = app.update(Action::Quit);
    assert_eq!(stops(&effects), 1);
    assert!(effects.contains(&Effect::Quit));
}

mod puzzles {
    use super::*;

    fn puzzle(n: usize) -> App {
        let options = Options {
            puzzle: Some(n),
            ..fixed_depth(None)
        };
        start_with(options)
    }

    #[test]
    fn a_mate_in_one_is_solved_and_kept() {
        // Puzzle 1: black mates with g0f0.
        let mut app = puzzle(1);
        assert!(app.flipped(), "black mates: black at the bottom");
        assert!(matches!(
            app.message(),
            Some(Message::Computer(Note::PuzzleStart(1, _, Color::Black, 1)))
        ));
        app.update(Action::ClickAt(sq("g0")));
        let effects = run(&mut app, Action::ClickAt(sq("f0")));
        assert_eq!(app.puzzle().map(|s| s.status), Some(Status::Solved));
        let Some(Effect::KeepPuzzles(progress)) =
            effects.iter().find(|e| matches!(e, Effect::KeepPuzzles(_)))
        else {
            panic!("progress not kept: {effects:?}");
        };
        assert!(progress.solved(1));
        assert!(
            !effects.iter().any(|e| matches!(e, Effect::Autosave(_))),
            "a puzzle is not autosaved"
        );
        // z: the next unsolved puzzle.
        run(&mut app, Action::Puzzle);
        assert_eq!(app.puzzle().map(|s| s.number), Some(2));
    }

    #[test]
    fn the_computer_defends_a_mate_in_two_and_a_wrong_move_fails() {
        // Puzzle 2: b0b1, the general steps to d0, g0f0 mates.
        let mut app = puzzle(2);
        app.update(Action::ClickAt(sq("b0")));
        run(&mut app, Action::ClickAt(sq("b1")));
        assert_eq!(app.game().moves().len(), 2, "the computer replied");
        assert_eq!(app.puzzle().map(|s| s.status), Some(Status::Playing));
        assert!(screen_text(&app).contains("1 to go"));
        let reply = app.game().last_move().expect("a reply");
        // Mate with whatever mates now: the prover's reply leaves a mate in one.
        let mate = xiangqi_engine::puzzle::mate_in(app.game().position(), 1).expect("mate in 1");
        app.update(Action::ClickAt(mate.from));
        run(&mut app, Action::ClickAt(mate.to));
        assert_eq!(
            app.puzzle().map(|s| s.status),
            Some(Status::Solved),
            "{reply}"
        );

        // Again, with a move that lets the mate go (the prover says which).
        let mut app = puzzle(2);
        let start = app.game().position().clone();
        let wrong = start
            .legal_moves()
            .iter()
            .copied()
            .find(|&m| {
                let after = start.play(m).expect("legal");
                !xiangqi_engine::puzzle::lost_within(&after, 1)
            })
            .expect("some move lets the mate go");
        app.update(Action::ClickAt(wrong.from));
        run(&mut app, Action::ClickAt(wrong.to));
        assert_eq!(app.puzzle().map(|s| s.status), Some(Status::Failed));
        assert_eq!(app.message(), Some(&Message::Computer(Note::PuzzleFailed)));
        // u takes the move back and the puzzle goes on.
        run(&mut app, Action::Undo);
        assert_eq!(app.game().moves().len(), 0);
        assert_eq!(app.puzzle().map(|s| s.status), Some(Status::Playing));
    }

    #[test]
    fn z_shows_the_solution_then_opens_the_next_puzzle() {
        let mut app = puzzle(3);
        run(&mut app, Action::Puzzle);
        let s = app.puzzle().expect("still the puzzle");
        assert_eq!(s.status, Status::Shown);
        assert_eq!(app.game().moves(), s.puzzle.solution.as_slice());
        assert!(app.outcome().is_some(), "the solution mates");
        run(&mut app, Action::Puzzle);
        assert_eq!(
            app.puzzle().map(|s| (s.number, s.status)),
            Some((4, Status::Playing))
        );
        // A new game leaves the puzzles.
        app.update(Action::AskNewGame);
        app.update(Action::Answer(true));
        assert!(app.puzzle().is_none());
    }

    #[test]
    fn a_puzzle_in_front_does_not_show_who_the_computer_plays_in_the_game() {
        // In the puzzle the player may well play the very side the computer plays in the
        // game behind it: the panel's computer line is that game's.
        let mut app = start_with(fixed_depth(Some(Color::Black)));
        assert!(screen_text(&app).contains("Computer: black"));
        run(&mut app, Action::Puzzle);
        assert_eq!(app.puzzle().map(|s| s.attacker()), Some(Color::Black));
        let screen = screen_text(&app);
        assert!(screen.contains("Puzzle 1/"), "{screen}");
        assert!(!screen.contains("Computer:"), "{screen}");
        run(&mut app, Action::BackToGame);
        assert!(screen_text(&app).contains("Computer: black"));
    }

    #[test]
    fn the_first_unsolved_puzzle_opens_once_progress_is_read() {
        let mut app = puzzle(0);
        let progress = crate::tui::store::progress::Progress::parse("solved 1 2 3");
        app.update(Action::PuzzlesSolved(progress));
        assert_eq!(app.puzzle().map(|s| s.number), Some(4));
    }
}

#[test]
fn a_failed_engine_stops_the_computer_and_says_why() {
    let mut app = start_with(fixed_depth(None));
    app.update(Action::ToggleAnalysis);
    let asked = app.update(Action::ToggleComputer);
    let Some(Effect::Think(request)) = asked.iter().find(|e| matches!(e, Effect::Think(_))) else {
        panic!("no search asked for: {asked:?}");
    };
    let failed = app.update(Action::Engine(Report {
        id: request.id,
        kind: ReportKind::Failed("it has exited".into()),
    }));
    assert!(tasks(&failed).is_empty(), "nothing starts again by itself");
    assert!(!app.computer().plays(Color::Red));
    assert!(!app.computer().analysis_on());
    assert_eq!(
        app.message(),
        Some(&Message::Computer(Note::Failed("it has exited".into())))
    );
    // A report about a search that is no longer running changes nothing.
    let stale = app.update(Action::Engine(Report {
        id: request.id + 100,
        kind: ReportKind::Failed("old".into()),
    }));
    assert!(stale.is_empty());
    assert_eq!(
        app.message(),
        Some(&Message::Computer(Note::Failed("it has exited".into())))
    );
}

#[test]
fn the_analysis_shows_three_lines_with_their_scores_at_80x24() {
    let mut app = start_with(fixed_depth(None));
    play_all(&mut app, "h2e2 h9g7");
    run(&mut app, Action::ToggleAnalysis);
    let key = crate::tui::state::computer::key_of(app.game());
    let lines = app.computer().lines(key);
    assert_eq!(lines.len(), 3, "three lines by default");
    let firsts: Vec<Move> = lines.iter().map(|i| i.pv[0]).collect();
    assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2]);
    let screen = screen_text(&app);
    let pos = app.game().position().clone();
    for info in lines {
        let score = crate::tui::state::computer::red_score(info.score, pos.turn());
        let first = app.write_move(&pos, info.pv[0]);
        assert!(
            screen.contains(&format!("{score} {first}")),
            "{score} {first} in\n{screen}"
        );
    }
    insta::assert_snapshot!(screen);
}

/// Turns the analysis on and hands it, as an engine's reports, `lines` (score and first move
/// in ICCS, line 1 first); returns the screen.
fn analysis_reporting(app: &mut App, lines: &[(Score, &str)]) -> String {
    let asked = app.update(Action::ToggleAnalysis);
    let Some(Effect::Think(request)) = asked.iter().find(|e| matches!(e, Effect::Think(_))) else {
        panic!("no analysis asked for: {asked:?}");
    };
    for (n, (score, first)) in (1..).zip(lines) {
        app.update(Action::Engine(Report {
            id: request.id,
            kind: ReportKind::Info(Info {
                depth: 4,
                seldepth: 4,
                score: *score,
                nodes: 1000,
                time: Duration::from_millis(5),
                pv: vec![mv(first)],
                hashfull: 0,
                multipv: n,
            }),
        }));
    }
    screen_text(app)
}

#[test]
fn an_engines_mate_0_shows_the_side_to_move_mated_in_words() {
    // One line: in the heading, for red to move.
    let mut app = start_with(fixed_depth(None));
    let screen = analysis_reporting(&mut app, &[(Score::Mate(0), "h2e2")]);
    assert!(
        screen.contains("Analysis d4 Red mated (1k nodes)"),
        "{screen}"
    );
    assert!(!screen.contains("M0"), "{screen}");
    // Several: a row each, for black to move, beside a mate in moves.
    let mut app = start_with(fixed_depth(None));
    play_all(&mut app, "h2e2");
    let screen = analysis_reporting(
        &mut app,
        &[(Score::Mate(2), "h9g7"), (Score::Mate(0), "b9c7")],
    );
    assert!(screen.contains("-M2 馬８進７"), "{screen}");
    assert!(screen.contains("Black mated 馬２進３"), "{screen}");
    assert!(!screen.contains("M0"), "{screen}");
    // Without words, the sign still says who has won.
    assert_eq!(red_score(Score::Mate(0), Color::Red), "-M0");
    assert_eq!(red_score(Score::Mate(0), Color::Black), "+M0");
    assert_eq!(
        score_text(Lang::ZhHans, Score::Mate(0), Color::Red),
        "红方被将死"
    );
    assert_eq!(
        score_text(Lang::ZhHant, Score::Mate(0), Color::Black),
        "黑方被將死"
    );
}

#[test]
fn shift_l_steps_through_one_two_three_and_five_lines_and_restarts_the_analysis() {
    let mut app = start_with(Options {
        analysis_lines: Some(1),
        ..fixed_depth(None)
    });
    run(&mut app, Action::ToggleAnalysis);
    let key = crate::tui::state::computer::key_of(app.game());
    assert_eq!(
        app.computer().lines(key).len(),
        1,
        "the configuration's one line"
    );
    assert!(
        screen_text(&app).contains("Analysis d3 +"),
        "one line: the score in the heading"
    );
    let layout = crate::tui::view::layout::ScreenLayout::new(
        ratatui::layout::Rect::new(0, 0, 80, 24),
        app.flipped(),
    );
    let shift_l = ratatui::crossterm::event::KeyEvent::new(
        ratatui::crossterm::event::KeyCode::Char('L'),
        ratatui::crossterm::event::KeyModifiers::SHIFT,
    );
    assert_eq!(
        crate::tui::input::action_for(
            &ratatui::crossterm::event::Event::Key(shift_l),
            app.mode(),
            &layout
        ),
        Some(Action::CycleAnalysisLines)
    );
    for lines in [2, 3, 5, 1, 2] {
        let effects = app.update(Action::CycleAnalysisLines);
        assert_eq!(tasks(&effects), vec![Task::Analysis], "{lines} lines");
        let think = effects.iter().find_map(|e| match e {
            Effect::Think(r) => Some(r.limits.multipv),
            _ => None,
        });
        assert_eq!(think, Some(lines));
        perform(&mut app, effects);
        assert_eq!(app.computer().lines(key).len(), lines);
        let message = app
            .message()
            .map(|m| crate::tui::view::words::strings::message_in(app.lang(), m, Color::Red));
        let said = if lines == 1 {
            "one line".to_string()
        } else {
            format!("{lines} lines")
        };
        let message = message
            .unwrap_or_default()
            .replace(['\u{2068}', '\u{2069}'], "");
        assert!(message.contains(&said), "{message:?}");
    }
}
