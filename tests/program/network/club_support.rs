//! What the club's tests with real processes share: a server on a free port of 127.0.0.1, a
//! line client (`xiangqi online`) read event by event, and the checks on raw connections.

#![cfg(feature = "server")]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::Path;
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;
use xiangqi_club::protocol::codec::decode_event;
use xiangqi_club::protocol::{Denial, Event};

/// How long any one awaited line may take.
pub(crate) const WAIT: Duration = Duration::from_secs(20);

/// A process whose standard output is read line by line on a thread.
pub(crate) struct Running {
    pub(crate) child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
}

impl Running {
    pub(crate) fn start(args: &[&str], state: Option<&Path>) -> Running {
        let mut command = Command::new(env!("CARGO_BIN_EXE_xiangqi"));
        command
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null());
        if let Some(state) = state {
            command.env("XDG_STATE_HOME", state);
        }
        let mut child = command.spawn().expect("xiangqi starts");
        let stdout = child.stdout.take().expect("its output");
        let (tx, lines) = channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let stdin = child.stdin.take();
        Running {
            child,
            stdin,
            lines,
        }
    }

    pub(crate) fn say(&mut self, line: &str) {
        let stdin = self.stdin.as_mut().expect("its input");
        writeln!(stdin, "{line}").expect("a line written");
    }

    /// The next line for which `wanted` gives something, passing over the others.
    pub(crate) fn wait_for<T>(&self, what: &str, mut wanted: impl FnMut(&str) -> Option<T>) -> T {
        let deadline = std::time::Instant::now() + WAIT;
        loop {
            let left = deadline.saturating_duration_since(std::time::Instant::now());
            let line = self
                .lines
                .recv_timeout(left)
                .unwrap_or_else(|_| panic!("no {what} in {WAIT:?}"));
            if let Some(found) = wanted(&line) {
                return found;
            }
        }
    }

    /// The next event for which `wanted` gives something.
    pub(crate) fn event<T>(&self, what: &str, mut wanted: impl FnMut(Event) -> Option<T>) -> T {
        self.wait_for(what, |line| {
            decode_event(line.as_bytes()).ok().and_then(&mut wanted)
        })
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// A server on a free port of 127.0.0.1 keeping its data in `data`, and its address.
pub(crate) fn server(data: &Path, extra: &[&str]) -> (Running, String) {
    let (server, addr, _) = server_on("127.0.0.1:0", data, extra);
    (server, addr)
}

/// A server listening on `listen` keeping its data in `data`: its address and its key's
/// fingerprint, as it prints them.
pub(crate) fn server_on(listen: &str, data: &Path, extra: &[&str]) -> (Running, String, String) {
    let data = data.to_str().expect("a path in UTF-8");
    let mut args = vec!["server", "--listen", listen, "--data", data];
    args.extend_from_slice(extra);
    let server = Running::start(&args, None);
    let addr = server.wait_for("the server's address", |line| {
        let rest = line.strip_prefix("xiangqi server: listening on ")?;
        Some(rest.split(',').next()?.to_string())
    });
    let fingerprint = server.wait_for("the server's key", |line| {
        let rest = line.split_once("(fingerprint ")?.1;
        Some(rest.trim_end_matches(')').to_string())
    });
    (server, addr, fingerprint)
}

pub(crate) fn player(addr: &str, name: &str, state: &Path) -> Running {
    let p = Running::start(&["online", addr, "--name", name], Some(state));
    p.event("a welcome", |e| {
        matches!(e, Event::Welcome(_)).then_some(())
    });
    p
}

/// The ply a `moved` event reports once `ply` moves are made.
pub(crate) fn moved(p: &Running, ply: u32, mv: &str) {
    p.event(&format!("the move {mv}"), |e| match e {
        Event::Moved { ply: n, mv: m, .. } if n == ply && m == mv => Some(()),
        _ => None,
    });
}

/// Whether the server ends `stream` (an end of file or a reset) rather than leaving it
/// open until the wait is over.
pub(crate) fn closed_by_server(mut stream: TcpStream) -> bool {
    stream.set_read_timeout(Some(WAIT)).expect("a timeout");
    let mut byte = [0u8; 1];
    match stream.read(&mut byte) {
        Ok(n) => n == 0,
        Err(e) => matches!(
            e.kind(),
            std::io::ErrorKind::ConnectionReset | std::io::ErrorKind::ConnectionAborted
        ),
    }
}

/// `xiangqi online ADDR --name NAME` with the state folder `state` and nothing on its
/// standard input (a session that opens ends at once): how it ended.
pub(crate) fn online_once(addr: &str, name: &str, state: &Path) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_xiangqi"))
        .args(["online", addr, "--name", name])
        .env("XDG_STATE_HOME", state)
        .stdin(Stdio::null())
        .output()
        .expect("xiangqi runs")
}

/// The game both `players` are told started, once each has been told.
pub(crate) fn started(players: &[&Running]) -> xiangqi_club::protocol::GameId {
    let ids: Vec<_> = players
        .iter()
        .map(|p| {
            p.event("the game's start", |e| match e {
                Event::Started(g) => Some(g.summary.id),
                _ => None,
            })
        })
        .collect();
    assert!(ids.windows(2).all(|w| w[0] == w[1]), "{ids:?}");
    ids[0]
}

/// Waits until `p` is refused something for the reason `reason`.
pub(crate) fn refused(p: &Running, reason: Denial) {
    p.event(&format!("a refusal ({reason:?})"), |e| match e {
        Event::Denied { reason: r, .. } if r == reason => Some(()),
        _ => None,
    });
}
