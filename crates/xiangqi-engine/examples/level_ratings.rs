//! Development aid: the Elo ratings of the players of many matches, fitted together — the
//! levels' table comes from it.
//!
//! ```text
//! cargo run --release --example level_ratings -- RESULTS... [--anchor NAME=ELO]
//! ```
//!
//! Each `RESULTS` file holds lines of `A<TAB>B<TAB>wins<TAB>draws<TAB>losses` (A's), as
//! `engine_match --results` appends them; lines naming the same two players add up. The
//! ratings are the most likely under the logistic Elo model (a draw counts half a win), with
//! the player `--anchor` names fixed at its rating (default `eleeye depth 4=1500`). Each
//! rating's 95% margin comes from the inverse of the likelihood's curvature: what the
//! games allow it to move by with the anchor held. Draws are counted as two half-games there,
//! which overstates the spread of a drawn game's result: the margins err on the wide side.
//! Then each pairing: its games, A's score, and the score the fitted ratings expect.

use std::collections::BTreeMap;

/// What went wrong, said to the person fitting the ratings.
type Failure = Box<dyn std::error::Error>;

/// Elo points for a factor of ten in the odds.
const SCALE: f64 = 400.0;

/// One pairing's games, from the first player's view.
#[derive(Clone, Copy, Default)]
struct Tally {
    wins: u32,
    draws: u32,
    losses: u32,
}

impl Tally {
    fn games(&self) -> f64 {
        f64::from(self.wins + self.draws + self.losses)
    }

    fn points(&self) -> f64 {
        f64::from(self.wins) + f64::from(self.draws) / 2.0
    }
}

/// The score the player rated `r` expects against one rated `s`.
fn expected(r: f64, s: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf((s - r) / SCALE))
}

/// Each pairing's games, keyed by the two players' indices (the lower first).
type Pairings = BTreeMap<(usize, usize), Tally>;

/// Reads every results file: the players, by name, and each pairing's games.
fn read(paths: &[String]) -> Result<(Vec<String>, Pairings), Failure> {
    let mut names: Vec<String> = Vec::new();
    let mut pairs = Pairings::new();
    let mut index = |name: &str| match names.iter().position(|n| n == name) {
        Some(i) => i,
        None => {
            names.push(name.to_string());
            names.len() - 1
        }
    };
    for path in paths {
        let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
        for (n, line) in text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
        {
            let bad = || format!("{path} line {}: expected A, B, wins, draws, losses", n + 1);
            let fields: Vec<&str> = line.split('\t').collect();
            let [a, b, w, d, l] = fields[..] else {
                return Err(bad().into());
            };
            let count = |t: &str| t.trim().parse::<u32>().map_err(|_| bad());
            let (w, d, l) = (count(w)?, count(d)?, count(l)?);
            let (i, j) = (index(a), index(b));
            if i == j {
                return Err(format!("{path} line {}: {a} against itself", n + 1).into());
            }
            // Kept once, from the view of the player met first.
            let (key, (w, l)) = if i < j {
                ((i, j), (w, l))
            } else {
                ((j, i), (l, w))
            };
            let t = pairs.entry(key).or_default();
            t.wins += w;
            t.draws += d;
            t.losses += l;
        }
    }
    Ok((names, pairs))
}

/// The most likely ratings with player `anchor` held at `at`, by Newton's method on the
/// log-likelihood, and the curvature (Fisher information) at them, anchor left out.
fn fit(
    n: usize,
    pairs: &Pairings,
    anchor: usize,
    at: f64,
) -> Result<(Vec<f64>, Vec<Vec<f64>>), Failure> {
    let mut r = vec![at; n];
    let k = std::f64::consts::LN_10 / SCALE;
    let free: Vec<usize> = (0..n).filter(|&i| i != anchor).collect();
    for _ in 0..200 {
        let mut grad = vec![0.0; n];
        let mut info = vec![vec![0.0; n]; n];
        for (&(i, j), t) in pairs {
            let e = expected(r[i], r[j]);
            let g = k * (t.points() - t.games() * e);
            grad[i] += g;
            grad[j] -= g;
            let w = k * k * t.games() * e * (1.0 - e);
            info[i][i] += w;
            info[j][j] += w;
            info[i][j] -= w;
            info[j][i] -= w;
        }
        let sub: Vec<Vec<f64>> = free
            .iter()
            .map(|&a| free.iter().map(|&b| info[a][b]).collect())
            .collect();
        let g: Vec<f64> = free.iter().map(|&a| grad[a]).collect();
        let step = solve(&sub, &g).ok_or("the games do not tie every player to the anchor")?;
        let mut largest: f64 = 0.0;
        for (&a, s) in free.iter().zip(&step) {
            // A player who won or lost every game has no finite rating: steps are capped so
            // that it drifts far off rather than the fit failing.
            let s = s.clamp(-400.0, 400.0);
            r[a] += s;
            largest = largest.max(s.abs());
        }
        if largest < 1e-6 {
            return Ok((r, sub));
        }
    }
    Err("the fit did not settle: some player won or lost every game"
        .to_string()
        .into())
}

