//! The start menu on screen: the page's title, its rows (the chosen one marked, a value
//! row with the keys that change it, a field with its text and cursor), what is wrong with
//! the last thing asked, and the keys.

use super::{box_width, boxed, clock_words, render_boxed};
use crate::tui::door::menu::{Field, Go, MAIN, Menu, Page, Problem, Row, presets};
use crate::tui::i18n::catalogue::{id, tr, tr_args};
use crate::tui::i18n::lang::Lang;
use crate::tui::state::app::App;
use crate::tui::view::words::strings;
use ratatui::buffer::Buffer;
use ratatui::layout::{Position as Cell, Rect};
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};
use xiangqi_rules::Color;

/// Lines above the first row: the title, the page's name or a blank, and a blank.
const HEAD: u16 = 3;

/// The words of `row` on `menu`'s page, in `lang`, and a field's text with where its
/// cursor is (characters before it).
fn row_words(lang: Lang, menu: &Menu, row: Row) -> (String, Option<(String, usize)>) {
    let side = |c: Color| crate::tui::i18n::catalogue::side_key(c);
    let field = |label, field: Field| {
        let text = menu.text(field);
        let (shown, cursor) = text.view(60);
        let before = tr_args(lang, label, &[("text", "".into())]);
        (before, Some((shown, cursor)))
    };
    match row {
        Row::Item(i) => {
            let item = &MAIN[i];
            let name = if item.name == id::MENU_CLOCK {
                tr_args(
                    lang,
                    id::MENU_CLOCK,
                    &[("clock", clock_words(lang, menu.clock).into())],
                )
            } else {
                tr(lang, item.name)
            };
            (format!("{}  {name}", item.letter), None)
        }
        Row::Side if menu.page == Page::Host => (
            tr_args(
                lang,
                id::MENU_HOST_SIDE,
                &[("side", side(menu.host_side).into())],
            ),
            None,
        ),
        Row::Side => (
            tr_args(lang, id::MENU_SIDE, &[("side", side(menu.side).into())]),
            None,
        ),
        Row::Level => (
            tr_args(lang, id::MENU_LEVEL, &[("level", menu.level.into())]),
            None,
        ),
        Row::Clock => (
            tr_args(
                lang,
                id::MENU_CLOCK,
                &[("clock", clock_words(lang, menu.clock).into())],
            ),
            None,
        ),
        Row::Preset(i) => (clock_words(lang, presets()[i]), None),
        Row::Text(Field::Clock) => field(id::CLOCK_TYPED, Field::Clock),
        Row::Text(Field::Listen) => field(id::MENU_LISTEN, Field::Listen),
        Row::Text(Field::Address) => field(id::MENU_JOIN_ADDRESS, Field::Address),
        Row::Text(Field::Code) => field(id::MENU_JOIN_CODE, Field::Code),
        Row::To(Page::Join) => (tr(lang, id::MENU_JOIN), None),
        Row::To(_) => (tr(lang, id::MENU_HOST), None),
        Row::Start(Go::Computer) => (tr(lang, id::MENU_START), None),
        Row::Start(Go::Host) => (tr(lang, id::MENU_HOST_START), None),
        Row::Start(Go::Join) => (tr(lang, id::MENU_JOIN_START), None),
    }
}

/// The page's name under the title (none on the main page).
fn page_name(lang: Lang, page: Page) -> Option<String> {
    let name = match page {
        Page::Main => return None,
        Page::Computer => id::MENU_COMPUTER_TITLE,
        Page::Clock => id::MENU_CLOCK_TITLE,
        Page::Network => id::MENU_NETWORK_TITLE,
        Page::Host => id::MENU_HOST_TITLE,
        Page::Join => id::MENU_JOIN_TITLE,
    };
    Some(tr(lang, name))
}

/// What is wrong, in `lang`.
fn problem_words(lang: Lang, problem: &Problem) -> String {
    let (what, text) = match problem {
        Problem::Clock(text) => (id::CLOCK_BAD, text),
        Problem::Listen(text) => (id::MENU_BAD_LISTEN, text),
        Problem::Address(text) => (id::MENU_BAD_ADDRESS, text),
        Problem::Code(text) => (id::MENU_BAD_CODE, text),
    };
    let text = xiangqi_rules::sanitize::quoted(text, 40);
    tr_args(lang, what, &[("text", text.into())])
}

