//! The Jieqi screen: what it draws of covered and revealed pieces, moves by click, cursor and
//! typing decided by the rules' game, undo and redo with the same reveals, the computer's
//! turn, and the record it saves and resumes.

use super::state::{JieqiAction, JieqiEffect, JieqiLook, JieqiScreen};
use super::store;
use super::view::COVERED_GLYPH;
use crate::tui::i18n::lang::Lang;
use crate::tui::look::pieces::PieceGlyphs;
use crate::tui::look::theme::Theme;
use crate::tui::view::layout::ScreenLayout;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use unicode_width::UnicodeWidthStr;
use xiangqi_engine::Level;
use xiangqi_rules::jieqi::{JieqiGame, JieqiPiece};
use xiangqi_rules::{Color, Square};

const WIDTH: u16 = 100;
const HEIGHT: u16 = 30;

fn sq(name: &str) -> Square {
    name.parse().expect("a square")
}

fn look(ascii: bool) -> JieqiLook {
    JieqiLook {
        lang: Lang::En,
        ascii,
        glyphs: PieceGlyphs::Simplified,
        theme: Theme::plain(),
    }
}

fn screen_with(seed: u64, ascii: bool) -> JieqiScreen {
    JieqiScreen::new(
        JieqiGame::dealt(seed),
        look(ascii),
        None,
        Level::new(1).expect("level 1"),
        7,
    )
}

fn draw(screen: &JieqiScreen) -> Buffer {
    let backend = ratatui::backend::TestBackend::new(WIDTH, HEIGHT);
    let mut terminal = ratatui::Terminal::new(backend).expect("test backend");
    terminal
        .draw(|f| f.render_widget(screen, f.area()))
        .expect("draw");
    terminal.backend().buffer().clone()
}

/// The text drawn on the point `at` (its two cells for a wide glyph).
fn drawn_at(buf: &Buffer, screen: &JieqiScreen, at: Square) -> String {
    let ScreenLayout::Game { board, .. } =
        ScreenLayout::new(Rect::new(0, 0, WIDTH, HEIGHT), screen.flipped())
    else {
        panic!("the test screen is big enough");
    };
    let cell = board.cell_of(at);
    buf[(cell.x, cell.y)].symbol().to_string()
}

fn whole_text(buf: &Buffer) -> String {
    area_text(buf, buf.area)
}

/// The text of `area` of `buf`, a line per row.
fn area_text(buf: &Buffer, area: Rect) -> String {
    let mut out = String::new();
    for y in area.top()..area.bottom() {
        let mut x = area.left();
        while x < area.right() {
            let symbol = buf[(x, y)].symbol();
            out.push_str(symbol);
            // A wide character covers the cell after it.
            x += u16::try_from(symbol.width().max(1)).unwrap_or(1);
        }
        out.push('\n');
    }
    out
}

fn covered_chariot_moves(screen: &mut JieqiScreen) -> Vec<JieqiEffect> {
    screen.update(JieqiAction::Click(sq("a0")));
    screen.update(JieqiAction::Click(sq("a2")))
}

#[test]
fn a_covered_piece_is_drawn_as_covered_and_nothing_under_it_is_drawn() {
    let screen = screen_with(11, false);
    let buf = draw(&screen);
    let pos = screen.game().position();
    for at in pos.covered_points() {
        assert_eq!(drawn_at(&buf, &screen, at), COVERED_GLYPH, "at {at}");
    }
    // Only the two generals are face up: no other piece's character is anywhere on the
    // board (the panel lists the kinds nobody has seen, which both players know).
    let ScreenLayout::Game { board, .. } =
        ScreenLayout::new(Rect::new(0, 0, WIDTH, HEIGHT), screen.flipped())
    else {
        panic!("the test screen is big enough");
    };
    let text = area_text(&buf, board.area);
    for ch in [
        '车', '马', '相', '仕', '炮', '兵', '車', '馬', '象', '士', '砲', '卒',
    ] {
        assert!(
            !text.contains(ch),
            "{ch} drawn before anything was turned over"
        );
    }
    assert_eq!(drawn_at(&buf, &screen, sq("e0")), "帅");
    assert_eq!(drawn_at(&buf, &screen, sq("e9")), "将");
}

