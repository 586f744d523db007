//! Network play between real processes, for the test files that drive it: `xiangqi host`
//! on 127.0.0.1 in a pseudo-terminal, the join command read off its screen, `xiangqi join`
//! in another, moves typed on the prompt, and quitting.
#![allow(dead_code)]

use crate::common::Session;
use std::path::Path;

pub const COLS: u16 = 120;
pub const ROWS: u16 = 36;

/// `xiangqi host --listen 127.0.0.1:0 EXTRA`, with a state folder of its own, once its join
/// command shows.
pub fn host(extra: &[&str]) -> Session {
    started_host(extra, None)
}

/// As [`host`], with `state` as its state folder.
pub fn host_in(extra: &[&str], state: &Path) -> Session {
    started_host(extra, Some(state))
}

fn started_host(extra: &[&str], state: Option<&Path>) -> Session {
    let mut args = vec!["host", "--listen", "127.0.0.1:0"];
    args.extend_from_slice(extra);
    let mut s = match state {
        Some(state) => Session::start_in(&args, COLS, ROWS, state),
        None => Session::start(&args, COLS, ROWS),
    };
    s.wait_for("xiangqi join 127.0.0.1:");
    s
}

/// The address and code of the join command on the host's screen.
pub fn invite(host: &Session) -> (String, String) {
    let screen = host.screen();
    let line = screen
        .lines()
        .find_map(|l| {
            l.split_once("xiangqi join ")
                .map(|(_, rest)| rest.to_string())
        })
        .expect("the join command on screen");
    let mut words = line.split_whitespace();
    let addr = words.next().expect("address").to_string();
    let code = words.next().expect("code").to_string();
    (addr, code)
}

/// `xiangqi join ADDR CODE`, with a state folder of its own.
pub fn join(addr: &str, code: &str) -> Session {
    Session::start(&["join", addr, code], COLS, ROWS)
}

/// `xiangqi join ADDR CODE` to the host `h`, once both screens show the other player
/// connected.
pub fn joined(h: &mut Session, addr: &str, code: &str) -> Session {
    let mut g = join(addr, code);
    g.wait_for("Other player: connected");
    h.wait_for("Other player: connected");
    g
}

/// As [`join`], with `state` as its state folder.
pub fn join_in(addr: &str, code: &str, state: &Path) -> Session {
    Session::start_in(&["join", addr, code], COLS, ROWS, state)
}

/// Types `mv` on the move prompt.
pub fn play(s: &mut Session, mv: &str) {
    s.send(b":");
    s.wait_for("Enter plays, Esc cancels");
    s.send(format!("{mv}\r").as_bytes());
}

/// The host plays `h2e2` and the guest answers `h9g7`; returns once the host shows both.
pub fn play_first_moves(h: &mut Session, g: &mut Session) {
    g.wait_for("Other player: connected");
    play(h, "h2e2");
    g.wait_for("Black to move");
    play(g, "h9g7");
    h.wait_for("1. 炮二平五 馬８進７");
}

/// Quits (saying yes if asked), checks the exit status, and returns what was printed.
pub fn quit(s: &mut Session) -> Vec<String> {
    s.send(b"q");
    s.settle();
    if s.screen().contains("Quit?") {
        s.send(b"y");
    }
    let status = s.wait_exit();
    assert!(status.success(), "exit status {status:?}");
    s.lines()
}
