//! Drawing the game screen: `impl Widget for &App`, which only reads the state.

use super::app::{App, Message, Mode};
use super::input::{KEY_HELP, KEY_SUMMARY};
use super::layout::{BoardGeometry, ScreenLayout};
use super::strings;
use ratatui::buffer::Buffer;
use ratatui::layout::{Position as Cell, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Widget};
use unicode_width::UnicodeWidthStr;
use xiangqi::{Color, Game, Move, Piece, Position, Square};

impl Widget for &App {
    fn render(self, area: Rect, buf: &mut Buffer) {
        match ScreenLayout::new(area, self.flipped()) {
            ScreenLayout::TooSmall { width, height } => render_too_small(area, buf, width, height),
            ScreenLayout::Game {
                board,
                panel,
                message,
            } => {
                render_board(self, &board, buf);
                render_panel(self, panel, buf);
                render_message(self, message, buf);
                if self.mode() == Mode::Help {
                    render_help(self, area, buf);
                }
            }
        }
    }
}

/// Writes `s` at (`x`, `y`) if that cell is on the buffer; wide characters take two cells.
/// A single character (every grid line and piece) goes straight into its cell, skipping the
/// grapheme segmentation of `set_string`: the grid is hundreds of them per frame.
fn put(buf: &mut Buffer, x: u16, y: u16, s: &str, style: Style) {
    let mut chars = s.chars();
    let single = chars.next().is_some() && chars.next().is_none();
    if !single {
        if buf.area.contains(Cell::new(x, y)) {
            buf.set_string(x, y, s, style);
        }
        return;
    }
    if let Some(cell) = buf.cell_mut(Cell::new(x, y)) {
        cell.set_symbol(s).set_style(style);
    }
    if s.width() == 2 {
        // The next cell is covered by the wide character; clear what the grid put there.
        if let Some(cell) = buf.cell_mut(Cell::new(x + 1, y)) {
            cell.reset();
        }
    }
}

/// Adds `style` to `width` cells starting at `cell`.
fn restyle(buf: &mut Buffer, cell: Cell, width: u16, style: Style) {
    for dx in 0..width {
        if let Some(c) = buf.cell_mut(Cell::new(cell.x + dx, cell.y)) {
            c.set_style(style);
        }
    }
}

/// The text a piece is drawn with, and how many cells that takes.
fn piece_text(app: &App, piece: Piece) -> (String, u16) {
    if app.ascii_pieces() {
        (piece.fen_char().to_string(), 1)
    } else {
        (piece.glyph().to_string(), 2)
    }
}

fn piece_style(app: &App, piece: Piece) -> Style {
    match piece.color {
        Color::Red => app.theme().red,
        Color::Black => app.theme().black,
    }
}

/// Brackets in the cells just left and right of a point's two cells.
fn bracket(buf: &mut Buffer, cell: Cell, marks: (&str, &str), style: Style) {
    if cell.x > 0 {
        put(buf, cell.x - 1, cell.y, marks.0, style);
    }
    put(buf, cell.x + 2, cell.y, marks.1, style);
}

