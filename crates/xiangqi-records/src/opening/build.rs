//! Building the opening tables from labelled master games. The `openings_table` example
//! runs this over record files and writes `assets/openings/`; the program only reads what
//! it wrote.

mod names;
mod tree;

pub use tree::TOLERANCES;

use std::collections::{BTreeMap, HashMap};

use super::early::early_moves;
use super::{TREE_DEPTH, canonical, pack, position_key};
use xiangqi_rules::{Move, Position};

/// What the tables learn from one game.
#[derive(Clone, Debug)]
pub struct TrainingGame {
    /// The game's ECCO code (`C44`), if it has one.
    pub code: Option<String>,
    /// The record's event, where opening names are found.
    pub event: String,
    /// The moves from the standard start.
    pub moves: Vec<Move>,
    /// Red's result: `Some(2)` a win, `Some(1)` a draw, `Some(0)` a loss, `None` unknown.
    pub red_points: Option<u8>,
    /// Whether the game counts in the explorer (an opening line from a book does not).
    pub played: bool,
}

/// How deep the explorer follows games, in plies.
pub const EXPLORER_PLIES: usize = 40;
/// The fewest games a position's move needs to be kept in the explorer.
pub const EXPLORER_MIN_GAMES: u32 = 2;

/// The classification table as text (see `classify.rs` for how it is read).
#[must_use]
pub fn classification_table(games: &[TrainingGame], header: &str) -> String {
    let labelled: Vec<(&str, Vec<Move>)> = games
        .iter()
        .filter_map(|g| Some((g.code.as_deref()?, canonical(&g.moves))))
        .filter(|(code, _)| is_code(code))
        .collect();
    let mut codes: Vec<&str> = labelled.iter().map(|(code, _)| *code).collect();
    codes.sort_unstable();
    codes.dedup();
    let index: HashMap<&str, usize> = codes.iter().enumerate().map(|(i, c)| (*c, i)).collect();

    let mut out = String::new();
    for line in header.lines() {
        out.push_str("# ");
        out.push_str(line);
        out.push('\n');
    }
    let named = names::code_names(games, &codes);
    for (code, name) in codes.iter().zip(&named) {
        out.push_str(&format!(
            "C\t{code}\t{}\t{}\t{}\n",
            name.traditional, name.simplified, name.english
        ));
    }
    write_tree(&mut out, &labelled, &index);
    let early: Vec<(usize, Vec<String>)> = games
        .iter()
        .filter_map(|g| Some((*index.get(g.code.as_deref()?)?, early_moves(&g.moves))))
        .collect();
    tree::write(&mut out, &early);
    out
}

fn is_code(code: &str) -> bool {
    let b = code.as_bytes();
    b.len() == 3 && (b'A'..=b'E').contains(&b[0]) && b[1].is_ascii_digit() && b[2].is_ascii_digit()
}

/// The tree of first moves: each node's code counts, kept where its parent's games do not
/// all share one code (below a node whose games agree, every node would say the same).
fn write_tree(out: &mut String, labelled: &[(&str, Vec<Move>)], index: &HashMap<&str, usize>) {
    let mut nodes: Vec<(usize, u16, BTreeMap<usize, u32>)> = vec![(0, 0, BTreeMap::new())];
    let mut children: HashMap<(usize, u16), usize> = HashMap::new();
    for (code, moves) in labelled {
        let label = index[code];
        let mut node = 0;
        *nodes[0].2.entry(label).or_default() += 1;
        for &mv in moves.iter().take(TREE_DEPTH) {
            let key = (node, pack(mv));
            node = *children.entry(key).or_insert_with(|| {
                nodes.push((key.0, key.1, BTreeMap::new()));
                nodes.len() - 1
            });
            *nodes[node].2.entry(label).or_default() += 1;
        }
    }
    // Keep the root, and every node whose parent was kept and is mixed.
    let mut kept_index = vec![usize::MAX; nodes.len()];
    kept_index[0] = 0;
    let mut next = 1;
    out.push_str(&format!("N\t-\t-\t{}\n", counts(&nodes[0].2)));
    for id in 1..nodes.len() {
        let (parent, mv, ref labels) = nodes[id];
        if kept_index[parent] == usize::MAX || nodes[parent].2.len() < 2 {
            continue;
        }
        kept_index[id] = next;
        next += 1;
        out.push_str(&format!(
            "N\t{}\t{mv:04x}\t{}\n",
            kept_index[parent],
            counts(labels)
        ));
    }
}

fn counts(labels: &BTreeMap<usize, u32>) -> String {
    let parts: Vec<String> = labels.iter().map(|(l, n)| format!("{l}:{n}")).collect();
    parts.join(" ")
}

/// The explorer table: for each position of the played games within their first
/// [`EXPLORER_PLIES`] plies, each move played from it at least [`EXPLORER_MIN_GAMES`]
/// times, with red's wins, draws and losses, in the records `explorer.rs` reads.
#[must_use]
pub fn explorer_table(games: &[TrainingGame]) -> Vec<u8> {
    // (key, move) -> [games, red wins, draws, black wins]
    let mut rows: HashMap<(u64, u16), [u32; 4]> = HashMap::new();
    for game in games.iter().filter(|g| g.played) {
        let mut pos = Position::start();
        for &mv in game.moves.iter().take(EXPLORER_PLIES) {
            let Ok(next) = pos.play(mv) else { break };
            let row = rows.entry((position_key(&pos), pack(mv))).or_default();
            row[0] += 1;
            match game.red_points {
                Some(2) => row[1] += 1,
                Some(1) => row[2] += 1,
                Some(0) => row[3] += 1,
                _ => {}
            }
            pos = next;
        }
    }
    let mut kept: Vec<_> = rows
        .into_iter()
        .filter(|(_, r)| r[0] >= EXPLORER_MIN_GAMES)
        .collect();
    kept.sort_unstable();
    let mut out = Vec::with_capacity(kept.len() * 18);
    for ((key, mv), r) in kept {
        out.extend_from_slice(&key.to_le_bytes());
        out.extend_from_slice(&mv.to_le_bytes());
        for n in [r[0], r[1], r[2], r[3]] {
            out.extend_from_slice(&u16::try_from(n).unwrap_or(u16::MAX).to_le_bytes());
        }
    }
    out
}
