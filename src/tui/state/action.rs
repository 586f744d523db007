//! Everything that reaches the desks: what a player asks for (keys and clicks become
//! these in [`input`](crate::tui::input)) and what the loop reports back — the time, how a
//! save went, what a file held, the engine's reports.

use crate::tui::state::computer::annotation::AnnotationReport;
use crate::tui::state::computer::search::Report;
use crate::tui::state::effect::SaveReport;
use crate::tui::state::prompt::edit::LineEdit;
use crate::tui::store::library::{LibraryError, Shared};
use crate::tui::store::progress::Progress;
use std::path::PathBuf;
use std::time::Duration;
use xiangqi_records::pgn::{GameIndex, PgnGame};
use xiangqi_rules::setup::Handicap;
use xiangqi_rules::{NodeId, Piece, Square};

/// A direction on screen: up is up whichever side is at the bottom.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Dir {
    /// Towards the top of the screen.
    Up,
    /// Towards the bottom of the screen.
    Down,
    /// Towards the left of the screen.
    Left,
    /// Towards the right of the screen.
    Right,
}

impl Dir {
    /// The step on the board (files, ranks) this screen direction is: flipping the board
    /// mirrors both axes.
    #[must_use]
    pub const fn board_step(self, flipped: bool) -> (i8, i8) {
        let (df, dr) = match self {
            Dir::Up => (0, 1),
            Dir::Down => (0, -1),
            Dir::Left => (-1, 0),
            Dir::Right => (1, 0),
        };
        if flipped { (-df, -dr) } else { (df, dr) }
    }
}

/// A key in the explorer of the masters' moves.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ExploreKey {
    /// Up (negative) or down the rows.
    Step(isize),
    /// To this row (a click).
    To(usize),
    /// Enter: play the row's move.
    Play,
    /// Esc: close the explorer.
    Close,
}

/// A key or click in the editor.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum EditorKey {
    /// Move the cursor one point.
    Cursor(Dir),
    /// Put this piece on the cursor's point (a WXF or FEN letter).
    Place(Piece),
    /// Empty the cursor's point (`x`, Delete).
    Empty,
    /// Take off every piece but the generals (`X`).
    Clear,
    /// The start position (`0`).
    Start,
    /// The other side moves (Tab).
    SwitchSide,
    /// A handicap preset (`1`–`5`).
    Handicap(Handicap),
    /// Pick up the piece on the cursor's point, or put the one picked up there (Space).
    Activate,
    /// Pick up the piece on this point, or put the one picked up there (a click).
    Click(Square),
    /// Turn the board around (`f`).
    Flip,
    /// Start playing from the position (Enter), if the library accepts it.
    Play,
    /// Leave without change (Esc).
    Leave,
}

/// The time, as the loop hands it to [`App::update`](crate::tui::state::app::App::update) in [`Action::Tick`]: the app never reads
/// a clock itself, so a test decides what time it is.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Now {
    /// Since the loop started, by a monotonic clock (what chess clocks count with).
    pub elapsed: Duration,
    /// The wall clock, seconds since 1970 (UTC): for dates and file names only.
    pub unix_secs: i64,
}

