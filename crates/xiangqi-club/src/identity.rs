//! Who is who: a player's key pair (their identity: the server binds their name to its
//! public half), the server's own, and the servers a client has met (their keys pinned on
//! first contact, as SSH's known hosts are).
//!
//! Keys are Curve25519 (X25519) key pairs, the static keys of the Noise handshake. Files
//! holding a private key are made readable by their owner alone and written whole or not at
//! all (an exclusive temporary file renamed into place).

use snow::params::DHChoice;
use snow::resolvers::{CryptoResolver, DefaultResolver};
use std::fmt;
use std::io::{self, Write as _};
use std::path::{Path, PathBuf};
use std::str::FromStr;

/// A public key: 32 bytes, written as 64 hex digits.
#[derive(Copy, Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PublicKey(pub [u8; 32]);

impl PublicKey {
    /// The key from its bytes, if there are 32.
    #[must_use]
    pub fn from_slice(bytes: &[u8]) -> Option<PublicKey> {
        bytes.try_into().ok().map(PublicKey)
    }

    /// A short form to show and compare by eye: the first 8 bytes, in groups of four hex
    /// digits (`3f2a:91c0:…`).
    #[must_use]
    pub fn fingerprint(&self) -> String {
        let hex = hex(&self.0[..8]);
        let groups: Vec<&str> = (0..4).map(|i| &hex[i * 4..i * 4 + 4]).collect();
        groups.join(":")
    }
}

impl fmt::Display for PublicKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&hex(&self.0))
    }
}

impl fmt::Debug for PublicKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PublicKey({})", self.fingerprint())
    }
}

impl FromStr for PublicKey {
    type Err = KeyError;

    fn from_str(s: &str) -> Result<PublicKey, KeyError> {
        unhex(s)
            .and_then(|b| PublicKey::from_slice(&b))
            .ok_or_else(|| KeyError::Form(s.chars().take(80).collect()))
    }
}

/// What went wrong with a key or a key file.
#[derive(Debug, thiserror::Error)]
pub enum KeyError {
    /// The file cannot be read or written.
    #[error("{}: {source}", path.display())]
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// Text that is no key.
    #[error("not a key (64 hex digits): {0:?}")]
    Form(String),
    /// A key file that is not one.
    #[error("{}: not a key file of this program (line {line})", path.display())]
    File {
        /// The file.
        path: PathBuf,
        /// The line found wrong.
        line: usize,
    },
    /// The system gave no randomness, or the cryptography would not start.
    #[error("cannot make a key: {0}")]
    Crypto(String),
}

/// A key pair: a player's identity, or the server's.
#[derive(Clone)]
pub struct Identity {
    private: [u8; 32],
    public: PublicKey,
}

impl fmt::Debug for Identity {
    /// The public half only: a private key is never printed.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Identity({})", self.public.fingerprint())
    }
}

/// The first line of a key file.
const KEY_FILE_HEADER: &str = "xiangqi-club private key v1";

impl Identity {
    /// A new key pair from the system's randomness.
    ///
    /// # Errors
    /// No randomness.
    pub fn generate() -> Result<Identity, KeyError> {
        let mut private = [0u8; 32];
        getrandom::fill(&mut private).map_err(|e| KeyError::Crypto(e.to_string()))?;
        Identity::from_private(private)
    }

    /// The key pair whose private half is `private`.
    ///
    /// # Errors
    /// The cryptography would not start (it always does with the default resolver).
    pub fn from_private(private: [u8; 32]) -> Result<Identity, KeyError> {
        let mut dh = DefaultResolver
            .resolve_dh(&DHChoice::Curve25519)
            .ok_or_else(|| KeyError::Crypto("no Curve25519".into()))?;
        dh.set(&private);
        let public = PublicKey::from_slice(dh.pubkey())
            .ok_or_else(|| KeyError::Crypto("a public key of another length".into()))?;
        Ok(Identity { private, public })
    }

    /// The public half.
    #[must_use]
    pub fn public(&self) -> PublicKey {
        self.public
    }

    /// The private half, for the handshake.
    pub(crate) fn private(&self) -> &[u8; 32] {
        &self.private
    }

