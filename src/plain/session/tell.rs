//! Saying what an action changed: the moves played and taken back, the app's message in
//! the plain mode's words, what the app now waits for, and the clocks running low.

use super::{Session, Snapshot, Typed, WARN_AT, WARNINGS_SAID, Warned};
use crate::plain::{answers, words};
use crate::tui::i18n::catalogue::{plain_id as id, side_key, tr, tr_args};
use crate::tui::i18n::lang::Lang;
use crate::tui::state::action::Now;
use crate::tui::state::computer::Note;
use crate::tui::state::prompt::message::{Message, Mode, ReviewNote};
use crate::tui::view::words::errors::bad_move_in;
use crate::tui::view::words::strings;
use std::time::Duration;
use xiangqi_rules::notation::is_cjk;
use xiangqi_rules::{Color, Move, NotationError, NotationErrorKind};

impl Session {
    /// Says what changed since `before`: the moves taken back and played, the message (a
    /// new one, or any after the player's own line), how the game now stands, and what the
    /// app now waits for.
    pub(super) fn tell(&mut self, before: &Snapshot, player: bool, typed: Option<Typed<'_>>) {
        let lang = self.lang();
        let after = Snapshot::of(&self.app);
        let same = before.same_game(&after);
        let mut lines = Vec::new();
        let mut moved = false;
        if same {
            let common = before
                .moves
                .iter()
                .zip(&after.moves)
                .take_while(|(a, b)| a == b)
                .count();
            for i in (common..before.moves.len()).rev() {
                lines.push(words::taken_back(
                    lang,
                    &before.positions[i],
                    before.moves[i],
                ));
            }
            for i in common..after.moves.len() {
                lines.push(words::played(lang, &after.positions[i], after.moves[i]));
            }
            moved = common < before.moves.len() || common < after.moves.len();
        }
        let moves_said = lines.len();
        let ended = after.outcome.is_some() && after.outcome != before.outcome;
        if let Some(m) = &after.message
            && (player || after.message != before.message)
        {
            lines.extend(self.message_lines(m, moved || ended, typed));
        }
        let turn = self.app.game().position().turn();
        let new_game = matches!(after.message, Some(Message::NewGameStarted));
        if (!same && !new_game) || moved || after.outcome != before.outcome {
            let status = match after.outcome {
                Some(outcome) => words::over(lang, outcome, turn),
                None => words::to_move(lang, turn),
            };
            let after_the_moves = moves_said == lines.len() && moved;
            match lines.last_mut() {
                Some(last) if after_the_moves => *last = words::sentences(lang, last, &status),
                _ => lines.push(status),
            }
            if moved && after.outcome.is_none() && !self.app.computer().plays(turn) {
                let pos = self.app.game().position();
                for &(mv, outcome) in self.app.warnings().iter().take(WARNINGS_SAID) {
                    lines.push(words::repetition_warning(lang, pos, mv, outcome));
                }
            }
        }
        lines.extend(self.mode_lines(before.mode, after.mode, player));
        for line in lines {
            self.say(line);
        }
    }

    /// What the app waits for now, if that is news: a question, a file's list, paused
    /// clocks or clocks running again.
    fn mode_lines(&self, before: Mode, after: Mode, player: bool) -> Vec<String> {
        let lang = self.lang();
        match after {
            Mode::Confirm(question) if player || before != after => {
                let file = self.app.desk().save_name().unwrap_or_default();
                vec![strings::question_in(lang, question, file)]
            }
            Mode::Picker { .. } if before != after => {
                let count = self.list_len();
                vec![tr_args(lang, id::PLAIN_PICKER, &[("count", count.into())])]
            }
            Mode::Paused if before != after => vec![tr(lang, id::PLAIN_PAUSED)],
            _ if before == Mode::Paused && after != Mode::Paused => {
                vec![tr(lang, id::PLAIN_CLOCKS_RUN)]
            }
            _ => Vec::new(),
        }
    }

