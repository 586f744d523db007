//! Move generation speed: perft from the start and from middlegames, and the cost of the
//! legal destinations of one point (what the board highlights on selection).

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use xiangqi_rules::{Position, Square, perft};

const MIDDLEGAME_1: &str = "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1";
const MIDDLEGAME_2: &str = "1C2ka3/9/C1Nab1n2/p3p3p/6p2/9/P3P3P/3AB4/3p2c2/c1BAK4 w - - 0 1";

fn bench_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    // Each timed count is checked against its published value (tests/data/perft.txt), so a
    // fast wrong answer fails the bench instead of becoming a figure.
    for (name, fen, depth4, depth5) in [
        ("start", xiangqi_rules::START_FEN, 3_290_240, 133_312_995),
        ("middlegame 1", MIDDLEGAME_1, 1_339_047, 53_112_976),
        ("middlegame 2", MIDDLEGAME_2, 649_866, 17_920_736),
    ] {
        let pos = Position::from_fen(fen).expect("bench FEN is valid");
        for (depth, expected) in [(4, depth4), (5, depth5)] {
            group.bench_function(format!("{name} depth {depth}"), |b| {
                b.iter(|| assert_eq!(perft(black_box(&pos), depth), expected, "{name} {depth}"))
            });
        }
    }
    group.finish();
}

fn bench_destinations(c: &mut Criterion) {
    let start = Position::start();
    let cannon: Square = "h2".parse().expect("valid square");
    c.bench_function("legal destinations of one point (start, cannon h2)", |b| {
        b.iter(|| black_box(&start).legal_moves_from(black_box(cannon)))
    });
    let pos = Position::from_fen(MIDDLEGAME_1).expect("bench FEN is valid");
    c.bench_function("all legal moves (middlegame 1)", |b| {
        b.iter(|| black_box(&pos).legal_moves())
    });
}

criterion_group!(benches, bench_perft, bench_destinations);
criterion_main!(benches);
