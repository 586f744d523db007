//! The real `xiangqi` binary in a pseudo-terminal: keys and mouse in, the screen read back
//! with a terminal emulator (`vt100`), and what it prints when it quits.

use crate::common;

use common::{Session, TempDir, fen_after};
use portable_pty::PtySize;
use xiangqi_rules::START_FEN;

#[test]
fn keys_and_mouse_play_moves_and_quit_prints_the_fen() {
    // The FEN's fields as separate words, as a shell passes them unquoted.
    let words: Vec<&str> = START_FEN.split(' ').collect();
    let mut s = Session::start(&words, 80, 24);
    s.wait_for("Red to move");
    assert!(
        s.parser.screen().alternate_screen(),
        "draws on the alternate screen"
    );
    assert_eq!(
        s.parser.screen().mouse_protocol_mode(),
        vt100::MouseProtocolMode::PressRelease,
        "clicks only, no motion reports"
    );

    // Keys: the cursor starts on e0; up twice and right three times is h2, the cannon.
    s.send(b"kklll\r");
    // A refused move keeps the selection and says why: h2 cannot go diagonally to g1.
    s.send(b"jh\r");
    s.wait_for("the cannon moves along a straight line");
    // Still selected: from g1 up to g2 and left to e2, then Space.
    s.send(b"khh ");
    s.wait_for("1. 炮二平五");
    s.wait_for("Black to move");

    // Mouse: the black horse from h9 to g7, clicking the second cell of each point.
    let (x, y) = s.cell_of("h9");
    s.click((x + 1, y));
    let g7 = s.cell_of("g7");
    s.click(g7);
    s.wait_for("馬８進７");
    s.wait_for("Red to move");

    // A game that goes on: quitting asks first.
    s.send(b"q");
    s.wait_for("Quit? The game is saved");
    s.send(b"y");
    let status = s.wait_exit();
    assert!(status.success(), "exit status {status:?}");
    assert!(
        !s.parser.screen().alternate_screen(),
        "left the alternate screen"
    );
    assert_eq!(
        s.parser.screen().mouse_protocol_mode(),
        vt100::MouseProtocolMode::None
    );
    let lines = s.lines();
    let fen = fen_after(START_FEN, &["h2e2", "h9g7"]);
    let at = lines.iter().position(|l| *l == fen).unwrap_or_else(|| {
        panic!("no FEN line {fen:?} in:\n{}", s.screen());
    });
    assert_eq!(
        lines.get(at + 1).map(String::as_str),
        Some("1. 炮二平五 馬８進７"),
        "the moves as PGN movetext, in the notation shown"
    );
}

#[test]
fn checkmate_by_mouse_shows_the_result_and_ctrl_c_quits() {
    let fen = "4k4/1R7/9/9/9/9/9/9/R8/3K5 w - - 0 1";
    let mut s = Session::start(&[fen, "--flip"], 100, 30);
    s.wait_for("Red to move");
    let a1 = s.cell_of("a1");
    s.click(a1);
    let a9 = s.cell_of("a9");
    s.click(a9);
    s.wait_for("Red wins — checkmate");
    // No further move is accepted: a click on the mated general does not select it. The
    // result was on screen before the click, so `m` after it shows when it has been handled.
    let (col, row) = s.cell_of("e9");
    s.click((col, row));
    s.send(b"m");
    s.wait_for("Moves (WXF)");
    let general = s.parser.screen().cell(row, col).map(vt100::Cell::inverse);
    assert_eq!(general, Some(false), "not selected:\n{}", s.screen());
    s.send(b"\x03");
    let status = s.wait_exit();
    assert!(status.success(), "exit status {status:?}");
    assert!(
        s.lines().contains(&fen_after(fen, &["a1a9"])),
        "{}",
        s.screen()
    );
}

#[test]
fn resizing_redraws_and_too_small_says_so() {
    let mut s = Session::start(&[], 80, 24);
    s.wait_for("Red to move");
    let small = PtySize {
        rows: 15,
        cols: 40,
        pixel_width: 0,
        pixel_height: 0,
    };
    s.master.resize(small).expect("resize");
    s.parser.screen_mut().set_size(15, 40);
    s.wait_for("terminal too small — need");
    let big = PtySize {
        rows: 40,
        cols: 120,
        ..small
    };
    s.master.resize(big).expect("resize");
    s.parser.screen_mut().set_size(40, 120);
    s.wait_for("Red to move");
    s.send(b"q");
    assert!(s.wait_exit().success());
    assert!(s.lines().contains(&START_FEN.to_string()), "{}", s.screen());
}

#[test]
fn bad_fen_exits_2_without_touching_the_terminal() {
    let mut s = Session::start(&["rnbakabnr/9/1c5c1/p1p1p1p1p/9", "w"], 80, 24);
    let status = s.wait_exit();
    assert_eq!(status.exit_code(), 2, "{}", s.screen());
    assert!(s.screen().contains("xiangqi:"), "{}", s.screen());
    assert!(
        !s.raw.contains(&0x1b),
        "no escape sequence (alternate screen, mouse, colours) was written: {:?}",
        String::from_utf8_lossy(&s.raw)
    );
}

