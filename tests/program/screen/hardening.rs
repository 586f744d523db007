//! The real `xiangqi` binary in a pseudo-terminal, for what hardening fixed on screen: a
//! refused typed move keeps its reason readable however long the typed text is.

use crate::common;

use common::Session;
use xiangqi_rules::{Position, parse_move};

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
        // The whole reason is in view, next to the prompt (on its line, or wrapped just above
        // it when the typed text leaves no room), and the prompt stays open.
        s.wait_for(&reason);
        // A loaded machine can pause between two writes of one frame: look again a few times
        // before judging the layout.
        let rows_of = |screen: &str| {
            let lines: Vec<&str> = screen.lines().collect();
            let reason_row = lines.iter().position(|l| l.contains(&reason));
            let prompt_row = lines.iter().rposition(|l| l.trim_start().starts_with(':'));
            (reason_row, prompt_row)
        };
        let mut screen = s.screen();
        for _ in 0..20 {
            if matches!(rows_of(&screen), (Some(r), Some(p)) if r <= p && p - r <= 3) {
                break;
            }
            s.pump(std::time::Duration::from_millis(100));
            screen = s.screen();
        }
        let (reason_row, prompt_row) = rows_of(&screen);
        assert!(
            matches!((reason_row, prompt_row), (Some(r), Some(p)) if r <= p && p - r <= 3),
            "{cols}x{rows}: reason on row {reason_row:?}, prompt on row {prompt_row:?}\n{screen}"
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
