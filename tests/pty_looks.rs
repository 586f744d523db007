//! How the real binary looks in a pseudo-terminal at three sizes: the board grows with the
//! terminal, nothing overlaps, and the board's colours reach the terminal.

use portable_pty::{Child, MasterPty, PtySize, native_pty_system};
use std::io::Read;
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

/// Long enough for a slow, busy CI machine; a passing test returns as soon as the text shows.
const TIMEOUT: Duration = Duration::from_secs(30);

/// `xiangqi` running in a pseudo-terminal of a given size, read through `vt100`.
struct Screen {
    parser: vt100::Parser,
    output: Receiver<Vec<u8>>,
    child: Box<dyn Child + Send + Sync>,
    _master: Box<dyn MasterPty + Send>,
}

impl Screen {
    fn start(cols: u16, rows: u16, env: &[(&str, &str)]) -> Screen {
        let pty = native_pty_system()
            .openpty(PtySize {
                rows,
                cols,
                pixel_width: 0,
                pixel_height: 0,
            })
            .expect("open a pty");
        let mut cmd = portable_pty::CommandBuilder::new(env!("CARGO_BIN_EXE_xiangqi"));
        cmd.env("TERM", "xterm-256color");
        for var in ["NO_COLOR", "COLORTERM", "LANG", "LC_ALL", "LC_MESSAGES"] {
            cmd.env_remove(var);
        }
        // No configuration file of the machine's user is read.
        cmd.env("XDG_CONFIG_HOME", "/nonexistent");
        // Nor is the user's autosave read or written.
        cmd.env(
            "XDG_STATE_HOME",
            std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("pty_looks_state"),
        );
        for (k, v) in env {
            cmd.env(k, v);
        }
        let child = pty.slave.spawn_command(cmd).expect("spawn xiangqi");
        drop(pty.slave);
        let mut reader = pty.master.try_clone_reader().expect("pty reader");
        let (tx, output) = channel();
        std::thread::spawn(move || {
            let mut chunk = [0u8; 4096];
            while let Ok(n) = reader.read(&mut chunk) {
                if n == 0 || tx.send(chunk[..n].to_vec()).is_err() {
                    break;
                }
            }
        });
        Screen {
            parser: vt100::Parser::new(rows, cols, 0),
            output,
            child,
            _master: pty.master,
        }
    }

    /// Waits until `text` shows and no more output comes for a moment.
    fn wait_for(&mut self, text: &str) {
        let deadline = Instant::now() + TIMEOUT;
        loop {
            let quiet = match self.output.recv_timeout(Duration::from_millis(150)) {
                Ok(bytes) => {
                    self.parser.process(&bytes);
                    false
                }
                Err(_) => true,
            };
            if quiet && self.parser.screen().contents().contains(text) {
                return;
            }
            assert!(
                Instant::now() < deadline,
                "waited for {text:?}; the screen shows:\n{}",
                self.parser.screen().contents()
            );
        }
    }

    fn text(&self, row: u16, col: u16) -> String {
        self.parser
            .screen()
            .cell(row, col)
            .map(|c| c.contents().to_string())
            .unwrap_or_default()
    }
}

impl Drop for Screen {
    fn drop(&mut self) {
        let _ = self.child.kill();
    }
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
    let mut s = Screen::start(cols, rows, &[]);
    s.wait_for("xiangqi");
    let screen = s.parser.screen();
    let lines: Vec<String> = screen.rows(0, cols).collect();
    let rank_row = |digit: &str| {
        (0..rows)
            .find(|&r| s.text(r, 0) == digit)
            .unwrap_or_else(|| panic!("no rank {digit} at {cols}x{rows}:\n{}", screen.contents()))
    };
    let top = rank_row("9");
    let bottom = rank_row("0");
    // Black's right-hand chariot is the last thing on rank 9's row before the panel.
    let board_right = (0..cols)
        .rev()
        .find(|&c| s.text(top, c) == "車")
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
        let mut s = Screen::start(80, 24, env);
        s.wait_for("xiangqi");
        let screen = s.parser.screen();
        let row = (0..24).find(|&r| s.text(r, 0) == "9").expect("rank 9");
        let line = screen.cell(row, 1).expect("a cell of the board").bgcolor();
        let chariot = screen.cell(row, 3).expect("black's chariot");
        assert_eq!(s.text(row, 3), "車");
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
    let mut s = Screen::start(80, 24, &[("XDG_CONFIG_HOME", home_text)]);
    s.wait_for("xiangqi");
    let text = s.parser.screen().contents();
    assert!(text.contains('车') && !text.contains('俥'), "{text}");
    drop(s);

    std::fs::write(&file, "lang = \"en\"\ntheme = \"mahogany\"\n").expect("write config");
    let mut s = Screen::start(120, 40, &[("XDG_CONFIG_HOME", home_text)]);
    s.wait_for("line 2, key theme");
    let text = s.parser.screen().contents();
    assert!(text.contains("俥"), "the defaults: {text}");
    drop(s);
    let _ = std::fs::remove_dir_all(&home);
}
