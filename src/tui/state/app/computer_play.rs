//! The computer's part of [`App::update`]: the keys `t` (hint), `a` (analysis), `c` (hand the
//! side to move to the computer, or take it back) and `z` (puzzles), the worker's reports, and
//! after every action the searches put in step with the game.

use super::{Action, App, Message, Mode};
use crate::tui::state::computer::Note;
use crate::tui::state::computer::{Outcome as Heard, key_of};
use crate::tui::state::effect::Effect;
use crate::tui::state::puzzle::{self, Progress, Session, Status};
use crate::tui::state::search::{Report, ReportKind};
use xiangqi::engine::puzzle::Attempt;
use xiangqi::{Move, PlayError};

impl App {
    /// Handles the computer's actions; returns false for any other action.
    pub(super) fn computer_action(&mut self, action: &Action) -> bool {
        match action {
            Action::Hint => {
                if let Some(outcome) = self.outcome {
                    self.message = Some(Message::Over(outcome));
                } else {
                    let key = key_of(&self.game);
                    if let Some(mv) = self.computer.hint(key) {
                        self.hint_found(mv);
                    } else {
                        self.computer.want_hint(key);
                        self.message = Some(Message::Computer(Note::HintThinking));
                    }
                }
            }
            Action::ToggleAnalysis => {
                let on = self.computer.toggle_analysis();
                self.message = Some(Message::Computer(Note::Analysis(on)));
            }
            Action::ToggleComputer => {
                if self.puzzle.is_some() {
                    self.message = Some(Message::Computer(Note::PuzzleDefends));
                } else {
                    let side = self.game.position().turn();
                    let on = self.computer.toggle_side(side);
                    self.selected = None;
                    self.message = Some(Message::Computer(Note::Plays(side, on)));
                }
            }
            Action::Puzzle => self.puzzle_key(),
            Action::Engine(Report {
                id: 0,
                kind: ReportKind::Failed(why),
            }) => {
                self.message = Some(Message::Computer(Note::ProgressFailed(why.clone())));
            }
            Action::Engine(report) => match self.computer.report(report.clone()) {
                Heard::None => {}
                Heard::Play(mv) => self.play_for_computer(mv),
                Heard::Hint(mv) => self.hint_found(mv),
                Heard::Judged(attempt) => self.judged(attempt),
                Heard::Failed(why) => self.message = Some(Message::Computer(Note::Failed(why))),
            },
            Action::PuzzlesSolved(progress) => {
                self.progress = progress.clone();
                // `--puzzle` without a number: the first one not solved yet.
                if self.puzzle_auto && self.game.moves().is_empty() {
                    let next = self.progress.next(0, puzzle::count());
                    self.open_puzzle(next);
                }
                self.puzzle_auto = false;
            }
            _ => return false,
        }
        true
    }

    /// Is the side to move the computer's? Then the players' moves are refused (returns true).
    pub(super) fn computer_to_move(&mut self) -> bool {
        let turn = self.game.position().turn();
        let computers = self.computer.plays(turn) && self.outcome.is_none();
        if computers {
            self.selected = None;
            self.message = Some(Message::Computer(Note::ComputerToMove(turn)));
        }
        computers
    }

    /// After every action: a take-back lands on a player's turn (the computer's or the
    /// puzzle's reply goes too), a puzzle move gets judged, and the searches follow the game.
    pub(super) fn computer_after(&mut self, undo: bool) {
        if undo {
            let turn = self.game.position().turn();
            let puzzle_reply_gone = self
                .puzzle
                .as_ref()
                .is_some_and(|s| s.status != Status::Shown && self.game.moves().len() % 2 == 1);
            if puzzle_reply_gone || (self.computer.plays(turn) && self.puzzle.is_none()) {
                self.undo();
                self.refresh();
            }
            if let Some(s) = &mut self.puzzle
                && s.status == Status::Failed
            {
                s.status = Status::Playing;
            }
        }
        self.puzzle_after();
        let idle = self.outcome.is_some() || self.mode == Mode::Paused;
        let clock = self.clock.as_ref().map(|(c, _)| (c, self.now.elapsed));
        let effects = self.computer.sync(&self.game, idle, clock);
        self.effects.extend(effects);
    }

