//! Drawing what going back over a game needs: the move list with its variations (the
//! current move highlighted, scrolled into sight, clickable), the comment of the current
//! move, the game's header (players, event, date, opening) and a recorded result.

use crate::tui::i18n::catalogue::{id, tr};
use crate::tui::state::app::App;
use crate::tui::state::app::review::Note;
use crate::tui::state::picker::first_row;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use unicode_width::UnicodeWidthStr;
use xiangqi_rules::{Color, NodeId};

/// One row of the move list: pieces of text, each a move (with its node) or not.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Row {
    /// Variation depth (0: the main line).
    pub depth: usize,
    /// The text, in order.
    pub cells: Vec<(String, Option<NodeId>)>,
}

/// Every row of the move list: the main line a round a row (`  1. 炮二平五 馬８進７`),
/// each variation on rows of its own, indented by its depth and in parentheses.
#[must_use]
pub fn rows(app: &App) -> Vec<Row> {
    let entries = app
        .game()
        .tree()
        .entries(app.notation(), app.notation_style());
    let main_red_w = entries
        .iter()
        .filter(|e| e.depth == 0 && e.color == Color::Red)
        .map(|e| e.text.width())
        .max()
        .unwrap_or(0)
        .max(3);
    let number_w = entries
        .iter()
        .map(|e| e.number.to_string().len())
        .max()
        .unwrap_or(1)
        .max(3);
    let mut rows: Vec<Row> = Vec::new();
    let mut prev: Option<(usize, Color)> = None;
    for e in &entries {
        let prev_depth = prev.map_or(0, |(d, _)| d);
        let closes = (prev_depth + usize::from(e.starts_variation)).saturating_sub(e.depth);
        if let Some(row) = rows.last_mut()
            && closes > 0
        {
            row.cells.push((")".repeat(closes), None));
        }
        let continues = e.color == Color::Black
            && prev == Some((e.depth, Color::Red))
            && closes == 0
            && !e.starts_variation;
        if continues && let Some(row) = rows.last_mut() {
            if e.depth == 0
                && let Some((red, _)) = row.cells.last()
            {
                let pad = main_red_w.saturating_sub(red.width()) + 1;
                row.cells.push((" ".repeat(pad), None));
            } else {
                row.cells.push((" ".into(), None));
            }
            row.cells.push((e.text.clone(), Some(e.node)));
        } else {
            let open = if e.starts_variation { "(" } else { "" };
            let mark = if e.color == Color::Red { ". " } else { "… " };
            let number = if e.depth == 0 {
                format!("{:>number_w$}{mark}", e.number)
            } else {
                format!("{}{open}{}{mark}", indent(e.depth), e.number)
            };
            rows.push(Row {
                depth: e.depth,
                cells: vec![(number, None), (e.text.clone(), Some(e.node))],
            });
        }
        prev = Some((e.depth, e.color));
    }
    if let Some(row) = rows.last_mut()
        && let Some((depth, _)) = prev
        && depth > 0
    {
        row.cells.push((")".repeat(depth), None));
    }
    rows
}

/// Variations deeper than this are indented no further: the depth shows in the
/// parentheses, and a record nested thousands deep costs a few cells a row, not thousands.
const INDENT_LEVELS: usize = 12;

/// The indentation of a variation row at `depth`.
fn indent(depth: usize) -> String {
    "  ".repeat(depth.min(INDENT_LEVELS))
}

/// The row the current move is on (0 at the start).
fn current_row(rows: &[Row], current: NodeId) -> usize {
    rows.iter()
        .position(|r| r.cells.iter().any(|(_, n)| *n == Some(current)))
        .unwrap_or(0)
}

/// The comment of the current move (or, at the start, the game's opening comment), as
/// lines of at most `width` cells, its own line breaks kept; at most `max` of them, the last
/// cut to end with `…` and the key that shows the rest (`}`).
#[must_use]
pub fn comment_lines(app: &App, width: usize, max: usize) -> Vec<String> {
    let Some(text) = app.comment_text() else {
        return Vec::new();
    };
    let width = width.max(8);
    // Blank lines are left out, to spare the panel's few rows (the window `}` opens shows
    // them).
    let mut lines: Vec<String> = wrap_paragraphs(&text, width)
        .into_iter()
        .filter(|l| !l.is_empty())
        .collect();
    if lines.len() > max {
        lines.truncate(max);
        let more = tr(app.lang(), id::COMMENT_MORE);
        if let Some(last) = lines.last_mut() {
            while !last.is_empty() && last.width() + more.width() > width {
                last.pop();
            }
            last.push_str(&more);
        }
    }
    lines
}

