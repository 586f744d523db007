//! Writing `config.toml` from the settings screen: only the keys changed are touched, in
//! place (`toml_edit`), so the file keeps its comments, the order of its keys and the
//! keys the screen does not show; it is written atomically, never through a link. A file
//! with a mistake is not written (the player would lose what they wrote) until the player
//! asks to replace it, and then the old one is kept beside it.

use crate::tui::store::config::{parse, read_text};
use crate::tui::store::config_keys::{ConfigError, Key, Problem};
use crate::tui::store::files::{READ_LIMIT, read_regular, write_atomic};
use std::path::{Path, PathBuf};
use toml_edit::DocumentMut;

/// A value a setting writes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    /// A string: `theme = "dark"`.
    Text(String),
    /// `true` or `false`.
    Flag(bool),
    /// A whole number.
    Number(u64),
}

/// A key and what it is set to; `None` takes the key out (back to the default).
pub type Entry = (Key, Option<Value>);

/// Why `config.toml` was not written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WriteError {
    /// There is no home folder, so no place for the file.
    NoFolder,
    /// The file has a mistake (or cannot be read): it is left as it is.
    Broken(ConfigError),
    /// Writing failed: the file, and the system's words.
    Io(PathBuf, String),
}

/// The value `value` as TOML writes it.
fn toml_value(value: &Value) -> toml_edit::Value {
    match value {
        Value::Text(text) => text.as_str().into(),
        Value::Flag(flag) => (*flag).into(),
        Value::Number(n) => i64::try_from(*n).unwrap_or(i64::MAX).into(),
    }
}

/// `text` (a file that reads) with `entries` set: each key changed where it stands, its
/// comment after the value kept; a key not there yet goes at the end.
///
/// # Errors
/// The text is not TOML (never so for a file [`parse`] took).
pub fn edited(text: &str, entries: &[Entry]) -> Result<String, toml_edit::TomlError> {
    let mut doc: DocumentMut = text.parse()?;
    for (key, value) in entries {
        let name = key.name();
        match value {
            None => {
                doc.remove(name);
            }
            Some(value) => {
                let mut new = toml_value(value);
                if let Some(old) = doc.get(name).and_then(toml_edit::Item::as_value) {
                    *new.decor_mut() = old.decor().clone();
                }
                doc[name] = toml_edit::Item::Value(new);
            }
        }
    }
    Ok(doc.to_string())
}

/// Sets `entries` in the configuration file at `path` (made, with its folder, if there is
/// none), leaving the rest of it as it is.
///
/// # Errors
/// The file has a mistake or cannot be read (left alone), or cannot be written.
pub fn write_settings(path: &Path, entries: &[Entry]) -> Result<(), WriteError> {
    let failed = |e: std::io::Error| WriteError::Io(path.to_path_buf(), e.to_string());
    let text = read_text(path)
        .map_err(|problem| {
            WriteError::Broken(ConfigError {
                path: path.to_path_buf(),
                problem,
            })
        })?
        .unwrap_or_default();
    parse(&text, path).map_err(WriteError::Broken)?;
    let text = edited(&text, entries).map_err(|e| {
        WriteError::Broken(ConfigError {
            path: path.to_path_buf(),
            problem: Problem::NotToml {
                line: 1,
                column: 1,
                text: String::new(),
                detail: e.to_string(),
            },
        })
    })?;
    if let Some(folder) = path.parent() {
        std::fs::create_dir_all(folder).map_err(failed)?;
    }
    write_atomic(path, text.as_bytes()).map_err(failed)
}

/// Where a replaced file is kept: `config.toml.old` beside it.
#[must_use]
pub fn kept_as(path: &Path) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(".old");
    path.with_file_name(name)
}

/// Puts a new file holding only `entries` in the place of the one at `path` (which has a
/// mistake), the old one kept as [`kept_as`] says; returns where.
///
/// # Errors
/// The old file cannot be kept (nothing is replaced then), or the new one cannot be
/// written.
pub fn replace(path: &Path, entries: &[Entry]) -> Result<PathBuf, WriteError> {
    let failed = |at: &Path, e: std::io::Error| WriteError::Io(at.to_path_buf(), e.to_string());
    let old = kept_as(path);
    match read_regular(path, READ_LIMIT) {
        Ok(bytes) => write_atomic(&old, &bytes).map_err(|e| failed(&old, e))?,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(failed(path, e)),
    }
    let text = edited("", entries).map_err(|e| failed(path, std::io::Error::other(e)))?;
    write_atomic(path, text.as_bytes()).map_err(|e| failed(path, e))?;
    Ok(old)
}

#[cfg(test)]
mod tests {
    use super::{Value, WriteError, edited, kept_as, replace, write_settings};
    use crate::tui::store::config::parse;
    use crate::tui::store::config_keys::Key;

    const WRITTEN: &str = "# my settings\n\
        theme = \"wood\"   # the warm one\n\
        \n\
        # moves in WXF\n\
        notation = \"wxf\"\n\
        threads = 2\n";

    #[test]
    fn a_change_keeps_comments_order_and_the_keys_not_shown() {
        let text = edited(
            WRITTEN,
            &[
                (Key::Theme, Some(Value::Text("dark".into()))),
                (Key::Threads, None),
                (Key::Sound, Some(Value::Flag(true))),
            ],
        )
        .expect("edits");
        assert_eq!(
            text,
            "# my settings\n\
             theme = \"dark\"   # the warm one\n\
             \n\
             # moves in WXF\n\
             notation = \"wxf\"\n\
             sound = true\n"
        );
        let path = std::path::Path::new("config.toml");
        let config = parse(&text, path).expect("still a configuration");
        assert_eq!(config.sound, Some(true));
    }

    #[test]
    fn a_file_with_a_mistake_is_left_alone_until_it_is_replaced() {
        let dir = tempfile::tempdir().expect("temporary folder");
        let path = dir.path().join("xiangqi").join("config.toml");
        let theme = [(Key::Theme, Some(Value::Text("light".into())))];
        // No file yet: made, with its folder.
        write_settings(&path, &theme).expect("written");
        assert_eq!(
            std::fs::read_to_string(&path).expect("read"),
            "theme = \"light\"\n"
        );
        let broken = "theme = \"light\"\ncolour = \"red\" # mine\n";
        std::fs::write(&path, broken).expect("write");
        let refused = write_settings(&path, &theme);
        assert!(matches!(refused, Err(WriteError::Broken(_))), "{refused:?}");
        assert_eq!(std::fs::read_to_string(&path).expect("read"), broken);
        let old = replace(&path, &theme).expect("replaced");
        assert_eq!(old, kept_as(&path));
        assert_eq!(std::fs::read_to_string(&old).expect("kept"), broken);
        assert_eq!(
            std::fs::read_to_string(&path).expect("new"),
            "theme = \"light\"\n"
        );
    }

    #[test]
    fn a_link_in_the_files_place_is_never_written_through() {
        let dir = tempfile::tempdir().expect("temporary folder");
        let target = dir.path().join("dotfiles.toml");
        std::fs::write(&target, "theme = \"dark\"\n").expect("write");
        let path = dir.path().join("config.toml");
        std::os::unix::fs::symlink(&target, &path).expect("link");
        let written = write_settings(&path, &[(Key::Sound, Some(Value::Flag(true)))]);
        assert!(matches!(written, Err(WriteError::Io(..))), "{written:?}");
        assert_eq!(
            std::fs::read_to_string(&target).expect("read"),
            "theme = \"dark\"\n"
        );
        assert!(path.symlink_metadata().expect("there").is_symlink());
    }
}
