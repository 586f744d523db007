//! Small drawing helpers shared by the widgets: text at a cell, restyling cells, padding.

use ratatui::buffer::Buffer;
use ratatui::layout::Position as Cell;
use ratatui::style::Style;
use unicode_width::UnicodeWidthStr;

/// Writes `s` at (`x`, `y`) if that cell is on the buffer; wide characters take two cells.
/// A single character (every grid line and piece) goes straight into its cell, skipping the
/// grapheme segmentation of `set_string`: the grid is hundreds of them per frame.
pub(crate) fn put(buf: &mut Buffer, x: u16, y: u16, s: &str, style: Style) {
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
pub(crate) fn restyle(buf: &mut Buffer, cell: Cell, width: u16, style: Style) {
    for dx in 0..width {
        if let Some(c) = buf.cell_mut(Cell::new(cell.x + dx, cell.y)) {
            c.set_style(style);
        }
    }
}

/// Pads `s` with spaces to `width` terminal cells (by display width, not chars).
pub(crate) fn pad(s: &str, width: usize) -> String {
    format!("{s}{}", " ".repeat(width.saturating_sub(s.width())))
}
