//! What every desk shares of the screen while it handles an action: the mode, the message
//! line, the prompt's text, the time, and the effects asked of the loop.

use crate::tui::state::action::Now;
use crate::tui::state::edit::LineEdit;
use crate::tui::state::effect::Effect;
use crate::tui::state::message::{Message, Mode, Prompt, Question};
use xiangqi_rules::Outcome;

/// The screen's shared part, owned by the router and lent to the desk in front.
#[derive(Clone, Debug)]
pub struct Screen {
    /// What the screen is waiting for.
    pub mode: Mode,
    /// What the message line says, if anything.
    pub message: Option<Message>,
    /// The open prompt's text.
    pub prompt: LineEdit,
    /// The time of the last tick.
    pub now: Now,
    /// What the action being handled asks the loop to do.
    pub effects: Vec<Effect>,
}

impl Screen {
    /// A screen waiting for moves, saying `message`.
    #[must_use]
    pub fn new(message: Option<Message>) -> Screen {
        Screen {
            mode: Mode::Play,
            message,
            prompt: LineEdit::default(),
            now: Now::default(),
            effects: Vec::new(),
        }
    }

    /// Opens `prompt` with `text` in it.
    pub fn open_prompt(&mut self, prompt: Prompt, text: &str) {
        self.prompt = LineEdit::new(text);
        self.mode = Mode::Prompt(prompt);
        self.message = None;
    }

    /// Asks `question` on the message line.
    pub fn ask(&mut self, question: Question) {
        self.mode = Mode::Confirm(question);
        self.message = None;
    }

    /// Shows the open window that scrolls (the comment's, the keys') from its line `top`.
    pub fn scroll_window(&mut self, top: usize) {
        match self.mode {
            Mode::Comment { .. } => self.mode = Mode::Comment { top },
            Mode::Help { .. } => self.mode = Mode::Help { top },
            _ => {}
        }
    }

    /// Back to moves, the message line saying how the game stands (its result, if over).
    pub fn close(&mut self, outcome: Option<Outcome>) {
        self.mode = Mode::Play;
        self.message = outcome.map(Message::Over);
    }
}
