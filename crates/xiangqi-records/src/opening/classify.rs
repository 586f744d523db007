//! Reading the classification table and naming a game's opening.
//!
//! The table (`assets/openings/ecco.txt`, tab-separated) has these kinds of line:
//! `C code traditional simplified english` names the codes (their order numbers them);
//! `N parent move counts` is a node of the first-moves tree (the root first, then each node
//! after its parent; `move` is packed from and to squares in hex, `counts` is
//! `code:games` pairs); `T question` and `L code games` are the nodes of the learned trees
//! (a leaf's code, and how many training games reached it), one whole tree after another,
//! each in order: a question is followed by its yes branch, then its no branch (see
//! [`Question`] for how a question is written).

use std::collections::HashMap;
use std::sync::OnceLock;

use super::early::{Question, early_moves};
use super::{TREE_DEPTH, canonical, pack, position_key, unpack};
use xiangqi_rules::{Move, Position};

const TABLE: &str = include_str!("../../assets/openings/ecco.txt");

/// A game's opening: its ECCO code and the code's name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Classification<'a> {
    /// `A00`–`E99`.
    pub code: &'a str,
    /// The name in traditional characters (`中炮對屏風馬`).
    pub traditional: &'a str,
    /// The name in simplified characters (`中炮对屏风马`).
    pub simplified: &'a str,
    /// The family in English (`Central Cannon vs Screen Horses`).
    pub english: &'a str,
}

#[derive(Debug)]
struct Code {
    code: String,
    traditional: String,
    simplified: String,
    english: String,
}

/// A node of a learned tree.
#[derive(Debug)]
enum Node {
    Leaf(usize),
    Ask {
        question: Question,
        yes: usize,
        no: usize,
    },
}

/// A classification table read into memory. The program's own is behind [`classify`];
/// the table builder reads the tables it builds with this to measure them.
#[derive(Debug)]
pub struct Classifier {
    codes: Vec<Code>,
    /// Each node's codes with their games.
    nodes: Vec<Vec<(usize, u32)>>,
    children: HashMap<(usize, u16), usize>,
    /// Each node's position key, and the codes of all the nodes of one position together.
    node_keys: Vec<u64>,
    by_position: HashMap<u64, Vec<(usize, u32)>>,
    /// The learned trees' nodes, one tree after another.
    tree: Vec<Node>,
    /// Where each learned tree starts in `tree`.
    roots: Vec<usize>,
}

fn table() -> &'static Classifier {
    static PARSED: OnceLock<Classifier> = OnceLock::new();
    PARSED.get_or_init(|| Classifier::parse(TABLE))
}

impl Classifier {
    /// The table in `text` (lines it does not understand are skipped).
    #[must_use]
    pub fn parse(text: &str) -> Classifier {
        let mut table = Classifier {
            codes: Vec::new(),
            nodes: Vec::new(),
            children: HashMap::new(),
            node_keys: Vec::new(),
            by_position: HashMap::new(),
            tree: Vec::new(),
            roots: Vec::new(),
        };
        let mut tree_lines = Vec::new();
        let mut positions: Vec<Option<Position>> = Vec::new();
        for line in text.lines().filter(|l| !l.starts_with('#')) {
            let fields: Vec<&str> = line.split('\t').collect();
            match fields.as_slice() {
                ["C", code, traditional, simplified, english] => table.codes.push(Code {
                    code: code.to_string(),
                    traditional: traditional.to_string(),
                    simplified: simplified.to_string(),
                    english: english.to_string(),
                }),
                ["N", parent, mv, counts] => {
                    let id = table.nodes.len();
                    let mut pos = (id == 0).then(Position::start);
                    if let (Ok(parent), Ok(mv)) =
                        (parent.parse::<usize>(), u16::from_str_radix(mv, 16))
                    {
                        table.children.insert((parent, mv), id);
                        pos = positions
                            .get(parent)
                            .cloned()
                            .flatten()
                            .zip(unpack(mv))
                            .and_then(|(p, mv)| p.play(mv).ok());
                    }
                    let key = pos.as_ref().map_or(u64::MAX, position_key);
                    let merged = table.by_position.entry(key).or_default();
                    for (label, n) in pairs(counts) {
                        match merged.iter_mut().find(|(l, _)| *l == label) {
                            Some((_, total)) => *total += n,
                            None => merged.push((label, n)),
                        }
                    }
                    positions.push(pos);
                    table.node_keys.push(key);
                    table.nodes.push(pairs(counts).collect());
                }
                ["T", question] => tree_lines.push(question.parse().ok().map(Line::Ask)),
                ["L", code, _games] => tree_lines.push(code.parse().ok().map(Line::Leaf)),
                _ => {}
            }
        }
        let mut lines = tree_lines.into_iter().peekable();
        while lines.peek().is_some() {
            let root = table.tree_from(&mut lines, 0);
            table.roots.push(root);
        }
        table
    }

