//! The game screen's state and the one place it changes: [`App::update`] with an [`Action`].

use super::theme::{ASCII_LINES, BOX_LINES, Glyphs, Theme};
use xiangqi::{Color, Game, IllegalMove, Move, Outcome, PlayError, Position, Square};

/// How the game was asked to look when it started.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Black at the bottom.
    pub flipped: bool,
    /// Letters for pieces and ASCII for everything else, for terminals without Chinese fonts.
    pub ascii: bool,
    /// ASCII grid lines but Chinese pieces, for terminals that draw box-drawing characters
    /// two cells wide.
    pub ascii_lines: bool,
    /// Use colour (off under `NO_COLOR`).
    pub color: bool,
}

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

/// Everything a player can ask for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Action {
    /// Move the cursor one point.
    Cursor(Dir),
    /// Act on the point under the cursor: select, reselect or try a move.
    Activate,
    /// Move the cursor to a point and act on it (a mouse click).
    ClickAt(Square),
    /// Clear the selection.
    Deselect,
    /// Take back a move.
    Undo,
    /// Replay a move taken back.
    Redo,
    /// Turn the board around.
    Flip,
    /// Ask whether to start a new game.
    AskNewGame,
    /// Answer the pending question.
    Answer(bool),
    /// Show the keys.
    ShowHelp,
    /// Close the keys window.
    CloseHelp,
    /// Leave the game.
    Quit,
}

/// What the screen is waiting for.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Moves.
    Play,
    /// A yes/no answer to "start a new game?".
    ConfirmNewGame,
    /// The keys window is open; any key closes it.
    Help,
}

/// What the message line says. The words are in `strings`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Message {
    /// The library refused the move, for this reason.
    Refused(IllegalMove),
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
    /// A move was taken back.
    Undone(Move),
    /// A move was replayed.
    Redone(Move),
    /// Asking before throwing the game away.
    NewGameQuestion,
    /// A new game started.
    NewGameStarted,
    /// The question was answered no.
    NewGameCancelled,
}

/// The game screen: the game itself (history included) and what the players see of it.
#[derive(Clone, Debug)]
pub struct App {
    game: Game,
    cursor: Square,
    selected: Option<Square>,
    flipped: bool,
    mode: Mode,
    message: Option<Message>,
    quit: bool,
    ascii_pieces: bool,
    glyphs: Glyphs,
    theme: Theme,
}

impl App {
    /// A screen for `game`, the cursor on the general of the side to move.
    #[must_use]
    pub fn new(game: Game, options: Options) -> App {
        let pos = game.position();
        let cursor = pos.general(pos.turn());
        let message = game.outcome().map(Message::Over);
        App {
            game,
            cursor,
            selected: None,
            flipped: options.flipped,
            mode: Mode::Play,
            message,
            quit: false,
            ascii_pieces: options.ascii,
            glyphs: if options.ascii || options.ascii_lines {
                ASCII_LINES
            } else {
                BOX_LINES
            },
            theme: Theme::new(options.color),
        }
    }

    /// The game so far.
    #[must_use]
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Gives the game back, for printing when the screen closes.
    #[must_use]
    pub fn into_game(self) -> Game {
        self.game
    }

    /// The point under the cursor.
    #[must_use]
    pub fn cursor(&self) -> Square {
        self.cursor
    }

    /// The selected point, if any.
    #[must_use]
    pub fn selected(&self) -> Option<Square> {
        self.selected
    }

    /// Black at the bottom?
    #[must_use]
    pub fn flipped(&self) -> bool {
        self.flipped
    }

    /// What the screen is waiting for.
    #[must_use]
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// The message to show, if any.
    #[must_use]
    pub fn message(&self) -> Option<Message> {
        self.message
    }

    /// Has a player asked to leave?
    #[must_use]
    pub fn should_quit(&self) -> bool {
        self.quit
    }

