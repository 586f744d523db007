//! The command palette on screen: a window over the game with the name typed, the commands
//! it finds (each with its key, dimmed and marked where it cannot be done now), and the
//! keys. The game behind stays as it was.

use crate::tui::door::Palette;
use crate::tui::door::commands::COMMANDS;
use crate::tui::door::keys::caps;
use crate::tui::door::matching::find;
use crate::tui::i18n::catalogue::{id, tr, tr_args};
use crate::tui::state::action::PaletteKey;
use crate::tui::state::app::App;
use crate::tui::view::paint::{fit_line, pad};
use crate::tui::view::windows::help::clear_popup;
use ratatui::buffer::Buffer;
use ratatui::layout::{Position as Cell, Rect};
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Widget};
use unicode_width::UnicodeWidthStr;

/// The widest the window grows.
const WIDEST: u16 = 76;
/// Lines of the window that are no command: the name typed, a blank, a blank and the keys.
const FRAME_LINES: u16 = 4;

/// Where the palette goes on the screen `area`, and how many commands it shows at once.
fn placed(area: Rect) -> (Rect, usize) {
    let w = area.width.saturating_sub(4).min(WIDEST);
    let h = area
        .height
        .saturating_sub(2)
        .min(COMMANDS.len() as u16 + FRAME_LINES + 2);
    let popup = Rect::new(
        area.x + (area.width - w) / 2,
        area.y + (area.height - h) / 2,
        w,
        h,
    );
    let shown = usize::from(h.saturating_sub(FRAME_LINES + 2)).max(1);
    (popup, shown)
}

/// The first command shown: the chosen one stays in view.
fn first_shown(row: usize, shown: usize) -> usize {
    (row + 1).saturating_sub(shown)
}

/// The lines of the palette `p` in a window `width` cells wide inside showing `shown`
/// commands.
fn lines(app: &App, p: &Palette, width: usize, shown: usize) -> Vec<Line<'static>> {
    let lang = app.lang();
    let theme = app.theme();
    let ascii = app.ascii_marks();
    let found = find(p.text.text());
    let row = p.row.min(found.len().saturating_sub(1));
    let (text, cursor) = p.text.view(width.saturating_sub(3));
    let mut typed = vec![Span::styled("> ", theme.heading)];
    typed.extend(super::menu::field_spans(app, &text, cursor, true));
    let mut lines = vec![Line::from(typed), Line::default()];
    if found.is_empty() {
        let typed = xiangqi_rules::sanitize::quoted(p.text.text().trim(), 40);
        let said = tr_args(lang, id::PALETTE_NOTHING, &[("text", typed.into())]);
        lines.push(Line::styled(said, theme.warning));
    }
    let situation = app.situation();
    let not_now = format!("  ({})", tr(lang, id::PALETTE_NOT_NOW));
    let first = first_shown(row, shown);
    for (i, &at) in found.iter().enumerate().skip(first).take(shown) {
        let command = &COMMANDS[at];
        let keys = caps(command.keys, ascii);
        let mut name = tr(lang, command.name);
        let available = (command.available)(&situation);
        if !available {
            name.push_str(&not_now);
        }
        let room = width.saturating_sub(keys.width() + 2);
        let name = fit_line(Line::raw(name), room).to_string();
        let style = match (i == row, available) {
            (true, _) => theme.heading.add_modifier(Modifier::REVERSED),
            (false, true) => ratatui::style::Style::new(),
            (false, false) => theme.dim,
        };
        lines.push(Line::from(vec![
            Span::styled(format!("{}  ", pad(&name, room)), style),
            Span::styled(keys, theme.dim),
        ]));
    }
    while lines.len() < shown + 2 {
        lines.push(Line::default());
    }
    lines.push(Line::default());
    lines.push(Line::styled(tr(lang, id::PALETTE_KEYS), theme.dim));
    lines
}

/// Draws the palette over the game while it is open.
pub(crate) fn render_palette(app: &App, area: Rect, buf: &mut Buffer) {
    let Some(p) = app.palette() else {
        return;
    };
    let (popup, shown) = placed(area);
    clear_popup(app, area, popup, buf);
    let block = Block::bordered()
        .border_set(app.glyphs().border)
        .title(format!(" {} ", tr(app.lang(), id::PALETTE_TITLE)));
    let inner = block.inner(popup);
    block.render(popup, buf);
    let width = usize::from(inner.width.saturating_sub(2));
    for (i, line) in lines(app, p, width, shown).into_iter().enumerate() {
        let y = inner.y + u16::try_from(i).unwrap_or(u16::MAX);
        if y >= inner.bottom() {
            break;
        }
        buf.set_line(inner.x + 1, y, &fit_line(line, width), inner.width);
    }
}

/// What a click at the cell `at` of the screen `area` does to the palette: on a command,
/// chooses and does it; outside the window, closes it.
#[must_use]
pub fn click(app: &App, area: Rect, at: Cell) -> PaletteKey {
    let (popup, shown) = placed(area);
    if !popup.contains(at) {
        return PaletteKey::Close;
    }
    let row = app.palette().map_or(0, |p| p.row);
    let top = popup.y + 1 + 2;
    match at.y.checked_sub(top).map(usize::from) {
        Some(i) if i < shown => PaletteKey::Click(first_shown(row, shown) + i),
        // A click on the name typed or the keys does nothing more than Step(0).
        _ => PaletteKey::Step(0),
    }
}
