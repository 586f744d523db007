//! What makes a position a tactics puzzle, from the two best lines a MultiPV search gives,
//! and the rating a puzzle starts with, from how deep the search had to look. The puzzle
//! miner (`examples/puzzle_miner.rs`) applies these to the positions of real games.

use crate::{Info, Limits, MAX_CP, Score, Searcher};
use std::sync::atomic::AtomicBool;
use xiangqi_rules::{Game, Move, Position, Role};

/// The least the best move must gain over the second best, in centipawns: two soldiers.
pub const ONLY_MOVE_MARGIN: i32 = 200;

/// The second best line at or above this is a position already won without the puzzle's
/// move: two soldiers up whatever the solver plays.
pub const ALREADY_WON: i32 = 200;

/// The best line must leave the solver at least this far ahead (or mate): the puzzle wins
/// something, rather than only holding on.
pub const LEAD_WON: i32 = 150;

/// A deeper search confirms a puzzle if its best line still leaves the solver this far
/// ahead (or mates), the other two criteria unchanged: a deeper look often finds the loser
/// some counterplay that trims the lead while the gap to the second best stays.
pub const LEAD_CONFIRMED: i32 = 50;

/// Centipawn scores this far from 0 are not material but a result the repetition rules
/// give (the engine scores a win by the opponent's perpetual check so): no puzzle.
pub const RULE_DECIDED: i32 = 10_000;

/// A score as one number to compare: centipawns as they are (within ±[`MAX_CP`]), a mate
/// beyond any of them, the sooner the better; being mated below any, the later the better.
#[must_use]
pub fn score_value(score: Score) -> i32 {
    const MATE_VALUE: i32 = 100_000;
    match score {
        Score::Cp(c) => c.clamp(-MAX_CP, MAX_CP),
        Score::Mate(n) if n > 0 => MATE_VALUE - n.min(1000),
        Score::Mate(n) => -MATE_VALUE - n.max(-1000),
    }
}

/// Does the best line mate?
fn mates(score: Score) -> bool {
    matches!(score, Score::Mate(n) if n > 0)
}

/// Is the best move the only good one: a mate where the second best does not mate, or at
/// least [`ONLY_MOVE_MARGIN`] better than the second best? With no second move (one legal
/// move) it is.
///
/// ```
/// use xiangqi_engine::Score;
/// use xiangqi_engine::puzzle::mining::only_move;
/// assert!(only_move(Score::Cp(250), Some(Score::Cp(30))));
/// assert!(!only_move(Score::Cp(250), Some(Score::Cp(80))));
/// assert!(only_move(Score::Mate(3), Some(Score::Cp(600))));
/// assert!(!only_move(Score::Mate(2), Some(Score::Mate(4))), "two ways to mate");
/// ```
#[must_use]
pub fn only_move(best: Score, second: Option<Score>) -> bool {
    let Some(second) = second else {
        return true;
    };
    if mates(best) {
        return !mates(second);
    }
    score_value(best) - score_value(second) >= ONLY_MOVE_MARGIN
}

/// Does a puzzle start here: the best move the only good one ([`only_move`]), a real choice
/// (a second move exists), the position not already won without it (the second best below
/// [`ALREADY_WON`]) and the best line winning (a mate, or at least [`LEAD_WON`] ahead)?
///
/// ```
/// use xiangqi_engine::Score;
/// use xiangqi_engine::puzzle::mining::starts_puzzle;
/// assert!(starts_puzzle(Score::Cp(420), Some(Score::Cp(-10))));
/// assert!(!starts_puzzle(Score::Cp(900), Some(Score::Cp(600))), "already won");
/// assert!(!starts_puzzle(Score::Cp(120), Some(Score::Cp(-300))), "only holds on");
/// assert!(!starts_puzzle(Score::Cp(420), None), "a forced move");
/// ```
#[must_use]
pub fn starts_puzzle(best: Score, second: Option<Score>) -> bool {
    puzzle_with_lead(best, second, LEAD_WON)
}

