//! The screen's words put together from the catalogues ([`crate::tui::i18n::catalogue`]): a side's
//! name, a finished game, a message, a question, each in the players' language. Only the
//! move prompt's colon and the clock's digits are written here.

use crate::tui::i18n::catalogue::side_key;
use crate::tui::i18n::catalogue::{Id, id, tr, tr_args};
use crate::tui::i18n::lang::Lang;
use crate::tui::state::prompt::message::{Message, Question, Unread};
use crate::tui::view::words::errors::{self, bad_move_in, illegal_in};
use xiangqi_records::pgn::PgnResult;
use xiangqi_rules::{Color, MOVE_LIMIT_PLIES, Notation, Outcome, Termination};

/// What the move prompt starts with, vi-style (the same in every language).
pub const MOVE_PROMPT: &str = ": ";

/// 楚河 漢界 (and `--ascii` transliterations): the river's two halves, left and right.
/// Chosen by the board's glyphs, not by the language.
pub const RIVER: (&str, &str) = ("楚 河", "漢 界");
/// The river in simplified characters.
pub const RIVER_SIMPLIFIED: (&str, &str) = ("楚 河", "汉 界");
/// The river in `--ascii`.
pub const RIVER_ASCII: (&str, &str) = ("Chu He", "Han Jie");

/// The panel's title; `ascii` for `--ascii`.
#[must_use]
pub fn title(lang: Lang, ascii: bool) -> String {
    tr(lang, if ascii { id::TITLE_ASCII } else { id::TITLE })
}

/// What the panel says instead of its title while the played game waits behind a record
/// or a puzzle: the key that brings it back.
#[must_use]
pub fn game_aside(lang: Lang) -> String {
    tr(lang, id::GAME_ASIDE)
}

/// A side's name: "Red", "红方".
#[must_use]
pub fn side_name(lang: Lang, color: Color) -> String {
    tr(
        lang,
        match color {
            Color::Red => id::SIDE_RED,
            Color::Black => id::SIDE_BLACK,
        },
    )
}

/// "Red to move", "红方走棋".
#[must_use]
pub fn to_move_in(lang: Lang, color: Color) -> String {
    tr_args(lang, id::TO_MOVE, &[("side", side_key(color).into())])
}

/// Shown under the turn when the side to move is in check.
#[must_use]
pub fn check(lang: Lang) -> String {
    tr(lang, id::CHECK)
}

/// Heading of the move list, with the notation it is in.
#[must_use]
pub fn moves_heading_in(lang: Lang, notation: Notation) -> String {
    tr_args(
        lang,
        id::MOVES_HEADING,
        &[("notation", notation_name(lang, notation).into())],
    )
}

/// A notation's name: "Chinese", "中文", "WXF", "ICCS".
#[must_use]
pub fn notation_name(lang: Lang, notation: Notation) -> String {
    tr(
        lang,
        match notation {
            Notation::Chinese => id::NOTATION_CHINESE,
            Notation::Wxf => id::NOTATION_WXF,
            Notation::Iccs => id::NOTATION_ICCS,
        },
    )
}

/// Shown after the move prompt while it is empty; `ascii` for `--ascii`, where Chinese
/// cannot be shown.
#[must_use]
pub fn move_prompt_hint(lang: Lang, ascii: bool) -> String {
    let hint = if ascii {
        id::MOVE_PROMPT_HINT_ASCII
    } else {
        id::MOVE_PROMPT_HINT
    };
    tr(lang, hint)
}

/// What the save prompt starts with.
#[must_use]
pub fn save_prompt(lang: Lang) -> String {
    tr(lang, id::SAVE_PROMPT)
}

/// Shown after the file name when there is room.
#[must_use]
pub fn save_prompt_hint(lang: Lang) -> String {
    format!("  {}", tr(lang, id::SAVE_PROMPT_HINT))
}

/// Title of the keys window.
#[must_use]
pub fn help_title(lang: Lang) -> String {
    format!(" {} ", tr(lang, id::HELP_TITLE))
}

/// Last line of the keys window.
#[must_use]
pub fn help_close(lang: Lang) -> String {
    tr(lang, id::HELP_CLOSE)
}

/// Message line when there is nothing else to say.
#[must_use]
pub fn hint(lang: Lang) -> String {
    tr(lang, id::HINT)
}