/// `text` broken into lines of at most `width` cells, at spaces where it has them (Chinese
/// text, which has none, anywhere) but never at a no-break space (`5\u{a0}让九子` stays whole;
/// it is drawn as a plain space).
#[must_use]
pub fn wrap(text: &str, width: usize) -> Vec<String> {
    let lines = wrap_words(text, width);
    lines
        .into_iter()
        .map(|l| l.replace('\u{a0}', " "))
        .collect()
}

/// `text` wrapped as [`wrap`] does, each of its own lines starting a new one; a blank line
/// stays, as an empty one.
#[must_use]
pub fn wrap_paragraphs(text: &str, width: usize) -> Vec<String> {
    text.trim()
        .split('\n')
        .flat_map(|paragraph| {
            let lines = wrap(paragraph, width);
            if lines.is_empty() {
                vec![String::new()]
            } else {
                lines
            }
        })
        .collect()
}

/// [`wrap`], its no-break spaces still in the words.
fn wrap_words(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    let words = text
        .split(|c: char| c.is_whitespace() && c != '\u{a0}')
        .filter(|w| !w.is_empty());
    for word in words {
        let sep = usize::from(!line.is_empty());
        if line.width() + sep + word.width() <= width {
            if sep == 1 {
                line.push(' ');
            }
            line.push_str(word);
            continue;
        }
        if !line.is_empty() {
            lines.push(std::mem::take(&mut line));
        }
        for c in word.chars() {
            if line.width() + c.to_string().width() > width {
                lines.push(std::mem::take(&mut line));
            }
            line.push(c);
        }
    }
    if !line.is_empty() {
        lines.push(line);
    }
    lines
}

/// The most rows the current move's comment takes under the list (`}` shows the rest).
const COMMENT_ROWS: usize = 4;

/// Rows of moves the list keeps whatever the comment's length — the current move's, which
/// the comment is about: where the room is short (the evaluation graph under it, a small
/// terminal) the comment gives way, not the moves.
const LIST_KEEPS: u16 = 1;

/// How the move list area is divided: the comment takes rows at its bottom, a blank row
/// above it, and leaves the list at least [`LIST_KEEPS`] rows.
fn split(app: &App, area: Rect) -> (Rect, Vec<String>) {
    let room = usize::from(area.height.saturating_sub(LIST_KEEPS + 1));
    let comment = comment_lines(app, usize::from(area.width), room.min(COMMENT_ROWS));
    let taken = if comment.is_empty() {
        0
    } else {
        comment.len() as u16 + 1
    };
    let list = Rect {
        height: area.height.saturating_sub(taken),
        ..area
    };
    (list, comment)
}

/// Draws the move list in `area` (scrolled so the current move shows, highlighted), and the
/// current move's comment under it.
pub fn render_list(app: &App, area: Rect, buf: &mut Buffer) {
    let theme = app.theme();
    let (list, comment) = split(app, area);
    let rows = rows(app);
    let current = app.game().current();
    let height = usize::from(list.height);
    let top = first_row(current_row(&rows, current), rows.len(), height);
    for (i, row) in rows.iter().skip(top).take(height).enumerate() {
        let spans: Vec<Span> = row
            .cells
            .iter()
            .map(|(text, node)| {
                let style = match node {
                    Some(n) if *n == current => theme.heading.add_modifier(Modifier::REVERSED),
                    _ if row.depth > 0 => theme.dim,
                    _ => Style::new(),
                };
                Span::styled(text.clone(), style)
            })
            .collect();
        buf.set_line(list.x, list.y + i as u16, &Line::from(spans), list.width);
    }
    for (y, text) in (list.bottom() + 1..area.bottom()).zip(comment) {
        buf.set_line(area.x, y, &Line::styled(text, theme.result), area.width);
    }
}

/// The move drawn at (`x`, `y`) by [`render_list`] in `area`, if any: a click on a row's
/// number goes to its first move.
#[must_use]
pub fn node_at(app: &App, area: Rect, x: u16, y: u16) -> Option<NodeId> {
    let (list, _) = split(app, area);
    if x < list.x || x >= list.right() || y < list.y || y >= list.bottom() {
        return None;
    }
    let rows = rows(app);
    let top = first_row(
        current_row(&rows, app.game().current()),
        rows.len(),
        usize::from(list.height),
    );
    let row = rows.get(top + usize::from(y - list.y))?;
    let column = usize::from(x - list.x);
    let mut left = 0;
    for (text, node) in &row.cells {
        let right = left + text.width();
        if column < right {
            return node.or_else(|| row.cells.iter().find_map(|(_, n)| *n));
        }
        left = right;
    }
    None
}

