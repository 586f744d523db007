//! The questions about the board answered through a pipe, checked against the rules
//! library's own answers on chosen positions: every point, every piece's moves, and what
//! attacks and defends each point.

use crate::common::pipe::{Plain, assert_plain};
use crate::common::{TempDir, fen_after};
use xiangqi_rules::{Color, Position, START_FEN, Square};

/// The points named in `text` (ICCS: a file letter and a rank digit standing alone).
fn points_in(text: &str) -> Vec<Square> {
    text.split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| w.len() == 2)
        .filter_map(|w| w.parse().ok())
        .collect()
}

fn sorted(mut squares: Vec<Square>) -> Vec<Square> {
    squares.sort_by_key(|sq| sq.to_string());
    squares
}

/// A piece's side and kind as the English answers name them: "red chariot".
fn named(pos: &Position, sq: Square) -> Option<String> {
    pos.piece_at(sq).map(|p| {
        let side = match p.color {
            Color::Red => "red",
            Color::Black => "black",
        };
        format!("{side} {}", format!("{:?}", p.role).to_lowercase())
    })
}

fn one(answer: Vec<String>) -> String {
    assert_eq!(answer.len(), 1, "one line: {answer:?}");
    answer.into_iter().next().unwrap_or_default()
}

/// Asks every question of every point of `fen` and compares the answers with the library.
fn check_position(fen: &str) {
    let state = TempDir::new("plain-questions");
    let pos = Position::from_fen(fen).expect("test FEN");
    let args: Vec<&str> = fen.split(' ').collect();
    let mut p = Plain::start(&args, &state.0);
    p.prompt();
    assert_eq!(p.ask("fen"), [fen]);

    for (side, word) in [(Color::Red, "red"), (Color::Black, "black")] {
        let answer = one(p.ask(&format!("pieces {word}")));
        let said = points_in(answer.split_once(':').map_or("", |(_, rest)| rest));
        let owned: Vec<Square> = pos
            .board()
            .pieces()
            .filter(|(_, piece)| piece.color == side)
            .map(|(sq, _)| sq)
            .collect();
        assert_eq!(sorted(said.clone()), sorted(owned), "{answer}");
        // By kind of piece: the general first, the soldiers last.
        let kinds: Vec<usize> = said
            .iter()
            .filter_map(|&sq| pos.piece_at(sq))
            .map(|p| p.role.index())
            .collect();
        assert!(kinds.is_sorted(), "by piece: {answer}");
    }

    for sq in Square::all() {
        let name = sq.to_string();
        let answer = one(p.ask(&name));
        match named(&pos, sq) {
            Some(piece) => assert_eq!(answer, format!("{name}: {piece}."), "{name}"),
            None => assert_eq!(answer, format!("{name}: empty."), "{name}"),
        }

        let answer = one(p.ask(&format!("moves {name}")));
        match pos.piece_at(sq) {
            Some(piece) if piece.color == pos.turn() => {
                let legal: Vec<Square> = pos.legal_moves_from(sq).iter().map(|m| m.to).collect();
                let said = match answer
                    .split_once(" moves: ")
                    .or(answer.split_once(" move: "))
                {
                    Some((_, targets)) => points_in(targets),
                    None => Vec::new(),
                };
                assert_eq!(sorted(said), sorted(legal), "{answer}");
            }
            _ => assert!(points_in(&answer).len() <= 1, "{answer}"),
        }

        for (question, defenders) in [("attackers", false), ("defenders", true)] {
            let answer = one(p.ask(&format!("{question} {name}")));
            let owner = pos.piece_at(sq).map_or(pos.turn(), |p| p.color);
            let by = if defenders { owner } else { owner.other() };
            let said = match answer.split_once(" by ") {
                Some((_, pieces)) => points_in(pieces),
                None => Vec::new(),
            };
            assert_eq!(sorted(said), sorted(pos.attackers(sq, by)), "{answer}");
        }
    }
    assert_eq!(p.ask("fen"), [fen], "the questions changed nothing");
    p.close();
    assert_plain(&p.raw);
}

#[test]
fn the_answers_are_the_librarys_in_the_opening() {
    check_position(&fen_after(
        START_FEN,
        &["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7", "e2e6"],
    ));
}

#[test]
fn the_answers_are_the_librarys_with_a_pinned_piece() {
    // Red's chariot on e2 shields its general from black's chariot on e6; a black cannon
    // and horse add screens and legs.
    check_position("3ak4/9/4c4/4r4/2n6/9/9/4R4/9/4K4 w - - 0 1");
}
