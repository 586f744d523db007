//! The board: grid, river, labels, pieces, and the marks of the cursor, the selection,
//! the last move and the destinations.

use crate::tui::look::pieces::{PieceGlyphs, wxf_letter};
use crate::tui::look::theme::{Glyphs, Theme};
use crate::tui::state::app::App;
use crate::tui::view::layout::{BoardGeometry, wide_discs};
use crate::tui::view::words::strings;
use ratatui::buffer::Buffer;
use ratatui::layout::Position as Cell;
use ratatui::style::Style;
use unicode_width::UnicodeWidthStr;
use xiangqi_rules::{
    BlackDigits, Color, File, NotationStyle, Piece, Square, file_name, file_number,
};

use crate::tui::view::paint::{put, restyle};

/// The text a piece is drawn with, and how many cells that takes: its character in the
/// glyph set chosen, or under `--ascii` its WXF letter.
pub(crate) fn piece_text(app: &App, piece: Piece) -> (String, u16) {
    if app.ascii_pieces() {
        (wxf_letter(piece).to_string(), 1)
    } else {
        (app.piece_glyphs().glyph(piece).to_string(), 2)
    }
}

pub(crate) fn piece_style(app: &App, piece: Piece) -> Style {
    match piece.color {
        Color::Red => app.theme().red,
        Color::Black => app.theme().black,
    }
}

/// Brackets in the cells just left and right of a point's two cells.
/// On a board with wide discs the brackets sit one cell further out, outside the disc.
pub(crate) fn bracket(
    buf: &mut Buffer,
    g: &BoardGeometry,
    cell: Cell,
    marks: (&str, &str),
    style: Style,
) {
    let out = u16::from(wide_discs(g.step_x));
    if cell.x > out {
        put(buf, cell.x - 1 - out, cell.y, marks.0, style);
    }
    put(buf, cell.x + 2 + out, cell.y, marks.1, style);
}

/// Styles a piece's cells: its glyph's (`width`) and, on a board with wide discs, the
/// disc's cell either side of it (which only takes the background).
pub(crate) fn restyle_piece(
    app: &App,
    g: &BoardGeometry,
    buf: &mut Buffer,
    sq: Square,
    style: Style,
) {
    let cell = g.cell_of(sq);
    let width = app
        .game()
        .position()
        .piece_at(sq)
        .map_or(1, |p| piece_text(app, p).1);
    restyle(buf, cell, width, style);
    if width == 2 && wide_discs(g.step_x) {
        let edge = Style {
            bg: style.bg,
            ..Style::new()
        };
        if style.bg.is_some() {
            restyle(buf, Cell::new(cell.x - 1, cell.y), 1, edge);
            restyle(buf, Cell::new(cell.x + 2, cell.y), 1, edge);
        }
    }
}

/// A piece on its point, on its disc where the board is wide enough for discs.
pub(crate) fn render_piece(
    app: &App,
    g: &BoardGeometry,
    buf: &mut Buffer,
    sq: Square,
    piece: Piece,
) {
    let cell = g.cell_of(sq);
    let (text, width) = piece_text(app, piece);
    let style = piece_style(app, piece);
    if width == 2 && wide_discs(g.step_x) && style.bg.is_some() {
        put(buf, cell.x - 1, cell.y, " ", style);
        put(buf, cell.x + 2, cell.y, " ", style);
    }
    put(buf, cell.x, cell.y, &text, style);
}

