//! From the finds and the second engine's checks to the shipped file: a find stays if the
//! second engine's best first move is ours and its deeper two lines still meet the criteria
//! (two soldiers better than the second best or a mate, the position not already won, the
//! solver ahead); its line is cut before the first later solver's move the
//! engine did not agree with. Each kept puzzle gets its themes and rating here.

use super::journal::{Checked, Found};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use xiangqi_engine::puzzle::mining::{confirms_puzzle, rating};
use xiangqi_engine::puzzle::{Entry, Theme, themes};
use xiangqi_rules::{Move, Position};

/// Why a find was not shipped, counted for the README.
#[derive(Debug, Default)]
pub struct Tally {
    pub found: usize,
    pub unchecked: usize,
    pub other_best: usize,
    pub criteria_unmet: usize,
    pub cut: usize,
    pub unreadable: usize,
    pub kept: usize,
}

/// Does the second engine's verdict keep the find: its best move ours, and its two lines
/// still meeting the criteria (`mining::confirms_puzzle`), or a single legal move?
pub fn second_agrees(found: &Found, c: &Checked) -> Result<(), &'static str> {
    let first = found.solution.split_whitespace().next().unwrap_or("");
    if c.best != first {
        return Err("other best");
    }
    let clear = match c.second {
        None => true,
        second => confirms_puzzle(c.first, second),
    };
    if clear { Ok(()) } else { Err("criteria") }
}

/// The puzzles to ship, each with its themes and rating, in the order of their ids.
pub fn ship(found: &[Found], checked: &BTreeMap<String, Checked>) -> (Vec<Entry>, Tally) {
    let mut tally = Tally {
        found: found.len(),
        ..Tally::default()
    };
    let mut out = Vec::new();
    for f in found {
        let Some(c) = checked.get(&f.id) else {
            tally.unchecked += 1;
            continue;
        };
        match second_agrees(f, c) {
            Err("other best") => {
                tally.other_best += 1;
                continue;
            }
            Err(_) => {
                tally.criteria_unmet += 1;
                continue;
            }
            Ok(()) => {}
        }
        let Some(entry) = entry_of(f, c.agreed) else {
            tally.unreadable += 1;
            continue;
        };
        if entry.solution.len() < f.solution.split_whitespace().count() {
            tally.cut += 1;
        }
        out.push(entry);
    }
    out.sort_by(|a, b| a.id.cmp(&b.id));
    tally.kept = out.len();
    (out, tally)
}

/// The entry of a find, its line kept to the first `agreed` solver moves.
fn entry_of(f: &Found, agreed: usize) -> Option<Entry> {
    let position = Position::from_fen(&f.fen).ok()?;
    let all: Vec<Move> = f
        .solution
        .split_whitespace()
        .map(str::parse)
        .collect::<Result<_, _>>()
        .ok()?;
    let keep = (2 * agreed.max(1) - 1).min(all.len());
    let solution = all[..keep].to_vec();
    // What follows a cut line is the next reply and solver's move of the line itself.
    let after: Vec<Move> = if keep < all.len() {
        all[keep..].iter().take(2).copied().collect()
    } else {
        f.after
            .split_whitespace()
            .filter_map(|m| m.parse().ok())
            .collect()
    };
    let found = themes(&position, &solution, &after);
    let solver_moves = solution.len().div_ceil(2);
    Some(Entry {
        id: f.id.clone(),
        position,
        solution,
        rating: rating(f.settled, solver_moves),
        themes: found,
        source: f.source.clone(),
        mate: None,
    })
}

/// The shipped file's text: a heading, then one puzzle a line.
pub fn file_text(entries: &[Entry]) -> String {
    let mut text = String::from(
        "# Tactics from real games (README.md in this folder): id, FEN, solution (ICCS),\n\
         # rating, themes, source; separated by tabs.\n",
    );
    for e in entries {
        let _ = writeln!(text, "{}", e.to_line());
    }
    text
}

/// Counts for the README: by theme, by rating band, by solver moves.
pub fn summary(entries: &[Entry]) -> String {
    let mut themes: BTreeMap<String, usize> = BTreeMap::new();
    let mut bands: BTreeMap<u32, usize> = BTreeMap::new();
    let mut lengths: BTreeMap<usize, usize> = BTreeMap::new();
    for e in entries {
        for t in &e.themes {
            let name = match t {
                Theme::MateIn(_) => t.to_string(),
                other => other.family().to_string(),
            };
            *themes.entry(name).or_default() += 1;
        }
        *bands.entry(e.rating / 200 * 200).or_default() += 1;
        *lengths.entry(e.solver_moves()).or_default() += 1;
    }
    let mut s = String::new();
    let _ = writeln!(s, "themes:");
    for (t, n) in &themes {
        let _ = writeln!(s, "  {t}: {n}");
    }
    let _ = writeln!(s, "ratings:");
    for (b, n) in &bands {
        let _ = writeln!(s, "  {b}-{}: {n}", b + 199);
    }
    let _ = writeln!(s, "solver moves:");
    for (l, n) in &lengths {
        let _ = writeln!(s, "  {l}: {n}");
    }
    s
}
