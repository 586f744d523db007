use super::*;
use crate::START_FEN;
use proptest::prelude::*;

fn sq(text: &str) -> Square {
    text.parse().expect("a square")
}

fn setup(fen: &str) -> Setup {
    Setup::from_fen(fen).expect("a FEN")
}

const RED: Color = Color::Red;
const BLACK: Color = Color::Black;

fn piece(c: char) -> Piece {
    Piece::from_fen_char(c).expect("a piece letter")
}

/// Two bare generals off each other's file (red's on f1, black's on d8), red to move: the
/// smallest playable board, with the points the tests put pieces on left free.
fn bare() -> Setup {
    setup("9/3k5/9/9/9/9/9/9/5K3/9 w")
}

/// `bare()` with these pieces added.
fn bare_with(pieces: &[(&str, char)]) -> Setup {
    let mut s = bare();
    for &(at, c) in pieces {
        s.place(sq(at), piece(c));
    }
    s
}

#[test]
fn the_start_is_playable_and_is_the_start_position() {
    let s = Setup::start();
    assert_eq!(s.validate(), []);
    assert_eq!(s.position(), Ok(Position::start()));
    assert_eq!(s.fen(), START_FEN);
}

#[test]
fn fen_round_trips_and_keeps_the_side() {
    let fen = "3k5/4a4/9/9/9/9/9/9/4A4/4K4 b - - 0 1";
    let s = setup(fen);
    assert_eq!(s.turn(), BLACK);
    assert_eq!(s.fen(), fen);
    assert_eq!(s.to_string().parse::<Setup>(), Ok(s));
}

#[test]
fn a_fen_of_an_impossible_placement_is_read_for_editing() {
    // Three red generals and no black one: not playable, but a board to fix.
    let s = setup("9/9/9/9/9/9/9/9/9/3KKK3 w");
    assert_eq!(
        s.validate(),
        [
            SetupError::MissingGeneral { color: BLACK },
            SetupError::TooMany {
                color: RED,
                role: Role::General,
                count: 3
            },
        ]
    );
}

#[test]
fn a_text_that_is_no_fen_is_refused_with_the_fen_reason() {
    assert_eq!(
        Setup::from_fen("9/9/9"),
        Err(FenError::RankCount { found: 3 })
    );
    assert!(matches!(
        Setup::from_fen("4k4/9/9/9/9/9/9/9/9/3K5 x"),
        Err(FenError::BadSide(_))
    ));
}

#[test]
fn a_missing_general_is_named_for_each_side() {
    let s = setup("9/9/9/9/9/9/9/9/9/9 w");
    assert_eq!(
        s.validate(),
        [
            SetupError::MissingGeneral { color: RED },
            SetupError::MissingGeneral { color: BLACK },
        ]
    );
}

#[test]
fn a_general_outside_its_palace_is_refused_with_its_point() {
    let mut s = bare();
    s.move_piece(sq("f1"), sq("e3")).expect("a piece");
    assert_eq!(
        s.validate(),
        [SetupError::GeneralOutsidePalace {
            color: RED,
            square: sq("e3")
        }]
    );
    // In the other side's palace is outside its own.
    let mut s = bare();
    s.move_piece(sq("d8"), sq("d2")).expect("a piece");
    assert!(s.validate().contains(&SetupError::GeneralOutsidePalace {
        color: BLACK,
        square: sq("d2")
    }));
}

#[test]
fn every_kind_refuses_one_more_than_a_set_has() {
    // (letter, points that each may hold it) — one more than the set has, on points it can
    // reach, so the count is the only reason.
    let cases: [(char, &[&str]); 6] = [
        ('A', &["d0", "f0", "e1"]),
        ('B', &["c0", "g0", "e2"]),
        ('N', &["a5", "b5", "c5"]),
        ('R', &["a5", "b5", "c5"]),
        ('C', &["a5", "b5", "c5"]),
        ('P', &["a5", "b5", "c5", "d5", "f5", "g5"]),
    ];
    for (letter, points) in cases {
        let role = Role::from_char(letter).expect("a role");
        let pieces: Vec<(&str, char)> = points.iter().map(|&p| (p, letter)).collect();
        assert_eq!(
            bare_with(&pieces).validate(),
            [SetupError::TooMany {
                color: RED,
                role,
                count: role.max_count() + 1
            }],
            "{letter}"
        );
        // As many as the set has are fine.
        assert_eq!(bare_with(&pieces[1..]).validate(), [], "{letter}");
    }
}

