//! The game screen's state and the one place it changes: [`App::update`] with an [`Action`].

mod computer_play;

use crate::tui::store::autosave;
pub mod review;

use crate::tui::i18n::lang::Lang;
use crate::tui::look::pieces::PieceGlyphs;
use crate::tui::look::theme::{ASCII_LINES, BOX_LINES, Glyphs, Theme, ThemeName};
pub use crate::tui::state::action::{Action, Dir, EditKey, Now};
use crate::tui::state::computer::Note;
use crate::tui::state::computer::{Computer, ComputerOptions};
use crate::tui::state::edit::LineEdit;
use crate::tui::state::effect::{Effect, SaveReport};
use crate::tui::state::puzzle::{Progress, Session};
use crate::tui::store::files::Stamp;
use review::Review;
use std::path::PathBuf;
use std::time::Duration;
use xiangqi::clock::{Clock, TimeControl};
use xiangqi::pgn::{PgnResult, write_pgn};
use xiangqi::{
    BlackDigits, Color, Game, IllegalMove, Move, Notation, NotationError, NotationStyle, Outcome,
    PlayError, Position, Square, Termination,
};

/// How the game was asked to look when it started.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
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
    /// Exact colours (`COLORTERM=truecolor`); else the nearest of the 256 indexed ones.
    pub truecolor: bool,
    /// The colour theme.
    pub theme: ThemeName,
    /// Simplified or traditional characters, on the board and in the moves.
    pub glyphs: PieceGlyphs,
    /// Turn the board after every move, so the side to move is at the bottom.
    pub auto_flip: bool,
    /// The language of the screen.
    pub lang: Lang,
    /// The move list's notation at the start (Chinese, or WXF under `--ascii`, if none).
    pub notation: Option<Notation>,
    /// Shown on the message line at the start: why the configuration file was not used.
    pub notice: Option<String>,
    /// Play on a clock with this time control.
    pub clock: Option<TimeControl>,
    /// The game is the autosave, being continued (`--resume`).
    pub resumed: bool,
    /// The computer's side and level (`--computer`, `--level`).
    pub computer: ComputerOptions,
    /// Start with this puzzle (`--puzzle N`); 0 for the first one not solved yet.
    pub puzzle: Option<usize>,
    /// Search with this external engine (`--engine`) instead of ours.
    pub engine: Option<String>,
}

/// A yes/no question on the message line.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Question {
    /// Throw this game away and start a new one?
    NewGame,
    /// Asked of this side (the side to move): resign?
    Resign(Color),
    /// This side offers a draw; the other side is asked to accept.
    Draw(Color),
    /// The file to save to exists: replace it?
    Overwrite,
    /// Leave a game that goes on?
    Quit,
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
    /// The keys window is open; any key closes it.
    Help,
    /// The clocks are paused and the board hidden; `p` resumes.
    Paused,
    /// The game picker of a file with several games; `filter` while `/` is typed.
    Picker {
        /// The filter is being typed.
        filter: bool,
    },
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
    /// A question was answered no; the game goes on.
    Declined(Question),
    /// The move list now uses this notation.
    NotationShown(Notation),
    /// The game was saved to this file.
    Saved(PathBuf),
    /// The game could not be saved to this file, for this reason.
    SaveFailed(PathBuf, String),
    /// A game was loaded from a file: how many moves it has and the result it records.
    Loaded(usize, PgnResult),
    /// The game could not be kept in the autosave file, for this reason.
    AutosaveFailed(String),
    /// Something to know before playing (a configuration file not used, and why).
    Notice(String),
    /// An unfinished game from before can be continued with `--resume`.
    ResumeAvailable,
    /// The game was resumed where it was left: this many moves.
    Resumed(usize),
    /// `p` without a clock.
    NoClock,
    /// Going through the game, opening files: see [`review::Note`].
    Review(review::Note),
    /// The computer's hint, analysis, moves and puzzles.
    Computer(Note),
}

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
    pub fn of(pgn: &xiangqi::pgn::PgnGame) -> Record {
        Record {
            tags: pgn.tags().to_vec(),
            moves: pgn.moves().to_vec(),
            result: pgn.result(),
        }
    }
}

