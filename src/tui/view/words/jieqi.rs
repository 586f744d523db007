//! Jieqi's reasons in the players' language: why a Jieqi FEN does not read, and why its
//! pieces and pool cannot be a position.

use super::errors::{fen_reason, piece_name, position};
use crate::tui::i18n::catalogue::{id, side_key, tr, tr_args};
use crate::tui::i18n::lang::Lang;
use xiangqi_rules::Piece;
use xiangqi_rules::jieqi::{JieqiFenError, JieqiPositionError, PoolFault};

/// Why a Jieqi FEN does not read: "invalid FEN: …".
#[must_use]
pub fn fen(lang: Lang, e: &JieqiFenError) -> String {
    tr_args(lang, id::FEN_INVALID, &[("why", reason(lang, e).into())])
}

/// What is wrong with a Jieqi FEN, without "invalid FEN" before it.
fn reason(lang: Lang, e: &JieqiFenError) -> String {
    match e {
        JieqiFenError::Fen(e) => fen_reason(lang, e),
        JieqiFenError::UnknownChar { ch, rank, column } => tr_args(
            lang,
            id::FEN_JIEQI_UNKNOWN_CHAR,
            &[
                ("char", format!("{ch:?}").into()),
                ("column", (*column).into()),
                ("rank", (*rank).into()),
            ],
        ),
        JieqiFenError::MissingPool => tr(lang, id::FEN_JIEQI_MISSING_POOL),
        JieqiFenError::SideBeforePool { column } => tr_args(
            lang,
            id::FEN_JIEQI_SIDE_BEFORE_POOL,
            &[("column", (*column).into())],
        ),
        JieqiFenError::Pool { column, fault } => tr_args(
            lang,
            id::FEN_JIEQI_POOL,
            &[
                ("column", (*column).into()),
                ("why", pool_fault(lang, fault).into()),
            ],
        ),
        JieqiFenError::TrailingText(text) => tr_args(
            lang,
            id::FEN_JIEQI_TRAILING,
            &[("found", format!("{text:?}").into())],
        ),
        JieqiFenError::Position(e) => jieqi_position(lang, e),
    }
}

/// What is wrong with a pool field.
fn pool_fault(lang: Lang, fault: &PoolFault) -> String {
    let letter = |c: &char| ("char", format!("{c:?}").into());
    match fault {
        PoolFault::NotAPiece(c) => tr_args(lang, id::JIEQI_POOL_NOT_A_PIECE, &[letter(c)]),
        PoolFault::NoCount(c) => tr_args(lang, id::JIEQI_POOL_NO_COUNT, &[letter(c)]),
        PoolFault::General(c) => tr_args(lang, id::JIEQI_POOL_GENERAL, &[letter(c)]),
        PoolFault::Repeated(c) => tr_args(lang, id::JIEQI_POOL_REPEATED, &[letter(c)]),
        PoolFault::TooMany { letter, count, max } => tr_args(
            lang,
            id::JIEQI_POOL_TOO_MANY,
            &[
                ("letter", letter.to_string().into()),
                ("count", (*count).into()),
                ("max", (*max).into()),
            ],
        ),
    }
}

/// Why pieces and a pool cannot be a Jieqi position.
#[must_use]
pub fn jieqi_position(lang: Lang, e: &JieqiPositionError) -> String {
    match *e {
        JieqiPositionError::Position(ref e) => position(lang, e),
        JieqiPositionError::CoveredOffStart { square, color } => tr_args(
            lang,
            id::JIEQI_COVERED_OFF_START,
            &[
                ("side", side_key(color).into()),
                ("square", square.to_string().into()),
            ],
        ),
        JieqiPositionError::PoolShort {
            color,
            covered,
            pool,
        } => tr_args(
            lang,
            id::JIEQI_POOL_SHORT,
            &[
                ("side", side_key(color).into()),
                ("covered", covered.into()),
                ("pool", pool.into()),
            ],
        ),
        JieqiPositionError::TooMany {
            color,
            role,
            revealed,
            unseen,
        } => tr_args(
            lang,
            id::JIEQI_TOO_MANY,
            &[
                ("piece", piece_name(lang, Piece::new(color, role)).into()),
                ("revealed", revealed.into()),
                ("unseen", unseen.into()),
                ("max", role.max_count().into()),
            ],
        ),
    }
}
