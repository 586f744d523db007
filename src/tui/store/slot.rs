//! One writer per autosave. Each running game holds an advisory lock (the `fs4` crate's
//! `flock`) on the autosave it writes: the first game takes `autosave.pgn`, a second one
//! started meanwhile on the same state folder takes `autosave-2.pgn`, and so on, so two
//! games never write, or clean up after, the same file. The lock goes with the process: a
//! game that is killed leaves its slot free for the next one.
//!
//! A game that did not come from a slot's autosave (a network game) takes, with
//! [`Slot::take_clear`], a slot whose autosave holds no unfinished game of another: a free
//! slot is not always a slot free to write over.

use fs4::{FileExt, TryLockError};
use std::fs::{File, OpenOptions};
use std::path::{Path, PathBuf};
use thiserror::Error;
use xiangqi_records::pgn::PgnGame;

/// How many games may run at once on one state folder.
pub const SLOTS: usize = 9;

/// What went wrong taking a slot.
#[derive(Debug, Error)]
pub enum SlotError {
    /// There is no home folder, so no state folder to keep games in.
    #[error("no home folder to keep it in")]
    NoHome,
    /// The state folder or a lock file in it cannot be made or opened.
    #[error("cannot use the state folder {}: {source}", folder.display())]
    Folder {
        /// The state folder.
        folder: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// Every slot is held by a running game.
    #[error("{SLOTS} games are running on the state folder {} already", folder.display())]
    AllBusy {
        /// The state folder.
        folder: PathBuf,
    },
    /// Every slot no running game holds keeps an unfinished game of another (or a file that
    /// cannot be read), which a game that did not come from it must not write over.
    #[error(
        "every autosave of the state folder {} that no running game holds keeps an unfinished game, and this game writes over none of them",
        folder.display()
    )]
    AllKept {
        /// The state folder.
        folder: PathBuf,
    },
}

/// What a slot's autosave holds, as a game about to write it sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Holds {
    /// Nothing to keep: no file, or a game that has ended or has no moves.
    Nothing,
    /// This game, as it was kept when it was last played.
    ThisGame,
    /// Another unfinished game, or a file that cannot be read: not to be written over.
    Other,
}

/// A slot taken by [`Slot::take_clear`], and the autosaves it passed over.
#[derive(Debug)]
pub struct Clear {
    /// The slot this game writes.
    pub slot: Slot,
    /// The autosaves before it (and the one the game held, if it was left) that keep an
    /// unfinished game of another, which stays as it was.
    pub passed: Vec<PathBuf>,
}

/// The autosave this game owns while it runs.
#[derive(Debug)]
pub struct Slot {
    folder: PathBuf,
    number: usize,
    /// Held open for the lock; closing it (at exit, or on a kill) lets the slot go.
    _lock: File,
}

impl Slot {
    /// The first slot of `folder` no running game holds (made private to the user if
    /// missing).
    ///
    /// # Errors
    /// The folder cannot be made or a lock file opened, or every slot is held.
    pub fn take_free(folder: &Path) -> Result<Slot, SlotError> {
        for number in 1..=SLOTS {
            if let Some(slot) = Slot::try_take(folder, number)? {
                return Ok(slot);
            }
        }
        Err(SlotError::AllBusy {
            folder: folder.to_path_buf(),
        })
    }

