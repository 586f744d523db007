//! A game read back from a file — the autosave, a record opened with `o` or `--load` — in
//! one trip: the game at the place it was left, the record's tags, the clocks as they stood
//! and the notation it was written in. A desk takes it whole.

use crate::tui::store::autosave::{
    CONTROL_TAG, ClockTagError, ClockTags, clock_from_tags, go_to_cursor, most_time, plays,
};
use std::time::Duration;
use thiserror::Error;
use xiangqi_records::pgn::{CutReason, PgnGame, PgnResult};
use xiangqi_rules::clock::{Clock, TimeControl, Times, clk_command, clk_time, read_clk};
use xiangqi_rules::{Color, CutLine, Game, Move, Notation};

/// A game read from a file: its tags, kept when it is saved again, and its moves and result
/// as recorded (the recorded result is kept only while the moves are still the record's).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Record {
    /// The tag pairs, in the file's order.
    pub tags: Vec<(String, String)>,
    /// The moves as recorded.
    pub moves: Vec<Move>,
    /// The result the record states.
    pub result: PgnResult,
}

impl Record {
    /// What the screen keeps of a game read from a file.
    #[must_use]
    pub fn of(pgn: &PgnGame) -> Record {
        Record {
            tags: pgn.tags().to_vec(),
            moves: pgn.moves().to_vec(),
            result: pgn.result(),
        }
    }

    /// The value of the tag `name` (any case), if the record has it.
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

/// Everything a desk needs of a game read from a file.
#[derive(Clone, Debug)]
pub struct SavedGame {
    /// The game, at the place the file's cursor tag names (else at the end of its main line).
    pub game: Game,
    /// Its tags, moves and recorded result.
    pub record: Record,
    /// Its clocks and after how many moves they came in: this program's exact clock tags,
    /// else the `[TimeControl]` and a `[%clk]` comment on every move (as other programs
    /// write them); none if neither fits the moves.
    pub clock: Option<(Clock, usize)>,
    /// Why the file's clock was passed over, when it tells of one (by clock tags, a
    /// `[TimeControl]` or `[%clk]` times) that cannot be taken: then `clock` is `None`, and
    /// the screen says so. `None` when there is a clock, or nothing told of one.
    pub clock_passed_over: Option<ClockPassedOver>,
    /// The lines its reader cut where a move could not be played (XQF, DhtmlXQ and
    /// CCBridge records), which the screen says when it opens the game.
    pub cut: Vec<CutLine<CutReason>>,
    /// The notation its `[Format]` tag names, if any (Chinese otherwise).
    pub notation: Option<Notation>,
}

impl SavedGame {
    /// A game that comes with nothing of a file's: no tags, clocks or notation.
    #[must_use]
    pub fn new(game: Game) -> SavedGame {
        SavedGame {
            record: Record {
                moves: game.moves().to_vec(),
                ..Record::default()
            },
            game,
            clock: None,
            clock_passed_over: None,
            cut: Vec::new(),
            notation: None,
        }
    }

    /// Reads what the desk needs out of `pgn`. Clock tags that cannot be taken are passed
    /// over for the moves' `[%clk]` comments, else no clock (a record is for going through),
    /// and [`SavedGame::clock_passed_over`] says why.
    #[must_use]
    pub fn of(pgn: &PgnGame) -> SavedGame {
        SavedGame::read(pgn).0
    }

    /// Reads a game to continue, as [`SavedGame::of`] does, its clock tags taken whole.
    ///
    /// # Errors
    /// Clock tags that are there but cannot be taken: the game would go on without the
    /// clock it was played on, or on times it never had.
    pub fn resumed(pgn: &PgnGame) -> Result<SavedGame, ClockTagError> {
        match SavedGame::read(pgn) {
            (_, Some(refused)) => Err(refused),
            (saved, None) => Ok(saved),
        }
    }

    /// What [`SavedGame::of`] reads, and why the clock tags were passed over if they were
    /// (even for the moves' comments).
    fn read(pgn: &PgnGame) -> (SavedGame, Option<ClockTagError>) {
        let record = Record::of(pgn);
        let mut game = pgn.to_game();
        go_to_cursor(&mut game, &record.tags);
        let moves = game.moves().len();
        let (tagged, refused) = match clock_from_tags(&record.tags, moves, game.position().turn()) {
            Ok(tagged) => (tagged, None),
            Err(why) => (None, Some(why)),
        };
        let read = match tagged {
            Some(tags) => Ok(Some(tags)),
            None => clock_from_comments(&game, &record.tags),
        };
        let (found, clock_passed_over) = match (read, &refused) {
            (Ok(Some(tags)), _) => (Some(tags), None),
            // The tags' reason first: they are this program's own, and exact.
            (_, Some(why)) => (None, Some(ClockPassedOver::Tags(why.clone()))),
            (Ok(None), None) => (None, None),
            (Err(why), None) => (None, Some(ClockPassedOver::Comments(why))),
        };
        let clock = found.map(|tags: ClockTags| {
            let first = game.positions()[tags.start].turn();
            let clock =
                Clock::resumed(tags.control, first, tags.marks, tags.used).with_undone(tags.undone);
            (clock, tags.start)
        });
        let notation = match record.tag("Format").map(str::to_ascii_uppercase).as_deref() {
            Some("ICCS") => Some(Notation::Iccs),
            Some("WXF") => Some(Notation::Wxf),
            _ => None,
        };
        let saved = SavedGame {
            game,
            record,
            clock,
            clock_passed_over,
            cut: pgn.cut().to_vec(),
            notation,
        };
        (saved, refused)
    }
}

/// Why a file's clock was passed over: it tells of one that cannot be taken, so the game
/// opens without a clock.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ClockPassedOver {
    /// This program's clock tags (and the moves' `[%clk]` times gave no clock either).
    #[error(transparent)]
    Tags(ClockTagError),
    /// The `[TimeControl]` tag and the moves' `[%clk]` times, as other programs write them.
    #[error(transparent)]
    Comments(ClockCommentError),
}

