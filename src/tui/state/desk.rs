//! A desk: one game on a board and everything that belongs to it — the cursor and the
//! selection, the notation its moves are shown in, its clocks, its record's tags. The game
//! being played is one desk; a record opened to look at and a puzzle are others, so what is
//! looked at never takes the played game's place (see [`App`](crate::tui::state::app::App)).
//!
//! A desk changes only through its methods, each handed the [`Screen`] it may speak on.

mod annotate;
pub mod clock;
mod edit;
mod record;

use crate::tui::state::action::{Dir, Nav};
use crate::tui::state::prompt::message::{InFront, Message, Mode, ReviewNote};
use crate::tui::state::puzzle::Session;
use crate::tui::state::screen::Screen;
use crate::tui::store::saved::{Record, SavedGame};
use xiangqi_records::opening::{self, Classification};
use xiangqi_rules::clock::Clock;
use xiangqi_rules::{
    BlackDigits, Color, Game, Move, Notation, NotationStyle, Outcome, PlayError, Position, Square,
    Termination,
};

/// How moves are written on screen: traditional glyphs and full-width black digits, as in
/// `1. 炮二平五 馬８進７`; ICCS as engines write it, `h2e2`.
pub const SCREEN_STYLE: NotationStyle = NotationStyle {
    glyphs: xiangqi_rules::Glyphs::Traditional,
    black_digits: BlackDigits::FullWidth,
    iccs_hyphenated: false,
};

/// How moves are written in saved files: as on screen, except ICCS as PGN files write it,
/// `H2-E2`.
pub const FILE_STYLE: NotationStyle = NotationStyle {
    iccs_hyphenated: true,
    ..SCREEN_STYLE
};

/// What a desk holds.
#[derive(Clone, Debug)]
pub enum Kind {
    /// The game being played: timed, played by the computer if asked, autosaved.
    Play,
    /// A game read from a file, to go through (and to play on from, as analysis).
    Record,
    /// A mate puzzle and how it stands.
    Puzzle(Box<Session>),
}

/// How a desk shows its game, from the options and the shared look.
#[derive(Copy, Clone, Debug)]
pub struct Setup {
    /// Black at the bottom.
    pub flipped: bool,
    /// Turn the board to the side to move after every move.
    pub auto_flip: bool,
    /// The move list's notation.
    pub notation: Notation,
    /// How moves are written on screen.
    pub style: NotationStyle,
    /// Letters instead of Chinese (Chinese notation cannot be shown).
    pub ascii: bool,
}

/// One game on a board.
#[derive(Clone, Debug)]
pub struct Desk {
    kind: Kind,
    game: Game,
    /// How the game stands, kept in step with `game` by `refresh`: the rules' verdict and
    /// the side to move's repeating moves are worked out once per change, not per frame.
    outcome: Option<Outcome>,
    warnings: Vec<(Move, Outcome)>,
    /// The opening of the moves up to the position shown (kept in step by `refresh`).
    opening: Option<Classification<'static>>,
    record: Option<Record>,
    cursor: Square,
    selected: Option<Square>,
    flipped: bool,
    auto_flip: bool,
    /// Where each side (by `Color::index`) left its cursor, for auto-flip.
    cursors: [Square; 2],
    notation: Notation,
    style: NotationStyle,
    ascii: bool,
    /// The clocks, in a timed game, and after how many moves of the game they came in.
    clock: Option<(Clock, usize)>,
    /// A fallen flag ends the game here (not so on a network guest's desk, whose clocks
    /// mirror the host's, which alone says when a flag has fallen).
    flags_here: bool,
    /// Counts the games this desk has held, so the autosave notices a new one even when its
    /// moves look the same.
    generation: u32,
    /// Counts the changes to the game that are no move (an annotation written), so the
    /// autosave keeps them too.
    edits: u32,
    /// The edits of the record made by hand, the last on top (see `edit_to_undo`).
    edit_log: Vec<edit::Logged>,
    /// The edits `u` took back, the last on top, for `r` to make again (see `redo_edit`).
    redo_log: Vec<edit::Logged>,
    /// Counts the moves played, taken back and replayed (not the steps through the game):
    /// in the played game an edit is `u`'s to take back while this stays as it left it.
    move_changes: u32,
    /// The file name last saved to (or typed), offered again by the next save.
    save_name: Option<String>,
    /// The line played is the main line: a move played after taking some back makes its
    /// line the main one (the moves taken back stay, as a variation). So it is in the
    /// player's own game; in a record gone through, a different move is a variation.
    played_line_is_main: bool,
    /// The moves ahead were taken back (`u`), not stepped back over (Home, `[`): a move
    /// played now replaces them as the game's line.
    taken_back: bool,
}

