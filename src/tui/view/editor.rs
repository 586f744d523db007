//! The set-up editor's screen: the board being built (its grid drawn as the game's), a
//! panel with the side to move, the FEN, the keys and the handicaps — or, after a refused
//! Enter, every reason — and the message line.

use crate::tui::i18n::catalogue::{Id, id, side_key, tr, tr_args};
use crate::tui::state::app::App;
use crate::tui::state::editor::{Editor, EditorNote};
use crate::tui::state::prompt::message::Mode;
use crate::tui::view::board::{bracket, piece_text, render_grid, render_labels, render_piece};
use crate::tui::view::layout::BoardGeometry;
use crate::tui::view::message_line::{put_wrapped, render_message};
use crate::tui::view::paint::restyle;
use crate::tui::view::panel::move_list::wrap;
use crate::tui::view::words::errors::reason_text;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::Line;
use unicode_width::UnicodeWidthStr;
use xiangqi_rules::Square;

/// The editor's keys, one line each, as the panel lists them.
const KEYS: [Id; 6] = [
    id::EDITOR_KEY_RED,
    id::EDITOR_KEY_BLACK,
    id::EDITOR_KEY_EMPTY,
    id::EDITOR_KEY_START,
    id::EDITOR_KEY_MOVE,
    id::EDITOR_KEY_PLAY,
];

/// Draws the editor's screen in the places the screen's layout gives: the board block,
/// the panel and the message line.
pub(crate) fn render_editor(
    app: &App,
    editor: &Editor,
    board: &BoardGeometry,
    panel: Rect,
    message: Rect,
    buf: &mut Buffer,
) {
    render_setup_board(app, editor, board, buf);
    render_setup_panel(app, editor, panel, buf);
    render_setup_message(app, editor, message, buf);
}

fn render_setup_board(app: &App, editor: &Editor, g: &BoardGeometry, buf: &mut Buffer) {
    buf.set_style(g.area, app.theme().board);
    render_grid(app, g, buf);
    render_labels(app, g, buf);
    let setup = editor.setup();
    for (sq, piece) in setup.board().pieces() {
        render_piece(app, g, buf, sq, piece);
    }
    let theme = app.theme();
    let width_at = |sq: Square| setup.piece_at(sq).map_or(1, |p| piece_text(app, p).1);
    if let Some(picked) = editor.picked() {
        restyle(buf, g.cell_of(picked), width_at(picked), theme.selected);
    }
    let cursor = editor.cursor();
    let cell = g.cell_of(cursor);
    bracket(buf, g, cell, app.glyphs().cursor, theme.cursor);
    if setup.piece_at(cursor).is_none() {
        restyle(buf, cell, 1, theme.cursor);
    }
}

fn render_setup_panel(app: &App, editor: &Editor, area: Rect, buf: &mut Buffer) {
    let lang = app.lang();
    let theme = app.theme();
    let width = usize::from(area.width.saturating_sub(1));
    let setup = editor.setup();
    let mut lines: Vec<Line> = vec![
        Line::styled(tr(lang, id::EDITOR_TITLE), theme.heading),
        Line::raw(tr_args(
            lang,
            id::EDITOR_TO_MOVE,
            &[("side", side_key(setup.turn()).into())],
        )),
        Line::raw(""),
        Line::styled(tr(lang, id::EDITOR_FEN), theme.dim),
    ];
    lines.extend(wrap(&setup.fen(), width).into_iter().map(Line::raw));
    lines.push(Line::raw(""));
    let fitted = |text: String, style: Style| -> Vec<Line<'static>> {
        if text.width() <= width {
            vec![Line::styled(text.replace('\u{a0}', " "), style)]
        } else {
            wrap(&text, width)
                .into_iter()
                .map(|l| Line::styled(l, style))
                .collect()
        }
    };
    match editor.note() {
        Some(EditorNote::Refused(reasons)) => {
            lines.extend(fitted(tr(lang, id::EDITOR_REFUSED_HEADING), theme.heading));
            for reason in reasons {
                let text = format!("• {}", reason_text(lang, reason));
                lines.extend(fitted(text, theme.warning));
            }
        }
        _ => {
            for key in KEYS {
                lines.extend(fitted(tr(lang, key), Style::new()));
            }
            lines.push(Line::raw(""));
            lines.extend(fitted(tr(lang, id::EDITOR_HANDICAPS_HEADING), theme.dim));
            lines.extend(fitted(tr(lang, id::EDITOR_HANDICAPS), Style::new()));
        }
    }
    let x = area.x + 1;
    for (y, line) in (area.y..area.bottom()).zip(lines.iter()) {
        buf.set_line(x, y, line, area.width.saturating_sub(1));
    }
}

fn render_setup_message(app: &App, editor: &Editor, area: Rect, buf: &mut Buffer) {
    let lang = app.lang();
    let theme = app.theme();
    if matches!(app.mode(), Mode::Confirm(_)) {
        render_message(app, area, buf);
        return;
    }
    let (text, style) = match editor.note() {
        Some(EditorNote::Refused(reasons)) => {
            let first = reasons.first().map(|r| reason_text(lang, r));
            let text = tr_args(
                lang,
                id::EDITOR_REFUSED,
                &[
                    ("reason", first.unwrap_or_default().into()),
                    ("more", reasons.len().saturating_sub(1).into()),
                ],
            );
            (text, theme.warning)
        }
        Some(EditorNote::NothingThere(sq)) => (
            tr_args(
                lang,
                id::EDITOR_NOTHING_THERE,
                &[("square", sq.to_string().into())],
            ),
            theme.warning,
        ),
        None => (tr(lang, id::EDITOR_HINT), theme.dim),
    };
    put_wrapped(&text, style, area, buf);
}
