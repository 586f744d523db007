//! Rated tactics at the board (`T`): the next tactic near the player's rating, each of the
//! solver's moves judged against the tactic's line at once (no search: the line was proved
//! when the collection was made), the other side's reply played, and the player's rating
//! moved the first time a tactic counts — solved at the first try, or missed.

use super::{App, Message, Mode};
use crate::tui::state::computer::Note;
use crate::tui::state::desk::{Desk, Kind};
use crate::tui::state::effect::Effect;
use crate::tui::state::prompt::message::Prompt;
use crate::tui::state::puzzle::{Counted, Session, Status, count_tactic};
use xiangqi_engine::puzzle::{Filter, Verdict};

impl App {
    /// `T`: a rated tactic; in one that goes on, its solution (it counts as missed); in
    /// one that is over, the next, with the same filter.
    pub(super) fn tactics_key(&mut self) {
        let current = self
            .puzzle()
            .and_then(|s| Some((s.status, s.tactic.as_ref()?)));
        match current {
            Some((Status::Playing | Status::Failed, _)) => self.show_tactic_solution(),
            Some((_, tactic)) => {
                let filter = tactic.filter.clone();
                self.open_tactic(filter);
            }
            None => self.open_tactic(Filter::default()),
        }
    }

    /// `Ctrl-T`: the filter's prompt, holding the filter of the tactic in front if any.
    pub(super) fn tactics_filter_key(&mut self) {
        let current = self
            .puzzle()
            .and_then(|s| s.tactic.as_ref())
            .map(|t| t.filter.to_string())
            .unwrap_or_default();
        self.front().0.deselect();
        self.screen.open_prompt(Prompt::Tactics, &current);
    }

    /// Enter on the filter's prompt: the tactic for the player's rating that passes the
    /// filter typed; a filter that does not read says why and stays open to be mended.
    pub(super) fn submit_tactics_filter(&mut self) {
        match self.screen.prompt.text().parse::<Filter>() {
            Ok(filter) => {
                self.screen.mode = Mode::Play;
                self.open_tactic(filter);
            }
            Err(e) => {
                self.screen.message = Some(Message::Computer(Note::TacticFilterBad(e.to_string())));
            }
        }
    }

    /// Puts the tactic for the player's rating that passes `filter` in front of the played
    /// game, and remembers it was given.
    pub(super) fn open_tactic(&mut self, filter: Filter) {
        let Some(s) = Session::next_tactic(&self.progress.tactics, filter) else {
            self.screen.message = Some(Message::Computer(Note::TacticNone));
            return;
        };
        if let Some(t) = &s.tactic {
            self.progress.tactics.saw(&t.entry.id);
        }
        self.keep_progress();
        let solver = s.attacker();
        let mut setup = self.setup;
        setup.flipped = solver == xiangqi_rules::Color::Black;
        let game = s.game();
        self.put_in_front(Desk::new(Kind::Puzzle(Box::new(s)), game, setup));
        let rating = self.progress.tactics.shown();
        self.screen.message = Some(Message::Computer(Note::TacticStart(solver, rating)));
    }

    /// After a move on a tactic's board: the solver's move is judged against the line; a
    /// right one brings the reply or solves it, a wrong one is taken back and the right one
    /// shown.
    pub(super) fn tactic_after(&mut self) {
        let Some(s) = self.puzzle() else { return };
        let Some(tactic) = &s.tactic else { return };
        let game = self.game();
        let plies = game.moves().len();
        if s.status != Status::Playing || plies.is_multiple_of(2) {
            return;
        }
        let (before, mv) = (&game.positions()[plies - 1], game.moves()[plies - 1]);
        let verdict = tactic.entry.judge(before, plies - 1, mv);
        match verdict {
            Verdict::Reply(reply) => {
                let (desk, screen) = self.front();
                desk.play(reply, screen);
            }
            Verdict::Done => {
                let change = self.count(true);
                self.set_tactic_status(Status::Solved);
                self.screen.message = Some(Message::Computer(Note::TacticSolved(change)));
            }
            Verdict::Wrong(right) => {
                let text = self.write_move(before, right);
                let change = self.count(false);
                let (desk, screen) = self.front();
                desk.undo(screen);
                let note = Note::TacticWrong(text, right.to_string(), change);
                self.screen.message = Some(Message::Computer(note));
            }
        }
    }

    /// The tactic's line on the board; it counts as missed if it had not counted yet.
    fn show_tactic_solution(&mut self) {
        let Some(s) = self.puzzle() else { return };
        let (game, text) = (s.solution_game(), s.solution_text());
        self.count(false);
        self.set_tactic_status(Status::Shown);
        if let Some(desk) = &mut self.viewed {
            desk.set_game(game);
        }
        self.screen.mode = Mode::Play;
        self.screen.message = Some(Message::Computer(Note::TacticShown(text)));
    }

    /// Counts the tactic in front, the first time only: the rating before and after, kept
    /// in the state folder at once.
    fn count(&mut self, solved: bool) -> Option<(u32, u32)> {
        let s = self.viewed.as_mut().and_then(Desk::puzzle_mut)?;
        let tactic = s.tactic.as_mut()?;
        if tactic.counted.is_some() {
            return None;
        }
        let rating = tactic.entry.rating;
        let counted: Counted = count_tactic(&mut self.progress.tactics, rating, solved);
        tactic.counted = Some(counted);
        self.keep_progress();
        Some((counted.before, counted.after))
    }

    fn set_tactic_status(&mut self, status: Status) {
        if let Some(s) = self.viewed.as_mut().and_then(Desk::puzzle_mut) {
            s.status = status;
        }
    }

    /// Asks the loop to write the progress file (atomically; a crash after this loses
    /// nothing counted).
    fn keep_progress(&mut self) {
        let effect = Effect::KeepPuzzles(self.progress.clone());
        self.screen.effects.push(effect);
    }
}