impl Desk {
    /// A desk of `kind` for `game`, the cursor on the general of the side to move.
    #[must_use]
    pub fn new(kind: Kind, game: Game, setup: Setup) -> Desk {
        let kind_is_play = matches!(kind, Kind::Play);
        let pos = game.position();
        let cursor = pos.general(pos.turn());
        let cursors = [pos.general(Color::Red), pos.general(Color::Black)];
        let flipped = if setup.auto_flip {
            pos.turn() == Color::Black
        } else {
            setup.flipped
        };
        let mut desk = Desk {
            kind,
            game,
            outcome: None,
            warnings: Vec::new(),
            opening: None,
            record: None,
            cursor,
            selected: None,
            flipped,
            auto_flip: setup.auto_flip,
            cursors,
            notation: setup.notation,
            style: setup.style,
            ascii: setup.ascii,
            clock: None,
            flags_here: true,
            generation: 0,
            edits: 0,
            edit_log: Vec::new(),
            redo_log: Vec::new(),
            move_changes: 0,
            save_name: None,
            played_line_is_main: kind_is_play,
            taken_back: false,
        };
        desk.refresh();
        desk
    }

    /// A desk for a game read from a file, taken whole: at the place it was left, with its
    /// tags, its clocks (stopped if the game is over) and its notation.
    #[must_use]
    pub fn from_saved(kind: Kind, saved: SavedGame, setup: Setup) -> Desk {
        let SavedGame {
            game,
            record,
            clock,
            notation,
            // Said on the message line by whoever opens it.
            clock_passed_over: _,
            cut: _,
        } = saved;
        let mut desk = Desk::new(kind, game, setup);
        desk.clock = clock;
        if let Some(n) = notation
            && !(desk.ascii && n == Notation::Chinese)
        {
            desk.notation = n;
        }
        desk.record = Some(record);
        // A record read from a file is gone through: a different move there is a variation.
        desk.played_line_is_main = false;
        desk
    }

    /// Makes this the player's own game, whose line played is its main line (a game
    /// continued from the autosave).
    pub fn own_the_line(&mut self) {
        self.played_line_is_main = true;
    }

    /// A move was just played: in the player's own game, played where moves were taken
    /// back, its line becomes the main line. (Stepped back to with Home or `[`, a different
    /// move is a variation, as the message line says.)
    fn follow_played_line(&mut self) {
        if self.played_line_is_main && self.taken_back {
            let node = self.game.current();
            self.game.promote(node);
        }
    }

    /// What this desk holds.
    #[must_use]
    pub fn kind(&self) -> &Kind {
        &self.kind
    }

    /// The puzzle on this desk, if it holds one.
    #[must_use]
    pub fn puzzle(&self) -> Option<&Session> {
        match &self.kind {
            Kind::Puzzle(s) => Some(s),
            _ => None,
        }
    }

    /// What this desk is in front of the played game: a puzzle, or else a record.
    #[must_use]
    pub fn in_front(&self) -> InFront {
        match self.kind {
            Kind::Puzzle(_) => InFront::Puzzle,
            Kind::Play | Kind::Record => InFront::Record,
        }
    }

    /// The puzzle on this desk, to change how it stands.
    pub fn puzzle_mut(&mut self) -> Option<&mut Session> {
        match &mut self.kind {
            Kind::Puzzle(s) => Some(s),
            _ => None,
        }
    }

