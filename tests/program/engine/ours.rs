//! The engine through its public API: mates found at the stated distance on the shipped
//! puzzles, a legal move from every search on random positions (fixed seed), stopping, node
//! limits, levels and repetition.

use std::sync::atomic::AtomicBool;
use xiangqi_engine::puzzle::{self, Attempt, Puzzle, mate_in};
use xiangqi_engine::{Level, Limits, Score, Searcher};
use xiangqi_rules::{Game, Move, Position};

use crate::common::process;
use crate::rng;
use rng::Rng;

fn depth(d: u32) -> Limits {
    Limits {
        depth: Some(d),
        ..Limits::default()
    }
}

fn search(game: &Game, limits: &Limits) -> xiangqi_engine::SearchResult {
    Searcher::new(8).search(game, limits, &AtomicBool::new(false), |_| {})
}

fn shipped() -> Vec<Puzzle> {
    puzzle::collection().expect("the shipped puzzles read")
}

#[test]
fn the_shipped_collection_has_mates_in_one_two_and_three() {
    let puzzles = shipped();
    for n in 1..=3 {
        let count = puzzles.iter().filter(|p| p.moves == n).count();
        assert!(count >= 3, "only {count} mates in {n}");
    }
}

#[test]
fn mates_in_one_to_three_are_found_at_their_distance() {
    for p in shipped().iter().filter(|p| p.moves <= 3) {
        let game = Game::new(p.position.clone());
        // Reductions and pruning may hide a quiet first move for several plies (one mate in
        // 3 here, opened by a quiet cannon move, is seen at depth 16, in 41,000 nodes): allow
        // that slack, and stop as soon as a mate within the stated moves is seen.
        let limits = Limits {
            depth: Some(2 * p.moves + 10),
            mate: Some(p.moves),
            ..Limits::default()
        };
        let result = search(&game, &limits);
        assert_eq!(
            result.score,
            Score::Mate(p.moves as i32),
            "{}: {}",
            p.name,
            p.position.fen()
        );
        let best = result.best.expect("a move");
        assert_ne!(
            Puzzle::attempt(&p.position, best, p.moves),
            Attempt::Failed,
            "{}: {best} does not keep the mate forced",
            p.name
        );
    }
}

#[test]
fn the_mated_side_sees_its_mate_coming() {
    // After the first move of a mate in 2, the defender is mated in 2 (negative).
    let p = shipped()
        .into_iter()
        .find(|p| p.moves == 2)
        .expect("a mate in 2");
    let after = p.position.play(p.solution[0]).expect("test data is valid");
    let result = search(&Game::new(after), &depth(5));
    assert_eq!(result.score, Score::Mate(-1));
}

/// Random games from the start: every position along them, with its game.
fn random_games(seed: u64, games: usize, plies: usize) -> Vec<Game> {
    let mut rng = Rng(seed);
    let mut out = Vec::new();
    for _ in 0..games {
        let mut game = Game::default();
        let length = rng.below(plies as u64);
        for _ in 0..length {
            let moves = game.position().legal_moves();
            if moves.is_empty() || game.is_over() {
                break;
            }
            let mv = moves[rng.below(moves.len() as u64) as usize];
            game.play_unadjudicated(mv).expect("test data is valid");
        }
        out.push(game);
    }
    out
}

#[test]
fn every_search_on_random_positions_returns_a_legal_move() {
    let mut searcher = Searcher::new(4);
    let stop = AtomicBool::new(false);
    for (i, game) in random_games(0x5eed_cafe, 150, 160).iter().enumerate() {
        let pos = game.position();
        let limits = Limits {
            depth: Some(1 + (i % 4) as u32),
            nodes: Some(20_000),
            noise: if i % 3 == 0 { 100 } else { 0 },
            seed: i as u64,
            ..Limits::default()
        };
        let result = searcher.search(game, &limits, &stop, |_| {});
        match result.best {
            Some(mv) => {
                assert!(pos.is_legal(mv), "{mv} illegal in {}", pos.fen());
                // The whole principal variation is playable.
                let mut p = pos.clone();
                for &m in &result.pv {
                    p = p.play(m).unwrap_or_else(|e| {
                        panic!("pv {:?} from {}: {m}: {e}", result.pv, pos.fen())
                    });
                }
            }
            None => assert!(!pos.has_legal_moves(), "no move in {}", pos.fen()),
        }
    }
}

