//! Drawing speed: one whole game screen rendered into ratatui's `TestBackend`.
//!
//! The game screen lives in the binary crate (the library never imports ratatui), so its
//! source files are compiled into this bench as a module of the same shape.

use criterion::{Criterion, criterion_group, criterion_main};
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::widgets::Widget;
use std::hint::black_box;
use xiangqi::{Game, Square};

/// The TUI's own modules (the directory is relative to this file); the bench uses only part
/// of them.
#[allow(dead_code, unused_imports)]
#[path = "../src/tui"]
mod tui {
    pub mod app;
    pub mod autosave;
    pub mod bigdigits;
    pub mod computer;
    pub mod computer_view;
    pub mod edit;
    pub mod effect;
    pub mod files;
    pub mod input;
    pub mod lang;
    pub mod layout;
    pub mod pieces;
    pub mod puzzle;
    pub mod render;
    pub mod rgb;
    pub mod strings;
    pub mod theme;
}

use tui::app::{Action, App, Options};

/// A real game record (GBK); see tests/data/games/README.md for its source.
const RECORD: &[u8] = include_bytes!("../tests/data/games/ccgc/01.pgn");

/// The first 60 plies of a real game, so the move list is full of Chinese notation, with a
/// piece of the side to move selected: pieces, destinations, the last move and the cursor.
fn busy_app() -> App {
    let record = xiangqi::pgn::read_game(RECORD, 1).expect("the bench record reads");
    let mut game = Game::new(record.start().clone());
    for &mv in record.moves().iter().take(60) {
        game.play(mv).expect("recorded moves are legal");
    }
    let mover = game.position().turn();
    let piece: Square = game
        .position()
        .legal_moves()
        .first()
        .map(|m| m.from)
        .expect("the game goes on after 60 plies");
    assert_eq!(
        game.position().piece_at(piece).map(|p| p.color),
        Some(mover)
    );
    let mut app = App::new(
        game,
        Options {
            color: true,
            ..Options::default()
        },
    );
    app.update(Action::ClickAt(piece));
    app
}

fn bench_render(c: &mut Criterion) {
    let mut group = c.benchmark_group("render");
    let app = busy_app();
    for (w, h) in [(80, 24), (120, 40), (200, 50)] {
        let area = Rect::new(0, 0, w, h);
        group.bench_function(format!("widget into buffer {w}x{h}"), |b| {
            let mut buf = Buffer::empty(area);
            b.iter(|| {
                buf.reset();
                black_box(&app).render(area, &mut buf);
            });
        });
        group.bench_function(format!("frame into TestBackend {w}x{h}"), |b| {
            let mut terminal = Terminal::new(TestBackend::new(w, h)).expect("test backend");
            b.iter(|| {
                terminal
                    .draw(|frame| frame.render_widget(black_box(&app), frame.area()))
                    .expect("draw");
            });
        });
    }
    group.finish();
}

criterion_group!(benches, bench_render);
criterion_main!(benches);
