//! The network game's connection, beside the loop: the host's listener (a thread that takes
//! connections, each handshake on a thread of its own with a deadline), or the guest's dial;
//! then one reader thread per connection that checks every message against the rules (the
//! library's [`Table`]) and reports it to the loop as an action, and a ping thread that keeps
//! a quiet connection alive. The app's messages go out through [`Network::send`]. A
//! connection that fails in any way is closed and said on screen; the game stays.

use crate::tui::run::incoming::Incoming;
use crate::tui::state::action::Action;
use crate::tui::state::net::{Invite, NetReport, TableGame};
use std::collections::HashMap;
use std::io::{self, Read, Write};
use std::net::{IpAddr, Shutdown, SocketAddr, TcpListener, TcpStream, ToSocketAddrs};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};
use xiangqi_net::channel::{Opener, Sealer};
use xiangqi_net::code::{GUESSES_PER_CODE, JoinCode};
use xiangqi_net::handshake::{Role, handshake};
use xiangqi_net::message::{Message, Stamped};
use xiangqi_net::table::{Event, Table};
use xiangqi_net::{HANDSHAKE_TIMEOUT, IDLE_TIMEOUT, NetError, PING_EVERY};
use xiangqi_rules::Game;

/// Handshakes that may run at once; more connections are closed at once (they are not
/// guesses), so a flood cannot pile up threads.
const MAX_HANDSHAKES: usize = 8;

/// Handshakes that may run at once from one address: a flood from one machine cannot take
/// the places of a guest on another.
const MAX_HANDSHAKES_PER_ADDRESS: usize = 3;

/// How long a guest who proved the code waits for an earlier connection, closed for it, to
/// let go of the game.
const TAKEOVER_WAIT: Duration = Duration::from_secs(2);

/// How long the host waits after a wrong code before it takes the next connection's guess.
const WRONG_CODE_PAUSE: Duration = Duration::from_secs(1);

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
struct Link {
    stream: TcpStream,
    sealer: Sealer,
    id: u64,
}

/// What the threads share.
struct Shared {
    table: Mutex<Table>,
    link: Mutex<Option<Link>>,
    reports: Sender<Incoming>,
    /// A guest is connected (or a successful handshake is taking the place).
    busy: AtomicBool,
    next_id: AtomicU64,
    stopping: AtomicBool,
    names: (String, String),
}

impl Shared {
    fn report(&self, report: NetReport) {
        let _ = self.reports.send(Incoming::Report(Action::Net(report)));
    }

