//! Editing a record by hand and keeping it: comments (Chinese text included) and marks put
//! on with [`Edit`], a variation promoted and a move deleted, all written as PGN and read
//! back the same — marks as `$n` glyphs, comments in `{…}`.

use xiangqi_records::pgn::{read_game, write_pgn};
use xiangqi_rules::{Edit, Game, NodeId, Notation, NotationStyle};

fn game_of(lines: &[&[&str]]) -> Game {
    let mut game = Game::default();
    for line in lines {
        game.to_start();
        for m in *line {
            game.play(m.parse().unwrap_or_default())
                .unwrap_or_else(|e| panic!("{m}: {e}"));
        }
    }
    game
}

/// Every move in PGN order: depth, ICCS with marks, comment, glyphs.
fn shape(game: &Game) -> Vec<(usize, String, Option<String>, Vec<u8>)> {
    let style = NotationStyle {
        iccs_hyphenated: false,
        ..NotationStyle::default()
    };
    let tree = game.tree();
    tree.entries(Notation::Iccs, &style)
        .into_iter()
        .map(|e| {
            (
                e.depth,
                e.text,
                tree.comment(e.node).map(str::to_string),
                tree.nags(e.node).to_vec(),
            )
        })
        .collect()
}

fn round_trip(game: &Game, notation: Notation) -> (String, Game) {
    let pgn = write_pgn(game, &[], notation, &NotationStyle::default());
    let read = read_game(pgn.as_bytes(), 1).unwrap_or_else(|e| panic!("{e}\n{pgn}"));
    (pgn, read.to_game())
}

#[test]
fn comments_and_marks_made_by_hand_survive_writing_and_reading() {
    let mut game = game_of(&[&["h2e2", "h9g7", "h0g2", "i9h9"], &["h2e2", "b9c7"]]);
    let third = game.tree().line_after(NodeId::ROOT)[2];
    game.edit(&Edit::Comment {
        node: third,
        text: Some("马二进三，稳健 solid".into()),
    })
    .expect("a move");
    for _ in 0..5 {
        game.edit(&Edit::CycleMark(third)).expect("a move");
    }
    // Another glyph the move had is kept beside the mark.
    let mut nags = game.tree().nags(third).to_vec();
    nags.push(14);
    let mut tree = game.tree().clone();
    tree.set_nags(third, &nags);
    let game = Game::from_tree(tree);
    let variation = game
        .tree()
        .children(game.tree().line_after(NodeId::ROOT)[0])
        .nth(1);
    let mut game = game;
    game.edit(&Edit::CycleMark(variation.expect("b9c7")))
        .expect("a move");
    for notation in [Notation::Iccs, Notation::Chinese, Notation::Wxf] {
        let (pgn, read) = round_trip(&game, notation);
        assert!(pgn.contains("$5 $14"), "{pgn}");
        assert!(pgn.contains("{马二进三，稳健 solid}"), "{pgn}");
        assert_eq!(shape(&read), shape(&game), "{pgn}");
    }
    let shown = shape(&game);
    assert_eq!(shown[3].1, "h0g2!?");
    assert_eq!(shown[3].3, [5, 14]);
    assert_eq!(shown[2].1, "b9c7!");
}

#[test]
fn a_promoted_variation_and_a_deleted_line_are_written_as_shaped() {
    let mut game = game_of(&[
        &["h2e2", "h9g7", "h0g2"],
        &["h2e2", "b9c7", "b0c2"],
        &["c3c4"],
    ]);
    let h2e2 = game.tree().main_child(NodeId::ROOT).expect("h2e2");
    let b9c7 = game.tree().children(h2e2).nth(1).expect("b9c7");
    game.edit(&Edit::Promote(b9c7)).expect("a variation");
    let c3c4 = game.tree().children(NodeId::ROOT).nth(1).expect("c3c4");
    game.edit(&Edit::Delete(c3c4)).expect("a move");
    let (pgn, read) = round_trip(&game, Notation::Iccs);
    assert!(
        pgn.contains("1. H2-E2 B9-C7 (1. ... H9-G7 2. H0-G2)\n2. B0-C2"),
        "{pgn}"
    );
    assert!(!pgn.contains("C3-C4"), "{pgn}");
    assert_eq!(shape(&read), shape(&game));
}
