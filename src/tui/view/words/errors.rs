//! The library's reasons, in the players' language: why a move is refused, why a set-up
//! cannot be played, why a FEN, a record or a game file does not read, and why a network
//! connection ended. The library words them in English for scripts and other programs; the
//! screen and the command line say them through the catalogues. A reason the library gives
//! only as text (what is wrong with a binary record's start, the system's reason a file
//! cannot be read) comes through as it is.

use crate::tui::i18n::catalogue::{Id, id, side_key, tr, tr_args};
use crate::tui::i18n::lang::Lang;
use crate::tui::store::files::shown;
use crate::tui::store::library::LibraryError;
use crate::tui::store::saved::ClockPassedOver;
use fluent_bundle::FluentValue;
use xiangqi_net::NetError;
use xiangqi_net::channel::MAX_MESSAGE;
use xiangqi_net::frame::MAX_FRAME;
use xiangqi_records::ccbridge::CbrError;
use xiangqi_records::dhtmlxq::DhtmlError;
use xiangqi_records::pgn::{CutReason, PgnError, PgnErrorKind};
use xiangqi_records::xqf::XqfError;
use xiangqi_rules::setup::SetupError;
use xiangqi_rules::{
    CutLine, FenError, IllegalMove, Notation, NotationErrorKind, NumberField, Piece, PositionError,
    Role, Square, StartError,
};

/// Why the rules refuse a move, in `lang`.
#[must_use]
pub fn illegal_in(lang: Lang, reason: IllegalMove) -> String {
    let words = match reason {
        IllegalMove::NoPiece => id::ILLEGAL_NO_PIECE,
        IllegalMove::NotYourPiece => id::ILLEGAL_NOT_YOUR_PIECE,
        IllegalMove::NullMove => id::ILLEGAL_NULL_MOVE,
        IllegalMove::OwnPiece => id::ILLEGAL_OWN_PIECE,
        IllegalMove::WrongShape(role) => match role {
            Role::General => id::ILLEGAL_SHAPE_GENERAL,
            Role::Advisor => id::ILLEGAL_SHAPE_ADVISOR,
            Role::Elephant => id::ILLEGAL_SHAPE_ELEPHANT,
            Role::Horse => id::ILLEGAL_SHAPE_HORSE,
            Role::Chariot => id::ILLEGAL_SHAPE_CHARIOT,
            Role::Cannon => id::ILLEGAL_SHAPE_CANNON,
            Role::Soldier => id::ILLEGAL_SHAPE_SOLDIER,
        },
        IllegalMove::LeavesPalace(role) => {
            // The library's role names ("general", "advisor") are the selector's keys.
            return tr_args(
                lang,
                id::ILLEGAL_LEAVES_PALACE,
                &[("role", role.name().into())],
            );
        }
        IllegalMove::HorseLegBlocked => id::ILLEGAL_HORSE_LEG,
        IllegalMove::ElephantEyeBlocked => id::ILLEGAL_ELEPHANT_EYE,
        IllegalMove::ElephantCrossesRiver => id::ILLEGAL_ELEPHANT_RIVER,
        IllegalMove::PathBlocked => id::ILLEGAL_PATH_BLOCKED,
        IllegalMove::CannonNeedsOneScreen => id::ILLEGAL_CANNON_SCREEN,
        IllegalMove::SoldierBackward => id::ILLEGAL_SOLDIER_BACKWARD,
        IllegalMove::SoldierSidewaysBeforeRiver => id::ILLEGAL_SOLDIER_SIDEWAYS,
        IllegalMove::GeneralsFace => id::ILLEGAL_GENERALS_FACE,
        IllegalMove::LeavesGeneralInCheck => id::ILLEGAL_LEAVES_CHECK,
    };
    tr(lang, words)
}

/// What is wrong with a typed move, in `lang`.
#[must_use]
pub fn bad_move_in(lang: Lang, kind: &NotationErrorKind) -> String {
    let words = match kind {
        NotationErrorKind::Syntax(Notation::Chinese) => id::BAD_MOVE_CHINESE,
        NotationErrorKind::Syntax(Notation::Wxf) => id::BAD_MOVE_WXF,
        NotationErrorKind::Syntax(Notation::Iccs) => id::BAD_MOVE_ICCS,
        NotationErrorKind::NoPiece => id::BAD_MOVE_NO_PIECE,
        NotationErrorKind::Impossible => id::BAD_MOVE_IMPOSSIBLE,
        NotationErrorKind::Ambiguous => id::BAD_MOVE_AMBIGUOUS,
        NotationErrorKind::Illegal(e) => {
            return tr_args(
                lang,
                id::BAD_MOVE_ILLEGAL,
                &[("reason", illegal_in(lang, *e).into())],
            );
        }
    };
    tr(lang, words)
}