    /// Leaving: nothing may go on thinking.
    pub(super) fn computer_stop(&mut self) {
        if let Some(effect) = self.computer.stop_all() {
            self.effects.push(effect);
        }
    }

    fn hint_found(&mut self, mv: Move) {
        let text = self.write_move(self.game.position(), mv);
        self.message = Some(Message::Computer(Note::Hint(text, mv.to_string())));
    }

    /// The computer's move, played as a player's would be (the clocks hear of it).
    fn play_for_computer(&mut self, mv: Move) {
        match self.game.play(mv) {
            Ok(()) => {
                self.clock_moved();
                self.selected = None;
                self.message = self.game.outcome().map(Message::Over);
            }
            Err(PlayError::Illegal(reason)) => self.message = Some(Message::Refused(reason)),
            Err(PlayError::GameOver(outcome)) => self.message = Some(Message::Over(outcome)),
        }
        self.refresh();
    }

    /// A puzzle position after a move: mate solves it; an attacker's move is judged.
    fn puzzle_after(&mut self) {
        let Some(s) = &self.puzzle else { return };
        if s.status != Status::Playing {
            return;
        }
        let plies = self.game.moves().len();
        let attacker_mated = self
            .outcome
            .is_some_and(|o| o.winner == Some(s.attacker()) && plies % 2 == 1);
        if attacker_mated {
            self.judged(Attempt::Solved);
        } else if plies % 2 == 1 && self.outcome.is_none() {
            let left = s.moves_left(plies - 1);
            self.computer.want_judge(key_of(&self.game), left);
        }
    }

    /// The verdict on the player's puzzle move.
    fn judged(&mut self, attempt: Attempt) {
        let Some(s) = &mut self.puzzle else { return };
        match attempt {
            Attempt::Solved => {
                s.status = Status::Solved;
                let n = s.number;
                self.message = Some(Message::Computer(Note::PuzzleSolved(n)));
                if self.progress.mark(n) {
                    self.effects
                        .push(Effect::KeepPuzzles(self.progress.clone()));
                }
            }
            Attempt::Continue { reply } => self.play_for_computer(reply),
            Attempt::Failed => {
                s.status = Status::Failed;
                self.message = Some(Message::Computer(Note::PuzzleFailed));
            }
        }
    }

    /// `z`: the next puzzle (none open, or this one solved or shown), or this one's solution.
    fn puzzle_key(&mut self) {
        match &self.puzzle {
            Some(s) if matches!(s.status, Status::Playing | Status::Failed) => {
                let game = s.solution_game();
                let text = s.solution_text();
                if let Some(s) = &mut self.puzzle {
                    s.status = Status::Shown;
                }
                self.set_game(game);
                self.message = Some(Message::Computer(Note::PuzzleShown(text)));
            }
            current => {
                let after = current.as_ref().map_or(0, |s| s.number);
                let next = self.progress.next(after, puzzle::count());
                self.open_puzzle(next);
            }
        }
    }

    /// Puts puzzle `n` on the board (none if there is no such puzzle).
    pub(super) fn open_puzzle(&mut self, n: usize) {
        let Some(s) = Session::open(n) else { return };
        let note = Note::PuzzleStart(s.number, s.total, s.attacker(), s.puzzle.moves);
        self.set_game(s.game());
        self.computer.release_sides();
        self.clock = None;
        self.record = None;
        self.flipped = s.attacker() == xiangqi::Color::Black;
        self.puzzle = Some(s);
        self.message = Some(Message::Computer(note));
    }

    /// A different game on the board (a puzzle, its solution).
    fn set_game(&mut self, game: xiangqi::Game) {
        self.game = game;
        self.generation += 1;
        self.selected = None;
        self.mode = Mode::Play;
        let pos = self.game.position();
        self.cursor = pos.general(pos.turn());
        self.refresh();
    }

    /// The solved puzzles, as last read or kept.
    #[must_use]
    pub fn puzzle_progress(&self) -> &Progress {
        &self.progress
    }
}
