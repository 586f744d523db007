//! FEN reading and writing: tables of bad FENs with the exact error each must give, the dialect
//! variants that must be read, and exact round trips of canonical FENs.

use Color::{Black, Red};
use xiangqi_rules::{
    Color, FenError, NumberField, Piece, Position, PositionError, Role, START_FEN, Square,
};

fn sq(name: &str) -> Square {
    name.parse().expect("test square names are valid")
}

fn piece(color: Color, role: Role) -> Piece {
    Piece::new(color, role)
}

fn unreachable(color: Color, role: Role, at: &str) -> FenError {
    FenError::Position(PositionError::UnreachablePoint {
        piece: piece(color, role),
        square: sq(at),
    })
}

/// (what the case is about, FEN, the exact error).
fn bad_fens() -> Vec<(&'static str, &'static str, FenError)> {
    let mut cases = bad_fens_1();
    cases.extend(bad_fens_2());
    cases.extend(bad_fens_3());
    cases.extend(bad_fens_4());
    cases
}

fn bad_fens_1() -> Vec<(&'static str, &'static str, FenError)> {
    vec![
        ("empty", "", FenError::Empty),
        ("only white space", " \t ", FenError::Empty),
        (
            "nine ranks",
            "3k5/9/9/9/9/9/9/9/4K4 w - - 0 1",
            FenError::RankCount { found: 9 },
        ),
        (
            "eleven ranks",
            "3k5/9/9/9/9/9/9/9/9/9/4K4 w - - 0 1",
            FenError::RankCount { found: 11 },
        ),
        ("one rank", "rnbakabnr w", FenError::RankCount { found: 1 }),
        (
            "rank 7 with eight files",
            "3k5/9/8/9/9/9/9/9/9/4K4 w - - 0 1",
            FenError::RankWidth { rank: 7, files: 8 },
        ),
        (
            "rank 4 with ten files",
            "3k5/9/9/9/9/91/9/9/9/4K4 w - - 0 1",
            FenError::RankWidth { rank: 4, files: 10 },
        ),
        (
            "rank 0 with a piece past the ninth file",
            "3k5/9/9/9/9/9/9/9/9/4K4R w - - 0 1",
            FenError::RankWidth { rank: 0, files: 10 },
        ),
        (
            "empty rank",
            "3k5/9/9//9/9/9/9/9/4K4 w - - 0 1",
            FenError::RankWidth { rank: 6, files: 0 },
        ),
        (
            "unknown letter X in rank 0",
            "3k5/9/9/9/9/9/9/9/9/3KX3 w - - 0 1",
            FenError::UnknownChar {
                ch: 'X',
                rank: 0,
                column: 23,
            },
        ),
        (
            "unknown character counted after leading spaces",
            "  3k5/9/9/9/9/9/9/9/9/3KX3 w - - 0 1",
            FenError::UnknownChar {
                ch: 'X',
                rank: 0,
                column: 25,
            },
        ),
    ]
}