/// A message's variables, as [`tr_args`] takes them.
type Args<'a> = Vec<(&'static str, FluentValue<'a>)>;

/// Why a FEN does not read: "invalid FEN: …".
#[must_use]
pub fn fen(lang: Lang, e: &FenError) -> String {
    tr_args(
        lang,
        id::FEN_INVALID,
        &[("why", fen_reason(lang, e).into())],
    )
}

/// What is wrong with a FEN, without "invalid FEN" before it.
pub(crate) fn fen_reason(lang: Lang, e: &FenError) -> String {
    let found = |text: &str| ("found", format!("{text:?}").into());
    let (message, args): (Id, Args<'_>) = match e {
        FenError::Empty => (id::FEN_EMPTY, vec![]),
        FenError::RankCount { found } => (id::FEN_RANK_COUNT, vec![("found", (*found).into())]),
        FenError::RankWidth { rank, files } => (
            id::FEN_RANK_WIDTH,
            vec![
                ("rank", (*rank).into()),
                ("nth", 10u8.saturating_sub(*rank).into()),
                ("files", (*files).into()),
            ],
        ),
        FenError::UnknownChar { ch, rank, column } => (
            id::FEN_UNKNOWN_CHAR,
            vec![
                ("char", format!("{ch:?}").into()),
                ("column", (*column).into()),
                ("rank", (*rank).into()),
            ],
        ),
        FenError::BadSide(text) => (id::FEN_BAD_SIDE, vec![found(text)]),
        FenError::BadNumber { field, text } => {
            let key = match field {
                NumberField::HalfmoveClock => "halfmove",
                NumberField::MoveNumber => "fullmove",
            };
            (id::FEN_BAD_NUMBER, vec![("field", key.into()), found(text)])
        }
        FenError::TrailingText(text) => (id::FEN_TRAILING, vec![found(text)]),
        FenError::Position(p) => return position(lang, p),
    };
    tr_args(lang, message, &args)
}

/// Why a placement cannot occur in a game, in the words the set-up editor uses.
#[must_use]
pub fn position(lang: Lang, e: &PositionError) -> String {
    match *e {
        PositionError::GeneralCount { color, count: 0 } => missing_general(lang, color),
        PositionError::GeneralCount { color, count } => too_many(lang, color, Role::General, count),
        PositionError::TooManyPieces { color, role, count } => too_many(lang, color, role, count),
        PositionError::UnreachablePoint { piece, square } if piece.role == Role::General => {
            general_outside(lang, piece.color, square)
        }
        PositionError::UnreachablePoint { piece, square } => unreachable(lang, piece, square),
        PositionError::GeneralsFacing { file } => generals_facing(lang, file),
        PositionError::OpponentInCheck { color } => tr_args(
            lang,
            id::POSITION_OPPONENT_IN_CHECK,
            &[("side", side_key(color).into())],
        ),
    }
}

/// The words of a reason the library gave for refusing the position.
pub(crate) fn reason_text(lang: Lang, reason: &SetupError) -> String {
    let side = |c: xiangqi_rules::Color| ("side", side_key(c).into());
    match *reason {
        SetupError::MissingGeneral { color } => missing_general(lang, color),
        SetupError::GeneralOutsidePalace { color, square } => general_outside(lang, color, square),
        SetupError::TooMany { color, role, count } => too_many(lang, color, role, count),
        SetupError::Unreachable { piece, square } => unreachable(lang, piece, square),
        SetupError::SoldiersShareFile { color, file } => tr_args(
            lang,
            id::SETUP_SOLDIERS_SHARE_FILE,
            &[side(color), ("file", file.char().to_string().into())],
        ),
        SetupError::OpponentInCheck { color, general } => tr_args(
            lang,
            id::SETUP_OPPONENT_IN_CHECK,
            &[side(color), ("square", general.to_string().into())],
        ),
        SetupError::GeneralsFacing { file } => generals_facing(lang, file.char()),
        // A reason a later library names: its own words, in English.
        _ => reason.to_string(),
    }
}

/// A piece as a reason names it: "red chariot", "红车".
pub(crate) fn piece_name(lang: Lang, piece: Piece) -> String {
    tr_args(
        lang,
        id::SETUP_PIECE,
        &[
            ("side", side_key(piece.color).into()),
            ("role", piece.role.name().into()),
        ],
    )
}

