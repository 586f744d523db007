//! Saving games: the default file name (from the UTC clock, without a date crate) and the
//! atomic write (an exclusive temporary file beside the target, then a rename).

use std::fs;
use std::io::{self, Read, Write};
use std::path::Path;

/// A calendar date and time of day, UTC.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Stamp {
    /// Year, e.g. 2025.
    pub year: i64,
    /// Month, 1–12.
    pub month: u32,
    /// Day of the month, 1–31.
    pub day: u32,
    /// Seconds since midnight.
    pub seconds: u32,
}

impl Stamp {
    /// The UTC date and time `secs` seconds after 1970-01-01 00:00.
    #[must_use]
    pub fn from_unix(secs: i64) -> Stamp {
        let days = secs.div_euclid(86_400);
        let seconds = u32::try_from(secs.rem_euclid(86_400)).unwrap_or(0);
        // Days to a proleptic Gregorian date, counting in 400-year eras that start on
        // 0000-03-01, so the leap day is the last day of each year of the era.
        let z = days + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z.rem_euclid(146_097); // day of the era, 0..146096
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365; // 0..399
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100); // day of the year from March 1st
        let mp = (5 * doy + 2) / 153; // month from March, 0..11
        let day = doy - (153 * mp + 2) / 5 + 1;
        let month = if mp < 10 { mp + 3 } else { mp - 9 };
        let year = yoe + era * 400 + i64::from(month <= 2);
        Stamp {
            year,
            month: u32::try_from(month).unwrap_or(1),
            day: u32::try_from(day).unwrap_or(1),
            seconds,
        }
    }

    /// `YYYY.MM.DD`, as the PGN `[Date]` tag writes it.
    #[must_use]
    pub fn pgn_date(&self) -> String {
        format!("{:04}.{:02}.{:02}", self.year, self.month, self.day)
    }

    /// `xiangqi-YYYYMMDD-HHMMSS.pgn`: sorts by time, and has no characters any file system
    /// or shell minds.
    #[must_use]
    pub fn file_name(&self) -> String {
        let (h, m, s) = (
            self.seconds / 3600,
            self.seconds / 60 % 60,
            self.seconds % 60,
        );
        format!(
            "xiangqi-{:04}{:02}{:02}-{h:02}{m:02}{s:02}.pgn",
            self.year, self.month, self.day
        )
    }
}

/// `path` as a message shows it: control characters (an escape sequence in a file name would
/// be obeyed by the terminal) written as escapes, `\u{1b}`, the rest as it is.
#[must_use]
pub fn shown(path: &Path) -> String {
    xiangqi::sanitize::escape_controls(&path.display().to_string()).into_owned()
}

/// The most a file the game reads back (the autosave, the configuration, the puzzle
/// progress) may hold: far more than any of them needs, and a bound on what a wrong path
/// (a link to `/dev/zero`) can make the game read.
pub const READ_LIMIT: u64 = 64 * 1024 * 1024;

/// Reads the whole of `path` if it is a regular file (after following links) of at most
/// `limit` bytes. A named pipe, a device or a folder is refused before it is opened, since
/// opening a pipe or a terminal waits for a writer.
///
/// # Errors
/// It is not a regular file (`InvalidInput`), it is larger than `limit` (`FileTooLarge`),
/// or it cannot be read.
pub fn read_regular(path: &Path, limit: u64) -> io::Result<Vec<u8>> {
    let kind = fs::metadata(path)?.file_type();
    if !kind.is_file() {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("it is {}, not a regular file", describe(kind)),
        ));
    }
    let mut bytes = Vec::new();
    fs::File::open(path)?
        .take(limit + 1)
        .read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return Err(io::Error::new(
            io::ErrorKind::FileTooLarge,
            format!("it is larger than {} MiB", limit / (1024 * 1024)),
        ));
    }
    Ok(bytes)
}

/// `e` said without the temporary file's name, which means nothing to a player (and is gone
/// by the time it is read): the operating system's words for what went wrong, as "Permission
/// denied (os error 13)".
fn without_temp_name(e: io::Error) -> io::Error {
    if e.raw_os_error().is_some() {
        return e;
    }
    // The `tempfile` crate adds " at path …" (the temporary file's) to the system's words.
    let text = e.to_string();
    let said = text.split(" at path ").next().unwrap_or(&text).to_string();
    io::Error::new(e.kind(), said)
}

/// What a path names when it is not a regular file, for a message refusing it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum FileKind {
    /// A named pipe.
    Fifo,
    /// A block or character device.
    Device,
    /// A socket.
    Socket,
    /// A folder.
    Folder,
    /// A symbolic link (seen only where links are not followed).
    Link,
    /// Anything else that is not a regular file.
    Other,
}

