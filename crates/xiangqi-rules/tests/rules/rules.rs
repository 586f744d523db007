//! Check, checkmate, stalemate (a loss in xiangqi) and the reasons `check_move` gives, on
//! positions set up by FEN.

use xiangqi_rules::{IllegalMove, Move, Position, Role};

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn mv(text: &str) -> Move {
    text.parse().unwrap_or_else(|e| panic!("{e}"))
}

/// (what, FEN, is the side to move in check?).
const CHECKS: &[(&str, &str, bool)] = &[
    (
        "start",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
        false,
    ),
    ("chariot along the file", "3k5/9/9/9/9/9/9/9/9/3RK4 b", true),
    ("chariot along the rank", "R2k5/9/9/9/9/9/9/9/9/4K4 b", true),
    (
        "chariot blocked by its own piece",
        "R1nk5/9/9/9/9/9/9/9/9/4K4 b",
        false,
    ),
    (
        "horse with its leg free",
        "3k5/9/9/9/9/9/9/5n3/9/4K4 w",
        true,
    ),
    (
        "horse with its leg blocked",
        "3k5/9/9/9/9/9/9/5n3/5R3/4K4 w",
        false,
    ),
    (
        "cannon over one screen",
        "3k5/9/4c4/9/9/9/9/9/4A4/4K4 w",
        true,
    ),
    (
        "cannon without a screen",
        "3k5/9/4c4/9/9/9/9/9/9/4K4 w",
        false,
    ),
    (
        "cannon over two screens",
        "3k5/9/4c4/9/4P4/9/9/9/4A4/4K4 w",
        false,
    ),
    (
        "soldier ahead of the general",
        "3k5/9/9/9/9/9/9/9/4p4/4K4 w",
        true,
    ),
    (
        "soldier beside the general",
        "3k5/9/9/9/9/9/9/9/9/3pK4 w",
        true,
    ),
    (
        "soldier diagonally: no check",
        "3k5/9/9/9/9/9/9/9/3p5/4K4 w",
        false,
    ),
    (
        "red soldier below the black general",
        "3k5/3P5/9/9/9/9/9/9/9/4K4 b",
        true,
    ),
    (
        "horse next to the general does not check",
        "3k5/9/9/9/9/9/9/9/4n4/4K4 w",
        false,
    ),
    (
        "double check by chariot and horse",
        "3k5/9/9/9/9/9/9/5n3/9/r3K4 w",
        true,
    ),
];

#[test]
fn is_check_sees_every_attacker() {
    for &(what, fen, expected) in CHECKS {
        assert_eq!(pos(fen).is_check(), expected, "{what}: {fen}");
    }
}

/// (what, FEN, checkmate?, stalemate?).
const ENDS: &[(&str, &str, bool, bool)] = &[
    (
        "start",
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
        false,
        false,
    ),
    (
        "two chariots on ranks 9 and 8",
        "R2k5/R8/9/9/9/9/9/9/9/4K4 b",
        true,
        false,
    ),
    (
        "check with an escape",
        "R2k5/9/9/9/9/9/9/9/9/4K4 b",
        false,
        false,
    ),
    (
        "check met by capturing the checker",
        "3k5/3R5/9/9/9/9/9/9/9/4K4 b",
        false,
        false,
    ),
    (
        "horse mate: chariot and facing general take the escapes",
        "3k5/R4N3/9/9/9/9/9/9/9/4K4 b",
        true,
        false,
    ),
    (
        "stalemate: the bare general hemmed in by a chariot and the facing general",
        "3k5/R8/9/9/9/9/9/9/9/4K4 b",
        false,
        true,
    ),
    (
        "stalemate for red: a pinned advisor is no help",
        "3rk4/9/9/9/9/9/9/3A5/r8/3K5 w",
        false,
        true,
    ),
    (
        "soldiers' mate: taking the checker would face the other general",
        "3k5/3PP4/9/9/9/9/9/9/9/3K5 b",
        true,
        false,
    ),
];

#[test]
fn checkmate_and_stalemate_are_told_apart() {
    for &(what, fen, mate, stale) in ENDS {
        let p = pos(fen);
        assert_eq!(p.is_checkmate(), mate, "checkmate? {what}: {fen}");
        assert_eq!(p.is_stalemate(), stale, "stalemate? {what}: {fen}");
        assert_eq!(p.has_legal_moves(), !(mate || stale), "{what}: {fen}");
        assert_eq!(p.legal_moves().is_empty(), mate || stale, "{what}: {fen}");
        if mate {
            assert!(p.is_check(), "{what}: mate is a check");
        }
        if stale {
            assert!(!p.is_check(), "{what}: stalemate is not a check");
        }
    }
}

/// (what, FEN, move, the exact verdict).
type MoveCase = (
    &'static str,
    &'static str,
    &'static str,
    Result<(), IllegalMove>,
);

