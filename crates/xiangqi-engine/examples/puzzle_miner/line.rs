//! The look at a promising position: the second engine's two best lines decide whether it is
//! a puzzle, ours must agree (the same move, as clearly the only good one), and the line goes
//! on, the other side playing the second engine's best reply, while the solver's move stays
//! the only good one.

use super::second::{Line, Uci};
use std::io;
use xiangqi_engine::puzzle::mining::{
    ALREADY_WON, ONLY_MOVE_MARGIN, material_gain, only_move, recaptures, settled_depth,
    starts_puzzle, two_lines,
};
use xiangqi_engine::{Score, Searcher};
use xiangqi_rules::{Game, Move};

/// How deep each look searches, and the most nodes ours may take.
#[derive(Copy, Clone, Debug)]
pub struct Budget {
    /// The second engine's depth at the start of a puzzle.
    pub screen_depth: u32,
    /// The second engine's depth at the solver's later moves.
    pub follow_depth: u32,
    /// Our engine's depth and node limit at the start.
    pub our_depth: u32,
    pub our_nodes: u64,
    /// The most solver moves a line keeps (a mate's line goes on to the mate, up to twice
    /// this).
    pub max_moves: usize,
    /// The depth at which the screen gives up on a position that looks like no puzzle
    /// ([`hopeless`]); 0 never gives up.
    pub give_up_depth: u32,
}

/// Gives up on a screen when, at the give-up depth, the best line is less than this
/// better than the second…
const GIVE_UP_GAP: i32 = 50;
/// …or the solver is this far behind (centipawns).
const GIVE_UP_BEHIND: i32 = -100;

/// Does a shallow look at a position say it is no puzzle, so the deeper screen is not
/// needed? Measured on 1,721 positions of 270 games: at depth 8 this gave up on 42% of
/// them and missed 4 of the 92 the depth-10 screen passed (1 of 37 finds).
fn hopeless(lines: &[Line]) -> bool {
    let value = xiangqi_engine::puzzle::mining::score_value;
    match lines {
        [(best, _), (second, _), ..] => {
            value(*best) - value(*second) < GIVE_UP_GAP || value(*best) < GIVE_UP_BEHIND
        }
        _ => false,
    }
}

/// What the look found: the line, how deep our engine had to look for the first move, the
/// second engine's two scores at the start, and what follows the line.
#[derive(Clone, Debug)]
pub struct Deep {
    pub line: Vec<Move>,
    pub settled: u32,
    pub best: Score,
    pub second: Score,
    pub after: Vec<Move>,
}

/// Why a look found no puzzle, counted for the miner's report.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Miss {
    /// The second engine sees a forced move or no lines.
    NoChoice,
    /// Its second best is already two soldiers up.
    AlreadyWon,
    /// Its best is not two soldiers better than the second.
    NoOnlyMove,
    /// Its best does not win enough.
    NotWinning,
    /// The move takes back what was just taken.
    Recapture,
    /// Our engine prefers another move, or sees no clear gap.
    OursDisagree,
    /// The line wins less than two soldiers of material.
    LittleMaterial,
}

