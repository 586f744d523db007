//! Scripted games from FENs for every way a game ends: mate, no legal move, perpetual check,
//! mutual perpetual, repetition, the move limit, insufficient material, resignation and
//! agreement; moves refused after the end; undo returning to play.

use xiangqi_rules::{
    Color, Game, IllegalMove, MOVE_LIMIT_PLIES, Move, Outcome, PlayError, Position, Termination,
    judge_lap,
};

fn game_from(fen: &str) -> Game {
    Game::new(Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}")))
}

fn mv(text: &str) -> Move {
    text.parse().unwrap_or_else(|e| panic!("{e}"))
}

/// Plays the space-separated ICCS moves, each of which must be accepted, and checks that the
/// game goes on until the last one.
fn play_all(game: &mut Game, moves: &str) {
    for m in moves.split_whitespace() {
        assert_eq!(game.outcome(), None, "the game ended before {m}");
        if let Err(e) = game.play(mv(m)) {
            panic!("{m} refused in {}: {e}", game.position().fen());
        }
    }
}

fn outcome(winner: Option<Color>, termination: Termination) -> Option<Outcome> {
    Some(Outcome {
        winner,
        termination,
    })
}

/// A red chariot checks the black general on rank 9, then rank 8, then 9 … while the general
/// steps between e9 and e8. Black to move at the start, already in check.
const CHASE_FROM_CHECK: &str = "R3k4/9/9/9/9/9/9/9/9/3K5 b - - 0 1";
const CHASE_CYCLE: &str = "e9e8 a9a8 e8e9 a8a9";

#[test]
fn perpetual_check_completed_by_the_checker_loses() {
    let mut game = game_from(CHASE_FROM_CHECK);
    play_all(&mut game, CHASE_CYCLE);
    assert_eq!(game.occurrences(), 2);
    play_all(&mut game, "e9e8 a9a8 e8e9");
    // Red's next check would bring the start position round a third time.
    let warnings = game.repetition_warnings();
    let lose = outcome(Some(Color::Black), Termination::PerpetualCheck).expect("some");
    assert!(warnings.contains(&(mv("a8a9"), lose)), "{warnings:?}");
    assert_eq!(game.outcome_if_played(mv("a8a9")), Ok(Some(lose)));
    play_all(&mut game, "a8a9");
    assert_eq!(game.occurrences(), 3);
    assert_eq!(game.outcome(), Some(lose));
    assert_eq!(lose.loser(), Some(Color::Red));
    assert_eq!(lose.to_string(), "Black wins — perpetual check");
}

#[test]
fn perpetual_check_completed_by_the_checked_side_still_loses_for_the_checker() {
    let mut game = game_from("4k4/R8/9/9/9/9/9/9/9/3K5 w - - 0 1");
    play_all(&mut game, "a8a9 e9e8 a9a8 e8e9 a8a9 e9e8 a9a8");
    // Black's move closes the cycle: the warning is on black's list, as a win.
    let warnings = game.repetition_warnings();
    assert_eq!(
        warnings,
        [(
            mv("e8e9"),
            outcome(Some(Color::Black), Termination::PerpetualCheck).expect("some")
        )]
    );
    play_all(&mut game, "e8e9");
    assert_eq!(
        game.outcome(),
        outcome(Some(Color::Black), Termination::PerpetualCheck)
    );
}

#[test]
fn mutual_perpetual_check_is_a_draw() {
    // Red's cannon and black's chariot shuttle, each move blocking a check and giving one.
    let mut game = game_from("9/5k3/9/3r4n/5c3/9/5N3/5C3/3K2C2/9 w - - 0 1");
    let cycle = "f3d2 f5d5 d2f3 d5f5";
    play_all(&mut game, cycle);
    play_all(&mut game, cycle);
    assert!(
        game.positions()[1..].iter().all(Position::is_check),
        "every move of both sides gives check"
    );
    assert_eq!(game.outcome(), outcome(None, Termination::Repetition));
}

