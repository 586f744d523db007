//! The SQLite store: names bound to keys, migrations, results archived with their ratings.

use super::*;
use crate::protocol::How;

fn store_in(dir: &tempfile::TempDir) -> SqliteStore {
    SqliteStore::open(&dir.path().join("club.sqlite3"), "test club").expect("store")
}

fn login(s: &mut SqliteStore, name: &str, key: &str) -> Result<Account, Refusal> {
    s.login(name, key, false).expect("store")
}

/// Alice (red) and Bob log in and begin game 1 of `variant` on `clock`.
fn alice_and_bob_begin(s: &mut SqliteStore, clock: ClockSpec, rated: bool, variant: Variant) {
    let a = login(s, "alice", "x25519:aa").expect("store");
    let b = login(s, "bob", "x25519:bb").expect("store");
    s.create_game(&NewGame {
        id: 1,
        red: a.id,
        black: b.id,
        clock,
        rated,
        started: 0,
        variant,
    })
    .expect("store");
}

#[test]
fn a_name_belongs_to_the_first_key_that_takes_it() {
    let dir = tempfile::tempdir().expect("store");
    let mut s = store_in(&dir);
    let alice = login(&mut s, "Alice", "x25519:aa").expect("store");
    assert_eq!(
        login(&mut s, "Alice", "x25519:aa").expect("store").id,
        alice.id
    );
    assert_eq!(
        login(&mut s, "alice", "x25519:bb"),
        Err(Refusal::NameTaken {
            name: "Alice".into()
        })
    );
    assert_eq!(
        login(&mut s, "Alicia", "x25519:aa"),
        Err(Refusal::KeyHasName {
            name: "Alice".into()
        })
    );
    assert!(s.ban("ALICE").expect("store"));
    assert!(!s.ban("nobody").expect("store"));
    assert_eq!(login(&mut s, "Alice", "x25519:aa"), Err(Refusal::Banned));
}

#[test]
fn a_fresh_database_gets_the_latest_schema_and_a_later_one_migrates_keeping_its_data() {
    let dir = tempfile::tempdir().expect("store");
    let path = dir.path().join("club.sqlite3");
    let mut s = SqliteStore::open(&path, "c").expect("store");
    assert_eq!(
        s.schema_version().expect("store"),
        super::super::schema::latest()
    );
    login(&mut s, "alice", "x25519:aa").expect("store");
    drop(s);
    // A later version adds a column; the data of the versions before is kept.
    let now = super::super::schema::latest();
    let later: Vec<&str> = MIGRATIONS
        .iter()
        .copied()
        .chain(["ALTER TABLE players ADD COLUMN motto TEXT"])
        .collect();
    let mut s = SqliteStore::open_with(&path, "c", &later).expect("store");
    assert_eq!(s.schema_version().expect("store"), now + 1);
    assert!(login(&mut s, "alice", "x25519:aa").is_ok());
    drop(s);
    // And this version refuses that newer data rather than misread it.
    let err = SqliteStore::open(&path, "c").expect_err("refused");
    assert!(
        matches!(err, StoreError::Newer { found, known } if found == now + 1 && known == now),
        "{err}"
    );
}

#[test]
fn a_migration_that_fails_leaves_the_data_as_it_was() {
    let dir = tempfile::tempdir().expect("store");
    let path = dir.path().join("club.sqlite3");
    drop(SqliteStore::open(&path, "c").expect("store"));
    let broken: Vec<&str> = MIGRATIONS
        .iter()
        .copied()
        .chain(["CREATE TABLE extra (x); INSERT INTO nowhere VALUES (1)"])
        .collect();
    assert!(SqliteStore::open_with(&path, "c", &broken).is_err());
    let s = SqliteStore::open(&path, "c").expect("store");
    assert_eq!(
        s.schema_version().expect("store"),
        super::super::schema::latest()
    );
    let extra: i64 = s
        .conn
        .query_row(
            "SELECT COUNT(*) FROM sqlite_master WHERE name = 'extra'",
            [],
            |r| r.get(0),
        )
        .expect("store");
    assert_eq!(extra, 0);
}