/// "Red has no general".
fn missing_general(lang: Lang, color: xiangqi_rules::Color) -> String {
    tr_args(
        lang,
        id::SETUP_MISSING_GENERAL,
        &[("side", side_key(color).into())],
    )
}

/// "The red general on d3 is outside its palace".
fn general_outside(lang: Lang, color: xiangqi_rules::Color, square: Square) -> String {
    tr_args(
        lang,
        id::SETUP_GENERAL_OUTSIDE,
        &[
            (
                "piece",
                piece_name(lang, Piece::new(color, Role::General)).into(),
            ),
            ("square", square.to_string().into()),
        ],
    )
}

/// "3 × red chariot: a set has only 2".
fn too_many(lang: Lang, color: xiangqi_rules::Color, role: Role, count: usize) -> String {
    tr_args(
        lang,
        id::SETUP_TOO_MANY,
        &[
            ("piece", piece_name(lang, Piece::new(color, role)).into()),
            ("count", count.into()),
            ("max", role.max_count().into()),
        ],
    )
}

/// "The red elephant on a0 can never stand there: …".
fn unreachable(lang: Lang, piece: Piece, square: Square) -> String {
    tr_args(
        lang,
        id::SETUP_UNREACHABLE,
        &[
            ("piece", piece_name(lang, piece).into()),
            ("square", square.to_string().into()),
            ("role", piece.role.name().into()),
        ],
    )
}

/// "The generals face each other on file e with nothing between".
fn generals_facing(lang: Lang, file: char) -> String {
    tr_args(
        lang,
        id::SETUP_GENERALS_FACING,
        &[("file", file.to_string().into())],
    )
}

/// Why a game of a record does not read: "game 2, move 14 (Black): …".
#[must_use]
pub fn record(lang: Lang, e: &PgnError) -> String {
    let game = ("game", e.game.into());
    let line = |n: usize| ("line", n.into());
    let (message, args): (Id, Args<'_>) = match &e.kind {
        PgnErrorKind::Fen { fen: text, error } => (
            id::RECORD_FEN,
            vec![
                game,
                ("fen", format!("{text:?}").into()),
                ("why", fen(lang, error).into()),
            ],
        ),
        PgnErrorKind::Move {
            number,
            color,
            error,
        } => (
            id::RECORD_MOVE,
            vec![
                game,
                ("number", (*number).into()),
                ("side", side_key(*color).into()),
                ("text", format!("{:?}", error.text).into()),
                ("why", bad_move_in(lang, &error.kind).into()),
            ],
        ),
        PgnErrorKind::MoveNumber {
            number,
            color,
            written,
            text,
        } => (
            id::RECORD_MOVE_NUMBER,
            vec![
                game,
                ("number", (*number).into()),
                ("side", side_key(*color).into()),
                ("text", format!("{text:?}").into()),
                ("written", written.to_string().into()),
                ("black", if written.black { "yes" } else { "no" }.into()),
            ],
        ),
        PgnErrorKind::NoSuchGame { available } => (
            id::RECORD_NO_SUCH_GAME,
            vec![game, ("available", (*available).into())],
        ),
        PgnErrorKind::UnclosedComment { line: n } => {
            (id::RECORD_UNCLOSED_COMMENT, vec![game, line(*n)])
        }
        PgnErrorKind::UnclosedVariation { line: n } => {
            (id::RECORD_UNCLOSED_VARIATION, vec![game, line(*n)])
        }
        PgnErrorKind::VariationWithoutMove { line: n } => {
            (id::RECORD_VARIATION_WITHOUT_MOVE, vec![game, line(*n)])
        }
        PgnErrorKind::TooLarge { line: n, limit } => (
            id::RECORD_TOO_LARGE,
            vec![game, line(*n), ("mib", (limit >> 20).into())],
        ),
        PgnErrorKind::Read(why) => (id::RECORD_READ, vec![game, ("why", why.as_str().into())]),
        PgnErrorKind::Xqf(x) => (id::RECORD_FORMAT, vec![game, ("why", xqf(lang, x).into())]),
        PgnErrorKind::Dhtml(d) => (
            id::RECORD_FORMAT,
            vec![game, ("why", dhtml(lang, d).into())],
        ),
        PgnErrorKind::CcBridge(c) => (id::RECORD_FORMAT, vec![game, ("why", cbr(lang, c).into())]),
    };
    tr_args(lang, message, &args)
}

/// Why the pieces a record starts from are no position to play from.
fn start(lang: Lang, e: &StartError) -> String {
    match e {
        StartError::TwoPieces(point) => tr_args(
            lang,
            id::START_TWO_PIECES,
            &[("point", point.to_string().into())],
        ),
        StartError::Illegal(why) => position(lang, why),
    }
}

