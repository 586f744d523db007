//! The evaluation's tuner: fits the weights of `src/engine/eval/weights.rs` to the results
//! of real games by the logistic ("Texel") loss, and writes them back as that file's source,
//! so that rebuilding applies them.
//!
//! ```text
//! cargo run --release --example tune -- GAMES.pgn... [--selfplay FILE]... [--out FILE]
//!     [--epochs N] [--holdout N] [--reg L] [--lr CP] [--skip PLIES] [--credit TEXT]
//! ```
//!
//! Positions: every position of each game's main line from ply `--skip` (default 8) on that
//! is quiet — the side to move not in check, the move before it not a capture and the move
//! played from it not one either (a master who did not capture had nothing to win at once,
//! so the static evaluation can judge the position without a quiescence search). Each is
//! labelled with its game's result from red's view (1, ½, 0; games without a result are
//! passed over). `--selfplay FILE` adds the games of a PGN file our engine played (e.g.
//! `engine_match --pgn-out`), labelled the same way. Every `--holdout`th game (default 10)
//! is held out of the fit and only measured.
//!
//! The fit: the evaluation from red's view is a dot product `e` of the weights and the
//! position's features (`xiangqi_engine::features`); the loss is the mean of
//! `(result − sigmoid(K·e))²`. First `K` is chosen for the current weights, then the
//! weights move by Adam (full batch, `--lr` centipawns a step, `--epochs` steps, default
//! 400) on that loss plus `--reg` (default 6e-9) times the squared distance of each weight
//! from its current value, which keeps a piece's worth from running off where the results
//! alone say little. The loss before and after, on the fitted and the held-out games, is
//! printed; with `--out FILE` the weights are written there as Rust source (atomically).

use std::io::Write;
use std::time::Instant;
use xiangqi_engine::features::{self, LEN, SCALAR_START, SCALARS, TABLE_LEN, TABLES, Weights};
use xiangqi_records::pgn::{GameReader, PgnResult};
use xiangqi_rules::Position;

/// What went wrong, said to the person running the tool.
type Failure = Box<dyn std::error::Error>;

struct Options {
    games: Vec<String>,
    selfplay: Vec<String>,
    out: Option<String>,
    epochs: usize,
    holdout: usize,
    reg: f64,
    lr: f64,
    skip: usize,
    credit: Vec<String>,
}

fn parse(mut args: impl Iterator<Item = String>) -> Result<Options, Failure> {
    let mut o = Options {
        games: Vec::new(),
        selfplay: Vec::new(),
        out: None,
        epochs: 400,
        holdout: 10,
        reg: 6e-9,
        lr: 1.0,
        skip: 8,
        credit: Vec::new(),
    };
    while let Some(arg) = args.next() {
        if !arg.starts_with("--") {
            o.games.push(arg);
            continue;
        }
        let value = args.next().ok_or(format!("{arg} needs a value"))?;
        match arg.as_str() {
            "--selfplay" => o.selfplay.push(value),
            "--out" => o.out = Some(value),
            "--epochs" => o.epochs = number(&arg, &value)?,
            "--holdout" => o.holdout = number(&arg, &value)?,
            "--reg" => o.reg = number(&arg, &value)?,
            "--lr" => o.lr = number(&arg, &value)?,
            "--skip" => o.skip = number(&arg, &value)?,
            "--credit" => o.credit.push(value),
            _ => return Err(format!("unknown option {arg}").into()),
        }
    }
    if o.games.is_empty() && o.selfplay.is_empty() {
        return Err("no game files given (GAMES.pgn or --selfplay FILE)".into());
    }
    if o.holdout < 2 {
        return Err(format!(
            "--holdout {}: every Nth game is held out, N at least 2",
            o.holdout
        )
        .into());
    }
    if !(o.reg >= 0.0 && o.lr > 0.0) {
        return Err("--reg must be 0 or more and --lr more than 0".into());
    }
    Ok(o)
}

/// The number given to `flag`, or a message naming both.
fn number<T: std::str::FromStr>(flag: &str, text: &str) -> Result<T, Failure>
where
    T::Err: std::fmt::Display,
{
    text.parse()
        .map_err(|e| format!("{flag} {text}: {e}").into())
}

/// Positions as sparse rows of features from red's view, with their labels.
#[derive(Default)]
struct Set {
    /// Row `r` is `idx[start[r]..start[r + 1]]` (with `val` alongside).
    start: Vec<usize>,
    idx: Vec<u32>,
    val: Vec<f32>,
    label: Vec<f32>,
}