#[test]
fn plain_threefold_repetition_is_a_draw() {
    let mut game = Game::default();
    play_all(&mut game, "b0c2 b9c7 c2b0 c7b9 b0c2 b9c7 c2b0");
    assert_eq!(game.outcome(), None);
    assert_eq!(
        game.repetition_warnings(),
        [(
            mv("c7b9"),
            outcome(None, Termination::Repetition).expect("some")
        )]
    );
    play_all(&mut game, "c7b9");
    assert_eq!(game.outcome(), outcome(None, Termination::Repetition));
    assert_eq!(game.occurrences(), 3);
}

#[test]
fn two_occurrences_are_not_yet_a_repetition() {
    let mut game = Game::default();
    play_all(&mut game, "b0c2 b9c7 c2b0 c7b9 b0c2 b9c7");
    assert_eq!(game.occurrences(), 2);
    assert_eq!(game.outcome(), None);
    assert!(game.repetition_warnings().is_empty());
}

#[test]
fn the_cycle_judged_is_the_last_one_checks_in_it_lose() {
    // First cycle quiet, second all checks by red: red loses.
    let mut game = game_from("4k4/R8/9/9/9/9/9/9/9/3K5 w - - 0 1");
    play_all(&mut game, "d0d1 e9f9 d1d0 f9e9");
    play_all(&mut game, "a8a9 e9e8 a9a8 e8e9");
    assert_eq!(
        game.outcome(),
        outcome(Some(Color::Black), Termination::PerpetualCheck)
    );
}

#[test]
fn the_cycle_judged_is_the_last_one_quiet_last_cycle_draws() {
    // First cycle all checks by red, second quiet: a draw.
    let mut game = game_from("4k4/R8/9/9/9/9/9/9/9/3K5 w - - 0 1");
    play_all(&mut game, "a8a9 e9e8 a9a8 e8e9");
    play_all(&mut game, "d0d1 e9f9 d1d0 f9e9");
    assert_eq!(game.outcome(), outcome(None, Termination::Repetition));
}

#[test]
fn quiet_moves_in_the_cycle_make_the_checker_draw() {
    // Red checks with two of its four moves, the other two are quiet general steps; black
    // never checks. No position repeats inside the cycle.
    let mut game = game_from("4k4/R8/9/9/9/9/9/9/9/3K5 w - - 0 1");
    let cycle = "a8a9 e9e8 d0d1 e8f8 a9a8 f8f9 d1d0 f9e9";
    play_all(&mut game, cycle);
    assert_eq!(game.occurrences(), 2);
    let (rest, last) = cycle.rsplit_once(' ').expect("several moves");
    play_all(&mut game, rest);
    play_all(&mut game, last);
    assert_eq!(game.occurrences(), 3);
    assert_eq!(game.outcome(), outcome(None, Termination::Repetition));
}

#[test]
fn the_first_position_to_occur_three_times_decides() {
    // Within the long cycle a shorter one closes first: the position after e9e8 (red to move,
    // chariot a9, general e8) occurs at plies 2, 6 and 10. Between plies 6 and 10 red checked
    // with both its moves, so red loses, though its first visit there was quiet.
    let mut game = game_from("4k4/R8/9/9/9/9/9/9/9/3K5 w - - 0 1");
    play_all(&mut game, "a8a9 e9e8 d0d1 e8e7 d1d0 e7e8 a9a8 e8e9 a8a9");
    play_all(&mut game, "e9e8");
    assert_eq!(game.moves().len(), 10);
    assert_eq!(
        game.outcome(),
        outcome(Some(Color::Black), Termination::PerpetualCheck)
    );
}

/// Red's chariot walks up the i-file and along rank 8 while black's general steps between d9
/// and e9: twenty plies, no capture, no position repeated.
const QUIET_TWENTY: &str = "i0i1 d9e9 i1i2 e9d9 i2i3 d9e9 i3i4 e9d9 i4i5 d9e9 \
                            i5i6 e9d9 i6i7 d9e9 i7i8 e9d9 i8h8 d9e9 h8g8 e9d9";