/// Why an XQF file does not read.
fn xqf(lang: Lang, e: &XqfError) -> String {
    let record = |n: usize| ("record", n.into());
    let (message, args): (Id, Args<'_>) = match e {
        XqfError::Truncated { len } => (
            id::XQF_TRUNCATED,
            vec![
                ("len", (*len).into()),
                ("header", xiangqi_records::xqf::HEADER.into()),
            ],
        ),
        XqfError::Version(v) => (id::XQF_VERSION, vec![("version", (*v).into())]),
        XqfError::Start(why) => (id::XQF_START, vec![("why", start(lang, why).into())]),
        XqfError::RecordCut { record: r, offset } => (
            id::XQF_RECORD_CUT,
            vec![record(*r), ("offset", (*offset).into())],
        ),
        XqfError::CommentLength { record: r, len } => (
            id::XQF_COMMENT_LENGTH,
            vec![record(*r), ("len", (*len).into())],
        ),
        XqfError::OffBoard { record: r } => (id::XQF_OFF_BOARD, vec![record(*r)]),
        XqfError::Illegal {
            record: r,
            mv,
            error,
        } => (
            id::XQF_ILLEGAL,
            vec![
                record(*r),
                ("move", mv.as_str().into()),
                ("why", illegal_in(lang, *error).into()),
            ],
        ),
        XqfError::TooManyNodes => (
            id::XQF_TOO_MANY,
            vec![("max", xiangqi_records::xqf::MAX_NODES.into())],
        ),
    };
    tr_args(lang, message, &args)
}

/// Why a DhtmlXQ block does not read.
fn dhtml(lang: Lang, e: &DhtmlError) -> String {
    let field = |f: &str| ("field", f.to_string().into());
    let (message, args): (Id, Args<'_>) = match e {
        DhtmlError::Unclosed { field: f } => (id::DHTML_UNCLOSED, vec![field(f)]),
        DhtmlError::Binit { chars } => (id::DHTML_BINIT, vec![("chars", (*chars).into())]),
        DhtmlError::Start(why) => (id::DHTML_START, vec![("why", start(lang, why).into())]),
        DhtmlError::Fen(why) => (id::DHTML_FEN, vec![("why", fen(lang, why).into())]),
        DhtmlError::Moves { field: f } => (id::DHTML_MOVES, vec![field(f)]),
        DhtmlError::Branch { field: f } => (id::DHTML_BRANCH, vec![field(f)]),
        DhtmlError::Illegal {
            field: f,
            step,
            mv,
            error,
        } => (
            id::DHTML_ILLEGAL,
            vec![
                field(f),
                ("step", (*step).into()),
                ("move", mv.as_str().into()),
                ("why", illegal_in(lang, *error).into()),
            ],
        ),
    };
    tr_args(lang, message, &args)
}

/// Why a CCBridge record or library does not read.
fn cbr(lang: Lang, e: &CbrError) -> String {
    let record = |n: usize| ("record", n.into());
    let step = |n: usize| ("step", n.into());
    let (message, args): (Id, Args<'_>) = match e {
        CbrError::Truncated { record: r } => (id::CBR_TRUNCATED, vec![record(*r)]),
        CbrError::Start { record: r, why } => (
            id::CBR_START,
            vec![record(*r), ("why", position(lang, why).into())],
        ),
        CbrError::MoveCut { record: r, step: s } => (id::CBR_MOVE_CUT, vec![record(*r), step(*s)]),
        CbrError::OffBoard { record: r, step: s } => {
            (id::CBR_OFF_BOARD, vec![record(*r), step(*s)])
        }
        CbrError::Illegal {
            record: r,
            step: s,
            mv,
            error,
        } => (
            id::CBR_ILLEGAL,
            vec![
                record(*r),
                step(*s),
                ("move", mv.as_str().into()),
                ("why", illegal_in(lang, *error).into()),
            ],
        ),
        CbrError::TooManyMoves { record: r } => (
            id::CBR_TOO_MANY,
            vec![
                record(*r),
                ("max", xiangqi_records::ccbridge::MAX_NODES.into()),
            ],
        ),
        CbrError::EmptyLibrary => (id::CBR_EMPTY, vec![]),
        CbrError::Version { record: r, version } => (
            id::CBR_VERSION,
            vec![record(*r), ("version", (*version).into())],
        ),
        CbrError::OtherKind => (id::CBR_OTHER_KIND, vec![]),
    };
    tr_args(lang, message, &args)
}