/// How moves are written on screen: traditional glyphs and full-width black digits, as the
/// issue's `1. 炮二平五 馬８進７`; ICCS as engines write it, `h2e2`.
pub const SCREEN_STYLE: NotationStyle = NotationStyle {
    glyphs: xiangqi::Glyphs::Traditional,
    black_digits: BlackDigits::FullWidth,
    iccs_hyphenated: false,
};

/// How moves are written in saved files: as on screen, except ICCS as PGN files write it,
/// `H2-E2`.
pub const FILE_STYLE: NotationStyle = NotationStyle {
    iccs_hyphenated: true,
    ..SCREEN_STYLE
};

/// The game screen: the game itself (history included) and what the players see of it.
#[derive(Clone, Debug)]
pub struct App {
    game: Game,
    /// How the game stands, kept in step with `game` by `refresh`: the rules' verdict and
    /// the side to move's repeating moves are worked out once per change, not per frame.
    outcome: Option<Outcome>,
    warnings: Vec<(Move, Outcome)>,
    record: Option<Record>,
    cursor: Square,
    selected: Option<Square>,
    flipped: bool,
    mode: Mode,
    message: Option<Message>,
    prompt: LineEdit,
    /// The file name last saved to (or typed), offered again by the next save.
    save_name: Option<String>,
    notation: Notation,
    quit: bool,
    ascii_pieces: bool,
    glyphs: Glyphs,
    theme: Theme,
    /// How moves are written on screen (the glyph set chosen).
    style: NotationStyle,
    piece_glyphs: PieceGlyphs,
    lang: Lang,
    /// Turn the board to the side to move after every move.
    auto_flip: bool,
    /// Where each side (by `Color::index`) left its cursor, for auto-flip.
    cursors: [Square; 2],
    /// The time of the last [`Action::Tick`].
    now: Now,
    /// What the action being handled asks the loop to do; `update` hands it over.
    effects: Vec<Effect>,
    /// The clocks, in a timed game, and after how many moves of the game they came in.
    clock: Option<(Clock, usize)>,
    /// Counts new games, so the autosave notices one even when the moves look the same.
    generation: u32,
    /// Going through the game and opening files (see `review`).
    review: Review,
    /// The computer: sides it plays, hint, analysis, the search running.
    computer: Computer,
    /// The puzzle on the board (no autosave while there is one).
    puzzle: Option<Session>,
    /// The puzzles solved.
    progress: Progress,
    /// `--puzzle` without a number: switch to the first unsolved one once progress is read.
    puzzle_auto: bool,
}

impl App {
    /// A screen for `game`, the cursor on the general of the side to move.
    #[must_use]
    pub fn new(game: Game, options: Options) -> App {
        let pos = game.position();
        let cursor = pos.general(pos.turn());
        let cursors = [pos.general(Color::Red), pos.general(Color::Black)];
        let mut app = App {
            game,
            outcome: None,
            warnings: Vec::new(),
            record: None,
            cursor,
            selected: None,
            flipped: options.flipped,
            mode: Mode::Play,
            message: None,
            prompt: LineEdit::default(),
            save_name: None,
            // Chinese glyphs cannot be shown in `--ascii`; WXF says the same in letters.
            notation: match options.notation {
                Some(Notation::Chinese) | None if options.ascii => Notation::Wxf,
                Some(n) => n,
                None => Notation::Chinese,
            },
            quit: false,
            ascii_pieces: options.ascii,
            glyphs: if options.ascii || options.ascii_lines {
                ASCII_LINES
            } else {
                BOX_LINES
            },
            theme: Theme::new(options.theme, options.color, options.truecolor),
            now: Now::default(),
            effects: Vec::new(),
            style: NotationStyle {
                glyphs: options.glyphs.notation(),
                ..SCREEN_STYLE
            },
            piece_glyphs: options.glyphs,
            lang: options.lang,
            auto_flip: options.auto_flip,
            cursors,
            clock: None,
            generation: 0,
            review: Review::default(),
            computer: Computer::new(options.computer),
            puzzle: None,
            progress: Progress::default(),
            puzzle_auto: options.puzzle == Some(0),
        };
        if app.auto_flip {
            app.flipped = app.game.position().turn() == Color::Black;
        }
        if let Some(control) = options.clock {
            app.start_clock(control);
        }
        app.refresh();
        app.message = match options.notice {
            Some(text) => Some(Message::Notice(text)),
            None => app.outcome.map(Message::Over),
        };
        if let Some(n) = options.puzzle {
            app.open_puzzle(n.max(1));
        }
        app
    }

