//! `xiangqi server`: the club server (until it is stopped), and the operator's tools on its
//! data folder — `export` (the archive as PGN) and `ban`. They are built with the feature
//! `server` only; without it `xiangqi server` says how to build them.

use super::output::Failure;
#[cfg(feature = "server")]
use super::output::emit_part;
#[cfg(feature = "server")]
use std::net::SocketAddr;
#[cfg(feature = "server")]
use std::path::{Path, PathBuf};
#[cfg(feature = "server")]
use xiangqi_club::server::{DEFAULT_PORT, Server, ServerConfig, open_store};
#[cfg(feature = "server")]
use xiangqi_club::store::{Store as _, StoreError};
use xiangqi_engine::Level;

/// The levels of `--bots`, as given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BotLevels(pub Vec<Level>);

/// Why `--bots` is not a list of levels.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("levels from 1 to 10 separated by commas (like 2,5,8), found {0:?}")]
pub struct BotLevelsError(String);

/// `2,5,8`: levels from 1 to 10, each once.
///
/// # Errors
/// A word that is no level, a level given twice, or none at all.
pub fn bot_levels(text: &str) -> Result<BotLevels, BotLevelsError> {
    let bad = || BotLevelsError(text.to_string());
    let mut levels = Vec::new();
    for word in text.split(',') {
        let level = word
            .trim()
            .parse::<u8>()
            .ok()
            .and_then(Level::new)
            .ok_or_else(bad)?;
        if levels.contains(&level) {
            return Err(bad());
        }
        levels.push(level);
    }
    Ok(BotLevels(levels))
}

/// `xiangqi server` and its tools, in a program built without them: what to do instead.
///
/// # Errors
/// Always: a usage error (exit code 2) saying how to build the server.
#[cfg(not(feature = "server"))]
pub fn run(_: super::ServerArgs) -> Result<(), Failure> {
    Err(Failure::Usage(
        "server: this xiangqi was built without the club server; build it with \
         `cargo build --release --features server` (or `cargo install xiangqi --features server`)"
            .into(),
    ))
}

/// `xiangqi server` and its tools.
///
/// # Errors
/// As [`serve`], [`export`] and [`ban`].
#[cfg(feature = "server")]
pub fn run(args: super::ServerArgs) -> Result<(), Failure> {
    match args.tool {
        Some(super::ServerTool::Export { data, player }) => export(data, player.as_deref()),
        Some(super::ServerTool::Ban { data, name }) => ban(data, &name),
        None => serve(ServeArgs {
            listen: args.listen,
            data: args.data,
            bots: args.bots,
            per_address: args
                .per_address
                .map(|n| usize::try_from(n).unwrap_or(usize::MAX)),
            grace: args
                .grace
                .map(|s| std::time::Duration::from_secs(u64::from(s))),
            ssh: args.ssh,
            ssh_sessions: args
                .ssh_sessions
                .map(|n| usize::try_from(n).unwrap_or(usize::MAX)),
            ssh_idle: args
                .ssh_idle
                .map(|s| std::time::Duration::from_secs(u64::from(s))),
        }),
    }
}

/// The data folder when `--data` is not given: `$XDG_DATA_HOME/xiangqi/club` (by default
/// `~/.local/share/xiangqi/club`) on Linux, the data folder elsewhere.
#[cfg(feature = "server")]
fn default_data() -> Option<PathBuf> {
    let dirs = directories::ProjectDirs::from("", "", "xiangqi")?;
    Some(dirs.data_dir().join("club"))
}

#[cfg(feature = "server")]
fn data_folder(given: Option<PathBuf>) -> Result<PathBuf, Failure> {
    given.or_else(default_data).ok_or_else(|| {
        Failure::Usage("--data: no home folder to keep the club's data in; give --data DIR".into())
    })
}

/// `xiangqi server`'s own arguments.
#[cfg(feature = "server")]
#[derive(Debug)]
pub struct ServeArgs {
    /// `--listen`.
    pub listen: Option<SocketAddr>,
    /// `--data`.
    pub data: Option<PathBuf>,
    /// `--bots`.
    pub bots: Option<BotLevels>,
    /// `--per-address`.
    pub per_address: Option<usize>,
    /// `--grace`.
    pub grace: Option<std::time::Duration>,
    /// `--ssh`.
    pub ssh: Option<SocketAddr>,
    /// `--ssh-sessions`.
    pub ssh_sessions: Option<usize>,
    /// `--ssh-idle`.
    pub ssh_idle: Option<std::time::Duration>,
}

