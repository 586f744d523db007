//! Reading CCBridge records (`.cbr`) and libraries (`.cbl`).

use crate::common::process;

use xiangqi_records::ccbridge::{CbrError, Heading, read_all, read_library};
use xiangqi_rules::{Color, CutLine, IllegalMove};

fn sample(name: &str) -> Vec<u8> {
    process::game_file(&format!("ccbridge/{name}"))
}

#[test]
fn a_record_reads_with_its_comments() {
    let games = read_all(&sample("cchess-test2.cbr"));
    assert_eq!(games.len(), 1);
    let game = games[0].as_ref().expect("reads");
    let moves = process::iccs_line(&game.tree);
    assert_eq!(moves, ["h2e2", "h7e7"]);
    assert_eq!(game.tree.comment(xiangqi_rules::NodeId::ROOT), Some("李1"));
    assert!(
        game.tags
            .contains(&("Event".to_string(), "Test".to_string()))
    );
}

#[test]
fn a_library_reads_as_its_games_and_the_picker_lists_them() {
    let bytes = sample("cchess-linxingrong.CBL");
    let games = read_all(&bytes);
    assert_eq!(games.len(), 14);
    for game in &games {
        let game = game.as_ref().expect("every record reads");
        assert!(!game.tree.main_line().is_empty());
        assert!(game.tags.iter().any(|(k, v)| k == "Event" && !v.is_empty()));
    }
    let index = xiangqi_records::pgn::index(bytes.as_slice());
    assert_eq!(index.entries().len(), 14);
    assert!(
        index.entries()[0].event.contains("林兴荣"),
        "{:?}",
        index.entries()[0]
    );
    let fifth = index.open(std::io::Cursor::new(&bytes), 5).expect("opens");
    let read = games[4].as_ref().expect("reads").tree.main_line();
    assert_eq!(fifth.moves(), read.as_slice());
}

#[test]
fn damaged_records_say_which_and_where() {
    let record = sample("cchess-test2.cbr");
    assert_eq!(
        read_all(&record[..1000])[0].as_ref().err(),
        Some(&CbrError::Truncated { record: 1 })
    );
    // Every cut after the header reads what it holds or says which move was cut.
    for len in 2214..record.len() {
        if let Err(e) = &read_all(&record[..len])[0] {
            assert!(e.to_string().starts_with("CCBridge: record 1"), "{e}");
        }
    }
    // A move from an empty point is refused, not played: the line is cut there.
    let mut bad = record.clone();
    let first_move = find_first_move(&bad);
    bad[first_move + 2] = 40; // from the middle of the board, where nothing stands
    let game = read_all(&bad).remove(0).expect("the rest reads");
    assert!(game.tree.is_empty());
    assert!(
        matches!(
            game.cut[..],
            [CutLine {
                main: true,
                why: CbrError::Illegal {
                    step: 1,
                    error: IllegalMove::NoPiece,
                    ..
                },
                ..
            }]
        ),
        "{:?}",
        game.cut
    );
    // The start's own record saying that no move follows: a position, whatever bytes come
    // after it (left over from other data).
    let mut position = record.clone();
    position[2214] = 1;
    let game = read_all(&position).remove(0).expect("a position");
    assert!(game.tree.is_empty() && game.cut.is_empty());
    assert_eq!(game.tree.comment(xiangqi_rules::NodeId::ROOT), None);
    // Another version of the record format, and the later compressed files, are named.
    let mut version_1 = record.clone();
    version_1[19] = 1;
    assert_eq!(
        read_all(&version_1)[0].as_ref().err(),
        Some(&CbrError::Version {
            record: 1,
            version: 1
        })
    );
    let compressed = b"CCBridge\x15\0\0\0\x03\0\0\0\x5d\xcf\x01\0\x78\xda";
    assert_eq!(
        read_all(compressed)[0].as_ref().err(),
        Some(&CbrError::OtherKind)
    );
    let library = b"CCBridgeLibrary\0 nothing else".to_vec();
    assert_eq!(
        read_all(&library)[0].as_ref().err(),
        Some(&CbrError::EmptyLibrary)
    );
    // Shorter than either signature: no record, not a panic.
    for short in [&b""[..], b"CCBridge"] {
        assert_eq!(
            read_all(short)[0].as_ref().err(),
            Some(&CbrError::EmptyLibrary)
        );
    }
    // Every byte changed in turn: never a panic.
    let bytes = sample("cchess-linxingrong.CBL");
    for i in (0..bytes.len()).step_by(97) {
        let mut damaged = bytes.clone();
        damaged[i] ^= 0xa5;
        let _ = read_all(&damaged);
    }
}

