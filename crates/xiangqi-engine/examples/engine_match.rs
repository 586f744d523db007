//! Development aid: plays our engine against another UCI or UCCI engine (or two engines
//! against each other) from a set of openings, each opening with both colours, judged by this
//! crate's own referee (`Game`: mate, stalemate, repetition by the Asian rules, the move
//! limit).
//!
//! ```text
//! cargo run --release --example engine_match -- [--a CMD] --b CMD [--movetime MS]
//!     [--jobs N] [--openings N] [--max-plies N] [--log FILE] [--threads-a N]
//!     [--pgn FILE [--plies N]] [--sprt ELO0,ELO1] [--pgn-out FILE]
//!     [--depth-a N | --nodes-a N] [--depth-b N | --nodes-b N] [--seed N] [--results FILE]
//! ```
//!
//! `--a` and `--b` name a program and its arguments (`"/path/eleeye"`,
//! `"/path/xiangqi uci"`), or `level:N` for our searcher at level N (1 to 10), run in this
//! process; `--a` defaults to our own searcher at full strength. Each engine gets `MS`
//! milliseconds a move (default 200), or searches to a fixed depth or node count
//! (`--depth-a`, `--nodes-b`, …: the same search however busy the machine, as a reference
//! wants). A level limited by depth or nodes (1 to 9) keeps its own limits and no time cuts
//! it short; its choice among its lines is drawn from `--seed` (default 1), the game and the
//! move, so the same match plays the same games again. `--results FILE` appends one line
//! at the end: the two sides' names, then A's wins, draws and losses, tab-separated (what
//! `examples/level_ratings.rs` reads). The score is printed from A's view,
//! with each game's result, as games finish. `--max-plies` caps a game (a draw), `--hash`
//! sets the tables' MiB, `--movetime-a` gives A a time of its own, `--threads-a` the threads
//! of our searcher (when it is A). `--pgn FILE` takes the openings from real games instead of
//! the built-in list: the first `--plies` (default 10) moves of each game of the file that
//! starts from the usual position, each opening once, the first `--openings` of them. At the
//! end the result is summed up as W/D/L, the score, and the Elo difference with its 95%
//! margin (from the spread of the games' results).
//!
//! `--sprt ELO0,ELO1` (e.g. `0,10`) runs a sequential test (alpha = beta = 0.05, see
//! `engine_match/sprt.rs`): after each game it prints the log-likelihood ratio of "A is ELO1
//! Elo stronger than B" against "ELO0 stronger" with its bounds, and stops taking new games
//! once the ratio leaves them, printing the verdict (games already under way still count).
//! Give it enough openings (`--pgn` with a big file): without a verdict the match ends when
//! they run out. `--pgn-out FILE` writes every finished game as PGN (ICCS moves, A and B as
//! the players, the result), the file rewritten whole after each game; `examples/tune.rs
//! --selfplay FILE` learns from such games.
//!
//! `cargo run --release --example engine_match -- --mates [MS]` instead attacks every shipped
//! mate puzzle at `MS` a move (default 500) against the exact longest defence and counts
//! those mated within their stated number of moves. `cargo test` only builds this.

#[path = "engine_match/player.rs"]
mod player;
#[path = "engine_match/sprt.rs"]
mod sprt;

use player::{Bound, Player, move_seed};
use sprt::{Sprt, Verdict};
use std::io::Write;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use xiangqi_engine::{Engine, Limits, Searcher};
use xiangqi_rules::{Color, Game, Move, Notation, NotationStyle, Position};

/// What went wrong, said to the person running the match.
type Failure = Box<dyn std::error::Error>;