    fn link(&self) -> MutexGuard<'_, Option<Link>> {
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
    /// Starts hosting or joining as `start` says, reporting on `reports`.
    #[must_use]
    pub fn start(start: NetStart, reports: Sender<Incoming>) -> Network {
        let (table, names) = match &start {
            NetStart::Host {
                game, me, names, ..
            } => (Table::new(game, *me, Role::Host), names.clone()),
            NetStart::Join { .. } => (
                Table::new(&Game::default(), xiangqi_rules::Color::Black, Role::Guest),
                (String::new(), String::new()),
            ),
        };
        let shared = Arc::new(Shared {
            table: Mutex::new(table),
            link: Mutex::new(None),
            reports,
            busy: AtomicBool::new(false),
            next_id: AtomicU64::new(1),
            stopping: AtomicBool::new(false),
            names,
        });
        let worker = Arc::clone(&shared);
        let spawned = match start {
            NetStart::Host {
                listener,
                shown,
                code,
                ..
            } => std::thread::Builder::new()
                .name("net-listen".into())
                .spawn(move || listen(&worker, &listener, &shown, code)),
            NetStart::Join { addr, code } => std::thread::Builder::new()
                .name("net-join".into())
                .spawn(move || join(&worker, &addr, &code)),
        };
        if let Err(e) = spawned {
            shared.report(NetReport::Lost(NetError::Io(e.to_string())));
        }
        Network { shared }
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

fn invite(shown: &str, code: &JoinCode) -> Invite {
    Invite {
        code: code.to_string(),
        command: format!("xiangqi join {shown} {code}"),
    }
}

/// The host's listener: each connection's handshake on a thread of its own.
fn listen(shared: &Arc<Shared>, listener: &TcpListener, shown: &str, first: JoinCode) {
    let code = Arc::new(Mutex::new((first, 0u32)));
    {
        let current = code.lock().unwrap_or_else(PoisonError::into_inner);
        shared.report(NetReport::Listening(invite(shown, &current.0)));
    }
    let in_flight = Arc::new(AtomicUsize::new(0));
    let by_address: Arc<Mutex<HashMap<IpAddr, usize>>> = Arc::default();
    for stream in listener.incoming() {
        if shared.stopping.load(Ordering::SeqCst) {
            return;
        }
        let Ok(stream) = stream else { continue };
        let address = stream.peer_addr().map(|a| a.ip()).ok();
        if !take_place(&by_address, address) {
            let _ = stream.shutdown(Shutdown::Both);
            continue;
        }
        if in_flight.fetch_add(1, Ordering::SeqCst) >= MAX_HANDSHAKES {
            in_flight.fetch_sub(1, Ordering::SeqCst);
            leave_place(&by_address, address);
            let _ = stream.shutdown(Shutdown::Both);
            continue;
        }
        let (shared, code, flight, places) = (
            Arc::clone(shared),
            Arc::clone(&code),
            Arc::clone(&in_flight),
            Arc::clone(&by_address),
        );
        let shown = shown.to_string();
        let spawned = std::thread::Builder::new()
            .name("net-handshake".into())
            .spawn(move || {
                let guess = code
                    .lock()
                    .unwrap_or_else(PoisonError::into_inner)
                    .0
                    .clone();
                let shaken = shake(stream, Role::Host, &guess);
                if matches!(shaken, Err(NetError::WrongCode)) {
                    // The slot stays taken through the pause: wrong guesses come no faster
                    // than MAX_HANDSHAKES a second.
                    wrong_code(&shared, &code, &guess, &shown);
                }
                flight.fetch_sub(1, Ordering::SeqCst);
                leave_place(&places, address);
                // A wrong code was counted above; garbage, silence, another protocol: dropped,
                // and no guess.
                if let Ok((stream, channel)) = shaken {
                    if !take_the_game(&shared) {
                        let _ = stream.shutdown(Shutdown::Both);
                        return;
                    }
                    run_session(&shared, stream, channel, Role::Host);
                    shared.busy.store(false, Ordering::SeqCst);
                }
            });
        if spawned.is_err() {
            in_flight.fetch_sub(1, Ordering::SeqCst);
            leave_place(&by_address, address);
        }
    }
}

/// The table's game and request, for the screen to take back where it has parted from them.
fn overruled(table: &Table) -> NetReport {
    NetReport::Overruled(Box::new(TableGame(table.game().clone())), table.asked())
}

/// Counts a handshake from `address`; false when that address has its share running.
fn take_place(places: &Mutex<HashMap<IpAddr, usize>>, address: Option<IpAddr>) -> bool {
    let Some(address) = address else { return true };
    let mut places = places.lock().unwrap_or_else(PoisonError::into_inner);
    let running = places.entry(address).or_insert(0);
    if *running >= MAX_HANDSHAKES_PER_ADDRESS {
        return false;
    }
    *running += 1;
    true
}

fn leave_place(places: &Mutex<HashMap<IpAddr, usize>>, address: Option<IpAddr>) {
    let Some(address) = address else { return };
    let mut places = places.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(running) = places.get_mut(&address) {
        *running = running.saturating_sub(1);
        if *running == 0 {
            places.remove(&address);
        }
    }
}

/// The game for a guest who has just proved the code. A connection still open from before
/// (its end froze, or its network dropped without a word, and the silence has not yet timed
/// out) is closed for it: the same code holder is back. False if it does not let go.
fn take_the_game(shared: &Shared) -> bool {
    let deadline = Instant::now() + TAKEOVER_WAIT;
    while shared.busy.swap(true, Ordering::SeqCst) {
        if Instant::now() >= deadline {
            return false;
        }
        if let Some(open) = shared.link().as_ref() {
            let _ = open.stream.shutdown(Shutdown::Both);
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    true
}

/// A wrong code was tried against `guessed`: after a pause, counted, if that code is still
/// the one shown (a guess at a code already replaced counts against nothing); too many draw
/// a new code.
fn wrong_code(shared: &Shared, code: &Mutex<(JoinCode, u32)>, guessed: &JoinCode, shown: &str) {
    std::thread::sleep(WRONG_CODE_PAUSE);
    let mut current = code.lock().unwrap_or_else(PoisonError::into_inner);
    if current.0 != *guessed {
        return;
    }
    current.1 += 1;
    if current.1 < GUESSES_PER_CODE {
        shared.report(NetReport::WrongCode);
        return;
    }
    match JoinCode::random() {
        Ok(fresh) => {
            *current = (fresh, 0);
            shared.report(NetReport::NewCode(invite(shown, &current.0)));
        }
        Err(why) => shared.report(NetReport::Lost(NetError::Io(why.to_string()))),
    }
}

/// The guest: dial, shake hands, play.
fn join(shared: &Arc<Shared>, addr: &str, code: &JoinCode) {
    let stream = match dial(addr) {
        Ok(stream) => stream,
        Err(why) => return shared.report(NetReport::Lost(NetError::Io(format!("{addr}: {why}")))),
    };
    match shake(stream, Role::Guest, code) {
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
struct Deadline<'a> {
    stream: &'a TcpStream,
    until: Instant,
}

impl Deadline<'_> {
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

/// The handshake, all of it within [`HANDSHAKE_TIMEOUT`].
fn shake(
    stream: TcpStream,
    role: Role,
    code: &JoinCode,
) -> Result<(TcpStream, xiangqi_net::handshake::Channel), NetError> {
    let _ = stream.set_nodelay(true);
    let mut timed = Deadline {
        stream: &stream,
        until: Instant::now() + HANDSHAKE_TIMEOUT,
    };
    let shaken = handshake(&mut timed, role, code);
    if shaken.is_err() {
        let _ = stream.shutdown(Shutdown::Both);
    }
    shaken.map(|channel| (stream, channel))
}

/// One connection after the handshake: the game handed over, then messages until it ends.
fn run_session(
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
            event => shared.report(NetReport::Heard(event)),
        }
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_address_takes_at_most_its_share_of_the_handshakes() {
        let places = Mutex::default();
        let flood = Some(IpAddr::from([10, 0, 0, 1]));
        let guest = Some(IpAddr::from([10, 0, 0, 2]));
        let taken = (0..8).filter(|_| take_place(&places, flood)).count();
        assert_eq!(taken, MAX_HANDSHAKES_PER_ADDRESS);
        assert!(take_place(&places, guest), "another address still gets in");
        leave_place(&places, flood);
        assert!(take_place(&places, flood), "a place let go is free again");
        assert!(!take_place(&places, flood));
    }
}
