//! The computer's part of [`App::update`]: the keys `t` (hint), `a` (analysis), `c` (hand the
//! side to move to the computer, or take it back) and `z` (puzzles), the worker's reports, and
//! after every action the searches put in step with the game in front. `g` and `d` are the
//! player's own side's, so they are decided here too: the computer never resigns or agrees
//! to a draw by a key of the player's. The computer plays its
//! sides of the played game only; a puzzle is a desk of its own, in front of the game.

use super::{Action, App, Message, Mode, Question};
use crate::tui::state::computer::Note;
use crate::tui::state::computer::search::{Report, ReportKind};
use crate::tui::state::computer::{Outcome as Heard, key_of};
use crate::tui::state::desk::{Desk, Kind};
use crate::tui::state::effect::Effect;
use crate::tui::state::prompt::message::GameAct;
use crate::tui::state::puzzle::{self, Session, Status, Waiting};
use crate::tui::store::progress::Progress;
use xiangqi_engine::puzzle::Attempt;
use xiangqi_rules::{Color, Move};

impl App {
    /// Handles the computer's actions; returns false for any other action.
    pub(super) fn computer_action(&mut self, action: &Action) -> bool {
        match action {
            Action::Hint => {
                if let Some(outcome) = self.outcome() {
                    self.screen.message = Some(Message::Over(outcome));
                } else {
                    let key = key_of(self.game());
                    let desk = self.viewed.as_ref().unwrap_or(&self.play);
                    if let Some(mv) = self.computer.book_hint(desk.game()) {
                        let text = self.write_move(self.game().position(), mv);
                        self.screen.message =
                            Some(Message::Computer(Note::BookHint(text, mv.to_string())));
                    } else if let Some(mv) = self.computer.hint(key) {
                        self.hint_found(mv);
                    } else {
                        self.computer.want_hint(key);
                        self.screen.message = Some(Message::Computer(Note::HintThinking));
                    }
                }
            }
            Action::ToggleAnalysis => {
                let on = self.computer.toggle_analysis();
                self.screen.message = Some(Message::Computer(Note::Analysis(on)));
            }
            Action::CycleAnalysisLines => {
                let lines = self.computer.cycle_analysis_lines();
                self.screen.message = Some(Message::Computer(Note::AnalysisLines(lines)));
            }
            Action::ToggleComputer => {
                if self.puzzle().is_some() {
                    self.screen.message = Some(Message::Computer(Note::PuzzleDefends));
                } else if self.refused_in_front(GameAct::Computer) {
                    // Said on the message line.
                } else {
                    let side = self.play.game().position().turn();
                    let on = self.computer.toggle_side(side);
                    self.play.deselect();
                    self.screen.message = Some(Message::Computer(Note::Plays(side, on)));
                }
            }
            Action::Puzzle => self.puzzle_key(),
            Action::Tactics => self.tactics_key(),
            Action::TacticsFilter => self.tactics_filter_key(),
            Action::Engine(Report {
                id: 0,
                kind: ReportKind::Failed(why),
            }) => {
                self.screen.message = Some(Message::Computer(Note::ProgressFailed(why.clone())));
            }
            Action::Engine(report) => match self.computer.report(report.clone()) {
                Heard::None => {}
                Heard::Play(mv) => self.play_for_computer(mv),
                Heard::Hint(mv) => self.hint_found(mv),
                Heard::Judged(attempt) => self.judged(attempt),
                Heard::Failed(why) => {
                    self.screen.message = Some(Message::Computer(Note::Failed(why)));
                }
            },
            Action::PuzzlesSolved(progress) => {
                self.progress = progress.clone();
                // `--puzzle` without a number: the first one not solved yet; `--tactics`:
                // the tactic for the rating just read.
                match self.puzzle_auto.take() {
                    Some(Waiting::FirstUnsolved) => {
                        let next = self.progress.next(0, puzzle::count());
                        self.open_puzzle(next);
                    }
                    Some(Waiting::Tactic(filter)) => self.open_tactic(filter),
                    None => {}
                }
            }
            _ => return false,
        }
        true
    }

