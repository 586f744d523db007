//! Editing the record by hand on the screen: the comment prompt (Chinese text), marks in the
//! move list, a variation promoted and moves deleted, each taken back with `u` and made
//! again with `r`; the
//! clipboard's effects and the FEN shown; a paste on a new game and during one.

use super::review::{draw, text_of};
use super::{play_all, start_app};
use crate::tui::input::action_for;
use crate::tui::state::action::{Action, EditKey, Found, Nav, RecordKey};
use crate::tui::state::app::{App, Options};
use crate::tui::state::effect::Effect;
use crate::tui::state::prompt::message::{Message, Mode, Prompt, Question};
use crate::tui::state::record::RecordNote;
use crate::tui::store::library::Shared;
use crate::tui::view::layout::ScreenLayout;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use ratatui::layout::Rect;
use xiangqi_rules::{EditKind, NodeId};

/// A record of five moves with a variation for black's first move.
const RECORD: &str = "[Red \"Lu Qin\"]\n[Black \"Xu Yinchuan\"]\n[Result \"*\"]\n\
    1. h2e2 h9g7 (1... b9c7 2. b0c2) 2. h0g2 i9h9 3. i0h0 *\n";

fn loaded() -> App {
    let game = xiangqi_records::pgn::read_game(RECORD.as_bytes(), 1).expect("test game");
    App::loaded(
        crate::tui::store::saved::SavedGame::of(&game),
        Options::default(),
    )
}

/// What pressing `code` does on the 80×24 screen, as the player would press it.
fn press(app: &mut App, code: KeyCode) -> Vec<Effect> {
    let layout = ScreenLayout::new(Rect::new(0, 0, 80, 24), app.flipped());
    let event = Event::Key(KeyEvent::new(code, KeyModifiers::NONE));
    let action = action_for(&event, app.mode(), &layout).expect("a bound key");
    app.update(action)
}

fn key(app: &mut App, c: char) -> Vec<Effect> {
    press(app, KeyCode::Char(c))
}

/// The node of the main line's `n`-th move (from 1).
fn main_move(app: &App, n: usize) -> NodeId {
    app.game().tree().line_after(NodeId::ROOT)[n - 1]
}

fn main_line(app: &App) -> Vec<String> {
    app.game()
        .main_line()
        .iter()
        .map(ToString::to_string)
        .collect()
}

#[test]
fn a_comment_in_chinese_is_typed_on_the_prompt_and_shown_under_the_list() {
    let mut app = loaded();
    app.update(Action::Nav(Nav::To(main_move(&app, 3))));
    key(&mut app, '{');
    assert_eq!(app.mode(), Mode::Prompt(Prompt::Comment));
    for c in "马二进三，稳 solid".chars() {
        app.update(Action::Edit(EditKey::Char(c)));
    }
    // The cursor goes back over the wide characters, and one more goes in between.
    for _ in 0..6 {
        press(&mut app, KeyCode::Left);
    }
    key(&mut app, '健');
    insta::assert_snapshot!("comment_prompt", text_of(&draw(&app, 80, 24)));
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.mode(), Mode::Play);
    let node = main_move(&app, 3);
    assert_eq!(
        app.game().tree().comment(node),
        Some("马二进三，稳健 solid")
    );
    assert_eq!(app.message(), Some(&Message::Record(RecordNote::Commented)));
    let screen = text_of(&draw(&app, 80, 24));
    assert!(screen.contains("马二进三，稳健 solid"), "{screen}");
}

