//! `xiangqi host` and `xiangqi join`: the network game's arguments checked, the port bound
//! (a port in use is said before the screen opens), then the game in the terminal.
//!
//! `join`'s address is checked as text before the screen opens (a host and a port from 1
//! to 65535), not looked up: a name lookup can take seconds, and a host name that does not
//! resolve, or a host that does not answer, is said on the screen when the dial fails.

use super::NetLook;
use super::output::Failure;
use crate::tui;
use std::net::{Ipv6Addr, SocketAddr, TcpListener, ToSocketAddrs};
use xiangqi_net::DEFAULT_PORT;
use xiangqi_net::code::JoinCode;
use xiangqi_rules::Notation;
use xiangqi_rules::{Color, Game, Position};

/// `xiangqi host`'s own arguments.
#[derive(Debug)]
pub struct HostArgs {
    /// `--listen`.
    pub listen: Option<String>,
    /// `--side`.
    pub side: Option<Color>,
    /// `--red`.
    pub red: Option<String>,
    /// `--black`.
    pub black: Option<String>,
    /// `--resume`.
    pub resume: bool,
    /// `--clock`.
    pub clock: Option<xiangqi_rules::clock::TimeControl>,
}

/// The game's options from the look arguments and the configuration file.
fn options(look: &NetLook) -> tui::Options {
    let (config, config_error) = tui::store::config::load();
    let chosen = tui::store::config::Chosen {
        theme: look.theme,
        glyphs: None,
        lang: look.lang,
        auto_flip: false,
        blindfold: false,
    };
    let options = tui::Options {
        ascii: look.ascii,
        config_error,
        ..tui::Options::default()
    };
    tui::store::config::resolve(options, &chosen, &config, |name| std::env::var(name).ok())
}

/// What a network game hands back: the game as played (or why the terminal failed) and the
/// glyphs to print it in.
pub type Played = (std::io::Result<(Game, Notation)>, tui::PieceGlyphs);

/// `xiangqi host`.
///
/// # Errors
/// A listen address that is not one (usage), a port that cannot be bound, no game to resume.
pub fn host(args: &HostArgs, look: &NetLook) -> Result<Played, Failure> {
    let text = args
        .listen
        .clone()
        .unwrap_or_else(|| format!("0.0.0.0:{DEFAULT_PORT}"));
    let addr = text
        .to_socket_addrs()
        .ok()
        .and_then(|mut all| all.next())
        .ok_or_else(|| {
            Failure::Usage(format!(
                "--listen: {text:?} is not an address and port (like 0.0.0.0:{DEFAULT_PORT} or 127.0.0.1:0)"
            ))
        })?;
    let listener = TcpListener::bind(addr)
        .map_err(|e| Failure::Run(format!("cannot listen on {addr}: {e}")))?;
    let bound = listener
        .local_addr()
        .map_err(|e| Failure::Run(format!("cannot listen on {addr}: {e}")))?;
    let code = JoinCode::random().map_err(|e| Failure::Run(e.to_string()))?;
    let me = args.side.unwrap_or(Color::Red);
    let mut options = options(look);
    // The host's side at the bottom.
    options.flipped = me == Color::Black;
    options.clock = args.clock;
    let (start, game, names) = if args.resume {
        let (saved, slot) = tui::resume_game()?;
        let tag = |name: &str| {
            saved
                .record
                .tags
                .iter()
                .find(|(k, _)| k == name)
                .map_or_else(String::new, |(_, v)| v.clone())
        };
        let names = (tag("Red"), tag("Black"));
        let game = saved.game.clone();
        options.resumed = true;
        (tui::Start::Resumed { saved, slot }, game, names)
    } else {
        let game = Game::new(Position::start());
        let start = tui::Start::New {
            game: game.clone(),
            names: tui::named(args.red.as_deref(), args.black.as_deref()),
        };
        let names = (
            args.red.clone().unwrap_or_default(),
            args.black.clone().unwrap_or_default(),
        );
        (start, game, names)
    };
    let glyphs = options.glyphs;
    let net = tui::NetStart::Host {
        listener,
        shown: tui::shown_address(bound),
        code,
        game: Box::new(game),
        me,
        names,
    };
    Ok((tui::run_net(start, options, net), glyphs))
}

/// `xiangqi join ADDR:PORT CODE`.
pub fn join(addr: String, code: JoinCode, look: &NetLook) -> Played {
    let mut options = options(look);
    options.flipped = true;
    let glyphs = options.glyphs;
    let start = tui::Start::New {
        game: Game::new(Position::start()),
        names: None,
    };
    (
        tui::run_net(start, options, tui::NetStart::Join { addr, code }),
        glyphs,
    )
}

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