#[test]
fn a_search_stopped_before_it_starts_still_gives_a_legal_move() {
    let stop = AtomicBool::new(true);
    for game in random_games(7, 20, 60) {
        let result = Searcher::new(1).search(&game, &Limits::default(), &stop, |_| {});
        if let Some(mv) = result.best {
            assert!(game.position().is_legal(mv));
        }
    }
}

#[test]
fn the_node_limit_is_kept_and_info_comes_each_depth() {
    let mut depths = Vec::new();
    let limits = Limits {
        nodes: Some(30_000),
        ..Limits::default()
    };
    let result = Searcher::new(8).search(&Game::default(), &limits, &AtomicBool::new(false), |i| {
        depths.push(i.depth);
        assert!(!i.pv.is_empty());
    });
    // Checked at every node: a node or two over at most.
    assert!(result.nodes <= 30_010, "{} nodes", result.nodes);
    assert!(depths.len() >= 3);
    assert!(depths.windows(2).all(|w| w[1] == w[0] + 1), "{depths:?}");
    assert_eq!(result.pv.first().copied(), result.best);
}

#[test]
fn a_mate_that_ends_by_taking_a_guarded_advisor_is_found() {
    // From a game against ElephantEye: the chariot checks on h9, again on g9, then takes the
    // advisor on f9 that the general guards. Quiescence passes over guarded minor pieces
    // taken by bigger ones, but not when the capture gives check: here it mates.
    let pos = Position::from_fen("3ak1b2/5R1R1/r1n1b4/p3r1p1p/2p1p4/6P2/P3P3P/2C6/4A4/2B1K1B2 w")
        .expect("test FEN is valid");
    let result = search(&Game::new(pos), &depth(7));
    assert_eq!(result.score, Score::Mate(3), "pv {:?}", result.pv);
    assert_eq!(
        result.best,
        Some("h8h9".parse::<Move>().expect("test data is valid"))
    );
}

#[test]
fn a_free_chariot_is_taken() {
    // The chariot on a0 takes the undefended chariot on a9 along the open file.
    let pos = Position::from_fen("r3k4/9/9/9/9/9/9/9/9/R2K5 w").expect("test FEN is valid");
    let result = search(&Game::new(pos), &depth(4));
    assert_eq!(
        result.best,
        Some("a0a9".parse::<Move>().expect("test data is valid"))
    );
}

#[test]
fn a_won_position_is_not_thrown_away_by_repetition() {
    // Red is a chariot up. The game has already seen the position after h1h2 once, so
    // playing it again would make a repetition (a draw in the search): red must prefer
    // another move that keeps the win.
    let start = Position::from_fen("3k5/9/9/9/9/9/9/9/7R1/4K4 w").expect("test FEN is valid");
    let mut game = Game::new(start);
    for m in ["h1h2", "d9d8", "h2h1", "d8d9"] {
        game.play(m.parse().expect("test move is valid"))
            .expect("test data is valid");
    }
    let result = search(&game, &depth(6));
    assert_ne!(
        result.best,
        Some("h1h2".parse::<Move>().expect("test data is valid"))
    );
    assert!(
        matches!(result.score, Score::Cp(c) if c > 500)
            || matches!(result.score, Score::Mate(m) if m > 0)
    );
}

#[test]
fn levels_limit_the_search_and_vary_the_low_ones() {
    let game = Game::default();
    let low = Level::new(1).expect("test data is valid");
    let result = search(&game, &low.limits(1));
    assert_eq!(result.depth, 1);
    // Noise with different seeds picks different first moves at least sometimes.
    let firsts: std::collections::HashSet<Move> = (0..12)
        .filter_map(|seed| search(&game, &low.limits(seed)).best)
        .collect();
    assert!(firsts.len() > 1, "{firsts:?}");
    assert!(Level::new(11).is_none());
}

#[test]
fn the_exact_prover_agrees_with_the_puzzles() {
    for p in shipped().iter().filter(|p| p.moves <= 2) {
        assert!(mate_in(&p.position, p.moves).is_some(), "{}", p.name);
        if p.moves > 1 {
            assert!(mate_in(&p.position, p.moves - 1).is_none(), "{}", p.name);
        }
    }
}

