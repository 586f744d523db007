//! What every desk shares of the screen while it handles an action: the mode, the message
//! line, the prompt's text, the time, and the effects asked of the loop.

use crate::tui::state::action::Now;
use crate::tui::state::edit::LineEdit;
use crate::tui::state::effect::Effect;
use crate::tui::state::message::{Message, Mode, Prompt, Question};
use xiangqi::Outcome;

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
    /// The message line still holds what the start said (a configuration not used, where
    /// the game is kept, the game opened …): until the player acts, what the start's
    /// reports say is added to it (see [`Action::reports_the_start`]), not put over it.
    ///
    /// [`Action::reports_the_start`]: crate::tui::state::action::Action::reports_the_start
    pub opening: bool,
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
            opening: true,
        }
    }

    /// Adds `said` to what the message line says (see [`joined`]).
    pub fn say_too(&mut self, said: Option<Message>) {
        self.message = joined(self.message.take(), said);
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

/// `before` and `after` said together, each once, `before` first: [`Message::Notices`] when
/// both say something different, else the one that says something.
#[must_use]
pub fn joined(before: Option<Message>, after: Option<Message>) -> Option<Message> {
    let parts = |m: Message| match m {
        Message::Notices(all) => all,
        one => vec![one],
    };
    let (before, after) = match (before, after) {
        (Some(before), Some(after)) => (before, after),
        (before, after) => return before.or(after),
    };
    let mut all = parts(before);
    for part in parts(after) {
        if !all.contains(&part) {
            all.push(part);
        }
    }
    match <[Message; 1]>::try_from(all) {
        Ok([one]) => Some(one),
        Err(all) => Some(Message::Notices(all)),
    }
}

#[cfg(test)]
mod tests {
    use super::{Message, joined};

    #[test]
    fn things_said_together_are_each_said_once_in_the_order_said() {
        let (a, b, c) = (
            Message::Notice("a".into()),
            Message::Notice("b".into()),
            Message::NoClock,
        );
        assert_eq!(joined(None, Some(a.clone())), Some(a.clone()));
        assert_eq!(joined(Some(a.clone()), None), Some(a.clone()));
        assert_eq!(joined(Some(a.clone()), Some(a.clone())), Some(a.clone()));
        let ab = joined(Some(a.clone()), Some(b.clone()));
        assert_eq!(ab, Some(Message::Notices(vec![a.clone(), b.clone()])));
        let abc = joined(
            ab.clone(),
            Some(Message::Notices(vec![b.clone(), c.clone()])),
        );
        assert_eq!(abc, Some(Message::Notices(vec![a, b, c])));
    }
}