/// A line of a record cut where a move cannot be played: which, from which move, and why.
#[must_use]
pub fn cut_line(lang: Lang, cut: &CutLine<CutReason>) -> String {
    let why = match &cut.why {
        CutReason::Xqf(e) => xqf(lang, e),
        CutReason::Dhtml(e) => dhtml(lang, e),
        CutReason::CcBridge(e) => cbr(lang, e),
    };
    let message = if cut.main {
        id::CUT_MAIN
    } else {
        id::CUT_VARIATION
    };
    let args = [
        ("number", cut.number.into()),
        ("side", side_key(cut.color).into()),
        ("why", why.into()),
    ];
    tr_args(lang, message, &args)
}

/// What the message line says of a game opened with lines cut: the first, how many more,
/// and why the file's clock was passed over if it was.
#[must_use]
pub fn lines_cut(
    lang: Lang,
    cut: &[CutLine<CutReason>],
    clock: Option<&ClockPassedOver>,
) -> String {
    let first = cut.first().map(|c| cut_line(lang, c)).unwrap_or_default();
    let more = cut.len().saturating_sub(1);
    let said = tr_args(
        lang,
        id::LINES_CUT,
        &[("first", first.into()), ("more", more.into())],
    );
    match clock {
        Some(why) => format!(
            "{said} {}",
            crate::tui::view::words::clock_reasons::clock_passed_over(lang, why)
        ),
        None => said,
    }
}

/// Why a game file cannot be opened: "bad.pgn: game 1, move 2 (Black): …".
#[must_use]
pub fn library(lang: Lang, e: &LibraryError) -> String {
    match e {
        LibraryError::NotAFile { path, what } => tr_args(
            lang,
            id::FILE_NOT_A_FILE,
            &[("path", shown(path).into()), ("what", what.key().into())],
        ),
        LibraryError::Read { path, source } => tr_args(
            lang,
            id::FILE_CANNOT_READ,
            &[
                ("path", shown(path).into()),
                ("why", source.to_string().into()),
            ],
        ),
        LibraryError::Game { path, source } => tr_args(
            lang,
            id::FILE_RECORD,
            &[
                ("path", shown(path).into()),
                ("why", record(lang, source).into()),
            ],
        ),
        LibraryError::NoGames { path } => {
            tr_args(lang, id::FILE_NO_GAMES, &[("path", shown(path).into())])
        }
    }
}

/// Why a network connection ended or a message was refused.
#[must_use]
pub fn net(lang: Lang, e: &NetError) -> String {
    let why = |text: &str| ("why", text.to_string().into());
    let (message, args): (Id, Args<'_>) = match e {
        NetError::Silent => (id::NET_ERROR_SILENT, vec![]),
        NetError::Closed => (id::NET_ERROR_CLOSED, vec![]),
        NetError::Io(text) => (id::NET_ERROR_IO, vec![why(text)]),
        NetError::TooLong(bytes) => (
            id::NET_ERROR_TOO_LONG,
            vec![("bytes", (*bytes).into()), ("max", MAX_FRAME.into())],
        ),
        NetError::MessageTooLong(bytes) => (
            id::NET_ERROR_MESSAGE_TOO_LONG,
            vec![("bytes", (*bytes).into()), ("max", MAX_MESSAGE.into())],
        ),
        NetError::NotXiangqi => (id::NET_ERROR_NOT_XIANGQI, vec![]),
        NetError::Version { ours, theirs } => (
            id::NET_ERROR_VERSION,
            vec![("ours", (*ours).into()), ("theirs", (*theirs).into())],
        ),
        NetError::WrongCode => (id::NET_ERROR_WRONG_CODE, vec![]),
        NetError::Busy => (id::NET_ERROR_BUSY, vec![]),
        NetError::SeatTaken => (id::NET_ERROR_SEAT_TAKEN, vec![]),
        NetError::Forged => (id::NET_ERROR_FORGED, vec![]),
        NetError::Malformed(text) => (id::NET_ERROR_MALFORMED, vec![why(text)]),
        NetError::WrongState(text) => (id::NET_ERROR_WRONG_STATE, vec![why(text)]),
        NetError::Illegal(text) => (id::NET_ERROR_ILLEGAL, vec![why(text)]),
        NetError::OutOfTurn => (id::NET_ERROR_OUT_OF_TURN, vec![]),
        NetError::Exhausted => (id::NET_ERROR_EXHAUSTED, vec![]),
    };
    tr_args(lang, message, &args)
}

#[cfg(test)]
mod tests;
