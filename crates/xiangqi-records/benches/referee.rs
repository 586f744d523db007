//! The repetition referee's cost: judging a lap of 8 plies by the AXF rules
//! (`xiangqi_rules::judge_lap`), and what a game pays per move before any position repeats (one
//! key look-up besides the mate test).

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use xiangqi_rules::{Color, Game, Move, Position, Termination, judge_lap};

fn moves(text: &str) -> Vec<Move> {
    text.split_whitespace()
        .map(|m| m.parse().expect("bench move is valid"))
        .collect()
}

fn bench_judge_lap(c: &mut Criterion) {
    let mut group = c.benchmark_group("judge_lap 8 plies");
    // (name, start, lap, expected loser and termination, or None for a draw)
    let cases = [
        (
            "middlegame, check against chase",
            "2bakar2/3r5/n1NNb1c2/p1p5p/9/6Bp1/P7P/3AC4/9/R3KAB1R b - - 0 1",
            "e7g5 d7e5 g5e7 e5d7 e7g5 d7e5 g5e7 e5d7",
            Some((Color::Red, Termination::PerpetualCheck)),
        ),
        (
            "middlegame, both idle",
            "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
            "c0a2 c2c1 a2c0 c1c2 b2b4 e5e4 b4b2 e4e5",
            None,
        ),
        (
            "middlegame, a cannon shielding a check chases",
            "2bak4/4a4/4bPn2/p5N1p/4C4/1r7/8P/2R6/4A4/cNc1KA3 w - - 0 1",
            "g6f4 c0d0 f4g6 d0c0 g6f4 c0d0 f4g6 d0c0",
            Some((Color::Black, Termination::PerpetualChase)),
        ),
        (
            "chariot chases a horse",
            "3k5/n8/9/9/9/9/9/9/9/2R1K4 w - - 0 1",
            "c0a0 a8c7 a0c0 c7a8 c0a0 a8c7 a0c0 c7a8",
            Some((Color::Red, Termination::PerpetualChase)),
        ),
        (
            "one check, one chase",
            "4k4/9/9/R8/2n6/9/9/9/9/3K5 w - - 0 1",
            "a6a9 e9e8 a9a5 c5e6 a5a8 e8e9 a8a6 e6c5",
            None,
        ),
    ];
    for (name, fen, lap, expected) in cases {
        let start = Position::from_fen(fen).expect("bench FEN is valid");
        let lap = moves(lap);
        let verdict = judge_lap(&start, &lap);
        assert_eq!(
            verdict.loser().map(|l| (l, verdict.termination)),
            expected,
            "{name}"
        );
        group.bench_function(name, |b| {
            b.iter(|| judge_lap(black_box(&start), black_box(&lap)))
        });
    }
    group.finish();
}

fn bench_outcome_without_repetition(c: &mut Criterion) {
    // The first 40 plies of a real game, no position repeated: `outcome` is the mate test
    // plus one look-up of the position's key.
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/games/iccs/bulk_games_uci.pgn"
    );
    let bytes = std::fs::read(path).expect("the real games are in tests/data");
    let record = xiangqi_records::pgn::read_game(&bytes, 1).expect("the first game reads");
    let mut game = Game::new(record.start().clone());
    for &mv in record.moves().iter().take(40) {
        game.play(mv).expect("a real game's move is legal");
    }
    assert_eq!(game.moves().len(), 40);
    assert_eq!(game.occurrences(), 1);
    c.bench_function(
        "Game::outcome, no repetition (mate test + key look-up)",
        |b| b.iter(|| black_box(&game).outcome()),
    );
    let position = game.position().clone();
    c.bench_function("has_legal_moves alone (the mate test)", |b| {
        b.iter(|| black_box(&position).has_legal_moves())
    });
}

criterion_group!(benches, bench_judge_lap, bench_outcome_without_repetition);
criterion_main!(benches);
