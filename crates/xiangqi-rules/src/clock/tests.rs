//! The clocks driven by a fake time: nothing here waits.

use super::{
    Clock, FakeTime, TimeControl, TimeSource, Times, clk_command, clk_comment, flag_outcome,
    read_clk,
};
use crate::{Color, Position, Termination};
use std::time::Duration;

fn s(secs: u64) -> Duration {
    Duration::from_secs(secs)
}

fn ms(millis: u64) -> Duration {
    Duration::from_millis(millis)
}

fn control(text: &str) -> TimeControl {
    text.parse().expect("test time control")
}

/// Clocks for `text` with the first move made at `time`'s now (red's first move starts them).
fn started(text: &str, time: &FakeTime) -> Clock {
    let mut clock = Clock::new(control(text), Color::Red);
    clock.moved(time.now());
    clock
}

#[test]
fn time_controls_read_minutes_seconds_increments_and_periods() {
    assert_eq!(
        control("60+30"),
        TimeControl::Fischer {
            base: s(3600),
            increment: s(30)
        }
    );
    assert_eq!(
        control("0:30"),
        TimeControl::Fischer {
            base: s(30),
            increment: s(0)
        }
    );
    assert_eq!(
        control("0:03+1"),
        TimeControl::Fischer {
            base: s(3),
            increment: s(1)
        }
    );
    assert_eq!(
        control("10/45"),
        TimeControl::ByoYomi {
            base: s(600),
            period: s(45)
        }
    );
    for (bad, says) in [
        ("", "not a number"),
        ("ten", "not a number"),
        ("5+", "not a number"),
        ("5+-3", "not a number"),
        ("1:5", "two digits"),
        ("1:75", "below 60"),
        ("5+3/4", "both"),
        ("10/0", "0 s"),
        ("0", "no time"),
        ("99999999999999999", "over a day"),
        ("5+7200", "over an hour"),
    ] {
        let err = bad.parse::<TimeControl>().expect_err(bad).to_string();
        assert!(
            err.contains(says) && err.contains("BASE[+INC]"),
            "{bad:?}: {err}"
        );
    }
}

#[test]
fn pgn_time_control_is_written_in_seconds_and_read_back() {
    for (text, pgn) in [("60+30", "3600+30"), ("5", "300"), ("10/45", "600+45b")] {
        let tc = control(text);
        assert_eq!(tc.to_string(), pgn);
        assert_eq!(TimeControl::from_pgn(pgn), Some(tc));
    }
    for other in ["?", "-", "40/9000", "300+5x", "b", "+5b", "600b"] {
        assert_eq!(TimeControl::from_pgn(other), None, "{other}");
    }
}

#[test]
fn the_clocks_start_with_the_first_move_which_costs_nothing() {
    let time = FakeTime::new();
    let mut clock = Clock::new(control("5+3"), Color::Red);
    time.advance(s(100));
    assert!(!clock.running());
    assert_eq!(clock.flag_at(), None);
    assert_eq!(clock.left(Color::Red, time.now()), s(300));
    clock.moved(time.now());
    assert_eq!(
        clock.left(Color::Red, time.now()),
        s(303),
        "no time used, the increment earned as for every move"
    );
    assert!(clock.running());
    assert_eq!(clock.turn(), Color::Black);
    time.advance(s(7));
    assert_eq!(clock.left(Color::Black, time.now()), s(293));
    assert_eq!(
        clock.left(Color::Red, time.now()),
        s(303),
        "only one side runs"
    );
}

#[test]
fn fischer_increment_is_added_after_each_move() {
    let time = FakeTime::new();
    let mut clock = started("1+5", &time);
    time.advance(ms(12_300));
    clock.moved(time.now()); // black: 60 − 12.3 + 5
    assert_eq!(clock.left(Color::Black, time.now()), ms(52_700));
    time.advance(s(2));
    clock.moved(time.now()); // red: 60 + 5 (its first move) − 2 + 5
    assert_eq!(clock.left(Color::Red, time.now()), s(68));
    assert_eq!(
        clock.marks(),
        [
            Times {
                red: s(60),
                black: s(60)
            },
            Times {
                red: s(65),
                black: s(60)
            },
            Times {
                red: s(65),
                black: ms(52_700)
            },
            Times {
                red: s(68),
                black: ms(52_700)
            },
        ]
    );
}

