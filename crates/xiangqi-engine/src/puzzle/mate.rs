//! Mate puzzles: an exact mate prover (every defence tried, nothing pruned), the mates' file
//! format, and what a puzzle screen needs to judge a player's move and to answer it.

use std::fmt;
use xiangqi_rules::{Move, MoveList, Position};

/// The collection shipped with the game: mates in 1 to 4 from the ends of real games (see
/// `assets/puzzles/README.md` for sources, licences and how each was proved).
pub const MATES: &str = include_str!("../../assets/puzzles/mates.txt");

/// A mate in `n` from a position, the side to move to mate.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// Where it comes from, for the player (the game it was taken from).
    pub name: String,
    /// The position to solve.
    pub position: Position,
    /// The side to move mates in at most this many of its moves, whatever the defence.
    pub moves: u32,
    /// One main line: the attacker's moves and the defender's replies, ending in mate.
    pub solution: Vec<Move>,
}

/// Why a puzzle file line could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PuzzleError {
    /// 1-based line number.
    pub line: usize,
    /// What is wrong with it.
    pub message: String,
}

impl fmt::Display for PuzzleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "puzzle line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for PuzzleError {}

/// Reads puzzles, one a line: `name | FEN | mate N | solution moves in ICCS`. Empty lines
/// and lines starting with `#` are skipped. The solution must be legal and end in mate after
/// at most `N` moves of the attacker; that the mate is forced is checked by
/// [`Puzzle::verify`], which is too slow to run on every load.
///
/// ```
/// let text = "# a comment\ntwo chariots | 4k4/9/9/9/9/9/9/9/R8/R4K3 w | mate 2 | a0e0 e9d9 a1d1\n";
/// let puzzles = xiangqi_engine::puzzle::parse(text).unwrap();
/// assert_eq!(puzzles[0].moves, 2);
/// ```
///
/// # Errors
/// The first line that is malformed, with its number and what is wrong.
pub fn parse(text: &str) -> Result<Vec<Puzzle>, PuzzleError> {
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let err = |message: String| PuzzleError {
            line: i + 1,
            message,
        };
        let fields: Vec<&str> = line.split('|').map(str::trim).collect();
        let [name, fen, goal, solution] = fields[..] else {
            return Err(err(format!(
                "expected 4 fields separated by '|', found {}",
                fields.len()
            )));
        };
        let position = Position::from_fen(fen).map_err(|e| err(format!("bad FEN: {e}")))?;
        let moves = goal
            .strip_prefix("mate ")
            .and_then(|n| n.trim().parse::<u32>().ok())
            .filter(|n| (1..=20).contains(n))
            .ok_or_else(|| err(format!("expected 'mate N' (N 1 to 20), found '{goal}'")))?;
        let mut line_moves = Vec::new();
        let mut pos = position.clone();
        for (k, text) in solution.split_whitespace().enumerate() {
            let mv: Move = text
                .parse()
                .map_err(|e| err(format!("solution move {}: {e}", k + 1)))?;
            pos = pos
                .play(mv)
                .map_err(|e| err(format!("solution move {} '{mv}' is illegal: {e}", k + 1)))?;
            line_moves.push(mv);
        }
        if line_moves.len() % 2 == 0 || line_moves.len() > 2 * moves as usize - 1 {
            return Err(err(format!(
                "a mate in {moves} needs an odd number of solution moves, at most {}",
                2 * moves - 1
            )));
        }
        if pos.has_legal_moves() {
            return Err(err("the solution does not end in mate".into()));
        }
        out.push(Puzzle {
            name: name.to_string(),
            position,
            moves,
            solution: line_moves,
        });
    }
    Ok(out)
}

/// The puzzles shipped with the game.
///
/// # Errors
/// Only if the shipped file were malformed (the tests read it).
pub fn collection() -> Result<Vec<Puzzle>, PuzzleError> {
    parse(MATES)
}

/// What a move played in a puzzle leads to.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Attempt {
    /// It mates: solved.
    Solved,
    /// Mate is still forced within the moves left; the computer answers with this move.
    Continue {
        /// The defender's reply, already to be played.
        reply: Move,
    },
    /// The mate is no longer forced in the moves left (or the move is illegal).
    Failed,
}

impl Puzzle {
    /// Proves that the side to move mates in at most [`Puzzle::moves`] against every defence.
    /// Exact, so it may take seconds for a mate in 3 with many quiet tries.
    #[must_use]
    pub fn verify(&self) -> bool {
        mate_in(&self.position, self.moves).is_some()
    }

