//! The Jieqi screen's state: the dealer's game, the cursor, the selection, a typed move and
//! the line the screen says; [`JieqiScreen::update`] is pure and hands back what the loop
//! must do outside it.

use crate::tui::i18n::catalogue::{Id, id, tr, tr_args};
use crate::tui::i18n::lang::Lang;
use crate::tui::look::pieces::PieceGlyphs;
use crate::tui::look::theme::Theme;
use crate::tui::view::words::strings::outcome_in;
use xiangqi_engine::Level;
use xiangqi_records::jieqi::write_jieqi_pgn;
use xiangqi_rules::jieqi::{
    DealRng, JieqiGame, JieqiMove, JieqiPosition, parse_jieqi_move, write_jieqi_move,
};
use xiangqi_rules::{Color, Move, Notation, NotationStyle, Square};

/// What a key, a click or the engine asks of the screen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum JieqiAction {
    /// Moves the cursor by files and ranks as the screen shows them (right, down).
    Step(i8, i8),
    /// Picks up the piece under the cursor, or moves the one picked up there.
    Choose,
    /// A click on a point.
    Click(Square),
    /// Opens the line a move is typed on.
    StartTyping,
    /// A character typed on that line.
    Type(char),
    /// Removes the last character typed.
    Erase,
    /// Plays the move typed.
    Submit,
    /// Closes the typing line, or drops the piece picked up.
    Cancel,
    /// Takes back the last move (against the computer, back to the player's turn).
    Undo,
    /// Plays again a move taken back.
    Redo,
    /// The computer takes the side to move.
    Computer,
    /// Writes the game to a PGN file.
    Save,
    /// Turns the board round.
    Flip,
    /// The side to move resigns (asked twice, so that a stray key does not end the game).
    Resign,
    /// A new deal, once the game has ended.
    NewDeal,
    /// Leaves the game.
    Quit,
    /// The engine's move for the search `request` asked for.
    EngineMove {
        /// The number of the search ([`JieqiEffect::Think`]'s).
        request: u64,
        /// The move it chose (none: it found no move).
        mv: Option<Move>,
    },
    /// How saving went.
    Saved(SaveReport),
}

/// How writing the game went, as the screen says it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SaveReport {
    /// Written to this file (its name as shown).
    Written(String),
    /// Not written, for this reason.
    Failed(String),
}

/// What the loop does for the screen.
#[derive(Clone, Debug, PartialEq)]
pub enum JieqiEffect {
    /// Writes the public record (never the deal) where an unfinished game is kept.
    Autosave(String),
    /// Writes the record to a new file.
    Save(String),
    /// Asks the engine for a move in `pos` (the public position only).
    Think {
        /// The position as both players see it (boxed: it is large beside the others).
        pos: Box<JieqiPosition>,
        /// The keys of the positions before it, for repetition.
        history: Vec<u64>,
        /// How strong.
        level: Level,
        /// The engine's seed.
        seed: u64,
        /// The search's number, which its answer carries back.
        request: u64,
    },
    /// Leaves the screen.
    Quit,
}

/// How the screen is drawn, fixed for the game.
#[derive(Copy, Clone, Debug)]
pub struct JieqiLook {
    /// The players' language.
    pub lang: Lang,
    /// Letters for pieces and ASCII lines.
    pub ascii: bool,
    /// The pieces' characters.
    pub glyphs: PieceGlyphs,
    /// The colours.
    pub theme: Theme,
}

impl JieqiLook {
    /// The look `options` ask for: language, letters or glyphs, colours.
    #[must_use]
    pub fn of(options: &crate::tui::state::app::Options) -> JieqiLook {
        JieqiLook {
            lang: options.lang,
            ascii: options.ascii,
            glyphs: options.glyphs,
            theme: Theme::new(options.theme, options.color, options.truecolor),
        }
    }
}

/// The Jieqi screen.
#[derive(Clone, Debug)]
pub struct JieqiScreen {
    game: JieqiGame,
    look: JieqiLook,
    cursor: Square,
    selected: Option<Square>,
    typed: Option<String>,
    message: Option<String>,
    flipped: bool,
    computer: Option<Color>,
    level: Level,
    thinking: bool,
    /// How many searches have been asked for: the number of the latest.
    requests: u64,
    /// The side to move has pressed resign once.
    resign_asked: bool,
    /// How many games were dealt after the first (each deal's seed differs).
    deals: u64,
    seed: u64,
}

