//! The host's door, beside the loop: the listener takes connections and gives each a
//! handshake place ([`Places`]: some per network, the oldest silent one given up for a
//! newcomer, a newcomer told the host is busy when none can be), each handshake runs on a
//! thread of its own within its deadline, every exchange that reached the host's key is a
//! guess counted before it is checked ([`Guesses`]), a wrong one holds its place until its
//! verdict, which goes out at the host's [`Pace`], and a guest who proved the code takes the
//! seat — from a guest already there only if that one does not answer.

use crate::tui::run::incoming::Incoming;
use crate::tui::run::network::{Deadline, Network, Shared, run_session};
use crate::tui::state::net::{Invite, NetReport};
use std::net::{Shutdown, TcpListener, TcpStream};
use std::sync::atomic::Ordering;
use std::sync::mpsc::Sender;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::{Duration, Instant};
use xiangqi::net::code::JoinCode;
use xiangqi::net::guesses::{Counted, Guesses, Pace, Ticket, Verdict};
use xiangqi::net::handshake::{Channel, Refusal, Role, answer, read_hello, refuse};
use xiangqi::net::message::{Message, Stamped};
use xiangqi::net::places::{Admission, PlaceId, Places};
use xiangqi::net::table::Table;
use xiangqi::net::{HANDSHAKE_TIMEOUT, NetError};

/// How long a guest already seated has to answer the host's probe before a newcomer who
/// proved the code takes its seat.
const PROBE_WAIT: Duration = Duration::from_secs(2);

/// How long a guest who proved the code waits for an earlier connection, closed for it, to
/// let go of the game.
const TAKEOVER_WAIT: Duration = Duration::from_secs(2);

/// How long the host waits to tell a connection it is turned away: it has sent nothing, so
/// the words fit the socket's buffer at once.
const REFUSAL_WAIT: Duration = Duration::from_millis(200);

/// What the listener and the handshakes share.
struct Door {
    guesses: Mutex<Guesses>,
    pace: Mutex<Pace>,
    places: Mutex<Places<TcpStream>>,
    /// The address to show in the join command.
    shown: String,
}

impl Door {
    fn guesses(&self) -> MutexGuard<'_, Guesses> {
        self.guesses.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn pace(&self) -> MutexGuard<'_, Pace> {
        self.pace.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn places(&self) -> MutexGuard<'_, Places<TcpStream>> {
        self.places.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn invite(&self, code: &JoinCode) -> Invite {
        invite(&self.shown, code)
    }
}

/// What the host shows the other player for `code`.
fn invite(shown: &str, code: &JoinCode) -> Invite {
    Invite {
        code: code.to_string(),
        command: format!("xiangqi join {shown} {code}"),
    }
}

/// Hosts `game`, this end playing `me`, on `listener` with `code` first: the network side
/// that waits for the guest, reporting on `reports`.
#[must_use]
pub fn host(
    listener: TcpListener,
    shown: String,
    code: JoinCode,
    table: Table,
    names: (String, String),
    reports: Sender<Incoming>,
) -> Network {
    Network::spawn(table, names, reports, "net-listen", move |shared| {
        listen(shared, &listener, &shown, code);
    })
}

/// The host's listener: each connection's handshake on a thread of its own, in a place.
fn listen(shared: &Arc<Shared>, listener: &TcpListener, shown: &str, first: JoinCode) {
    shared.report(NetReport::Listening(invite(shown, &first)));
    let door = Arc::new(Door {
        guesses: Mutex::new(Guesses::new(first, Box::new(JoinCode::random))),
        pace: Mutex::default(),
        places: Mutex::default(),
        shown: shown.to_string(),
    });
    for stream in listener.incoming() {
        if shared.stopping.load(Ordering::SeqCst) {
            return;
        }
        let Ok(stream) = stream else { continue };
        let (Ok(address), Ok(handle)) = (stream.peer_addr(), stream.try_clone()) else {
            let _ = stream.shutdown(Shutdown::Both);
            continue;
        };
        let id = match door.places().admit(address.ip(), handle) {
            Admission::Admitted { id, evicted } => {
                if let Some(evicted) = evicted {
                    turn_away(&evicted, Refusal::Busy);
                }
                id
            }
            Admission::Busy => {
                turn_away(&stream, Refusal::Busy);
                continue;
            }
        };
        let (worker, worker_door) = (Arc::clone(shared), Arc::clone(&door));
        let spawned = std::thread::Builder::new()
            .name("net-handshake".into())
            .spawn(move || shake_hands(&worker, &worker_door, stream, id));
        if spawned.is_err() {
            // The stream went with the closure; its copy in the place closes it.
            if let Some(handle) = door.places().leave(id) {
                let _ = handle.shutdown(Shutdown::Both);
            }
        }
    }
}

