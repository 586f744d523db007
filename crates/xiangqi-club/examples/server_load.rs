//! A load generator for the club server: N headless clients over the real protocol (Noise
//! handshake, login, a 5+3 rated seek each, so that the server pairs them two by two), each
//! playing a random legal move half a second after its opponent's — one move a second per
//! client — until the time is up; then Red resigns every game still going, and every game
//! that ended is looked up in the archive.
//!
//! `cargo run --release --example server_load -- ADDR:PORT --clients N --seconds S
//! [--pid PID]` (PID: the server's process, whose memory is read from /proc at the end).
//! The last two lines are `round trip ms: p50 A p90 B p99 C` (from sending a move to
//! hearing the server pass it on) and `games recorded: G`.

mod support;

use std::collections::HashSet;
use std::process::ExitCode;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use support::{Rng, Usage, lock};
use tokio::sync::mpsc;
use xiangqi_club::client::{Client, ClientEvent, Login};
use xiangqi_club::identity::{Identity, KnownServers};
use xiangqi_club::protocol::{ClockSpec, ColourChoice, Event, GameId, Side};
use xiangqi_rules::{Game, Move};

/// How long a client waits after its opponent's move before its own.
const THINK: Duration = Duration::from_millis(500);
/// Handshakes under way at once (the server takes four an address by default).
const DIALLING: usize = 4;

struct Options {
    address: String,
    clients: usize,
    seconds: u64,
    pid: Option<u32>,
}

fn options() -> Result<Options, Usage> {
    let mut args = std::env::args().skip(1);
    let (mut address, mut clients, mut seconds, mut pid) = (None, None, None, None);
    while let Some(arg) = args.next() {
        let mut value = |name: &str| {
            args.next()
                .ok_or_else(|| Usage(format!("{name} needs a value")))
        };
        match arg.as_str() {
            "--clients" => clients = Some(number(&value("--clients")?, "--clients")?),
            "--seconds" => seconds = Some(number(&value("--seconds")?, "--seconds")?),
            "--pid" => pid = Some(number(&value("--pid")?, "--pid")?),
            a if a.starts_with("--") => return Err(Usage(format!("unknown option {a}"))),
            a => address = Some(a.to_string()),
        }
    }
    let needed = |what: &str| Usage(format!("{what} is needed"));
    let clients: u64 = clients.ok_or_else(|| needed("--clients N"))?;
    if clients < 2 || clients % 2 == 1 {
        return Err(Usage(format!(
            "--clients: an even number from 2, found {clients}"
        )));
    }
    Ok(Options {
        address: address.ok_or_else(|| needed("the server's ADDR:PORT"))?,
        clients: usize::try_from(clients).map_err(|e| Usage(e.to_string()))?,
        seconds: seconds.ok_or_else(|| needed("--seconds S"))?,
        pid: pid.map(|p: u64| u32::try_from(p).unwrap_or(0)),
    })
}

fn number(text: &str, name: &str) -> Result<u64, Usage> {
    text.parse()
        .map_err(|_| Usage(format!("{name}: a whole number, found {text:?}")))
}

/// What all clients add to.
#[derive(Default)]
struct Tally {
    round_trips_us: Mutex<Vec<u64>>,
    started: Mutex<HashSet<GameId>>,
    ended: Mutex<HashSet<GameId>>,
    recorded: Mutex<HashSet<GameId>>,
    connected: AtomicUsize,
    denied: AtomicUsize,
    moves: AtomicU64,
}

struct Playing {
    id: GameId,
    side: Side,
    game: Game,
    /// My move sent and not yet passed on: its ply, and when it was sent.
    sent: Option<(u32, Instant)>,
    /// When to play my next move.
    due: Option<Instant>,
}

struct Player {
    client: Client,
    rng: Rng,
    playing: Option<Playing>,
    tally: Arc<Tally>,
    finishing: bool,
    /// Archive look-ups asked and not yet answered.
    awaiting: usize,
}

impl Player {
    fn seek(&self) {
        self.client
            .seek(ClockSpec::minutes(5, 3), true, ColourChoice::Random);
    }

