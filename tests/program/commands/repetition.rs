//! Repetition judged by the Asian (AXF) rules: one named case for each row of the table in
//! "How a game ends" (docs/guide/rules.md: perpetual check, perpetual chase and the draws),
//! each played as a real game until its start position occurs a third time; then properties on
//! random games. (That a soldier before the river is no victim is tested inside
//! `crates/xiangqi-rules/src/repetition.rs`: such a soldier cannot run, so no lap chases it.)

use xiangqi_rules::{Color, Game, Move, Outcome, Position, Termination, judge_lap};

fn position(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn moves(text: &str) -> Vec<Move> {
    text.split_whitespace()
        .map(|m| m.parse().unwrap_or_else(|e| panic!("{e}")))
        .collect()
}

fn loss(loser: Color, termination: Termination) -> Outcome {
    Outcome {
        winner: Some(loser.other()),
        termination,
    }
}

const DRAW: Outcome = Outcome {
    winner: None,
    termination: Termination::Repetition,
};

/// Plays `lap` twice from `fen` in a game: the start position then occurs for the third time.
/// The game must go on until the very last move, which the mover is warned about one move
/// before with the outcome it brings; that outcome is also what [`judge_lap`] says of the lap.
fn judged(fen: &str, lap: &str) -> Outcome {
    let start = position(fen);
    let lap = moves(lap);
    let mut game = Game::new(start.clone());
    let all: Vec<Move> = lap.iter().chain(&lap).copied().collect();
    let (last, before_last) = all.split_last().expect("a lap has moves");
    for &mv in before_last {
        assert_eq!(game.outcome(), None, "over before {mv}");
        game.play(mv)
            .unwrap_or_else(|e| panic!("{mv} in {}: {e}", game.position().fen()));
    }
    let warned = game
        .repetition_warnings()
        .into_iter()
        .find(|(mv, _)| mv == last)
        .map(|(_, o)| o);
    game.play(*last).unwrap_or_else(|e| panic!("{last}: {e}"));
    assert_eq!(game.occurrences(), 3);
    let outcome = game.outcome().expect("the third occurrence ends the game");
    assert_eq!(warned, Some(outcome), "the warning names the outcome");
    assert_eq!(judge_lap(&start, &lap), outcome);
    outcome
}

/// Red's chariot follows black's lone horse as it runs between a8 and c7: every red move
/// attacks it anew, and nothing protects it.
const CHARIOT_CHASES_HORSE: (&str, &str) = (
    "3k5/n8/9/9/9/9/9/9/9/2R1K4 w - - 0 1",
    "c0a0 a8c7 a0c0 c7a8",
);

#[test]
fn chariot_chasing_an_unprotected_horse_loses() {
    let (fen, lap) = CHARIOT_CHASES_HORSE;
    let outcome = judged(fen, lap);
    assert_eq!(outcome, loss(Color::Red, Termination::PerpetualChase));
    assert_eq!(outcome.to_string(), "Black wins — perpetual chase");
}

#[test]
fn horse_chasing_a_protected_chariot_loses() {
    // The chariot on d9 protects d7 and d6, but a horse taking a chariot wins material anyway.
    let outcome = judged(
        "3rk4/9/3r5/9/9/4N4/9/9/9/5K3 w - - 0 1",
        "e4c5 d7d6 c5e4 d6d7",
    );
    assert_eq!(outcome, loss(Color::Red, Termination::PerpetualChase));
}

#[test]
fn chariot_attacking_a_protected_horse_draws() {
    // As the chase above, but black's chariot on c8 protects both a8 and c7.
    let outcome = judged(
        "3k5/n1r6/9/9/9/9/9/9/9/2R1K4 w - - 0 1",
        "c0a0 a8c7 a0c0 c7a8",
    );
    assert_eq!(outcome, DRAW);
}

#[test]
fn two_chariots_chasing_each_other_draw() {
    // Red's chariot follows black's, which could take it back each time: no chase.
    let outcome = judged(
        "3k5/r8/9/9/9/9/9/9/9/2R1K4 w - - 0 1",
        "c0a0 a8c8 a0c0 c8a8",
    );
    assert_eq!(outcome, DRAW);
}

#[test]
fn pinned_attacker_does_not_chase() {
    // Red's chariot runs up and down the e file after the horse, which it could not take:
    // black's chariot on e9 pins it to its general.
    let lap = "e3e4 c4a3 e4e3 a3c4";
    assert_eq!(judged("3kr4/9/9/9/9/2n6/4R4/9/9/4K4 w - - 0 1", lap), DRAW);
    // Without the pin the same lap is a chase.
    assert_eq!(
        judged("3k5/9/9/9/9/2n6/4R4/9/9/4K4 w - - 0 1", lap),
        loss(Color::Red, Termination::PerpetualChase)
    );
}

#[test]
fn soldier_across_the_river_is_chased() {
    // Black's soldier on a4/b4 has crossed the river and steps sideways; red's chariot follows.
    let outcome = judged(
        "3k5/9/9/9/9/p8/9/9/9/1R2K4 w - - 0 1",
        "b0a0 a4b4 a0b0 b4a4",
    );
    assert_eq!(outcome, loss(Color::Red, Termination::PerpetualChase));
}

#[test]
fn a_chariot_that_moves_renews_its_threat() {
    // Black's chariot attacks the horse on d5 from f5; the horse steps to f4, onto the
    // chariot's file; the chariot's retreat to f8 still attacks it — a threat made again by the
    // piece that moved: black chases with both moves.
    let outcome = judged(
        "2c2k3/3n1r3/8b/R3P3p/2pN2b2/9/P7P/4B4/4A4/3AK1B2 b - - 0 1",
        "f8f5 d5f4 f5f8 f4d5",
    );
    assert_eq!(outcome, loss(Color::Black, Termination::PerpetualChase));
}

#[test]
fn a_lone_piece_on_the_generals_file_is_not_pinned_when_an_enemy_piece_stands_between() {
    // Black's chariot on e2 pins red's advisor on e1, which guards the cannon on d2; back on
    // g2 it attacks the cannon again, but the advisor is free: black's elephant on e7 and
    // advisor on e8 stand between the generals, so the flying general pins nothing and the
    // advisor can take back. That move chases nothing, so black does not chase perpetually.
    // (Fairy-Stockfish counts the advisor as pinned here and rules a perpetual chase.)
    let outcome = judged(
        "2bak4/4a4/4b4/p8/2p5P/6P2/PR7/B1cC2r2/4A4/4KA3 b - - 0 1",
        "g2e2 b3b9 e2g2 b9b3",
    );
    assert_eq!(outcome, DRAW);
}

#[test]
fn a_general_that_would_take_back_onto_an_attacked_point_does_not_protect() {
    // Red's chariot on f7 attacks black's advisor on f9, which only the general guards; but
    // red's chariot on f3 would take the general on f9, so no legal recapture follows: a chase.
    // Back on d7 the chariot uncovers the one on f3 against the same advisor, which the general
    // may not take back either (it would face red's general): red chases perpetually. (Fairy-
    // Stockfish counts the general as a defender here.)
    let outcome = judged(
        "C1bakab2/9/2nR3C1/p3p4/2p5p/9/P1P1PR2P/2r1n4/4A2r1/2BA1K3 b - - 0 1",
        "g9i7 d7f7 i7g9 f7d7",
    );
    assert_eq!(outcome, loss(Color::Red, Termination::PerpetualChase));
}

#[test]
fn a_pinned_defender_that_takes_back_its_pinner_protects() {
    // Red's chariot on f6 attacks black's soldier on f4 and pins black's chariot on f7 to its
    // general; if it takes the soldier, black's chariot takes it back down the file (taking the
    // pinner is legal), so that move chases nothing and red does not chase perpetually, though
    // its move back to e6 chases the unprotected soldier on e4. (Fairy-Stockfish takes the
    // pinned chariot for no defender.)
    let outcome = judged(
        "c2a5/3cak3/5r3/4R4/6b1C/p3p3P/9/4B4/4K4/3A1AB2 b - - 0 1",
        "e4f4 e6f6 f4e4 f6e6",
    );
    assert_eq!(outcome, DRAW);
}

#[test]
fn a_piece_beyond_its_own_general_is_not_pinned() {
    // The generals share the e file and black's advisor on e8 is black's one other piece on
    // it, but above its general, not between them: it is free, and guards the advisor on f9
    // that red's chariot attacks when red's cannon steps aside. That move chases nothing, so
    // red does not chase perpetually. (Fairy-Stockfish takes the advisor as pinned.)
    let outcome = judged(
        "5ab2/4a4/4k3b/8p/5C3/4CR3/P3P3P/9/4K4/2BA1A3 w - - 0 1",
        "f5a5 e8f7 a5f5 f7e8",
    );
    assert_eq!(outcome, DRAW);
}

#[test]
fn a_sliding_piece_that_shields_a_check_renews_its_threats() {
    // Black's cannon slides c0–d0 along rank 0, attacking red's advisor on f0 over the general
    // the whole time, and on both points it shields a check from black's cannon on a0: taking
    // the advisor would uncover that check, so the general cannot take back. A piece that moves
    // while shielding a check threatens anew all it could win with the discovered check, even
    // sliding towards an old victim, so each black move chases the advisor (as Fairy-Stockfish
    // rules). Red's horse shuffles g6–f4 and chases nothing: black chases perpetually.
    let outcome = judged(
        "2bak4/4a4/4bPn2/p5N1p/4C4/1r7/8P/2R6/4A4/cNc1KA3 w - - 0 1",
        "g6f4 c0d0 f4g6 d0c0",
    );
    assert_eq!(outcome, loss(Color::Black, Termination::PerpetualChase));
}

#[test]
fn one_check_one_chase_draws() {
    // Red's chariot checks on rank 9, attacks the horse on c5, checks on rank 8, attacks the
    // horse on e6: alternating check and chase is allowed under AXF.
    let outcome = judged(
        "4k4/9/9/R8/2n6/9/9/9/9/3K5 w - - 0 1",
        "a6a9 e9e8 a9a5 c5e6 a5a8 e8e9 a8a6 e6c5",
    );
    assert_eq!(outcome, DRAW);
}

#[test]
fn perpetual_check_against_perpetual_chase_the_checker_loses() {
    // Red's horse shuttles d7–e5, each time giving check as the cannon's screen or by leaving
    // the elephant as its only screen; black's elephant blocks and unblocks, and each of its
    // moves gives black's cannon on g7 a new screen against red's unprotected horse on c7.
    let outcome = judged(
        "2bakar2/3r5/n1NNb1c2/p1p5p/9/6Bp1/P7P/3AC4/9/R3KAB1R b - - 0 1",
        "e7g5 d7e5 g5e7 e5d7",
    );
    assert_eq!(outcome, loss(Color::Red, Termination::PerpetualCheck));
}

#[test]
fn both_sides_idle_draw() {
    assert_eq!(
        judged(xiangqi_rules::START_FEN, "b0c2 b9c7 c2b0 c7b9"),
        DRAW
    );
}

#[test]
fn chasing_a_different_piece_each_move_is_no_perpetual_chase() {
    // Red's chariot attacks the unprotected horse from a0, then the unprotected cannon on c9
    // from c0: each move is a chase, but not of the same piece.
    let outcome = judged(
        "2ck5/n8/9/9/9/9/9/9/9/2R1K4 w - - 0 1",
        "c0a0 a8b6 a0c0 b6a8",
    );
    assert_eq!(outcome, DRAW);
}

#[test]
fn a_broken_lap_is_a_draw_without_panicking() {
    let start = position(CHARIOT_CHASES_HORSE.0);
    // Nothing stands on e5.
    assert_eq!(judge_lap(&start, &moves("e5e6 a8c7")), DRAW);
    assert_eq!(judge_lap(&start, &[]), DRAW);
}

#[test]
fn convert_writes_the_result_and_termination_of_a_chase() {
    let (fen, lap) = CHARIOT_CHASES_HORSE;
    let record = format!(
        "[Game \"Chinese Chess\"]\n[FEN \"{fen}\"]\n\n1. {lap} 3. {lap} *\n",
        lap = lap.replacen(" a0c0", " 2. a0c0", 1)
    );
    let dir = tempfile::tempdir().unwrap_or_else(|e| panic!("{e}"));
    let path = dir.path().join("chase.pgn");
    std::fs::write(&path, record).unwrap_or_else(|e| panic!("{e}"));
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_xiangqi"))
        .args(["convert", &path.to_string_lossy(), "--to", "iccs"])
        .output()
        .unwrap_or_else(|e| panic!("cannot run xiangqi: {e}"));
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("[Result \"0-1\"]\n"), "{text}");
    assert!(
        text.contains("[Termination \"perpetual chase\"]\n"),
        "{text}"
    );
    assert!(text.ends_with("\n0-1\n"), "{text}");
}