    /// Slot `number` of `folder`, if no running game holds it.
    ///
    /// # Errors
    /// The folder cannot be made or the lock file opened.
    pub fn try_take(folder: &Path, number: usize) -> Result<Option<Slot>, SlotError> {
        let failed = |source| SlotError::Folder {
            folder: folder.to_path_buf(),
            source,
        };
        super::autosave::make_private_folder(folder).map_err(failed)?;
        let path = lock_path(folder, number);
        // Only a regular file is a lock: opening a pipe put there would wait for ever, and a
        // link would lock (or make) a file elsewhere.
        if let Ok(meta) = path.symlink_metadata()
            && !meta.file_type().is_file()
        {
            return Err(failed(std::io::Error::new(
                std::io::ErrorKind::InvalidInput,
                format!(
                    "{} is {}, not a lock file",
                    path.display(),
                    super::files::describe(meta.file_type())
                ),
            )));
        }
        let file = OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&path)
            .map_err(failed)?;
        match FileExt::try_lock(&file) {
            Ok(()) => Ok(Some(Slot {
                folder: folder.to_path_buf(),
                number,
                _lock: file,
            })),
            Err(TryLockError::WouldBlock) => Ok(None),
            Err(TryLockError::Error(e)) => Err(failed(e)),
        }
    }

    /// The slot for a game that must write over no unfinished game it did not come from:
    /// of `held` (the slot the game holds already, if any) and the slots no running game
    /// holds, the first whose autosave holds this game (what `is_this` says of a kept game),
    /// else `held` if its autosave keeps nothing, else the first whose autosave keeps
    /// nothing. The slots looked at and not taken are let go.
    ///
    /// # Errors
    /// The folder cannot be made or a lock file opened, or every slot is held or keeps an
    /// unfinished game of another.
    pub fn take_clear(
        folder: &Path,
        held: Option<Slot>,
        is_this: impl Fn(&PgnGame) -> bool,
    ) -> Result<Clear, SlotError> {
        let mut clear = None;
        // The slot the game held, when it keeps another's game: left, and said.
        let mut left = None;
        if let Some(slot) = held {
            match holds(&slot.path(), &is_this) {
                Holds::ThisGame => {
                    return Ok(Clear {
                        slot,
                        passed: Vec::new(),
                    });
                }
                Holds::Nothing => clear = Some(slot),
                Holds::Other => left = Some((slot.number, slot.path())),
            }
        }
        let mut passed = Vec::new();
        for number in 1..=SLOTS {
            // The slot held above is taken already: it is not met again.
            let Some(slot) = Slot::try_take(folder, number)? else {
                continue;
            };
            match holds(&slot.path(), &is_this) {
                Holds::ThisGame => {
                    clear = Some(slot);
                    break;
                }
                Holds::Nothing if clear.is_none() => clear = Some(slot),
                Holds::Nothing => {}
                Holds::Other => passed.push((number, slot.path())),
            }
        }
        let slot = clear.ok_or_else(|| SlotError::AllKept {
            folder: folder.to_path_buf(),
        })?;
        // Those passed over on the way to this slot, and the one the game left.
        passed.retain(|(number, _)| *number < slot.number);
        passed.extend(left);
        passed.sort();
        passed.dedup();
        Ok(Clear {
            slot,
            passed: passed.into_iter().map(|(_, path)| path).collect(),
        })
    }

    /// Which slot this is, from 1.
    #[must_use]
    pub fn number(&self) -> usize {
        self.number
    }

    /// The autosave file of this slot.
    #[must_use]
    pub fn path(&self) -> PathBuf {
        autosave_path(&self.folder, self.number)
    }
}

/// The autosave of slot `number` in `folder`: `autosave.pgn`, then `autosave-2.pgn` …
#[must_use]
pub fn autosave_path(folder: &Path, number: usize) -> PathBuf {
    if number <= 1 {
        super::autosave::path_in(folder)
    } else {
        folder.join(format!("autosave-{number}.pgn"))
    }
}

/// What the autosave `path` holds, for a game about to write it that is `is_this`.
#[must_use]
pub fn holds(path: &Path, is_this: impl Fn(&PgnGame) -> bool) -> Holds {
    match super::autosave::read(path) {
        Ok(Some(game)) if super::autosave::unfinished(&game) => {
            if is_this(&game) {
                Holds::ThisGame
            } else {
                Holds::Other
            }
        }
        Ok(_) => Holds::Nothing,
        Err(_) => Holds::Other,
    }
}

/// The lock file of slot `number`: hidden beside the autosave, never the autosave itself
/// (which is replaced by a rename at every move, and a lock on a replaced file guards
/// nothing).
fn lock_path(folder: &Path, number: usize) -> PathBuf {
    folder.join(format!(".autosave-{number}.lock"))
}

