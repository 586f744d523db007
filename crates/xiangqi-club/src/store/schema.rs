//! The database's schema and its versions: `PRAGMA user_version` says which migrations have
//! run; on opening, the missing ones run in order, each in a transaction of its own.

use super::StoreError;
use rusqlite::Connection;

/// Each version's migration, the first making version 1. A later version appends its
/// statements here; what is here never changes once released.
pub(super) const MIGRATIONS: &[&str] = &[
    // 1: players and their keys, ratings by category, games and their moves.
    "CREATE TABLE players (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        name_key TEXT NOT NULL UNIQUE,
        bot INTEGER NOT NULL DEFAULT 0,
        banned INTEGER NOT NULL DEFAULT 0,
        created INTEGER NOT NULL
    );
    CREATE TABLE keys (
        key TEXT PRIMARY KEY,
        player INTEGER NOT NULL REFERENCES players(id),
        added INTEGER NOT NULL
    );
    CREATE INDEX keys_player ON keys(player);
    CREATE TABLE ratings (
        player INTEGER NOT NULL REFERENCES players(id),
        category TEXT NOT NULL,
        rating REAL NOT NULL,
        deviation REAL NOT NULL,
        volatility REAL NOT NULL,
        games INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (player, category)
    ) WITHOUT ROWID;
    CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        red INTEGER NOT NULL REFERENCES players(id),
        black INTEGER NOT NULL REFERENCES players(id),
        base_secs INTEGER NOT NULL,
        increment_secs INTEGER NOT NULL,
        rated INTEGER NOT NULL,
        started INTEGER NOT NULL,
        state TEXT NOT NULL CHECK (state IN ('playing', 'finished', 'aborted')),
        result TEXT,
        termination TEXT,
        ended INTEGER,
        plies INTEGER,
        red_before REAL,
        red_after REAL,
        black_before REAL,
        black_after REAL,
        pgn TEXT
    );
    CREATE INDEX games_red ON games(red, id);
    CREATE INDEX games_black ON games(black, id);
    CREATE INDEX games_state ON games(state);
    CREATE TABLE moves (
        game INTEGER NOT NULL REFERENCES games(id),
        ply INTEGER NOT NULL,
        mv TEXT NOT NULL,
        red_ms INTEGER NOT NULL,
        black_ms INTEGER NOT NULL,
        PRIMARY KEY (game, ply)
    ) WITHOUT ROWID;",
    // 2: each game's variant; the games of version 1 were all xiangqi. A Jieqi game's moves
    // keep what each turned over (`a0a1P`) in `moves.mv`; its deal is kept nowhere.
    "ALTER TABLE games ADD COLUMN variant TEXT NOT NULL DEFAULT 'xiangqi'
        CHECK (variant IN ('xiangqi', 'jieqi'));",
];

/// The schema version this server makes and reads.
#[cfg(test)]
pub(super) fn latest() -> i64 {
    i64::try_from(MIGRATIONS.len()).unwrap_or(i64::MAX)
}

/// Brings `conn`'s schema up to [`latest`] with `migrations` (the server's own, or a test's).
///
/// # Errors
/// The data is newer than this server knows, or a migration failed (it is rolled back).
pub(super) fn migrate(conn: &mut Connection, migrations: &[&str]) -> Result<(), StoreError> {
    let known = i64::try_from(migrations.len()).unwrap_or(i64::MAX);
    let found: i64 = conn.query_row("PRAGMA user_version", [], |r| r.get(0))?;
    if found > known {
        return Err(StoreError::Newer { found, known });
    }
    for (i, sql) in migrations
        .iter()
        .enumerate()
        .skip(usize::try_from(found).unwrap_or(0))
    {
        let tx = conn.transaction()?;
        tx.execute_batch(sql)?;
        tx.pragma_update(None, "user_version", i + 1)?;
        tx.commit()?;
    }
    Ok(())
}