#[test]
fn esc_on_the_comment_prompt_keeps_the_comment_and_an_empty_one_removes_it() {
    let mut app = loaded();
    app.update(Action::Nav(Nav::To(main_move(&app, 2))));
    key(&mut app, '{');
    app.update(Action::Paste("good".into()));
    press(&mut app, KeyCode::Enter);
    key(&mut app, '{');
    assert_eq!(
        app.prompt().text(),
        "good",
        "the comment is offered to edit"
    );
    key(&mut app, 'x');
    press(&mut app, KeyCode::Esc);
    let node = main_move(&app, 2);
    assert_eq!(app.game().tree().comment(node), Some("good"));
    key(&mut app, '{');
    app.update(Action::Edit(EditKey::Clear));
    press(&mut app, KeyCode::Enter);
    assert_eq!(app.game().tree().comment(node), None);
    assert_eq!(
        app.message(),
        Some(&Message::Record(RecordNote::CommentRemoved))
    );
    // `u` takes the removal back, then the comment itself.
    key(&mut app, 'u');
    assert_eq!(app.game().tree().comment(node), Some("good"));
    key(&mut app, 'u');
    assert_eq!(app.game().tree().comment(node), None);
    assert_eq!(
        app.message(),
        Some(&Message::Record(RecordNote::Undone(EditKind::Comment)))
    );
}

#[test]
fn marks_cycle_and_show_in_the_move_list() {
    let mut app = loaded();
    app.update(Action::Nav(Nav::To(main_move(&app, 3))));
    let mut seen = Vec::new();
    for _ in 0..7 {
        key(&mut app, '!');
        match app.message() {
            Some(Message::Record(RecordNote::Marked(mark))) => seen.push(mark.unwrap_or("")),
            other => panic!("{other:?}"),
        }
    }
    assert_eq!(seen, ["!", "?", "!!", "??", "!?", "?!", ""]);
    for _ in 0..5 {
        key(&mut app, '!');
    }
    app.update(Action::Nav(Nav::To(main_move(&app, 1))));
    key(&mut app, '!');
    key(&mut app, '!');
    insta::assert_snapshot!("marks_in_the_list", text_of(&draw(&app, 80, 24)));
    let screen = text_of(&draw(&app, 80, 24));
    assert!(screen.contains("炮二平五?"), "{screen}");
    assert!(screen.contains("馬二進三!?"), "{screen}");
}

#[test]
fn the_start_has_no_move_to_edit() {
    let mut app = loaded();
    app.update(Action::Nav(Nav::Start));
    for c in ['{', '!', '+'] {
        key(&mut app, c);
        assert_eq!(app.mode(), Mode::Play);
        assert_eq!(app.message(), Some(&Message::Record(RecordNote::NoMove)));
    }
    press(&mut app, KeyCode::Delete);
    assert_eq!(app.message(), Some(&Message::Record(RecordNote::NoMove)));
    assert_eq!(app.game().tree().len(), 7, "nothing changed");
}