/// The game's header for the panel: players, event and date, opening, where the record
/// has them (nothing for a game without tags), each line cut to `width` cells with `…`.
#[must_use]
pub fn header_lines(app: &App, width: usize) -> Vec<Line<'static>> {
    let theme = app.theme();
    let tag = |name: &str| {
        app.tags()
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.trim().to_string())
            .filter(|v| !v.is_empty() && v != "?")
    };
    let mut lines = Vec::new();
    let (red, black) = (tag("Red"), tag("Black"));
    if red.is_some() || black.is_some() {
        lines.push(Line::from(vec![
            Span::styled(red.unwrap_or_else(|| "?".into()), theme.red),
            Span::styled(" – ", theme.dim),
            Span::styled(black.unwrap_or_else(|| "?".into()), theme.black),
        ]));
    }
    let place: Vec<String> = [tag("Event"), tag("Date"), tag("Result")]
        .into_iter()
        .flatten()
        .collect();
    if !place.is_empty() {
        lines.push(Line::styled(place.join(", "), theme.dim));
    }
    let opening: Vec<String> = [tag("Opening"), tag("Variation"), tag("ECCO")]
        .into_iter()
        .flatten()
        .collect();
    if !opening.is_empty() {
        lines.push(Line::styled(opening.join(" "), theme.dim));
    }
    lines
        .into_iter()
        .map(|line| crate::tui::view::paint::fit_line(line, width))
        .collect()
}

/// The banner of a loaded game's recorded result (as the record states it, with its
/// `[Termination]` if any), shown at its last position when the rules give no result.
#[must_use]
pub fn recorded_banner(app: &App) -> Option<(String, String)> {
    let result = app.recorded_result()?;
    let why = app
        .tags()
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case("Termination"))
        .map(|(_, v)| v.as_str())
        .filter(|v| !v.trim().is_empty());
    crate::tui::view::words::strings::recorded_banner_in(app.lang(), result, why)
}

/// How a note about going through the game is styled on the message line.
#[must_use]
pub fn review_style(app: &App, note: &Note) -> Style {
    match note {
        Note::NothingThere(_)
        | Note::ClockRunning
        | Note::CannotOpen(_)
        | Note::NoCompletion
        | Note::ClockPassedOver(_)
        | Note::LinesCut(..) => app.theme().warning,
        Note::At { .. } | Note::Completions(_) | Note::Opened(..) => Style::new(),
    }
}

/// Draws `text` wrapped to the width of the message line `area`, on the rows just above it
/// (cleared first): a reason too long for the line, shown whole.
pub fn render_above(text: &str, style: Style, area: Rect, buf: &mut Buffer) {
    let width = usize::from(area.width.saturating_sub(2)).max(8);
    render_lines_above(&wrap(text.trim(), width), style, area, buf);
}

/// Draws `lines` on the rows just above the message line `area` (cleared first, in the
/// message line's own colours: the screen's, behind the words and between them), the last
/// right above it; those that find no row above the screen's top are left out.
pub fn render_lines_above(lines: &[String], style: Style, area: Rect, buf: &mut Buffer) {
    let n = (lines.len() as u16).min(area.y);
    let base = buf
        .cell(ratatui::layout::Position::new(area.x, area.y))
        .map_or_else(Style::new, ratatui::buffer::Cell::style);
    for (i, line) in lines.iter().rev().take(usize::from(n)).enumerate() {
        let y = area.y - 1 - i as u16;
        let row = Rect::new(area.x, y, area.width, 1);
        crate::tui::view::paint::fill(row, base, buf);
        buf.set_line(
            area.x + 1,
            y,
            &Line::styled(line.clone(), style),
            area.width - 1,
        );
    }
}

#[cfg(test)]
mod tests {
    use super::{INDENT_LEVELS, indent, wrap};

    #[test]
    fn deep_variations_are_indented_no_further_than_a_few_levels() {
        assert_eq!(indent(1), "  ");
        assert_eq!(indent(INDENT_LEVELS).len(), 2 * INDENT_LEVELS);
        assert_eq!(indent(100_000).len(), 2 * INDENT_LEVELS);
    }

    #[test]
    fn lines_break_at_spaces_and_never_at_a_no_break_space() {
        let text = "1\u{a0}让单马 2\u{a0}让单炮 3\u{a0}让双马 4\u{a0}让单车 5\u{a0}让九子";
        let lines = wrap(text, 40);
        assert_eq!(lines.len(), 2, "{lines:?}");
        assert_eq!(lines[1], "5 让九子");
        // Chinese without spaces breaks anywhere, within the width.
        assert_eq!(wrap("象棋让九子", 4), ["象棋", "让九", "子"]);
    }
}
