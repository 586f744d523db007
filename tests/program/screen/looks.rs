//! How the real binary looks in a pseudo-terminal at three sizes: the board grows with the
//! terminal, nothing overlaps, and the board's colours reach the terminal.

use crate::common;

use common::Session;

/// `xiangqi` on a `cols`×`rows` terminal with no `COLORTERM` unless `env` sets it.
fn start(cols: u16, rows: u16, env: &[(&str, &str)]) -> Session {
    let mut b = Session::builder().size(cols, rows).env_remove("COLORTERM");
    for &(k, v) in env {
        b = b.env(k, v);
    }
    b.start()
}

/// What screen cell (`row`, `col`) holds, "" if nothing was written there.
fn text(s: &Session, row: u16, col: u16) -> String {
    s.parser
        .screen()
        .cell(row, col)
        .map(|c| c.contents().to_string())
        .unwrap_or_default()
}

/// What one size shows: the rows of rank 9 and rank 0 (their digits in column 0), the
/// board's right edge on rank 9's row, and the column where the panel's title starts.
#[derive(Debug)]
struct Seen {
    top_rank_row: u16,
    bottom_rank_row: u16,
    board_right: u16,
    title_col: u16,
    keys_col: u16,
}

fn look(cols: u16, rows: u16) -> Seen {
    let mut s = start(cols, rows, &[]);
    // The whole first frame: the title, the keys line and both ends of the board.
    s.wait_until("the whole board and panel", |screen| {
        let has_rank = |digit: &str| {
            (0..rows).any(|r| screen.cell(r, 0).is_some_and(|c| c.contents() == digit))
        };
        let all = screen.contents();
        all.contains("xiangqi") && all.contains("? keys") && has_rank("9") && has_rank("0")
    });
    let screen = s.parser.screen();
    let lines: Vec<String> = screen.rows(0, cols).collect();
    let rank_row = |digit: &str| {
        (0..rows)
            .find(|&r| text(&s, r, 0) == digit)
            .unwrap_or_else(|| panic!("no rank {digit} at {cols}x{rows}:\n{}", screen.contents()))
    };
    let top = rank_row("9");
    let bottom = rank_row("0");
    // Black's right-hand chariot is the last thing on rank 9's row before the panel.
    let board_right = (0..cols)
        .rev()
        .find(|&c| text(&s, top, c) == "車")
        .expect("black's chariot on rank 9");
    let find_col = |needle: &str| {
        lines
            .iter()
            .find_map(|l| {
                l.find(needle).map(|byte| {
                    l[..byte]
                        .chars()
                        .map(|c| if c.is_ascii() { 1 } else { 2 })
                        .sum::<u16>()
                })
            })
            .unwrap_or_else(|| panic!("no {needle:?} at {cols}x{rows}"))
    };
    Seen {
        top_rank_row: top,
        bottom_rank_row: bottom,
        board_right: board_right + 1,
        title_col: find_col("xiangqi"),
        keys_col: find_col("? keys"),
    }
}

/// At 80×24, 120×40 and 200×50 the board's rows grow, the panel starts right of the board,
/// and at 200×50 the board spans at least 40 of the 50 rows.
#[test]
fn the_board_grows_with_the_terminal_and_nothing_overlaps() {
    let mut last_span = 0;
    for (cols, rows) in [(80, 24), (120, 40), (200, 50)] {
        let seen = look(cols, rows);
        // File numbers above rank 9 and below rank 0.
        let span = seen.bottom_rank_row - seen.top_rank_row + 3;
        println!("{cols}x{rows}: {seen:?}, board spans {span} rows");
        assert!(
            span > last_span,
            "{cols}x{rows}: {span} rows, before {last_span}"
        );
        last_span = span;
        assert!(seen.title_col > seen.board_right, "{cols}x{rows}: {seen:?}");
        assert!(seen.keys_col > seen.board_right, "{cols}x{rows}: {seen:?}");
        if rows == 50 {
            assert!(span >= 40, "{span}");
        }
    }
}

