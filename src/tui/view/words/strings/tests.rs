//! The sentences put together from the catalogues: English as the rules library words it,
//! the chase banner, plurals.

use super::*;
use crate::tui::view::words::errors::{bad_move_in, illegal_in};
use xiangqi_rules::{IllegalMove, NotationErrorKind, Role};

#[test]
fn a_losing_chase_is_named_in_the_warning_banner_and_summary() {
    let chase = Outcome {
        winner: Some(Color::Black),
        termination: Termination::PerpetualChase,
    };
    assert_eq!(
        repetition_warning_in(Lang::En, "車九進一", Color::Red, chase),
        "! 車九進一 loses: perpetual chase"
    );
    assert_eq!(
        repetition_warning_in(Lang::En, "馬３退１", Color::Black, chase),
        "! 馬３退１ wins: Red's perpetual chase"
    );
    assert_eq!(
        repetition_warning_in(Lang::ZhHans, "马三退一", Color::Black, chase),
        "! 马三退一 胜：红方长捉"
    );
    assert_eq!(
        outcome(chase, Color::Red),
        "Black wins — perpetual chase by Red"
    );
    assert_eq!(
        result_line(chase, Color::Red),
        "0-1 (Black wins — perpetual chase by Red)"
    );
}

/// Every way the rules refuse a move.
fn all_illegal() -> Vec<IllegalMove> {
    let roles = [
        Role::General,
        Role::Advisor,
        Role::Elephant,
        Role::Horse,
        Role::Chariot,
        Role::Cannon,
        Role::Soldier,
    ];
    let mut all = vec![
        IllegalMove::NoPiece,
        IllegalMove::NotYourPiece,
        IllegalMove::NullMove,
        IllegalMove::OwnPiece,
        IllegalMove::HorseLegBlocked,
        IllegalMove::ElephantEyeBlocked,
        IllegalMove::ElephantCrossesRiver,
        IllegalMove::PathBlocked,
        IllegalMove::CannonNeedsOneScreen,
        IllegalMove::SoldierBackward,
        IllegalMove::SoldierSidewaysBeforeRiver,
        IllegalMove::GeneralsFace,
        IllegalMove::LeavesGeneralInCheck,
    ];
    for role in roles {
        all.push(IllegalMove::WrongShape(role));
        all.push(IllegalMove::LeavesPalace(role));
    }
    all
}

#[test]
fn the_english_catalogue_says_what_the_rules_library_says() {
    for reason in all_illegal() {
        assert_eq!(illegal_in(Lang::En, reason), reason.to_string());
        let kind = NotationErrorKind::Illegal(reason);
        assert_eq!(bad_move_in(Lang::En, &kind), kind.to_string());
    }
    for kind in [
        NotationErrorKind::Syntax(Notation::Chinese),
        NotationErrorKind::Syntax(Notation::Wxf),
        NotationErrorKind::Syntax(Notation::Iccs),
        NotationErrorKind::NoPiece,
        NotationErrorKind::Impossible,
        NotationErrorKind::Ambiguous,
    ] {
        assert_eq!(bad_move_in(Lang::En, &kind), kind.to_string());
    }
    for n in [Notation::Chinese, Notation::Wxf, Notation::Iccs] {
        assert_eq!(notation_name(Lang::En, n), n.to_string());
    }
    for t in [
        Termination::Checkmate,
        Termination::NoLegalMove,
        Termination::PerpetualCheck,
        Termination::PerpetualChase,
        Termination::Repetition,
        Termination::MoveLimit,
        Termination::InsufficientMaterial,
        Termination::Resignation,
        Termination::Agreement,
        Termination::TimeForfeit,
    ] {
        assert_eq!(termination_in(Lang::En, t), t.describe());
    }
}

#[test]
fn chinese_says_each_refusal_in_its_own_words() {
    for lang in [Lang::ZhHans, Lang::ZhHant] {
        for reason in all_illegal() {
            let words = illegal_in(lang, reason);
            assert!(!words.is_ascii(), "{lang} {reason:?}: {words}");
        }
    }
    assert_eq!(
        illegal_in(Lang::ZhHant, IllegalMove::LeavesPalace(Role::Advisor)),
        "不能走出九宮"
    );
}

#[test]
fn a_record_keeps_its_own_termination_words_in_english_only() {
    let banner = |lang, why| recorded_banner_in(lang, PgnResult::RedWins, Some(why));
    assert_eq!(
        banner(Lang::En, "Checkmate"),
        Some(("Red wins".into(), "1-0 as recorded: Checkmate".into()))
    );
    assert_eq!(
        banner(Lang::ZhHans, "checkmate"),
        Some(("红胜".into(), "记录结果 1-0：绝杀".into()))
    );
    assert_eq!(
        banner(Lang::ZhHant, "adjudication"),
        Some(("紅勝".into(), "記錄結果 1-0：adjudication".into()))
    );
    assert_eq!(
        recorded_banner_in(Lang::En, PgnResult::Draw, None),
        Some(("Draw".into(), "1/2-1/2 as recorded".into()))
    );
}

#[test]
fn one_move_is_singular_in_english() {
    assert_eq!(
        message_in(
            Lang::En,
            &Message::Loaded(1, PgnResult::Unknown),
            Color::Red
        ),
        "Loaded a game of 1 move (u takes back)"
    );
    assert_eq!(
        message_in(Lang::En, &Message::Loaded(2, PgnResult::Draw), Color::Red),
        "Loaded a game of 2 moves, recorded result 1/2-1/2 (u takes back)"
    );
    assert_eq!(
        more_warnings_in(Lang::En, 1),
        "! and 1 more move that repeat"
    );
    assert_eq!(
        message_in(
            Lang::ZhHans,
            &Message::Loaded(1, PgnResult::Unknown),
            Color::Red
        ),
        "已载入 1 步的棋局（u 悔棋）"
    );
}