fn bad_fens_2() -> Vec<(&'static str, &'static str, FenError)> {
    vec![
        (
            "digit zero",
            "3k5/0/9/9/9/9/9/9/9/4K4 w - - 0 1",
            FenError::UnknownChar {
                ch: '0',
                rank: 8,
                column: 5,
            },
        ),
        (
            "Chinese character counted as one column",
            "3k5/9/車8/9/9/9/9/9/9/4K4 w - - 0 1",
            FenError::UnknownChar {
                ch: '車',
                rank: 7,
                column: 7,
            },
        ),
        (
            "q, a chess letter, is not a xiangqi piece",
            "3k4q/9/9/9/9/9/9/9/9/4K4 w - - 0 1",
            FenError::UnknownChar {
                ch: 'q',
                rank: 9,
                column: 4,
            },
        ),
        (
            "no black general",
            "9/9/9/9/9/9/9/9/9/4K4 w - - 0 1",
            FenError::Position(PositionError::GeneralCount {
                color: Black,
                count: 0,
            }),
        ),
        (
            "no red general",
            "3k5/9/9/9/9/9/9/9/9/9 w - - 0 1",
            FenError::Position(PositionError::GeneralCount {
                color: Red,
                count: 0,
            }),
        ),
        (
            "two black generals",
            "3k5/5k3/9/9/9/9/9/9/9/4K4 w - - 0 1",
            FenError::Position(PositionError::GeneralCount {
                color: Black,
                count: 2,
            }),
        ),
        (
            "two red generals",
            "4k4/9/9/9/9/9/9/9/3K5/5K3 w - - 0 1",
            FenError::Position(PositionError::GeneralCount {
                color: Red,
                count: 2,
            }),
        ),
        (
            "three red chariots",
            "4k4/9/9/9/9/9/9/9/9/RR1K1R3 w - - 0 1",
            FenError::Position(PositionError::TooManyPieces {
                color: Red,
                role: Role::Chariot,
                count: 3,
            }),
        ),
        (
            "six black soldiers",
            "3k5/9/9/p1p1p1p1p/p8/9/9/9/9/4K4 w - - 0 1",
            FenError::Position(PositionError::TooManyPieces {
                color: Black,
                role: Role::Soldier,
                count: 6,
            }),
        ),
        (
            "three black horses",
            "1n1k1n3/9/4n4/9/9/9/9/9/9/4K4 w - - 0 1",
            FenError::Position(PositionError::TooManyPieces {
                color: Black,
                role: Role::Horse,
                count: 3,
            }),
        ),
        (
            "red general out of its palace",
            "3k5/9/9/9/9/9/9/9/9/K8 w - - 0 1",
            unreachable(Red, Role::General, "a0"),
        ),
        (
            "black general in red's palace",
            "9/9/9/9/9/9/9/3k5/9/4K4 w - - 0 1",
            unreachable(Black, Role::General, "d2"),
        ),
    ]
}

fn bad_fens_3() -> Vec<(&'static str, &'static str, FenError)> {
    vec![
        (
            "red advisor on a palace edge point",
            "3k5/9/9/9/9/9/9/9/3A5/4K4 w - - 0 1",
            unreachable(Red, Role::Advisor, "d1"),
        ),
        (
            "black advisor outside the palace",
            "3k5/9/2a6/9/9/9/9/9/9/4K4 w - - 0 1",
            unreachable(Black, Role::Advisor, "c7"),
        ),
        (
            "red elephant off its seven points",
            "3k5/9/9/9/9/9/9/9/4B4/4K4 w - - 0 1",
            unreachable(Red, Role::Elephant, "e1"),
        ),
        (
            "red elephant across the river",
            "3k5/9/4B4/9/9/9/9/9/9/4K4 w - - 0 1",
            unreachable(Red, Role::Elephant, "e7"),
        ),
        (
            "black elephant across the river",
            "3k5/9/9/9/9/9/9/4b4/9/4K4 w - - 0 1",
            unreachable(Black, Role::Elephant, "e2"),
        ),
        (
            "red soldier behind its start rank",
            "3k5/9/9/9/9/9/9/P8/9/4K4 w - - 0 1",
            unreachable(Red, Role::Soldier, "a2"),
        ),
        (
            "red soldier on its back rank",
            "3k5/9/9/9/9/9/9/9/9/P3K4 w - - 0 1",
            unreachable(Red, Role::Soldier, "a0"),
        ),
        (
            "red soldier on rank 3 file b, beside its start before the river",
            "3k5/9/9/9/9/9/1P7/9/9/4K4 w - - 0 1",
            unreachable(Red, Role::Soldier, "b3"),
        ),
        (
            "red soldier on rank 4 file d, beside its path before the river",
            "3k5/9/9/9/9/3P5/9/9/9/4K4 w - - 0 1",
            unreachable(Red, Role::Soldier, "d4"),
        ),
        (
            "black soldier on rank 6 file h",
            "3k5/9/9/7p1/9/9/9/9/9/4K4 w - - 0 1",
            unreachable(Black, Role::Soldier, "h6"),
        ),
        (
            "black soldier behind its start rank",
            "3k5/9/p8/9/9/9/9/9/9/4K4 w - - 0 1",
            unreachable(Black, Role::Soldier, "a7"),
        ),
    ]
}

