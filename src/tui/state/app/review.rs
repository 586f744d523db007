//! Saving and opening games, the router's part: the save prompt (with the players' names
//! asked first on Tab), the `o` prompt, the game picker, and a record opened — which goes
//! on a desk of its own in front of the played game.

use super::{App, Message, Mode, Prompt, Question};
use crate::tui::state::desk::{Desk, Kind};
use crate::tui::state::effect::{Effect, SaveReport};
use crate::tui::state::picker::Picker;
use crate::tui::store::library::{Shared, common_prefix};
use crate::tui::store::saved::{ClockPassedOver, Record, SavedGame};
use std::path::{Path, PathBuf};
use xiangqi_records::pgn::{CutReason, GameIndex, PgnGame, PgnResult};
use xiangqi_rules::clock::Clock;
use xiangqi_rules::{Color, CutLine, Game};

pub use crate::tui::state::action::{Found, PickKey};
pub use crate::tui::state::prompt::message::ReviewNote as Note;

/// The state of saving and opening games.
#[derive(Clone, Debug, Default)]
pub struct Review {
    /// The picker of the last file with several games.
    picker: Option<Picker>,
    /// The file name typed on the save prompt, kept while the names are edited.
    save_text: Option<String>,
    /// The file name last typed on the open prompt.
    open_text: Option<String>,
    /// The save under way is an XQF file, without so many things XQF cannot hold.
    saving_xqf: Option<usize>,
    /// The played game's clocks wait while a file is chosen (the `o` prompt, the picker):
    /// the generation of the game they wait for, to run again if it comes back unchanged.
    clocks_held_for: Option<u32>,
}

/// The record whose PGN is `pgn` (as the PGN save writes it), to write in another format
/// with the same tags, tree and result.
pub(super) fn record_of(pgn: &str) -> Result<PgnGame, xiangqi_records::pgn::PgnError> {
    xiangqi_records::pgn::read_game(pgn.as_bytes(), 1)
}

/// Moves as players count them (rounds) for `plies` half-moves from a start with `first`
/// to move: black's move from a start with black to move is a round of its own, and no
/// half-move is no round.
#[must_use]
pub fn rounds(plies: usize, first: Color) -> usize {
    if plies == 0 {
        return 0;
    }
    (plies + usize::from(first == Color::Black)).div_ceil(2)
}

/// The rounds of `game` as recorded: its main line, wherever the game was left (a record's
/// `[Cursor]` puts it partway).
#[must_use]
pub fn recorded_rounds(game: &Game) -> usize {
    let plies = game.tree().line_after(xiangqi_rules::NodeId::ROOT).len();
    rounds(plies, game.start().turn())
}

/// What the message line says of a game just opened: the lines its reader cut, if it cut
/// any, and why the clock its file tells of was passed over, if it was (the things the
/// screen shows nowhere else), else `said`.
pub(super) fn said_on_opening(
    passed_over: Option<ClockPassedOver>,
    cut: Vec<CutLine<CutReason>>,
    said: Option<Message>,
) -> Option<Message> {
    if !cut.is_empty() {
        return Some(Message::Review(Note::LinesCut(cut, passed_over)));
    }
    passed_over
        .map(|why| Message::Review(Note::ClockPassedOver(why)))
        .or(said)
}

impl App {
    /// The game picker, while it is open.
    #[must_use]
    pub fn picker(&self) -> Option<&Picker> {
        match self.screen.mode {
            Mode::Picker { .. } => self.review.picker.as_ref(),
            _ => None,
        }
    }

    /// The record's tags of the game in front (a loaded game's, or the names given), empty
    /// for a new game.
    #[must_use]
    pub fn tags(&self) -> &[(String, String)] {
        self.desk().tags()
    }

    /// The result the record in front states, at its last position.
    #[must_use]
    pub fn recorded_result(&self) -> Option<PgnResult> {
        self.desk().recorded_result()
    }

    /// Opens the picker on `index` of `path` straight away (`--load` of a file with several
    /// games).
    #[must_use]
    pub fn with_picker(mut self, path: PathBuf, index: Shared<GameIndex>) -> App {
        self.review.picker = Some(Picker::new(path, index));
        self.screen.mode = Mode::Picker { filter: false };
        self.screen.message = None;
        self
    }