    /// Judges the attacker's move `mv` in `pos`, with `moves_left` attacker moves (this one
    /// included) to mate in.
    #[must_use]
    pub fn attempt(pos: &Position, mv: Move, moves_left: u32) -> Attempt {
        let Ok(after) = pos.play(mv) else {
            return Attempt::Failed;
        };
        if !after.has_legal_moves() {
            return Attempt::Solved;
        }
        if moves_left <= 1 || !lost_within(&after, moves_left - 1) {
            return Attempt::Failed;
        }
        match best_defence(&after, moves_left - 1) {
            Some(reply) => Attempt::Continue { reply },
            None => Attempt::Failed,
        }
    }
}

/// A first move with which the side to move mates in at most `n` moves against any defence,
/// found by trying every defence (checking moves are tried first). `None` if there is none.
///
/// ```
/// use xiangqi_rules::Position;
/// use xiangqi_engine::puzzle::mate_in;
/// // Two chariots: one checks on the e file (the f file is closed to the general by red's),
/// // the general steps to d9, the other chariot mates on the d file.
/// let pos = Position::from_fen("4k4/9/9/9/9/9/9/9/R8/R4K3 w").unwrap();
/// assert_eq!(mate_in(&pos, 1), None);
/// assert!(mate_in(&pos, 2).is_some());
/// ```
#[must_use]
pub fn mate_in(pos: &Position, n: u32) -> Option<Move> {
    let mut scratch = pos.clone();
    attacker_mates(&mut scratch, n)
}

/// Is the side to move (the defender) mated within `n` attacker moves, whatever it does?
/// With `n` = 0: is it mated now?
#[must_use]
pub fn lost_within(pos: &Position, n: u32) -> bool {
    let mut scratch = pos.clone();
    defender_lost(&mut scratch, n)
}

/// The defence that holds out longest against a mate in at most `n`: the move after which
/// the attacker needs the most moves. `None` if the defender has no move.
#[must_use]
pub fn best_defence(pos: &Position, n: u32) -> Option<Move> {
    let mut scratch = pos.clone();
    let mut list = MoveList::new();
    scratch.legal_moves_into(&mut list);
    let mut best: Option<(u32, Move)> = None;
    for &m in list.iter() {
        let undo = scratch.make_move(m);
        // Fewest attacker moves that still mate after m; n + 1 if none does within n.
        let needed = (1..=n)
            .find(|&k| attacker_mates(&mut scratch, k).is_some())
            .unwrap_or(n + 1);
        scratch.unmake_move(m, undo);
        if best.is_none_or(|(b, _)| needed > b) {
            best = Some((needed, m));
        }
    }
    best.map(|(_, m)| m)
}

fn attacker_mates(pos: &mut Position, n: u32) -> Option<Move> {
    if n == 0 {
        return None;
    }
    let mut list = MoveList::new();
    pos.legal_moves_into(&mut list);
    // Checks first: most mates are forced by them, and they leave few defences.
    let mut ordered: Vec<(bool, Move)> = list
        .iter()
        .map(|&m| {
            let undo = pos.make_move(m);
            let check = pos.is_check();
            pos.unmake_move(m, undo);
            (check, m)
        })
        .collect();
    ordered.sort_by_key(|&(check, _)| !check);
    for (_, m) in ordered {
        let undo = pos.make_move(m);
        let wins = defender_lost(pos, n - 1);
        pos.unmake_move(m, undo);
        if wins {
            return Some(m);
        }
    }
    None
}

fn defender_lost(pos: &mut Position, n: u32) -> bool {
    let mut list = MoveList::new();
    pos.legal_moves_into(&mut list);
    if list.is_empty() {
        // Mated, or no legal move at all: both lose in xiangqi.
        return true;
    }
    if n == 0 {
        return false;
    }
    list.iter().all(|&m| {
        let undo = pos.make_move(m);
        let mated = attacker_mates(pos, n).is_some();
        pos.unmake_move(m, undo);
        mated
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_that_does_not_end_in_mate_is_refused() {
        let text = "x | 4k4/9/9/9/9/9/9/9/R8/R4K3 w | mate 2 | a1a8\n";
        let err = parse(text).expect_err("must be refused");
        assert_eq!(err.line, 1);
        assert!(err.message.contains("does not end in mate"), "{err}");
        assert!(parse("x | bad | mate 1 | a0a9").is_err());
        assert!(parse("only | three | fields").is_err());
    }

    #[test]
    fn attempts_are_judged_by_what_is_still_forced() {
        let pos = Position::from_fen("4k4/9/9/9/9/9/9/9/R8/R4K3 w").expect("test FEN is valid");
        let good = "a0e0".parse().expect("test move is valid");
        assert!(matches!(
            Puzzle::attempt(&pos, good, 2),
            Attempt::Continue { .. }
        ));
        assert_eq!(
            Puzzle::attempt(&pos, "f0f1".parse().expect("test move is valid"), 2),
            Attempt::Failed
        );
    }
}
