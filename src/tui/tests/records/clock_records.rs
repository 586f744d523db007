//! Clock times in saved games: `[%clk]` comments written with every move, and read back
//! from records other programs wrote.

use super::*;
use std::time::Duration;
use xiangqi_rules::clock::TimeControl;

fn at(millis: u64) -> Action {
    Action::Tick(Now {
        elapsed: Duration::from_millis(millis),
        unix_secs: 0,
    })
}

#[test]
fn each_move_is_saved_with_the_time_its_side_has_left() {
    let options = Options {
        clock: Some("1+5".parse::<TimeControl>().expect("control")),
        ..Options::default()
    };
    let mut app = start_with(options);
    play_all(&mut app, "h2e2");
    app.update(at(12_500));
    play_all(&mut app, "h9g7");
    let effects = app.update(Action::Terminate);
    let Some(Effect::Autosave(pgn)) = effects.first() else {
        panic!("{effects:?}");
    };
    assert!(pgn.contains("炮二平五 {[%clk 0:01:05]}"), "{pgn}");
    assert!(pgn.contains("馬８進７ {[%clk 0:00:52]}"), "{pgn}");
}

#[test]
fn a_record_with_clk_comments_brings_its_clocks_back() {
    let record = "[TimeControl \"300+3\"]\n\
                  1. 炮二平五 {[%clk 0:05:00]} 马８进７ {good [%clk 0:04:41.5]} *\n";
    let pgn = xiangqi_records::pgn::read_game(record.as_bytes(), 1).expect("record");
    let mut app = App::loaded(
        crate::tui::store::saved::SavedGame::of(&pgn),
        Options::default(),
    );
    app.update(at(1_000));
    let clock = app.clock().expect("the clocks came back");
    let now = Duration::from_millis(3_000);
    assert_eq!(
        clock.left(Color::Black, now),
        Duration::from_millis(281_500)
    );
    assert_eq!(
        clock.left(Color::Red, now),
        Duration::from_secs(298),
        "red's runs"
    );
    // A record with a move whose time is missing has no clocks to bring back.
    let gap = "[TimeControl \"300\"]\n1. 炮二平五 {[%clk 0:05:00]} 马８进７ *\n";
    let pgn = xiangqi_records::pgn::read_game(gap.as_bytes(), 1).expect("record");
    let app = App::loaded(
        crate::tui::store::saved::SavedGame::of(&pgn),
        Options::default(),
    );
    assert!(app.clock().is_none());
}

#[test]
fn a_moves_clock_comment_is_replaced_and_its_words_kept() {
    use crate::tui::store::autosave::with_clk;
    let half = std::time::Duration::from_secs(30);
    assert_eq!(with_clk(None, half), "[%clk 0:00:30]");
    assert_eq!(with_clk(Some("[%clk 0:01:00]"), half), "[%clk 0:00:30]");
    assert_eq!(
        with_clk(Some("good [%clk 0:01:00] move"), half),
        "good move [%clk 0:00:30]"
    );
    assert_eq!(with_clk(Some("a trap"), half), "a trap [%clk 0:00:30]");
}

/// A game as the autosave keeps it: 5+3, two moves, red to move with 508 ms used.
const KEPT: &str = "[TimeControl \"300+3\"]\n[ClockStart \"0\"]\n\
    [ClockTimes \"300000/300000 303000/300000 303000/302687\"]\n[ClockUsed \"508\"]\n\n\
    1. C2.5 {[%clk 0:05:03]} 1. ... H8+7 {[%clk 0:05:02]}\n*\n";

/// [`KEPT`] with its tag `tag` set to `value` (`None`: left out).
fn kept_with(tag: &str, value: Option<&str>) -> xiangqi_records::pgn::PgnGame {
    let text: String = KEPT
        .lines()
        .filter_map(|line| match line.strip_prefix(&format!("[{tag} ")) {
            Some(_) => value.map(|v| format!("[{tag} \"{v}\"]")),
            None => Some(line.to_string()),
        })
        .collect::<Vec<_>>()
        .join("\n");
    xiangqi_records::pgn::read_game(text.as_bytes(), 1).expect("record")
}

