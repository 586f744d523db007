//! The Jieqi engine: it plays only from what both players see, takes what is offered and
//! mates when it can.

use super::{JieqiSearcher, jieqi_move};
use crate::{Level, Limits};
use std::sync::atomic::AtomicBool;
use xiangqi_rules::jieqi::{JieqiGame, JieqiPosition};

fn best(fen: &str, depth: u32) -> String {
    let pos = JieqiPosition::from_fen(fen).expect("test FENs are valid");
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let result = JieqiSearcher::new().search(&pos, &[], &limits, &AtomicBool::new(false));
    result.best.expect("a legal move").to_string()
}

#[test]
fn it_takes_a_chariot_left_hanging() {
    // Red's horse on b1 can take black's chariot on c3.
    assert_eq!(best("3k5/9/9/9/9/9/2r6/9/1N7/4K4 - w - - 0 1", 2), "b1c3");
}

#[test]
fn it_mates_with_a_roaming_advisor() {
    // Black: the advisor from c2 to d1 mates (a cannon over it holds d0, a horse e1 and f0).
    let fen = "5k3/3c5/9/9/9/9/9/2a3n2/9/4K4 - b - - 0 1";
    let mut pos = JieqiPosition::from_fen(fen).expect("a valid FEN");
    let m: xiangqi_rules::Move = best(fen, 3).parse().expect("a move");
    pos.make_move(m, None);
    assert!(
        pos.is_check() && !pos.has_legal_moves(),
        "{m} does not mate"
    );
}

#[test]
fn games_that_differ_only_under_the_covers_get_the_same_moves() {
    // Two deals of the same start: the engine, playing both sides, sees the same public
    // positions and must answer alike until a reveal turns up different pieces.
    for (a, b) in [(1u64, 2u64), (3, 4)] {
        let mut one = JieqiGame::dealt(a);
        let mut two = JieqiGame::dealt(b);
        assert_ne!(one.deal(), two.deal());
        let mut compared = 0;
        for ply in 0..12u64 {
            let history = |g: &JieqiGame| -> Vec<u64> {
                let n = g.positions().len() - 1;
                g.positions()[..n].iter().map(JieqiPosition::key).collect()
            };
            let level = Level::new(2).expect("level 2");
            let m1 = jieqi_move(one.position(), &history(&one), level, ply);
            let m2 = jieqi_move(two.position(), &history(&two), level, ply);
            assert_eq!(m1, m2, "ply {ply} of deals {a} and {b}");
            compared += 1;
            let (Some(m1), Some(m2)) = (m1, m2) else {
                break;
            };
            let r1 = one.play(m1).expect("the engine's move is legal");
            let r2 = two.play(m2).expect("the engine's move is legal");
            if r1.reveal != r2.reveal {
                break;
            }
        }
        assert!(compared >= 1);
    }
}
