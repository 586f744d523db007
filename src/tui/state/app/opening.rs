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
        let passed_over = saved.clock_passed_over.is_some();
        let (mut app, opened) = App::opened(saved, options);
        app.own_game = true;
        app.play.own_the_line();
        let said = if app.play.outcome().is_none() && !passed_over {
            let game = app.play.game();
            let moves = review::rounds(game.moves().len(), game.start().turn());
            Some(Message::Resumed(moves))
        } else {
            opened
        };
        app.screen.say_too(said);
        app
    }

    /// The screen of [`App::loaded`], saying what the start said (a configuration not used,
    /// where the game is kept), and what it says of the game opened, to be said after that.
    fn opened(mut saved: SavedGame, options: Options) -> (App, Option<Message>) {
        let passed_over = saved.clock_passed_over.take();
        let cut = std::mem::take(&mut saved.cut);
        let has_moves = !saved.record.moves.is_empty();
        let result = saved.record.result;
        let mut app = App::new(Game::new(Position::start()), options);
        app.play = Desk::from_saved(Kind::Play, saved, app.setup);
        app.own_game = false;
        app.play.stop_clock_if_over(Duration::ZERO);
        let opened = match app.play.outcome() {
            None if has_moves => {
                let moves = review::recorded_rounds(app.play.game());
                Some(Message::Loaded(moves, result))
            }
            outcome => outcome.map(Message::Over),
        };
        (app, review::said_on_opening(passed_over, cut, opened))
    }
}