/// Shown over the board while the clocks are paused.
#[must_use]
pub fn paused(lang: Lang) -> String {
    tr(lang, id::PAUSED)
}

/// Under [`paused`], while `p` resumes (not while a question or a prompt is open).
#[must_use]
pub fn paused_hint(lang: Lang) -> String {
    tr(lang, id::PAUSED_HINT)
}

/// Beside a clock in byo-yomi, and beside a paused one.
#[must_use]
pub fn clock_note(lang: Lang, byoyomi: bool) -> String {
    let note = if byoyomi {
        id::CLOCK_BYOYOMI
    } else {
        id::CLOCK_PAUSED
    };
    format!(" {}", tr(lang, note))
}

/// A line of the panel's key summary.
#[must_use]
pub fn key_summary(lang: Lang, line: Id) -> String {
    tr(lang, line)
}

/// "terminal too small — need W×H".
#[must_use]
pub fn too_small_in(lang: Lang, width: u16, height: u16) -> String {
    let (what, need) = too_small_parts_in(lang, width, height);
    format!("{what} — {need}")
}

/// The same in two parts, for a screen too narrow for the whole line: ("terminal too
/// small", "need W×H").
#[must_use]
pub fn too_small_parts_in(lang: Lang, width: u16, height: u16) -> (String, String) {
    (
        tr(lang, id::TOO_SMALL),
        tr_args(lang, id::TOO_SMALL_NEED, &size(width, height)),
    )
}

/// The current size, under the "too small" line.
#[must_use]
pub fn current_size_in(lang: Lang, width: u16, height: u16) -> String {
    tr_args(lang, id::TOO_SMALL_NOW, &size(width, height))
}

/// A size's variables.
fn size(width: u16, height: u16) -> [(&'static str, fluent_bundle::FluentValue<'static>); 2] {
    [("width", width.into()), ("height", height.into())]
}

/// The headline and reason in `lang`: ("红胜", "黑方长将"). `to_move` is the side to move
/// where the game ended: after a flag fell, the side whose time ran out (only the side to
/// move's time runs), which a draw on time names as a loss on time does.
#[must_use]
pub fn outcome_parts_in(lang: Lang, o: Outcome, to_move: Color) -> (String, String) {
    let head = tr(
        lang,
        match o.winner {
            Some(Color::Red) => id::OUTCOME_RED_WINS,
            Some(Color::Black) => id::OUTCOME_BLACK_WINS,
            None => id::OUTCOME_DRAW,
        },
    );
    let loser = [("loser", side_key(o.loser().unwrap_or(Color::Red)).into())];
    let reason = match o.termination {
        Termination::Checkmate => tr(lang, id::REASON_CHECKMATE),
        Termination::NoLegalMove => tr_args(lang, id::REASON_NO_LEGAL_MOVE, &loser),
        Termination::PerpetualCheck => tr_args(lang, id::REASON_PERPETUAL_CHECK, &loser),
        Termination::PerpetualChase => tr_args(lang, id::REASON_PERPETUAL_CHASE, &loser),
        Termination::Repetition => tr(lang, id::REASON_REPETITION),
        Termination::MoveLimit => tr_args(
            lang,
            id::REASON_MOVE_LIMIT,
            &[("moves", (MOVE_LIMIT_PLIES / 2).into())],
        ),
        Termination::InsufficientMaterial => tr(lang, id::REASON_INSUFFICIENT_MATERIAL),
        Termination::Resignation => tr_args(lang, id::REASON_RESIGNATION, &loser),
        Termination::Agreement => tr(lang, id::REASON_AGREEMENT),
        Termination::TimeForfeit => match o.winner {
            Some(_) => tr_args(lang, id::REASON_TIME_FORFEIT, &loser),
            None => tr_args(
                lang,
                id::REASON_TIME_FORFEIT_DRAW,
                &[("loser", side_key(to_move).into())],
            ),
        },
        // A way to end that the library gained after this screen: its own English words.
        other => other.to_string(),
    };
    (head, reason)
}

/// "Black wins — perpetual check by Red" (`to_move` as [`outcome_parts_in`] takes it).
#[must_use]
pub fn outcome(o: Outcome, to_move: Color) -> String {
    outcome_in(Lang::En, o, to_move)
}

