//! Every reason the rules library gives, in every language: English word for word as the
//! library says it, Chinese without English words.

use super::*;
use crate::tui::store::files::FileKind;
use std::path::PathBuf;
use xiangqi_records::pgn::WrittenNumber;
use xiangqi_rules::{Color, NotationError, Square};

fn square(text: &str) -> Square {
    text.parse().expect("a square")
}

fn position_errors() -> Vec<PositionError> {
    vec![
        PositionError::GeneralCount {
            color: Color::Red,
            count: 0,
        },
        PositionError::GeneralCount {
            color: Color::Black,
            count: 2,
        },
        PositionError::TooManyPieces {
            color: Color::Red,
            role: Role::Chariot,
            count: 3,
        },
        PositionError::UnreachablePoint {
            piece: Piece::new(Color::Black, Role::General),
            square: square("e5"),
        },
        PositionError::UnreachablePoint {
            piece: Piece::new(Color::Red, Role::Elephant),
            square: square("a0"),
        },
        PositionError::GeneralsFacing { file: 'e' },
        PositionError::OpponentInCheck {
            color: Color::Black,
        },
    ]
}

/// One of each kind that is not about the position itself.
fn fen_errors() -> Vec<FenError> {
    vec![
        FenError::Empty,
        FenError::RankCount { found: 1 },
        FenError::RankCount { found: 11 },
        FenError::RankWidth { rank: 9, files: 8 },
        FenError::RankWidth { rank: 8, files: 10 },
        FenError::RankWidth { rank: 7, files: 10 },
        FenError::RankWidth { rank: 0, files: 10 },
        FenError::UnknownChar {
            ch: 'x',
            rank: 3,
            column: 30,
        },
        FenError::BadSide("x".into()),
        FenError::BadNumber {
            field: xiangqi_rules::NumberField::HalfmoveClock,
            text: "x".into(),
        },
        FenError::BadNumber {
            field: xiangqi_rules::NumberField::MoveNumber,
            text: "-1".into(),
        },
        FenError::TrailingText("x".into()),
    ]
}

fn xqf_errors() -> Vec<XqfError> {
    vec![
        XqfError::Truncated { len: 12 },
        XqfError::Version(99),
        XqfError::Start(StartError::TwoPieces(square("e4"))),
        XqfError::RecordCut {
            record: 3,
            offset: 1_100,
        },
        XqfError::CommentLength {
            record: 3,
            len: 1 << 30,
        },
        XqfError::OffBoard { record: 4 },
        XqfError::Illegal {
            record: 5,
            mv: "h2h9".into(),
            error: xiangqi_rules::IllegalMove::PathBlocked,
        },
        XqfError::TooManyNodes,
    ]
}

fn dhtml_errors() -> Vec<DhtmlError> {
    let field = "move_1_3_2".to_string();
    vec![
        DhtmlError::Unclosed {
            field: "DhtmlXQ_movelist".into(),
        },
        DhtmlError::Binit { chars: 63 },
        DhtmlError::Fen(FenError::RankCount { found: 3 }),
        DhtmlError::Start(StartError::TwoPieces(square("a0"))),
        DhtmlError::Moves {
            field: field.clone(),
        },
        DhtmlError::Branch {
            field: field.clone(),
        },
        DhtmlError::Illegal {
            field,
            step: 2,
            mv: "b0c2".into(),
            error: xiangqi_rules::IllegalMove::HorseLegBlocked,
        },
    ]
}

fn cbr_errors() -> Vec<CbrError> {
    vec![
        CbrError::Truncated { record: 2 },
        CbrError::MoveCut { record: 2, step: 7 },
        CbrError::OffBoard { record: 2, step: 7 },
        CbrError::Illegal {
            record: 2,
            step: 7,
            mv: "e0e2".into(),
            error: xiangqi_rules::IllegalMove::WrongShape(Role::General),
        },
        CbrError::TooManyMoves { record: 2 },
        CbrError::EmptyLibrary,
        CbrError::Version {
            record: 2,
            version: 1,
        },
        CbrError::OtherKind,
    ]
}

