//! Editing the desk's record by hand: the library makes each [`Edit`] on the game's tree;
//! the desk keeps what takes it back, so that `u` undoes the last edit while it is the last
//! change to the tree (after a move is added, `u` takes moves back as before).

use super::{Desk, Kind};
use crate::tui::state::message::{Message, ReviewNote};
use crate::tui::state::record::RecordNote;
use crate::tui::state::screen::Screen;
use xiangqi::{Edit, EditError, EditKind, NodeId, mark_of, nag_symbol};

impl Desk {
    /// The move the keys that edit act on — the current one — or why there is none (the
    /// start, a puzzle), said on the message line.
    pub fn edited_move(&self, s: &mut Screen) -> Option<NodeId> {
        let note = if matches!(self.kind, Kind::Puzzle(_)) {
            RecordNote::NotHere
        } else if self.game.current() == NodeId::ROOT {
            RecordNote::NoMove
        } else {
            return Some(self.game.current());
        };
        s.message = Some(Message::Record(note));
        None
    }

    /// Is a timed game going on? Its lines are played, not reshaped (as they are not gone
    /// through): a promotion or a deletion waits until its clocks stop.
    #[must_use]
    pub fn lines_fixed(&self) -> bool {
        self.clock().is_some_and(|c| !c.stopped()) && self.game.main_line_outcome().is_none()
    }

    /// Is `node` on the main line?
    #[must_use]
    pub fn on_main_line(&self, node: NodeId) -> bool {
        let tree = self.game.tree();
        tree.path(node)
            .windows(2)
            .all(|w| tree.main_child(w[0]) == Some(w[1]))
    }

    /// Makes `edit` on the record and says what came of it.
    pub fn edit_record(&mut self, edit: &Edit, s: &mut Screen) {
        if matches!(edit, Edit::Promote(_) | Edit::Delete(_)) && self.lines_fixed() {
            s.message = Some(Message::Review(ReviewNote::ClockRunning));
            return;
        }
        self.selected = None;
        match self.game.edit(edit) {
            Ok(revert) => {
                let note = match revert.kind() {
                    EditKind::Comment if self.game.tree().comment(revert.node()).is_some() => {
                        RecordNote::Commented
                    }
                    EditKind::Comment => RecordNote::CommentRemoved,
                    EditKind::Mark => RecordNote::Marked(
                        mark_of(self.game.tree().nags(revert.node())).and_then(nag_symbol),
                    ),
                    EditKind::Promote => RecordNote::Promoted,
                    EditKind::Delete => RecordNote::Deleted(revert.deleted()),
                };
                s.message = Some(Message::Record(note));
                let revision = self.game.tree().revision();
                self.edit_log.push((revert, revision, self.game.current()));
                self.edited();
            }
            Err(EditError::AlreadyMain) => {
                s.message = Some(Message::Record(RecordNote::AlreadyMain));
            }
            Err(EditError::NoMove | EditError::Stale) => {
                s.message = Some(Message::Record(RecordNote::Gone));
            }
        }
    }

    /// Is the last edit still the last change, so that `u` takes it back? In a record, while
    /// the tree is as the edit left it (going through it changes nothing); in the played
    /// game, only while the position is too: a move played since, even one the tree had,
    /// is what `u` takes back.
    #[must_use]
    pub fn edit_to_undo(&self) -> bool {
        self.edit_log.last().is_some_and(|(_, after, at)| {
            *after == self.game.tree().revision()
                && (!matches!(self.kind, Kind::Play) || *at == self.game.current())
        })
    }

    /// `u` after an edit: takes the last edit back and goes to the move it was made on (when
    /// the game may be gone through). False, with nothing done, if the tree changed since
    /// (a move was added): then `u` takes back moves, and the edits before that move can no
    /// longer be taken back.
    pub fn undo_edit(&mut self, s: &mut Screen) -> bool {
        if !self.edit_to_undo() {
            self.edit_log.clear();
            return false;
        }
        let Some((revert, ..)) = self.edit_log.pop() else {
            return false;
        };
        let kind = revert.kind();
        let Ok(node) = self.game.revert(revert) else {
            return false;
        };
        self.selected = None;
        if !self.lines_fixed() {
            self.game.go_to(node);
        }
        self.edited();
        s.message = Some(Message::Record(RecordNote::Undone(kind)));
        true
    }

    /// After an edit or its undo: the cursor on the last move's point, the rules' verdict
    /// again, and one more edit for the autosave to notice.
    fn edited(&mut self) {
        if let Some(mv) = self.game.last_move() {
            self.cursor = mv.to;
        }
        self.edits = self.edits.wrapping_add(1);
        self.refresh();
    }
}