/// Openings as ICCS moves from the start: the common first moves of both sides.
const OPENINGS: &[&str] = &[
    "h2e2 h9g7",
    "h2e2 b9c7",
    "h2e2 h7e7",
    "h2e2 b7e7",
    "h2e2 c9e7",
    "b2e2 h9g7 h0g2 h7i7",
    "c3c4 g6g5",
    "c3c4 c9e7",
    "c3c4 b7c7",
    "g3g4 c6c5",
    "g3g4 h9g7",
    "c0e2 h7e7",
    "c0e2 c6c5",
    "g0e2 b7e7",
    "b0c2 g6g5",
    "h0g2 c6c5",
    "h2f2 h9g7",
    "b2d2 b9c7",
    "h2g2 c6c5",
    "h2e2 h9g7 h0g2 i9h9 i0h0 b9c7",
    "h2e2 b9c7 h0g2 a9b9 i0h0 h7e7",
    "c3c4 h9g7 b0c2 g6g5",
    "h2e2 h7e7 h0g2 h9g7",
    "b2e2 b9c7 b0c2 a9b9",
    "h2e2 h9g7 h0g2 i9h9",
    "h2e2 g6g5",
    "h2e2 c6c5",
    "h2e2 b9c7 h0g2 a9b9",
    "h2e2 h9g7 h0g2 h7i7",
    "h2e2 b9c7 b0c2 h9g7",
    "c3c4 g6g5 b0c2 h9g7",
    "c3c4 h9g7",
    "c3c4 c6c5",
    "g3g4 g6g5",
    "b0c2 h9g7",
    "b0c2 c6c5",
    "h0g2 h9g7",
    "h0g2 g6g5",
    "c0e2 h9g7",
    "g0e2 h7e7",
    "b2d2 h9g7",
    "h2d2 b9c7",
    "b2c2 h9g7",
    "h2e2 h7e7 b0c2 b9c7",
    "b2e2 b9c7 b0c2 c6c5",
    "c3c4 b9c7 b0c2 c6c5",
    "g3g4 h9g7 h0g2 i9h9",
    "h2e2 c9e7 h0g2 h9g7",
];

struct Options {
    a: Option<String>,
    b: String,
    movetime: u64,
    movetime_a: Option<u64>,
    jobs: usize,
    openings: usize,
    max_plies: usize,
    log: Option<String>,
    hash: usize,
    threads_a: usize,
    pgn: Option<String>,
    plies: usize,
    sprt: Option<Sprt>,
    pgn_out: Option<String>,
    /// A fixed depth or node count for A's and B's moves instead of the move time.
    fixed: [(Option<u32>, Option<u64>); 2],
    seed: u64,
    results: Option<String>,
}

fn parse() -> Result<Options, Failure> {
    let mut o = Options {
        a: None,
        b: String::new(),
        movetime: 200,
        movetime_a: None,
        jobs: 1,
        openings: OPENINGS.len(),
        max_plies: 400,
        log: None,
        hash: 64,
        threads_a: 1,
        pgn: None,
        plies: 10,
        sprt: None,
        pgn_out: None,
        fixed: [(None, None); 2],
        seed: 1,
        results: None,
    };
    let mut openings_given = false;
    let mut args = std::env::args().skip(1);
    while let Some(flag) = args.next() {
        let value = args.next().ok_or(format!("{flag} needs a value"));
        match flag.as_str() {
            "--a" => o.a = Some(value?),
            "--b" => o.b = value?,
            "--movetime" => o.movetime = number(&flag, value?)?,
            "--movetime-a" => o.movetime_a = Some(number(&flag, value?)?),
            "--jobs" => o.jobs = number(&flag, value?)?,
            "--openings" => {
                o.openings = number(&flag, value?)?;
                openings_given = true;
            }
            "--threads-a" => o.threads_a = number(&flag, value?)?,
            "--pgn" => o.pgn = Some(value?),
            "--plies" => o.plies = number(&flag, value?)?,
            "--max-plies" => o.max_plies = number(&flag, value?)?,
            "--hash" => o.hash = number(&flag, value?)?,
            "--log" => o.log = Some(value?),
            "--sprt" => o.sprt = Some(Sprt::parse(&value?)?),
            "--pgn-out" => o.pgn_out = Some(value?),
            "--depth-a" => o.fixed[0].0 = Some(number(&flag, value?)?),
            "--depth-b" => o.fixed[1].0 = Some(number(&flag, value?)?),
            "--nodes-a" => o.fixed[0].1 = Some(number(&flag, value?)?),
            "--nodes-b" => o.fixed[1].1 = Some(number(&flag, value?)?),
            "--seed" => o.seed = number(&flag, value?)?,
            "--results" => o.results = Some(value?),
            _ => return Err(format!("unknown option {flag}").into()),
        }
    }
    if o.b.is_empty() {
        return Err("--b CMD is required".into());
    }
    for (side, (depth, nodes)) in ["a", "b"].iter().zip(o.fixed) {
        if depth.is_some() && nodes.is_some() {
            return Err(format!("--depth-{side} and --nodes-{side}: one bound a side").into());
        }
        if depth == Some(0) || nodes == Some(0) {
            return Err(format!("--depth-{side} or --nodes-{side} 0: at least 1").into());
        }
    }
    if o.jobs == 0 {
        return Err("--jobs 0: at least one game must run at a time".into());
    }
    if o.pgn.is_some() {
        if !openings_given {
            o.openings = usize::MAX;
        }
        return Ok(o);
    }
    if !(1..=OPENINGS.len()).contains(&o.openings) {
        return Err(format!(
            "--openings {}: there are 1 to {} openings",
            o.openings,
            OPENINGS.len()
        )
        .into());
    }
    Ok(o)
}

