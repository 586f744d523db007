//! Searching every position of a game's main line and judging its moves.

use std::sync::atomic::AtomicBool;

use super::eval::{Eval, with_eval};
use crate::{Engine, ExternalError, Limits, SearchResult};
use xiangqi_rules::{Color, Game, GameTree, Move, NodeId};

/// How bad a move was, by the winning chances it gave away against the best move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Judgement {
    /// `?!` (`$6`): at least [`Judgement::INACCURACY`] of the chances lost.
    Inaccuracy,
    /// `?` (`$2`): at least [`Judgement::MISTAKE`].
    Mistake,
    /// `??` (`$4`): at least [`Judgement::BLUNDER`].
    Blunder,
}

impl Judgement {
    /// Winning chances (on the scale from -1 to 1) lost by an inaccuracy: a tenth of the
    /// whole way from a loss to a win — about a soldier given away in a level game.
    pub const INACCURACY: f64 = 0.2;
    /// … by a mistake: about two and a half soldiers in a level game.
    pub const MISTAKE: f64 = 0.4;
    /// … by a blunder: about four soldiers, a horse or a cannon, in a level game.
    pub const BLUNDER: f64 = 0.6;

    /// The judgement of a move that lost `chances`, if any.
    #[must_use]
    pub fn of_loss(chances: f64) -> Option<Judgement> {
        if chances >= Self::BLUNDER {
            Some(Judgement::Blunder)
        } else if chances >= Self::MISTAKE {
            Some(Judgement::Mistake)
        } else if chances >= Self::INACCURACY {
            Some(Judgement::Inaccuracy)
        } else {
            None
        }
    }

    /// Its numeric annotation glyph: 6, 2 or 4.
    #[must_use]
    pub fn nag(self) -> u8 {
        match self {
            Judgement::Inaccuracy => 6,
            Judgement::Mistake => 2,
            Judgement::Blunder => 4,
        }
    }

    /// The judgement a glyph stands for (6, 2, 4), if it is one of them.
    #[must_use]
    pub fn of_nag(nag: u8) -> Option<Judgement> {
        match nag {
            6 => Some(Judgement::Inaccuracy),
            2 => Some(Judgement::Mistake),
            4 => Some(Judgement::Blunder),
            _ => None,
        }
    }

    /// `?!`, `?` or `??`.
    #[must_use]
    pub fn symbol(self) -> &'static str {
        match self {
            Judgement::Inaccuracy => "?!",
            Judgement::Mistake => "?",
            Judgement::Blunder => "??",
        }
    }
}

/// One move of the main line, searched and judged.
#[derive(Clone, Debug, PartialEq)]
pub struct Analysed {
    /// The move played.
    pub mv: Move,
    /// Who played it.
    pub mover: Color,
    /// The evaluation after it (red's view).
    pub eval: Eval,
    /// The evaluation before it with the best move (red's view).
    pub best_eval: Eval,
    /// The best move found in the position it was played from, and the line after it.
    pub best_line: Vec<Move>,
    /// The winning chances the mover gave away against the best move (0 to 2; 0 when it
    /// is the best move).
    pub loss: f64,
    /// The same in centipawns, each evaluation clipped to ±1000 (a mate counts 1000).
    pub cp_loss: i32,
    /// How bad it was, if bad at all.
    pub judgement: Option<Judgement>,
}

/// The bound of the evaluations an average loss counts (a mate counts this much).
const CP_BOUND: i32 = 1000;

/// Searches each position of the main line of `game` once — the start, and after each
/// move — with `limits`, keeping what the engine learned from one position to the next,
/// and judges every move against the best one found before it. `progress(done, total)` is
/// told after each search. Stopping (`stop`) returns the moves judged so far.
///
/// # Errors
/// An external engine failed.
pub fn analyse<E: Engine + ?Sized>(
    game: &Game,
    engine: &mut E,
    limits: &Limits,
    stop: &AtomicBool,
    mut progress: impl FnMut(usize, usize),
) -> Result<Vec<Analysed>, ExternalError> {
    let moves = game.main_line();
    let mut line = Game::new(game.start().clone());
    let mut results: Vec<(SearchResult, Color)> = Vec::with_capacity(moves.len() + 1);
    for i in 0..=moves.len() {
        if i > 0 && line.play_unadjudicated(moves[i - 1]).is_err() {
            break;
        }
        if stop.load(std::sync::atomic::Ordering::Relaxed) {
            break;
        }
        let turn = line.position().turn();
        results.push((engine.think(&line, limits, stop, &mut |_| {})?, turn));
        progress(i + 1, moves.len() + 1);
    }
    Ok(results
        .windows(2)
        .zip(&moves)
        .map(|(pair, &mv)| judge(mv, &pair[0], &pair[1]))
        .collect())
}

