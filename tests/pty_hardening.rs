//! The real `xiangqi` binary in a pseudo-terminal, for what hardening fixed on screen: a
//! refused typed move keeps its reason readable however long the typed text is.

mod common;

use common::Session;
use xiangqi::{Position, parse_move};

#[test]
fn a_refused_move_that_fills_the_prompt_keeps_its_reason_in_view() {
    for (cols, rows, text) in [
        (80, 24, "h2e3".repeat(30)),
        (120, 40, "h2e3".repeat(40)),
        (80, 24, "炮二平五".repeat(20)),
    ] {
        let reason = match parse_move(&Position::start(), &text) {
            Ok(m) => panic!("{text} was read as {m}"),
            Err(e) => e.kind.to_string(),
        };
        let mut s = Session::start(&[], cols, rows);
        s.wait_for("xiangqi");
        s.send(b":");
        s.wait_for("Enter plays");
        s.send(text.as_bytes());
        s.send(b"\r");
        // The whole reason, on the prompt's line.
        s.wait_for(&reason);
        let line = s
            .screen()
            .lines()
            .find(|l| l.contains(&reason))
            .map(str::to_string);
        assert!(
            line.as_deref()
                .is_some_and(|l| l.trim_start().starts_with(':')),
            "{cols}x{rows}: {line:?}\n{}",
            s.screen()
        );
        // The next key clears the reason and the text shows again, filling the line.
        s.send(b"\x7f");
        let tail: String = text
            .chars()
            .rev()
            .skip(1)
            .take(6)
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect();
        s.wait_for(&tail);
        assert!(!s.screen().contains(&reason), "{}", s.screen());
        s.send(b"\x1bq");
    }
}
