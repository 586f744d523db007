//! Drawing the game picker: one line a game, the filter line, columns that fit the width.

use crate::tui::state::picker::{Picker, first_row};

use crate::tui::i18n::catalogue::{id, tr, tr_args};
use crate::tui::i18n::lang::Lang;
use crate::tui::look::theme::Theme;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use unicode_width::UnicodeWidthStr;
use xiangqi_records::pgn::IndexEntry;

impl Picker {
    /// Draws the picker over `area`: a title, the column heads, the games (scrolled so the
    /// chosen one shows, highlighted), and on the last line the filter or `bottom`.
    pub fn render(
        &self,
        area: Rect,
        buf: &mut Buffer,
        theme: &Theme,
        lang: Lang,
        bottom: Line<'_>,
    ) {
        if too_small(area) {
            return;
        }
        let width = area.width.saturating_sub(2);
        let x = area.x + 1;
        let (shown, total) = self.counts();
        let mut title = tr_args(
            lang,
            id::PICKER_TITLE,
            &[
                ("path", self.path().display().to_string().into()),
                ("shown", shown.into()),
                ("total", total.into()),
            ],
        );
        if let Some(passed) = passed_over(self, lang) {
            title = format!("{title}  {passed}");
        }
        buf.set_line(x, area.y, &Line::styled(title, theme.heading), width);
        let number_w = total.to_string().len().max(1);
        let columns = Columns::new(usize::from(width), number_w);
        buf.set_line(
            x,
            area.y + 1,
            &Line::styled(columns.head(lang), theme.dim),
            width,
        );
        let list = list_area(area);
        let rows = usize::from(list.height);
        let top = first_row(self.chosen_row(), shown, rows);
        for (row, &i) in self.shown().iter().skip(top).take(rows).enumerate() {
            let Some(entry) = self.index().entries().get(i) else {
                continue;
            };
            let style = if top + row == self.chosen_row() {
                theme.heading.add_modifier(Modifier::REVERSED)
            } else {
                Style::new()
            };
            let y = list.y + row as u16;
            buf.set_line(x, y, &Line::styled(columns.row(entry), style), width);
        }
        let y = area.bottom() - 1;
        buf.set_line(x, y, &bottom, width);
    }

    /// Which of [`Picker::shown`] is drawn at (`column`, `row`) on a picker drawn over
    /// `area`, if a game is.
    #[must_use]
    pub fn game_at(&self, area: Rect, column: u16, row: u16) -> Option<usize> {
        if too_small(area) {
            return None;
        }
        let list = list_area(area);
        if !list.contains(ratatui::layout::Position::new(column, row)) {
            return None;
        }
        let (shown, _) = self.counts();
        let top = first_row(self.chosen_row(), shown, usize::from(list.height));
        let game = top + usize::from(row - list.y);
        (game < shown).then_some(game)
    }
}

/// What the picker's file held that it does not list, if anything: the chapter headings of
/// CCBridge libraries, and a folder's files that hold no game.
fn passed_over(picker: &Picker, lang: Lang) -> Option<String> {
    let index = picker.index();
    let counted = [
        (index.headings(), id::PICKER_HEADINGS),
        (index.files_passed_over(), id::PICKER_FILES_PASSED),
    ];
    let what: Vec<String> = counted
        .into_iter()
        .filter(|&(count, _)| count > 0)
        .map(|(count, message)| tr_args(lang, message, &[("count", count.into())]))
        .collect();
    (!what.is_empty()).then(|| {
        tr_args(
            lang,
            id::PICKER_PASSED_OVER,
            &[(
                "what",
                what.join(tr(lang, id::LIST_SEPARATOR).as_str()).into(),
            )],
        )
    })
}

/// Is `area` too small for the picker (which then draws nothing, and has no games to click)?
fn too_small(area: Rect) -> bool {
    area.height < 4 || area.width < 20
}

/// Where the games are listed on a picker drawn over `area`: between the title and column
/// heads above and the filter line below, inside a column's margin each side.
fn list_area(area: Rect) -> Rect {
    Rect::new(
        area.x + 1,
        area.y + 2,
        area.width.saturating_sub(2),
        area.height.saturating_sub(3),
    )
}

