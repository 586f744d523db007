//! The keys window.

use crate::tui::i18n::catalogue::{Id, id};
use crate::tui::state::app::App;
use crate::tui::view::strings::{self, Keys};
use ratatui::buffer::Buffer;
use ratatui::layout::{Position as Cell, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Block, Clear, Paragraph, Widget};
use unicode_width::UnicodeWidthStr;

/// Every binding, for the keys window: (keys, what they do).
pub const KEY_HELP: [(Keys, Id); 22] = [
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

pub(crate) fn render_help(app: &App, area: Rect, buf: &mut Buffer) {
    let lang = app.lang();
    let keys_w = KEY_HELP
        .iter()
        .map(|&(k, _)| strings::key_name(lang, k).width())
        .max()
        .unwrap_or(0);
    let mut lines: Vec<Line> = KEY_HELP
        .iter()
        .map(|&(k, what)| {
            let k = strings::key_name(lang, k);
            let what = strings::key_help(lang, what);
            Line::raw(format!("{}  {what}", pad(&k, keys_w)))
        })
        .collect();
    // A blank line before the last one where there is room for it; the last line, that
    // any key closes the window, where there is room for it (the keys come first).
    if lines.len() + 4 <= usize::from(area.height) {
        lines.push(Line::raw(""));
    }
    if lines.len() + 3 <= usize::from(area.height) {
        lines.push(Line::styled(
            strings::help_close(app.lang()),
            app.theme().dim,
        ));
    }
    let text_w = lines.iter().map(Line::width).max().unwrap_or(0) as u16;
    let w = (text_w + 4).min(area.width);
    let h = (lines.len() as u16 + 2).min(area.height);
    let popup = Rect::new(
        area.x + (area.width - w) / 2,
        area.y + (area.height - h) / 2,
        w,
        h,
    );
    clear_popup(app, area, popup, buf);
    let block = Block::bordered()
        .border_set(app.glyphs().border)
        .title(strings::help_title(app.lang()))
        .padding(ratatui::widgets::Padding::horizontal(1));
    Paragraph::new(lines).block(block).render(popup, buf);
}
