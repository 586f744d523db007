//! Perft counts from `tests/data/perft.txt`: the cheap ones in every `cargo test`, the deep ones
//! as ignored tests for `cargo test --release -- --ignored`.

use xiangqi_rules::{Position, START_FEN, perft, perft_divide};

/// The data file, one position per line: `FEN ;D<depth> <nodes> ...`.
const DATA: &str = include_str!("../data/perft.txt");

/// Depths whose count is at most this many nodes run in the default (debug) test run.
const NODE_BUDGET: u64 = 2_000_000;

/// One expected count: the line it came from, the FEN, the depth and the node count.
#[derive(Debug)]
struct Case {
    line: usize,
    fen: String,
    depth: u32,
    nodes: u64,
}

/// Every count in the data file, in file order. Panics (failing the test) on a malformed line,
/// so a typo in the data cannot silently drop a case.
fn cases() -> Vec<Case> {
    let mut out = Vec::new();
    for (i, line) in DATA.lines().enumerate() {
        let line_no = i + 1;
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let mut parts = line.split(';');
        let fen = parts.next().unwrap_or_default().trim().to_string();
        for part in parts {
            let mut words = part.split_whitespace();
            let depth = words
                .next()
                .and_then(|d| d.strip_prefix('D'))
                .and_then(|d| d.parse().ok())
                .unwrap_or_else(|| panic!("line {line_no}: bad depth in {part:?}"));
            let nodes = words
                .next()
                .and_then(|n| n.parse().ok())
                .unwrap_or_else(|| panic!("line {line_no}: bad count in {part:?}"));
            assert!(
                words.next().is_none(),
                "line {line_no}: extra text in {part:?}"
            );
            out.push(Case {
                line: line_no,
                fen: fen.clone(),
                depth,
                nodes,
            });
        }
    }
    out
}

/// Runs the cases selected by `pick`; reports every mismatch before failing.
fn run(pick: impl Fn(&Case) -> bool) -> usize {
    let mut failures = Vec::new();
    let mut ran = 0;
    for case in cases().iter().filter(|c| pick(c)) {
        let pos = Position::from_fen(&case.fen)
            .unwrap_or_else(|e| panic!("line {}: {e}: {}", case.line, case.fen));
        let got = perft(&pos, case.depth);
        ran += 1;
        if got != case.nodes {
            failures.push(format!(
                "line {} depth {}: expected {}, got {} ({})",
                case.line, case.depth, case.nodes, got, case.fen
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "perft mismatches:\n{}",
        failures.join("\n")
    );
    ran
}

#[test]
fn data_file_has_the_published_counts() {
    let all = cases();
    let start: Vec<(u32, u64)> = all
        .iter()
        .filter(|c| c.fen == START_FEN)
        .map(|c| (c.depth, c.nodes))
        .collect();
    assert_eq!(
        start,
        [
            (1, 44),
            (2, 1_920),
            (3, 79_666),
            (4, 3_290_240),
            (5, 133_312_995),
            (6, 5_392_831_844)
        ]
    );
    assert_eq!(all.len(), 63, "every count of the file is read");
    // Every FEN in the file is a valid position.
    for c in &all {
        assert!(Position::from_fen(&c.fen).is_ok(), "line {}", c.line);
    }
}

#[test]
fn counts_within_the_node_budget() {
    let ran = run(|c| c.nodes <= NODE_BUDGET);
    assert!(ran >= 40, "only {ran} counts within the budget");
}

#[test]
fn start_position_depths_one_to_four() {
    let start = Position::start();
    let got: Vec<u64> = (1..=4).map(|d| perft(&start, d)).collect();
    assert_eq!(got, [44, 1_920, 79_666, 3_290_240]);
}

#[test]
fn depth_zero_is_one_node() {
    assert_eq!(perft(&Position::start(), 0), 1);
}

#[test]
fn a_huge_depth_where_every_line_ends_at_once_is_zero() {
    // Black is mated: no line goes on, however deep the count is asked for.
    let mated = Position::from_fen("R2k5/R8/9/9/9/9/9/9/9/4K4 b").expect("valid FEN");
    assert_eq!(perft(&mated, u32::MAX), 0);
    assert!(perft_divide(&mated, u32::MAX).is_empty());
}

#[test]
fn divide_sums_to_perft_and_lists_every_root_move() {
    let pos = Position::from_fen("1cbak4/9/n2a5/2p1p3p/5cp2/2n2N3/6PCP/3AB4/2C6/3A1K1N1 w - - 0 1")
        .expect("valid FEN");
    let divide = perft_divide(&pos, 3);
    assert_eq!(divide.len(), 7);
    assert_eq!(divide.iter().map(|(_, n)| n).sum::<u64>(), 8_620);
    let mut names: Vec<String> = divide.iter().map(|(m, _)| m.to_string()).collect();
    let sorted = {
        let mut s = names.clone();
        s.sort();
        s
    };
    assert_eq!(names, sorted, "divide is sorted by ICCS text");
    names.dedup();
    assert_eq!(names.len(), 7);
}

#[test]
#[ignore = "deep perft: run with cargo test --release -- --ignored"]
fn deep_counts_above_the_node_budget() {
    let ran = run(|c| c.nodes > NODE_BUDGET && c.nodes <= 200_000_000);
    assert!(ran > 0);
}

#[test]
#[ignore = "very deep perft (5.4 billion nodes): run with cargo test --release -- --ignored"]
fn deepest_counts() {
    let ran = run(|c| c.nodes > 200_000_000);
    assert!(ran > 0);
}
