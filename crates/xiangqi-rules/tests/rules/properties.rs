//! Property tests of the rules library against an independent, slow, obviously-correct
//! reference written here: FEN never panics and round-trips, generated moves equal the
//! reference's legal moves, make/unmake restores everything, `check_move` agrees with `is_legal`.

use proptest::prelude::*;
use proptest::test_runner::RngSeed;
use std::collections::BTreeSet;
use xiangqi_rules::{Color, IllegalMove, Move, Piece, Position, START_FEN, Square};

/// The independent reference: a plain 9×10 array, the movement rules written out one piece at
/// a time, and "is my general attacked" by trying every enemy piece's moves. Nothing here is
/// shared with the library except the names of colours and roles.
mod reference {
    use xiangqi_rules::{Color, Position, Role, Square};

    /// A point as (file 0–8, rank 0–9), both from red's side.
    pub type Point = (i32, i32);
    /// `grid[file][rank]`.
    pub type Grid = [[Option<(Color, Role)>; 10]; 9];

    pub fn grid(pos: &Position) -> Grid {
        let mut g: Grid = [[None; 10]; 9];
        for (f, column) in g.iter_mut().enumerate() {
            for (r, cell) in column.iter_mut().enumerate() {
                let sq = Square::from_coords(f as u8, r as u8).expect("on the board");
                *cell = pos.piece_at(sq).map(|p| (p.color, p.role));
            }
        }
        g
    }

    fn on_board((f, r): Point) -> bool {
        (0..9).contains(&f) && (0..10).contains(&r)
    }

    fn at(g: &Grid, (f, r): Point) -> Option<(Color, Role)> {
        if on_board((f, r)) {
            g[f as usize][r as usize]
        } else {
            None
        }
    }

    fn in_own_palace(color: Color, (f, r): Point) -> bool {
        let ranks = match color {
            Color::Red => 0..=2,
            Color::Black => 7..=9,
        };
        (3..=5).contains(&f) && ranks.contains(&r)
    }

    fn on_own_side(color: Color, r: i32) -> bool {
        match color {
            Color::Red => r <= 4,
            Color::Black => r >= 5,
        }
    }