/// The board's background and the pieces' colours are sent to the terminal: as indexed
/// colours without `COLORTERM`, as exact ones with `COLORTERM=truecolor`.
#[test]
fn the_board_colours_reach_the_terminal() {
    let cases: [(&[(&str, &str)], bool); 2] = [(&[], false), (&[("COLORTERM", "truecolor")], true)];
    for (env, exact) in cases {
        let mut s = start(80, 24, env);
        // Rank 9's row whole, with its chariot in colour: the first frame may come in pieces.
        let rank_nine = |screen: &vt100::Screen| {
            (0..24).find(|&r| {
                let cell = |c| screen.cell(r, c);
                cell(0).is_some_and(|c| c.contents() == "9")
                    && cell(3).is_some_and(|c| {
                        c.contents() == "車" && c.fgcolor() != vt100::Color::Default
                    })
            })
        };
        s.wait_until("rank 9 in colour", |screen| rank_nine(screen).is_some());
        let screen = s.parser.screen();
        let row = rank_nine(screen).expect("rank 9");
        let line = screen.cell(row, 1).expect("a cell of the board").bgcolor();
        let chariot = screen.cell(row, 3).expect("black's chariot");
        assert_eq!(text(&s, row, 3), "車");
        match (exact, line, chariot.fgcolor()) {
            (false, vt100::Color::Idx(b), vt100::Color::Idx(f)) => assert!(b >= 16 && f >= 16),
            (true, vt100::Color::Rgb(..), vt100::Color::Rgb(..)) => {}
            other => panic!("COLORTERM {env:?}: {other:?}"),
        }
        assert_ne!(chariot.bgcolor(), line, "the piece sits on its own disc");
    }
}

/// A configuration file is read from `$XDG_CONFIG_HOME/xiangqi/config.toml`: a good one
/// changes the look, a bad one is named with its line and key on the message line and the
/// game starts with the defaults.
#[test]
fn the_configuration_file_is_read_and_a_mistake_is_named() {
    let home = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("pty_looks_config");
    let dir = home.join("xiangqi");
    std::fs::create_dir_all(&dir).expect("config folder");
    let file = dir.join("config.toml");
    let home_text = home.to_str().expect("a UTF-8 temporary folder");

    std::fs::write(&file, "glyphs = \"simplified\"\nlang = \"en\"\n").expect("write config");
    let mut s = start(80, 24, &[("XDG_CONFIG_HOME", home_text)]);
    s.wait_for("xiangqi");
    let text = s.parser.screen().contents();
    assert!(text.contains('车') && !text.contains('俥'), "{text}");
    drop(s);

    std::fs::write(&file, "lang = \"en\"\ntheme = \"mahogany\"\n").expect("write config");
    let mut s = start(120, 40, &[("XDG_CONFIG_HOME", home_text)]);
    s.wait_for("line 2, key theme");
    let text = s.parser.screen().contents();
    assert!(text.contains("俥"), "the defaults: {text}");
    drop(s);
    let _ = std::fs::remove_dir_all(&home);
}

/// A mistake in the configuration file is said in the language of the screen: in Chinese,
/// the key, the value and what is allowed, and none of the TOML reader's English.
#[test]
fn a_mistake_in_the_configuration_file_is_said_in_chinese_on_a_chinese_screen() {
    let home = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("pty_looks_config_zh");
    let dir = home.join("xiangqi");
    std::fs::create_dir_all(&dir).expect("config folder");
    let file = dir.join("config.toml");
    std::fs::write(&file, "threads = 99999999999999999999\n").expect("write config");
    let home_text = home.to_str().expect("a UTF-8 temporary folder");
    let mut s = Session::builder()
        .size(220, 40)
        .env("XDG_CONFIG_HOME", home_text)
        .args(&["--lang", "zh-Hans"])
        .start();
    s.wait_for("threads 不能是 99999999999999999999 — 应为 1 到 256 的整数");
    let screen = s.screen();
    assert!(screen.contains("第 1 行"), "{screen}");
    for english in ["invalid", "expected", "integer", "line 1"] {
        assert!(!screen.contains(english), "{english:?} on {screen}");
    }
    drop(s);
    let _ = std::fs::remove_dir_all(&home);
}

#[test]
fn a_terminal_that_draws_box_lines_wide_gets_ascii_lines_and_is_told_why() {
    let mut wide = Session::builder().size(100, 30).wide_box_lines().start();
    wide.wait_for("two cells wide");
    let screen = wide.screen();
    assert!(!screen.contains('─') && !screen.contains('│'), "{screen}");
    // The pieces stay Chinese: only the lines change.
    assert!(screen.contains('帥'), "{screen}");
    wide.send(b"q");
    wide.wait_exit();

    let mut narrow = Session::builder().size(100, 30).start();
    narrow.wait_for("xiangqi");
    narrow.settle();
    let screen = narrow.screen();
    assert!(
        screen.contains('─') && !screen.contains("two cells wide"),
        "{screen}"
    );
    narrow.send(b"q");
    narrow.wait_exit();
}
