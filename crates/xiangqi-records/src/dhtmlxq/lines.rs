//! A DhtmlXQ board's lines put together into a tree in time and memory linear in the board:
//! the lines are laid out first without playing a move (a line keeps only its own moves,
//! not the steps it shares with its parent, and a step of any line is found in logarithmic
//! time), then the moves are checked in one walk of the tree, each from the position it
//! follows, and the line of one that cannot be played is cut there.

use super::DhtmlError;
use std::collections::HashMap;
use std::rc::Rc;
use xiangqi_rules::{CutLine, GameTree, Move, NodeId, Position};

/// A move laid out, not yet played: the laid move it follows (`None`: the start), the moves
/// that follow it, and the line it was read in and its step there.
struct Laid {
    mv: Move,
    children: Vec<usize>,
    line: usize,
    step: usize,
}

/// One line: its field, the step of its first own move (the steps before it are its
/// ancestors'), its own moves, and its ancestors 1, 2, 4 … lines up (the line holding the
/// step it branches from, and so on).
struct Line {
    field: String,
    first: usize,
    moves: Vec<usize>,
    up: Vec<usize>,
}

/// A board's lines as they are read, then played into a tree.
pub(super) struct Layout {
    start: Position,
    laid: Vec<Laid>,
    /// The first moves of lines that start at the start.
    roots: Vec<usize>,
    lines: Vec<Line>,
    /// A line's place in `lines` by its number on the board (0 the main line).
    numbers: HashMap<usize, usize>,
    /// Each laid move's node, once played.
    nodes: Vec<Option<NodeId>>,
    cut: Vec<CutLine<DhtmlError>>,
}

impl Layout {
    /// A layout with the main line `moves`, read from the field `field`, from `start`.
    pub(super) fn new(start: Position, field: &str, moves: &[Move]) -> Layout {
        let mut layout = Layout {
            start,
            laid: Vec::new(),
            roots: Vec::new(),
            lines: Vec::new(),
            numbers: HashMap::new(),
            nodes: Vec::new(),
            cut: Vec::new(),
        };
        layout.add_line((0, field), None, 1, moves);
        layout
    }

    /// Which line holds step `step` (from 1) of line `index`: it, or the ancestor whose own
    /// moves include it. A line's first step comes after the first step of the line it
    /// branches from, so the first steps fall going up, and the holder is found by halving.
    fn holder(&self, index: usize, step: usize) -> usize {
        if self.lines[index].first <= step {
            return index;
        }
        let mut at = index;
        for k in (0..self.lines[index].up.len()).rev() {
            if let Some(&a) = self.lines[at].up.get(k)
                && self.lines[a].first > step
            {
                at = a;
            }
        }
        self.lines[at].up.first().copied().unwrap_or(0)
    }

    /// Has line `number` been laid out?
    pub(super) fn has_line(&self, number: usize) -> bool {
        self.numbers.contains_key(&number)
    }

    /// The laid move of step `step` of line `number`, if the line reaches it; `Some(None)`
    /// for step 0, the start.
    fn laid_at(&self, number: usize, step: usize) -> Option<Option<usize>> {
        let index = *self.numbers.get(&number)?;
        if step == 0 {
            return Some(None);
        }
        let line = &self.lines[self.holder(index, step)];
        line.moves.get(step - line.first).map(|&m| Some(m))
    }

    /// Lays out line `number` (read from `field`) branching at step `step` of line `parent`,
    /// with its moves; a line branching from a step its parent does not reach is cut whole.
    pub(super) fn add_branch(
        &mut self,
        (number, field): (usize, &str),
        (parent, step): (usize, usize),
        moves: &[Move],
    ) {
        let from = step.checked_sub(1).and_then(|b| self.laid_at(parent, b));
        let Some(from) = from else {
            let why = DhtmlError::Branch {
                field: field.to_string(),
            };
            self.cut
                .push(CutLine::new(&self.start, step.max(1), false, why));
            return;
        };
        self.add_line((number, field), from, step, moves);
    }

    /// Adds line `number` whose first own move, step `first`, follows the laid move `from`
    /// (`None`: the start).
    fn add_line(
        &mut self,
        (number, field): (usize, &str),
        from: Option<usize>,
        first: usize,
        moves: &[Move],
    ) {
        let index = self.lines.len();
        let mut up = Vec::new();
        if index > 0 {
            up.push(from.map_or(0, |m| self.laid[m].line));
            while let Some(&a) = self.lines[up[up.len() - 1]].up.get(up.len() - 1) {
                up.push(a);
            }
        }
        let mut parent = from;
        let mut own = Vec::with_capacity(moves.len());
        for (i, &mv) in moves.iter().enumerate() {
            let id = self.laid.len();
            self.laid.push(Laid {
                mv,
                children: Vec::new(),
                line: index,
                step: first + i,
            });
            match parent {
                Some(p) => self.laid[p].children.push(id),
                None => self.roots.push(id),
            }
            own.push(id);
            parent = Some(id);
        }
        self.lines.push(Line {
            field: field.to_string(),
            first,
            moves: own,
            up,
        });
        self.numbers.entry(number).or_insert(index);
    }

    /// Cuts a line at its step `step` (from 1 in the game) for `why`: a group of digits that
    /// is not a move on the board, after the moves laid out.
    pub(super) fn cut_at(&mut self, main: bool, step: usize, why: DhtmlError) {
        self.cut.push(CutLine::new(&self.start, step, main, why));
    }

    /// Plays every laid move into a tree, each from the position it follows (depth first,
    /// a line's continuation before its alternatives): a move that cannot be played is cut
    /// with all that follows it.
    pub(super) fn play(&mut self) -> GameTree {
        let mut tree = GameTree::new(self.start.clone());
        self.nodes = vec![None; self.laid.len()];
        // Moves to play, each with its parent node and the position there (shared by the
        // moves that follow one position).
        let start = Rc::new(self.start.clone());
        let mut stack: Vec<(usize, NodeId, Rc<Position>)> = self
            .roots
            .iter()
            .rev()
            .map(|&m| (m, NodeId::ROOT, Rc::clone(&start)))
            .collect();
        while let Some((m, parent, position)) = stack.pop() {
            let laid = &self.laid[m];
            match tree.add_move_at(parent, &position, laid.mv) {
                Ok((node, next)) => {
                    self.nodes[m] = Some(node);
                    let next = Rc::new(next);
                    stack.extend(
                        laid.children
                            .iter()
                            .rev()
                            .map(|&c| (c, node, Rc::clone(&next))),
                    );
                }
                Err(error) => {
                    let why = DhtmlError::Illegal {
                        field: self.lines[laid.line].field.clone(),
                        step: laid.step,
                        mv: laid.mv.to_string(),
                        error,
                    };
                    self.cut.push(CutLine::at(&tree, parent, why));
                }
            }
        }
        tree
    }

    /// The node of step `step` of line `number` once played (the root for step 0), if the
    /// line reaches it and it was not cut.
    pub(super) fn node(&self, number: usize, step: usize) -> Option<NodeId> {
        match self.laid_at(number, step)? {
            None => Some(NodeId::ROOT),
            Some(m) => self.nodes.get(m).copied().flatten(),
        }
    }

    /// The lines cut, in the order found.
    pub(super) fn into_cut(self) -> Vec<CutLine<DhtmlError>> {
        self.cut
    }
}
