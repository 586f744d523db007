//! The server end to end, in one process: players and spectators as clients of the core,
//! each event they hear kept to be checked afterwards.

mod jieqi;

use super::{Server, ServerConfig};
use crate::client::{Client, ClientEvent};
use crate::protocol::Event;
use std::path::Path;
use std::time::Duration;
use tokio::sync::mpsc;

/// How long any one awaited event may take.
const WAIT: Duration = Duration::from_secs(20);

/// A client in the server's process, and everything it has heard.
pub(super) struct Player {
    pub client: Client,
    events: mpsc::UnboundedReceiver<ClientEvent>,
    pub heard: Vec<Event>,
}

impl Player {
    pub async fn join(server: &Server, name: &str) -> Player {
        let (tx, events) = mpsc::unbounded_channel();
        let key = format!("test:{name}");
        let connected = Client::in_process(server.core(), &key, name, tx)
            .await
            .expect("logged in");
        Player {
            client: connected.client,
            events,
            heard: Vec::new(),
        }
    }

    /// The next event for which `wanted` gives something (the others are kept too).
    pub async fn wait<T>(&mut self, what: &str, mut wanted: impl FnMut(&Event) -> Option<T>) -> T {
        let deadline = tokio::time::Instant::now() + WAIT;
        loop {
            match tokio::time::timeout_at(deadline, self.events.recv()).await {
                Ok(Some(ClientEvent::Server(event))) => {
                    let found = wanted(&event);
                    self.heard.push(event);
                    if let Some(found) = found {
                        return found;
                    }
                }
                Ok(other) => panic!("the session ended waiting for {what}: {other:?}"),
                Err(_) => panic!("no {what} in {WAIT:?}"),
            }
        }
    }

    /// Whether an event `wanted` picks comes within `within` (the others are kept).
    pub async fn hears_within(
        &mut self,
        within: Duration,
        wanted: impl Fn(&Event) -> bool,
    ) -> bool {
        let deadline = tokio::time::Instant::now() + within;
        while let Ok(Some(ClientEvent::Server(event))) =
            tokio::time::timeout_at(deadline, self.events.recv()).await
        {
            let found = wanted(&event);
            self.heard.push(event);
            if found {
                return true;
            }
        }
        false
    }
}

/// A quiet server on a free port of 127.0.0.1 keeping its data in `data`, dealing every
/// Jieqi game from `deal`.
pub(super) fn config(data: &Path, deal: u64) -> ServerConfig {
    let mut config = ServerConfig::new("127.0.0.1:0".parse().expect("an address"), data.into());
    config.quiet = true;
    config.fixed_deal = Some(deal);
    config
}

pub(super) fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("a runtime")
}