/// Tells a connection why it is turned away, and closes it.
fn turn_away(stream: &TcpStream, why: Refusal) {
    let _ = stream.set_write_timeout(Some(REFUSAL_WAIT));
    let _ = refuse(&mut &*stream, why);
    let _ = stream.shutdown(Shutdown::Both);
}

/// One connection's handshake in place `id`, then its game if it proved the code.
fn shake_hands(shared: &Arc<Shared>, door: &Door, stream: TcpStream, id: PlaceId) {
    let _ = stream.set_nodelay(true);
    let mut timed = Deadline::new(&stream, HANDSHAKE_TIMEOUT);
    // Garbage, silence, another protocol or version: dropped, and no guess.
    let Ok(hello) = read_hello(&mut timed) else {
        door.places().leave(id);
        let _ = stream.shutdown(Shutdown::Both);
        return;
    };
    if !door.places().heard(id) {
        // Given up for a newcomer as the hello came: the listener told it and closes it.
        return;
    }
    let checked = door.guesses().check();
    let (code, ticket) = match checked {
        Ok((code, ticket, renewed)) => {
            if let Some(new) = renewed {
                shared.report(NetReport::NewCode(door.invite(&new)));
            }
            (code, ticket)
        }
        Err(why) => {
            shared.report(NetReport::Lost(NetError::Io(why.to_string())));
            door.places().leave(id);
            let _ = stream.shutdown(Shutdown::Both);
            return;
        }
    };
    let answered = answer(&mut timed, &hello, &code);
    let verdict = match &answered {
        Err(NetError::WrongCode) => Verdict::Wrong,
        Err(NetError::NotXiangqi) => Verdict::NoGuess,
        // Past the confirmation: the code was right, whatever became of the connection.
        Ok(_) | Err(_) => Verdict::Right,
    };
    count(shared, door, ticket, verdict);
    if verdict == Verdict::Wrong {
        // The place stays taken until the verdict goes out: the guesser learns nothing
        // sooner, and one network, holding few places, guesses slower still.
        let now = Instant::now();
        let at = door.pace().verdict_at(now);
        std::thread::sleep(at.saturating_duration_since(now));
    }
    door.places().leave(id);
    match answered {
        Ok(channel) => seat(shared, stream, channel),
        Err(NetError::WrongCode) => turn_away(&stream, Refusal::WrongCode),
        Err(_) => {
            let _ = stream.shutdown(Shutdown::Both);
        }
    }
}

/// Counts the verdict of the exchange holding `ticket`, and says it on the host's screen.
fn count(shared: &Shared, door: &Door, ticket: Ticket, verdict: Verdict) {
    let counted = door.guesses().settle(ticket, verdict);
    match counted {
        Ok(Counted::Nothing) => {}
        Ok(Counted::Wrong) => shared.report(NetReport::WrongCode),
        Ok(Counted::Renewed(code)) => shared.report(NetReport::NewCode(door.invite(&code))),
        Err(why) => shared.report(NetReport::Lost(NetError::Io(why.to_string()))),
    }
}

/// A guest who proved the code: the game, if the seat is free or its holder is gone;
/// otherwise it is told the seat is taken.
fn seat(shared: &Arc<Shared>, stream: TcpStream, channel: Channel) {
    if take_the_seat(shared) {
        run_session(shared, stream, channel, Role::Host);
        shared.busy.store(false, Ordering::SeqCst);
        return;
    }
    let Channel { mut sealer, .. } = channel;
    let _ = stream.set_write_timeout(Some(REFUSAL_WAIT));
    let _ = sealer.send(&mut &stream, &Message::SeatTaken.encode());
    let _ = stream.shutdown(Shutdown::Both);
}

/// The seat for a guest who has just proved the code. A guest already seated keeps it if it
/// answers the host's probe: the code alone, which a stranger may have learned, does not
/// take a connected player's seat. One that does not answer (its end froze, or its network
/// dropped without a word, and the silence has not yet timed out) is closed for the
/// newcomer: the same player is most likely back. False if the seat stays taken.
fn take_the_seat(shared: &Shared) -> bool {
    if !shared.busy.swap(true, Ordering::SeqCst) {
        return true;
    }
    let heard = shared.heard.load(Ordering::SeqCst);
    let probed = shared.link().as_mut().is_some_and(|open| {
        let probe = Stamped::unstamped(Message::Probe).encode();
        open.sealer.send(&mut open.stream, &probe).is_ok()
    });
    let deadline = Instant::now() + PROBE_WAIT;
    while Instant::now() < deadline {
        if !shared.busy.swap(true, Ordering::SeqCst) {
            // The seated guest left meanwhile.
            return true;
        }
        if probed && shared.heard.load(Ordering::SeqCst) != heard {
            return false;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    if let Some(open) = shared.link().as_ref() {
        let _ = open.stream.shutdown(Shutdown::Both);
    }
    let deadline = Instant::now() + TAKEOVER_WAIT;
    while shared.busy.swap(true, Ordering::SeqCst) {
        if Instant::now() >= deadline {
            return false;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    true
}
