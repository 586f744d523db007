//! The referee's rules, on made-up times.

use super::*;

mod jieqi;

const S: fn(u64) -> Duration = Duration::from_secs;
const MS: fn(u64) -> Duration = Duration::from_millis;

fn five_three() -> Table {
    Table::new(ClockSpec::minutes(5, 3), TableSettings::default(), S(0))
}

fn play(t: &mut Table, side: Side, mv: &str, now: Duration) -> Vec<Change> {
    let ply = t.ply();
    t.play(side, ply, mv, now, Duration::ZERO)
        .expect("legal here")
}

fn ended(changes: &[Change]) -> Option<Ended> {
    changes.iter().find_map(|c| match c {
        Change::Ended(e) => Some(*e),
        _ => None,
    })
}

#[test]
fn an_illegal_move_is_refused_and_the_game_is_unchanged() {
    let mut t = five_three();
    play(&mut t, Side::Red, "h2e2", S(1));
    let before = (t.referee().fen(), t.ply(), t.clocks(S(5)));
    // A chariot through its own horse, a piece of the other side, a move from nowhere.
    for mv in ["a9a5", "h2e2", "e5e4"] {
        let denial = t
            .play(Side::Black, 1, mv, S(5), Duration::ZERO)
            .expect_err("refused");
        assert!(
            matches!(denial, Denial::IllegalMove { .. }),
            "{mv}: {denial:?}"
        );
    }
    assert_eq!(
        t.play(Side::Black, 1, "zz", S(5), Duration::ZERO),
        Err(Denial::NotAMove { mv: "zz".into() })
    );
    assert_eq!(
        t.play(Side::Red, 1, "b0c2", S(5), Duration::ZERO),
        Err(Denial::NotYourTurn)
    );
    assert_eq!(
        t.play(Side::Black, 0, "h9g7", S(5), Duration::ZERO),
        Err(Denial::Stale { ply: 1 })
    );
    assert_eq!((t.referee().fen(), t.ply(), t.clocks(S(5))), before);
}

#[test]
fn the_first_move_is_free_and_each_move_is_charged_less_its_lag_up_to_the_bound() {
    let mut t = five_three();
    play(&mut t, Side::Red, "h2e2", S(20));
    // Red's first move cost nothing and earned the increment; Black's time runs.
    assert_eq!(
        t.clocks(S(20)),
        Clocks {
            red_ms: 303_000,
            black_ms: 300_000,
            running: Some(Side::Black)
        }
    );
    // Black thinks 10 s; 300 ms of it was the network's.
    t.play(Side::Black, 1, "h9g7", S(30), MS(300))
        .expect("legal here");
    assert_eq!(t.clocks(S(30)).black_ms, 300_000 - 9_700 + 3_000);
    // A claimed lag of 5 s is credited only up to the bound.
    t.play(Side::Red, 2, "h0g2", S(40), S(5))
        .expect("legal here");
    assert_eq!(t.clocks(S(40)).red_ms, 303_000 - 9_500 + 3_000);
}

#[test]
fn a_flag_falls_after_the_lag_bound_and_the_other_side_wins_on_time() {
    let mut t = Table::new(ClockSpec::minutes(1, 0), TableSettings::default(), S(0));
    play(&mut t, Side::Red, "h2e2", S(0));
    play(&mut t, Side::Black, "h9g7", S(1));
    // Red's 60 s run out at 61 s; the table waits for the lag bound before saying so.
    assert_eq!(t.next_deadline(), Some(S(61) + MS(500)));
    assert!(t.tick(S(61)).is_empty());
    let changes = t.tick(S(61) + MS(500));
    assert_eq!(
        ended(&changes),
        Some(Ended {
            verdict: Verdict::BlackWins,
            how: How::TimeForfeit
        })
    );
    assert_eq!(t.next_deadline(), None);
    assert_eq!(
        t.play(Side::Red, 2, "h0g2", S(62), Duration::ZERO),
        Err(Denial::GameOver)
    );
}

#[test]
fn a_move_sent_in_time_but_arriving_late_counts_and_one_sent_late_loses() {
    let opened = || {
        let mut t = Table::new(ClockSpec::minutes(1, 0), TableSettings::default(), S(0));
        play(&mut t, Side::Red, "h2e2", S(0));
        play(&mut t, Side::Black, "h9g7", S(1));
        t
    };
    // Arrives 200 ms after Red's flag, with 300 ms of lag: made in time.
    let mut t = opened();
    let in_time = t
        .play(Side::Red, 2, "h0g2", S(61) + MS(200), MS(300))
        .expect("legal here");
    assert!(ended(&in_time).is_none());
    let mut t = opened();
    let late = t
        .play(Side::Red, 2, "h0g2", S(61) + MS(200), MS(100))
        .expect("legal here");
    assert_eq!(ended(&late).map(|e| e.how), Some(How::TimeForfeit));
    assert_eq!(t.ply(), 2, "the late move is not played");
}