#[test]
fn load_a_gbk_record_type_a_chinese_move_and_quit_prints_movetext() {
    let dir = TempDir::new("load");
    let path = dir.0.join("game.pgn");
    // As mainland sites serve them: GBK, CRLF, simplified glyphs.
    let record = "[Game \"Chinese Chess\"]\r\n[Red \"红方\"]\r\n[Black \"黑方\"]\r\n\
                  1. 炮二平五 马８进７\r\n2. 马二进三 *\r\n";
    let (bytes, _, unmappable) = encoding_rs::GBK.encode(record);
    assert!(!unmappable);
    assert!(std::str::from_utf8(&bytes).is_err(), "really not UTF-8");
    std::fs::write(&path, &bytes).expect("write the record");

    let path_arg = path.to_string_lossy().into_owned();
    let mut s = Session::start(&["--load", &path_arg], 80, 24);
    s.wait_for("2. 馬二進三");
    s.wait_for("Black to move");
    // Black's chariot from file 9 to file 8, typed with ASCII digits.
    s.send(":".as_bytes());
    s.wait_for("Enter plays");
    s.send("车9平8\r".as_bytes());
    s.wait_for("2. 馬二進三 車９平８");
    s.wait_for("Red to move");
    // A move that is not one: refused with the reason, the prompt kept.
    s.send(":xx\r".as_bytes());
    s.wait_for("not a WXF move");
    // Esc closes the prompt. (Esc and a key sent together would read as Alt and that key.)
    s.send(b"\x1b");
    s.wait_for("Enter or click");
    s.send(b"q");
    s.wait_for("Quit? The game is saved");
    s.send(b"y");
    let status = s.wait_exit();
    assert!(status.success(), "exit status {status:?}");
    let lines = s.lines();
    let fen = fen_after(START_FEN, &["h2e2", "h9g7", "h0g2", "i9h9"]);
    let at = lines.iter().position(|l| *l == fen).unwrap_or_else(|| {
        panic!("no FEN line {fen:?} in:\n{}", s.screen());
    });
    assert_eq!(
        lines.get(at + 1).map(String::as_str),
        Some("1. 炮二平五 馬８進７ 2. 馬二進三 車９平８"),
        "{}",
        s.screen()
    );
}

#[test]
fn resigning_prints_the_result_on_quit() {
    let mut s = Session::start(&[], 80, 24);
    s.wait_for("Red to move");
    s.send(b"g");
    s.wait_for("Red, resign this game? (y/n)");
    s.send(b"y");
    s.wait_for("Black wins — Red resigned");
    s.send(b"q");
    assert!(s.wait_exit().success());
    let lines = s.lines();
    let at = lines
        .iter()
        .position(|l| *l == START_FEN)
        .unwrap_or_else(|| panic!("no FEN in:\n{}", s.screen()));
    assert_eq!(
        lines.get(at + 1).map(String::as_str),
        Some("0-1 (Black wins — Red resigned)"),
        "no moves, then the result: {}",
        s.screen()
    );
}

#[test]
fn load_of_a_missing_file_exits_2_without_touching_the_terminal() {
    let dir = TempDir::new("missing");
    let path = dir.0.join("no-such-game.pgn");
    let path_arg = path.to_string_lossy().into_owned();
    let mut s = Session::start(&["--load", &path_arg], 80, 24);
    let status = s.wait_exit();
    assert_eq!(status.exit_code(), 2, "{}", s.screen());
    let screen = s.screen();
    assert!(
        screen.contains("xiangqi: cannot read") && screen.contains("no-such-game.pgn"),
        "{screen}"
    );
    assert!(
        !s.raw.contains(&0x1b),
        "no escape sequence was written: {:?}",
        String::from_utf8_lossy(&s.raw)
    );
}

#[test]
fn load_of_a_bad_record_names_game_move_and_text() {
    let dir = TempDir::new("bad");
    let path = dir.0.join("bad.pgn");
    std::fs::write(
        &path,
        "1. h2e2 h9g7\n\n[Event \"2\"]\n1. h2e2 h9g7 2. 炮五进九 *\n",
    )
    .expect("write");
    let path_arg = path.to_string_lossy().into_owned();
    let mut s = Session::start(&["--load", &path_arg, "--game", "2"], 80, 24);
    let status = s.wait_exit();
    assert_eq!(status.exit_code(), 2, "{}", s.screen());
    let screen = s.screen();
    assert!(
        screen.contains("game 2") && screen.contains("move 2") && screen.contains("炮五进九"),
        "{screen}"
    );
    assert!(!s.raw.contains(&0x1b));
}