/// The look at `game`'s position (see the module's comment): the puzzle, or why not.
///
/// # Errors
/// The second engine failing.
pub fn look(
    uci: &mut Uci,
    searcher: &mut Searcher,
    game: &Game,
    budget: &Budget,
) -> io::Result<Result<Deep, Miss>> {
    let start = game.position().clone();
    let give_up = |depth: u32, lines: &[Line]| depth == budget.give_up_depth && hopeless(lines);
    let (_, lines) = uci.lines_or_give_up(&start, budget.screen_depth, 2, &give_up)?;
    let (Some((best, pv)), Some(second)) = (lines.first().cloned(), lines.get(1).map(|l| l.0))
    else {
        return Ok(Err(Miss::NoChoice));
    };
    if !starts_puzzle(best, Some(second)) {
        let value = xiangqi_engine::puzzle::mining::score_value;
        let miss = if value(second) >= ALREADY_WON {
            Miss::AlreadyWon
        } else if !only_move(best, Some(second)) {
            Miss::NoOnlyMove
        } else {
            Miss::NotWinning
        };
        return Ok(Err(miss));
    }
    let last = game.last_move().map(|m| {
        let positions = game.positions();
        let before = &positions[positions.len() - 2];
        (m, before.piece_at(m.to).is_some())
    });
    if recaptures(last, pv[0]) {
        return Ok(Err(Miss::Recapture));
    }
    let ours = two_lines(searcher, game, budget.our_depth, Some(budget.our_nodes));
    let agrees = ours.best.as_ref().is_some_and(|(our_best, our_pv)| {
        our_pv.first() == Some(&pv[0]) && only_move(*our_best, ours.second)
    });
    let settled = settled_depth(&ours.best_by_depth);
    let (true, Some(settled)) = (agrees, settled) else {
        return Ok(Err(Miss::OursDisagree));
    };
    let (line, after) = follow(uci, game, pv, best, budget)?;
    let all: Vec<Move> = line.iter().chain(&after).copied().collect();
    if !matches!(best, Score::Mate(_)) && material_gain(&start, &all) < ONLY_MOVE_MARGIN {
        return Ok(Err(Miss::LittleMaterial));
    }
    Ok(Ok(Deep {
        line,
        settled,
        best,
        second,
        after,
    }))
}

/// The line from the first move of `pv`: the other side's reply from the second engine's
/// line, then the solver's move while it is the only good one (any mate in one ends it).
/// Returns the line and the two moves expected after it.
fn follow(
    uci: &mut Uci,
    game: &Game,
    mut pv: Vec<Move>,
    best: Score,
    budget: &Budget,
) -> io::Result<(Vec<Move>, Vec<Move>)> {
    let mut line = vec![pv[0]];
    let mut game = game.clone();
    if game.play(pv[0]).is_err() {
        return Ok((line, Vec::new()));
    }
    let most = if matches!(best, Score::Mate(_)) {
        2 * budget.max_moves
    } else {
        budget.max_moves
    };
    let mut after: Vec<Move> = pv.iter().skip(1).take(2).copied().collect();
    while line.len().div_ceil(2) < most && !game.is_over() {
        let Some(&reply) = pv.get(1) else { break };
        let mut next = game.clone();
        if next.play(reply).is_err() || next.is_over() {
            break;
        }
        let (_, lines) = uci.lines_with_pv(next.position(), budget.follow_depth, 2)?;
        let Some((score, next_pv)) = lines.first().cloned() else {
            break;
        };
        let mv = next_pv[0];
        let mate_now = next.position().play(mv).is_ok_and(|p| !p.has_legal_moves());
        if !(mate_now || only_move(score, lines.get(1).map(|l| l.0))) {
            after = vec![reply, mv];
            break;
        }
        line.push(reply);
        line.push(mv);
        if next.play(mv).is_err() {
            break;
        }
        game = next;
        pv = next_pv;
        after = pv.iter().skip(1).take(2).copied().collect();
    }
    Ok((line, after))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(best: Score, second: Score) -> Vec<Line> {
        let mv: Move = "h2e2".parse().expect("a move");
        vec![(best, vec![mv]), (second, vec![mv])]
    }

    #[test]
    fn a_shallow_look_gives_up_only_on_a_position_that_is_clearly_no_puzzle() {
        // Two moves alike, or the solver well behind: no puzzle in sight.
        assert!(hopeless(&lines(Score::Cp(120), Score::Cp(90))));
        assert!(hopeless(&lines(Score::Cp(-150), Score::Cp(-400))));
        // A gap of half a soldier or more, or a mate, may grow into a puzzle deeper down.
        assert!(!hopeless(&lines(Score::Cp(140), Score::Cp(90))));
        assert!(!hopeless(&lines(Score::Mate(3), Score::Cp(900))));
        assert!(!hopeless(&lines(Score::Cp(-60), Score::Cp(-300))));
        // One line only: a forced move, for the full screen to say.
        assert!(!hopeless(&lines(Score::Cp(0), Score::Cp(0))[..1]));
    }
}
