//! The game picker for a file with several games: one line per game (number, Red, Black,
//! result, event, date, moves) from the file's index, a `/` filter over those fields, and
//! the chosen game read only when it is opened.

use crate::tui::state::prompt::edit::LineEdit;
use crate::tui::store::library::Shared;
use std::path::{Path, PathBuf};
use xiangqi_records::pgn::{GameIndex, IndexEntry};

/// How far `PageUp`/`PageDown` move the choice.
pub const PAGE: usize = 20;

/// The picker's state: the file's index, the filter and which game is chosen.
#[derive(Clone, Debug)]
pub struct Picker {
    path: PathBuf,
    index: Shared<GameIndex>,
    filter: LineEdit,
    /// Positions in the index of the games the filter lets through, in file order.
    shown: Vec<usize>,
    /// Which of `shown` is chosen.
    chosen: usize,
}

impl Picker {
    /// A picker over the games of `path`, indexed as `index`, the first one chosen.
    #[must_use]
    pub fn new(path: PathBuf, index: Shared<GameIndex>) -> Picker {
        let shown = (0..index.len()).collect();
        Picker {
            path,
            index,
            filter: LineEdit::default(),
            shown,
            chosen: 0,
        }
    }

    /// The file listed.
    #[must_use]
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// The file's index.
    #[must_use]
    pub fn index(&self) -> &Shared<GameIndex> {
        &self.index
    }

    /// The filter typed after `/`.
    #[must_use]
    pub fn filter(&self) -> &LineEdit {
        &self.filter
    }

    /// The filter's text changed (edited through `edit`): lists again the games it lets
    /// through, keeping the chosen game chosen if it still shows.
    pub fn edit_filter(&mut self, edit: impl FnOnce(&mut LineEdit)) {
        let was = self.shown.get(self.chosen).copied();
        edit(&mut self.filter);
        let filter = self.filter.text();
        self.shown = self
            .index
            .entries()
            .iter()
            .enumerate()
            .filter(|(_, e)| e.matches(filter))
            .map(|(i, _)| i)
            .collect();
        self.chosen = was
            .and_then(|w| self.shown.iter().position(|&i| i == w))
            .unwrap_or(0);
    }

    /// Moves the choice by `by` lines (negative: up), staying on the list.
    pub fn step(&mut self, by: isize) {
        let last = self.shown.len().saturating_sub(1);
        self.chosen = self.chosen.saturating_add_signed(by).min(last);
    }

    /// Chooses the `row`-th game shown (the last if there are fewer).
    pub fn choose(&mut self, row: usize) {
        self.chosen = row.min(self.shown.len().saturating_sub(1));
    }

    /// The first game shown (`false`) or the last (`true`).
    pub fn choose_edge(&mut self, last: bool) {
        self.chosen = if last {
            self.shown.len().saturating_sub(1)
        } else {
            0
        };
    }

    /// The chosen game, if the filter lets any through.
    #[must_use]
    pub fn chosen(&self) -> Option<&IndexEntry> {
        self.shown
            .get(self.chosen)
            .and_then(|&i| self.index.entries().get(i))
    }

    /// Positions in the index of the games the filter lets through, in file order.
    #[must_use]
    pub fn shown(&self) -> &[usize] {
        &self.shown
    }

    /// Which of [`Picker::shown`] is chosen.
    #[must_use]
    pub fn chosen_row(&self) -> usize {
        self.chosen
    }

    /// How many games the filter lets through, and how many the file has.
    #[must_use]
    pub fn counts(&self) -> (usize, usize) {
        (self.shown.len(), self.index.len())
    }
}

/// The first row to show of `len` in `rows` lines so that `chosen` shows with a few lines
/// after it.
#[must_use]
pub fn first_row(chosen: usize, len: usize, rows: usize) -> usize {
    if len <= rows {
        return 0;
    }
    let after = rows / 4;
    (chosen + 1 + after).saturating_sub(rows).min(len - rows)
}
