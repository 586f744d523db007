//! Small drawing helpers shared by the widgets: text at a cell, restyling cells, padding.

use ratatui::buffer::Buffer;
use ratatui::layout::{Position as Cell, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

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

/// The longest start of `s` that takes at most `width` cells (by display width: a Chinese
/// character takes two), never cut through a character.
pub(crate) fn within(s: &str, width: usize) -> &str {
    let mut used = 0;
    for (at, c) in s.char_indices() {
        used += c.width().unwrap_or(0);
        if used > width {
            return &s[..at];
        }
    }
    s
}

/// `line` cut to `width` cells (by display width: a Chinese character takes two), ending in
/// `…` where it was cut, each part keeping its style; a line that fits is left whole.
pub(crate) fn fit_line(line: Line<'static>, width: usize) -> Line<'static> {
    if line.width() <= width {
        return line;
    }
    let room = width.saturating_sub(1);
    let mut used = 0;
    let mut spans = Vec::new();
    let mut last_style = line.style;
    for span in line.spans {
        let kept = within(&span.content, room - used).to_string();
        used += kept.width();
        last_style = span.style;
        let whole = kept.len() == span.content.len();
        if !kept.is_empty() {
            spans.push(Span::styled(kept, span.style));
        }
        if !whole {
            break;
        }
    }
    spans.push(Span::styled("…", last_style));
    Line::from(spans).style(line.style)
}

/// Every cell of `area` blank, in `style`: the screen's colours behind every word and
/// between them, or (with the terminal's own colours, as `ansi16` has them) none at all.
pub(crate) fn fill(area: Rect, style: Style, buf: &mut Buffer) {
    for y in area.top()..area.bottom() {
        for x in area.left()..area.right() {
            if let Some(cell) = buf.cell_mut(Cell::new(x, y)) {
                cell.reset();
                cell.set_style(style);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{fit_line, within};
    use ratatui::style::Style;
    use ratatui::text::{Line, Span};

    #[test]
    fn within_keeps_whole_characters_in_the_cells_given() {
        assert_eq!(within("炮二平五", 5), "炮二");
        assert_eq!(within("h2e2", 9), "h2e2");
        assert_eq!(within("炮h", 0), "");
    }

    #[test]
    fn a_line_too_wide_is_cut_by_display_width_and_ends_in_an_ellipsis() {
        let text = |l: &Line| {
            l.spans
                .iter()
                .map(|s| s.content.as_ref())
                .collect::<String>()
        };
        let event = Line::raw("1st Chinese Computer Games Championship, Beijing, 2019.08.20");
        let cut = fit_line(event, 40);
        assert_eq!(text(&cut), "1st Chinese Computer Games Championship…");
        assert_eq!(cut.width(), 40);
        // Two cells a character: a cut never splits one, so the line may end a cell short.
        let chinese = fit_line(Line::raw("第一届全国计算机博弈锦标赛，北京"), 10);
        assert_eq!(text(&chinese), "第一届全…");
        let odd = fit_line(Line::raw("第一届全国计算机博弈锦标赛"), 8);
        assert_eq!(text(&odd), "第一届…");
        assert_eq!(odd.width(), 7);
        // Each part keeps its style, the ellipsis that of the part cut.
        let names = Line::from(vec![
            Span::styled("胡荣华", Style::new().red()),
            Span::raw(" – "),
            Span::styled("Xu Yinchuan", Style::new().blue()),
        ]);
        let cut = fit_line(names, 14);
        assert_eq!(text(&cut), "胡荣华 – Xu Y…");
        assert_eq!(cut.spans[2].style, Style::new().blue());
        assert_eq!(cut.spans[3].style, Style::new().blue());
        let fits = Line::raw("Hu – Yang");
        assert_eq!(fit_line(fits.clone(), 9), fits);
    }
}
