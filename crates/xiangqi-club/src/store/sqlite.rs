//! The store on SQLite: one file in the data folder, in WAL mode (readers — an export, a
//! ban from the command line — never wait for the server), every commit synced to disk.

use super::pgn::{PgnFacts, archive_pgn};
use super::schema::{MIGRATIONS, migrate};
use super::{Account, NewGame, PlayerId, RatingUpdate, Store, StoreError, Unfinished};
use crate::protocol::names::name_key;
use crate::protocol::{ArchiveEntry, ClockSpec, GameId, How, Refusal, Variant, Verdict};
use crate::ratings::{Ratings, after_game, newcomer};
use crate::table::{Ended, Played};
use rusqlite::{Connection, OptionalExtension as _, params};
use std::path::Path;
use std::time::Duration;
use xiangqi_rating::{Category, Rating};
use xiangqi_rules::clock::Times;

/// A game's red and black players, clock, rated, start, and variant.
type GameRow = (PlayerId, PlayerId, ClockSpec, bool, i64, Variant);

/// A variant as the `games` table keeps it.
fn variant_text(variant: Variant) -> &'static str {
    variant.name()
}

/// A variant read back from the `games` table.
fn variant_of(text: &str) -> rusqlite::Result<Variant> {
    match text {
        "xiangqi" => Ok(Variant::Xiangqi),
        "jieqi" => Ok(Variant::Jieqi),
        other => Err(rusqlite::Error::FromSqlConversionFailure(
            0,
            rusqlite::types::Type::Text,
            format!("no such variant {other:?}").into(),
        )),
    }
}

/// The store in an SQLite database.
#[derive(Debug)]
pub struct SqliteStore {
    conn: Connection,
    site: String,
}

fn now_unix() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_secs()).unwrap_or(i64::MAX))
}

fn ms(d: Duration) -> i64 {
    i64::try_from(d.as_millis()).unwrap_or(i64::MAX)
}

fn from_ms(v: i64) -> Duration {
    Duration::from_millis(u64::try_from(v).unwrap_or(0))
}

fn corrupt(what: impl Into<String>) -> StoreError {
    StoreError::Corrupt(what.into())
}

impl SqliteStore {
    /// The database at `path` (made if there is none), its schema brought up to date;
    /// `site` is the `[Site]` tag of the games it archives.
    ///
    /// # Errors
    /// The file cannot be opened, its data is of a newer schema, or a migration failed.
    pub fn open(path: &Path, site: &str) -> Result<SqliteStore, StoreError> {
        SqliteStore::open_with(path, site, MIGRATIONS)
    }

    /// As [`SqliteStore::open`], with the migrations given (a test's later version).
    pub(crate) fn open_with(
        path: &Path,
        site: &str,
        migrations: &[&str],
    ) -> Result<SqliteStore, StoreError> {
        let mut conn = Connection::open(path)?;
        conn.busy_timeout(Duration::from_secs(5))?;
        let mode: String = conn.query_row("PRAGMA journal_mode=WAL", [], |r| r.get(0))?;
        if !mode.eq_ignore_ascii_case("wal") {
            return Err(corrupt(format!("the database would not use WAL ({mode})")));
        }
        conn.pragma_update(None, "synchronous", "FULL")?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        migrate(&mut conn, migrations)?;
        Ok(SqliteStore {
            conn,
            site: site.to_string(),
        })
    }

    /// The schema version of the data.
    ///
    /// # Errors
    /// The database failed.
    pub fn schema_version(&self) -> Result<i64, StoreError> {
        Ok(self
            .conn
            .query_row("PRAGMA user_version", [], |r| r.get(0))?)
    }

    fn ratings(&self, player: PlayerId) -> Result<Ratings, StoreError> {
        let mut ratings = newcomer();
        let mut stmt = self.conn.prepare_cached(
            "SELECT category, rating, deviation, volatility FROM ratings WHERE player = ?1",
        )?;
        let rows = stmt.query_map([player], |r| {
            Ok((
                r.get::<_, String>(0)?,
                Rating::new(r.get(1)?, r.get(2)?, r.get(3)?),
            ))
        })?;
        for row in rows {
            let (category, rating) = row?;
            if let Some(c) = Category::from_name(&category) {
                ratings[crate::protocol::category_index(c)] = rating;
            }
        }
        Ok(ratings)
    }