#[test]
fn move_limit_counts_on_from_the_fen_clock() {
    let mut game = game_from("3k5/9/9/9/9/9/9/9/9/5K2R w - - 100 60");
    assert_eq!(game.plies_without_capture(), 100);
    assert!(game.move_limit_near());
    let (rest, last) = QUIET_TWENTY.rsplit_once(' ').expect("several moves");
    play_all(&mut game, rest);
    assert_eq!(game.plies_without_capture(), MOVE_LIMIT_PLIES - 1);
    assert_eq!(game.plies_to_move_limit(), 1);
    assert_eq!(game.outcome(), None);
    play_all(&mut game, last);
    assert_eq!(game.plies_to_move_limit(), 0);
    assert_eq!(game.outcome(), outcome(None, Termination::MoveLimit));
}

#[test]
fn a_capture_resets_the_move_limit() {
    // A black horse on i5 for red's chariot to take.
    let mut game = game_from("3k5/9/9/9/8n/9/9/9/9/5K2R w - - 110 60");
    assert!(game.move_limit_near());
    play_all(&mut game, "i0i5");
    assert_eq!(game.plies_without_capture(), 0);
    assert!(!game.move_limit_near());
    assert_eq!(game.plies_to_move_limit(), MOVE_LIMIT_PLIES);
    play_all(
        &mut game,
        "d9e9 i5i6 e9d9 i6i7 d9e9 i7i8 e9d9 i8h8 d9e9 h8g8",
    );
    assert_eq!(game.plies_without_capture(), 10);
    assert_eq!(game.outcome(), None);
}

#[test]
fn the_move_limit_starts_near_at_one_hundred_plies() {
    let near = |clock: u32| {
        game_from(&format!("3k5/9/9/9/9/9/9/9/9/5K2R w - - {clock} 60")).move_limit_near()
    };
    assert!(!near(0));
    assert!(!near(99));
    assert!(near(100));
    assert!(near(119));
}

#[test]
fn a_fen_past_the_move_limit_is_over_at_once() {
    let game = game_from("3k5/9/9/9/9/9/9/9/9/5K2R w - - 150 90");
    assert_eq!(game.outcome(), outcome(None, Termination::MoveLimit));
    assert_eq!(game.plies_to_move_limit(), 0);
}

#[test]
fn no_move_left_on_the_last_ply_before_the_limit_wins() {
    let mut game = game_from("3k5/9/9/9/9/9/9/9/R8/R3K4 w - - 119 80");
    // a1a8 leaves black no move while the clock reaches 120: no move beats the move limit.
    play_all(&mut game, "a1a8");
    assert_eq!(game.plies_without_capture(), MOVE_LIMIT_PLIES);
    assert_eq!(
        game.outcome(),
        outcome(Some(Color::Red), Termination::NoLegalMove)
    );
}

#[test]
fn stalemate_loses_for_the_side_with_no_move() {
    let mut game = game_from("3k5/9/9/9/9/9/9/9/9/R3K4 w - - 0 1");
    play_all(&mut game, "a0a8");
    assert!(!game.position().is_check());
    let o = game.outcome().expect("over");
    assert_eq!(
        o,
        Outcome {
            winner: Some(Color::Red),
            termination: Termination::NoLegalMove
        }
    );
    assert_eq!(o.to_string(), "Red wins — no legal move");
    assert_eq!(o.pgn_result(), "1-0");
}

#[test]
fn checkmate_wins() {
    let mut game = game_from("3k5/R8/9/6N2/9/9/9/9/9/4K4 w - - 0 1");
    play_all(&mut game, "g6f8");
    assert!(game.position().is_check());
    assert_eq!(
        game.outcome(),
        outcome(Some(Color::Red), Termination::Checkmate)
    );
}

#[test]
fn black_mates_too() {
    // The mirror of the horse mate: chariot on rank 1, horse to f1, the generals' file shut.
    let mut game = game_from("4k4/9/9/9/9/9/6n2/9/r8/3K5 b - - 0 1");
    play_all(&mut game, "g3f1");
    let o = game.outcome();
    assert_eq!(o, outcome(Some(Color::Black), Termination::Checkmate));
    assert_eq!(o.map(Outcome::pgn_result), Some("0-1"));
}