/// `x` with `m x = b` (Gaussian elimination with partial pivoting); `None` if `m` is
/// singular.
fn solve(m: &[Vec<f64>], b: &[f64]) -> Option<Vec<f64>> {
    let n = b.len();
    let mut a: Vec<Vec<f64>> = m
        .iter()
        .zip(b)
        .map(|(row, &v)| row.iter().copied().chain([v]).collect())
        .collect();
    for c in 0..n {
        let p = (c..n).max_by(|&x, &y| a[x][c].abs().total_cmp(&a[y][c].abs()))?;
        if a[p][c].abs() < 1e-12 {
            return None;
        }
        a.swap(c, p);
        let pivot = a[c].clone();
        for (r, row) in a.iter_mut().enumerate() {
            if r != c {
                let f = row[c] / pivot[c];
                for (x, p) in row.iter_mut().zip(&pivot).skip(c) {
                    *x -= f * p;
                }
            }
        }
    }
    Some((0..n).map(|i| a[i][n] / a[i][i]).collect())
}

/// The 95% margin of each free player's rating: 1.96 times the square root of its
/// diagonal entry in the inverse of the curvature.
fn margins(info: &[Vec<f64>]) -> Option<Vec<f64>> {
    let n = info.len();
    (0..n)
        .map(|i| {
            let unit: Vec<f64> = (0..n).map(|j| f64::from(u8::from(i == j))).collect();
            solve(info, &unit).map(|col| 1.96 * col[i].max(0.0).sqrt())
        })
        .collect()
}

fn main() {
    let mut files = Vec::new();
    let mut anchor = ("eleeye depth 4".to_string(), 1500.0);
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        if arg == "--anchor" {
            let given = args.next().unwrap_or_default();
            let parsed = given
                .rsplit_once('=')
                .and_then(|(name, elo)| Some((name.to_string(), elo.parse().ok()?)));
            anchor = parsed.unwrap_or_else(|| {
                eprintln!("level_ratings: --anchor {given}: expected NAME=ELO");
                std::process::exit(2);
            });
        } else {
            files.push(arg);
        }
    }
    if let Err(e) = run(&files, &anchor) {
        eprintln!("level_ratings: {e}");
        std::process::exit(1);
    }
}

fn run(files: &[String], (anchor_name, at): &(String, f64)) -> Result<(), Failure> {
    let (names, pairs) = read(files)?;
    let anchor = names
        .iter()
        .position(|n| n == anchor_name)
        .ok_or_else(|| format!("no games of the anchor {anchor_name:?}"))?;
    let (r, info) = fit(names.len(), &pairs, anchor, *at)?;
    let spread = margins(&info).ok_or("the curvature cannot be inverted")?;
    let mut order: Vec<usize> = (0..names.len()).collect();
    order.sort_by(|&a, &b| r[a].total_cmp(&r[b]));
    println!("| player | Elo | 95% margin | games |");
    println!("| --- | --- | --- | --- |");
    for &i in &order {
        let games: f64 = pairs
            .iter()
            .filter(|((a, b), _)| *a == i || *b == i)
            .map(|(_, t)| t.games())
            .sum();
        let margin = if i == anchor {
            "anchor".to_string()
        } else {
            let at = if i < anchor { i } else { i - 1 };
            format!("±{:.0}", spread[at])
        };
        println!("| {} | {:.0} | {margin} | {games} |", names[i], r[i]);
    }
    println!();
    println!("| A | B | games | A's W/D/L | A's score | expected |");
    println!("| --- | --- | --- | --- | --- | --- |");
    for (&(i, j), t) in &pairs {
        println!(
            "| {} | {} | {} | {}/{}/{} | {:.1}% | {:.1}% |",
            names[i],
            names[j],
            t.games(),
            t.wins,
            t.draws,
            t.losses,
            100.0 * t.points() / t.games(),
            100.0 * expected(r[i], r[j])
        );
    }
    Ok(())
}
