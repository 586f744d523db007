//! The side panel: whose turn, check, material, the clocks, the header of a record, the
//! move list's place and the key summary.

pub mod bigdigits;
pub mod graph;
pub mod move_list;

use crate::tui::i18n::lang::Lang;
use crate::tui::look::pieces::{PieceGlyphs, half_points, points_text};
use crate::tui::look::theme::ASCII_LINES;
use crate::tui::state::app::App;
use crate::tui::state::desk::clock::TENTHS_BELOW;
use crate::tui::view::panel::move_list::{self as review};
use crate::tui::view::windows::help::KEY_SUMMARY;
use crate::tui::view::windows::picker::fit;
use crate::tui::view::words::strings;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};
use unicode_width::UnicodeWidthStr;
use xiangqi_rules::{Color, Game, Piece};

use crate::tui::view::board::{piece_style, piece_text};
use crate::tui::view::paint::pad;

/// The lines between the turn and the move list: moves that would end the game by
/// repetition, and the count towards the move limit once it is near.
pub(crate) fn status_lines<'a>(app: &App, width: usize) -> Vec<Line<'a>> {
    const SHOWN: usize = 3;
    let theme = app.theme();
    let game = app.game();
    let pos = game.position();
    let warnings = app.warnings();
    let mut lines = crate::tui::view::network::panel_lines(app, width);
    for (i, &(mv, outcome)) in warnings.iter().enumerate() {
        if i + 1 == SHOWN && warnings.len() > SHOWN {
            lines.push(Line::styled(
                strings::more_warnings_in(app.lang(), warnings.len() - i),
                theme.warning,
            ));
            break;
        }
        let text = app.write_move(pos, mv);
        lines.push(Line::styled(
            strings::repetition_warning_in(app.lang(), &text, pos.turn(), outcome),
            theme.warning,
        ));
    }
    if app.outcome().is_none() && game.move_limit_near() {
        lines.push(Line::styled(
            strings::move_limit_in(app.lang(), game.plies_without_capture()),
            theme.warning,
        ));
    }
    lines
}

/// The pieces each side has taken, in the order taken, by the capturing side's
/// `Color::index`.
pub(crate) fn captures(game: &Game) -> [Vec<Piece>; 2] {
    let mut taken = [Vec::new(), Vec::new()];
    for (before, mv) in game.positions().iter().zip(game.moves()) {
        if let Some(piece) = before.piece_at(mv.to) {
            taken[piece.color.other().index()].push(piece);
        }
    }
    taken
}

/// A side's line in the panel: its name, its material in soldiers, and the pieces it has
/// taken, each in its owner's colours (spaced out while they fit).
pub(crate) fn material_line<'a>(app: &App, side: Color, taken: &[Piece], width: u16) -> Line<'a> {
    let theme = app.theme();
    let pos = app.game().position();
    let half: u32 = pos
        .board()
        .pieces()
        .filter(|(_, p)| p.color == side)
        .map(|(_, p)| half_points(p.role))
        .sum();
    let names = Color::ALL.map(|c| strings::side_name(app.lang(), c));
    let name_w = names.iter().map(|n| n.width()).max().unwrap_or(0);
    let name_style = match side {
        Color::Red => theme.red_name,
        Color::Black => theme.black_name,
    };
    let head = format!(
        "{} {:>4} ",
        pad(&strings::side_name(app.lang(), side), name_w),
        points_text(half)
    );
    // Each piece with a space after it; what does not fit is counted, `+3`, never squeezed.
    let glyph_w = if app.ascii_pieces() { 1 } else { 2 };
    let room = usize::from(width).saturating_sub(head.width());
    let fits = |n: usize| n * (glyph_w + 1);
    let shown = if fits(taken.len()) <= room {
        taken.len()
    } else {
        (0..taken.len())
            .rev()
            .find(|&n| fits(n) + 3 <= room)
            .unwrap_or(0)
    };
    let mut spans = vec![Span::styled(head, name_style)];
    for &piece in &taken[..shown] {
        spans.push(Span::styled(
            piece_text(app, piece).0,
            piece_style(app, piece),
        ));
        spans.push(Span::raw(" "));
    }
    if shown < taken.len() {
        spans.push(Span::styled(format!("+{}", taken.len() - shown), theme.dim));
    }
    Line::from(spans)
}

