//! Mines tactics puzzles from the positions of real games, checks them with a second engine
//! and writes the shipped file (`assets/puzzles/tactics.tsv`). A tool, not part of the build;
//! each step keeps a journal in a work folder and picks up where it stopped:
//!
//! ```sh
//! cargo build --release --example puzzle_miner
//! nice -n 19 target/release/examples/puzzle_miner mine WORK ENGINE masters-1.pgn masters-2.pgn
//! nice -n 19 target/release/examples/puzzle_miner check WORK ENGINE
//! target/release/examples/puzzle_miner ship WORK crates/xiangqi-engine/assets/puzzles/tactics.tsv
//! ```
//!
//! ENGINE is a second, stronger UCI xiangqi engine (Fairy-Stockfish). `mine` walks every
//! game from its 7th move; where the side to move went on to win material or mate in the
//! game itself (`mining::promising`, no search), the second engine's two best lines decide
//! whether the position is a puzzle (the criteria of `xiangqi_engine::puzzle::mining`), our
//! engine's two lines must agree, and the line is followed while the solver's moves stay the
//! only good ones. Options: `--screen-depth N` (10), `--follow-depth N` (9), `--our-depth N`
//! (8), `--our-nodes N` (1,000,000), `--max-moves N` (4), `--give-up-depth N` (8: the
//! screen stops there on a position that is clearly no puzzle, `line::hopeless`; 0 never),
//! `--hours H` (stop after so long; run again to go on), `--from-end` (the games last to
//! first, for a second run in another work folder beside the first; append its two
//! journals to the first's before `check` and `ship`). `check` has the second engine
//! search each find again, deeper (`--depth N`, 13). `ship` keeps the finds it still agrees
//! with and says how many it did not.

mod puzzle_miner {
    pub mod journal;
    pub mod line;
    pub mod second;
    pub mod ship;
}

use puzzle_miner::journal::{self, Found, Mined, MinedWriter};
use puzzle_miner::line::{Budget, Miss, look};
use puzzle_miner::{second, ship};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use xiangqi_engine::Searcher;
use xiangqi_engine::puzzle::mining::{CHECK_DEPTH, CHECK_NODES, promising};
use xiangqi_records::pgn::{PgnGame, read_each};
use xiangqi_rules::Game;
use xiangqi_rules::sanitize::defuse;

/// Positions before this ply are passed over: the opening, known by heart.
const FIRST_PLY: usize = 12;

type Failure = Box<dyn std::error::Error>;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("mine") => mine(&args[1..]),
        Some("check") => check(&args[1..]),
        Some("ship") => ship_file(&args[1..]),
        _ => {
            eprintln!(
                "usage: puzzle_miner mine WORK ENGINE PGN... | check WORK ENGINE | ship WORK OUT"
            );
            std::process::exit(2);
        }
    };
    if let Err(e) = result {
        eprintln!("puzzle_miner: {e}");
        std::process::exit(1);
    }
}

/// The value after `--name` in `args`, parsed, or `default`.
fn option<T: std::str::FromStr>(args: &[String], name: &str, default: T) -> Result<T, Failure> {
    match args.iter().position(|a| a == name) {
        None => Ok(default),
        Some(i) => args
            .get(i + 1)
            .and_then(|v| v.parse().ok())
            .ok_or_else(|| format!("{name} needs a number").into()),
    }
}

/// The words of `args` that are not options or their values.
fn plain(args: &[String]) -> Vec<&String> {
    let mut out = Vec::new();
    let mut skip = false;
    for a in args {
        if skip {
            skip = false;
        } else if a == "--from-end" {
            // A flag without a value.
        } else if a.starts_with("--") {
            skip = true;
        } else {
            out.push(a);
        }
    }
    out
}

