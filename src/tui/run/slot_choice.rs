//! Which autosave slot a game writes, and what the message line says of it. A network
//! game is never kept over an unfinished game it did not come from. The
//! host of a new game takes, at the start, a slot whose autosave keeps no unfinished game;
//! `host --resume` keeps the slot it resumed. The guest learns which game it plays only when
//! the host's game arrives: then it keeps the slot it holds if that slot's autosave keeps
//! nothing or this very game (a guest joining the same game again), else it moves to a slot
//! that keeps this game or nothing, before anything is written.

use crate::tui::i18n::catalogue::{id, tr_args};
use crate::tui::i18n::lang::Lang;
use crate::tui::store::saved::SavedGame;
use crate::tui::store::slot::{Clear, Slot, SlotError};
use std::path::{Path, PathBuf};
use xiangqi_net::message::Sync;
use xiangqi_net::table::Table;
use xiangqi_records::pgn::PgnGame;
use xiangqi_rules::Game;

/// The slot a host's new network game writes.
///
/// # Errors
/// There is no state folder, it cannot be used, or every slot is held or keeps an
/// unfinished game.
pub fn for_new_host(folder: Option<&Path>) -> Result<Clear, SlotError> {
    let folder = folder.ok_or(SlotError::NoHome)?;
    // Nothing kept is the host's new game.
    Slot::take_clear(folder, None, |_| false)
}

/// The slot a guest keeps the host's game `sync` in, `held` being the one it took at the
/// start. Without a state folder, or for a game that does not read (the connection says so,
/// and nothing is written), `held` as it is.
///
/// # Errors
/// As [`Slot::take_clear`]'s, or `held`'s own.
pub fn for_synced(
    folder: Option<&Path>,
    held: Result<Slot, SlotError>,
    sync: &Sync,
) -> Result<Clear, SlotError> {
    let (Some(folder), Ok(table)) = (folder, Table::from_sync(sync)) else {
        return held.map(|slot| Clear {
            slot,
            passed: Vec::new(),
        });
    };
    Slot::take_clear(folder, held.ok(), |kept| {
        is_this_game(kept, table.game(), &sync.red, &sync.black)
    })
}

/// Is the game `kept` in an autosave this network game as the guest kept it when it last
/// played it: the same start, the same moves up to the place it was left, the same players?
/// Anything less is another game, whose file is left as it is.
#[must_use]
pub fn is_this_game(kept: &PgnGame, game: &Game, red: &str, black: &str) -> bool {
    let saved = SavedGame::of(kept);
    let name = |tag: &str| unnamed_if_unknown(saved.record.tag(tag).unwrap_or(""));
    saved.game.start() == game.start()
        && saved.game.moves() == game.moves()
        && name("Red") == unnamed_if_unknown(red)
        && name("Black") == unnamed_if_unknown(black)
}

/// A player's name as a record writes it, `?` (PGN's unknown) being no name.
fn unnamed_if_unknown(name: &str) -> &str {
    match name.trim() {
        "?" => "",
        name => name,
    }
}

