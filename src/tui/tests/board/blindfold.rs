//! Blindfold play: the board drawn without its pieces while the move list and the clocks
//! stay, the peek key showing them until the next move, and nothing changed for a game
//! without a blindfold.

use super::*;
use crate::tui::input::action_for;
use crate::tui::view::board::piece_text;
use crate::tui::view::layout::ScreenLayout;
use ratatui::crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};
use ratatui::layout::Rect;

const WIDTH: u16 = 100;
const HEIGHT: u16 = 30;

fn blindfolded() -> App {
    start_with(Options {
        blindfold: true,
        ..Options::default()
    })
}

/// The text drawn inside the board's area, a row a line.
fn board_text(app: &App) -> String {
    let terminal = draw(app, WIDTH, HEIGHT);
    let ScreenLayout::Game { board, .. } = ScreenLayout::new(Rect::new(0, 0, WIDTH, HEIGHT), false)
    else {
        panic!("{WIDTH}x{HEIGHT} fits the board");
    };
    let buf = terminal.backend().buffer();
    let mut text = String::new();
    for y in board.area.top()..board.area.bottom() {
        for x in board.area.left()..board.area.right() {
            text.push_str(buf[(x, y)].symbol());
        }
        text.push('\n');
    }
    text
}

/// The glyphs of the pieces on `app`'s board, as the board draws them.
fn glyphs_on_board(app: &App) -> Vec<String> {
    let pos = app.game().position();
    pos.board()
        .pieces()
        .map(|(_, piece)| piece_text(app, piece).0.trim().to_string())
        .collect()
}

fn shown(app: &App) -> usize {
    let text = board_text(app);
    glyphs_on_board(app)
        .iter()
        .filter(|glyph| text.contains(glyph.as_str()))
        .count()
}

#[test]
fn the_pieces_are_hidden_and_the_move_list_stays() {
    let mut app = blindfolded();
    assert_eq!(
        shown(&app),
        0,
        "no piece on the board:\n{}",
        board_text(&app)
    );
    play_all(&mut app, "h2e2 h9g7");
    assert_eq!(shown(&app), 0, "{}", board_text(&app));
    let screen = format!("{}", draw(&app, WIDTH, HEIGHT).backend());
    assert!(screen.contains("炮二平五"), "the move list:\n{screen}");
    assert!(screen.contains("馬８進７"), "the move list:\n{screen}");
    // Moves are still played by clicks on the hidden pieces.
    click_move(&mut app, "b0", "c2");
    assert_eq!(app.game().moves().len(), 3, "{:?}", app.message());
}

#[test]
fn the_peek_key_shows_the_pieces_until_the_next_move() {
    let mut app = blindfolded();
    let l = ScreenLayout::new(Rect::new(0, 0, 80, 24), false);
    let v = Event::Key(KeyEvent::new(KeyCode::Char('v'), KeyModifiers::NONE));
    assert_eq!(action_for(&v, Mode::Play, &l), Some(Action::Peek));

    app.update(Action::Peek);
    let all = glyphs_on_board(&app).len();
    assert_eq!(shown(&app), all, "peeking:\n{}", board_text(&app));
    // The same key again hides them.
    app.update(Action::Peek);
    assert_eq!(shown(&app), 0);
    // A peek lasts until a move is played.
    app.update(Action::Peek);
    play_all(&mut app, "h2e2");
    assert_eq!(shown(&app), 0, "{}", board_text(&app));
}

#[test]
fn without_a_blindfold_the_pieces_show_and_peeking_does_nothing() {
    let mut app = start_app();
    let all = glyphs_on_board(&app).len();
    assert_eq!(shown(&app), all);
    app.update(Action::Peek);
    assert_eq!(shown(&app), all);
    assert_eq!(app.blindfold(), None);
}
