//! What the screen is waiting for and what its message line says: the questions, the
//! prompts, the modes and the messages, as values. Their words are in the view.

use crate::tui::state::action::Nav;
use crate::tui::state::computer::Note;
use crate::tui::state::computer::annotation::AnnotationNote;
pub use crate::tui::state::record::RecordNote;
use crate::tui::store::config_keys::ConfigError;
use crate::tui::store::library::{LibraryError, Shared};
use crate::tui::store::saved::ClockPassedOver;
use std::path::PathBuf;
use xiangqi_records::pgn::{CutReason, PgnError, PgnResult};
use xiangqi_rules::{Color, CutLine, FenError, IllegalMove, Notation, NotationError, Outcome};

/// Why text pasted on the board reads as neither a position nor a game, where it looks like
/// one of them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unread {
    /// One line with the slashes of a FEN: what is wrong with it.
    Fen(FenError),
    /// A game that reads up to a bad move or move number.
    Record(PgnError),
}

/// What stands in front of the played game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum InFront {
    /// A record opened from a file or pasted.
    Record,
    /// A mate puzzle.
    Puzzle,
}

impl InFront {
    /// How the catalogues' selectors name it: `record`, `puzzle`.
    #[must_use]
    pub const fn key(self) -> &'static str {
        match self {
            InFront::Record => "record",
            InFront::Puzzle => "puzzle",
        }
    }
}

/// What only the played game may do, refused in front of it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum GameAct {
    /// `g`: resign.
    Resign,
    /// `d`: offer a draw.
    Draw,
    /// `c`: hand the side to move to the computer, or take it back.
    Computer,
}

impl GameAct {
    /// How the catalogues' selectors name it: `resign`, `draw`, `computer`.
    #[must_use]
    pub const fn key(self) -> &'static str {
        match self {
            GameAct::Resign => "resign",
            GameAct::Draw => "draw",
            GameAct::Computer => "computer",
        }
    }
}

/// A yes/no question on the message line.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Question {
    /// Throw this game away and start a new one? `true` when the game that ends is the
    /// player's own, out of sight behind a record, puzzle or pasted position, and has moves.
    NewGame(bool),
    /// Asked of this side (the side to move): resign?
    Resign(Color),
    /// This side offers a draw; the other side is asked to accept.
    Draw(Color),
    /// The file to save to exists: replace it?
    Overwrite,
    /// Leave a game that goes on?
    Quit,
    /// Open the game (`true`) or position (`false`) just pasted?
    OpenPasted(bool),
    /// Delete this many moves of the main line (the current one and what follows)?
    DeleteMoves(usize),
    /// Start a new game from the position set up, ending the game on the board?
    PlaySetup,
    /// The other player of a network game asks this: accept?
    NetAnswer(xiangqi_net::table::Ask),
}

/// What a prompt's text is for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Prompt {
    /// A move in any notation.
    Move,
    /// The file name to save the game under.
    Save,
    /// The game file to open.
    Open,
    /// Red's name, before saving.
    Red,
    /// Black's name, before saving.
    Black,
    /// The comment of the current move.
    Comment,
    /// A line of chat to the other player.
    Chat,
    /// The filter of the rated tactics: a theme and a rating range.
    Tactics,
}

/// What the screen is waiting for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Moves.
    Play,
    /// A yes/no answer.
    Confirm(Question),
    /// Text on the message line.
    Prompt(Prompt),
    /// The keys window is open, from its line `top`. Where it does not fit the screen, the
    /// arrows, the page keys and the wheel scroll it; any other key closes it.
    Help {
        /// The first line shown, from 0.
        top: usize,
    },
    /// The current move's whole comment is open in a window, from its line `top`; the arrows,
    /// the page keys and the wheel scroll it, any other key closes it.
    Comment {
        /// The first line shown, from 0.
        top: usize,
    },
    /// The clocks are paused and the board hidden; `p` resumes.
    Paused,
    /// The explorer of the masters' moves from the position on the board, this row chosen.
    Explorer {
        /// The row chosen, from 0 (the most played move).
        row: usize,
    },
    /// The set-up editor is in front (see [`Editor`](crate::tui::state::editor::Editor)).
    Setup,
    /// The game picker of a file with several games; `filter` while `/` is typed.
    Picker {
        /// The filter is being typed.
        filter: bool,
    },
    /// The start menu is in front (see [`Menu`](crate::tui::door::menu::Menu)).
    Menu,
    /// The settings screen is in front.
    Settings,
    /// The command palette is open over the game.
    Palette,
}

