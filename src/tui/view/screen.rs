//! The whole screen: `impl Widget for &App`, which only reads the state, laying out the
//! board, the panel and the message line, or the paused and too-small screens.

use crate::tui::i18n::lang::Lang;
use crate::tui::state::app::App;
use crate::tui::state::prompt::message::{Mode, Question};
use crate::tui::view::computer as computer_view;
use crate::tui::view::layout::ScreenLayout;
use crate::tui::view::words::strings;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::Line;
use ratatui::widgets::{Clear, Widget};
use unicode_width::UnicodeWidthStr;

use crate::tui::view::board::render_board;
use crate::tui::view::message_line::{message_style, message_words, put_wrapped, render_message};
use crate::tui::view::panel::render_panel;
use crate::tui::view::windows::help::render_help;
use crate::tui::view::windows::picker as picker_view;

impl Widget for &App {
    fn render(self, area: Rect, buf: &mut Buffer) {
        render_screen(self, area, buf);
        if self.ascii_marks() {
            narrow_marks(area, buf);
        }
    }
}

/// Under `--ascii-lines` (see [`App::ascii_marks`]): every mark of "ambiguous" width left
/// on the screen (a dash, an ellipsis or an arrow in a message, say) becomes an ASCII one,
/// so that a terminal that draws such characters two cells wide keeps the screen in line.
/// The layout gave each one cell, and so does its replacement. Letters (Greek or Cyrillic
/// in a player's name) are left as they are: a name matters more than its line.
fn narrow_marks(area: Rect, buf: &mut Buffer) {
    for y in area.top()..area.bottom() {
        for x in area.left()..area.right() {
            let cell = &mut buf[(x, y)];
            let symbol = cell.symbol();
            if is_ambiguous_mark(symbol) {
                let plain = ascii_for(symbol);
                cell.set_symbol(plain);
            }
        }
    }
}

/// Is `symbol` a mark (not a letter) that terminals set up for CJK text draw two cells wide
/// and others one?
fn is_ambiguous_mark(symbol: &str) -> bool {
    symbol.width() != symbol.width_cjk() && !symbol.chars().any(char::is_alphabetic)
}

/// The ASCII stand-in for a mark of ambiguous width.
fn ascii_for(symbol: &str) -> &'static str {
    match symbol.chars().next() {
        Some('—' | '–' | '―' | '‐' | '─' | '━') => "-",
        Some('…' | '·' | '•' | '∙' | '◦' | '°') => ".",
        Some('│' | '┃' | '║') => "|",
        Some('↑' | '▲') => "^",
        Some('↓' | '▼') => "v",
        Some('←' | '◀') => "<",
        Some('→' | '▶') => ">",
        Some('×') => "x",
        Some('‘' | '’' | '′') => "'",
        Some('“' | '”' | '″') => "\"",
        Some('█' | '▓' | '▒' | '░' | '■') => "#",
        _ => "?",
    }
}