    /// A screen for a game read from a file: at its final position, its tags kept for saving.
    #[must_use]
    pub fn loaded(mut game: Game, record: Record, options: Options) -> App {
        autosave::go_to_cursor(&mut game, &record.tags);
        let mut app = App::new(game, options);
        // A record of names alone (`--red`, `--black`) is a new game.
        if app.outcome.is_none() && !record.moves.is_empty() {
            let moves = review::rounds(app.game.moves().len(), app.game.start().turn());
            app.message = Some(Message::Loaded(moves, record.result));
        }
        app.restore_clock(&record.tags);
        if let Some(notation) = notation_of(&record.tags)
            && !(app.ascii_pieces && notation == Notation::Chinese)
        {
            app.notation = notation;
        }
        app.record = Some(record);
        app
    }

    /// A game continued from the autosave: as [`App::loaded`], saying so.
    #[must_use]
    pub fn resumed(game: Game, record: Record, options: Options) -> App {
        let mut app = App::loaded(game, record, options);
        if app.outcome.is_none() {
            let moves = review::rounds(app.game.moves().len(), app.game.start().turn());
            app.message = Some(Message::Resumed(moves));
        }
        app
    }

    /// Clocks from a record's tags (an autosave's), if they fit its moves.
    /// Clocks from a record: this program's exact clock tags, else the `[TimeControl]` and a
    /// `[%clk]` comment on every move (as other programs write them).
    fn restore_clock(&mut self, tags: &[(String, String)]) {
        let moves = self.game.moves().len();
        let exact = autosave::clock_from_tags(tags, moves)
            .or_else(|| autosave::clock_from_comments(&self.game, tags));
        if let Some((control, start, marks, used)) = exact {
            let first = self.game.positions()[start].turn();
            let mut clock = Clock::resumed(control, first, marks, used);
            if self.outcome.is_some() {
                clock.stop(self.now.elapsed);
            }
            self.clock = Some((clock, start));
        }
    }

    /// Fresh clocks from the current position on.
    fn start_clock(&mut self, control: TimeControl) {
        let clock = Clock::new(control, self.game.position().turn());
        self.clock = Some((clock, self.game.moves().len()));
    }

    /// The clocks, if the game is timed.
    #[must_use]
    pub fn clock(&self) -> Option<&Clock> {
        self.clock.as_ref().map(|(c, _)| c)
    }

    /// The computer's state.
    #[must_use]
    pub fn computer(&self) -> &Computer {
        &self.computer
    }

    /// The puzzle on the board, if any.
    #[must_use]
    pub fn puzzle(&self) -> Option<&Session> {
        self.puzzle.as_ref()
    }

    /// The game so far.
    #[must_use]
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Gives the game back, and the notation the moves were shown in, for printing when the
    /// screen closes.
    #[must_use]
    pub fn into_game(self) -> (Game, Notation) {
        (self.game, self.notation)
    }

    /// How the game has ended, if it has.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Moves of the side to move that would end the game by repetition, and how.
    #[must_use]
    pub fn warnings(&self) -> &[(Move, Outcome)] {
        &self.warnings
    }

    /// The notation the move list is shown in.
    #[must_use]
    pub fn notation(&self) -> Notation {
        self.notation
    }

