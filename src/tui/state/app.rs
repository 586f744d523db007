//! The router: which desk is in front — the game being played, or a record or a puzzle
//! looked at while that game waits aside — the shared look, and the one place the state
//! changes, [`App::update`] with an [`Action`]. The played game is one desk of its own and
//! is never replaced by what is looked at: `b` brings it back, and only it is autosaved.

mod annotate;
mod computer_play;
mod door;
mod editor;
mod explorer;
mod network;
mod opening;
mod prompts;
mod record;
pub mod review;
pub(crate) mod settings;
mod tactics;

use crate::tui::i18n::lang::Lang;
use crate::tui::look::pieces::PieceGlyphs;
use crate::tui::look::theme::{ASCII_LINES, BOX_LINES, Glyphs, Theme, ThemeName};
use crate::tui::state::action::{Action, Now};
use crate::tui::state::computer::annotation::{Annotation, AnnotationNote};
use crate::tui::state::computer::{Computer, ComputerOptions, DEFAULT_ANALYSIS_LINES};
use crate::tui::state::desk::SCREEN_STYLE;
use crate::tui::state::desk::{Desk, GameKey, Kind, Setup};
use crate::tui::state::editor::Editor;
use crate::tui::state::effect::Effect;
use crate::tui::state::prompt::edit::LineEdit;
use crate::tui::state::prompt::message::{Message, Mode, Prompt, Question};
use crate::tui::state::puzzle::{Session, Waiting};
use crate::tui::state::screen::{Screen, joined};
use crate::tui::store::config_keys::ConfigError;
use crate::tui::store::progress::Progress;
use crate::tui::store::saved::Record;
use crate::tui::store::saved::SavedGame;
use review::Review;
use std::time::Duration;
use xiangqi_rules::clock::{Clock, TimeControl};
use xiangqi_rules::{Game, Move, Notation, NotationStyle, Outcome, Position, Square};

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
    /// Shown at the start, in turn: where the game is kept, how the board is drawn…
    pub notices: Vec<String>,
    /// Shown at the start, before the notices: why the configuration file was not used.
    pub config_error: Option<ConfigError>,
    /// Play on a clock with this time control.
    pub clock: Option<TimeControl>,
    /// The game is the autosave, being continued (`--resume`).
    pub resumed: bool,
    /// The computer's side and level (`--computer`, `--level`).
    pub computer: ComputerOptions,
    /// Start with this puzzle (`--puzzle N`); 0 for the first one not solved yet.
    pub puzzle: Option<usize>,
    /// Start with a rated tactic that passes this filter (`--tactics`).
    pub tactics: Option<xiangqi_engine::puzzle::Filter>,
    /// Start in the set-up editor on this position (`--setup`).
    pub setup: Option<xiangqi_rules::setup::Setup>,
    /// Search with this external engine (`--engine`) instead of ours.
    pub engine: Option<String>,
    /// Lines the analysis shows (`analysis-lines`); `None` for [`DEFAULT_ANALYSIS_LINES`].
    pub analysis_lines: Option<usize>,
    /// Threads our engine searches on where only a time limits it (`threads`; `None`: a core each).
    pub threads: Option<usize>,
    /// Open on the start menu (no game, file or mode was asked for).
    pub menu: bool,
    /// Ring the terminal's bell on the other side's move, on check and at the game's end.
    pub sound: bool,
    /// Where the settings are written (`config.toml`); `None` without a home folder.
    pub config_path: Option<std::path::PathBuf>,
    /// Blindfold: the board's pieces are hidden (`blindfold` in the configuration,
    /// `--blindfold`); `v` shows them until the next move.
    pub blindfold: bool,
    /// The club server and name the start menu offers (`club`, `club-name` in the file).
    pub club: (Option<String>, Option<String>),
}

