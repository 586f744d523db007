//! The words of editing the record and of the clipboard: the messages, the comment prompt,
//! the question before deleting moves of the main line.

use crate::tui::i18n::catalogue::{id, tr, tr_args};
use crate::tui::i18n::lang::Lang;
use crate::tui::state::app::App;
use crate::tui::state::record::RecordNote;
use ratatui::style::Style;
use xiangqi_rules::EditKind;

/// The words of `note` in `lang`. The FEN shown is the FEN alone, so that selecting the
/// line with the mouse takes nothing else.
#[must_use]
pub fn note_text(lang: Lang, note: &RecordNote) -> String {
    match note {
        RecordNote::Commented => tr(lang, id::RECORD_COMMENTED),
        RecordNote::CommentRemoved => tr(lang, id::RECORD_COMMENT_REMOVED),
        RecordNote::Marked(Some(mark)) => {
            tr_args(lang, id::RECORD_MARKED, &[("mark", (*mark).into())])
        }
        RecordNote::Marked(None) => tr(lang, id::RECORD_UNMARKED),
        RecordNote::Promoted => tr(lang, id::RECORD_PROMOTED),
        RecordNote::AlreadyMain => tr(lang, id::RECORD_ALREADY_MAIN),
        RecordNote::Deleted(n) => tr_args(lang, id::RECORD_DELETED, &[("moves", (*n).into())]),
        RecordNote::NoMove => tr(lang, id::RECORD_NO_MOVE),
        RecordNote::NotHere => tr(lang, id::RECORD_NOT_HERE),
        RecordNote::Undone(kind) => tr(
            lang,
            match kind {
                EditKind::Comment => id::RECORD_UNDONE_COMMENT,
                EditKind::Mark => id::RECORD_UNDONE_MARK,
                EditKind::Promote => id::RECORD_UNDONE_PROMOTE,
                EditKind::Delete => id::RECORD_UNDONE_DELETE,
            },
        ),
        RecordNote::Gone => tr(lang, id::RECORD_GONE),
        RecordNote::FenCopied => tr(lang, id::RECORD_FEN_COPIED),
        RecordNote::PgnCopied(bytes) => {
            tr_args(lang, id::RECORD_PGN_COPIED, &[("bytes", (*bytes).into())])
        }
        RecordNote::DhtmlxqCopied { bytes, left_out } => tr_args(
            lang,
            id::RECORD_DHTMLXQ_COPIED,
            &[("bytes", (*bytes).into()), ("left", (*left_out).into())],
        ),
        RecordNote::NotCopied(why) => {
            tr_args(lang, id::RECORD_NOT_COPIED, &[("why", why.clone().into())])
        }
        RecordNote::Fen(fen) => fen.clone(),
    }
}

/// How `note` is drawn: a refusal as a warning.
#[must_use]
pub fn note_style(app: &App, note: &RecordNote) -> Style {
    match note {
        RecordNote::AlreadyMain
        | RecordNote::NoMove
        | RecordNote::NotHere
        | RecordNote::Gone
        | RecordNote::NotCopied(_) => app.theme().warning,
        _ => Style::new(),
    }
}

/// The comment prompt's label.
#[must_use]
pub fn comment_prompt(lang: Lang) -> String {
    tr(lang, id::COMMENT_PROMPT)
}

/// Shown after the comment when there is room.
#[must_use]
pub fn comment_prompt_hint(lang: Lang) -> String {
    format!("  {}", tr(lang, id::COMMENT_PROMPT_HINT))
}

/// Asked before `moves` moves of the main line are deleted.
#[must_use]
pub fn delete_question(lang: Lang, moves: usize) -> String {
    tr_args(lang, id::QUESTION_DELETE_MOVES, &[("moves", moves.into())])
}
