//! A malformed-client run against a club server: while two honest clients play a game,
//! hostile connections send garbage before and after the Noise handshake, frames over the
//! bounds, messages that are not the protocol's, a handshake dripped a byte at a time, and
//! hold hundreds of connections half open. At the end a new player logs in and a spectator
//! checks the honest game move for move.
//!
//! `cargo run --release -p xiangqi-club --features server --example server_fuzz -- ADDR:PORT
//! [--half-open N] [--hold S]` (N connections half open, default 500, held S seconds, default
//! 15: past the server's 10 s for a handshake). Each attack prints how the server answered
//! it; the last lines are `server answers: yes|no` and `game intact: yes|no`. The exit code
//! is 0 when both are yes.

mod support;

use std::process::ExitCode;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use support::{Rng, Usage, lock};
use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
use tokio::net::TcpStream;
use tokio::sync::mpsc;
use xiangqi_club::client::{Client, ClientEvent, Login};
use xiangqi_club::identity::{Identity, KnownServers};
use xiangqi_club::protocol::codec::encode_request;
use xiangqi_club::protocol::{
    ClockSpec, ColourChoice, Event, GameId, PROTOCOL_VERSION, Request, Side,
};
use xiangqi_club::transport::initiate;
use xiangqi_rules::{Game, Move};

/// How long an attack waits for the server to close its connection.
const CLOSE_WAIT: Duration = Duration::from_secs(15);
/// The honest players' time between the other's move and their own.
const THINK: Duration = Duration::from_millis(200);

struct Options {
    address: String,
    half_open: usize,
    hold: Duration,
}

fn options() -> Result<Options, Usage> {
    let mut args = std::env::args().skip(1);
    let (mut address, mut half_open, mut hold) = (None, 500, 15);
    while let Some(arg) = args.next() {
        let mut number = |name: &str| -> Result<u64, Usage> {
            let text = args
                .next()
                .ok_or_else(|| Usage(format!("{name} needs a value")))?;
            text.parse()
                .map_err(|_| Usage(format!("{name}: a whole number, found {text:?}")))
        };
        match arg.as_str() {
            "--half-open" => {
                half_open = usize::try_from(number("--half-open")?)
                    .map_err(|e| Usage(format!("--half-open: {e}")))?;
            }
            "--hold" => hold = number("--hold")?,
            a if a.starts_with("--") => return Err(Usage(format!("unknown option {a}"))),
            a => address = Some(a.to_string()),
        }
    }
    Ok(Options {
        address: address.ok_or_else(|| Usage("the server's ADDR:PORT is needed".into()))?,
        half_open,
        hold: Duration::from_secs(hold),
    })
}

/// `n` random bytes.
fn random_bytes(rng: &mut Rng, n: usize) -> Vec<u8> {
    (0..n).map(|_| rng.next().to_le_bytes()[0]).collect()
}

/// How the server dealt with one hostile connection.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Answer {
    /// Refused at the door (the connection failed or was closed before the attack began).
    Refused,
    /// Closed after this long.
    Closed(Duration),
    /// Still open when the wait was over.
    Open,
}

/// Reads and drops whatever comes until the server closes `stream` or `limit` passes.
async fn await_close<R: tokio::io::AsyncRead + Unpin>(read: &mut R, limit: Duration) -> Answer {
    let began = Instant::now();
    let mut buf = [0u8; 512];
    loop {
        let left = limit.saturating_sub(began.elapsed());
        match tokio::time::timeout(left, read.read(&mut buf)).await {
            Err(_) => return Answer::Open,
            Ok(Ok(0) | Err(_)) => return Answer::Closed(began.elapsed()),
            Ok(Ok(_)) => {}
        }
    }
}

/// The kinds of hostile connection, each sent a few times.
#[derive(Debug, Clone, Copy)]
enum Attack {
    /// Random bytes instead of the handshake.
    GarbageFirst,
    /// A frame header over the handshake's bound (65,535 bytes announced).
    OversizedHandshake,
    /// A handshake completed, then a frame of random bytes (does not decrypt).
    GarbageAfterHandshake,
    /// A handshake completed, then a well-encrypted frame over the request bound.
    OversizedRequest,
    /// A handshake completed, then well-encrypted bytes that are not JSON.
    NotJson,
    /// A handshake completed, then a request other than a hello.
    NoHelloFirst,
    /// Logged in, then well-encrypted bytes that are no request.
    GarbageInSession,
}

impl Attack {
    const ALL: [Attack; 7] = [
        Attack::GarbageFirst,
        Attack::OversizedHandshake,
        Attack::GarbageAfterHandshake,
        Attack::OversizedRequest,
        Attack::NotJson,
        Attack::NoHelloFirst,
        Attack::GarbageInSession,
    ];

