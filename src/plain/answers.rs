//! Answers to questions about the board, each from the rules library's own answer: where a
//! side's pieces stand, what stands on a point or along a file, where a piece can go, which
//! pieces bear on a point, the material, the last moves, the clocks. Short, and ordered as a
//! player thinks of the board: by kind of piece, then by file as the side counts them.

use super::words;
use crate::tui::i18n::catalogue::{id as screen_id, plain_id as id, side_key, tr, tr_args};
use crate::tui::i18n::lang::Lang;
use crate::tui::look::pieces::{half_points, points_text};
use crate::tui::view::words::strings;
use std::time::Duration;
use xiangqi_rules::clock::Clock;
use xiangqi_rules::{Color, File, Game, Piece, Position, Role, Square, file_number};

/// A point as it is said: its ICCS name, `e5`.
#[must_use]
pub fn point_name(sq: Square) -> String {
    sq.to_string()
}

/// Where a piece comes in a list: by kind (the general first), then by file as its side
/// counts them (from its own right), then from the front (the rank nearest the other side).
fn order(piece: Piece, sq: Square) -> (usize, u8, u8) {
    let rank = sq.rank().index();
    let from_front = match piece.color {
        Color::Red => 9 - rank,
        Color::Black => rank,
    };
    (
        piece.role.index(),
        file_number(piece.color, sq.file()),
        from_front,
    )
}

/// `items` joined as a list in `lang`: "d0, f0", "d0、f0".
fn listed(lang: Lang, items: &[String]) -> String {
    items.join(&tr(lang, screen_id::LIST_SEPARATOR))
}

/// "red cannon h2"
fn piece_at(lang: Lang, piece: Piece, sq: Square) -> String {
    tr_args(
        lang,
        id::PLAIN_PIECE_AT,
        &[
            ("piece", words::piece(lang, piece).into()),
            ("point", point_name(sq).into()),
        ],
    )
}

/// `side`'s pieces, kind by kind: "Red: general e0; 2 advisors d0, f0; …".
#[must_use]
pub fn pieces(lang: Lang, pos: &Position, side: Color) -> String {
    let mut groups = Vec::new();
    for role in Role::ALL {
        let piece = Piece::new(side, role);
        let mut points: Vec<Square> = pos
            .board()
            .pieces()
            .filter(|&(_, p)| p == piece)
            .map(|(sq, _)| sq)
            .collect();
        if points.is_empty() {
            continue;
        }
        points.sort_by_key(|&sq| order(piece, sq));
        let names: Vec<String> = points.iter().map(|&sq| point_name(sq)).collect();
        groups.push(tr_args(
            lang,
            id::PLAIN_GROUP,
            &[
                ("name", words::role(lang, side, role).into()),
                ("count", points.len().into()),
                ("points", listed(lang, &names).into()),
            ],
        ));
    }
    tr_args(
        lang,
        id::PLAIN_PIECES,
        &[
            ("side", side_key(side).into()),
            (
                "groups",
                groups.join(&tr(lang, id::PLAIN_GROUP_SEPARATOR)).into(),
            ),
        ],
    )
}

/// What stands on `sq`: "e5: empty.", "h2: red cannon."
#[must_use]
pub fn point(lang: Lang, pos: &Position, sq: Square) -> String {
    let at = ("point", point_name(sq).into());
    match pos.piece_at(sq) {
        None => tr_args(lang, id::PLAIN_POINT_EMPTY, &[at]),
        Some(piece) => tr_args(
            lang,
            id::PLAIN_POINT,
            &[at, ("piece", words::piece(lang, piece).into())],
        ),
    }
}

/// What stands along the file `side` numbers `number` (1–9), from that side's edge of the
/// board: "Red's file five: red cannon e2, black soldier e6."
#[must_use]
pub fn file(lang: Lang, pos: &Position, side: Color, number: u8) -> String {
    let index = match side {
        Color::Red => 9 - number.clamp(1, 9),
        Color::Black => number.clamp(1, 9) - 1,
    };
    let ranks: Vec<u8> = match side {
        Color::Red => (0..10).collect(),
        Color::Black => (0..10).rev().collect(),
    };
    let on_file: Vec<String> = File::new(index)
        .into_iter()
        .flat_map(|f| {
            ranks
                .iter()
                .filter_map(move |&r| Square::from_coords(f.index(), r))
        })
        .filter_map(|sq| pos.piece_at(sq).map(|p| piece_at(lang, p, sq)))
        .collect();
    let args = [
        ("side", side_key(side).into()),
        ("number", words::number(lang, side, number).into()),
    ];
    if on_file.is_empty() {
        tr_args(lang, id::PLAIN_FILE_EMPTY, &args)
    } else {
        let [side, number] = args;
        tr_args(
            lang,
            id::PLAIN_FILE,
            &[side, number, ("pieces", listed(lang, &on_file).into())],
        )
    }
}

