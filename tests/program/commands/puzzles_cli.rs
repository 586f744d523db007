//! `xiangqi puzzles --export`: every shipped puzzle, one a line, tab-separated, as the real
//! binary prints them.

use std::process::{Command, Output, Stdio};
use xiangqi_rules::{Move, Position};

fn xiangqi(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_xiangqi"))
        .args(args)
        .env("XDG_CONFIG_HOME", "/nonexistent")
        .stdin(Stdio::null())
        .output()
        .unwrap_or_else(|e| panic!("cannot run xiangqi: {e}"))
}

#[test]
fn export_prints_every_shipped_puzzle_in_six_tab_separated_fields() {
    let out = xiangqi(&["puzzles", "--export"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).expect("UTF-8");
    let shipped = xiangqi_engine::puzzle::shipped().expect("the shipped puzzles read");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), shipped.len());
    assert!(lines.len() > 75, "the tactics follow the 75 mates");
    let mut ids = std::collections::BTreeSet::new();
    for (line, entry) in lines.iter().zip(&shipped) {
        let fields: Vec<&str> = line.split('\t').collect();
        let [id, fen, solution, rating, themes, source] = fields[..] else {
            panic!("not six fields: {line}");
        };
        assert!(ids.insert(id.to_string()), "id {id} twice");
        assert_eq!(id, entry.id);
        // The solution replays from the FEN, the solver's move first and last.
        let mut pos = Position::from_fen(fen).expect("a FEN");
        let moves: Vec<&str> = solution.split(' ').collect();
        assert_eq!(moves.len() % 2, 1, "{line}");
        for m in moves {
            let mv: Move = m.parse().expect("ICCS");
            pos = pos.play(mv).unwrap_or_else(|e| panic!("{id}: {m}: {e}"));
        }
        assert!(
            rating
                .parse::<u32>()
                .is_ok_and(|r| (100..=4000).contains(&r))
        );
        assert!(
            themes
                .split(',')
                .all(|t| t.is_empty() || t.parse::<xiangqi_engine::puzzle::Theme>().is_ok())
        );
        assert!(!source.is_empty(), "{id}");
    }
    assert!(lines[0].starts_with("mate-01\t"));
    assert!(lines.iter().filter(|l| l.starts_with("mate-")).count() == 75);
}

#[test]
fn puzzles_without_export_is_refused_as_bad_input() {
    let out = xiangqi(&["puzzles"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("--export"));
}