/// The line shown under the list while the filter is typed, or its hint; `ascii`: a plain
/// cursor (see [`App::ascii_marks`](crate::tui::state::app::App::ascii_marks)).
#[must_use]
pub fn filter_line<'a>(
    picker: &Picker,
    typing: bool,
    ascii: bool,
    theme: &Theme,
    lang: Lang,
) -> Line<'a> {
    let text = picker.filter().text().to_string();
    if typing {
        Line::from(vec![
            Span::styled("/", theme.heading),
            Span::styled(text, theme.input),
            Span::styled(if ascii { "_" } else { "█" }, theme.dim),
            Span::styled(format!("  {}", tr(lang, id::PICKER_TYPING)), theme.dim),
        ])
    } else if text.is_empty() {
        Line::styled(tr(lang, id::PICKER_KEYS), theme.dim)
    } else {
        Line::from(vec![
            Span::styled(format!("/{text}"), theme.input),
            Span::styled(format!("   {}", tr(lang, id::PICKER_FILTERED)), theme.dim),
        ])
    }
}

/// The widths of the picker's columns for a screen `width` cells wide.
struct Columns {
    number: usize,
    name: usize,
    event: usize,
}

/// Result, date and moves columns: fixed.
const RESULT_W: usize = 7;
const DATE_W: usize = 10;
const MOVES_W: usize = 5;

impl Columns {
    fn new(width: usize, number: usize) -> Columns {
        let fixed = number + RESULT_W + DATE_W + MOVES_W + 6;
        let rest = width.saturating_sub(fixed);
        // Names get up to 16 cells each, the event the rest.
        let name = (rest / 3).clamp(4, 16);
        let event = rest.saturating_sub(2 * name).max(4);
        Columns {
            number,
            name,
            event,
        }
    }

    fn head(&self, lang: Lang) -> String {
        let [red, black, result, event, date, moves] = [
            id::COLUMN_RED,
            id::COLUMN_BLACK,
            id::COLUMN_RESULT,
            id::COLUMN_EVENT,
            id::COLUMN_DATE,
            id::COLUMN_MOVES,
        ]
        .map(|head| tr(lang, head));
        self.join(["#", &red, &black, &result, &event, &date, &moves])
    }

    fn row(&self, e: &IndexEntry) -> String {
        let number = e.number.to_string();
        let moves = e.moves().to_string();
        self.join([
            &number,
            &e.red,
            &e.black,
            e.result.as_str(),
            &e.event,
            &e.date,
            &moves,
        ])
    }

    fn join(&self, [number, red, black, result, event, date, moves]: [&str; 7]) -> String {
        // Numbers to the right by display width: a Chinese head takes two cells a glyph.
        format!(
            "{} {} {} {} {} {} {}",
            fit_right(number, self.number),
            fit(red, self.name),
            fit(black, self.name),
            fit(result, RESULT_W),
            fit(event, self.event),
            fit(date, DATE_W),
            fit_right(moves, MOVES_W),
        )
    }
}

/// `s` padded on the left to `width` cells (by display width), never cut.
fn fit_right(s: &str, width: usize) -> String {
    format!("{}{s}", " ".repeat(width.saturating_sub(s.width())))
}

/// `s` cut or padded to exactly `width` cells (by display width: Chinese names take two
/// cells a character); a cut ends in `…`.
#[must_use]
pub fn fit(s: &str, width: usize) -> String {
    if s.width() <= width {
        return format!("{s}{}", " ".repeat(width - s.width()));
    }
    let kept = crate::tui::view::paint::within(s, width.saturating_sub(1));
    let used = kept.width() + 1;
    format!("{kept}…{}", " ".repeat(width.saturating_sub(used)))
}

#[cfg(test)]
mod tests {
    use super::{first_row, fit};
    use unicode_width::UnicodeWidthStr;

    #[test]
    fn names_are_cut_and_padded_by_display_width() {
        assert_eq!(fit("Hu", 4), "Hu  ");
        assert_eq!(fit("胡荣华大师", 6), "胡荣… ");
        assert_eq!(fit("胡荣华大师", 6).width(), 6);
        assert_eq!(fit("Xu Yinchuan", 6), "Xu Yi…");
    }

    #[test]
    fn the_list_scrolls_to_keep_the_chosen_game_in_sight() {
        assert_eq!(first_row(3, 10, 20), 0);
        assert_eq!(first_row(0, 100, 20), 0);
        assert_eq!(first_row(50, 100, 20), 36);
        assert_eq!(first_row(99, 100, 20), 80);
    }
}
