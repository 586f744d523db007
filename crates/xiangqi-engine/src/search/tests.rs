//! Unit tests of the searcher.
use super::pruning::reduction_formula;
use super::*;
use crate::result::{MATE_BOUND, Score};

#[test]
fn mate_scores_read_as_moves() {
    assert_eq!(Score::from_internal(MATE - 1), Score::Mate(1));
    assert_eq!(Score::from_internal(MATE - 5), Score::Mate(3));
    assert_eq!(Score::from_internal(-MATE + 2), Score::Mate(-1));
    assert_eq!(Score::from_internal(-MATE + 4), Score::Mate(-2));
    assert_eq!(Score::from_internal(123), Score::Cp(123));
    assert_eq!(Score::Mate(-2).to_string(), "mate -2");
}

#[test]
fn the_cheap_check_test_never_misses_a_check() {
    // Every legal move in the positions of random games: a move that gives check must be
    // one the cheap test lets through, asked before and after it is played.
    let mut checks = 0;
    for mut pos in xiangqi_rules::random_positions(30, 120) {
        for &m in pos.legal_moves().iter() {
            let piece = pos.codes()[m.from.index()];
            let before = could_give_check(&pos, m, piece);
            let undo = pos.make_move(m);
            if pos.is_check() {
                checks += 1;
                assert!(before && could_give_check(&pos, m, piece), "{m} in {pos:?}");
            }
            pos.unmake_move(m, undo);
        }
    }
    assert!(checks > 100, "only {checks} checks seen");
}

#[test]
fn a_node_at_the_horizon_is_counted_once() {
    // Generals alone: red has one move (f0f1; f0e0 would face black's general), and after
    // it black has neither a capture nor a check for quiescence to look at. A search of one
    // ply visits that position once. (With two moves the second may be searched twice, with
    // a null window and again with the whole one.)
    let pos = Position::from_fen("4k4/9/9/9/9/9/9/9/9/5K3 w").expect("test FEN is valid");
    let mut searcher = Searcher::new(1);
    let limits = Limits {
        depth: Some(1),
        ..Limits::default()
    };
    let result = searcher.search(&Game::new(pos), &limits, &AtomicBool::new(false), |_| {});
    assert_eq!(result.nodes, 1);
}

#[test]
fn quiescence_sees_a_mate_begun_by_a_quiet_check() {
    // a0d0 mates: the chariot checks along the d file and the general cannot step onto
    // the e file, where it would face red's. No capture leads there.
    let mut pos = Position::from_fen("3k5/9/9/9/9/9/9/9/9/R3K4 w").expect("test FEN is valid");
    let mut searcher = Searcher::new(1);
    searcher.material[0] = crate::eval::Material::of(&pos);
    let stop = AtomicBool::new(false);
    let s = searcher.quiesce(&mut pos, -INFINITY, INFINITY, 0, false, 0, &stop);
    assert_eq!(s, MATE - 1);
    assert_eq!(searcher.pv[0][0].to_string(), "a0d0");
    // Deeper in quiescence only captures and evasions are looked at.
    let s = searcher.quiesce(&mut pos, -INFINITY, INFINITY, 0, false, 1, &stop);
    assert!(s < MATE_BOUND, "{s}");
}

#[test]
fn a_check_with_a_single_reply_is_searched_a_ply_deeper() {
    // Black mates in 3 with checks, each leaving red one reply: e1e0 d0d1, b0b1 d1d2,
    // e0e2. A 1-ply search sees it only because each single reply extends the line.
    let pos = Position::from_fen("3ak1b2/4a3R/4b4/2p6/9/p8/9/9/2n1r4/1c1K5 b - - 1 57")
        .expect("test FEN is valid");
    let mut searcher = Searcher::new(1);
    let limits = Limits {
        depth: Some(1),
        ..Limits::default()
    };
    let result = searcher.search(&Game::new(pos), &limits, &AtomicBool::new(false), |_| {});
    assert_eq!(result.score, Score::Mate(3), "{:?}", result.pv);
}

#[test]
fn the_reduction_table_reads_as_the_formula() {
    // Inside the table, at its edges and beyond them.
    for depth in [-3, 0, 1, 2, 3, 7, 12, 40, 63, 64, 65, 200] {
        for moves in [0, 1, 2, 3, 5, 9, 30, 100, 127, 128, 129, 300] {
            assert_eq!(
                reduction(depth, moves),
                reduction_formula(depth, moves),
                "depth {depth}, move {moves}"
            );
        }
    }
    assert_eq!(reduction(12, 30), 3);
}