impl JieqiScreen {
    /// A screen for `game`; the computer plays `computer` at `level`; `seed` varies its play.
    #[must_use]
    pub fn new(
        game: JieqiGame,
        look: JieqiLook,
        computer: Option<Color>,
        level: Level,
        seed: u64,
    ) -> JieqiScreen {
        let cursor = game.position().general(Color::Red);
        JieqiScreen {
            game,
            look,
            cursor,
            selected: None,
            typed: None,
            message: None,
            flipped: computer == Some(Color::Red),
            computer,
            level,
            thinking: false,
            requests: 0,
            resign_asked: false,
            deals: 0,
            seed,
        }
    }

    /// The screen with black at the bottom.
    #[must_use]
    pub fn flipped_over(mut self) -> JieqiScreen {
        self.flipped = !self.flipped;
        self
    }

    /// The screen saying `message` when it opens.
    #[must_use]
    pub fn with_message(mut self, message: String) -> JieqiScreen {
        self.message = Some(message);
        self
    }

    /// The effects a screen opening on its game needs: the computer's first move, if its turn.
    pub fn opening(&mut self) -> Vec<JieqiEffect> {
        let mut effects = Vec::new();
        self.think_if_due(&mut effects);
        effects
    }

    /// The game as the dealer keeps it (the screen draws only its public position).
    #[must_use]
    pub fn game(&self) -> &JieqiGame {
        &self.game
    }

    /// How the screen is drawn.
    #[must_use]
    pub fn look(&self) -> &JieqiLook {
        &self.look
    }

    /// The point under the cursor.
    #[must_use]
    pub fn cursor(&self) -> Square {
        self.cursor
    }

    /// The point whose piece is picked up.
    #[must_use]
    pub fn selected(&self) -> Option<Square> {
        self.selected
    }

    /// The move being typed, if the line is open.
    #[must_use]
    pub fn typed(&self) -> Option<&str> {
        self.typed.as_deref()
    }

    /// What the screen says now.
    #[must_use]
    pub fn message(&self) -> Option<&str> {
        self.message.as_deref()
    }

    /// Black at the bottom.
    #[must_use]
    pub fn flipped(&self) -> bool {
        self.flipped
    }

    /// The side the computer plays.
    #[must_use]
    pub fn computer(&self) -> Option<Color> {
        self.computer
    }

    /// The computer is choosing a move.
    #[must_use]
    pub fn thinking(&self) -> bool {
        self.thinking
    }

    /// The moves played, in Chinese notation with each reveal (`车九进一=兵`).
    #[must_use]
    pub fn move_texts(&self) -> Vec<String> {
        move_texts(&self.look, self.game.positions(), self.game.moves())
    }

    /// The game as PGN, with the Variant tag and every reveal: what is saved and autosaved.
    #[must_use]
    pub fn pgn(&self) -> String {
        write_jieqi_pgn(&self.game, &[], Notation::Iccs)
    }

    /// Handles one action; what the loop must do comes back.
    pub fn update(&mut self, action: JieqiAction) -> Vec<JieqiEffect> {
        let mut effects = Vec::new();
        if !matches!(
            action,
            JieqiAction::EngineMove { .. } | JieqiAction::Saved(_)
        ) {
            self.message = None;
            self.resign_asked &= action == JieqiAction::Resign;
        }
        match action {
            JieqiAction::Step(dx, dy) => self.step(dx, dy),
            JieqiAction::Choose => self.choose(self.cursor, &mut effects),
            JieqiAction::Click(sq) => {
                self.cursor = sq;
                self.choose(sq, &mut effects);
            }
            JieqiAction::StartTyping => self.typed = Some(String::new()),
            JieqiAction::Type(c) => {
                if let Some(t) = &mut self.typed
                    && t.chars().count() < 16
                {
                    t.push(c);
                }
            }
            JieqiAction::Erase => {
                if let Some(t) = &mut self.typed {
                    t.pop();
                }
            }
            JieqiAction::Submit => self.submit(&mut effects),
            JieqiAction::Cancel => {
                self.typed = None;
                self.selected = None;
            }
            JieqiAction::Undo => self.undo(&mut effects),
            JieqiAction::Redo => self.redo(&mut effects),
            JieqiAction::Computer => {
                if self.game.outcome().is_none() {
                    self.computer = Some(self.game.position().turn());
                    self.think_if_due(&mut effects);
                }
            }
            JieqiAction::Save => effects.push(JieqiEffect::Save(self.pgn())),
            JieqiAction::Flip => self.flipped = !self.flipped,
            JieqiAction::Resign => self.resign(&mut effects),
            JieqiAction::NewDeal => self.new_deal(&mut effects),
            JieqiAction::Quit => effects.push(JieqiEffect::Quit),
            JieqiAction::EngineMove { request, mv } => {
                self.engine_move(request, mv, &mut effects);
            }
            JieqiAction::Saved(SaveReport::Written(name)) => {
                self.message = Some(tr_args(
                    self.look.lang,
                    id::JIEQI_SAVED,
                    &[("path", name.into())],
                ));
            }
            JieqiAction::Saved(SaveReport::Failed(why)) => {
                self.message = Some(tr_args(
                    self.look.lang,
                    id::JIEQI_SAVE_FAILED,
                    &[("why", why.into())],
                ));
            }
        }
        effects
    }

