//! A finished game as the archive keeps it: PGN with every tag a reader wants (the players,
//! their ratings before and after, the clock, the result and how it came, the date), each
//! move's clock as a `[%clk]` comment, written by the records crate. A Jieqi game is
//! written as Jieqi PGN (`[Variant "Jieqi"]`, each reveal in its move), without the clocks.

use super::RatingUpdate;
use crate::protocol::{ClockSpec, GameId, Variant, Verdict};
use crate::table::{Ended, Played};
use xiangqi_rating::Rating;
use xiangqi_records::jieqi::write_jieqi_pgn;
use xiangqi_records::pgn::write_pgn;
use xiangqi_rules::clock::{Times, clk_comment};
use xiangqi_rules::jieqi::{JieqiGame, JieqiPosition};
use xiangqi_rules::{Color, Game, Notation, NotationStyle};

/// What the archive's PGN of a game says.
#[derive(Clone, Debug)]
pub struct PgnFacts<'a> {
    /// Where: the `[Site]` tag.
    pub site: &'a str,
    /// The game's number.
    pub id: GameId,
    /// Red's name and whether a bot.
    pub red: (&'a str, bool),
    /// Black's.
    pub black: (&'a str, bool),
    /// The clock.
    pub clock: ClockSpec,
    /// Rated or casual.
    pub rated: bool,
    /// Xiangqi or Jieqi.
    pub variant: Variant,
    /// The day it began, `YYYY.MM.DD` (UTC).
    pub date: &'a str,
    /// The time it began, `HH:MM:SS` (UTC).
    pub time: &'a str,
    /// The moves (with their reveals in Jieqi) and the clocks after each.
    pub moves: &'a [(Played, Times)],
    /// How it ended.
    pub ended: Ended,
    /// Red's and Black's ratings when it ended, before it counted.
    pub before: (Rating, Rating),
    /// The change it made, if rated.
    pub update: Option<RatingUpdate>,
}

/// The game's PGN.
#[must_use]
pub fn archive_pgn(facts: &PgnFacts<'_>) -> String {
    let tags = archive_tags(facts);
    match facts.variant {
        Variant::Xiangqi => xiangqi_pgn(facts, &tags),
        Variant::Jieqi => jieqi_pgn(facts, &tags),
    }
}

fn xiangqi_pgn(facts: &PgnFacts<'_>, tags: &[(String, String)]) -> String {
    let mut game = Game::default();
    for &(m, times) in facts.moves {
        let mover = game.position().turn();
        if game.play_unadjudicated(m.mv).is_err() {
            break;
        }
        let left = match mover {
            Color::Red => times.red,
            Color::Black => times.black,
        };
        let node = game.current();
        game.set_comment(node, Some(&clk_comment(left)));
    }
    write_pgn(&game, tags, Notation::Chinese, &NotationStyle::default())
}

/// The Jieqi record: its moves with what each turned over, in ICCS as Jieqi programs write
/// it. The pieces nobody saw are dealt anew for the replay (from a fixed number: they are
/// not written, so which deal does not matter).
fn jieqi_pgn(facts: &PgnFacts<'_>, tags: &[(String, String)]) -> String {
    let moves: Vec<Played> = facts.moves.iter().map(|&(m, _)| m).collect();
    let mut game = match JieqiGame::replay(JieqiPosition::start(), &moves, 0) {
        Ok(game) => game,
        // Moves the store cannot replay (changed by hand): the record keeps those that play.
        Err((i, _)) => JieqiGame::replay(JieqiPosition::start(), &moves[..i], 0)
            .unwrap_or_else(|_| JieqiGame::dealt(0)),
    };
    // The writer takes the result from the game: a result the board does not show (a flag,
    // an abandoned game) is declared on it as the resignation or agreement it amounts to.
    if game.outcome().is_none() {
        let _ = match facts.ended.verdict {
            Verdict::RedWins => game.resign(Color::Black),
            Verdict::BlackWins => game.resign(Color::Red),
            Verdict::Draw => game.agree_draw(),
            Verdict::Aborted => Ok(()),
        };
    }
    write_jieqi_pgn(&game, tags, Notation::Iccs)
}

fn archive_tags(facts: &PgnFacts<'_>) -> Vec<(String, String)> {
    let category = facts.clock.category();
    let event = if facts.rated {
        format!("Rated {category} game")
    } else {
        format!("Casual {category} game")
    };
    let shown = |r: Rating| format!("{:.0}", r.rating);
    let mut tags: Vec<(String, String)> = vec![
        ("Event".into(), event),
        ("Site".into(), facts.site.to_string()),
        ("Date".into(), facts.date.to_string()),
        ("Round".into(), "-".into()),
        ("Red".into(), facts.red.0.to_string()),
        ("Black".into(), facts.black.0.to_string()),
        ("Result".into(), facts.ended.verdict.pgn().to_string()),
        ("Termination".into(), facts.ended.how.describe().to_string()),
        ("UTCTime".into(), facts.time.to_string()),
        ("TimeControl".into(), facts.clock.control().to_string()),
        ("RedElo".into(), shown(facts.before.0)),
        ("BlackElo".into(), shown(facts.before.1)),
    ];
    if let Some(u) = facts.update {
        let diff = |(b, a): (Rating, Rating)| {
            // Rounded as shown, so the difference adds up with the ratings written.
            let d = a.rating.round() - b.rating.round();
            format!("{d:+.0}")
        };
        tags.push(("RedRatingDiff".into(), diff(u.red)));
        tags.push(("BlackRatingDiff".into(), diff(u.black)));
        tags.push(("RedRatingAfter".into(), shown(u.red.1)));
        tags.push(("BlackRatingAfter".into(), shown(u.black.1)));
    }
    for (side, (_, bot)) in [("Red", facts.red), ("Black", facts.black)] {
        if bot {
            tags.push((format!("{side}Title"), "BOT".into()));
        }
    }
    tags.push(("GameId".into(), facts.id.to_string()));
    tags
}