    /// The game on the board.
    #[must_use]
    pub fn game(&self) -> &Game {
        &self.game
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

    /// The notation the move list is shown in.
    #[must_use]
    pub fn notation(&self) -> Notation {
        self.notation
    }

    /// The clocks, if the game is timed.
    #[must_use]
    pub fn clock(&self) -> Option<&Clock> {
        self.clock.as_ref().map(|(c, _)| c)
    }

    /// `mv`, played from `before`, in the notation shown (ICCS if it cannot be written, which
    /// only an illegal move would cause).
    #[must_use]
    pub fn write_move(&self, before: &Position, mv: Move) -> String {
        self.notation
            .write(before, mv, &self.style)
            .unwrap_or_else(|_| mv.to_string())
    }

    /// Counts the games this desk has held (a new game counts one more).
    #[must_use]
    pub fn generation(&self) -> u32 {
        self.generation
    }

    /// Works out again what the rules say of the game as it now stands.
    pub fn refresh(&mut self) {
        self.outcome = self.game.outcome();
        self.warnings = if self.outcome.is_some() {
            Vec::new()
        } else {
            self.game.repetition_warnings()
        };
        self.opening = opening::classify_game(self.game.start(), self.game.moves());
    }

    /// The ECCO code and name of the moves up to the position shown, if it has one.
    #[must_use]
    pub fn opening(&self) -> Option<Classification<'static>> {
        self.opening
    }

    /// Clears the selection.
    pub fn deselect(&mut self) {
        self.selected = None;
    }

    /// Turns the board around.
    pub fn flip(&mut self) {
        self.flipped = !self.flipped;
    }

    /// Black at the bottom (`true`) or red (a setting changed).
    pub fn set_flipped(&mut self, flipped: bool) {
        self.flipped = flipped;
    }

    /// Shows the game as `setup` says from now on (a setting changed): the glyphs, letters
    /// or characters, auto-flip. Chinese moves become WXF under letters, which cannot show
    /// them.
    pub fn restyle(&mut self, setup: &Setup) {
        self.style = setup.style;
        self.ascii = setup.ascii;
        self.auto_flip = setup.auto_flip;
        if setup.ascii && self.notation == Notation::Chinese {
            self.notation = Notation::Wxf;
        }
    }

    /// Puts a different game on the board (a new game, a puzzle's solution), the cursor on
    /// the general of the side to move.
    pub fn set_game(&mut self, game: Game) {
        self.game = game;
        self.edit_log.clear();
        self.redo_log.clear();
        self.generation += 1;
        self.selected = None;
        let pos = self.game.position();
        self.cursor = pos.general(pos.turn());
        self.cursors = [pos.general(Color::Red), pos.general(Color::Black)];
        if self.auto_flip {
            self.flipped = pos.turn() == Color::Black;
        }
        self.refresh();
    }

    /// Takes the place of `before` as a new game of the desk (the autosave tells the two
    /// apart by this, even when their moves look the same).
    pub fn succeed(&mut self, before: &Desk) {
        self.generation = before.generation.wrapping_add(1);
    }

    /// A new game from the start position on this desk: its clocks start afresh, its record
    /// is gone.
    pub fn new_game(&mut self) {
        self.new_game_from(Position::start());
    }

