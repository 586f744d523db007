//! Saving a game as PGN or XQF (the prompt, replacing a file, a failed save) and loading one
//! back with its moves, tags and result.

use super::*;
use std::path::PathBuf;

/// A fresh folder under the system's temporary one, removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!(
            "xiangqi-tui-{name}-{}-{:?}",
            std::process::id(),
            std::time::SystemTime::now()
        ));
        std::fs::create_dir_all(&dir).expect("temp dir");
        TempDir(dir)
    }

    fn names(&self) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(&self.0)
            .expect("list")
            .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn save_as(app: &mut App, path: &std::path::Path) {
    app.update(Action::Save);
    type_text(app, &path.to_string_lossy());
    step(app, Action::Submit);
}

#[test]
fn the_save_prompt_offers_a_dated_name_in_the_current_folder() {
    let mut app = start_app();
    app.update(Action::Save);
    assert_eq!(app.mode(), Mode::Prompt(Prompt::Save));
    let name = app.prompt().text();
    assert!(
        name.starts_with("xiangqi-") && name.ends_with(".pgn") && !name.contains('/'),
        "{name}"
    );
    app.update(Action::Cancel);
    assert_eq!(app.mode(), Mode::Play);
}

#[test]
fn save_writes_pgn_that_reads_back_to_the_same_moves() {
    let dir = TempDir::new("save");
    let path = dir.0.join("game.pgn");
    let mut app = start_app();
    play_all(&mut app, "h2e2 h9g7 h0g2 i9h9");
    // 2024-02-29 23:59:59 UTC, by the loop's clock.
    app.update(Action::Tick(Now {
        unix_secs: 1_709_251_199,
        ..Now::default()
    }));
    save_as(&mut app, &path);
    assert_eq!(app.mode(), Mode::Play);
    assert!(
        matches!(app.message(), Some(Message::Saved(p)) if p.ends_with("game.pgn")),
        "{:?}",
        app.message()
    );
    let bytes = std::fs::read(&path).expect("saved");
    let text = String::from_utf8(bytes.clone()).expect("UTF-8");
    assert!(text.contains("1. 炮二平五 馬８進７"), "{text}");
    assert!(text.contains("[Result \"*\"]"), "{text}");
    assert!(text.contains("[Date \"2024.02.29\"]"), "{text}");
    let back = xiangqi_records::pgn::read_game(&bytes, 1).expect("reads back");
    assert_eq!(back.moves(), app.game().moves());
    assert_eq!(dir.names(), ["game.pgn"], "no temporary file left");
}

#[test]
fn a_name_ending_in_xqf_saves_an_xqf_file_and_says_what_it_left_out() {
    let dir = TempDir::new("save-xqf");
    let path = dir.0.join("game.XQF");
    let mut app = start_app();
    play_all(&mut app, "h2e2 h9g7 h0g2");
    app.update(Action::Record(crate::tui::state::action::RecordKey::Mark));
    save_as(&mut app, &path);
    let Some(Message::SavedXqf(saved, left_out)) = app.message() else {
        panic!("{:?}", app.message());
    };
    assert!(saved.ends_with("game.XQF"));
    // The mark, and the tags XQF has no field for (the termination, the notation's format).
    assert!(*left_out >= 1, "{left_out}");
    let screen = screen_text(&app);
    assert!(screen.contains("as XQF, without"), "{screen}");
    let bytes = std::fs::read(&path).expect("saved");
    let game = xiangqi_records::xqf::read(&bytes).expect("an XQF file");
    let moves: Vec<String> = game
        .tree
        .main_line()
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(moves, ["h2e2", "h9g7", "h0g2"]);
}

#[test]
fn save_asks_before_replacing_a_file() {
    let dir = TempDir::new("overwrite");
    let path = dir.0.join("game.pgn");
    std::fs::write(&path, "keep me").expect("write");
    let mut app = start_app();
    play_all(&mut app, "h2e2");
    save_as(&mut app, &path);
    assert_eq!(app.mode(), Mode::Confirm(Question::Overwrite));
    assert!(
        crate::tui::view::words::strings::question_in(
            crate::tui::Lang::En,
            Question::Overwrite,
            app.prompt().text()
        )
        .contains("game.pgn exists")
    );
    app.update(Action::Answer(false));
    assert_eq!(app.mode(), Mode::Prompt(Prompt::Save), "back to the name");
    assert_eq!(std::fs::read(&path).expect("read"), b"keep me");
    app.update(Action::Cancel);
    assert_eq!(std::fs::read(&path).expect("read"), b"keep me");

    save_as(&mut app, &path);
    step(&mut app, Action::Answer(true));
    let bytes = std::fs::read(&path).expect("read");
    assert_eq!(
        xiangqi_records::pgn::read_game(&bytes, 1)
            .expect("PGN")
            .moves(),
        &[mv("h2e2")]
    );
    assert_eq!(dir.names(), ["game.pgn"]);
    // The name is offered again next time.
    app.update(Action::Save);
    assert_eq!(app.prompt().text(), path.to_string_lossy());
}