    /// Letters instead of Chinese glyphs?
    #[must_use]
    pub fn ascii_pieces(&self) -> bool {
        self.ascii_pieces
    }

    /// The characters to draw the board with.
    #[must_use]
    pub fn glyphs(&self) -> &Glyphs {
        &self.glyphs
    }

    /// The styles to draw with.
    #[must_use]
    pub fn theme(&self) -> &Theme {
        &self.theme
    }

    /// The only place the state changes.
    pub fn update(&mut self, action: Action) {
        match action {
            Action::Cursor(dir) => self.move_cursor(dir),
            Action::Activate => self.activate(),
            Action::ClickAt(sq) => {
                self.cursor = sq;
                self.activate();
            }
            Action::Deselect => {
                self.selected = None;
                self.message = self.game.outcome().map(Message::Over);
            }
            Action::Undo => self.undo(),
            Action::Redo => self.redo(),
            Action::Flip => self.flipped = !self.flipped,
            Action::AskNewGame => {
                self.mode = Mode::ConfirmNewGame;
                self.message = Some(Message::NewGameQuestion);
            }
            Action::Answer(yes) => {
                if self.mode == Mode::ConfirmNewGame {
                    self.mode = Mode::Play;
                    if yes {
                        self.game = Game::new(Position::start());
                        self.cursor = self.game.position().general(Color::Red);
                        self.selected = None;
                        self.message = Some(Message::NewGameStarted);
                    } else {
                        self.message = Some(Message::NewGameCancelled);
                    }
                }
            }
            Action::ShowHelp => self.mode = Mode::Help,
            Action::CloseHelp => self.mode = Mode::Play,
            Action::Quit => self.quit = true,
        }
    }

    fn move_cursor(&mut self, dir: Dir) {
        // Screen directions become board directions; flipping mirrors both axes.
        let (df, dr) = match dir {
            Dir::Up => (0, 1),
            Dir::Down => (0, -1),
            Dir::Left => (-1, 0),
            Dir::Right => (1, 0),
        };
        let (df, dr) = if self.flipped { (-df, -dr) } else { (df, dr) };
        if let Some(sq) = self.cursor.offset(df, dr) {
            self.cursor = sq;
        }
    }

    /// The `sqSelected` flow: an own piece becomes the selection; anything else is a move
    /// attempt by the selected piece, which the library accepts or refuses.
    fn activate(&mut self) {
        if let Some(outcome) = self.game.outcome() {
            self.selected = None;
            self.message = Some(Message::Over(outcome));
            return;
        }
        let pos = self.game.position();
        let turn = pos.turn();
        let here = pos.piece_at(self.cursor);
        if here.is_some_and(|p| p.color == turn) {
            self.selected = Some(self.cursor);
            self.message = None;
            return;
        }
        let Some(from) = self.selected else {
            self.message = Some(match here {
                Some(_) => Message::NotYourTurn(turn),
                None => Message::SelectFirst(turn),
            });
            return;
        };
        match self.game.play(Move::new(from, self.cursor)) {
            Ok(()) => {
                self.selected = None;
                self.message = self.game.outcome().map(Message::Over);
            }
            Err(PlayError::Illegal(reason)) => self.message = Some(Message::Refused(reason)),
            Err(PlayError::GameOver(outcome)) => self.message = Some(Message::Over(outcome)),
        }
    }

    fn undo(&mut self) {
        self.selected = None;
        match self.game.undo() {
            Some(mv) => {
                self.cursor = mv.from;
                self.message = Some(Message::Undone(mv));
            }
            None => self.message = Some(Message::NothingToUndo),
        }
    }

    fn redo(&mut self) {
        self.selected = None;
        match self.game.redo() {
            Some(mv) => {
                self.cursor = mv.to;
                self.message = Some(match self.game.outcome() {
                    Some(outcome) => Message::Over(outcome),
                    None => Message::Redone(mv),
                });
            }
            None => self.message = Some(Message::NothingToRedo),
        }
    }
}