/// The marker in the state folder that says the first-run hint was given.
const HINT_GIVEN: &str = "hint-given";

/// Is this the program's first run — no configuration file at `config`, no game kept in the
/// state folder `folder` and no hint given yet? If so, the marker is left in `folder` so
/// that the hint is given once (where it cannot be left, the hint comes again next time:
/// better than never).
#[must_use]
pub fn first_run(folder: Option<&Path>, config: Option<&Path>) -> bool {
    let Some(folder) = folder else {
        return false;
    };
    let marker = folder.join(HINT_GIVEN);
    let configured = config.is_some_and(|c| c.symlink_metadata().is_ok());
    let kept = (1..=SLOTS).any(|n| autosave_path(folder, n).exists());
    if configured || kept || marker.symlink_metadata().is_ok() {
        return false;
    }
    let _ = std::fs::create_dir_all(folder)
        .and_then(|()| crate::tui::store::files::write_atomic(&marker, b""));
    true
}

#[cfg(test)]
mod tests {
    use super::{SLOTS, Slot, SlotError, autosave_path};

    #[test]
    fn each_running_game_takes_a_slot_of_its_own_and_a_slot_is_free_once_let_go() {
        let dir = tempfile::tempdir().expect("temporary folder");
        let first = Slot::take_free(dir.path()).expect("a slot");
        let second = Slot::take_free(dir.path()).expect("another slot");
        assert_eq!((first.number(), second.number()), (1, 2));
        assert_eq!(second.path(), autosave_path(dir.path(), 2));
        assert!(
            Slot::try_take(dir.path(), 1).expect("no error").is_none(),
            "held"
        );
        drop(first);
        assert!(
            Slot::try_take(dir.path(), 1).expect("no error").is_some(),
            "let go"
        );
    }

    #[cfg(unix)]
    #[test]
    fn a_lock_that_is_not_a_regular_file_is_refused_not_opened() {
        let dir = tempfile::tempdir().expect("temporary folder");
        let fifo = dir.path().join(".autosave-1.lock");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        assert!(matches!(made, Ok(s) if s.success()), "mkfifo: {made:?}");
        let err = Slot::try_take(dir.path(), 1).expect_err("a pipe is no lock");
        assert!(matches!(err, SlotError::Folder { .. }), "{err}");
        assert!(err.to_string().contains("named pipe"), "{err}");
    }

    #[test]
    fn a_clear_slot_keeps_no_unfinished_game_and_none_is_written_over() {
        let dir = tempfile::tempdir().expect("temporary folder");
        let write = |number, text: &str| {
            std::fs::write(autosave_path(dir.path(), number), text).expect("written");
        };
        write(1, "[Result \"*\"]\n\n1. h2e2 *\n");
        // A file that is no game is not vouched for either.
        write(2, "not a game at all {");
        // A game that has ended, or has no moves, keeps nothing.
        write(3, "[Result \"1-0\"]\n\n1. h2e2 1-0\n");
        let clear = Slot::take_clear(dir.path(), None, |_| false).expect("a slot");
        assert_eq!(clear.slot.number(), 3);
        assert_eq!(
            clear.passed,
            [autosave_path(dir.path(), 1), autosave_path(dir.path(), 2)]
        );
        // Held, it is kept, and the games before it are still said to stay.
        let again = Slot::take_clear(dir.path(), Some(clear.slot), |_| false).expect("a slot");
        assert_eq!((again.slot.number(), again.passed.len()), (3, 2));
        drop(again);
        // Every slot keeping an unfinished game: none is taken.
        for number in 2..=SLOTS {
            write(number, "[Result \"*\"]\n\n1. h2e2 *\n");
        }
        let err = Slot::take_clear(dir.path(), None, |_| false).expect_err("all kept");
        assert!(matches!(err, SlotError::AllKept { .. }), "{err}");
        // Unless one of them is this game.
        let this = Slot::take_clear(dir.path(), None, |g| g.moves().len() == 1).expect("a slot");
        assert_eq!(this.slot.number(), 1);
    }
}
