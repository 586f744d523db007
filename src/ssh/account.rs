//! Who an SSH session plays as: the account folder named by the SSH key's SHA-256
//! fingerprint (the `online` client's home, where its club key is made on first login and
//! found again on the next), or a guest's folder of its own; and the clean environment the
//! program runs with there.

use russh::keys::{HashAlg, PublicKey};
use std::ffi::OsString;
use std::path::{Path, PathBuf};

/// Who logged in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Player {
    /// A player who proved an SSH key: the key's fingerprint, hex.
    Key(String),
    /// A player with no key: a guest, with the name it was given.
    Guest(String),
}

impl Player {
    /// The player of an SSH public key.
    pub fn of_key(key: &PublicKey) -> Player {
        let fingerprint = key.fingerprint(HashAlg::Sha256);
        Player::Key(
            fingerprint
                .as_bytes()
                .iter()
                .map(|b| format!("{b:02x}"))
                .collect(),
        )
    }

    /// A new guest, `guest-` and six random hex digits.
    pub fn guest() -> Player {
        let mut bytes = [0u8; 3];
        // Without randomness the guests share a name, which the club then refuses to all
        // but the first: a clear message rather than a failure here.
        let _ = getrandom::fill(&mut bytes);
        let hex: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
        Player::Guest(format!("guest-{hex}"))
    }

    /// The folder the program keeps this player's state in: the account's, the same for
    /// every login with the key, or a guest's, for this session only (removed when it
    /// ends, so no later guest given the same name finds this one's club key).
    pub fn home(&self, data: &Path) -> PathBuf {
        match self {
            Player::Key(hex) => data.join("ssh").join("accounts").join(hex),
            Player::Guest(name) => data.join("ssh").join("guests").join(name),
        }
    }
}

/// What the client asked for its terminal: its type and the locale variables it sent.
#[derive(Clone, Debug, Default)]
pub struct Asked {
    /// `TERM` from the pty request (or an env request).
    pub term: Option<String>,
    /// `LANG` and `LC_*` the client sent, in order.
    pub locale: Vec<(String, String)>,
}

/// Whether the client may set `name`: the locale variables only (`TERM` comes with the
/// pty request, and is taken from an env request too).
pub fn allowed_variable(name: &str) -> bool {
    name == "LANG" || name == "TERM" || name.starts_with("LC_")
}

/// The environment of the program run for `home`: nothing of the server's but `PATH` and,
/// unless the client sent its own, the server's locale.
pub fn environment(home: &Path, asked: &Asked) -> Vec<(String, OsString)> {
    let mut env: Vec<(String, OsString)> = vec![
        ("HOME".into(), home.into()),
        ("XDG_STATE_HOME".into(), home.join("state").into()),
        ("XDG_CONFIG_HOME".into(), home.join("config").into()),
        ("XDG_DATA_HOME".into(), home.join("data").into()),
        (
            "TERM".into(),
            asked.term.clone().unwrap_or_else(|| "xterm".into()).into(),
        ),
    ];
    if let Some(path) = std::env::var_os("PATH") {
        env.push(("PATH".into(), path));
    }
    if asked.locale.is_empty() {
        for name in ["LANG", "LC_ALL", "LC_MESSAGES"] {
            if let Some(value) = std::env::var_os(name) {
                env.push((name.into(), value));
            }
        }
    } else {
        for (name, value) in &asked.locale {
            env.push((name.clone(), value.into()));
        }
    }
    env
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_key_finds_the_same_folder_and_another_key_another() {
        let key = |seed| {
            let pair = russh::keys::ssh_key::private::Ed25519Keypair::from_seed(&[seed; 32]);
            PublicKey::from(pair.public)
        };
        let (a, b) = (key(1), key(2));
        let data = Path::new("/data");
        assert_eq!(Player::of_key(&a).home(data), Player::of_key(&a).home(data));
        assert_ne!(Player::of_key(&a).home(data), Player::of_key(&b).home(data));
        assert!(
            Player::of_key(&a)
                .home(data)
                .starts_with("/data/ssh/accounts")
        );
    }

    #[test]
    fn only_the_locale_and_the_terminal_may_be_set_by_the_client() {
        for name in ["LANG", "LC_ALL", "LC_MESSAGES", "TERM"] {
            assert!(allowed_variable(name), "{name}");
        }
        for name in ["PATH", "LD_PRELOAD", "HOME", "XDG_STATE_HOME", "lang"] {
            assert!(!allowed_variable(name), "{name}");
        }
    }

    #[test]
    fn the_client_locale_replaces_the_servers_and_nothing_else_leaks() {
        let asked = Asked {
            term: Some("xterm-256color".into()),
            locale: vec![("LANG".into(), "zh_CN.UTF-8".into())],
        };
        let env = environment(Path::new("/acct"), &asked);
        let get = |n: &str| env.iter().find(|(k, _)| k == n).map(|(_, v)| v.clone());
        assert_eq!(get("LANG"), Some("zh_CN.UTF-8".into()));
        assert_eq!(get("TERM"), Some("xterm-256color".into()));
        assert_eq!(get("XDG_STATE_HOME"), Some("/acct/state".into()));
        assert!(
            env.iter()
                .all(|(k, _)| !k.starts_with("SSH") && k != "USER")
        );
    }
}
