//! Reading CCBridge records (`.cbr`) and libraries (`.cbl`).

use crate::common::process;

use xiangqi_records::ccbridge::{CbrError, read_all};

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
    // A move from an empty point is refused, not played.
    let mut bad = record.clone();
    let first_move = find_first_move(&bad);
    bad[first_move + 2] = 40; // from the middle of the board, where nothing stands
    match &read_all(&bad)[0] {
        Err(CbrError::Illegal { step: 1, .. }) => {}
        other => panic!("{other:?}"),
    }
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

/// Where the first move's four bytes start: after the header and the opening comment.
fn find_first_move(record: &[u8]) -> usize {
    let flag = i32::from_le_bytes([record[2214], record[2215], record[2216], record[2217]]);
    if flag == 0 {
        return 2218;
    }
    let len = i32::from_le_bytes([record[2218], record[2219], record[2220], record[2221]]);
    2222 + usize::try_from(len).expect("a length")
}