#[test]
fn our_own_binary_runs_as_an_external_uci_engine() {
    use xiangqi_engine::{Engine, External, Protocol};
    let command = env!("CARGO_BIN_EXE_xiangqi").to_string() + " uci";
    let mut engine = External::spawn(&command).expect("the engine starts");
    assert_eq!(engine.protocol(), Protocol::Uci);
    assert!(engine.name().is_some_and(|n| n.starts_with("xiangqi")));
    let mut game = Game::default();
    game.play("h2e2".parse().expect("test move is valid"))
        .expect("legal");
    let mut infos = 0;
    let result = engine
        .think(&game, &depth(3), &AtomicBool::new(false), &mut |_| {
            infos += 1
        })
        .expect("the engine answers");
    let best = result.best.expect("a move");
    assert!(game.position().is_legal(best));
    assert_eq!((infos, result.depth), (3, 3));
    // A stopped infinite search still answers.
    let stop = AtomicBool::new(true);
    let result = engine
        .think(&game, &Limits::default(), &stop, &mut |_| {})
        .expect("the engine answers after stop");
    assert!(result.best.is_some_and(|m| game.position().is_legal(m)));
}

#[test]
fn a_missing_engine_program_is_reported_by_name() {
    use xiangqi_engine::External;
    let err = External::spawn("/nonexistent/engine --flag").expect_err("cannot start");
    assert!(err.to_string().contains("/nonexistent/engine"), "{err}");
}

#[test]
fn a_side_behind_does_not_draw_by_a_perpetual_chase_that_loses() {
    // Black is a horse up. Red's chariot has chased black's unprotected horse between a8
    // and c7 once round; playing c0a0 again repeats the position after it. A draw would suit
    // red, but a perpetual chase loses under the AXF rules, so red must play something else.
    // (At depth 1 the repetition is all red sees of c0a0.)
    let start = Position::from_fen("4k3r/n8/9/9/9/9/9/9/9/2R2K3 w").expect("test FEN is valid");
    let mut game = Game::new(start);
    for m in ["c0a0", "a8c7", "a0c0", "c7a8"] {
        game.play(m.parse().expect("test move is valid"))
            .expect("legal");
    }
    for d in 1..=4 {
        let result = search(&game, &depth(d));
        assert_ne!(
            result.best,
            Some("c0a0".parse::<Move>().expect("valid")),
            "depth {d}"
        );
    }
}

/// A score as a number to compare: mates beyond any centipawns, sooner ones further out.
fn rank(s: Score) -> i64 {
    match s {
        Score::Cp(c) => i64::from(c),
        Score::Mate(m) if m > 0 => 1_000_000 - i64::from(m),
        Score::Mate(m) => -1_000_000 - i64::from(m),
    }
}

/// The reports of a search of `game` to `d` plies finding `lines` lines, and its result.
fn multipv(
    game: &Game,
    d: u32,
    lines: usize,
) -> (Vec<xiangqi_engine::Info>, xiangqi_engine::SearchResult) {
    let limits = Limits {
        multipv: lines,
        ..depth(d)
    };
    let mut infos = Vec::new();
    let result = Searcher::new(8).search(game, &limits, &AtomicBool::new(false), |i| {
        infos.push(i.clone());
    });
    (infos, result)
}

#[test]
fn multipv_gives_lines_with_different_first_moves_best_first_each_legal() {
    let mut games = vec![Game::default()];
    for fen in [
        // The middle game: both sides developed.
        "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/2P6/P3P1P1P/1C2C1N2/9/RNBAKAB1R b - - 3 3",
        // An ending: chariot and cannon against horse and defenders.
        "3k5/4a4/4b4/9/2n6/9/9/4C4/9/R3K4 w - - 0 1",
        // Black to move, in check, with one reply (fewer moves than lines).
        "4k4/9/9/9/9/9/9/9/4R4/3K5 b - - 0 1",
    ] {
        games.push(Game::new(
            Position::from_fen(fen).expect("test FEN is valid"),
        ));
    }
    for game in &games {
        let pos = game.position();
        let (infos, result) = multipv(game, 5, 3);
        let wanted = pos.legal_moves().len().min(3);
        for d in 1..=result.depth {
            let at: Vec<_> = infos.iter().filter(|i| i.depth == d).collect();
            let numbers: Vec<u32> = at.iter().map(|i| i.multipv).collect();
            let expected: Vec<u32> = (1..=wanted as u32).collect();
            assert_eq!(numbers, expected, "{} depth {d}", pos.fen());
            let firsts: Vec<Move> = at.iter().map(|i| i.pv[0]).collect();
            for (k, m) in firsts.iter().enumerate() {
                assert!(!firsts[..k].contains(m), "{}: {m} twice", pos.fen());
            }
            for pair in at.windows(2) {
                assert!(
                    rank(pair[0].score) >= rank(pair[1].score),
                    "{}: {:?} before {:?}",
                    pos.fen(),
                    pair[0].score,
                    pair[1].score
                );
            }
            for info in &at {
                let mut p = pos.clone();
                for &m in &info.pv {
                    p = p
                        .play(m)
                        .unwrap_or_else(|e| panic!("{}: {m} in {:?}: {e}", pos.fen(), info.pv));
                }
            }
        }
        let last = infos
            .iter()
            .find(|i| i.depth == result.depth && i.multipv == 1);
        let last = last.expect("line 1 reported at the last depth");
        assert_eq!(result.best, last.pv.first().copied());
        assert_eq!(result.score, last.score);
    }
}