#[test]
fn an_advisor_off_its_five_points_is_refused() {
    for at in ["d0", "f0", "e1", "d2", "f2"] {
        assert_eq!(bare_with(&[(at, 'A')]).validate(), [], "{at}");
    }
    for at in ["e0", "d1", "e2", "c0"] {
        assert_eq!(
            bare_with(&[(at, 'A')]).validate(),
            [SetupError::Unreachable {
                piece: piece('A'),
                square: sq(at)
            }],
            "{at}"
        );
    }
    // Black's advisors on black's points.
    assert_eq!(bare_with(&[("d9", 'a'), ("e8", 'a')]).validate(), []);
    assert_eq!(
        bare_with(&[("e1", 'a')]).validate(),
        [SetupError::Unreachable {
            piece: piece('a'),
            square: sq("e1")
        }]
    );
}

#[test]
fn an_elephant_off_its_seven_points_is_refused() {
    for at in ["c0", "g0", "a2", "e2", "i2", "c4", "g4"] {
        assert_eq!(bare_with(&[(at, 'B')]).validate(), [], "{at}");
    }
    // Off its points, and across the river (where black's elephants stand).
    for at in ["e1", "b2", "c5", "e7"] {
        assert_eq!(
            bare_with(&[(at, 'B')]).validate(),
            [SetupError::Unreachable {
                piece: piece('B'),
                square: sq(at)
            }],
            "{at}"
        );
    }
    assert_eq!(bare_with(&[("c5", 'b'), ("e7", 'b')]).validate(), []);
}

#[test]
fn a_soldier_behind_its_start_or_off_the_starting_files_before_the_river_is_refused() {
    // Red: ranks 3 and 4 on files a c e g i; anywhere from rank 5 on.
    for at in ["a3", "c4", "i3", "b5", "d9", "e6"] {
        assert_eq!(bare_with(&[(at, 'P')]).validate(), [], "{at}");
    }
    for at in ["a2", "e0", "b3", "d4", "h4"] {
        assert_eq!(
            bare_with(&[(at, 'P')]).validate(),
            [SetupError::Unreachable {
                piece: piece('P'),
                square: sq(at)
            }],
            "{at}"
        );
    }
    // Black mirrors it.
    for at in ["a6", "e5", "b4", "f0"] {
        assert_eq!(bare_with(&[(at, 'p')]).validate(), [], "{at}");
    }
    for at in ["a7", "b6", "d5"] {
        assert_eq!(
            bare_with(&[(at, 'p')]).validate(),
            [SetupError::Unreachable {
                piece: piece('p'),
                square: sq(at)
            }],
            "{at}"
        );
    }
}

#[test]
fn two_soldiers_on_one_file_before_the_river_are_refused() {
    assert_eq!(
        bare_with(&[("c3", 'P'), ("c4", 'P')]).validate(),
        [SetupError::SoldiersShareFile {
            color: RED,
            file: File::new(2).expect("a file")
        }]
    );
    // One of them across the river: it came from another file.
    assert_eq!(bare_with(&[("c3", 'P'), ("c5", 'P')]).validate(), []);
    // Black's own side is ranks 5 to 9.
    assert!(matches!(
        bare_with(&[("g6", 'p'), ("g5", 'p')]).validate()[..],
        [SetupError::SoldiersShareFile { color: BLACK, .. }]
    ));
}

#[test]
fn the_side_not_to_move_in_check_is_refused_and_the_side_to_move_in_check_is_not() {
    // A black chariot on the red general's file, red to move: red is in check and may
    // answer it.
    let s = bare_with(&[("f5", 'r')]);
    assert_eq!(s.validate(), []);
    // Black to move could take the red general.
    let mut s = s;
    s.switch_turn();
    assert_eq!(
        s.validate(),
        [SetupError::OpponentInCheck {
            color: RED,
            general: sq("f1")
        }]
    );
    // A horse's check too (blocked legs do not check).
    let horse = setup("4k4/9/3N5/9/9/9/9/9/9/3K5 w");
    assert_eq!(
        horse.validate(),
        [SetupError::OpponentInCheck {
            color: BLACK,
            general: sq("e9")
        }]
    );
    let blocked = setup("4k4/3n5/3N5/9/9/9/9/9/9/3K5 w");
    assert_eq!(blocked.validate(), []);
}