    /// A new game from `position` (set up in the editor), as [`Desk::new_game`] starts one.
    pub fn new_game_from(&mut self, position: Position) {
        self.set_game(Game::new(position));
        if let Some((clock, _)) = self.clock.take() {
            self.start_clock(clock.control());
        }
        self.record = None;
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

    /// Shows the moves in the next notation: Chinese, WXF, ICCS.
    pub fn cycle_notation(&mut self, s: &mut Screen) {
        let all = Notation::ALL;
        let at = all.iter().position(|&n| n == self.notation).unwrap_or(0);
        let mut next = all[(at + 1) % all.len()];
        if self.ascii && next == Notation::Chinese {
            // Chinese cannot be drawn in `--ascii`.
            next = all[(at + 2) % all.len()];
        }
        self.notation = next;
        s.message = Some(Message::NotationShown(next));
    }

    /// Moves the cursor one point in a screen direction.
    pub fn move_cursor(&mut self, dir: Dir) {
        let (df, dr) = dir.board_step(self.flipped);
        if let Some(sq) = self.cursor.offset(df, dr) {
            self.cursor = sq;
        }
    }

    /// Moves the cursor to `sq` (a click).
    pub fn put_cursor(&mut self, sq: Square) {
        self.cursor = sq;
    }

    /// The `sqSelected` flow: an own piece becomes the selection; anything else is a move
    /// attempt by the selected piece, which the library accepts or refuses.
    pub fn activate(&mut self, s: &mut Screen) {
        if let Some(outcome) = self.outcome {
            self.selected = None;
            s.message = Some(Message::Over(outcome));
            return;
        }
        let pos = self.game.position();
        let turn = pos.turn();
        let here = pos.piece_at(self.cursor);
        if here.is_some_and(|p| p.color == turn) {
            // The selected piece again (a second click): let go of it.
            self.selected = if self.selected == Some(self.cursor) {
                None
            } else {
                Some(self.cursor)
            };
            s.message = None;
            return;
        }
        let Some(from) = self.selected else {
            s.message = Some(match here {
                Some(_) => Message::NotYourTurn(turn),
                None => Message::SelectFirst(turn),
            });
            return;
        };
        self.play(Move::new(from, self.cursor), s);
    }

    /// Plays `mv` for the side to move (a click, a typed move, the computer): the clocks
    /// hear of it; a refusal is said.
    pub fn play(&mut self, mv: Move, s: &mut Screen) {
        let mover = self.game.position().turn();
        match self.game.play(mv) {
            Ok(()) => {
                self.follow_played_line();
                self.clock_moved(s.now.elapsed);
                self.move_changes = self.move_changes.wrapping_add(1);
                self.selected = None;
                s.message = self.game.outcome().map(Message::Over);
                self.turn_passed(mover);
            }
            Err(PlayError::Illegal(reason)) => s.message = Some(Message::Refused(reason)),
            Err(PlayError::GameOver(outcome)) => s.message = Some(Message::Over(outcome)),
        }
        self.refresh();
    }

    /// Enter on the move prompt: the library reads the text in whichever notation it is and
    /// plays it. A refusal keeps the text, to be corrected.
    pub fn play_typed(&mut self, text: &str, s: &mut Screen) {
        let mv = match xiangqi_rules::parse_move(self.game.position(), text) {
            Ok(mv) => mv,
            Err(e) => {
                s.message = Some(Message::BadMove(e));
                return;
            }
        };
        let mover = self.game.position().turn();
        match self.game.play(mv) {
            Ok(()) => {
                self.follow_played_line();
                self.clock_moved(s.now.elapsed);
                self.move_changes = self.move_changes.wrapping_add(1);
                s.mode = Mode::Play;
                self.selected = None;
                self.cursor = mv.to;
                s.message = self.game.outcome().map(Message::Over);
                self.turn_passed(mover);
            }
            Err(PlayError::Illegal(reason)) => s.message = Some(Message::Refused(reason)),
            Err(PlayError::GameOver(outcome)) => s.message = Some(Message::Over(outcome)),
        }
        self.refresh();
    }

    /// Takes back a move (or a declared result).
    pub fn undo(&mut self, s: &mut Screen) {
        self.selected = None;
        let before = self.outcome;
        let mover = self.game.position().turn();
        let now = s.now.elapsed;
        let undone = self.game.undo();
        self.taken_back = true;
        self.move_changes = self.move_changes.wrapping_add(1);
        if let Some((clock, _)) = &mut self.clock {
            clock.unstop(now);
        }
        if undone.is_none() && before.is_some_and(|o| o.termination == Termination::TimeForfeit) {
            // The flag fell on a turn with no time left: taking back the result alone would
            // let it fall again at once, so the move before it goes too.
            self.undo(s);
            s.message = before.map(Message::Withdrawn);
            return;
        }
        if let (Some(_), Some((clock, start))) = (undone, &mut self.clock)
            && self.game.moves().len() >= *start
        {
            clock.undo(now);
        }
        s.message = Some(match undone {
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
        self.refresh();
    }

    /// Replays a move taken back.
    pub fn redo(&mut self, s: &mut Screen) {
        self.selected = None;
        let mover = self.game.position().turn();
        let Some(mv) = self.game.redo() else {
            s.message = Some(Message::NothingToRedo);
            return;
        };
        self.move_changes = self.move_changes.wrapping_add(1);
        let now = s.now.elapsed;
        // A move ahead that these clocks never timed (one kept in a file written before
        // the times of moves taken back were kept with them) counts as played now.
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
        s.message = Some(match self.game.outcome() {
            Some(outcome) => Message::Over(outcome),
            None => Message::Redone(text),
        });
        self.turn_passed(mover);
        self.refresh();
    }

    /// Home, End, `[`, `]`, `<`, `>` and a click on the move list. A timed game going on is
    /// played, not gone through.
    pub fn navigate(&mut self, nav: Nav, s: &mut Screen) {
        if self.clock().is_some_and(|c| !c.stopped()) && self.game.main_line_outcome().is_none() {
            s.message = Some(Message::Review(ReviewNote::ClockRunning));
            return;
        }
        self.selected = None;
        self.taken_back = false;
        let game = &mut self.game;
        let was = game.current();
        match nav {
            Nav::Start => game.to_start(),
            Nav::End => game.to_end(),
            Nav::Back => {
                game.back();
            }
            Nav::Forward => {
                game.forward();
            }
            Nav::NextLine => {
                game.switch_line(1);
            }
            Nav::PreviousLine => {
                game.switch_line(-1);
            }
            Nav::To(node) => {
                game.go_to(node);
            }
        }
        if game.current() == was {
            s.message = Some(Message::Review(ReviewNote::NothingThere(nav)));
            return;
        }
        if let Some(mv) = game.last_move() {
            self.cursor = mv.to;
        }
        let text = self.game.last_move().map(|mv| {
            let positions = self.game.positions();
            self.write_move(&positions[positions.len() - 2], mv)
        });
        let main = self.game.tree().main_line();
        let line = self.game.moves();
        let variation = line.len() > main.len() || main[..line.len()] != *line;
        let ply = line.len();
        self.refresh();
        s.message = Some(match self.outcome {
            Some(outcome) => Message::Over(outcome),
            None => Message::Review(ReviewNote::At {
                text,
                ply,
                variation,
            }),
        });
    }

    /// A resignation or an agreed draw, as the library took it.
    pub fn declared(&mut self, result: Result<Outcome, PlayError>, s: &mut Screen) {
        s.message = match result {
            Ok(outcome) | Err(PlayError::GameOver(outcome)) => Some(Message::Over(outcome)),
            Err(PlayError::Illegal(reason)) => Some(Message::Refused(reason)),
        };
        self.refresh();
    }

    /// The side to move resigns.
    pub fn resign(&mut self, loser: Color, s: &mut Screen) {
        let result = self.game.resign(loser);
        self.declared(result, s);
    }

    /// The players agree a draw.
    pub fn agree_draw(&mut self, s: &mut Screen) {
        let result = self.game.agree_draw();
        self.declared(result, s);
    }
}

/// What, when it changes, is worth autosaving: the game generation, the moves (their
/// number and the last), the result, and the edits that are no move.
pub type GameKey = (u32, usize, Option<Move>, Option<Outcome>, u32);

impl Desk {
    /// This desk's [`GameKey`] now.
    #[must_use]
    pub fn game_key(&self) -> GameKey {
        (
            self.generation,
            self.game.moves().len(),
            self.game.last_move(),
            self.game.outcome(),
            self.edits,
        )
    }
}