/// Where the piece on `sq` can go, by file as its side counts them, then from the front:
/// "red cannon on h2: 12 moves: …, h9 takes black horse, …".
#[must_use]
pub fn moves(lang: Lang, pos: &Position, sq: Square) -> String {
    let Some(piece) = pos.piece_at(sq) else {
        return point(lang, pos, sq);
    };
    let who = [
        ("piece", words::piece(lang, piece).into()),
        ("point", point_name(sq).into()),
    ];
    if piece.color != pos.turn() {
        let [p, at] = who;
        return tr_args(
            lang,
            id::PLAIN_NOT_TO_MOVE,
            &[p, at, ("side", side_key(pos.turn()).into())],
        );
    }
    let mut targets: Vec<Square> = pos.legal_moves_from(sq).iter().map(|m| m.to).collect();
    if targets.is_empty() {
        return tr_args(lang, id::PLAIN_NO_MOVES, &who);
    }
    targets.sort_by_key(|&to| order(piece, to));
    let said: Vec<String> = targets
        .iter()
        .map(|&to| match pos.piece_at(to) {
            Some(taken) => tr_args(
                lang,
                id::PLAIN_TARGET_CAPTURE,
                &[
                    ("point", point_name(to).into()),
                    ("taken", words::piece(lang, taken).into()),
                ],
            ),
            None => point_name(to),
        })
        .collect();
    let [p, at] = who;
    tr_args(
        lang,
        id::PLAIN_MOVES,
        &[
            p,
            at,
            ("count", said.len().into()),
            ("targets", listed(lang, &said).into()),
        ],
    )
}

/// The side whose pieces `attackers` (or, with `defenders`, `defenders`) names for `sq`: the
/// other side of the piece there (its own side), or of an empty point the side not to move
/// (the side to move), as if a piece of the side to move went there.
#[must_use]
pub fn bearing_side(pos: &Position, sq: Square, defenders: bool) -> Color {
    let owner = pos.piece_at(sq).map_or(pos.turn(), |p| p.color);
    if defenders { owner } else { owner.other() }
}

/// Which pieces attack `sq` (or defend it, with `defenders`): see [`bearing_side`].
#[must_use]
pub fn bearing(lang: Lang, pos: &Position, sq: Square, defenders: bool) -> String {
    let by = bearing_side(pos, sq, defenders);
    let mut found: Vec<(Square, Piece)> = pos
        .attackers(sq, by)
        .into_iter()
        .filter_map(|from| pos.piece_at(from).map(|p| (from, p)))
        .collect();
    found.sort_by_key(|&(from, piece)| order(piece, from));
    let at = ("point", point_name(sq).into());
    let (some, none) = if defenders {
        (id::PLAIN_DEFENDERS, id::PLAIN_NO_DEFENDERS)
    } else {
        (id::PLAIN_ATTACKERS, id::PLAIN_NO_ATTACKERS)
    };
    if found.is_empty() {
        return tr_args(lang, none, &[at]);
    }
    let named: Vec<String> = found
        .iter()
        .map(|&(from, piece)| piece_at(lang, piece, from))
        .collect();
    tr_args(lang, some, &[at, ("pieces", listed(lang, &named).into())])
}

/// Each side's pieces counted, and their worth in soldiers (chariot 9, cannon 4.5, horse 4,
/// advisor and elephant 2, soldier 1): "Red: 2 chariots, 2 horses, …; 48 points."
#[must_use]
pub fn material(lang: Lang, pos: &Position) -> String {
    let side_said = |side: Color| {
        let mut counts = Vec::new();
        let mut half = 0;
        // The chariot first, as a player counts: by worth.
        for role in [
            Role::Chariot,
            Role::Horse,
            Role::Cannon,
            Role::Advisor,
            Role::Elephant,
            Role::Soldier,
        ] {
            let piece = Piece::new(side, role);
            let count = pos.board().pieces().filter(|&(_, p)| p == piece).count();
            if count == 0 {
                continue;
            }
            half += half_points(role) * u32::try_from(count).unwrap_or(0);
            counts.push(tr_args(
                lang,
                id::PLAIN_COUNT,
                &[
                    ("name", words::role(lang, side, role).into()),
                    ("count", count.into()),
                ],
            ));
        }
        // A side down to its general has nothing to count.
        if counts.is_empty() {
            counts.push(tr_args(
                lang,
                id::PLAIN_GENERAL_ALONE,
                &[("side", side_key(side).into())],
            ));
        }
        tr_args(
            lang,
            id::PLAIN_MATERIAL,
            &[
                ("side", side_key(side).into()),
                ("counts", listed(lang, &counts).into()),
                ("points", points_text(half).into()),
            ],
        )
    };
    words::sentences(lang, &side_said(Color::Red), &side_said(Color::Black))
}

/// The last `count` moves of the line played, each a sentence with its move number.
#[must_use]
pub fn last_moves(lang: Lang, game: &Game, count: usize) -> Vec<String> {
    let moves = game.moves();
    if moves.is_empty() {
        return vec![tr(lang, id::PLAIN_NO_MOVES_YET)];
    }
    let positions = game.positions();
    (moves.len().saturating_sub(count)..moves.len())
        .map(|i| {
            let before = &positions[i];
            tr_args(
                lang,
                id::PLAIN_NUMBERED,
                &[
                    ("number", before.fullmove_number().into()),
                    ("move", words::played(lang, before, moves[i]).into()),
                ],
            )
        })
        .collect()
}

