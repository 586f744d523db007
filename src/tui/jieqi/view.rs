//! Drawing the Jieqi screen: the board as both players see it (a covered piece is 暗 on its
//! disc, or `X`/`x` in `--ascii`; what lies under it is never drawn), the marks of the
//! cursor, the selection and its moves, the side panel and the message line.

use super::state::{JieqiLook, JieqiScreen};
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
use xiangqi_rules::jieqi::{JieqiPiece, JieqiPosition};
use xiangqi_rules::{Color, Move, Piece, Square};

/// The covered piece's character on the board: 暗, "hidden".
pub const COVERED_GLYPH: &str = "暗";

/// What the board of a Jieqi screen shows: the position both players see, the last move,
/// the cursor and the piece picked up. The one-terminal game and a club game draw their
/// boards from it alike.
#[derive(Copy, Clone, Debug)]
pub struct BoardPicture<'a> {
    /// How it is drawn.
    pub look: &'a JieqiLook,
    /// The position as both players see it.
    pub pos: &'a JieqiPosition,
    /// The last move, marked.
    pub last: Option<Move>,
    /// The point under the cursor.
    pub cursor: Square,
    /// The point whose piece is picked up: its moves are marked.
    pub selected: Option<Square>,
}

/// The text of what stands on a point and its width in cells.
#[must_use]
pub fn piece_text(look: &JieqiLook, piece: JieqiPiece) -> (String, u16) {
    match (piece, look.ascii) {
        // The FEN's letter for a covered piece, which no revealed piece uses.
        (JieqiPiece::Covered(_), true) => (piece.fen_char().to_string(), 1),
        (JieqiPiece::Covered(_), false) => (COVERED_GLYPH.to_string(), 2),
        (JieqiPiece::Revealed(p), true) => (wxf_letter(p).to_string(), 1),
        (JieqiPiece::Revealed(p), false) => (look.glyphs.glyph(p).to_string(), 2),
    }
}

fn lines(look: &JieqiLook) -> &'static Glyphs {
    if look.ascii { &ASCII_LINES } else { &BOX_LINES }
}