/// "红胜 — 黑方长将" (`to_move` as [`outcome_parts_in`] takes it).
#[must_use]
pub fn outcome_in(lang: Lang, o: Outcome, to_move: Color) -> String {
    let (head, reason) = outcome_parts_in(lang, o, to_move);
    format!("{head} — {reason}")
}

/// A warning that `text`, a move of `mover`, would end the game by repetition with `o`.
#[must_use]
pub fn repetition_warning_in(lang: Lang, text: &str, mover: Color, o: Outcome) -> String {
    let perpetual = || perpetual_in(lang, o.termination).into();
    match o.winner {
        Some(w) if w == mover => tr_args(
            lang,
            id::REPETITION_WINS,
            &[
                ("move", text.into()),
                ("side", side_key(w.other()).into()),
                ("perpetual", perpetual()),
            ],
        ),
        Some(_) => tr_args(
            lang,
            id::REPETITION_LOSES,
            &[("move", text.into()), ("perpetual", perpetual())],
        ),
        None => tr_args(lang, id::REPETITION_DRAWS, &[("move", text.into())]),
    }
}

/// A perpetual that loses: "perpetual chase", 长捉; anything else is a perpetual check.
fn perpetual_in(lang: Lang, termination: Termination) -> String {
    tr(
        lang,
        match termination {
            Termination::PerpetualChase => id::TERMINATION_PERPETUAL_CHASE,
            _ => id::TERMINATION_PERPETUAL_CHECK,
        },
    )
}

/// How a game ended in a few words, in `lang`, without who: "resignation", "認輸".
#[must_use]
pub fn termination_in(lang: Lang, termination: Termination) -> String {
    let words = match termination {
        Termination::Checkmate => id::TERMINATION_CHECKMATE,
        Termination::NoLegalMove => id::TERMINATION_NO_LEGAL_MOVE,
        Termination::PerpetualCheck | Termination::PerpetualChase => {
            return perpetual_in(lang, termination);
        }
        Termination::Repetition => id::TERMINATION_REPETITION,
        Termination::MoveLimit => {
            return tr_args(
                lang,
                id::TERMINATION_MOVE_LIMIT,
                &[("moves", (MOVE_LIMIT_PLIES / 2).into())],
            );
        }
        Termination::InsufficientMaterial => id::TERMINATION_INSUFFICIENT_MATERIAL,
        Termination::Resignation => id::TERMINATION_RESIGNATION,
        Termination::Agreement => id::TERMINATION_AGREEMENT,
        Termination::TimeForfeit => id::TERMINATION_TIME_FORFEIT,
        other => return other.to_string(),
    };
    tr(lang, words)
}

/// The banner of a loaded game's recorded result in `lang`: ("Red wins", "1-0 as
/// recorded: resignation"), with the record's `[Termination]` put in `lang` when it is one
/// of the words this game writes there (any other text is shown as the record has it).
#[must_use]
pub fn recorded_banner_in(
    lang: Lang,
    result: PgnResult,
    termination: Option<&str>,
) -> Option<(String, String)> {
    let head = tr(
        lang,
        match result {
            PgnResult::RedWins => id::OUTCOME_RED_WINS,
            PgnResult::BlackWins => id::OUTCOME_BLACK_WINS,
            PgnResult::Draw => id::OUTCOME_DRAW,
            PgnResult::Unknown => return None,
        },
    );
    let result = result.as_str();
    let reason = match termination {
        Some(why) => {
            const ALL: [Termination; 10] = [
                Termination::Checkmate,
                Termination::NoLegalMove,
                Termination::PerpetualCheck,
                Termination::PerpetualChase,
                Termination::Repetition,
                Termination::MoveLimit,
                Termination::InsufficientMaterial,
                Termination::Resignation,
                Termination::Agreement,
                Termination::TimeForfeit,
            ];
            let words = ALL
                .into_iter()
                .find(|k| k.describe().eq_ignore_ascii_case(why.trim()))
                .map(|k| termination_in(lang, k))
                // The record's own spelling where the language says the same (English).
                .filter(|words| !words.eq_ignore_ascii_case(why.trim()))
                .unwrap_or_else(|| why.to_string());
            tr_args(
                lang,
                id::RECORDED_WHY,
                &[("result", result.into()), ("why", words.into())],
            )
        }
        None => tr_args(lang, id::RECORDED, &[("result", result.into())]),
    };
    Some((head, reason))
}