/// Whose turn it is, at which move, in check or not, how near the move limit; or how the
/// game ended.
#[must_use]
pub fn turn(lang: Lang, game: &Game) -> String {
    let pos = game.position();
    let side = pos.turn();
    if let Some(outcome) = game.outcome() {
        return words::over(lang, outcome, side);
    }
    let mut said = tr_args(
        lang,
        id::PLAIN_TURN,
        &[
            ("number", pos.fullmove_number().into()),
            ("side", side_key(side).into()),
        ],
    );
    if pos.is_check() {
        let check = tr_args(lang, id::PLAIN_IN_CHECK, &[("side", side_key(side).into())]);
        said = words::sentences(lang, &said, &check);
    }
    if game.move_limit_near() {
        let limit = strings::move_limit_in(lang, game.plies_without_capture());
        said = words::sentences(lang, &said, &limit);
    }
    said
}

/// A time left, in minutes and seconds (cut to the second): "4 min 32 s", "9 s".
#[must_use]
pub fn time(lang: Lang, left: Duration) -> String {
    let secs = left.as_secs();
    tr_args(
        lang,
        id::PLAIN_TIME,
        &[
            ("minutes", (secs / 60).into()),
            ("seconds", (secs % 60).into()),
        ],
    )
}

/// Both clocks at `now`, or that the game has none.
#[must_use]
pub fn clocks(lang: Lang, clock: Option<&Clock>, now: Duration) -> String {
    let Some(clock) = clock else {
        return tr(lang, id::PLAIN_NO_CLOCK);
    };
    tr_args(
        lang,
        id::PLAIN_CLOCKS,
        &[
            ("red", time(lang, clock.left(Color::Red, now)).into()),
            ("black", time(lang, clock.left(Color::Black, now)).into()),
        ],
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        s.parse().expect("square")
    }

    #[test]
    fn the_start_position_in_words() {
        let pos = Position::start();
        assert_eq!(
            pieces(Lang::En, &pos, Color::Red),
            "Red: general e0; 2 advisors f0, d0; 2 elephants g0, c0; 2 horses h0, b0; \
             2 chariots i0, a0; 2 cannons h2, b2; 5 soldiers i3, g3, e3, c3, a3."
        );
        assert_eq!(
            pieces(Lang::ZhHans, &pos, Color::Black),
            "黑方：将 e9；士×2 d9、f9；象×2 c9、g9；马×2 b9、h9；车×2 a9、i9；炮×2 b7、h7；\
             卒×5 a6、c6、e6、g6、i6。"
        );
        assert_eq!(point(Lang::En, &pos, sq("e5")), "e5: empty.");
        assert_eq!(point(Lang::En, &pos, sq("h2")), "h2: red cannon.");
        assert_eq!(
            file(Lang::En, &pos, Color::Red, 5),
            "Red's file five: red general e0, red soldier e3, black soldier e6, black general e9."
        );
        assert_eq!(
            moves(Lang::En, &pos, sq("h0")),
            "red horse on h0: 2 moves: i2, g2."
        );
        assert_eq!(
            moves(Lang::En, &pos, sq("h9")),
            "black horse on h9: it is Red's turn, not this piece's side."
        );
        assert_eq!(
            bearing(Lang::En, &pos, sq("b0"), true),
            "b0 is defended by red chariot a0."
        );
        // Black's cannon on b7 has red's on b2 for a screen.
        assert_eq!(
            bearing(Lang::En, &pos, sq("b0"), false),
            "b0 is attacked by black cannon b7."
        );
        // An empty point: as if a piece of the side to move went there.
        assert_eq!(
            bearing(Lang::En, &pos, sq("e5"), false),
            "e5 is attacked by black soldier e6."
        );
        assert_eq!(
            bearing(Lang::En, &pos, sq("e4"), false),
            "Nothing attacks e4."
        );
        assert_eq!(
            material(Lang::En, &pos),
            "Red: 2 chariots, 2 horses, 2 cannons, 2 advisors, 2 elephants, 5 soldiers; 48 \
             points. Black: 2 chariots, 2 horses, 2 cannons, 2 advisors, 2 elephants, 5 \
             soldiers; 48 points."
        );
        assert_eq!(time(Lang::En, Duration::from_secs(272)), "4 min 32 s");
        assert_eq!(time(Lang::En, Duration::from_millis(9_900)), "9 s");
    }

    #[test]
    fn a_side_down_to_its_general_is_said_so() {
        let pos = Position::from_fen("4k4/8R/9/1N7/9/9/9/9/9/3K3R1 w - - 0 1").expect("FEN");
        assert_eq!(
            material(Lang::En, &pos),
            "Red: 2 chariots, 1 horse; 22 points. Black: the general alone; 0 points."
        );
        assert_eq!(
            material(Lang::ZhHans, &pos),
            "红方：车2、马1；共 22 分。黑方：只剩将；共 0 分。"
        );
    }
}