/// Why a record's `[TimeControl]` and its moves' `[%clk]` times give no clock: what is
/// wrong, and on which move.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ClockCommentError {
    /// `[TimeControl]` is not a time control `--clock` would take.
    #[error("tag TimeControl: {value:?} is not a time control the clock plays")]
    Control {
        /// The tag's value.
        value: String,
    },
    /// Moves with `[%clk]` times, but no `[TimeControl]` to say what clock they were on.
    #[error("the moves' [%clk] times come without a [TimeControl] tag")]
    NoControl,
    /// A move without a `[%clk]` time: the clock comes back only with one on every move.
    #[error("move {number} ({color:?}) has no [%clk] time")]
    Missing {
        /// The move's number.
        number: u32,
        /// Whose move it is.
        color: Color,
    },
    /// A `[%clk]` whose time does not read as `h:mm:ss`.
    #[error("move {number} ({color:?}): {text} does not read as a time h:mm:ss")]
    Form {
        /// The move's number.
        number: u32,
        /// Whose move it is.
        color: Color,
        /// The `[%clk …]` as written.
        text: String,
    },
    /// A `[%clk]` time more than the clock could have given a side by then.
    #[error(
        "move {number} ({color:?}): {text} is more than a side can have on this clock (at most {})",
        clk_time(*most)
    )]
    TooMuchTime {
        /// The move's number.
        number: u32,
        /// Whose move it is.
        color: Color,
        /// The `[%clk …]` as written.
        text: String,
        /// The most a side can have, after all the moves up to the place opened.
        most: Duration,
    },
}

/// The clocks of `game` from its `[TimeControl]` tag and the `[%clk]` comment of each move
/// up to the current position, as other programs write them: as [`clock_from_tags`] gives
/// them. `Ok(None)` if the record tells of no clock to bring back: no `[%clk]` on any move
/// (a `[TimeControl]` alone starts a clock only on a record without moves).
///
/// # Errors
/// A time control that is not one the clock plays, `[%clk]` times without one, a move
/// without its time, or a time that does not read or is more than the clock could have
/// given: what is wrong, and on which move.
pub fn clock_from_comments(
    game: &Game,
    tags: &[(String, String)],
) -> Result<Option<ClockTags>, ClockCommentError> {
    let stated = tags
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(CONTROL_TAG))
        .map(|(_, v)| v.as_str());
    let moves = game.moves().len();
    let nodes = game.line().iter().skip(1).take(moves);
    let comments: Vec<Option<&str>> = nodes.map(|&node| game.tree().comment(node)).collect();
    let timed = comments.iter().flatten().any(|c| clk_command(c).is_some());
    // A `[TimeControl]` alone, with no move's time, only says how the game was played
    // (many programs write it so): the clock starts afresh only on a record without moves.
    let control = match stated {
        None if !timed => return Ok(None),
        None => return Err(ClockCommentError::NoControl),
        Some(_) if !timed && moves > 0 => return Ok(None),
        Some(value) => match TimeControl::from_pgn(value).filter(plays) {
            Some(control) => control,
            None if timed => {
                return Err(ClockCommentError::Control {
                    value: value.to_string(),
                });
            }
            None => return Ok(None),
        },
    };
    let mut times = Times {
        red: control.base(),
        black: control.base(),
    };
    let mut marks = vec![times];
    let most = most_time(control, moves);
    for (before, comment) in game.positions().iter().zip(&comments) {
        let (number, color) = (before.fullmove_number(), before.turn());
        let Some(text) = comment.and_then(clk_command) else {
            return Err(ClockCommentError::Missing { number, color });
        };
        let Some(left) = read_clk(text) else {
            let text = text.to_string();
            return Err(ClockCommentError::Form {
                number,
                color,
                text,
            });
        };
        if left > most {
            let text = text.to_string();
            return Err(ClockCommentError::TooMuchTime {
                number,
                color,
                text,
                most,
            });
        }
        match color {
            Color::Red => times.red = left,
            Color::Black => times.black = left,
        }
        marks.push(times);
    }
    Ok(Some(ClockTags {
        control,
        start: 0,
        marks,
        used: Duration::ZERO,
        undone: Vec::new(),
    }))
}