    /// The words of the app's message `m`; `covered` when the moves said and the game's end
    /// already say what it says. The board screen's words serve, except where they name a
    /// key or the board, or where a move typed is better named as typed.
    pub(super) fn message_lines(
        &self,
        m: &Message,
        covered: bool,
        typed: Option<Typed<'_>>,
    ) -> Vec<String> {
        let lang = self.lang();
        let turn = self.app.game().position().turn();
        let side = |c: Color| ("side", side_key(c).into());
        let one = |text: String| vec![text];
        match m {
            Message::Over(_) | Message::Undone(_) | Message::Redone(_) if covered => Vec::new(),
            Message::Over(outcome) => one(tr_args(
                lang,
                id::PLAIN_GAME_OVER,
                &[("outcome", strings::outcome_in(lang, *outcome, turn).into())],
            )),
            Message::BadMove(e) => one(refused_move(lang, e, typed)),
            Message::Refused(_) => {
                let why = strings::message_in(lang, m, turn);
                one(match typed {
                    Some(t) => typed_words(lang, t.text, &why),
                    None => why,
                })
            }
            Message::Loaded(moves, result) => one(match result {
                xiangqi_records::pgn::PgnResult::Unknown => {
                    tr_args(lang, id::PLAIN_LOADED, &[("moves", (*moves).into())])
                }
                result => tr_args(
                    lang,
                    id::PLAIN_LOADED_RESULT,
                    &[
                        ("moves", (*moves).into()),
                        ("result", result.to_string().into()),
                    ],
                ),
            }),
            Message::Review(ReviewNote::Opened(number, moves)) => one(tr_args(
                lang,
                id::PLAIN_OPENED,
                &[("number", (*number).into()), ("moves", (*moves).into())],
            )),
            Message::Computer(Note::Plays(c, true)) => {
                one(tr_args(lang, id::PLAIN_COMPUTER_PLAYS, &[side(*c)]))
            }
            Message::Computer(Note::ComputerToMove(c)) => {
                one(tr_args(lang, id::PLAIN_COMPUTER_TO_MOVE, &[side(*c)]))
            }
            Message::Computer(Note::PlaysBoth) => one(tr(lang, id::PLAIN_PLAYS_BOTH)),
            Message::Computer(Note::Hint(_, iccs) | Note::BookHint(_, iccs)) => {
                let pos = self.app.game().position();
                let words = iccs
                    .parse::<Move>()
                    .map_or_else(|_| iccs.clone(), |mv| words::move_words(lang, pos, mv));
                one(tr_args(lang, id::PLAIN_HINT, &[("words", words.into())]))
            }
            Message::AutosaveFailed(why) => one(tr_args(
                lang,
                id::PLAIN_AUTOSAVE_FAILED,
                &[("why", why.as_str().into())],
            )),
            Message::Notices(all) => all
                .iter()
                .flat_map(|m| self.message_lines(m, covered, typed))
                .collect(),
            other => strings::message_in(lang, other, turn)
                .lines()
                .map(str::to_string)
                .collect(),
        }
    }

    /// Says the time left of the side to move as it passes under each of [`WARN_AT`], once
    /// a turn, for a side the computer does not play. What is already under at the turn's
    /// start is no news.
    pub(super) fn watch_clock(&mut self, now: Now) {
        let Some(clock) = self.app.clock() else {
            self.warned = None;
            return;
        };
        if clock.paused() || clock.stopped() || self.app.outcome().is_some() {
            return;
        }
        let side = clock.turn();
        let left = clock.left(side, now.elapsed);
        let plies = self.app.game().moves().len();
        let below = WARN_AT
            .iter()
            .copied()
            .filter(|&t| left <= t)
            .min()
            .unwrap_or(Duration::MAX);
        match self.warned {
            Some(w) if w.plies == plies && w.side == side => {
                if below < w.below {
                    self.warned = Some(Warned { below, ..w });
                    if !self.app.computer().plays(side) {
                        let lang = self.lang();
                        let said = tr_args(
                            lang,
                            id::PLAIN_CLOCK_LOW,
                            &[
                                ("side", side_key(side).into()),
                                ("time", answers::time(lang, left).into()),
                            ],
                        );
                        self.say(said);
                    }
                }
            }
            _ => self.warned = Some(Warned { plies, side, below }),
        }
    }
}

/// "h2h9: Not allowed: the path is blocked"
fn typed_words(lang: Lang, text: &str, why: &str) -> String {
    tr_args(
        lang,
        id::PLAIN_TYPED,
        &[("text", text.into()), ("why", why.into())],
    )
}

/// Why a typed move was not played: the library's reason with the text as typed; a line
/// that reads as no notation at all, and not as a move in words, is neither a command nor a
/// move.
fn refused_move(lang: Lang, e: &NotationError, typed: Option<Typed<'_>>) -> String {
    let (text, in_words) = typed.map_or((e.text.as_str(), false), |t| (t.text, t.in_words));
    match &e.kind {
        NotationErrorKind::Syntax(_) if !in_words && !text.chars().any(is_cjk) => {
            tr_args(lang, id::PLAIN_UNKNOWN, &[("text", text.into())])
        }
        kind => typed_words(lang, text, &bad_move_in(lang, kind)),
    }
}