/// From this panel height on, the clocks are drawn in digits three rows tall.
pub(crate) const BIG_CLOCK_HEIGHT: u16 = 30;

/// The two clocks, the side at the top of the board first: the running one marked and
/// bold, a side under 10 s in the warning colour, byo-yomi and a pause said in words. With
/// `big`, each time also in digits three rows tall under its line.
pub(crate) fn clock_lines<'a>(app: &App, big: bool) -> Vec<Line<'a>> {
    let Some(clock) = app.clock() else {
        return Vec::new();
    };
    let theme = app.theme();
    let now = app.now().elapsed;
    let top = if app.flipped() {
        Color::Red
    } else {
        Color::Black
    };
    // The names padded to one width by display cells ("Black", "黑方").
    let name_w = Color::ALL
        .map(|c| strings::side_name(app.lang(), c).width())
        .into_iter()
        .max()
        .unwrap_or(0)
        .max(6);
    [top, top.other()]
        .into_iter()
        .flat_map(|side| {
            let left = clock.left(side, now);
            let running = clock.running() && clock.turn() == side;
            let general = Piece::new(side, xiangqi_rules::Role::General);
            let (mark, _) = piece_text(app, general);
            let mut time_style = if left < TENTHS_BELOW {
                theme.check
            } else {
                piece_style(app, general)
            };
            if running {
                time_style = time_style.add_modifier(Modifier::BOLD | Modifier::REVERSED);
            }
            let pointer = match (running, app.ascii_marks()) {
                (false, _) => "  ",
                (true, false) => "▶ ",
                (true, true) => "> ",
            };
            let time = strings::clock_time(left);
            let mut spans = vec![
                Span::styled(pointer, theme.heading),
                Span::styled(mark, piece_style(app, general)),
                Span::raw(format!(
                    " {}",
                    pad(&strings::side_name(app.lang(), side), name_w)
                )),
                Span::styled(format!(" {time} "), time_style),
            ];
            if clock.in_byoyomi(side, now) {
                spans.push(Span::styled(
                    strings::clock_note(app.lang(), true),
                    theme.dim,
                ));
            }
            if clock.paused() {
                spans.push(Span::styled(
                    strings::clock_note(app.lang(), false),
                    theme.dim,
                ));
            }
            let mut lines = vec![Line::from(spans)];
            if big {
                let digits_style = if running || left < TENTHS_BELOW {
                    time_style.remove_modifier(Modifier::REVERSED)
                } else {
                    theme.dim
                };
                lines.extend(
                    bigdigits::big(&time)
                        .into_iter()
                        .map(|row| Line::styled(format!("  {row}"), digits_style)),
                );
            }
            lines
        })
        .collect()
}

/// The panel's lines above the move list: the title, the game's header, the turn or the
/// result, the clocks, warnings and the move list's heading (blank lines as empty ones).
pub(crate) fn panel_head(app: &App, area: Rect) -> Vec<Line<'static>> {
    let theme = app.theme();
    let game = app.game();
    let pos = game.position();
    let mut lines = Vec::new();
    if app.unsaved().is_some() {
        lines.push(Line::styled(strings::not_saved(app.lang()), theme.warning));
    } else if app.game_aside() && app.game_begun() {
        lines.push(Line::styled(strings::game_aside(app.lang()), theme.warning));
    } else {
        let title = strings::title(app.lang(), app.ascii_pieces());
        lines.push(Line::styled(title, theme.heading));
    }
    let width = usize::from(area.width.saturating_sub(1));
    lines.extend(review::header_lines(app, width));
    lines.push(opening_line(app, width));
    let turn = pos.turn();
    let general = Piece::new(turn, xiangqi_rules::Role::General);
    let (mark, _) = piece_text(app, general);
    let name_style = match turn {
        Color::Red => theme.red_name,
        Color::Black => theme.black_name,
    };
    let banner = app
        .outcome()
        .map(|outcome| strings::outcome_parts_in(app.lang(), outcome, turn))
        .or_else(|| review::recorded_banner(app));
    if let Some((head, reason)) = banner {
        // The banner: who won in reverse video, why under it; the board stays as it ended.
        lines.push(Line::styled(format!(" {head} "), theme.banner));
        lines.push(Line::styled(reason, theme.result));
    } else {
        lines.push(Line::from(vec![
            Span::styled(mark, piece_style(app, general)),
            Span::raw(" "),
            Span::styled(strings::to_move_in(app.lang(), turn), name_style),
        ]));
        if pos.is_check() {
            lines.push(Line::styled(
                format!(" {} ", strings::check(app.lang())),
                theme.check,
            ));
        } else {
            lines.push(Line::default());
        }
    }
    let big = area.height >= BIG_CLOCK_HEIGHT && *app.glyphs() != ASCII_LINES;
    lines.extend(clock_lines(app, big));
    let status = status_lines(app, usize::from(area.width.saturating_sub(1)));
    if status.is_empty() {
        lines.push(Line::default());
    }
    lines.extend(status);
    let taken = captures(game);
    let width = area.width.saturating_sub(1);
    for side in Color::ALL {
        lines.push(material_line(app, side, &taken[side.index()], width));
    }
    lines.push(Line::styled(
        strings::moves_heading_in(app.lang(), app.notation()),
        theme.heading,
    ));
    lines
}