/// The menu's lines, top to bottom: its head ([`HEAD`] lines), a line a row, then what is
/// wrong (or the clock's help on its page) and the keys.
fn lines(app: &App, menu: &Menu) -> Vec<Line<'static>> {
    let lang = app.lang();
    let theme = app.theme();
    let seen = app.menu_seen();
    let title = strings::title(lang, app.ascii_pieces());
    let mut lines = vec![
        Line::styled(title, theme.heading),
        page_name(lang, menu.page).map_or_else(Line::default, |n| Line::styled(n, theme.heading)),
        Line::default(),
    ];
    let rows = menu.rows(&seen);
    let chosen = menu.row.min(rows.len().saturating_sub(1));
    let mark = if app.ascii_marks() { "> " } else { "▶ " };
    for (i, &row) in rows.iter().enumerate() {
        let (words, field) = row_words(lang, menu, row);
        let here = i == chosen;
        let style = if here {
            theme.heading.add_modifier(Modifier::REVERSED)
        } else {
            ratatui::style::Style::new()
        };
        let mut spans = vec![
            Span::styled(if here { mark } else { "  " }, theme.heading),
            Span::styled(words, style),
        ];
        if let Some((text, cursor)) = field {
            spans.extend(field_spans(app, &text, cursor, here));
        }
        if here && matches!(row, Row::Side | Row::Level | Row::Clock) {
            spans.push(Span::styled("  < >", theme.dim));
        }
        lines.push(Line::from(spans));
    }
    lines.push(Line::default());
    match &menu.problem {
        Some(problem) => lines.push(Line::styled(problem_words(lang, problem), theme.warning)),
        None if menu.page == Page::Clock => {
            lines.push(Line::styled(tr(lang, id::CLOCK_HELP), theme.dim));
        }
        None => {}
    }
    let keys = if menu.typing(&seen).is_some() {
        id::MENU_TYPING_KEYS
    } else {
        id::MENU_KEYS
    };
    lines.push(Line::styled(tr(lang, keys), theme.dim));
    lines
}

/// A field's text, its cursor drawn on the chosen row (a cell in reverse, as the prompts
/// draw theirs).
pub(super) fn field_spans(app: &App, text: &str, cursor: usize, here: bool) -> Vec<Span<'static>> {
    let theme = app.theme();
    if !here {
        return vec![Span::styled(text.to_string(), theme.input)];
    }
    let split = text
        .char_indices()
        .nth(cursor)
        .map_or(text.len(), |(b, _)| b);
    let (before, after) = text.split_at(split);
    let mut rest = after.chars();
    let under = rest.next().map_or(" ".to_string(), String::from);
    vec![
        Span::styled(before.to_string(), theme.input),
        Span::styled(under, theme.selected),
        Span::styled(rest.collect::<String>(), theme.input),
    ]
}

/// Where the menu goes on the screen `area`, with its lines.
fn placed(app: &App, menu: &Menu, area: Rect) -> (Rect, Vec<Line<'static>>) {
    let lines = lines(app, menu);
    let widest = lines.iter().map(Line::width).max().unwrap_or(0);
    let height = u16::try_from(lines.len() + 2).unwrap_or(u16::MAX);
    (boxed(area, box_width(widest, 40), height), lines)
}

/// Draws the menu over the whole screen `area`.
pub(crate) fn render_menu(app: &App, menu: &Menu, area: Rect, buf: &mut Buffer) {
    let (popup, lines) = placed(app, menu, area);
    render_boxed(app, area, popup, &lines, buf);
}

/// The row of the menu at the cell `at` of the screen `area`, if any.
#[must_use]
pub fn row_at(app: &App, area: Rect, at: Cell) -> Option<usize> {
    let menu = app.menu()?;
    let (popup, _) = placed(app, menu, area);
    let rows = menu.rows(&app.menu_seen()).len();
    let top = popup.y + 1 + HEAD;
    let inside = at.x > popup.x && at.x + 1 < popup.right();
    let row = usize::from(at.y.checked_sub(top)?);
    (inside && row < rows).then_some(row)
}
