//! The network game's connection, beside the loop: the host's listener (`run::host`), or
//! the guest's dial; then one reader thread per connection that checks every message against
//! the rules (the library's [`Table`]) and reports it to the loop as an action (and answers
//! the host's probe itself), and a ping thread that keeps a quiet connection alive. The
//! app's messages go out through [`Network::send`]. A connection that fails in any way is
//! closed and said on screen; the game stays.

use crate::tui::run::incoming::Incoming;
use crate::tui::state::action::Action;
use crate::tui::state::net::{NetReport, TableGame};
use std::io::{self, Read, Write};
use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream, ToSocketAddrs};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};
use xiangqi_net::channel::{Opener, Sealer};
use xiangqi_net::code::JoinCode;
use xiangqi_net::handshake::{Role, handshake};
use xiangqi_net::message::{Message, Stamped};
use xiangqi_net::table::{Event, Table};
use xiangqi_net::{HANDSHAKE_TIMEOUT, IDLE_TIMEOUT, NetError, PING_EVERY};
use xiangqi_rules::Game;

/// How a network game starts.
#[derive(Debug)]
pub enum NetStart {
    /// Wait for the guest on `listener`.
    Host {
        /// Bound already (so a port in use is said before the screen opens).
        listener: TcpListener,
        /// The address to show in the join command.
        shown: String,
        /// The first code.
        code: JoinCode,
        /// The game to play on (new or resumed).
        game: Box<Game>,
        /// The host's side.
        me: xiangqi_rules::Color,
        /// Red's and black's names, sent to the guest.
        names: (String, String),
    },
    /// Dial the host.
    Join {
        /// `ADDR:PORT` as typed.
        addr: String,
        /// The code as typed (already read).
        code: JoinCode,
    },
}

/// The open connection's sending half.
pub(super) struct Link {
    pub(super) stream: TcpStream,
    pub(super) sealer: Sealer,
    id: u64,
}

/// What the threads share.
pub(super) struct Shared {
    table: Mutex<Table>,
    link: Mutex<Option<Link>>,
    reports: Sender<Incoming>,
    /// A guest is connected (or a successful handshake is taking the place).
    pub(super) busy: AtomicBool,
    /// Messages heard from the other end, of any connection: a seated guest that answers
    /// the host's probe moves it on.
    pub(super) heard: AtomicU64,
    next_id: AtomicU64,
    pub(super) stopping: AtomicBool,
    names: (String, String),
}

impl Shared {
    pub(super) fn report(&self, report: NetReport) {
        let _ = self.reports.send(Incoming::Report(Action::Net(report)));
    }

    pub(super) fn link(&self) -> MutexGuard<'_, Option<Link>> {
        self.link.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn table(&self) -> MutexGuard<'_, Table> {
        self.table.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// The network side of a game: sends the app's messages, and runs the threads that report
/// what the other end says.
pub struct Network {
    shared: Arc<Shared>,
}

impl std::fmt::Debug for Network {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Network")
    }
}

impl Network {
    /// A network side that holds `table` (this end's game) and reports on `reports`; its
    /// connection is `run` on a thread of its own called `name`.
    pub(super) fn spawn(
        table: Table,
        names: (String, String),
        reports: Sender<Incoming>,
        name: &str,
        run: impl FnOnce(&Arc<Shared>) + Send + 'static,
    ) -> Network {
        let shared = Arc::new(Shared {
            table: Mutex::new(table),
            link: Mutex::new(None),
            reports,
            busy: AtomicBool::new(false),
            heard: AtomicU64::new(0),
            next_id: AtomicU64::new(1),
            stopping: AtomicBool::new(false),
            names,
        });
        let worker = Arc::clone(&shared);
        let spawned = std::thread::Builder::new()
            .name(name.into())
            .spawn(move || run(&worker));
        if let Err(e) = spawned {
            shared.report(NetReport::Lost(NetError::Io(e.to_string())));
        }
        Network { shared }
    }

    /// Joins the host at `addr` with `code`: the game comes from the host.
    #[must_use]
    pub fn join(addr: String, code: JoinCode, reports: Sender<Incoming>) -> Network {
        let table = Table::new(&Game::default(), xiangqi_rules::Color::Black, Role::Guest);
        let names = (String::new(), String::new());
        Network::spawn(table, names, reports, "net-join", move |shared| {
            join(shared, &addr, &code);
        })
    }

