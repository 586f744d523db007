//! Writing an annotation into the desk's game: the evaluations, the glyphs and the better
//! lines go into its tree, the place shown stays.

use super::Desk;
use crate::tui::state::computer::annotation::LINE_PLIES;
use xiangqi_engine::analysis::{Analysed, annotate_tree};
use xiangqi_rules::{Game, Termination};

impl Desk {
    /// Writes `analysed` (the main line's moves, judged) into the game's tree, keeping the
    /// line followed, the move shown and a result declared there; counts as an edit.
    pub fn annotate(&mut self, analysed: &[Analysed]) {
        let mut tree = self.game.tree().clone();
        annotate_tree(&mut tree, analysed, LINE_PLIES);
        let here = self.game.current();
        let last = self.game.line().last().copied();
        let declared = self.game.outcome().filter(|o| {
            matches!(
                o.termination,
                Termination::Resignation | Termination::Agreement | Termination::TimeForfeit
            )
        });
        // Node ids survive the copy: the lines added get new ones.
        let mut game = Game::from_tree(tree);
        if let Some(last) = last {
            game.go_to(last);
        }
        game.go_to(here);
        if let Some(outcome) = declared {
            let _ = match (outcome.termination, outcome.winner) {
                (Termination::Agreement, _) | (_, None) => game.agree_draw(),
                (Termination::TimeForfeit, Some(w)) => game.time_forfeit(w.other()),
                (_, Some(w)) => game.resign(w.other()),
            };
        }
        self.game = game;
        self.edits = self.edits.wrapping_add(1);
        self.refresh();
    }
}