/// Everything a player can ask for, and what the loop reports back: the time, how a save
/// went, a signal from outside.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Move the cursor one point.
    Cursor(Dir),
    /// Act on the point under the cursor: select, reselect or try a move.
    Activate,
    /// Move the cursor to a point and act on it (a mouse click).
    ClickAt(Square),
    /// Clear the selection.
    Deselect,
    /// Take back a move (or a declared result).
    Undo,
    /// Replay a move taken back.
    Redo,
    /// Turn the board around.
    Flip,
    /// Blindfold: show the pieces until the next move (again: hide them).
    Peek,
    /// Show the moves in the next notation: Chinese, WXF, ICCS.
    CycleNotation,
    /// Open the prompt to type a move.
    TypeMove,
    /// Open the prompt for the file name to save the game under.
    Save,
    /// The side to move asks whether to resign.
    Resign,
    /// The side to move offers a draw; the other side is asked.
    OfferDraw,
    /// Ask whether to start a new game.
    AskNewGame,
    /// Answer the pending question.
    Answer(bool),
    /// Edit the text of the open prompt.
    Edit(EditKey),
    /// Enter on the open prompt.
    Submit,
    /// Close the open prompt without acting.
    Cancel,
    /// Show the keys.
    ShowHelp,
    /// Close the keys window.
    CloseHelp,
    /// Open the current move's whole comment in a window (`}`).
    ShowComment,
    /// Show the open window that scrolls (the comment's, the keys') from this line.
    WindowTop(usize),
    /// Close the comment window.
    CloseComment,
    /// Leave the game (asks first while a game with moves goes on).
    Quit,
    /// Pause or resume both clocks.
    Pause,
    /// Ctrl-Z: suspend the program.
    Suspend,
    /// The time now. The loop sends one before every other action it hands over, and when
    /// the time [`App::next_tick`](crate::tui::state::app::App::next_tick) asked for has come.
    Tick(Now),
    /// How an [`Effect::Save`](crate::tui::state::effect::Effect::Save) went.
    SaveDone(SaveReport),
    /// An [`Effect::Autosave`](crate::tui::state::effect::Effect::Autosave) was written after one that could not be.
    AutosaveKept,
    /// An [`Effect::Autosave`](crate::tui::state::effect::Effect::Autosave) could not be written, for this reason.
    AutosaveFailed(String),
    /// A signal from outside (SIGTERM, SIGHUP, SIGINT) ends the program: keep the game and
    /// leave, without asking.
    Terminate,
    /// The loop found an unfinished game from before, which `--resume` continues.
    ResumeAvailable,
    /// Words of the loop's for the message line, in the screen's language: where a network
    /// game is kept, said once the connection's first report has taken the line.
    Notice(String),
    /// Go through the game: start, end, a move back or forward, another line, a move.
    Nav(Nav),
    /// `b`: put the record or puzzle in front away; the played game comes back.
    BackToGame,
    /// Open a game file (asks its name).
    Open,
    /// Text pasted in one piece (bracketed paste): typed on a prompt, offered to open as a
    /// game on the board.
    Paste(String),
    /// Tab on a prompt: complete the file name, or (saving) go to the players' names.
    Complete,
    /// A key in the game picker.
    Pick(PickKey),
    /// What the loop found for an [`Effect::Index`](crate::tui::state::effect::Effect::Index), [`Effect::ReadGame`](crate::tui::state::effect::Effect::ReadGame) or
    /// [`Effect::Complete`](crate::tui::state::effect::Effect::Complete).
    Found(Found),
    /// `x`: the explorer of the moves masters played from the position on the board.
    OpenExplorer,
    /// `e`: the set-up editor on the position on the board.
    OpenEditor,
    /// A key or click in the set-up editor.
    Editor(EditorKey),
    /// A key in the explorer.
    Explore(ExploreKey),
    /// `t`: the best move found within a second, marked on the board.
    Hint,
    /// `a`: the analysis line on or off.
    ToggleAnalysis,
    /// `A`: how many lines the analysis shows (1, 2, 3, 5).
    CycleAnalysisLines,
    /// `c`: the computer takes the side to move, or gives it back.
    ToggleComputer,
    /// `z`: a puzzle; in a puzzle, its solution, then the next one.
    Puzzle,
    /// `T`: a rated tactic near the player's rating; in one, its solution, then the next.
    Tactics,
    /// `Ctrl-T`: the prompt for the tactics' filter (a theme, a rating range), then a tactic
    /// that passes it.
    TacticsFilter,
    /// A report from the engine's worker.
    Engine(Report),
    /// The puzzles solved so far, as the loop read them from the state folder.
    PuzzlesSolved(Progress),
    /// `A`: annotate the main line of the game in front in the background; again: stop.
    Annotate,
    /// `)` (`forward`) or `(`: the next or previous main-line move marked `?` or `??`.
    Mistake {
        /// After the move shown (else before it).
        forward: bool,
    },
    /// A report from the annotator.
    Annotation(AnnotationReport),
    /// An edit of the record in front: its current move's comment or mark, its lines.
    Record(RecordKey),
    /// `y` the FEN of the position shown, `Y` the game as PGN, `D` as DhtmlXQ, to the
    /// clipboard.
    Copy(Copied),
    /// `F`: the FEN of the position shown on the message line, to select with the mouse.
    ShowFen,
    /// What the network connection heard or did (a network game only).
    Net(crate::tui::state::net::NetReport),
    /// `C`: type a line of chat to the other player (a network game only).
    Chat,
    /// `M`: the start menu, in front of the game (which waits as it is).
    OpenMenu,
    /// `Ctrl-P`, `/`: the command palette.
    OpenPalette,
    /// `,`: the settings screen.
    OpenSettings,
    /// A key or click on the start menu.
    Menu(DoorKey),
    /// A key or click on the settings screen.
    Settings(DoorKey),
    /// A key or click on the command palette.
    Palette(PaletteKey),
    /// What the loop did for the front door: the settings written, a game resumed, the
    /// network game started or not.
    Door(DoorReport),
}

/// A key or click on the start menu or the settings screen.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum DoorKey {
    /// Choose the row this many rows down (negative: up).
    Step(isize),
    /// Change the chosen row's value this many steps (← →); on a row that takes text, move
    /// its cursor.
    Change(isize),
    /// Enter: do what the chosen row says.
    Enter,
    /// Esc: back a page, or out.
    Back,
    /// A character: an item's letter, or typed on a row that takes text.
    Char(char),
    /// An edit of the text of the row chosen (Backspace, Delete, Home, End, Ctrl-U); off
    /// such a row, Home and End choose the first and the last row.
    Edit(EditKey),
    /// A click on this row of the page (from 0).
    Click(usize),
}