#[test]
fn edited_clock_tags_beyond_what_the_clock_allows_are_refused_naming_the_tag() {
    use crate::tui::store::autosave::ClockTagError;
    use crate::tui::store::saved::SavedGame;
    let kept = SavedGame::resumed(&kept_with("ClockUsed", Some("508"))).expect("as kept");
    let (clock, start) = kept.clock.expect("clock");
    assert_eq!((clock.marks().len(), start), (3, 0));
    let refusal = |tag: &str, value: Option<&str>| {
        SavedGame::resumed(&kept_with(tag, value)).expect_err("refused")
    };
    assert_eq!(
        refusal(
            "ClockTimes",
            Some("300000/300000 303000/300000 18446744073709551615/302687")
        ),
        ClockTagError::TooMuchTime {
            tag: "ClockTimes",
            millis: u64::MAX,
            moves: 2,
            most: 306_000,
        }
    );
    assert_eq!(
        refusal("ClockUsed", Some("18446744073709551615")),
        ClockTagError::Overused {
            millis: u64::MAX,
            had: 303_000,
        }
    );
    assert_eq!(
        refusal("ClockUsed", Some("303000")),
        ClockTagError::Overused {
            millis: 303_000,
            had: 303_000,
        },
        "all of the time is a flag fallen"
    );
    for control in ["300/99999999999", "300+99999999999", "86401", "0", "-"] {
        assert_eq!(
            refusal("TimeControl", Some(control)),
            ClockTagError::Control {
                value: control.to_string()
            }
        );
    }
    assert_eq!(
        refusal("TimeControl", None),
        ClockTagError::Missing { tag: "TimeControl" }
    );
    assert_eq!(
        refusal("ClockUsed", Some("-1")),
        ClockTagError::Form {
            tag: "ClockUsed",
            value: "-1".to_string()
        }
    );
    assert_eq!(
        refusal("ClockStart", Some("3")),
        ClockTagError::Start { start: 3, moves: 2 }
    );
    assert_eq!(
        refusal("ClockTimes", Some("300000/300000 303000/300000")),
        ClockTagError::Count { count: 2, moves: 2 }
    );
    let said = refusal("ClockUsed", Some("18446744073709551615")).to_string();
    assert!(
        said.starts_with("tag ClockUsed: 18446744073709551615 ms"),
        "{said}"
    );

    // Opened as a record, the same file keeps the clocks of its moves' comments.
    let opened = SavedGame::of(&kept_with("ClockUsed", Some("18446744073709551615")));
    let (clock, _) = opened.clock.expect("the comments' clock");
    assert_eq!(clock.used(Duration::ZERO), Duration::ZERO);
}

#[test]
fn clk_comments_beyond_what_the_clock_allows_bring_no_clock() {
    use crate::tui::store::saved::{ClockCommentError, ClockPassedOver, SavedGame};
    let record = "[TimeControl \"300+3\"]\n\
                  1. 炮二平五 {[%clk 0:05:03]} 马８进７ {[%clk 99999999999:00:00]} *\n";
    let pgn = xiangqi_records::pgn::read_game(record.as_bytes(), 1).expect("record");
    let saved = SavedGame::of(&pgn);
    assert!(saved.clock.is_none());
    assert_eq!(
        saved.clock_passed_over,
        Some(ClockPassedOver::Comments(ClockCommentError::TooMuchTime {
            number: 1,
            color: Color::Black,
            text: "[%clk 99999999999:00:00]".to_string(),
            most: Duration::from_secs(306),
        }))
    );
}

/// What [`SavedGame::of`](crate::tui::store::saved::SavedGame::of) says of the clock of the
/// record with these tags (one a line) and this movetext.
fn passed_over(tags: &str, movetext: &str) -> Option<crate::tui::store::saved::ClockPassedOver> {
    let text = format!("{tags}\n\n{movetext}\n");
    let pgn = xiangqi_records::pgn::read_game(text.as_bytes(), 1).expect("record");
    let saved = crate::tui::store::saved::SavedGame::of(&pgn);
    if saved.clock_passed_over.is_some() {
        assert!(saved.clock.is_none(), "{text}: a clock, yet passed over");
    }
    saved.clock_passed_over
}