    fn schedule(&mut self) {
        if let Some(p) = &mut self.playing
            && Side::from(p.game.position().turn()) == p.side
            && !self.finishing
        {
            p.due = Some(Instant::now() + THINK);
        }
    }

    fn event(&mut self, event: Event) {
        match event {
            Event::Started(state) => {
                let Some(side) = state.you else { return };
                let mut game = Game::default();
                for mv in &state.moves {
                    if let Ok(m) = mv.parse::<Move>() {
                        let _ = game.play_unadjudicated(m);
                    }
                }
                lock(&self.tally.started).insert(state.summary.id);
                self.playing = Some(Playing {
                    id: state.summary.id,
                    side,
                    game,
                    sent: None,
                    due: None,
                });
                self.schedule();
            }
            Event::Moved { game, ply, mv, .. } => {
                let Some(p) = self.playing.as_mut().filter(|p| p.id == game) else {
                    return;
                };
                if let Ok(m) = mv.parse::<Move>() {
                    let _ = p.game.play_unadjudicated(m);
                }
                if let Some((sent_ply, at)) = p.sent
                    && sent_ply + 1 == ply
                {
                    let us = u64::try_from(at.elapsed().as_micros()).unwrap_or(u64::MAX);
                    lock(&self.tally.round_trips_us).push(us);
                    p.sent = None;
                }
                self.schedule();
            }
            Event::Ended { game, .. } => {
                lock(&self.tally.ended).insert(game);
                let red = self.playing.as_ref().is_some_and(|p| p.side == Side::Red);
                self.playing = None;
                if red {
                    // Each game's Red looks it up in the archive.
                    self.client.fetch_pgn(game);
                    self.awaiting += 1;
                }
                if !self.finishing {
                    self.seek();
                }
            }
            Event::Pgn { game, pgn } => {
                self.awaiting = self.awaiting.saturating_sub(1);
                if pgn.contains("[Result") {
                    lock(&self.tally.recorded).insert(game);
                }
            }
            Event::Denied { game, reason } => {
                self.tally.denied.fetch_add(1, Ordering::Relaxed);
                if matches!(reason, xiangqi_club::protocol::Denial::NoSuchGame)
                    && game.is_some_and(|g| lock(&self.tally.ended).contains(&g))
                {
                    self.awaiting = self.awaiting.saturating_sub(1);
                }
            }
            _ => {}
        }
    }

    fn play(&mut self) {
        let Some(p) = &mut self.playing else { return };
        p.due = None;
        let moves = p.game.position().legal_moves();
        if moves.is_empty() {
            return;
        }
        let mv = moves[self.rng.below(moves.len())];
        let ply = u32::try_from(p.game.moves().len()).unwrap_or(u32::MAX);
        p.sent = Some((ply, Instant::now()));
        self.client.play(p.id, ply, &mv.to_string());
        self.tally.moves.fetch_add(1, Ordering::Relaxed);
    }

    /// The time is up: Red resigns a game still going.
    fn finish(&mut self) {
        self.finishing = true;
        if let Some(p) = &mut self.playing {
            p.due = None;
            if p.side == Side::Red {
                self.client.resign(p.id);
            }
        }
    }
}

async fn run_player(
    player: &mut Player,
    mut events: mpsc::UnboundedReceiver<ClientEvent>,
    play_until: Instant,
    stop_at: Instant,
) {
    let far = Instant::now() + Duration::from_secs(86_400);
    loop {
        let due = player.playing.as_ref().and_then(|p| p.due).unwrap_or(far);
        let finish_at = if player.finishing { far } else { play_until };
        tokio::select! {
            e = events.recv() => match e {
                Some(ClientEvent::Server(ev)) => player.event(ev),
                _ => return,
            },
            () = tokio::time::sleep_until(due.into()) => player.play(),
            () = tokio::time::sleep_until(finish_at.into()) => player.finish(),
            () = tokio::time::sleep_until(stop_at.into()) => return,
        }
        if player.finishing && player.playing.is_none() && player.awaiting == 0 {
            return;
        }
    }
}

