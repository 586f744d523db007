//! A game read back from a file — the autosave, a record opened with `o` or `--load` — in
//! one trip: the game at the place it was left, the record's tags, the clocks as they stood
//! and the notation it was written in. A desk takes it whole.

use crate::tui::store::autosave::{
    ClockTagError, ClockTags, clock_from_comments, clock_from_tags, go_to_cursor,
};
use xiangqi::clock::Clock;
use xiangqi::pgn::{PgnGame, PgnResult};
use xiangqi::{Game, Move, Notation};

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
            notation: None,
        }
    }

    /// Reads what the desk needs out of `pgn`. Clock tags that cannot be taken are passed
    /// over for the moves' `[%clk]` comments, else no clock: a record is for going through.
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

    /// What [`SavedGame::of`] reads, and why the clock tags were passed over if they were.
    fn read(pgn: &PgnGame) -> (SavedGame, Option<ClockTagError>) {
        let record = Record::of(pgn);
        let mut game = pgn.to_game();
        go_to_cursor(&mut game, &record.tags);
        let moves = game.moves().len();
        let (tagged, refused) = match clock_from_tags(&record.tags, moves, game.position().turn()) {
            Ok(tagged) => (tagged, None),
            Err(why) => (None, Some(why)),
        };
        let clock = tagged
            .or_else(|| clock_from_comments(&game, &record.tags))
            .map(|tags: ClockTags| {
                let first = game.positions()[tags.start].turn();
                let clock = Clock::resumed(tags.control, first, tags.marks, tags.used)
                    .with_undone(tags.undone);
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
            notation,
        };
        (saved, refused)
    }
}
