//! Engine speed: nodes per second (criterion's throughput, one element a node) from the start
//! and two middlegames, and the time to finish depth 10 from the start.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use std::sync::atomic::AtomicBool;
use std::time::Duration;
use xiangqi_engine::{Limits, Searcher};
use xiangqi_rules::{Game, Position};

const MIDDLEGAME_1: &str = "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1";
const MIDDLEGAME_2: &str = "1C2ka3/9/C1Nab1n2/p3p3p/6p2/9/P3P3P/3AB4/3p2c2/c1BAK4 w - - 0 1";

/// A fresh search (empty table) to `depth`; returns the nodes searched.
fn search(game: &Game, depth: u32) -> u64 {
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    Searcher::new(16)
        .search(game, &limits, &AtomicBool::new(false), |_| {})
        .nodes
}

fn nodes_per_second(c: &mut Criterion) {
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(8));
    for (name, fen, depth) in [
        ("start", None, 9),
        ("middlegame 1", Some(MIDDLEGAME_1), 9),
        ("middlegame 2", Some(MIDDLEGAME_2), 9),
    ] {
        let pos = fen.map_or_else(Position::start, |f| {
            Position::from_fen(f).expect("bench FEN is valid")
        });
        let game = Game::new(pos);
        // The search is deterministic, so every run visits the same nodes.
        let nodes = search(&game, depth);
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("{name} depth {depth} ({nodes} nodes)"), |b| {
            b.iter(|| search(black_box(&game), depth));
        });
    }
    group.finish();
}

fn depth_ten(c: &mut Criterion) {
    let mut group = c.benchmark_group("time to depth");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(10));
    let game = Game::default();
    group.bench_function("start depth 10", |b| {
        b.iter(|| search(black_box(&game), 10))
    });
    group.finish();
}

criterion_group!(benches, nodes_per_second, depth_ten);
criterion_main!(benches);