    /// Sends `message` to the other end, after the table has checked it; says on screen if
    /// it cannot go.
    ///
    /// The screen has already acted on what it sends; whatever does not reach the other end
    /// is not kept at this one either: the screen takes the table's game back.
    pub fn send(&self, message: Message) {
        let mut link = self.shared.link();
        let mut table = self.shared.table();
        let Some(open) = link.as_mut() else {
            self.shared.report(NetReport::NotSent(NetError::Closed));
            self.shared.report(overruled(&table));
            return;
        };
        let before = table.clone();
        let stamped = match table.send(&message) {
            Ok(stamped) => stamped,
            Err(why) => {
                self.shared.report(NetReport::NotSent(why));
                self.shared.report(overruled(&table));
                return;
            }
        };
        if let Err(why) = open.sealer.send(&mut open.stream, &stamped.encode()) {
            let _ = open.stream.shutdown(Shutdown::Both);
            *link = None;
            *table = before;
            self.shared.report(NetReport::Lost(why));
            self.shared.report(overruled(&table));
        } else if message.is_about_the_game() {
            let now = Box::new(TableGame(table.game().clone()));
            self.shared.report(NetReport::Sent(now, table.asked()));
        }
    }

    /// Leaving: says goodbye to the other end and closes the connection.
    pub fn stop(&self) {
        self.shared.stopping.store(true, Ordering::SeqCst);
        if let Some(mut open) = self.shared.link().take() {
            let bye = Stamped::unstamped(Message::Bye).encode();
            let _ = open.sealer.send(&mut open.stream, &bye);
            let _ = open.stream.shutdown(Shutdown::Both);
        }
    }
}

/// The join command for a host listening on `addr`.
#[must_use]
pub fn shown_address(addr: SocketAddr) -> String {
    if addr.ip().is_unspecified() {
        // All interfaces: the machine's name is what the other player can reach it by.
        let name = std::fs::read_to_string("/proc/sys/kernel/hostname")
            .ok()
            .map(|n| n.trim().to_string())
            .filter(|n| !n.is_empty())
            .unwrap_or_else(|| "THIS-HOST".to_string());
        format!("{name}:{}", addr.port())
    } else {
        addr.to_string()
    }
}

/// The table's game and request, for the screen to take back where it has parted from them.
fn overruled(table: &Table) -> NetReport {
    NetReport::Overruled(Box::new(TableGame(table.game().clone())), table.asked())
}

/// The guest: dial, shake hands, play.
fn join(shared: &Arc<Shared>, addr: &str, code: &JoinCode) {
    let stream = match dial(addr) {
        Ok(stream) => stream,
        Err(why) => return shared.report(NetReport::Lost(NetError::Io(format!("{addr}: {why}")))),
    };
    match shake(stream, code) {
        Ok((stream, channel)) => run_session(shared, stream, channel, Role::Guest),
        Err(NetError::WrongCode) => shared.report(NetReport::WrongCode),
        Err(why) => shared.report(NetReport::Lost(why)),
    }
}

fn dial(addr: &str) -> io::Result<TcpStream> {
    let mut last = io::Error::new(io::ErrorKind::NotFound, "no address");
    for a in addr.to_socket_addrs()? {
        match TcpStream::connect_timeout(&a, HANDSHAKE_TIMEOUT) {
            Ok(s) => return Ok(s),
            Err(e) => last = e,
        }
    }
    Err(last)
}

/// A stream whose reads and writes all end by one deadline.
pub(super) struct Deadline<'a> {
    stream: &'a TcpStream,
    until: Instant,
}

impl Deadline<'_> {
    /// `stream`, for `time` from now.
    pub(super) fn new(stream: &TcpStream, time: Duration) -> Deadline<'_> {
        Deadline {
            stream,
            until: Instant::now() + time,
        }
    }

    fn left(&self) -> io::Result<Duration> {
        let left = self.until.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Err(io::ErrorKind::TimedOut.into());
        }
        Ok(left)
    }
}

impl Read for Deadline<'_> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.stream.set_read_timeout(Some(self.left()?))?;
        (&mut &*self.stream).read(buf)
    }
}

impl Write for Deadline<'_> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        self.stream.set_write_timeout(Some(self.left()?))?;
        (&mut &*self.stream).write(buf)
    }
    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// The guest's handshake, all of it within [`HANDSHAKE_TIMEOUT`].
fn shake(
    stream: TcpStream,
    code: &JoinCode,
) -> Result<(TcpStream, xiangqi_net::handshake::Channel), NetError> {
    let _ = stream.set_nodelay(true);
    let mut timed = Deadline::new(&stream, HANDSHAKE_TIMEOUT);
    let shaken = handshake(&mut timed, Role::Guest, code);
    if shaken.is_err() {
        let _ = stream.shutdown(Shutdown::Both);
    }
    shaken.map(|channel| (stream, channel))
}