    /// Does the computer play the side to move of the game in front? Then the players'
    /// moves are refused (returns true). It plays the played game only.
    pub(super) fn computer_to_move(&mut self) -> bool {
        if self.viewed.is_some() {
            return false;
        }
        let turn = self.play.game().position().turn();
        let computers = self.computer.plays(turn) && self.play.outcome().is_none();
        if computers {
            self.play.deselect();
            self.screen.message = Some(Message::Computer(Note::ComputerToMove(turn)));
        }
        computers
    }

    /// After every action: a take-back lands on a player's turn (the computer's or the
    /// puzzle's reply goes too), a puzzle move gets judged, and the searches follow the game
    /// in front.
    pub(super) fn computer_after(&mut self, undo: bool) {
        if undo {
            self.undo_reply();
        }
        self.puzzle_after();
        self.play_from_book();
        // The editor in front: nothing is thought about until it is left.
        let idle =
            self.outcome().is_some() || self.screen.mode == Mode::Paused || self.editor().is_some();
        let sides = self.viewed.is_none();
        let now = self.screen.now.elapsed;
        let desk = self.viewed.as_ref().unwrap_or(&self.play);
        let clock = desk.clock().map(|c| (c, now));
        let effects = self.computer.sync(desk.game(), idle, sides, clock);
        self.screen.effects.extend(effects);
    }

    /// The computer's moves from the opening book, played at once, before any search: in
    /// the played game, in front and going on, while the book knows the position.
    fn play_from_book(&mut self) {
        if self.viewed.is_some() || self.screen.mode == Mode::Paused || self.editor().is_some() {
            return;
        }
        // The book ends within the explorer's plies; the bound only makes that sure.
        for _ in 0..xiangqi_records::opening::TREE_DEPTH {
            let game = self.play.game();
            let turn = game.position().turn();
            if self.play.outcome().is_some() || !self.computer.plays(turn) {
                return;
            }
            let Some(mv) = self.computer.book_move(game, self.play.generation()) else {
                return;
            };
            self.play.play(mv, &mut self.screen);
        }
    }

    /// The side the player at this terminal answers for in the played game: the side to
    /// move when two players take turns at the board, the side the computer leaves to the
    /// player when it plays the other; `None` when it plays both.
    fn players_side(&self) -> Option<Color> {
        let turn = self.play.game().position().turn();
        [turn, turn.other()]
            .into_iter()
            .find(|&side| !self.computer.plays(side))
    }

    /// `g`: the player's own side resigns, after a y/n — never the computer's, even while
    /// the computer thinks over its move.
    pub(super) fn resign_key(&mut self) {
        if !self.the_game_goes_on(GameAct::Resign) {
            return;
        }
        match self.players_side() {
            Some(side) => self.ask(Question::Resign(side)),
            None => self.screen.message = Some(Message::Computer(Note::PlaysBoth)),
        }
    }

    /// `d`: the player's side offers a draw. The other player answers y/n; the computer
    /// answers at once, and declines: it plays on to the end.
    pub(super) fn draw_key(&mut self) {
        if !self.the_game_goes_on(GameAct::Draw) {
            return;
        }
        match self.players_side() {
            Some(side) if self.computer.plays(side.other()) => {
                self.play.deselect();
                let note = Note::DeclinesDraw(side.other());
                self.screen.message = Some(Message::Computer(note));
            }
            Some(side) => self.ask(Question::Draw(side)),
            None => self.screen.message = Some(Message::Computer(Note::PlaysBoth)),
        }
    }

    /// A take-back of the player's move takes the computer's (or the puzzle's) reply with it.
    fn undo_reply(&mut self) {
        let turn = self.game().position().turn();
        let plies = self.game().moves().len();
        let puzzle_reply_gone = self
            .puzzle()
            .is_some_and(|s| s.status != Status::Shown && plies % 2 == 1);
        let computer_reply = self.viewed.is_none() && self.computer.plays(turn);
        if puzzle_reply_gone || computer_reply {
            let (desk, screen) = self.front();
            desk.undo(screen);
        }
        if let Some(s) = self.viewed.as_mut().and_then(Desk::puzzle_mut)
            && s.status == Status::Failed
        {
            s.status = Status::Playing;
        }
    }

    /// A replay of the player's move brings the computer's reply back with it, as the
    /// take-back took it away.
    pub(super) fn redo_reply(&mut self) {
        let turn = self.game().position().turn();
        if self.viewed.is_none() && self.computer.plays(turn) && self.game().can_redo() {
            let (desk, screen) = self.front();
            desk.redo(screen);
        }
    }

