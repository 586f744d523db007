//! The message line: what the game says, and the open prompt with its cursor.

use crate::tui::i18n::catalogue::{id, tr, tr_args};
use crate::tui::state::app::App;

use crate::tui::state::prompt::message::{Message, Mode, Prompt, Question};
use crate::tui::view::computer as computer_view;
use crate::tui::view::layout::ScreenLayout;
use crate::tui::view::panel::move_list::{self as review, review_style};
use crate::tui::view::words::strings;
use ratatui::buffer::Buffer;
use ratatui::layout::{Position as Cell, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use unicode_width::UnicodeWidthStr;

use crate::tui::view::paint::restyle;

/// The words of message `m` on this screen: [`strings::message_in`]'s, but at the end of a
/// network game, whose hint names the keys that still work there (a takeback and a new
/// game are not one player's to take).
pub(crate) fn message_words(app: &App, m: &Message) -> String {
    let to_move = app.game().position().turn();
    match m {
        Message::Over(o) if app.net().is_some() => {
            let outcome = strings::outcome_in(app.lang(), *o, to_move);
            let club = app.net().is_some_and(|n| n.club);
            let over = if club {
                id::NET_CLUB_GAME_OVER
            } else {
                id::NET_GAME_OVER
            };
            tr_args(app.lang(), over, &[("outcome", outcome.into())])
        }
        // Each from a line of its own (see `put_wrapped`).
        Message::Notices(all) => all
            .iter()
            .map(|m| message_words(app, m))
            .collect::<Vec<_>>()
            .join("\n"),
        _ => strings::message_in(app.lang(), m, to_move),
    }
}

/// Cells the typed text needs beside a message to be worth showing.
pub(crate) const PROMPT_TEXT_MIN: usize = 8;

/// The prompt's label, its text as it fits in `width` cells after the label, and the cell of
/// the cursor within the text. A message (why a move was refused) comes after the text and
/// must stay readable: the text gets only the cells the message leaves, scrolled to keep the
/// cursor in view, and none if fewer than [`PROMPT_TEXT_MIN`] are left (it shows again with
/// the next key, which clears the message).
pub(crate) fn prompt_view(app: &App, prompt: Prompt, width: usize) -> (String, String, usize) {
    let label = match prompt {
        Prompt::Move => strings::MOVE_PROMPT.to_string(),
        Prompt::Save => strings::save_prompt(app.lang()),
        Prompt::Open => strings::open_prompt(app.lang()),
        Prompt::Red => strings::red_prompt(app.lang()),
        Prompt::Black => strings::black_prompt(app.lang()),
        Prompt::Comment => crate::tui::view::record::comment_prompt(app.lang()),
        Prompt::Chat => crate::tui::view::network::chat_prompt(app.lang()),
        Prompt::Tactics => tr(app.lang(), id::TACTIC_FILTER_PROMPT),
    };
    let room = width.saturating_sub(label.width());
    // The message is drawn as " " + "  " + message after the text.
    let message = match app.message() {
        Some(_) if message_goes_above(app, &label, width) => 0,
        Some(m) => message_words(app, m).width() + 3,
        None => 0,
    };
    match room.checked_sub(message) {
        Some(left) if message == 0 || left >= PROMPT_TEXT_MIN => {
            let (text, cursor) = app.prompt().view(left);
            (label, text, cursor)
        }
        _ => (label, String::new(), 0),
    }
}

/// Is the open prompt's message too long to follow the whole text typed (in `width` cells
/// after `label`)? Then it is wrapped on the rows above the prompt, never cut off.
pub(crate) fn message_goes_above(app: &App, label: &str, width: usize) -> bool {
    let Some(m) = app.message() else {
        return false;
    };
    let message = message_words(app, m).width() + 3;
    let text = app.prompt().text().width() + 1;
    width.saturating_sub(label.width()) < message + text
}

/// Where the terminal's cursor goes: on the open prompt, so an input method composes there.
#[must_use]
pub fn prompt_cursor(app: &App, area: Rect) -> Option<Cell> {
    let Mode::Prompt(prompt) = app.mode() else {
        return None;
    };
    let ScreenLayout::Game { message, .. } = ScreenLayout::new(area, app.flipped()) else {
        return None;
    };
    let width = usize::from(message.width.saturating_sub(1));
    let (label, _, cursor) = prompt_view(app, prompt, width);
    let x = usize::from(message.x + 1) + label.width() + cursor;
    Some(Cell::new(u16::try_from(x).ok()?, message.y))
}

pub(crate) fn message_style(app: &App, m: &Message) -> Style {
    let theme = app.theme();
    match m {
        Message::Refused(_)
        | Message::BadMove(_)
        | Message::SelectFirst(_)
        | Message::NotYourTurn(_)
        | Message::NothingToUndo
        | Message::NothingToRedo
        | Message::SaveFailed(..)
        | Message::Notice(_)
        | Message::ConfigNotUsed(_)
        | Message::AutosaveFailed(_)
        | Message::NotTheGame
        | Message::NoGameBehind(..)
        | Message::RecordEnded(..)
        | Message::PasteIgnored(_)
        | Message::NoComment
        | Message::NoClock => theme.warning,
        Message::Review(note) => review_style(app, note),
        Message::Over(_) | Message::Saved(_) | Message::SavedXqf(..) => theme.result,
        Message::Undone(_)
        | Message::Redone(_)
        | Message::Withdrawn(_)
        | Message::NewGameStarted
        | Message::SetupStarted(_)
        | Message::Declined(_)
        | Message::NotationShown(_)
        | Message::Loaded(..)
        | Message::ResumeAvailable
        | Message::Resumed(_)
        | Message::BackToGame
        | Message::PutAway(..) => Style::new(),
        Message::Computer(note) => computer_view::note_style(app, note),
        Message::Annotation(note) => crate::tui::view::panel::graph::note_style(app, note),
        Message::Record(note) => crate::tui::view::record::note_style(app, note),
        Message::Net(note) => crate::tui::view::network::note_style(app, note),
        // The front door's notes (a port in use, a typed code that is not one) are warnings.
        Message::Door(_) => app.theme().warning,
        // A warning among them is seen as one.
        Message::Notices(all) => {
            let styles = all.iter().map(|m| message_style(app, m));
            styles
                .clone()
                .find(|s| *s == theme.warning)
                .or_else(|| styles.clone().next())
                .unwrap_or_default()
        }
    }
}

pub(crate) fn render_message(app: &App, area: Rect, buf: &mut Buffer) {
    let theme = app.theme();
    let width = usize::from(area.width.saturating_sub(1));
    let line = match app.mode() {
        Mode::Prompt(prompt) => {
            let (label, text, cursor) = prompt_view(app, prompt, width);
            let mut spans = vec![
                Span::styled(label.clone(), theme.heading),
                Span::styled(text.clone(), theme.input),
            ];
            // The cursor, drawn as well as placed: some terminals hide it.
            let cursor_x = area.x + 1 + (label.width() + cursor) as u16;
            let after = match app.message() {
                Some(m) => {
                    let text = format!("  {}", message_words(app, m));
                    if message_goes_above(app, &label, width) {
                        // Too long to follow the text: wrapped above it, never cut off.
                        review::render_above(&text, message_style(app, m), area, buf);
                        Span::raw("")
                    } else {
                        Span::styled(text, message_style(app, m))
                    }
                }
                None => match prompt {
                    Prompt::Move if text.is_empty() => Span::styled(
                        strings::move_prompt_hint(app.lang(), app.ascii_pieces()),
                        theme.dim,
                    ),
                    Prompt::Move | Prompt::Chat => Span::raw(""),
                    Prompt::Save => Span::styled(strings::save_prompt_hint(app.lang()), theme.dim),
                    Prompt::Open => Span::styled(strings::open_prompt_hint(app.lang()), theme.dim),
                    Prompt::Red | Prompt::Black => {
                        Span::styled(strings::name_prompt_hint(app.lang()), theme.dim)
                    }
                    Prompt::Comment => Span::styled(
                        crate::tui::view::record::comment_prompt_hint(app.lang()),
                        theme.dim,
                    ),
                    Prompt::Tactics => Span::styled(
                        format!("  {}", tr(app.lang(), id::TACTIC_FILTER_HINT)),
                        theme.dim,
                    ),
                },
            };
            spans.push(Span::raw(" "));
            spans.push(after);
            buf.set_line(
                area.x + 1,
                area.y,
                &Line::from(spans),
                area.width.saturating_sub(1),
            );
            restyle(buf, Cell::new(cursor_x, area.y), 1, theme.selected);
            return;
        }
        Mode::Confirm(q) => {
            let text = match (q, app.unsaved()) {
                (Question::Quit, Some(why)) => strings::quit_unsaved(app.lang(), why),
                _ => strings::question_in(app.lang(), q, app.prompt().text()),
            };
            put_wrapped(&text, theme.warning, area, buf);
            return;
        }
        // The hidden board says it is paused; the line keeps only what was said.
        Mode::Paused => match app.message() {
            Some(m) => {
                put_wrapped(&message_words(app, m), message_style(app, m), area, buf);
                return;
            }
            None => Line::default(),
        },
        Mode::Play
        | Mode::Help { .. }
        | Mode::Comment { .. }
        | Mode::Picker { .. }
        | Mode::Explorer { .. }
        | Mode::Setup
        | Mode::Menu
        | Mode::Settings
        | Mode::Palette => match app.message() {
            Some(m) => {
                let text = message_words(app, m);
                put_wrapped(&text, message_style(app, m), area, buf);
                return;
            }
            None => match (app.outcome(), app.blindfold()) {
                (Some(o), _) => Line::styled(message_words(app, &Message::Over(o)), theme.result),
                (None, Some(peeking)) => Line::styled(blindfold_note(app, peeking), theme.dim),
                (None, None) => Line::styled(strings::hint(app.lang()), theme.dim),
            },
        },
    };
    buf.set_line(area.x + 1, area.y, &line, area.width.saturating_sub(1));
}

/// What the message line says while nothing else is said in blindfold play: that the
/// pieces are hidden and `v` shows them, or that they show until the next move.
fn blindfold_note(app: &App, peeking: bool) -> String {
    use crate::tui::i18n::catalogue::{plain_id, tr};
    let note = if peeking {
        plain_id::BLINDFOLD_PEEKING
    } else {
        plain_id::BLINDFOLD_HIDDEN
    };
    tr(app.lang(), note)
}

/// Writes `text` on the message line `area`; a text wider than the line is wrapped, its
/// first lines drawn on the rows just above (cleared first), so nothing is cut off. Each of
/// its own lines (several notices said at once) starts a row.
pub(crate) fn put_wrapped(text: &str, style: Style, area: Rect, buf: &mut Buffer) {
    let width = usize::from(area.width.saturating_sub(2)).max(8);
    let lines = review::wrap_paragraphs(text, width);
    if let Some((last, above)) = lines.split_last()
        && !above.is_empty()
    {
        review::render_lines_above(above, style, area, buf);
        buf.set_line(
            area.x + 1,
            area.y,
            &Line::styled(last.clone(), style),
            area.width.saturating_sub(1),
        );
    } else {
        buf.set_line(
            area.x + 1,
            area.y,
            &Line::styled(text.to_string(), style),
            area.width.saturating_sub(1),
        );
    }
}