#[test]
fn promoting_a_variation_swaps_the_lines_and_u_swaps_them_back() {
    let mut app = loaded();
    let b9c7 = app.game().tree().children(main_move(&app, 1)).nth(1);
    app.update(Action::Nav(Nav::To(b9c7.expect("the variation"))));
    app.update(Action::Nav(Nav::Forward));
    key(&mut app, '+');
    assert_eq!(app.message(), Some(&Message::Record(RecordNote::Promoted)));
    assert_eq!(main_line(&app), ["h2e2", "b9c7", "b0c2"]);
    key(&mut app, '+');
    assert_eq!(
        app.message(),
        Some(&Message::Record(RecordNote::AlreadyMain))
    );
    let screen = text_of(&draw(&app, 80, 24));
    assert!(screen.contains("(1… 馬８進７"), "{screen}");
    key(&mut app, 'u');
    assert_eq!(main_line(&app), ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0"]);
    assert_eq!(app.game().moves().len(), 3, "on the move promoted");
}

#[test]
fn deleting_from_the_main_line_asks_first_and_u_brings_the_moves_back() {
    let mut app = loaded();
    app.update(Action::Nav(Nav::To(main_move(&app, 3))));
    press(&mut app, KeyCode::Delete);
    assert_eq!(app.mode(), Mode::Confirm(Question::DeleteMoves(3)));
    let screen = text_of(&draw(&app, 80, 24));
    assert!(
        screen.contains("Delete these 3 moves of the main line? (y/n)"),
        "{screen}"
    );
    key(&mut app, 'n');
    assert_eq!(app.game().tree().len(), 7);
    press(&mut app, KeyCode::Delete);
    key(&mut app, 'y');
    assert_eq!(
        app.message(),
        Some(&Message::Record(RecordNote::Deleted(3)))
    );
    assert_eq!(main_line(&app), ["h2e2", "h9g7"]);
    assert_eq!(app.game().moves().len(), 2, "back on the move before");
    key(&mut app, 'u');
    assert_eq!(main_line(&app), ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0"]);
    assert_eq!(app.game().moves().len(), 3, "on the move restored");
    // With no edit left, `u` steps back as before.
    key(&mut app, 'u');
    assert_eq!(app.game().moves().len(), 2);
}

/// `RECORD` opened from a file during a game of one move: a record in front of the game.
fn record_in_front() -> App {
    let mut app = start_app();
    play_all(&mut app, "h2e2");
    let pgn = xiangqi_records::pgn::read_game(RECORD.as_bytes(), 1).expect("test game");
    app.update(Action::Found(Found::Game {
        path: std::path::PathBuf::from("record.pgn"),
        result: Ok(Shared::new(pgn)),
    }));
    assert!(app.game_aside());
    app
}

#[test]
fn r_makes_the_edits_u_took_back_again_the_last_first() {
    let mut app = record_in_front();
    app.update(Action::Nav(Nav::To(main_move(&app, 3))));
    key(&mut app, '!');
    key(&mut app, '!');
    press(&mut app, KeyCode::Delete);
    key(&mut app, 'y');
    assert_eq!(main_line(&app), ["h2e2", "h9g7"]);
    for _ in 0..3 {
        key(&mut app, 'u');
    }
    let third = main_move(&app, 3);
    assert_eq!(main_line(&app), ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0"]);
    assert!(app.game().tree().nags(third).is_empty());
    assert_eq!(
        app.message(),
        Some(&Message::Record(RecordNote::Undone(EditKind::Mark)))
    );
    let screen = text_of(&draw(&app, 80, 24));
    assert!(screen.contains("(r makes it again)"), "{screen}");
    // Going through the record changes nothing: `r` still makes the edits again, on the
    // move they were made on.
    app.update(Action::Nav(Nav::Start));
    key(&mut app, 'r');
    assert_eq!(app.game().tree().nags(third), [1]);
    assert_eq!(app.game().current(), third);
    key(&mut app, 'r');
    assert_eq!(app.game().tree().nags(third), [2]);
    assert_eq!(
        app.message(),
        Some(&Message::Record(RecordNote::Marked(Some("?"))))
    );
    key(&mut app, 'r');
    assert_eq!(main_line(&app), ["h2e2", "h9g7"]);
    assert_eq!(
        app.message(),
        Some(&Message::Record(RecordNote::Deleted(3)))
    );
    // Nothing left to make again: `r` replays moves as before (none ahead here).
    key(&mut app, 'r');
    assert_eq!(app.message(), Some(&Message::NothingToRedo));
    // And what `r` made, `u` takes back again.
    key(&mut app, 'u');
    assert_eq!(main_line(&app).len(), 5);
}

#[test]
fn a_new_edit_drops_the_edits_taken_back() {
    // In a record, where going through the moves keeps what was taken back, only the new
    // edit can drop it.
    let mut app = record_in_front();
    app.update(Action::Nav(Nav::To(main_move(&app, 2))));
    key(&mut app, '!');
    key(&mut app, 'u');
    app.update(Action::Nav(Nav::To(main_move(&app, 1))));
    key(&mut app, '!');
    let second = main_move(&app, 2);
    // `r` goes forward a move instead of marking the second move again.
    key(&mut app, 'r');
    assert!(app.game().tree().nags(second).is_empty());
    assert_eq!(app.game().current(), second);
    assert_eq!(app.game().tree().nags(main_move(&app, 1)), [1]);
}

#[test]
fn in_the_played_game_r_brings_back_the_move_then_the_edit() {
    let mut app = start_app();
    play_all(&mut app, "h2e2 h9g7");
    key(&mut app, '!');
    key(&mut app, 'u');
    key(&mut app, 'u');
    assert_eq!(app.game().moves().len(), 1);
    key(&mut app, 'r');
    assert_eq!(app.game().moves().len(), 2, "the move first");
    assert!(app.game().tree().nags(app.game().current()).is_empty());
    key(&mut app, 'r');
    assert_eq!(
        app.game().tree().nags(app.game().current()),
        [1],
        "then the mark"
    );
    // A move played after an undo drops what it took back.
    key(&mut app, 'u');
    key(&mut app, 'u');
    play_all(&mut app, "b9c7");
    key(&mut app, 'r');
    assert_eq!(app.message(), Some(&Message::NothingToRedo));
    assert!(app.game().tree().nags(main_move(&app, 2)).is_empty());
}

#[test]
fn a_variation_is_deleted_without_asking() {
    let mut app = loaded();
    let b9c7 = app.game().tree().children(main_move(&app, 1)).nth(1);
    app.update(Action::Nav(Nav::To(b9c7.expect("the variation"))));
    press(&mut app, KeyCode::Delete);
    assert_eq!(app.mode(), Mode::Play);
    assert_eq!(
        app.message(),
        Some(&Message::Record(RecordNote::Deleted(2)))
    );
    assert_eq!(app.game().tree().len(), 5);
    let screen = text_of(&draw(&app, 80, 24));
    assert!(!screen.contains("馬２進３"), "{screen}");
}

#[test]
fn in_the_played_game_u_takes_back_the_edit_then_the_move() {
    let mut app = start_app();
    play_all(&mut app, "h2e2 h9g7");
    let effects = key(&mut app, '!');
    assert!(
        effects
            .iter()
            .any(|e| matches!(e, Effect::Autosave(pgn) if pgn.contains("$1"))),
        "the mark is autosaved: {effects:?}"
    );
    key(&mut app, 'u');
    assert!(app.game().tree().nags(app.game().current()).is_empty());
    assert_eq!(app.game().moves().len(), 2, "the move stays");
    key(&mut app, 'u');
    assert_eq!(app.game().moves().len(), 1, "then it is taken back");
    // An edit before a move played is not taken back by `u`: the move is — even a move
    // the tree had already.
    key(&mut app, '!');
    play_all(&mut app, "h9g7");
    key(&mut app, 'u');
    assert_eq!(app.game().moves().len(), 1);
    play_all(&mut app, "h9g7 h0g2");
    key(&mut app, 'u');
    assert_eq!(app.game().moves().len(), 2);
    let first = main_move(&app, 1);
    assert_eq!(app.game().tree().nags(first), [1]);
}

#[test]
fn in_the_played_game_going_through_the_moves_keeps_the_edit_for_u() {
    // A record loaded as the game (`--load`): going back over it is no change.
    let mut app = loaded();
    key(&mut app, '[');
    key(&mut app, '[');
    key(&mut app, '!');
    let marked = app.game().current();
    assert_eq!(app.game().tree().nags(marked), [1]);
    key(&mut app, '[');
    key(&mut app, 'u');
    assert_eq!(
        app.message(),
        Some(&Message::Record(RecordNote::Undone(EditKind::Mark)))
    );
    assert!(app.game().tree().nags(marked).is_empty());
    assert_eq!(app.game().current(), marked, "on the move it was made on");
    // And `r` makes it again from wherever the game was gone to.
    app.update(Action::Nav(Nav::Start));
    key(&mut app, 'r');
    assert_eq!(app.game().tree().nags(marked), [1]);
    assert_eq!(app.game().current(), marked);
    // A move played ends it: `u` takes the move back, and then moves, the mark staying.
    play_all(&mut app, "i9h9");
    key(&mut app, 'u');
    assert_eq!(app.game().current(), marked);
    key(&mut app, 'u');
    assert_eq!(app.game().moves().len(), 2);
    assert_eq!(app.game().tree().nags(marked), [1]);
}

#[test]
fn a_timed_game_going_on_is_commented_but_not_reshaped() {
    let options = Options {
        clock: Some("5+0".parse().expect("a time control")),
        ..Options::default()
    };
    let mut app = App::new(xiangqi_rules::Game::default(), options);
    play_all(&mut app, "h2e2 h9g7");
    press(&mut app, KeyCode::Delete);
    assert!(
        matches!(
            app.message(),
            Some(Message::Review(
                crate::tui::state::prompt::message::ReviewNote::ClockRunning
            ))
        ),
        "{:?}",
        app.message()
    );
    assert_eq!(app.game().moves().len(), 2);
    key(&mut app, '!');
    assert_eq!(app.game().tree().nags(app.game().current()), [1]);
}

#[test]
fn y_and_shift_y_copy_the_fen_and_the_pgn_and_f_shows_the_fen() {
    let mut app = loaded();
    app.update(Action::Nav(Nav::To(main_move(&app, 3))));
    key(&mut app, '!');
    let fen = app.game().position().fen();
    assert_eq!(key(&mut app, 'y'), [Effect::Clipboard(fen.clone())]);
    assert_eq!(app.message(), Some(&Message::Record(RecordNote::FenCopied)));
    let effects = key(&mut app, 'Y');
    let [Effect::Clipboard(pgn)] = effects.as_slice() else {
        panic!("{effects:?}");
    };
    assert!(pgn.contains("[Red \"Lu Qin\"]"), "{pgn}");
    assert!(pgn.contains("$1"), "{pgn}");
    assert!(
        pgn.contains("(1. ... 馬２進３ 2. 馬八進七)"),
        "the variation: {pgn}"
    );
    assert_eq!(
        app.message(),
        Some(&Message::Record(RecordNote::PgnCopied(pgn.len())))
    );
    key(&mut app, 'F');
    let screen = text_of(&draw(&app, 80, 24));
    let line = screen.lines().last().expect("a message line");
    assert_eq!(line.trim(), fen, "the FEN alone on its line");
}

#[test]
fn shift_d_copies_the_game_as_a_dhtmlxq_block_that_reads_back() {
    let mut app = loaded();
    key(&mut app, '!');
    let effects = key(&mut app, 'D');
    let [Effect::Clipboard(block)] = effects.as_slice() else {
        panic!("{effects:?}");
    };
    let read = xiangqi_records::dhtmlxq::read_all(block);
    let [Ok(game)] = read.as_slice() else {
        panic!("{read:?}\n{block}");
    };
    assert_eq!(game.tree.main_line(), app.game().tree().main_line());
    assert_eq!(
        game.tree.len(),
        app.game().tree().len(),
        "with the variation"
    );
    assert!(
        game.tags.contains(&("Red".into(), "Lu Qin".into())),
        "{:?}",
        game.tags
    );
    // The mark `!` has no place in DhtmlXQ: said, not dropped silently.
    assert_eq!(
        app.message(),
        Some(&Message::Record(RecordNote::DhtmlxqCopied {
            bytes: block.len(),
            left_out: 1,
        }))
    );
    let screen = text_of(&draw(&app, 100, 30));
    assert!(
        screen.contains("one thing it cannot hold left out"),
        "{screen}"
    );
}

#[test]
fn a_paste_opens_at_once_on_a_new_game_and_asks_during_one() {
    let fen = "3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1";
    let mut app = start_app();
    app.update(Action::Paste(format!("{fen}\n")));
    assert_eq!(app.mode(), Mode::Play);
    assert_eq!(app.game().position().fen(), fen);
    assert!(!app.game_aside(), "it is the game now");

    let mut app = start_app();
    app.update(Action::Paste(RECORD.into()));
    assert_eq!(app.game().moves().len(), 5);
    assert_eq!(app.tags()[0], ("Red".to_string(), "Lu Qin".to_string()));
    app.update(Action::Record(RecordKey::Mark));
    assert_eq!(app.game().tree().nags(main_move(&app, 5)), [1]);

    let mut app = start_app();
    play_all(&mut app, "h2e2");
    app.update(Action::Paste(fen.into()));
    assert_eq!(app.mode(), Mode::Confirm(Question::OpenPasted(false)));
}