/// Does a deeper search confirm a puzzle: as [`starts_puzzle`], the best line leaving the
/// solver only [`LEAD_CONFIRMED`] ahead?
///
/// ```
/// use xiangqi_engine::Score;
/// use xiangqi_engine::puzzle::mining::{confirms_puzzle, starts_puzzle};
/// assert!(confirms_puzzle(Score::Cp(90), Some(Score::Cp(-150))));
/// assert!(!starts_puzzle(Score::Cp(90), Some(Score::Cp(-150))));
/// assert!(!confirms_puzzle(Score::Cp(30), Some(Score::Cp(-300))), "only holds on");
/// assert!(!confirms_puzzle(Score::Cp(300), Some(Score::Cp(150))), "no only move");
/// ```
#[must_use]
pub fn confirms_puzzle(best: Score, second: Option<Score>) -> bool {
    puzzle_with_lead(best, second, LEAD_CONFIRMED)
}

fn puzzle_with_lead(best: Score, second: Option<Score>, lead: i32) -> bool {
    let Some(s) = second else {
        return false;
    };
    let by_rule = |x: Score| matches!(x, Score::Cp(c) if c.abs() >= RULE_DECIDED);
    !by_rule(best)
        && !by_rule(s)
        && only_move(best, second)
        && score_value(s) < ALREADY_WON
        && (mates(best) || score_value(best) >= lead)
}

/// What a piece is worth to the miner's and the themes' counts, in centipawns (the general
/// nothing: it is never taken).
#[must_use]
pub fn piece_worth(role: Role) -> i32 {
    match role {
        Role::Chariot => 900,
        Role::Cannon => 450,
        Role::Horse => 400,
        Role::Advisor | Role::Elephant => 200,
        Role::Soldier => 100,
        Role::General => 0,
    }
}

/// The material the solver comes out ahead by over `line` and what follows it, in
/// centipawns (chariot 900, cannon 450, horse 400, advisor and elephant 200, soldier 100):
/// what it takes less what it gives. The walk stops at the first illegal move.
///
/// ```
/// use xiangqi_rules::{Move, Position};
/// use xiangqi_engine::puzzle::mining::material_gain;
/// let pos = Position::from_fen("3k5/r8/9/9/1N7/9/9/9/9/5K3 w").unwrap();
/// let line: Vec<Move> = ["b5c7", "d9d8", "c7a8"].iter().map(|m| m.parse().unwrap()).collect();
/// assert_eq!(material_gain(&pos, &line), 900);
/// ```
#[must_use]
pub fn material_gain(start: &Position, line: &[Move]) -> i32 {
    let solver = start.turn();
    let mut pos = start.clone();
    let mut gain = 0;
    for &mv in line {
        let taken = pos.piece_at(mv.to);
        let Ok(next) = pos.play(mv) else { break };
        if let Some(p) = taken {
            let worth = piece_worth(p.role);
            gain += if p.color == solver { -worth } else { worth };
        }
        pos = next;
    }
    gain
}

/// How many moves of a game after a position [`promising`] looks at.
pub const PLIES_AHEAD: usize = 6;

/// Is the position worth a search: in the game itself, did the side to move come out at
/// least [`ONLY_MOVE_MARGIN`] ahead in material over the next [`PLIES_AHEAD`] moves played,
/// or mate within them? Masters seldom miss the tactic, so most puzzles of a game are found
/// where they cashed in; this costs no search.
///
/// ```
/// use xiangqi_rules::{Move, Position};
/// use xiangqi_engine::puzzle::mining::promising;
/// let pos = Position::from_fen("3k5/r8/9/9/1N7/9/9/9/9/5K3 w").unwrap();
/// let m = |s: &str| s.parse::<Move>().unwrap();
/// assert!(promising(&pos, &[m("b5c7"), m("d9d8"), m("c7a8")]));
/// assert!(!promising(&pos, &[m("b5c7"), m("d9d8"), m("c7b5")]));
/// ```
#[must_use]
pub fn promising(start: &Position, next: &[Move]) -> bool {
    let next = &next[..next.len().min(PLIES_AHEAD)];
    if material_gain(start, next) >= ONLY_MOVE_MARGIN {
        return true;
    }
    let mut pos = start.clone();
    for (i, &mv) in next.iter().enumerate() {
        let Ok(after) = pos.play(mv) else {
            return false;
        };
        if i % 2 == 0 && !after.has_legal_moves() {
            return true;
        }
        pos = after;
    }
    false
}