fn bad_fens_4() -> Vec<(&'static str, &'static str, FenError)> {
    vec![
        (
            "side x",
            "3k5/9/9/9/9/9/9/9/9/4K4 x - - 0 1",
            FenError::BadSide("x".to_string()),
        ),
        (
            "side written as a word",
            "3k5/9/9/9/9/9/9/9/9/4K4 red - - 0 1",
            FenError::BadSide("red".to_string()),
        ),
        (
            "half-move clock not a number",
            "3k5/9/9/9/9/9/9/9/9/4K4 w - - x 1",
            FenError::BadNumber {
                field: NumberField::HalfmoveClock,
                text: "x".to_string(),
            },
        ),
        (
            "negative half-move clock",
            "3k5/9/9/9/9/9/9/9/9/4K4 w - - -1 1",
            FenError::BadNumber {
                field: NumberField::HalfmoveClock,
                text: "-1".to_string(),
            },
        ),
        (
            "move number not a number",
            "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 one",
            FenError::BadNumber {
                field: NumberField::MoveNumber,
                text: "one".to_string(),
            },
        ),
        (
            "half-move clock too large for the counter",
            "3k5/9/9/9/9/9/9/9/9/4K4 w - - 99999999999 1",
            FenError::BadNumber {
                field: NumberField::HalfmoveClock,
                text: "99999999999".to_string(),
            },
        ),
        (
            "a seventh field",
            "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1 extra",
            FenError::TrailingText("extra".to_string()),
        ),
        (
            "black in check with red to move",
            "3k5/9/9/9/9/9/9/9/9/3RK4 w - - 0 1",
            FenError::Position(PositionError::OpponentInCheck { color: Black }),
        ),
        (
            "red in check by a horse with black to move",
            "3k5/9/9/9/9/9/9/5n3/9/4K4 b - - 0 1",
            FenError::Position(PositionError::OpponentInCheck { color: Red }),
        ),
        (
            "red in check by a cannon over a screen with black to move",
            "3k5/9/4c4/9/9/9/9/9/4A4/4K4 b - - 0 1",
            FenError::Position(PositionError::OpponentInCheck { color: Red }),
        ),
        (
            "generals facing on file e",
            "4k4/9/9/9/9/9/9/9/9/4K4 w - - 0 1",
            FenError::Position(PositionError::GeneralsFacing { file: 'e' }),
        ),
        (
            "generals facing on file d, black to move",
            "3k5/9/9/9/9/9/9/9/9/3K5 b",
            FenError::Position(PositionError::GeneralsFacing { file: 'd' }),
        ),
    ]
}

