//! The club's keys between real processes: a name stays with the key that took it first,
//! and a client refuses a server whose key is not the one it pinned, saying which keys and
//! where the pin is kept.

#[cfg(feature = "server")]
mod with_server {
    use super::super::club_support::{online_once, player, refused, server, server_on, started};
    use xiangqi_club::protocol::{Denial, Event};

    #[test]
    fn another_key_under_a_taken_name_is_refused_and_the_owner_still_logs_in() {
        let dir = tempfile::tempdir().expect("a folder");
        let (_server, addr) = server(&dir.path().join("club"), &[]);
        let (owner, impostor) = (dir.path().join("a"), dir.path().join("x"));
        let mut alice = player(&addr, "alice", &owner);
        alice.say("quit");
        assert!(alice.child.wait().expect("alice ends").success());

        let refused = online_once(&addr, "alice", &impostor);
        let err = String::from_utf8_lossy(&refused.stderr);
        assert!(!refused.status.success(), "{err}");
        assert!(err.contains("refused") && err.contains("alice"), "{err}");
        assert!(
            !String::from_utf8_lossy(&refused.stdout).contains("\"welcome\""),
            "no welcome for the impostor"
        );

        let again = online_once(&addr, "alice", &owner);
        assert!(
            again.status.success(),
            "{}",
            String::from_utf8_lossy(&again.stderr)
        );
    }

    #[test]
    fn a_server_whose_key_changed_is_refused_with_both_fingerprints_and_the_pin_file() {
        let dir = tempfile::tempdir().expect("a folder");
        let state = dir.path().join("a");
        let (mut first, addr, pinned) = server_on("127.0.0.1:0", &dir.path().join("one"), &[]);
        let mut alice = player(&addr, "alice", &state);
        alice.say("quit");
        assert!(alice.child.wait().expect("alice ends").success());
        first.child.kill().expect("killed");
        let _ = first.child.wait();

        // A fresh data folder on the same address: a new key.
        let (_second, again, presented) = server_on(&addr, &dir.path().join("two"), &[]);
        assert_eq!(again, addr);
        assert_ne!(pinned, presented);
        let refused = online_once(&addr, "alice", &state);
        let err = String::from_utf8_lossy(&refused.stderr);
        assert!(!refused.status.success(), "{err}");
        assert_eq!(refused.status.code(), Some(1), "{err}");
        for part in [pinned.as_str(), presented.as_str(), "club_known_servers"] {
            assert!(err.contains(part), "{part} in {err}");
        }
        assert!(
            err.contains(state.to_str().expect("utf-8")),
            "the pin file's path in {err}"
        );
    }

    #[test]
    fn a_guest_is_refused_rated_games_and_plays_casual_ones() {
        let dir = tempfile::tempdir().expect("a folder");
        let (_server, addr) = server(&dir.path().join("club"), &[]);
        let mut guest = player(&addr, "guest-1a2b3c", &dir.path().join("g"));
        let mut alice = player(&addr, "alice", &dir.path().join("a"));
        // Neither a rated seek of the guest's nor the guest taking alice's rated one.
        guest.say("lobby");
        guest.say("seek 5+3 rated random");
        refused(&guest, Denial::GuestsCasual);
        alice.say("seek 5+3 rated red");
        let seek = guest.event("alice's seek", |e| match e {
            Event::SeekOpen { seek } => Some(seek.id),
            _ => None,
        });
        guest.say(&format!("accept {seek}"));
        refused(&guest, Denial::GuestsCasual);
        alice.say(&format!("cancel {seek}"));
        // A casual game, though, is played.
        alice.say("seek 5+3 casual red");
        guest.say("seek 5+3 casual random");
        started(&[&alice, &guest]);
    }
}
