//! A network game and the player's own unfinished game on one state folder: `xiangqi join`
//! and `xiangqi host` in pseudo-terminals keep the network game in another autosave and
//! leave the player's own, byte for byte, for `--resume`.

use crate::common;
use crate::common::net;

use common::{Session, TempDir};
use net::{COLS, ROWS, host, host_in, invite, join_in, play, play_first_moves, quit};
use std::path::{Path, PathBuf};
use xiangqi_rules::START_FEN;

/// The player's own game, left unfinished: as a person or another program wrote it.
const OWN_GAME: &str = "[Event \"My own game\"]\n[Date \"2024.05.06\"]\n[Red \"Me\"]\n\
[Black \"Computer\"]\n[Format \"ICCS\"]\n[Result \"*\"]\n\n\
1. c3c4 {my plan} b9c7 2. b0c2 *\n";

const OWN_MOVES: [&str; 3] = ["c3c4", "b9c7", "b0c2"];

/// Slot `number`'s autosave in the state folder `state` (`XDG_STATE_HOME`).
fn autosave(state: &Path, number: usize) -> PathBuf {
    let name = match number {
        1 => "autosave.pgn".to_string(),
        n => format!("autosave-{n}.pgn"),
    };
    state.join("xiangqi").join(name)
}

/// A state folder whose first autosave holds the player's own unfinished game.
fn state_with_own_game(name: &str) -> TempDir {
    let state = TempDir::new(name);
    std::fs::create_dir_all(state.0.join("xiangqi")).expect("state folder");
    std::fs::write(autosave(&state.0, 1), OWN_GAME).expect("own game written");
    state
}

fn assert_own_game_untouched(state: &Path) {
    let kept = std::fs::read_to_string(autosave(state, 1)).expect("own game still there");
    assert_eq!(kept, OWN_GAME, "the player's own game was written over");
}

/// The moves of the game kept in `path`.
fn kept_moves(path: &Path) -> Vec<String> {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let game = xiangqi_records::pgn::read_game(&bytes, 1).expect("a game");
    game.moves().iter().map(ToString::to_string).collect()
}

/// Text with every run of white space one space: a message wrapped over rows reads whole.
fn words(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Waits until the message line says the own game stays in `state`'s first autosave and
/// the network game is kept in its autosave `number`.
fn wait_for_kept_apart(s: &mut Session, state: &Path, number: usize) {
    let said = words(&format!(
        "Your unfinished game stays as it was in {}: this network game is kept in {}, and once it has ended, xiangqi --resume continues yours",
        autosave(state, 1).display(),
        autosave(state, number).display()
    ));
    s.wait_until(&said, |screen| words(&screen.contents()).contains(&said));
}

fn fen_after(moves: &[&str]) -> String {
    common::fen_after(START_FEN, moves)
}

#[test]
fn a_guest_joining_a_game_in_progress_leaves_the_players_own_game_as_it_was() {
    // The host continues a network game kept from before: it is in progress at once.
    let host_state = TempDir::new("slots-host");
    std::fs::create_dir_all(host_state.0.join("xiangqi")).expect("state folder");
    let network = "[Format \"ICCS\"]\n[Result \"*\"]\n\n1. h2e2 h9g7 *\n";
    std::fs::write(autosave(&host_state.0, 1), network).expect("written");
    let mut h = host_in(&["--resume"], &host_state.0);
    let (addr, code) = invite(&h);

    let guest = state_with_own_game("slots-guest");
    let mut g = join_in(&addr, &code, &guest.0);
    g.wait_for("1. 炮二平五 馬８進７");
    // The game in progress was kept as soon as it showed.
    assert_own_game_untouched(&guest.0);
    assert_eq!(kept_moves(&autosave(&guest.0, 2)), ["h2e2", "h9g7"]);
    wait_for_kept_apart(&mut g, &guest.0, 2);

    play(&mut h, "h0g2");
    g.wait_for("2. 馬二進三");
    // The guest resigns: the network game is over.
    g.send(b"g");
    g.wait_for("resign this game? (y/n)");
    g.send(b"y");
    h.wait_for("The other player resigned");
    quit(&mut g);
    quit(&mut h);
    assert_own_game_untouched(&guest.0);
    assert_eq!(kept_moves(&autosave(&guest.0, 2)), ["h2e2", "h9g7", "h0g2"]);

    // Its own game is what --resume continues now.
    let mut own = Session::start_in(&["--resume"], COLS, ROWS, &guest.0);
    own.wait_for("Resumed your last game");
    assert!(own.screen().contains("Me – Computer"), "{}", own.screen());
    assert!(quit(&mut own).contains(&fen_after(&OWN_MOVES)));
}

#[test]
fn a_host_leaves_the_players_own_game_as_it_was_and_host_resume_goes_on_with_the_network_game() {
    let state = state_with_own_game("slots-host-own");
    let mut h = host_in(&[], &state.0);
    wait_for_kept_apart(&mut h, &state.0, 2);
    let (addr, code) = invite(&h);
    let guest = TempDir::new("slots-host-guest");
    let mut g = join_in(&addr, &code, &guest.0);
    play_first_moves(&mut h, &mut g);
    quit(&mut h);
    g.wait_for("the other player left");
    quit(&mut g);
    assert_own_game_untouched(&state.0);
    assert_eq!(kept_moves(&autosave(&state.0, 2)), ["h2e2", "h9g7"]);

    // The network game, left unfinished and newer, is the one `host --resume` continues.
    let mut h = host_in(&["--resume"], &state.0);
    h.wait_for("1. 炮二平五 馬８進７");
    let (addr, code) = invite(&h);
    let mut g = join_in(&addr, &code, &guest.0);
    g.wait_for("Other player: connected");
    play(&mut h, "h0g2");
    g.wait_for("2. 馬二進三");
    quit(&mut g);
    assert!(quit(&mut h).contains(&fen_after(&["h2e2", "h9g7", "h0g2"])));
    assert_own_game_untouched(&state.0);
    assert_eq!(kept_moves(&autosave(&state.0, 2)), ["h2e2", "h9g7", "h0g2"]);
}

#[test]
fn a_guest_joining_the_same_game_again_goes_on_in_its_autosave() {
    let mut h = host(&[]);
    let (addr, code) = invite(&h);
    let guest = state_with_own_game("slots-rejoin");
    let mut g = join_in(&addr, &code, &guest.0);
    play_first_moves(&mut h, &mut g);
    g.signal("KILL");
    let _ = g.wait_exit();
    h.wait_for("Other player: not connected");
    assert_eq!(kept_moves(&autosave(&guest.0, 2)), ["h2e2", "h9g7"]);

    // The new guest starts on the first slot, the own game's, and finds its game in the
    // second.
    let mut again = join_in(&addr, &code, &guest.0);
    again.wait_for("1. 炮二平五 馬８進７");
    wait_for_kept_apart(&mut again, &guest.0, 2);
    play(&mut h, "h0g2");
    again.wait_for("2. 馬二進三");
    quit(&mut again);
    quit(&mut h);
    assert_own_game_untouched(&guest.0);
    assert_eq!(kept_moves(&autosave(&guest.0, 2)), ["h2e2", "h9g7", "h0g2"]);
    assert!(
        !autosave(&guest.0, 3).exists(),
        "the same game went to a third slot"
    );
}