impl FileKind {
    /// The kind of `kind`.
    #[must_use]
    pub fn of(kind: fs::FileType) -> FileKind {
        #[cfg(unix)]
        {
            use std::os::unix::fs::FileTypeExt;
            if kind.is_fifo() {
                return FileKind::Fifo;
            }
            if kind.is_block_device() || kind.is_char_device() {
                return FileKind::Device;
            }
            if kind.is_socket() {
                return FileKind::Socket;
            }
        }
        if kind.is_dir() {
            FileKind::Folder
        } else if kind.is_symlink() {
            FileKind::Link
        } else {
            FileKind::Other
        }
    }

    /// How the catalogues' selectors name it: `fifo`, `device`, `socket`, `folder`, `link`,
    /// `other`.
    #[must_use]
    pub const fn key(self) -> &'static str {
        match self {
            FileKind::Fifo => "fifo",
            FileKind::Device => "device",
            FileKind::Socket => "socket",
            FileKind::Folder => "folder",
            FileKind::Link => "link",
            FileKind::Other => "other",
        }
    }

    /// What it is, in English: "a folder".
    #[must_use]
    pub const fn words(self) -> &'static str {
        match self {
            FileKind::Fifo => "a named pipe (FIFO)",
            FileKind::Device => "a device",
            FileKind::Socket => "a socket",
            FileKind::Folder => "a folder",
            FileKind::Link => "a symbolic link",
            FileKind::Other => "not a regular file",
        }
    }
}

/// What kind of thing `kind` is, in English, for a message refusing to replace it.
pub fn describe(kind: fs::FileType) -> &'static str {
    FileKind::of(kind).words()
}

/// Random characters in a temporary file's name.
const TEMP_RANDOM: usize = 12;
/// The longest file name most file systems take, in bytes.
const NAME_MAX: usize = 255;

/// The start of the temporary name for a file named `name`: hidden, and saying whose it is
/// (`.game.pgn.`), with `name` cut short (at a character boundary) so that the whole name,
/// random part and `.tmp` included, still fits in [`NAME_MAX`] bytes.
fn temp_prefix(name: &str) -> String {
    let room = NAME_MAX - ".".len() - ".".len() - TEMP_RANDOM - ".tmp".len();
    let mut end = name.len().min(room);
    while !name.is_char_boundary(end) {
        end -= 1;
    }
    format!(".{}.", &name[..end])
}