#[test]
fn the_flag_falls_at_exactly_zero() {
    let time = FakeTime::new();
    let clock = started("0:10+1", &time);
    assert_eq!(clock.flag_at(), Some(s(10)));
    time.advance(ms(9_999));
    assert_eq!(clock.flagged(time.now()), None);
    assert_eq!(clock.left(Color::Black, time.now()), ms(1));
    time.advance(ms(1));
    assert_eq!(clock.left(Color::Black, time.now()), Duration::ZERO);
    assert_eq!(clock.flagged(time.now()), Some(Color::Black));
}

#[test]
fn byo_yomi_gives_each_move_a_fresh_period_once_the_base_is_gone() {
    let time = FakeTime::new();
    let mut clock = started("0:20/10", &time);
    // Black uses 25 s: its 20 s base and 5 s of the period.
    assert_eq!(clock.flag_at(), Some(s(30)));
    time.advance(s(15));
    assert!(!clock.in_byoyomi(Color::Black, time.now()));
    assert_eq!(clock.left(Color::Black, time.now()), s(5));
    time.advance(s(10));
    assert!(clock.in_byoyomi(Color::Black, time.now()));
    assert_eq!(clock.left(Color::Black, time.now()), s(5), "of the period");
    clock.moved(time.now());
    assert_eq!(
        clock.left(Color::Black, time.now()),
        s(10),
        "the period is whole again"
    );
    assert!(clock.in_byoyomi(Color::Black, time.now()));
    // Red moves; black's next period runs out to the millisecond.
    time.advance(s(1));
    clock.moved(time.now());
    time.advance(ms(9_999));
    assert_eq!(clock.flagged(time.now()), None);
    clock.moved(time.now());
    time.advance(s(1));
    clock.moved(time.now());
    time.advance(s(10));
    assert_eq!(clock.flagged(time.now()), Some(Color::Black));
}

#[test]
fn undo_gives_back_the_times_of_the_taken_back_move_exactly() {
    let time = FakeTime::new();
    let mut clock = started("1+2", &time);
    time.advance(ms(4_321));
    clock.moved(time.now()); // black used 4.321 s
    let before = clock.marks().to_vec();
    time.advance(ms(8_765));
    clock.moved(time.now()); // red used 8.765 s
    time.advance(s(3)); // black thinks, then they agree to take red's move back
    clock.undo(time.now());
    assert_eq!(clock.marks(), before);
    assert_eq!(clock.turn(), Color::Red);
    assert_eq!(clock.left(Color::Red, time.now()), s(62));
    assert_eq!(clock.left(Color::Black, time.now()), ms(57_679));
    assert!(clock.running(), "red's time runs again");
    time.advance(s(1));
    assert_eq!(clock.left(Color::Red, time.now()), s(61));
    // Replaying it brings back the times it left.
    clock.redo(time.now());
    assert_eq!(
        clock.left(Color::Red, time.now()),
        ms(62_000 - 8_765 + 2_000)
    );
    // Taking back the first move stops the clocks again.
    clock.undo(time.now());
    clock.undo(time.now());
    clock.undo(time.now());
    assert!(!clock.started() && !clock.running());
    assert_eq!(clock.left(Color::Red, time.now()), s(60));
}

#[test]
fn pause_stops_both_clocks_until_resumed() {
    let time = FakeTime::new();
    let mut clock = started("1", &time);
    time.advance(s(5));
    clock.toggle_pause(time.now());
    assert!(clock.paused() && !clock.running());
    assert_eq!(clock.flag_at(), None);
    time.advance(s(600));
    assert_eq!(clock.flagged(time.now()), None);
    assert_eq!(clock.left(Color::Black, time.now()), s(55));
    clock.toggle_pause(time.now());
    assert_eq!(clock.flag_at(), Some(time.now() + s(55)));
    time.advance(s(55));
    assert_eq!(clock.flagged(time.now()), Some(Color::Black));
}

#[test]
fn a_stopped_clock_keeps_the_times_shown() {
    let time = FakeTime::new();
    let mut clock = started("1", &time);
    time.advance(s(20));
    clock.stop(time.now());
    time.advance(s(100));
    assert_eq!(clock.left(Color::Black, time.now()), s(40));
    assert_eq!(clock.flagged(time.now()), None);
    clock.unstop(time.now());
    time.advance(s(40));
    assert_eq!(clock.flagged(time.now()), Some(Color::Black));
}

