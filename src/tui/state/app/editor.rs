//! The set-up editor in front of the desks (`e` in a game, `--setup` at the start): the
//! game on the board waits aside, unchanged, until Esc brings it back; Enter starts a new
//! game from the position set up, as `n` starts one from the start — asked first when the
//! game on the board has moves, the autosave following the new game as it follows `n`'s.

use super::App;
use crate::tui::state::action::EditorKey;
use crate::tui::state::editor::Editor;
use crate::tui::state::prompt::message::{Message, Mode, Question};
use xiangqi_rules::Position;
use xiangqi_rules::clock::Clock;
use xiangqi_rules::setup::Setup;

impl App {
    /// The editor, while it is in front.
    #[must_use]
    pub fn editor(&self) -> Option<&Editor> {
        self.editor.as_ref()
    }

    /// `e`: the editor on the position of the desk in front, seen the same way up.
    pub(super) fn open_editor(&mut self) {
        if self.screen.mode != Mode::Play {
            return;
        }
        let desk = self.desk();
        let editor = Editor::new(
            Setup::from(desk.game().position()),
            desk.cursor(),
            desk.flipped(),
        );
        self.front().0.deselect();
        self.show_editor(editor);
    }

    /// `--setup`: the editor on `setup` over the new game.
    pub(super) fn open_editor_on(&mut self, setup: Setup) {
        let cursor = self.play.cursor();
        let flipped = self.play.flipped();
        self.show_editor(Editor::new(setup, cursor, flipped));
    }

    /// Puts `editor` in front; the played game's running clocks pause while it waits.
    fn show_editor(&mut self, editor: Editor) {
        if self.viewed.is_none() {
            self.play.hold_clock(self.screen.now.elapsed);
        }
        self.editor = Some(editor);
        self.screen.mode = Mode::Setup;
        self.screen.message = None;
    }

    /// A key or click in the editor.
    pub(super) fn editor_key(&mut self, key: EditorKey) {
        if self.screen.mode != Mode::Setup {
            return;
        }
        let Some(editor) = &mut self.editor else {
            return;
        };
        editor.apply(key);
        match key {
            EditorKey::Leave => self.leave_editor(),
            EditorKey::Play => self.play_setup(),
            _ => {}
        }
    }

    /// Esc: the editor goes, and the desk behind it is as it was left (the played game's
    /// clocks paused, as when a record is put away).
    fn leave_editor(&mut self) {
        self.editor = None;
        let paused = self.viewed.is_none()
            && self.play.outcome().is_none()
            && self.play.clock().is_some_and(Clock::paused);
        self.screen.mode = if paused { Mode::Paused } else { Mode::Play };
        self.screen.message = self.outcome().map(Message::Over);
    }

    /// Enter: the library says whether the position can be played; if not, the editor
    /// shows every reason and nothing starts.
    fn play_setup(&mut self) {
        let Some(editor) = &mut self.editor else {
            return;
        };
        match editor.setup().position() {
            Err(reasons) => editor.refuse(reasons),
            Ok(_) if self.play.has_moves() => self.ask(Question::PlaySetup),
            Ok(position) => self.start_from(position),
        }
    }

    /// The answer to [`Question::PlaySetup`]: yes starts the game, no goes back to the
    /// editor as it was.
    pub(super) fn answer_play_setup(&mut self, yes: bool) {
        self.screen.mode = Mode::Setup;
        self.screen.message = None;
        let position = self.editor.as_ref().map(|e| e.setup().position());
        if let (true, Some(Ok(position))) = (yes, position) {
            self.start_from(position);
        }
    }

    /// A new game from `position` in place of the played game, as `n` makes one: whatever
    /// was looked at goes, the clocks start afresh. The players stay who they were: the
    /// names given (`--red`, `--black`, or typed when saving) go on to the new game.
    fn start_from(&mut self, position: Position) {
        self.editor = None;
        self.viewed = None;
        let turn = position.turn();
        let (red, black) = (
            self.play.tag("Red").to_owned(),
            self.play.tag("Black").to_owned(),
        );
        self.play.new_game_from(position);
        if let Some(names) = super::review::named(Some(&red), Some(&black)) {
            self.play.set_record(names);
        }
        self.own_game = true;
        self.screen.mode = Mode::Play;
        self.screen.message = Some(Message::SetupStarted(turn));
    }

    /// While the editor is in front, the screen comes back to it whenever an action left it
    /// for the board (a question answered no, the keys window closed).
    pub(super) fn editor_keeps_the_screen(&mut self) {
        if self.editor.is_some() && matches!(self.screen.mode, Mode::Play | Mode::Paused) {
            self.screen.mode = Mode::Setup;
        }
    }
}
