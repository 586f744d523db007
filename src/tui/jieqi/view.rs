//! Drawing the Jieqi screen: the board as both players see it (a covered piece is 暗 on its
//! disc, or `X`/`x` in `--ascii`; what lies under it is never drawn), the marks of the
//! cursor, the selection and its moves, the side panel and the message line.

use super::state::JieqiScreen;
use crate::tui::i18n::catalogue::{id, side_key, tr, tr_args};
use crate::tui::look::pieces::{PieceGlyphs, wxf_letter};
use crate::tui::look::theme::{ASCII_LINES, BOX_LINES, Glyphs};
use crate::tui::view::board::{draw_grid, draw_labels};
use crate::tui::view::layout::{BoardGeometry, ScreenLayout, wide_discs};
use crate::tui::view::paint::{fill, put, restyle};
use crate::tui::view::words::strings::{RIVER, RIVER_ASCII, RIVER_SIMPLIFIED, outcome_in};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::widgets::Widget;
use xiangqi_rules::jieqi::JieqiPiece;
use xiangqi_rules::{Color, Piece, Square};

/// The covered piece's character on the board: 暗, "hidden".
pub const COVERED_GLYPH: &str = "暗";

/// The text of what stands on a point and its width in cells.
#[must_use]
pub fn piece_text(screen: &JieqiScreen, piece: JieqiPiece) -> (String, u16) {
    let look = screen.look();
    match (piece, look.ascii) {
        // The FEN's letter for a covered piece, which no revealed piece uses.
        (JieqiPiece::Covered(_), true) => (piece.fen_char().to_string(), 1),
        (JieqiPiece::Covered(_), false) => (COVERED_GLYPH.to_string(), 2),
        (JieqiPiece::Revealed(p), true) => (wxf_letter(p).to_string(), 1),
        (JieqiPiece::Revealed(p), false) => (look.glyphs.glyph(p).to_string(), 2),
    }
}

fn lines(screen: &JieqiScreen) -> &'static Glyphs {
    if screen.look().ascii {
        &ASCII_LINES
    } else {
        &BOX_LINES
    }
}

fn piece_style(screen: &JieqiScreen, piece: JieqiPiece) -> Style {
    let theme = &screen.look().theme;
    let side = match piece.color() {
        Color::Red => theme.red,
        Color::Black => theme.black,
    };
    match piece {
        // Covered pieces stand apart from revealed ones even without colour.
        JieqiPiece::Covered(_) => side.add_modifier(Modifier::REVERSED),
        JieqiPiece::Revealed(_) => side,
    }
}

impl Widget for &JieqiScreen {
    fn render(self, area: Rect, buf: &mut Buffer) {
        fill(area, self.look().theme.screen, buf);
        match ScreenLayout::new(area, self.flipped()) {
            ScreenLayout::TooSmall { width, height } => {
                let lang = self.look().lang;
                let need = [("width", width.into()), ("height", height.into())];
                let text = format!(
                    "{} {}",
                    tr(lang, id::TOO_SMALL),
                    tr_args(lang, id::TOO_SMALL_NEED, &need)
                );
                put(buf, area.x, area.y, &text, self.look().theme.warning);
            }
            ScreenLayout::Game {
                board,
                panel,
                message,
            } => {
                render_board(self, &board, buf);
                render_panel(self, panel, buf);
                render_message(self, message, buf);
            }
        }
    }
}

fn render_board(screen: &JieqiScreen, g: &BoardGeometry, buf: &mut Buffer) {
    let look = screen.look();
    let theme = &look.theme;
    buf.set_style(g.area, theme.board);
    let river = match (look.ascii, look.glyphs) {
        (true, _) => RIVER_ASCII,
        (false, PieceGlyphs::Simplified) => RIVER_SIMPLIFIED,
        (false, PieceGlyphs::Traditional) => RIVER,
    };
    draw_grid(lines(screen), theme, river, g, buf);
    draw_labels(theme.label, look.ascii, g, buf);
    let pos = screen.game().position();
    for sq in Square::all() {
        if let Some(piece) = pos.piece_at(sq) {
            let cell = g.cell_of(sq);
            let (text, width) = piece_text(screen, piece);
            let style = piece_style(screen, piece);
            if width == 2 && wide_discs(g.step_x) {
                put(buf, cell.x - 1, cell.y, " ", style);
                put(buf, cell.x + 2, cell.y, " ", style);
            }
            put(buf, cell.x, cell.y, &text, style);
        }
    }
    let glyphs = lines(screen);
    let width_at = |sq: Square| pos.piece_at(sq).map_or(1, |p| piece_text(screen, p).1);
    if let Some(m) = screen.game().last_move() {
        let from = g.cell_of(m.mv.from);
        if pos.piece_at(m.mv.from).is_none() {
            put(buf, from.x, from.y, glyphs.last_from, theme.last_from);
        }
        restyle(buf, g.cell_of(m.mv.to), width_at(m.mv.to), theme.last_to);
    }
    if pos.is_check() {
        let general = pos.general(pos.turn());
        restyle(buf, g.cell_of(general), width_at(general), theme.check);
        bracket(buf, g, general, glyphs.check, theme.check_mark);
    }
    if let Some(sel) = screen.selected() {
        restyle(buf, g.cell_of(sel), width_at(sel), theme.selected);
        for mv in pos.legal_moves_from(sel).iter() {
            if pos.piece_at(mv.to).is_some() {
                bracket(buf, g, mv.to, glyphs.capture, theme.capture);
            } else {
                let cell = g.cell_of(mv.to);
                put(buf, cell.x, cell.y, glyphs.quiet, theme.quiet);
            }
        }
    }
    bracket(buf, g, screen.cursor(), glyphs.cursor, theme.cursor);
}