/// Is `first` a plain recapture: onto the point where the other side's last move just
/// took? Such a move is found without looking, so it starts no puzzle.
///
/// ```
/// use xiangqi_rules::{Move, Position};
/// use xiangqi_engine::puzzle::mining::recaptures;
/// let m = |s: &str| s.parse::<Move>().unwrap();
/// assert!(!recaptures(Some((m("b7b2"), true)), m("a0b0")));
/// assert!(recaptures(Some((m("b7b0"), true)), m("a0b0")));
/// assert!(!recaptures(Some((m("b7b0"), false)), m("a0b0")), "no capture before it");
/// ```
#[must_use]
pub fn recaptures(last: Option<(Move, bool)>, first: Move) -> bool {
    last.is_some_and(|(m, took)| took && m.to == first.to)
}

/// The depth from which the search's best move was the one it ended with, at every depth
/// after: how deep it had to look to find the move and keep it. `best_by_depth` holds each
/// completed depth's best move, shallowest first. `None` if there is none.
///
/// ```
/// use xiangqi_engine::puzzle::mining::settled_depth;
/// let (a, b) = ("a0a1".parse().unwrap(), "b0b1".parse().unwrap());
/// assert_eq!(settled_depth(&[(1, a), (2, b), (3, a), (4, a)]), Some(3));
/// assert_eq!(settled_depth(&[(1, a), (2, a)]), Some(1));
/// ```
#[must_use]
pub fn settled_depth(best_by_depth: &[(u32, Move)]) -> Option<u32> {
    let &(_, last) = best_by_depth.last()?;
    let mut depth = best_by_depth.last()?.0;
    for &(d, mv) in best_by_depth.iter().rev() {
        if mv != last {
            break;
        }
        depth = d;
    }
    Some(depth)
}

/// The lowest and highest rating a puzzle starts with.
pub const RATING_RANGE: (u32, u32) = (600, 2800);

/// A puzzle's starting rating: 600 for a move found at once, 150 more for each ply the
/// search needed before it settled on the move, 100 more for each of the solver's moves
/// after the first, within [`RATING_RANGE`].
///
/// ```
/// use xiangqi_engine::puzzle::mining::rating;
/// assert_eq!(rating(1, 1), 750);
/// assert!(rating(8, 1) > rating(3, 1));
/// assert!(rating(3, 3) > rating(3, 1));
/// ```
#[must_use]
pub fn rating(settled_depth: u32, solver_moves: usize) -> u32 {
    let extra = u32::try_from(solver_moves.saturating_sub(1)).unwrap_or(u32::MAX);
    let r = 600u32
        .saturating_add(settled_depth.saturating_mul(150))
        .saturating_add(extra.saturating_mul(100));
    r.clamp(RATING_RANGE.0, RATING_RANGE.1)
}

/// The rating of a mate in `n`: as if the search settled at `2n − 1` plies, the depth a mate
/// in `n` needs, over `n` moves of the solver.
///
/// ```
/// use xiangqi_engine::puzzle::mining::{mate_rating, rating};
/// assert_eq!(mate_rating(1), rating(1, 1));
/// assert_eq!(mate_rating(3), rating(5, 3));
/// ```
#[must_use]
pub fn mate_rating(n: u32) -> u32 {
    let moves = usize::try_from(n.max(1)).unwrap_or(usize::MAX);
    rating(2 * n.max(1) - 1, moves)
}

/// The depth of our engine's look at a puzzle's start, with two lines: the miner's and the
/// tests' check that its first move is clearly the only good one.
pub const CHECK_DEPTH: u32 = 8;

/// The most nodes that look may take.
pub const CHECK_NODES: u64 = 1_000_000;

/// The two best lines at the last depth a search completed, and each depth's best move.
#[derive(Clone, Debug, Default)]
pub struct Lines {
    /// The best line's score (for the side to move) and moves.
    pub best: Option<(Score, Vec<Move>)>,
    /// The second best line's score, if there is a second move.
    pub second: Option<Score>,
    /// Each completed depth's best move, shallowest first.
    pub best_by_depth: Vec<(u32, Move)>,
}

