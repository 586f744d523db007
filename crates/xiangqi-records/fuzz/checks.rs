//! What each fuzz target asserts about one input. Shared by the cargo-fuzz targets
//! (`fuzz/fuzz_targets/`) and by `tests/fuzz_corpus.rs`, which replays the inputs of `fuzz/seeds/`, the corpus
//! and any crash files on stable Rust in `cargo test`. A failed check panics, and a panic is
//! what the fuzzer reports.

#![allow(dead_code)]

use xiangqi_records::pgn::{GameReader, is_tag_line, read_each, read_games, write_pgn};
use xiangqi_rules::{Glyphs, Move, Notation, NotationStyle, Position, parse_move};

/// Inputs longer than this are cut: the targets look for wrong answers, not slow ones.
const MAX_INPUT: usize = 64 * 1024;

fn cut(data: &[u8]) -> &[u8] {
    &data[..data.len().min(MAX_INPUT)]
}

/// The styles a writer may choose.
fn styles() -> [NotationStyle; 3] {
    let plain = NotationStyle::default();
    let traditional = NotationStyle {
        glyphs: Glyphs::Traditional,
        black_digits: xiangqi_rules::BlackDigits::Ascii,
        ..plain
    };
    let hyphenated = NotationStyle {
        iccs_hyphenated: !plain.iccs_hyphenated,
        ..plain
    };
    [plain, traditional, hyphenated]
}

/// Every legal move of `pos` is playable, and a move the position refuses is not among them.
fn moves_are_consistent(pos: &Position) {
    for &m in pos.legal_moves().iter() {
        if let Err(e) = pos.play(m) {
            panic!("{}: legal move {m} refused: {e}", pos.fen());
        }
    }
}

/// `fen`: a FEN that reads gives a position whose own FEN reads back to the same position
/// and the same text, and whose legal moves can all be played.
pub fn fen(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(cut(data)) else {
        return;
    };
    let Ok(pos) = Position::from_fen(text) else {
        return;
    };
    let written = pos.fen();
    match Position::from_fen(&written) {
        Ok(again) => {
            assert!(
                again == pos,
                "{text:?} -> {written:?} reads as another position"
            );
            assert_eq!(again.fen(), written, "{text:?}: the FEN is not stable");
        }
        Err(e) => panic!("{text:?} -> {written:?}, which does not read: {e}"),
    }
    moves_are_consistent(&pos);
}

/// `move_text`: the input is a FEN line (the start position if it does not read) then a
/// move's text. A move read in any notation is legal, and writing it in every notation and
/// style reads back (in that notation, and by detection) as the same move.
pub fn move_text(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(cut(data)) else {
        return;
    };
    let (fen, typed) = text.split_once('\n').unwrap_or(("", text));
    let pos = Position::from_fen(fen).unwrap_or_else(|_| Position::start());
    let mut read: Vec<Move> = Vec::new();
    for notation in Notation::ALL {
        if let Ok(m) = notation.parse(&pos, typed) {
            read.push(m);
        }
    }
    if let Ok(m) = parse_move(&pos, typed) {
        read.push(m);
    }
    for m in read {
        if let Err(e) = pos.check_move(m) {
            panic!("{fen:?} {typed:?} read as {m}, which is illegal: {e}");
        }
        for notation in Notation::ALL {
            for style in styles() {
                let written = match notation.write(&pos, m, &style) {
                    Ok(w) => w,
                    Err(e) => panic!("{fen:?}: legal {m} cannot be written in {notation}: {e}"),
                };
                let back = notation.parse(&pos, &written);
                assert!(
                    back.as_ref().ok() == Some(&m),
                    "{fen:?}: {m} written in {notation} as {written:?} reads back as {back:?}"
                );
                let detected = parse_move(&pos, &written);
                assert!(
                    detected.as_ref().ok() == Some(&m),
                    "{fen:?}: {m} as {written:?} detected as {detected:?}"
                );
            }
        }
    }
}

/// `pgn_read`: reading any bytes as PGN never panics, every game read replays legally from
/// its start, and the streaming reader finds the same games as the whole-file one.
pub fn pgn_read(data: &[u8]) {
    let data = cut(data);
    let whole = read_each(data);
    for game in whole.iter().flatten() {
        let mut pos = game.start().clone();
        for &m in game.moves() {
            pos = match pos.play(m) {
                Ok(p) => p,
                Err(e) => panic!("a read game holds an illegal move {m}: {e}"),
            };
        }
        let _ = game.to_game();
    }
    let streamed: Vec<_> = GameReader::new(data).collect();
    let moves =
        |games: &[Result<xiangqi_records::pgn::PgnGame, xiangqi_records::pgn::PgnError>]| {
            games
                .iter()
                .map(|g| g.as_ref().ok().map(|g| g.moves().to_vec()))
                .collect::<Vec<_>>()
        };
    assert_eq!(
        moves(&whole),
        moves(&streamed),
        "the streaming reader and the whole-file reader disagree"
    );
}