#[test]
fn a_record_says_why_its_clock_was_passed_over_and_only_when_it_tells_of_one() {
    use crate::tui::store::autosave::ClockTagError;
    use crate::tui::store::saved::{ClockCommentError as Why, ClockPassedOver};
    let timed = "1. h2e2 {[%clk 0:05:02]} h9g7 {[%clk 0:05:01]} *";
    let comments = |why| Some(ClockPassedOver::Comments(why));
    // Nothing told of a clock, or a time control stated as none or unknown: nothing to say.
    for tags in [
        "[Event \"e\"]",
        "[TimeControl \"-\"]",
        "[TimeControl \"?\"]",
    ] {
        assert_eq!(passed_over(tags, "1. h2e2 {good} h9g7 *"), None, "{tags}");
    }
    assert_eq!(passed_over("[TimeControl \"300+3\"]", timed), None);
    assert_eq!(
        passed_over("[Event \"e\"]", timed),
        comments(Why::NoControl)
    );
    // A time control alone, even one the clock cannot play (an XQF's words), with no move's
    // time: how the game was played, not a clock to bring back.
    for tags in [
        "[TimeControl \"40/9000\"]",
        "[TimeControl \"300+3\"]",
        "[TimeControl \"60分钟包干\"]",
    ] {
        assert_eq!(passed_over(tags, "1. h2e2 h9g7 *"), None, "{tags}");
    }
    assert_eq!(
        passed_over("[TimeControl \"40/9000\"]", timed),
        comments(Why::Control {
            value: "40/9000".to_string()
        })
    );
    assert_eq!(
        passed_over("[TimeControl \"300+3\"]", "1. h2e2 {[%clk 0:05:02]} h9g7 *"),
        comments(Why::Missing {
            number: 1,
            color: Color::Black
        })
    );
    assert_eq!(
        passed_over(
            "[TimeControl \"300\"]",
            "1. h2e2 {[%clk 0:05:00]} h9g7 {[%clk 0:04:59]} 2. h0g2 {[%clk 0:4:58]} *"
        ),
        comments(Why::Form {
            number: 2,
            color: Color::Red,
            text: "[%clk 0:4:58]".to_string()
        })
    );
    // A black first move is numbered as the record's [FEN] numbers it.
    let fen = "[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b - - 0 12\"]";
    assert_eq!(
        passed_over(
            &format!("{fen}\n[TimeControl \"60+1\"]"),
            "12... h9g7 {[%clk 0:01:02]} *"
        ),
        comments(Why::TooMuchTime {
            number: 12,
            color: Color::Black,
            text: "[%clk 0:01:02]".to_string(),
            most: Duration::from_secs(61),
        })
    );
    // This program's clock tags that cannot be taken are named first: they are exact.
    let tags = "[TimeControl \"300+3\"]\n[ClockStart \"0\"]\n[ClockTimes \"300000/300000\"]\n\
                [ClockUsed \"0\"]";
    assert_eq!(
        passed_over(tags, "1. h2e2 h9g7 *"),
        Some(ClockPassedOver::Tags(ClockTagError::Count {
            count: 1,
            moves: 2
        }))
    );
    // Unless the moves' times give the clock after all.
    assert_eq!(passed_over(tags, timed), None);
}

/// A record whose black move 2 has a time no 5+3 clock gives.
const OVER_THE_LIMIT: &str = "[TimeControl \"300+3\"]\n\n\
    1. 炮二平五 {[%clk 0:05:02]} 马８进７ {[%clk 0:05:01]}\n\
    2. 马二进三 {[%clk 0:05:03]} 车９平８ {good [%clk 999:00:00]} *\n";

