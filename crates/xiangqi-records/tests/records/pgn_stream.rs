//! Files of several games, one after another: where each game ends and the next begins (an
//! unclosed comment or variation, a comment in another encoding, a byte order mark, a game of
//! tags only), errors that name the file's lines, reading one game in bounded memory, the
//! index a picker uses, converting game by game, and each record's stated result and tags
//! kept.

use crate::records;

use records::{data_dir, games_of, one, read};
use std::io::{BufReader, Cursor, Read};
use xiangqi_records::pgn::{
    Event, Events, GameReader, MAX_GAME_BYTES, Notice, PgnErrorKind, PgnGame, PgnResult,
    convert_stream, index, read_each, read_game, write_pgn,
};
use xiangqi_rules::{NodeId, Notation, NotationStyle, Termination};

#[test]
fn an_unclosed_comment_names_its_line_and_the_games_after_it_are_read() {
    let text = "[Event \"1\"]\n1. h2e2 h9g7 { x\n2. h0g2 *\n\n[Event \"2\"]\n1. b0c2 *\n";
    let games = read_each(text.as_bytes());
    assert_eq!(games.len(), 2, "{games:?}");
    let error = games[0].as_ref().err().map(|e| (e.game, e.kind.clone()));
    assert_eq!(error, Some((1, PgnErrorKind::UnclosedComment { line: 2 })));
    let message = games[0].as_ref().err().map(ToString::to_string);
    assert!(message.is_some_and(|m| m.contains("on line 2 is not closed")));
    assert_eq!(
        games[1].as_ref().map(|g| g.tag("Event")).ok(),
        Some(Some("2"))
    );
}

/// For each game of `text`: why it cannot be read, if it cannot.
fn error_kinds(text: &str) -> Vec<Option<PgnErrorKind>> {
    read_each(text.as_bytes())
        .into_iter()
        .map(|g| g.err().map(|e| e.kind))
        .collect()
}

#[test]
fn an_unclosed_variation_names_its_line_and_later_games_are_read() {
    let text = "[Event \"1\"]\n1. h2e2\n(1. b0c2\nb9c7\n[Event \"2\"]\n1. b0c2 *\n";
    assert_eq!(
        error_kinds(text),
        [Some(PgnErrorKind::UnclosedVariation { line: 3 }), None]
    );
}

#[test]
fn a_latin1_comment_does_not_swallow_the_games_after_it() {
    let mut bytes = b"[Event \"1\"]\n1. h2e2 {jou".to_vec();
    bytes.extend_from_slice(&[0xE9]);
    bytes.extend_from_slice(b"} h9g7 *\n\n[Event \"2\"]\n1. b0c2 *\n");
    let games = games_of(&bytes);
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].moves().len(), 2);
    let comment = games[0]
        .tree()
        .comment(games[0].tree().line_after(NodeId::ROOT)[0]);
    assert_eq!(comment, Some("jou\u{FFFD}"));
}

#[test]
fn bad_text_in_an_error_is_cut_to_a_readable_length() {
    let long = "x".repeat(100_000);
    let text = format!("1. h2e2 {long} *");
    let error = read_game(text.as_bytes(), 1).err().map(|e| e.to_string());
    let error = error.unwrap_or_default();
    assert!(error.contains("xxxxxxxx…"), "{error}");
    assert!(error.len() < 200, "{}", error.len());
}

#[test]
fn events_report_tags_only_scans_without_playing_moves() {
    // Moves that do not read are no obstacle to a scan of the structure.
    let text = "[Red \"A\"]\n1. zz9 yy8 (1. qq) 1-0\n[Red \"B\"]\n1. h2e2 *";
    let reds: Vec<String> = Events::new(text)
        .filter_map(Result::ok)
        .filter_map(|e| match e {
            Event::Tag { name: "Red", value } => Some(value.into_owned()),
            _ => None,
        })
        .collect();
    assert_eq!(reds, ["A", "B"]);
}

/// An endless source of the same game: shows that a reader stops where it should.
struct Endless {
    game: &'static [u8],
    at: usize,
    read: usize,
}

impl Read for Endless {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let mut n = 0;
        while n < buf.len() {
            buf[n] = self.game[self.at];
            self.at = (self.at + 1) % self.game.len();
            n += 1;
        }
        self.read += n;
        Ok(n)
    }
}

