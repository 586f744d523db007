//! Why a file's clock cannot be taken, in the players' language: this program's clock tags
//! that `--resume` refuses, and the clock tags, `[TimeControl]` or `[%clk]` times of a record
//! opened without its clock. The store words them in English; the screen and the command line
//! say them through the catalogues.

use crate::tui::i18n::catalogue::{Id, id, side_key, tr, tr_args};
use crate::tui::i18n::lang::Lang;
use crate::tui::store::autosave::ClockTagError;
use crate::tui::store::saved::{ClockCommentError, ClockPassedOver};
use fluent_bundle::FluentValue;
use xiangqi_rules::clock::clk_time;

type Args = Vec<(&'static str, FluentValue<'static>)>;

/// Text as an argument, never read as a number (a tag's value, a count of milliseconds).
fn text(s: &str) -> FluentValue<'static> {
    FluentValue::from(s.to_string())
}

/// Why a file's clock tags cannot be taken: the tag, and what is wrong with it.
#[must_use]
pub fn clock_tags(lang: Lang, e: &ClockTagError) -> String {
    let (message, args): (Id, Args) = match e {
        ClockTagError::Missing { tag } => (id::CLOCK_TAG_MISSING, vec![("tag", text(tag))]),
        ClockTagError::Control { value } => (id::CLOCK_TAG_CONTROL, vec![("value", text(value))]),
        ClockTagError::Form { tag, value } => (
            id::CLOCK_TAG_FORM,
            vec![("tag", text(tag)), ("value", text(value))],
        ),
        ClockTagError::Start { start, moves } => (
            id::CLOCK_TAG_START,
            vec![
                ("start", text(&start.to_string())),
                ("moves", (*moves).into()),
            ],
        ),
        ClockTagError::Count { count, moves } => (
            id::CLOCK_TAG_COUNT,
            vec![
                ("count", text(&count.to_string())),
                ("moves", (*moves).into()),
            ],
        ),
        ClockTagError::TooMuchTime {
            tag,
            millis,
            moves,
            most,
        } => (
            id::CLOCK_TAG_TIME,
            vec![
                ("tag", text(tag)),
                ("value", text(&millis.to_string())),
                ("moves", (*moves).into()),
                ("most", text(&most.to_string())),
            ],
        ),
        ClockTagError::Overused { millis, had } => (
            id::CLOCK_TAG_USED,
            vec![
                ("value", text(&millis.to_string())),
                ("most", text(&had.to_string())),
            ],
        ),
    };
    tr_args(lang, message, &args)
}

/// Why a record's `[TimeControl]` and its moves' `[%clk]` times give no clock: what is
/// wrong, and on which move.
#[must_use]
pub fn clock_comments(lang: Lang, e: &ClockCommentError) -> String {
    let on_move = |number: u32, color: xiangqi_rules::Color| -> Args {
        vec![("number", number.into()), ("side", side_key(color).into())]
    };
    let (message, args): (Id, Args) = match e {
        ClockCommentError::Control { value } => {
            (id::CLOCK_TAG_CONTROL, vec![("value", text(value))])
        }
        ClockCommentError::NoControl => return tr(lang, id::CLOCK_COMMENT_NO_CONTROL),
        ClockCommentError::Missing { number, color } => {
            (id::CLOCK_COMMENT_MISSING, on_move(*number, *color))
        }
        ClockCommentError::Form {
            number,
            color,
            text: written,
        } => {
            let mut args = on_move(*number, *color);
            args.push(("text", text(written)));
            (id::CLOCK_COMMENT_FORM, args)
        }
        ClockCommentError::TooMuchTime {
            number,
            color,
            text: written,
            most,
        } => {
            let mut args = on_move(*number, *color);
            args.push(("text", text(written)));
            args.push(("most", text(&clk_time(*most))));
            (id::CLOCK_COMMENT_TIME, args)
        }
    };
    tr_args(lang, message, &args)
}

/// Why a record opened without the clock it tells of: "Clock passed over: …".
#[must_use]
pub fn clock_passed_over(lang: Lang, e: &ClockPassedOver) -> String {
    let why = match e {
        ClockPassedOver::Tags(e) => clock_tags(lang, e),
        ClockPassedOver::Comments(e) => clock_comments(lang, e),
    };
    tr_args(lang, id::CLOCK_PASSED_OVER, &[("why", why.into())])
}