#[test]
fn each_side_may_abort_until_its_second_move() {
    for (plies, red, black) in [
        (0, true, true),
        (2, true, true),
        (3, false, true),
        (4, false, false),
    ] {
        let moves = ["h2e2", "h9g7", "h0g2", "i9h9"];
        let mut t = five_three();
        for (i, mv) in moves.iter().take(plies).enumerate() {
            let side = if i % 2 == 0 { Side::Red } else { Side::Black };
            play(&mut t, side, mv, S(1));
        }
        let mut r = t.clone();
        assert_eq!(r.abort(Side::Red, S(2)).is_ok(), red, "red at {plies}");
        assert_eq!(
            t.abort(Side::Black, S(2)).is_ok(),
            black,
            "black at {plies}"
        );
        if black {
            assert_eq!(t.ending().map(|e| e.verdict), Some(Verdict::Aborted));
            assert!(!t.ending().expect("legal here").is_result());
        } else {
            assert_eq!(t.abort(Side::Black, S(2)), Err(Denial::TooLateToAbort));
        }
    }
}

#[test]
fn a_first_move_not_made_in_time_calls_the_game_off() {
    let mut t = five_three();
    assert_eq!(t.next_deadline(), Some(S(30)));
    assert!(t.tick(S(29)).is_empty());
    let changes = t.tick(S(30));
    assert_eq!(
        ended(&changes),
        Some(Ended {
            verdict: Verdict::Aborted,
            how: How::NoStart
        })
    );
    // Black's first move is due 30 s after Red's.
    let mut t = five_three();
    play(&mut t, Side::Red, "h2e2", S(10));
    assert_eq!(t.next_deadline(), Some(S(40)));
    play(&mut t, Side::Black, "h9g7", S(39));
    assert_eq!(t.next_deadline(), Some(S(39) + S(303) + MS(500)));
}

#[test]
fn a_player_away_past_the_grace_period_lets_the_other_claim() {
    let mut t = five_three();
    play(&mut t, Side::Red, "h2e2", S(1));
    play(&mut t, Side::Black, "h9g7", S(2));
    let left = t.leave(Side::Black, S(10));
    assert_eq!(
        left,
        vec![Change::Presence {
            side: Side::Black,
            present: false,
            claim_in: Some(S(60))
        }]
    );
    assert_eq!(t.claim(Side::Red, false, S(69)), Err(Denial::CannotClaim));
    assert_eq!(t.next_deadline(), Some(S(70)));
    assert_eq!(t.tick(S(70)), vec![Change::ClaimOpen(Side::Red)]);
    assert!(t.tick(S(71)).is_empty(), "told once");
    assert_eq!(t.claim(Side::Black, false, S(71)), Err(Denial::CannotClaim));
    let changes = t.claim(Side::Red, false, S(71)).expect("legal here");
    assert_eq!(
        ended(&changes),
        Some(Ended {
            verdict: Verdict::RedWins,
            how: How::Abandoned
        })
    );
}

#[test]
fn a_player_back_within_the_grace_period_plays_on_with_the_clock_that_ran() {
    let mut t = five_three();
    play(&mut t, Side::Red, "h2e2", S(1));
    t.leave(Side::Black, S(5));
    let back = t.back(Side::Black, S(50));
    assert_eq!(
        back,
        vec![Change::Presence {
            side: Side::Black,
            present: true,
            claim_in: None
        }]
    );
    assert_eq!(t.claim(Side::Red, true, S(200)), Err(Denial::CannotClaim));
    // Black's clock ran while away: 49 s used.
    assert_eq!(t.clocks(S(50)).black_ms, 300_000 - 49_000);
    play(&mut t, Side::Black, "h9g7", S(51));
}

#[test]
fn a_draw_is_agreed_by_both_and_a_declined_offer_waits_for_a_move() {
    let mut t = five_three();
    play(&mut t, Side::Red, "h2e2", S(1));
    assert_eq!(
        t.offer_draw(Side::Red, S(2)).expect("legal here"),
        vec![Change::DrawOffered(Side::Red)]
    );
    assert_eq!(t.decline_draw(Side::Red), Err(Denial::NothingToAnswer));
    assert_eq!(
        t.decline_draw(Side::Black).expect("legal here"),
        vec![Change::DrawDeclined]
    );
    assert_eq!(t.offer_draw(Side::Red, S(3)), Err(Denial::RateLimited));
    play(&mut t, Side::Black, "h9g7", S(4));
    play(&mut t, Side::Red, "h0g2", S(5));
    t.offer_draw(Side::Red, S(6)).expect("legal here");
    let changes = t.offer_draw(Side::Black, S(7)).expect("legal here");
    assert_eq!(
        ended(&changes),
        Some(Ended {
            verdict: Verdict::Draw,
            how: How::Agreement
        })
    );
}

