//! `xiangqi online` in a terminal: the session opened, then the lobby screen (`tui::lobby`)
//! until the player quits; connecting again when the player asks after the session dropped.

use super::output::Failure;
use crate::tui::lobby::run::{Reconnect, sink};
use std::path::Path;
use std::sync::mpsc;
use xiangqi_club::client::{Client, Login};
use xiangqi_club::identity::KnownServers;

/// Connects as `login`, then runs the lobby screen.
///
/// # Errors
/// The server cannot be reached, its key changed, the login is refused (said before the
/// screen opens); the terminal fails.
pub fn online_screen(
    addr: &str,
    folder: &Path,
    login: Login,
    mut known: KnownServers,
    look: &super::NetLook,
) -> Result<(), Failure> {
    let (tx, rx) = mpsc::channel();
    let connected = Client::connect_with(addr, &login, &mut known, sink(tx.clone()))
        .map_err(|e| Failure::Run(format!("online: {e}")))?;
    super::online::say_first_contact(addr, folder, &connected);
    let options = super::net::options(look);
    let server = addr.to_string();
    let reconnect: Reconnect =
        Box::new(move |tx| Client::connect_with(&server, &login, &mut known, sink(tx)));
    crate::tui::lobby::run::run(addr, connected, (tx, rx), options, reconnect)
        .map_err(|e| Failure::Run(format!("online: {e}")))
}
