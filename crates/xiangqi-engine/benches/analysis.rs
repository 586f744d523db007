//! Annotating a game: every position of the first 40 plies of a master game searched to a fixed depth
//! and judged (the time a movetime-bound annotation takes is plies × movetime; see docs/guide/computer.md).

use criterion::{Criterion, criterion_group, criterion_main};
use std::sync::atomic::AtomicBool;
use xiangqi_engine::analysis::analyse;
use xiangqi_engine::{Limits, Searcher};
use xiangqi_rules::Game;

/// The first 40 plies of the first master game of `tests/data/openings/`.
fn game() -> Game {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../xiangqi-records/tests/data/openings/masters-200.pgn");
    let bytes = std::fs::read(&path).unwrap_or_default();
    let master = xiangqi_records::pgn::read_game(&bytes, 1).map(|g| g.moves().to_vec());
    let mut game = Game::default();
    for &mv in master.unwrap_or_default().iter().take(40) {
        if game.play(mv).is_err() {
            break;
        }
    }
    game
}

fn bench(c: &mut Criterion) {
    let game = game();
    let limits = Limits {
        depth: Some(6),
        ..Limits::default()
    };
    let mut group = c.benchmark_group("annotate");
    group.sample_size(10);
    group.bench_function(format!("{} plies at depth 6", game.moves().len()), |b| {
        b.iter(|| {
            let mut engine = Searcher::new(16);
            analyse(
                &game,
                &mut engine,
                &limits,
                &AtomicBool::new(false),
                |_, _| {},
            )
        });
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
