//! The real `xiangqi` binary in a pseudo-terminal, for the test files that drive it: keys
//! and mouse in, the screen read back with a terminal emulator (`vt100`), signals sent, what
//! it prints when it quits. Each test file uses part of it.
#![allow(dead_code)]

pub mod net;
pub mod pipe;
pub mod process;

use portable_pty::{Child, ExitStatus, MasterPty, PtySize, native_pty_system};
use std::ffi::{OsStr, OsString};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::{Duration, Instant};

/// Long enough for a slow, busy CI machine; a passing test returns as soon as the text shows.
pub const TIMEOUT: Duration = Duration::from_secs(30);

/// A running `xiangqi` in a pseudo-terminal, and what its terminal shows.
pub struct Session {
    pub parser: vt100::Parser,
    pub output: Receiver<Vec<u8>>,
    pub raw: Vec<u8>,
    pub writer: Box<dyn Write + Send>,
    pub child: Box<dyn Child + Send + Sync>,
    pub master: Box<dyn MasterPty + Send>,
    pub finished: bool,
    /// The program's own state folder (`XDG_STATE_HOME`), so no test touches the user's
    /// autosave or another test's; removed when the session ends if the session made it.
    state: Option<PathBuf>,
    /// How long the waits wait before failing.
    timeout: Duration,
    /// Answer a cursor position report as a terminal that draws box lines two cells wide.
    wide_box_lines: bool,
    /// Press Enter on the start menu when it shows (once), as a player who wants the
    /// hot-seat game does; the waits do not read the menu's screen until then.
    through_menu: bool,
}

/// How to start a [`Session`]: `Session::builder().size(200, 50).env("COLORTERM",
/// "truecolor").args(&["--flip"]).start()`. By default an 80×24 terminal, `TERM` set to
/// `xterm-256color`, `NO_COLOR` and the locale (`LC_ALL`, `LC_MESSAGES`, `LANG`) removed so
/// the screen reads English, and a state folder of the session's own that also stands for
/// the configuration folder, so no file of the machine's user is read or written.
pub struct Builder<'a> {
    program: Option<&'a Path>,
    args: &'a [&'a str],
    cols: u16,
    rows: u16,
    env: Vec<(&'a str, Option<OsString>)>,
    state: Option<&'a Path>,
    timeout: Duration,
    wide_box_lines: bool,
    through_menu: bool,
}

impl<'a> Builder<'a> {
    /// Leave the start menu to the test. Otherwise a session that opens on the menu (no
    /// game, file or mode asked for) presses Enter on it, which starts the hot-seat game.
    pub fn menu(mut self) -> Self {
        self.through_menu = false;
        self
    }

    /// Play a terminal that draws box-drawing characters two cells wide: its answer to the
    /// program's cursor position report says so. (Otherwise it answers where `vt100`, which
    /// draws them one cell wide, has the cursor.)
    pub fn wide_box_lines(mut self) -> Self {
        self.wide_box_lines = true;
        self
    }

    /// Runs `program` instead of `xiangqi` (an SSH client that reaches it, say).
    pub fn program(mut self, program: &'a Path) -> Self {
        self.program = Some(program);
        self
    }