#[test]
fn a_failed_save_says_why_and_where() {
    let dir = TempDir::new("fail");
    let path = dir.0.join("no-such-folder").join("game.pgn");
    let mut app = start_app();
    save_as(&mut app, &path);
    let Some(Message::SaveFailed(p, why)) = app.message() else {
        panic!("{:?}", app.message());
    };
    assert!(p.ends_with("no-such-folder/game.pgn") && !why.is_empty());
    let words = crate::tui::view::words::strings::message_in(
        crate::tui::Lang::En,
        app.message().expect("message"),
        xiangqi_rules::Color::Red,
    );
    assert!(words.contains("no-such-folder"), "{words}");
    assert!(dir.names().is_empty());
}

#[test]
fn a_finished_game_is_saved_with_its_result_and_termination() {
    let dir = TempDir::new("result");
    let path = dir.0.join("mate.pgn");
    let mut app = app_from(MATE_IN_ONE, Options::default());
    play_all(&mut app, "a1a9");
    save_as(&mut app, &path);
    let text = std::fs::read_to_string(&path).expect("saved");
    assert!(text.contains("[Result \"1-0\"]"), "{text}");
    assert!(text.contains("[Termination \"checkmate\"]"), "{text}");
    assert!(text.contains("[FEN \"4k4/1R7"), "{text}");
    assert!(text.trim_end().ends_with("1-0"), "{text}");
}

const RECORD: &str = "[Event \"Club\"]\n[Red \"Li\"]\n[Black \"Wang\"]\n\
                      [Result \"1-0\"]\n1. 炮二平五 马８进７ 2. 马二进三 车９平８ 1-0\n";

fn loaded_app() -> App {
    let pgn = xiangqi_records::pgn::read_game(RECORD.as_bytes(), 1).expect("record");
    App::loaded(
        crate::tui::store::saved::SavedGame::of(&pgn),
        Options::default(),
    )
}

#[test]
fn a_loaded_game_opens_at_its_end_and_undo_walks_to_its_start() {
    let mut app = loaded_app();
    let end = Position::start()
        .play(mv("h2e2"))
        .and_then(|p| p.play(mv("h9g7")))
        .and_then(|p| p.play(mv("h0g2")))
        .and_then(|p| p.play(mv("i9h9")))
        .expect("legal");
    assert_eq!(app.game().position(), &end);
    // Four plies: two moves as players count them.
    assert!(matches!(app.message(), Some(Message::Loaded(2, _))));
    assert!(screen_text(&app).contains("2. 馬二進三 車９平８"));
    for _ in 0..4 {
        app.update(Action::Undo);
    }
    assert_eq!(app.game().position(), &Position::start());
    app.update(Action::Undo);
    assert_eq!(app.message(), Some(&Message::NothingToUndo));
}

#[test]
fn a_loaded_game_keeps_its_tags_and_recorded_result_until_it_changes() {
    let dir = TempDir::new("tags");
    let path = dir.0.join("again.pgn");
    let mut app = loaded_app();
    save_as(&mut app, &path);
    let text = std::fs::read_to_string(&path).expect("saved");
    for tag in ["[Red \"Li\"]", "[Black \"Wang\"]", "[Result \"1-0\"]"] {
        assert!(text.contains(tag), "{tag} in {text}");
    }
    // A step back keeps every move of the record: it is saved whole, its result too.
    app.update(Action::Undo);
    save_as(&mut app, &path);
    step(&mut app, Action::Answer(true));
    let text = std::fs::read_to_string(&path).expect("saved");
    assert!(text.contains("[Result \"1-0\"]"), "{text}");
    // A move after the record's last one changes the game.
    app.update(Action::Redo);
    play_all(&mut app, "b0c2");
    save_as(&mut app, &path);
    step(&mut app, Action::Answer(true));
    let text = std::fs::read_to_string(&path).expect("saved");
    assert!(text.contains("[Red \"Li\"]"), "{text}");
    assert!(
        text.contains("[Result \"*\"]"),
        "not the record's any more: {text}"
    );
}