#[test]
fn a_finished_rated_game_moves_both_ratings_and_is_archived_as_pgn() {
    let dir = tempfile::tempdir().expect("store");
    let mut s = store_in(&dir);
    let a = login(&mut s, "alice", "x25519:aa").expect("store");
    let b = login(&mut s, "bob", "x25519:bb").expect("store");
    let id = s.next_game_id().expect("store");
    s.create_game(&NewGame {
        id,
        red: a.id,
        black: b.id,
        clock: ClockSpec::minutes(5, 3),
        rated: true,
        started: 1_767_323_045, // 2026-01-02 03:04:05 UTC
        variant: Variant::Xiangqi,
    })
    .expect("store");
    let t = |r, b| Times {
        red: Duration::from_secs(r),
        black: Duration::from_secs(b),
    };
    s.record_move(id, 1, "h2e2".parse().expect("store"), t(303, 300))
        .expect("store");
    s.record_move(id, 2, "h9g7".parse().expect("store"), t(303, 290))
        .expect("store");
    s.record_move(id, 3, "b0c2".parse().expect("store"), t(301, 290))
        .expect("store");
    s.take_back(id, 2).expect("store");
    assert_eq!(s.unfinished_games().expect("store")[0].moves.len(), 2);
    let ended = Ended {
        verdict: Verdict::BlackWins,
        how: How::Resignation,
    };
    let update = s
        .finish_game(id, ended, 1_767_323_100)
        .expect("store")
        .expect("store");
    assert!(update.red.1.rating < update.red.0.rating);
    assert!(update.black.1.rating > update.black.0.rating);
    assert!(s.unfinished_games().expect("store").is_empty());
    let blitz = crate::protocol::category_index(Category::Blitz);
    let alice = login(&mut s, "alice", "x25519:aa").expect("store");
    assert_eq!(alice.ratings[blitz], update.red.1);
    let pgn = s.pgn(id).expect("store").expect("store");
    for tag in [
        "[Event \"Rated blitz game\"]",
        "[Site \"test club\"]",
        "[Date \"2026.01.02\"]",
        "[Red \"alice\"]",
        "[Black \"bob\"]",
        "[Result \"0-1\"]",
        "[Termination \"resignation\"]",
        "[TimeControl \"300+3\"]",
        "[RedElo \"1500\"]",
        "[RedRatingAfter \"",
        "[BlackRatingDiff \"+",
        "[UTCTime \"03:04:05\"]",
        "[%clk 0:05:03]",
    ] {
        assert!(pgn.contains(tag), "{tag} in\n{pgn}");
    }
    let page = s.archive("Bob", None, 10).expect("store").expect("store");
    assert_eq!(page.len(), 1);
    assert_eq!((page[0].plies, page[0].how), (2, How::Resignation));
    assert_eq!(s.archive("nobody", None, 10).expect("store"), None);
    let mut out = Vec::new();
    let n = s
        .export(Some("alice"), &mut |p| {
            out.push(p.to_string());
            Ok(())
        })
        .expect("store");
    assert_eq!((n, out.len()), (Some(1), 1));
}

#[test]
fn an_aborted_game_is_neither_rated_nor_archived() {
    let dir = tempfile::tempdir().expect("store");
    let mut s = store_in(&dir);
    alice_and_bob_begin(&mut s, ClockSpec::minutes(1, 0), true, Variant::Xiangqi);
    let ended = Ended {
        verdict: Verdict::Aborted,
        how: How::Aborted,
    };
    assert_eq!(s.finish_game(1, ended, 5).expect("store"), None);
    assert!(s.finish_game(1, ended, 5).is_err(), "only once");
    assert_eq!(s.pgn(1).expect("store"), None);
    assert_eq!(
        s.archive("alice", None, 5)
            .expect("store")
            .expect("store")
            .len(),
        0
    );
    assert_eq!(s.next_game_id().expect("store"), 2);
}