/// Shown when more moves repeat than there are lines for.
#[must_use]
pub fn more_warnings_in(lang: Lang, n: usize) -> String {
    tr_args(lang, id::MORE_WARNINGS, &[("count", n.into())])
}

/// The running count towards the move limit.
#[must_use]
pub fn move_limit_in(lang: Lang, plies: u32) -> String {
    tr_args(
        lang,
        id::MOVE_LIMIT,
        &[("plies", plies.into()), ("limit", MOVE_LIMIT_PLIES.into())],
    )
}

/// The quit question while the autosave cannot be written: why, and that `s` saves the game
/// elsewhere.
#[must_use]
pub fn quit_unsaved(lang: Lang, why: &str) -> String {
    tr_args(lang, id::QUESTION_QUIT_UNSAVED, &[("why", why.into())])
}

/// The panel's title while the autosave cannot be written.
#[must_use]
pub fn not_saved(lang: Lang) -> String {
    tr(lang, id::NOT_SAVED)
}

/// The words of a yes/no question in `lang`; `file` is the file to be replaced.
#[must_use]
pub fn question_in(lang: Lang, q: Question, file: &str) -> String {
    match q {
        Question::NewGame(false) => tr(lang, id::QUESTION_NEW_GAME),
        Question::NewGame(true) => tr(lang, id::QUESTION_NEW_GAME_BEHIND),
        Question::Resign(c) => tr_args(lang, id::QUESTION_RESIGN, &[("side", side_key(c).into())]),
        Question::Draw(c) => tr_args(
            lang,
            id::QUESTION_DRAW,
            &[
                ("side", side_key(c).into()),
                ("other", side_key(c.other()).into()),
            ],
        ),
        Question::Overwrite => tr_args(lang, id::QUESTION_OVERWRITE, &[("file", file.into())]),
        Question::Quit => tr(lang, id::QUESTION_QUIT),
        Question::OpenPasted(true) => tr(lang, id::QUESTION_OPEN_PASTED_GAME),
        Question::OpenPasted(false) => tr(lang, id::QUESTION_OPEN_PASTED_POSITION),
        Question::DeleteMoves(n) => crate::tui::view::record::delete_question(lang, n),
        Question::PlaySetup => tr(lang, id::QUESTION_PLAY_SETUP),
        Question::NetAnswer(ask) => crate::tui::view::network::question_text(lang, ask),
    }
}

/// The last line of the quit summary, for a finished game: "1-0 (Red wins — checkmate)"
/// (`to_move` as [`outcome_parts_in`] takes it).
#[must_use]
pub fn result_line(o: Outcome, to_move: Color) -> String {
    format!("{} ({})", o.pgn_result(), outcome(o, to_move))
}

