//! Going back over a game and opening others: stepping through the game tree (start, end,
//! a move back or forward, another line, a move of the list), the players' names asked
//! before saving, the file prompt of `o` and the game picker. Part of [`App::update`].

use super::{App, Message, Mode, Prompt, Record, notation_of};
use crate::tui::state::edit::LineEdit;
use crate::tui::state::effect::Effect;
use crate::tui::state::picker::Picker;
use crate::tui::store::library::{Shared, common_prefix};
use std::path::PathBuf;
use xiangqi::Color;
use xiangqi::pgn::{GameIndex, PgnGame};

pub use crate::tui::state::action::{Found, Nav, PickKey};

/// What the message line says about going through a game or opening one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Note {
    /// Nothing that way (the start, the end, no other line).
    NothingThere(Nav),
    /// Now after this many moves (rounds, plies) of a line; the move written out.
    At {
        /// The move just reached, in the notation shown (none at the start).
        text: Option<String>,
        /// Plies from the start.
        ply: usize,
        /// Is the line followed a variation (not the main line)?
        variation: bool,
    },
    /// A timed game going on is played, not gone through.
    ClockRunning,
    /// The file cannot be opened, for this reason.
    CannotOpen(String),
    /// These names would complete the one typed.
    Completions(Vec<String>),
    /// No file name starts so.
    NoCompletion,
    /// This game of this file was opened.
    Opened(usize, usize),
}

/// The state of going back over games and opening them.
#[derive(Clone, Debug, Default)]
pub struct Review {
    /// The picker of the last file with several games.
    picker: Option<Picker>,
    /// The file name typed on the save prompt, kept while the names are edited.
    save_text: Option<String>,
    /// The file name last typed on the open prompt.
    open_text: Option<String>,
}

/// Moves as players count them (rounds) for `plies` half-moves from a start with `first`
/// to move.
#[must_use]
pub fn rounds(plies: usize, first: Color) -> usize {
    (plies + usize::from(first == Color::Black)).div_ceil(2)
}

impl App {
    /// The game picker, while it is open.
    #[must_use]
    pub fn picker(&self) -> Option<&Picker> {
        match self.mode {
            Mode::Picker { .. } => self.review.picker.as_ref(),
            _ => None,
        }
    }

    /// The record's tags (a loaded game's, or the names given), empty for a new game.
    #[must_use]
    pub fn tags(&self) -> &[(String, String)] {
        self.record.as_ref().map_or(&[], |r| r.tags.as_slice())
    }

    /// The result the record states, while the game shown is the record's and the
    /// position is its last one: shown as the end of the game, as the record says.
    #[must_use]
    pub fn recorded_result(&self) -> Option<xiangqi::pgn::PgnResult> {
        let record = self.record.as_ref()?;
        let result = record.result;
        let at_end = !self.game.can_redo() && self.game.moves() == record.moves.as_slice();
        (result != xiangqi::pgn::PgnResult::Unknown && self.outcome.is_none() && at_end)
            .then_some(result)
    }

    /// Opens the picker on `index` of `path` straight away (`--load` of a file with several
    /// games).
    #[must_use]
    pub fn with_picker(mut self, path: PathBuf, index: Shared<GameIndex>) -> App {
        self.review.picker = Some(Picker::new(path, index));
        self.mode = Mode::Picker { filter: false };
        self.message = None;
        self
    }

    /// Home, End, `[`, `]`, `<`, `>` and a click on the move list.
    pub(super) fn navigate(&mut self, nav: Nav) {
        if self.clock.is_some() && self.game.main_line_outcome().is_none() {
            self.message = Some(Message::Review(Note::ClockRunning));
            return;
        }
        self.selected = None;
        let game = &mut self.game;
        let was = game.current();
        match nav {
            Nav::Start => game.to_start(),
            Nav::End => game.to_end(),
            Nav::Back => {
                game.back();
            }
            Nav::Forward => {
                game.forward();
            }
            Nav::NextLine => {
                game.switch_line(1);
            }
            Nav::PreviousLine => {
                game.switch_line(-1);
            }
            Nav::To(node) => {
                game.go_to(node);
            }
        }
        if game.current() == was {
            self.message = Some(Message::Review(Note::NothingThere(nav)));
            return;
        }
        if let Some(mv) = game.last_move() {
            self.cursor = mv.to;
        }
        let text = self.game.last_move().map(|mv| {
            let positions = self.game.positions();
            self.write_move(&positions[positions.len() - 2], mv)
        });
        let main = self.game.tree().main_line();
        let line = self.game.moves();
        let variation = line.len() > main.len() || main[..line.len()] != *line;
        let ply = line.len();
        self.refresh();
        self.message = Some(match self.outcome {
            Some(outcome) => Message::Over(outcome),
            None => Message::Review(Note::At {
                text,
                ply,
                variation,
            }),
        });
    }

    /// `o`: the prompt for a game file, offering the last one typed.
    pub(super) fn ask_file(&mut self) {
        let text = self.review.open_text.clone().unwrap_or_default();
        self.open_prompt(Prompt::Open, &text);
    }

    /// Tab: on the open prompt, complete the file name; on the save prompt, edit the
    /// players' names first.
    pub(super) fn complete(&mut self) {
        match self.mode {
            Mode::Prompt(Prompt::Open) => {
                let text = self.prompt.text().to_string();
                self.effects.push(Effect::Complete(text));
            }
            Mode::Prompt(Prompt::Save) => {
                self.review.save_text = Some(self.prompt.text().to_string());
                let red = self.tag("Red").to_string();
                self.open_prompt(Prompt::Red, &red);
            }
            _ => {}
        }
    }

    fn tag(&self, name: &str) -> &str {
        self.tags()
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map_or("", |(_, v)| v.as_str())
    }

