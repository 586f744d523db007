//! The real `xiangqi --plain` run through pipes, as a screen reader's user or a script runs
//! it: a line written to its standard input, what it says read back from its standard
//! output up to its prompt. Its state and configuration folder is the caller's, so a game
//! left here can be taken up by another run.
#![allow(dead_code)]

use super::TIMEOUT;
use std::io::{Read, Write};
use std::path::Path;
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, channel};
use std::time::Instant;

/// What the program writes when it waits for a line.
pub const PROMPT: &str = "> ";

/// A running `xiangqi --plain` and everything it has said.
pub struct Plain {
    child: Child,
    input: Option<ChildStdin>,
    output: Receiver<Vec<u8>>,
    /// Every byte written to standard output so far.
    pub raw: Vec<u8>,
    /// How much of `raw` the waits have handed out.
    read: usize,
}

impl Plain {
    /// Starts `xiangqi --plain ARGS` with `state` as its state and configuration folder and
    /// no locale (English unless `--lang` says otherwise).
    pub fn start(args: &[&str], state: &Path) -> Plain {
        let mut child = Command::new(env!("CARGO_BIN_EXE_xiangqi"))
            .arg("--plain")
            .args(args)
            .env("XDG_STATE_HOME", state)
            .env("XDG_CONFIG_HOME", state)
            .env_remove("LC_ALL")
            .env_remove("LC_MESSAGES")
            .env_remove("LANG")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start xiangqi --plain: {e}"));
        let mut stdout = child.stdout.take().expect("standard output");
        let (tx, output) = channel();
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = stdout.read(&mut buf) {
                if n == 0 || tx.send(buf[..n].to_vec()).is_err() {
                    return;
                }
            }
        });
        Plain {
            input: child.stdin.take(),
            child,
            output,
            raw: Vec::new(),
            read: 0,
        }
    }

    /// Everything said so far, as text.
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.raw).into_owned()
    }

    /// Writes `line` and its line end.
    pub fn type_line(&mut self, line: &str) {
        let input = self.input.as_mut().expect("standard input still open");
        input
            .write_all(format!("{line}\n").as_bytes())
            .and_then(|()| input.flush())
            .expect("write a line");
    }

    /// Waits until what was said since the last wait satisfies `done`; returns it and
    /// counts it as read.
    pub fn wait_until(&mut self, what: &str, done: impl Fn(&str) -> bool) -> String {
        let deadline = Instant::now() + TIMEOUT;
        loop {
            let fresh = String::from_utf8_lossy(&self.raw[self.read..]).into_owned();
            if done(&fresh) {
                self.read = self.raw.len();
                return fresh;
            }
            let left = deadline.saturating_duration_since(Instant::now());
            match self.output.recv_timeout(left) {
                Ok(bytes) => self.raw.extend_from_slice(&bytes),
                Err(RecvTimeoutError::Timeout) => {
                    panic!("waited for {what}; the program said: {fresh:?}")
                }
                Err(RecvTimeoutError::Disconnected) => {
                    panic!("the program ended before {what}; it said: {fresh:?}")
                }
            }
        }
    }

    /// Waits for `text`, then for the prompt after it; returns the lines said (the prompt
    /// left out).
    pub fn wait_for(&mut self, text: &str) -> Vec<String> {
        let said = self.wait_until(text, |s| {
            s.find(text)
                .is_some_and(|at| s[at..].ends_with(&format!("\n{PROMPT}")))
        });
        lines_of(&said)
    }

    /// Waits for the next prompt; returns the lines said before it.
    pub fn prompt(&mut self) -> Vec<String> {
        let said = self.wait_until("a prompt", |s| s.ends_with(&format!("\n{PROMPT}")));
        lines_of(&said)
    }

    /// Types `line` and returns what is said up to the next prompt.
    pub fn ask(&mut self, line: &str) -> Vec<String> {
        self.type_line(line);
        self.prompt()
    }

    /// Types `line` and returns what is said up to `text` and the prompt after it.
    pub fn ask_until(&mut self, line: &str, text: &str) -> Vec<String> {
        self.type_line(line);
        self.wait_for(text)
    }

    /// Closes standard input and waits for the program to end: its exit status, and the
    /// lines said since the last wait.
    pub fn close(&mut self) -> (ExitStatus, Vec<String>) {
        drop(self.input.take());
        self.finish()
    }

    /// Waits for the program to end (after `quit`, or the input closed).
    pub fn finish(&mut self) -> (ExitStatus, Vec<String>) {
        let deadline = Instant::now() + TIMEOUT;
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.output.recv_timeout(left) {
                Ok(bytes) => self.raw.extend_from_slice(&bytes),
                Err(RecvTimeoutError::Disconnected) => break,
                Err(RecvTimeoutError::Timeout) => {
                    let _ = self.child.kill();
                    panic!("the program did not end; it said: {:?}", self.text());
                }
            }
        }
        drop(self.input.take());
        let status = self.child.wait().expect("wait for xiangqi");
        let rest = String::from_utf8_lossy(&self.raw[self.read..]).into_owned();
        self.read = self.raw.len();
        (status, lines_of(&rest))
    }
}

impl Drop for Plain {
    fn drop(&mut self) {
        // A failed test leaves no program behind.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The lines of `said`, the prompts taken off and empty lines left out.
fn lines_of(said: &str) -> Vec<String> {
    said.lines()
        .map(|line| line.strip_prefix(PROMPT).unwrap_or(line))
        .map(str::trim_end)
        .filter(|line| !line.is_empty() && *line != PROMPT.trim_end())
        .map(str::to_string)
        .collect()
}

/// Fails if `bytes` hold anything a terminal would act on or draw as a board: an escape or
/// another control byte than the line end, or a box-drawing character.
pub fn assert_plain(bytes: &[u8]) {
    super::process::assert_no_escape("plain output", bytes);
    let text = String::from_utf8(bytes.to_vec()).expect("UTF-8 output");
    if let Some(c) = text
        .chars()
        .find(|&c| (c.is_control() && c != '\n') || ('\u{2500}'..='\u{259f}').contains(&c))
    {
        panic!("plain output holds {c:?}: {text:?}");
    }
}
