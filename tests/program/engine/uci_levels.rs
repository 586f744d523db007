//! The levels over UCI: `Level`, and `UCI_LimitStrength` with `UCI_Elo` naming the level
//! rated nearest, offered, checked and changing what the engine plays.

use super::uci::{bestmoves, said, session, session_to_the_end};
use xiangqi_engine::Level;

/// The deepest `info depth` of a session.
fn deepest(lines: &[String]) -> u32 {
    lines
        .iter()
        .filter_map(|l| l.strip_prefix("info depth "))
        .filter_map(|rest| rest.split_whitespace().next()?.parse().ok())
        .max()
        .unwrap_or(0)
}

/// `setoption` lines for each `(name, value)`, then `tail`.
fn script(options: &[(&str, String)], tail: &str) -> Vec<u8> {
    let mut s = String::new();
    for (name, value) in options {
        s += &format!("setoption name {name} value {value}\n");
    }
    s += tail;
    s.into_bytes()
}

#[test]
fn the_levels_are_offered_with_the_range_of_their_ratings() {
    let lines = session(b"uci\n");
    let (low, high) = (Level::min_rating(), Level::max_rating());
    for option in [
        "option name Level type spin default 10 min 1 max 10".to_string(),
        "option name UCI_LimitStrength type check default false".to_string(),
        format!("option name UCI_Elo type spin default {low} min {low} max {high}"),
    ] {
        assert!(lines.contains(&option), "{option} not in {lines:?}");
    }
}

#[test]
fn a_level_bounds_the_search_and_full_strength_is_the_default() {
    let go = "position startpos\ngo depth 5\n";
    assert_eq!(deepest(&session_to_the_end(go.as_bytes())), 5);
    let two = Level::new(2).expect("2").limits(0).depth.expect("a depth");
    let lines = session_to_the_end(&script(&[("Level", "2".into())], go));
    assert_eq!(deepest(&lines), two, "{lines:?}");
    assert_eq!(bestmoves(&lines).len(), 1);
    // Level 10 is full strength again.
    let lines = session_to_the_end(&script(
        &[("Level", "2".into()), ("Level", "10".into())],
        go,
    ));
    assert_eq!(deepest(&lines), 5);
}

#[test]
fn limiting_strength_plays_the_level_rated_nearest_the_elo_given() {
    let go = "position startpos\ngo depth 5\n";
    let one = Level::new(1).expect("1").limits(0).depth.expect("a depth");
    let low = Level::min_rating().to_string();
    let on = [
        ("UCI_Elo", low.clone()),
        ("UCI_LimitStrength", "true".to_string()),
    ];
    assert_eq!(deepest(&session_to_the_end(&script(&on, go))), one);
    // The rating wins over Level while the limit is on; off, Level counts again.
    let level_three = ("Level", "3".to_string());
    let both = [level_three.clone(), on[0].clone(), on[1].clone()];
    assert_eq!(deepest(&session_to_the_end(&script(&both, go))), one);
    let off = [
        level_three,
        on[0].clone(),
        on[1].clone(),
        ("UCI_LimitStrength", "false".to_string()),
    ];
    let three = Level::new(3).expect("3").limits(0).depth.expect("a depth");
    assert_eq!(deepest(&session_to_the_end(&script(&off, go))), three);
    // The strongest rating is full strength.
    let top = [
        ("UCI_LimitStrength", "true".to_string()),
        ("UCI_Elo", Level::max_rating().to_string()),
    ];
    assert_eq!(deepest(&session_to_the_end(&script(&top, go))), 5);
}

#[test]
fn a_low_rating_misses_the_quiet_mate_full_strength_plays() {
    // Mate in 2 begun by a quiet step of the general (e1d1), which lets the rook check on
    // the e file; a search of one ply sees nothing of it, and that move is not among the
    // lines the weakest level chooses from, whatever its draw.
    let position = "position fen 5ab2/4a4/4k3b/8p/5C3/4CR3/P3P3P/9/4K4/2BA1A3 w - - 1 51\n";
    let go = format!("{position}go depth 6\n");
    assert_eq!(bestmoves(&session_to_the_end(go.as_bytes())), ["e1d1"]);
    let weakest = [
        ("UCI_LimitStrength", "true".to_string()),
        ("UCI_Elo", Level::min_rating().to_string()),
    ];
    let mut played = std::collections::HashSet::new();
    for _ in 0..6 {
        let lines = session_to_the_end(&script(&weakest, &go));
        let moves = bestmoves(&lines);
        assert_eq!(moves.len(), 1, "{lines:?}");
        assert_ne!(moves[0], "e1d1", "{lines:?}");
        played.insert(moves[0].to_string());
    }
    // And the same by `Level`.
    let lines = session_to_the_end(&script(&[("Level", "1".into())], &go));
    assert_ne!(bestmoves(&lines), ["e1d1"]);
    assert!(!played.is_empty());
}

#[test]
fn strength_options_out_of_range_are_refused_and_the_last_good_value_stays() {
    let (low, high) = (Level::min_rating(), Level::max_rating());
    let lines = session_to_the_end(
        format!(
            "setoption name Level value 2\n\
             setoption name Level value 0\n\
             setoption name Level value 11\n\
             setoption name Level value strong\n\
             setoption name UCI_LimitStrength value yes\n\
             setoption name UCI_Elo value {}\n\
             setoption name UCI_Elo value {}\n\
             setoption name UCI_Elo value -5\n\
             position startpos\ngo depth 5\n",
            low - 1,
            high + 1
        )
        .as_bytes(),
    );
    let range = format!("UCI_Elo needs a rating from {low} to {high}");
    assert_eq!(
        said(&lines),
        [
            "setoption ignored: Level needs a number from 1 to 10, not '0'".to_string(),
            "setoption ignored: Level needs a number from 1 to 10, not '11'".to_string(),
            "setoption ignored: Level needs a number from 1 to 10, not 'strong'".to_string(),
            "setoption ignored: UCI_LimitStrength needs true or false, not 'yes'".to_string(),
            format!("setoption ignored: {range}, not '{}'", low - 1),
            format!("setoption ignored: {range}, not '{}'", high + 1),
            format!("setoption ignored: {range}, not '-5'"),
        ]
    );
    let two = Level::new(2).expect("2").limits(0).depth.expect("a depth");
    assert_eq!(deepest(&lines), two, "{lines:?}");
}