    /// Enter on the save prompt (or yes to replacing the file): asks the loop to write the
    /// PGN of the game in front (which reports back whether the file exists, was written or
    /// could not be).
    pub(super) fn save(&mut self, replace: bool) {
        let name = self.screen.prompt.text().trim().to_string();
        let now = self.screen.now;
        let (desk, screen) = self.front();
        if name.is_empty() {
            screen.close(desk.outcome());
            return;
        }
        desk.set_save_name(&name);
        let pgn = desk.pgn(now.elapsed, now.unix_secs);
        let path = PathBuf::from(name);
        let xqf = path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("xqf"));
        let (contents, left_out) = if xqf {
            match record_of(&pgn).map(|record| record.to_xqf()) {
                Ok(written) => (written.bytes, Some(written.left_out.len())),
                Err(why) => {
                    screen.message = Some(Message::SaveFailed(path, why.to_string()));
                    return;
                }
            }
        } else {
            (pgn.into_bytes(), None)
        };
        screen.mode = Mode::Play;
        screen.effects.push(Effect::Save {
            path,
            contents,
            replace,
        });
        self.review.saving_xqf = left_out;
    }

    /// How the save went: an existing file asks before it is replaced.
    pub(super) fn saved(&mut self, report: SaveReport) {
        match report {
            SaveReport::Exists => {
                self.screen.mode = Mode::Confirm(Question::Overwrite);
                self.screen.message = None;
            }
            SaveReport::Written(path) => {
                self.screen.message = Some(match self.review.saving_xqf {
                    Some(left_out) => Message::SavedXqf(path, left_out),
                    None => Message::Saved(path),
                });
            }
            SaveReport::Failed(path, why) => {
                // The prompt stays open with the name, to be corrected.
                self.screen.mode = Mode::Prompt(Prompt::Save);
                self.screen.message = Some(Message::SaveFailed(path, why));
            }
        }
    }

    /// `o`: the prompt for a game file, empty (the name typed last is offered again only
    /// when it could not be opened, to be corrected).
    pub(super) fn ask_file(&mut self) {
        self.front().0.deselect();
        self.screen.open_prompt(Prompt::Open, "");
    }

    /// Tab: on the open prompt, complete the file name; on the save prompt, edit the
    /// players' names first.
    pub(super) fn complete(&mut self) {
        match self.screen.mode {
            Mode::Prompt(Prompt::Open) => {
                let text = self.screen.prompt.text().to_string();
                self.screen.effects.push(Effect::Complete(text));
            }
            Mode::Prompt(Prompt::Save) => {
                self.review.save_text = Some(self.screen.prompt.text().to_string());
                let red = self.desk().tag("Red").to_string();
                self.screen.open_prompt(Prompt::Red, &red);
            }
            _ => {}
        }
    }

    /// Enter on the open prompt or a name prompt.
    pub(super) fn submit_review(&mut self, prompt: Prompt) {
        let text = self.screen.prompt.text().to_string();
        match prompt {
            // Sent by the network game's part.
            Prompt::Chat => {}
            Prompt::Open => {
                let text = text.trim().to_string();
                if text.is_empty() {
                    let outcome = self.outcome();
                    self.screen.close(outcome);
                    return;
                }
                self.review.open_text = Some(text.clone());
                self.screen.effects.push(Effect::Index(text));
            }
            Prompt::Red => {
                self.front().0.set_tag("Red", &text);
                let black = self.desk().tag("Black").to_string();
                self.screen.open_prompt(Prompt::Black, &black);
            }
            Prompt::Black => {
                self.front().0.set_tag("Black", &text);
                let name = self.review.save_text.take().unwrap_or_default();
                self.screen.open_prompt(Prompt::Save, &name);
            }
            Prompt::Move | Prompt::Save | Prompt::Comment | Prompt::Tactics => {}
        }
    }

    /// A key in the picker.
    pub(super) fn pick(&mut self, key: PickKey) {
        let Mode::Picker { filter: typing } = self.screen.mode else {
            return;
        };
        let Some(picker) = self.review.picker.as_mut() else {
            self.screen.mode = Mode::Play;
            return;
        };
        self.screen.message = None;
        match key {
            PickKey::Step(by) => picker.step(by),
            PickKey::First => picker.choose_edge(false),
            PickKey::Last => picker.choose_edge(true),
            // A click on the game chosen opens it, as Enter does; while typing the filter it
            // only stops the typing.
            PickKey::To(row) if row != picker.chosen_row() || typing => {
                picker.choose(row);
                self.screen.mode = Mode::Picker { filter: false };
            }
            PickKey::Filter => self.screen.mode = Mode::Picker { filter: true },
            PickKey::Edit(edit) => picker.edit_filter(|e| edit.apply(e)),
            PickKey::Enter | PickKey::Escape if typing => {
                self.screen.mode = Mode::Picker { filter: false };
            }
            PickKey::Enter | PickKey::To(_) => {
                if let Some(entry) = picker.chosen() {
                    self.screen.effects.push(Effect::ReadGame {
                        path: picker.path().to_path_buf(),
                        index: picker.index().clone(),
                        n: entry.number,
                    });
                }
            }
            PickKey::Escape => {
                let outcome = self.outcome();
                self.screen.close(outcome);
            }
        }
    }

    /// What the loop found for a file-reading effect.
    pub(super) fn found(&mut self, found: Found) {
        match found {
            Found::Index { path, result } => match result {
                // A lone game opens at once, unless the picker has more to say of the file.
                Ok(index) if index.len() == 1 && !index.passed_any() => {
                    self.screen
                        .effects
                        .push(Effect::ReadGame { path, index, n: 1 });
                }
                Ok(index) => {
                    self.review.picker = Some(Picker::new(path, index));
                    self.screen.mode = Mode::Picker { filter: false };
                    self.screen.message = None;
                }
                Err(why) => {
                    // Back to the name, to correct it.
                    if self.screen.mode != Mode::Prompt(Prompt::Open) {
                        let text = self.review.open_text.clone().unwrap_or_default();
                        self.screen.open_prompt(Prompt::Open, &text);
                    }
                    self.screen.message = Some(Message::Review(Note::CannotOpen(why)));
                }
            },
            Found::Game { path, result } => match result {
                Ok(pgn) => self.open_game(&path, &pgn),
                Err(why) => {
                    self.screen.message = Some(Message::Review(Note::CannotOpen(why)));
                }
            },
            Found::Names { text, names } => {
                if self.screen.mode != Mode::Prompt(Prompt::Open)
                    || self.screen.prompt.text() != text
                {
                    return;
                }
                let prefix = common_prefix(&names);
                if prefix.len() > text.len() {
                    self.screen.prompt = crate::tui::state::prompt::edit::LineEdit::new(&prefix);
                }
                self.screen.message = match names.len() {
                    0 => Some(Message::Review(Note::NoCompletion)),
                    1 => None,
                    _ => Some(Message::Review(Note::Completions(names))),
                };
            }
        }
    }

    /// Puts a game read from a file on the board, at the place it was left. While a game
    /// is being played it goes on a desk of its own in front of that game, its clocks
    /// stopped (a record is gone through, not played on the clock); with no game begun it
    /// becomes the game, as `--load` makes it.
    fn open_game(&mut self, path: &Path, pgn: &PgnGame) {
        let number = self
            .review
            .picker
            .as_ref()
            .filter(|p| p.path() == path)
            .and_then(|p| p.chosen().map(|e| e.number))
            .unwrap_or(1);
        self.open_saved(SavedGame::of(pgn), number);
    }

    /// Has the player a game of their own to go back to: one begun (a move made, even if
    /// taken back) or read from a file? Without one, a record opened becomes the game, and
    /// a puzzle in front has no game behind it.
    #[must_use]
    pub fn game_begun(&self) -> bool {
        !self.play.game().tree().is_empty() || self.play.record_is_loaded()
    }

    /// `b`: the record or puzzle in front is put away and the played game comes back, its
    /// clocks paused as they were left. With no game begun behind it, the board is a new
    /// game's, and the message line says so.
    pub(super) fn back_to_game(&mut self) {
        let Some(front) = self.viewed.take() else {
            return;
        };
        self.screen.mode =
            if self.play.clock().is_some_and(Clock::paused) && self.play.outcome().is_none() {
                Mode::Paused
            } else {
                Mode::Play
            };
        self.screen.message = Some(if self.game_begun() {
            Message::BackToGame
        } else {
            Message::PutAway(front.in_front(), self.play.game().position().turn())
        });
    }

    /// Puts `desk` in front of the played game, whose running clocks pause while it waits.
    pub(super) fn put_in_front(&mut self, desk: Desk) {
        if self.viewed.is_none() {
            self.play.hold_clock(self.screen.now.elapsed);
        }
        self.viewed = Some(desk);
        self.screen.mode = Mode::Play;
    }

    /// Puts `saved` (game `number` of its file) on the board, as [`App::open_game`] says.
    pub(super) fn open_saved(&mut self, mut saved: SavedGame, number: usize) {
        let passed_over = saved.clock_passed_over.take();
        let cut = std::mem::take(&mut saved.cut);
        let begun = self.game_begun();
        let mut desk = if begun {
            Desk::from_saved(Kind::Record, saved, self.setup)
        } else {
            Desk::from_saved(Kind::Play, saved, self.setup)
        };
        desk.stop_clock_if_over(self.screen.now.elapsed);
        if begun {
            desk.stop_clock(self.screen.now.elapsed);
        }
        let moves = recorded_rounds(desk.game());
        if begun {
            self.put_in_front(desk);
        } else {
            self.viewed = None;
            desk.succeed(&self.play);
            self.play = desk;
            self.own_game = false;
            self.screen.mode = Mode::Play;
        }
        let opened = Some(Message::Review(Note::Opened(number, moves)));
        self.screen.message = said_on_opening(passed_over, cut, opened);
    }

    /// After every action: while a file is chosen in front of the played game (the `o`
    /// prompt, the picker), its running clocks wait, as they wait while a record is in
    /// front; back on the board without a game opened, they run again. A game opened from
    /// the file goes in front and the played game waits on, paused, as for any record.
    pub(super) fn clocks_wait_for_files(&mut self) {
        let now = self.screen.now.elapsed;
        let choosing = matches!(
            self.screen.mode,
            Mode::Prompt(Prompt::Open) | Mode::Picker { .. }
        );
        if choosing {
            if self.viewed.is_none() && self.play.clock().is_some_and(Clock::running) {
                self.play.hold_clock(now);
                self.review.clocks_held_for = Some(self.play.generation());
            }
        } else if let Some(generation) = self.review.clocks_held_for.take()
            && self.viewed.is_none()
            && self.play.generation() == generation
        {
            self.play.release_clock(now);
        }
    }

    /// The comment of the current move (or, at the start, the game's opening comment)
    /// without its embedded commands (`[%clk 0:10:00]`, which programs read, not players);
    /// `None` if that leaves nothing to read.
    #[must_use]
    pub fn comment_text(&self) -> Option<String> {
        let tree = self.game().tree();
        let here = self.game().current();
        let text = tree.comment(here).or_else(|| {
            (here == xiangqi_rules::NodeId::ROOT)
                .then(|| tree.comment_before(here))
                .flatten()
        })?;
        Some(without_commands(text)).filter(|t| !t.trim().is_empty())
    }

    /// `}`: the whole comment in a window that scrolls, if the move has one.
    pub(super) fn show_comment(&mut self) {
        if self.screen.mode != Mode::Play {
            return;
        }
        if self.comment_text().is_some() {
            self.screen.mode = Mode::Comment { top: 0 };
        } else {
            self.screen.message = Some(Message::NoComment);
        }
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
        result: PgnResult::Unknown,
    })
}

/// `text` without its embedded commands (`[%clk 0:10:00]`), and without the lines that held
/// nothing else (a `{[%eval 0.3]}` read with a comment of words after it is a line of its own).
fn without_commands(text: &str) -> String {
    let kept: Vec<String> = text
        .split('\n')
        .filter_map(|line| {
            let words = line_without_commands(line);
            let only_commands = words.trim().is_empty() && !line.trim().is_empty();
            (!only_commands).then_some(words)
        })
        .collect();
    kept.join("\n")
}

/// One line of a comment without its embedded commands.
fn line_without_commands(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find("[%") {
        out.push_str(&rest[..at]);
        // An unclosed `[%` is the player's text, not a command: it stays.
        let Some(end) = rest[at..].find(']') else {
            rest = &rest[at..];
            break;
        };
        rest = &rest[at + end + 1..];
    }
    out.push_str(rest);
    out
}
