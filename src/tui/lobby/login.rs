//! Who logs in to a club: the player's key pair, made on first use and kept in the state
//! folder, and the servers' keys pinned there on first contact (as SSH's known hosts);
//! and the look the club's boards are drawn with, from the configuration file.

use crate::tui::i18n::lang::Lang;
use crate::tui::state::app::Options;
use std::path::PathBuf;
use xiangqi_club::client::Login;
use xiangqi_club::identity::{Identity, KeyError, KnownServers};

/// The player's key pair in the state folder.
pub const KEY_FILE: &str = "club.key";
/// The club servers' pinned keys in the state folder.
pub const KNOWN_FILE: &str = "club_known_servers";

/// Why a login cannot be made.
#[derive(Debug, thiserror::Error)]
pub enum LoginError {
    /// No home folder to keep the key in.
    #[error("no home folder to keep this player's key in")]
    NoHome,
    /// The key or the pins cannot be read or written.
    #[error(transparent)]
    Key(#[from] KeyError),
}

/// The state folder, the login of `name` with this player's key pair, and the servers'
/// pins.
///
/// # Errors
/// No home folder; the key or the pins cannot be read or written.
pub fn login(name: String) -> Result<(PathBuf, Login, KnownServers), LoginError> {
    let folder = crate::tui::store::autosave::folder().ok_or(LoginError::NoHome)?;
    let (identity, _) = Identity::load_or_create(&folder.join(KEY_FILE))?;
    let known = KnownServers::open(&folder.join(KNOWN_FILE))?;
    Ok((folder, Login { name, identity }, known))
}

/// The look of the club's boards opened from the start menu: the configuration's, in the
/// screen's language `lang`.
#[must_use]
pub fn board_options(lang: Lang) -> Options {
    let (config, config_error) = crate::tui::store::config::load();
    let chosen = crate::tui::store::config::Chosen {
        theme: None,
        glyphs: None,
        lang: Some(lang),
        auto_flip: false,
        level: None,
        blindfold: false,
    };
    let options = Options {
        config_error,
        config_path: crate::tui::store::config::path(),
        ..Options::default()
    };
    crate::tui::state::app::settings::resolve(options, &chosen, &config, |name| {
        std::env::var(name).ok()
    })
}