#[test]
fn bad_fens_give_the_exact_error() {
    let mut failures = Vec::new();
    for (what, fen, expected) in bad_fens() {
        match Position::from_fen(fen) {
            Err(e) if e == expected => {}
            other => failures.push(format!(
                "{what}: {fen:?}\n  expected {expected:?}\n  got {other:?}"
            )),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn bad_fen_messages_say_what_and_where() {
    let cases = [
        ("3k5/9/8/9/9/9/9/9/9/4K4 w", "rank 7"),
        ("3k5/9/9/9/9/9/9/9/9/3KX3 w", "column 23"),
        ("3k5/9/9/9/9/9/9/9/9/3KX3 w", "'X'"),
        ("3k5/9/9/9/9/9/9/9/9/K8 w", "a0"),
        ("3k5/9/9/9/9/9/9/9/9/4K4 x", "\"x\""),
        ("4k4/9/9/9/9/9/9/9/9/4K4 w", "file e"),
        ("3k5/9/9/9/9/9/9/9/9/3RK4 w", "black is in check"),
    ];
    for (fen, needle) in cases {
        let msg = Position::from_fen(fen)
            .expect_err("the FEN is bad")
            .to_string();
        assert!(msg.contains(needle), "{fen:?}: {msg:?} lacks {needle:?}");
    }
}

/// (what the case is about, FEN as written, the canonical FEN it must read as).
fn good_variants() -> Vec<(&'static str, &'static str, &'static str)> {
    vec![
        ("canonical start", START_FEN, START_FEN),
        (
            "r for red",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR r - - 0 1",
            START_FEN,
        ),
        (
            "E and H letters",
            "rheakaehr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RHEAKAEHR w - - 0 1",
            START_FEN,
        ),
        (
            "board and side only",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
            START_FEN,
        ),
        (
            "board only means red to move",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR",
            START_FEN,
        ),
        (
            "extra spaces between and around fields",
            "  rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR   w  -   -  0  1  ",
            START_FEN,
        ),
        (
            "tabs and a trailing newline",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR\tw\t-\t-\t0\t1\n",
            START_FEN,
        ),
        (
            "upper-case side",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR W",
            START_FEN,
        ),
        (
            "black to move with clocks",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1",
            "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1",
        ),
        (
            "split digits 1 and 3 for four empty points",
            "3k5/9/9/9/9/9/9/9/9/13K4 w - - 7 30",
            "3k5/9/9/9/9/9/9/9/9/4K4 w - - 7 30",
        ),
        (
            "only the clock given",
            "3k5/9/9/9/9/9/9/9/9/4K4 b - - 12",
            "3k5/9/9/9/9/9/9/9/9/4K4 b - - 12 1",
        ),
        (
            "move number 0 is read as 1",
            "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 0",
            "3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1",
        ),
        (
            "soldiers across the river on every file",
            "3k5/9/9/9/PPPPP4/ppppp4/9/9/9/4K4 w - - 0 1",
            "3k5/9/9/9/PPPPP4/ppppp4/9/9/9/4K4 w - - 0 1",
        ),
    ]
}

#[test]
fn dialect_variants_read_as_their_canonical_form() {
    for (what, fen, canonical) in good_variants() {
        let pos = Position::from_fen(fen).unwrap_or_else(|e| panic!("{what}: {fen:?}: {e}"));
        assert_eq!(pos.fen(), canonical, "{what}");
        assert_eq!(pos.to_string(), canonical, "{what}: Display is the FEN");
    }
}

#[test]
fn canonical_fens_round_trip_exactly() {
    let perft_fens = include_str!("../data/perft.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| l.split(';').next().unwrap_or_default().trim().to_string());
    let more = [
        START_FEN.to_string(),
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1".to_string(),
        "3k5/9/9/9/9/9/9/9/9/4K4 b - - 119 200".to_string(),
        "2bak4/9/9/9/9/9/9/9/9/3K5 w - - 0 1".to_string(),
    ];
    let mut n = 0;
    for fen in perft_fens.chain(more) {
        let pos: Position = fen.parse().unwrap_or_else(|e| panic!("{fen}: {e}"));
        assert_eq!(pos.fen(), fen);
        let again = Position::from_fen(&pos.fen()).expect("written FEN reads back");
        assert_eq!(again, pos);
        assert_eq!(again.key(), pos.key());
        n += 1;
    }
    assert!(n >= 17);
}

#[test]
fn board_fen_is_the_first_field() {
    let pos = Position::from_fen(START_FEN).expect("start");
    assert_eq!(
        pos.board_fen(),
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR"
    );
}

#[test]
fn fen_fields_set_turn_and_clocks() {
    let pos = Position::from_fen("3k5/9/9/9/9/9/9/9/9/4K4 b - - 57 31").expect("valid");
    assert_eq!(pos.turn(), Color::Black);
    assert_eq!(pos.halfmove_clock(), 57);
    assert_eq!(pos.fullmove_number(), 31);
    assert_eq!(
        pos.piece_at(sq("d9")),
        Some(piece(Color::Black, Role::General))
    );
    assert_eq!(
        pos.piece_at(sq("e0")),
        Some(piece(Color::Red, Role::General))
    );
    assert_eq!(pos.piece_at(sq("e9")), None);
}

#[test]
fn side_to_move_changes_the_key_but_not_the_board() {
    let red = Position::from_fen("3k5/9/9/9/9/9/9/9/9/4K4 w").expect("valid");
    let black = Position::from_fen("3k5/9/9/9/9/9/9/9/9/4K4 b").expect("valid");
    assert_eq!(red.board(), black.board());
    assert_ne!(red.key(), black.key());
    let red_later = Position::from_fen("3k5/9/9/9/9/9/9/9/9/4K4 w - - 40 80").expect("valid");
    assert_eq!(red.key(), red_later.key(), "clocks are not part of the key");
}

#[test]
fn clocks_read_at_their_maximum_survive_moves_and_take_backs() {
    let max = u32::MAX;
    let fen = format!("3k5/9/9/9/9/9/9/9/9/4K3R b - - {max} {max}");
    let mut pos = Position::from_fen(&fen).expect("valid");
    let before = pos.clone();
    let m = "d9d8".parse().expect("move");
    let after = pos.play(m).expect("legal");
    assert_eq!(
        after.halfmove_clock(),
        max,
        "the clock stays at its maximum"
    );
    assert_eq!(after.fullmove_number(), max, "so does the move number");
    let undo = pos.make_move(m);
    pos.unmake_move(m, undo);
    assert_eq!(pos, before);
    assert_eq!(pos.fen(), fen);
}