#[test]
fn facing_generals_are_refused_once_whoever_moves() {
    for side in ["w", "b"] {
        let s = setup(&format!("4k4/9/9/9/9/9/9/9/9/4K4 {side}"));
        assert_eq!(
            s.validate(),
            [SetupError::GeneralsFacing {
                file: File::new(4).expect("a file")
            }],
            "{side}"
        );
    }
    // A piece between them is enough.
    assert_eq!(setup("4k4/9/9/9/4p4/9/9/9/9/4K4 w").validate(), []);
}

#[test]
fn every_reason_is_given_at_once() {
    // No black general, an elephant off its points, three red chariots, a soldier behind
    // its start.
    let s = setup("9/9/9/9/9/9/9/9/P3B4/RRRK5 w");
    assert_eq!(
        s.validate(),
        [
            SetupError::MissingGeneral { color: BLACK },
            SetupError::TooMany {
                color: RED,
                role: Role::Chariot,
                count: 3
            },
            SetupError::Unreachable {
                piece: piece('P'),
                square: sq("a1")
            },
            SetupError::Unreachable {
                piece: piece('B'),
                square: sq("e1")
            },
        ]
    );
    assert_eq!(s.position(), Err(s.validate()));
}

#[test]
fn a_mated_position_is_playable_the_game_being_over() {
    // Black is mated (two chariots), black to move: the set-up is sound.
    let s = setup("R3k4/1R7/9/9/9/9/9/9/9/3K5 b");
    let pos = s.position().expect("playable");
    assert!(pos.legal_moves().is_empty());
}

#[test]
fn place_remove_and_move_report_what_stood_there() {
    let mut s = Setup::start();
    assert_eq!(s.place(sq("e4"), piece('r')), None);
    assert_eq!(s.place(sq("e4"), piece('H')), Some(piece('r')));
    assert_eq!(s.piece_at(sq("e4")), Some(piece('N')));
    assert_eq!(s.remove(sq("e4")), Some(piece('N')));
    assert_eq!(s.remove(sq("e4")), None);
    // Moving onto a piece replaces it; from an empty point changes nothing.
    assert_eq!(s.move_piece(sq("b2"), sq("b9")), Ok(Some(piece('n'))));
    assert_eq!(s.piece_at(sq("b2")), None);
    assert_eq!(s.piece_at(sq("b9")), Some(piece('C')));
    let before = s.clone();
    assert_eq!(
        s.move_piece(sq("e5"), sq("e6")),
        Err(NothingToMove { square: sq("e5") })
    );
    assert_eq!(s, before);
    assert_eq!(s.move_piece(sq("b9"), sq("b9")), Ok(None));
    assert_eq!(s, before);
}

#[test]
fn clearing_keeps_the_generals_and_the_side() {
    let mut s = Setup::start();
    s.switch_turn();
    s.clear_but_generals();
    assert_eq!(s.fen(), "4k4/9/9/9/9/9/9/9/9/4K4 b - - 0 1");
    assert_eq!(s.board().pieces().count(), 2);
}

#[test]
fn switching_the_side_twice_gives_it_back() {
    let mut s = Setup::start();
    s.switch_turn();
    assert_eq!(s.turn(), BLACK);
    s.switch_turn();
    assert_eq!(s.turn(), RED);
    s.set_turn(BLACK);
    assert_eq!(s.turn(), BLACK);
}

