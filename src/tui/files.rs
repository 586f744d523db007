//! Saving games: the default file name (from the UTC clock, without a date crate) and the
//! atomic write (a temporary file beside the target, then a rename).

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

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

/// The temporary file `write_atomic` writes `path` through: hidden, beside it (a rename is
/// only atomic within one file system), and named for this process.
fn temp_path(path: &Path) -> io::Result<PathBuf> {
    let name = path
        .file_name()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "that is not a file name"))?;
    let mut temp = std::ffi::OsString::from(".");
    temp.push(name);
    temp.push(format!(".{}.tmp", std::process::id()));
    Ok(path.with_file_name(temp))
}

/// Writes `bytes` to `path` so that `path` holds either its old content or all of the new,
/// never part: into a temporary file in the same folder, flushed to disk, then renamed over
/// `path`. The temporary file is removed if anything fails.
///
/// # Errors
/// The folder cannot be written, the disk is full, `path` is a folder …
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let temp = temp_path(path)?;
    let result = (|| {
        let mut file = fs::File::create(&temp)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        drop(file);
        fs::rename(&temp, path)
    })();
    if result.is_err() {
        let _ = fs::remove_file(&temp);
    }
    result
}

#[cfg(test)]
mod tests {
    use super::{Stamp, write_atomic};

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

    #[test]
    fn an_atomic_write_leaves_only_the_file() {
        let dir = std::env::temp_dir().join(format!("xiangqi-files-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("temp dir");
        let path = dir.join("game.pgn");
        write_atomic(&path, b"one").expect("write");
        write_atomic(&path, b"two").expect("overwrite");
        assert_eq!(std::fs::read(&path).expect("read"), b"two");
        let names: Vec<_> = std::fs::read_dir(&dir)
            .expect("list")
            .map(|e| e.expect("entry").file_name())
            .collect();
        assert_eq!(names, ["game.pgn"]);
        // A folder in the way: the error comes back and no temporary file stays.
        let err = write_atomic(&dir, b"x");
        assert!(err.is_err());
        std::fs::remove_dir_all(&dir).expect("clean up");
    }
}