#[test]
fn capturing_the_last_attacker_draws_by_insufficient_material() {
    let mut game = game_from("3ak4/4a4/4b4/9/9/9/9/4B4/3r5/3K1A3 w - - 0 1");
    play_all(&mut game, "d0d1");
    assert_eq!(
        game.outcome(),
        outcome(None, Termination::InsufficientMaterial)
    );
}

#[test]
fn material_that_can_cross_the_river_plays_on() {
    for fen in [
        "3k5/9/9/9/9/9/P8/9/9/4K4 w",
        "3k5/9/9/9/9/9/9/9/9/4K3N w",
        "3k5/9/9/9/9/9/9/9/9/4K3C w",
        "3k5/9/9/9/9/9/9/9/9/4K3R w",
        "3k4r/9/9/9/9/9/9/9/9/4K4 w",
    ] {
        assert_eq!(game_from(fen).outcome(), None, "{fen}");
    }
    let bare = game_from("2bak4/4a4/9/9/9/9/9/4B4/4A4/3AK1B2 w");
    assert_eq!(
        bare.outcome(),
        outcome(None, Termination::InsufficientMaterial)
    );
}

#[test]
fn resignation_is_recorded_and_undo_withdraws_it() {
    let mut game = Game::default();
    play_all(&mut game, "h2e2");
    let o = game.resign(Color::Black).expect("the game is running");
    assert_eq!(
        o,
        Outcome {
            winner: Some(Color::Red),
            termination: Termination::Resignation
        }
    );
    assert_eq!(game.outcome(), Some(o));
    assert_eq!(game.play(mv("h9g7")), Err(PlayError::GameOver(o)));
    assert_eq!(game.resign(Color::Red), Err(PlayError::GameOver(o)));
    assert_eq!(
        game.undo(),
        None,
        "undo withdraws the resignation, not a move"
    );
    assert_eq!(game.outcome(), None);
    assert_eq!(game.moves().len(), 1);
    play_all(&mut game, "h9g7");
}

#[test]
fn agreed_draw_is_recorded_and_undo_withdraws_it() {
    let mut game = Game::default();
    let o = game.agree_draw().expect("running");
    assert_eq!(
        o,
        Outcome {
            winner: None,
            termination: Termination::Agreement
        }
    );
    assert_eq!(o.pgn_result(), "1/2-1/2");
    assert!(o.is_draw());
    assert_eq!(game.agree_draw(), Err(PlayError::GameOver(o)));
    game.undo();
    assert!(!game.is_over());
}

#[test]
fn no_move_is_accepted_after_the_end_and_undo_returns_to_play() {
    let mut game = Game::default();
    play_all(&mut game, "b0c2 b9c7 c2b0 c7b9 b0c2 b9c7 c2b0 c7b9");
    let over = game.outcome().expect("threefold");
    // Legal or not, every move is refused with the outcome.
    assert_eq!(game.play(mv("h2e2")), Err(PlayError::GameOver(over)));
    assert_eq!(game.play(mv("e5e6")), Err(PlayError::GameOver(over)));
    assert_eq!(
        game.outcome_if_played(mv("h2e2")),
        Err(PlayError::GameOver(over))
    );
    assert!(game.repetition_warnings().is_empty());
    assert_eq!(game.moves().len(), 8);
    // Undo takes back the repeating move; the game goes on and another move is accepted.
    assert_eq!(game.undo(), Some(mv("c7b9")));
    assert_eq!(game.outcome(), None);
    assert!(game.can_redo());
    // Redo replays the ending move, and the ending comes back.
    assert_eq!(game.redo(), Some(mv("c7b9")));
    assert_eq!(game.outcome(), Some(over));
    game.undo();
    play_all(&mut game, "h7e7");
    assert!(!game.can_redo());
    assert_eq!(game.outcome(), None);
}