    /// Sets a tag of the record (one is made for a new game); an empty value removes it.
    pub(super) fn set_tag(&mut self, name: &str, value: &str) {
        let record = self.record.get_or_insert_with(|| Record {
            tags: Vec::new(),
            moves: self.game.main_line(),
            result: xiangqi::pgn::PgnResult::Unknown,
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

    /// Enter on the open prompt or a name prompt.
    pub(super) fn submit_review(&mut self, prompt: Prompt) {
        let text = self.prompt.text().to_string();
        match prompt {
            Prompt::Open => {
                let text = text.trim().to_string();
                if text.is_empty() {
                    self.mode = Mode::Play;
                    self.message = self.outcome.map(Message::Over);
                    return;
                }
                self.review.open_text = Some(text.clone());
                self.effects.push(Effect::Index(text));
            }
            Prompt::Red => {
                self.set_tag("Red", &text);
                let black = self.tag("Black").to_string();
                self.open_prompt(Prompt::Black, &black);
            }
            Prompt::Black => {
                self.set_tag("Black", &text);
                let name = self.review.save_text.take().unwrap_or_default();
                self.open_prompt(Prompt::Save, &name);
            }
            Prompt::Move | Prompt::Save => {}
        }
    }

    /// A key in the picker.
    pub(super) fn pick(&mut self, key: PickKey) {
        let Mode::Picker { filter: typing } = self.mode else {
            return;
        };
        let Some(picker) = self.review.picker.as_mut() else {
            self.mode = Mode::Play;
            return;
        };
        self.message = None;
        match key {
            PickKey::Step(by) => picker.step(by),
            PickKey::First => picker.choose_edge(false),
            PickKey::Last => picker.choose_edge(true),
            PickKey::Filter => self.mode = Mode::Picker { filter: true },
            PickKey::Edit(edit) => picker.edit_filter(|e| edit.apply(e)),
            PickKey::Enter if typing => self.mode = Mode::Picker { filter: false },
            PickKey::Escape if typing => self.mode = Mode::Picker { filter: false },
            PickKey::Enter => {
                if let Some(entry) = picker.chosen() {
                    self.effects.push(Effect::ReadGame {
                        path: picker.path().to_path_buf(),
                        index: picker.index().clone(),
                        n: entry.number,
                    });
                }
            }
            PickKey::Escape => {
                self.mode = Mode::Play;
                self.message = self.outcome.map(Message::Over);
            }
        }
    }

    /// What the loop found for a file-reading effect.
    pub(super) fn found(&mut self, found: Found) {
        match found {
            Found::Index { path, result } => match result {
                Ok(index) if index.len() == 1 => {
                    self.effects.push(Effect::ReadGame { path, index, n: 1 })
                }
                Ok(index) => {
                    self.review.picker = Some(Picker::new(path, index));
                    self.mode = Mode::Picker { filter: false };
                    self.message = None;
                }
                Err(why) => {
                    // Back to the name, to correct it.
                    if self.mode != Mode::Prompt(Prompt::Open) {
                        let text = self.review.open_text.clone().unwrap_or_default();
                        self.open_prompt(Prompt::Open, &text);
                    }
                    self.message = Some(Message::Review(Note::CannotOpen(why)));
                }
            },
            Found::Game { path, result } => match result {
                Ok(pgn) => self.open_game(&path, &pgn),
                Err(why) => self.message = Some(Message::Review(Note::CannotOpen(why))),
            },
            Found::Names { text, names } => {
                if self.mode != Mode::Prompt(Prompt::Open) || self.prompt.text() != text {
                    return;
                }
                let prefix = common_prefix(&names);
                if prefix.len() > text.len() {
                    self.prompt = LineEdit::new(&prefix);
                }
                self.message = match names.len() {
                    0 => Some(Message::Review(Note::NoCompletion)),
                    1 => None,
                    _ => Some(Message::Review(Note::Completions(names))),
                };
            }
        }
    }

    /// Puts a game read from a file on the board, at its end, as `--load` does.
    fn open_game(&mut self, path: &std::path::Path, pgn: &PgnGame) {
        let record = Record::of(pgn);
        self.game = pgn.to_game();
        self.generation += 1;
        self.clock = None;
        // A game opened from a puzzle leaves the puzzle, as a new game does.
        self.puzzle = None;
        self.restore_clock(&record.tags);
        if let Some(notation) = notation_of(&record.tags)
            && !(self.ascii_pieces && notation == xiangqi::Notation::Chinese)
        {
            self.notation = notation;
        }
        let number = self
            .review
            .picker
            .as_ref()
            .filter(|p| p.path() == path)
            .and_then(|p| p.chosen().map(|e| e.number))
            .unwrap_or(1);
        self.record = Some(record);
        self.selected = None;
        self.cursor = self.game.position().general(self.game.position().turn());
        self.mode = Mode::Play;
        self.refresh();
        let moves = rounds(self.game.moves().len(), self.game.start().turn());
        self.message = Some(Message::Review(Note::Opened(number, moves)));
    }
}

/// A new game with these players' names (`--red`, `--black`): a record with only those
/// tags, kept when the game is saved.
#[must_use]
pub fn named(red: Option<&str>, black: Option<&str>) -> Option<Record> {
    let tags: Vec<(String, String)> = [("Red", red), ("Black", black)]
        .into_iter()
        .filter_map(|(n, v)| Some((n.to_string(), v?.trim().to_string())))
        .filter(|(_, v)| !v.is_empty())
        .collect();
    (!tags.is_empty()).then(|| Record {
        tags,
        moves: Vec::new(),
        result: xiangqi::pgn::PgnResult::Unknown,
    })
}
