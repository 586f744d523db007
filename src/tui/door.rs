//! The front door: the start menu, the settings screen and the command palette, and the one
//! list of commands that the keys, the keys window and the palette are all read from. The
//! state here is pure (the app carries out what it chooses); `view` draws it.

pub mod commands;
pub mod keys;
pub mod matching;
pub mod menu;
pub mod settings;
pub mod view;

use crate::tui::i18n::catalogue::Id;
use crate::tui::state::prompt::edit::LineEdit;
use crate::tui::store::config_keys::ConfigError;
use crate::tui::store::config_write::WriteError;
use menu::{Chosen, Menu};
use settings::SettingsScreen;
use std::path::PathBuf;

/// The command palette: the name typed so far and the row chosen among the commands it
/// finds ([`matching::find`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Palette {
    /// What is typed.
    pub text: LineEdit,
    /// The row chosen, from 0.
    pub row: usize,
}

/// How `config.toml` stands, as the settings screen says it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ConfigState {
    /// No home folder: settings last until the program ends.
    NoFolder,
    /// The file (there or not yet): settings are written to it.
    Usable(PathBuf),
    /// The last change was written to it.
    Saved(PathBuf),
    /// The file has a mistake: not used, not written until the player replaces it.
    Broken(ConfigError),
    /// Writing failed: the file, and why.
    Failed(PathBuf, String),
    /// A broken file was replaced, the old one kept here.
    Replaced(PathBuf),
}

impl ConfigState {
    /// The state after a write went as `result` says.
    #[must_use]
    pub fn after(result: Result<PathBuf, WriteError>) -> ConfigState {
        match result {
            Ok(path) => ConfigState::Saved(path),
            Err(WriteError::NoFolder) => ConfigState::NoFolder,
            Err(WriteError::Broken(e)) => ConfigState::Broken(e),
            Err(WriteError::Io(path, why)) => ConfigState::Failed(path, why),
        }
    }

    /// Can a change be written to the file?
    #[must_use]
    pub fn writable(&self) -> bool {
        !matches!(self, ConfigState::NoFolder | ConfigState::Broken(_))
    }
}

/// What the message line says for the front door.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DoorNote {
    /// The palette found no command by these words.
    NoCommand(String),
    /// The command the palette chose cannot be done now.
    NotNow(Id),
    /// The network game could not start: why (the system's or the network's words).
    NetFailed(String),
}

/// The front door's part of the app.
#[derive(Clone, Debug)]
pub struct Door {
    /// The start menu, when it is in front.
    pub menu: Option<Menu>,
    /// The settings screen, when it is in front.
    pub settings: Option<SettingsScreen>,
    /// The command palette, when it is open.
    pub palette: Option<Palette>,
    /// A new game chosen on the menu over a game with moves, waiting for the player's yes.
    pub pending: Option<Chosen>,
    /// An unfinished game from before can be continued.
    pub resumable: bool,
    /// The bell rings on the other side's move, on check and at the game's end.
    pub sound: bool,
    /// How `config.toml` stands.
    pub config: ConfigState,
    /// Where a host listens unless the player types another place.
    pub listen: String,
    /// The club server and the name last played there, which the menu offers.
    pub club: (String, String),
}

impl Door {
    /// The front door of a screen whose configuration file is `config`.
    #[must_use]
    pub fn new(config: ConfigState, sound: bool) -> Door {
        Door {
            menu: None,
            settings: None,
            palette: None,
            pending: None,
            resumable: false,
            sound,
            config,
            listen: format!("0.0.0.0:{}", xiangqi_net::DEFAULT_PORT),
            club: (String::new(), String::new()),
        }
    }
}