    /// The program's command-line arguments.
    pub fn args(mut self, args: &'a [&'a str]) -> Self {
        self.args = args;
        self
    }

    /// The terminal's size, `cols`×`rows`.
    pub fn size(mut self, cols: u16, rows: u16) -> Self {
        (self.cols, self.rows) = (cols, rows);
        self
    }

    /// Sets an environment variable (after the defaults, so it can replace one).
    pub fn env(mut self, key: &'a str, value: impl AsRef<OsStr>) -> Self {
        self.env.push((key, Some(value.as_ref().to_owned())));
        self
    }

    /// Removes an environment variable.
    pub fn env_remove(mut self, key: &'a str) -> Self {
        self.env.push((key, None));
        self
    }

    /// Uses `state` as the state folder (`XDG_STATE_HOME`), which the caller keeps (to start
    /// another session on the same autosave).
    pub fn state(mut self, state: &'a Path) -> Self {
        self.state = Some(state);
        self
    }

    /// How long the waits wait before failing ([`TIMEOUT`] unless set).
    pub fn timeout(mut self, timeout: Duration) -> Self {
        self.timeout = timeout;
        self
    }

    /// Starts the program.
    pub fn start(self) -> Session {
        static SESSIONS: AtomicUsize = AtomicUsize::new(0);
        let own = self.state.is_none().then(|| {
            let n = SESSIONS.fetch_add(1, Ordering::Relaxed);
            std::env::temp_dir().join(format!("xiangqi-pty-state-{}-{n}", std::process::id()))
        });
        let state = self.state.or(own.as_deref()).expect("a state folder");
        let (cols, rows) = (self.cols, self.rows);
        let pty = native_pty_system()
            .openpty(PtySize {
                rows,
                cols,
                pixel_width: 0,
                pixel_height: 0,
            })
            .expect("open a pty");
        let program = self
            .program
            .unwrap_or(Path::new(env!("CARGO_BIN_EXE_xiangqi")));
        let mut cmd = portable_pty::CommandBuilder::new(program);
        cmd.args(self.args);
        cmd.env("TERM", "xterm-256color");
        cmd.env_remove("NO_COLOR");
        cmd.env("XDG_STATE_HOME", state);
        // No configuration file of the machine's user changes the look (language, glyphs).
        cmd.env("XDG_CONFIG_HOME", state);
        // The screen's language follows the locale; these tests read English.
        for var in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            cmd.env_remove(var);
        }
        for (key, value) in &self.env {
            match value {
                Some(value) => cmd.env(key, value),
                None => cmd.env_remove(key),
            }
        }
        let child = pty.slave.spawn_command(cmd).expect("spawn xiangqi");
        drop(pty.slave);
        let mut reader = pty.master.try_clone_reader().expect("pty reader");
        let writer = pty.master.take_writer().expect("pty writer");
        let (tx, output) = channel();
        // Reading blocks, so it happens on its own thread; it ends when the child is gone.
        std::thread::spawn(move || {
            let mut chunk = [0u8; 4096];
            loop {
                match reader.read(&mut chunk) {
                    Ok(0) | Err(_) => break,
                    Ok(n) => {
                        if tx.send(chunk[..n].to_vec()).is_err() {
                            break;
                        }
                    }
                }
            }
        });
        Session {
            parser: vt100::Parser::new(rows, cols, 0),
            output,
            raw: Vec::new(),
            writer,
            child,
            master: pty.master,
            finished: false,
            state: own,
            timeout: self.timeout,
            wide_box_lines: self.wide_box_lines,
            through_menu: self.through_menu,
        }
    }
}

impl Session {
    /// A [`Builder`] with the defaults it describes.
    pub fn builder<'a>() -> Builder<'a> {
        Builder {
            program: None,
            args: &[],
            cols: 80,
            rows: 24,
            env: Vec::new(),
            state: None,
            timeout: TIMEOUT,
            wide_box_lines: false,
            through_menu: true,
        }
    }

    /// Starts `xiangqi ARGS` on a `cols`×`rows` terminal with a state folder of its own.
    pub fn start(args: &[&str], cols: u16, rows: u16) -> Session {
        Session::builder().args(args).size(cols, rows).start()
    }

    /// Starts `xiangqi ARGS` with `state` as its state folder (`XDG_STATE_HOME`), which the
    /// caller keeps (to start another session on the same autosave).
    pub fn start_in(args: &[&str], cols: u16, rows: u16, state: &Path) -> Session {
        Session::builder()
            .args(args)
            .size(cols, rows)
            .state(state)
            .start()
    }

    pub fn send(&mut self, bytes: &[u8]) {
        self.writer.write_all(bytes).expect("write to pty");
        self.writer.flush().expect("flush pty");
    }

    /// Sends `signal` (a name `kill` knows: TERM, HUP, KILL …) to the program.
    pub fn signal(&mut self, signal: &str) {
        let pid = self.child.process_id().expect("the child's pid");
        let status = std::process::Command::new("kill")
            .arg(format!("-{signal}"))
            .arg(pid.to_string())
            .status()
            .expect("run kill");
        assert!(status.success(), "kill -{signal} {pid}");
    }

