//! Game records in PGN: reading files as they are found (UTF-8, GBK or Big5; Chinese, WXF or
//! ICCS moves; comments and variations; several games per file, read one at a time) and
//! writing UTF-8 PGN in a chosen notation; an index of a file's games for a picker.
//!
//! ```
//! use xiangqi_records::pgn::{read_games, write_pgn};
//! use xiangqi_rules::{Notation, NotationStyle};
//! let file = "[Red \"A\"]\n[Black \"B\"]\n1. 炮二平五 馬８進７ 2. 馬二進三 *\n";
//! let games = read_games(file.as_bytes()).unwrap();
//! assert_eq!(games[0].moves().len(), 3);
//! let pgn = write_pgn(&games[0].to_game(), games[0].tags(), Notation::Iccs, &NotationStyle::default());
//! assert!(pgn.contains("1. H2-E2 H9-G7\n2. H0-G2\n*"));
//! ```

mod convert;
mod encoding;
mod events;
mod folder;
mod index;
mod reader;
mod stream;
mod tag_lines;
mod writer;

pub use convert::{ConvertOptions, Notice, convert, convert_stream, convert_with, opening_tags};
pub use encoding::{TextEncoding, decode};
pub use events::{Event, Events, WrittenNumber};
pub use folder::index_folder;
pub use index::{GameIndex, IndexEntry, index, index_file};
pub use stream::{GameReader, MAX_GAME_BYTES, read_each, read_game, read_games};
pub use tag_lines::is_tag_line;
pub use writer::{Round, movetext, result_disagreement, rounds, write_pgn};

use crate::xqf::XqfResult;
use std::fmt;
use std::str::FromStr;
use xiangqi_rules::tree::GameTree;
use xiangqi_rules::{Color, CutLine, FenError, Game, Move, NotationError, Position};

pub use xiangqi_rules::sanitize::defuse;

/// One game read from a PGN file: its tags, where it starts, and its moves (all legal) with
/// their comments and variations.
#[derive(Clone, Debug)]
pub struct PgnGame {
    tags: Vec<(String, String)>,
    tree: GameTree,
    /// The main line, kept for [`PgnGame::moves`].
    moves: Vec<Move>,
    result: PgnResult,
    /// Lines the reader of another format cut where a move could not be played.
    cut: Vec<CutLine<CutReason>>,
}

impl PgnGame {
    /// A game read from an XQF file, its header's strings as tags.
    pub(crate) fn from_xqf(game: crate::xqf::XqfGame) -> PgnGame {
        let result: PgnResult = game.result.into();
        let mut tags = game.tags;
        tags.push(("Result".to_string(), result.as_str().to_string()));
        let cut = game.cut.into_iter().map(|c| c.map(CutReason::Xqf));
        PgnGame::from_parts(tags, game.tree).with_cut(cut.collect())
    }

    /// The game, with the lines its reader cut.
    pub(crate) fn with_cut(mut self, cut: Vec<CutLine<CutReason>>) -> PgnGame {
        self.cut = cut;
        self
    }

    /// The lines of the record that were cut where a move could not be played (XQF, DhtmlXQ
    /// and CCBridge records: the rest is read), in the file's order; none for PGN, where such
    /// a move is an error.
    #[must_use]
    pub fn cut(&self) -> &[CutLine<CutReason>] {
        &self.cut
    }

    /// A game read from another format (DhtmlXQ, CCBridge): its tags — a `Result` among
    /// them is the game's result — and its tree; a start other than the standard one is
    /// given a `[FEN]` tag.
    pub(crate) fn from_parts(tags: Vec<(String, String)>, tree: GameTree) -> PgnGame {
        let mut tags = tags;
        let result = tags
            .iter()
            .find(|(t, _)| t == "Result")
            .and_then(|(_, v)| v.parse().ok())
            .unwrap_or_default();
        tags.retain(|(t, _)| t != "Result");
        if tree.start().fen() != xiangqi_rules::START_FEN {
            tags.push(("FEN".to_string(), tree.start().fen()));
        }
        PgnGame::new(tags, tree, result)
    }

    pub(crate) fn new(tags: Vec<(String, String)>, tree: GameTree, result: PgnResult) -> PgnGame {
        PgnGame {
            tags,
            moves: tree.main_line(),
            tree,
            result,
            cut: Vec::new(),
        }
    }

    /// The tag pairs, in the order of the file.
    #[must_use]
    pub fn tags(&self) -> &[(String, String)] {
        &self.tags
    }