#[test]
fn ascii_draws_covered_pieces_as_the_fens_x_in_each_sides_case() {
    let screen = screen_with(11, true);
    let buf = draw(&screen);
    assert_eq!(drawn_at(&buf, &screen, sq("a0")), "X");
    assert_eq!(drawn_at(&buf, &screen, sq("b7")), "x");
    assert_eq!(drawn_at(&buf, &screen, sq("e0")), "K");
}

#[test]
fn a_covered_chariot_point_piece_moves_as_a_chariot_and_shows_what_it_was() {
    let mut screen = screen_with(23, false);
    let under = screen.game().deal().piece_at(sq("a0")).expect("dealt");
    let effects = covered_chariot_moves(&mut screen);
    assert!(
        matches!(effects.as_slice(), [JieqiEffect::Autosave(_)]),
        "{effects:?}"
    );
    let pos = screen.game().position();
    assert_eq!(pos.piece_at(sq("a2")), Some(JieqiPiece::Revealed(under)));
    let buf = draw(&screen);
    let glyph = PieceGlyphs::Simplified.glyph(under).to_string();
    assert_eq!(drawn_at(&buf, &screen, sq("a2")), glyph);
    // The move list says what it turned out to be, as the notation writes a reveal.
    let listed = screen.move_texts();
    assert_eq!(listed.len(), 1);
    assert!(listed[0].ends_with(&format!("={glyph}")), "{listed:?}");
    let text = whole_text(&draw(&screen));
    assert!(text.contains(&listed[0]));
    // The pool line counts one fewer of what turned over.
    let kind = glyph.clone() + &(pool_before(under) - 1).to_string();
    assert!(text.contains(&kind), "{kind} not on\n{text}");
}

/// How many pieces like `piece` a fresh deal leaves unseen.
fn pool_before(piece: xiangqi_rules::Piece) -> usize {
    xiangqi_rules::jieqi::Pool::full().count(piece.color, piece.role)
}

#[test]
fn the_rules_refuse_a_move_the_covered_piece_cannot_make_and_the_board_stays() {
    let mut screen = screen_with(23, false);
    screen.update(JieqiAction::Click(sq("b0")));
    // b0 is a horse's point: it cannot go straight up.
    let effects = screen.update(JieqiAction::Click(sq("b1")));
    assert!(effects.is_empty(), "{effects:?}");
    assert!(screen.game().moves().is_empty());
    assert!(
        screen.message().is_some_and(|m| m.contains("b0b1")),
        "{:?}",
        screen.message()
    );
}

#[test]
fn a_typed_iccs_move_plays_and_a_typed_reveal_is_refused() {
    let mut screen = screen_with(5, false);
    screen.update(JieqiAction::StartTyping);
    for c in "a0a1R".chars() {
        screen.update(JieqiAction::Type(c));
    }
    screen.update(JieqiAction::Submit);
    assert!(screen.game().moves().is_empty(), "a reveal was chosen");
    screen.update(JieqiAction::StartTyping);
    for c in "h2e2".chars() {
        screen.update(JieqiAction::Type(c));
    }
    screen.update(JieqiAction::Submit);
    let played = screen.game().moves();
    assert_eq!(played.len(), 1);
    assert_eq!(played[0].mv.to_string(), "h2e2");
    assert_eq!(
        played[0].reveal,
        screen.game().deal().piece_at(sq("h2")),
        "the dealt piece is what turns over"
    );
}

#[test]
fn undo_covers_the_piece_again_and_redo_turns_over_the_same_one() {
    let mut screen = screen_with(31, false);
    covered_chariot_moves(&mut screen);
    let revealed = screen.game().position().piece_at(sq("a2"));
    screen.update(JieqiAction::Undo);
    assert!(screen.game().position().is_covered(sq("a0")));
    let buf = draw(&screen);
    assert_eq!(drawn_at(&buf, &screen, sq("a0")), COVERED_GLYPH);
    screen.update(JieqiAction::Redo);
    assert_eq!(screen.game().position().piece_at(sq("a2")), revealed);
}

