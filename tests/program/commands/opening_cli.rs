//! `xiangqi opening` and `xiangqi convert --eco`, run as processes.

use crate::common::process;
use std::path::{Path, PathBuf};

use process::{run, text};

fn masters() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("crates/xiangqi-records/tests/data/openings/masters-200.pgn")
}

/// The `[ECCO]` tags of a PGN text, in order.
fn eco_tags(pgn: &str) -> Vec<String> {
    pgn.lines()
        .filter_map(|l| l.trim().strip_prefix("[ECCO \""))
        .map(|rest| rest.trim_end_matches("\"]").to_string())
        .collect()
}

/// The codes `opening` printed, in order, checking each line's shape and number.
fn printed_codes(stdout: &str) -> Vec<String> {
    stdout
        .lines()
        .enumerate()
        .map(|(i, line)| {
            let fields: Vec<&str> = line.split('\t').collect();
            assert_eq!(fields.len(), 3, "line {}: {line:?}", i + 1);
            assert_eq!(fields[0], (i + 1).to_string(), "{line:?}");
            fields[1].to_string()
        })
        .collect()
}

#[test]
fn prints_a_line_per_game_with_the_code_the_masters_record_gives() {
    let out = run(&["opening", &masters().to_string_lossy()], None);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let codes = printed_codes(&stdout);
    let bytes = std::fs::read(masters()).expect("sample");
    let wanted: Vec<String> = xiangqi_records::pgn::read_each(&bytes)
        .into_iter()
        .map(|g| {
            g.ok()
                .and_then(|g| g.tag("ECCO").map(str::to_string))
                .unwrap_or_default()
        })
        .collect();
    assert_eq!(codes.len(), 200);
    let same = codes.iter().zip(&wanted).filter(|(a, b)| a == b).count();
    // These games taught the table, so it must give back nearly all of them.
    assert!(same >= 195, "{same} of 200 agree");
    assert!(
        stdout
            .lines()
            .next()
            .is_some_and(|l| l.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)))
    );
}

#[test]
fn reads_standard_input_and_marks_games_from_another_position() {
    let input = "1. h2e2 h9g7 2. h0g2 i9h9 3. i0h0 b9c7 *\n\n[FEN \"3k5/9/9/9/9/9/9/9/9/4K4 w - - 0 1\"]\n\n1. e0e1 *\n";
    let out = run(&["opening", "-", "--english"], Some(input.as_bytes()));
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 2, "{stdout}");
    // A game that stops where the masters' games still part ways gets its family's
    // general code.
    assert_eq!(
        lines[0], "1\tC00\tCentral Cannon vs Screen Horses",
        "{stdout}"
    );
    assert_eq!(lines[1], "2\t-\t-");
    let trad = run(&["opening", "-", "--traditional"], Some(input.as_bytes()));
    assert!(text(&trad.stdout).contains('對'), "{}", text(&trad.stdout));
}

#[test]
fn a_file_that_cannot_be_read_exits_2_with_its_name() {
    let out = run(&["opening", "/nonexistent/games.pgn"], None);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        text(&out.stderr).contains("games.pgn"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn convert_eco_adds_the_tags_that_opening_prints_and_keeps_existing_ones() {
    let bytes = std::fs::read(masters()).expect("sample");
    let pgn = String::from_utf8(
        run(
            &["convert", &masters().to_string_lossy(), "--to", "iccs"],
            None,
        )
        .stdout,
    )
    .expect("utf-8");
    // Without their codes, the games get them back from the classification.
    let bare: String = pgn
        .lines()
        .filter(|l| !l.starts_with("[ECCO "))
        .map(|l| format!("{l}\n"))
        .collect();
    assert!(eco_tags(&bare).is_empty());
    let tagged = run(
        &["convert", "-", "--to", "iccs", "--eco"],
        Some(bare.as_bytes()),
    );
    assert_eq!(tagged.status.code(), Some(0), "{}", text(&tagged.stderr));
    let tagged = text(&tagged.stdout);
    let added = eco_tags(&tagged);
    assert_eq!(added.len(), 200);
    assert_eq!(tagged.matches("[Opening \"").count(), 200);
    let printed = printed_codes(&text(&run(&["opening", "-"], Some(bare.as_bytes())).stdout));
    assert_eq!(added, printed);
    // The tags round-trip: reading the tagged file again prints the same codes.
    let again = printed_codes(&text(
        &run(&["opening", "-"], Some(tagged.as_bytes())).stdout,
    ));
    assert_eq!(again, printed);
    // A game with a code keeps it (and gets its name); nothing is added twice.
    let kept = run(
        &[
            "convert",
            &masters().to_string_lossy(),
            "--to",
            "iccs",
            "--eco",
        ],
        None,
    );
    let kept = text(&kept.stdout);
    let original = eco_tags(&String::from_utf8_lossy(&bytes));
    assert_eq!(eco_tags(&kept), original);
    assert_eq!(kept.matches("[Opening \"").count(), 200);
}
