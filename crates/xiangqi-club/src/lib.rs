//! `xiangqi-club`: a club server for xiangqi and its client — a lobby (who is online, seeks,
//! challenges, private games, games to watch), games refereed by the rules crate with the
//! clocks kept on the server, Glicko-2 ratings per time-control category, chat, and an
//! archive of every finished game as PGN. One process and one SQLite file.
//!
//! The parts, from the wire up:
//! - [`transport`]: the Noise XX handshake and encrypted frames;
//! - [`identity`]: key pairs (a player's identity, the server's) and pinned server keys;
//! - [`protocol`]: the messages ([`protocol::Request`], [`protocol::Event`]) and their
//!   bounded encoding;
//! - `table` (server): one game as the server referees it, on a time it is given;
//! - `store` (server): what lasts, behind the `store::Store` trait (SQLite);
//! - `server` (server): the lobby, a task per game and per session, the listener, the bots;
//! - [`client`]: a session for a program to drive, its events on a channel.
//!
//! The server's parts (`table`, `store`, `server`, `ratings`) come with the feature
//! `server`, which brings SQLite (built from its C source) and the engine (the bots); a
//! program that only connects to a server builds the client and the protocol alone.
//!
//! A server and two players in one process (a real server would run `xiangqi server`):
//!
//! ```
//! # #[cfg(feature = "server")] {
//! use std::time::Duration;
//! use xiangqi_club::client::{Client, ClientEvent, Login};
//! use xiangqi_club::identity::{Identity, KnownServers};
//! use xiangqi_club::protocol::{ClockSpec, ColourChoice, Event};
//! use xiangqi_club::server::{Server, ServerConfig};
//!
//! let runtime = tokio::runtime::Runtime::new().unwrap();
//! let data = tempfile::tempdir().unwrap();
//! let mut config = ServerConfig::new("127.0.0.1:0".parse().unwrap(), data.path().into());
//! config.quiet = true;
//! let server = runtime.block_on(Server::start(config)).unwrap();
//! let address = server.local_addr().to_string();
//!
//! let login = |name: &str| Login { name: name.into(), identity: Identity::generate().unwrap() };
//! let mut known = KnownServers::in_memory();
//! let (alice, alice_events) = Client::connect(&address, &login("alice"), &mut known).unwrap();
//! assert!(alice.first_contact); // the server's key is pinned now
//! let (bob, bob_events) = Client::connect(&address, &login("bob"), &mut known).unwrap();
//!
//! // The same seek from both: the second is paired with the first at once.
//! alice.client.seek(ClockSpec::minutes(5, 3), true, ColourChoice::Red);
//! bob.client.seek(ClockSpec::minutes(5, 3), true, ColourChoice::Random);
//! let started = |events: &std::sync::mpsc::Receiver<ClientEvent>| loop {
//!     match events.recv_timeout(Duration::from_secs(10)).unwrap() {
//!         ClientEvent::Server(Event::Started(game)) => break game,
//!         _ => {}
//!     }
//! };
//! let game = started(&alice_events);
//! assert_eq!(game.summary.red.name, "alice");
//! assert_eq!(started(&bob_events).summary.id, game.summary.id);
//!
//! alice.client.play(game.summary.id, 0, "h2e2"); // 炮二平五
//! let moved = loop {
//!     if let ClientEvent::Server(Event::Moved { mv, .. }) =
//!         bob_events.recv_timeout(Duration::from_secs(10)).unwrap()
//!     {
//!         break mv;
//!     }
//! };
//! assert_eq!(moved, "h2e2");
//! # }
//! ```

#![deny(missing_docs)]

pub mod client;
pub mod identity;
pub mod protocol;
#[cfg(feature = "server")]
pub mod ratings;
#[cfg(feature = "server")]
pub mod server;
#[cfg(feature = "server")]
pub mod store;
#[cfg(feature = "server")]
pub mod table;
pub mod transport;