/// A key or click on the command palette.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PaletteKey {
    /// Choose the command this many rows down (negative: up).
    Step(isize),
    /// An edit of the name typed.
    Edit(EditKey),
    /// Enter: do the command chosen, as its key would.
    Run,
    /// A click on this row: choose it and do it.
    Click(usize),
    /// Esc: close the palette.
    Close,
}

/// What the loop did for the front door.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DoorReport {
    /// The settings were written to `config.toml` (this file), or why not.
    ConfigWritten(Result<PathBuf, crate::tui::store::config_write::WriteError>),
    /// The broken `config.toml` was replaced, the old one kept at this path, or why not.
    ConfigReplaced(Result<PathBuf, crate::tui::store::config_write::WriteError>),
    /// The unfinished game from before, to continue (its slot now this game's).
    Resumed(Shared<crate::tui::store::saved::SavedGame>),
    /// The game from before could not be continued: why, in the screen's words.
    ResumeFailed(String),
    /// The network game started: this end as the loop set it up.
    NetStarted(crate::tui::state::net::NetPlay),
    /// The network game could not start: why.
    NetFailed(String),
}

impl Action {
    /// Is it a report of the start, one that adds to what the message line says while that
    /// still holds the start's notices (see [`Screen::opening`](crate::tui::state::screen::Screen::opening))?
    /// The time, the notices that come after the screen opens (a network game's autosave,
    /// a game to resume, the puzzles solved or why they cannot be read), the autosave, the
    /// connection's first word and the engine's reports (the computer may move before the
    /// player does). A player's key, or anything the other player says, ends the start.
    #[must_use]
    pub fn reports_the_start(&self) -> bool {
        use crate::tui::state::net::NetReport;
        matches!(
            self,
            Action::Tick(_)
                | Action::Notice(_)
                | Action::ResumeAvailable
                | Action::PuzzlesSolved(_)
                | Action::AutosaveFailed(_)
                | Action::Engine(_)
                | Action::Net(NetReport::Listening(_) | NetReport::Synced(_))
        )
    }
}

/// A key that edits the record (see [`xiangqi_rules::Edit`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum RecordKey {
    /// `{`: edit the current move's comment on a prompt.
    Comment,
    /// `!`: the current move's next mark.
    Mark,
    /// `+`: the variation holding the current move becomes the main line.
    Promote,
    /// Delete: the current move and what follows go (asked first on the main line).
    Delete,
}

/// An edit of a prompt's text.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum EditKey {
    /// Type a character (any width).
    Char(char),
    /// Delete the character before the cursor.
    Backspace,
    /// Delete the character under the cursor.
    Delete,
    /// Cursor one character left.
    Left,
    /// Cursor one character right.
    Right,
    /// Cursor to the start.
    Home,
    /// Cursor to the end.
    End,
    /// Empty the text.
    Clear,
}

impl EditKey {
    /// Makes this edit to `e`.
    pub fn apply(self, e: &mut LineEdit) {
        match self {
            EditKey::Char(c) => e.insert(c),
            EditKey::Backspace => e.backspace(),
            EditKey::Delete => e.delete(),
            EditKey::Left => e.left(),
            EditKey::Right => e.right(),
            EditKey::Home => e.home(),
            EditKey::End => e.end(),
            EditKey::Clear => e.clear(),
        }
    }
}

/// Where to go in the game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Nav {
    /// The start position.
    Start,
    /// The last position of the line followed.
    End,
    /// One move back.
    Back,
    /// One move forward along the line.
    Forward,
    /// The next line: the current move's next alternative.
    NextLine,
    /// The previous line.
    PreviousLine,
    /// The position after this move of the list.
    To(NodeId),
}

/// What `y`, `Y` and `D` put on the clipboard.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Copied {
    /// The FEN of the position shown.
    Fen,
    /// The game in front as `s` saves it, with its variations, comments and marks.
    Pgn,
    /// The same as a DhtmlXQ block, to paste into a forum post that shows it as a board.
    Dhtmlxq,
}

/// A key in the game picker.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum PickKey {
    /// Choose this many lines further down (negative: up).
    Step(isize),
    /// Choose the first game shown.
    First,
    /// Choose the last game shown.
    Last,
    /// Choose this game of those shown (a click); the one chosen already is opened.
    To(usize),
    /// Start typing the filter.
    Filter,
    /// Edit the filter.
    Edit(EditKey),
    /// Open the chosen game (while typing the filter: stop typing).
    Enter,
    /// Stop typing the filter; otherwise close the picker.
    Escape,
}

/// What the loop found for a file-reading effect.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Found {
    /// The index of a game file (or why there is none).
    Index {
        /// The file, `~/` expanded.
        path: PathBuf,
        /// Its games.
        result: Result<Shared<GameIndex>, Shared<LibraryError>>,
    },
    /// One game of a file.
    Game {
        /// The file.
        path: PathBuf,
        /// The game.
        result: Result<Shared<PgnGame>, Shared<LibraryError>>,
    },
    /// The file names that complete `text`.
    Names {
        /// What was typed.
        text: String,
        /// Each a whole name.
        names: Vec<String>,
    },
}