fn mine(args: &[String]) -> Result<(), Failure> {
    let words = plain(args);
    let [dir, engine, files @ ..] = &words[..] else {
        return Err("mine WORK ENGINE PGN...".into());
    };
    if files.is_empty() {
        return Err("mine: no game file given".into());
    }
    let budget = Budget {
        screen_depth: option(args, "--screen-depth", 10)?,
        follow_depth: option(args, "--follow-depth", 9)?,
        our_depth: option(args, "--our-depth", CHECK_DEPTH)?,
        our_nodes: option(args, "--our-nodes", CHECK_NODES)?,
        max_moves: option(args, "--max-moves", 4)?,
        give_up_depth: option(args, "--give-up-depth", 8)?,
    };
    let hours: f64 = option(args, "--hours", 1000.0)?;
    let dir = Path::new(dir.as_str());
    std::fs::create_dir_all(dir)?;
    let mined = journal::read_mined(dir)?;
    let mut writer = MinedWriter::restart(dir, &mined, &journal::done_lines(dir)?)?;
    let mut games = read_games(files)?;
    if args.iter().any(|a| a == "--from-end") {
        // A second run beside the first, in another work folder: they meet in the middle.
        games.reverse();
    }
    eprintln!(
        "{} games; {} done before ({} finds)",
        games.len(),
        mined.done.len(),
        mined.found.len()
    );
    let deadline = Instant::now() + Duration::from_secs_f64(hours * 3600.0);
    let mut uci = second::Uci::start(engine, 32)?;
    let mut searcher = Searcher::new(32);
    let (mut done, mut finds, started) = (0usize, mined.found.len(), Instant::now());
    let mut misses = BTreeMap::new();
    for job in &games {
        if mined.done.contains(&job.key()) {
            continue;
        }
        if Instant::now() >= deadline {
            eprintln!("time is up: run again to go on");
            break;
        }
        let t = Instant::now();
        let (found, looked) = mine_game(&mut uci, &mut searcher, job, &budget, &mut misses)?;
        let millis = t.elapsed().as_millis();
        let done_line = format!(
            "G\t{}\t{}\t{}\t{}\t{}\t{millis}",
            job.file_number,
            job.number,
            job.game.moves().len(),
            looked,
            found.len(),
        );
        writer.game(&found, &done_line)?;
        done += 1;
        finds += found.len();
        if done % 20 == 0 {
            let rate = started.elapsed().as_secs_f64() / done as f64;
            eprintln!(
                "{done} games this run, {finds} finds in all, {rate:.2} s a game; {misses:?}"
            );
        }
    }
    Ok(())
}

/// One game to mine: where it comes from and its record.
struct Job {
    file_number: usize,
    file_name: String,
    number: usize,
    game: PgnGame,
}

impl Job {
    fn key(&self) -> String {
        format!("{}:{}", self.file_number, self.number)
    }

    /// Where the position after `ply` moves comes from, for the player.
    fn source(&self, ply: usize) -> String {
        let tag = |name: &str| {
            self.game
                .tag(name)
                .map(|v| defuse(v.trim(), false).into_owned())
                .filter(|v| !v.is_empty())
        };
        let mut parts = vec![format!(
            "{} game {}, move {}",
            self.file_name,
            self.number,
            ply / 2 + 1
        )];
        parts.extend(tag("Event"));
        if let (Some(red), Some(black)) = (tag("Red"), tag("Black")) {
            parts.push(format!("{red} – {black}"));
        }
        parts.extend(tag("Date"));
        parts.join("; ")
    }
}

/// Every game of the files, the files taken in turn (the first game of each, then the
/// second…), so that a run stopped early has mined them all alike.
fn read_games(files: &[&String]) -> Result<Vec<Job>, Failure> {
    let mut per_file = Vec::new();
    for (i, f) in files.iter().enumerate() {
        let bytes = std::fs::read(f.as_str()).map_err(|e| format!("{f}: {e}"))?;
        let name = PathBuf::from(f.as_str())
            .file_name()
            .map_or_else(|| f.to_string(), |n| n.to_string_lossy().into_owned());
        let games: Vec<Job> = read_each(&bytes)
            .into_iter()
            .enumerate()
            .filter_map(|(n, g)| {
                g.ok().map(|game| Job {
                    file_number: i + 1,
                    file_name: name.clone(),
                    number: n + 1,
                    game,
                })
            })
            .collect();
        per_file.push(games.into_iter());
    }
    let mut out = Vec::new();
    loop {
        let before = out.len();
        for it in &mut per_file {
            out.extend(it.next());
        }
        if out.len() == before {
            return Ok(out);
        }
    }
}