#[test]
fn an_offer_lapses_when_the_other_side_moves_instead() {
    let mut t = five_three();
    t.offer_draw(Side::Red, S(1)).expect("legal here");
    let changes = play(&mut t, Side::Red, "h2e2", S(1));
    assert!(
        !changes.contains(&Change::DrawDeclined),
        "one's own move keeps it"
    );
    let changes = play(&mut t, Side::Black, "h9g7", S(2));
    assert!(changes.contains(&Change::DrawDeclined));
    assert_eq!(t.draw_offer(), None);
}

#[test]
fn a_takeback_needs_the_other_sides_consent_and_restores_the_clocks() {
    let mut t = five_three();
    play(&mut t, Side::Red, "h2e2", S(0));
    play(&mut t, Side::Black, "h9g7", S(10));
    let clocks_then = t.clocks(S(10));
    play(&mut t, Side::Red, "h0g2", S(30));
    assert_eq!(
        t.ask_takeback(Side::Red, S(31)).expect("legal here"),
        vec![Change::TakebackAsked(Side::Red)]
    );
    assert_eq!(t.ply(), 3, "nothing taken back before the answer");
    let changes = t.ask_takeback(Side::Black, S(32)).expect("legal here");
    assert_eq!(
        changes,
        vec![Change::TakenBack {
            ply: 2,
            clocks: Clocks {
                running: Some(Side::Red),
                ..clocks_then
            }
        }]
    );
    // Red to move now asks: its move and Black's reply go.
    t.ask_takeback(Side::Red, S(33)).expect("legal here");
    assert_eq!(
        t.decline_takeback(Side::Black).expect("legal here"),
        vec![Change::TakebackDeclined]
    );
    t.ask_takeback(Side::Red, S(34)).expect("legal here");
    t.ask_takeback(Side::Black, S(34)).expect("legal here");
    assert_eq!(t.ply(), 0);
    assert_eq!(
        t.ask_takeback(Side::Black, S(35)),
        Err(Denial::NothingToTakeBack)
    );
}

#[test]
fn a_position_repeated_a_third_time_is_judged_by_the_axf_rules() {
    let mut t = five_three();
    let shuffle = ["b0c2", "b9c7", "c2b0", "c7b9"];
    let mut last = Vec::new();
    for i in 0..8 {
        let side = if i % 2 == 0 { Side::Red } else { Side::Black };
        last = play(&mut t, side, shuffle[i % 4], S(i as u64));
    }
    assert_eq!(
        ended(&last),
        Some(Ended {
            verdict: Verdict::Draw,
            how: How::Repetition
        })
    );
}

#[test]
fn a_game_resumed_after_a_restart_waits_for_both_players_with_the_clocks_as_they_stood() {
    let mut t = five_three();
    play(&mut t, Side::Red, "h2e2", S(0));
    play(&mut t, Side::Black, "h9g7", S(40));
    let stored: Vec<(Played, Times)> = vec![
        ("h2e2".parse().expect("legal here"), t.clock.marks()[1]),
        ("h9g7".parse().expect("legal here"), t.clock.marks()[2]),
    ];
    let settings = TableSettings::default();
    let mut r = Table::resume(
        ClockSpec::minutes(5, 3),
        settings,
        Variant::Xiangqi,
        &stored,
        0,
    )
    .expect("legal here");
    assert_eq!(r.ply(), 2);
    let stood = r.clocks(S(1000));
    assert_eq!(stood.running, None);
    assert_eq!(stood.black_ms, 300_000 - 40_000 + 3_000);
    assert_eq!(
        r.play(Side::Red, 2, "h0g2", S(1000), Duration::ZERO),
        Err(Denial::NotNow)
    );
    assert_eq!(r.next_deadline(), None, "nothing runs while both are away");
    r.back(Side::Red, S(1000));
    // Black's grace runs from Red's return.
    assert_eq!(r.next_deadline(), Some(S(1060)));
    r.back(Side::Black, S(1010));
    assert_eq!(r.clocks(S(1010)).running, Some(Side::Red));
    assert_eq!(r.clocks(S(1020)).red_ms, 303_000 - 10_000);
    play(&mut r, Side::Red, "h0g2", S(1020));
}
