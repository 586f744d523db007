//! The club over SSH with the real OpenSSH client (`/usr/bin/ssh`, keys made by
//! `ssh-keygen`), all on 127.0.0.1: a session in a terminal reaches the lobby under its
//! user name; commands, subsystems and forwarding are refused and the server answers on;
//! one address gets no more than its share of connections; and the same key comes back to
//! the same account, while another key asking for its name is told so.

#[cfg(feature = "server")]
mod with_server {
    use super::super::club_support::{Running, WAIT, closed_by_server, player, server_on};
    use super::super::door::dial_from;
    use crate::common::{Session, TempDir};
    use std::io::{Read, Write};
    use std::net::{TcpListener, TcpStream};
    use std::path::{Path, PathBuf};
    use std::process::{Command, ExitStatus, Stdio};
    use std::time::{Duration, Instant};
    use xiangqi_club::protocol::{Event, Side};

    const SSH: &str = "/usr/bin/ssh";

    /// A club server with an SSH port, and its data folder.
    struct Club {
        _server: Running,
        native: String,
        ssh_port: String,
        data: TempDir,
    }

    fn club() -> Club {
        club_with(&[])
    }

    /// A club server with an SSH port and the options `extra`.
    fn club_with(extra: &[&str]) -> Club {
        let data = TempDir::new("ssh-club");
        let mut args = vec!["--ssh", "127.0.0.1:0"];
        args.extend_from_slice(extra);
        let (server, native, _) = server_on("127.0.0.1:0", &data.0, &args);
        let ssh_port = server.wait_for("the SSH address", |line| {
            let rest = line.strip_prefix("xiangqi server: ssh on 127.0.0.1:")?;
            Some(rest.split(' ').next()?.to_string())
        });
        Club {
            _server: server,
            native,
            ssh_port,
            data,
        }
    }

    /// A new ed25519 key without a passphrase, `name` in `dir`.
    fn key(dir: &Path, name: &str) -> PathBuf {
        let path = dir.join(name);
        let made = Command::new("ssh-keygen")
            .args(["-q", "-t", "ed25519", "-N", "", "-f"])
            .arg(&path)
            .stdin(Stdio::null())
            .status()
            .expect("ssh-keygen runs");
        assert!(made.success(), "ssh-keygen made no key");
        path
    }

    /// The options every `ssh` here is run with: no configuration file, no host key
    /// pinned, only `key` offered, nothing asked.
    fn options(club: &Club, key: &Path) -> Vec<String> {
        let key = key.to_str().expect("a path in UTF-8");
        let mut all = common_options(club);
        all.extend(
            ["-o", "BatchMode=yes", "-o", "IdentitiesOnly=yes", "-i", key].map(String::from),
        );
        all
    }

    /// The options of every `ssh` here, with a key or without.
    fn common_options(club: &Club) -> Vec<String> {
        [
            "-F",
            "/dev/null",
            "-o",
            "StrictHostKeyChecking=no",
            "-o",
            "UserKnownHostsFile=/dev/null",
            "-o",
            "LogLevel=ERROR",
            "-o",
            "ConnectTimeout=20",
            "-p",
            &club.ssh_port,
        ]
        .iter()
        .map(|s| s.to_string())
        .collect()
    }

    /// Runs `ssh OPTIONS EXTRA` without a terminal: how it ended and what it said on
    /// standard output and standard error, killed if it runs past the wait.
    fn ssh_once(club: &Club, key: &Path, extra: &[&str]) -> (ExitStatus, String, String) {
        let mut child = Command::new(SSH)
            .args(options(club, key))
            .args(extra)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("ssh runs");
        let deadline = Instant::now() + WAIT;
        let status = loop {
            if let Some(status) = child.try_wait().expect("its status") {
                break status;
            }
            if Instant::now() > deadline {
                let _ = child.kill();
                panic!("ssh {extra:?} still runs after {WAIT:?}");
            }
            std::thread::sleep(Duration::from_millis(50));
        };
        let mut out = String::new();
        if let Some(mut stdout) = child.stdout.take() {
            let _ = stdout.read_to_string(&mut out);
        }
        let mut err = String::new();
        if let Some(mut stderr) = child.stderr.take() {
            let _ = stderr.read_to_string(&mut err);
        }
        (status, out, err)
    }