/// The number given to `flag`, or a message naming both.
fn number<T: std::str::FromStr>(flag: &str, text: String) -> Result<T, Failure>
where
    T::Err: std::fmt::Display,
{
    text.parse()
        .map_err(|e| format!("{flag} {text}: {e}").into())
}

/// The openings to play, as ICCS moves from the start: the built-in ones, or those of the
/// real games of `--pgn`.
fn openings(o: &Options) -> Result<Vec<String>, Failure> {
    let Some(path) = &o.pgn else {
        return Ok(OPENINGS[..o.openings]
            .iter()
            .map(|s| s.to_string())
            .collect());
    };
    let bytes = std::fs::read(path).map_err(|e| format!("--pgn {path}: {e}"))?;
    let mut out: Vec<String> = Vec::new();
    let mut unreadable = 0;
    for g in xiangqi_records::pgn::read_each(&bytes) {
        // A bad record among thousands costs one opening, not the match.
        let Ok(g) = g else {
            unreadable += 1;
            continue;
        };
        if *g.start() != Position::start() || g.moves().len() < o.plies {
            continue;
        }
        let line: Vec<String> = g.moves()[..o.plies].iter().map(Move::to_string).collect();
        let line = line.join(" ");
        if !out.contains(&line) {
            out.push(line);
        }
        if out.len() == o.openings {
            break;
        }
    }
    if unreadable > 0 {
        eprintln!("engine_match: --pgn {path}: passed over {unreadable} unreadable record(s)");
    }
    if out.is_empty() {
        return Err(format!("--pgn {path}: no game of {} plies from the start", o.plies).into());
    }
    Ok(out)
}

/// W/D/L, the score, and the Elo difference with its 95% margin, from A's view.
fn summary(wins: u32, draws: u32, losses: u32) -> String {
    let n = f64::from(wins + draws + losses);
    if n == 0.0 {
        return "no games".to_string();
    }
    let p = (f64::from(wins) + f64::from(draws) / 2.0) / n;
    // The spread of one game's result about the mean, then of the mean.
    let var = (f64::from(wins) * (1.0 - p).powi(2)
        + f64::from(draws) * (0.5 - p).powi(2)
        + f64::from(losses) * p.powi(2))
        / n;
    let se = (var / n).sqrt();
    let elo = |q: f64| -400.0 * (1.0 / q.clamp(1e-3, 1.0 - 1e-3) - 1.0).log10();
    let (low, high) = (elo(p - 1.96 * se), elo(p + 1.96 * se));
    format!(
        "W/D/L {wins}/{draws}/{losses} of {n}: {:.1}%, Elo {:+.0} (95%: {:+.0} to {:+.0}, ±{:.0})",
        100.0 * p,
        elo(p),
        low,
        high,
        (high - low) / 2.0
    )
}

/// The two sides, A then B, as the options set them.
fn players(o: &Options) -> Result<[Player; 2], Failure> {
    let bound = |side: usize, ms: u64| match o.fixed[side] {
        (Some(d), _) => Bound::Depth(d),
        (_, Some(n)) => Bound::Nodes(n),
        _ => Bound::Movetime(ms),
    };
    let a = bound(0, o.movetime_a.unwrap_or(o.movetime));
    Ok([
        Player::new(o.a.as_deref(), a, o.threads_a)?,
        Player::new(Some(&o.b), bound(1, o.movetime), 1)?,
    ])
}

/// One finished game: A's points (1, 0.5, 0) times two, a record for the log, the game.
struct Played {
    points: u32,
    record: String,
    game: Game,
}