/// What the message line first says of the autosave slot this game took: that a network
/// game passed over the player's own unfinished games (`passed`), that it is kept apart
/// while another game runs on the state folder, or that the state folder cannot be used at
/// all (so games and solved puzzles are not kept), naming it.
pub fn slot_notice(
    lang: Lang,
    slot: &Result<Slot, SlotError>,
    passed: &[PathBuf],
) -> Option<String> {
    match slot {
        Ok(slot) if !passed.is_empty() => {
            let kept: Vec<String> = passed.iter().map(|p| p.display().to_string()).collect();
            Some(tr_args(
                lang,
                id::NET_KEPT_APART,
                &[
                    ("kept", kept.join(", ").into()),
                    ("count", kept.len().into()),
                    ("file", slot.path().display().to_string().into()),
                ],
            ))
        }
        Ok(slot) if slot.number() > 1 => {
            let file = slot.path().display().to_string();
            Some(tr_args(
                lang,
                id::OTHER_GAME_RUNNING,
                &[("file", file.into())],
            ))
        }
        Err(SlotError::Folder { folder, source }) => Some(tr_args(
            lang,
            id::STATE_FOLDER_UNUSABLE,
            &[
                ("folder", folder.display().to_string().into()),
                ("why", source.to_string().into()),
            ],
        )),
        // Said when the game is first kept, as the autosave that cannot be written.
        Ok(_) | Err(SlotError::NoHome | SlotError::AllBusy { .. } | SlotError::AllKept { .. }) => {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Lang, for_new_host, for_synced, is_this_game, slot_notice};
    use crate::tui::store::slot::{Slot, autosave_path};
    use xiangqi_net::message::Sync;
    use xiangqi_rules::{Color, Game, Move, Position};

    /// The PGN a guest keeps of a network game with these moves and players.
    fn kept(moves: &str, red: &str) -> String {
        format!("[Red \"{red}\"]\n[Format \"ICCS\"]\n[Result \"*\"]\n\n{moves} *\n")
    }

    fn sync(moves: &[&str], red: &str) -> Sync {
        Sync {
            fen: Position::start().fen(),
            moves: moves
                .iter()
                .map(|m| m.parse::<Move>().expect("move"))
                .collect(),
            guest: Color::Black,
            red: red.into(),
            black: String::new(),
            declared: None,
            clocks: None,
        }
    }

    fn read(text: &str) -> xiangqi_records::pgn::PgnGame {
        xiangqi_records::pgn::read_game(text.as_bytes(), 1).expect("a game")
    }

    #[test]
    fn only_the_same_start_moves_and_players_are_this_game() {
        let mut game = Game::new(Position::start());
        for m in ["h2e2", "h9g7"] {
            game.play(m.parse().expect("move")).expect("legal");
        }
        let same =
            |moves: &str, red: &str| is_this_game(&read(&kept(moves, red)), &game, "Ann", "");
        assert!(same("1. h2e2 h9g7", "Ann"));
        // A game that went as far as one move of it is another game.
        assert!(!same("1. h2e2", "Ann"));
        assert!(!same("1. h2e2 h9g7 2. h0g2", "Ann"));
        assert!(!same("1. h2e2 h9g7", "Bo"));
    }

    #[test]
    fn the_host_passes_over_a_kept_unfinished_game() {
        let dir = tempfile::tempdir().expect("temporary folder");
        let own = kept("1. h2e2 h9g7", "Me");
        std::fs::write(autosave_path(dir.path(), 1), &own).expect("written");
        let clear = for_new_host(Some(dir.path())).expect("a slot");
        assert_eq!(clear.slot.number(), 2);
        assert_eq!(clear.passed, vec![autosave_path(dir.path(), 1)]);
    }

    #[test]
    fn a_guest_moves_away_from_another_game_and_back_to_its_own() {
        let dir = tempfile::tempdir().expect("temporary folder");
        std::fs::write(autosave_path(dir.path(), 1), kept("1. h2e2", "Me")).expect("written");
        // The game this guest played before, left unfinished in slot 3.
        let before = kept("1. c3c4 h9g7", "Ann");
        std::fs::write(autosave_path(dir.path(), 3), &before).expect("written");
        let at = |moves: &[&str]| {
            let held = Slot::take_free(dir.path());
            for_synced(Some(dir.path()), held, &sync(moves, "Ann")).expect("a slot")
        };
        // Joined again: the slot of the game it played.
        let again = at(&["c3c4", "h9g7"]);
        assert_eq!(again.slot.number(), 3);
        assert_eq!(again.passed, vec![autosave_path(dir.path(), 1)]);
        drop(again);
        // Another game: the first slot that keeps nothing.
        let other = at(&["h2e2", "h9g7"]);
        assert_eq!(other.slot.number(), 2);
        assert_eq!(other.passed, vec![autosave_path(dir.path(), 1)]);
    }

    #[test]
    fn a_state_folder_that_cannot_be_used_is_named_at_the_start() {
        let dir = tempfile::tempdir().expect("temporary folder");
        // XDG_STATE_HOME a plain file: the state folder would be inside it.
        let plain = dir.path().join("state");
        std::fs::write(&plain, "").expect("written");
        let folder = plain.join("xiangqi");
        let slot = Slot::take_free(&folder);
        let notice = slot_notice(Lang::En, &slot, &[]).expect("a notice");
        assert!(
            notice.contains(&format!("The state folder {}", folder.display()))
                && notice.contains("cannot be used")
                && notice.contains("not kept"),
            "{notice}"
        );
        assert!(!notice.contains("puzzle progress"), "{notice}");
        // A folder that works says nothing; a second game on it says where it is kept.
        let folder = dir.path().join("good");
        let first = Slot::take_free(&folder);
        assert_eq!(slot_notice(Lang::En, &first, &[]), None);
        let second = Slot::take_free(&folder);
        let notice = slot_notice(Lang::En, &second, &[]).expect("a notice");
        assert!(notice.contains("autosave-2.pgn"), "{notice}");
    }
}