#[test]
fn game_n_is_read_without_reading_the_rest_of_the_file() {
    let mut endless = Endless {
        game: b"[Event \"e\"]\n1. h2e2 h9g7 *\n\n",
        at: 0,
        read: 0,
    };
    let game = GameReader::new(BufReader::new(&mut endless)).game(3);
    assert_eq!(game.map(|g| g.moves().len()).ok(), Some(2));
    assert!(endless.read < 64 * 1024, "read {} bytes", endless.read);
}

#[test]
fn endless_zeros_stop_at_the_game_size_limit() {
    let zeros = std::io::repeat(0).take(3 * MAX_GAME_BYTES as u64);
    let items: Vec<_> = GameReader::new(BufReader::new(zeros)).collect();
    assert_eq!(items.len(), 1);
    let kind = items[0].as_ref().err().map(|e| e.kind.clone());
    assert_eq!(
        kind,
        Some(PgnErrorKind::TooLarge {
            line: 1,
            limit: MAX_GAME_BYTES
        })
    );
}

/// `text` converted to ICCS: the output and what was noticed on the way.
fn convert(text: &str) -> (String, usize, Vec<Notice>) {
    let mut out = Vec::new();
    let mut notices = Vec::new();
    let written = convert_stream(
        text.as_bytes(),
        &mut out,
        None,
        Notation::Iccs,
        &NotationStyle::default(),
        |n| notices.push(n),
    );
    let written = written.unwrap_or_else(|e| panic!("{e}"));
    (String::from_utf8_lossy(&out).into_owned(), written, notices)
}

#[test]
fn convert_writes_each_game_as_it_is_read_and_reports_the_bad_ones() {
    let text = "[Event \"1\"]\n1. h2e2 *\n\n[Event \"2\"]\n1. a0a5 *\n\n[Event \"3\"]\n1. b0c2 *\n";
    let (out, written, notices) = convert(text);
    assert_eq!(written, 2);
    assert_eq!(out.matches("[Game ").count(), 2);
    assert!(out.contains("1. B0-C2"), "{out}");
    assert!(matches!(&notices[..], [Notice::Unreadable(e)] if e.game == 2));
}

/// Red's and black's horses go out and back twice: the start position occurs a third time.
const REPEATING: &str = "1. b0c2 b9c7 2. c2b0 c7b9 3. b0c2 b9c7 4. c2b0 c7b9";

