//! Reading the classification table and naming a game's opening.
//!
//! The table (`assets/openings/ecco.txt`, tab-separated) has three kinds of line:
//! `C code traditional simplified english` names the codes (their order numbers them);
//! `N parent move counts` is a node of the first-moves tree (the root first, then each node
//! after its parent; `move` is packed from and to squares in hex, `counts` is
//! `code:games` pairs); `F code games features` lists how many of a code's games played
//! each early move (`side` digit then packed move, `:games`).

use std::collections::HashMap;
use std::sync::OnceLock;

use super::{FEATURE_PLIES, TREE_DEPTH, canonical, pack, position_key, unpack};
use crate::{Move, Position};

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
    games: u32,
    features: HashMap<(u8, u16), u32>,
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
        };
        let mut positions: Vec<Option<Position>> = Vec::new();
        for line in text.lines().filter(|l| !l.starts_with('#')) {
            let fields: Vec<&str> = line.split('\t').collect();
            match fields.as_slice() {
                ["C", code, traditional, simplified, english] => table.codes.push(Code {
                    code: code.to_string(),
                    traditional: traditional.to_string(),
                    simplified: simplified.to_string(),
                    english: english.to_string(),
                    games: 0,
                    features: HashMap::new(),
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
                ["F", code, games, features] => {
                    let Some(code) = code
                        .parse()
                        .ok()
                        .and_then(|c: usize| table.codes.get_mut(c))
                    else {
                        continue;
                    };
                    code.games = games.parse().unwrap_or(0);
                    for (feature, n) in features.split(' ').filter_map(feature_count) {
                        code.features.insert(feature, n);
                    }
                }
                _ => {}
            }
        }
        table
    }
}

fn pairs(counts: &str) -> impl Iterator<Item = (usize, u32)> + '_ {
    counts.split(' ').filter_map(|pair| {
        let (code, n) = pair.split_once(':')?;
        Some((code.parse().ok()?, n.parse().ok()?))
    })
}

fn feature_count(item: &str) -> Option<((u8, u16), u32)> {
    let (feature, n) = item.split_once(':')?;
    let side = feature.get(..1)?.parse().ok()?;
    let mv = u16::from_str_radix(feature.get(1..)?, 16).ok()?;
    Some(((side, mv), n.parse().ok()?))
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
/// The moves are followed down the tree of the training games' first moves as far as they
/// go. Where the games there all have one code, that is the answer; where they part
/// ways, each of their codes is weighed by its games there and by how often its games
/// played this game's later early moves (naive Bayes over the moves played by each side).
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
        let table = self;
        let moves = canonical(moves);
        let mut node = 0;
        let mut depth = 0;
        for &mv in moves.iter().take(TREE_DEPTH) {
            match table.children.get(&(node, pack(mv))) {
                Some(&child) => node = child,
                None => break,
            }
            depth += 1;
        }
        // A game that ends inside the tree is named by its position, whatever the order of
        // its moves: the codes of every node that reached that position count, and the
        // most general of them — ECCO numbers a family's general entry first (C00 中炮对
        // 屏风马 before its variations) — names what has been played so far. A code needs
        // two games there, so one odd record does not name a position. (The codes are
        // numbered in their order.)
        let whole = depth == moves.len() && node != 0;
        let candidates = match table.node_keys.get(node) {
            Some(key) if whole => table.by_position.get(key)?,
            _ => table.nodes.get(node)?,
        };
        let best = if whole {
            let general = candidates
                .iter()
                .filter(|(_, n)| *n >= 2)
                .map(|(l, _)| *l)
                .min();
            general.or_else(|| candidates.iter().map(|(l, _)| *l).min())?
        } else if candidates.len() == 1 {
            candidates[0].0
        } else {
            let mut later: Vec<(u8, u16)> = moves
                .iter()
                .enumerate()
                .take(FEATURE_PLIES)
                .skip(depth)
                .map(|(ply, &mv)| ((ply % 2) as u8, pack(mv)))
                .collect();
            later.sort_unstable();
            later.dedup();
            let score = |&(label, games): &(usize, u32)| {
                let Some(code) = table.codes.get(label) else {
                    // A count for a code the table never named: no chance.
                    return f64::NEG_INFINITY;
                };
                let total = f64::from(code.games) + 1.0;
                let prior = (f64::from(games) + 0.3).ln();
                prior
                    + later
                        .iter()
                        .map(|f| {
                            ((f64::from(*code.features.get(f).unwrap_or(&0)) + 0.5) / total).ln()
                        })
                        .sum::<f64>()
            };
            candidates
                .iter()
                .max_by(|a, b| score(a).total_cmp(&score(b)).then(b.0.cmp(&a.0)))?
                .0
        };
        let code = table.codes.get(best)?;
        Some(Classification {
            code: &code.code,
            traditional: &code.traditional,
            simplified: &code.simplified,
            english: &code.english,
        })
    }
}
