//! The club's lobby on real terminals: a `xiangqi server` on 127.0.0.1 and two `xiangqi
//! online` screens in pseudo-terminals. Alice seeks from her lobby, Bob takes the seek from
//! his, and each one's move shows on both boards; in Jieqi, with the piece the server turned
//! over, and nothing covered shown to either before it turns.

#[cfg(feature = "server")]
mod with_server {
    use crate::common::Session;
    use std::io::{BufRead, BufReader};
    use std::process::{Child, Command, Stdio};
    use std::time::Duration;

    /// A club server on a free port of 127.0.0.1, stopped when dropped.
    struct Server(Child);

    impl Drop for Server {
        fn drop(&mut self) {
            let _ = self.0.kill();
            let _ = self.0.wait();
        }
    }

    /// Starts a server keeping its data in `data`; it and the address it listens on.
    fn server(data: &std::path::Path) -> (Server, String) {
        let mut child = Command::new(env!("CARGO_BIN_EXE_xiangqi"))
            .args(["server", "--listen", "127.0.0.1:0", "--data"])
            .arg(data)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("the server starts");
        let stdout = child.stdout.take().expect("its output");
        let server = Server(child);
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if let Some(rest) = line.strip_prefix("xiangqi server: listening on ") {
                    let _ = tx.send(rest.split(',').next().unwrap_or_default().to_string());
                }
            }
        });
        let addr = rx
            .recv_timeout(Duration::from_secs(30))
            .expect("the server says where it listens");
        (server, addr)
    }

    fn lobby(addr: &str, name: &str, state: &std::path::Path) -> Session {
        let args = ["online", addr, "--name", name];
        let mut s = Session::builder()
            .args(&args)
            .size(120, 40)
            .state(state)
            .start();
        s.wait_for(&format!("— {name} ·"));
        s.wait_for("Open seeks");
        s
    }

    /// A server and two lobbies on it: Alice opens the seek form, presses `form` and sends
    /// it; Bob sees it listed as `listed` and takes it; both boards come up with red to
    /// move and `board` on them. The server, Alice, Bob, and whether Alice plays red.
    fn seek_taken(
        dir: &std::path::Path,
        form: &[u8],
        listed: &str,
        board: &str,
    ) -> (Server, Session, Session, bool) {
        let (server, addr) = server(&dir.join("club"));
        let mut alice = lobby(&addr, "alice", &dir.join("a"));
        let mut bob = lobby(&addr, "bob", &dir.join("b"));
        alice.send(b"s");
        alice.wait_for("New seek:");
        alice.send(form);
        alice.send(b"\r");
        bob.wait_for(listed);
        // Bob takes it: the first seek is chosen.
        bob.send(b"\r");
        for s in [&mut alice, &mut bob] {
            s.wait_until("the board", |screen| {
                let text = screen.contents();
                text.contains("Red to move") && text.contains(board)
            });
        }
        let alice_red = alice.screen().contains("you play red");
        assert_ne!(alice_red, bob.screen().contains("you play red"));
        (server, alice, bob, alice_red)
    }

    #[test]
    fn a_seek_made_in_one_lobby_is_taken_in_another_and_both_boards_show_each_move() {
        let dir = tempfile::tempdir().expect("a folder");
        // Alice's seek, on the form's first clock (5+3, casual, either side).
        let (_server, mut alice, mut bob, alice_red) =
            seek_taken(dir.path(), b"", "5+3 casual · random side · alice", "bob");
        let (red, black) = if alice_red {
            (&mut alice, &mut bob)
        } else {
            (&mut bob, &mut alice)
        };
        red.send(b":h2e2\r");
        red.wait_for("炮二平五");
        black.wait_for("炮二平五");
        black.send(b":h9g7\r");
        black.wait_for("馬８進７");
        red.wait_for("馬８進７");
        // Back to the lobby (the game goes on there), and out.
        alice.send(b"q");
        alice.wait_for("y/n");
        alice.send(b"y");
        alice.wait_for("b back to your game");
        alice.send(b"q");
        assert!(alice.wait_exit().success());
    }

    #[test]
    fn a_jieqi_seek_is_dealt_by_the_server_and_both_boards_show_the_piece_it_turned_over() {
        let dir = tempfile::tempdir().expect("a folder");
        // The form's fourth field is the game: Tab three times, then the other choice.
        let listed = "5+3 Jieqi casual · random side · alice";
        let (_server, mut alice, mut bob, alice_red) =
            seek_taken(dir.path(), b"\t\t\t\x1b[C", listed, "Club Jieqi");
        for s in [&alice, &bob] {
            // Every piece but the generals lies covered.
            assert_eq!(s.screen().matches('暗').count(), 30, "{}", s.screen());
        }
        let (red, black) = if alice_red {
            (&mut alice, &mut bob)
        } else {
            (&mut bob, &mut alice)
        };
        // The piece on red's left cannon point moves as a cannon and turns over.
        red.send(b"m");
        red.send(b"b2e2\r");
        let shown = |screen: &vt100::Screen| {
            let text = screen.contents();
            text.contains("Black to move") && text.contains("炮八平五=")
        };
        red.wait_until("the move with its reveal", shown);
        black.wait_until("the move with its reveal", shown);
        let line = |s: &crate::common::Session| {
            s.lines().into_iter().find_map(|l| {
                l.split_once("炮八平五=")
                    .map(|(_, piece)| piece.trim().to_string())
            })
        };
        assert_eq!(line(red), line(black), "both are told the same piece");
        for s in [&*red, &*black] {
            assert_eq!(s.screen().matches('暗').count(), 29, "{}", s.screen());
        }
    }
}