/// Plays game number `index` (from 0) of the match.
fn play(
    (opening, index): (&str, usize),
    a_is_red: bool,
    (a, b): (&mut dyn Engine, &mut dyn Engine),
    s: &Shared,
) -> Result<Played, Failure> {
    let o = &s.o;
    let mut game = Game::new(Position::start());
    for word in opening.split_whitespace() {
        let m: Move = word
            .parse()
            .map_err(|_| format!("bad opening move {word}"))?;
        game.play(m)
            .map_err(|e| format!("opening {opening}: {e}"))?;
    }
    a.new_game().map_err(|e| e.to_string())?;
    b.new_game().map_err(|e| e.to_string())?;
    let stop = AtomicBool::new(false);
    let mut scores = Vec::new();
    let outcome = loop {
        if let Some(outcome) = game.outcome() {
            break Some(outcome);
        }
        if game.moves().len() >= o.max_plies {
            break None;
        }
        let red = game.position().turn() == Color::Red;
        let (mover, player): (&mut dyn Engine, _) = if red == a_is_red {
            (&mut *a, &s.players[0])
        } else {
            (&mut *b, &s.players[1])
        };
        let limits = player.limits(move_seed(o.seed, index, game.moves().len()));
        let result = match mover.think(&game, &limits, &stop, &mut |_| {}) {
            Ok(r) => r,
            // ElephantEye answers `nobestmove` where it sees a draw by repetition
            // (its own rule); the game is scored as a draw.
            Err(xiangqi_engine::ExternalError::IllegalMove { answer, .. }) if answer.is_empty() => {
                let record = format!(
                    "[{opening}] draw (no move offered after {} plies)",
                    game.moves().len()
                );
                return Ok(Played {
                    points: 1,
                    record,
                    game,
                });
            }
            Err(e) => return Err(e.to_string().into()),
        };
        let Some(best) = result.best else {
            return Err(format!("no move in {}", game.position().fen()).into());
        };
        scores.push(format!("{best}({},d{})", result.score, result.depth));
        game.play(best)
            .map_err(|e| format!("{best} in {}: {e}", game.position().fen()))?;
    };
    let a_color = if a_is_red { Color::Red } else { Color::Black };
    let (points, how) = match outcome {
        None => (1, "draw (ply cap)".to_string()),
        Some(out) => match out.winner {
            None => (1, format!("draw ({:?})", out.termination)),
            Some(w) if w == a_color => (2, format!("A wins ({:?})", out.termination)),
            Some(_) => (0, format!("B wins ({:?})", out.termination)),
        },
    };
    let moves: Vec<String> = game.moves().iter().map(ToString::to_string).collect();
    let opening_plies = moves.len() - scores.len();
    let scored = moves[..opening_plies]
        .iter()
        .cloned()
        .chain(scores)
        .collect::<Vec<_>>()
        .join(" ");
    let colour = if a_is_red { "A red" } else { "A black" };
    let record = format!(
        "[{opening}] {colour}: {how} after {} plies\n  {}\n  {scored}",
        moves.len(),
        moves.join(" ")
    );
    Ok(Played {
        points,
        record,
        game,
    })
}

/// `--mates MS`: our engine attacks each shipped mate puzzle at `MS` a move against the
/// exact longest defence; counts the puzzles mated within their stated number of moves.
fn mates(ms: u64) -> Result<(), Failure> {
    let puzzles = xiangqi_engine::puzzle::collection()
        .map_err(|e| format!("the shipped puzzles do not read: {e}"))?;
    let mut searcher = Searcher::new(64);
    let stop = AtomicBool::new(false);
    let limits = Limits {
        movetime: Some(Duration::from_millis(ms)),
        ..Limits::default()
    };
    let mut solved = 0;
    for (i, p) in puzzles.iter().enumerate() {
        searcher.clear();
        let mut game = Game::new(p.position.clone());
        let mut mated = false;
        for left in (1..=p.moves).rev() {
            let r = searcher.search(&game, &limits, &stop, |_| {});
            let Some(m) = r.best else { break };
            game.play(m)
                .map_err(|e| format!("puzzle {}: the engine's {m}: {e}", i + 1))?;
            let pos = game.position().clone();
            if !pos.has_legal_moves() {
                mated = true;
                break;
            }
            if left == 1 {
                break;
            }
            let Some(d) = xiangqi_engine::puzzle::best_defence(&pos, left - 1) else {
                break;
            };
            game.play(d)
                .map_err(|e| format!("puzzle {}: the defence {d}: {e}", i + 1))?;
        }
        solved += usize::from(mated);
        println!(
            "puzzle {:>2} mate {}: {}",
            i + 1,
            p.moves,
            if mated { "mated" } else { "NOT mated" }
        );
    }
    println!(
        "mated within the stated moves: {solved} of {}",
        puzzles.len()
    );
    Ok(())
}