#[test]
fn each_handicap_takes_exactly_its_red_pieces_and_is_playable() {
    let expected = [
        (Handicap::Horse, vec!["b0"]),
        (Handicap::Cannon, vec!["b2"]),
        (Handicap::TwoHorses, vec!["b0", "h0"]),
        (Handicap::Chariot, vec!["a0"]),
        (
            Handicap::NinePieces,
            vec!["c0", "d0", "f0", "g0", "a3", "c3", "e3", "g3", "i3"],
        ),
    ];
    for (handicap, points) in expected {
        let s = Setup::handicap(handicap);
        let start = Setup::start();
        let gone: Vec<Square> = Square::all()
            .filter(|&p| s.piece_at(p) != start.piece_at(p))
            .collect();
        let points: Vec<Square> = points.into_iter().map(sq).collect();
        assert_eq!(gone, points, "{handicap:?}");
        assert!(
            gone.iter()
                .all(|&p| start.piece_at(p).map(|x| x.color) == Some(RED))
        );
        assert_eq!(s.turn(), RED);
        assert!(s.position().is_ok(), "{handicap:?}");
    }
    assert_eq!(Handicap::TwoHorses.chinese_name(), "让双马");
    assert_eq!(Handicap::NinePieces.chinese_name(), "让九子");
    // As Xu Yinchuan gave them to Nie Weiping in Guangzhou on 9 December 1999.
    assert_eq!(
        Setup::handicap(Handicap::NinePieces).fen(),
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/9/1C5C1/9/RN2K2NR w - - 0 1"
    );
}

#[test]
fn a_position_turns_into_the_same_setup() {
    let pos = Position::from_fen("4k4/9/9/9/9/9/9/9/4A4/3K5 b - - 5 20").expect("a FEN");
    let s = Setup::from(&pos);
    assert_eq!(s.fen(), "4k4/9/9/9/9/9/9/9/4A4/3K5 b - - 0 1");
    assert_eq!(s.position().map(|p| p.board_fen()), Ok(pos.board_fen()));
}

#[test]
fn the_messages_name_the_piece_and_the_point() {
    let e = SetupError::Unreachable {
        piece: piece('B'),
        square: sq("e1"),
    };
    assert!(
        e.to_string()
            .starts_with("red elephant on e1 is impossible")
    );
    let e = SetupError::TooMany {
        color: BLACK,
        role: Role::Soldier,
        count: 6,
    };
    assert_eq!(e.to_string(), "black has 6 soldiers; a set has 5");
}

/// A piece letter or an empty point, for random boards.
fn cell() -> impl Strategy<Value = Option<char>> {
    prop_oneof![
        8 => Just(None),
        1 => proptest::sample::select(vec!['A', 'B', 'N', 'R', 'C', 'P', 'a', 'b', 'n', 'r', 'c', 'p'])
            .prop_map(Some),
    ]
}

proptest! {
    /// The editor's judgement agrees with the position's own: what `validate` accepts
    /// `from_board` accepts, and what `from_board` accepts `validate` accepts unless two
    /// soldiers share a file before the river (which only the editor looks at).
    #[test]
    fn validate_agrees_with_the_position(
        cells in proptest::collection::vec(cell(), 90),
        red in 0usize..9,
        black in 0usize..9,
        black_to_move in any::<bool>(),
    ) {
        let mut board = Board::empty();
        for (i, c) in cells.iter().enumerate() {
            if let (Some(c), Some(at)) = (c, Square::from_index(i)) {
                board.set(at, Piece::from_fen_char(*c));
            }
        }
        // The generals somewhere in their palaces (over whatever stood there).
        let palace = |i: usize, base: u8| Square::from_coords(3 + (i % 3) as u8, base + (i / 3) as u8);
        if let (Some(r), Some(b)) = (palace(red, 0), palace(black, 7)) {
            board.set(r, Some(piece('K')));
            board.set(b, Some(piece('k')));
        }
        let turn = if black_to_move { BLACK } else { RED };
        let s = Setup::new(board.clone(), turn);
        let errors = s.validate();
        let judged = Position::from_board(board, turn, 0, 1);
        if errors.is_empty() {
            prop_assert!(judged.is_ok());
            prop_assert_eq!(s.position().ok(), judged.ok());
        } else if judged.is_ok() {
            let only_files = errors.iter().all(|e| matches!(e, SetupError::SoldiersShareFile { .. }));
            prop_assert!(only_files, "{:?}", errors);
        }
    }
}
