//! The explorer of the masters' moves (`e`): a window over the screen listing the moves
//! played from the position on the board, most played first, each with its games and
//! red's results as a bar and in percent.

use crate::tui::i18n::catalogue::{id, tr, tr_args};
use crate::tui::state::app::App;
use crate::tui::view::paint::pad;
use crate::tui::view::panel::opening_text;
use crate::tui::view::windows::help::clear_popup;
use crate::tui::view::windows::picker::fit;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Paragraph, Widget};
use unicode_width::UnicodeWidthStr;
use xiangqi_records::opening::{ExplorerRow, explore};

/// The cells of a row's results bar.
pub const BAR: usize = 10;
/// The widest window: enough for a row and a long opening name in the title.
const MOST_WIDTH: u16 = 64;
/// Lines of the window that are not rows: the borders (the keys in the bottom one) and
/// the column heads.
const FRAME: u16 = 3;

/// Where the window goes on the screen `area`, for `rows` rows (at least one line, for the
/// words of an empty list).
#[must_use]
pub fn window(area: Rect, rows: usize) -> Rect {
    let w = MOST_WIDTH.min(area.width);
    let h = (rows.max(1) as u16 + FRAME).min(area.height.saturating_sub(2).max(FRAME + 1));
    Rect::new(
        area.x + (area.width - w) / 2,
        area.y + area.height.saturating_sub(h) / 2,
        w,
        h,
    )
}

/// Where the rows go in the window `popup`: inside the borders, under the column heads.
#[must_use]
pub fn rows_area(popup: Rect) -> Rect {
    Rect::new(
        popup.x + 1,
        popup.y + 2,
        popup.width.saturating_sub(2),
        popup.height.saturating_sub(FRAME),
    )
}

/// The first row shown in a window of `shown` rows, so that the chosen one shows.
#[must_use]
pub fn first_shown(chosen: usize, shown: usize) -> usize {
    (chosen + 1).saturating_sub(shown.max(1))
}

/// The results bar of `row`: red's wins, draws, red's losses, in `BAR` cells (rounded so
/// the three fill it), as (text, style) parts.
fn bar(app: &App, row: &ExplorerRow) -> Vec<(String, Style)> {
    let known = row.red_wins + row.draws + row.black_wins;
    let theme = app.theme();
    let chars = if app.ascii_marks() {
        ["#", "=", "-"]
    } else {
        ["█", "▒", "░"]
    };
    if known == 0 {
        return vec![(" ".repeat(BAR), theme.dim)];
    }
    let cells = |n: u32| (n as usize * BAR + known as usize / 2) / known as usize;
    let wins = cells(row.red_wins);
    let draws = cells(row.red_wins + row.draws) - wins;
    let losses = BAR - wins - draws;
    vec![
        (chars[0].repeat(wins), theme.red),
        (chars[1].repeat(draws), theme.dim),
        (chars[2].repeat(losses), theme.black),
    ]
}

/// `45% 30% 25%`: red's wins, draws and losses in percent of the games with a result
/// (`-` without any; ASCII, for `--ascii`).
fn percents(row: &ExplorerRow) -> String {
    let known = row.red_wins + row.draws + row.black_wins;
    if known == 0 {
        return "-".to_string();
    }
    let pc = |n: u32| (n * 100 + known / 2) / known;
    format!(
        "{:>3}% {:>3}% {:>3}%",
        pc(row.red_wins),
        pc(row.draws),
        pc(row.black_wins)
    )
}

/// The window's title: the opening of the game so far, the start, or an unknown position.
fn title(app: &App) -> String {
    let lang = app.lang();
    let game = app.game();
    let opening = opening_text(app).unwrap_or_else(|| {
        if game.moves().is_empty() && game.start() == &xiangqi_rules::Position::start() {
            tr(lang, id::EXPLORER_START)
        } else {
            tr(lang, id::EXPLORER_UNKNOWN)
        }
    });
    tr_args(lang, id::EXPLORER_TITLE, &[("opening", opening.into())])
}

/// Draws the explorer over the screen `area` with row `chosen` marked.
pub(crate) fn render_explorer(app: &App, chosen: usize, area: Rect, buf: &mut Buffer) {
    let lang = app.lang();
    let theme = app.theme();
    let pos = app.game().position();
    let rows = explore(pos);
    let popup = window(area, rows.len());
    clear_popup(app, area, popup, buf);
    let inner_w = usize::from(popup.width.saturating_sub(4));
    let moves: Vec<String> = rows.iter().map(|r| app.write_move(pos, r.mv)).collect();
    let move_w = moves
        .iter()
        .map(|m| m.width())
        .chain([tr(lang, id::EXPLORER_MOVE).width()])
        .max()
        .unwrap_or(0);
    let games_w = 6;
    let mut lines = vec![Line::styled(
        fit(
            &format!(
                "  {}  {:>games_w$}  {}",
                pad(&tr(lang, id::EXPLORER_MOVE), move_w),
                tr(lang, id::EXPLORER_GAMES),
                tr(lang, id::EXPLORER_SCORE)
            ),
            inner_w,
        ),
        theme.heading,
    )];
    let shown = usize::from(rows_area(popup).height).max(1);
    if rows.is_empty() {
        lines.push(Line::raw(fit(&tr(lang, id::EXPLORER_EMPTY), inner_w)));
    }
    let chosen = chosen.min(rows.len().saturating_sub(1));
    let first = first_shown(chosen, shown);
    for (i, (row, text)) in rows.iter().zip(&moves).enumerate().skip(first).take(shown) {
        let here = i == chosen;
        let mark = match (here, app.ascii_marks()) {
            (false, _) => "  ",
            (true, false) => "▶ ",
            (true, true) => "> ",
        };
        let head_style = if here {
            theme.selected.add_modifier(Modifier::BOLD)
        } else {
            Style::new()
        };
        let mut spans = vec![
            Span::styled(mark, theme.heading),
            Span::styled(pad(text, move_w), head_style),
            Span::raw(format!("  {:>games_w$}  ", row.games)),
        ];
        spans.extend(bar(app, row).into_iter().map(|(t, s)| Span::styled(t, s)));
        spans.push(Span::styled(format!(" {}", percents(row)), theme.dim));
        lines.push(Line::from(spans));
    }
    let block = Block::bordered()
        .border_set(app.glyphs().border)
        .title(
            // A space after the title, as every window has, even when it is cut.
            format!(
                "{} ",
                fit(&format!(" {}", title(app)), inner_w + 1).trim_end()
            ),
        )
        .title_bottom(Line::styled(
            format!(" {} ", tr(lang, id::EXPLORER_KEYS)),
            theme.dim,
        ))
        .padding(ratatui::widgets::Padding::horizontal(1));
    Paragraph::new(lines).block(block).render(popup, buf);
}
