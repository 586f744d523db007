//! The SSH server's host key (ed25519): made on first start and kept in the data folder,
//! readable by its owner only, written atomically and never through a symlink, so that
//! clients that pinned it find the same key after a restart.

use russh::keys::PrivateKey;
use russh::keys::ssh_key::LineEnding;
use russh::keys::ssh_key::private::Ed25519Keypair;
use std::io::Write;
use std::path::{Path, PathBuf};

/// The host key's file in the data folder.
pub const HOST_KEY_FILE: &str = "ssh_host_ed25519_key";

/// Why the host key cannot be had.
#[derive(Debug, thiserror::Error)]
pub enum HostKeyError {
    /// The file cannot be read, made or written.
    #[error("the SSH host key {path}: {source}")]
    File {
        /// The file.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The file is there but is no OpenSSH private key.
    #[error("the SSH host key {path} is not an OpenSSH private key: {why}")]
    Unreadable {
        /// The file.
        path: PathBuf,
        /// What the key reader said.
        why: String,
    },
    /// The file is a symbolic link, which the server does not follow.
    #[error("the SSH host key {0} is a symbolic link; the server keeps its key in a plain file")]
    Symlink(PathBuf),
    /// No randomness to make a key with.
    #[error("no randomness to make the SSH host key: {0}")]
    Random(String),
    /// The key made could not be put in OpenSSH's form.
    #[error("the SSH host key made could not be written in OpenSSH's form: {0}")]
    Encode(String),
}

/// The host key at `path`, made and written there first if there is none.
///
/// # Errors
/// The file cannot be read or written, is a symlink, or holds no OpenSSH private key.
pub fn load_or_create(path: &Path) -> Result<PrivateKey, HostKeyError> {
    let file_error = |source| HostKeyError::File {
        path: path.to_path_buf(),
        source,
    };
    match std::fs::symlink_metadata(path) {
        Ok(meta) if meta.file_type().is_symlink() => {
            return Err(HostKeyError::Symlink(path.to_path_buf()));
        }
        Ok(_) => return read(path),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
        Err(e) => return Err(file_error(e)),
    }
    let mut secret = [0u8; 32];
    getrandom::fill(&mut secret).map_err(|e| HostKeyError::Random(e.to_string()))?;
    let key = PrivateKey::from(Ed25519Keypair::from_seed(&secret));
    let text = key
        .to_openssh(LineEnding::LF)
        .map_err(|e| HostKeyError::Encode(e.to_string()))?;
    let folder = path.parent().unwrap_or_else(|| Path::new("."));
    std::fs::create_dir_all(folder).map_err(file_error)?;
    // tempfile makes its file exclusively, readable by the owner only (0600 on Unix);
    // persisting without clobbering links it in place, so a file or a symlink put there in
    // the meantime is never overwritten nor followed.
    let mut temp = tempfile::NamedTempFile::new_in(folder).map_err(file_error)?;
    temp.write_all(text.as_bytes()).map_err(file_error)?;
    temp.as_file().sync_all().map_err(file_error)?;
    match temp.persist_noclobber(path) {
        Ok(_) => Ok(key),
        // Another server made it first: that one is the key.
        Err(e) if e.error.kind() == std::io::ErrorKind::AlreadyExists => read(path),
        Err(e) => Err(file_error(e.error)),
    }
}

fn read(path: &Path) -> Result<PrivateKey, HostKeyError> {
    let text = std::fs::read_to_string(path).map_err(|source| HostKeyError::File {
        path: path.to_path_buf(),
        source,
    })?;
    PrivateKey::from_openssh(text.as_bytes()).map_err(|e| HostKeyError::Unreadable {
        path: path.to_path_buf(),
        why: e.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_key_is_made_once_kept_private_and_read_back() {
        let dir = tempfile::tempdir().expect("a folder");
        let path = dir.path().join(HOST_KEY_FILE);
        let made = load_or_create(&path).expect("made");
        let again = load_or_create(&path).expect("read");
        assert_eq!(made.public_key(), again.public_key());
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = std::fs::metadata(&path)
                .expect("there")
                .permissions()
                .mode();
            assert_eq!(mode & 0o777, 0o600, "{mode:o}");
        }
    }

    #[cfg(unix)]
    #[test]
    fn a_symlink_in_its_place_is_refused() {
        let dir = tempfile::tempdir().expect("a folder");
        let path = dir.path().join(HOST_KEY_FILE);
        std::os::unix::fs::symlink(dir.path().join("elsewhere"), &path).expect("a link");
        assert!(matches!(
            load_or_create(&path),
            Err(HostKeyError::Symlink(_))
        ));
        assert!(!dir.path().join("elsewhere").exists());
    }
}