#[test]
fn after_mate_moves_are_refused_until_undo() {
    let mut game = game_from("3k5/R8/9/6N2/9/9/9/9/9/4K4 w - - 0 1");
    play_all(&mut game, "g6f8");
    let mate = game.outcome().expect("mate");
    assert_eq!(game.play(mv("d9e9")), Err(PlayError::GameOver(mate)));
    assert_eq!(
        PlayError::GameOver(mate).to_string(),
        "the game is over: Red wins — checkmate"
    );
    game.undo();
    assert_eq!(game.outcome(), None);
    play_all(&mut game, "a8a9");
}

#[test]
fn illegal_moves_are_refused_with_their_reason() {
    let mut game = Game::default();
    let refused = game.play(mv("b0b1"));
    assert_eq!(
        refused,
        Err(PlayError::Illegal(IllegalMove::WrongShape(
            xiangqi_rules::Role::Horse
        )))
    );
    assert_eq!(
        refused.err().and_then(PlayError::illegal),
        Some(IllegalMove::WrongShape(xiangqi_rules::Role::Horse))
    );
    assert_eq!(game.moves().len(), 0);
}

#[test]
fn play_unadjudicated_goes_past_the_end_for_records() {
    let mut game = Game::default();
    play_all(&mut game, "b0c2 b9c7 c2b0 c7b9 b0c2 b9c7 c2b0 c7b9");
    assert!(game.is_over());
    assert_eq!(game.play_unadjudicated(mv("h2e2")), Ok(()));
    assert_eq!(game.outcome(), None, "the new position is judged afresh");
    assert_eq!(
        game.play_unadjudicated(mv("e5e6")),
        Err(IllegalMove::NoPiece)
    );
}

#[test]
fn redo_replays_a_record_past_its_end_after_undo() {
    // A record that played on after a threefold repetition: undo back before the repetition,
    // then redo must walk forward through every recorded move again.
    let mut game = Game::default();
    play_all(&mut game, "b0c2 b9c7 c2b0 c7b9 b0c2 b9c7 c2b0 c7b9");
    game.play_unadjudicated(mv("h2e2"))
        .unwrap_or_else(|e| panic!("{e}"));
    let recorded = game.moves().to_vec();
    while game.undo().is_some() {}
    assert_eq!(game.moves().len(), 0);
    while game.redo().is_some() {}
    assert_eq!(game.moves(), recorded.as_slice());
    assert!(!game.can_redo());
}

#[test]
fn repetition_counts_the_positions_after_a_capture() {
    // After an exchange on h9 the horses shuffle: the position after the exchange recurs.
    let mut game = Game::default();
    play_all(
        &mut game,
        "h2h9 i9h9 b0c2 b9c7 c2b0 c7b9 b0c2 b9c7 c2b0 c7b9",
    );
    assert_eq!(game.occurrences(), 3);
    assert_eq!(game.outcome(), outcome(None, Termination::Repetition));
    let before_capture = &game.positions()[0];
    assert!(
        game.positions()[2..]
            .iter()
            .all(|p| p.board() != before_capture.board())
    );
}

