//! Where the board sits on screens of each size: the smallest that fits, bigger boards with
//! more room, every cell of a point hitting that point, the flipped board.

use super::*;
use crate::tui::view::layout::{ScreenLayout, minimum_size};
use ratatui::layout::Rect;

fn board_of(w: u16, h: u16, flipped: bool) -> crate::tui::view::layout::BoardGeometry {
    match ScreenLayout::new(Rect::new(0, 0, w, h), flipped) {
        ScreenLayout::Game { board, .. } => board,
        ScreenLayout::TooSmall { .. } => panic!("{w}x{h} should fit"),
    }
}

#[test]
fn classic_terminal_fits_and_the_minimum_is_below_it() {
    let (w, h) = minimum_size();
    assert!(w <= 80 && h <= 24, "minimum {w}x{h}");
    let board = board_of(80, 24, false);
    assert!(board.area.right() <= 80 && board.area.bottom() < 24);
    assert!(matches!(
        ScreenLayout::new(Rect::new(0, 0, w - 1, h), false),
        ScreenLayout::TooSmall { .. }
    ));
    assert!(matches!(
        ScreenLayout::new(Rect::new(0, 0, w, h - 1), false),
        ScreenLayout::TooSmall { .. }
    ));
    board_of(w, h, false);
}

#[test]
fn the_key_summary_fits_the_narrowest_panel() {
    use crate::tui::Lang;
    use crate::tui::view::layout::PANEL_MIN_WIDTH;
    use crate::tui::view::windows::help::KEY_SUMMARY;
    use crate::tui::view::words::strings::key_summary;
    use unicode_width::UnicodeWidthStr;
    // The panel draws its text from its second column: 29 cells at the narrowest.
    for lang in Lang::ALL {
        for line in KEY_SUMMARY {
            let line = key_summary(lang, line);
            assert!(
                line.width() < usize::from(PANEL_MIN_WIDTH),
                "{lang:?}: {line:?}"
            );
        }
    }
}

#[test]
fn more_room_gives_a_bigger_board() {
    assert!(board_of(120, 40, false).step_x > board_of(80, 24, false).step_x);
}

/// Every screen cell of every point's rectangle hits that point, and no other cell of
/// the board does: the drawing and the mouse agree.
#[test]
fn every_cell_of_a_point_hits_that_point() {
    for (w, h) in [(80, 24), (120, 40), minimum_size()] {
        for flipped in [false, true] {
            let board = board_of(w, h, flipped);
            for square in Square::all() {
                let cell = board.cell_of(square);
                assert_eq!(board.square_at(cell.x, cell.y), Some(square));
                assert_eq!(
                    board.square_at(cell.x + 1, cell.y),
                    Some(square),
                    "piece's 2nd cell"
                );
            }
            let mut hits = std::collections::HashMap::new();
            for y in 0..h {
                for x in 0..w {
                    if let Some(s) = board.square_at(x, y) {
                        *hits.entry(s).or_insert(0u32) += 1;
                    }
                }
            }
            let area = u32::from(board.step_x * board.step_y);
            assert_eq!(hits.len(), 90);
            // A board at the top of the screen has its top row's rectangles cut short.
            let whole = |s: &Square| board.cell_of(*s).y >= board.step_y / 2;
            assert!(
                hits.iter()
                    .all(|(s, &n)| n == area || !whole(s) && n < area),
                "{w}x{h} flipped={flipped}"
            );
        }
    }
}

#[test]
fn flipping_turns_the_board_around() {
    let board = board_of(80, 24, false);
    let flipped = board_of(80, 24, true);
    assert_eq!(board.cell_of(sq("a0")), flipped.cell_of(sq("i9")));
    assert_eq!(board.cell_of(sq("e9")), flipped.cell_of(sq("e0")));
}