#[test]
fn a_flag_against_a_side_that_cannot_cross_the_river_is_a_draw() {
    // Red: general and a chariot; black: general, advisors, elephants.
    let pos = Position::from_fen("2bakab2/9/9/9/9/9/9/9/R8/3K5 w").expect("FEN");
    let black_flags = flag_outcome(&pos, Color::Black);
    assert_eq!(
        (black_flags.winner, black_flags.termination),
        (Some(Color::Red), Termination::TimeForfeit)
    );
    let red_flags = flag_outcome(&pos, Color::Red);
    assert!(
        red_flags.is_draw(),
        "black has nothing that crosses the river"
    );
    // A single soldier, even one that has crossed, is enough.
    let pawn = Position::from_fen("3k5/9/9/9/9/9/4p4/9/R8/4K4 w").expect("FEN");
    assert_eq!(flag_outcome(&pawn, Color::Red).winner, Some(Color::Black));
}

#[test]
fn a_resumed_clock_continues_from_its_marks() {
    let time = FakeTime::new();
    let mut clock = started("1+1", &time);
    time.advance(s(10));
    clock.moved(time.now());
    let marks = clock.marks().to_vec();
    let mut again = Clock::resumed(control("1+1"), Color::Red, marks.clone(), s(4));
    assert!(!again.running(), "waits for the loop to start it");
    again.start(s(500));
    assert_eq!(again.turn(), Color::Red);
    assert_eq!(again.left(Color::Black, s(500)), s(51));
    assert_eq!(
        again.left(Color::Red, s(500)),
        s(57),
        "4 s were used before"
    );
    assert_eq!(again.flag_at(), Some(s(557)));
    assert_eq!(again.marks(), marks);
}

#[test]
fn clk_comments_are_written_to_the_second_and_read_back() {
    assert_eq!(clk_comment(ms(3_571_900)), "[%clk 0:59:31]");
    assert_eq!(clk_comment(s(36_000)), "[%clk 10:00:00]");
    assert_eq!(read_clk("[%clk 0:59:31]"), Some(s(3571)));
    assert_eq!(
        read_clk("a fine move [%clk 1:00:09.5] [%emt 0:00:03]"),
        Some(ms(3_609_500))
    );
    for bad in [
        "",
        "[%clk]",
        "[%clk 0:5:31]",
        "[%clk 0:61:00]",
        "[%clk x:00:00]",
        "[%clk 0:00:00",
    ] {
        assert_eq!(read_clk(bad), None, "{bad}");
    }
    // The command as written, to name it where its time does not read or cannot be taken.
    assert_eq!(
        clk_command("good [%clk 0:5:31] [%emt 0:00:03]"),
        Some("[%clk 0:5:31]")
    );
    assert_eq!(clk_command("[%clk]"), Some("[%clk]"));
    assert_eq!(clk_command("[%clk 0:00:00"), None);
    assert_eq!(clk_command("[%emt 0:00:03]"), None);
}

#[test]
fn absurd_times_saturate_instead_of_overflowing() {
    let huge = Duration::MAX;
    let control = TimeControl::Fischer {
        base: Duration::from_secs(60),
        increment: Duration::from_secs(1),
    };
    let marks = vec![Times {
        red: huge,
        black: huge,
    }];
    let mut clock = Clock::resumed(control, Color::Red, marks, Duration::ZERO);
    clock.start(Duration::from_secs(1));
    let _ = clock.flag_at();
    let _ = clock.left(Color::Red, Duration::from_secs(2));
    let _ = clock.flagged(Duration::MAX);
    clock.moved(Duration::from_secs(3));
    assert_eq!(clock.left(Color::Black, Duration::from_secs(3)), huge);
    let byo = TimeControl::ByoYomi {
        base: Duration::from_secs(60),
        period: Duration::from_secs(30),
    };
    let clock = Clock::resumed(
        byo,
        Color::Red,
        vec![Times {
            red: huge,
            black: huge,
        }],
        Duration::ZERO,
    );
    let _ = clock.left(Color::Red, Duration::MAX);
    assert_eq!(
        read_clk("[%clk 99999999999:00:00]"),
        Some(Duration::from_secs(99_999_999_999 * 3600))
    );
    assert_eq!(read_clk("[%clk 5124095576030432:00:00]"), None);
}