/// Marks either side of a point, outside its piece's disc.
fn bracket(buf: &mut Buffer, g: &BoardGeometry, sq: Square, marks: (&str, &str), style: Style) {
    let cell = g.cell_of(sq);
    let out = u16::from(wide_discs(g.step_x));
    if cell.x > out {
        put(buf, cell.x - 1 - out, cell.y, marks.0, style);
    }
    put(buf, cell.x + 2 + out, cell.y, marks.1, style);
}

fn render_panel(screen: &JieqiScreen, area: Rect, buf: &mut Buffer) {
    let look = screen.look();
    let lang = look.lang;
    let theme = &look.theme;
    let pos = screen.game().position();
    let width = usize::from(area.width);
    let mut y = area.y;
    let bottom = area.y + area.height;
    let mut line = |y: &mut u16, text: &str, style: Style| {
        if *y < bottom {
            let shown: String = text.chars().take(width).collect();
            put(buf, area.x, *y, &shown, style);
            *y += 1;
        }
    };
    line(&mut y, &tr(lang, id::JIEQI_TITLE), theme.heading);
    let side = [("side", side_key(pos.turn()).into())];
    let side_style = match pos.turn() {
        Color::Red => theme.red_name,
        Color::Black => theme.black_name,
    };
    let status = match screen.game().outcome() {
        Some(o) => (outcome_in(lang, o, pos.turn()), theme.result),
        None if screen.thinking() => (tr_args(lang, id::JIEQI_THINKING, &side), side_style),
        None if pos.is_check() => (
            format!(
                "{} — {}",
                tr_args(lang, id::TO_MOVE, &side),
                tr(lang, id::CHECK)
            ),
            theme.warning,
        ),
        None => (tr_args(lang, id::TO_MOVE, &side), side_style),
    };
    line(&mut y, &status.0, status.1);
    for color in [Color::Red, Color::Black] {
        let unseen = tr_args(
            lang,
            id::JIEQI_UNSEEN,
            &[
                ("side", side_key(color).into()),
                ("count", pos.pool().total(color).into()),
                ("covered", pos.covered_count(color).into()),
            ],
        );
        line(&mut y, &unseen, theme.dim);
        line(&mut y, &pool_text(screen, color), theme.dim);
    }
    line(&mut y, "", theme.dim);
    let notation = tr(
        lang,
        if look.ascii {
            id::NOTATION_WXF
        } else {
            id::NOTATION_CHINESE
        },
    );
    let heading = tr_args(lang, id::MOVES_HEADING, &[("notation", notation.into())]);
    line(&mut y, &heading, theme.heading);
    let texts = screen.move_texts();
    // The last moves that fit above the key summary (three lines).
    let room = usize::from(bottom.saturating_sub(y).saturating_sub(3));
    let pairs: Vec<String> = texts
        .chunks(2)
        .enumerate()
        .map(|(i, pair)| format!("{:>3}. {}", i + 1, pair.join("  ")))
        .collect();
    for text in pairs.iter().skip(pairs.len().saturating_sub(room)) {
        line(&mut y, text, theme.screen);
    }
    let mut keys_y = bottom.saturating_sub(3).max(y);
    for keys in [id::JIEQI_KEYS, id::JIEQI_KEYS_MORE, id::JIEQI_KEYS_LAST] {
        line(&mut keys_y, &tr(lang, keys), theme.dim);
    }
}

/// The kinds of `color`'s pieces nobody has seen and how many of each (`  车2 马2 … 兵5`, or
/// `  R2 H2 … P5` in `--ascii`): public, since both players know what was dealt and what has
/// turned over.
fn pool_text(screen: &JieqiScreen, color: Color) -> String {
    let look = screen.look();
    let mut out = String::from(" ");
    for (role, count) in screen.game().position().pool().kinds(color) {
        let piece = Piece::new(color, role);
        let name = if look.ascii {
            wxf_letter(piece).to_string()
        } else {
            look.glyphs.glyph(piece).to_string()
        };
        out.push_str(&format!(" {name}{count}"));
    }
    out
}

fn render_message(screen: &JieqiScreen, area: Rect, buf: &mut Buffer) {
    let look = screen.look();
    let (text, style) = match (screen.typed(), screen.message()) {
        (Some(typed), _) => (
            format!("{} {typed}_", tr(look.lang, id::JIEQI_TYPE_PROMPT)),
            look.theme.input,
        ),
        (None, Some(message)) => (message.to_string(), look.theme.warning),
        (None, None) => return,
    };
    let shown: String = text.chars().take(usize::from(area.width)).collect();
    put(buf, area.x, area.y, &shown, style);
}