    fn name(self) -> &'static str {
        match self {
            Attack::GarbageFirst => "garbage before the handshake",
            Attack::OversizedHandshake => "oversized handshake frame",
            Attack::GarbageAfterHandshake => "garbage frame after the handshake",
            Attack::OversizedRequest => "oversized request (4,000 bytes)",
            Attack::NotJson => "encrypted bytes that are not JSON",
            Attack::NoHelloFirst => "a request before the hello",
            Attack::GarbageInSession => "garbage after logging in",
        }
    }
}

/// One hostile connection of the kind `attack`.
async fn attack(address: &str, attack: Attack, rng: &mut Rng, n: usize) -> Answer {
    let Ok(stream) = TcpStream::connect(address).await else {
        return Answer::Refused;
    };
    let (mut read, mut write) = stream.into_split();
    match attack {
        Attack::GarbageFirst => {
            let len = 1 + rng.below(300);
            if write.write_all(&random_bytes(rng, len)).await.is_err() {
                return Answer::Refused;
            }
        }
        Attack::OversizedHandshake => {
            let mut bytes = vec![0xff, 0xff];
            bytes.extend(random_bytes(rng, 200));
            if write.write_all(&bytes).await.is_err() {
                return Answer::Refused;
            }
        }
        _ => {
            let Ok(me) = Identity::generate() else {
                return Answer::Refused;
            };
            let Ok((mut reader, mut writer, _)) = initiate(&mut read, &mut write, &me).await else {
                return Answer::Refused;
            };
            let payload = match attack {
                Attack::GarbageAfterHandshake => None,
                Attack::OversizedRequest => Some(vec![b' '; 4000]),
                Attack::NotJson => Some(random_bytes(rng, 100)),
                Attack::NoHelloFirst => encode_request(&Request::Resign { game: 1 }).ok(),
                _ => {
                    let hello = Request::Hello {
                        version: PROTOCOL_VERSION,
                        name: format!("fz{:x}-{n}", rng.next() & 0xffff_ffff),
                    };
                    let sent = match encode_request(&hello) {
                        Ok(bytes) => writer.send(&bytes).await.is_ok(),
                        Err(_) => false,
                    };
                    // The welcome: a session is open.
                    if !sent || reader.recv().await.is_err() {
                        return Answer::Refused;
                    }
                    Some(b"{\"t\":\"move\",\"game\":\"x\"}\x00\x01".to_vec())
                }
            };
            let sent = match payload {
                Some(bytes) => writer.send(&bytes).await.is_ok(),
                None => {
                    drop((reader, writer));
                    let mut frame = vec![0, 60];
                    frame.extend(random_bytes(rng, 60));
                    write.write_all(&frame).await.is_ok()
                }
            };
            if !sent {
                return Answer::Refused;
            }
        }
    }
    await_close(&mut read, CLOSE_WAIT).await
}

/// What one kind of attack came to.
#[derive(Debug, Default)]
struct Counts {
    refused: usize,
    closed: usize,
    /// Of those closed, how many within a second.
    at_once: usize,
    open: usize,
    slowest_close: Duration,
}

impl Counts {
    fn add(&mut self, answer: Answer) {
        match answer {
            Answer::Refused => self.refused += 1,
            Answer::Closed(after) => {
                self.closed += 1;
                self.at_once += usize::from(after < Duration::from_secs(1));
                self.slowest_close = self.slowest_close.max(after);
            }
            Answer::Open => self.open += 1,
        }
    }

    fn line(&self, what: &str) -> String {
        format!(
            "{what}: {} closed by the server ({} within a second, the slowest after {:.2} s), {} refused at once, {} left open",
            self.closed,
            self.at_once,
            self.slowest_close.as_secs_f64(),
            self.refused,
            self.open
        )
    }
}

/// The honest game as both players saw it.
#[derive(Debug, Default)]
struct Honest {
    /// The game in progress and its moves as the players heard them.
    game: Option<GameId>,
    moves: Vec<String>,
    /// Games that ended while the run went on.
    ended: usize,
    denied: usize,
    closed: bool,
    /// The longest wait from sending a move to hearing it passed on.
    slowest_move: Duration,
}

async fn login(
    address: &str,
    name: &str,
) -> Option<(Client, mpsc::UnboundedReceiver<ClientEvent>)> {
    let login = Login {
        name: name.to_string(),
        identity: Identity::generate().ok()?,
    };
    let (tx, rx) = mpsc::unbounded_channel();
    let connected = Client::connect_async(address, &login, &mut KnownServers::in_memory(), tx)
        .await
        .ok()?;
    Some((connected.client, rx))
}

