//! Drawing the game screen: `impl Widget for &App`, which only reads the state.

use crate::tui::i18n::lang::Lang;
use crate::tui::input::{KEY_HELP, KEY_SUMMARY};
use crate::tui::look::pieces::{PieceGlyphs, half_points, points_text, wxf_letter};
use crate::tui::look::theme::ASCII_LINES;
use crate::tui::state::app::{App, Message, Mode, Prompt, TENTHS_BELOW};
use crate::tui::state::picker;
use crate::tui::view::bigdigits;
use crate::tui::view::computer as computer_view;
use crate::tui::view::layout::{BoardGeometry, ScreenLayout, wide_discs};
use crate::tui::view::move_list::{self as review, review_style};
use crate::tui::view::strings;
use ratatui::buffer::Buffer;
use ratatui::layout::{Position as Cell, Rect};
use ratatui::style::{Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, Clear, Paragraph, Widget};
use unicode_width::UnicodeWidthStr;
use xiangqi::{
    BlackDigits, Color, File, Game, NotationStyle, Piece, Square, file_name, file_number,
};

impl Widget for &App {
    fn render(self, area: Rect, buf: &mut Buffer) {
        buf.set_style(area, self.theme().screen);
        if let Some(picker) = self.picker() {
            Clear.render(area, buf);
            let typing = self.mode() == (Mode::Picker { filter: true });
            let bottom = match self.message() {
                Some(m) if !typing => {
                    Line::styled(strings::message_in(self.lang(), m), message_style(self, m))
                }
                _ => picker::filter_line(picker, typing, self.theme(), self.lang()),
            };
            picker.render(area, buf, self.theme(), self.lang(), bottom);
            return;
        }
        match ScreenLayout::new(area, self.flipped()) {
            ScreenLayout::TooSmall { width, height } => {
                render_too_small(self.lang(), area, buf, width, height);
            }
            ScreenLayout::Game {
                board,
                panel,
                message,
            } => {
                // Hidden while the clocks are paused, questions asked then included.
                if self.clock().is_some_and(xiangqi::clock::Clock::paused) {
                    render_paused(self, board.area, buf);
                } else {
                    render_board(self, &board, buf);
                    computer_view::render_hint(self, &board, buf);
                }
                render_panel(self, panel, buf);
                computer_view::render_panel(self, panel, buf);
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

/// The text a piece is drawn with, and how many cells that takes: its character in the
/// glyph set chosen, or under `--ascii` its WXF letter.
fn piece_text(app: &App, piece: Piece) -> (String, u16) {
    if app.ascii_pieces() {
        (wxf_letter(piece).to_string(), 1)
    } else {
        (app.piece_glyphs().glyph(piece).to_string(), 2)
    }
}

fn piece_style(app: &App, piece: Piece) -> Style {
    match piece.color {
        Color::Red => app.theme().red,
        Color::Black => app.theme().black,
    }
}

/// Brackets in the cells just left and right of a point's two cells.
/// On a board with wide discs the brackets sit one cell further out, outside the disc.
fn bracket(buf: &mut Buffer, g: &BoardGeometry, cell: Cell, marks: (&str, &str), style: Style) {
    let out = u16::from(wide_discs(g.step_x));
    if cell.x > out {
        put(buf, cell.x - 1 - out, cell.y, marks.0, style);
    }
    put(buf, cell.x + 2 + out, cell.y, marks.1, style);
}

/// Styles a piece's cells: its glyph's (`width`) and, on a board with wide discs, the
/// disc's cell either side of it (which only takes the background).
fn restyle_piece(app: &App, g: &BoardGeometry, buf: &mut Buffer, sq: Square, style: Style) {
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

fn render_board(app: &App, g: &BoardGeometry, buf: &mut Buffer) {
    buf.set_style(g.area, app.theme().board);
    render_grid(app, g, buf);
    render_labels(app, g, buf);
    let theme = app.theme();
    let glyphs = app.glyphs();
    let pos = app.game().position();

    for sq in Square::all() {
        if let Some(piece) = pos.piece_at(sq) {
            let cell = g.cell_of(sq);
            let (text, width) = piece_text(app, piece);
            let style = piece_style(app, piece);
            if width == 2 && wide_discs(g.step_x) && style.bg.is_some() {
                put(buf, cell.x - 1, cell.y, " ", style);
                put(buf, cell.x + 2, cell.y, " ", style);
            }
            put(buf, cell.x, cell.y, &text, style);
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
        restyle_piece(app, g, buf, general, theme.check);
        bracket(buf, g, cell, glyphs.check, theme.check_mark);
    }
    if let Some(sel) = app.selected() {
        restyle_piece(app, g, buf, sel, theme.selected);
        for mv in pos.legal_moves_from(sel).iter() {
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
    } else if app.piece_glyphs() == PieceGlyphs::Simplified {
        strings::RIVER_SIMPLIFIED
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
        let x = g.cell_of_coords(col, 0).x;
        put(buf, x, top, &file_label(app, top_side, sq.file()), style);
        put(
            buf,
            x,
            bottom,
            &file_label(app, bottom_side, sq.file()),
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
fn file_label(app: &App, side: Color, file: File) -> String {
    if app.ascii_pieces() {
        return file_number(side, file).to_string();
    }
    let style = NotationStyle {
        black_digits: BlackDigits::FullWidth,
        ..NotationStyle::default()
    };
    file_name(side, file, &style).to_string()
}

/// Pads `s` with spaces to `width` terminal cells (by display width, not chars).
fn pad(s: &str, width: usize) -> String {
    format!("{s}{}", " ".repeat(width.saturating_sub(s.width())))
}

/// The lines between the turn and the move list: moves that would end the game by
/// repetition, and the count towards the move limit once it is near.
fn status_lines<'a>(app: &App) -> Vec<Line<'a>> {
    const SHOWN: usize = 3;
    let theme = app.theme();
    let game = app.game();
    let pos = game.position();
    let warnings = app.warnings();
    let mut lines = Vec::new();
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
fn captures(game: &Game) -> [Vec<Piece>; 2] {
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
fn material_line<'a>(app: &App, side: Color, taken: &[Piece], width: u16) -> Line<'a> {
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
        pad(strings::side_name(app.lang(), side), name_w),
        points_text(half)
    );
    let glyph_w = if app.ascii_pieces() { 1 } else { 2 };
    let spaced = head.width() + taken.len() * (glyph_w + 1) <= usize::from(width);
    let mut spans = vec![Span::styled(head, name_style)];
    for &piece in taken {
        spans.push(Span::styled(
            piece_text(app, piece).0,
            piece_style(app, piece),
        ));
        if spaced {
            spans.push(Span::raw(" "));
        }
    }
    Line::from(spans)
}

/// From this panel height on, the clocks are drawn in digits three rows tall.
const BIG_CLOCK_HEIGHT: u16 = 30;

/// The two clocks, the side at the top of the board first: the running one marked and
/// bold, a side under 10 s in the warning colour, byo-yomi and a pause said in words. With
/// `big`, each time also in digits three rows tall under its line.
fn clock_lines<'a>(app: &App, big: bool) -> Vec<Line<'a>> {
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
            let general = Piece::new(side, xiangqi::Role::General);
            let (mark, _) = piece_text(app, general);
            let mut time_style = if left < TENTHS_BELOW {
                theme.check
            } else {
                piece_style(app, general)
            };
            if running {
                time_style = time_style.add_modifier(Modifier::BOLD | Modifier::REVERSED);
            }
            let pointer = match (running, app.ascii_pieces()) {
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
                    pad(strings::side_name(app.lang(), side), name_w)
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

/// While the clocks are paused the board is hidden (as a paused clock promises): only the
/// word and how to go on.
fn render_paused(app: &App, area: Rect, buf: &mut Buffer) {
    let theme = app.theme();
    let mid = area.y + area.height / 2;
    for (dy, (text, style)) in [
        (strings::paused(app.lang()), theme.heading),
        (strings::paused_hint(app.lang()), theme.dim),
    ]
    .into_iter()
    .enumerate()
    {
        let w = u16::try_from(text.width()).unwrap_or(area.width);
        let x = area.x + area.width.saturating_sub(w) / 2;
        buf.set_string(x, mid + dy as u16, text, style);
    }
}

/// The panel's lines above the move list: the title, the game's header, the turn or the
/// result, the clocks, warnings and the move list's heading (blank lines as empty ones).
fn panel_head(app: &App, area: Rect) -> Vec<Line<'static>> {
    let theme = app.theme();
    let game = app.game();
    let pos = game.position();
    let mut lines = Vec::new();
    let title = if app.ascii_pieces() {
        strings::TITLE_ASCII
    } else {
        strings::TITLE
    };
    lines.push(Line::styled(title, theme.heading));
    let header = review::header_lines(app);
    lines.extend(header);
    lines.push(Line::default());
    let turn = pos.turn();
    let general = Piece::new(turn, xiangqi::Role::General);
    let (mark, _) = piece_text(app, general);
    let name_style = match turn {
        Color::Red => theme.red_name,
        Color::Black => theme.black_name,
    };
    let banner = app
        .outcome()
        .map(|outcome| strings::outcome_parts_in(app.lang(), outcome))
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
    let status = status_lines(app);
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

/// Where the move list (and the current move's comment) goes in the panel `area`: under
/// the head, above the key summary.
#[must_use]
pub fn move_list_area(app: &App, area: Rect) -> Rect {
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

fn render_panel(app: &App, area: Rect, buf: &mut Buffer) {
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
    let keys_top = area.bottom().saturating_sub(KEY_SUMMARY.len() as u16);
    let mut y = keys_top.max(y);
    for text in KEY_SUMMARY {
        let text = strings::key_summary(app.lang(), text);
        line(buf, &mut y, &Line::styled(text, theme.dim));
    }
}

/// Cells the typed text needs beside a message to be worth showing.
const PROMPT_TEXT_MIN: usize = 8;

/// The prompt's label, its text as it fits in `width` cells after the label, and the cell of
/// the cursor within the text. A message (why a move was refused) comes after the text and
/// must stay readable: the text gets only the cells the message leaves, scrolled to keep the
/// cursor in view, and none if fewer than [`PROMPT_TEXT_MIN`] are left (it shows again with
/// the next key, which clears the message).
fn prompt_view(app: &App, prompt: Prompt, width: usize) -> (&'static str, String, usize) {
    let label = match prompt {
        Prompt::Move => strings::MOVE_PROMPT,
        Prompt::Save => strings::save_prompt(app.lang()),
        Prompt::Open => strings::open_prompt(app.lang()),
        Prompt::Red => strings::red_prompt(app.lang()),
        Prompt::Black => strings::black_prompt(app.lang()),
    };
    let room = width.saturating_sub(label.width());
    // The message is drawn as " " + "  " + message after the text.
    let message = match app.message() {
        Some(_) if message_goes_above(app, label, width) => 0,
        Some(m) => strings::message_in(app.lang(), m).width() + 3,
        None => 0,
    };
    match room.checked_sub(message) {
        Some(left) if message == 0 || left >= PROMPT_TEXT_MIN => {
            let (text, cursor) = app.prompt().view(left);
            (label, text, cursor)
        }
        _ => (label, String::new(), 0),
    }
}

/// Is the open prompt's message too long to follow the whole text typed (in `width` cells
/// after `label`)? Then it is wrapped on the rows above the prompt, never cut off.
fn message_goes_above(app: &App, label: &str, width: usize) -> bool {
    let Some(m) = app.message() else {
        return false;
    };
    let message = strings::message_in(app.lang(), m).width() + 3;
    let text = app.prompt().text().width() + 1;
    width.saturating_sub(label.width()) < message + text
}

/// Where the terminal's cursor goes: on the open prompt, so an input method composes there.
#[must_use]
pub fn prompt_cursor(app: &App, area: Rect) -> Option<Cell> {
    let Mode::Prompt(prompt) = app.mode() else {
        return None;
    };
    let ScreenLayout::Game { message, .. } = ScreenLayout::new(area, app.flipped()) else {
        return None;
    };
    let width = usize::from(message.width.saturating_sub(1));
    let (label, _, cursor) = prompt_view(app, prompt, width);
    let x = usize::from(message.x + 1) + label.width() + cursor;
    Some(Cell::new(u16::try_from(x).ok()?, message.y))
}

fn message_style(app: &App, m: &Message) -> Style {
    let theme = app.theme();
    match m {
        Message::Refused(_)
        | Message::BadMove(_)
        | Message::SelectFirst(_)
        | Message::NotYourTurn(_)
        | Message::NothingToUndo
        | Message::NothingToRedo
        | Message::SaveFailed(..)
        | Message::Notice(_)
        | Message::AutosaveFailed(_)
        | Message::NoClock => theme.warning,
        Message::Review(note) => review_style(app, note),
        Message::Over(_) | Message::Saved(_) => theme.result,
        Message::Undone(_)
        | Message::Redone(_)
        | Message::Withdrawn(_)
        | Message::NewGameStarted
        | Message::Declined(_)
        | Message::NotationShown(_)
        | Message::Loaded(..)
        | Message::ResumeAvailable
        | Message::Resumed(_) => Style::new(),
        Message::Computer(note) => computer_view::note_style(app, note),
    }
}

fn render_message(app: &App, area: Rect, buf: &mut Buffer) {
    let theme = app.theme();
    let width = usize::from(area.width.saturating_sub(1));
    let line = match app.mode() {
        Mode::Prompt(prompt) => {
            let (label, text, cursor) = prompt_view(app, prompt, width);
            let mut spans = vec![
                Span::styled(label, theme.heading),
                Span::styled(text.clone(), theme.input),
            ];
            // The cursor, drawn as well as placed: some terminals hide it.
            let cursor_x = area.x + 1 + (label.width() + cursor) as u16;
            let after = match app.message() {
                Some(m) => {
                    let text = format!("  {}", strings::message_in(app.lang(), m));
                    if message_goes_above(app, label, width) {
                        // Too long to follow the text: wrapped above it, never cut off.
                        review::render_above(&text, message_style(app, m), area, buf);
                        Span::raw("")
                    } else {
                        Span::styled(text, message_style(app, m))
                    }
                }
                None => match prompt {
                    Prompt::Move if text.is_empty() => Span::styled(
                        if app.ascii_pieces() {
                            strings::MOVE_PROMPT_HINT_ASCII
                        } else {
                            strings::move_prompt_hint(app.lang())
                        },
                        theme.dim,
                    ),
                    Prompt::Move => Span::raw(""),
                    Prompt::Save => Span::styled(strings::save_prompt_hint(app.lang()), theme.dim),
                    Prompt::Open => Span::styled(strings::open_prompt_hint(app.lang()), theme.dim),
                    Prompt::Red | Prompt::Black => {
                        Span::styled(strings::name_prompt_hint(app.lang()), theme.dim)
                    }
                },
            };
            spans.push(Span::raw(" "));
            spans.push(after);
            buf.set_line(
                area.x + 1,
                area.y,
                &Line::from(spans),
                area.width.saturating_sub(1),
            );
            restyle(buf, Cell::new(cursor_x, area.y), 1, theme.selected);
            return;
        }
        Mode::Confirm(q) => {
            let file = app.prompt().text();
            Line::styled(strings::question_in(app.lang(), q, file), theme.warning)
        }
        Mode::Paused => Line::styled(strings::paused_hint(app.lang()), theme.warning),
        Mode::Play | Mode::Help | Mode::Picker { .. } => match app.message() {
            Some(m) => Line::styled(strings::message_in(app.lang(), m), message_style(app, m)),
            None => match app.outcome() {
                Some(o) => Line::styled(
                    strings::message_in(app.lang(), &Message::Over(o)),
                    theme.result,
                ),
                None => Line::styled(strings::hint(app.lang()), theme.dim),
            },
        },
    };
    buf.set_line(area.x + 1, area.y, &line, area.width.saturating_sub(1));
}

fn render_help(app: &App, area: Rect, buf: &mut Buffer) {
    let lang = app.lang();
    let keys_w = KEY_HELP
        .iter()
        .map(|(k, _)| strings::key_name(lang, k).width())
        .max()
        .unwrap_or(0);
    let mut lines: Vec<Line> = KEY_HELP
        .iter()
        .map(|(k, what)| {
            let k = strings::key_name(lang, k);
            let what = strings::key_help(lang, what);
            Line::raw(format!("{}  {what}", pad(k, keys_w)))
        })
        .collect();
    // A blank line before the last one where there is room for it; the last line must show.
    if lines.len() + 4 <= usize::from(area.height) {
        lines.push(Line::raw(""));
    }
    lines.push(Line::styled(
        strings::help_close(app.lang()),
        app.theme().dim,
    ));
    let text_w = lines.iter().map(Line::width).max().unwrap_or(0) as u16;
    let w = (text_w + 4).min(area.width);
    let h = (lines.len() as u16 + 2).min(area.height);
    let popup = Rect::new(
        area.x + (area.width - w) / 2,
        area.y + (area.height - h) / 2,
        w,
        h,
    );
    // A blank column either side, so no wide character of the screen under the window
    // (a piece, a Chinese word of the panel) reaches into its border.
    let margin = Rect::new(
        popup.x.saturating_sub(1),
        popup.y,
        popup.width + 2,
        popup.height,
    )
    .intersection(area);
    Clear.render(margin, buf);
    if margin.x > area.x {
        for y in margin.top()..margin.bottom() {
            if let Some(cell) = buf.cell_mut(Cell::new(margin.x - 1, y))
                && cell.symbol().width() > 1
            {
                cell.set_symbol(" ");
            }
        }
    }
    buf.set_style(margin, app.theme().screen);
    let block = Block::bordered()
        .border_set(app.glyphs().border)
        .title(strings::help_title(app.lang()))
        .padding(ratatui::widgets::Padding::horizontal(1));
    Paragraph::new(lines).block(block).render(popup, buf);
}

/// "terminal too small — need W×H" and the size now, centred; on a screen too narrow for
/// the first line it is split, so the size needed is never cut off.
fn render_too_small(lang: Lang, area: Rect, buf: &mut Buffer, width: u16, height: u16) {
    let sentence = strings::too_small_in(lang, width, height);
    let mut lines = if sentence.width() <= usize::from(area.width) {
        vec![sentence]
    } else {
        let (what, need) = strings::too_small_parts_in(lang, width, height);
        vec![what, need]
    };
    lines.push(strings::current_size_in(lang, area.width, area.height));
    let top = area.y + area.height.saturating_sub(lines.len() as u16) / 2;
    for (i, text) in lines.iter().enumerate() {
        let w = text.width() as u16;
        let x = area.x + area.width.saturating_sub(w) / 2;
        let y = top + i as u16;
        if y < area.bottom() {
            buf.set_stringn(x, y, text, usize::from(area.width), Style::new());
        }
    }
}
