//! The router's questions and prompts: asking yes or no and acting on the answer, typing
//! on a prompt (a key at a time or a paste), and Enter on the move and save prompts.

use super::{Action, App};
use crate::tui::state::action::EditKey;
use crate::tui::state::desk::Desk;
use crate::tui::state::prompt::message::{GameAct, Message, Mode, Prompt, Question, Unread};
use crate::tui::store::files::Stamp;
use crate::tui::store::saved::SavedGame;
use xiangqi_rules::clock::Clock;
use xiangqi_rules::{Game, Position};

impl App {
    pub(super) fn ask(&mut self, question: Question) {
        self.front().0.deselect();
        self.screen.ask(question);
    }

    /// Resigning and offering a draw are for the played game while it goes on.
    pub(super) fn ask_of_the_game(&mut self, question: Question) {
        let act = match question {
            Question::Draw(_) => GameAct::Draw,
            _ => GameAct::Resign,
        };
        if self.the_game_goes_on(act) {
            self.ask(question);
        }
    }

    /// Is the played game in front and going on, for `act` — not over by the rules, nor by
    /// the word of the record it was read from? If not, the message line says so.
    pub(super) fn the_game_goes_on(&mut self, act: GameAct) -> bool {
        if self.refused_in_front(act) {
            return false;
        }
        if let Some(outcome) = self.play.outcome() {
            self.screen.message = Some(Message::Over(outcome));
            return false;
        }
        if let Some(result) = self.play.record_ended() {
            self.screen.message = Some(Message::RecordEnded(act, result));
            return false;
        }
        true
    }

    /// Is a record or puzzle in front, where `act` (the played game's) is refused? The
    /// message line then says how to reach a game: `b` brings back the one behind, and with
    /// none begun, `n` starts one.
    pub(super) fn refused_in_front(&mut self, act: GameAct) -> bool {
        let Some(front) = self.viewed.as_ref().map(Desk::in_front) else {
            return false;
        };
        self.screen.message = Some(if self.game_begun() {
            Message::NotTheGame
        } else {
            Message::NoGameBehind(act, front)
        });
        true
    }

    pub(super) fn answer(&mut self, yes: bool) {
        let Mode::Confirm(question) = self.screen.mode else {
            return;
        };
        if question == Question::PlaySetup {
            self.answer_play_setup(yes);
            return;
        }
        self.screen.mode = Mode::Play;
        // A game chosen on the menu waits for this answer: yes starts it, no drops it.
        let pending = self.door.pending.take();
        if !yes {
            if question == Question::Overwrite {
                // Back to the name, to change it.
                self.screen.mode = Mode::Prompt(Prompt::Save);
                self.screen.message = None;
            } else if self.clock().is_some_and(Clock::paused) {
                // Asked while paused (quit): still paused.
                self.screen.mode = Mode::Paused;
                self.screen.message = None;
            } else {
                self.screen.message = Some(Message::Declined(question));
            }
            return;
        }
        match question {
            Question::NewGame(_) => {
                // A new game is the played game's: whatever was looked at goes.
                self.viewed = None;
                self.play.new_game();
                self.own_game = true;
                self.screen.message = Some(Message::NewGameStarted);
                if let Some(chosen) = pending {
                    self.start_chosen(chosen);
                }
            }
            Question::Resign(loser) => self.play.resign(loser, &mut self.screen),
            Question::Draw(_) => self.play.agree_draw(&mut self.screen),
            Question::Overwrite => self.save(true),
            Question::Quit => self.leave(),
            // Answered by the network game's part.
            Question::NetAnswer(_) => {}
            Question::OpenPasted(_) => {
                if let Some(saved) = self.pasted.take() {
                    self.open_saved(saved, 1);
                }
            }
            Question::DeleteMoves(_) => self.delete_asked(),
            // Answered above.
            Question::PlaySetup => {}
        }
    }

    /// Text pasted in one piece: typed on an open prompt; on the board, a FEN or a game's
    /// moves open as a file's would — at once on a new game with no move yet, asked first
    /// during a game (which is never put aside silently); anything else is left alone.
    pub(super) fn paste(&mut self, text: &str) {
        if matches!(self.screen.mode, Mode::Palette | Mode::Menu) {
            self.door_paste(text);
            return;
        }
        if matches!(self.screen.mode, Mode::Prompt(_)) {
            self.screen.prompt.insert_str(text);
            self.screen.message = None;
            return;
        }
        if self.screen.mode != Mode::Play {
            return;
        }
        let text = text.trim();
        let (saved, game) = match pasted(text) {
            Ok(pasted) => pasted,
            Err(why) => {
                self.screen.message = Some(Message::PasteIgnored(why));
                return;
            }
        };
        let new_game = self.viewed.is_none()
            && self.play.game().tree().is_empty()
            && !self.play.record_is_loaded();
        if new_game {
            self.open_saved(saved, 1);
        } else {
            self.pasted = Some(saved);
            self.ask(Question::OpenPasted(game));
        }
    }

