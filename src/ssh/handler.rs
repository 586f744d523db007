//! One SSH connection: who logged in (a key's account, or a guest), the one session it may
//! open, and what that session may ask — a terminal, the locale, a shell, window changes.
//! Everything else (commands, subsystems, forwarding either way, the agent, X11, other
//! variables) is refused.

use super::account::{Asked, Player, allowed_variable, environment};
use super::child::{Launch, Output, Running, Sink, pump, spawn};
use super::{Activity, Shared, note};
use crate::tui::i18n::catalogue::club_id::{SSH_NEEDS_TERMINAL, SSH_NO_PROGRAM};
use crate::tui::i18n::catalogue::tr;
use crate::tui::i18n::lang::Lang;
use crate::tui::lobby::login::KNOWN_FILE;
use russh::server::{Auth, ChannelOpenHandle, Handle, Handler, Msg, Session, VerifiedPublicKey};
use russh::{Channel, ChannelId, ChannelOpenFailure, ChannelWriteHalf, Disconnect, Pty};
use std::net::IpAddr;
use std::sync::Arc;
use tokio::sync::mpsc::Receiver;
use xiangqi_club::identity::KnownServers;

/// The longest `TERM` or locale value taken from a client.
const MAX_VALUE: usize = 64;

/// Why a session's program did not start: the line the client is told, in its language.
#[derive(Debug)]
struct NotStarted(String);

/// One connection's state.
pub struct Connection {
    shared: Arc<Shared>,
    peer: IpAddr,
    activity: Arc<Activity>,
    player: Option<Player>,
    user: String,
    channel: Option<ChannelId>,
    write: Option<ChannelWriteHalf<Msg>>,
    size: Option<(u16, u16)>,
    asked: Asked,
    running: Option<Running>,
}

impl std::fmt::Debug for Connection {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Connection")
            .field("peer", &self.peer)
            .field("player", &self.player)
            .finish_non_exhaustive()
    }
}

impl Connection {
    /// A connection from `peer`, not yet logged in.
    pub fn new(shared: Arc<Shared>, peer: IpAddr, activity: Arc<Activity>) -> Connection {
        Connection {
            shared,
            peer,
            activity,
            player: None,
            user: String::new(),
            channel: None,
            write: None,
            size: None,
            asked: Asked::default(),
            running: None,
        }
    }

    /// The language of the server's own messages to this client: its locale if it sent
    /// one, else the server's.
    fn lang(&self) -> Lang {
        Lang::from_env(|name| {
            self.asked
                .locale
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, v)| v.clone())
                .or_else(|| std::env::var(name).ok())
        })
    }

    fn is_session(&self, channel: ChannelId) -> bool {
        self.channel == Some(channel)
    }

    /// Starts the program for the session; the line to tell the client when it cannot.
    fn start(&mut self) -> Result<Receiver<Output>, NotStarted> {
        let (player, size) = match (&self.player, self.size) {
            (Some(player), Some(size)) => (player, size),
            _ => return Err(NotStarted(tr(self.lang(), SSH_NEEDS_TERMINAL))),
        };
        let name = match player {
            Player::Key(_) => self.user.clone(),
            Player::Guest(name) => name.clone(),
        };
        let home = player.home(&self.shared.config.data);
        let launch = Launch {
            program: self.shared.config.program.clone(),
            args: vec![
                "online".into(),
                self.shared.config.club.to_string(),
                // One word, so that a user name starting with '-' is still only a name.
                format!("--name={name}"),
            ],
            env: environment(&home, &self.asked),
            folder: home.clone(),
            size,
        };
        let started = make_private_folder(&home)
            .and_then(|()| self.pin_club(&home))
            .and_then(|()| spawn(&launch));
        match started {
            Ok((running, output)) => {
                note(&format!(
                    "ssh: {} as {:?} runs process {}",
                    self.peer,
                    self.player,
                    running.pid.unwrap_or_default()
                ));
                self.running = Some(running);
                Ok(output)
            }
            Err(e) => {
                note(&format!(
                    "ssh: cannot start the program for {}: {e}",
                    self.peer
                ));
                Err(NotStarted(tr(self.lang(), SSH_NO_PROGRAM)))
            }
        }
    }
}

