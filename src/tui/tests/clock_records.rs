//! Clock times in saved games: `[%clk]` comments written with every move, and read back
//! from records other programs wrote.

use super::*;
use std::time::Duration;
use xiangqi::clock::TimeControl;

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
    let pgn = xiangqi::pgn::read_game(record.as_bytes(), 1).expect("record");
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
    let pgn = xiangqi::pgn::read_game(gap.as_bytes(), 1).expect("record");
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
fn kept_with(tag: &str, value: Option<&str>) -> xiangqi::pgn::PgnGame {
    let text: String = KEPT
        .lines()
        .filter_map(|line| match line.strip_prefix(&format!("[{tag} ")) {
            Some(_) => value.map(|v| format!("[{tag} \"{v}\"]")),
            None => Some(line.to_string()),
        })
        .collect::<Vec<_>>()
        .join("\n");
    xiangqi::pgn::read_game(text.as_bytes(), 1).expect("record")
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
    let record = "[TimeControl \"300+3\"]\n\
                  1. 炮二平五 {[%clk 0:05:03]} 马８进７ {[%clk 99999999999:00:00]} *\n";
    let pgn = xiangqi::pgn::read_game(record.as_bytes(), 1).expect("record");
    assert!(
        crate::tui::store::saved::SavedGame::of(&pgn)
            .clock
            .is_none()
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
        xiangqi::pgn::read_game(text.as_bytes(), 1).expect("record")
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
