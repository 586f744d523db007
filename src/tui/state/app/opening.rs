//! A screen opened on a game read from a file or from the autosave, saying what it opened
//! after what the start said (a configuration not used, where the game is kept).

use super::{App, Options, review};
use crate::tui::state::desk::{Desk, Kind};
use crate::tui::state::prompt::message::Message;
use crate::tui::store::saved::SavedGame;
use std::time::Duration;
use xiangqi_rules::{Game, Position};

impl App {
    /// A screen for a game read from a file, taken whole (at the place it was left, with its
    /// tags, clocks and notation), as the game to play on. The lines its reader cut, and a
    /// clock the file tells of but that was passed over, are said first.
    #[must_use]
    pub fn loaded(saved: SavedGame, options: Options) -> App {
        let (mut app, opened) = App::opened(saved, options);
        app.screen.say_too(opened);
        app
    }

    /// A game continued from the autosave: as [`App::loaded`], saying so.
    #[must_use]
    pub fn resumed(saved: SavedGame, options: Options) -> App {
        let mut app = App::new(Game::new(Position::start()), options);
        app.continue_saved(saved);
        app
    }

    /// Puts the game `saved` from the autosave on the played desk, as the player's own, and
    /// says so (after what the start said).
    pub(super) fn continue_saved(&mut self, saved: SavedGame) {
        let passed_over = saved.clock_passed_over.is_some();
        let opened = self.put_saved(saved);
        self.own_game = true;
        self.play.own_the_line();
        let said = if self.play.outcome().is_none() && !passed_over {
            let game = self.play.game();
            let moves = review::rounds(game.moves().len(), game.start().turn());
            Some(Message::Resumed(moves))
        } else {
            opened
        };
        self.screen.say_too(said);
    }

    /// The screen of [`App::loaded`], saying what the start said (a configuration not used,
    /// where the game is kept), and what it says of the game opened, to be said after that.
    fn opened(saved: SavedGame, options: Options) -> (App, Option<Message>) {
        let mut app = App::new(Game::new(Position::start()), options);
        let opened = app.put_saved(saved);
        (app, opened)
    }

    /// Puts `saved` on the played desk (not the player's own until played on, nothing in
    /// front of it); what is to be said of the game opened.
    fn put_saved(&mut self, mut saved: SavedGame) -> Option<Message> {
        let passed_over = saved.clock_passed_over.take();
        let cut = std::mem::take(&mut saved.cut);
        let has_moves = !saved.record.moves.is_empty();
        let result = saved.record.result;
        self.viewed = None;
        self.play = Desk::from_saved(Kind::Play, saved, self.setup);
        self.own_game = false;
        self.play.stop_clock_if_over(Duration::ZERO);
        let opened = match self.play.outcome() {
            None if has_moves => {
                let moves = review::recorded_rounds(self.play.game());
                Some(Message::Loaded(moves, result))
            }
            outcome => outcome.map(Message::Over),
        };
        review::said_on_opening(passed_over, cut, opened)
    }
}