fn move_cases() -> Vec<MoveCase> {
    let mut cases = move_cases_first();
    cases.extend(move_cases_second());
    cases
}

fn move_cases_first() -> Vec<MoveCase> {
    use IllegalMove as I;
    const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w";
    vec![
        ("cannon to the centre", START, "h2e2", Ok(())),
        ("no piece there", START, "e5e6", Err(I::NoPiece)),
        (
            "black's piece on red's turn",
            START,
            "h7e7",
            Err(I::NotYourPiece),
        ),
        ("capturing one's own piece", START, "b0b2", Err(I::OwnPiece)),
        (
            "chariot diagonally",
            START,
            "a0b1",
            Err(I::WrongShape(Role::Chariot)),
        ),
        (
            "horse straight",
            START,
            "b0b1",
            Err(I::WrongShape(Role::Horse)),
        ),
        (
            "horse leg blocked",
            "3k5/9/9/9/9/9/9/9/1R7/1N2K4 w",
            "b0c2",
            Err(I::HorseLegBlocked),
        ),
        (
            "horse sideways with its leg free",
            "3k5/9/9/9/9/9/9/9/1R7/1N2K4 w",
            "b0d1",
            Ok(()),
        ),
        (
            "elephant eye blocked",
            "3k5/9/9/9/9/9/9/9/3N5/2B1K4 w",
            "c0e2",
            Err(I::ElephantEyeBlocked),
        ),
        (
            "elephant one step",
            "3k5/9/9/9/9/9/9/9/9/2B1K4 w",
            "c0d1",
            Err(I::WrongShape(Role::Elephant)),
        ),
        (
            "elephant crossing the river",
            "3k5/9/9/9/9/2B6/9/9/9/4K4 w",
            "c4e6",
            Err(I::ElephantCrossesRiver),
        ),
        (
            "black elephant on its own side",
            "2bk5/9/9/9/9/9/9/9/9/4K4 b",
            "c9e7",
            Ok(()),
        ),
        (
            "black elephant crossing the river",
            "3k5/9/9/9/2b6/9/9/9/9/4K4 b",
            "c5e3",
            Err(I::ElephantCrossesRiver),
        ),
        (
            "cannon capturing without a screen",
            "3k5/9/9/9/9/9/9/9/r8/C3K4 w",
            "a0a1",
            Err(I::CannonNeedsOneScreen),
        ),
        (
            "cannon capturing over two screens",
            "3k5/9/9/9/9/r8/P8/9/N8/C3K4 w",
            "a0a4",
            Err(I::CannonNeedsOneScreen),
        ),
        (
            "cannon capturing over one screen",
            "3k5/9/9/9/9/r8/9/9/N8/C3K4 w",
            "a0a4",
            Ok(()),
        ),
        (
            "cannon moving through a piece",
            "3k5/9/9/9/9/9/9/9/N8/C3K4 w",
            "a0a3",
            Err(I::PathBlocked),
        ),
        (
            "chariot moving through a piece",
            "3k5/9/9/9/9/9/9/9/N8/R3K4 w",
            "a0a3",
            Err(I::PathBlocked),
        ),
    ]
}

