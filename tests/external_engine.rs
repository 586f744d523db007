//! The external-engine client (`xiangqi::engine::external`) against a real UCI engine: our
//! own `xiangqi uci`, started as another program would be.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;
use xiangqi::engine::external::{External, Protocol};
use xiangqi::engine::{Limits, Score};
use xiangqi::{Game, Position};

fn ours() -> External {
    let command = format!("{} uci", env!("CARGO_BIN_EXE_xiangqi"));
    External::start(&command).expect("xiangqi uci starts and answers uci")
}

#[test]
fn the_client_finds_the_protocol_and_a_mate_at_a_fixed_depth() {
    let mut engine = ours();
    assert_eq!(engine.protocol(), Protocol::Uci);
    assert!(engine.name().starts_with("xiangqi"), "{}", engine.name());
    let game = Game::new(Position::from_fen("3k5/9/9/9/9/9/9/9/9/R3K4 w").expect("FEN"));
    let limits = Limits {
        depth: Some(3),
        ..Limits::default()
    };
    let mut depths = Vec::new();
    let result = engine
        .search(&game, &limits, &AtomicBool::new(false), |i| {
            depths.push(i.depth)
        })
        .expect("a search");
    assert_eq!(result.best.map(|m| m.to_string()).as_deref(), Some("a0d0"));
    assert_eq!(result.score, Score::Mate(1));
    assert!(!depths.is_empty(), "info lines were read");
}

#[test]
fn an_endless_search_stops_when_asked_and_plays_a_legal_move() {
    let mut engine = ours();
    let mut game = Game::new(Position::start());
    for m in ["h2e2", "h9g7"] {
        game.play(m.parse().expect("move")).expect("legal");
    }
    let stop = Arc::new(AtomicBool::new(false));
    let flag = Arc::clone(&stop);
    let stopper = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(300));
        flag.store(true, Ordering::Relaxed);
    });
    let result = engine
        .search(&game, &Limits::default(), &stop, |_| {})
        .expect("a search");
    stopper.join().expect("stopper");
    let best = result.best.expect("a move");
    assert!(game.position().is_legal(best));
    // The same engine searches again afterwards.
    let again = engine
        .search(
            &game,
            &Limits {
                depth: Some(2),
                ..Limits::default()
            },
            &AtomicBool::new(false),
            |_| {},
        )
        .expect("a second search");
    assert!(again.best.is_some());
}

#[test]
fn a_program_that_is_no_engine_is_refused_with_a_reason() {
    let err = External::start("true").expect_err("`true` is no engine");
    assert!(err.contains("true"), "{err}");
    let err = External::start("/nonexistent/engine-xyz").expect_err("no such program");
    assert!(err.contains("engine-xyz"), "{err}");
}