/// The ECCO code and name of the game up to the position shown, cut to `width` cells:
/// the English family in English, else the Chinese name in the glyphs of the pieces.
/// An empty line when the game has no opening (no moves, or not from the start).
pub(crate) fn opening_line(app: &App, width: usize) -> Line<'static> {
    let Some(text) = opening_text(app) else {
        return Line::default();
    };
    let text = fit(&text, width);
    Line::styled(text.trim_end().to_string(), app.theme().dim)
}

/// `C23 中炮过河车七路马对屏风马两头蛇`: the code and name of the game up to the position
/// shown, in the language (English) or the pieces' glyphs (Chinese); `None` without one.
pub(crate) fn opening_text(app: &App) -> Option<String> {
    let opening = app.desk().opening()?;
    let name = match (app.lang(), app.piece_glyphs()) {
        (Lang::En, _) => opening.english,
        (_, PieceGlyphs::Simplified) => opening.simplified,
        (_, PieceGlyphs::Traditional) => opening.traditional,
    };
    Some(format!("{} {name}", opening.code))
}

/// Where the move list (and the current move's comment) goes in the panel `area`: under
/// the head, above the evaluation graph if it shows, and the key summary.
#[must_use]
pub fn move_list_area(app: &App, area: Rect) -> Rect {
    graph::split(app, under_head(app, area)).0
}

/// Where the evaluation graph goes in the panel `area`, if it shows (see [`graph::split`]).
#[must_use]
pub fn graph_area(app: &App, area: Rect) -> Option<Rect> {
    graph::split(app, under_head(app, area)).1
}

/// The room between the panel's head and its key summary.
fn under_head(app: &App, area: Rect) -> Rect {
    let head = panel_head(app, area).len() as u16;
    let top = (area.y + head).min(area.bottom());
    let keys_top = area.bottom().saturating_sub(KEY_SUMMARY.len() as u16);
    Rect::new(
        area.x + 1,
        top,
        area.width.saturating_sub(1),
        keys_top.saturating_sub(top).saturating_sub(1),
    )
}

pub(crate) fn render_panel(app: &App, area: Rect, buf: &mut Buffer) {
    let theme = app.theme();
    let x = area.x + 1;
    let width = area.width.saturating_sub(1);
    let mut y = area.y;
    let line = |buf: &mut Buffer, y: &mut u16, l: &Line| {
        if *y < area.bottom() {
            buf.set_line(x, *y, l, width);
        }
        *y += 1;
    };
    for l in &panel_head(app, area) {
        line(buf, &mut y, l);
    }
    // The key summary takes the bottom lines; the move list what is left, scrolled so the
    // current move shows.
    review::render_list(app, move_list_area(app, area), buf);
    if let Some(at) = graph_area(app, area) {
        graph::render_graph(app, at, buf);
    }
    let keys_top = area.bottom().saturating_sub(KEY_SUMMARY.len() as u16);
    let mut y = keys_top.max(y);
    for text in KEY_SUMMARY {
        let text = strings::key_summary(app.lang(), text);
        line(buf, &mut y, &Line::styled(text, theme.dim));
    }
}
