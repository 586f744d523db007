//! Learning the classification trees. At each node a tree asks the question about the early
//! moves that tells the codes of the games reaching it apart — among the questions gaining
//! nearly the most information, the one that looks least far into the game — until the
//! games at a node agree or no question separates them. How near "nearly" is differs from
//! tree to tree, so the trees err on different games and their vote is right more often
//! than any one of them.

use std::collections::{BTreeSet, HashMap};

use crate::opening::early::Question;

/// The trees grown, by the share of the best question's gain a question may fall short of
/// and still be chosen for looking less far. The first tree breaks ties in the vote.
pub const TOLERANCES: [f64; 7] = [0.1, 0.0, 0.05, 0.15, 0.2, 0.25, 0.3];

/// A node of a learned tree: a leaf's code and its training games, or a question (by
/// number) with its yes and no branches.
enum Grown {
    Leaf(usize, usize),
    Ask(u32, Box<Grown>, Box<Grown>),
}

/// Learns one tree per [`TOLERANCES`] from `(label, early moves)` pairs and appends them to
/// `out`, one after the other, as `T question` and `L label games` lines, each question
/// followed by its yes branch, then its no branch.
pub fn write(out: &mut String, games: &[(usize, Vec<String>)]) {
    let asked: Vec<Vec<Question>> = games
        .iter()
        .map(|(_, early)| Question::all_true(early))
        .collect();
    let distinct: BTreeSet<&Question> = asked.iter().flatten().collect();
    let mut questions: Vec<&Question> = distinct.into_iter().collect();
    // Numbered so that a lower number looks less far into the game.
    questions.sort_by_key(|q| q.reach());
    let id: HashMap<&Question, u32> = questions
        .iter()
        .enumerate()
        .map(|(i, q)| (*q, u32::try_from(i).unwrap_or(u32::MAX)))
        .collect();
    let rows: Vec<(usize, Vec<u32>)> = games
        .iter()
        .zip(&asked)
        .map(|((label, _), qs)| {
            let mut ids: Vec<u32> = qs.iter().map(|q| id[q]).collect();
            ids.sort_unstable();
            (*label, ids)
        })
        .collect();
    let all: Vec<usize> = (0..rows.len()).collect();
    for tolerance in TOLERANCES {
        emit(out, &grow(&rows, &all, tolerance), &questions);
    }
}

fn emit(out: &mut String, node: &Grown, questions: &[&Question]) {
    match node {
        Grown::Leaf(label, games) => out.push_str(&format!("L\t{label}\t{games}\n")),
        Grown::Ask(q, yes, no) => {
            out.push_str(&format!("T\t{}\n", questions[*q as usize]));
            emit(out, yes, questions);
            emit(out, no, questions);
        }
    }
}

/// `n ln n`, the building block of the entropies compared below.
fn nln(n: u32) -> f64 {
    if n == 0 {
        0.0
    } else {
        let n = f64::from(n);
        n * n.ln()
    }
}

fn grow(rows: &[(usize, Vec<u32>)], at: &[usize], tolerance: f64) -> Grown {
    let mut totals: HashMap<usize, u32> = HashMap::new();
    for &g in at {
        *totals.entry(rows[g].0).or_default() += 1;
    }
    // The most games, and among equals the lowest code: ECCO numbers a family's general
    // entry first.
    let majority = totals
        .iter()
        .max_by(|a, b| a.1.cmp(b.1).then(b.0.cmp(a.0)))
        .map_or(0, |(l, _)| *l);
    if totals.len() < 2 {
        return Grown::Leaf(majority, at.len());
    }
    let Some(q) = best_question(rows, at, &totals, tolerance) else {
        return Grown::Leaf(majority, at.len());
    };
    let (yes, no): (Vec<usize>, Vec<usize>) = at
        .iter()
        .partition(|&&g| rows[g].1.binary_search(&q).is_ok());
    Grown::Ask(
        q,
        Box::new(grow(rows, &yes, tolerance)),
        Box::new(grow(rows, &no, tolerance)),
    )
}

/// The question to ask of the games `at` (whose codes count `totals`): the lowest-numbered
/// of those whose information gain is within `tolerance` (a share) of the best; `None`
/// when no question gains anything.
fn best_question(
    rows: &[(usize, Vec<u32>)],
    at: &[usize],
    totals: &HashMap<usize, u32>,
    tolerance: f64,
) -> Option<u32> {
    let mut by_question: HashMap<u32, HashMap<usize, u32>> = HashMap::new();
    for &g in at {
        let (label, ref qs) = rows[g];
        for q in qs {
            *by_question.entry(*q).or_default().entry(label).or_default() += 1;
        }
    }
    let n = u32::try_from(at.len()).unwrap_or(u32::MAX);
    // The two branches' summed `m H(branch)`: the information gained is what it saves
    // against not asking.
    let cost = |yes: &HashMap<usize, u32>| -> f64 {
        let m: u32 = yes.values().sum();
        let mut c = nln(m) + nln(n - m);
        for (label, total) in totals {
            let y = yes.get(label).copied().unwrap_or(0);
            c -= nln(y) + nln(total - y);
        }
        c
    };
    let unsplit = cost(&HashMap::new());
    let gains: Vec<(f64, u32)> = by_question
        .iter()
        .filter(|(_, yes)| yes.values().sum::<u32>() < n)
        .map(|(q, yes)| (unsplit - cost(yes), *q))
        .collect();
    let best = gains.iter().map(|(g, _)| *g).fold(0.0, f64::max);
    if best < 1e-9 {
        return None;
    }
    gains
        .iter()
        .filter(|(g, _)| *g >= best * (1.0 - tolerance) - 1e-9)
        .map(|(_, q)| *q)
        .min()
}
