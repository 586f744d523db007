//! Moves and pieces in the player's words, from the catalogues: "Red cannon two to five." /
//! "红方 炮二平五。" A move is said from its parts as the Chinese notation names them
//! ([`MoveParts`]), so the Chinese catalogues say it as that notation writes it.

use crate::tui::i18n::catalogue::{plain_id as id, side_key, tr, tr_args};
use crate::tui::i18n::lang::Lang;
use crate::tui::view::words::strings;
use xiangqi_rules::{Color, Motion, Move, MoveParts, Outcome, Piece, PieceNamed, Position, Role};

/// A kind of piece of `color`: "cannon", "炮", "將".
#[must_use]
pub fn role(lang: Lang, color: Color, role: Role) -> String {
    tr_args(
        lang,
        id::PLAIN_ROLE,
        &[
            ("side", side_key(color).into()),
            ("role", role.name().into()),
        ],
    )
}

/// A piece with its side: "red cannon", "黑马".
#[must_use]
pub fn piece(lang: Lang, piece: Piece) -> String {
    tr_args(
        lang,
        id::PLAIN_PIECE,
        &[
            ("side", side_key(piece.color).into()),
            ("name", role(lang, piece.color, piece.role).into()),
        ],
    )
}

/// A file or a number of points, 1 to 9, as `color` counts it: "two", "二", "2".
#[must_use]
pub fn number(lang: Lang, color: Color, n: u8) -> String {
    tr_args(
        lang,
        id::PLAIN_NUMBER,
        &[("side", side_key(color).into()), ("n", n.into())],
    )
}

/// How the catalogues' selector names the way a piece is told from the others of its kind.
fn place_key(named: PieceNamed) -> &'static str {
    match named {
        PieceNamed::File(_) => "file",
        PieceNamed::Front => "front",
        PieceNamed::Middle => "middle",
        PieceNamed::Rear => "rear",
        PieceNamed::Ordinal(1) => "first",
        PieceNamed::Ordinal(2) => "second",
        PieceNamed::Ordinal(3) => "third",
        PieceNamed::Ordinal(4) => "fourth",
        PieceNamed::Ordinal(_) => "fifth",
    }
}

/// A legal move of `pos` without its side: "cannon two to five", "炮二平五". A move that is
/// not legal there (which the app never hands over) is its ICCS.
#[must_use]
pub fn move_words(lang: Lang, pos: &Position, mv: Move) -> String {
    let Ok(parts) = MoveParts::of(pos, mv) else {
        return mv.to_string();
    };
    let color = parts.color;
    let file = match parts.piece {
        PieceNamed::File(f) => number(lang, color, f),
        _ => String::new(),
    };
    let mover = tr_args(
        lang,
        id::PLAIN_MOVER,
        &[
            ("place", place_key(parts.piece).into()),
            ("role", role(lang, color, parts.role).into()),
            ("file", file.into()),
        ],
    );
    let way = match parts.motion {
        Motion::Forward => "forward",
        Motion::Backward => "back",
        Motion::Sideways => "sideways",
    };
    let way = tr_args(
        lang,
        id::PLAIN_WAY,
        &[
            ("way", way.into()),
            ("to", number(lang, color, parts.number).into()),
        ],
    );
    tr_args(
        lang,
        id::PLAIN_MOVE_WORDS,
        &[("mover", mover.into()), ("way", way.into())],
    )
}

/// `mv` played from `before`, as a sentence: the side, the move, what it takes, and check
/// if it gives check. "Red cannon two forward seven, takes black horse. Check."
#[must_use]
pub fn played(lang: Lang, before: &Position, mv: Move) -> String {
    let words = move_words(lang, before, mv);
    let side = side_key(before.turn());
    let said = match before.piece_at(mv.to) {
        Some(taken) => tr_args(
            lang,
            id::PLAIN_MOVE_CAPTURE,
            &[
                ("side", side.into()),
                ("words", words.into()),
                ("taken", piece(lang, taken).into()),
            ],
        ),
        None => tr_args(
            lang,
            id::PLAIN_MOVE,
            &[("side", side.into()), ("words", words.into())],
        ),
    };
    if before.play(mv).is_ok_and(|after| after.is_check()) {
        sentences(lang, &said, &tr(lang, id::PLAIN_CHECK))
    } else {
        said
    }
}

/// `mv`, played from `before`, taken back: "Took back red cannon two to five."
#[must_use]
pub fn taken_back(lang: Lang, before: &Position, mv: Move) -> String {
    tr_args(
        lang,
        id::PLAIN_TAKEN_BACK,
        &[
            ("side", side_key(before.turn()).into()),
            ("words", move_words(lang, before, mv).into()),
        ],
    )
}

/// "Black to move."
#[must_use]
pub fn to_move(lang: Lang, color: Color) -> String {
    tr_args(lang, id::PLAIN_TO_MOVE, &[("side", side_key(color).into())])
}