/// An honest player: seeks, plays a random legal move `THINK` after the other's, until
/// `stop` passes; Red keeps the shared account of the game.
async fn honest(
    client: Client,
    mut events: mpsc::UnboundedReceiver<ClientEvent>,
    colour: ColourChoice,
    seed: u64,
    stop: Instant,
    shared: Arc<Mutex<Honest>>,
) {
    let mut rng = Rng(seed);
    let mut playing: Option<(GameId, Side, Game)> = None;
    let mut due: Option<Instant> = None;
    let mut sent: Option<Instant> = None;
    let far = stop + Duration::from_secs(3600);
    client.seek(ClockSpec::minutes(10, 5), false, colour);
    loop {
        tokio::select! {
            e = events.recv() => {
                let Some(ClientEvent::Server(event)) = e else {
                    lock(&shared).closed = true;
                    return;
                };
                match event {
                    Event::Started(state) => {
                        let Some(side) = state.you else { continue };
                        if side == Side::Red {
                            let mut s = lock(&shared);
                            s.game = Some(state.summary.id);
                            s.moves.clear();
                        }
                        playing = Some((state.summary.id, side, Game::default()));
                        due = (side == Side::Red).then(|| Instant::now() + THINK);
                    }
                    Event::Moved { game, mv, .. } => {
                        let Some((_, side, g)) = playing.as_mut().filter(|p| p.0 == game) else {
                            continue;
                        };
                        if let Ok(m) = mv.parse::<Move>() {
                            let _ = g.play_unadjudicated(m);
                        }
                        if *side == Side::Red {
                            lock(&shared).moves.push(mv);
                        }
                        if let Some(at) = sent.take() {
                            let mut s = lock(&shared);
                            s.slowest_move = s.slowest_move.max(at.elapsed());
                        }
                        let mine = Side::from(g.position().turn()) == *side;
                        due = mine.then(|| Instant::now() + THINK);
                    }
                    Event::Ended { .. } => {
                        if playing.as_ref().is_some_and(|p| p.1 == Side::Red) {
                            lock(&shared).ended += 1;
                        }
                        playing = None;
                        due = None;
                        client.seek(ClockSpec::minutes(10, 5), false, colour);
                    }
                    Event::Denied { .. } => lock(&shared).denied += 1,
                    _ => {}
                }
            }
            () = tokio::time::sleep_until(due.unwrap_or(far).into()) => {
                due = None;
                let Some((id, _, g)) = &playing else { continue };
                let moves = g.position().legal_moves();
                if moves.is_empty() {
                    continue;
                }
                let mv = moves[rng.below(moves.len())];
                let ply = u32::try_from(g.moves().len()).unwrap_or(u32::MAX);
                sent = Some(Instant::now());
                client.play(*id, ply, &mv.to_string());
            }
            () = tokio::time::sleep_until(stop.into()) => return,
        }
    }
}

/// Holds `n` connections that dial and then send nothing (or half a frame), for `hold`:
/// how many the server closed, refused or left open.
async fn half_open(address: &str, n: usize, hold: Duration) -> Counts {
    let mut held = Vec::with_capacity(n);
    for i in 0..n {
        let address = address.to_string();
        held.push(tokio::spawn(async move {
            let Ok(mut stream) = TcpStream::connect(&address).await else {
                return Answer::Refused;
            };
            // Every other one begins a frame and never finishes it.
            if i % 2 == 1 && stream.write_all(&[0, 32, 1, 2, 3]).await.is_err() {
                return Answer::Refused;
            }
            await_close(&mut stream, hold).await
        }));
    }
    let mut counts = Counts::default();
    for h in held {
        counts.add(h.await.unwrap_or(Answer::Refused));
    }
    counts
}

/// A connection that sends a handshake's first frame one byte every half second.
async fn drip(address: &str, rng: &mut Rng) -> Answer {
    let Ok(mut stream) = TcpStream::connect(address).await else {
        return Answer::Refused;
    };
    let began = Instant::now();
    let mut bytes = vec![0, 32];
    bytes.extend(random_bytes(rng, 32));
    for b in bytes {
        if stream.write_all(&[b]).await.is_err() {
            return Answer::Closed(began.elapsed());
        }
        let mut probe = [0u8; 64];
        let heard = tokio::time::timeout(Duration::from_millis(500), stream.read(&mut probe)).await;
        if let Ok(Ok(0) | Err(_)) = heard {
            return Answer::Closed(began.elapsed());
        }
    }
    match await_close(&mut stream, CLOSE_WAIT).await {
        Answer::Closed(_) => Answer::Closed(began.elapsed()),
        other => other,
    }
}

