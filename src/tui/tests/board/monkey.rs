//! Random keys, clicks, wheel turns, pastes and screen sizes, mapped to actions as the event
//! loop maps them and drawn after each: whatever a player does, the app neither panics nor
//! stops answering, and under `--ascii-lines` no screen holds a character of ambiguous
//! width. The effects (files, the engine, the clipboard) are not performed, as if
//! the loop were slow to answer. Seeded, so that a failure repeats.

use super::*;
use crate::tui::input;
use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::layout::Rect;
use std::time::Duration;

/// A small random number generator (xorshift), enough to pick events.
struct Dice(u64);

impl Dice {
    fn roll(&mut self, below: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % below as u64) as usize
    }
}

/// Keys with a meaning somewhere (the board, a prompt, the editor, the picker, a question),
/// and a few without.
const KEYS: &str = "hjklurfm:sdgn?ptaLczxeA(){!+yYFCbo<>[]1234506KkAaEeHhRrCcPpX/qQ \
                    h2e2 H2-E2 炮二平五 }";

const SPECIAL: [KeyCode; 14] = [
    KeyCode::Enter,
    KeyCode::Esc,
    KeyCode::Tab,
    KeyCode::BackTab,
    KeyCode::Backspace,
    KeyCode::Delete,
    KeyCode::Up,
    KeyCode::Down,
    KeyCode::Left,
    KeyCode::Right,
    KeyCode::Home,
    KeyCode::End,
    KeyCode::PageUp,
    KeyCode::PageDown,
];

/// What a player might paste: a position, a record, garbage.
const PASTES: [&str; 4] = [
    "3k5/9/9/9/9/9/9/9/4R4/4K4 w - - 0 1",
    "[Red \"A\"]\n\n1. h2e2 {a note\nover two lines} h9g7 2. h0g2 (2. b0c2 b9c7) *\n",
    "not a position [{(",
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b",
];

const SIZES: [(u16, u16); 5] = [(80, 24), (120, 45), (40, 12), (69, 22), (200, 60)];

fn event(dice: &mut Dice, (width, height): (u16, u16)) -> Event {
    let keys: Vec<char> = KEYS.chars().collect();
    let key = |code| Event::Key(KeyEvent::new(code, KeyModifiers::NONE));
    match dice.roll(20) {
        0..=10 => key(KeyCode::Char(keys[dice.roll(keys.len())])),
        11..=13 => key(SPECIAL[dice.roll(SPECIAL.len())]),
        14 => Event::Key(KeyEvent::new(KeyCode::Char('u'), KeyModifiers::CONTROL)),
        15 => Event::Paste(PASTES[dice.roll(PASTES.len())].to_string()),
        _ => Event::Mouse(MouseEvent {
            kind: match dice.roll(5) {
                0 => MouseEventKind::Down(MouseButton::Right),
                1 => MouseEventKind::ScrollUp,
                2 => MouseEventKind::ScrollDown,
                _ => MouseEventKind::Down(MouseButton::Left),
            },
            column: dice.roll(usize::from(width)) as u16,
            row: dice.roll(usize::from(height)) as u16,
            modifiers: KeyModifiers::NONE,
        }),
    }
}

/// `steps` events from `seed` on a new app with `options`, each drawn; the number of actions
/// taken.
fn play(seed: u64, steps: usize, options: &Options) -> usize {
    let mut dice = Dice(seed.wrapping_mul(0x9e37_79b9_7f4a_7c15) | 1);
    let new_app = || start_with(options.clone());
    let mut app = new_app();
    let mut size = SIZES[0];
    let mut elapsed = Duration::ZERO;
    let mut taken = 0;
    for _ in 0..steps {
        if dice.roll(50) == 0 {
            size = SIZES[dice.roll(SIZES.len())];
        }
        elapsed += Duration::from_millis(dice.roll(3000) as u64);
        let screen = Rect::new(0, 0, size.0, size.1);
        let event = event(&mut dice, size);
        let action = input::action_on_screen(&event, &app, screen);
        let now = Now {
            elapsed,
            unix_secs: 1_790_000_000 + elapsed.as_secs() as i64,
        };
        app.update(Action::Tick(now));
        if let Some(action) = action {
            taken += 1;
            app.update(action);
        }
        if app.should_quit() {
            app = new_app();
        }
        let terminal = draw(&app, size.0, size.1);
        if options.ascii_lines {
            let wide = ambiguous_marks(terminal.backend().buffer());
            assert!(wide.is_empty(), "{wide:?} in:\n{}", terminal.backend());
        }
    }
    taken
}

/// Under `--ascii-lines`, what a terminal that draws box lines wide gets.
fn ascii_lines() -> Options {
    Options {
        ascii_lines: true,
        ..Options::default()
    }
}

#[test]
fn random_keys_clicks_and_pastes_never_panic() {
    let plain = Options::default();
    let taken: usize = (1..=4).map(|seed| play(seed, 600, &plain)).sum::<usize>()
        + (5..=6)
            .map(|seed| play(seed, 600, &ascii_lines()))
            .sum::<usize>();
    // Most events mean something somewhere: the run went through the app, not around it.
    assert!(taken > 1500, "{taken} actions");
}

/// The same, longer, for a developer's run: `cargo test --release -- --ignored monkey`.
#[test]
#[ignore = "minutes long"]
fn monkey_long_run() {
    for seed in 1..=400 {
        let options = if seed % 2 == 0 {
            ascii_lines()
        } else {
            Options::default()
        };
        play(seed, 3000, &options);
    }
}
