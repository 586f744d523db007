//! Editing the desk's record by hand: the library makes each [`Edit`] on the game's tree;
//! the desk keeps what takes it back, so that `u` undoes the last edit while it is the last
//! change (going through the game is none; in the played game a move played or taken back
//! is one, and then `u` takes moves back as before), and what `u` took back, so that `r`
//! makes it again while nothing changed since.

use super::{Desk, Kind};
use crate::tui::state::prompt::message::{Message, ReviewNote};
use crate::tui::state::record::RecordNote;
use crate::tui::state::screen::Screen;
use xiangqi_rules::{Edit, EditError, EditKind, NodeId, Revert, mark_of, nag_symbol};

/// An edit made by hand, or one taken back.
#[derive(Clone, Debug)]
pub(super) struct Logged {
    edit: Edit,
    /// What takes it back; `None` once it was taken back.
    revert: Option<Revert>,
    /// The tree's revision just after the edit was made.
    made: u64,
    /// The tree's revision and the current move just after it was made or taken back.
    after: u64,
    at: NodeId,
    /// The desk's count of moves played, taken back and replayed just then.
    moves: u32,
}

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

    /// Makes `edit` on the record and says what came of it. What `u` took back before can no
    /// longer be made again with `r` then: the tree's revision changed.
    pub fn edit_record(&mut self, edit: &Edit, s: &mut Screen) {
        self.make_edit(edit, s);
    }

    /// Makes `edit` (new, or made again by `r`) and logs it for `u`. Says whether it was
    /// made.
    fn make_edit(&mut self, edit: &Edit, s: &mut Screen) -> bool {
        if matches!(edit, Edit::Promote(_) | Edit::Delete(_)) && self.lines_fixed() {
            s.message = Some(Message::Review(ReviewNote::ClockRunning));
            return false;
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
                self.edit_log.push(Logged {
                    edit: edit.clone(),
                    revert: Some(revert),
                    made: revision,
                    after: revision,
                    at: self.game.current(),
                    moves: self.move_changes,
                });
                self.edited();
                true
            }
            Err(EditError::AlreadyMain) => {
                s.message = Some(Message::Record(RecordNote::AlreadyMain));
                false
            }
            Err(EditError::NoMove | EditError::Stale) => {
                s.message = Some(Message::Record(RecordNote::Gone));
                false
            }
        }
    }

    /// Is the last edit still the last change, so that `u` takes it back? While the tree is
    /// as the edit left it, wherever the game was gone through since; in the played game,
    /// also while no move was played, taken back or replayed since: a move played since,
    /// even one the tree had, is what `u` takes back.
    #[must_use]
    pub fn edit_to_undo(&self) -> bool {
        self.edit_log.last().is_some_and(|e| self.still_after(e))
    }

    /// Is there an edit `u` took back that `r` would make again?
    #[must_use]
    pub fn edit_to_redo(&self) -> bool {
        self.redo_log
            .last()
            .is_some_and(|last| last.after == self.game.tree().revision())
    }

    /// Is the game as `logged` left it: the tree unchanged since, and in the played game no
    /// move played, taken back or replayed since?
    fn still_after(&self, logged: &Logged) -> bool {
        logged.after == self.game.tree().revision()
            && (!matches!(self.kind, Kind::Play) || logged.moves == self.move_changes)
    }

    /// `u` after an edit: takes the last edit back and goes to the move it was made on (when
    /// the game may be gone through), from wherever the game was gone through to. False,
    /// with nothing done, if the tree changed since (a move was added), or in the played
    /// game a move was played or taken back since: then `u` takes back moves, and the edits
    /// before that move can no longer be taken back.
    pub fn undo_edit(&mut self, s: &mut Screen) -> bool {
        if !self.edit_to_undo() {
            self.edit_log.clear();
            return false;
        }
        let Some(Logged {
            edit,
            revert: Some(revert),
            made,
            ..
        }) = self.edit_log.pop()
        else {
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
        self.redo_log.push(Logged {
            edit,
            revert: None,
            made,
            after: self.game.tree().revision(),
            at: self.game.current(),
            moves: self.move_changes,
        });
        self.edited();
        s.message = Some(Message::Record(RecordNote::Undone(kind)));
        true
    }

    /// `r` after `u` took an edit back: makes it again, while the game is as the undo left
    /// it (gone through since or not). False, with nothing done, otherwise: then `r` replays
    /// moves. In the played game a move taken back since comes back first, and the edit
    /// after it; once the tree changed (a move added, a new edit), the edits taken back are
    /// gone.
    pub fn redo_edit(&mut self, s: &mut Screen) -> bool {
        let Some(last) = self.redo_log.last() else {
            return false;
        };
        if last.after != self.game.tree().revision() {
            self.redo_log.clear();
            return false;
        }
        // In the played game, a move taken back since comes back (with `r`) first: the edit
        // waits until the game stands where the undo left it.
        if !self.still_after(last) && last.at != self.game.current() {
            return false;
        }
        let Some(Logged { edit, made, .. }) = self.redo_log.pop() else {
            return false;
        };
        // As its undo did: the move it is made on in front (a deletion goes to the move
        // before by itself).
        match edit {
            Edit::Comment { node, .. } | Edit::CycleMark(node) | Edit::Promote(node)
                if !self.lines_fixed() =>
            {
                self.game.go_to(node);
            }
            _ => {}
        }
        // The tree is as it was after the edit, under a new revision: the edit taken back
        // after it may be made again from here.
        if self.make_edit(&edit, s)
            && let Some(next) = self.redo_log.last_mut()
            && next.after == made
        {
            next.after = self.game.tree().revision();
        }
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