fn move_cases_second() -> Vec<MoveCase> {
    use IllegalMove as I;
    vec![
        (
            "soldier backward",
            "3k5/9/9/9/9/9/P8/9/9/4K4 w",
            "a3a2",
            Err(I::SoldierBackward),
        ),
        (
            "soldier sideways before the river",
            "3k5/9/9/9/9/9/P8/9/9/4K4 w",
            "a3b3",
            Err(I::SoldierSidewaysBeforeRiver),
        ),
        (
            "soldier sideways after the river",
            "3k5/9/9/9/P8/9/9/9/9/4K4 w",
            "a5b5",
            Ok(()),
        ),
        (
            "crossed soldier still never backward",
            "3k5/9/9/9/P8/9/9/9/9/4K4 w",
            "a5a4",
            Err(I::SoldierBackward),
        ),
        (
            "black soldier backward",
            "3k5/9/9/p8/9/9/9/9/9/4K4 b",
            "a6a7",
            Err(I::SoldierBackward),
        ),
        (
            "black soldier sideways before the river",
            "3k5/9/9/p8/9/9/9/9/9/4K4 b",
            "a6b6",
            Err(I::SoldierSidewaysBeforeRiver),
        ),
        (
            "soldier two steps",
            "3k5/9/9/9/9/9/P8/9/9/4K4 w",
            "a3a5",
            Err(I::WrongShape(Role::Soldier)),
        ),
        (
            "general leaving the palace",
            "4k4/9/9/9/9/9/9/9/9/3K5 w",
            "d0c0",
            Err(I::LeavesPalace(Role::General)),
        ),
        (
            "general two steps",
            "4k4/9/9/9/9/9/9/9/9/3K5 w",
            "d0d2",
            Err(I::WrongShape(Role::General)),
        ),
        (
            "advisor leaving the palace",
            "3k5/9/9/9/9/9/9/3A5/9/4K4 w",
            "d2c3",
            Err(I::LeavesPalace(Role::Advisor)),
        ),
        (
            "advisor straight",
            "4k4/9/9/9/9/9/9/9/4A4/3K5 w",
            "e1e2",
            Err(I::WrongShape(Role::Advisor)),
        ),
        (
            "pinned chariot leaves the general in check",
            "3kr4/9/9/9/9/9/9/9/4R4/4K4 w",
            "e1a1",
            Err(I::LeavesGeneralInCheck),
        ),
        (
            "pinned chariot may move along the pin",
            "3kr4/9/9/9/9/9/9/9/4R4/4K4 w",
            "e1e9",
            Ok(()),
        ),
        (
            "general stepping into a chariot's file",
            "3k1r3/9/9/9/9/9/9/9/9/4K4 w",
            "e0f0",
            Err(I::LeavesGeneralInCheck),
        ),
        (
            "ignoring a check",
            "3k5/9/9/9/9/9/9/5n3/9/R3K4 w",
            "a0a5",
            Err(I::LeavesGeneralInCheck),
        ),
        (
            "general steps onto the open file of the other general",
            "3k5/9/9/9/9/9/9/9/9/4K4 w",
            "e0d0",
            Err(I::GeneralsFace),
        ),
        (
            "the only piece between the generals steps aside",
            "4k4/9/9/9/4P4/9/9/9/9/4K4 w",
            "e5d5",
            Err(I::GeneralsFace),
        ),
        (
            "the piece between the generals moves along the file",
            "4k4/9/9/9/4P4/9/9/9/9/4K4 w",
            "e5e6",
            Ok(()),
        ),
    ]
}

#[test]
fn check_move_gives_the_reason() {
    let mut failures = Vec::new();
    for (what, fen, m, expected) in move_cases() {
        let p = pos(fen);
        let m = mv(m);
        let got = p.check_move(m);
        if got != expected {
            failures.push(format!(
                "{what}: {m} in {fen}: expected {expected:?}, got {got:?}"
            ));
        }
        if p.is_legal(m) != expected.is_ok() || p.play(m).err() != expected.err() {
            failures.push(format!("{what}: is_legal/play disagree with check_move"));
        }
        if p.legal_moves().contains(&m) != expected.is_ok() {
            failures.push(format!("{what}: legal_moves disagrees with check_move"));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn each_reason_has_a_message_of_its_own() {
    // What a player reads when a move is refused: two different reasons must never read alike.
    use IllegalMove as I;
    let mut reasons = vec![
        I::NoPiece,
        I::NotYourPiece,
        I::NullMove,
        I::OwnPiece,
        I::HorseLegBlocked,
        I::ElephantEyeBlocked,
        I::ElephantCrossesRiver,
        I::PathBlocked,
        I::CannonNeedsOneScreen,
        I::SoldierBackward,
        I::SoldierSidewaysBeforeRiver,
        I::GeneralsFace,
        I::LeavesGeneralInCheck,
        I::LeavesPalace(Role::General),
        I::LeavesPalace(Role::Advisor),
    ];
    reasons.extend(Role::ALL.map(I::WrongShape));
    let mut seen: Vec<(IllegalMove, String)> = Vec::new();
    for reason in reasons {
        let text = reason.to_string();
        assert!(!text.trim().is_empty(), "{reason:?} has no message");
        if let Some((other, _)) = seen.iter().find(|(_, t)| *t == text) {
            panic!("{reason:?} and {other:?} both read {text:?}");
        }
        seen.push((reason, text));
    }
}

#[test]
fn null_move_is_refused() {
    let p = Position::start();
    assert_eq!(p.check_move(mv("h2h2")), Err(IllegalMove::NullMove));
}

#[test]
fn legal_moves_from_one_point_are_what_the_ui_highlights() {
    let p = Position::start();
    let from = |s: &str| -> Vec<String> {
        let mut v: Vec<String> = p
            .legal_moves_from(s.parse().expect("square"))
            .iter()
            .map(|m| m.to.to_string())
            .collect();
        v.sort();
        v
    };
    assert_eq!(from("b0"), ["a2", "c2"]);
    assert_eq!(from("c0"), ["a2", "e2"]);
    assert_eq!(from("e0"), ["e1"]);
    assert_eq!(from("a3"), ["a4"]);
    assert_eq!(
        from("h2"),
        [
            "c2", "d2", "e2", "f2", "g2", "h1", "h3", "h4", "h5", "h6", "h9", "i2"
        ]
    );
    assert!(from("e5").is_empty(), "empty point");
    assert!(from("h7").is_empty(), "the opponent's cannon");
}