/// What the message line says. The words are in `strings`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Message {
    /// The library refused the move, for this reason.
    Refused(IllegalMove),
    /// A typed move that is not one: the library's reason.
    BadMove(NotationError),
    /// Pressed on an empty point with nothing selected.
    SelectFirst(Color),
    /// Pressed on the other side's piece with nothing selected.
    NotYourTurn(Color),
    /// The game ended (with this move, or it was already over).
    Over(Outcome),
    /// No move to take back.
    NothingToUndo,
    /// No move to replay.
    NothingToRedo,
    /// A move was taken back (written in the notation shown).
    Undone(String),
    /// A move was replayed (written in the notation shown).
    Redone(String),
    /// A resignation or agreed draw was taken back.
    Withdrawn(Outcome),
    /// A new game started.
    NewGameStarted,
    /// A new game started from the position set up in the editor, this side to move.
    SetupStarted(Color),
    /// A question was answered no; the game goes on.
    Declined(Question),
    /// The move list now uses this notation.
    NotationShown(Notation),
    /// The game was saved to this file.
    Saved(PathBuf),
    /// The game was saved to this file as XQF, without so many things XQF cannot hold.
    SavedXqf(PathBuf, usize),
    /// The game could not be saved to this file, for this reason.
    SaveFailed(PathBuf, String),
    /// A game was loaded from a file: how many moves it has and the result it records.
    Loaded(usize, PgnResult),
    /// The game could not be kept in the autosave file, for this reason.
    AutosaveFailed(String),
    /// Something to know before playing.
    Notice(String),
    /// The configuration file is not used, for this reason.
    ConfigNotUsed(ConfigError),
    /// An unfinished game from before can be continued with `--resume`.
    ResumeAvailable,
    /// The game was resumed where it was left: this many moves.
    Resumed(usize),
    /// `p` without a clock.
    NoClock,
    /// `}` on a move without a comment.
    NoComment,
    /// Text pasted on the board that is neither a position nor a game: nothing done. With why
    /// it does not read, where it looks like one (a position's `/`, or a game that reads up
    /// to a bad move or number).
    PasteIgnored(Option<Unread>),
    /// The played game is back in front (`b`).
    BackToGame,
    /// `b` with no game begun behind the record or puzzle: it is put away, and the board
    /// is a new game's, this side to move.
    PutAway(InFront, Color),
    /// Resigning, offering a draw or handing a side to the computer is for the played
    /// game, not for a record or puzzle in front of it (`b` brings the game back).
    NotTheGame,
    /// The same with no game begun behind the record or puzzle: what was asked for is for a
    /// game being played, and `n` starts one.
    NoGameBehind(GameAct, InFront),
    /// Resigning or offering a draw (the act) on a record that states its result (this one)
    /// while the position shown is one of its moves: the game there is over by the record's
    /// word; its moves can still be gone through.
    RecordEnded(GameAct, PgnResult),
    /// Several things said at the start, each from a line of its own, the first said first
    /// (see [`Screen::opening`](crate::tui::state::screen::Screen::opening)): a notice
    /// replacing another before it could be read would leave the player not knowing, say,
    /// that config.toml was not used or where this game is kept.
    Notices(Vec<Message>),
    /// Going through the game, opening files: see [`ReviewNote`].
    Review(ReviewNote),
    /// The computer's hint, analysis, moves and puzzles.
    Computer(Note),
    /// Annotating the game (`A`).
    Annotation(AnnotationNote),
    /// Editing the record, copying and pasting: see [`RecordNote`].
    Record(RecordNote),
    /// The network game.
    Net(crate::tui::state::net::NetNote),
    /// The menu, the settings and the palette.
    Door(crate::tui::door::DoorNote),
}

/// What the message line says about going through a game or opening one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ReviewNote {
    /// Nothing that way (the start, the end, no other line).
    NothingThere(Nav),
    /// Now after this many moves (rounds, plies) of a line; the move written out.
    At {
        /// The move just reached, in the notation shown (none at the start).
        text: Option<String>,
        /// Plies from the start.
        ply: usize,
        /// Is the line followed a variation (not the main line)?
        variation: bool,
    },
    /// A timed game going on is played, not gone through.
    ClockRunning,
    /// The file cannot be opened, for this reason.
    CannotOpen(Shared<LibraryError>),
    /// These names would complete the one typed.
    Completions(Vec<String>),
    /// No file name starts so.
    NoCompletion,
    /// This game of this file was opened.
    Opened(usize, usize),
    /// A game was opened without the clock its file tells of, which cannot be taken: why.
    ClockPassedOver(ClockPassedOver),
    /// A game was opened whose reader cut lines where a move could not be played (each one
    /// where and why), and, if so, without the clock its file tells of (why).
    LinesCut(Vec<CutLine<CutReason>>, Option<ClockPassedOver>),
}