/// A line cut for each reason a reader cuts one, in the main line and in a variation.
fn cut_lines() -> Vec<CutLine<CutReason>> {
    let mut reasons: Vec<CutReason> = xqf_errors().into_iter().map(CutReason::Xqf).collect();
    reasons.extend(dhtml_errors().into_iter().map(CutReason::Dhtml));
    reasons.extend(cbr_errors().into_iter().map(CutReason::CcBridge));
    reasons
        .into_iter()
        .enumerate()
        .map(|(i, why)| CutLine {
            main: i % 2 == 0,
            number: 12,
            color: if i % 3 == 0 { Color::Red } else { Color::Black },
            why,
        })
        .collect()
}

fn record_errors() -> Vec<PgnError> {
    let mut kinds = vec![
        PgnErrorKind::Fen {
            fen: "9/9 w".into(),
            error: FenError::RankCount { found: 2 },
        },
        PgnErrorKind::Move {
            number: 2,
            color: Color::Black,
            error: NotationError {
                text: "z9z9".into(),
                kind: NotationErrorKind::Syntax(Notation::Wxf),
            },
        },
        PgnErrorKind::Move {
            number: 12,
            color: Color::Red,
            error: NotationError {
                text: "h2h9".into(),
                kind: NotationErrorKind::Illegal(xiangqi_rules::IllegalMove::CannonNeedsOneScreen),
            },
        },
        PgnErrorKind::MoveNumber {
            number: 1,
            color: Color::Black,
            written: WrittenNumber {
                number: 2,
                black: false,
            },
            text: "H2+3".into(),
        },
        PgnErrorKind::MoveNumber {
            number: 12,
            color: Color::Red,
            written: WrittenNumber {
                number: 12,
                black: true,
            },
            text: "C2.5".into(),
        },
        PgnErrorKind::NoSuchGame { available: 1 },
        PgnErrorKind::NoSuchGame { available: 3 },
        PgnErrorKind::UnclosedComment { line: 4 },
        PgnErrorKind::UnclosedVariation { line: 5 },
        PgnErrorKind::VariationWithoutMove { line: 6 },
        PgnErrorKind::TooLarge {
            line: 7,
            limit: 8 << 20,
        },
        PgnErrorKind::Read("…".into()),
    ];
    kinds.extend(xqf_errors().into_iter().map(PgnErrorKind::Xqf));
    kinds.extend(dhtml_errors().into_iter().map(PgnErrorKind::Dhtml));
    kinds.extend(cbr_errors().into_iter().map(PgnErrorKind::CcBridge));
    kinds
        .into_iter()
        .map(|kind| PgnError { game: 3, kind })
        .collect()
}

fn library_errors() -> Vec<LibraryError> {
    let path = PathBuf::from("棋谱/对局.pgn");
    let mut all: Vec<LibraryError> = [
        FileKind::Fifo,
        FileKind::Device,
        FileKind::Socket,
        FileKind::Folder,
        FileKind::Link,
        FileKind::Other,
    ]
    .into_iter()
    .map(|what| LibraryError::NotAFile {
        path: path.clone(),
        what,
    })
    .collect();
    all.push(LibraryError::Read {
        path: path.clone(),
        source: std::io::Error::other("…"),
    });
    all.extend(
        record_errors()
            .into_iter()
            .map(|source| LibraryError::Game {
                path: path.clone(),
                source,
            }),
    );
    all.push(LibraryError::NoGames { path });
    all
}

fn net_errors() -> Vec<NetError> {
    vec![
        NetError::Silent,
        NetError::Closed,
        NetError::Io("…".into()),
        NetError::TooLong(5000),
        NetError::MessageTooLong(2 << 20),
        NetError::NotXiangqi,
        NetError::Version { ours: 1, theirs: 2 },
        NetError::WrongCode,
        NetError::Busy,
        NetError::SeatTaken,
        NetError::Forged,
        NetError::Malformed("…".into()),
        NetError::WrongState("…".into()),
        NetError::Illegal("…".into()),
        NetError::OutOfTurn,
        NetError::Exhausted,
    ]
}