#[test]
fn one_line_is_the_plain_search() {
    for game in random_games(7, 4, 24) {
        let plain = search(&game, &depth(5));
        let (infos, one) = multipv(&game, 5, 1);
        assert_eq!(
            (one.best, one.score, one.nodes),
            (plain.best, plain.score, plain.nodes)
        );
        assert!(infos.iter().all(|i| i.multipv == 1));
        assert_eq!(infos.len(), plain.depth as usize, "one report a depth");
    }
}

#[test]
fn more_lines_than_moves_gives_one_a_move() {
    // Black's lone general has two moves, e8 and f9 (d9 would face red's).
    let game = Game::new(
        Position::from_fen("4k4/9/9/9/9/9/9/9/9/3K5 b - - 0 1").expect("test FEN is valid"),
    );
    let moves = game.position().legal_moves().len();
    assert_eq!(moves, 2);
    let (infos, result) = multipv(&game, 3, 16);
    let last: Vec<_> = infos.iter().filter(|i| i.depth == result.depth).collect();
    assert_eq!(last.len(), moves);
}

#[test]
fn an_external_engine_offering_multipv_is_asked_for_the_lines_and_one_without_is_not() {
    use xiangqi_engine::{Engine, External, Info};
    let command = env!("CARGO_BIN_EXE_xiangqi").to_string() + " uci";
    let mut engine = External::spawn(&command).expect("the engine starts");
    assert_eq!(engine.multipv_max(), 16, "it read our MultiPV option");
    let game = Game::default();
    let mut infos: Vec<Info> = Vec::new();
    let limits = Limits {
        multipv: 3,
        ..depth(4)
    };
    let result = engine
        .think(&game, &limits, &AtomicBool::new(false), &mut |i| {
            infos.push(i.clone());
        })
        .expect("the engine answers");
    let last: Vec<&Info> = infos.iter().filter(|i| i.depth == 4).collect();
    let numbers: Vec<u32> = last.iter().map(|i| i.multipv).collect();
    assert_eq!(numbers, [1, 2, 3]);
    assert_eq!(result.best, last[0].pv.first().copied(), "line 1's move");
    assert_eq!(result.score, last[0].score);
    // Back to one line: told so, and one report a depth again.
    let mut count = 0;
    engine
        .think(&game, &depth(3), &AtomicBool::new(false), &mut |i| {
            assert_eq!(i.multipv, 1);
            count += 1;
        })
        .expect("the engine answers");
    assert_eq!(count, 3);

    // A UCI engine that offers no MultiPV: never sent the option, shows one line.
    let dir = tempfile::tempdir().expect("temporary folder");
    let heard = dir.path().join("heard");
    let path = dir.path().join("plain");
    let text = format!(
        "#!/bin/sh\nwhile read line; do\n  echo \"$line\" >> '{}'\n  case \"$line\" in\n    \
         uci) echo uciok;;\n    isready) echo readyok;;\n    \
         go*) echo 'info depth 1 score cp 5 pv h2e2'; echo 'bestmove h2e2';;\n    \
         quit) exit 0;;\n  esac\ndone\n",
        heard.display()
    );
    let mut plain = External::spawn(&process::engine_script(&path, &text)).expect("it starts");
    assert_eq!(plain.multipv_max(), 1);
    let mut lines = Vec::new();
    plain
        .think(&game, &limits, &AtomicBool::new(false), &mut |i| {
            lines.push(i.multipv);
        })
        .expect("it answers");
    assert_eq!(lines, [1]);
    drop(plain);
    let said = std::fs::read_to_string(&heard).expect("the script kept what it heard");
    assert!(!said.contains("setoption"), "{said}");
}