/// One connection after the handshake: the game handed over, then messages until it ends.
pub(super) fn run_session(
    shared: &Arc<Shared>,
    stream: TcpStream,
    channel: xiangqi_net::handshake::Channel,
    role: Role,
) {
    let id = shared.next_id.fetch_add(1, Ordering::SeqCst);
    let ended = open_session(shared, &stream, channel, role, id);
    // Whatever ended it, this connection is closed and its link let go.
    let mut link = shared.link();
    if link.as_ref().is_some_and(|l| l.id == id) {
        *link = None;
    }
    drop(link);
    let _ = stream.shutdown(Shutdown::Both);
    shared.table().forget_requests();
    if shared.stopping.load(Ordering::SeqCst) {
        return;
    }
    match ended {
        Ok(()) => shared.report(NetReport::Heard(Event::Left)),
        Err(why) => shared.report(NetReport::Lost(why)),
    }
}

/// Hands the game over (host) or takes it (guest), then reads until the connection ends:
/// `Ok` when the other end said goodbye.
fn open_session(
    shared: &Arc<Shared>,
    stream: &TcpStream,
    channel: xiangqi_net::handshake::Channel,
    role: Role,
    id: u64,
) -> Result<(), NetError> {
    let xiangqi_net::handshake::Channel {
        mut sealer,
        mut opener,
    } = channel;
    let io = |e: io::Error| NetError::Io(e.to_string());
    stream.set_read_timeout(Some(IDLE_TIMEOUT)).map_err(io)?;
    stream.set_write_timeout(Some(IDLE_TIMEOUT)).map_err(io)?;
    let mut reader = stream.try_clone().map_err(io)?;
    let mut writer = stream.try_clone().map_err(io)?;
    match role {
        Role::Host => {
            let mut link = shared.link();
            let sync = {
                let mut table = shared.table();
                table.forget_requests();
                table.sync(&shared.names.0, &shared.names.1, None)
            };
            sealer.send(&mut writer, &Message::Sync(Box::new(sync)).encode())?;
            *link = Some(Link {
                stream: writer,
                sealer,
                id,
            });
            shared.report(NetReport::Joined);
        }
        Role::Guest => {
            let first = Message::decode(&opener.receive(&mut reader)?)?;
            if first == Message::SeatTaken {
                return Err(NetError::SeatTaken);
            }
            let Message::Sync(sync) = first else {
                return Err(NetError::WrongState(
                    "a game message before the game".into(),
                ));
            };
            let table = Table::from_sync(&sync)?;
            let mut link = shared.link();
            *shared.table() = table;
            *link = Some(Link {
                stream: writer,
                sealer,
                id,
            });
            shared.report(NetReport::Synced(sync));
        }
    }
    keep_alive(shared, id);
    read_messages(shared, &mut reader, &mut opener)
}

/// Reads, checks and reports messages until the connection ends.
fn read_messages(
    shared: &Shared,
    reader: &mut TcpStream,
    opener: &mut Opener,
) -> Result<(), NetError> {
    loop {
        let bytes = opener.receive(reader)?;
        shared.heard.fetch_add(1, Ordering::SeqCst);
        let stamped = Stamped::decode(&bytes)?;
        let (event, overruled) = {
            let mut table = shared.table();
            let event = table.receive(&stamped)?;
            let overruled = table.take_overruled().map(|game| (game, table.asked()));
            (event, overruled)
        };
        if let Some((game, asked)) = overruled {
            shared.report(NetReport::Overruled(Box::new(TableGame(game)), asked));
        }
        match event {
            Event::Left => return Ok(()),
            Event::Nothing => {}
            Event::Probed => answer_probe(shared),
            event => shared.report(NetReport::Heard(event)),
        }
    }
}

/// The host asked whether this end is still there: a ping at once says so.
fn answer_probe(shared: &Shared) {
    if let Some(open) = shared.link().as_mut() {
        let ping = Stamped::unstamped(Message::Ping).encode();
        // A failure here shows as the connection's end on the reader.
        let _ = open.sealer.send(&mut open.stream, &ping);
    }
}

/// Sends a ping every [`PING_EVERY`] while connection `id` is open.
fn keep_alive(shared: &Arc<Shared>, id: u64) {
    let shared = Arc::clone(shared);
    let _ = std::thread::Builder::new()
        .name("net-ping".into())
        .spawn(move || {
            loop {
                std::thread::sleep(PING_EVERY);
                let mut link = shared.link();
                let Some(open) = link.as_mut().filter(|l| l.id == id) else {
                    return;
                };
                if open
                    .sealer
                    .send(
                        &mut open.stream,
                        &Stamped::unstamped(Message::Ping).encode(),
                    )
                    .is_err()
                {
                    let _ = open.stream.shutdown(Shutdown::Both);
                    *link = None;
                    return;
                }
            }
        });
}
