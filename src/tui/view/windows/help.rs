//! The keys window.

use crate::tui::door::commands::COMMANDS;
use crate::tui::door::keys::caps;
use crate::tui::i18n::catalogue::{Id, id, tr, tr_args};
use crate::tui::i18n::lang::Lang;
use crate::tui::state::app::App;
use crate::tui::state::prompt::message::Mode;
use crate::tui::view::panel::move_list::wrap;
use crate::tui::view::words::strings;
use ratatui::buffer::Buffer;
use ratatui::layout::{Position as Cell, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Block, Clear, Paragraph, Widget};
use unicode_width::UnicodeWidthStr;

/// Every binding of the keys window: its keys and its name, read from the one list of
/// commands (the palette's too), in `lang`; arrows as words where `ascii`.
#[must_use]
pub fn bindings(lang: Lang, ascii: bool) -> Vec<(String, String)> {
    COMMANDS
        .iter()
        .map(|c| (caps(c.keys, ascii), tr(lang, c.name)))
        .collect()
}

/// The short form for the side panel, one binding group per line.
pub const KEY_SUMMARY: [Id; 5] = [
    id::SUMMARY_CURSOR,
    id::SUMMARY_MOVE,
    id::SUMMARY_UNDO,
    id::SUMMARY_END,
    id::SUMMARY_OPENINGS,
];

use crate::tui::view::paint::pad;

/// A scrolling window's last line: which of its `all` lines show (from `top`, up to
/// `shown`), and the keys that scroll it.
pub(crate) fn scroll_keys(app: &App, top: usize, shown: usize, all: usize) -> Line<'static> {
    let keys = tr_args(
        app.lang(),
        id::COMMENT_KEYS,
        &[
            ("from", (top + 1).into()),
            ("to", shown.into()),
            ("all", all.into()),
        ],
    );
    Line::styled(keys, app.theme().dim)
}

/// Clears the place of a window `popup` over the screen `area`, with a blank column either
/// side, so no wide character of the screen under it (a piece, a Chinese word of the panel)
/// reaches into its border.
pub(crate) fn clear_popup(app: &App, area: Rect, popup: Rect, buf: &mut Buffer) {
    let margin = Rect::new(
        popup.x.saturating_sub(1),
        popup.y,
        popup.width + 2,
        popup.height,
    )
    .intersection(area);
    Clear.render(margin, buf);
    if margin.x > area.x {
        for y in margin.top()..margin.bottom() {
            if let Some(cell) = buf.cell_mut(Cell::new(margin.x - 1, y))
                && cell.symbol().width() > 1
            {
                cell.set_symbol(" ");
            }
        }
    }
    buf.set_style(margin, app.theme().screen);
}

/// Where the keys window goes on the screen `area`, and its lines at its width.
#[derive(Clone, Debug, PartialEq)]
pub struct HelpWindow {
    /// The window, borders included.
    pub popup: Rect,
    /// Every line of the window: a binding a line, its description wrapped under itself
    /// where the window is narrow; when all of it fits, a blank line and that any key
    /// closes the window, as far as there is room.
    pub lines: Vec<Line<'static>>,
    /// How many of the lines show at once: all of them, or one screenful less the line
    /// that says which lines show.
    pub visible: usize,
}

impl HelpWindow {
    /// The keys window for the screen `area`.
    #[must_use]
    pub fn of(app: &App, area: Rect) -> HelpWindow {
        let lang = app.lang();
        // Borders and a column of padding either side.
        let room = usize::from(area.width.saturating_sub(4));
        let mut lines = binding_lines(lang, app.ascii_marks(), room);
        // The mouse, and that the palette finds any of these by name.
        for words in [id::HELP_MOUSE, id::HELP_FIND] {
            for part in wrap(&tr(lang, words), room) {
                lines.push(Line::styled(part, app.theme().dim));
            }
        }
        let room = usize::from(area.height.saturating_sub(2));
        let fits = lines.len() <= room;
        let visible = if fits {
            // A blank line before the last one where there is room for it; the last line,
            // that any key closes the window, where there is room for it.
            if lines.len() + 2 <= room {
                lines.push(Line::raw(""));
            }
            if lines.len() < room {
                lines.push(Line::styled(strings::help_close(lang), app.theme().dim));
            }
            lines.len()
        } else {
            // The last row says which lines show, and how to scroll.
            room.saturating_sub(1).max(1)
        };
        // Where not all of it shows, a row under the lines says which do.
        let rows = if fits { visible } else { visible + 1 };
        let text_w = lines.iter().map(Line::width).max().unwrap_or(0);
        let w = u16::try_from(text_w + 4).map_or(area.width, |w| w.min(area.width));
        let h = u16::try_from(rows + 2).map_or(area.height, |h| h.min(area.height));
        let popup = Rect::new(
            area.x + (area.width - w) / 2,
            area.y + (area.height - h) / 2,
            w,
            h,
        );
        HelpWindow {
            popup,
            lines,
            visible,
        }
    }

    /// The highest first line: the last screenful (0 when all of it shows).
    #[must_use]
    pub fn last_top(&self) -> usize {
        self.lines.len().saturating_sub(self.visible)
    }
}

/// The bindings' lines in `lang` (arrows as words where `ascii`) for a window `room` cells
/// wide inside: the keys, then what they do, in two columns. Where a description does not fit beside the keys it is wrapped
/// under itself; the keys' column is then narrowed to a third of the room, and keys too long
/// for it stand on a line of their own, their description starting on the next.
fn binding_lines(lang: Lang, ascii: bool, room: usize) -> Vec<Line<'static>> {
    let bindings = bindings(lang, ascii);
    let widest = |most: usize| {
        bindings
            .iter()
            .map(|(k, _)| k.width())
            .filter(|&w| w <= most)
            .max()
            .unwrap_or(0)
    };
    let keys_w = widest(usize::MAX);
    let fits = bindings
        .iter()
        .all(|(_, what)| keys_w + 2 + what.width() <= room);
    let keys_w = if fits { keys_w } else { widest(room / 3) };
    let what_w = room.saturating_sub(keys_w + 2).max(8);
    let mut lines = Vec::new();
    for (keys, what) in bindings {
        let mut keys = if keys.width() > keys_w {
            lines.push(Line::raw(keys));
            String::new()
        } else {
            keys
        };
        for part in wrap(&what, what_w) {
            lines.push(Line::raw(format!("{}  {part}", pad(&keys, keys_w))));
            keys = String::new();
        }
    }
    lines
}

/// Draws the keys window over `area` while it is open, from the line the player scrolled
/// to, with which lines show where not all of them do.
pub(crate) fn render_help(app: &App, area: Rect, buf: &mut Buffer) {
    let Mode::Help { top } = app.mode() else {
        return;
    };
    let window = HelpWindow::of(app, area);
    let top = top.min(window.last_top());
    let shown = window.lines.len().min(top + window.visible);
    let mut lines: Vec<Line> = window.lines[top..shown].to_vec();
    if window.last_top() > 0 {
        lines.push(scroll_keys(app, top, shown, window.lines.len()));
    }
    clear_popup(app, area, window.popup, buf);
    let block = Block::bordered()
        .border_set(app.glyphs().border)
        .title(strings::help_title(app.lang()))
        .padding(ratatui::widgets::Padding::horizontal(1));
    Paragraph::new(lines).block(block).render(window.popup, buf);
}
