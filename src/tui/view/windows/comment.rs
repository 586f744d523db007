//! The current move's whole comment in a window that scrolls (`}`): the panel shows only
//! its first lines.

use crate::tui::i18n::catalogue::{id, tr};
use crate::tui::state::app::App;
use crate::tui::state::prompt::message::Mode;
use crate::tui::view::panel::move_list::wrap_paragraphs;
use crate::tui::view::windows::help::{clear_popup, scroll_keys};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Block, Padding, Paragraph, Widget};

/// The widest the window gets, borders included: lines of text longer than this are hard
/// to read.
const MAX_WIDTH: u16 = 76;

/// Where the comment window goes on the screen `area`, and the comment's lines at its width.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CommentWindow {
    /// The window, borders included.
    pub popup: Rect,
    /// The comment, wrapped to the window: its own line breaks kept, a blank line as one.
    pub lines: Vec<String>,
    /// How many lines of text show at once.
    pub visible: usize,
}

impl CommentWindow {
    /// The window for the current move's comment on `area`; `None` without one.
    #[must_use]
    pub fn of(app: &App, area: Rect) -> Option<CommentWindow> {
        let text = app.comment_text()?;
        let width = area.width.saturating_sub(4).min(MAX_WIDTH);
        // Borders and a column of padding either side.
        let text_width = usize::from(width.saturating_sub(4)).max(1);
        let lines = wrap_paragraphs(&text, text_width);
        // Borders and the keys' line.
        let most = area.height.saturating_sub(2).max(4);
        let height = (lines.len() as u16 + 3).min(most);
        let popup = Rect::new(
            area.x + area.width.saturating_sub(width) / 2,
            area.y + area.height.saturating_sub(height) / 2,
            width,
            height,
        )
        .intersection(area);
        Some(CommentWindow {
            popup,
            visible: usize::from(popup.height.saturating_sub(3)).max(1),
            lines,
        })
    }

    /// The highest first line: the last screenful.
    #[must_use]
    pub fn last_top(&self) -> usize {
        self.lines.len().saturating_sub(self.visible)
    }
}

/// Draws the comment window over `area` while it is open.
pub fn render_comment(app: &App, area: Rect, buf: &mut Buffer) {
    let (Mode::Comment { top }, Some(window)) = (app.mode(), CommentWindow::of(app, area)) else {
        return;
    };
    let top = top.min(window.last_top());
    let shown = window.lines.len().min(top + window.visible);
    let mut lines: Vec<Line> = window.lines[top..shown]
        .iter()
        .map(|l| Line::raw(l.clone()))
        .collect();
    lines.resize(window.visible, Line::raw(""));
    // Which lines show, of how many, and the keys.
    lines.push(scroll_keys(app, top, shown, window.lines.len()));
    clear_popup(app, area, window.popup, buf);
    let block = Block::bordered()
        .border_set(app.glyphs().border)
        .title(format!(" {} ", tr(app.lang(), id::COMMENT_TITLE)))
        .padding(Padding::horizontal(1));
    Paragraph::new(lines).block(block).render(window.popup, buf);
}