#[test]
fn a_record_opened_without_its_clock_says_so_on_the_message_line_naming_the_move() {
    use super::review::{draw, run, text_of};
    use crate::tui::i18n::lang::Lang;
    use crate::tui::state::action::PickKey;
    use crate::tui::store::saved::SavedGame;
    let dir = tempfile::tempdir().expect("temporary folder");
    let file = dir.path().join("timed.pgn");
    std::fs::write(&file, OVER_THE_LIMIT).expect("written");
    let said = "Clock passed over: move 2 (Black): [%clk 999:00:00] is more than a side can \
                have on this clock (at most 0:05:12)";
    // `o` and the file's name.
    let mut app = start_app();
    app.update(Action::Open);
    type_text(&mut app, &file.to_string_lossy());
    run(&mut app, Action::Submit);
    assert_eq!(app.game().moves().len(), 4, "the record is opened");
    assert!(app.clock().is_none());
    let screen = text_of(&draw(&app, 160, 30));
    assert!(screen.contains(said), "{screen}");
    // The picker, the game chosen from a file of several.
    let two = dir.path().join("two.pgn");
    std::fs::write(
        &two,
        format!("[Event \"one\"]\n1. h2e2 *\n\n{OVER_THE_LIMIT}"),
    )
    .expect("written");
    let mut app = start_app();
    app.update(Action::Open);
    type_text(&mut app, &two.to_string_lossy());
    run(&mut app, Action::Submit);
    assert!(
        matches!(app.mode(), Mode::Picker { .. }),
        "{:?}",
        app.mode()
    );
    run(&mut app, Action::Pick(PickKey::Step(1)));
    run(&mut app, Action::Pick(PickKey::Enter));
    assert_eq!(app.game().moves().len(), 4, "the second game is opened");
    assert!(text_of(&draw(&app, 160, 30)).contains(said));
    // `--load`, in Chinese.
    let pgn = xiangqi_records::pgn::read_game(OVER_THE_LIMIT.as_bytes(), 1).expect("record");
    let options = Options {
        lang: Lang::ZhHans,
        ..Options::default()
    };
    let app = App::loaded(SavedGame::of(&pgn), options);
    let screen = text_of(&draw(&app, 160, 30));
    assert!(
        screen.contains(
            "未恢复棋钟：第 2 回合（黑方）：[%clk 999:00:00] 超过此时限下一方可有的时间（至多 0:05:12）"
        ),
        "{screen}"
    );
    // Continued with --resume, which has no clock tags to refuse: said instead of "Resumed".
    let saved = SavedGame::resumed(&pgn).expect("no clock tags");
    let app = App::resumed(saved, Options::default());
    assert!(
        text_of(&draw(&app, 160, 30)).contains(said),
        "{:?}",
        app.message()
    );
}

#[test]
fn a_record_without_clock_information_opens_as_before() {
    let record = "[Event \"e\"]\n\n1. 炮二平五 {good} 马８进７ *\n";
    let pgn = xiangqi_records::pgn::read_game(record.as_bytes(), 1).expect("record");
    let app = App::loaded(
        crate::tui::store::saved::SavedGame::of(&pgn),
        Options::default(),
    );
    assert!(
        matches!(app.message(), Some(Message::Loaded(1, _))),
        "{:?}",
        app.message()
    );
}

#[test]
fn undone_times_are_held_to_the_same_limits() {
    use crate::tui::store::autosave::ClockTagError;
    use crate::tui::store::saved::SavedGame;
    let with_undone = |value: &str| {
        let text = KEPT.replacen(
            "[ClockUsed",
            &format!("[ClockUndone \"{value}\"]\n[ClockUsed"),
            1,
        );
        xiangqi_records::pgn::read_game(text.as_bytes(), 1).expect("record")
    };
    let kept = SavedGame::resumed(&with_undone("300000/306000")).expect("within the limits");
    let (clock, _) = kept.clock.expect("clock");
    assert_eq!(clock.undone().len(), 1);
    assert_eq!(
        SavedGame::resumed(&with_undone("300000/309001")).expect_err("too much"),
        ClockTagError::TooMuchTime {
            tag: "ClockUndone",
            millis: 309_001,
            moves: 3,
            most: 309_000,
        }
    );
    assert_eq!(
        SavedGame::resumed(&with_undone("300000")).expect_err("half a pair"),
        ClockTagError::Form {
            tag: "ClockUndone",
            value: "300000".to_string()
        }
    );
}
