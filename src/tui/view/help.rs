//! The keys window.

use crate::tui::state::app::App;
use crate::tui::view::strings;
use ratatui::buffer::Buffer;
use ratatui::layout::{Position as Cell, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Block, Clear, Paragraph, Widget};
use unicode_width::UnicodeWidthStr;

/// Every binding, for the keys window: (keys, what they do).
pub const KEY_HELP: [(&str, &str); 21] = [
    ("arrows  h j k l", "move the cursor"),
    ("Enter  Space", "select a piece / move it here"),
    ("mouse click", "the same, on the point clicked"),
    ("Esc", "clear the selection"),
    (":", "type a move: h2e2, H2-E2, C2.5 or Chinese"),
    ("m", "moves in Chinese / WXF / ICCS notation"),
    ("u", "take back a move, resignation or draw"),
    ("r", "replay a move taken back"),
    (
        "Home End [ ] PgUp PgDn",
        "start, end, a move back / on (all kept)",
    ),
    (
        "< >  click, wheel on list",
        "other line at a variation; go to a move",
    ),
    ("o", "open a game file (Tab completes; / filters)"),
    ("s", "save the game as PGN (asks the file)"),
    ("d  g", "offer a draw / resign (each asks y/n)"),
    ("f", "flip the board"),
    ("n", "new game (asks y/n)"),
    ("p", "pause / resume the clocks (hides the board)"),
    ("t  a", "hint (best move in a second) / analysis on-off"),
    ("c  z", "computer takes / gives back this side; puzzles"),
    ("?", "this window"),
    ("q  Ctrl-C", "quit (asks in a game; --resume goes on)"),
    ("Ctrl-Z", "suspend (fg comes back)"),
];

/// The short form for the side panel, one binding group per line.
pub const KEY_SUMMARY: [&str; 4] = [
    "arrows/hjkl  Enter  ? keys",
    ": move  m notation  s save",
    "u undo  r redo  f flip  n new",
    "d draw  g resign  q quit",
];

use crate::tui::view::paint::*;

pub(crate) fn render_help(app: &App, area: Rect, buf: &mut Buffer) {
    let lang = app.lang();
    let keys_w = KEY_HELP
        .iter()
        .map(|(k, _)| strings::key_name(lang, k).width())
        .max()
        .unwrap_or(0);
    let mut lines: Vec<Line> = KEY_HELP
        .iter()
        .map(|(k, what)| {
            let k = strings::key_name(lang, k);
            let what = strings::key_help(lang, what);
            Line::raw(format!("{}  {what}", pad(k, keys_w)))
        })
        .collect();
    // A blank line before the last one where there is room for it; the last line must show.
    if lines.len() + 4 <= usize::from(area.height) {
        lines.push(Line::raw(""));
    }
    lines.push(Line::styled(
        strings::help_close(app.lang()),
        app.theme().dim,
    ));
    let text_w = lines.iter().map(Line::width).max().unwrap_or(0) as u16;
    let w = (text_w + 4).min(area.width);
    let h = (lines.len() as u16 + 2).min(area.height);
    let popup = Rect::new(
        area.x + (area.width - w) / 2,
        area.y + (area.height - h) / 2,
        w,
        h,
    );
    // A blank column either side, so no wide character of the screen under the window
    // (a piece, a Chinese word of the panel) reaches into its border.
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
    let block = Block::bordered()
        .border_set(app.glyphs().border)
        .title(strings::help_title(app.lang()))
        .padding(ratatui::widgets::Padding::horizontal(1));
    Paragraph::new(lines).block(block).render(popup, buf);
}