    /// Waits until the program is stopped (state `T` in `/proc/<pid>/stat`): a SIGCONT sent
    /// before it has stopped itself would be lost, and it would then stay stopped.
    pub fn wait_stopped(&mut self) {
        let pid = self.child.process_id().expect("the child's pid");
        let deadline = Instant::now() + self.timeout;
        loop {
            let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
            // The state follows the command name, which is in parentheses.
            let state = stat
                .rsplit_once(')')
                .and_then(|(_, rest)| rest.split_whitespace().next());
            if state == Some("T") {
                return;
            }
            assert!(
                Instant::now() < deadline,
                "the program never stopped: {stat}"
            );
            self.pump(Duration::from_millis(10));
        }
    }

    /// Waits until the bytes written since `from` (an index into `raw`) contain `bytes`.
    pub fn wait_for_bytes(&mut self, from: usize, bytes: &[u8]) {
        let deadline = Instant::now() + self.timeout;
        while !contains(&self.raw[from..], bytes) {
            assert!(
                Instant::now() < deadline && !self.finished,
                "waited for {bytes:?}; the screen shows:\n{}",
                self.screen()
            );
            self.pump(Duration::from_millis(20));
        }
    }

    /// Takes in what has arrived within `wait`; false once the program's output has ended.
    /// Answers a cursor position report (`ESC [ 6 n`) as a terminal would.
    pub fn pump(&mut self, wait: Duration) -> bool {
        match self.output.recv_timeout(wait) {
            Ok(bytes) => {
                self.parser.process(&bytes);
                self.raw.extend_from_slice(&bytes);
                if contains(&bytes, b"\x1b[6n") {
                    let (row, col) = self.parser.screen().cursor_position();
                    // A two-cell line character leaves the cursor a cell further right.
                    let col = col + u16::from(self.wide_box_lines);
                    self.send(format!("\x1b[{};{}R", row + 1, col + 1).as_bytes());
                }
                self.pass_menu();
                true
            }
            Err(RecvTimeoutError::Timeout) => true,
            Err(RecvTimeoutError::Disconnected) => {
                self.finished = true;
                false
            }
        }
    }

    pub fn screen(&self) -> String {
        self.parser.screen().contents()
    }

    /// Is the start menu showing, its first item (the hot-seat game) chosen?
    pub fn on_menu(&self) -> bool {
        let screen = self.screen();
        screen.contains("▶ h  ") || screen.contains("> h  ")
    }

    /// Presses Enter on the start menu, once, unless the test keeps the menu.
    fn pass_menu(&mut self) {
        if self.through_menu && self.on_menu() {
            self.through_menu = false;
            self.send(b"\r");
        }
    }

    /// Waits until the screen shows `text`; fails with the screen if it never does.
    pub fn wait_for(&mut self, text: &str) {
        self.wait_until(&format!("{text:?}"), |screen| {
            screen.contents().contains(text)
        });
    }

    /// Waits until `done` holds of the screen (`what` names it in the failure); fails with the
    /// screen if it never does. For a test that needs more than one text on the screen, so
    /// that a frame drawn in pieces on a loaded machine is not read before its last piece.
    pub fn wait_until(&mut self, what: &str, done: impl Fn(&vt100::Screen) -> bool) {
        let deadline = Instant::now() + self.timeout;
        while (self.through_menu && self.on_menu()) || !done(self.parser.screen()) {
            assert!(
                Instant::now() < deadline && !self.finished,
                "waited for {what}; the screen shows:\n{}",
                self.screen()
            );
            self.pump(Duration::from_millis(50));
        }
        self.settle();
    }

    /// Takes in output until none comes for a moment, so a frame is not read half drawn.
    pub fn settle(&mut self) {
        let deadline = Instant::now() + self.timeout;
        while Instant::now() < deadline && !self.finished {
            match self.output.recv_timeout(Duration::from_millis(100)) {
                Ok(bytes) => {
                    self.parser.process(&bytes);
                    self.raw.extend_from_slice(&bytes);
                    self.pass_menu();
                }
                Err(RecvTimeoutError::Timeout) => break,
                Err(RecvTimeoutError::Disconnected) => self.finished = true,
            }
        }
    }

