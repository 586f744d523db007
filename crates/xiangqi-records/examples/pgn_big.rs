//! Measures the game-record reader on big files, for the figures in docs/guide/development.md (peak memory
//! with `/usr/bin/time -v`, which a criterion bench cannot give):
//!
//! ```sh
//! cargo run --release --example pgn_big -- make 50000 /tmp/50k.pgn   # from tests/data/games
//! /usr/bin/time -v target/release/examples/pgn_big index /tmp/50k.pgn
//! /usr/bin/time -v target/release/examples/pgn_big convert /tmp/50k.pgn
//! ```

use std::fs::File;
use std::io::{BufReader, BufWriter, Write};
use std::path::Path;
use std::time::Instant;
use xiangqi_records::pgn::{convert_stream, index_file, read_each};
use xiangqi_rules::{Notation, NotationStyle};

/// The games of every file under `tests/data/games`, each as the bytes of its file (Big5, GBK
/// or ASCII), repeated until there are at least `count`.
fn make(count: usize, out: &Path) -> std::io::Result<usize> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/games");
    let mut files = Vec::new();
    for sub in ["ccpd", "ccgc", "iccs"] {
        let mut paths: Vec<_> = std::fs::read_dir(root.join(sub))?
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "pgn"))
            .collect();
        paths.sort();
        for p in paths {
            let bytes = std::fs::read(&p)?;
            let games = read_each(&bytes).len();
            files.push((bytes, games));
        }
    }
    let mut w = BufWriter::new(File::create(out)?);
    let mut written = 0;
    'fill: loop {
        for (bytes, games) in &files {
            w.write_all(bytes)?;
            w.write_all(b"\n")?;
            written += games;
            if written >= count {
                break 'fill;
            }
        }
    }
    w.flush()?;
    Ok(written)
}

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: pgn_big make N OUT | index FILE | convert FILE";
    match args.iter().map(String::as_str).collect::<Vec<_>>()[..] {
        ["make", n, out] => {
            let games = make(n.parse()?, Path::new(out))?;
            println!("{games} games in {out}");
        }
        ["index", file] => {
            let t = Instant::now();
            let idx = index_file(File::open(file)?)?;
            let plies: usize = idx.entries().iter().map(|e| e.plies).sum();
            println!(
                "indexed {} games ({plies} plies) in {:?}; stopped: {:?}",
                idx.len(),
                t.elapsed(),
                idx.stopped().map(ToString::to_string)
            );
            let t = Instant::now();
            let last = idx.open_file(File::open(file)?, idx.len());
            println!(
                "opened the last game ({:?} moves) in {:?}",
                last.map(|g| g.moves().len()).ok(),
                t.elapsed()
            );
        }
        ["convert", file] => {
            let t = Instant::now();
            let mut errors = 0;
            let written = convert_stream(
                BufReader::new(File::open(file)?),
                &mut std::io::sink(),
                None,
                Notation::Chinese,
                &NotationStyle::default(),
                |n| errors += usize::from(n.is_error()),
            )?;
            println!(
                "converted {written} games ({errors} unreadable) in {:?}",
                t.elapsed()
            );
        }
        _ => return Err(usage.into()),
    }
    Ok(())
}
