//! `xiangqi host` and `xiangqi join`: the network game's arguments checked, the port bound
//! (a port in use is said before the screen opens), then the game in the terminal.
//!
//! `join`'s address is checked as text before the screen opens (a host and a port from 1
//! to 65535), not looked up: a name lookup can take seconds, and a host name that does not
//! resolve, or a host that does not answer, is said on the screen when the dial fails.

use super::NetLook;
use super::output::Failure;
use crate::tui;
use std::net::{TcpListener, ToSocketAddrs};
use xiangqi_net::DEFAULT_PORT;
use xiangqi_net::code::JoinCode;
use xiangqi_rules::Notation;
use xiangqi_rules::{Color, Game, Position};

// The start menu checks a typed address as the command line does.
pub use crate::tui::store::address::{AddressError, join_address};

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
pub(super) fn options(look: &NetLook) -> tui::Options {
    let (config, config_error) = tui::store::config::load();
    let chosen = tui::store::config::Chosen {
        theme: look.theme,
        glyphs: None,
        lang: look.lang,
        auto_flip: false,
        level: None,
        blindfold: false,
    };
    let options = tui::Options {
        ascii: look.ascii,
        config_error,
        config_path: tui::store::config::path(),
        ..tui::Options::default()
    };
    tui::state::app::settings::resolve(options, &chosen, &config, |name| std::env::var(name).ok())
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
