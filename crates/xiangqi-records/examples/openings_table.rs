//! Builds the opening tables in `assets/openings/` from labelled master games, and
//! measures the classification on games it leaves out.
//!
//! ```text
//! cargo run --release --example openings_table -- [--out DIR] [--hold-out N]
//!     [--fold K] [--misses] --lines OPENING-LINES.pgn GAMES.pgn...
//! ```
//!
//! Every record needs an `[ECCO]` tag; files in any encoding the program reads.
//! `--lines` files are opening lines from books: they teach the classification and the
//! names but are not counted in the explorer. With `--hold-out N`, every Nth game of the
//! game files is left out of the tables and classified with them, and the share of codes
//! and letters found is printed; nothing is written then. `--fold K` shifts the games
//! left out by K places (K from 0 to N-1: the N folds together leave out every game
//! once). `--misses` also prints each held-out game the tables name wrongly: its code, the
//! code found and its early moves.

use std::process::ExitCode;

use xiangqi_records::opening::Classifier;
use xiangqi_records::opening::build::{TrainingGame, classification_table, explorer_table};
use xiangqi_records::pgn::read_each;

const HEADER: &str = "\
Opening classification table of the xiangqi program, built by examples/openings_table.rs.
Derived from the Chinese Chess Practical Dataset by Yu-Han Tseng
(github.com/Yvonne761/Chinese-Chess-Practical-Dataset), licensed CC BY 4.0:
the master games and opening lines with their ECCO codes. Changes: reduced to a tree of
first moves with their code counts, decision trees of questions about the early moves
learned from them, and names found in the records' events.";

fn main() -> ExitCode {
    let mut out = None;
    let mut hold_out = None;
    let mut misses = false;
    let mut fold = 0;
    let mut lines = Vec::new();
    let mut files = Vec::new();
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--out" => out = args.next(),
            "--hold-out" => hold_out = args.next().and_then(|n| n.parse::<usize>().ok()),
            "--lines" => lines.extend(args.next()),
            "--misses" => misses = true,
            "--fold" => {
                fold = args
                    .next()
                    .and_then(|k| k.parse().ok())
                    .unwrap_or(usize::MAX)
            }
            _ => files.push(arg),
        }
    }
    // A fold needs a hold-out and must be below it (an unreadable one is usize::MAX).
    let bad_fold = fold != 0 && hold_out.is_none_or(|n| fold >= n);
    if files.is_empty() || hold_out == Some(0) || bad_fold {
        eprintln!(
            "usage: openings_table [--out DIR] [--hold-out N [--fold K]] [--misses] --lines FILE GAMES..."
        );
        return ExitCode::from(2);
    }
    let mut training = Vec::new();
    for (path, played) in lines
        .iter()
        .map(|p| (p, false))
        .chain(files.iter().map(|p| (p, true)))
    {
        match std::fs::read(path) {
            Ok(bytes) => training.extend(games_of(&bytes, path, played)),
            Err(e) => {
                eprintln!("{path}: {e}");
                return ExitCode::FAILURE;
            }
        }
    }
    match hold_out {
        Some(n) => measure(&training, n, fold, misses),
        None => write(&training, out.as_deref().unwrap_or("assets/openings")),
    }
}

fn games_of(bytes: &[u8], path: &str, played: bool) -> Vec<TrainingGame> {
    let mut games = Vec::new();
    for (n, game) in read_each(bytes).into_iter().enumerate() {
        let game = match game {
            Ok(game) => game,
            Err(e) => {
                eprintln!("{path}: game {}: skipped: {e}", n + 1);
                continue;
            }
        };
        if game.start().fen() != xiangqi_rules::START_FEN || game.moves().is_empty() {
            continue;
        }
        games.push(TrainingGame {
            code: game.tag("ECCO").map(str::to_string),
            event: game.tag("Event").unwrap_or("").to_string(),
            moves: game.moves().to_vec(),
            red_points: match game.tag("Result") {
                Some("1-0") => Some(2),
                Some("1/2-1/2") => Some(1),
                Some("0-1") => Some(0),
                _ => None,
            },
            played,
        });
    }
    games
}

fn write(training: &[TrainingGame], dir: &str) -> ExitCode {
    let ecco = classification_table(training, HEADER);
    let explorer = explorer_table(training);
    let dir = std::path::Path::new(dir);
    for (name, bytes) in [
        ("ecco.txt", ecco.as_bytes()),
        ("explorer.bin", &explorer[..]),
    ] {
        if let Err(e) = std::fs::write(dir.join(name), bytes) {
            eprintln!("{}: {e}", dir.join(name).display());
            return ExitCode::FAILURE;
        }
        println!("{}: {} bytes", dir.join(name).display(), bytes.len());
    }
    ExitCode::SUCCESS
}

fn measure(training: &[TrainingGame], n: usize, fold: usize, misses: bool) -> ExitCode {
    let mut played = 0usize;
    let (mut learn, mut test) = (Vec::new(), Vec::new());
    for game in training {
        if game.played {
            played += 1;
            if (played + fold).is_multiple_of(n) {
                test.push(game.clone());
                continue;
            }
        }
        learn.push(game.clone());
    }
    let classifier = Classifier::parse(&classification_table(&learn, HEADER));
    let (mut codes, mut letters, mut total) = (0usize, 0usize, 0usize);
    for game in test.iter().filter(|g| g.code.is_some()) {
        let Some(want) = game.code.as_deref() else {
            continue;
        };
        total += 1;
        if let Some(found) = classifier.classify(&game.moves) {
            codes += usize::from(found.code == want);
            letters += usize::from(found.code.get(..1) == want.get(..1));
            if found.code != want && misses {
                let early = xiangqi_records::opening::early::early_moves(&game.moves);
                println!("{want}\t{}\t{}", found.code, early.join(" "));
            }
        }
    }
    let pct = |k: usize| 100.0 * k as f64 / total.max(1) as f64;
    println!(
        "held out {total} games (every {n}th, fold {fold}): code {:.1}%, letter {:.1}%",
        pct(codes),
        pct(letters)
    );
    ExitCode::SUCCESS
}