    /// The key pair kept in `path`, or a new one written there (with its folder) if there is
    /// no such file; the flag says whether it was made now.
    ///
    /// # Errors
    /// The file cannot be read or written, or is not a key file.
    pub fn load_or_create(path: &Path) -> Result<(Identity, bool), KeyError> {
        match std::fs::read_to_string(path) {
            Ok(text) => Ok((Identity::read(path, &text)?, false)),
            Err(e) if e.kind() == io::ErrorKind::NotFound => {
                let made = Identity::generate()?;
                let text = format!("{KEY_FILE_HEADER}\n{}\n", hex(&made.private));
                match write_new(path, text.as_bytes()) {
                    Ok(()) => Ok((made, true)),
                    // Another process made it first: use theirs.
                    Err(KeyError::Io { source, .. })
                        if source.kind() == io::ErrorKind::AlreadyExists =>
                    {
                        Identity::load_or_create(path)
                    }
                    Err(e) => Err(e),
                }
            }
            Err(source) => Err(KeyError::Io {
                path: path.to_path_buf(),
                source,
            }),
        }
    }

    fn read(path: &Path, text: &str) -> Result<Identity, KeyError> {
        let bad = |line| KeyError::File {
            path: path.to_path_buf(),
            line,
        };
        let mut lines = text.lines();
        if lines.next() != Some(KEY_FILE_HEADER) {
            return Err(bad(1));
        }
        let private = lines
            .next()
            .and_then(|l| unhex(l.trim()))
            .and_then(|b| <[u8; 32]>::try_from(b).ok())
            .ok_or_else(|| bad(2))?;
        Identity::from_private(private)
    }
}

/// Writes `bytes` to a new file at `path` (its folder made if need be), readable by its
/// owner alone: through an exclusive temporary file renamed into place, so a reader sees
/// the whole file or none, and never through a symlink.
///
/// # Errors
/// The folder or file cannot be written, or `path` already exists
/// ([`io::ErrorKind::AlreadyExists`]).
pub(crate) fn write_new(path: &Path, bytes: &[u8]) -> Result<(), KeyError> {
    write_file(path, bytes, false)
}

/// Writes `bytes` to `path` whole, replacing what was there (the same way as [`write_new`]).
pub(crate) fn write_file(path: &Path, bytes: &[u8], replace: bool) -> Result<(), KeyError> {
    let io_error = |source| KeyError::Io {
        path: path.to_path_buf(),
        source,
    };
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    std::fs::create_dir_all(folder).map_err(io_error)?;
    // tempfile makes its files readable by their owner alone.
    let mut file = tempfile::NamedTempFile::new_in(folder).map_err(io_error)?;
    file.write_all(bytes).map_err(io_error)?;
    file.as_file().sync_all().map_err(io_error)?;
    let persisted = if replace {
        file.persist(path).map(drop)
    } else {
        file.persist_noclobber(path).map(drop)
    };
    persisted.map_err(|e| io_error(e.error))
}

/// What a client knows of a server's key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pin {
    /// The key pinned for this address.
    Known,
    /// First contact: no key pinned for this address yet.
    New,
    /// Another key than the one pinned: an impostor, or a server whose operator changed
    /// its key.
    Changed {
        /// The key pinned.
        pinned: PublicKey,
    },
}

/// The servers a client has met and their keys (`ADDRESS KEY` a line), kept in a file.
#[derive(Clone, Debug)]
pub struct KnownServers {
    path: Option<PathBuf>,
    entries: Vec<(String, PublicKey)>,
}

impl KnownServers {
    /// The servers listed in `path` (none if there is no such file yet); pins added later are
    /// written there.
    ///
    /// # Errors
    /// The file cannot be read, or a line is not `ADDRESS KEY`.
    pub fn open(path: &Path) -> Result<KnownServers, KeyError> {
        let text = match std::fs::read_to_string(path) {
            Ok(t) => t,
            Err(e) if e.kind() == io::ErrorKind::NotFound => String::new(),
            Err(source) => {
                return Err(KeyError::Io {
                    path: path.to_path_buf(),
                    source,
                });
            }
        };
        let mut entries = Vec::new();
        for (i, line) in text.lines().enumerate() {
            if line.trim().is_empty() || line.starts_with('#') {
                continue;
            }
            let parsed = line
                .split_once(' ')
                .and_then(|(addr, key)| Some((addr.to_string(), key.trim().parse().ok()?)));
            entries.push(parsed.ok_or_else(|| KeyError::File {
                path: path.to_path_buf(),
                line: i + 1,
            })?);
        }
        Ok(KnownServers {
            path: Some(path.to_path_buf()),
            entries,
        })
    }

