//! The played game's keys in front of a record or a puzzle (`g` resign, `d` offer a draw,
//! `c` hand a side to the computer) are refused with the way to a game: `b` brings back the
//! one behind, and with none begun, `n` starts one. A record opened with no game begun is
//! the game itself, and they act on it — unless it states its result, which ends it.

use super::{draw, play_all, start_app};
use crate::tui::i18n::lang::Lang;
use crate::tui::state::action::{Action, Found};
use crate::tui::state::app::{App, Options};
use crate::tui::state::message::{GameAct, Message, Mode, Question};
use crate::tui::store::library::Shared;
use crate::tui::store::saved::SavedGame;
use std::path::PathBuf;
use xiangqi::{Color, Game, Position};

/// A record of two rounds, read as `o` or `--load` reads it.
fn record() -> xiangqi::pgn::PgnGame {
    let text = "[Red \"Alpha\"]\n[Black \"Beta\"]\n1. c3c4 c6c5 2. b2c2 c5c4 *\n";
    xiangqi::pgn::read_game(text.as_bytes(), 1).expect("record")
}

/// The loop's answer to `o` with the file of [`record`].
fn record_found() -> Action {
    Action::Found(Found::Game {
        path: PathBuf::from("record.pgn"),
        result: Ok(Shared::new(record())),
    })
}

/// `xiangqi --puzzle 1 --lang LANG`: a puzzle with no game begun behind it.
fn puzzle_alone(lang: Lang) -> App {
    let options = Options {
        puzzle: Some(1),
        lang,
        ..Options::default()
    };
    App::new(Game::new(Position::start()), options)
}

/// The whole screen, wide enough that the message line holds its message on one row.
fn screen(app: &App) -> String {
    format!("{}", draw(app, 200, 40).backend())
}

/// `action`, then the screen, which must show `words` and none of `never`.
fn shows(app: &mut App, action: Action, words: &str, never: &[&str]) {
    let what = format!("{action:?}");
    app.update(action);
    let screen = screen(app);
    assert!(screen.contains(words), "{what}: {screen}");
    for wrong in never {
        assert!(!screen.contains(wrong), "{what}: {wrong:?} in {screen}");
    }
}

#[test]
fn a_puzzle_with_no_game_behind_it_says_a_game_is_wanted_and_n_starts_one() {
    let mut app = puzzle_alone(Lang::En);
    let never = ["b brings the game back", "your game"];
    shows(
        &mut app,
        Action::Resign,
        "Resigning is for a game being played, and none is begun behind this puzzle — n starts one",
        &never,
    );
    assert_eq!(app.mode(), Mode::Play, "nothing asked");
    shows(
        &mut app,
        Action::OfferDraw,
        "Offering a draw is for a game being played, and none is begun behind this puzzle — n starts one",
        &never,
    );
    // `b` puts the puzzle away on a new game's board, and says so.
    shows(
        &mut app,
        Action::BackToGame,
        "Puzzle put away — a new game, Red to move",
        &["Back to your game"],
    );
    assert!(app.puzzle().is_none());
    // `n` from the puzzle starts a game too, asking nothing about one behind.
    let mut app = puzzle_alone(Lang::En);
    app.update(Action::AskNewGame);
    assert_eq!(app.mode(), Mode::Confirm(Question::NewGame(false)));
}

#[test]
fn the_puzzle_alone_says_so_in_chinese() {
    let mut app = puzzle_alone(Lang::ZhHans);
    let never = ["b 回到对局"];
    shows(
        &mut app,
        Action::Resign,
        "认输只用于正在下的对局，这个杀法后面没有已开始的对局 — n 开始新局",
        &never,
    );
    shows(
        &mut app,
        Action::OfferDraw,
        "提和只用于正在下的对局，这个杀法后面没有已开始的对局 — n 开始新局",
        &never,
    );
    shows(
        &mut app,
        Action::BackToGame,
        "杀法已收起 — 新局，红方走棋",
        &["回到对局"],
    );

    let mut app = puzzle_alone(Lang::ZhHant);
    shows(
        &mut app,
        Action::Resign,
        "認輸只用於正在下的對局，這個殺法後面沒有已開始的對局 — n 開始新局",
        &["b 回到對局"],
    );
    shows(
        &mut app,
        Action::BackToGame,
        "殺法已收起 — 新局，紅方走棋",
        &["回到對局"],
    );
}