    /// Every point the piece on `from` could move to by its own movement rule, ignoring what
    /// happens to its general (destinations holding its own side's pieces excluded).
    pub fn destinations(g: &Grid, from: Point) -> Vec<Point> {
        let Some((color, role)) = at(g, from) else {
            return Vec::new();
        };
        let (f, r) = from;
        let mut out = Vec::new();
        let empty = |p: Point| at(g, p).is_none();
        let mut add = |p: Point| {
            if on_board(p) && at(g, p).is_none_or(|(c, _)| c != color) {
                out.push(p);
            }
        };
        const ORTHO: [Point; 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
        const DIAG: [Point; 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
        match role {
            Role::General => {
                for (df, dr) in ORTHO {
                    let to = (f + df, r + dr);
                    if in_own_palace(color, to) {
                        add(to);
                    }
                }
            }
            Role::Advisor => {
                for (df, dr) in DIAG {
                    let to = (f + df, r + dr);
                    if in_own_palace(color, to) {
                        add(to);
                    }
                }
            }
            Role::Elephant => {
                for (df, dr) in DIAG {
                    let eye = (f + df, r + dr);
                    let to = (f + 2 * df, r + 2 * dr);
                    if on_board(to) && on_own_side(color, to.1) && empty(eye) {
                        add(to);
                    }
                }
            }
            Role::Horse => {
                // One step straight (the leg must be empty), then one diagonally outward.
                for (df, dr) in ORTHO {
                    let leg = (f + df, r + dr);
                    if !on_board(leg) || !empty(leg) {
                        continue;
                    }
                    let sides = if df == 0 {
                        [(1, 0), (-1, 0)]
                    } else {
                        [(0, 1), (0, -1)]
                    };
                    for (sf, sr) in sides {
                        add((leg.0 + df + sf, leg.1 + dr + sr));
                    }
                }
            }
            Role::Chariot | Role::Cannon => {
                for (df, dr) in ORTHO {
                    let mut screens = 0;
                    let mut p = (f + df, r + dr);
                    while on_board(p) {
                        match (at(g, p), role, screens) {
                            (None, _, 0) => add(p),
                            (None, _, _) => {}
                            (Some(_), Role::Chariot, _) => {
                                add(p);
                                break;
                            }
                            (Some(_), _, 0) => screens = 1,
                            (Some(_), _, _) => {
                                add(p);
                                break;
                            }
                        }
                        p = (p.0 + df, p.1 + dr);
                    }
                }
            }
            Role::Soldier => {
                let forward = if color == Color::Red { 1 } else { -1 };
                add((f, r + forward));
                if !on_own_side(color, r) {
                    add((f + 1, r));
                    add((f - 1, r));
                }
            }
        }
        out
    }

    fn general_of(g: &Grid, color: Color) -> Option<Point> {
        (0..9)
            .flat_map(|f| (0..10).map(move |r| (f, r)))
            .find(|&p| at(g, p) == Some((color, Role::General)))
    }

    /// Is `color`'s general attacked: can some enemy piece move onto it, or do the two generals
    /// stand on one file with nothing between them (the flying general)?
    pub fn in_check(g: &Grid, color: Color) -> bool {
        let Some(mine) = general_of(g, color) else {
            return true;
        };
        for f in 0..9 {
            for r in 0..10 {
                if at(g, (f, r)).is_some_and(|(c, _)| c != color)
                    && destinations(g, (f, r)).contains(&mine)
                {
                    return true;
                }
            }
        }
        // The flying general: both generals on one file with nothing between them.
        general_of(g, other(color)).is_some_and(|theirs| {
            let (lo, hi) = (mine.1.min(theirs.1), mine.1.max(theirs.1));
            theirs.0 == mine.0 && (lo + 1..hi).all(|r| at(g, (mine.0, r)).is_none())
        })
    }

    pub fn other(c: Color) -> Color {
        match c {
            Color::Red => Color::Black,
            Color::Black => Color::Red,
        }
    }

    pub fn apply(g: &Grid, from: Point, to: Point) -> Grid {
        let mut next = *g;
        next[to.0 as usize][to.1 as usize] = next[from.0 as usize][from.1 as usize];
        next[from.0 as usize][from.1 as usize] = None;
        next
    }

    /// Every legal move of `color`: its pieces' moves after which its general is not attacked.
    pub fn legal_moves(g: &Grid, color: Color) -> Vec<(Point, Point)> {
        let mut out = Vec::new();
        for f in 0..9 {
            for r in 0..10 {
                if at(g, (f, r)).is_some_and(|(c, _)| c == color) {
                    for to in destinations(g, (f, r)) {
                        if !in_check(&apply(g, (f, r), to), color) {
                            out.push(((f, r), to));
                        }
                    }
                }
            }
        }
        out
    }
}

fn to_move((from, to): (reference::Point, reference::Point)) -> Move {
    let sq = |(f, r): reference::Point| Square::from_coords(f as u8, r as u8).expect("on board");
    Move::new(sq(from), sq(to))
}

/// The reference's legal moves of `pos`, as library moves.
fn reference_moves(pos: &Position) -> BTreeSet<Move> {
    reference::legal_moves(&reference::grid(pos), pos.turn())
        .into_iter()
        .map(to_move)
        .collect()
}

/// Compares everything the library says about `pos` with the reference. Returns a description
/// of the first disagreement.
fn disagreement_with_reference(pos: &Position) -> Option<String> {
    let ours: BTreeSet<Move> = pos.legal_moves().iter().copied().collect();
    let theirs = reference_moves(pos);
    if ours.len() != pos.legal_moves().len() {
        return Some(format!("{pos:?}: duplicate moves generated"));
    }
    if ours != theirs {
        let extra: Vec<String> = ours.difference(&theirs).map(Move::to_string).collect();
        let missing: Vec<String> = theirs.difference(&ours).map(Move::to_string).collect();
        return Some(format!(
            "{}: generated but illegal {extra:?}; legal but not generated {missing:?}",
            pos.fen()
        ));
    }
    let check = reference::in_check(&reference::grid(pos), pos.turn());
    if pos.is_check() != check {
        return Some(format!(
            "{}: is_check {} but reference says {check}",
            pos.fen(),
            pos.is_check()
        ));
    }
    let none = theirs.is_empty();
    if pos.has_legal_moves() == none
        || pos.is_checkmate() != (none && check)
        || pos.is_stalemate() != (none && !check)
    {
        return Some(format!("{}: mate/stalemate flags disagree", pos.fen()));
    }
    for sq in Square::all() {
        let from: BTreeSet<Move> = pos.legal_moves_from(sq).iter().copied().collect();
        let expected: BTreeSet<Move> = theirs.iter().copied().filter(|m| m.from == sq).collect();
        if from != expected {
            return Some(format!("{}: legal_moves_from({sq}) = {from:?}", pos.fen()));
        }
    }
    None
}

/// The FENs of `tests/data/perft.txt` and the start: the positions random play starts from.
fn start_fens() -> Vec<String> {
    let mut fens = vec![START_FEN.to_string()];
    fens.extend(
        include_str!("../data/perft.txt")
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .map(|l| l.split(';').next().unwrap_or_default().trim().to_string()),
    );
    fens
}

/// The positions of one random game: from start FEN number `start`, each entry of `choices`
/// picks a legal move (modulo their number); stops early when no move is left. The start
/// position is included.
fn random_game(start: usize, choices: &[u16]) -> Vec<(Position, Option<Move>)> {
    let fens = start_fens();
    let mut pos = Position::from_fen(&fens[start % fens.len()]).expect("data FENs are valid");
    let mut out = Vec::new();
    for &c in choices {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mv = moves[usize::from(c) % moves.len()];
        out.push((pos.clone(), Some(mv)));
        pos = pos.play(mv).expect("a generated move is legal");
    }
    out.push((pos, None));
    out
}

/// Case counts are sized for a quick debug `cargo test`. For a long soak against the
/// reference, `XIANGQI_PROPTEST_SCALE=N` multiplies them (best in release).
fn config(cases: u32) -> ProptestConfig {
    let scale = std::env::var("XIANGQI_PROPTEST_SCALE")
        .ok()
        .and_then(|v| v.parse::<u32>().ok())
        .filter(|&n| n > 0)
        .unwrap_or(1);
    ProptestConfig {
        cases: cases.saturating_mul(scale),
        rng_seed: RngSeed::Fixed(0x5851_414e_4751),
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// Random placements: each piece of a full set is put on a random point it may stand on, or
/// left out. Boards that are not positions (facing generals, side not to move in check) are
/// skipped by the caller.
fn random_placement() -> impl Strategy<Value = String> {
    // For each of the 32 pieces: keep it?, and a raw number choosing its point.
    (
        prop::collection::vec((any::<bool>(), any::<u16>()), 32),
        any::<bool>(),
    )
        .prop_map(|(picks, black_to_move)| {
            let mut cells = [[None::<char>; 10]; 9];
            let set = "KAABBNNRRCCPPPPP";
            // Generals first, so no other piece takes their point.
            let mut order: Vec<(usize, (bool, u16))> = picks.into_iter().enumerate().collect();
            order.sort_by_key(|&(i, _)| i % 16 != 0);
            for (i, (keep, raw)) in order {
                let red = i < 16;
                let letter = set.as_bytes()[i % 16] as char;
                if !keep && letter != 'K' {
                    continue;
                }
                let points = allowed_points(letter, red);
                let (f, r) = points[usize::from(raw) % points.len()];
                let cell = &mut cells[f as usize][r as usize];
                if cell.is_none() {
                    *cell = Some(if red {
                        letter
                    } else {
                        letter.to_ascii_lowercase()
                    });
                }
            }
            let mut fen = String::new();
            for r in (0..10).rev() {
                let mut empty = 0;
                for column in &cells {
                    match column[r] {
                        None => empty += 1,
                        Some(c) => {
                            if empty > 0 {
                                fen.push_str(&empty.to_string());
                                empty = 0;
                            }
                            fen.push(c);
                        }
                    }
                }
                if empty > 0 {
                    fen.push_str(&empty.to_string());
                }
                if r > 0 {
                    fen.push('/');
                }
            }
            fen.push_str(if black_to_move {
                " b - - 0 1"
            } else {
                " w - - 0 1"
            });
            fen
        })
}

/// The points a piece may ever stand on, from red's side; mirrored for black.
fn allowed_points(letter: char, red: bool) -> Vec<(i32, i32)> {
    let all = (0..9).flat_map(|f| (0..10).map(move |r| (f, r)));
    let own: Vec<(i32, i32)> = match letter {
        'K' => all
            .filter(|&(f, r)| (3..=5).contains(&f) && r <= 2)
            .collect(),
        'A' => vec![(3, 0), (5, 0), (4, 1), (3, 2), (5, 2)],
        'B' => vec![(2, 0), (6, 0), (0, 2), (4, 2), (8, 2), (2, 4), (6, 4)],
        'P' => all
            .filter(|&(f, r)| r >= 5 || (r >= 3 && f % 2 == 0))
            .collect(),
        _ => all.collect(),
    };
    if red {
        own
    } else {
        own.into_iter().map(|(f, r)| (f, 9 - r)).collect()
    }
}

proptest! {
    #![proptest_config(config(2000))]

    #[test]
    fn arbitrary_text_never_panics_the_fen_reader(s in any::<String>()) {
        let _ = Position::from_fen(&s);
    }

    #[test]
    fn fen_alphabet_text_never_panics_the_fen_reader(
        s in "[kabnrcpKABNRCPEHeh0-9/ wbr-]{0,100}"
    ) {
        let _ = Position::from_fen(&s);
    }

    #[test]
    fn fen_shaped_text_never_panics_and_what_reads_round_trips(
        ranks in prop::collection::vec("[kabnrcpKABNRCP1-9]{0,10}", 8..12),
        side in "[wbrx]?",
        clocks in "( [-x] [-x])?( [0-9]{1,3}( [0-9]{1,3})?)?",
    ) {
        let fen = format!("{} {side}{clocks}", ranks.join("/"));
        if let Ok(pos) = Position::from_fen(&fen) {
            prop_assert_eq!(Position::from_fen(&pos.fen()), Ok(pos.clone()));
            prop_assert!(pos.check_consistency().is_ok());
        }
    }
}

proptest! {
    #![proptest_config(config(1000))]

    /// Random set-ups reach positions random play rarely does (pins, double checks, bare
    /// generals): the library must agree with the reference on all of them.
    #[test]
    fn random_placements_agree_with_the_reference(fen in random_placement()) {
        if let Ok(pos) = Position::from_fen(&fen) {
            prop_assert_eq!(pos.fen(), fen.clone());
            if let Some(e) = disagreement_with_reference(&pos) {
                return Err(TestCaseError::fail(e));
            }
        } else {
            // The reader refused it: it must be because of the generals or a check, never the
            // placement, which obeys every point rule.
            let err = Position::from_fen(&fen).expect_err("refused");
            let why = err.to_string();
            prop_assert!(
                why.contains("face each other") || why.contains("in check"),
                "{} refused: {}", fen, why
            );
        }
    }
}

proptest! {
    #![proptest_config(config(200))]

    /// Thousands of positions from random games: every generated move is legal by the
    /// reference and every reference move is generated.
    #[test]
    fn random_play_agrees_with_the_reference(
        start in any::<usize>(),
        choices in prop::collection::vec(any::<u16>(), 0..80),
    ) {
        for (pos, _) in random_game(start, &choices) {
            if let Some(e) = disagreement_with_reference(&pos) {
                return Err(TestCaseError::fail(e));
            }
        }
    }

    #[test]
    fn fen_round_trips_along_random_games(
        start in any::<usize>(),
        choices in prop::collection::vec(any::<u16>(), 0..120),
    ) {
        for (pos, _) in random_game(start, &choices) {
            let again = Position::from_fen(&pos.fen()).map_err(|e| TestCaseError::fail(e.to_string()))?;
            prop_assert_eq!(&again, &pos);
            prop_assert_eq!(again.key(), pos.key());
            prop_assert_eq!(again.fen(), pos.fen());
        }
    }

    #[test]
    fn make_unmake_restores_position_and_key(
        start in any::<usize>(),
        choices in prop::collection::vec(any::<u16>(), 0..120),
    ) {
        for (pos, mv) in random_game(start, &choices) {
            prop_assert!(pos.check_consistency().is_ok(), "{:?}", pos.check_consistency());
            // Every legal move, not only the one played, must be undone exactly.
            for &m in &pos.legal_moves() {
                let mut scratch = pos.clone();
                let undo = scratch.make_move(m);
                prop_assert_eq!(undo.captured(), pos.piece_at(m.to));
                prop_assert!(scratch.check_consistency().is_ok(), "after {}: {:?}", m, scratch.check_consistency());
                prop_assert_eq!(scratch.turn(), pos.turn().other());
                let expected_clock = if undo.captured().is_some() { 0 } else { pos.halfmove_clock() + 1 };
                prop_assert_eq!(scratch.halfmove_clock(), expected_clock);
                prop_assert_eq!(Ok(scratch.clone()), pos.play(m));
                scratch.unmake_move(m, undo);
                prop_assert_eq!(&scratch, &pos);
                prop_assert_eq!(scratch.key(), pos.key());
            }
            if let Some(m) = mv {
                prop_assert!(pos.is_legal(m));
            }
        }
    }

    #[test]
    fn check_move_agrees_with_is_legal_and_the_reference(
        start in any::<usize>(),
        choices in prop::collection::vec(any::<u16>(), 0..60),
        pairs in prop::collection::vec((0usize..90, 0usize..90), 200),
    ) {
        let games = random_game(start, &choices);
        let (pos, _) = games.last().expect("a game has a position");
        let legal = reference_moves(pos);
        let mut tried: Vec<Move> = pairs
            .into_iter()
            .filter_map(|(a, b)| Some(Move::new(Square::from_index(a)?, Square::from_index(b)?)))
            .collect();
        tried.extend(legal.iter().copied());
        for m in tried {
            let verdict = pos.check_move(m);
            prop_assert_eq!(verdict.is_ok(), pos.is_legal(m), "{} in {}", m, pos.fen());
            prop_assert_eq!(verdict.is_ok(), legal.contains(&m), "{} in {}: {:?}", m, pos.fen(), verdict);
            prop_assert_eq!(pos.play(m).err(), verdict.err());
            let mover = pos.piece_at(m.from);
            let expected_first = match mover {
                None => Some(IllegalMove::NoPiece),
                Some(p) if p.color != pos.turn() => Some(IllegalMove::NotYourPiece),
                Some(_) if m.from == m.to => Some(IllegalMove::NullMove),
                Some(_) if pos.piece_at(m.to).is_some_and(|p: Piece| p.color == pos.turn()) => {
                    Some(IllegalMove::OwnPiece)
                }
                _ => None,
            };
            if let Some(reason) = expected_first {
                prop_assert_eq!(verdict, Err(reason), "{} in {}", m, pos.fen());
            }
        }
    }
}

#[test]
fn reference_agrees_on_the_start_and_perft_positions() {
    for fen in start_fens() {
        let pos = Position::from_fen(&fen).expect("valid");
        if let Some(e) = disagreement_with_reference(&pos) {
            panic!("{e}");
        }
    }
}

#[test]
fn reference_counts_perft_two_from_the_start() {
    // The reference alone, two plies deep: 1,920 is the published count.
    let g = reference::grid(&Position::start());
    let mut n = 0;
    for (from, to) in reference::legal_moves(&g, Color::Red) {
        n += reference::legal_moves(&reference::apply(&g, from, to), Color::Black).len();
    }
    assert_eq!(n, 1_920);
}
