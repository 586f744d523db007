//! Performing what the desks ask for outside their state: saving a game (asking before a
//! file is replaced), reading game files for the `o` prompt and the picker, and writing the
//! settings. Each result goes back to the app as an action.

use crate::tui::state::action::{Action, DoorReport, Found};
use crate::tui::state::effect::{Effect, SaveReport};
use crate::tui::store::config_write;
use crate::tui::store::files::write_atomic;
use crate::tui::store::library::{Shared, complete, expand_home, index_file, read_game};
use std::path::Path;

/// Performs a file effect ([`Effect::Index`], [`Effect::ReadGame`], [`Effect::Complete`],
/// [`Effect::SaveSettings`], [`Effect::ReplaceConfig`]) and says how it went; `None` for
/// any other effect.
#[must_use]
pub fn perform(effect: Effect) -> Option<Action> {
    let found = match effect {
        Effect::Index(text) => {
            let path = expand_home(&text);
            let result = index_file(&path).map(Shared::new).map_err(Shared::new);
            Found::Index { path, result }
        }
        Effect::ReadGame { path, index, n } => {
            let result = read_game(&path, &index, n)
                .map(Shared::new)
                .map_err(Shared::new);
            Found::Game { path, result }
        }
        Effect::Complete(text) => {
            let names = complete(&text);
            Found::Names { text, names }
        }
        Effect::SaveSettings(entries) => {
            let written = config_file()
                .and_then(|path| config_write::write_settings(&path, &entries).map(|()| path));
            return Some(Action::Door(DoorReport::ConfigWritten(written)));
        }
        Effect::ReplaceConfig(entries) => {
            let replaced = config_file().and_then(|path| config_write::replace(&path, &entries));
            return Some(Action::Door(DoorReport::ConfigReplaced(replaced)));
        }
        _ => return None,
    };
    Some(Action::Found(found))
}

/// Where the settings are written.
fn config_file() -> Result<std::path::PathBuf, config_write::WriteError> {
    crate::tui::store::config::path().ok_or(config_write::WriteError::NoFolder)
}

/// Performs [`Effect::Save`]: asks first (by reporting [`SaveReport::Exists`]) before
/// replacing anything, then writes atomically.
#[must_use]
pub fn save(path: &Path, contents: &[u8], replace: bool) -> SaveReport {
    let expanded = path.to_str().map(expand_home);
    let path = expanded.as_deref().unwrap_or(path);
    let shown = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    // `symlink_metadata`: a dangling symlink is something in the way too.
    if !replace && path.symlink_metadata().is_ok() {
        return SaveReport::Exists;
    }
    match write_atomic(path, contents) {
        Ok(()) => SaveReport::Written(shown),
        Err(e) => SaveReport::Failed(shown, e.to_string()),
    }
}