fn main() {
    if std::env::args().nth(1).as_deref() == Some("--mates") {
        let ms = match std::env::args().nth(2) {
            None => Ok(500),
            Some(text) => number("--mates", text),
        };
        let ms = ms.unwrap_or_else(|e| {
            eprintln!("engine_match: {e}");
            std::process::exit(2);
        });
        if let Err(e) = mates(ms) {
            eprintln!("engine_match: {e}");
            std::process::exit(1);
        }
        return;
    }
    let o = match parse() {
        Ok(o) => Arc::new(o),
        Err(e) => {
            eprintln!("engine_match: {e}");
            std::process::exit(2);
        }
    };
    let lines = match openings(&o) {
        Ok(l) => Arc::new(l),
        Err(e) => {
            eprintln!("engine_match: {e}");
            std::process::exit(2);
        }
    };
    let games: Vec<(usize, bool)> = (0..lines.len())
        .flat_map(|i| [(i, true), (i, false)])
        .collect();
    let log = match o.log.as_ref().map(std::fs::File::create).transpose() {
        Ok(file) => file.map(Mutex::new),
        Err(e) => {
            eprintln!(
                "engine_match: --log {}: {e}",
                o.log.as_deref().unwrap_or_default()
            );
            std::process::exit(2);
        }
    };
    let players = players(&o).unwrap_or_else(|e| {
        eprintln!("engine_match: {e}");
        std::process::exit(2);
    });
    // Both engines must start before any game is played.
    for p in &players {
        if let Err(e) = p.engine(1) {
            eprintln!("engine_match: {e}");
            std::process::exit(2);
        }
    }
    println!("A: {}   B: {}", players[0].name(), players[1].name());
    if let Some(t) = &o.sprt {
        let (low, high) = t.bounds();
        println!(
            "SPRT: Elo {} against {}, alpha {} beta {}: bounds {low:.2} and {high:.2}",
            t.elo0, t.elo1, t.alpha, t.beta
        );
    }
    let shared = Arc::new(Shared {
        o,
        players,
        lines,
        games,
        next: AtomicUsize::new(0),
        done: AtomicBool::new(false),
        tally: Mutex::new(Tally::default()),
        log,
    });
    let handles: Vec<_> = (0..shared.o.jobs)
        .map(|_| {
            let shared = shared.clone();
            std::thread::spawn(move || worker(&shared))
        })
        .collect();
    for h in handles {
        let _ = h.join();
    }
    let t = shared.tally.lock().expect("no thread panicked");
    println!("A: {}", summary(t.wdl[2], t.wdl[1], t.wdl[0]));
    if let Some(path) = &shared.o.results {
        let [a, b] = &shared.players;
        let line = format!(
            "{}\t{}\t{}\t{}\t{}\n",
            a.name(),
            b.name(),
            t.wdl[2],
            t.wdl[1],
            t.wdl[0]
        );
        let appended = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(path)
            .and_then(|mut f| f.write_all(line.as_bytes()));
        if let Err(e) = appended {
            eprintln!("engine_match: --results {path}: {e}");
        }
    }
    if let Some(sprt) = &shared.o.sprt {
        let llr = sprt.llr(t.wdl[2], t.wdl[1], t.wdl[0]);
        let verdict = match sprt.verdict(llr) {
            Some(v) => verdict_text(v, sprt),
            None => "no verdict: the openings ran out first".to_string(),
        };
        println!("SPRT: LLR {llr:.2}: {verdict}");
    }
}

