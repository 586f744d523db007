//! The levels as a table (each stronger than the one below, named by its rating) and as
//! players (their draws reproducible, never beyond their margin).

use super::*;
use crate::{Info, Score, Searcher, bench};
use std::sync::atomic::AtomicBool;
use xiangqi_rules::{Game, Move, Position};

fn all() -> impl Iterator<Item = Level> {
    (1..=10).filter_map(Level::new)
}

#[test]
fn each_level_searches_at_least_as_far_and_chooses_at_least_as_well_as_the_one_below() {
    let levels: Vec<Level> = all().collect();
    for pair in levels.windows(2) {
        let (low, high) = (pair[0].limits(0), pair[1].limits(0));
        let reach = |l: &Limits| (l.depth.unwrap_or(u32::MAX), l.nodes.unwrap_or(u64::MAX));
        // Depth-limited levels come first, then node-limited ones, then no limit.
        if low.depth.is_some() && high.depth.is_some() {
            assert!(high.depth > low.depth, "{pair:?}");
        } else {
            assert!(
                low.depth.is_some() || reach(&high).1 > reach(&low).1,
                "{pair:?}"
            );
        }
        let margin = |l: &Limits| l.pick.map_or(0, |p| p.margin);
        let temperature = |l: &Limits| l.pick.map_or(0, |p| p.temperature);
        assert!(margin(&high) <= margin(&low), "{pair:?}");
        assert!(temperature(&high) <= temperature(&low), "{pair:?}");
        assert!(pair[1].rating() > pair[0].rating(), "{pair:?}");
    }
    // Full strength is the search without limit or choice, as before there were levels.
    assert_eq!(
        Level::MAX.limits(5),
        Limits {
            seed: 5,
            ..Limits::default()
        }
    );
    for level in all() {
        assert!(level.rating_margin() > 0, "{level}");
    }
}

#[test]
fn a_number_names_a_level_and_a_rating_the_level_rated_nearest() {
    let level = |n: u8| Level::new(n).expect("1 to 10");
    assert_eq!("1".parse(), Ok(level(1)));
    assert_eq!(" 10 ".parse(), Ok(level(10)));
    let (low, high) = (Level::min_rating(), Level::max_rating());
    assert_eq!(low.to_string().parse(), Ok(level(1)));
    assert_eq!(high.to_string().parse(), Ok(level(10)));
    for l in all() {
        assert_eq!(l.rating().to_string().parse(), Ok(l));
        assert_eq!(Level::nearest_to(l.rating().into()), l);
    }
    // Between two levels: the nearer; halfway: the weaker.
    let (four, five) = (level(4).rating(), level(5).rating());
    let halfway = (u32::from(four) + u32::from(five)) / 2;
    assert_eq!(Level::nearest_to(u32::from(four) + 1), level(4));
    assert_eq!(Level::nearest_to(u32::from(five) - 1), level(5));
    let expected = if (u32::from(five) - halfway) < (halfway - u32::from(four)) {
        level(5)
    } else {
        level(4)
    };
    assert_eq!(Level::nearest_to(halfway), expected);
    // Beyond the table: the end of it.
    assert_eq!(Level::nearest_to(0), level(1));
    assert_eq!(Level::nearest_to(u32::MAX), level(10));
    for text in [
        "0",
        "11",
        "99",
        &(low - 1).to_string(),
        &(high + 1).to_string(),
        "-3",
        "five",
        "",
        "4.5",
    ] {
        let err = text.parse::<Level>().expect_err(text);
        let said = err.to_string();
        assert!(said.contains(&format!("from {low} to {high}")), "{said}");
        assert!(said.ends_with(&format!("found '{text}'")), "{said}");
    }
}

/// The lines a search within `limits` found at its deepest complete depth, best first.
fn lines(pos: &Position, limits: &Limits) -> Vec<(Move, Score)> {
    let mut infos: Vec<Info> = Vec::new();
    let mut searcher = Searcher::new(4);
    searcher.search(
        &Game::new(pos.clone()),
        limits,
        &AtomicBool::new(false),
        |i| infos.push(i.clone()),
    );
    let wanted = limits.lines().min(pos.legal_moves().len());
    let deepest = infos
        .iter()
        .filter(|i| infos.iter().filter(|j| j.depth == i.depth).count() == wanted)
        .map(|i| i.depth)
        .max()
        .expect("a complete depth");
    infos
        .iter()
        .filter(|i| i.depth == deepest)
        .map(|i| (i.pv[0], i.score))
        .collect()
}

