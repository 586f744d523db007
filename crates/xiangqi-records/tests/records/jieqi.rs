//! Jieqi games as PGN: saved and read back, they replay to the same positions with the same
//! reveals, in every notation; reveals given by hand; the mistakes a record can hold.

use xiangqi_records::jieqi::{JieqiPgnErrorKind, read_jieqi_pgn, write_jieqi_pgn};
use xiangqi_rules::jieqi::{DealRng, JieqiGame};
use xiangqi_rules::{Color, Notation, Piece, Role};

/// A game of `plies` random moves (fewer if it ends), dealt from `seed`.
fn random_game(seed: u64, plies: usize) -> JieqiGame {
    let mut game = JieqiGame::dealt(seed);
    let mut rng = DealRng::new(seed.wrapping_mul(31));
    for _ in 0..plies {
        if game.outcome().is_some() {
            break;
        }
        let moves = game.legal_moves();
        let m = moves[rng.below(moves.len() as u64) as usize];
        game.play(m).expect("a legal move plays");
    }
    game
}

#[test]
fn a_saved_game_replays_with_the_same_reveals_in_every_notation() {
    for seed in 0..12u64 {
        let game = random_game(seed, 80);
        for notation in [Notation::Iccs, Notation::Wxf, Notation::Chinese] {
            let tags = vec![("Event".to_string(), "Club \"night\"".to_string())];
            let text = write_jieqi_pgn(&game, &tags, notation);
            let record = read_jieqi_pgn(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
            assert_eq!(record.moves, game.moves(), "{notation:?}\n{text}");
            assert_eq!(&record.start, game.start());
            assert!(record.tags.contains(&tags[0]));
            // A different seed deals the pieces nobody saw differently: the same game still.
            let replayed = record.replay(seed + 1000).expect("replays");
            assert_eq!(replayed.positions(), game.positions(), "{notation:?}");
        }
    }
}

#[test]
fn reveals_are_written_in_the_moves() {
    let mut game = JieqiGame::dealt(5);
    let by_hand = "a0a1=N".parse().expect("a Jieqi move");
    game.play_revealing(by_hand).expect("a red horse is unseen");
    let text = write_jieqi_pgn(&game, &[], Notation::Iccs);
    assert!(text.contains("[Variant \"Jieqi\"]"), "{text}");
    assert!(text.contains("1. A0-A1N *"), "{text}");
    let chinese = write_jieqi_pgn(&game, &[], Notation::Chinese);
    assert!(chinese.contains("1. 车九进一=马 *"), "{chinese}");
    let wxf = write_jieqi_pgn(&game, &[], Notation::Wxf);
    assert!(wxf.contains("1. R9+1=H *"), "{wxf}");
}

#[test]
fn a_record_entered_by_hand_gives_its_reveals() {
    let text = "[Variant \"Jieqi\"]\n\n1. 炮二平五=车 {a chariot!} 马8进7=卒 2. i0i1R ; rest\n*\n";
    let record = read_jieqi_pgn(text).expect("reads");
    assert_eq!(record.moves.len(), 3);
    assert_eq!(
        record.moves[0].reveal,
        Some(Piece::new(Color::Red, Role::Chariot))
    );
    assert_eq!(
        record.moves[1].reveal,
        Some(Piece::new(Color::Black, Role::Soldier))
    );
    let game = record.replay(1).expect("the reveals fit the pool");
    assert_eq!(game.moves(), record.moves);
}

#[test]
fn bad_records_say_what_and_where() {
    let not_jieqi = read_jieqi_pgn("[Event \"x\"]\n\n1. h2e2 *\n").expect_err("no variant");
    assert_eq!(not_jieqi.kind, JieqiPgnErrorKind::NotJieqi(None));
    let missing =
        read_jieqi_pgn("[Variant \"Jieqi\"]\n\n1. h2e2 h9g7r *\n").expect_err("no reveal");
    assert_eq!(missing.line, 3);
    assert!(missing.to_string().contains("h2e2"), "{missing}");
    let variation =
        read_jieqi_pgn("[Variant \"Jieqi\"]\n\n1. h2e2R (1. b2e2C) *\n").expect_err("variation");
    assert_eq!(variation.kind, JieqiPgnErrorKind::Variation);
    let too_many =
        read_jieqi_pgn("[Variant \"Jieqi\"]\n\n1. a0a1R h9g7r 2. i0i1R b9c7r 3. b2b1R *\n")
            .expect_err("a third red chariot");
    assert_eq!(too_many.line, 3);
    assert!(too_many.to_string().contains("b2b1R"), "{too_many}");
    let fen = read_jieqi_pgn("[Variant \"Jieqi\"]\n[FEN \"4k4/9 w\"]\n\n*\n").expect_err("bad FEN");
    assert!(matches!(fen.kind, JieqiPgnErrorKind::Fen(_)), "{fen}");
}

#[test]
fn of_a_file_of_several_games_the_first_is_read_and_the_next_game_stops_it() {
    let first = write_jieqi_pgn(&random_game(5, 12), &[], Notation::Iccs);
    let second = write_jieqi_pgn(&random_game(6, 20), &[], Notation::Chinese);
    let record = read_jieqi_pgn(&format!("{first}\n{second}")).expect("the first game reads");
    assert_eq!(record.moves, read_jieqi_pgn(&first).expect("alone").moves);
    assert_eq!(record.moves.len(), 12);
}