impl Set {
    fn push(&mut self, pos: &Position, label: f32) {
        if self.start.is_empty() {
            self.start.push(0);
        }
        let sign = if pos.turn() == xiangqi_rules::Color::Red {
            1.0
        } else {
            -1.0
        };
        for (i, x) in features::features(pos) {
            self.idx.push(i as u32);
            self.val.push(sign * x);
        }
        self.start.push(self.idx.len());
        self.label.push(label);
    }

    fn len(&self) -> usize {
        self.label.len()
    }

    /// Row `r`'s evaluation from red's view.
    fn eval(&self, r: usize, w: &[f64]) -> f64 {
        let (a, b) = (self.start[r], self.start[r + 1]);
        self.idx[a..b]
            .iter()
            .zip(&self.val[a..b])
            .map(|(&i, &x)| w[i as usize] * f64::from(x))
            .sum()
    }
}

fn sigmoid(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// The mean of `(result − sigmoid(K·e))²` over the set.
fn loss(set: &Set, w: &[f64], k: f64) -> f64 {
    if set.len() == 0 {
        return f64::NAN;
    }
    let sum: f64 = (0..set.len())
        .map(|r| (f64::from(set.label[r]) - sigmoid(k * set.eval(r, w))).powi(2))
        .sum();
    sum / set.len() as f64
}

/// What the reading of the game files found.
#[derive(Default)]
struct Tally {
    games: usize,
    unreadable: usize,
    no_result: usize,
}

/// Adds the quiet positions of every game of `path` to `train`, or to `test` for every
/// `holdout`th game (counted over all files by `tally.games`).
fn read_file(
    path: &str,
    o: &Options,
    tally: &mut Tally,
    train: &mut Set,
    test: &mut Set,
) -> Result<(), Failure> {
    let bytes = std::fs::read(path).map_err(|e| format!("{path}: {e}"))?;
    for game in GameReader::new(bytes.as_slice()) {
        let Ok(game) = game else {
            tally.unreadable += 1;
            continue;
        };
        let label = match game.result() {
            PgnResult::RedWins => 1.0,
            PgnResult::Draw => 0.5,
            PgnResult::BlackWins => 0.0,
            PgnResult::Unknown => {
                tally.no_result += 1;
                continue;
            }
        };
        tally.games += 1;
        let set = if tally.games.is_multiple_of(o.holdout) {
            &mut *test
        } else {
            &mut *train
        };
        let mut pos = game.start().clone();
        let mut took = false;
        for (ply, &m) in game.moves().iter().enumerate() {
            let takes = pos.piece_at(m.to).is_some();
            if ply >= o.skip && !took && !takes && !pos.is_check() {
                set.push(&pos, label);
            }
            took = takes;
            match pos.play(m) {
                Ok(next) => pos = next,
                // The reader checked every move; a game that still goes wrong ends here.
                Err(_) => break,
            }
        }
    }
    Ok(())
}

/// The `K` that fits the current weights best (a golden-section search on its logarithm).
fn fit_k(set: &Set, w: &[f64]) -> f64 {
    let f = |lk: f64| loss(set, w, lk.exp());
    let (mut a, mut b) = ((1e-4f64).ln(), (5e-2f64).ln());
    let g = (5f64.sqrt() - 1.0) / 2.0;
    let (mut c, mut d) = (b - g * (b - a), a + g * (b - a));
    let (mut fc, mut fd) = (f(c), f(d));
    for _ in 0..40 {
        if fc < fd {
            (b, d, fd) = (d, c, fc);
            c = b - g * (b - a);
            fc = f(c);
        } else {
            (a, c, fc) = (c, d, fd);
            d = a + g * (b - a);
            fd = f(d);
        }
    }
    ((a + b) / 2.0).exp()
}

/// The gradient of the loss (without the pull towards `w0`) over the set.
fn gradient(set: &Set, w: &[f64], k: f64) -> Vec<f64> {
    let mut g = vec![0.0; w.len()];
    let n = set.len() as f64;
    for r in 0..set.len() {
        let s = sigmoid(k * set.eval(r, w));
        let d = 2.0 * (s - f64::from(set.label[r])) * s * (1.0 - s) * k / n;
        let (a, b) = (set.start[r], set.start[r + 1]);
        for (&i, &x) in set.idx[a..b].iter().zip(&set.val[a..b]) {
            g[i as usize] += d * f64::from(x);
        }
    }
    g
}

/// Whether weight `i` is held at its value: the soldiers before the river, in all four
/// soldier tables. They are the unit of the scale (which `K` and the weights could otherwise
/// trade against each other), and the results alone mislead about them: a soldier left at
/// home late in a game says more about the game than about the soldier (a fit that freed
/// them valued the third-file soldier's first step at 76, and the search opened with it).
fn held(i: usize) -> bool {
    let (table, cell) = (i / TABLE_LEN, i % TABLE_LEN);
    let soldier = TABLES
        .get(table)
        .is_some_and(|t| t.name.starts_with("SOLDIER"));
    // Rows 5 and 6 of a table (red's ranks 4 and 3) are before the river.
    soldier && (25..35).contains(&cell)
}

/// Adam on the loss plus `reg·Σ(w − w0)²`, printing the losses now and then; the weights
/// [`held`] keep their values.
fn fit(train: &Set, test: &Set, w0: &[f64], k: f64, o: &Options) -> Vec<f64> {
    let (b1, b2, eps) = (0.9f64, 0.999f64, 1e-12f64);
    let mut w = w0.to_vec();
    let (mut m, mut v) = (vec![0.0; w.len()], vec![0.0; w.len()]);
    let clock = Instant::now();
    for step in 1..=o.epochs {
        let mut g = gradient(train, &w, k);
        for i in (0..w.len()).filter(|&i| !held(i)) {
            g[i] += 2.0 * o.reg * (w[i] - w0[i]);
            m[i] = b1 * m[i] + (1.0 - b1) * g[i];
            v[i] = b2 * v[i] + (1.0 - b2) * g[i] * g[i];
            let mh = m[i] / (1.0 - b1.powi(step as i32));
            let vh = v[i] / (1.0 - b2.powi(step as i32));
            w[i] -= o.lr * mh / (vh.sqrt() + eps);
        }
        if step % 50 == 0 || step == o.epochs {
            println!(
                "epoch {step:>4}: train {:.6}, held out {:.6} ({:.0} s)",
                loss(train, &w, k),
                loss(test, &w, k),
                clock.elapsed().as_secs_f64()
            );
        }
    }
    w
}

/// Prints each table's mean over the points the fitted positions use (a piece's worth),
/// the single weights, and the table entries that moved most.
fn changes(train: &Set, before: &[f64], after: &[f64]) {
    let mut used = vec![false; LEN];
    for &i in &train.idx {
        used[i as usize] = true;
    }
    println!("tables, mean over the points in use:");
    for (t, spec) in TABLES.iter().enumerate() {
        let cells: Vec<usize> = (t * TABLE_LEN..(t + 1) * TABLE_LEN)
            .filter(|&i| used[i])
            .collect();
        let mean = |w: &[f64]| cells.iter().map(|&i| w[i]).sum::<f64>() / cells.len() as f64;
        if !cells.is_empty() {
            println!(
                "  {:<20} {:>6.0} -> {:>6.0}",
                spec.name,
                mean(before),
                mean(after)
            );
        }
    }
    println!("single weights:");
    for (k, spec) in SCALARS.iter().enumerate() {
        let i = SCALAR_START + k;
        println!(
            "  {:<20} {:>6.0} -> {:>6.0}",
            spec.name, before[i], after[i]
        );
    }
    let mut moved: Vec<usize> = (0..SCALAR_START).collect();
    moved.sort_by(|&a, &b| {
        let d = |i: usize| (after[i] - before[i]).abs();
        d(b).total_cmp(&d(a))
    });
    println!("table entries that moved most (row 0 = rank 9 for red, file 0 = a/i):");
    for &i in moved.iter().take(15) {
        println!(
            "  {:<24} {:>6.0} -> {:>6.0}",
            Weights::name(i),
            before[i],
            after[i]
        );
    }
}

/// Writes `text` to `path` through a temporary file beside it, so that a reader sees the
/// old file or the new one, never half of one.
fn write_atomically(path: &str, text: &str) -> Result<(), Failure> {
    let tmp = format!("{path}.tmp");
    let mut f = std::fs::File::create(&tmp).map_err(|e| format!("--out {tmp}: {e}"))?;
    f.write_all(text.as_bytes())
        .and_then(|()| f.sync_all())
        .map_err(|e| format!("--out {tmp}: {e}"))?;
    std::fs::rename(&tmp, path).map_err(|e| format!("--out {path}: {e}").into())
}

/// The file's header: what the weights are and how they were made.
fn header(o: &Options, k: f64, losses: [f64; 4], sizes: [usize; 2]) -> String {
    let name = |p: &String| {
        std::path::Path::new(p)
            .file_name()
            .map_or(p.clone(), |n| n.to_string_lossy().into_owned())
    };
    let files: Vec<String> = o.games.iter().chain(&o.selfplay).map(name).collect();
    let mut lines = vec![
        "The evaluation's weights, written by `examples/tune.rs` (docs/guide/engine.md".to_string(),
        "says how to rebuild them). Tables are from red's side as a player sees the board: the"
            .to_string(),
        "first row is black's back rank (rank 9), the last red's (rank 0); black reads them"
            .to_string(),
        "upside down. Each holds what a piece is worth on each point, its material included;"
            .to_string(),
        "mirror files hold the same weight.".to_string(),
        String::new(),
        format!("Fitted to the results of games from {}:", files.join(", ")),
        format!(
            "{} positions fitted, {} held out (every {}th game); K = {k:.6};",
            sizes[0], sizes[1], o.holdout
        ),
        format!(
            "loss fitted {:.5} -> {:.5}, held out {:.5} -> {:.5}; {} epochs, reg {:e}.",
            losses[0], losses[1], losses[2], losses[3], o.epochs, o.reg
        ),
    ];
    for c in &o.credit {
        lines.push(format!("Data: {c}."));
    }
    let mut out = String::new();
    for l in lines {
        out += if l.is_empty() { "//!" } else { "//! " };
        out += &l;
        out += "\n";
    }
    out
}

fn run(o: &Options) -> Result<(), Failure> {
    let clock = Instant::now();
    let (mut train, mut test, mut tally) = (Set::default(), Set::default(), Tally::default());
    for path in o.games.iter().chain(&o.selfplay) {
        read_file(path, o, &mut tally, &mut train, &mut test)?;
    }
    println!(
        "{} games ({} unreadable, {} without a result passed over): {} positions to fit, \
         {} held out ({:.0} s)",
        tally.games,
        tally.unreadable,
        tally.no_result,
        train.len(),
        test.len(),
        clock.elapsed().as_secs_f64()
    );
    if train.len() == 0 || test.len() == 0 {
        return Err("too few quiet positions to fit and to hold out".into());
    }
    let w0: Vec<f64> = Weights::current().0.iter().map(|&x| f64::from(x)).collect();
    assert_eq!(w0.len(), LEN);
    let k = fit_k(&train, &w0);
    let before = [loss(&train, &w0, k), loss(&test, &w0, k)];
    println!(
        "K = {k:.6}; loss before: train {:.6}, held out {:.6}",
        before[0], before[1]
    );
    let w = fit(&train, &test, &w0, k, o);
    let after = [loss(&train, &w, k), loss(&test, &w, k)];
    println!(
        "loss after: train {:.6}, held out {:.6}",
        after[0], after[1]
    );
    changes(&train, &w0, &w);
    if let Some(path) = &o.out {
        let weights = Weights(w.iter().map(|&x| x as f32).collect());
        let losses = [before[0], after[0], before[1], after[1]];
        let text = header(o, k, losses, [train.len(), test.len()]) + "\n" + &weights.source();
        write_atomically(path, &text)?;
        println!("wrote {path}");
    }
    Ok(())
}

fn main() {
    let o = parse(std::env::args().skip(1)).unwrap_or_else(|e| {
        eprintln!("tune: {e}");
        std::process::exit(2);
    });
    // A file named on the command line that cannot be read is bad input, found up front.
    for path in o.games.iter().chain(&o.selfplay) {
        if let Err(e) = std::fs::File::open(path) {
            eprintln!("tune: {path}: {e}");
            std::process::exit(2);
        }
    }
    if let Err(e) = run(&o) {
        eprintln!("tune: {e}");
        std::process::exit(1);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A few positions with made-up results: red to move and black to move.
    fn small_set() -> Set {
        let mut set = Set::default();
        let fens = [
            (
                "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w",
                0.5,
            ),
            (
                "r1bakabnr/9/1cn4c1/p1p1p1p1p/9/2P6/P3P1P1P/1C2C4/9/RNBAKABNR b",
                0.0,
            ),
            ("3akab2/9/4b4/p3p3p/2p6/6P2/P3P3P/4B4/4A4/2BAK4 w", 1.0),
            ("2bak4/4a4/4b4/9/2p6/6c2/9/2N1B4/4A4/3AK1B2 b", 0.5),
            ("4k4/9/4b4/9/9/9/9/3R5/4A4/2r1K4 w", 1.0),
        ];
        for (fen, label) in fens {
            set.push(&Position::from_fen(fen).expect("test FEN is valid"), label);
        }
        set
    }

    fn parse_from(args: &[&str]) -> Options {
        parse(args.iter().map(|a| a.to_string())).expect("valid options")
    }

    #[test]
    fn bad_options_are_refused_with_what_is_wrong() {
        let err = |args: &[&str]| {
            parse(args.iter().map(|a| a.to_string()))
                .err()
                .map(|e| e.to_string())
        };
        assert!(err(&["a.pgn", "--holdout", "1"]).is_some_and(|e| e.contains("--holdout 1")));
        assert!(err(&["a.pgn", "--epochs", "x"]).is_some_and(|e| e.contains("--epochs x")));
        assert!(err(&["a.pgn", "--frobnicate", "1"]).is_some_and(|e| e.contains("--frobnicate")));
        assert!(err(&["--out", "w.rs"]).is_some_and(|e| e.contains("no game files")));
        assert!(err(&["a.pgn", "--out"]).is_some_and(|e| e.contains("--out needs a value")));
        let o = parse_from(&["a.pgn", "--selfplay", "b.pgn", "--holdout", "5"]);
        assert_eq!((o.games.len(), o.selfplay.len(), o.holdout), (1, 1, 5));
    }

    fn current() -> Vec<f64> {
        Weights::current().0.iter().map(|&x| f64::from(x)).collect()
    }

    #[test]
    fn rows_hold_the_evaluation_from_reds_view() {
        let set = small_set();
        let w = current();
        let black = Position::from_fen("2bak4/4a4/4b4/9/2p6/6c2/9/2N1B4/4A4/3AK1B2 b")
            .expect("test FEN is valid");
        let own = features::dot(&Weights::current(), &features::features(&black));
        assert!((set.eval(3, &w) + f64::from(own)).abs() < 1e-3);
        assert!(set.eval(0, &w) > 0.0, "red has the move at the start");
    }

    #[test]
    fn the_gradient_is_the_slope_of_the_loss() {
        let set = small_set();
        let w = current();
        let k = 0.003;
        let g = gradient(&set, &w, k);
        let mut checked = 0;
        for &i in set.idx.iter().take(40) {
            let i = i as usize;
            let h = 1.0;
            let (mut up, mut down) = (w.clone(), w.clone());
            up[i] += h;
            down[i] -= h;
            let slope = (loss(&set, &up, k) - loss(&set, &down, k)) / (2.0 * h);
            assert!(
                (slope - g[i]).abs() <= 1e-6 + 1e-3 * slope.abs(),
                "{}: slope {slope}, gradient {}",
                Weights::name(i),
                g[i]
            );
            checked += usize::from(g[i] != 0.0);
        }
        assert!(checked > 10, "only {checked} weights had a gradient");
    }

    #[test]
    fn k_is_found_where_the_results_follow_the_evaluation() {
        // Results exactly sigmoid(0.004·e): the best K is 0.004.
        let mut set = small_set();
        let w = current();
        for r in 0..set.len() {
            set.label[r] = sigmoid(0.004 * set.eval(r, &w)) as f32;
        }
        let k = fit_k(&set, &w);
        assert!((k - 0.004).abs() < 1e-4, "{k}");
    }

    #[test]
    fn the_fit_lowers_the_loss_and_the_pull_keeps_it_near() {
        let set = small_set();
        let w0 = current();
        let k = 0.003;
        let mut o = parse_from(&["x.pgn", "--epochs", "100", "--reg", "0"]);
        let free = fit(&set, &set, &w0, k, &o);
        assert!(loss(&set, &free, k) < loss(&set, &w0, k) - 1e-3);
        // The soldiers before the river stay as they were: 2 rows of 5 in 4 tables.
        let held: Vec<usize> = (0..LEN).filter(|&i| held(i)).collect();
        assert_eq!(held.len(), 40);
        assert!(held.iter().all(|&i| free[i] == w0[i]));
        assert!(set.idx.iter().any(|&i| held.contains(&(i as usize))));
        o.reg = 1e-3;
        let held = fit(&set, &set, &w0, k, &o);
        let dist = |w: &[f64]| w.iter().zip(&w0).map(|(a, b)| (a - b).powi(2)).sum::<f64>();
        assert!(
            dist(&held) < dist(&free) / 4.0,
            "{} {}",
            dist(&held),
            dist(&free)
        );
    }
}
