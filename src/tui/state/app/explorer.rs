//! The explorer of the masters' moves (`e`): the rows are the library's
//! [`explore`](xiangqi_records::opening::explore()) of the position on the board, read again on each
//! key, so the state holds only the row chosen; Enter plays the row's move as a move made
//! on the board would be played.

use super::{App, Message, Mode};
use crate::tui::state::action::ExploreKey;
use xiangqi_records::opening::explore;

impl App {
    /// `e`: opens the explorer on the position of the desk in front.
    pub(super) fn open_explorer(&mut self) {
        if self.screen.mode != Mode::Play {
            return;
        }
        self.front().0.deselect();
        self.screen.mode = Mode::Explorer { row: 0 };
    }

    /// A key in the explorer.
    pub(super) fn explore(&mut self, key: ExploreKey) {
        let Mode::Explorer { row } = self.screen.mode else {
            return;
        };
        let rows = explore(self.game().position());
        let last = rows.len().saturating_sub(1);
        match key {
            ExploreKey::Step(by) => {
                let row = row.saturating_add_signed(by).min(last);
                self.screen.mode = Mode::Explorer { row };
            }
            ExploreKey::To(row) => self.screen.mode = Mode::Explorer { row: row.min(last) },
            ExploreKey::Close => self.screen.mode = Mode::Play,
            ExploreKey::Play => {
                let Some(chosen) = rows.get(row.min(last)) else {
                    return;
                };
                self.screen.mode = Mode::Play;
                // As a move made on the board: refused while the computer is to move, a
                // game over says so, the desk plays it (rules, clocks, variations).
                if self.computer_to_move() {
                    return;
                }
                let (desk, screen) = self.front();
                if let Some(outcome) = desk.outcome() {
                    screen.message = Some(Message::Over(outcome));
                    return;
                }
                desk.put_cursor(chosen.mv.to);
                desk.play(chosen.mv, screen);
            }
        }
    }

    /// The row chosen in the explorer, while it is open.
    #[must_use]
    pub fn explorer_row(&self) -> Option<usize> {
        match self.screen.mode {
            Mode::Explorer { row } => Some(row),
            _ => None,
        }
    }
}