mod properties {
    use super::*;
    use proptest::prelude::*;
    use proptest::test_runner::RngSeed;

    /// Small positions where random play repeats often, with chases and checks.
    const STARTS: &[&str] = &[
        "3k5/n8/9/9/9/9/9/9/9/2R1K4 w - - 0 1",
        "3rk4/9/3r5/9/9/4N4/9/9/9/5K3 w - - 0 1",
        "4k4/9/9/R8/2n6/9/9/9/9/3K5 w - - 0 1",
        "2bakar2/3r5/n1NNb1c2/p1p5p/9/6Bp1/P7P/3AC4/9/R3KAB1R b - - 0 1",
        "3akab2/9/2n1b1c2/p3p3p/2p6/6R2/P3P3P/4C1N2/9/2BAKAB2 w - - 0 1",
    ];

    proptest! {
        #![proptest_config(ProptestConfig {
            cases: 300,
            rng_seed: RngSeed::Fixed(0x6178_6672),
            failure_persistence: None,
            ..ProptestConfig::default()
        })]

        /// Along random games that mostly move back (so positions repeat): undo restores the
        /// exact state (position, outcome, warnings) and redo replays it; when a repetition
        /// ends the game the verdict is [`judge_lap`] on the last lap, and the same lap played
        /// from its start in a fresh game, with no history before it, gets the same verdict.
        #[test]
        fn verdict_depends_only_on_the_lap_and_undo_restores_the_state(
            start in 0..STARTS.len(),
            choices in prop::collection::vec(any::<u8>(), 1..80),
        ) {
            let mut game = Game::new(position(STARTS[start]));
            for c in choices {
                if game.outcome().is_some() {
                    break;
                }
                let legal = game.position().legal_moves();
                let back = game
                    .moves()
                    .len()
                    .checked_sub(2)
                    .map(|i| Move::new(game.moves()[i].to, game.moves()[i].from))
                    .filter(|&b| c % 4 != 0 && legal.contains(&b));
                let mv = back.unwrap_or(legal[usize::from(c) % legal.len()]);
                let before = (
                    game.position().clone(),
                    game.outcome(),
                    game.repetition_warnings(),
                    game.occurrences(),
                );
                prop_assert_eq!(game.play(mv), Ok(()));
                let after = (game.position().clone(), game.outcome(), game.occurrences());
                prop_assert_eq!(game.undo(), Some(mv));
                prop_assert_eq!(
                    &before,
                    &(
                        game.position().clone(),
                        game.outcome(),
                        game.repetition_warnings(),
                        game.occurrences(),
                    )
                );
                prop_assert!(game.position().check_consistency().is_ok());
                prop_assert_eq!(game.redo(), Some(mv));
                prop_assert_eq!(&after, &(game.position().clone(), game.outcome(), game.occurrences()));

                let Some(outcome) = game.outcome() else { continue };
                if !matches!(
                    outcome.termination,
                    Termination::Repetition | Termination::PerpetualCheck | Termination::PerpetualChase
                ) {
                    continue;
                }
                let positions = game.positions();
                let current = positions.last().expect("a position");
                let lap_start = (0..positions.len() - 1)
                    .rev()
                    .find(|&i| positions[i].board() == current.board() && positions[i].turn() == current.turn())
                    .expect("a repetition has an earlier occurrence");
                let lap = &game.moves()[lap_start..];
                prop_assert_eq!(judge_lap(&positions[lap_start], lap), outcome);
                let mut fresh = Game::new(positions[lap_start].clone());
                for &m in lap.iter().chain(lap) {
                    prop_assert_eq!(fresh.outcome(), None);
                    prop_assert_eq!(fresh.play(m), Ok(()));
                }
                prop_assert_eq!(fresh.outcome(), Some(outcome));
            }
        }
    }
}