#[test]
fn with_a_game_behind_the_record_or_puzzle_the_refusal_names_b() {
    let back = "That is for your game, not this record or puzzle — b brings the game back";
    let mut app = start_app();
    play_all(&mut app, "h2e2 h9g7");
    app.update(record_found());
    assert!(app.game_aside());
    for action in [Action::Resign, Action::OfferDraw, Action::ToggleComputer] {
        shows(&mut app, action, back, &["n starts one"]);
        assert_eq!(app.message(), Some(&Message::NotTheGame));
        assert_eq!(app.mode(), Mode::Play, "nothing asked");
    }
    assert!(
        !app.computer().plays(Color::Red) && !app.computer().plays(Color::Black),
        "the computer was handed no side"
    );
    shows(
        &mut app,
        Action::BackToGame,
        "Back to your game",
        &["put away"],
    );

    app.update(Action::Puzzle);
    for action in [Action::Resign, Action::OfferDraw] {
        shows(&mut app, action, back, &["n starts one"]);
    }
}

#[test]
fn a_record_opened_with_no_game_begun_is_the_game_and_its_keys_act_on_it() {
    // Opened with `o` before any move: it becomes the game.
    let mut app = start_app();
    app.update(record_found());
    assert!(!app.game_aside());
    app.update(Action::Resign);
    assert_eq!(app.mode(), Mode::Confirm(Question::Resign(Color::Red)));
    app.update(Action::Answer(false));
    // Loaded with `--load`.
    let mut app = App::loaded(SavedGame::of(&record()), Options::default());
    app.update(Action::OfferDraw);
    assert_eq!(
        app.mode(),
        Mode::Confirm(Question::Draw(Color::Red)),
        "{:?}",
        app.message()
    );
    app.update(Action::Answer(false));
    app.update(Action::ToggleComputer);
    assert!(app.computer().plays(Color::Red), "{:?}", app.message());
}

/// `text` (a record) as `--load` opens it, its words in `lang`.
fn loaded(text: &str, lang: Lang) -> App {
    let pgn = xiangqi::pgn::read_game(text.as_bytes(), 1).expect("record");
    let options = Options {
        lang,
        ..Options::default()
    };
    App::loaded(SavedGame::of(&pgn), options)
}

/// `action` is refused on `app` with the record's result, and nothing is asked.
fn refused_as_ended(app: &mut App, action: Action, act: GameAct, result: &str) {
    app.update(action);
    assert_eq!(app.mode(), Mode::Play, "{:?}", app.message());
    match app.message() {
        Some(Message::RecordEnded(said, r)) => assert_eq!((*said, r.as_str()), (act, result)),
        other => panic!("{act:?}: {other:?}"),
    }
}

#[test]
fn a_record_that_states_its_result_is_not_resigned_or_offered_a_draw_but_gone_through() {
    let moves = "1. c3c4 c6c5 2. b2c2 c5c4";
    // The result in the tags and after the moves, after the moves alone, in the tags alone.
    for (text, result) in [
        (format!("[Result \"1-0\"]\n{moves} 1-0\n"), "1-0"),
        (format!("{moves} 0-1\n"), "0-1"),
        (format!("[Result \"1/2-1/2\"]\n{moves}\n"), "1/2-1/2"),
    ] {
        let mut app = loaded(&text, Lang::En);
        refused_as_ended(&mut app, Action::Resign, GameAct::Resign, result);
        refused_as_ended(&mut app, Action::OfferDraw, GameAct::Draw, result);
        // Gone through: a step back is a position of the record, as ended as its last.
        app.update(Action::Undo);
        assert_eq!(app.game().moves().len(), 3, "{:?}", app.message());
        refused_as_ended(&mut app, Action::Resign, GameAct::Resign, result);
        app.update(Action::Redo);
        assert_eq!(app.game().moves().len(), 4, "{:?}", app.message());
    }
    let ended = format!("[Result \"1-0\"]\n{moves} 1-0\n");
    let mut app = loaded(&ended, Lang::En);
    shows(
        &mut app,
        Action::Resign,
        "This record ended 1-0 — resigning is for a game going on",
        &["resign this game"],
    );
    // A move of the player's own past its end is a game that goes on.
    play_all(&mut app, "h2e2");
    app.update(Action::Resign);
    assert_eq!(app.mode(), Mode::Confirm(Question::Resign(Color::Black)));
    // An unfinished record (`*`) goes on too.
    let mut app = loaded(&format!("{moves} *\n"), Lang::En);
    app.update(Action::OfferDraw);
    assert_eq!(app.mode(), Mode::Confirm(Question::Draw(Color::Red)));
}

#[test]
fn why_an_ended_record_refuses_is_said_in_chinese() {
    let ended = "[Result \"0-1\"]\n1. c3c4 c6c5 0-1\n";
    for (lang, resign, draw) in [
        (
            Lang::ZhHans,
            "这个棋谱已以 0-1 结束 — 认输只用于",
            "提和只用于正在下的对局",
        ),
        (
            Lang::ZhHant,
            "這個棋譜已以 0-1 結束 — 認輸只用於",
            "提和只用於正在下的對局",
        ),
    ] {
        let mut app = loaded(ended, lang);
        shows(&mut app, Action::Resign, resign, &["record"]);
        shows(&mut app, Action::OfferDraw, draw, &["record"]);
    }
}
