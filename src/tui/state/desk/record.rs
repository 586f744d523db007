//! A desk's record: the tags its game carries (players, event, a loaded record's own), the
//! result the record states, and the game as PGN for saving and for the autosave.

use super::Desk;
use super::FILE_STYLE;
use crate::tui::store::autosave;
use crate::tui::store::files::Stamp;
use crate::tui::store::saved::Record;
use std::time::Duration;
use xiangqi::pgn::{PgnResult, write_pgn};

impl Desk {
    /// The record's tags (a loaded game's, or the names given), empty for a new game.
    #[must_use]
    pub fn tags(&self) -> &[(String, String)] {
        self.record.as_ref().map_or(&[], |r| r.tags.as_slice())
    }

    /// The value of the tag `name`, empty if there is none.
    #[must_use]
    pub fn tag(&self, name: &str) -> &str {
        self.record.as_ref().and_then(|r| r.tag(name)).unwrap_or("")
    }

    /// Gives the game a record (`--red`, `--black` on a new game).
    pub fn set_record(&mut self, record: Record) {
        self.record = Some(record);
    }

    /// Sets a tag of the record (one is made for a new game); an empty value removes it.
    pub fn set_tag(&mut self, name: &str, value: &str) {
        let record = self.record.get_or_insert_with(|| Record {
            tags: Vec::new(),
            moves: self.game.main_line(),
            result: PgnResult::Unknown,
        });
        let value = value.trim();
        match record
            .tags
            .iter_mut()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
        {
            Some(tag) if !value.is_empty() => tag.1 = value.to_string(),
            Some(_) => record.tags.retain(|(n, _)| !n.eq_ignore_ascii_case(name)),
            None if !value.is_empty() => record.tags.push((name.into(), value.into())),
            None => {}
        }
    }

    /// The result the record states, while the game shown is the record's and the
    /// position is its last one: shown as the end of the game, as the record says.
    #[must_use]
    pub fn recorded_result(&self) -> Option<PgnResult> {
        let record = self.record.as_ref()?;
        let result = record.result;
        let at_end = !self.game.can_redo() && self.game.moves() == record.moves.as_slice();
        (result != PgnResult::Unknown && self.outcome.is_none() && at_end).then_some(result)
    }

    /// The result a loaded record states, while its moves stand as read and the position
    /// shown is one of theirs (from the start to the last): there the game is over by the
    /// record's word — a resignation, a loss on time or an agreed draw that the rules cannot
    /// see in the position — and is gone through, not resigned or offered a draw. A move of
    /// the player's own off those moves plays on a game of their own.
    #[must_use]
    pub fn record_ended(&self) -> Option<PgnResult> {
        let record = self.record.as_ref()?;
        let on_record =
            record.moves.starts_with(self.game.moves()) && record.moves == self.game.main_line();
        (record.result != PgnResult::Unknown && on_record).then_some(record.result)
    }

    /// Does the game hold moves of its own (not only a record's as read)?
    #[must_use]
    pub fn has_moves(&self) -> bool {
        !self.game.moves().is_empty()
    }

    /// Was the game read from a file (a record with moves or a result of its own)?
    #[must_use]
    pub fn record_is_loaded(&self) -> bool {
        self.record
            .as_ref()
            .is_some_and(|r| !r.moves.is_empty() || r.result != PgnResult::Unknown)
    }

    /// The file name last saved to or typed, if any.
    #[must_use]
    pub fn save_name(&self) -> Option<&str> {
        self.save_name.as_deref()
    }

    /// Remembers the file name typed on the save prompt.
    pub fn set_save_name(&mut self, name: &str) {
        self.save_name = Some(name.to_string());
    }

    /// The game as `s` saves it, with the clocks as they stand at `now` (and the wall
    /// clock `unix_secs` for a date).
    #[must_use]
    pub fn pgn(&self, now: Duration, unix_secs: i64) -> String {
        write_pgn(
            &self.game,
            &self.tags_for_save(now, unix_secs),
            self.notation,
            &FILE_STYLE,
        )
    }

    /// The tags a saved file gets: a loaded record's (its result only while its moves are
    /// unchanged), and today's date unless the record has one.
    fn tags_for_save(&self, now: Duration, unix_secs: i64) -> Vec<(String, String)> {
        let mut tags = Vec::new();
        if let Some(record) = &self.record {
            // Variations and the cursor's place do not change the record: its main line does.
            let unchanged = record.moves == self.game.main_line();
            for (name, value) in &record.tags {
                let stale = ["Result", "Termination"]
                    .iter()
                    .any(|t| t.eq_ignore_ascii_case(name));
                // The clocks' tags are written afresh below.
                let own = autosave::OWN_TAGS
                    .iter()
                    .any(|t| t.eq_ignore_ascii_case(name));
                if (unchanged || !stale) && !own {
                    tags.push((name.clone(), value.clone()));
                }
            }
            if unchanged && record.result != PgnResult::Unknown {
                tags.retain(|(n, _)| !n.eq_ignore_ascii_case("Result"));
                tags.push(("Result".into(), record.result.as_str().into()));
            }
        }
        // The clocks as they stand and the place in the tree, so that `--load` and
        // `--resume` bring them back.
        if let Some((clock, start)) = &self.clock {
            tags.extend(autosave::clock_tags(clock, *start, now));
        }
        tags.extend(autosave::cursor_tag(&self.game));
        // A record read from a file keeps its own tags: today's date is for the player's
        // own games.
        if !self.record_is_loaded() && !tags.iter().any(|(n, _)| n.eq_ignore_ascii_case("Date")) {
            tags.push(("Date".into(), Stamp::from_unix(unix_secs).pgn_date()));
        }
        tags
    }
}