fn render_board(app: &App, g: &BoardGeometry, buf: &mut Buffer) {
    render_grid(app, g, buf);
    render_labels(app, g, buf);
    let theme = app.theme();
    let glyphs = app.glyphs();
    let pos = app.game().position();

    for sq in Square::all() {
        if let Some(piece) = pos.piece_at(sq) {
            let cell = g.cell_of(sq);
            let (text, _) = piece_text(app, piece);
            put(buf, cell.x, cell.y, &text, piece_style(app, piece));
        }
    }
    let width_at = |sq: Square| pos.piece_at(sq).map_or(1, |p| piece_text(app, p).1);

    if let Some(mv) = app.game().last_move() {
        let from = g.cell_of(mv.from);
        if pos.piece_at(mv.from).is_none() {
            put(buf, from.x, from.y, glyphs.last_from, theme.last_from);
        }
        restyle(buf, g.cell_of(mv.to), width_at(mv.to), theme.last_to);
    }
    if pos.is_check() {
        let general = pos.general(pos.turn());
        let cell = g.cell_of(general);
        restyle(buf, cell, width_at(general), theme.check);
        bracket(buf, cell, glyphs.check, theme.check);
    }
    if let Some(sel) = app.selected() {
        restyle(buf, g.cell_of(sel), width_at(sel), theme.selected);
        for mv in pos.legal_moves_from(sel).iter() {
            let cell = g.cell_of(mv.to);
            if pos.piece_at(mv.to).is_some() {
                bracket(buf, cell, glyphs.capture, theme.capture);
            } else {
                put(buf, cell.x, cell.y, glyphs.quiet, theme.quiet);
            }
        }
    }
    let cursor = app.cursor();
    let cell = g.cell_of(cursor);
    bracket(buf, cell, glyphs.cursor, theme.cursor);
    if pos.piece_at(cursor).is_none() {
        restyle(buf, cell, 1, theme.cursor);
    }
}

/// Lines, palace diagonals and the river. The picture is the same either way up, so it is
/// drawn in screen coordinates.
fn render_grid(app: &App, g: &BoardGeometry, buf: &mut Buffer) {
    let glyphs = app.glyphs();
    let style = app.theme().grid;
    // Between screen rows 4 and 5 runs the river: only the edge files cross it.
    let inner = |col: u8| (1..=7).contains(&col);
    for row in 0..10u8 {
        for col in 0..9u8 {
            let up = row > 0 && !(row == 5 && inner(col));
            let down = row < 9 && !(row == 4 && inner(col));
            let left = col > 0;
            let right = col < 8;
            let index = usize::from(up)
                | usize::from(down) << 1
                | usize::from(left) << 2
                | usize::from(right) << 3;
            let cell = g.cell_of_coords(col, row);
            put(buf, cell.x, cell.y, glyphs.junctions[index], style);
            if right {
                for dx in 1..g.step_x {
                    put(buf, cell.x + dx, cell.y, glyphs.horizontal, style);
                }
            }
            if down {
                for dy in 1..g.step_y {
                    put(buf, cell.x, cell.y + dy, glyphs.vertical, style);
                }
            }
        }
    }
    // The palaces' X: between rows 0–1 and 7–8 the strokes run from files 3 and 5 towards
    // 4; between rows 1–2 and 8–9 from 4 outwards.
    for top in [0u8, 1, 7, 8] {
        let (down_from, up_from) = if top == 0 || top == 7 { (3, 5) } else { (4, 4) };
        for k in 1..g.step_y {
            let shift = (2 * g.step_x * k + g.step_y) / (2 * g.step_y);
            let y = g.cell_of_coords(0, top).y + k;
            put(
                buf,
                g.cell_of_coords(down_from, top).x + shift,
                y,
                glyphs.diagonal_down,
                style,
            );
            put(
                buf,
                g.cell_of_coords(up_from, top).x - shift,
                y,
                glyphs.diagonal_up,
                style,
            );
        }
    }
    let (left, right) = if app.ascii_pieces() {
        strings::RIVER_ASCII
    } else {
        strings::RIVER
    };
    let y = g.cell_of_coords(0, 4).y + g.step_y / 2;
    for (text, col) in [(left, 2), (right, 6)] {
        // Centred under the middle of the half's two-cell points.
        let x = g.cell_of_coords(col, 4).x + 1 - (text.width() as u16).div_ceil(2);
        put(buf, x, y, text, app.theme().river);
    }
}

