//! The real `xiangqi` binary editing a record in a pseudo-terminal: a comment typed in
//! Chinese and a mark on move 3, saved and loaded again; a variation promoted and a move of
//! the main line deleted, saved; `y` and `Y` write OSC 52 sequences (read from the raw bytes)
//! whose text is the position's FEN and a PGN that replays to it; a FEN pasted with
//! bracketed paste opens on a new game.

use crate::common;

use base64::Engine as _;
use base64::engine::general_purpose::STANDARD;
use common::Session;
use xiangqi_rules::Position;

const RECORD: &str = "[Red \"Lu Qin\"]\n[Black \"Xu Yinchuan\"]\n[Result \"*\"]\n\
    1. h2e2 h9g7 (1... b9c7 2. b0c2) 2. h0g2 i9h9 3. i0h0 *\n";

/// Writes the record to a file in `dir` and starts the program on it.
fn load(dir: &std::path::Path, name: &str, text: &str) -> Session {
    let file = dir.join(name);
    std::fs::write(&file, text).expect("write the record");
    let state = dir.join("state");
    let mut s = Session::start_in(&["--load", &file.display().to_string()], 100, 40, &state);
    s.wait_for("Lu Qin – Xu Yinchuan");
    s
}

/// The texts of every OSC 52 sequence in `raw`, decoded.
fn clipboard_texts(raw: &[u8]) -> Vec<String> {
    let start = b"\x1b]52;c;";
    let mut out = Vec::new();
    let mut rest = raw;
    while let Some(at) = rest.windows(start.len()).position(|w| w == start) {
        rest = &rest[at + start.len()..];
        let end = rest.iter().position(|&b| b == 0x07).expect("BEL ends it");
        let bytes = STANDARD.decode(&rest[..end]).expect("base64");
        out.push(String::from_utf8(bytes).expect("UTF-8"));
        rest = &rest[end..];
    }
    out
}

#[test]
fn a_comment_and_a_mark_on_move_3_are_saved_and_loaded_again() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let saved = dir.path().join("annotated.pgn");
    let mut s = load(dir.path(), "record.pgn", RECORD);
    s.send(b"\x1b[H");
    s.wait_for("The start position");
    s.send(b"]]]");
    s.wait_for("ply 3");
    s.send(b"{");
    s.wait_for("Comment:");
    s.send("好棋，稳健 good".as_bytes());
    s.send(b"\r");
    s.wait_for("Comment kept");
    s.send(b"!");
    s.wait_for("Marked !");
    assert!(s.screen().contains("馬二進三!"), "{}", s.screen());
    s.save_and_quit(&saved);

    let text = std::fs::read_to_string(&saved).expect("the saved file");
    assert!(text.contains("馬二進三 $1 {好棋，稳健 good}"), "{text}");

    let state = dir.path().join("state");
    let mut again = Session::start_in(&["--load", &saved.display().to_string()], 100, 40, &state);
    again.wait_for("Lu Qin – Xu Yinchuan");
    let screen = again.screen();
    assert!(screen.contains("馬二進三!"), "the mark:\n{screen}");
    assert!(
        screen.contains("好棋，稳健 good"),
        "the comment of move 3, where the file was left:\n{screen}"
    );
}

#[test]
fn promote_and_delete_reshape_the_record_and_the_file_shows_it() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let saved = dir.path().join("reshaped.pgn");
    let mut s = load(dir.path(), "record.pgn", RECORD);
    s.send(b"\x1b[H");
    s.wait_for("The start position");
    s.send(b"]]>");
    s.wait_for("variation, ply 2");
    s.send(b"+");
    s.wait_for("main line now");
    s.send(b"]");
    s.wait_for("ply 3");
    s.send(b"\x1b[3~");
    s.wait_for("Delete this move of the main line? (y/n)");
    s.send(b"y");
    s.wait_for("1 move deleted");
    let screen = s.screen();
    assert!(screen.contains("1. 炮二平五 馬２進３"), "{screen}");
    assert!(!screen.contains("馬八進七"), "{screen}");
    // Taken back and done again: the file shows the second time.
    s.send(b"u");
    s.wait_for("Deleted moves restored");
    assert!(s.screen().contains("馬八進七"), "{}", s.screen());
    s.send(b"\x1b[3~");
    s.wait_for("(y/n)");
    s.send(b"y");
    s.wait_for("1 move deleted");
    s.save_and_quit(&saved);

    let text = std::fs::read_to_string(&saved).expect("the saved file");
    assert!(
        text.contains("1. 炮二平五 馬２進３ (1. ... 馬８進７"),
        "{text}"
    );
    assert!(!text.contains("馬八進七"), "{text}");
    let game = xiangqi_records::pgn::read_game(text.as_bytes(), 1).expect("it reads back");
    let main: Vec<String> = game
        .to_game()
        .main_line()
        .iter()
        .map(ToString::to_string)
        .collect();
    assert_eq!(main, ["h2e2", "b9c7"]);
}

#[test]
fn y_and_shift_y_put_the_fen_and_a_pgn_on_the_clipboard_by_osc_52() {
    let mut s = Session::start(&[], 100, 40);
    s.wait_for("Red to move");
    s.send(b":h2e2\r");
    s.wait_for("Black to move");
    let before = s.raw.len();
    s.send(b"y");
    s.wait_for("FEN copied");
    s.send(b"Y");
    s.wait_for("PGN copied");
    let texts = clipboard_texts(&s.raw[before..]);
    let after = Position::start()
        .play("h2e2".parse().expect("a move"))
        .expect("legal");
    assert_eq!(texts.len(), 2, "{texts:?}");
    assert_eq!(texts[0], after.fen());
    let pgn = xiangqi_records::pgn::read_game(texts[1].as_bytes(), 1).expect("a PGN");
    assert_eq!(pgn.to_game().position().fen(), after.fen());
    assert!(
        s.screen()
            .contains(&format!("PGN copied ({} bytes)", texts[1].len())),
        "{}",
        s.screen()
    );
    s.send(b"q");
    s.wait_for("y/n");
    s.send(b"y");
    assert!(s.wait_exit().success());
}

#[test]
fn a_pasted_fen_opens_on_a_new_game_and_f_shows_it() {
    let fen = "3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1";
    let mut s = Session::start(&[], 100, 40);
    s.wait_for("Red to move");
    s.send(format!("\x1b[200~{fen}\x1b[201~").as_bytes());
    s.wait_for("Opened");
    s.send(b"F");
    s.wait_for(fen);
    let screen = s.screen();
    assert!(!screen.contains('炮'), "no cannon left:\n{screen}");
    assert_eq!(screen.matches('俥').count(), 1, "{screen}");
    s.send(b"q");
    s.wait_exit();
}