    /// The value of tag `name` (compared without regard to case), if present.
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        find_tag(&self.tags, name)
    }

    /// The position before the first move: the `[FEN]` tag's, or the usual start.
    #[must_use]
    pub fn start(&self) -> &Position {
        self.tree.start()
    }

    /// The moves of the main line, each legal in the position it was played from.
    #[must_use]
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// Every move with its comments and variations.
    #[must_use]
    pub fn tree(&self) -> &GameTree {
        &self.tree
    }

    /// The result: the token closing the movetext, else the `[Result]` tag.
    #[must_use]
    pub fn result(&self) -> PgnResult {
        self.result
    }

    /// The tags as the record states them: its own, with `[Result]` set to [`PgnGame::result`]
    /// when the movetext states one the tag lacks. What a writer should keep.
    #[must_use]
    pub fn stated_tags(&self) -> Vec<(String, String)> {
        let mut tags = self.tags.clone();
        if self.result != PgnResult::Unknown {
            tags.retain(|(n, _)| !n.eq_ignore_ascii_case("Result"));
            tags.push(("Result".into(), self.result.as_str().into()));
        }
        tags
    }

    /// The record as an XQF file: its start, tree, stated tags and result, and what XQF could
    /// not hold (see [`crate::xqf::write`]).
    #[must_use]
    pub fn to_xqf(&self) -> crate::xqf::Written {
        crate::xqf::write(&self.tree, &self.stated_tags(), self.result.into())
    }

    /// The record as a DhtmlXQ block: its start, tree, stated tags and result, and what
    /// DhtmlXQ could not hold (see [`crate::dhtmlxq::write`]).
    #[must_use]
    pub fn to_dhtmlxq(&self) -> crate::dhtmlxq::Written {
        crate::dhtmlxq::write(&self.tree, &self.stated_tags())
    }

    /// The game, with its whole tree, at the end of its main line. A result the record merely
    /// states (a resignation, say) is not declared; [`PgnGame::result`] gives it. Records may
    /// play on past a repetition or the move limit (players often agree to continue): every
    /// move is kept, the rules' verdict is only what [`Game::outcome`] says at the end.
    #[must_use]
    pub fn to_game(&self) -> Game {
        Game::from_tree(self.tree.clone())
    }

    /// The same as [`PgnGame::to_game`], without copying the tree.
    #[must_use]
    pub fn into_game(self) -> Game {
        Game::from_tree(self.tree)
    }
}

/// The value of tag `name` in `tags` (names compared without regard to case): the one lookup
/// the reader, [`PgnGame::tag`] and the writer share.
pub(crate) fn find_tag<'a>(tags: &'a [(String, String)], name: &str) -> Option<&'a str> {
    tags.iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(name))
        .map(|(_, v)| v.as_str())
}

/// The result of a game as PGN writes it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum PgnResult {
    /// `1-0`
    RedWins,
    /// `0-1`
    BlackWins,
    /// `1/2-1/2`
    Draw,
    /// `*`: unfinished or unknown.
    #[default]
    Unknown,
}

/// The result a PGN record states, as an XQF header says it.
impl From<PgnResult> for XqfResult {
    fn from(result: PgnResult) -> XqfResult {
        match result {
            PgnResult::RedWins => XqfResult::RedWins,
            PgnResult::BlackWins => XqfResult::BlackWins,
            PgnResult::Draw => XqfResult::Draw,
            PgnResult::Unknown => XqfResult::Unknown,
        }
    }
}

/// The result an XQF header states, as PGN says it.
impl From<XqfResult> for PgnResult {
    fn from(result: XqfResult) -> PgnResult {
        match result {
            XqfResult::RedWins => PgnResult::RedWins,
            XqfResult::BlackWins => PgnResult::BlackWins,
            XqfResult::Draw => PgnResult::Draw,
            XqfResult::Unknown => PgnResult::Unknown,
        }
    }
}

impl PgnResult {
    /// The PGN token.
    #[must_use]
    pub const fn as_str(self) -> &'static str {
        match self {
            PgnResult::RedWins => "1-0",
            PgnResult::BlackWins => "0-1",
            PgnResult::Draw => "1/2-1/2",
            PgnResult::Unknown => "*",
        }
    }

    /// The winner, if the result names one.
    #[must_use]
    pub const fn winner(self) -> Option<Color> {
        match self {
            PgnResult::RedWins => Some(Color::Red),
            PgnResult::BlackWins => Some(Color::Black),
            _ => None,
        }
    }
}

impl fmt::Display for PgnResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Text that is not a PGN result token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseResultError(pub String);

impl fmt::Display for ParseResultError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:?} is not a result: expected 1-0, 0-1, 1/2-1/2 or *",
            self.0
        )
    }
}

impl std::error::Error for ParseResultError {}

impl FromStr for PgnResult {
    type Err = ParseResultError;
    /// Reads `1-0`, `0-1`, `1/2-1/2` (also `½-½`) and `*`.
    fn from_str(s: &str) -> Result<PgnResult, ParseResultError> {
        match s.trim() {
            "1-0" => Ok(PgnResult::RedWins),
            "0-1" => Ok(PgnResult::BlackWins),
            "1/2-1/2" | "½-½" => Ok(PgnResult::Draw),
            "*" => Ok(PgnResult::Unknown),
            other => Err(ParseResultError(other.to_string())),
        }
    }
}

/// Why a game could not be read, and which one (counted from 1 in the file).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PgnError {
    /// Which game of the file, from 1.
    pub game: usize,
    /// What went wrong.
    pub kind: PgnErrorKind,
}

