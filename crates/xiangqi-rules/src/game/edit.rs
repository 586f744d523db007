//! Editing the game's tree by hand ([`Edit`]) with the cursor kept on a move that is still
//! there, and taking an edit back.

use super::Game;
use crate::tree::{Edit, EditError, NodeId, Revert};

impl Game {
    /// Makes `edit` on the game's tree (see [`crate::GameTree::apply`]). Deleting the move
    /// the cursor is on, or one before it, takes the cursor back to the move before the one
    /// deleted; the line followed then goes on along the main continuation from there.
    ///
    /// ```
    /// use xiangqi_rules::{Edit, Game};
    /// let mut game = Game::default();
    /// for mv in ["h2e2", "h9g7", "h0g2"] {
    ///     game.play(mv.parse().unwrap()).unwrap();
    /// }
    /// let second = game.line()[2];
    /// let revert = game.edit(&Edit::Delete(second)).unwrap();
    /// assert_eq!(game.moves().len(), 1);
    /// game.revert(revert).unwrap();
    /// assert_eq!(game.main_line().len(), 3);
    /// ```
    ///
    /// # Errors
    /// Why the tree refused the edit (nothing changes then).
    pub fn edit(&mut self, edit: &Edit) -> Result<Revert, EditError> {
        let deleted = match *edit {
            Edit::Delete(node) if node != NodeId::ROOT && self.tree.contains(node) => Some(node),
            _ => None,
        };
        let on_line = deleted.and_then(|node| self.line.iter().position(|&n| n == node));
        if let Some(at) = on_line
            && at <= self.moves.len()
        {
            // `at` > 0: the root is never deleted.
            self.go_to(self.line[at - 1]);
        }
        let revert = self.tree.apply(edit)?;
        if let Some(at) = on_line {
            self.line.truncate(at);
            let last = self.line[at - 1];
            self.line.extend(self.tree.line_after(last));
        }
        let tree = &self.tree;
        self.stashed.retain(|(n, _)| tree.contains(*n));
        Ok(revert)
    }

    /// Takes back the edit `revert` came from (see [`crate::GameTree::revert`]); returns the
    /// move it was made on. The cursor stays where it is.
    ///
    /// # Errors
    /// [`EditError::Stale`] if the tree changed since the edit.
    pub fn revert(&mut self, revert: Revert) -> Result<NodeId, EditError> {
        self.tree.revert(revert)
    }
}

#[cfg(test)]
mod tests {
    use crate::{Edit, Game, NodeId};

    fn game_of(moves: &[&str]) -> Game {
        let mut game = Game::default();
        for m in moves {
            game.play(m.parse().unwrap_or_default())
                .unwrap_or_else(|e| panic!("{m}: {e}"));
        }
        game
    }

    #[test]
    fn deleting_the_move_shown_goes_back_to_the_one_before() {
        let mut game = game_of(&["h2e2", "h9g7", "h0g2", "b9c7"]);
        game.go_to(game.line()[3]);
        let third = game.current();
        let revert = game.edit(&Edit::Delete(game.line()[2])).expect("a move");
        assert_eq!(game.moves().len(), 1);
        assert_eq!(game.current(), game.line()[1]);
        assert_eq!(game.line().len(), 2, "nothing ahead any more");
        assert!(!game.can_redo());
        assert_eq!(game.position(), &game.tree().position_at(game.current()));
        game.revert(revert).expect("fits");
        assert_eq!(game.main_line().len(), 4);
        assert!(game.go_to(third));
        assert_eq!(game.moves().len(), 3);
    }

    #[test]
    fn deleting_a_move_ahead_keeps_the_cursor_and_cuts_the_line() {
        let mut game = game_of(&["h2e2", "h9g7", "h0g2", "b9c7"]);
        game.go_to(game.line()[1]);
        game.edit(&Edit::Delete(game.line()[3])).expect("a move");
        assert_eq!(game.moves().len(), 1);
        assert_eq!(game.line().len(), 3);
        game.to_end();
        assert_eq!(game.moves().len(), 2);
    }

    #[test]
    fn deleting_the_main_line_ahead_follows_the_variation_left() {
        let mut game = game_of(&["h2e2", "h9g7"]);
        game.to_start();
        game.play("b0c2".parse().unwrap_or_default())
            .expect("legal");
        game.to_start();
        let first = game.tree().main_child(NodeId::ROOT).expect("a move");
        game.edit(&Edit::Delete(first)).expect("a move");
        game.to_end();
        let moves: Vec<String> = game.moves().iter().map(ToString::to_string).collect();
        assert_eq!(moves, ["b0c2"]);
    }

    #[test]
    fn a_refused_edit_leaves_the_cursor() {
        let mut game = game_of(&["h2e2", "h9g7"]);
        let at = game.current();
        assert!(game.edit(&Edit::Delete(NodeId::ROOT)).is_err());
        assert!(game.edit(&Edit::Promote(at)).is_err());
        assert_eq!(game.current(), at);
        assert_eq!(game.moves().len(), 2);
    }
}
