//! Jieqi's rules from positions written by hand: covered pieces on every kind of starting
//! point, revealed advisors and elephants across the river, pins, checks by a roaming advisor,
//! captures of covered pieces, make and unmake with reveals, and the game's end.

use xiangqi_rules::jieqi::{
    Deal, DealRng, JieqiGame, JieqiMove, JieqiPiece, JieqiPlayError, JieqiPosition, RevealError,
};
use xiangqi_rules::{Color, Move, Piece, Role, Square, Termination};

fn pos(fen: &str) -> JieqiPosition {
    JieqiPosition::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn sq(name: &str) -> Square {
    name.parse().expect("test square names are valid")
}

fn mv(text: &str) -> Move {
    text.parse().expect("test moves are valid")
}

/// The legal moves of `fen`, sorted, as ICCS.
fn legal(fen: &str) -> Vec<String> {
    let mut out: Vec<String> = pos(fen)
        .legal_moves()
        .iter()
        .map(|m| m.to_string())
        .collect();
    out.sort();
    out
}

fn sorted(moves: &[&str]) -> Vec<String> {
    let mut out: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    out.sort();
    out
}

/// The legal moves from `from` alone.
fn legal_from(fen: &str, from: &str) -> Vec<String> {
    let mut out: Vec<String> = pos(fen)
        .legal_moves_from(sq(from))
        .iter()
        .map(|m| m.to_string())
        .collect();
    out.sort();
    out
}

#[test]
fn the_start_has_xiangqis_44_moves_each_a_reveal() {
    let start = JieqiPosition::start();
    let moves = start.legal_moves();
    assert_eq!(moves.len(), 44);
    let reveals = moves.iter().filter(|&&m| start.is_reveal(m)).count();
    // Every move but the general's step reveals.
    assert_eq!(reveals, 43);
}

#[test]
fn covered_pieces_move_as_the_piece_of_their_point() {
    // Red: covered pieces on a chariot, a horse, an elephant, an advisor, a cannon and a
    // soldier point; each moves as that piece.
    let fen = "3k5/9/9/9/9/9/X8/1X7/9/XXXAK4 R1N1B1A1C1P1 w - - 0 1";
    assert_eq!(
        legal_from(fen, "a0"),
        sorted(&["a0a1", "a0a2"]),
        "chariot point: a line up to the own covered soldier"
    );
    assert_eq!(
        legal_from(fen, "b0"),
        sorted(&["b0a2", "b0c2"]),
        "horse point"
    );
    assert_eq!(
        legal_from(fen, "c0"),
        sorted(&["c0a2", "c0e2"]),
        "elephant point: on its own side"
    );
    assert_eq!(
        legal_from(fen, "b2"),
        sorted(&[
            "b2a2", "b2c2", "b2d2", "b2e2", "b2f2", "b2g2", "b2h2", "b2i2", "b2b1", "b2b3", "b2b4",
            "b2b5", "b2b6", "b2b7", "b2b8", "b2b9"
        ]),
        "cannon point"
    );
    assert_eq!(
        legal_from(fen, "a3"),
        sorted(&["a3a4"]),
        "soldier point: only forward"
    );
    // Black's covered advisor point d9: within the palace only.
    let black = "xxxx1k3/9/9/9/9/9/9/9/9/4K4 r1n1b1a1 b - - 0 1";
    assert_eq!(legal_from(black, "d9"), sorted(&["d9e8"]));
}

#[test]
fn a_covered_advisor_keeps_to_the_palace_and_a_covered_elephant_to_its_side() {
    // A covered advisor on f0 steps to e1 only; a revealed one on d0 goes to c1 and e1.
    let fen = "3k5/9/9/9/9/9/9/9/9/3AKX3 A1 w - - 0 1";
    assert_eq!(legal_from(fen, "f0"), sorted(&["f0e1"]));
    assert_eq!(legal_from(fen, "d0"), sorted(&["d0c1", "d0e1"]));
}

#[test]
fn revealed_advisors_and_elephants_roam_across_the_river() {
    // A red advisor and elephant deep in black's half, a black advisor and elephant in red's.
    let fen = "3k5/9/9/2A3B2/9/4a4/6b2/9/9/4K4 - w - - 0 1";
    assert_eq!(
        legal_from(fen, "c6"),
        sorted(&["c6b5", "c6b7", "c6d5", "c6d7"])
    );
    assert_eq!(
        legal_from(fen, "g6"),
        sorted(&["g6e4", "g6e8", "g6i4", "g6i8"])
    );
    let black = "3k5/9/9/2A3B2/9/4a4/6b2/9/9/4K4 - b - - 0 1";
    assert_eq!(
        legal_from(black, "e4"),
        sorted(&["e4d3", "e4d5", "e4f3", "e4f5"])
    );
    // The elephant on g3 back over the river to e5 and i5, and down to e1 and i1.
    assert_eq!(
        legal_from(black, "g3"),
        sorted(&["g3e1", "g3e5", "g3i1", "g3i5"])
    );
    // A blocked eye stops a roaming elephant as it stops xiangqi's.
    let blocked = "3k5/9/9/9/9/9/9/2b6/3P5/4K4 - b - - 0 1";
    assert_eq!(legal_from(blocked, "c2"), sorted(&["c2a0", "c2a4", "c2e4"]));
}

#[test]
fn a_revealed_soldier_on_its_own_side_moves_only_forward() {
    // Red soldiers revealed on a1 (own side) and on c6 (across).
    let fen = "3k5/9/9/2P6/9/9/9/9/P8/4K4 - w - - 0 1";
    assert_eq!(legal_from(fen, "a1"), sorted(&["a1a2"]));
    assert_eq!(legal_from(fen, "c6"), sorted(&["c6b6", "c6c7", "c6d6"]));
}

#[test]
fn a_roaming_advisor_gives_check_from_outside_the_palace_rules() {
    // A black advisor on d1 attacks e0: red must answer. f0 would face the black general.
    let fen = "5k3/9/9/9/9/9/9/9/3a5/4K4 - w - - 0 1";
    assert!(pos(fen).is_check());
    assert_eq!(legal(fen), sorted(&["e0d0", "e0e1"]));
    // A revealed elephant across the river attacks a general on its diagonal when the eye
    // is empty, and not when it is filled.
    let elephant = "5k3/9/9/9/9/9/9/2b6/9/4K4 - w - - 0 1";
    assert!(pos(elephant).is_check());
    let shut = "5k3/9/9/9/9/9/9/2b6/3P5/4K4 - w - - 0 1";
    assert!(!pos(shut).is_check());
    // The red soldier in the eye is pinned: stepping forward opens the elephant's line.
    assert_eq!(legal_from(shut, "d1"), Vec::<String>::new());
}

#[test]
fn a_covered_piece_pinned_against_its_general_cannot_move() {
    // The covered elephant on c0 stands between a black chariot on a0 and red's general.
    let fen = "3k5/9/9/9/9/9/9/9/9/r1X1K4 B1 w - - 0 1";
    assert_eq!(legal_from(fen, "c0"), Vec::<String>::new());
    // The general: f0 and e1; d0 faces the black general on the open d file.
    assert_eq!(legal(fen), sorted(&["e0e1", "e0f0"]));
    // Pinned along its own file, a covered soldier still steps forward.
    let file = "4k4/4r4/9/9/9/9/4X4/9/9/4K4 P1 w - - 0 1";
    assert_eq!(legal_from(file, "e3"), sorted(&["e3e4"]));
}

#[test]
fn a_captured_covered_piece_stays_unseen() {
    let fen = "x2k5/9/9/9/9/9/9/R8/9/4K4 r1 w - - 0 1";
    let mut p = pos(fen);
    let before = p.clone();
    let capture = mv("a2a9");
    assert!(p.legal_moves().contains(&capture));
    let undo = p.make_move(capture, None);
    assert_eq!(undo.captured(), Some(JieqiPiece::Covered(Color::Black)));
    assert_eq!(undo.revealed(), None);
    // Nobody saw it: black's pool still lists it.
    assert_eq!(p.pool().count(Color::Black, Role::Chariot), 1);
    assert_eq!(p.covered_count(Color::Black), 0);
    assert_eq!(p.fen(), "R2k5/9/9/9/9/9/9/9/9/4K4 r1 b - - 0 1");
    assert!(p.is_consistent());
    p.unmake_move(capture, undo);
    assert_eq!(p, before);
    assert_eq!(p.key(), before.key());
    assert!(p.is_consistent());
}

#[test]
fn a_reveal_turns_the_piece_over_and_it_then_moves_as_itself() {
    let mut p = JieqiPosition::start();
    let before = p.clone();
    // The chariot's point moves as a chariot and turns out to be a horse.
    let u1 = p.make_move(mv("a0a1"), Some(Role::Horse));
    assert_eq!(u1.revealed(), Some(Piece::new(Color::Red, Role::Horse)));
    assert_eq!(
        p.piece_at(sq("a1")),
        Some(JieqiPiece::Revealed(Piece::new(Color::Red, Role::Horse)))
    );
    assert_eq!(p.pool().count(Color::Red, Role::Horse), 1);
    assert_eq!(p.pool().total(Color::Red), 14);
    assert!(p.is_consistent());
    let u2 = p.make_move(mv("e6e5"), Some(Role::Soldier));
    // A horse now, not a chariot: b3 and c2 (c0 holds red's covered elephant), not along
    // the first rank.
    let from_a1: Vec<String> = p
        .legal_moves_from(sq("a1"))
        .iter()
        .map(|m| m.to_string())
        .collect();
    assert_eq!(from_a1, sorted(&["a1b3", "a1c2"]));
    // Take both back: the start again, keys and all.
    p.unmake_move(mv("e6e5"), u2);
    p.unmake_move(mv("a0a1"), u1);
    assert_eq!(p, before);
    assert_eq!(p.key(), before.key());
    assert!(p.is_covered(sq("a0")));
}

#[test]
fn fen_reads_jieqibox_forms_and_writes_one() {
    // JieqiBox's start as its constant gives it, the pool red first.
    let given = "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX \
                 A2B2N2R2C2P5a2b2n2r2c2p5 w - - 0 1";
    let start = pos(given);
    assert_eq!(start, JieqiPosition::start());
    // Written as JieqiBox writes a pool it counts: chariots first, red before black.
    assert_eq!(
        start.fen(),
        "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX \
         R2r2N2n2B2b2A2a2C2c2P5p5 w - - 0 1"
    );
    for fen in [
        "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX R2r2N2n2B2b2A2a2C2c2P5p5 w - - 0 1",
        "4k4/9/9/2A3B2/9/4a4/6b2/9/9/4K4 - w - - 12 40",
        "x2k5/9/9/9/9/9/9/R8/9/4K4 r1 w - - 0 1",
        "3k5/9/9/9/9/9/9/9/9/r1X1K4 B1 b - - 3 7",
    ] {
        assert_eq!(pos(fen).fen(), fen, "round trip");
    }
}

#[test]
fn bad_jieqi_fens_say_what_and_where() {
    let cases = [
        // (FEN, words the message must hold)
        (
            "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX",
            "pool",
        ),
        (
            "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w A2B2N2R2C2P5a2b2n2r2c2p5 - 0 1",
            "column 61",
        ),
        ("3k5/9/9/9/9/9/9/9/9/4K4 Q1 w", "column 25"),
        ("3k5/9/9/9/9/9/9/9/9/4K4 R w", "column 25"),
        ("3k5/9/9/9/9/9/9/9/9/4K4 R3 w", "R3"),
        ("3k5/9/9/9/9/9/9/9/9/4K4 K1 w", "general"),
        ("3k5/9/9/9/9/9/9/9/4X4/4K4 R1 w", "e1"),
        ("3k5/9/9/9/9/9/9/9/9/3XK4 - w", "pool lists only 0"),
        ("3k5/9/9/9/9/9/9/9/9/RR2K4 R1 w", "chariot"),
        ("3k5/9/9/9/9/9/9/9/9/4K2Z1 - w", "column 24"),
    ];
    for (fen, words) in cases {
        let err = JieqiPosition::from_fen(fen).expect_err(fen).to_string();
        assert!(err.contains(words), "{fen}: {err:?} lacks {words:?}");
    }
}

#[test]
fn the_game_deals_reveals_and_takes_back() {
    let mut game = JieqiGame::dealt(11);
    let under = game.deal().piece_at(sq("h2")).expect("h2 is dealt");
    let played = game.play(mv("h2e2")).expect("legal");
    assert_eq!(played.reveal, Some(under));
    assert_eq!(
        game.position().piece_at(sq("e2")),
        Some(JieqiPiece::Revealed(under))
    );
    // A move that is not legal for the acting piece is refused, the game unchanged.
    assert!(matches!(
        game.play(mv("a9a5")),
        Err(JieqiPlayError::Illegal(_))
    ));
    // A reveal given by hand that the pool cannot hold is refused.
    let wrong_side = JieqiMove {
        mv: mv("a9a8"),
        reveal: Some(Piece::new(Color::Red, Role::Chariot)),
    };
    assert!(matches!(
        game.play_revealing(wrong_side),
        Err(JieqiPlayError::Reveal(RevealError::NotInPool(_)))
    ));
    // Given by hand, the reveal is what the position shows, and the deal agrees.
    let by_hand = JieqiMove {
        mv: mv("a9a8"),
        reveal: Some(Piece::new(Color::Black, Role::Cannon)),
    };
    assert_eq!(game.play_revealing(by_hand), Ok(by_hand));
    assert_eq!(
        game.deal().piece_at(sq("a9")),
        Some(Piece::new(Color::Black, Role::Cannon))
    );
    assert_eq!(game.undo(), Some(by_hand));
    assert!(game.position().is_covered(sq("a9")));
    assert_eq!(game.redo(), Some(by_hand));
    // Replayed from its record, the game reaches the same position.
    let replayed = JieqiGame::replay(game.start().clone(), game.moves(), 99).expect("replays");
    assert_eq!(replayed.position(), game.position());
}

#[test]
fn a_side_without_a_legal_move_loses() {
    // Red mated by a roaming black advisor on d1: a cannon over it holds d0, a chariot e1,
    // and the black general f0.
    let fen = "5k3/3cr4/9/9/9/9/9/9/3a5/4K4 - w - - 0 1";
    let p = pos(fen);
    assert!(p.is_check());
    assert!(p.legal_moves().is_empty());
    let game = JieqiGame::new(
        p,
        Deal::new(&pos(fen), std::iter::empty()).expect("no covered pieces to deal"),
    )
    .expect("no covered pieces, an empty deal");
    let outcome = game.outcome().expect("over");
    assert_eq!(outcome.winner, Some(Color::Black));
    assert_eq!(outcome.termination, Termination::Checkmate);
}

#[test]
fn make_and_unmake_keep_everything_consistent_over_random_games() {
    for n in 0..20u64 {
        let mut game = JieqiGame::dealt(n);
        let mut rng = xiangqi_rules::jieqi::DealRng::new(n ^ 0xABCD);
        for _ in 0..120 {
            if game.outcome().is_some() {
                break;
            }
            let moves = game.legal_moves();
            let m = moves[rng.below(moves.len() as u64) as usize];
            let before = game.position().clone();
            let mut scratch = before.clone();
            let reveal = game.deal().piece_at(m.from).filter(|_| before.is_reveal(m));
            let undo = scratch.make_move(m, reveal.map(|p| p.role));
            assert!(scratch.is_consistent(), "{before:?} {m}");
            // The FEN of the position after reads back to it.
            assert_eq!(pos(&scratch.fen()), scratch, "{}", scratch.fen());
            scratch.unmake_move(m, undo);
            assert_eq!(scratch, before);
            assert_eq!(scratch.key(), before.key());
            game.play(m).expect("a legal move plays");
        }
    }
}

/// The chi-squared statistic of which kind of piece lands on which covered point of `color`
/// over `deals` deals of the start (deal `n` from the number `n`), against the pool's
/// proportions.
fn deal_chi_squared(color: Color, deals: u64, shuffled: impl Fn(u64) -> Deal) -> f64 {
    let start = JieqiPosition::start();
    let points: Vec<Square> = start
        .covered_points()
        .filter(|&s| start.piece_at(s).is_some_and(|p| p.color() == color))
        .collect();
    let kinds = [
        Role::Chariot,
        Role::Horse,
        Role::Elephant,
        Role::Advisor,
        Role::Cannon,
        Role::Soldier,
    ];
    let mut seen = vec![[0u64; 6]; points.len()];
    for n in 0..deals {
        let deal = shuffled(n);
        for (i, &s) in points.iter().enumerate() {
            let piece = deal.piece_at(s).expect("every covered point is dealt");
            assert_eq!(piece.color, color);
            let k = kinds.iter().position(|&r| r == piece.role).expect("a kind");
            seen[i][k] += 1;
        }
    }
    let mut chi = 0.0;
    for row in &seen {
        for (k, &role) in kinds.iter().enumerate() {
            let expected = deals as f64 * role.max_count() as f64 / 15.0;
            let d = row[k] as f64 - expected;
            chi += d * d / expected;
        }
    }
    chi
}

#[test]
fn deals_are_uniform_over_the_points() {
    // 15 points of 6 kinds each: 15 × 5 = 75 degrees of freedom. The critical value at
    // p = 0.001 (Wilson–Hilferty) is 118.7; the deals come from fixed numbers, so the test
    // gives the same answer on every run.
    const CRITICAL: f64 = 118.7;
    let start = JieqiPosition::start();
    let random = |n: u64| Deal::random(&start, &mut DealRng::new(n));
    for color in Color::ALL {
        let chi = deal_chi_squared(color, 6000, random);
        assert!(chi < CRITICAL, "{color:?}: chi-squared {chi:.1}");
    }
    // The same statistic sees a biased deal: the first point a chariot twice as often.
    let biased = |n: u64| {
        let deal = random(n);
        let a0 = sq("a0");
        if n.is_multiple_of(8) && deal.piece_at(a0).map(|p| p.role) != Some(Role::Chariot) {
            let text = deal.to_string();
            let at = text.find('R').expect("a red chariot is dealt somewhere");
            let mut letters: Vec<char> = text.chars().collect();
            letters.swap(0, at);
            Deal::parse(&start, &letters.iter().collect::<String>()).expect("a deal")
        } else {
            deal
        }
    };
    assert!(deal_chi_squared(Color::Red, 6000, biased) > CRITICAL);
}