    /// `mv`, played from `before`, in the notation shown (ICCS if it cannot be written, which
    /// only an illegal move would cause).
    #[must_use]
    pub fn write_move(&self, before: &Position, mv: Move) -> String {
        self.notation
            .write(before, mv, &self.style)
            .unwrap_or_else(|_| mv.to_string())
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
    pub fn message(&self) -> Option<&Message> {
        self.message.as_ref()
    }

    /// The open prompt's text and cursor.
    #[must_use]
    pub fn prompt(&self) -> &LineEdit {
        &self.prompt
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

    /// How moves are written on screen.
    #[must_use]
    pub fn notation_style(&self) -> &NotationStyle {
        &self.style
    }

    /// Simplified or traditional pieces.
    #[must_use]
    pub fn piece_glyphs(&self) -> PieceGlyphs {
        self.piece_glyphs
    }

    /// The language of the screen: English under `--ascii`, whose terminals cannot show
    /// Chinese.
    #[must_use]
    pub fn lang(&self) -> Lang {
        if self.ascii_pieces {
            Lang::En
        } else {
            self.lang
        }
    }

    /// After a move, an undo or a redo changed the side to move from `mover`: with
    /// auto-flip the board turns to the side now to move, and its cursor comes back to
    /// where that side left it (at first, on its general).
    fn turn_passed(&mut self, mover: Color) {
        let now = self.game.position().turn();
        if !self.auto_flip || now == mover {
            return;
        }
        self.cursors[mover.index()] = self.cursor;
        self.cursor = self.cursors[now.index()];
        self.flipped = now == Color::Black;
    }

    /// The time of the last tick.
    #[must_use]
    pub fn now(&self) -> Now {
        self.now
    }

    /// When the app next wants an [`Action::Tick`] with nothing else happening (something on
    /// screen changes then), as [`Now::elapsed`]; `None` while nothing runs, so the loop can
    /// wait for events without waking.
    #[must_use]
    pub fn next_tick(&self) -> Option<Duration> {
        let clock = self.clock()?;
        let flag = clock.flag_at()?;
        let now = self.now.elapsed;
        let left = clock.left(clock.turn(), now);
        // What is shown is the time left cut to whole seconds, or tenths under 10 s: it
        // changes just after the time left passes the next such step.
        let unit = if left < TENTHS_BELOW {
            Duration::from_millis(100)
        } else {
            Duration::from_secs(1)
        };
        let past_step =
            Duration::from_nanos(u64::try_from(left.as_nanos() % unit.as_nanos()).unwrap_or(0));
        Some((now + past_step + Duration::from_millis(1)).min(flag))
    }

    /// The only place the state changes. Returns what the loop must do (save, quit …), in
    /// order; the loop reports the results back as actions.
    pub fn update(&mut self, action: Action) -> Vec<Effect> {
        let before = self.game_key();
        let undo = matches!(action, Action::Undo);
        if self.computer_action(&action) {
            return self.finish_update(before, undo);
        }
        match action {
            Action::Cursor(dir) => self.move_cursor(dir),
            Action::Activate => self.activate(),
            Action::ClickAt(sq) => {
                self.cursor = sq;
                self.activate();
            }
            Action::Deselect => {
                self.selected = None;
                self.message = self.outcome.map(Message::Over);
            }
            Action::Undo => self.undo(),
            Action::Redo => self.redo(),
            Action::Pause => self.pause(),
            Action::Flip => self.flipped = !self.flipped,
            Action::CycleNotation => self.cycle_notation(),
            Action::TypeMove => self.open_prompt(Prompt::Move, ""),
            Action::Save => {
                let name = self
                    .save_name
                    .clone()
                    .unwrap_or_else(|| Stamp::from_unix(self.now.unix_secs).file_name());
                self.open_prompt(Prompt::Save, &name);
            }
            Action::Resign => self.ask_if_running(Question::Resign(self.game.position().turn())),
            Action::OfferDraw => self.ask_if_running(Question::Draw(self.game.position().turn())),
            Action::AskNewGame => self.ask(Question::NewGame),
            Action::Answer(yes) => self.answer(yes),
            Action::Edit(key) => self.edit(key),
            Action::Submit => match self.mode {
                Mode::Prompt(Prompt::Move) => self.play_typed(),
                Mode::Prompt(Prompt::Save) => self.save(false),
                Mode::Prompt(prompt) => self.submit_review(prompt),
                _ => {}
            },
            Action::Cancel => {
                if matches!(self.mode, Mode::Prompt(_)) {
                    self.mode = Mode::Play;
                    self.message = self.outcome.map(Message::Over);
                }
            }
            Action::ShowHelp => self.mode = Mode::Help,
            Action::CloseHelp => self.mode = Mode::Play,
            Action::Quit => {
                let going_on = !self.game.moves().is_empty() && self.outcome.is_none();
                if going_on && self.mode != Mode::Confirm(Question::Quit) {
                    self.ask(Question::Quit);
                } else {
                    self.leave();
                }
            }
            Action::Suspend => self.effects.push(Effect::Suspend),
            Action::Tick(now) => self.tick(now),
            Action::SaveDone(report) => self.saved(report),
            Action::AutosaveFailed(why) => self.message = Some(Message::AutosaveFailed(why)),
            Action::Terminate => self.leave(),
            Action::ResumeAvailable => {
                if self.message.is_none() {
                    self.message = Some(Message::ResumeAvailable);
                }
            }
            Action::Nav(nav) => self.navigate(nav),
            Action::Open => self.ask_file(),
            Action::Complete => self.complete(),
            Action::Pick(key) => self.pick(key),
            Action::Found(found) => self.found(found),
            // Handled by `computer_action` above.
            Action::Hint
            | Action::ToggleAnalysis
            | Action::ToggleComputer
            | Action::Puzzle
            | Action::Engine(_)
            | Action::PuzzlesSolved(_) => {}
        }
        self.finish_update(before, undo)
    }

    /// What follows every action: the rules' verdict, the clocks, the computer, the autosave.
    fn finish_update(&mut self, before: GameKey, undo: bool) -> Vec<Effect> {
        self.refresh();
        if let Some((clock, _)) = &mut self.clock
            && self.outcome.is_some()
            && !clock.stopped()
        {
            clock.stop(self.now.elapsed);
        }
        self.computer_after(undo);
        let after = self.game_key();
        // A game nothing was played in is not worth keeping over an unfinished one from
        // before; a puzzle is not a game to resume.
        if after != before && (after.1 > 0 || before.1 > 0) && self.puzzle.is_none() {
            self.effects
                .insert(0, Effect::Autosave(self.autosave_pgn()));
        }
        std::mem::take(&mut self.effects)
    }

    /// What, when it changes, is worth autosaving: the game generation, the moves (their
    /// number and the last), and the result.
    fn game_key(&self) -> GameKey {
        (
            self.generation,
            self.game.moves().len(),
            self.game.last_move(),
            self.game.outcome(),
        )
    }

    /// The autosave: the game as `s` would save it, with the clocks as they stand.
    fn autosave_pgn(&self) -> String {
        write_pgn(
            &self.game,
            &self.tags_for_save(),
            self.notation,
            &FILE_STYLE,
        )
    }

    /// Leaves, keeping the game (with the time used in this turn) for `--resume`.
    fn leave(&mut self) {
        self.quit = true;
        self.computer_stop();
        if !self.game.moves().is_empty() {
            self.effects.push(Effect::Autosave(self.autosave_pgn()));
        }
        self.effects.push(Effect::Quit);
    }

    /// The time is `now`: a flag that has fell ends the game.
    fn tick(&mut self, now: Now) {
        self.now = now;
        let Some((clock, _)) = &mut self.clock else {
            return;
        };
        // A resumed game's clock runs from the loop's first tick.
        clock.start(now.elapsed);
        let Some(loser) = clock.flagged(now.elapsed) else {
            return;
        };
        if let Ok(outcome) = self.game.time_forfeit(loser) {
            self.selected = None;
            if matches!(self.mode, Mode::Prompt(Prompt::Move) | Mode::Confirm(_)) {
                self.mode = Mode::Play;
            }
            self.message = Some(Message::Over(outcome));
        }
        if let Some((clock, _)) = &mut self.clock {
            clock.stop(now.elapsed);
        }
    }

    /// `p`: pause (hiding the board) or resume both clocks.
    fn pause(&mut self) {
        let now = self.now.elapsed;
        let Some((clock, _)) = &mut self.clock else {
            self.message = Some(Message::NoClock);
            return;
        };
        if self.outcome.is_some() {
            self.message = self.outcome.map(Message::Over);
            return;
        }
        clock.toggle_pause(now);
        self.selected = None;
        self.mode = if clock.paused() {
            Mode::Paused
        } else {
            Mode::Play
        };
        self.message = None;
    }

    /// A move was just played: the clocks hear of it, and the move's comment gets the time
    /// its side has left (`[%clk 0:04:58]`).
    fn clock_moved(&mut self) {
        let now = self.now.elapsed;
        if let Some((clock, _)) = &mut self.clock {
            let mover = self.game.position().turn().other();
            clock.moved(now);
            let node = self.game.current();
            let comment =
                autosave::with_clk(self.game.tree().comment(node), clock.left(mover, now));
            self.game.set_comment(node, Some(&comment));
        }
    }

    /// Works out again what the rules say of the game as it now stands.
    fn refresh(&mut self) {
        self.outcome = self.game.outcome();
        self.warnings = if self.outcome.is_some() {
            Vec::new()
        } else {
            self.game.repetition_warnings()
        };
    }

    fn ask(&mut self, question: Question) {
        self.selected = None;
        self.mode = Mode::Confirm(question);
        self.message = None;
    }

    /// Resigning and offering a draw make sense only while the game goes on.
    fn ask_if_running(&mut self, question: Question) {
        match self.outcome {
            Some(outcome) => self.message = Some(Message::Over(outcome)),
            None => self.ask(question),
        }
    }

    fn answer(&mut self, yes: bool) {
        let Mode::Confirm(question) = self.mode else {
            return;
        };
        self.mode = Mode::Play;
        if !yes {
            if question == Question::Overwrite {
                // Back to the name, to change it.
                self.mode = Mode::Prompt(Prompt::Save);
                self.message = None;
            } else if self.clock().is_some_and(Clock::paused) {
                // Asked while paused (quit): still paused.
                self.mode = Mode::Paused;
                self.message = None;
            } else {
                self.message = Some(Message::Declined(question));
            }
            return;
        }
        match question {
            Question::NewGame => {
                self.game = Game::new(Position::start());
                self.generation += 1;
                if let Some((clock, _)) = self.clock.take() {
                    self.start_clock(clock.control());
                }
                self.record = None;
                self.puzzle = None;
                self.cursor = self.game.position().general(Color::Red);
                self.cursors = [self.cursor, self.game.position().general(Color::Black)];
                if self.auto_flip {
                    self.flipped = false;
                }
                self.selected = None;
                self.message = Some(Message::NewGameStarted);
            }
            Question::Resign(loser) => {
                let result = self.game.resign(loser);
                self.declared(result);
            }
            Question::Draw(_) => {
                let result = self.game.agree_draw();
                self.declared(result);
            }
            Question::Overwrite => self.save(true),
            Question::Quit => self.leave(),
        }
    }

    fn declared(&mut self, result: Result<Outcome, PlayError>) {
        self.message = match result {
            Ok(outcome) | Err(PlayError::GameOver(outcome)) => Some(Message::Over(outcome)),
            Err(PlayError::Illegal(reason)) => Some(Message::Refused(reason)),
        };
    }

    fn cycle_notation(&mut self) {
        let all = Notation::ALL;
        let at = all.iter().position(|&n| n == self.notation).unwrap_or(0);
        let mut next = all[(at + 1) % all.len()];
        if self.ascii_pieces && next == Notation::Chinese {
            // Chinese cannot be drawn in `--ascii`.
            next = all[(at + 2) % all.len()];
        }
        self.notation = next;
        self.message = Some(Message::NotationShown(next));
    }

    fn open_prompt(&mut self, prompt: Prompt, text: &str) {
        self.selected = None;
        self.prompt = LineEdit::new(text);
        self.mode = Mode::Prompt(prompt);
        self.message = None;
    }

    fn edit(&mut self, key: EditKey) {
        if !matches!(self.mode, Mode::Prompt(_)) {
            return;
        }
        key.apply(&mut self.prompt);
        // The last refusal was about the text before this edit.
        self.message = None;
    }

    /// Enter on the move prompt: the library reads the text in whichever notation it is and
    /// plays it. A refusal keeps the text, to be corrected.
    fn play_typed(&mut self) {
        let text = self.prompt.text().trim().to_string();
        if text.is_empty() {
            self.mode = Mode::Play;
            self.message = self.outcome.map(Message::Over);
            return;
        }
        if let Some(outcome) = self.outcome {
            self.message = Some(Message::Over(outcome));
            return;
        }
        if self.computer_to_move() {
            return;
        }
        let mv = match xiangqi::parse_move(self.game.position(), &text) {
            Ok(mv) => mv,
            Err(e) => {
                self.message = Some(Message::BadMove(e));
                return;
            }
        };
        let mover = self.game.position().turn();
        match self.game.play(mv) {
            Ok(()) => {
                self.clock_moved();
                self.mode = Mode::Play;
                self.selected = None;
                self.cursor = mv.to;
                self.message = self.game.outcome().map(Message::Over);
                self.turn_passed(mover);
            }
            Err(PlayError::Illegal(reason)) => self.message = Some(Message::Refused(reason)),
            Err(PlayError::GameOver(outcome)) => self.message = Some(Message::Over(outcome)),
        }
    }

    /// The tags a saved file gets: a loaded record's (its result only while its moves are
    /// unchanged), and today's date unless the record has one.
    fn tags_for_save(&self) -> Vec<(String, String)> {
        let mut tags = Vec::new();
        if let Some(record) = &self.record {
            // Variations and the cursor's place do not change the record: its main line does.
            let unchanged = record.moves == self.game.main_line();
            for (name, value) in &record.tags {
                let stale = ["Result", "Termination"]
                    .iter()
                    .any(|t| t.eq_ignore_ascii_case(name));
                // The clocks' tags are written afresh below.
                let own = autosave::OWN_TAGS
                    .iter()
                    .any(|t| t.eq_ignore_ascii_case(name));
                if (unchanged || !stale) && !own {
                    tags.push((name.clone(), value.clone()));
                }
            }
            if unchanged && record.result != PgnResult::Unknown {
                tags.retain(|(n, _)| !n.eq_ignore_ascii_case("Result"));
                tags.push(("Result".into(), record.result.as_str().into()));
            }
        }
        // The clocks as they stand and the place in the tree, so that `--load` and
        // `--resume` bring them back.
        if let Some((clock, start)) = &self.clock {
            tags.extend(autosave::clock_tags(clock, *start, self.now.elapsed));
        }
        tags.extend(autosave::cursor_tag(&self.game));
        if !tags.iter().any(|(n, _)| n.eq_ignore_ascii_case("Date")) {
            tags.push((
                "Date".into(),
                Stamp::from_unix(self.now.unix_secs).pgn_date(),
            ));
        }
        tags
    }

    /// Enter on the save prompt (or yes to replacing the file): asks the loop to write the
    /// PGN (which reports back whether the file exists, was written or could not be).
    fn save(&mut self, replace: bool) {
        let name = self.prompt.text().trim().to_string();
        if name.is_empty() {
            self.mode = Mode::Play;
            self.message = self.outcome.map(Message::Over);
            return;
        }
        self.save_name = Some(name.clone());
        let pgn = write_pgn(
            &self.game,
            &self.tags_for_save(),
            self.notation,
            &FILE_STYLE,
        );
        self.mode = Mode::Play;
        self.effects.push(Effect::Save {
            path: PathBuf::from(name),
            pgn,
            replace,
        });
    }

    /// How the save went: an existing file asks before it is replaced.
    fn saved(&mut self, report: SaveReport) {
        match report {
            SaveReport::Exists => {
                self.mode = Mode::Confirm(Question::Overwrite);
                self.message = None;
            }
            SaveReport::Written(path) => self.message = Some(Message::Saved(path)),
            SaveReport::Failed(path, why) => {
                // The prompt stays open with the name, to be corrected.
                self.mode = Mode::Prompt(Prompt::Save);
                self.message = Some(Message::SaveFailed(path, why));
            }
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
        if self.computer_to_move() {
            return;
        }
        if let Some(outcome) = self.outcome {
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
                self.clock_moved();
                self.selected = None;
                self.message = self.game.outcome().map(Message::Over);
                self.turn_passed(turn);
            }
            Err(PlayError::Illegal(reason)) => self.message = Some(Message::Refused(reason)),
            Err(PlayError::GameOver(outcome)) => self.message = Some(Message::Over(outcome)),
        }
    }

    fn undo(&mut self) {
        self.selected = None;
        let before = self.outcome;
        let mover = self.game.position().turn();
        let now = self.now.elapsed;
        let undone = self.game.undo();
        if let Some((clock, _)) = &mut self.clock {
            clock.unstop(now);
        }
        if undone.is_none() && before.is_some_and(|o| o.termination == Termination::TimeForfeit) {
            // The flag fell on a turn with no time left: taking back the result alone would
            // let it fall again at once, so the move before it goes too.
            self.undo();
            self.message = before.map(Message::Withdrawn);
            return;
        }
        if let (Some(_), Some((clock, start))) = (undone, &mut self.clock)
            && self.game.moves().len() >= *start
        {
            clock.undo(now);
        }
        self.message = Some(match undone {
            Some(mv) => {
                self.cursor = mv.from;
                Message::Undone(self.write_move(self.game.position(), mv))
            }
            // The library takes back a declared result (resignation, agreed draw) on its
            // own, with no move: the game was over and now goes on.
            None => match before {
                Some(outcome) if self.game.outcome().is_none() => Message::Withdrawn(outcome),
                _ => Message::NothingToUndo,
            },
        });
        self.turn_passed(mover);
    }

    fn redo(&mut self) {
        self.selected = None;
        let mover = self.game.position().turn();
        match self.game.redo() {
            Some(mv) => {
                let now = self.now.elapsed;
                // A move ahead that these clocks never timed (one kept in the file a game was
                // resumed from) counts as played now.
                if let Some((clock, start)) = &mut self.clock
                    && self.game.moves().len() > *start
                    && !clock.redo(now)
                {
                    clock.moved(now);
                }
                self.cursor = mv.to;
                let positions = self.game.positions();
                let before = &positions[positions.len().saturating_sub(2)];
                let text = self.write_move(before, mv);
                self.message = Some(match self.game.outcome() {
                    Some(outcome) => Message::Over(outcome),
                    None => Message::Redone(text),
                });
                self.turn_passed(mover);
            }
            None => self.message = Some(Message::NothingToRedo),
        }
    }
}

/// What [`App::game_key`] returns.
type GameKey = (u32, usize, Option<Move>, Option<Outcome>);

/// Under this much time left the clock shows tenths (and the warning colour).
pub const TENTHS_BELOW: Duration = Duration::from_secs(10);

/// The notation a record's `[Format]` tag names (Chinese when it names none).
fn notation_of(tags: &[(String, String)]) -> Option<Notation> {
    let format = tags
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case("Format"))
        .map(|(_, v)| v.to_ascii_uppercase());
    match format.as_deref() {
        Some("ICCS") => Some(Notation::Iccs),
        Some("WXF") => Some(Notation::Wxf),
        _ => None,
    }
}