pub(crate) fn render_board(app: &App, g: &BoardGeometry, buf: &mut Buffer) {
    buf.set_style(g.area, app.theme().board);
    render_grid(app, g, buf);
    render_labels(app, g, buf);
    let theme = app.theme();
    let glyphs = app.glyphs();
    let pos = app.game().position();
    // Blindfold: the lines and the marks of the moves, nothing that tells where a piece is.
    let hidden = app.pieces_hidden();
    if !hidden {
        for (sq, piece) in pos.board().pieces() {
            render_piece(app, g, buf, sq, piece);
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
    if pos.is_check() && !hidden {
        let general = pos.general(pos.turn());
        let cell = g.cell_of(general);
        restyle_piece(app, g, buf, general, theme.check);
        bracket(buf, g, cell, glyphs.check, theme.check_mark);
    }
    if let Some(sel) = app.selected() {
        restyle_piece(app, g, buf, sel, theme.selected);
        let shown = if hidden {
            xiangqi_rules::MoveList::new()
        } else {
            pos.legal_moves_from(sel)
        };
        for mv in shown.iter() {
            let cell = g.cell_of(mv.to);
            if pos.piece_at(mv.to).is_some() {
                bracket(buf, g, cell, glyphs.capture, theme.capture);
            } else {
                put(buf, cell.x, cell.y, glyphs.quiet, theme.quiet);
            }
        }
    }
    let cursor = app.cursor();
    let cell = g.cell_of(cursor);
    bracket(buf, g, cell, glyphs.cursor, theme.cursor);
    if pos.piece_at(cursor).is_none() || hidden {
        restyle(buf, cell, 1, theme.cursor);
    }
}

/// Lines, palace diagonals and the river. The picture is the same either way up, so it is
/// drawn in screen coordinates.
pub(crate) fn render_grid(app: &App, g: &BoardGeometry, buf: &mut Buffer) {
    let river = if app.ascii_pieces() {
        strings::RIVER_ASCII
    } else if app.piece_glyphs() == PieceGlyphs::Simplified {
        strings::RIVER_SIMPLIFIED
    } else {
        strings::RIVER
    };
    draw_grid(app.glyphs(), app.theme(), river, g, buf);
}

/// [`render_grid`] for any screen that draws a board: its lines, its theme and the river's
/// words.
pub(crate) fn draw_grid(
    glyphs: &Glyphs,
    theme: &Theme,
    river: (&str, &str),
    g: &BoardGeometry,
    buf: &mut Buffer,
) {
    let style = theme.grid;
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
    let (left, right) = river;
    let y = g.cell_of_coords(0, 4).y + g.step_y / 2;
    for (text, col) in [(left, 2), (right, 6)] {
        // Centred under the middle of the half's two-cell points.
        let x = g.cell_of_coords(col, 4).x + 1 - (text.width() as u16).div_ceil(2);
        put(buf, x, y, text, theme.river);
    }
}

/// File numbers above and below, rank digits at the left, file letters if there is room.
pub(crate) fn render_labels(app: &App, g: &BoardGeometry, buf: &mut Buffer) {
    draw_labels(app.theme().label, app.ascii_pieces(), g, buf);
}

/// [`render_labels`] for any screen that draws a board: in `style`, plain digits if `ascii`.
pub(crate) fn draw_labels(style: Style, ascii: bool, g: &BoardGeometry, buf: &mut Buffer) {
    let top = g.origin_y - 1;
    let bottom = g.cell_of_coords(0, 9).y + 1;
    let (top_side, bottom_side) = if g.flipped {
        (Color::Red, Color::Black)
    } else {
        (Color::Black, Color::Red)
    };
    for col in 0..9u8 {
        let Some(sq) = g.square_at_coords(col, 0) else {
            continue;
        };
        let x = g.cell_of_coords(col, 0).x;
        put(buf, x, top, &file_label(ascii, top_side, sq.file()), style);
        put(
            buf,
            x,
            bottom,
            &file_label(ascii, bottom_side, sq.file()),
            style,
        );
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

/// A side's number for a file along its edge of the board, as it would write it in a move
/// (black's full-width digits are two cells, like the pieces); plain digits in `--ascii`.
pub(crate) fn file_label(ascii: bool, side: Color, file: File) -> String {
    if ascii {
        return file_number(side, file).to_string();
    }
    let style = NotationStyle {
        black_digits: BlackDigits::FullWidth,
        ..NotationStyle::default()
    };
    file_name(side, file, &style).to_string()
}