    /// A list kept in memory only (tests, a load generator).
    #[must_use]
    pub fn in_memory() -> KnownServers {
        KnownServers {
            path: None,
            entries: Vec::new(),
        }
    }

    /// The file the pins are kept in, if any.
    #[must_use]
    pub fn path(&self) -> Option<&Path> {
        self.path.as_deref()
    }

    /// The key pinned for `address`.
    #[must_use]
    pub fn pinned(&self, address: &str) -> Option<PublicKey> {
        self.entries
            .iter()
            .find(|(a, _)| a == address)
            .map(|(_, k)| *k)
    }

    /// What is known of `key` presented by the server at `address`.
    #[must_use]
    pub fn check(&self, address: &str, key: PublicKey) -> Pin {
        match self.pinned(address) {
            None => Pin::New,
            Some(pinned) if pinned == key => Pin::Known,
            Some(pinned) => Pin::Changed { pinned },
        }
    }

    /// Pins `key` for `address` (first contact) and writes the file.
    ///
    /// # Errors
    /// The file cannot be written.
    pub fn pin(&mut self, address: &str, key: PublicKey) -> Result<(), KeyError> {
        self.entries.retain(|(a, _)| a != address);
        self.entries.push((address.to_string(), key));
        let Some(path) = &self.path else {
            return Ok(());
        };
        let mut text = String::from("# Club servers met and their keys (xiangqi online)\n");
        for (a, k) in &self.entries {
            text.push_str(&format!("{a} {k}\n"));
        }
        write_file(path, text.as_bytes(), true)
    }
}

/// Lower-case hex digits of `bytes`.
pub(crate) fn hex(bytes: &[u8]) -> String {
    use fmt::Write as _;
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        let _ = write!(s, "{b:02x}");
    }
    s
}

/// The bytes hex digits spell, if they do.
fn unhex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) || !text.is_ascii() {
        return None;
    }
    (0..text.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&text[i..i + 2], 16).ok())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_file_made_once_is_read_back_the_same() {
        let dir = tempfile::tempdir().expect("key file");
        let path = dir.path().join("state/identity.key");
        let (made, fresh) = Identity::load_or_create(&path).expect("key file");
        assert!(fresh);
        let (read, fresh) = Identity::load_or_create(&path).expect("key file");
        assert!(!fresh);
        assert_eq!(made.public(), read.public());
        assert!(!format!("{made:?}").contains(&hex(made.private())));
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt as _;
            let mode = std::fs::metadata(&path)
                .expect("key file")
                .permissions()
                .mode();
            assert_eq!(mode & 0o077, 0, "{mode:o}");
        }
    }

    #[test]
    fn a_key_file_that_is_not_one_is_said_with_its_line() {
        let dir = tempfile::tempdir().expect("key file");
        let path = dir.path().join("identity.key");
        std::fs::write(&path, format!("{KEY_FILE_HEADER}\nnot hex\n")).expect("key file");
        let err = Identity::load_or_create(&path).expect_err("refused");
        assert!(matches!(err, KeyError::File { line: 2, .. }), "{err}");
    }

    #[test]
    fn a_pinned_key_is_known_and_another_is_a_change() {
        let dir = tempfile::tempdir().expect("key file");
        let path = dir.path().join("known_servers");
        let a = Identity::generate().expect("key file").public();
        let b = Identity::generate().expect("key file").public();
        let mut known = KnownServers::open(&path).expect("key file");
        assert_eq!(known.check("club:9092", a), Pin::New);
        known.pin("club:9092", a).expect("key file");
        let known = KnownServers::open(&path).expect("key file");
        assert_eq!(known.check("club:9092", a), Pin::Known);
        assert_eq!(known.check("club:9092", b), Pin::Changed { pinned: a });
        assert_eq!(known.check("other:9092", b), Pin::New);
        assert_eq!(a.to_string().parse::<PublicKey>().expect("key file"), a);
    }
}
