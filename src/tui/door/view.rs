//! Drawing the front door: the start menu and the settings screen, each a box in the
//! middle of a screen painted whole in the screen's colours with the message line under
//! it, and the palette, a window over the game. Each also says where its rows are, for the
//! mouse ([`door_mouse`]). Only reads the state.

pub mod menu;
pub mod palette;
pub mod settings;

use crate::tui::i18n::catalogue::{id, tr, tr_args};
use crate::tui::i18n::lang::Lang;
use crate::tui::state::action::{Action, DoorKey, PaletteKey};
use crate::tui::state::app::App;
use crate::tui::state::prompt::message::Mode;
use crate::tui::view::message_line::{message_style, message_words, put_wrapped};
use crate::tui::view::paint::{fill, fit_line};
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{Event, MouseButton, MouseEventKind};
use ratatui::layout::{Position as Cell, Rect};
use ratatui::text::Line;
use ratatui::widgets::{Block, Widget};
use xiangqi_rules::clock::TimeControl;

/// `minutes` of a time control as `--clock` writes them: `5`, or `0:30`.
fn minutes(base: std::time::Duration) -> String {
    let secs = base.as_secs();
    if secs.is_multiple_of(60) {
        (secs / 60).to_string()
    } else {
        format!("{}:{:02}", secs / 60, secs % 60)
    }
}

/// A clock in words: none, or as `--clock` writes it and what that means.
#[must_use]
pub fn clock_words(lang: Lang, clock: Option<TimeControl>) -> String {
    match clock {
        None => tr(lang, id::CLOCK_NONE),
        Some(TimeControl::Fischer { base, increment }) => {
            let m = minutes(base);
            let inc = increment.as_secs();
            tr_args(
                lang,
                id::CLOCK_INCREMENT,
                &[
                    ("control", format!("{m}+{inc}").into()),
                    ("minutes", m.into()),
                    ("increment", inc.into()),
                ],
            )
        }
        Some(TimeControl::ByoYomi { base, period }) => {
            let m = minutes(base);
            let byo = period.as_secs();
            tr_args(
                lang,
                id::CLOCK_BYOYOMI_PRESET,
                &[
                    ("control", format!("{m}/{byo}").into()),
                    ("minutes", m.into()),
                    ("byoyomi", byo.into()),
                ],
            )
        }
    }
}

/// Where a front door screen goes on the screen `area`: a box `width` × `height` (borders
/// included, each cut to the screen) in the middle of what the message line leaves.
#[must_use]
pub fn boxed(area: Rect, width: u16, height: u16) -> Rect {
    let room = Rect {
        height: area.height.saturating_sub(1),
        ..area
    };
    let w = width.min(room.width);
    let h = height.min(room.height);
    Rect::new(
        room.x + (room.width - w) / 2,
        room.y + (room.height - h) / 2,
        w,
        h,
    )
}

/// The box's width for lines as wide as `widest`: two cells of margin either side inside
/// the borders, never narrower than `least`.
#[must_use]
pub fn box_width(widest: usize, least: u16) -> u16 {
    u16::try_from(widest + 6).unwrap_or(u16::MAX).max(least)
}

/// Draws a full front door screen: everything in the screen's colours (the one rule for
/// every part of the screen off the board), `lines` in a bordered box at `popup` (each cut
/// to its width), and the message line, or `keys` there when nothing is said.
pub(crate) fn render_boxed(
    app: &App,
    area: Rect,
    popup: Rect,
    lines: &[Line<'static>],
    buf: &mut Buffer,
) {
    let theme = app.theme();
    fill(area, theme.screen, buf);
    let block = Block::bordered().border_set(app.glyphs().border);
    let inner = block.inner(popup);
    block.render(popup, buf);
    let room = usize::from(inner.width.saturating_sub(2));
    for (i, line) in lines.iter().enumerate() {
        let y = inner.y + u16::try_from(i).unwrap_or(u16::MAX);
        if y >= inner.bottom() {
            break;
        }
        buf.set_line(inner.x + 1, y, &fit_line(line.clone(), room), inner.width);
    }
    if let Some(m) = app.message() {
        let row = Rect {
            y: area.bottom().saturating_sub(1),
            height: 1,
            ..area
        };
        put_wrapped(&message_words(app, m), message_style(app, m), row, buf);
    }
}

/// The front door's part of the mouse: on the menu and the settings a click chooses a row
/// and does it, the wheel moves the choice; on the palette the same for its rows, and a
/// click outside it closes it.
#[must_use]
pub fn door_mouse(event: &Event, app: &App, area: Rect) -> Option<Action> {
    let Event::Mouse(mouse) = event else {
        return None;
    };
    let at = Cell::new(mouse.column, mouse.row);
    let step = match mouse.kind {
        MouseEventKind::ScrollUp => Some(-1),
        MouseEventKind::ScrollDown => Some(1),
        MouseEventKind::Down(MouseButton::Left) => None,
        _ => return None,
    };
    match app.mode() {
        Mode::Menu => {
            let key = match step {
                Some(n) => DoorKey::Step(n),
                None => DoorKey::Click(menu::row_at(app, area, at)?),
            };
            Some(Action::Menu(key))
        }
        Mode::Settings => {
            let key = match step {
                Some(n) => DoorKey::Step(n),
                None => DoorKey::Click(settings::row_at(app, area, at)?),
            };
            Some(Action::Settings(key))
        }
        Mode::Palette => {
            let key = match step {
                Some(n) => PaletteKey::Step(n),
                None => palette::click(app, area, at),
            };
            Some(Action::Palette(key))
        }
        _ => None,
    }
}