    fn account(&self, player: PlayerId) -> Result<Account, StoreError> {
        let (name, bot): (String, bool) = self
            .conn
            .prepare_cached("SELECT name, bot FROM players WHERE id = ?1")?
            .query_row([player], |r| Ok((r.get(0)?, r.get(1)?)))?;
        Ok(Account {
            id: player,
            name,
            bot,
            ratings: self.ratings(player)?,
        })
    }

    fn player_id(&self, name: &str) -> Result<Option<PlayerId>, StoreError> {
        Ok(self
            .conn
            .prepare_cached("SELECT id FROM players WHERE name_key = ?1")?
            .query_row([name_key(name)], |r| r.get(0))
            .optional()?)
    }

    fn moves(&self, game: GameId) -> Result<Vec<(Played, Times)>, StoreError> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT mv, red_ms, black_ms FROM moves WHERE game = ?1 ORDER BY ply",
        )?;
        let rows = stmt.query_map([game], |r| {
            Ok((
                r.get::<_, String>(0)?,
                r.get::<_, i64>(1)?,
                r.get::<_, i64>(2)?,
            ))
        })?;
        let mut moves = Vec::new();
        for row in rows {
            let (text, red, black) = row?;
            let mv = text
                .parse()
                .map_err(|_| corrupt(format!("game {game}: move {text:?}")))?;
            moves.push((
                mv,
                Times {
                    red: from_ms(red),
                    black: from_ms(black),
                },
            ));
        }
        Ok(moves)
    }

    fn set_rating(
        &self,
        player: PlayerId,
        category: Category,
        r: Rating,
    ) -> Result<(), StoreError> {
        self.conn
            .prepare_cached(
                "INSERT INTO ratings (player, category, rating, deviation, volatility, games)
                 VALUES (?1, ?2, ?3, ?4, ?5, 1)
                 ON CONFLICT (player, category) DO UPDATE SET rating = ?3, deviation = ?4,
                 volatility = ?5, games = games + 1",
            )?
            .execute(params![
                player,
                category.name(),
                r.rating,
                r.deviation,
                r.volatility
            ])?;
        Ok(())
    }

    /// The game row `finish_game` needs: red, black, clock, rated, started, variant; if in
    /// progress.
    fn game_in_progress(&self, game: GameId) -> Result<Option<GameRow>, StoreError> {
        Ok(self
            .conn
            .prepare_cached(
                "SELECT red, black, base_secs, increment_secs, rated, started, variant FROM games
                 WHERE id = ?1 AND state = 'playing'",
            )?
            .query_row([game], |r| {
                Ok((
                    r.get(0)?,
                    r.get(1)?,
                    ClockSpec {
                        base_secs: r.get(2)?,
                        increment_secs: r.get(3)?,
                    },
                    r.get(4)?,
                    r.get(5)?,
                    variant_of(&r.get::<_, String>(6)?)?,
                ))
            })
            .optional()?)
    }
}