/// The shared look: how every desk is drawn.
#[derive(Clone, Debug)]
struct Look {
    ascii_pieces: bool,
    glyphs: Glyphs,
    theme: Theme,
    /// How moves are written on screen (the glyph set chosen).
    style: NotationStyle,
    piece_glyphs: PieceGlyphs,
    lang: Lang,
    /// The theme's name, and how the terminal shows colours, to make it again when the
    /// setting changes.
    theme_name: ThemeName,
    color: bool,
    truecolor: bool,
    /// ASCII grid lines under Chinese pieces (`--ascii-lines`, or a terminal that draws box
    /// lines two cells wide).
    ascii_lines: bool,
    /// The pieces are hidden (blindfold), unless peeked at.
    blindfold: bool,
}

/// The game screen: the desks, which one is in front, and what the players see of it.
#[derive(Clone, Debug)]
pub struct App {
    look: Look,
    /// How a new desk shows its game.
    setup: Setup,
    /// The game being played (with its clock, computer opponent and autosave).
    play: Desk,
    /// A record or a puzzle in front of the played game, which waits aside.
    viewed: Option<Desk>,
    /// The set-up editor, in front of both (`e`, `--setup`).
    editor: Option<Editor>,
    /// The mode, message line, prompt, time and effects: what the desk in front speaks on.
    screen: Screen,
    /// Going back over games and opening them (see `review`).
    review: Review,
    /// The computer: sides it plays, hint, analysis, the search running.
    computer: Computer,
    /// Annotating the game in front in the background (`A`).
    annotation: Annotation,
    /// The puzzles solved and the tactics rating.
    progress: Progress,
    /// A puzzle asked for on the command line, opened once the progress is read.
    puzzle_auto: Option<Waiting>,
    /// A game or position pasted on the board, waiting for the player to say to open it.
    pasted: Option<SavedGame>,
    /// The move a comment is being typed for, or asked to be deleted.
    editing: record::Editing,
    /// Why the last autosave could not be written, until one is: the game is not safe.
    unsaved: Option<String>,
    /// Is the played game the player's own — new, resumed, or a record played on — and so
    /// kept when the program ends? A record only loaded and looked at is not: keeping it
    /// would put it in place of an unfinished game that `--resume` still offers.
    own_game: bool,
    quit: bool,
    /// The network game, if this is one (`xiangqi host`, `xiangqi join`).
    net: Option<crate::tui::state::net::NetPlay>,
    /// In a network game, the moves both ends agree on (the played game's length once every
    /// move has gone out).
    plies: usize,
    /// The start menu, the settings and the palette.
    door: crate::tui::door::Door,
    /// The settings chosen that the look does not hold: the board's side at the bottom, the
    /// threads, the clock the menu offers first.
    chosen: settings::Chosen,
    /// Blindfold: the pieces show for now (`v`), until the next move.
    peeking: bool,
}