/// File numbers above and below, rank digits at the left, file letters if there is room.
fn render_labels(app: &App, g: &BoardGeometry, buf: &mut Buffer) {
    let style = app.theme().label;
    let top = g.origin_y - 1;
    let bottom = g.cell_of_coords(0, 9).y + 1;
    let (top_side, bottom_side) = if app.flipped() {
        (Color::Red, Color::Black)
    } else {
        (Color::Black, Color::Red)
    };
    for col in 0..9u8 {
        let Some(sq) = g.square_at_coords(col, 0) else {
            continue;
        };
        let file = usize::from(sq.file().index());
        let x = g.cell_of_coords(col, 0).x;
        put(buf, x, top, file_number(app, top_side, file), style);
        put(buf, x, bottom, file_number(app, bottom_side, file), style);
        if g.letters {
            put(buf, x, bottom + 1, &sq.file().char().to_string(), style);
        }
    }
    for row in 0..10u8 {
        if let Some(sq) = g.square_at_coords(0, row) {
            let y = g.cell_of_coords(0, row).y;
            put(buf, g.area.x, y, &sq.rank().char().to_string(), style);
        }
    }
}

/// Each side counts files from its own right: black's 1 is file `a`, red's 一 is file `i`.
fn file_number(app: &App, side: Color, file: usize) -> &'static str {
    let index = match side {
        Color::Red => 8 - file,
        Color::Black => file,
    };
    match (app.ascii_pieces(), side) {
        (true, _) => strings::ASCII_FILE_NUMBERS[index],
        (false, Color::Red) => strings::RED_FILE_NUMBERS[index],
        (false, Color::Black) => strings::BLACK_FILE_NUMBERS[index],
    }
}

/// How a move is written in the move list. The one place to change for another notation:
/// it gets the position the move was played from.
fn move_text(_before: &Position, mv: Move) -> String {
    mv.to_string()
}

/// Pads `s` with spaces to `width` terminal cells (by display width, not chars).
fn pad(s: &str, width: usize) -> String {
    format!("{s}{}", " ".repeat(width.saturating_sub(s.width())))
}

/// The move list, one line per move number: `  1. h2e2  h9g7`. The last move is marked.
fn move_lines<'a>(game: &Game, theme_last: Style) -> Vec<Line<'a>> {
    let start = game.start();
    let mut number = start.fullmove_number();
    let mut lines = Vec::new();
    let mut current: Vec<Span> = Vec::new();
    let last = game.moves().len().checked_sub(1);
    // A game started with black to move begins its first line with a gap for red.
    let mut red_turn = start.turn() == Color::Red;
    if !red_turn && !game.moves().is_empty() {
        current.push(Span::raw(format!("{number:>3}. {}", pad("...", 7))));
    }
    for (i, (&mv, before)) in game.moves().iter().zip(game.positions()).enumerate() {
        let text = pad(&move_text(before, mv), 7);
        let style = if Some(i) == last {
            theme_last
        } else {
            Style::new()
        };
        if red_turn {
            current.push(Span::raw(format!("{number:>3}. ")));
            current.push(Span::styled(text, style));
        } else {
            current.push(Span::styled(text, style));
            lines.push(Line::from(std::mem::take(&mut current)));
            number += 1;
        }
        red_turn = !red_turn;
    }
    if !current.is_empty() {
        lines.push(Line::from(current));
    }
    lines
}

