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
use xiangqi_rules::{Game, Square};

/// The TUI's own modules (the directory is relative to this file); the bench uses only part
/// of them.
#[allow(dead_code, unused_imports)]
#[path = "../src/tui"]
mod tui {
    pub mod door;
    pub mod i18n;
    pub mod input;
    pub mod jieqi;
    #[cfg(feature = "online")]
    pub mod lobby;
    pub mod look;
    pub mod run;
    pub mod state;
    pub mod store;
    pub mod view;
}

use tui::state::action::Action;

use tui::state::app::{App, Options};

/// A real game record (GBK); see crates/xiangqi-records/tests/data/games/README.md for its source.
const RECORD: &[u8] = include_bytes!("../crates/xiangqi-records/tests/data/games/ccgc/01.pgn");

/// The first 60 plies of a real game, so the move list is full of Chinese notation, with a
/// piece of the side to move selected: pieces, destinations, the last move and the cursor.
fn busy_app() -> App {
    let record = xiangqi_records::pgn::read_game(RECORD, 1).expect("the bench record reads");
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

/// The ccgc records (GBK, UTF-8) of `crates/xiangqi-records/tests/data/games`, repeated into one file of at least
/// `count` games, written to a temporary folder.
fn collection(count: usize) -> (tempfile::TempDir, std::path::PathBuf) {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("crates/xiangqi-records/tests/data/games");
    let mut records = Vec::new();
    for sub in ["ccgc", "ccpd", "iccs"] {
        let Ok(dir) = std::fs::read_dir(root.join(sub)) else {
            continue;
        };
        let mut paths: Vec<_> = dir.filter_map(|e| e.ok().map(|e| e.path())).collect();
        paths.sort();
        for path in paths
            .iter()
            .filter(|p| p.extension().is_some_and(|x| x == "pgn"))
        {
            if let Ok(bytes) = std::fs::read(path) {
                let games = xiangqi_records::pgn::read_each(&bytes).len();
                records.push((bytes, games));
            }
        }
    }
    assert!(!records.is_empty(), "no records under {}", root.display());
    let mut text = Vec::new();
    let mut games = 0;
    while games < count {
        for (bytes, n) in &records {
            text.extend_from_slice(bytes);
            text.push(b'\n');
            games += n;
        }
    }
    let dir = tempfile::tempdir().expect("temporary folder");
    let path = dir.path().join("collection.pgn");
    std::fs::write(&path, text).expect("write the collection");
    (dir, path)
}

/// The resident memory of this process now (Linux), in KiB.
fn rss_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

/// Opening the picker of a 50,000-game file as `--load` does: index the file (tags only),
/// then draw the picker's first frame; filtering it by a name; opening the last game.
fn bench_picker(c: &mut Criterion) {
    let (_dir, path) = collection(50_000);
    let size = std::fs::metadata(&path).map_or(0, |m| m.len());
    let before = rss_kib();
    let index = tui::store::library::index_file(&path).expect("the collection indexes");
    let after = rss_kib();
    assert!(index.len() >= 50_000 && index.stopped().is_none());
    // What the index holds: its entries and their tag texts.
    let held: usize = index
        .entries()
        .iter()
        .map(|e| {
            std::mem::size_of_val(e)
                + e.red.capacity()
                + e.black.capacity()
                + e.event.capacity()
                + e.date.capacity()
        })
        .sum();
    let shared = tui::store::library::Shared::new(index);
    println!(
        "picker file: {} games, {size} bytes; the index holds {} KiB; RSS {} KiB before \
         indexing, {} KiB after",
        shared.len(),
        held / 1024,
        before.unwrap_or(0),
        after.unwrap_or(0)
    );
    let area = Rect::new(0, 0, 120, 40);
    let mut group = c.benchmark_group("picker 50000 games");
    group.sample_size(10);
    group.bench_function("index the file and draw the picker", |b| {
        let mut buf = Buffer::empty(area);
        b.iter(|| {
            let index = tui::store::library::index_file(black_box(&path)).expect("indexes");
            let app = App::new(
                Game::new(xiangqi_rules::Position::start()),
                Options::default(),
            )
            .with_picker(path.clone(), tui::store::library::Shared::new(index));
            buf.reset();
            (&app).render(area, &mut buf);
        });
    });
    let app = App::new(
        Game::new(xiangqi_rules::Position::start()),
        Options::default(),
    )
    .with_picker(path.clone(), shared.clone());
    group.bench_function("filter by a name (one key)", |b| {
        b.iter(|| {
            let mut app = app.clone();
            app.update(Action::Pick(tui::state::action::PickKey::Edit(
                tui::state::action::EditKey::Char('x'),
            )))
        });
    });
    group.bench_function("open the last game", |b| {
        b.iter(|| tui::store::library::read_game(&path, &shared, shared.len()).expect("opens"));
    });
    group.finish();
}

criterion_group!(benches, bench_render, bench_picker);
criterion_main!(benches);