/// Lays the screen out and draws it: the picker, or the board, panel and message line (or
/// the too-small and paused screens).
fn render_screen(app: &App, area: Rect, buf: &mut Buffer) {
    buf.set_style(area, app.theme().screen);
    if let Some(picker) = app.picker() {
        Clear.render(area, buf);
        buf.set_style(area, app.theme().screen);
        let typing = app.mode() == (Mode::Picker { filter: true });
        let bottom = match app.message() {
            Some(m) if !typing => Line::styled(message_words(app, m), message_style(app, m)),
            _ => {
                picker_view::filter_line(picker, typing, app.ascii_marks(), app.theme(), app.lang())
            }
        };
        picker.render(area, buf, app.theme(), app.lang(), bottom);
        return;
    }
    match ScreenLayout::new(area, app.flipped()) {
        ScreenLayout::TooSmall { width, height } => {
            render_too_small(app.lang(), area, buf, width, height);
            render_quit_question(app, area, buf);
        }
        ScreenLayout::Game {
            board,
            panel,
            message,
        } => {
            // The menu and the settings take the whole screen.
            match (app.mode(), app.menu()) {
                (Mode::Menu, Some(menu)) => {
                    crate::tui::door::view::menu::render_menu(app, menu, area, buf);
                    return;
                }
                (Mode::Settings, _) => {
                    crate::tui::door::view::settings::render_settings(app, area, buf);
                    return;
                }
                _ => {}
            }
            if let Some(editor) = app.editor() {
                crate::tui::view::editor::render_editor(app, editor, &board, panel, message, buf);
                return;
            }
            // Hidden while the clocks are paused, questions asked then included.
            if app.clock().is_some_and(xiangqi_rules::clock::Clock::paused) {
                render_paused(app, board.area, buf);
            } else {
                render_board(app, &board, buf);
                computer_view::render_hint(app, &board, buf);
            }
            render_panel(app, panel, buf);
            computer_view::render_panel(app, panel, buf);
            render_message(app, message, buf);
            if matches!(app.mode(), Mode::Help { .. }) {
                render_help(app, area, buf);
            }
            crate::tui::view::windows::comment::render_comment(app, area, buf);
            if let Some(row) = app.explorer_row() {
                crate::tui::view::windows::explorer::render_explorer(app, row, area, buf);
            }
            crate::tui::door::view::palette::render_palette(app, area, buf);
        }
    }
}

/// While the clocks are paused the board is hidden (as a paused clock promises): only the
/// word, once, and the key that goes on while it is the key to press.
pub(crate) fn render_paused(app: &App, area: Rect, buf: &mut Buffer) {
    let theme = app.theme();
    let mid = area.y + area.height / 2;
    let mut lines = vec![(strings::paused(app.lang()), theme.heading)];
    if app.mode() == Mode::Paused {
        lines.push((strings::paused_hint(app.lang()), theme.dim));
    }
    for (dy, (text, style)) in lines.into_iter().enumerate() {
        let w = u16::try_from(text.width()).unwrap_or(area.width);
        let x = area.x + area.width.saturating_sub(w) / 2;
        buf.set_string(x, mid + dy as u16, text, style);
    }
}

/// The quit question on the bottom row of the too-small screen, while it is asked: `q` and
/// `Ctrl-C` are the keys that still work there, and what they ask must be seen.
fn render_quit_question(app: &App, area: Rect, buf: &mut Buffer) {
    if app.mode() != Mode::Confirm(Question::Quit) || area.height == 0 {
        return;
    }
    let text = match app.unsaved() {
        Some(why) => strings::quit_unsaved(app.lang(), why),
        None => strings::question_in(app.lang(), Question::Quit, ""),
    };
    let bottom = Rect {
        y: area.bottom() - 1,
        height: 1,
        ..area
    };
    put_wrapped(&text, app.theme().warning, bottom, buf);
}

/// "terminal too small — need W×H" and the size now, centred; on a screen too narrow for
/// the first line it is split, so the size needed is never cut off.
pub(crate) fn render_too_small(lang: Lang, area: Rect, buf: &mut Buffer, width: u16, height: u16) {
    let sentence = strings::too_small_in(lang, width, height);
    let mut lines = if sentence.width() <= usize::from(area.width) {
        vec![sentence]
    } else {
        let (what, need) = strings::too_small_parts_in(lang, width, height);
        vec![what, need]
    };
    lines.push(strings::current_size_in(lang, area.width, area.height));
    let top = area.y + area.height.saturating_sub(lines.len() as u16) / 2;
    for (i, text) in lines.iter().enumerate() {
        let w = text.width() as u16;
        let x = area.x + area.width.saturating_sub(w) / 2;
        let y = top + i as u16;
        if y < area.bottom() {
            buf.set_stringn(x, y, text, usize::from(area.width), Style::new());
        }
    }
}