fn render_panel(app: &App, area: Rect, buf: &mut Buffer) {
    let theme = app.theme();
    let game = app.game();
    let pos = game.position();
    let x = area.x + 1;
    let width = area.width.saturating_sub(1);
    let mut y = area.y;
    let line = |buf: &mut Buffer, y: &mut u16, l: Line| {
        if *y < area.bottom() {
            buf.set_line(x, *y, &l, width);
        }
        *y += 1;
    };
    let title = if app.ascii_pieces() {
        strings::TITLE_ASCII
    } else {
        strings::TITLE
    };
    line(buf, &mut y, Line::styled(title, theme.heading));
    y += 1;
    let turn = pos.turn();
    let general = Piece::new(turn, xiangqi::Role::General);
    let (mark, _) = piece_text(app, general);
    let side_style = piece_style(app, general);
    if let Some(outcome) = game.outcome() {
        line(buf, &mut y, Line::styled(outcome.to_string(), theme.result));
        y += 1;
    } else {
        line(
            buf,
            &mut y,
            Line::from(vec![
                Span::styled(mark, side_style),
                Span::raw(" "),
                Span::styled(strings::to_move(turn), side_style),
            ]),
        );
        if pos.is_check() {
            line(
                buf,
                &mut y,
                Line::styled(format!(" {} ", strings::CHECK), theme.check),
            );
        } else {
            y += 1;
        }
    }
    y += 1;
    line(buf, &mut y, Line::styled(strings::MOVES, theme.heading));

    // The key summary takes the bottom lines; the move list what is left, scrolled so the
    // last move shows.
    let keys_top = area.bottom().saturating_sub(KEY_SUMMARY.len() as u16);
    let room = usize::from(keys_top.saturating_sub(y).saturating_sub(1));
    let moves = move_lines(game, theme.heading);
    let skip = moves.len().saturating_sub(room);
    for l in moves.into_iter().skip(skip) {
        line(buf, &mut y, l);
    }
    let mut y = keys_top.max(y);
    for text in KEY_SUMMARY {
        line(buf, &mut y, Line::styled(text, theme.dim));
    }
}

fn render_message(app: &App, area: Rect, buf: &mut Buffer) {
    let theme = app.theme();
    let message = app
        .message()
        .or_else(|| app.game().outcome().map(Message::Over));
    let line = match message {
        None => Line::styled(strings::HINT, theme.dim),
        Some(m) => {
            let style = match m {
                Message::Refused(_)
                | Message::SelectFirst(_)
                | Message::NotYourTurn(_)
                | Message::NothingToUndo
                | Message::NothingToRedo
                | Message::NewGameQuestion => theme.warning,
                Message::Over(_) => theme.result,
                Message::Undone(_)
                | Message::Redone(_)
                | Message::NewGameStarted
                | Message::NewGameCancelled => Style::new(),
            };
            Line::styled(strings::message(m), style)
        }
    };
    buf.set_line(area.x + 1, area.y, &line, area.width.saturating_sub(1));
}

fn render_help(app: &App, area: Rect, buf: &mut Buffer) {
    let keys_w = KEY_HELP.iter().map(|(k, _)| k.width()).max().unwrap_or(0);
    let mut lines: Vec<Line> = KEY_HELP
        .iter()
        .map(|(k, what)| Line::raw(format!("{}  {what}", pad(k, keys_w))))
        .collect();
    lines.push(Line::raw(""));
    lines.push(Line::styled(strings::HELP_CLOSE, app.theme().dim));
    let text_w = lines.iter().map(Line::width).max().unwrap_or(0) as u16;
    let w = (text_w + 4).min(area.width);
    let h = (lines.len() as u16 + 2).min(area.height);
    let popup = Rect::new(
        area.x + (area.width - w) / 2,
        area.y + (area.height - h) / 2,
        w,
        h,
    );
    Clear.render(popup, buf);
    let block = Block::bordered()
        .border_set(app.glyphs().border)
        .title(strings::HELP_TITLE)
        .padding(ratatui::widgets::Padding::horizontal(1));
    Paragraph::new(lines).block(block).render(popup, buf);
}

fn render_too_small(area: Rect, buf: &mut Buffer, width: u16, height: u16) {
    let lines = [
        strings::too_small(width, height),
        strings::current_size(area.width, area.height),
    ];
    let top = area.y + area.height.saturating_sub(2) / 2;
    for (i, text) in lines.iter().enumerate() {
        let w = text.width() as u16;
        let x = area.x + area.width.saturating_sub(w) / 2;
        let y = top + i as u16;
        if y < area.bottom() {
            buf.set_stringn(x, y, text, usize::from(area.width), Style::new());
        }
    }
}