/// A second, deliberately naive statement of the endings for random games to be judged by:
/// every earlier position is compared (no capture window, no key count), and the steps are
/// written out again here. A repetition's lap is judged by [`judge_lap`], which
/// `tests/repetition.rs` checks on its own.
fn naive_outcome(positions: &[Position], moves: &[Move]) -> Option<Outcome> {
    let current = positions.last().expect("a game has a position");
    if current.legal_moves().is_empty() {
        let termination = if current.is_check() {
            Termination::Checkmate
        } else {
            Termination::NoLegalMove
        };
        return outcome(Some(current.turn().other()), termination);
    }
    let same: Vec<usize> = (0..positions.len() - 1)
        .filter(|&i| {
            positions[i].board() == current.board() && positions[i].turn() == current.turn()
        })
        .collect();
    if same.len() >= 2 {
        let last = *same.last().expect("two");
        let verdict = judge_lap(&positions[last], &moves[last..]);
        // Checks alone decide whenever a side checked throughout, whatever else happened.
        let mut always = [true, true];
        for i in last..positions.len() - 1 {
            always[positions[i].turn().index()] &= positions[i + 1].is_check();
        }
        match always {
            [true, false] => assert_eq!(verdict.loser(), Some(Color::Red)),
            [false, true] => assert_eq!(verdict.loser(), Some(Color::Black)),
            [true, true] => assert!(verdict.is_draw()),
            _ => assert_ne!(verdict.termination, Termination::PerpetualCheck),
        }
        return Some(verdict);
    }
    if current.halfmove_clock() >= 120 {
        return outcome(None, Termination::MoveLimit);
    }
    let can_cross = current.board().pieces().any(|(_, p)| {
        matches!(
            p.role,
            xiangqi_rules::Role::Horse
                | xiangqi_rules::Role::Chariot
                | xiangqi_rules::Role::Cannon
                | xiangqi_rules::Role::Soldier
        )
    });
    if !can_cross {
        return outcome(None, Termination::InsufficientMaterial);
    }
    None
}

mod random_games {
    use super::*;
    use proptest::prelude::*;
    use proptest::test_runner::RngSeed;

    /// Small positions where random play repeats often, checks often and captures now and
    /// then; the clocks start near the move limit so it is reached too.
    const STARTS: &[&str] = &[
        "4k4/R8/9/9/9/9/9/9/9/3K5 w - - 90 1",
        "3k5/9/9/9/9/9/9/9/9/R3K3r w - - 60 1",
        "4k4/4a4/9/9/9/9/9/9/4A4/3K4C b - - 100 1",
        "3ak4/4a4/9/9/9/9/9/4B4/3n5/3K1A3 w - - 0 1",
        "9/5k3/9/3r4n/5c3/9/5N3/5C3/3K2C2/9 w - - 0 1",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    ];

    proptest! {
        #![proptest_config(ProptestConfig {
            cases: 500,
            rng_seed: RngSeed::Fixed(0x656e_6469_6e67),
            failure_persistence: None,
            ..ProptestConfig::default()
        })]

        /// Along random games (biased towards moving back, so positions repeat),
        /// `Game::outcome` equals the naive statement, `play` is refused
        /// exactly when the game is over, and the warnings predict the next outcome.
        #[test]
        fn game_outcome_agrees_with_the_naive_rules(
            start in 0..STARTS.len(),
            choices in prop::collection::vec(any::<u8>(), 1..100),
        ) {
            let mut game = game_from(STARTS[start]);
            for c in choices {
                prop_assert_eq!(game.outcome(), naive_outcome(game.positions(), game.moves()), "{}", game.position().fen());
                let moves = game.position().legal_moves();
                if let Some(over) = game.outcome() {
                    prop_assert!(game.repetition_warnings().is_empty());
                    if let Some(&m) = moves.first() {
                        prop_assert_eq!(game.play(m), Err(PlayError::GameOver(over)));
                    }
                    break;
                }
                // Mostly undo one's own previous move, so positions come round again.
                let back = game
                    .moves()
                    .len()
                    .checked_sub(2)
                    .map(|i| Move::new(game.moves()[i].to, game.moves()[i].from))
                    .filter(|&b| c % 2 == 0 && moves.contains(&b));
                let m = back.unwrap_or(moves[usize::from(c) % moves.len()]);
                let warned = game.repetition_warnings().into_iter().find(|(w, _)| *w == m);
                let predicted = game.outcome_if_played(m);
                prop_assert_eq!(game.play(m), Ok(()));
                prop_assert_eq!(predicted, Ok(game.outcome()));
                let repetition_end = game.outcome().filter(|o| {
                    matches!(
                        o.termination,
                        Termination::PerpetualCheck
                            | Termination::PerpetualChase
                            | Termination::Repetition
                    )
                });
                prop_assert_eq!(warned.map(|(_, o)| o), repetition_end);
                prop_assert!(game.occurrences() <= 3);
            }
        }
    }
}
