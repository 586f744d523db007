//! Perft: counting the leaf nodes of the legal move tree, the standard test of a move generator.
//!
//! The tree is walked without recursion: the depth is a number a user types, and a walk that
//! recursed once per ply would overflow the call stack long before a deep count could end.
//! The walk keeps one move list per ply of its current line on the heap instead (about
//! 270 bytes a ply).

use crate::{Move, MoveList, Position, Undo};

/// The number of legal move sequences of length `depth` from `pos`. Depth 0 counts the empty
/// sequence: 1.
///
/// ```
/// assert_eq!(xiangqi_rules::perft(&xiangqi_rules::Position::start(), 2), 1920);
/// assert_eq!(xiangqi_rules::perft(&xiangqi_rules::Position::start(), 0), 1);
/// ```
#[must_use]
pub fn perft(pos: &Position, depth: u32) -> u64 {
    let mut scratch = pos.clone();
    count_leaves(&mut scratch, depth)
}

/// Perft split by root move: each legal move with the number of sequences of length `depth`
/// that start with it, sorted by the move's ICCS text; the counts add up to
/// [`perft`]`(pos, depth)`.
///
/// At depth 0 the only sequence is the empty one, which has no first move: the list is empty
/// (and [`perft`] is 1).
#[must_use]
pub fn perft_divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    let Some(below) = depth.checked_sub(1) else {
        return Vec::new();
    };
    let mut scratch = pos.clone();
    let mut out: Vec<(Move, u64)> = pos
        .legal_moves()
        .iter()
        .map(|&m| {
            let undo = scratch.make_move(m);
            let n = count_leaves(&mut scratch, below);
            scratch.unmake_move(m, undo);
            (m, n)
        })
        .collect();
    out.sort_by_key(|(m, _)| m.to_string());
    out
}

/// What the walk needs of a position: its moves, their count, and playing and taking back a
/// move. A trait so that the walk can be tested on trees far deeper than real play reaches
/// quickly.
trait Tree {
    /// What taking a move back needs.
    type Undo;
    /// Appends the legal moves to `list`.
    fn fill(&mut self, list: &mut MoveList);
    /// The number of legal moves (`scratch` is working space).
    fn count(&mut self, scratch: &mut MoveList) -> usize;
    /// Plays `m`.
    fn play(&mut self, m: Move) -> Self::Undo;
    /// Takes back `m`, played last.
    fn take_back(&mut self, m: Move, undo: Self::Undo);
}

impl Tree for Position {
    type Undo = Undo;
    fn fill(&mut self, list: &mut MoveList) {
        self.fill_legal(list);
    }
    fn count(&mut self, scratch: &mut MoveList) -> usize {
        self.count_legal(scratch)
    }
    fn play(&mut self, m: Move) -> Undo {
        self.make_move(m)
    }
    fn take_back(&mut self, m: Move, undo: Undo) {
        self.unmake_move(m, undo);
    }
}

/// One ply of the line being walked: the moves there, the next one to try, and how to take
/// back the move that led to the ply below it.
struct Ply<U> {
    moves: MoveList,
    next: usize,
    played: Option<(Move, U)>,
}

/// Counts the leaves `depth` plies below `tree`, depth first, with the line held in a vector
/// rather than on the call stack. Each list is reused for every sibling at its ply, so no
/// node allocates; the last ply is counted, not played. `tree` is left as it was.
fn count_leaves<T: Tree>(tree: &mut T, depth: u32) -> u64 {
    let mut scratch = MoveList::new();
    match depth {
        0 => return 1,
        1 => return tree.count(&mut scratch) as u64,
        _ => {}
    }
    let mut line: Vec<Ply<T::Undo>> = Vec::new();
    line.push(Ply {
        moves: MoveList::new(),
        next: 0,
        played: None,
    });
    tree.fill(&mut line[0].moves);
    // `top` is the ply being walked, `left` the plies still to go below it.
    let mut top = 0;
    let mut left = depth;
    let mut nodes = 0;
    loop {
        let ply = &mut line[top];
        let Some(&m) = ply.moves.get(ply.next) else {
            // Every move here is done: back up one ply.
            if top == 0 {
                return nodes;
            }
            top -= 1;
            left += 1;
            if let Some((m, undo)) = line[top].played.take() {
                tree.take_back(m, undo);
            }
            continue;
        };
        ply.next += 1;
        let undo = tree.play(m);
        if left == 2 {
            nodes += tree.count(&mut scratch) as u64;
            tree.take_back(m, undo);
            continue;
        }
        ply.played = Some((m, undo));
        top += 1;
        left -= 1;
        if line.len() == top {
            line.push(Ply {
                moves: MoveList::new(),
                next: 0,
                played: None,
            });
        }
        let below = &mut line[top];
        below.moves.truncate(0);
        below.next = 0;
        tree.fill(&mut below.moves);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A tree that is one line, `len` plies long: each node has one move until the end.
    struct Line {
        len: u32,
        at: u32,
    }

    impl Tree for Line {
        type Undo = ();
        fn fill(&mut self, list: &mut MoveList) {
            if self.at < self.len {
                list.push(Move::default());
            }
        }
        fn count(&mut self, _: &mut MoveList) -> usize {
            usize::from(self.at < self.len)
        }
        fn play(&mut self, _: Move) {
            self.at += 1;
        }
        fn take_back(&mut self, _: Move, (): ()) {
            self.at -= 1;
        }
    }

    #[test]
    fn a_walk_100_000_plies_deep_needs_no_call_stack() {
        // A recursive walk needs a frame per ply: far more than this thread's 256 KiB.
        let walk = std::thread::Builder::new()
            .stack_size(256 * 1024)
            .spawn(|| {
                let mut line = Line {
                    len: 100_000,
                    at: 0,
                };
                let found = count_leaves(&mut line, 100_000);
                (found, line.at, count_leaves(&mut line, 100_001))
            })
            .and_then(|t| t.join().map_err(|_| std::io::Error::other("panicked")));
        assert!(matches!(walk, Ok((1, 0, 0))), "{walk:?}");
    }

    #[test]
    fn depth_zero_is_the_empty_sequence_and_has_no_first_move() {
        let start = Position::start();
        assert_eq!(perft(&start, 0), 1);
        assert!(perft_divide(&start, 0).is_empty());
        let counts = perft_divide(&start, 1);
        assert_eq!(counts.len(), 44);
        assert!(counts.iter().all(|&(_, n)| n == 1));
    }

    #[test]
    fn the_walk_leaves_the_position_as_it_was() {
        let start = Position::start();
        let mut pos = start.clone();
        assert_eq!(count_leaves(&mut pos, 3), 79_666);
        assert_eq!(pos, start);
    }
}