/// How a game ended, as a sentence: "Red wins — checkmate." (`to_move` the side to move at
/// the end, as [`strings::outcome_in`] takes it).
#[must_use]
pub fn over(lang: Lang, outcome: Outcome, to_move: Color) -> String {
    tr_args(
        lang,
        id::PLAIN_OVER,
        &[(
            "outcome",
            strings::outcome_in(lang, outcome, to_move).into(),
        )],
    )
}

/// Two sentences said one after the other, as the language joins them.
#[must_use]
pub fn sentences(lang: Lang, first: &str, second: &str) -> String {
    tr_args(
        lang,
        id::PLAIN_SENTENCES,
        &[("first", first.into()), ("second", second.into())],
    )
}

/// The referee's warning that `mv`, a move of the side to move in `pos`, would end the game
/// with `outcome` by repetition.
#[must_use]
pub fn repetition_warning(lang: Lang, pos: &Position, mv: Move, outcome: Outcome) -> String {
    let words = move_words(lang, pos, mv);
    let perpetual = || strings::termination_in(lang, outcome.termination);
    let mover = pos.turn();
    match outcome.winner {
        Some(winner) if winner == mover => tr_args(
            lang,
            id::PLAIN_REPETITION_WINS,
            &[
                ("words", words.into()),
                ("side", side_key(winner.other()).into()),
                ("perpetual", perpetual().into()),
            ],
        ),
        Some(_) => tr_args(
            lang,
            id::PLAIN_REPETITION_LOSES,
            &[("words", words.into()), ("perpetual", perpetual().into())],
        ),
        None => tr_args(lang, id::PLAIN_REPETITION_DRAWS, &[("words", words.into())]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi_rules::{BlackDigits, Glyphs, Notation, NotationStyle, random_positions};

    #[test]
    fn english_says_the_parts_of_the_chinese_notation() {
        let pos = Position::start();
        let mv = |s: &str| s.parse::<Move>().expect("move");
        assert_eq!(
            played(Lang::En, &pos, mv("h2e2")),
            "Red cannon two to five."
        );
        assert_eq!(
            played(Lang::En, &pos, mv("h0g2")),
            "Red horse two forward three."
        );
        assert_eq!(
            played(Lang::En, &pos, mv("i0i1")),
            "Red chariot one forward one."
        );
        // Black counts from its own right: its cannon on h7 jumps red's on h2 to take the
        // horse.
        let after = pos.play(mv("b2e2")).expect("legal");
        assert_eq!(
            played(Lang::En, &after, mv("h7h0")),
            "Black cannon eight forward seven, takes red horse."
        );
        assert_eq!(to_move(Lang::En, Color::Black), "Black to move.");
        assert_eq!(played(Lang::ZhHans, &pos, mv("h2e2")), "红方 炮二平五。");
        assert_eq!(to_move(Lang::ZhHans, Color::Black), "轮到黑方。");
    }

    #[test]
    fn a_check_is_said_after_the_move() {
        let pos = Position::from_fen("4k4/9/9/9/9/9/9/9/R8/3K5 w - - 0 1").expect("FEN");
        let mv = "a1e1".parse::<Move>().expect("move");
        assert_eq!(
            played(Lang::En, &pos, mv),
            "Red chariot nine to five. Check."
        );
        assert_eq!(played(Lang::ZhHant, &pos, mv), "紅方 車九平五。將軍！");
    }

    #[test]
    fn tandem_pieces_are_front_and_rear() {
        // Two red cannons on file e: the front one moves.
        let pos = Position::from_fen("3k5/9/9/9/9/4C4/9/4C4/9/4K4 w - - 0 1").expect("FEN");
        let mv = "e4d4".parse::<Move>().expect("move");
        assert_eq!(move_words(Lang::En, &pos, mv), "front cannon to six");
        assert_eq!(move_words(Lang::ZhHans, &pos, mv), "前炮平六");
    }

    /// The Chinese catalogues say every move as the rules library writes it in Chinese
    /// notation (ASCII digits for black, the language's glyphs), over positions of random
    /// games.
    #[test]
    fn the_chinese_catalogues_say_the_librarys_notation() {
        let mut compared = 0;
        for pos in random_positions(6, 150) {
            for mv in pos.legal_moves().iter().copied() {
                for (lang, glyphs) in [
                    (Lang::ZhHans, Glyphs::Simplified),
                    (Lang::ZhHant, Glyphs::Traditional),
                ] {
                    let style = NotationStyle {
                        glyphs,
                        black_digits: BlackDigits::Ascii,
                        iccs_hyphenated: false,
                    };
                    let written = Notation::Chinese.write(&pos, mv, &style).expect("legal");
                    assert_eq!(move_words(lang, &pos, mv), written, "{mv} in {}", pos.fen());
                    compared += 1;
                }
            }
        }
        assert!(compared > 10_000, "only {compared} moves compared");
    }

    #[test]
    fn a_piece_is_named_with_its_side() {
        let horse = Piece::new(Color::Black, Role::Horse);
        assert_eq!(piece(Lang::En, horse), "black horse");
        assert_eq!(piece(Lang::ZhHans, horse), "黑马");
        assert_eq!(piece(Lang::ZhHant, horse), "黑馬");
    }
}