    /// Waits for the program to end and returns its exit status.
    pub fn wait_exit(&mut self) -> ExitStatus {
        let deadline = Instant::now() + self.timeout;
        loop {
            if let Some(status) = self.child.try_wait().expect("child status") {
                // Let the last output through (the reader ends when the pty closes).
                let drain = Instant::now() + Duration::from_secs(2);
                while Instant::now() < drain && self.pump(Duration::from_millis(50)) {}
                return status;
            }
            assert!(
                Instant::now() < deadline,
                "xiangqi did not exit; screen:\n{}",
                self.screen()
            );
            self.pump(Duration::from_millis(50));
        }
    }

    /// The screen cell (column, row) of a point, read off the screen: the column of its
    /// file letter in the letter row under the board, the row of its rank digit left of it.
    pub fn cell_of(&self, square: &str) -> (u16, u16) {
        let screen = self.parser.screen();
        let (rows, cols) = screen.size();
        // Cells never written hold "", not a space.
        let text = |r: u16, c: u16| {
            screen.cell(r, c).map(|cell| {
                let s = cell.contents();
                if s.is_empty() {
                    " ".to_string()
                } else {
                    s.to_string()
                }
            })
        };
        let mut chars = square.chars();
        let (file, rank) = (chars.next().expect("file"), chars.next().expect("rank"));
        let letters_row = (0..rows)
            .find(|&r| {
                let line: String = (0..cols).filter_map(|c| text(r, c)).collect();
                line.contains("a   b   c   d") || line.contains("i   h   g   f")
            })
            .unwrap_or_else(|| panic!("no letter row on:\n{}", screen.contents()));
        let col = (0..cols)
            .find(|&c| text(letters_row, c).as_deref() == Some(&file.to_string()))
            .expect("the file letter");
        let first_col = (0..cols)
            .find(|&c| matches!(text(letters_row, c).as_deref(), Some("a" | "i")))
            .expect("the first letter");
        let row = (0..letters_row)
            .find(|&r| text(r, first_col - 3).as_deref() == Some(&rank.to_string()))
            .expect("the rank digit");
        (col, row)
    }

    /// A left click (press and release, SGR encoding, 1-based) on screen cell (`col`, `row`).
    pub fn click(&mut self, (col, row): (u16, u16)) {
        let (x, y) = (col + 1, row + 1);
        self.send(format!("\x1b[<0;{x};{y}M\x1b[<0;{x};{y}m").as_bytes());
    }

    /// The lines the program left on the normal screen, trimmed.
    /// `s`, the file name typed over the one offered, Enter; then `q`, answered yes.
    pub fn save_and_quit(&mut self, path: &Path) {
        self.send(b"s\x15");
        self.send(path.display().to_string().as_bytes());
        self.send(b"\r");
        self.wait_for("Saved");
        self.send(b"q");
        self.wait_for("y/n");
        self.send(b"y");
        assert!(self.wait_exit().success());
    }

    pub fn lines(&self) -> Vec<String> {
        self.screen()
            .lines()
            .map(|l| l.trim().to_string())
            .collect()
    }
}

impl Drop for Session {
    fn drop(&mut self) {
        // A failed test must not leave the program running.
        if !matches!(self.child.try_wait(), Ok(Some(_))) {
            let _ = self.child.kill();
        }
        let _ = &self.master;
        if let Some(state) = &self.state {
            let _ = std::fs::remove_dir_all(state);
        }
    }
}

/// The FEN after `moves` (coordinates) from `start`.
pub fn fen_after(start: &str, moves: &[&str]) -> String {
    let mut pos = xiangqi_rules::Position::from_fen(start).expect("FEN");
    for m in moves {
        let mv: xiangqi_rules::Move = m.parse().expect("move");
        pos = pos.play(mv).expect("legal");
    }
    pos.fen()
}

/// Does `haystack` contain `needle`?
pub fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

/// A folder of its own under the system's temporary one, removed when dropped.
pub struct TempDir(pub PathBuf);

impl TempDir {
    pub fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!(
            "xiangqi-pty-{name}-{}-{:?}",
            std::process::id(),
            Instant::now()
        ));
        std::fs::create_dir_all(&dir).expect("temp dir");
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