    pub(super) fn edit(&mut self, key: EditKey) {
        if !matches!(self.screen.mode, Mode::Prompt(_)) {
            return;
        }
        key.apply(&mut self.screen.prompt);
        // The last refusal was about the text before this edit.
        self.screen.message = None;
    }

    /// Enter on the open prompt.
    pub(super) fn submit(&mut self) {
        match self.screen.mode {
            Mode::Prompt(Prompt::Move) => self.play_typed(),
            Mode::Prompt(Prompt::Save) => self.save(false),
            Mode::Prompt(Prompt::Comment) => self.submit_comment(),
            Mode::Prompt(Prompt::Tactics) => self.submit_tactics_filter(),
            Mode::Prompt(prompt) => self.submit_review(prompt),
            _ => {}
        }
    }

    /// Enter on the move prompt: an empty text closes it; a game over says so.
    pub(super) fn play_typed(&mut self) {
        let text = self.screen.prompt.text().trim().to_string();
        let (desk, screen) = self.front();
        if text.is_empty() {
            screen.close(desk.outcome());
            return;
        }
        if let Some(outcome) = desk.outcome() {
            screen.message = Some(Message::Over(outcome));
            return;
        }
        desk.play_typed(&text, screen);
    }

    /// `s`: the prompt for the file name, offering the last one (or a name from the time).
    pub(super) fn ask_save_name(&mut self) {
        let now = self.screen.now;
        let desk = self.front().0;
        desk.deselect();
        let name = desk.save_name().map_or_else(
            || Stamp::from_unix(now.unix_secs).file_name(),
            str::to_string,
        );
        self.screen.open_prompt(Prompt::Save, &name);
    }

    /// What the files said: a save done, the autosave failing or kept again, a game to
    /// resume, where a network game is kept.
    pub(super) fn store_report(&mut self, action: Action) {
        match action {
            Action::SaveDone(report) => self.saved(report),
            Action::AutosaveFailed(why) => {
                self.screen.message = Some(Message::AutosaveFailed(why.clone()));
                self.unsaved = Some(why);
            }
            Action::AutosaveKept => {
                self.unsaved = None;
                if matches!(self.screen.message, Some(Message::AutosaveFailed(_))) {
                    self.screen.message = None;
                }
            }
            // Said at the start only, after what the start said before it.
            Action::ResumeAvailable => self.screen.say_too(Some(Message::ResumeAvailable)),
            Action::Notice(text) => self.screen.message = Some(Message::Notice(text)),
            _ => {}
        }
    }
}

/// What text pasted on the board opens: a position (`false`) or a game with moves (`true`);
/// else why not, where the text looks like one of them: a position's `/` (the FEN's error),
/// or a game that reads up to a bad move or number (the record's error).
fn pasted(text: &str) -> Result<(SavedGame, bool), Option<Unread>> {
    let fen = text.parse::<Position>();
    if let Ok(position) = fen {
        return Ok((SavedGame::new(Game::new(position)), false));
    }
    match xiangqi_records::pgn::read_game(text.as_bytes(), 1) {
        Ok(pgn) if !pgn.moves().is_empty() => Ok((SavedGame::of(&pgn), true)),
        _ if text.lines().count() == 1 && text.matches('/').count() >= 2 => {
            Err(fen.err().map(Unread::Fen))
        }
        Err(e) if reads_some_moves(&e.kind) => Err(Some(Unread::Record(e))),
        _ => Err(None),
    }
}

/// Did a game read at least one move before `kind` stopped it (so that it was a game)?
fn reads_some_moves(kind: &xiangqi_records::pgn::PgnErrorKind) -> bool {
    use xiangqi_records::pgn::PgnErrorKind;
    match kind {
        PgnErrorKind::Move { number, color, .. } => {
            *number > 1 || *color == xiangqi_rules::Color::Black
        }
        PgnErrorKind::MoveNumber { .. } => true,
        _ => false,
    }
}