/// The words of a message in `lang`, `to_move` being the side to move in the game shown
/// (which the words of a draw on time name). Reasons from outside the game (a file that
/// cannot be written) are shown as they come.
#[must_use]
pub fn message_in(lang: Lang, m: &Message, to_move: Color) -> String {
    let side = |c: Color| [("side", side_key(c).into())];
    match m {
        // The text is on the prompt already; say only what is wrong with it.
        Message::BadMove(e) => bad_move_in(lang, &e.kind),
        Message::Refused(reason) => tr_args(
            lang,
            id::REFUSED,
            &[("reason", illegal_in(lang, *reason).into())],
        ),
        Message::SelectFirst(c) => tr_args(lang, id::SELECT_FIRST, &side(*c)),
        Message::NotYourTurn(c) => tr_args(lang, id::NOT_YOUR_TURN, &side(*c)),
        Message::Over(o) => tr_args(
            lang,
            id::GAME_OVER,
            &[("outcome", outcome_in(lang, *o, to_move).into())],
        ),
        Message::NothingToUndo => tr(lang, id::NOTHING_TO_UNDO),
        Message::NothingToRedo => tr(lang, id::NOTHING_TO_REDO),
        Message::Undone(mv) => tr_args(lang, id::UNDONE, &[("move", mv.as_str().into())]),
        Message::Redone(mv) => tr_args(lang, id::REDONE, &[("move", mv.as_str().into())]),
        Message::Withdrawn(o) => match o.termination {
            Termination::Resignation => tr(lang, id::WITHDRAWN_RESIGNATION),
            Termination::TimeForfeit => tr(lang, id::WITHDRAWN_TIME),
            _ => tr(lang, id::WITHDRAWN_DRAW),
        },
        Message::NewGameStarted => tr(lang, id::NEW_GAME_STARTED),
        Message::SetupStarted(c) => tr_args(lang, id::SETUP_STARTED, &side(*c)),
        Message::Declined(Question::Draw(c)) => tr_args(lang, id::DRAW_DECLINED, &side(c.other())),
        Message::Declined(_) => tr(lang, id::DECLINED),
        Message::NotationShown(n) => tr_args(
            lang,
            id::NOTATION_SHOWN,
            &[("notation", notation_name(lang, *n).into())],
        ),
        Message::Saved(path) => tr_args(
            lang,
            id::SAVED,
            &[("path", path.display().to_string().into())],
        ),
        Message::SavedXqf(path, left_out) => tr_args(
            lang,
            id::SAVED_XQF,
            &[
                ("path", path.display().to_string().into()),
                ("left", (*left_out).into()),
            ],
        ),
        Message::SaveFailed(path, error) => tr_args(
            lang,
            id::SAVE_FAILED,
            &[
                ("path", path.display().to_string().into()),
                ("error", error.as_str().into()),
            ],
        ),
        Message::Notice(text) => text.clone(),
        Message::ConfigNotUsed(error) => crate::tui::view::words::config_error::said(lang, error),
        Message::ResumeAvailable => tr(lang, id::RESUME_AVAILABLE),
        Message::Resumed(moves) => tr_args(lang, id::RESUMED, &[("moves", (*moves).into())]),
        Message::NoClock => tr(lang, id::NO_CLOCK),
        Message::BackToGame => tr(lang, id::BACK_TO_GAME),
        Message::PutAway(front, c) => tr_args(
            lang,
            id::PUT_AWAY,
            &[("front", front.key().into()), ("side", side_key(*c).into())],
        ),
        Message::NoComment => tr(lang, id::NO_COMMENT),
        Message::PasteIgnored(None) => tr(lang, id::PASTE_IGNORED),
        Message::PasteIgnored(Some(why)) => {
            let why = match why {
                Unread::Fen(e) => errors::fen(lang, e),
                Unread::Record(e) => errors::record(lang, e),
            };
            tr_args(lang, id::PASTE_UNREAD, &[("why", why.into())])
        }
        Message::NotTheGame => tr(lang, id::NOT_THE_GAME),
        Message::NoGameBehind(act, front) => tr_args(
            lang,
            id::NO_GAME_BEHIND,
            &[("act", act.key().into()), ("front", front.key().into())],
        ),
        Message::Notices(all) => all
            .iter()
            .map(|m| message_in(lang, m, to_move))
            .collect::<Vec<_>>()
            .join("\n"),
        Message::RecordEnded(act, result) => tr_args(
            lang,
            id::RECORD_ENDED,
            &[
                ("act", act.key().into()),
                ("result", result.as_str().into()),
            ],
        ),
        Message::Computer(note) => crate::tui::view::computer::note_text(lang, note),
        Message::Net(note) => crate::tui::view::network::note_text(lang, note),
        Message::Door(note) => door_note_text(lang, note),
        Message::AutosaveFailed(why) => {
            tr_args(lang, id::AUTOSAVE_FAILED, &[("why", why.as_str().into())])
        }
        Message::Review(note) => review_note(lang, note),
        Message::Annotation(note) => crate::tui::view::panel::graph::note_text(lang, note),
        Message::Record(note) => crate::tui::view::record::note_text(lang, note),
        Message::Loaded(moves, result) => match result {
            PgnResult::Unknown => tr_args(lang, id::LOADED, &[("moves", (*moves).into())]),
            r => tr_args(
                lang,
                id::LOADED_RESULT,
                &[("moves", (*moves).into()), ("result", r.to_string().into())],
            ),
        },
    }
}

/// A clock's time: `h:mm:ss` from an hour, `m:ss` from 10 s, `9.9` (tenths) under 10 s;
/// cut, never rounded up, so `0.0` shows only when the time is gone.
#[must_use]
pub fn clock_time(left: std::time::Duration) -> String {
    let secs = left.as_secs();
    if left < std::time::Duration::from_secs(10) {
        format!("{secs}.{}", left.subsec_millis() / 100)
    } else if secs >= 3600 {
        format!("{}:{:02}:{:02}", secs / 3600, secs / 60 % 60, secs % 60)
    } else {
        format!("{}:{:02}", secs / 60, secs % 60)
    }
}

