//! PGN reading and writing on every real file of `tests/data/games/` (Big5, GBK with CRLF,
//! ASCII ICCS with several games a file): each loads in its encoding, its moves survive
//! conversion to the other notations and back, and its tags, results and comments are kept.

use crate::records;

use records::{data_dir, files, games_of, read, style};
use xiangqi_records::pgn::{PgnResult, TextEncoding, decode, read_games, write_pgn};
use xiangqi_rules::{BlackDigits, Glyphs, Move, Notation, NotationStyle};

#[test]
fn every_real_file_loads_in_its_encoding() {
    let expected = [
        ("ccpd", TextEncoding::Big5, 260, 260),
        ("ccgc", TextEncoding::Gb18030, 21, 21),
        ("iccs", TextEncoding::Utf8, 1, 15),
    ];
    for (sub, encoding, file_count, game_count) in expected {
        let paths = files(sub);
        assert_eq!(paths.len(), file_count, "{sub}");
        let mut games = 0;
        for path in &paths {
            let bytes = read(path);
            assert_eq!(decode(&bytes).1, encoding, "{}", path.display());
            let read = read_games(&bytes);
            let read = read.unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            for g in &read {
                assert!(
                    !g.moves().is_empty(),
                    "{}: a game without moves",
                    path.display()
                );
            }
            games += read.len();
        }
        assert_eq!(games, game_count, "{sub}");
    }
}

/// One canonical character for every glyph variant, and ASCII for full-width digits.
fn normalise(c: char) -> char {
    match c {
        '帥' | '將' | '将' => '帅',
        '仕' => '士',
        '象' => '相',
        '傌' | '馬' => '马',
        '俥' | '車' => '车',
        '砲' | '包' => '炮',
        '卒' => '兵',
        '進' => '进',
        '後' => '后',
        '１'..='９' => char::from_u32(c as u32 - '１' as u32 + '1' as u32).unwrap_or(c),
        _ => c,
    }
}

const MOVE_CHARS: &str = "帥帅將将仕士相象傌馬马俥車车炮砲包兵卒進进退平前中後后\
                          一二三四五六七八九１２３４５６７８９123456789";

/// The Chinese moves of a record, found without the library: comments dropped, then every
/// word of four or five move characters, normalised.
fn chinese_moves(text: &str) -> Vec<String> {
    let mut plain = String::new();
    let mut depth = 0;
    for c in text.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            _ if depth == 0 => plain.push(c),
            _ => {}
        }
    }
    plain
        .lines()
        .filter(|l| !l.trim_start().starts_with('['))
        .flat_map(str::split_whitespace)
        .filter(|w| {
            let n = w.chars().count();
            (4..=5).contains(&n) && w.chars().all(|c| MOVE_CHARS.contains(c))
        })
        .map(|w| w.chars().map(normalise).collect())
        .collect()
}

fn iccs_moves(text: &str) -> Vec<String> {
    text.lines()
        .filter(|l| !l.trim_start().starts_with('['))
        .flat_map(str::split_whitespace)
        .filter(|w| w.parse::<Move>().is_ok())
        .map(|w| w.replace('-', "").to_ascii_lowercase())
        .collect()
}

fn convert_each(bytes: &[u8], notation: Notation, style: &NotationStyle) -> String {
    games_of(bytes)
        .iter()
        .map(|g| write_pgn(&g.to_game(), g.tags(), notation, style))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn chinese_records_survive_iccs_and_back() {
    let mut checked = 0;
    let mut file_for_tandem = 0;
    for sub in ["ccpd", "ccgc"] {
        for path in files(sub) {
            let bytes = read(&path);
            let original = chinese_moves(&decode(&bytes).0);
            let iccs = convert_each(&bytes, Notation::Iccs, &NotationStyle::default());
            for s in [
                style(Glyphs::Simplified, BlackDigits::FullWidth, true),
                style(Glyphs::Traditional, BlackDigits::Ascii, true),
            ] {
                let chinese = convert_each(iccs.as_bytes(), Notation::Chinese, &s);
                let ours = chinese_moves(&chinese);
                assert_eq!(ours.len(), original.len(), "{}", path.display());
                for (a, b) in ours.iter().zip(&original) {
                    if a != b {
                        assert!(
                            names_file_for_tandem(b, a),
                            "{}: {a} for {b}",
                            path.display()
                        );
                        file_for_tandem += 1;
                    }
                }
            }
            checked += original.len();
        }
    }
    assert!(checked > 10_000, "only {checked} moves compared");
    // The Big5 records name the file instead of 前/后 when only one of two pieces on a file
    // can make the move (炮五平六 where the front cannon is blocked); docs/rules.md and xqbase
    // always write 前/后 for two pieces on a file, so the writer does. Nothing else differs.
    assert!(
        file_for_tandem < checked / 20,
        "{file_for_tandem} of {checked}"
    );
}

/// Is `original` (like 炮五平六) the same move as `ours` (like 后炮平六) but naming the file
/// where docs/rules.md says 前/后?
fn names_file_for_tandem(original: &str, ours: &str) -> bool {
    let (o, w): (Vec<char>, Vec<char>) = (original.chars().collect(), ours.chars().collect());
    o.len() == 4 && w.len() == 4 && "前后".contains(w[0]) && w[1] == o[0] && w[2..] == o[2..]
}

#[test]
fn iccs_records_survive_chinese_and_wxf_and_back() {
    let bytes = read(&data_dir("iccs/bulk_games_uci.pgn"));
    let original = iccs_moves(&decode(&bytes).0);
    assert!(original.len() > 1000);
    let plain = style(Glyphs::Simplified, BlackDigits::FullWidth, false);
    for notation in [Notation::Chinese, Notation::Wxf] {
        let there = convert_each(&bytes, notation, &NotationStyle::default());
        let back = convert_each(there.as_bytes(), Notation::Iccs, &plain);
        assert_eq!(iccs_moves(&back), original, "via {notation}");
    }
}

#[test]
fn converted_files_keep_their_tags_and_results() {
    let bytes = read(&data_dir("ccgc/annotated.pgn"));
    let game = &games_of(&bytes)[0];
    assert_eq!(game.tag("Red"), Some("许银川"));
    assert_eq!(game.result(), PgnResult::RedWins);
    assert_eq!(
        game.start().fen(),
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/9/1C5C1/9/RN2K2NR w - - 0 1"
    );
    let pgn = write_pgn(
        &game.to_game(),
        game.tags(),
        Notation::Chinese,
        &NotationStyle::default(),
    );
    assert!(pgn.starts_with("[Game \"Chinese Chess\"]\n[Event \"许银川让九子对聂棋圣\"]\n"));
    assert!(
        pgn.contains("[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/9/1C5C1/9/RN2K2NR w - - 0 1\"]\n")
    );
    // The record's comments are kept, each after its move, with their paragraph indents; a
    // black move after a comment is numbered again.
    assert!(
        pgn.contains("\n3. 炮二平五 {\u{3000}\u{3000}再架中炮也属正着，")
            && pgn.contains("} 3. ... 马８进７\n"),
        "{pgn}"
    );
    assert!(
        pgn.ends_with("\n38. 车五平七 {\u{3000}\u{3000}至此，聂棋圣认负。与此同时，另一盘围棋对弈我被屠去一条大龙，已无力再战，遂平分秋色，皆大欢喜。}\n1-0\n"),
        "{pgn}"
    );
}