/// Searches `game`'s position with two lines to `depth` (and at most `nodes`). The lines
/// are those of the deepest depth that completed both (a depth cut short by the node limit
/// may have reported its first line only).
#[must_use]
pub fn two_lines(searcher: &mut Searcher, game: &Game, depth: u32, nodes: Option<u64>) -> Lines {
    let limits = Limits {
        depth: Some(depth),
        nodes,
        multipv: 2,
        ..Limits::default()
    };
    let stop = AtomicBool::new(false);
    // Each depth's first line, and its second line's score once reported.
    let mut depths: Vec<(u32, Score, Vec<Move>, Option<Score>)> = Vec::new();
    searcher.search(game, &limits, &stop, |info: &Info| {
        if info.multipv == 1 {
            depths.push((info.depth, info.score, info.pv.clone(), None));
        } else if let Some(last) = depths
            .last_mut()
            .filter(|d| d.0 == info.depth && info.multipv == 2)
        {
            last.3 = Some(info.score);
        }
    });
    let single = game.position().legal_moves().len() == 1;
    while depths.last().is_some_and(|d| d.3.is_none() && !single) {
        depths.pop();
    }
    let mut lines = Lines {
        best_by_depth: depths
            .iter()
            .filter_map(|(d, _, pv, _)| pv.first().map(|&m| (*d, m)))
            .collect(),
        ..Lines::default()
    };
    if let Some((_, score, pv, second)) = depths.pop() {
        lines.best = Some((score, pv));
        lines.second = second;
    }
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mates_rank_above_any_centipawns_and_sooner_above_later() {
        assert!(score_value(Score::Mate(5)) > score_value(Score::Cp(MAX_CP)));
        assert!(score_value(Score::Mate(1)) > score_value(Score::Mate(2)));
        assert!(score_value(Score::Mate(-1)) < score_value(Score::Mate(-3)));
        assert!(score_value(Score::Mate(-3)) < score_value(Score::Cp(-MAX_CP)));
        assert!(score_value(Score::Mate(0)) < score_value(Score::Mate(-1)));
    }

    #[test]
    fn the_margin_and_the_won_position_are_bounds_that_hold_exactly() {
        assert!(only_move(Score::Cp(200), Some(Score::Cp(0))));
        assert!(!only_move(Score::Cp(199), Some(Score::Cp(0))));
        assert!(starts_puzzle(Score::Cp(399), Some(Score::Cp(199))));
        assert!(!starts_puzzle(Score::Cp(400), Some(Score::Cp(200))));
        assert!(starts_puzzle(Score::Cp(150), Some(Score::Cp(-50))));
        assert!(!starts_puzzle(Score::Cp(149), Some(Score::Cp(-60))));
        assert!(confirms_puzzle(Score::Cp(50), Some(Score::Cp(-150))));
        assert!(!confirms_puzzle(Score::Cp(49), Some(Score::Cp(-160))));
        assert!(!confirms_puzzle(Score::Cp(400), Some(Score::Cp(200))));
        // Being mated unless the one move is found: a puzzle if that move wins.
        assert!(starts_puzzle(Score::Cp(300), Some(Score::Mate(-2))));
        assert!(!starts_puzzle(Score::Cp(0), Some(Score::Mate(-2))));
        assert!(starts_puzzle(Score::Mate(2), Some(Score::Cp(150))));
        assert!(!starts_puzzle(Score::Mate(2), Some(Score::Cp(250))));
    }

    #[test]
    fn every_shipped_tactic_is_our_engines_only_good_move() {
        let tactics = super::super::parse_tactics(super::super::TACTICS).expect("they read");
        // An even sample of at most 40 keeps the test short however many are shipped.
        let step = tactics.len().div_ceil(40).max(1);
        for e in tactics.iter().step_by(step) {
            let mut searcher = Searcher::new(32);
            let game = Game::new(e.position.clone());
            let lines = two_lines(&mut searcher, &game, CHECK_DEPTH, Some(CHECK_NODES));
            let (best, pv) = lines.best.expect("a line");
            assert_eq!(pv.first(), e.solution.first(), "{}", e.id);
            assert!(
                only_move(best, lines.second),
                "{}: {best:?} {:?}",
                e.id,
                lines.second
            );
        }
    }

    #[test]
    fn ratings_stay_within_their_range() {
        assert_eq!(rating(0, 0), RATING_RANGE.0);
        assert_eq!(rating(40, 12), RATING_RANGE.1);
        assert_eq!(mate_rating(0), mate_rating(1));
    }
}