#[test]
fn the_computer_is_asked_with_the_public_position_and_a_stale_answer_is_dropped() {
    let mut screen = screen_with(3, false);
    let effects = screen.update(JieqiAction::Computer);
    let Some(JieqiEffect::Think { pos, request, .. }) = effects.first() else {
        panic!("no search asked for: {effects:?}");
    };
    assert_eq!(&**pos, screen.game().position());
    let request = *request;
    // The player cannot move for the computer.
    screen.update(JieqiAction::Click(sq("h2")));
    screen.update(JieqiAction::Click(sq("e2")));
    assert!(screen.game().moves().is_empty());
    screen.update(JieqiAction::EngineMove {
        request: request + 1,
        mv: Some("h2e2".parse().expect("a move")),
    });
    assert!(
        screen.game().moves().is_empty(),
        "an answer to another search"
    );
    screen.update(JieqiAction::EngineMove {
        request,
        mv: Some("h2e2".parse().expect("a move")),
    });
    assert_eq!(screen.game().moves().len(), 1);
    assert_eq!(screen.game().position().turn(), Color::Black);
}

#[test]
fn the_saved_record_has_the_variant_and_reveals_and_resumes_to_the_same_board() {
    let mut screen = screen_with(41, false);
    covered_chariot_moves(&mut screen);
    screen.update(JieqiAction::Click(sq("b9")));
    screen.update(JieqiAction::Click(sq("c7")));
    let effects = screen.update(JieqiAction::Save);
    let Some(JieqiEffect::Save(pgn)) = effects.first() else {
        panic!("nothing saved: {effects:?}");
    };
    assert!(pgn.contains("[Variant \"Jieqi\"]"), "{pgn}");
    let first = screen.game().moves()[0];
    assert!(pgn.contains(&first.to_iccs_hyphenated()), "{pgn}");
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join(store::AUTOSAVE_NAME);
    store::write_autosave(&path, pgn).expect("written");
    let resumed = store::resume(&path, 999).expect("resumed");
    assert_eq!(resumed.position(), screen.game().position());
    assert_eq!(resumed.moves(), screen.game().moves());
    // A new deal sets the unfinished game aside instead of writing over it.
    let kept = store::set_aside(&path, 0)
        .expect("set aside")
        .expect("it was unfinished");
    assert!(kept.contains("jieqi-unfinished-"), "{kept}");
    assert!(!path.exists());
    // A damaged autosave is moved aside as well, never written over by a new deal.
    std::fs::write(&path, "[Variant \"Jieqi\"]\n1. this is not a move\n").expect("written");
    let damaged = store::set_aside(&path, 60)
        .expect("set aside")
        .expect("it did not read");
    assert!(!path.exists(), "{damaged}");
    assert!(
        dir.path().read_dir().expect("listed").count() == 2,
        "both kept"
    );
    // No file at all: nothing to keep.
    assert_eq!(store::set_aside(&path, 120).expect("nothing"), None);
}

#[test]
fn two_different_deals_draw_the_same_screen_until_something_turns_over() {
    // The FEN letter of a covered piece is the same whatever was dealt under it.
    let a = screen_with(1, true);
    let b = screen_with(2, true);
    assert_ne!(a.game().deal().to_string(), b.game().deal().to_string());
    let (ba, bb) = (draw(&a), draw(&b));
    assert_eq!(whole_text(&ba), whole_text(&bb));
    let piece = a.game().position().piece_at(sq("a0"));
    assert_eq!(piece, Some(JieqiPiece::Covered(Color::Red)));
}

#[test]
fn g_twice_resigns_and_only_an_ended_game_gives_way_to_a_new_deal() {
    let mut screen = screen_with(13, false);
    screen.update(JieqiAction::NewDeal);
    assert!(screen.message().is_some(), "a game going on is not dropped");
    screen.update(JieqiAction::Resign);
    assert!(screen.game().outcome().is_none(), "one press only asks");
    screen.update(JieqiAction::Step(1, 0));
    screen.update(JieqiAction::Resign);
    assert!(
        screen.game().outcome().is_none(),
        "another key in between starts again"
    );
    let effects = screen.update(JieqiAction::Resign);
    let outcome = screen.game().outcome().expect("resigned");
    assert_eq!(outcome.winner, Some(Color::Black));
    assert!(matches!(effects.as_slice(), [JieqiEffect::Autosave(pgn)] if pgn.contains("0-1")));
    assert!(whole_text(&draw(&screen)).contains("Black wins"));
    let before = screen.game().deal().to_string();
    screen.update(JieqiAction::NewDeal);
    assert!(screen.game().outcome().is_none());
    assert!(screen.game().moves().is_empty());
    assert_ne!(screen.game().deal().to_string(), before);
}
