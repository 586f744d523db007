//! Screen geometry: where the board, side panel and message line go, and the one mapping
//! between intersections and screen cells that both drawing and mouse hit-testing use.

use ratatui::layout::{Position as Cell, Rect};
use xiangqi_rules::Square;

/// Narrowest side panel that still shows the turn, the move list and the key summary.
pub const PANEL_MIN_WIDTH: u16 = 30;

/// Board sizes tried from the largest down: (columns, rows) between neighbouring
/// intersections. A terminal cell is about twice as tall as it is wide, so two columns to a
/// row keeps the points as far apart across as down, as on a real board; one column less
/// is the next size down when the width is what runs out.
const SPACINGS: [(u16, u16); 12] = [
    (16, 8),
    (15, 8),
    (14, 7),
    (13, 7),
    (12, 6),
    (11, 6),
    (10, 5),
    (9, 5),
    (8, 4),
    (7, 4),
    (6, 3),
    (4, 2),
];

/// Columns left of the first file: the rank digit, a space and the cursor's left bracket
/// (on a wide board also the edge of the piece's disc).
const fn left_margin(step_x: u16) -> u16 {
    if wide_discs(step_x) { 4 } else { 3 }
}

/// Columns right of the last file's two-cell point: the cursor's right bracket (on a wide
/// board also the edge of the piece's disc).
const fn right_margin(step_x: u16) -> u16 {
    if wide_discs(step_x) { 2 } else { 1 }
}

/// Whether points are far enough apart for each piece to sit on a disc four cells wide
/// (a cell of disc either side of its glyph), with the brackets outside it.
#[must_use]
pub const fn wide_discs(step_x: u16) -> bool {
    step_x >= 8
}

/// Where the board is drawn and how big its points are spaced.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct BoardGeometry {
    /// The whole board block, labels included.
    pub area: Rect,
    /// Screen column of the top-left intersection (the left cell of its two-cell point).
    pub origin_x: u16,
    /// Screen row of the top-left intersection.
    pub origin_y: u16,
    /// Columns from one intersection to the next.
    pub step_x: u16,
    /// Rows from one intersection to the next.
    pub step_y: u16,
    /// Black at the bottom.
    pub flipped: bool,
    /// An extra row under the board with the ICCS file letters.
    pub letters: bool,
}

impl BoardGeometry {
    /// The board block's size for a spacing, with or without the letter row.
    const fn block_size(step_x: u16, step_y: u16, letters: bool) -> (u16, u16) {
        let w = left_margin(step_x) + 8 * step_x + 2 + right_margin(step_x);
        // number row, ten ranks, number row, optional letter row
        let h = 1 + 9 * step_y + 1 + 1 + letters as u16;
        (w, h)
    }

    fn new(x: u16, y: u16, step: (u16, u16), flipped: bool, letters: bool) -> BoardGeometry {
        let (w, h) = Self::block_size(step.0, step.1, letters);
        BoardGeometry {
            area: Rect::new(x, y, w, h),
            origin_x: x + left_margin(step.0),
            origin_y: y + 1,
            step_x: step.0,
            step_y: step.1,
            flipped,
            letters,
        }
    }

    /// Screen column (0 = left) and row (0 = top) of a point, in intersection units.
    #[must_use]
    pub fn screen_coords(&self, sq: Square) -> (u8, u8) {
        let (f, r) = (sq.file().index(), sq.rank().index());
        if self.flipped { (8 - f, r) } else { (f, 9 - r) }
    }

    /// The point at screen column `col` and row `row` (intersection units).
    #[must_use]
    pub fn square_at_coords(&self, col: u8, row: u8) -> Option<Square> {
        if col > 8 || row > 9 {
            return None;
        }
        if self.flipped {
            Square::from_coords(8 - col, row)
        } else {
            Square::from_coords(col, 9 - row)
        }
    }

