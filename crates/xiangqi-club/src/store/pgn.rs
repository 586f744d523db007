//! A finished game as the archive keeps it: PGN with every tag a reader wants (the players,
//! their ratings before and after, the clock, the result and how it came, the date), each
//! move's clock as a `[%clk]` comment, written by the records crate.

use super::RatingUpdate;
use crate::protocol::{ClockSpec, GameId};
use crate::table::Ended;
use xiangqi_rating::Rating;
use xiangqi_records::pgn::write_pgn;
use xiangqi_rules::clock::{Times, clk_comment};
use xiangqi_rules::{Color, Game, Move, Notation, NotationStyle};

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
    /// The day it began, `YYYY.MM.DD` (UTC).
    pub date: &'a str,
    /// The time it began, `HH:MM:SS` (UTC).
    pub time: &'a str,
    /// The moves and the clocks after each.
    pub moves: &'a [(Move, Times)],
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
    let mut game = Game::default();
    for &(mv, times) in facts.moves {
        let mover = game.position().turn();
        if game.play_unadjudicated(mv).is_err() {
            break;
        }
        let left = match mover {
            Color::Red => times.red,
            Color::Black => times.black,
        };
        let node = game.current();
        game.set_comment(node, Some(&clk_comment(left)));
    }
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
    write_pgn(&game, &tags, Notation::Chinese, &NotationStyle::default())
}