/// What went wrong in a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PgnErrorKind {
    /// The `[FEN]` tag does not describe a valid position.
    Fen {
        /// The tag's value.
        fen: String,
        /// Why it is invalid.
        error: FenError,
    },
    /// A move could not be read or played.
    Move {
        /// The move number of the position the move was played in: counted from the `[FEN]`
        /// tag's move number (or 1), not read from the numbers written in the movetext.
        number: u32,
        /// Whose move it was.
        color: Color,
        /// The text and why it fails.
        error: NotationError,
    },
    /// The number written before a move says it is the other side's: a move is missing or
    /// one too many before it (the moves after it would be read for the wrong side), or the
    /// numbers are wrong. Red's move written with black's dots (`12...`), or black's written
    /// `13.` just after red's `12.`; a loose count (`1. … 3. … 2. …`) is not checked.
    MoveNumber {
        /// The move number of the position the move was played in, as for [`Self::Move`].
        number: u32,
        /// Whose move it is there.
        color: Color,
        /// The number the movetext writes before it.
        written: crate::pgn::WrittenNumber,
        /// The move's text.
        text: String,
    },
    /// The file asked for a game it does not have.
    NoSuchGame {
        /// How many games the file holds.
        available: usize,
    },
    /// A `{` comment is not closed before the next game (a line that looks like a tag pair)
    /// or the end of the file.
    UnclosedComment {
        /// The line where it opened, from 1.
        line: usize,
    },
    /// A `(` variation is not closed before the next game or the end of the file.
    UnclosedVariation {
        /// The line where it opened, from 1.
        line: usize,
    },
    /// A `(` variation before any move of its line: a variation replaces a move.
    VariationWithoutMove {
        /// The line of the `(`.
        line: usize,
    },
    /// A game larger than [`MAX_GAME_BYTES`]: not read, and reading stops there.
    TooLarge {
        /// The line where the game began.
        line: usize,
        /// The limit, in bytes.
        limit: usize,
    },
    /// The file could not be read further.
    Read(String),
    /// An XQF file that cannot be read (what and where).
    Xqf(crate::xqf::XqfError),
    /// A DhtmlXQ block that cannot be read (what and where).
    Dhtml(crate::dhtmlxq::DhtmlError),
    /// A CCBridge record that cannot be read (what and where).
    CcBridge(crate::ccbridge::CbrError),
}

/// Why a line of a record in another format was cut ([`PgnGame::cut`]): its reader's error
/// for the move, which says where it is in the file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CutReason {
    /// An XQF file's move.
    Xqf(crate::xqf::XqfError),
    /// A DhtmlXQ block's move or branch.
    Dhtml(crate::dhtmlxq::DhtmlError),
    /// A CCBridge record's move.
    CcBridge(crate::ccbridge::CbrError),
}

impl fmt::Display for CutReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CutReason::Xqf(e) => e.fmt(f),
            CutReason::Dhtml(e) => e.fmt(f),
            CutReason::CcBridge(e) => e.fmt(f),
        }
    }
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game {}", self.game)?;
        match &self.kind {
            PgnErrorKind::Fen { fen, error } => write!(f, ": [FEN {fen:?}]: {error}"),
            PgnErrorKind::Move {
                number,
                color,
                error,
            } => write!(f, ", move {number} ({color}): {error}"),
            PgnErrorKind::MoveNumber {
                number,
                color,
                written,
                text,
            } => {
                let says = if written.black {
                    "black's move"
                } else {
                    "red's next move"
                };
                write!(
                    f,
                    ", move {number} ({color}): {text:?} is numbered {written}, as {says}: a move \
                     is missing or one too many before it, or the number is wrong"
                )
            }
            PgnErrorKind::NoSuchGame { available } => {
                let games = if *available == 1 { "game" } else { "games" };
                write!(f, ": the file holds only {available} {games}")
            }
            PgnErrorKind::UnclosedComment { line } => write!(
                f,
                ": the comment opened with {{ on line {line} is not closed (no }} before the \
                 next game or the end of the file)"
            ),
            PgnErrorKind::UnclosedVariation { line } => write!(
                f,
                ": the variation opened with ( on line {line} is not closed (no ) before the \
                 next game or the end of the file)"
            ),
            PgnErrorKind::VariationWithoutMove { line } => write!(
                f,
                ": the variation on line {line} comes before any move it could replace"
            ),
            PgnErrorKind::TooLarge { line, limit } => write!(
                f,
                " (from line {line}) is larger than {} MiB: reading stopped there",
                limit >> 20
            ),
            PgnErrorKind::Read(e) => write!(f, ": cannot read further: {e}"),
            PgnErrorKind::Xqf(e) => write!(f, ": {e}"),
            PgnErrorKind::Dhtml(e) => write!(f, ": {e}"),
            PgnErrorKind::CcBridge(e) => write!(f, ": {e}"),
        }
    }
}

impl std::error::Error for PgnError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match &self.kind {
            PgnErrorKind::Fen { error, .. } => Some(error),
            PgnErrorKind::Move { error, .. } => Some(error),
            _ => None,
        }
    }
}
