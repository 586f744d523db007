//! A host's address typed to join it (`xiangqi join`'s argument, the start menu's join
//! page), checked by its form before anything is dialled: a host and a port from 1 to
//! 65535. A name is not looked up here (that can take seconds); a host name that does not
//! resolve, or a host that does not answer, is said when the dial fails.

use std::net::{Ipv6Addr, SocketAddr};

/// Why `join`'s address cannot be dialled, said before the screen opens.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum AddressError {
    /// No `:PORT`.
    #[error("no port: put ':' and the port the host's screen shows after the host")]
    NoPort,
    /// A port that is not a number from 1 to 65535.
    #[error("the port must be a number from 1 to 65535, found {0:?}")]
    Port(String),
    /// Nothing before the `:`.
    #[error("no host before the ':'")]
    NoHost,
    /// Brackets without an IPv6 address in them.
    #[error("{0:?} in brackets is not an IPv6 address")]
    Ipv6(String),
    /// An IPv6 address without brackets: its colons would be read as the port's.
    #[error("an IPv6 address goes in brackets: [{address}]:{port}")]
    Unbracketed {
        /// The address.
        address: String,
        /// The port after it.
        port: String,
    },
    /// Neither an IP address nor a host name.
    #[error("{0:?} is neither an IP address nor a host name")]
    Host(String),
}

/// `text` if it is a host and a port to dial: `192.168.1.5:9091`, `[::1]:9091`,
/// `localhost:9091`, `game.example.org:9091`. Only its form is checked; the name is looked up
/// when the game dials.
///
/// # Errors
/// What is wrong with its form.
pub fn join_address(text: &str) -> Result<String, AddressError> {
    if let Ok(addr) = text.parse::<SocketAddr>() {
        return match addr.port() {
            0 => Err(AddressError::Port("0".to_string())),
            _ => Ok(text.to_string()),
        };
    }
    let (host, port) = text.rsplit_once(':').ok_or(AddressError::NoPort)?;
    match port.parse::<u16>() {
        Ok(1..) => {}
        _ => return Err(AddressError::Port(port.to_string())),
    }
    if host.is_empty() {
        return Err(AddressError::NoHost);
    }
    if let Some(inside) = host.strip_prefix('[') {
        // A well-formed `[v6]:port` parsed above as a socket address.
        let inside = inside.strip_suffix(']').unwrap_or(inside);
        return Err(AddressError::Ipv6(inside.to_string()));
    }
    if host.parse::<Ipv6Addr>().is_ok() {
        return Err(AddressError::Unbracketed {
            address: host.to_string(),
            port: port.to_string(),
        });
    }
    if is_host_name(host) {
        Ok(text.to_string())
    } else {
        Err(AddressError::Host(host.to_string()))
    }
}

/// Whether `host` is written as a host name: dot-separated labels of 1 to 63 letters, digits,
/// `-` or `_`, not starting or ending with `-`, 253 characters at most (a final dot allowed),
/// the last label not all digits (`300.1.2.3` is a bad IPv4 address, not a name).
fn is_host_name(host: &str) -> bool {
    let name = host.strip_suffix('.').unwrap_or(host);
    let label_ok = |label: &str| {
        (1..=63).contains(&label.len())
            && label
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
            && !label.starts_with('-')
            && !label.ends_with('-')
    };
    let last_numeric = name
        .rsplit('.')
        .next()
        .is_some_and(|last| last.chars().all(|c| c.is_ascii_digit()));
    name.len() <= 253 && name.split('.').all(label_ok) && !last_numeric
}