impl App {
    /// A screen for `game`, the cursor on the general of the side to move.
    #[must_use]
    pub fn new(game: Game, options: Options) -> App {
        let style = NotationStyle {
            glyphs: options.glyphs.notation(),
            ..SCREEN_STYLE
        };
        // Against the computer the player's side is at the bottom (`--flip` turns it over).
        let human_black = options.computer.side == Some(xiangqi_rules::Color::Red);
        let setup = Setup {
            flipped: options.flipped != human_black,
            auto_flip: options.auto_flip,
            // Chinese glyphs cannot be shown in `--ascii`; WXF says the same in letters.
            notation: match options.notation {
                Some(Notation::Chinese) | None if options.ascii => Notation::Wxf,
                Some(n) => n,
                None => Notation::Chinese,
            },
            style,
            ascii: options.ascii,
        };
        let look = Look {
            ascii_pieces: options.ascii,
            glyphs: if options.ascii || options.ascii_lines {
                ASCII_LINES
            } else {
                BOX_LINES
            },
            theme: Theme::new(options.theme, options.color, options.truecolor),
            style,
            piece_glyphs: options.glyphs,
            lang: options.lang,
            theme_name: options.theme,
            color: options.color,
            truecolor: options.truecolor,
            ascii_lines: options.ascii_lines,
            blindfold: options.blindfold,
        };
        let mut play = Desk::new(Kind::Play, game, setup);
        if let Some(side) = options.computer.side {
            // The cursor waits on the player's own general, not the computer's.
            play.put_cursor(play.game().position().general(side.other()));
        }
        // On the menu, the clock is the game's that the menu starts.
        if let Some(control) = options.clock.filter(|_| !options.menu) {
            play.start_clock(control);
        }
        let door = settings::door_of(&options);
        let chosen = settings::Chosen {
            flipped: options.flipped,
            threads: options.threads,
            clock: options.clock,
        };
        // Every notice of the start is said, none over another before it is read.
        let message = options
            .config_error
            .map(Message::ConfigNotUsed)
            .into_iter()
            .chain(options.notices.into_iter().map(Message::Notice))
            .chain(play.outcome().map(Message::Over))
            .fold(None, |said, m| joined(said, Some(m)));
        let mut app = App {
            look,
            setup,
            play,
            viewed: None,
            editor: None,
            screen: Screen::new(message),
            review: Review::default(),
            computer: Computer::new(options.computer)
                .with_analysis_lines(options.analysis_lines.unwrap_or(DEFAULT_ANALYSIS_LINES)),
            annotation: Annotation::default(),
            progress: Progress::default(),
            puzzle_auto: Waiting::at_start(options.puzzle, options.tactics.clone()),
            pasted: None,
            editing: record::Editing::default(),
            unsaved: None,
            own_game: true,
            quit: false,
            net: None,
            plies: 0,
            door,
            chosen,
            peeking: false,
        };
        let said = app.screen.message.take();
        if let Some(n) = options.puzzle {
            app.open_puzzle(n.max(1));
        }
        if let Some(setup) = options.setup {
            app.open_editor_on(setup);
        }
        if options.menu {
            app.open_menu();
        }
        app.screen.message = joined(said, app.screen.message.take());
        app
    }

    /// A new game whose players are named (`--red`, `--black`): a record of those tags
    /// alone, kept when the game is saved.
    #[must_use]
    pub fn with_names(mut self, names: Record) -> App {
        self.play.set_record(names);
        self
    }

    /// The desk in front: what the screen shows and the keys act on.
    #[must_use]
    pub fn desk(&self) -> &Desk {
        self.viewed.as_ref().unwrap_or(&self.play)
    }

    /// The game being played, whichever desk is in front.
    #[must_use]
    pub fn played(&self) -> &Desk {
        &self.play
    }

    /// Is the played game aside, behind a record or a puzzle?
    #[must_use]
    pub fn game_aside(&self) -> bool {
        self.viewed.is_some()
    }

    /// The desk in front and the screen it speaks on, borrowed together.
    fn front(&mut self) -> (&mut Desk, &mut Screen) {
        let desk = match &mut self.viewed {
            Some(desk) => desk,
            None => &mut self.play,
        };
        (desk, &mut self.screen)
    }

    /// The clocks, if the game in front is timed.
    #[must_use]
    pub fn clock(&self) -> Option<&Clock> {
        self.desk().clock()
    }

    /// The computer's state.
    #[must_use]
    pub fn computer(&self) -> &Computer {
        &self.computer
    }

    /// The puzzle on the board, if any.
    #[must_use]
    pub fn puzzle(&self) -> Option<&Session> {
        self.desk().puzzle()
    }

    /// The game on the board.
    #[must_use]
    pub fn game(&self) -> &Game {
        self.desk().game()
    }

    /// Gives the played game back, and the notation its moves were shown in, for printing
    /// when the screen closes.
    #[must_use]
    pub fn into_game(self) -> (Game, Notation) {
        let notation = self.play.notation();
        (self.play.game().clone(), notation)
    }

