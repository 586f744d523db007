//! Everything a server says made safe to show before it reaches the program: every piece of
//! text in an event (names, chat, reasons, a PGN) has its control characters replaced, so a
//! hostile server cannot send a terminal escape sequence through a player's name.

use crate::protocol::Event;
use serde_json::Value;
use xiangqi_rules::sanitize::defuse;

/// `event` with the control characters of all its text replaced: line breaks kept in a
/// PGN, turned to spaces elsewhere.
#[must_use]
pub fn clean_event(event: Event) -> Event {
    let Ok(mut value) = serde_json::to_value(&event) else {
        return event;
    };
    if !walk(&mut value, false) {
        return event;
    }
    serde_json::from_value(value).unwrap_or(event)
}

/// Cleans every string under `value`; `lines`: keep line breaks. True if anything changed.
fn walk(value: &mut Value, lines: bool) -> bool {
    match value {
        Value::String(s) => {
            let cleaned = defuse(s, lines);
            if cleaned == s.as_str() {
                return false;
            }
            *s = cleaned.into_owned();
            true
        }
        Value::Array(items) => items
            .iter_mut()
            .fold(false, |changed, v| walk(v, lines) | changed),
        Value::Object(fields) => fields
            .iter_mut()
            .fold(false, |changed, (k, v)| walk(v, k == "pgn") | changed),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::Room;

    #[test]
    fn escapes_in_names_and_chat_are_defused_and_a_pgn_keeps_its_lines() {
        let chat = Event::Chat {
            room: Room::Lobby,
            from: "ev\u{1b}]0;pwned\u{7}il".into(),
            text: "hi\u{1b}[2J\nthere".into(),
            spectator: false,
        };
        assert_eq!(
            clean_event(chat),
            Event::Chat {
                room: Room::Lobby,
                from: "ev\u{fffd}]0;pwned\u{fffd}il".into(),
                text: "hi\u{fffd}[2J there".into(),
                spectator: false,
            }
        );
        let pgn = Event::Pgn {
            game: 1,
            pgn: "[Red \"a\"]\n\n1. 炮二平五\u{1b}[31m *\n".into(),
        };
        assert_eq!(
            clean_event(pgn),
            Event::Pgn {
                game: 1,
                pgn: "[Red \"a\"]\n\n1. 炮二平五\u{fffd}[31m *\n".into(),
            }
        );
        assert_eq!(clean_event(Event::LobbyReady), Event::LobbyReady);
    }
}