    /// `ssh -tt NAME@127.0.0.1` in a terminal of its own.
    fn terminal(club: &Club, key: &Path, name: &str) -> Session {
        in_terminal(options(club, key), name)
    }

    /// `ssh OPTIONS -tt NAME@127.0.0.1` in a terminal of its own.
    fn in_terminal(mut args: Vec<String>, name: &str) -> Session {
        args.push("-tt".into());
        args.push(format!("{name}@127.0.0.1"));
        Session::builder()
            .menu()
            .program(Path::new(SSH))
            .args(leak(&args))
            .size(120, 40)
            .start()
    }

    /// The arguments as the builder takes them (a test's few strings, kept to its end).
    fn leak(args: &[String]) -> &'static [&'static str] {
        let words: Vec<&'static str> = args
            .iter()
            .map(|a| &*Box::leak(a.clone().into_boxed_str()))
            .collect();
        Box::leak(words.into_boxed_slice())
    }

    /// The accounts' folders the server made, one per SSH key that logged in.
    fn accounts(club: &Club) -> Vec<PathBuf> {
        let Ok(entries) = std::fs::read_dir(club.data.0.join("ssh").join("accounts")) else {
            return Vec::new();
        };
        entries.filter_map(|e| Some(e.ok()?.path())).collect()
    }

    #[test]
    fn an_ssh_session_in_a_terminal_reaches_the_lobby_under_its_user_name_and_follows_its_window() {
        let club = club();
        let keys = TempDir::new("ssh-keys");
        let alice = key(&keys.0, "alice");
        let mut screen = terminal(&club, &alice, "alice");
        screen.wait_for("— alice ·");
        screen.wait_for("Open seeks");
        // Nothing of the server's folders reaches the player (the club's key was pinned for
        // the account before its program first connected).
        let folder = club.data.0.to_str().expect("a path in UTF-8");
        let raw = String::from_utf8_lossy(&screen.raw).to_string();
        assert!(!raw.contains(folder), "{raw}");
        // The window grows: the client says so, the program's terminal follows, and the
        // lobby is drawn again to the new width.
        let wide = portable_pty::PtySize {
            rows: 45,
            cols: 160,
            pixel_width: 0,
            pixel_height: 0,
        };
        screen.master.resize(wide).expect("resize");
        screen.parser.screen_mut().set_size(45, 160);
        screen.wait_until("the lobby drawn 160 wide", |s| {
            (0..45).any(|row| {
                s.cell(row, 150)
                    .is_some_and(|c| !c.contents().trim().is_empty())
            })
        });
    }

    #[test]
    fn commands_subsystems_and_forwarding_are_refused_and_the_server_answers_on() {
        let club = club();
        let keys = TempDir::new("ssh-keys");
        let mallory = key(&keys.0, "mallory");
        let target = |extra: &[&str]| {
            let mut all = extra.to_vec();
            all.push("mallory@127.0.0.1");
            ssh_once(&club, &mallory, &all)
        };
        let command = ["mallory@127.0.0.1", "echo", "reached-a-shell"];
        let (ran, out, err) = ssh_once(&club, &mallory, &command);
        assert!(!ran.success(), "a command ran: {out}");
        assert!(err.contains("exec request failed"), "{err:?}");
        let (sftp, _, err) = ssh_once(&club, &mallory, &["-s", "mallory@127.0.0.1", "sftp"]);
        assert!(!sftp.success(), "the sftp subsystem was granted");
        assert!(err.contains("subsystem request failed"), "{err:?}");
        let (remote, _, _) = target(&[
            "-N",
            "-R",
            "0:127.0.0.1:9",
            "-o",
            "ExitOnForwardFailure=yes",
        ]);
        assert!(!remote.success(), "a remote forward was granted");
        assert!(
            !local_forward_reaches(&club, &mallory),
            "a local forward was granted"
        );
        // A shell without a terminal: one line saying what to do, and the session ends.
        let (plain, out, _) = target(&["-T"]);
        assert!(!plain.success());
        assert!(out.contains("ssh -t"), "{out:?}");
    }

    /// Whether `ssh -N -L` carries a connection to a listener here that greets each
    /// connection: the greeting comes back through the forward only if it was opened.
    fn local_forward_reaches(club: &Club, key: &Path) -> bool {
        let greeter = TcpListener::bind("127.0.0.1:0").expect("a listener");
        let target = greeter.local_addr().expect("its address");
        std::thread::spawn(move || {
            for stream in greeter.incoming().take(1) {
                let _ = stream.and_then(|mut s| s.write_all(b"hello"));
            }
        });
        let local = TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .expect("a free port")
            .port();
        let forward = format!("{local}:{target}");
        let mut child = Command::new(SSH)
            .args(options(club, key))
            .args(["-N", "-L", &forward, "mallory@127.0.0.1"])
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("ssh runs");
        let deadline = Instant::now() + WAIT;
        let mut stream = loop {
            if let Ok(s) = TcpStream::connect(("127.0.0.1", local)) {
                break s;
            }
            assert!(Instant::now() < deadline, "ssh -L never listened");
            std::thread::sleep(Duration::from_millis(100));
        };
        stream.set_read_timeout(Some(WAIT)).expect("a timeout");
        let mut got = Vec::new();
        let _ = stream.read_to_end(&mut got);
        let _ = child.kill();
        let _ = child.wait();
        got == b"hello"
    }

    /// The SSH greeting a connection gets at once, if the server took it.
    fn greeted(port: &str) -> Option<TcpStream> {
        greeted_from([127, 0, 0, 1], port)
    }

    /// The same, from the loopback address `from`.
    fn greeted_from(from: [u8; 4], port: &str) -> Option<TcpStream> {
        let mut stream = dial_from(from, &format!("127.0.0.1:{port}"));
        stream.set_read_timeout(Some(WAIT)).expect("a timeout");
        let mut banner = [0u8; 8];
        stream.read_exact(&mut banner).ok()?;
        (&banner == b"SSH-2.0-").then_some(stream)
    }

    #[test]
    fn one_address_gets_four_connections_and_no_more() {
        let club = club();
        let mut held: Vec<TcpStream> = (0..4)
            .map(|n| greeted(&club.ssh_port).unwrap_or_else(|| panic!("connection {n} refused")))
            .collect();
        let fifth = TcpStream::connect(format!("127.0.0.1:{}", club.ssh_port)).expect("tcp");
        assert!(closed_by_server(fifth), "a fifth connection was kept");
        // One given back, a new one is taken (once the server has seen the first go).
        held.pop();
        let deadline = Instant::now() + WAIT;
        while greeted(&club.ssh_port).is_none() {
            assert!(Instant::now() < deadline, "no connection after one ended");
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    #[test]
    fn the_same_key_comes_back_to_its_account_and_another_key_cannot_take_its_name() {
        let club = club();
        let keys = TempDir::new("ssh-keys");
        let alice = key(&keys.0, "alice");
        let mut first = terminal(&club, &alice, "alice");
        first.wait_for("— alice ·");
        let found = accounts(&club);
        assert_eq!(found.len(), 1, "{found:?}");
        let club_key = found[0].join("state").join("xiangqi").join("club.key");
        let made = std::fs::read(&club_key).expect("the account's club key");
        drop(first);
        // The club binds "alice" to the club key made at the first login: the second login
        // gets in only with that same key, found again in the same folder.
        let mut again = terminal(&club, &alice, "alice");
        again.wait_for("— alice ·");
        assert_eq!(accounts(&club), found);
        assert_eq!(std::fs::read(&club_key).expect("still there"), made);
        drop(again);
        let intruder = key(&keys.0, "intruder");
        let mut refused = terminal(&club, &intruder, "alice");
        refused.wait_for("belongs to another player's key");
        let status = refused.wait_exit();
        assert!(!status.success(), "the refused session ended as a success");
        assert_eq!(accounts(&club).len(), 2);
    }

    #[test]
    fn a_client_without_a_key_plays_as_a_guest_under_a_name_of_its_own() {
        let club = club();
        let mut args = common_options(&club);
        // No key offered: only keyboard-interactive, which the server takes as a guest.
        args.extend(
            [
                "-o",
                "PubkeyAuthentication=no",
                "-o",
                "PreferredAuthentications=keyboard-interactive",
            ]
            .map(String::from),
        );
        let mut screen = in_terminal(args, "alice");
        screen.wait_for("— guest-");
        assert!(
            !screen.screen().contains("— alice ·"),
            "{}",
            screen.screen()
        );
        assert!(accounts(&club).is_empty(), "a guest made an account");
        // The guest's folder (its club key) goes with its session.
        let guests = club.data.0.join("ssh").join("guests");
        let count = || std::fs::read_dir(&guests).map_or(0, Iterator::count);
        assert_eq!(count(), 1);
        drop(screen);
        let deadline = Instant::now() + WAIT;
        while count() > 0 {
            assert!(
                Instant::now() < deadline,
                "the guest's folder is still there"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
    }

    #[test]
    fn a_dropped_ssh_connection_in_a_game_is_a_dropped_player_with_the_grace() {
        let club = club_with(&["--grace", "7"]);
        let keys = TempDir::new("ssh-keys");
        let state = TempDir::new("ssh-native");
        let mut alice = player(&club.native, "alice", &state.0);
        let bob_key = key(&keys.0, "bob");
        let mut bob = terminal(&club, &bob_key, "bob");
        bob.wait_for("— bob ·");
        alice.say("seek 5+3 casual red");
        bob.wait_for("5+3 casual");
        bob.send(b"\r");
        alice.event("the game's start", |e| match e {
            Event::Started(state) if state.you == Some(Side::Red) => Some(()),
            _ => None,
        });
        alice.say("move h2e2");
        bob.wait_for("炮二平五");
        // The SSH client goes; its program is hung up, and the club tells the other player
        // that black left, with the grace before a claim.
        drop(bob);
        let claim_in = alice.event("black's absence", |e| match e {
            Event::Presence {
                side: Side::Black,
                present: false,
                claim_in_ms,
                ..
            } => Some(claim_in_ms),
            _ => None,
        });
        assert_eq!(claim_in, Some(7000));
    }

    #[test]
    fn the_language_the_client_sends_is_the_screens() {
        let club = club();
        let keys = TempDir::new("ssh-keys");
        let mut args = options(&club, &key(&keys.0, "li"));
        args.extend(["-o", "SetEnv=LANG=zh_CN.UTF-8"].map(String::from));
        let mut screen = in_terminal(args, "li");
        screen.wait_for("约战");
    }

    #[test]
    fn connections_in_all_are_bounded_by_the_ssh_sessions_option() {
        let club = club_with(&["--ssh-sessions", "3"]);
        let _held: Vec<TcpStream> = (2..5)
            .map(|n| {
                greeted_from([127, 0, 0, n], &club.ssh_port)
                    .unwrap_or_else(|| panic!("the connection from 127.0.0.{n} refused"))
            })
            .collect();
        let fourth = dial_from([127, 0, 0, 5], &format!("127.0.0.1:{}", club.ssh_port));
        assert!(
            closed_by_server(fourth),
            "a fourth connection in all was kept"
        );
    }

    #[test]
    fn a_session_that_sends_nothing_for_the_idle_bound_is_closed() {
        let club = club_with(&["--ssh-idle", "2"]);
        let keys = TempDir::new("ssh-keys");
        let mut screen = terminal(&club, &key(&keys.0, "sleepy"), "sleepy");
        screen.wait_for("— sleepy ·");
        // No key pressed: the server closes the connection, and the client ends.
        assert!(!screen.wait_exit().success());
    }
}