fn piece_style(look: &JieqiLook, piece: JieqiPiece) -> Style {
    let theme = &look.theme;
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

/// The too-small screen's words, if `area` cannot hold the board; else the board, panel
/// and message line's places.
#[must_use]
pub fn layout_or_too_small(
    look: &JieqiLook,
    area: Rect,
    flipped: bool,
    buf: &mut Buffer,
) -> Option<(BoardGeometry, Rect, Rect)> {
    fill(area, look.theme.screen, buf);
    match ScreenLayout::new(area, flipped) {
        ScreenLayout::TooSmall { width, height } => {
            let lang = look.lang;
            let need = [("width", width.into()), ("height", height.into())];
            let text = format!(
                "{} {}",
                tr(lang, id::TOO_SMALL),
                tr_args(lang, id::TOO_SMALL_NEED, &need)
            );
            put(buf, area.x, area.y, &text, look.theme.warning);
            None
        }
        ScreenLayout::Game {
            board,
            panel,
            message,
        } => Some((board, panel, message)),
    }
}

impl Widget for &JieqiScreen {
    fn render(self, area: Rect, buf: &mut Buffer) {
        let look = self.look();
        let Some((board, panel, message)) = layout_or_too_small(look, area, self.flipped(), buf)
        else {
            return;
        };
        let picture = BoardPicture {
            look,
            pos: self.game().position(),
            last: self.game().last_move().map(|m| m.mv),
            cursor: self.cursor(),
            selected: self.selected(),
        };
        render_board(&picture, &board, buf);
        render_panel(self, panel, buf);
        let prompt = tr(look.lang, id::JIEQI_TYPE_PROMPT);
        let typed = self.typed().map(|t| (prompt.as_str(), t));
        render_message(look, typed, self.message(), message, buf);
    }
}

/// The board of `picture` in the geometry `g`.
pub fn render_board(picture: &BoardPicture, g: &BoardGeometry, buf: &mut Buffer) {
    let look = picture.look;
    let theme = &look.theme;
    buf.set_style(g.area, theme.board);
    let river = match (look.ascii, look.glyphs) {
        (true, _) => RIVER_ASCII,
        (false, PieceGlyphs::Simplified) => RIVER_SIMPLIFIED,
        (false, PieceGlyphs::Traditional) => RIVER,
    };
    draw_grid(lines(look), theme, river, g, buf);
    draw_labels(theme.label, look.ascii, g, buf);
    let pos = picture.pos;
    for sq in Square::all() {
        if let Some(piece) = pos.piece_at(sq) {
            let cell = g.cell_of(sq);
            let (text, width) = piece_text(look, piece);
            let style = piece_style(look, piece);
            if width == 2 && wide_discs(g.step_x) {
                put(buf, cell.x - 1, cell.y, " ", style);
                put(buf, cell.x + 2, cell.y, " ", style);
            }
            put(buf, cell.x, cell.y, &text, style);
        }
    }
    let glyphs = lines(look);
    let width_at = |sq: Square| pos.piece_at(sq).map_or(1, |p| piece_text(look, p).1);
    if let Some(mv) = picture.last {
        let from = g.cell_of(mv.from);
        if pos.piece_at(mv.from).is_none() {
            put(buf, from.x, from.y, glyphs.last_from, theme.last_from);
        }
        restyle(buf, g.cell_of(mv.to), width_at(mv.to), theme.last_to);
    }
    if pos.is_check() {
        let general = pos.general(pos.turn());
        restyle(buf, g.cell_of(general), width_at(general), theme.check);
        bracket(buf, g, general, glyphs.check, theme.check_mark);
    }
    if let Some(sel) = picture.selected {
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
    bracket(buf, g, picture.cursor, glyphs.cursor, theme.cursor);
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
    let side = [("side", side_key(pos.turn()).into())];
    let side_style = match pos.turn() {
        Color::Red => theme.red_name,
        Color::Black => theme.black_name,
    };
    let status = match screen.game().outcome() {
        Some(o) => (outcome_in(lang, o, pos.turn()), theme.result),
        None if screen.thinking() => (tr_args(lang, id::JIEQI_THINKING, &side), side_style),
        None => to_move_line(look, pos),
    };
    let head = [(tr(lang, id::JIEQI_TITLE), theme.heading), status];
    let keys = [id::JIEQI_KEYS, id::JIEQI_KEYS_MORE, id::JIEQI_KEYS_LAST].map(|k| tr(lang, k));
    let moves = screen.move_texts();
    render_panel_of(look, pos, (&head, &moves, &keys), area, buf);
}

/// Who is to move, and check if it is one.
#[must_use]
pub fn to_move_line(look: &JieqiLook, pos: &JieqiPosition) -> (String, Style) {
    let (lang, theme) = (look.lang, &look.theme);
    let side = [("side", side_key(pos.turn()).into())];
    if pos.is_check() {
        let text = format!(
            "{} — {}",
            tr_args(lang, id::TO_MOVE, &side),
            tr(lang, id::CHECK)
        );
        return (text, theme.warning);
    }
    let style = match pos.turn() {
        Color::Red => theme.red_name,
        Color::Black => theme.black_name,
    };
    (tr_args(lang, id::TO_MOVE, &side), style)
}

/// A Jieqi side panel: the `head` lines, each side's unseen pieces, the `moves` (the last
/// that fit, two a line) and the `keys` at the foot.
pub fn render_panel_of(
    look: &JieqiLook,
    pos: &JieqiPosition,
    (head, moves, keys): (&[(String, Style)], &[String], &[String]),
    area: Rect,
    buf: &mut Buffer,
) {
    let lang = look.lang;
    let theme = &look.theme;
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
    for (text, style) in head {
        line(&mut y, text, *style);
    }
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
        line(&mut y, &pool_text(look, pos, color), theme.dim);
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
    let foot = u16::try_from(keys.len()).unwrap_or(u16::MAX);
    // The last moves that fit above the key summary.
    let room = usize::from(bottom.saturating_sub(y).saturating_sub(foot));
    let pairs: Vec<String> = moves
        .chunks(2)
        .enumerate()
        .map(|(i, pair)| format!("{:>3}. {}", i + 1, pair.join("  ")))
        .collect();
    for text in pairs.iter().skip(pairs.len().saturating_sub(room)) {
        line(&mut y, text, theme.screen);
    }
    let mut keys_y = bottom.saturating_sub(foot).max(y);
    for keys in keys {
        line(&mut keys_y, keys, theme.dim);
    }
}

/// The kinds of `color`'s pieces nobody has seen and how many of each (`  车2 马2 … 兵5`, or
/// `  R2 H2 … P5` in `--ascii`): public, since both players know what was dealt and what has
/// turned over.
fn pool_text(look: &JieqiLook, pos: &JieqiPosition, color: Color) -> String {
    let mut out = String::from(" ");
    for (role, count) in pos.pool().kinds(color) {
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

/// The message line: what is being typed after its prompt, else what the screen says.
pub fn render_message(
    look: &JieqiLook,
    typed: Option<(&str, &str)>,
    message: Option<&str>,
    area: Rect,
    buf: &mut Buffer,
) {
    let (text, style) = match (typed, message) {
        (Some((prompt, typed)), _) => (format!("{prompt} {typed}_"), look.theme.input),
        (None, Some(message)) => (message.to_string(), look.theme.warning),
        (None, None) => return,
    };
    let shown: String = text.chars().take(usize::from(area.width)).collect();
    put(buf, area.x, area.y, &shown, style);
}