/// Whether a spectator sees the honest game with the moves its players heard.
async fn check_game(address: &str, shared: &Mutex<Honest>) -> (bool, String) {
    let Some(game) = lock(shared).game else {
        return (false, "no game was started".into());
    };
    let Some((client, mut events)) = login(address, &format!("fzwatch{}", game)).await else {
        return (false, "the spectator could not log in".into());
    };
    client.watch(game);
    let seen = tokio::time::timeout(Duration::from_secs(10), async {
        while let Some(ClientEvent::Server(e)) = events.recv().await {
            if let Event::Started(state) = e {
                return Some(state.moves);
            }
        }
        None
    })
    .await
    .ok()
    .flatten();
    client.close();
    let heard = lock(shared).moves.clone();
    match seen {
        Some(moves) if moves == heard => (
            true,
            format!("game {game}: {} moves, as played", moves.len()),
        ),
        Some(moves) => (
            false,
            format!(
                "game {game}: the server has {} moves, the players heard {}",
                moves.len(),
                heard.len()
            ),
        ),
        None => (
            false,
            format!("game {game}: the spectator was not shown it"),
        ),
    }
}

async fn fuzz(o: Options) -> ExitCode {
    let run = getrandom::u32().unwrap_or(11);
    let mut rng = Rng(u64::from(run) | 1);
    let shared = Arc::new(Mutex::new(Honest::default()));
    let (Some((red, red_events)), Some((black, black_events))) = (
        login(&o.address, &format!("fzred{run:x}")).await,
        login(&o.address, &format!("fzblack{run:x}")).await,
    ) else {
        eprintln!(
            "server_fuzz: the honest players cannot log in at {}",
            o.address
        );
        return ExitCode::from(1);
    };
    let began = Instant::now();
    let stop = began + o.hold + Duration::from_secs(60);
    let players = [
        tokio::spawn(honest(
            red.clone(),
            red_events,
            ColourChoice::Red,
            3,
            stop,
            Arc::clone(&shared),
        )),
        tokio::spawn(honest(
            black.clone(),
            black_events,
            ColourChoice::Black,
            5,
            stop,
            Arc::clone(&shared),
        )),
    ];

    // The attacks that need their connection's own turn at the handshake: one at a time.
    for kind in Attack::ALL {
        let mut counts = Counts::default();
        for n in 0..20 {
            counts.add(attack(&o.address, kind, &mut rng, n).await);
        }
        println!("{}", counts.line(kind.name()));
    }
    // Then the slow drips and the half-open crowd together.
    let drips: Vec<_> = (0..3)
        .map(|i| {
            let address = o.address.clone();
            tokio::spawn(async move { drip(&address, &mut Rng(97 + i)).await })
        })
        .collect();
    let crowd = half_open(&o.address, o.half_open, o.hold).await;
    let mut dripped = Counts::default();
    for d in drips {
        dripped.add(d.await.unwrap_or(Answer::Refused));
    }
    println!("{}", dripped.line("a handshake dripped a byte each 0.5 s"));
    println!(
        "{}",
        crowd.line(&format!(
            "{} half-open connections held {} s",
            o.half_open,
            o.hold.as_secs()
        ))
    );

    // Let the honest game go on a moment past the attacks, then stop it.
    tokio::time::sleep(Duration::from_secs(3)).await;
    let dropped = lock(&shared).closed;
    red.close();
    black.close();
    for p in players {
        p.abort();
    }
    let answered = {
        let t = Instant::now();
        login(&o.address, &format!("fzlate{run:x}"))
            .await
            .map(|(c, _)| {
                c.close();
                t.elapsed()
            })
    };
    let (intact, how) = check_game(&o.address, &shared).await;
    let s = lock(&shared);
    println!(
        "honest players: {} moves in the last game, {} games ended, {} refusals, slowest move {:.0} ms, dropped: {}",
        s.moves.len(),
        s.ended,
        s.denied,
        s.slowest_move.as_secs_f64() * 1000.0,
        if dropped { "yes" } else { "no" }
    );
    println!("{how}");
    let intact = intact && s.denied == 0 && !dropped;
    match answered {
        Some(t) => println!(
            "server answers: yes (a new login in {:.0} ms)",
            t.as_secs_f64() * 1000.0
        ),
        None => println!("server answers: no"),
    }
    println!("game intact: {}", if intact { "yes" } else { "no" });
    if answered.is_some() && intact {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

fn main() -> ExitCode {
    support::run(
        "server_fuzz",
        "server_fuzz ADDR:PORT [--half-open N] [--hold S]",
        options(),
        fuzz,
    )
}
