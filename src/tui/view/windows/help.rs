//! The keys window.

use crate::tui::i18n::catalogue::{Id, id, plain_id, tr_args};
use crate::tui::i18n::lang::Lang;
use crate::tui::state::app::App;
use crate::tui::state::prompt::message::Mode;
use crate::tui::view::panel::move_list::wrap;
use crate::tui::view::words::strings::{self, Keys};
use ratatui::buffer::Buffer;
use ratatui::layout::{Position as Cell, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Block, Clear, Paragraph, Widget};
use unicode_width::UnicodeWidthStr;

/// Every binding, for the keys window: (keys, what they do).
pub const KEY_HELP: [(Keys, Id); 23] = [
    (Keys::Said(id::KEY_ARROWS), id::HELP_CURSOR),
    (Keys::Printed("Enter  Space"), id::HELP_SELECT),
    (Keys::Said(id::KEY_CLICK), id::HELP_CLICK),
    (Keys::Printed("Esc"), id::HELP_CLEAR),
    (Keys::Printed(":"), id::HELP_TYPE),
    (Keys::Printed("m"), id::HELP_NOTATION),
    (Keys::Printed("u  r"), id::HELP_UNDO),
    (Keys::Printed("Home End [ ] PgUp PgDn"), id::HELP_REVIEW),
    (Keys::Said(id::KEY_VARIATION), id::HELP_VARIATION),
    (Keys::Printed("o  b"), id::HELP_OPEN),
    (Keys::Printed("s"), id::HELP_SAVE),
    (Keys::Printed("d  g  n  C"), id::HELP_DRAW_RESIGN),
    (Keys::Printed("f  ?"), id::HELP_FLIP),
    (Keys::Printed("p"), id::HELP_PAUSE),
    (Keys::Printed("v"), plain_id::HELP_PEEK),
    (Keys::Printed("t  a  L"), id::HELP_COMPUTER),
    (Keys::Printed("c  z"), id::HELP_COMPUTER_SIDE),
    (Keys::Printed("x  e"), id::HELP_EXPLORER),
    (Keys::Printed("A  (  )"), id::HELP_ANNOTATE),
    (Keys::Printed("{  !  +  Delete"), id::HELP_COMMENT),
    (Keys::Printed("}"), id::HELP_READ_COMMENT),
    (Keys::Printed("y  Y  D  F"), id::HELP_COPY),
    (Keys::Printed("q  Ctrl-C  Ctrl-Z"), id::HELP_QUIT),
];

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
        let mut lines = binding_lines(lang, usize::from(area.width.saturating_sub(4)));
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

/// The bindings' lines in `lang` for a window `room` cells wide inside: the keys, then what
/// they do, in two columns. Where a description does not fit beside the keys it is wrapped
/// under itself; the keys' column is then narrowed to a third of the room, and keys too long
/// for it stand on a line of their own, their description starting on the next.
fn binding_lines(lang: Lang, room: usize) -> Vec<Line<'static>> {
    let bindings: Vec<(String, String)> = KEY_HELP
        .iter()
        .map(|&(k, what)| (strings::key_name(lang, k), strings::key_help(lang, what)))
        .collect();
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
