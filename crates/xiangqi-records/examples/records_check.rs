//! Reads every file of the folders given as the program reads a game file (`convert`,
//! `--load` and the picker all go through [`GameReader`] and [`index_file`]) and counts what
//! read: a check to run on a collection of real XQF, DhtmlXQ and CCBridge files, which
//! cannot live in the tests (their licences, and their size):
//!
//! ```sh
//! cargo run --release --example records_check -- ~/records/xqf ~/records/ccbridge
//! ```
//!
//! Prints one line per folder (files, files that read whole, games, games refused,
//! lines cut, chapter headings passed over) and one line per file that did not read
//! whole, with why. Exits with 1 if any did not.

use std::fs::File;
use std::io::BufReader;
use std::path::{Path, PathBuf};
use xiangqi_records::pgn::{GameReader, index_file};

/// What the files of one folder gave.
#[derive(Debug, Default)]
struct Tally {
    files: usize,
    whole: usize,
    games: usize,
    refused: usize,
    cut: usize,
    headings: usize,
}

/// The regular files under `root`, every level, by name.
fn files_under(root: &Path) -> std::io::Result<Vec<PathBuf>> {
    let mut found = Vec::new();
    let mut folders = vec![root.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder)? {
            let path = entry?.path();
            if path.is_dir() {
                folders.push(path);
            } else if path.is_file() {
                found.push(path);
            }
        }
    }
    found.sort();
    Ok(found)
}

/// Reads `path` both ways; what did not read, as lines to print.
fn check(path: &Path, tally: &mut Tally) -> std::io::Result<Vec<String>> {
    let mut problems = Vec::new();
    let mut games = 0;
    for game in GameReader::new(BufReader::new(File::open(path)?)) {
        games += 1;
        match game {
            Ok(game) => {
                tally.games += 1;
                tally.cut += game.cut().len();
            }
            Err(e) => {
                tally.refused += 1;
                problems.push(format!("{}: {e}", path.display()));
            }
        }
    }
    let index = index_file(File::open(path)?)?;
    tally.headings += index.headings();
    if index.len() != games {
        problems.push(format!(
            "{}: the index lists {} games, the reader read {games}",
            path.display(),
            index.len()
        ));
    }
    if games == 0 {
        problems.push(format!("{}: no games", path.display()));
    }
    Ok(problems)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let roots: Vec<PathBuf> = std::env::args_os().skip(1).map(PathBuf::from).collect();
    if roots.is_empty() {
        return Err("usage: records_check FOLDER…".into());
    }
    let mut failed = false;
    for root in roots {
        let mut tally = Tally::default();
        for path in files_under(&root)? {
            tally.files += 1;
            let problems = check(&path, &mut tally)?;
            if problems.is_empty() {
                tally.whole += 1;
            }
            for line in &problems {
                println!("  {line}");
            }
            failed |= !problems.is_empty();
        }
        println!(
            "{}: {} files, {} read whole; {} games, {} refused; {} lines cut, {} chapter \
             headings passed over",
            root.display(),
            tally.files,
            tally.whole,
            tally.games,
            tally.refused,
            tally.cut,
            tally.headings
        );
    }
    if failed {
        std::process::exit(1);
    }
    Ok(())
}