    /// The screen cell of a point: the left of the two cells a piece covers.
    #[must_use]
    pub fn cell_of(&self, sq: Square) -> Cell {
        let (c, r) = self.screen_coords(sq);
        self.cell_of_coords(c, r)
    }

    /// The screen cell of the point at screen column `col`, row `row` (intersection units).
    #[must_use]
    pub fn cell_of_coords(&self, col: u8, row: u8) -> Cell {
        Cell::new(
            self.origin_x + u16::from(col) * self.step_x,
            self.origin_y + u16::from(row) * self.step_y,
        )
    }

    /// The point whose cell contains the screen cell (`x`, `y`), for mouse clicks. A point's
    /// cell is the `step_x` × `step_y` rectangle around it, so every screen cell of the
    /// board's grid belongs to exactly one point.
    #[must_use]
    pub fn square_at(&self, x: u16, y: u16) -> Option<Square> {
        // The piece covers the point's cell and the one to its right; centre the rectangle
        // on those two.
        let dx = i32::from(x) - i32::from(self.origin_x) + i32::from((self.step_x - 2) / 2);
        let dy = i32::from(y) - i32::from(self.origin_y) + i32::from(self.step_y / 2);
        if dx < 0 || dy < 0 {
            return None;
        }
        let col = dx / i32::from(self.step_x);
        let row = dy / i32::from(self.step_y);
        self.square_at_coords(u8::try_from(col).ok()?, u8::try_from(row).ok()?)
    }
}

/// What goes where on a screen of a given size.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum ScreenLayout {
    /// Too small for the smallest board; the size needed.
    TooSmall {
        /// Columns needed.
        width: u16,
        /// Rows needed.
        height: u16,
    },
    /// The game screen.
    Game {
        /// The board block.
        board: BoardGeometry,
        /// The side panel right of the board.
        panel: Rect,
        /// The message line at the bottom.
        message: Rect,
    },
}

/// The smallest screen the game is drawn on: the small board without its letter row, the
/// narrowest panel, and the message line.
#[must_use]
pub const fn minimum_size() -> (u16, u16) {
    let (sx, sy) = SPACINGS[SPACINGS.len() - 1];
    let (w, h) = BoardGeometry::block_size(sx, sy, false);
    (w + 1 + PANEL_MIN_WIDTH, h + 1)
}

impl ScreenLayout {
    /// Lays out a screen of `area`: the largest board that leaves room for the panel and the
    /// message line, at the left; the panel takes the rest of the width. The two are centred
    /// top to bottom, with the message line right under them.
    #[must_use]
    pub fn new(area: Rect, flipped: bool) -> ScreenLayout {
        let content_h = area.height.saturating_sub(1);
        let fitting = SPACINGS
            .iter()
            .flat_map(|&(sx, sy)| [(sx, sy, true), (sx, sy, false)])
            .find(|&(sx, sy, letters)| {
                let (w, h) = BoardGeometry::block_size(sx, sy, letters);
                w + 1 + PANEL_MIN_WIDTH <= area.width && h <= content_h
            });
        let Some((sx, sy, letters)) = fitting else {
            let (width, height) = minimum_size();
            return ScreenLayout::TooSmall { width, height };
        };
        let (bw, bh) = BoardGeometry::block_size(sx, sy, letters);
        let panel_w = area.width - bw - 1;
        let left = area.x;
        // The message line sits right under the board, and the two are centred together.
        let top = area.y + (content_h - bh) / 2;
        let board = BoardGeometry::new(left, top, (sx, sy), flipped, letters);
        ScreenLayout::Game {
            board,
            panel: Rect::new(left + bw + 1, top, panel_w, bh),
            message: Rect::new(left, top + bh, bw + 1 + panel_w, 1),
        }
    }

    /// The point under a mouse click at (`x`, `y`), if any.
    #[must_use]
    pub fn square_at(&self, x: u16, y: u16) -> Option<Square> {
        match self {
            ScreenLayout::Game { board, .. } => board.square_at(x, y),
            ScreenLayout::TooSmall { .. } => None,
        }
    }
}