/// A file of each format whose start is the position `why` refuses.
fn illegal_starts(why: &PositionError) -> Vec<PgnError> {
    let start = || StartError::Illegal(why.clone());
    [
        PgnErrorKind::Xqf(XqfError::Start(start())),
        PgnErrorKind::Dhtml(DhtmlError::Start(start())),
        PgnErrorKind::CcBridge(CbrError::Start {
            record: 2,
            why: why.clone(),
        }),
    ]
    .into_iter()
    .map(|kind| PgnError { game: 1, kind })
    .collect()
}

/// Every reason in `lang`, with what it renders.
fn said(lang: Lang) -> Vec<(String, String)> {
    let mut all = Vec::new();
    all.extend(
        fen_errors()
            .iter()
            .map(|e| (format!("{e:?}"), fen(lang, e))),
    );
    all.extend(
        position_errors()
            .into_iter()
            .map(|e| (format!("{e:?}"), fen(lang, &FenError::Position(e)))),
    );
    all.extend(
        library_errors()
            .iter()
            .map(|e| (format!("{e:?}"), library(lang, e))),
    );
    all.extend(
        net_errors()
            .iter()
            .map(|e| (format!("{e:?}"), net(lang, e))),
    );
    all.extend(
        cut_lines()
            .iter()
            .map(|c| (format!("{c:?}"), cut_line(lang, c))),
    );
    all.extend(
        position_errors()
            .iter()
            .flat_map(illegal_starts)
            .map(|e| (format!("{e:?}"), record(lang, &e))),
    );
    all
}

#[test]
fn english_says_what_the_rules_library_says() {
    for e in fen_errors() {
        assert_eq!(fen(Lang::En, &e), e.to_string());
    }
    for e in record_errors() {
        assert_eq!(record(Lang::En, &e), e.to_string());
    }
    for e in library_errors() {
        assert_eq!(library(Lang::En, &e), e.to_string());
    }
    for e in net_errors() {
        assert_eq!(net(Lang::En, &e), e.to_string());
    }
    for c in cut_lines() {
        assert_eq!(cut_line(Lang::En, &c), c.to_string());
    }
    // A position is refused in the set-up editor's words, in a FEN as in a file's start.
    let facing = PositionError::GeneralsFacing { file: 'e' };
    let editor = "The generals face each other on file e with nothing between";
    assert_eq!(position(Lang::En, &facing), editor);
    for e in illegal_starts(&facing) {
        let said = record(Lang::En, &e);
        assert!(said.ends_with(editor), "{said}");
    }
}

#[test]
fn chinese_says_every_reason_without_english_words() {
    // Names, notations and formats that stay as they are written.
    let kept = [
        "FEN", "XQF", "DhtmlXQ", "CCBridge", "binit", "fen", "MiB", "KABNRCP", "FIFO", "pgn",
        "WXF", "ICCS", "xiangqi",
    ];
    for lang in [Lang::ZhHans, Lang::ZhHant] {
        for (what, text) in said(lang) {
            assert!(
                text.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)),
                "{lang} {what}: {text}"
            );
            // Quoted text and DhtmlXQ's field names are the record's own.
            let plain: String = text
                .split(['"', '\''])
                .step_by(2)
                .flat_map(|part| part.split_whitespace())
                .filter(|word| !word.contains('_'))
                .collect::<Vec<_>>()
                .join(" ");
            let english = crate::tui::tests::english_words(&plain, &kept);
            assert!(english.is_empty(), "{lang} {what}: {text}: {english:?}");
        }
    }
}

#[test]
fn a_record_names_the_move_and_its_side_in_chinese() {
    let e = &record_errors()[1];
    assert_eq!(
        record(Lang::ZhHans, e),
        "第 3 局，第 2 回合（黑方）：\"z9z9\"：不是 WXF 着法（棋子、纵线、+ - 或 .、数字，如 C2.5）"
    );
}