impl Drop for Connection {
    fn drop(&mut self) {
        // The program first (hung up), then a guest's folder: nothing of a guest is kept.
        self.running = None;
        if let Some(guest @ Player::Guest(_)) = &self.player {
            let _ = std::fs::remove_dir_all(guest.home(&self.shared.config.data));
        }
    }
}

impl Connection {
    /// Pins the club's key in the program's state folder under `home`, as its first
    /// contact would.
    fn pin_club(&self, home: &std::path::Path) -> std::io::Result<()> {
        let state = home.join("state").join("xiangqi");
        make_private_folder(&state)?;
        let config = &self.shared.config;
        let mut known =
            KnownServers::open(&state.join(KNOWN_FILE)).map_err(std::io::Error::other)?;
        let address = config.club.to_string();
        if known.pinned(&address) == Some(config.club_key) {
            return Ok(());
        }
        known
            .pin(&address, config.club_key)
            .map_err(std::io::Error::other)
    }
}

/// Makes `folder` (and its parents), readable by its owner only.
fn make_private_folder(folder: &std::path::Path) -> std::io::Result<()> {
    let mut builder = std::fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
    builder.create(folder)
}

/// A value a client sent, if it is short printable ASCII.
fn clean_value(value: &str) -> Option<String> {
    (value.len() <= MAX_VALUE && value.bytes().all(|b| b.is_ascii_graphic()))
        .then(|| value.to_string())
}

/// The SSH channel a session's program writes to.
struct ChannelSink {
    channel: ChannelWriteHalf<Msg>,
    handle: Handle,
}

impl Sink for ChannelSink {
    async fn send(&self, bytes: Vec<u8>) -> bool {
        self.channel.data_bytes(bytes).await.is_ok()
    }

    async fn end(&self, code: u32) {
        let _ = self.channel.exit_status(code).await;
        let _ = self.channel.eof().await;
        let _ = self.channel.close().await;
    }

    async fn drop_client(&self) {
        note("ssh: a client read nothing for the stall bound: dropped");
        let _ = self
            .handle
            .disconnect(Disconnect::ByApplication, "not reading".into(), "en".into())
            .await;
    }
}

/// Tells the client `line` and ends the session.
async fn refuse_session(channel: ChannelWriteHalf<Msg>, line: String) {
    let _ = channel.data_bytes(format!("{line}\r\n").into_bytes()).await;
    let _ = channel.exit_status(1).await;
    let _ = channel.eof().await;
    let _ = channel.close().await;
}

impl Handler for Connection {
    type Error = russh::Error;

    async fn auth_publickey(
        &mut self,
        user: &str,
        key: VerifiedPublicKey<'_>,
    ) -> Result<Auth, Self::Error> {
        self.player = Some(Player::of_key(key.public_key));
        self.user = user.to_string();
        Ok(Auth::Accept)
    }