/// Level `level`'s move in `pos` drawn by `seed`, on a fresh searcher, with its score.
fn played(pos: &Position, level: Level, seed: u64) -> (Move, Score) {
    let mut searcher = Searcher::new(4);
    let r = searcher.search(
        &Game::new(pos.clone()),
        &level.limits(seed),
        &AtomicBool::new(false),
        |_| {},
    );
    (r.best.expect("a legal move"), r.score)
}

fn centipawns(s: Score) -> i32 {
    match s {
        Score::Cp(c) => c,
        Score::Mate(m) if m > 0 => 100_000 - m,
        Score::Mate(m) => -100_000 - m,
    }
}

#[test]
fn a_weak_level_never_plays_a_move_its_search_scores_beyond_its_margin() {
    let positions: Vec<Position> = bench::POSITIONS
        .iter()
        .map(|f| Position::from_fen(f).expect("bench positions are valid"))
        .collect();
    for level in (1..=6).filter_map(Level::new) {
        let pick = level.limits(0).pick.expect("a weak level chooses");
        for (i, pos) in positions.iter().enumerate() {
            // The same search, every line reported: what the level chose among.
            let all = Limits {
                pick: None,
                multipv: pick.lines,
                ..level.limits(0)
            };
            let found = lines(pos, &all);
            let best = centipawns(found[0].1);
            let seeds = if level.get() <= 3 { 0..12 } else { 0..3 };
            for seed in seeds {
                let (mv, score) = played(pos, level, seed);
                let line = found.iter().find(|(m, _)| *m == mv);
                let (_, line_score) = line.unwrap_or_else(|| panic!("{level} {i}: {mv}"));
                assert_eq!(
                    *line_score, score,
                    "level {level}, position {i}, seed {seed}"
                );
                let loss = best - centipawns(score);
                assert!(
                    loss <= pick.margin as i32,
                    "level {level}, position {i}, seed {seed}: {mv} gives away {loss}"
                );
            }
        }
    }
}

#[test]
fn the_same_seed_plays_the_same_move_and_other_seeds_vary_it() {
    let start = Position::start();
    for level in (1..=4).filter_map(Level::new) {
        let moves: Vec<Move> = (0..16).map(|seed| played(&start, level, seed).0).collect();
        let again: Vec<Move> = (0..16).map(|seed| played(&start, level, seed).0).collect();
        assert_eq!(moves, again, "level {level}");
        let distinct: std::collections::HashSet<_> = moves.iter().collect();
        assert!(distinct.len() >= 3, "level {level}: {moves:?}");
    }
    // Full strength does not draw at all.
    let full: std::collections::HashSet<Move> = (0..4)
        .map(|seed| {
            let limits = Limits {
                depth: Some(4),
                ..Level::MAX.limits(seed)
            };
            let mut searcher = Searcher::new(4);
            let r = searcher.search(
                &Game::new(start.clone()),
                &limits,
                &AtomicBool::new(false),
                |_| {},
            );
            r.best.expect("a move")
        })
        .collect();
    assert_eq!(full.len(), 1, "{full:?}");
}

#[test]
fn the_weakest_level_does_not_leave_a_chariot_to_be_taken() {
    // Black's horse on b7 attacks red's chariot on c5 (its leg, b6, is free); nothing of
    // red's can block it or take the horse. Every draw of level 1 saves the chariot.
    let pos =
        Position::from_fen("3k5/9/1n2c4/p3p3p/2R6/9/P3P3P/9/9/4K4 w").expect("test FEN is valid");
    let one = Level::new(1).expect("1");
    let mut saw = std::collections::HashSet::new();
    for seed in 0..40 {
        let (mv, _) = played(&pos, one, seed);
        saw.insert(mv);
        let mut after = pos.clone();
        after.make_move(mv);
        let lost = after
            .legal_moves()
            .iter()
            .any(|m| after.codes()[m.to.index()] == pos.codes()[mv.from.index()] && m.to == mv.to);
        assert!(mv.from.to_string() == "c5" && !lost, "seed {seed}: {mv}");
    }
    // Not always the same escape: it still chooses.
    assert!(saw.len() >= 2, "{saw:?}");
}