impl Store for SqliteStore {
    fn login(
        &mut self,
        name: &str,
        key: &str,
        bot: bool,
    ) -> Result<Result<Account, Refusal>, StoreError> {
        let bound: Option<(PlayerId, String, String, bool)> = self
            .conn
            .prepare_cached(
                "SELECT p.id, p.name, p.name_key, p.banned FROM keys k
                 JOIN players p ON p.id = k.player WHERE k.key = ?1",
            )?
            .query_row([key], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?)))
            .optional()?;
        if let Some((id, held, held_key, banned)) = bound {
            if banned {
                return Ok(Err(Refusal::Banned));
            }
            if held_key != name_key(name) {
                return Ok(Err(Refusal::KeyHasName { name: held }));
            }
            return Ok(Ok(self.account(id)?));
        }
        if let Some(id) = self.player_id(name)? {
            let held = self.account(id)?.name;
            return Ok(Err(Refusal::NameTaken { name: held }));
        }
        let now = now_unix();
        self.conn
            .prepare_cached(
                "INSERT INTO players (name, name_key, bot, created) VALUES (?1, ?2, ?3, ?4)",
            )?
            .execute(params![name, name_key(name), bot, now])?;
        let id = self.conn.last_insert_rowid();
        self.conn
            .prepare_cached("INSERT INTO keys (key, player, added) VALUES (?1, ?2, ?3)")?
            .execute(params![key, id, now])?;
        Ok(Ok(Account {
            id,
            name: name.to_string(),
            bot,
            ratings: newcomer(),
        }))
    }

    fn ban(&mut self, name: &str) -> Result<bool, StoreError> {
        let n = self
            .conn
            .prepare_cached("UPDATE players SET banned = 1 WHERE name_key = ?1")?
            .execute([name_key(name)])?;
        Ok(n > 0)
    }

    fn next_game_id(&mut self) -> Result<GameId, StoreError> {
        Ok(self
            .conn
            .query_row("SELECT COALESCE(MAX(id), 0) + 1 FROM games", [], |r| {
                r.get(0)
            })?)
    }

    fn create_game(&mut self, game: &NewGame) -> Result<(), StoreError> {
        self.conn
            .prepare_cached(
                "INSERT INTO games (id, red, black, base_secs, increment_secs, rated, started,
                 state, variant) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, 'playing', ?8)",
            )?
            .execute(params![
                game.id,
                game.red,
                game.black,
                game.clock.base_secs,
                game.clock.increment_secs,
                game.rated,
                game.started,
                variant_text(game.variant)
            ])?;
        Ok(())
    }

    fn record_move(
        &mut self,
        game: GameId,
        ply: u32,
        mv: Played,
        times: Times,
    ) -> Result<(), StoreError> {
        self.conn
            .prepare_cached(
                "INSERT OR REPLACE INTO moves (game, ply, mv, red_ms, black_ms)
                 VALUES (?1, ?2, ?3, ?4, ?5)",
            )?
            .execute(params![
                game,
                ply,
                mv.to_string(),
                ms(times.red),
                ms(times.black)
            ])?;
        Ok(())
    }

    fn take_back(&mut self, game: GameId, ply: u32) -> Result<(), StoreError> {
        self.conn
            .prepare_cached("DELETE FROM moves WHERE game = ?1 AND ply > ?2")?
            .execute(params![game, ply])?;
        Ok(())
    }

    fn finish_game(
        &mut self,
        game: GameId,
        ended: Ended,
        at: i64,
    ) -> Result<Option<RatingUpdate>, StoreError> {
        let (red, black, clock, rated, started, variant) = self
            .game_in_progress(game)?
            .ok_or_else(|| corrupt(format!("game {game} is not in progress")))?;
        if ended.verdict == Verdict::Aborted {
            self.conn
                .prepare_cached(
                    "UPDATE games SET state = 'aborted', result = '*', termination = ?2,
                     ended = ?3 WHERE id = ?1",
                )?
                .execute(params![game, ended.how.describe(), at])?;
            return Ok(None);
        }
        let category = clock.category();
        let (red_account, black_account) = (self.account(red)?, self.account(black)?);
        let before = (
            crate::ratings::in_category(&red_account.ratings, category),
            crate::ratings::in_category(&black_account.ratings, category),
        );
        let update = match after_game(before.0, before.1, ended.verdict) {
            Some((r, b)) if rated => {
                self.set_rating(red, category, r)?;
                self.set_rating(black, category, b)?;
                Some(RatingUpdate {
                    red: (before.0, r),
                    black: (before.1, b),
                })
            }
            _ => None,
        };
        let (date, time): (String, String) = self.conn.query_row(
            "SELECT strftime('%Y.%m.%d', ?1, 'unixepoch'), strftime('%H:%M:%S', ?1, 'unixepoch')",
            [started],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )?;
        let moves = self.moves(game)?;
        let pgn = archive_pgn(&PgnFacts {
            site: &self.site,
            id: game,
            red: (&red_account.name, red_account.bot),
            black: (&black_account.name, black_account.bot),
            clock,
            rated,
            variant,
            date: &date,
            time: &time,
            moves: &moves,
            ended,
            before,
            update,
        });
        let after = update.map(|u| (u.red.1.rating, u.black.1.rating));
        self.conn
            .prepare_cached(
                "UPDATE games SET state = 'finished', result = ?2, termination = ?3, ended = ?4,
                 plies = ?5, red_before = ?6, black_before = ?7, red_after = ?8,
                 black_after = ?9, pgn = ?10 WHERE id = ?1",
            )?
            .execute(params![
                game,
                ended.verdict.pgn(),
                ended.how.describe(),
                at,
                moves.len(),
                before.0.rating,
                before.1.rating,
                after.map(|a| a.0),
                after.map(|a| a.1),
                pgn
            ])?;
        Ok(update)
    }

    fn unfinished_games(&mut self) -> Result<Vec<Unfinished>, StoreError> {
        let rows: Vec<(GameId, PlayerId, PlayerId, ClockSpec, bool, Variant)> = {
            let mut stmt = self.conn.prepare_cached(
                "SELECT id, red, black, base_secs, increment_secs, rated, variant FROM games
                 WHERE state = 'playing' ORDER BY id",
            )?;
            stmt.query_map([], |r| {
                Ok((
                    r.get(0)?,
                    r.get(1)?,
                    r.get(2)?,
                    ClockSpec {
                        base_secs: r.get(3)?,
                        increment_secs: r.get(4)?,
                    },
                    r.get(5)?,
                    variant_of(&r.get::<_, String>(6)?)?,
                ))
            })?
            .collect::<Result<_, _>>()?
        };
        let mut games = Vec::with_capacity(rows.len());
        for (id, red, black, clock, rated, variant) in rows {
            games.push(Unfinished {
                id,
                red: self.account(red)?,
                black: self.account(black)?,
                clock,
                rated,
                variant,
                moves: self.moves(id)?,
            });
        }
        Ok(games)
    }

    fn archive(
        &mut self,
        player: &str,
        before: Option<GameId>,
        limit: usize,
    ) -> Result<Option<Vec<ArchiveEntry>>, StoreError> {
        let Some(id) = self.player_id(player)? else {
            return Ok(None);
        };
        let mut stmt = self.conn.prepare_cached(
            "SELECT g.id, strftime('%Y.%m.%d', g.started, 'unixepoch'), pr.name, pb.name,
             g.result, g.termination, g.base_secs, g.increment_secs, g.rated, g.plies,
             g.variant FROM games g JOIN players pr ON pr.id = g.red JOIN players pb ON pb.id = g.black
             WHERE g.state = 'finished' AND (g.red = ?1 OR g.black = ?1) AND g.id < ?2
             ORDER BY g.id DESC LIMIT ?3",
        )?;
        let before = before.unwrap_or(GameId::MAX >> 1);
        let rows = stmt.query_map(params![id, before, limit], |r| {
            Ok(ArchiveEntry {
                game: r.get(0)?,
                date: r.get(1)?,
                red: r.get(2)?,
                black: r.get(3)?,
                result: r.get(4)?,
                how: How::from_describe(&r.get::<_, String>(5)?).unwrap_or(How::Other),
                clock: ClockSpec {
                    base_secs: r.get(6)?,
                    increment_secs: r.get(7)?,
                },
                rated: r.get(8)?,
                plies: r.get(9)?,
                variant: variant_of(&r.get::<_, String>(10)?)?,
            })
        })?;
        Ok(Some(rows.collect::<Result<_, _>>()?))
    }

    fn pgn(&mut self, game: GameId) -> Result<Option<String>, StoreError> {
        Ok(self
            .conn
            .prepare_cached("SELECT pgn FROM games WHERE id = ?1 AND state = 'finished'")?
            .query_row([game], |r| r.get(0))
            .optional()?)
    }

    fn export(
        &mut self,
        player: Option<&str>,
        each: &mut dyn FnMut(&str) -> std::io::Result<()>,
    ) -> Result<Option<usize>, StoreError> {
        let id = match player {
            Some(name) => match self.player_id(name)? {
                Some(id) => Some(id),
                None => return Ok(None),
            },
            None => None,
        };
        let mut stmt = self.conn.prepare(
            "SELECT pgn FROM games WHERE state = 'finished'
             AND (?1 IS NULL OR red = ?1 OR black = ?1) ORDER BY id",
        )?;
        let mut rows = stmt.query([id])?;
        let mut count = 0;
        while let Some(row) = rows.next()? {
            let pgn: String = row.get(0)?;
            each(&pgn).map_err(|source| StoreError::Folder {
                path: "standard output".into(),
                source,
            })?;
            count += 1;
        }
        Ok(Some(count))
    }

    fn begin(&mut self) -> Result<(), StoreError> {
        self.conn.execute_batch("BEGIN IMMEDIATE")?;
        Ok(())
    }

    fn commit(&mut self) -> Result<(), StoreError> {
        if let Err(e) = self.conn.execute_batch("COMMIT") {
            let _ = self.conn.execute_batch("ROLLBACK");
            return Err(e.into());
        }
        Ok(())
    }

    fn savepoint(&mut self) -> Result<(), StoreError> {
        self.conn.execute_batch("SAVEPOINT op")?;
        Ok(())
    }

    fn release(&mut self, keep: bool) -> Result<(), StoreError> {
        if keep {
            self.conn.execute_batch("RELEASE op")?;
        } else {
            self.conn.execute_batch("ROLLBACK TO op; RELEASE op")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests;