#[cfg(feature = "server")]
/// Runs the server until the process is stopped (its store survives a kill at any moment).
///
/// # Errors
/// The data folder is in use or unusable, or the address cannot be listened on.
pub fn serve(args: ServeArgs) -> Result<(), Failure> {
    let data = data_folder(args.data)?;
    let listen = args
        .listen
        .unwrap_or_else(|| SocketAddr::from(([0, 0, 0, 0], DEFAULT_PORT)));
    let mut config = ServerConfig::new(listen, data.clone());
    config.bots = args.bots.map(|b| b.0).unwrap_or_default();
    if let Some(n) = args.per_address {
        config.limits.per_address = n;
    }
    if let Some(grace) = args.grace {
        config.table.grace = grace;
    }
    // Every SSH session's program connects from this machine.
    config.limits.loopback_unbounded = args.ssh.is_some();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|e| Failure::Run(format!("cannot start the server's threads: {e}")))?;
    runtime.block_on(async move {
        let server = Server::start(config).await.map_err(|e| match e {
            xiangqi_club::server::ServerError::Store(StoreError::Newer { .. }) => {
                Failure::Usage(e.to_string())
            }
            e => Failure::Run(e.to_string()),
        })?;
        let key = server.public_key();
        println!(
            "xiangqi server: listening on {}, data in {}\nserver key {} (fingerprint {})",
            server.local_addr(),
            data.display(),
            key,
            key.fingerprint()
        );
        if let Some(listen) = args.ssh {
            let limits = (args.ssh_sessions, args.ssh_idle);
            let club = (server.local_addr(), key);
            start_ssh(listen, &data, club, limits).await?;
        }
        std::future::pending::<()>().await;
        Ok(())
    })
}

/// Starts the SSH front end beside the club listening on `club`, and says where.
#[cfg(feature = "server")]
async fn start_ssh(
    listen: SocketAddr,
    data: &Path,
    (club, club_key): (SocketAddr, xiangqi_club::identity::PublicKey),
    (sessions, idle): (Option<usize>, Option<std::time::Duration>),
) -> Result<(), Failure> {
    let program = std::env::current_exe()
        .map_err(|e| Failure::Run(format!("--ssh: cannot find this program to run: {e}")))?;
    // The sessions' programs dial the club from this machine.
    let club = if club.ip().is_unspecified() {
        let loopback = if club.is_ipv4() {
            std::net::Ipv4Addr::LOCALHOST.into()
        } else {
            std::net::Ipv6Addr::LOCALHOST.into()
        };
        SocketAddr::new(loopback, club.port())
    } else {
        club
    };
    let mut config =
        crate::ssh::SshConfig::new(listen, data.to_path_buf(), (club, club_key), program);
    if let Some(n) = sessions {
        config.sessions = n;
    }
    if let Some(idle) = idle {
        config.idle_timeout = idle;
    }
    let ssh = crate::ssh::start(config)
        .await
        .map_err(|e| Failure::Run(e.to_string()))?;
    println!(
        "xiangqi server: ssh on {} (host key {})",
        ssh.local_addr, ssh.fingerprint
    );
    Ok(())
}

#[cfg(feature = "server")]
fn store_at(data: &Path) -> Result<xiangqi_club::store::SqliteStore, Failure> {
    open_store(data, "xiangqi club").map_err(|e| Failure::Usage(format!("--data: {e}")))
}

#[cfg(feature = "server")]
/// `xiangqi server export`: every finished game (or `player`'s) as PGN on standard output,
/// a blank line between two.
///
/// # Errors
/// No club database in the folder, no such player, or the output fails.
pub fn export(data: Option<PathBuf>, player: Option<&str>) -> Result<(), Failure> {
    let data = data_folder(data)?;
    let mut store = store_at(&data)?;
    let mut out = std::io::stdout().lock();
    let mut first = true;
    let mut failed = None;
    let found = store.export(player, &mut |pgn| {
        let text = if first {
            pgn.to_string()
        } else {
            format!("\n{pgn}")
        };
        first = false;
        match emit_part(&mut out, &text) {
            Ok(true) => Ok(()),
            Ok(false) => Err(std::io::Error::from(std::io::ErrorKind::BrokenPipe)),
            Err(f) => {
                failed = Some(f);
                Err(std::io::Error::other("standard output"))
            }
        }
    });
    if let Some(f) = failed {
        return Err(f);
    }
    match found {
        Ok(Some(_)) => Ok(()),
        Ok(None) => Err(Failure::Usage(format!(
            "--player: no player {:?} in {}",
            player.unwrap_or_default(),
            data.display()
        ))),
        // The reader closed standard output early: the export ends quietly.
        Err(StoreError::Folder { source, .. })
            if source.kind() == std::io::ErrorKind::BrokenPipe =>
        {
            Ok(())
        }
        Err(e) => Err(Failure::Run(e.to_string())),
    }
}

#[cfg(feature = "server")]
/// `xiangqi server ban NAME`: the player can no longer log in with any of their keys.
///
/// # Errors
/// No club database in the folder, or no such player.
pub fn ban(data: Option<PathBuf>, name: &str) -> Result<(), Failure> {
    let data = data_folder(data)?;
    let mut store = store_at(&data)?;
    match store.ban(name) {
        Ok(true) => {
            println!("xiangqi server: {name} is banned (from their next login on)");
            Ok(())
        }
        Ok(false) => Err(Failure::Usage(format!(
            "no player {name:?} in {}",
            data.display()
        ))),
        Err(e) => Err(Failure::Run(e.to_string())),
    }
}