    /// How the game on the board has ended, if it has.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.desk().outcome()
    }

    /// Moves of the side to move that would end the game by repetition, and how.
    #[must_use]
    pub fn warnings(&self) -> &[(Move, Outcome)] {
        self.desk().warnings()
    }

    /// The notation the move list is shown in.
    #[must_use]
    pub fn notation(&self) -> Notation {
        self.desk().notation()
    }

    /// `mv`, played from `before`, in the notation shown.
    #[must_use]
    pub fn write_move(&self, before: &Position, mv: Move) -> String {
        self.desk().write_move(before, mv)
    }

    /// The point under the cursor.
    #[must_use]
    pub fn cursor(&self) -> Square {
        self.desk().cursor()
    }

    /// The selected point, if any.
    #[must_use]
    pub fn selected(&self) -> Option<Square> {
        self.desk().selected()
    }

    /// Black at the bottom (of the editor, when it is in front)?
    #[must_use]
    pub fn flipped(&self) -> bool {
        self.editor
            .as_ref()
            .map_or_else(|| self.desk().flipped(), Editor::flipped)
    }

    /// What the screen is waiting for.
    #[must_use]
    pub fn mode(&self) -> Mode {
        self.screen.mode
    }

    /// The message to show, if any.
    #[must_use]
    pub fn message(&self) -> Option<&Message> {
        self.screen.message.as_ref()
    }

    /// The open prompt's text and cursor.
    #[must_use]
    pub fn prompt(&self) -> &LineEdit {
        &self.screen.prompt
    }

    /// Why the played game is not kept for `--resume` (the last autosave failed), if so.
    #[must_use]
    pub fn unsaved(&self) -> Option<&str> {
        self.unsaved.as_deref()
    }

    /// Has a player asked to leave?
    #[must_use]
    pub fn should_quit(&self) -> bool {
        self.quit
    }

    /// Letters instead of Chinese glyphs?
    #[must_use]
    pub fn ascii_pieces(&self) -> bool {
        self.look.ascii_pieces
    }

    /// Plain ASCII for the marks whose width is "ambiguous" in Unicode (bars, pointers, the
    /// typing cursor): under `--ascii`, and under `--ascii-lines`, which is also what a
    /// terminal that draws such characters two cells wide gets.
    #[must_use]
    pub fn ascii_marks(&self) -> bool {
        self.look.ascii_pieces || self.look.glyphs == ASCII_LINES
    }

    /// The characters to draw the board with.
    #[must_use]
    pub fn glyphs(&self) -> &Glyphs {
        &self.look.glyphs
    }

    /// The styles to draw with.
    #[must_use]
    pub fn theme(&self) -> &Theme {
        &self.look.theme
    }

    /// How moves are written on screen.
    #[must_use]
    pub fn notation_style(&self) -> &NotationStyle {
        &self.look.style
    }

    /// Simplified or traditional pieces.
    #[must_use]
    pub fn piece_glyphs(&self) -> PieceGlyphs {
        self.look.piece_glyphs
    }

    /// The language of the screen: English under `--ascii`, whose terminals cannot show
    /// Chinese.
    #[must_use]
    pub fn lang(&self) -> Lang {
        if self.look.ascii_pieces {
            Lang::En
        } else {
            self.look.lang
        }
    }

    /// The time of the last tick.
    #[must_use]
    pub fn now(&self) -> Now {
        self.screen.now
    }

    /// When the app next wants an [`Action::Tick`] with nothing else happening (a clock
    /// shown changes then), as [`Now::elapsed`]; `None` while nothing runs, so the loop can
    /// wait for events without waking.
    #[must_use]
    pub fn next_tick(&self) -> Option<Duration> {
        self.desk().next_tick(self.screen.now.elapsed)
    }

    /// The only place the state changes. Returns what the loop must do (save, quit …), in
    /// order; the loop reports the results back as actions.
    pub fn update(&mut self, action: Action) -> Vec<Effect> {
        let before = self.play.game_key();
        let heard = self.bell_before(&action);
        // The menu's, the settings' and the palette's own keys; what they choose goes on
        // from here as the action its key sends.
        let Some(action) = self.door_action(action) else {
            self.ring_if(heard);
            return self.finish_update(before, false);
        };
        // `u` that takes back an edit takes back no move: the computer's reply stays.
        let undo = matches!(action, Action::Undo) && !self.desk().edit_to_undo();
        let report = matches!(action, Action::Net(_));
        let net_before = self.net_before();
        // What the start said stays on the line under its reports, until the player acts.
        self.screen.opening &= action.reports_the_start();
        let said_at_start = self.screen.message.clone().filter(|_| self.screen.opening);
        if !self.net_action(&action) && !self.computer_action(&action) {
            self.route(action);
        }
        self.net_after(report, net_before);
        self.editor_keeps_the_screen();
        self.clocks_wait_for_files();
        self.ring_if(heard);
        let effects = self.finish_update(before, undo);
        if self.screen.opening {
            self.screen.message = joined(said_at_start, self.screen.message.take());
        }
        effects
    }

    /// Hands `action` to whoever handles it: the router itself, the files, or the desk in
    /// front.
    fn route(&mut self, action: Action) {
        match action {
            Action::Activate | Action::ClickAt(_) | Action::TypeMove if self.computer_to_move() => {
            }
            Action::Cursor(dir) => self.front().0.move_cursor(dir),
            Action::Activate => {
                let (desk, screen) = self.front();
                desk.activate(screen);
            }
            Action::ClickAt(sq) => {
                let (desk, screen) = self.front();
                desk.put_cursor(sq);
                desk.activate(screen);
            }
            Action::Deselect => {
                let (desk, screen) = self.front();
                desk.deselect();
                screen.message = desk.outcome().map(Message::Over);
                // Esc stops an annotation under way too.
                self.stop_annotating(AnnotationNote::Stopped);
            }
            Action::Undo => {
                let (desk, screen) = self.front();
                if !desk.undo_edit(screen) {
                    desk.undo(screen);
                }
            }
            Action::Redo => {
                let (desk, screen) = self.front();
                if !desk.redo_edit(screen) {
                    desk.redo(screen);
                    self.redo_reply();
                }
            }
            Action::Pause => {
                let (desk, screen) = self.front();
                desk.pause(screen);
            }
            Action::Flip => self.front().0.flip(),
            // Blindfold only: the pieces show until the next move, or until `v` again.
            Action::Peek => self.peeking = self.look.blindfold && !self.peeking,
            Action::CycleNotation => {
                let (desk, screen) = self.front();
                desk.cycle_notation(screen);
            }
            Action::Nav(nav) => {
                let (desk, screen) = self.front();
                desk.navigate(nav, screen);
            }
            Action::TypeMove => {
                self.front().0.deselect();
                self.screen.open_prompt(Prompt::Move, "");
            }
            Action::Save => self.ask_save_name(),
            Action::Resign => self.resign_key(),
            Action::OfferDraw => self.draw_key(),
            Action::AskNewGame => {
                let behind = self.viewed.is_some() && self.play.has_moves();
                self.ask(Question::NewGame(behind));
            }
            Action::Answer(yes) => self.answer(yes),
            Action::Edit(key) => self.edit(key),
            Action::Paste(text) => self.paste(&text),
            Action::Submit => self.submit(),
            Action::Cancel => {
                if matches!(self.screen.mode, Mode::Prompt(_)) {
                    let outcome = self.outcome();
                    self.screen.close(outcome);
                }
            }
            Action::ShowHelp => self.screen.mode = Mode::Help { top: 0 },
            Action::CloseHelp | Action::CloseComment => self.screen.mode = Mode::Play,
            Action::ShowComment => self.show_comment(),
            Action::WindowTop(top) => self.screen.scroll_window(top),
            Action::Quit => self.quit_key(),
            Action::Suspend => self.screen.effects.push(Effect::Suspend),
            Action::Tick(now) => self.tick(now),
            Action::SaveDone(_)
            | Action::AutosaveFailed(_)
            | Action::AutosaveKept
            | Action::ResumeAvailable
            | Action::Notice(_) => self.store_report(action),
            Action::Terminate => self.leave(),
            Action::BackToGame => self.back_to_game(),
            Action::Open => self.ask_file(),
            Action::Complete => self.complete(),
            Action::Pick(key) => self.pick(key),
            Action::Found(found) => self.found(found),
            Action::OpenExplorer => self.open_explorer(),
            Action::OpenEditor => self.open_editor(),
            Action::Editor(key) => self.editor_key(key),
            Action::Explore(key) => self.explore(key),
            Action::Annotate => self.annotate_key(),
            Action::Mistake { forward } => self.go_to_mistake(forward),
            Action::Annotation(report) => self.annotation_report(report),
            Action::Record(key) => self.record_key(key),
            Action::Copy(what) => self.copy(what),
            Action::ShowFen => self.show_fen(),
            // Handled by `computer_action` and `net_action`, and by `door_action`.
            Action::Net(_)
            | Action::Chat
            | Action::Hint
            | Action::ToggleAnalysis
            | Action::CycleAnalysisLines
            | Action::ToggleComputer
            | Action::Puzzle
            | Action::Tactics
            | Action::TacticsFilter
            | Action::Engine(_)
            | Action::PuzzlesSolved(_)
            | Action::OpenMenu
            | Action::OpenPalette
            | Action::OpenSettings
            | Action::Menu(_)
            | Action::Settings(_)
            | Action::Palette(_)
            | Action::Door(_) => {}
        }
    }

    /// `q`: leaves, asking first while the played game goes on (a game that is over, even
    /// by its record's say, is left without asking).
    fn quit_key(&mut self) {
        let going_on = self.play.has_moves()
            && self.play.outcome().is_none()
            && self.play.recorded_result().is_none();
        if going_on && self.screen.mode != Mode::Confirm(Question::Quit) {
            self.ask(Question::Quit);
        } else {
            self.leave();
        }
    }

    /// What follows every action: the clocks of a game over stop, the computer follows the
    /// game in front, and the played game is autosaved if it changed.
    fn finish_update(&mut self, before: GameKey, undo: bool) -> Vec<Effect> {
        let now = self.screen.now.elapsed;
        self.play.refresh();
        self.play.stop_clock_if_over(now);
        if let Some(desk) = &mut self.viewed {
            desk.refresh();
            desk.stop_clock_if_over(now);
        }
        self.computer_after(undo);
        self.annotation_after();
        let after = self.play.game_key();
        // A peek lasts until the game changes: the next move, or one taken back.
        if after != before {
            self.peeking = false;
        }
        if !self.own_game && self.touched(before, after) {
            self.own_game = true;
        }
        // A game nothing was played in is not worth keeping over an unfinished one from
        // before; a record that has just taken the place of a game not begun is kept only
        // once it is played on.
        if self.own_game && after != before && (after.1 > 0 || before.1 > 0) {
            let pgn = self.play.pgn(now, self.screen.now.unix_secs);
            self.screen.effects.insert(0, Effect::Autosave(pgn));
        }
        std::mem::take(&mut self.screen.effects)
    }

    /// Was the played game itself changed by the action (not replaced by a record read)?
    fn touched(&self, before: GameKey, after: GameKey) -> bool {
        before.0 == after.0 && before != after
    }

    /// Leaves, keeping the played game (with the time used in this turn) for `--resume`.
    fn leave(&mut self) {
        self.quit = true;
        self.computer_stop();
        if let Some(running) = self.annotation.running.take() {
            self.screen.effects.push(Effect::StopAnnotating(running.id));
        }
        if self.play.has_moves() && self.own_game {
            let now = self.screen.now;
            let pgn = self.play.pgn(now.elapsed, now.unix_secs);
            self.screen.effects.push(Effect::Autosave(pgn));
        }
        self.screen.effects.push(Effect::Quit);
    }

    /// The time is `now`: a flag that has fallen ends the game. The played game's clocks
    /// run only while it is in front (a record or puzzle in front pauses them).
    fn tick(&mut self, now: Now) {
        self.screen.now = now;
        let (desk, screen) = self.front();
        desk.tick(now, screen);
    }
}