/// `pgn_roundtrip`: every game that reads, written as PGN in each notation and read back, is
/// the same game: same start, same moves by their ICCS form, same position reached; and
/// written as a DhtmlXQ block and read back, the same start, tree and main line.
pub fn pgn_roundtrip(data: &[u8]) {
    let Ok(games) = read_games(cut(data)) else {
        return;
    };
    for game in games {
        let played = game.to_game();
        for notation in Notation::ALL {
            for style in styles() {
                let text = write_pgn(&played, game.tags(), notation, &style);
                let again = match read_games(text.as_bytes()) {
                    Ok(mut g) if g.len() == 1 => g.remove(0),
                    Ok(g) => panic!("one game written, {} read back:\n{text}", g.len()),
                    Err(e) => panic!("a written game does not read back: {e}\n{text}"),
                };
                assert_eq!(again.start().fen(), game.start().fen(), "start, {notation}");
                let iccs = |moves: &[Move]| moves.iter().map(Move::to_string).collect::<Vec<_>>();
                assert_eq!(
                    iccs(again.moves()),
                    iccs(game.moves()),
                    "moves, {notation}\n{text}"
                );
                assert_eq!(
                    again.to_game().position().fen(),
                    played.position().fen(),
                    "position reached, {notation}"
                );
                assert_same_comments(game.tree(), again.tree(), &text);
            }
        }
        // As a DhtmlXQ block: the same start, tree and main line.
        let block = game.to_dhtmlxq();
        let read = xiangqi_records::dhtmlxq::read_all(&block.text);
        let again = match read.as_slice() {
            [Ok(again)] => again,
            other => panic!(
                "one DhtmlXQ block written, {other:?} read back:\n{}",
                block.text
            ),
        };
        assert_eq!(
            again.tree.start().board(),
            game.start().board(),
            "DhtmlXQ start"
        );
        assert_eq!(
            again.tree.len(),
            game.tree().len(),
            "DhtmlXQ tree\n{}",
            block.text
        );
        assert_eq!(again.tree.main_line(), game.moves(), "DhtmlXQ main line");
    }
}

/// Every comment of `tree` that PGN can hold comes back the same in `again`, `tree` written
/// as PGN (`text`) and read back: all but one holding `}` over several lines or after an
/// indent (written `)`), or a line that reads as a tag pair (joined to the line before).
fn assert_same_comments(
    tree: &xiangqi_rules::GameTree,
    again: &xiangqi_rules::GameTree,
    text: &str,
) {
    let nodes = |t: &xiangqi_rules::GameTree| {
        let entries = t.entries(Notation::Iccs, &NotationStyle::default());
        std::iter::once(xiangqi_rules::NodeId::ROOT)
            .chain(entries.iter().map(|e| e.node))
            .collect::<Vec<_>>()
    };
    let (before, after) = (nodes(tree), nodes(again));
    assert_eq!(before.len(), after.len(), "the tree's moves\n{text}");
    for (&a, &b) in before.iter().zip(&after) {
        let Some(comment) = tree.comment(a) else {
            continue;
        };
        let brace_kept =
            !comment.contains('}') || !(comment.contains('\n') || comment.starts_with([' ', '\t']));
        if brace_kept && !comment.split('\n').any(|l| is_tag_line(l.as_bytes())) {
            assert_eq!(again.comment(b), Some(comment), "a comment\n{text}");
        }
    }
}

/// `xqf`: any bytes read as an XQF file give a game whose every move is legal, or an error;
/// never a panic. (The whole input: a tree that points outside the file must be caught.) A
/// game read, written as XQF again, reads back with the same start, moves and comments.
pub fn xqf(data: &[u8]) {
    let Ok(game) = xiangqi_records::xqf::read(data) else {
        return;
    };
    let written = xiangqi_records::xqf::write(&game.tree, &game.tags, game.result);
    let again = xiangqi_records::xqf::read(&written.bytes)
        .unwrap_or_else(|e| panic!("an XQF file of our own does not read: {e}"));
    assert_eq!(
        again.tree.start(),
        game.tree.start(),
        "the start written again"
    );
    assert_eq!(again.tree.len(), game.tree.len(), "the tree written again");
    assert_eq!(again.result, game.result);
    let tree = &game.tree;
    let mut stack = vec![(xiangqi_rules::NodeId::ROOT, tree.start().clone())];
    while let Some((node, pos)) = stack.pop() {
        for child in tree.children(node) {
            let Some(m) = tree.mv(child) else {
                panic!("a node without a move below the root");
            };
            match pos.play(m) {
                Ok(next) => stack.push((child, next)),
                Err(e) => panic!("an XQF tree holds an illegal move {m}: {e}"),
            }
        }
    }
}