#[test]
fn a_database_of_version_1_opens_and_its_games_read_as_xiangqi() {
    let dir = tempfile::tempdir().expect("store");
    let path = dir.path().join("club.sqlite3");
    let mut s = SqliteStore::open_with(&path, "c", &MIGRATIONS[..1]).expect("store");
    assert_eq!(s.schema_version().expect("store"), 1);
    let a = login(&mut s, "alice", "x25519:aa").expect("store");
    let b = login(&mut s, "bob", "x25519:bb").expect("store");
    // As a server of version 1 wrote them: a game in progress and a finished one.
    s.conn
        .execute_batch(&format!(
            "INSERT INTO games (id, red, black, base_secs, increment_secs, rated, started, state)
             VALUES (1, {r}, {k}, 300, 3, 0, 0, 'playing');
             INSERT INTO games (id, red, black, base_secs, increment_secs, rated, started, state,
             result, termination, ended, plies, pgn)
             VALUES (2, {r}, {k}, 60, 0, 0, 0, 'finished', '1-0', 'resignation', 9, 0, '*');
             INSERT INTO moves VALUES (1, 1, 'h2e2', 300000, 300000);",
            r = a.id,
            k = b.id
        ))
        .expect("store");
    drop(s);
    let mut s = SqliteStore::open(&path, "c").expect("store");
    assert_eq!(
        s.schema_version().expect("store"),
        super::super::schema::latest()
    );
    let playing = s.unfinished_games().expect("store");
    assert_eq!((playing.len(), playing[0].variant), (1, Variant::Xiangqi));
    assert_eq!(playing[0].moves[0].0.to_string(), "h2e2");
    let page = s.archive("alice", None, 10).expect("store").expect("store");
    assert_eq!((page.len(), page[0].variant), (1, Variant::Xiangqi));
}

#[test]
fn a_jieqi_game_keeps_its_variant_and_reveals_and_is_archived_as_jieqi_pgn() {
    let dir = tempfile::tempdir().expect("store");
    let mut s = store_in(&dir);
    alice_and_bob_begin(&mut s, ClockSpec::minutes(3, 2), false, Variant::Jieqi);
    let mut game = xiangqi_rules::jieqi::JieqiGame::dealt(11);
    let times = Times {
        red: Duration::from_secs(180),
        black: Duration::from_secs(180),
    };
    for (ply, mv) in (1..).zip(["h2e2", "h9g7", "a0a1", "b9c7"]) {
        let played = game.play(mv.parse().expect("a move")).expect("legal");
        s.record_move(1, ply, played, times).expect("store");
    }
    assert!(game.moves().iter().all(|m| m.reveal.is_some()));
    let playing = s.unfinished_games().expect("store");
    assert_eq!(playing[0].variant, Variant::Jieqi);
    let kept: Vec<Played> = playing[0].moves.iter().map(|&(m, _)| m).collect();
    assert_eq!(kept, game.moves());
    // Lost on time: a result the board does not show is still the record's.
    let ended = Ended {
        verdict: Verdict::BlackWins,
        how: How::TimeForfeit,
    };
    assert_eq!(s.finish_game(1, ended, 10).expect("store"), None);
    let page = s.archive("bob", None, 10).expect("store").expect("store");
    assert_eq!((page[0].variant, page[0].plies), (Variant::Jieqi, 4));
    let pgn = s.pgn(1).expect("store").expect("archived");
    let record = xiangqi_records::jieqi::read_jieqi_pgn(&pgn).expect("Jieqi PGN");
    assert_eq!(record.moves, game.moves());
    for tag in [
        "[Variant \"Jieqi\"]",
        "[Result \"0-1\"]",
        "[Event \"Casual blitz game\"]",
        "[Termination \"time forfeit\"]",
    ] {
        assert!(pgn.contains(tag), "{tag} in\n{pgn}");
    }
}
