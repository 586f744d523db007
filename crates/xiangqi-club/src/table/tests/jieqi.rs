//! The referee's rules for Jieqi, on made-up times: the deal decides what turns over, the
//! player only which points; the endings are the rules' and the players'.

use super::{S, ended};
use crate::protocol::{ClockSpec, Denial, How, Side, Variant, Verdict};
use crate::table::{Change, Played, Referee, Table, TableSettings};
use std::time::Duration;
use xiangqi_rules::clock::Times;
use xiangqi_rules::jieqi::{Deal, JieqiGame, JieqiPosition};
use xiangqi_rules::{Color, Piece, Role, Square};

const SEED: u64 = 0x0005_eed5;

fn sq(text: &str) -> Square {
    text.parse().expect("a point")
}

fn dealt() -> Table {
    let referee = Referee::new(Variant::Jieqi, SEED);
    Table::of(
        referee,
        ClockSpec::minutes(5, 3),
        TableSettings::default(),
        S(0),
    )
}

/// The move a table played, from its changes.
fn played(changes: &[Change]) -> Played {
    changes
        .iter()
        .find_map(|c| match c {
            Change::Moved { mv, .. } => Some(*mv),
            _ => None,
        })
        .expect("a move")
}

fn play(t: &mut Table, side: Side, mv: &str, now: Duration) -> Vec<Change> {
    let ply = t.ply();
    t.play(side, ply, mv, now, Duration::ZERO)
        .expect("legal here")
}

#[test]
fn a_covered_piece_moves_as_its_points_piece_and_turns_over_as_the_deal_says() {
    let deal = JieqiGame::dealt(SEED).deal().clone();
    let mut t = dealt();
    assert_eq!(t.variant(), Variant::Jieqi);
    // The cannon's point moves as a cannon, whatever lies under it.
    let first = played(&play(&mut t, Side::Red, "h2e2", S(1)));
    assert_eq!(first.mv, "h2e2".parse().expect("a move"));
    assert_eq!(first.reveal, deal.piece_at(sq("h2")));
    assert_eq!(
        first.to_string(),
        format!("h2e2{}", first.reveal.expect("dealt").fen_char())
    );
    let reply = played(&play(&mut t, Side::Black, "b9c7", S(2)));
    assert_eq!(reply.reveal, deal.piece_at(sq("b9")));
    // Both as the game's record keeps them, with what they turned over.
    assert_eq!(t.referee().moves(), vec![first, reply]);
    // A horse's point does not move as a chariot.
    let denial = t
        .play(Side::Red, 2, "b0b2", S(3), Duration::ZERO)
        .expect_err("refused");
    assert!(matches!(denial, Denial::IllegalMove { .. }), "{denial:?}");
}

#[test]
fn a_move_that_says_what_it_turns_over_is_not_a_move_whatever_it_names() {
    let deal = JieqiGame::dealt(SEED).deal().clone();
    let mut t = dealt();
    let under = deal.piece_at(sq("a0")).expect("dealt").fen_char();
    let before = (t.referee().fen(), t.ply());
    // Neither the piece that is there nor another: the player does not choose.
    for mv in [
        format!("a0a1{under}"),
        "a0a1P".to_string(),
        "a0a1=R".to_string(),
    ] {
        assert_eq!(
            t.play(Side::Red, 0, &mv, S(1), Duration::ZERO),
            Err(Denial::NotAMove { mv: mv.clone() }),
            "{mv}"
        );
    }
    assert_eq!((t.referee().fen(), t.ply()), before);
    let m = played(&play(&mut t, Side::Red, "a0a1", S(1)));
    assert_eq!(m.reveal, deal.piece_at(sq("a0")));
}

#[test]
fn a_jieqi_game_ends_by_resignation_draw_and_time_as_xiangqi_does() {
    let mut t = dealt();
    play(&mut t, Side::Red, "h2e2", S(1));
    let changes = t.resign(Side::Black, S(2)).expect("resigned");
    let e = ended(&changes).expect("over");
    assert_eq!((e.verdict, e.how), (Verdict::RedWins, How::Resignation));
    assert_eq!(
        t.play(Side::Black, 1, "h9g7", S(3), Duration::ZERO),
        Err(Denial::GameOver)
    );

    let mut t = dealt();
    t.offer_draw(Side::Red, S(1)).expect("offered");
    let e = ended(&t.offer_draw(Side::Black, S(2)).expect("agreed")).expect("over");
    assert_eq!((e.verdict, e.how), (Verdict::Draw, How::Agreement));

    // Red's flag falls with Black's pieces on the board: Black wins on time.
    let mut t = dealt();
    play(&mut t, Side::Red, "h2e2", S(1));
    play(&mut t, Side::Black, "h9g7", S(2));
    let e = ended(&t.tick(S(2 + 5 * 60 + 10))).expect("flag");
    assert_eq!((e.verdict, e.how), (Verdict::BlackWins, How::TimeForfeit));
}