async fn connect(
    address: &str,
    i: usize,
    run: u32,
) -> Option<(Client, mpsc::UnboundedReceiver<ClientEvent>)> {
    let identity = Identity::generate().ok()?;
    let login = Login {
        name: format!("L{run:05x}-{i}"),
        identity,
    };
    for _ in 0..20 {
        let (tx, rx) = mpsc::unbounded_channel();
        let mut known = KnownServers::in_memory();
        match Client::connect_async(address, &login, &mut known, tx).await {
            Ok(c) => return Some((c.client, rx)),
            // Refused while the server's handshake places are taken: try again shortly.
            Err(_) => tokio::time::sleep(Duration::from_millis(50)).await,
        }
    }
    None
}

fn percentile(sorted: &[u64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let at = ((sorted.len() - 1) as f64 * p).round() as usize;
    sorted[at.min(sorted.len() - 1)] as f64 / 1000.0
}

/// The server's resident memory now and at its peak, in MB, from /proc.
fn server_memory(pid: u32) -> Option<(f64, f64)> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    let kb = |key: &str| -> Option<f64> {
        let line = status.lines().find(|l| l.starts_with(key))?;
        line.split_whitespace().nth(1)?.parse::<f64>().ok()
    };
    Some((kb("VmRSS:")? / 1024.0, kb("VmHWM:")? / 1024.0))
}

async fn load(o: Options) -> ExitCode {
    let tally = Arc::new(Tally::default());
    let run = getrandom::u32().unwrap_or(7) & 0xfffff;
    let began = Instant::now();
    let gate = Arc::new(tokio::sync::Semaphore::new(DIALLING));
    let mut dialled = Vec::with_capacity(o.clients);
    for i in 0..o.clients {
        let (address, gate) = (o.address.clone(), Arc::clone(&gate));
        dialled.push(tokio::spawn(async move {
            let _place = gate.acquire_owned().await.ok()?;
            connect(&address, i, run).await
        }));
    }
    let mut players = Vec::with_capacity(o.clients);
    for (i, d) in dialled.into_iter().enumerate() {
        if let Ok(Some((client, events))) = d.await {
            tally.connected.fetch_add(1, Ordering::Relaxed);
            players.push((i, client, events));
        }
    }
    eprintln!(
        "connected {} of {} clients in {:.1} s",
        players.len(),
        o.clients,
        began.elapsed().as_secs_f64()
    );
    let play_until = Instant::now() + Duration::from_secs(o.seconds);
    let stop_at = play_until + Duration::from_secs(20);
    let mut tasks = Vec::with_capacity(players.len());
    for (i, client, events) in players {
        let tally = Arc::clone(&tally);
        tasks.push(tokio::spawn(async move {
            let mut player = Player {
                client,
                rng: Rng(0x9e37_79b9_7f4a_7c15 ^ (i as u64 + 1)),
                playing: None,
                tally,
                finishing: false,
                awaiting: 0,
            };
            player.seek();
            run_player(&mut player, events, play_until, stop_at).await;
            player.client.close();
        }));
    }
    for t in tasks {
        let _ = t.await;
    }
    let mut trips = lock(&tally.round_trips_us).clone();
    trips.sort_unstable();
    let started = lock(&tally.started).len();
    let ended = lock(&tally.ended).len();
    let recorded = lock(&tally.recorded).len();
    eprintln!(
        "clients {}, moves {}, games started {started}, ended {ended}, requests denied {}",
        tally.connected.load(Ordering::Relaxed),
        tally.moves.load(Ordering::Relaxed),
        tally.denied.load(Ordering::Relaxed)
    );
    if let Some((rss, peak)) = o.pid.and_then(server_memory) {
        println!("server memory MB: rss {rss:.0} peak {peak:.0}");
    }
    println!("moves timed: {}", trips.len());
    println!(
        "round trip ms: p50 {:.1} p90 {:.1} p99 {:.1}",
        percentile(&trips, 0.50),
        percentile(&trips, 0.90),
        percentile(&trips, 0.99)
    );
    println!("games recorded: {recorded}");
    if recorded == ended && ended == started {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

fn main() -> ExitCode {
    support::run(
        "server_load",
        "server_load ADDR:PORT --clients N --seconds S [--pid PID]",
        options(),
        load,
    )
}
