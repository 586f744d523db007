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
use xiangqi::{Game, Position, Square};

/// The TUI's own modules (the directory is relative to this file); the bench uses only part
/// of them.
#[allow(dead_code, unused_imports)]
#[path = "../src/tui"]
mod tui {
    pub mod app;
    pub mod edit;
    pub mod files;
    pub mod input;
    pub mod layout;
    pub mod render;
    pub mod strings;
    pub mod theme;
}

use tui::app::{Action, App, Options};

const MIDDLEGAME: &str = "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1";

/// A middlegame with a chariot selected: pieces, destinations, captures and the cursor.
fn busy_app() -> App {
    let pos = Position::from_fen(MIDDLEGAME).expect("bench FEN is valid");
    let mut app = App::new(
        Game::new(pos),
        Options {
            color: true,
            ..Options::default()
        },
    );
    let chariot = Square::from_coords(5, 3).expect("f3");
    app.update(Action::ClickAt(chariot));
    app
}

fn bench_render(c: &mut Criterion) {
    let mut group = c.benchmark_group("render");
    let app = busy_app();
    for (w, h) in [(80, 24), (120, 40)] {
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