/// What the match's threads share.
struct Shared {
    o: Arc<Options>,
    /// A and B.
    players: [Player; 2],
    lines: Arc<Vec<String>>,
    /// (opening, A is red) for every game to play, in order.
    games: Vec<(usize, bool)>,
    next: AtomicUsize,
    /// Set once the SPRT has a verdict: no game is started after it.
    done: AtomicBool,
    tally: Mutex<Tally>,
    log: Option<Mutex<std::fs::File>>,
}

/// The results so far.
#[derive(Default)]
struct Tally {
    /// A's points times two, and games.
    points: u32,
    games: u32,
    /// Losses, draws, wins (by A's points times two).
    wdl: [u32; 3],
    /// Every finished game as PGN, for `--pgn-out`.
    pgn: Vec<String>,
}

fn verdict_text(v: Verdict, t: &Sprt) -> String {
    match v {
        Verdict::H1 => format!("H1 accepted: A is about {} Elo stronger or more", t.elo1),
        Verdict::H0 => format!("H0 accepted: A is not {} Elo stronger", t.elo1),
    }
}

/// One thread of the match: plays the next game until none is left or the SPRT has decided.
fn worker(s: &Shared) {
    let o = &s.o;
    let (mut a, mut b) = match (s.players[0].engine(o.hash), s.players[1].engine(o.hash)) {
        (Ok(a), Ok(b)) => (a, b),
        (Err(e), _) | (_, Err(e)) => {
            eprintln!("engine_match: an engine did not start: {e}");
            return;
        }
    };
    while !s.done.load(Ordering::SeqCst) {
        let i = s.next.fetch_add(1, Ordering::SeqCst);
        let Some(&(opening, a_red)) = s.games.get(i) else {
            break;
        };
        match play((&s.lines[opening], i), a_red, (&mut *a, &mut *b), s) {
            Ok(played) => finished(s, i, a_red, &played),
            Err(e) => println!("game {:>3}: error: {e}", i + 1),
        }
    }
}

/// Counts, prints, logs and records game `i`, and applies the SPRT.
fn finished(s: &Shared, i: usize, a_red: bool, played: &Played) {
    let mut t = s.tally.lock().expect("no thread panicked");
    t.points += played.points;
    t.games += 1;
    t.wdl[played.points as usize] += 1;
    println!(
        "game {:>3}: {}   score A {:.1}/{} (+{} ={} -{})",
        i + 1,
        played.record.lines().next().unwrap_or(""),
        f64::from(t.points) / 2.0,
        t.games,
        t.wdl[2],
        t.wdl[1],
        t.wdl[0]
    );
    if let Some(log) = &s.log {
        let mut f = log.lock().expect("no thread panicked");
        let _ = writeln!(f, "game {}: {}", i + 1, played.record);
    }
    if let Some(path) = &s.o.pgn_out {
        let (red, black) = if a_red { ("A", "B") } else { ("B", "A") };
        let result = match (played.points, a_red) {
            (1, _) => "1/2-1/2",
            (2, true) | (0, false) => "1-0",
            _ => "0-1",
        };
        let tags: Vec<(String, String)> = [
            ("Event", "engine_match"),
            ("Round", &(i + 1).to_string()),
            ("Red", red),
            ("Black", black),
            ("Result", result),
        ]
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
        let text = xiangqi_records::pgn::write_pgn(
            &played.game,
            &tags,
            Notation::Iccs,
            &NotationStyle::default(),
        );
        t.pgn.push(text);
        if let Err(e) = write_atomically(path, &t.pgn.join("\n")) {
            eprintln!("engine_match: --pgn-out {path}: {e}");
        }
    }
    if let Some(sprt) = &s.o.sprt {
        let llr = sprt.llr(t.wdl[2], t.wdl[1], t.wdl[0]);
        let (low, high) = sprt.bounds();
        println!("  LLR {llr:.2} ({low:.2}, {high:.2})");
        if let Some(v) = sprt.verdict(llr)
            && !s.done.swap(true, Ordering::SeqCst)
        {
            println!("SPRT: {} after {} games", verdict_text(v, sprt), t.games);
        }
    }
}

/// Writes `text` to `path` through a temporary file beside it, so that a reader never sees
/// half a file.
fn write_atomically(path: &str, text: &str) -> std::io::Result<()> {
    let tmp = format!("{path}.tmp");
    let mut f = std::fs::File::create(&tmp)?;
    f.write_all(text.as_bytes())?;
    f.sync_all()?;
    std::fs::rename(&tmp, path)
}
