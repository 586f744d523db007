//! Openings: classifying 3,000 games (the 200 master games of `tests/data/openings/`, their
//! moves already read, fifteen times over), the explorer's look-up of one position, and the
//! book's choice. The size of the tables in the binary is printed first.

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use std::path::Path;
use xiangqi_records::opening::{book_move, classify, explore};
use xiangqi_rules::{Move, Position};

fn games() -> Vec<Vec<Move>> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/openings/masters-200.pgn");
    let bytes = std::fs::read(&path).unwrap_or_default();
    xiangqi_records::pgn::read_each(&bytes)
        .into_iter()
        .filter_map(Result::ok)
        .map(|g| g.moves().to_vec())
        .collect()
}

fn bench(c: &mut Criterion) {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/openings");
    for name in ["ecco.txt", "explorer.bin"] {
        let size = std::fs::metadata(root.join(name)).map_or(0, |m| m.len());
        println!("table {name}: {size} bytes");
    }
    let games = games();
    assert_eq!(games.len(), 200, "the sample games");
    // The first call reads the table; time it apart from the classification.
    let _ = classify(&games[0]);
    c.bench_function("classify 3000 games", |b| {
        b.iter(|| {
            let mut found = 0;
            for _ in 0..15 {
                for moves in &games {
                    found += usize::from(classify(black_box(moves)).is_some());
                }
            }
            found
        });
    });
    let mut pos = Position::start();
    for mv in games[0].iter().take(4) {
        pos = pos.play(*mv).unwrap_or(pos);
    }
    c.bench_function("explore a position", |b| {
        b.iter(|| explore(black_box(&pos)))
    });
    c.bench_function("book move", |b| {
        b.iter(|| book_move(black_box(&Position::start()), 7))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