    fn say(&mut self, message: Id) {
        self.message = Some(tr(self.look.lang, message));
    }

    fn step(&mut self, dx: i8, dy: i8) {
        self.cursor = stepped(self.cursor, self.flipped, dx, dy);
    }

    /// The players may move now: the game goes on and it is not the computer's turn.
    fn players_turn(&self) -> bool {
        self.game.outcome().is_none() && self.computer != Some(self.game.position().turn())
    }

    fn choose(&mut self, sq: Square, effects: &mut Vec<JieqiEffect>) {
        if !self.players_turn() {
            self.say(id::JIEQI_NOT_YOUR_TURN);
            return;
        }
        let pos = self.game.position();
        let own = pos.piece_at(sq).is_some_and(|p| p.color() == pos.turn());
        match self.selected {
            Some(from) if from == sq => self.selected = None,
            _ if own => self.selected = Some(sq),
            Some(from) => self.play(Move::new(from, sq), effects),
            None => {}
        }
    }

    fn submit(&mut self, effects: &mut Vec<JieqiEffect>) {
        let Some(text) = self.typed.take() else {
            return;
        };
        if !self.players_turn() {
            self.say(id::JIEQI_NOT_YOUR_TURN);
            return;
        }
        match parse_jieqi_move(self.game.position(), text.trim()) {
            // What lies under a cover is dealt, not chosen: a typed reveal is refused.
            Ok(m) if m.reveal.is_some() => self.say(id::JIEQI_REVEAL_IS_DEALT),
            Ok(m) => self.play(m.mv, effects),
            Err(e) => {
                self.message = Some(tr_args(
                    self.look.lang,
                    id::JIEQI_BAD_MOVE,
                    &[("move", text.into()), ("why", e.to_string().into())],
                ));
            }
        }
    }

    /// Plays `mv` if the rules allow it (the game, not the screen, decides).
    fn play(&mut self, mv: Move, effects: &mut Vec<JieqiEffect>) {
        self.selected = None;
        match self.game.play(mv) {
            Ok(_) => self.after_move(effects),
            Err(e) => {
                self.message = Some(tr_args(
                    self.look.lang,
                    id::JIEQI_ILLEGAL,
                    &[
                        ("move", mv.to_string().into()),
                        ("why", e.to_string().into()),
                    ],
                ));
            }
        }
    }

    fn after_move(&mut self, effects: &mut Vec<JieqiEffect>) {
        effects.push(JieqiEffect::Autosave(self.pgn()));
        if let Some(o) = self.game.outcome() {
            self.message = Some(outcome_in(self.look.lang, o, self.game.position().turn()));
            return;
        }
        self.think_if_due(effects);
    }

    fn think_if_due(&mut self, effects: &mut Vec<JieqiEffect>) {
        if self.thinking
            || self.game.outcome().is_some()
            || self.computer != Some(self.game.position().turn())
        {
            return;
        }
        self.thinking = true;
        let positions = self.game.positions();
        let history = positions[..positions.len() - 1]
            .iter()
            .map(JieqiPosition::key)
            .collect();
        let ply = self.game.moves().len();
        self.requests += 1;
        effects.push(JieqiEffect::Think {
            pos: Box::new(self.game.position().clone()),
            history,
            level: self.level,
            seed: self.seed.wrapping_add(ply as u64),
            request: self.requests,
        });
    }