/// Writes `bytes` to `path` so that `path` holds either its old content or all of the new,
/// never part: into a new temporary file in the same folder (created exclusively, under an
/// unpredictable name, by the `tempfile` crate), flushed to disk, then renamed over `path`.
/// The temporary file is removed if anything fails.
///
/// Only a regular file is replaced, and it keeps its permissions (a 0600 file stays 0600); a
/// new file gets the usual ones (0666 less the umask). A symbolic link, folder, named pipe or
/// device at `path` is refused and left as it is: nothing is written through it.
///
/// # Errors
/// `path` is not a regular file, the folder cannot be written, the disk is full …
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    // `symlink_metadata` looks at `path` itself, not at what a link points to.
    let permissions = match fs::symlink_metadata(path) {
        Ok(meta) if meta.file_type().is_file() => Some(meta.permissions()),
        Ok(meta) => {
            return Err(io::Error::new(
                io::ErrorKind::InvalidInput,
                format!(
                    "it is {}, which is only replaced by a regular file: left as it is",
                    describe(meta.file_type())
                ),
            ));
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => None,
        Err(e) => return Err(e),
    };
    let Some(name) = path.file_name() else {
        return Err(io::Error::new(
            io::ErrorKind::InvalidInput,
            "that is not a file name",
        ));
    };
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let prefix = temp_prefix(&name.to_string_lossy());
    let mut builder = tempfile::Builder::new();
    builder
        .prefix(&prefix)
        .suffix(".tmp")
        .rand_bytes(TEMP_RANDOM);
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        builder.permissions(fs::Permissions::from_mode(0o666));
    }
    let mut temp = builder.tempfile_in(folder).map_err(without_temp_name)?;
    if let Some(permissions) = permissions {
        temp.as_file()
            .set_permissions(permissions)
            .map_err(without_temp_name)?;
    }
    temp.write_all(bytes).map_err(without_temp_name)?;
    temp.as_file().sync_all().map_err(without_temp_name)?;
    temp.persist(path).map_err(|e| without_temp_name(e.error))?;
    // The rename is on disk once the folder is.
    if let Ok(dir) = fs::File::open(folder) {
        let _ = dir.sync_all();
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{
        NAME_MAX, READ_LIMIT, Stamp, TEMP_RANDOM, read_regular, temp_prefix, write_atomic,
    };
    use std::io;
    use std::path::Path;

    #[test]
    fn unix_seconds_become_utc_dates() {
        let epoch = Stamp::from_unix(0);
        assert_eq!((epoch.year, epoch.month, epoch.day), (1970, 1, 1));
        // 2024-02-29 23:59:59, a leap day.
        let leap = Stamp::from_unix(1_709_251_199);
        assert_eq!((leap.year, leap.month, leap.day), (2024, 2, 29));
        assert_eq!(leap.file_name(), "xiangqi-20240229-235959.pgn");
        assert_eq!(Stamp::from_unix(1_709_251_200).pgn_date(), "2024.03.01");
        // 2000-12-31 12:00:00.
        assert_eq!(
            Stamp::from_unix(978_264_000).file_name(),
            "xiangqi-20001231-120000.pgn"
        );
    }

    fn folder() -> tempfile::TempDir {
        tempfile::tempdir().unwrap_or_else(|e| panic!("temporary folder: {e}"))
    }

    fn names_in(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(dir)
            .unwrap_or_else(|e| panic!("list {}: {e}", dir.display()))
            .map(|e| {
                e.map_or_else(
                    |e| panic!("{e}"),
                    |e| e.file_name().to_string_lossy().into(),
                )
            })
            .collect();
        names.sort();
        names
    }

    fn read(path: &Path) -> Vec<u8> {
        std::fs::read(path).unwrap_or_else(|e| panic!("read {}: {e}", path.display()))
    }

    #[test]
    fn an_atomic_write_leaves_only_the_file() {
        let dir = folder();
        let path = dir.path().join("game.pgn");
        write_atomic(&path, b"one").unwrap_or_else(|e| panic!("write: {e}"));
        write_atomic(&path, b"two").unwrap_or_else(|e| panic!("overwrite: {e}"));
        assert_eq!(read(&path), b"two");
        assert_eq!(names_in(dir.path()), ["game.pgn"]);
    }

    #[test]
    fn a_refused_save_leaves_no_temporary_file_and_changes_nothing() {
        let dir = folder();
        let inner = dir.path().join("games");
        std::fs::create_dir(&inner).unwrap_or_else(|e| panic!("{e}"));
        std::fs::write(inner.join("kept.pgn"), b"kept").unwrap_or_else(|e| panic!("{e}"));
        let err = write_atomic(&inner, b"x").expect_err("a folder is not replaced");
        assert!(err.to_string().contains("a folder"), "{err}");
        assert_eq!(names_in(dir.path()), ["games"]);
        assert_eq!(names_in(&inner), ["kept.pgn"]);
        // A folder that does not exist: nothing to create the file in, nothing left behind.
        let err = write_atomic(&dir.path().join("none/game.pgn"), b"x").expect_err("no folder");
        assert_eq!(err.kind(), std::io::ErrorKind::NotFound, "{err}");
        assert_eq!(names_in(dir.path()), ["games"]);
    }

    #[cfg(unix)]
    #[test]
    fn a_symlink_is_neither_followed_nor_replaced() {
        let dir = folder();
        let victim = dir.path().join("victim.txt");
        std::fs::write(&victim, b"precious").unwrap_or_else(|e| panic!("{e}"));
        let link = dir.path().join("game.pgn");
        std::os::unix::fs::symlink(&victim, &link).unwrap_or_else(|e| panic!("{e}"));
        let err = write_atomic(&link, b"game").expect_err("a symlink is refused");
        assert!(err.to_string().contains("symbolic link"), "{err}");
        assert_eq!(read(&victim), b"precious");
        let kind = std::fs::symlink_metadata(&link).map(|m| m.file_type().is_symlink());
        assert!(matches!(kind, Ok(true)), "the link stays a link");
        assert_eq!(names_in(dir.path()), ["game.pgn", "victim.txt"]);
    }

    #[cfg(unix)]
    #[test]
    fn a_symlink_planted_where_a_temporary_file_might_go_is_not_written_through() {
        let dir = folder();
        let victim = dir.path().join("victim.txt");
        std::fs::write(&victim, b"precious").unwrap_or_else(|e| panic!("{e}"));
        let path = dir.path().join("game.pgn");
        // Names a predictable temporary file would take: the target's, with this process's
        // id (as this program once did), and tempfile's own pattern with a guessed suffix.
        for planted in [
            format!(".game.pgn.{}.tmp", std::process::id()),
            ".game.pgn.000000000000.tmp".to_string(),
        ] {
            std::os::unix::fs::symlink(&victim, dir.path().join(planted))
                .unwrap_or_else(|e| panic!("{e}"));
        }
        write_atomic(&path, b"the game").unwrap_or_else(|e| panic!("write: {e}"));
        assert_eq!(read(&victim), b"precious");
        assert_eq!(read(&path), b"the game");
        let regular = std::fs::symlink_metadata(&path).map(|m| m.file_type().is_file());
        assert!(matches!(regular, Ok(true)));
    }

    #[test]
    fn a_failed_write_does_not_name_the_temporary_file() {
        let dir = folder();
        let path = dir.path().join("no-such-folder").join("autosave.pgn");
        let err = write_atomic(&path, b"game").expect_err("no folder to write in");
        let text = err.to_string();
        assert!(
            !text.contains(".tmp") && !text.contains(".autosave"),
            "{text}"
        );
        assert!(text.contains("No such file"), "{text}");
    }

    #[cfg(unix)]
    #[test]
    fn reading_back_refuses_a_pipe_a_device_and_a_file_too_large() {
        let dir = folder();
        let fifo = dir.path().join("autosave.pgn");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        assert!(matches!(made, Ok(s) if s.success()), "mkfifo: {made:?}");
        // Opening the pipe would wait for a writer for ever.
        let err = read_regular(&fifo, READ_LIMIT).expect_err("a FIFO is refused");
        assert!(err.to_string().contains("named pipe"), "{err}");
        // A link to an endless device is followed, and refused for what it is.
        let zero = dir.path().join("zero.pgn");
        std::os::unix::fs::symlink("/dev/zero", &zero).expect("symlink");
        let err = read_regular(&zero, READ_LIMIT).expect_err("a device is refused");
        assert!(err.to_string().contains("device"), "{err}");
        let big = dir.path().join("big.pgn");
        std::fs::write(&big, [b'x'; 11]).expect("write");
        let err = read_regular(&big, 10).expect_err("too large");
        assert_eq!(err.kind(), io::ErrorKind::FileTooLarge);
        assert_eq!(read_regular(&big, 11).expect("fits").len(), 11);
    }

    #[cfg(unix)]
    #[test]
    fn a_named_pipe_is_refused_and_left_as_it_is() {
        let dir = folder();
        let fifo = dir.path().join("game.pgn");
        let made = std::process::Command::new("mkfifo").arg(&fifo).status();
        assert!(matches!(made, Ok(s) if s.success()), "mkfifo: {made:?}");
        // Writing into the pipe would block with no reader; replacing it would lose it.
        let err = write_atomic(&fifo, b"game").expect_err("a FIFO is refused");
        assert!(err.to_string().contains("named pipe"), "{err}");
        use std::os::unix::fs::FileTypeExt;
        let still = std::fs::symlink_metadata(&fifo).map(|m| m.file_type().is_fifo());
        assert!(matches!(still, Ok(true)));
        assert_eq!(names_in(dir.path()), ["game.pgn"]);
    }

    #[cfg(unix)]
    #[test]
    fn a_replaced_file_keeps_its_permissions_and_a_new_one_gets_the_usual() {
        use std::os::unix::fs::PermissionsExt;
        let mode = |p: &Path| {
            std::fs::metadata(p).map_or_else(|e| panic!("{e}"), |m| m.permissions().mode() & 0o7777)
        };
        let dir = folder();
        let private = dir.path().join("private.pgn");
        std::fs::write(&private, b"old").unwrap_or_else(|e| panic!("{e}"));
        std::fs::set_permissions(&private, std::fs::Permissions::from_mode(0o600))
            .unwrap_or_else(|e| panic!("{e}"));
        write_atomic(&private, b"new").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(mode(&private), 0o600);
        assert_eq!(read(&private), b"new");
        // A new file: what creating it plainly gives (0666 less the umask).
        let plain = dir.path().join("plain.pgn");
        std::fs::write(&plain, b"x").unwrap_or_else(|e| panic!("{e}"));
        let fresh = dir.path().join("fresh.pgn");
        write_atomic(&fresh, b"x").unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(mode(&fresh), mode(&plain));
    }

    #[test]
    fn the_longest_file_names_can_be_saved() {
        let dir = folder();
        for len in [254, 255] {
            let name = format!("{}.pgn", "g".repeat(len - 4));
            let path = dir.path().join(&name);
            write_atomic(&path, b"game").unwrap_or_else(|e| panic!("{len} bytes: {e}"));
            assert_eq!(read(&path), b"game");
        }
        assert_eq!(names_in(dir.path()).len(), 2);
    }

    #[test]
    fn temporary_names_say_whose_they_are_and_fit_the_limit() {
        assert_eq!(temp_prefix("game.pgn"), ".game.pgn.");
        let long = "棋".repeat(85); // 255 bytes
        let prefix = temp_prefix(&long);
        assert!(long.starts_with(&prefix[1..prefix.len() - 1]));
        assert!(
            prefix.len() + TEMP_RANDOM + ".tmp".len() <= NAME_MAX,
            "{}",
            prefix.len()
        );
        assert!(prefix.len() + TEMP_RANDOM + ".tmp".len() > NAME_MAX - 3);
    }
}
