//! Game-record speed: reading a 1,000-game file (UTF-8, and GBK which needs the encoding
//! guess), and converting it to each notation; indexing a 50,000-game file for the picker and
//! opening its last game. The files are built from the real games of `tests/data/games/`,
//! repeated (peak memory: `examples/pgn_big.rs`).

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::path::Path;
use xiangqi_records::pgn::{convert, decode, index, read_each, read_games};
use xiangqi_rules::{Notation, NotationStyle};

const GAMES: usize = 1_000;

/// The bytes of every real game file under `tests/data/games`, in a fixed order.
fn real_files() -> Vec<Vec<u8>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/games");
    let mut files = Vec::new();
    for sub in ["ccpd", "ccgc", "iccs"] {
        let Ok(dir) = std::fs::read_dir(root.join(sub)) else {
            continue;
        };
        let mut paths: Vec<_> = dir.filter_map(|e| e.ok().map(|e| e.path())).collect();
        paths.sort();
        for p in paths
            .iter()
            .filter(|p| p.extension().is_some_and(|x| x == "pgn"))
        {
            if let Ok(bytes) = std::fs::read(p) {
                files.push(bytes);
            }
        }
    }
    assert!(!files.is_empty(), "no games under {}", root.display());
    files
}

/// Every real game, decoded, repeated until there are `GAMES` of them.
fn thousand_games() -> String {
    let mut texts = Vec::new();
    for bytes in real_files() {
        let text = decode(&bytes).0.into_owned();
        for game in text.split("\n[Game ").filter(|g| !g.trim().is_empty()) {
            let game = if game.starts_with('[') {
                game.to_string()
            } else {
                format!("[Game {game}")
            };
            texts.push(game);
        }
    }
    let mut out = String::new();
    let mut count = 0;
    'fill: loop {
        for t in &texts {
            out.push_str(t);
            out.push('\n');
            count += read_games(t.as_bytes()).map_or(0, |g| g.len());
            if count >= GAMES {
                break 'fill;
            }
        }
    }
    out
}

fn bench_pgn(c: &mut Criterion) {
    let utf8 = thousand_games();
    let (gbk, _, _) = encoding_rs::GBK.encode(&utf8);
    let games = read_games(utf8.as_bytes()).map_or(0, |g| g.len());
    assert!(games >= GAMES, "built only {games} games");
    let moves: usize =
        read_games(utf8.as_bytes()).map_or(0, |g| g.iter().map(|g| g.moves().len()).sum());
    println!(
        "bench file: {games} games, {moves} moves, {} bytes",
        utf8.len()
    );

    let mut group = c.benchmark_group("pgn 1000 games");
    group.sample_size(10);
    group.bench_function("read UTF-8", |b| {
        b.iter(|| read_games(black_box(utf8.as_bytes())))
    });
    group.bench_function("read GBK", |b| b.iter(|| read_games(black_box(&gbk))));
    let style = NotationStyle::default();
    for notation in Notation::ALL {
        group.bench_function(format!("read GBK and convert to {notation}"), |b| {
            b.iter(|| convert(black_box(&gbk), None, notation, &style))
        });
    }
    group.finish();
}

/// Every real file as it is (Big5, GBK with CRLF, ASCII), repeated until the whole holds at
/// least `count` games.
fn raw_games(count: usize) -> Vec<u8> {
    let files: Vec<(Vec<u8>, usize)> = real_files()
        .into_iter()
        .map(|bytes| {
            let games = read_each(&bytes).len();
            (bytes, games)
        })
        .collect();
    let mut out = Vec::new();
    let mut games = 0;
    while games < count {
        for (bytes, n) in &files {
            out.extend_from_slice(bytes);
            out.push(b'\n');
            games += n;
        }
    }
    out
}

fn bench_index(c: &mut Criterion) {
    let file = raw_games(50_000);
    let idx = index(file.as_slice());
    // A fast wrong answer is no figure: every game found, none stopping the scan.
    let expected = read_each(&file).len();
    assert_eq!(idx.len(), expected);
    assert!(idx.len() >= 50_000 && idx.stopped().is_none());
    let plies: usize = idx.entries().iter().map(|e| e.plies).sum();
    println!(
        "index file: {} games, {plies} plies, {} bytes",
        idx.len(),
        file.len()
    );
    let mut group = c.benchmark_group("pgn 50000 games");
    group.sample_size(10);
    group.bench_function("index", |b| b.iter(|| index(black_box(file.as_slice()))));
    group.bench_function("open the last game", |b| {
        b.iter(|| idx.open(std::io::Cursor::new(black_box(&file)), idx.len()))
    });
    group.finish();
}

criterion_group!(benches, bench_pgn, bench_index);
criterion_main!(benches);