    fn engine_move(&mut self, request: u64, mv: Option<Move>, effects: &mut Vec<JieqiEffect>) {
        // An answer to a search since given up (a move taken back) is dropped.
        if !self.thinking || request != self.requests {
            return;
        }
        self.thinking = false;
        match mv {
            Some(mv) if self.computer == Some(self.game.position().turn()) => {
                self.play(mv, effects);
            }
            Some(_) => {}
            None => self.say(id::JIEQI_ENGINE_NO_MOVE),
        }
    }

    fn undo(&mut self, effects: &mut Vec<JieqiEffect>) {
        self.selected = None;
        self.thinking = false;
        if self.game.undo().is_none() {
            self.say(id::JIEQI_NOTHING_TO_UNDO);
            return;
        }
        // Against the computer, back to a position where the player is to move.
        if self.computer == Some(self.game.position().turn()) {
            self.game.undo();
        }
        if self.computer == Some(self.game.position().turn()) {
            self.computer = None;
        }
        effects.push(JieqiEffect::Autosave(self.pgn()));
    }

    fn redo(&mut self, effects: &mut Vec<JieqiEffect>) {
        self.selected = None;
        if self.thinking || self.game.redo().is_none() {
            self.say(id::JIEQI_NOTHING_TO_REDO);
            return;
        }
        if self.computer == Some(self.game.position().turn()) && self.game.can_redo() {
            self.game.redo();
        }
        self.after_move(effects);
    }

    fn resign(&mut self, effects: &mut Vec<JieqiEffect>) {
        if !self.players_turn() {
            self.say(id::JIEQI_NOT_YOUR_TURN);
            return;
        }
        if !self.resign_asked {
            self.resign_asked = true;
            self.say(id::JIEQI_RESIGN_AGAIN);
            return;
        }
        self.resign_asked = false;
        let side = self.game.position().turn();
        if self.game.resign(side).is_ok() {
            self.after_move(effects);
        }
    }

    /// Deals a new game over an ended one (an unfinished one is never dropped this way).
    fn new_deal(&mut self, effects: &mut Vec<JieqiEffect>) {
        if self.game.outcome().is_none() {
            self.say(id::JIEQI_NEW_AFTER_END);
            return;
        }
        self.deals += 1;
        // The screen's seed came from the operating system; each deal draws on it afresh.
        let mut rng = DealRng::new(self.seed ^ self.deals.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        self.game = JieqiGame::dealt(rng.next_u64());
        self.selected = None;
        self.typed = None;
        self.thinking = false;
        self.cursor = self.game.position().general(Color::Red);
        effects.push(JieqiEffect::Autosave(self.pgn()));
        self.think_if_due(effects);
    }
}

/// `moves` played from the first of `positions` (each move from the position before it), in
/// Chinese notation with each reveal (`车九进一=兵`), or WXF in `--ascii`.
#[must_use]
pub fn move_texts(
    look: &JieqiLook,
    positions: &[JieqiPosition],
    moves: &[JieqiMove],
) -> Vec<String> {
    let style = NotationStyle {
        glyphs: look.glyphs.notation(),
        ..NotationStyle::default()
    };
    let notation = if look.ascii {
        Notation::Wxf
    } else {
        Notation::Chinese
    };
    moves
        .iter()
        .zip(positions)
        .map(|(&m, pos)| {
            write_jieqi_move(pos, m, notation, &style).unwrap_or_else(|_| m.to_string())
        })
        .collect()
}

/// The point `dx` files right and `dy` ranks down of `cursor` as the screen shows the
/// board (black at the bottom when `flipped`); `cursor` itself at the board's edge.
#[must_use]
pub fn stepped(cursor: Square, flipped: bool, dx: i8, dy: i8) -> Square {
    let (dx, dy) = if flipped { (-dx, dy) } else { (dx, -dy) };
    let file = i16::from(cursor.file().index()) + i16::from(dx);
    let rank = i16::from(cursor.rank().index()) + i16::from(dy);
    match (u8::try_from(file), u8::try_from(rank)) {
        (Ok(f), Ok(r)) => Square::from_coords(f, r).unwrap_or(cursor),
        _ => cursor,
    }
}
