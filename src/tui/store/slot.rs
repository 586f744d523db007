//! One writer per autosave. Each running game holds an advisory lock (the `fs4` crate's
//! `flock`) on the autosave it writes: the first game takes `autosave.pgn`, a second one
//! started meanwhile on the same state folder takes `autosave-2.pgn`, and so on, so two
//! games never write, or clean up after, the same file. The lock goes with the process: a
//! game that is killed leaves its slot free for the next one.

use fs4::{FileExt, TryLockError};
use std::fs::{File, OpenOptions};
use std::path::{Path, PathBuf};
use thiserror::Error;

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

/// The lock file of slot `number`: hidden beside the autosave, never the autosave itself
/// (which is replaced by a rename at every move, and a lock on a replaced file guards
/// nothing).
fn lock_path(folder: &Path, number: usize) -> PathBuf {
    folder.join(format!(".autosave-{number}.lock"))
}

#[cfg(test)]
mod tests {
    use super::{Slot, SlotError, autosave_path};

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
}