/// "Opened game 1: N moves" and "Loaded a game of N moves" count the game as recorded: a
/// position pasted with black to move has no move yet, and a record left partway (its
/// `[Cursor]`) is counted whole, not up to where it was left.
#[test]
fn opened_and_loaded_games_count_the_moves_recorded() {
    use crate::tui::state::prompt::message::ReviewNote;
    let mut app = start_app();
    let black_to_move = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b";
    app.update(Action::Paste(black_to_move.into()));
    assert_eq!(app.game().position().turn(), Color::Black);
    assert_eq!(
        app.message(),
        Some(&Message::Review(ReviewNote::Opened(1, 0)))
    );
    let partway = RECORD.replace("[Result", "[Cursor \"h2e2 h9g7\"]\n[Result");
    let pgn = xiangqi_records::pgn::read_game(partway.as_bytes(), 1).expect("record");
    let saved = crate::tui::store::saved::SavedGame::of(&pgn);
    let app = App::loaded(saved, Options::default());
    assert_eq!(app.game().moves().len(), 2, "left after the first round");
    assert!(
        matches!(app.message(), Some(Message::Loaded(2, _))),
        "{:?}",
        app.message()
    );
    let mut app = start_app();
    app.update(Action::Paste(partway));
    assert_eq!(app.game().moves().len(), 2);
    assert_eq!(
        app.message(),
        Some(&Message::Review(ReviewNote::Opened(1, 2)))
    );
}

#[test]
fn a_game_file_changed_after_the_picker_indexed_it_is_not_opened_at_the_old_place() {
    use crate::tui::store::library::{LibraryError, index_file, read_game};
    let dir = TempDir::new("changed");
    let path = dir.0.join("games.pgn");
    let two = "[Red \"A\"]\n1. h2e2 *\n\n[Red \"B\"]\n1. b0c2 *\n";
    std::fs::write(&path, two).expect("written");
    let index = index_file(&path).expect("indexed");
    std::fs::write(
        &path,
        format!("{}\n[Red \"C\"]\n*\n", two.replace('B', "D")),
    )
    .expect("written");
    match read_game(&path, &index, 2) {
        Err(LibraryError::Game { source, .. }) => assert_eq!(
            source.kind,
            xiangqi_records::pgn::PgnErrorKind::Read(
                "the file has changed since it was indexed".into()
            )
        ),
        other => panic!("{:?}", other.map(|g| g.tags().to_vec())),
    }
}

/// A record whose reader cut a line it could not play opens with the rest, and the message
/// line says which line was cut, where and why.
#[test]
fn a_game_read_in_part_says_which_line_was_cut() {
    use crate::tui::state::prompt::message::ReviewNote;
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("crates/xiangqi-records/tests/data/games/xqf/v18-bad-variation.XQF");
    let bytes = std::fs::read(path).expect("the test file");
    let pgn = xiangqi_records::pgn::read_game(bytes.as_slice(), 1).expect("reads");
    let app = App::loaded(
        crate::tui::store::saved::SavedGame::of(&pgn),
        Options::default(),
    );
    assert_eq!(app.game().moves().len(), 31);
    assert!(
        matches!(app.message(), Some(Message::Review(ReviewNote::LinesCut(cut, None))) if cut.len() == 1),
        "{:?}",
        app.message()
    );
    let text = screen_text(&app);
    for said in [
        "Read in part, a variation cut at move 9",
        "(Black)",
        "move record 136 (d8d9)",
    ] {
        assert!(text.contains(said), "{said}: {text}");
    }
}

/// The picker says what the file or folder held that it does not list: a library's chapter
/// headings, a folder's files that hold no game.
#[test]
fn the_picker_says_what_it_passed_over() {
    use crate::tui::state::action::Found;
    use crate::tui::store::library::{Shared, index_file};
    let data = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("crates/xiangqi-records/tests/data/games");
    let book = index_file(&data.join("ccbridge/cchess-canjuquanshu-part.CBL")).expect("indexed");
    let dir = TempDir::new("passed");
    std::fs::copy(data.join("xqf/v11-game.xqf"), dir.0.join("a.xqf")).expect("copied");
    std::fs::write(dir.0.join("notes.txt"), "not a game").expect("written");
    let folder = index_file(&dir.0).expect("indexed");
    for (index, said) in [
        (book, "— passed over: 5 chapter headings"),
        (folder, "— passed over: one file that holds no game"),
    ] {
        let mut app = start_app();
        app.update(Action::Found(Found::Index {
            path: PathBuf::from("book"),
            result: Ok(Shared::new(index)),
        }));
        let text = screen_text(&app);
        assert!(text.contains(said), "{said}: {text}");
    }
}