    /// Sets what varies the computer's book moves and a weak level's moves from game to
    /// game (the time at the start; a fixed number in tests).
    #[must_use]
    pub fn with_seed(mut self, seed: u64) -> App {
        self.computer.set_seed(seed);
        self
    }

    /// Leaving: nothing may go on thinking.
    pub(super) fn computer_stop(&mut self) {
        if let Some(effect) = self.computer.stop_all() {
            self.screen.effects.push(effect);
        }
    }

    fn hint_found(&mut self, mv: Move) {
        let text = self.write_move(self.game().position(), mv);
        self.screen.message = Some(Message::Computer(Note::Hint(text, mv.to_string())));
    }

    /// The computer's move (or a puzzle's defence), played on the desk in front as a
    /// player's would be (the clocks hear of it).
    fn play_for_computer(&mut self, mv: Move) {
        let (desk, screen) = self.front();
        desk.play(mv, screen);
    }

    /// A puzzle position after a move: mate solves it; an attacker's move is judged.
    fn puzzle_after(&mut self) {
        let Some(s) = self.puzzle() else { return };
        if s.tactic.is_some() {
            return self.tactic_after();
        }
        if s.status != Status::Playing {
            return;
        }
        let attacker = s.attacker();
        let plies = self.game().moves().len();
        let attacker_mated = self
            .outcome()
            .is_some_and(|o| o.winner == Some(attacker) && plies % 2 == 1);
        if attacker_mated {
            self.judged(Attempt::Solved);
        } else if plies % 2 == 1 && self.outcome().is_none() {
            let left = s.moves_left(plies - 1);
            self.computer.want_judge(key_of(self.game()), left);
        }
    }

    /// The verdict on the player's puzzle move.
    fn judged(&mut self, attempt: Attempt) {
        let Some(s) = self.viewed.as_mut().and_then(Desk::puzzle_mut) else {
            return;
        };
        match attempt {
            Attempt::Solved => {
                s.status = Status::Solved;
                let n = s.number;
                self.screen.message = Some(Message::Computer(Note::PuzzleSolved(n)));
                if self.progress.mark(n) {
                    self.screen
                        .effects
                        .push(Effect::KeepPuzzles(self.progress.clone()));
                }
            }
            Attempt::Continue { reply } => self.play_for_computer(reply),
            Attempt::Failed => {
                s.status = Status::Failed;
                self.screen.message = Some(Message::Computer(Note::PuzzleFailed));
            }
        }
    }

    /// `z`: the next puzzle (none open, or this one solved or shown), or this one's solution.
    fn puzzle_key(&mut self) {
        if self.puzzle().is_some_and(|s| s.tactic.is_some()) {
            return self.tactics_key();
        }
        match self.puzzle() {
            Some(s) if matches!(s.status, Status::Playing | Status::Failed) => {
                let game = s.solution_game();
                let text = s.solution_text();
                if let Some(desk) = &mut self.viewed {
                    if let Some(s) = desk.puzzle_mut() {
                        s.status = Status::Shown;
                    }
                    desk.set_game(game);
                }
                self.screen.mode = Mode::Play;
                self.screen.message = Some(Message::Computer(Note::PuzzleShown(text)));
            }
            current => {
                let after = current.map_or(0, |s| s.number);
                let next = self.progress.next(after, puzzle::count());
                self.open_puzzle(next);
            }
        }
    }

    /// Puts puzzle `n` on a desk in front of the played game (none if there is no such
    /// puzzle).
    pub(super) fn open_puzzle(&mut self, n: usize) {
        let Some(s) = Session::open(n) else { return };
        let note = Note::PuzzleStart(s.number, s.total, s.attacker(), s.puzzle.moves);
        let mut setup = self.setup;
        setup.flipped = s.attacker() == xiangqi_rules::Color::Black;
        let game = s.game();
        self.put_in_front(Desk::new(Kind::Puzzle(Box::new(s)), game, setup));
        self.screen.message = Some(Message::Computer(note));
    }

    /// The solved puzzles, as last read or kept.
    #[must_use]
    pub fn puzzle_progress(&self) -> &Progress {
        &self.progress
    }
}