    /// A client without a key: a guest. (OpenSSH offers its keys before this.)
    async fn auth_keyboard_interactive<'a>(
        &'a mut self,
        _user: &str,
        _submethods: &str,
        _response: Option<russh::server::Response<'a>>,
    ) -> Result<Auth, Self::Error> {
        self.player = Some(Player::guest());
        Ok(Auth::Accept)
    }

    async fn auth_succeeded(&mut self, _: &mut Session) -> Result<(), Self::Error> {
        self.activity.logged_in();
        Ok(())
    }

    async fn channel_open_session(
        &mut self,
        channel: Channel<Msg>,
        reply: ChannelOpenHandle,
        _: &mut Session,
    ) -> Result<(), Self::Error> {
        if self.channel.is_some() {
            reply
                .reject(ChannelOpenFailure::AdministrativelyProhibited)
                .await;
            return Ok(());
        }
        // The keys come through `data` below; the read half would only queue them again.
        let (_, write) = channel.split();
        self.channel = Some(write.id());
        self.write = Some(write);
        reply.accept().await;
        Ok(())
    }

    async fn channel_open_direct_tcpip(
        &mut self,
        _: Channel<Msg>,
        _: &str,
        _: u32,
        _: &str,
        _: u32,
        reply: ChannelOpenHandle,
        _: &mut Session,
    ) -> Result<(), Self::Error> {
        note(&format!(
            "ssh: {} asked to forward a port: refused",
            self.peer
        ));
        reply
            .reject(ChannelOpenFailure::AdministrativelyProhibited)
            .await;
        Ok(())
    }

    async fn pty_request(
        &mut self,
        channel: ChannelId,
        term: &str,
        cols: u32,
        rows: u32,
        _: u32,
        _: u32,
        _: &[(Pty, u32)],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        if !self.is_session(channel) || self.running.is_some() {
            return session.channel_failure(channel);
        }
        let clamp = |n: u32| u16::try_from(n.clamp(1, 1000)).unwrap_or(1000);
        self.size = Some((clamp(cols), clamp(rows)));
        if let Some(term) = clean_value(term) {
            self.asked.term = Some(term);
        }
        session.channel_success(channel)
    }

    async fn env_request(
        &mut self,
        channel: ChannelId,
        name: &str,
        value: &str,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        let value = clean_value(value).filter(|_| allowed_variable(name));
        match value {
            Some(value) if self.is_session(channel) && self.asked.locale.len() < 16 => {
                if name == "TERM" {
                    self.asked.term = Some(value);
                } else {
                    self.asked.locale.push((name.to_string(), value));
                }
                session.channel_success(channel)
            }
            _ => session.channel_failure(channel),
        }
    }

    async fn shell_request(
        &mut self,
        channel: ChannelId,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        if !self.is_session(channel) || self.running.is_some() {
            return session.channel_failure(channel);
        }
        session.channel_success(channel)?;
        let Some(write) = self.write.take() else {
            return Ok(());
        };
        match self.start() {
            Ok(output) => {
                let stall = self.shared.config.stall_timeout;
                let sink = ChannelSink {
                    channel: write,
                    handle: session.handle(),
                };
                tokio::spawn(pump(output, sink, stall));
            }
            Err(NotStarted(line)) => {
                tokio::spawn(refuse_session(write, line));
            }
        }
        Ok(())
    }

    async fn exec_request(
        &mut self,
        channel: ChannelId,
        _: &[u8],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        note(&format!(
            "ssh: {} asked to run a command: refused",
            self.peer
        ));
        session.channel_failure(channel)
    }

    async fn subsystem_request(
        &mut self,
        channel: ChannelId,
        name: &str,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        note(&format!(
            "ssh: {} asked for the subsystem {name:?}: refused",
            self.peer
        ));
        session.channel_failure(channel)
    }

    async fn x11_request(
        &mut self,
        channel: ChannelId,
        _: bool,
        _: &str,
        _: &str,
        _: u32,
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        session.channel_failure(channel)
    }

    async fn data(
        &mut self,
        _: ChannelId,
        data: &[u8],
        session: &mut Session,
    ) -> Result<(), Self::Error> {
        self.activity.touch();
        if let Some(running) = &self.running
            && running.write(data).is_err()
        {
            note(&format!(
                "ssh: the program of {} reads no keys: dropped",
                self.peer
            ));
            self.running = None;
            session.disconnect(Disconnect::ByApplication, "not reading", "en")?;
        }
        Ok(())
    }

    async fn window_change_request(
        &mut self,
        _: ChannelId,
        cols: u32,
        rows: u32,
        _: u32,
        _: u32,
        _: &mut Session,
    ) -> Result<(), Self::Error> {
        let clamp = |n: u32| u16::try_from(n.clamp(1, 1000)).unwrap_or(1000);
        if let Some(running) = &self.running {
            running.resize(clamp(cols), clamp(rows));
        }
        Ok(())
    }

    async fn channel_close(
        &mut self,
        channel: ChannelId,
        _: &mut Session,
    ) -> Result<(), Self::Error> {
        if self.is_session(channel) {
            // Hangs up the program: the club sees a client that dropped.
            self.running = None;
        }
        Ok(())
    }
}
