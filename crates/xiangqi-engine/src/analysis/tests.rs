use std::sync::atomic::AtomicBool;

use super::*;
use crate::{Limits, Score, Searcher};
use xiangqi_rules::{Color, Game};

fn game_of(moves: &str) -> Game {
    let mut game = Game::default();
    for mv in moves.split_whitespace() {
        game.play(mv.parse().expect("move")).expect("legal");
    }
    game
}

fn analysed(moves: &str, depth: u32) -> Vec<Analysed> {
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let mut engine = Searcher::new(16);
    analyse(
        &game_of(moves),
        &mut engine,
        &limits,
        &AtomicBool::new(false),
        |_, _| {},
    )
    .expect("our engine does not fail")
}

#[test]
fn evals_read_and_write_the_shared_convention() {
    assert_eq!(Eval::Cp(35).to_string(), "0.35");
    assert_eq!(Eval::Cp(-120).to_string(), "-1.20");
    assert_eq!(Eval::Cp(-5).to_string(), "-0.05");
    assert_eq!(Eval::Mate(5).to_string(), "#5");
    assert_eq!(Eval::Mate(-3).to_string(), "#-3");
    for e in [
        Eval::Cp(35),
        Eval::Cp(-5),
        Eval::Mate(5),
        Eval::Mate(-3),
        Eval::RedMated,
        Eval::BlackMated,
    ] {
        assert_eq!(
            eval_of_comment(&format!("note [%eval {e}] [%clk 0:01:00]")),
            Some(e)
        );
    }
    assert_eq!(eval_of_comment("[%eval nan]"), None);
    assert_eq!(eval_of_comment("no eval"), None);
    // The side to move's score, seen from red.
    assert_eq!(Eval::from_score(Score::Cp(50), Color::Black), Eval::Cp(-50));
    assert_eq!(
        Eval::from_score(Score::Mate(2), Color::Black),
        Eval::Mate(-2)
    );
    assert_eq!(Eval::from_score(Score::Mate(0), Color::Red), Eval::RedMated);
}

#[test]
fn thresholds_by_winning_chances() {
    assert_eq!(Judgement::of_loss(0.1), None);
    assert_eq!(Judgement::of_loss(0.25), Some(Judgement::Inaccuracy));
    assert_eq!(Judgement::of_loss(0.45), Some(Judgement::Mistake));
    assert_eq!(Judgement::of_loss(0.9), Some(Judgement::Blunder));
    // Three soldiers given away in a level game is at least a mistake; in a game already
    // lost by a chariot and more, it changes little.
    let level = winning_chances(0) - winning_chances(-300);
    assert!(
        Judgement::of_loss(level) >= Some(Judgement::Mistake),
        "{level}"
    );
    let lost = winning_chances(-1500) - winning_chances(-1800);
    assert_eq!(Judgement::of_loss(lost), None, "{lost}");
}

#[test]
fn a_lost_cannon_is_marked_and_sound_moves_are_not() {
    // 炮二平五 马８进７ 炮五进四? (the cannon takes a soldier and the horse takes it back)
    let moves = analysed("h2e2 h9g7 e2e6 g7e6 h0g2", 5);
    assert_eq!(moves.len(), 5);
    assert!(
        moves[2].judgement >= Some(Judgement::Mistake),
        "{:?}",
        moves[2]
    );
    assert_eq!(moves[2].mover, Color::Red);
    assert_ne!(moves[2].best_line.first(), Some(&moves[2].mv));
    // Black's recapture is the best move: nothing lost.
    assert_eq!(moves[3].judgement, None, "{:?}", moves[3]);
    assert!(moves[0].judgement.is_none() && moves[1].judgement.is_none());
    let [red, black] = summary(&moves);
    assert_eq!(red.moves, 3);
    assert_eq!(black.moves, 2);
    assert!(red.mistakes + red.blunders >= 1);
    assert!(red.average_loss > black.average_loss);
}

#[test]
fn the_tree_gets_evals_glyphs_and_the_better_line() {
    let mut game = game_of("h2e2 h9g7 e2e6 g7e6");
    let moves = analysed("h2e2 h9g7 e2e6 g7e6", 4);
    let first = game
        .tree()
        .child(xiangqi_rules::NodeId::ROOT, moves[0].mv)
        .expect("node");
    game.set_comment(first, Some("opening"));
    let mut tree = game.tree().clone();
    annotate_tree(&mut tree, &moves, 4);
    let mut at = xiangqi_rules::NodeId::ROOT;
    for a in &moves {
        let node = tree.child(at, a.mv).expect("main line");
        assert_eq!(
            eval_of_comment(tree.comment(node).unwrap_or("")),
            Some(a.eval)
        );
        let judged: Vec<_> = tree
            .nags(node)
            .iter()
            .filter_map(|n| Judgement::of_nag(*n))
            .collect();
        assert_eq!(judged, a.judgement.into_iter().collect::<Vec<_>>());
        // A judged move has the best line beside it.
        assert_eq!(tree.children(at).count() > 1, a.judgement.is_some());
        at = node;
    }
    assert!(
        tree.comment(first)
            .unwrap_or("")
            .starts_with("opening [%eval")
    );
    // Annotating again replaces the evals instead of adding more.
    annotate_tree(&mut tree, &moves, 4);
    assert_eq!(
        tree.comment(first).unwrap_or("").matches("[%eval").count(),
        1
    );
}

#[test]
fn mates_are_found_and_written_as_mates() {
    // Red mates at once with the chariot; the position after it has no move for black.
    let start: xiangqi_rules::Position = "3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1".parse().expect("fen");
    let mut game = Game::new(start);
    game.play("a0d0".parse().expect("move")).expect("legal");
    let limits = Limits {
        depth: Some(3),
        ..Limits::default()
    };
    let moves = analyse(
        &game,
        &mut Searcher::new(16),
        &limits,
        &AtomicBool::new(false),
        |_, _| {},
    )
    .expect("analysed");
    assert_eq!(moves[0].best_eval, Eval::Mate(1));
    assert_eq!(moves[0].eval, Eval::BlackMated);
    assert_eq!(moves[0].judgement, None);
}