    /// Reads one subtree from `lines` into `self.tree` and returns its index. A line that
    /// does not read, or a question whose branches are missing, becomes a leaf without a
    /// code. Deeper than any real tree grows, the rest is cut off the same way.
    fn tree_from(&mut self, lines: &mut impl Iterator<Item = Option<Line>>, depth: usize) -> usize {
        let id = self.tree.len();
        match lines.next().flatten() {
            Some(Line::Ask(question)) if depth < 500 => {
                self.tree.push(Node::Leaf(usize::MAX));
                let yes = self.tree_from(lines, depth + 1);
                let no = self.tree_from(lines, depth + 1);
                self.tree[id] = Node::Ask { question, yes, no };
            }
            Some(Line::Leaf(code)) => self.tree.push(Node::Leaf(code)),
            _ => self.tree.push(Node::Leaf(usize::MAX)),
        }
        id
    }

    /// The code most of the learned trees give a game with these early moves (the first
    /// tree's among equals), if any gives one.
    fn ask_trees(&self, early: &[String]) -> Option<usize> {
        let votes: Vec<usize> = self
            .roots
            .iter()
            .filter_map(|&root| self.ask_tree(root, early))
            .collect();
        let count = |code: usize| votes.iter().filter(|&&v| v == code).count();
        let mut best = *votes.first()?;
        for &code in &votes {
            if count(code) > count(best) {
                best = code;
            }
        }
        Some(best)
    }

    /// The code the tree at `root` gives a game with these early moves, if it has one.
    fn ask_tree(&self, root: usize, early: &[String]) -> Option<usize> {
        let mut at = root;
        loop {
            match self.tree.get(at)? {
                Node::Leaf(code) => return Some(*code).filter(|c| *c < self.codes.len()),
                Node::Ask { question, yes, no } => {
                    at = if question.holds(early) { *yes } else { *no };
                }
            }
        }
    }
}

/// A line of a learned tree as read.
enum Line {
    Ask(Question),
    Leaf(usize),
}

fn pairs(counts: &str) -> impl Iterator<Item = (usize, u32)> + '_ {
    counts.split(' ').filter_map(|pair| {
        let (code, n) = pair.split_once(':')?;
        Some((code.parse().ok()?, n.parse().ok()?))
    })
}

/// The opening of a game from the standard start, `None` for a game from another
/// position or without moves.
#[must_use]
pub fn classify_game(start: &Position, moves: &[Move]) -> Option<Classification<'static>> {
    if start.fen() != Position::start().fen() {
        return None;
    }
    classify(moves)
}

/// The name of `code` (`C44`), if the table knows the code.
#[must_use]
pub fn named(code: &str) -> Option<Classification<'static>> {
    let found = table().codes.iter().find(|c| c.code == code)?;
    Some(Classification {
        code: &found.code,
        traditional: &found.traditional,
        simplified: &found.simplified,
        english: &found.english,
    })
}

/// The opening of the moves played from the standard start, `None` without moves.
///
/// A game whose moves all lie inside the tree of the training games' first moves (it
/// stops where the masters' games still part ways) is named by its position; any other by
/// the vote of the learned trees' questions about its first 20 plies.
#[must_use]
pub fn classify(moves: &[Move]) -> Option<Classification<'static>> {
    table().classify(moves)
}

impl Classifier {
    /// The opening of `moves` by this table; see [`classify`].
    #[must_use]
    pub fn classify(&self, moves: &[Move]) -> Option<Classification<'_>> {
        if moves.is_empty() {
            return None;
        }
        let (node, depth) = self.deepest_node(moves);
        let best = if depth == moves.len() && node != 0 {
            // Every move inside the first moves' tree, where the masters still part ways.
            self.most_general_at(node)?
        } else {
            match self.ask_trees(&early_moves(moves)) {
                Some(code) => code,
                // A table without trees: the commonest code where the game left the first
                // moves' tree.
                None => {
                    self.nodes
                        .get(node)?
                        .iter()
                        .max_by(|a, b| a.1.cmp(&b.1).then(b.0.cmp(&a.0)))?
                        .0
                }
            }
        };
        let code = self.codes.get(best)?;
        Some(Classification {
            code: &code.code,
            traditional: &code.traditional,
            simplified: &code.simplified,
            english: &code.english,
        })
    }

    /// The node of the first moves' tree a game reaches, and how many of its moves it
    /// follows to get there.
    fn deepest_node(&self, moves: &[Move]) -> (usize, usize) {
        let mut node = 0;
        let mut depth = 0;
        for &mv in canonical(moves).iter().take(TREE_DEPTH) {
            match self.children.get(&(node, pack(mv))) {
                Some(&child) => node = child,
                None => break,
            }
            depth += 1;
        }
        (node, depth)
    }

    /// A game that ends inside the tree is named by its position, whatever the order of its
    /// moves: the codes of every node that reached that position count, and the most
    /// general of them — ECCO numbers a family's general entry first (C00 中炮对屏风马
    /// before its variations) — names what has been played so far. A code needs two games
    /// there, so one odd record does not name a position. (The codes are numbered in their
    /// order.)
    fn most_general_at(&self, node: usize) -> Option<usize> {
        let candidates = self.by_position.get(self.node_keys.get(node)?)?;
        let general = candidates
            .iter()
            .filter(|(_, n)| *n >= 2)
            .map(|(l, _)| *l)
            .min();
        general.or_else(|| candidates.iter().map(|(l, _)| *l).min())
    }
}