/// The puzzles of one game: every position from [`FIRST_PLY`] the game itself makes
/// promising is looked at (`line::look`); after a find, the positions along its line are not.
/// Returns the finds and how many positions were looked at.
fn mine_game(
    uci: &mut second::Uci,
    searcher: &mut Searcher,
    job: &Job,
    budget: &Budget,
    misses: &mut BTreeMap<Miss, usize>,
) -> Result<(Vec<Found>, usize), Failure> {
    let record = job.game.to_game();
    let moves = record.main_line();
    let mut game = Game::new(record.start().clone());
    let mut found = Vec::new();
    let mut looked = 0;
    let mut quiet_until = 0;
    for ply in 0..moves.len() {
        if ply >= FIRST_PLY
            && ply >= quiet_until
            && !game.is_over()
            && promising(game.position(), &moves[ply..])
        {
            looked += 1;
            searcher.clear();
            let result = look(uci, searcher, &game, budget)?;
            if let Err(miss) = result {
                *misses.entry(miss).or_default() += 1;
            }
            if let Ok(deep) = result {
                // The game's next positions along the same line would find it again.
                quiet_until = ply + deep.line.len() + 1;
                found.push(Found {
                    id: format!("t{}-{:05}-{:03}", job.file_number, job.number, ply),
                    fen: game.position().fen(),
                    solution: words(&deep.line),
                    settled: deep.settled,
                    best: deep.best,
                    second: deep.second,
                    after: words(&deep.after),
                    source: job.source(ply),
                });
            }
        }
        if game.play(moves[ply]).is_err() {
            break;
        }
    }
    Ok((found, looked))
}

fn words(moves: &[xiangqi_rules::Move]) -> String {
    let w: Vec<String> = moves.iter().map(ToString::to_string).collect();
    w.join(" ")
}

fn check(args: &[String]) -> Result<(), Failure> {
    let words = plain(args);
    let [dir, engine] = &words[..] else {
        return Err("check WORK ENGINE".into());
    };
    let depth: u32 = option(args, "--depth", 13)?;
    let dir = Path::new(dir.as_str());
    let Mined { found, .. } = journal::read_mined(dir)?;
    let done = journal::read_checked(dir)?;
    let mut uci = second::Uci::start(engine, 64)?;
    let todo: Vec<&Found> = found.iter().filter(|f| !done.contains_key(&f.id)).collect();
    eprintln!(
        "{} finds, {} checked before, {} to check",
        found.len(),
        done.len(),
        todo.len()
    );
    let started = Instant::now();
    for (k, f) in todo.iter().enumerate() {
        if let Some(c) = second::check(&mut uci, f, depth)? {
            journal::append_checked(dir, &c)?;
        }
        if (k + 1) % 20 == 0 {
            let rate = started.elapsed().as_secs_f64() / (k + 1) as f64;
            eprintln!("{} checked, {rate:.1} s each", k + 1);
        }
    }
    Ok(())
}

fn ship_file(args: &[String]) -> Result<(), Failure> {
    let words = plain(args);
    let [dir, out] = &words[..] else {
        return Err("ship WORK OUT".into());
    };
    let dir = Path::new(dir.as_str());
    let mined = journal::read_mined(dir)?;
    let checked = journal::read_checked(dir)?;
    let (mut entries, tally) = ship::ship(&mined.found, &checked);
    // The same position met in two games is one puzzle.
    let mut seen = std::collections::BTreeSet::new();
    entries.retain(|e| seen.insert(e.position.fen()));
    std::fs::write(out.as_str(), ship::file_text(&entries))?;
    println!(
        "games mined {}, positions {}, scanned {}, {:.1} h of search",
        mined.done.len(),
        mined.positions,
        mined.scanned,
        mined.millis as f64 / 3.6e6
    );
    println!(
        "{} finds; {tally:?}; {} shipped after duplicates",
        tally.found,
        entries.len()
    );
    print!("{}", ship::summary(&entries));
    Ok(())
}