#[test]
fn a_book_library_passes_over_its_chapter_headings_and_reads_every_game() {
    let bytes = sample("cchess-canjuquanshu-part.CBL");
    let library = read_library(&bytes);
    let titles: Vec<(usize, &str)> = library
        .headings
        .iter()
        .map(|Heading { record, title }| (*record, title.as_str()))
        .collect();
    assert_eq!(
        titles,
        [
            (2, "第05节 残棋的技巧性"),
            (3, "第2篇 残局常用杀法"),
            (6, "第三节 马类残棋的例胜与例和局"),
            (7, "第一章 准确掌握“例胜”、“例和”局"),
            (9, "附录一、兵类例和局（17局）"),
        ]
    );
    let games: Vec<_> = library
        .games
        .iter()
        .map(|g| g.as_ref().expect("every game reads"))
        .collect();
    assert_eq!(games.len(), 4);
    // Black to move, as the record's side field says.
    assert_eq!(games[1].tree.start().turn(), Color::Black);
    assert!(!games[1].tree.is_empty());
    // A diagram whose first move leaves red's general in check: cut at once; and a study
    // with an illegal move deep in a variation, that variation cut.
    assert!(games[2].tree.is_empty());
    assert!(
        matches!(
            games[2].cut[..],
            [CutLine {
                main: true,
                number: 1,
                color: Color::Red,
                ..
            }]
        ),
        "{:?}",
        games[2].cut
    );
    assert!(
        matches!(
            games[3].cut[..],
            [CutLine {
                main: false,
                why: CbrError::Illegal {
                    record: 8,
                    step: 26,
                    ..
                },
                ..
            }]
        ),
        "{:?}",
        games[3].cut
    );
    assert!(games[0].cut.is_empty() && games[1].cut.is_empty());
    // The picker lists the games alone and counts the headings, as the reader does.
    let index = xiangqi_records::pgn::index(bytes.as_slice());
    assert_eq!((index.len(), index.headings()), (4, 5));
    assert!(index.entries().iter().all(|e| e.problem.is_none()));
    let mut reader = xiangqi_records::pgn::GameReader::new(bytes.as_slice());
    assert_eq!(reader.by_ref().filter(Result::is_ok).count(), 4);
    assert_eq!(reader.headings(), 5);
}

#[test]
fn convert_says_how_many_headings_it_passed_over_and_which_lines_it_cut() {
    let (out, err) = process::convert_game_file("ccbridge/cchess-canjuquanshu-part.CBL", "wxf");
    assert!(
        err.contains("warning: 5 chapter headings passed over (no board: not games)"),
        "{err}"
    );
    assert!(
        err.contains(
            "warning: game 4: a variation cut at move 4 (Black): CCBridge: record 8, move 26"
        ),
        "{err}"
    );
    assert_eq!(out.matches("[Game ").count(), 4);
}

/// Where the first move's four bytes start: after the header and the opening comment.
fn find_first_move(record: &[u8]) -> usize {
    let flag = i32::from_le_bytes([record[2214], record[2215], record[2216], record[2217]]);
    if flag == 0 {
        return 2218;
    }
    let len = i32::from_le_bytes([record[2218], record[2219], record[2220], record[2221]]);
    2222 + usize::try_from(len).expect("a length")
}