/// The move `mv`, played where `before` was searched, leading to where `after` was.
fn judge(mv: Move, before: &(SearchResult, Color), after: &(SearchResult, Color)) -> Analysed {
    let mover = before.1;
    let best_eval = Eval::from_score(before.0.score, before.1);
    let eval = Eval::from_score(after.0.score, after.1);
    let sign = if mover == Color::Red { 1.0 } else { -1.0 };
    let best_played = before.0.best == Some(mv);
    let loss = if best_played {
        0.0
    } else {
        (sign * (best_eval.chances() - eval.chances())).max(0.0)
    };
    let cp_loss = if best_played {
        0
    } else {
        let diff = best_eval.clipped(CP_BOUND) - eval.clipped(CP_BOUND);
        (if mover == Color::Red { diff } else { -diff }).max(0)
    };
    Analysed {
        mv,
        mover,
        eval,
        best_eval,
        best_line: before.0.pv.clone(),
        loss,
        cp_loss,
        judgement: Judgement::of_loss(loss),
    }
}

/// Writes the analysis into the main line of `tree`: after every move its evaluation
/// (`[%eval …]`, replacing one already there; other comment text is kept), on a judged
/// move its glyph, and the best line (at most `line_plies` moves, with its evaluation) as
/// a variation beside it.
pub fn annotate_tree(tree: &mut GameTree, analysed: &[Analysed], line_plies: usize) {
    let mut parent = NodeId::ROOT;
    for a in analysed {
        let Some(node) = tree.child(parent, a.mv) else {
            return;
        };
        let comment = with_eval(tree.comment(node), a.eval);
        tree.set_comment(node, Some(&comment));
        if let Some(judgement) = a.judgement {
            let mut nags: Vec<u8> = tree
                .nags(node)
                .iter()
                .copied()
                .filter(|n| Judgement::of_nag(*n).is_none())
                .collect();
            nags.push(judgement.nag());
            tree.set_nags(node, &nags);
            add_line(
                tree,
                parent,
                &a.best_line[..a.best_line.len().min(line_plies)],
                a.best_eval,
            );
        }
        parent = node;
    }
}

/// Adds `line` after `parent` as a variation, its first move commented with `eval`.
fn add_line(tree: &mut GameTree, parent: NodeId, line: &[Move], eval: Eval) {
    let mut at = parent;
    for (i, &mv) in line.iter().enumerate() {
        let Ok(node) = tree.add_move(at, mv) else {
            return;
        };
        if i == 0 {
            let comment = with_eval(tree.comment(node), eval);
            tree.set_comment(node, Some(&comment));
        }
        at = node;
    }
}

/// One side's moves in an analysis: how many of each judgement, and the average loss.
#[derive(Copy, Clone, Debug, Default, PartialEq)]
pub struct SideSummary {
    /// Moves judged.
    pub moves: usize,
    /// Moves judged inaccuracies (`?!`).
    pub inaccuracies: usize,
    /// Moves judged mistakes (`?`).
    pub mistakes: usize,
    /// Moves judged blunders (`??`).
    pub blunders: usize,
    /// The average centipawns lost a move (see [`Analysed::cp_loss`]).
    pub average_loss: f64,
}

/// Red's summary, then black's.
#[must_use]
pub fn summary(analysed: &[Analysed]) -> [SideSummary; 2] {
    let mut sides = [SideSummary::default(); 2];
    let mut totals = [0i64; 2];
    for a in analysed {
        let i = usize::from(a.mover == Color::Black);
        let side = &mut sides[i];
        side.moves += 1;
        totals[i] += i64::from(a.cp_loss);
        match a.judgement {
            Some(Judgement::Inaccuracy) => side.inaccuracies += 1,
            Some(Judgement::Mistake) => side.mistakes += 1,
            Some(Judgement::Blunder) => side.blunders += 1,
            None => {}
        }
    }
    for (side, total) in sides.iter_mut().zip(totals) {
        if side.moves > 0 {
            side.average_loss = total as f64 / side.moves as f64;
        }
    }
    sides
}

/// The summary as PGN tags: `RedInaccuracies`, `RedMistakes`, `RedBlunders`,
/// `RedAverageLoss` (centipawns a move, one decimal) and the same for black.
#[must_use]
pub fn summary_tags(sides: &[SideSummary; 2]) -> Vec<(String, String)> {
    let mut tags = Vec::new();
    for (name, side) in ["Red", "Black"].iter().zip(sides) {
        tags.push((format!("{name}Inaccuracies"), side.inaccuracies.to_string()));
        tags.push((format!("{name}Mistakes"), side.mistakes.to_string()));
        tags.push((format!("{name}Blunders"), side.blunders.to_string()));
        tags.push((
            format!("{name}AverageLoss"),
            format!("{:.1}", side.average_loss),
        ));
    }
    tags
}