#[test]
fn a_stated_result_is_kept_and_a_disagreement_is_reported() {
    let text = format!("[Event \"x\"]\n[Result \"1-0\"]\n{REPEATING} 1-0\n");
    let (out, _, notices) = convert(&text);
    assert!(out.contains("[Result \"1-0\"]"), "{out}");
    assert!(!out.contains("Termination"), "{out}");
    assert!(out.ends_with("\n1-0\n"), "{out}");
    match &notices[..] {
        [Notice::ResultDiffers { stated, judged, .. }] => {
            assert_eq!(*stated, PgnResult::RedWins);
            assert_eq!(judged.termination, Termination::Repetition);
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn the_rules_verdict_fills_in_only_what_the_record_leaves_open() {
    let open = format!("[Event \"x\"]\n{REPEATING} *\n");
    let game = one(open.as_bytes());
    let pgn = write_pgn(
        &game.to_game(),
        &game.stated_tags(),
        Notation::Iccs,
        &NotationStyle::default(),
    );
    assert!(pgn.contains("[Result \"1/2-1/2\"]"), "{pgn}");
    assert!(pgn.contains("[Termination \"repetition\"]"), "{pgn}");
    // A stated draw that agrees gets the rules' termination; the record's own wins if any.
    let stated = format!("[Result \"1/2-1/2\"]\n[Termination \"agreed\"]\n{REPEATING} 1/2-1/2\n");
    let game = one(stated.as_bytes());
    let pgn = write_pgn(
        &game.to_game(),
        &game.stated_tags(),
        Notation::Iccs,
        &NotationStyle::default(),
    );
    assert!(pgn.contains("[Termination \"agreed\"]"), "{pgn}");
}

#[test]
fn the_result_token_is_stated_even_when_the_tag_is_missing() {
    let game = one(format!("{REPEATING} 0-1").as_bytes());
    let tags = game.stated_tags();
    let pgn = write_pgn(
        &game.to_game(),
        &tags,
        Notation::Iccs,
        &NotationStyle::default(),
    );
    assert!(
        pgn.contains("[Result \"0-1\"]") && pgn.ends_with("\n0-1\n"),
        "{pgn}"
    );
}

#[test]
fn the_index_lists_each_game_and_opens_it_from_its_offset() {
    let bytes = read(&data_dir("iccs/bulk_games_uci.pgn"));
    let idx = index(bytes.as_slice());
    let games = games_of(&bytes);
    assert_eq!(idx.len(), games.len());
    assert!(idx.stopped().is_none());
    for (entry, game) in idx.entries().iter().zip(&games) {
        assert_eq!(Some(entry.red.as_str()), game.tag("Red"));
        assert_eq!(Some(entry.black.as_str()), game.tag("Black"));
        assert_eq!(entry.result, game.result());
        assert_eq!(entry.plies, game.moves().len());
        let opened = idx.open(Cursor::new(&bytes), entry.number);
        assert_eq!(
            opened.map(|g| g.moves().to_vec()).ok().as_deref(),
            Some(game.moves())
        );
    }
    let first = &idx.entries()[0];
    assert!(first.matches(&first.red.to_uppercase()));
    assert!(!first.matches("no such player"));
    let missing = idx.open(Cursor::new(&bytes), games.len() + 1);
    assert!(matches!(
        missing.map_err(|e| e.kind),
        Err(PgnErrorKind::NoSuchGame { .. })
    ));
}

#[test]
fn the_index_reads_legacy_encodings_and_counts_rounds() {
    let gbk = encoding_rs::GBK
        .encode("[Red \"许银川\"]\n[FEN \"4k4/9/9/9/9/9/9/9/4R4/3K5 b\"]\n1. ... 将５平６ 2. 车五平六 *\n")
        .0
        .into_owned();
    let idx = index(gbk.as_slice());
    let entry = &idx.entries()[0];
    assert_eq!(entry.red, "许银川");
    assert_eq!((entry.plies, entry.moves()), (2, 2));
    let opened = idx.open(Cursor::new(&gbk), 1);
    assert_eq!(opened.map(|g| g.moves().len()).ok(), Some(2));
}

#[test]
fn a_byte_order_mark_before_the_tags_keeps_them_in_one_game() {
    let text = "\u{FEFF}[Event \"e\"]\n[Red \"r\"]\n1. h2e2 *\n\n[Event \"f\"]\n1. b0c2 *\n";
    let games = games_of(text.as_bytes());
    let tags: Vec<_> = games
        .iter()
        .map(|g| (g.tag("Event"), g.tag("Red")))
        .collect();
    assert_eq!(tags, [(Some("e"), Some("r")), (Some("f"), None)]);
    let idx = index(text.as_bytes());
    assert_eq!(idx.len(), 2);
    assert_eq!(idx.entries()[1].line, 5);
}

#[test]
fn errors_in_later_games_name_lines_of_the_file() {
    let text = "[Event \"1\"]\n1. h2e2 *\n\n[Event \"2\"]\n\n1. h2e2\n(1. b0c2 {open\n";
    assert_eq!(
        error_kinds(text),
        [None, Some(PgnErrorKind::UnclosedComment { line: 7 })]
    );
}

/// A record with two tags of a name the writer places itself (two `[Red]`, two `[Date]`)
/// keeps both: the first in its place, the second after the others, and reading it back
/// takes the first again. The start and result tags are the writer's own and stay single.
#[test]
fn a_second_tag_of_a_standard_name_is_written_not_dropped() {
    let text = "[Red \"A\"]\n[Date \"2024.01.02\"]\n[Red \"B\"]\n[Foo \"x\"]\n\
                [date \"2024.01.03\"]\n[Result \"1-0\"]\n[Result \"0-1\"]\n\n1. h2e2 h9g7 1-0\n";
    let game = one(text.as_bytes());
    let pgn = write_pgn(
        &game.to_game(),
        &game.stated_tags(),
        Notation::Iccs,
        &NotationStyle::default(),
    );
    let at = |needle: &str| {
        pgn.find(needle)
            .unwrap_or_else(|| panic!("{needle}: {pgn}"))
    };
    assert!(at("[Red \"A\"]") < at("[Red \"B\"]"), "{pgn}");
    assert!(
        at("[Date \"2024.01.02\"]") < at("[date \"2024.01.03\"]"),
        "{pgn}"
    );
    assert!(
        at("[Red \"B\"]") < at("[Foo \"x\"]") && at("[Foo \"x\"]") < at("[date "),
        "in the record's order: {pgn}"
    );
    assert_eq!(pgn.matches("[Result ").count(), 1, "{pgn}");
    let again = one(pgn.as_bytes());
    let red = again
        .tags()
        .iter()
        .find(|(n, _)| n == "Red")
        .map(|(_, v)| v.as_str());
    assert_eq!(red, Some("A"));
}

/// A game of tags only (a collection's heading or conclusion), a blank line, and the next
/// game's tags: two games, each with its own tags, for the reader, the streaming reader and
/// the picker's index alike. Tags in groups with blank lines between them, none repeated,
/// stay one game.
#[test]
fn a_game_of_tags_only_ends_where_the_next_games_tags_begin() {
    let text = "[Game \"Chinese Chess\"]\n[Event \"Conclusion\"]\n[Result \"*\"]\r\n\r\n\
                [Game \"Chinese Chess\"]\n[Event \"Game 1\"]\n[ECCO \"B41\"]\n\n\
                1. h2e2 b9c7 *\n\n\
                [Event \"Game 2\"]\n\n[Red \"A\"]\n[Black \"B\"]\n\n1. c3c4 *\n";
    let event = |g: &PgnGame| {
        g.tags()
            .iter()
            .filter(|(n, _)| n == "Event")
            .map(|(_, v)| v.clone())
            .collect::<Vec<_>>()
    };
    let games = games_of(text.as_bytes());
    let events: Vec<Vec<String>> = games.iter().map(event).collect();
    assert_eq!(
        events,
        [vec!["Conclusion"], vec!["Game 1"], vec!["Game 2"]],
        "{games:?}"
    );
    assert_eq!(
        games.iter().map(|g| g.moves().len()).collect::<Vec<_>>(),
        [0, 2, 1]
    );
    let streamed: Vec<Vec<String>> = GameReader::new(text.as_bytes())
        .map(|g| g.map(|g| event(&g)).unwrap_or_else(|e| panic!("{e}")))
        .collect();
    assert_eq!(streamed, events);
    let idx = index(text.as_bytes());
    let listed: Vec<&str> = idx.entries().iter().map(|e| e.event.as_str()).collect();
    assert_eq!(listed, ["Conclusion", "Game 1", "Game 2"]);
    let second = idx.open(Cursor::new(text.as_bytes()), 2);
    assert_eq!(
        second.map(|g| event(&g)).ok(),
        Some(vec!["Game 1".to_string()])
    );
    let third = games[2].tags();
    assert!(
        third.iter().any(|(n, v)| n == "Red" && v == "A"),
        "{third:?}"
    );
}

/// A `[Result]` tag that the result after the moves contradicts: the movetext's is kept,
/// and the conversion says so.
#[test]
fn a_result_tag_the_movetext_contradicts_is_reported() {
    let (out, _, notices) = convert("[Event \"x\"]\n[Result \"1-0\"]\n\n1. h2e2 h9g7 0-1\n");
    assert!(
        out.contains("[Result \"0-1\"]") && out.ends_with("\n0-1\n"),
        "{out}"
    );
    match &notices[..] {
        [n @ Notice::ResultTagDiffers { tag, movetext, .. }] => {
            assert_eq!(
                (*tag, *movetext),
                (PgnResult::RedWins, PgnResult::BlackWins)
            );
            assert_eq!(
                n.to_string(),
                "game 1: the [Result] tag says 1-0 but the moves end with 0-1: 0-1 is kept"
            );
        }
        other => panic!("{other:?}"),
    }
    // Agreeing, or either unknown: nothing to say.
    for text in [
        "[Result \"1-0\"]\n\n1. h2e2 1-0\n",
        "[Result \"*\"]\n\n1. h2e2 1-0\n",
        "[Result \"1-0\"]\n\n1. h2e2 *\n",
    ] {
        let (_, _, notices) = convert(text);
        assert!(notices.is_empty(), "{text}: {notices:?}");
    }
}
