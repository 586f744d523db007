//! Editing the record in front, the router's part: the keys `{` (the comment prompt), `!`,
//! `+` and Delete (asked first on the main line) ask the desk for an edit; `y`, `Y` and `D`
//! copy the position or the game to the clipboard (the loop writes it to the terminal);
//! `F` shows the position's FEN.

use super::{App, Message, Mode, Prompt, Question};
use crate::tui::state::action::{Copied, RecordKey};
use crate::tui::state::effect::Effect;
use crate::tui::state::record::RecordNote;
use xiangqi_rules::{Edit, NodeId};

/// The move an edit waits on: a comment being typed, a deletion asked about.
#[derive(Clone, Debug, Default)]
pub(super) struct Editing {
    /// The move whose comment is on the prompt.
    comment: Option<NodeId>,
    /// The move whose deletion is asked.
    delete: Option<NodeId>,
}

impl App {
    /// `{`, `!`, `+`, Delete on the record in front.
    pub(super) fn record_key(&mut self, key: RecordKey) {
        let (desk, screen) = self.front();
        let Some(node) = desk.edited_move(screen) else {
            return;
        };
        match key {
            RecordKey::Comment => {
                desk.deselect();
                let text = desk.game().tree().comment(node).unwrap_or("").to_string();
                self.editing.comment = Some(node);
                self.screen.open_prompt(Prompt::Comment, &text);
            }
            RecordKey::Mark => desk.edit_record(&Edit::CycleMark(node), screen),
            RecordKey::Promote => desk.edit_record(&Edit::Promote(node), screen),
            RecordKey::Delete if desk.lines_fixed() || !desk.on_main_line(node) => {
                desk.edit_record(&Edit::Delete(node), screen);
            }
            RecordKey::Delete => {
                let count = 1 + desk.game().tree().line_after(node).len();
                self.editing.delete = Some(node);
                self.ask(Question::DeleteMoves(count));
            }
        }
    }

    /// Enter on the comment prompt: the text (empty removes the comment) goes on the move
    /// the prompt was opened for.
    pub(super) fn submit_comment(&mut self) {
        let text = self.screen.prompt.text().trim().to_string();
        let node = self.editing.comment.take();
        let (desk, screen) = self.front();
        screen.mode = Mode::Play;
        match node {
            Some(node) => desk.edit_record(
                &Edit::Comment {
                    node,
                    text: Some(text),
                },
                screen,
            ),
            None => screen.message = Some(Message::Record(RecordNote::Gone)),
        }
    }

    /// Yes to deleting moves of the main line.
    pub(super) fn delete_asked(&mut self) {
        if let Some(node) = self.editing.delete.take() {
            let (desk, screen) = self.front();
            desk.edit_record(&Edit::Delete(node), screen);
        }
    }

    /// `y`: the FEN of the position shown, or `Y`: the game in front as `s` saves it (with
    /// its variations, comments and marks), or `D`: the same as a DhtmlXQ block, to the
    /// clipboard.
    pub(super) fn copy(&mut self, what: Copied) {
        let now = self.screen.now;
        let (text, note) = match what {
            Copied::Fen => (self.game().position().fen(), RecordNote::FenCopied),
            Copied::Pgn => {
                let text = self.desk().pgn(now.elapsed, now.unix_secs);
                let size = text.len();
                (text, RecordNote::PgnCopied(size))
            }
            Copied::Dhtmlxq => {
                let pgn = self.desk().pgn(now.elapsed, now.unix_secs);
                let written = match super::review::record_of(&pgn) {
                    Ok(record) => record.to_dhtmlxq(),
                    Err(why) => {
                        self.screen.message =
                            Some(Message::Record(RecordNote::NotCopied(why.to_string())));
                        return;
                    }
                };
                let note = RecordNote::DhtmlxqCopied {
                    bytes: written.text.len(),
                    left_out: written.left_out.len(),
                };
                (written.text, note)
            }
        };
        self.screen.effects.push(Effect::Clipboard(text));
        self.screen.message = Some(Message::Record(note));
    }

    /// `F`: the FEN of the position shown, alone on the message line.
    pub(super) fn show_fen(&mut self) {
        let fen = self.game().position().fen();
        self.screen.message = Some(Message::Record(RecordNote::Fen(fen)));
    }
}