#[test]
fn generals_stepping_to_and_fro_draw_by_repetition() {
    let mut t = dealt();
    let steps = [
        (Side::Red, "e0e1"),
        (Side::Black, "e9e8"),
        (Side::Red, "e1e0"),
        (Side::Black, "e8e9"),
    ];
    let mut now = 0;
    let mut end = None;
    for round in 0..5 {
        for (side, mv) in steps {
            now += 1;
            let changes = play(&mut t, side, mv, S(now));
            if let Some(e) = ended(&changes) {
                end = Some((round, e));
                break;
            }
        }
        if end.is_some() {
            break;
        }
    }
    let (round, e) = end.expect("a repetition ends the game");
    assert!(round >= 1, "not before a position came back");
    assert_eq!((e.verdict, e.how), (Verdict::Draw, How::Repetition));
}

#[test]
fn a_covered_chariot_turned_over_on_the_last_rank_mates() {
    // Black's general alone on d9, a red chariot holding rank 8; under i0 lies a chariot.
    let start = JieqiPosition::from_fen("3k5/R8/9/9/9/9/9/9/9/4K3X R1 w").expect("a position");
    let chariot = Piece::new(Color::Red, Role::Chariot);
    let deal = Deal::new(&start, [(sq("i0"), chariot)]).expect("a deal");
    let game = JieqiGame::new(start, deal).expect("dealt for it");
    let referee = Referee::Jieqi(Box::new(game));
    let mut t = Table::of(
        referee,
        ClockSpec::minutes(5, 3),
        TableSettings::default(),
        S(0),
    );
    let changes = play(&mut t, Side::Red, "i0i9", S(1));
    assert_eq!(played(&changes).to_string(), "i0i9R");
    let e = ended(&changes).expect("mate");
    assert_eq!((e.verdict, e.how), (Verdict::RedWins, How::Checkmate));
}

#[test]
fn a_takeback_covers_the_piece_again_and_the_same_move_turns_over_the_same_piece() {
    let mut t = dealt();
    let first = played(&play(&mut t, Side::Red, "h2e2", S(1)));
    t.ask_takeback(Side::Red, S(2)).expect("asked");
    t.ask_takeback(Side::Black, S(3)).expect("agreed");
    assert_eq!(t.ply(), 0);
    assert_eq!(t.referee().fen(), JieqiPosition::start().fen());
    // Both saw it: played again it is what it was (nothing new is learnt).
    assert_eq!(played(&play(&mut t, Side::Red, "h2e2", S(4))), first);
}

#[test]
fn a_jieqi_game_resumes_from_its_record_and_refuses_a_record_without_its_reveals() {
    let mut t = dealt();
    play(&mut t, Side::Red, "h2e2", S(1));
    play(&mut t, Side::Black, "b9c7", S(2));
    let times = t.last_mark();
    let stored: Vec<(Played, Times)> = t
        .referee()
        .moves()
        .into_iter()
        .map(|m| (m, times))
        .collect();
    let spec = ClockSpec::minutes(5, 3);
    let settings = TableSettings::default();
    // Dealt anew from another number: the pieces seen stay as they were seen.
    let r = Table::resume(spec, settings, Variant::Jieqi, &stored, SEED ^ 1).expect("resumed");
    assert_eq!(r.referee().moves(), t.referee().moves());
    assert_eq!(r.referee().fen(), t.referee().fen());
    // A covered piece's move kept without what it turned over is not that game.
    let mut bare = stored.clone();
    bare[1].0.reveal = None;
    let denial = Table::resume(spec, settings, Variant::Jieqi, &bare, 7).expect_err("refused");
    assert!(matches!(denial, Denial::IllegalMove { .. }), "{denial:?}");
    // Nor is a reveal in a xiangqi game.
    let denial = Table::resume(spec, settings, Variant::Xiangqi, &stored, 0).expect_err("refused");
    assert!(matches!(denial, Denial::IllegalMove { .. }), "{denial:?}");
}