/// The prompt's label for opening a file.
#[must_use]
pub fn open_prompt(lang: Lang) -> String {
    tr(lang, id::OPEN_PROMPT)
}

/// Shown after the file name to open.
#[must_use]
pub fn open_prompt_hint(lang: Lang) -> String {
    format!("  {}", tr(lang, id::OPEN_PROMPT_HINT))
}

/// The prompt's label for red's name.
#[must_use]
pub fn red_prompt(lang: Lang) -> String {
    tr(lang, id::RED_PROMPT)
}

/// The prompt's label for black's name.
#[must_use]
pub fn black_prompt(lang: Lang) -> String {
    tr(lang, id::BLACK_PROMPT)
}

/// Shown after a player's name.
#[must_use]
pub fn name_prompt_hint(lang: Lang) -> String {
    format!("  {}", tr(lang, id::NAME_PROMPT_HINT))
}

/// What the message line says about going through a game or opening one.
#[must_use]
pub fn review_note(lang: Lang, note: &crate::tui::state::app::review::Note) -> String {
    use crate::tui::state::action::Nav;
    use crate::tui::state::app::review::Note;
    match note {
        Note::NothingThere(nav) => tr(
            lang,
            match nav {
                Nav::Start | Nav::Back => id::AT_START,
                Nav::End | Nav::Forward => id::AT_END,
                Nav::NextLine | Nav::PreviousLine => id::NO_OTHER_LINE,
                Nav::To(_) => id::ALREADY_THERE,
            },
        ),
        Note::At {
            text: Some(text),
            ply,
            variation,
        } => tr_args(
            lang,
            id::AT_MOVE,
            &[
                ("move", text.as_str().into()),
                ("line", if *variation { "variation" } else { "main" }.into()),
                ("ply", (*ply).into()),
            ],
        ),
        Note::At { text: None, .. } => tr(lang, id::AT_START_POSITION),
        Note::ClockRunning => tr(lang, id::CLOCK_RUNNING),
        Note::CannotOpen(why) => tr_args(
            lang,
            id::CANNOT_OPEN,
            &[("why", errors::library(lang, why).into())],
        ),
        Note::Completions(names) => completions(lang, names),
        Note::NoCompletion => tr(lang, id::NO_COMPLETION),
        Note::Opened(n, moves) => tr_args(
            lang,
            id::OPENED,
            &[("number", (*n).into()), ("moves", (*moves).into())],
        ),
        Note::ClockPassedOver(why) => {
            crate::tui::view::words::clock_reasons::clock_passed_over(lang, why)
        }
        Note::LinesCut(cut, clock) => errors::lines_cut(lang, cut, clock.as_ref()),
    }
}

/// The file names Tab could complete to, the first eight (their last part), and how many
/// more there are.
fn completions(lang: Lang, names: &[String]) -> String {
    let shown: Vec<String> = names
        .iter()
        .take(8)
        .map(|n| {
            let whole = n.trim_end_matches('/');
            let tail = whole.rsplit_once('/').map_or(whole, |(_, tail)| tail);
            let slash = if n.ends_with('/') { "/" } else { "" };
            format!("{tail}{slash}")
        })
        .collect();
    let more = names.len().saturating_sub(shown.len());
    let more = if more > 0 {
        format!(
            " {}",
            tr_args(lang, id::COMPLETIONS_MORE, &[("count", more.into())])
        )
    } else {
        String::new()
    };
    format!("{}{more}", shown.join("  "))
}

/// What the message line says for `note`, in `lang`.
#[must_use]
fn door_note_text(lang: Lang, note: &crate::tui::door::DoorNote) -> String {
    match note {
        crate::tui::door::DoorNote::NoCommand(text) => tr_args(
            lang,
            id::PALETTE_NO_MATCH,
            &[("text", text.as_str().into())],
        ),
        crate::tui::door::DoorNote::NotNow(name) => tr_args(
            lang,
            id::PALETTE_UNAVAILABLE,
            &[("name", tr(lang, *name).into())],
        ),
        crate::tui::door::DoorNote::NetFailed(why) => {
            tr_args(lang, id::MENU_NET_FAILED, &[("why", why.as_str().into())])
        }
    }
}

#[cfg(test)]
mod tests;
