//! The key bindings, in one place: terminal events to [`Action`]s, a pure function, and the
//! key descriptions the help window and panel show.

use crate::tui::door::commands::action_for_key;
use crate::tui::door::keys::Key;
use crate::tui::state::action::{
    Action, Dir, DoorKey, EditKey, EditorKey, ExploreKey, Nav, PaletteKey,
};
use crate::tui::state::app::App;
use crate::tui::state::app::review::PickKey;

use crate::tui::state::picker::PAGE;
use crate::tui::state::prompt::message::{Mode, Question};
use crate::tui::view::layout::ScreenLayout;
use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::layout::Rect;

/// The action `event` asks for on a screen of `screen`, as the event loop hands it on: a
/// mouse event over the move list, the graph, the explorer or the picker first, then the
/// keys and the board's clicks ([`action_for`]).
#[must_use]
pub fn action_on_screen(event: &Event, app: &App, screen: Rect) -> Option<Action> {
    let layout = ScreenLayout::new(screen, app.flipped());
    // The picker fills a screen of any size; anything else shows only its size.
    if matches!(layout, ScreenLayout::TooSmall { .. }) && app.picker().is_none() {
        return too_small_action(event, app.mode());
    }
    crate::tui::door::view::door_mouse(event, app, screen)
        .or_else(|| move_list_mouse(event, app, &layout))
        .or_else(|| graph_mouse(event, app, &layout))
        .or_else(|| explorer_mouse(event, app, screen))
        .or_else(|| picker_mouse(event, app, screen))
        .or_else(|| window_scroll(event, app, screen))
        .or_else(|| action_for(event, app.mode(), &layout))
}

/// The action an event asks for, if any. Mouse clicks are mapped to points with `layout`,
/// the same geometry the screen was drawn with.
#[must_use]
pub fn action_for(event: &Event, mode: Mode, layout: &ScreenLayout) -> Option<Action> {
    match event {
        Event::Key(key) => key_action(key, mode),
        Event::Mouse(mouse) => mouse_action(mouse, mode, layout),
        // A paste is text, never keys: on a prompt it is typed, on the board offered to open.
        Event::Paste(text)
            if matches!(
                mode,
                Mode::Prompt(_) | Mode::Play | Mode::Palette | Mode::Menu
            ) =>
        {
            Some(Action::Paste(text.clone()))
        }
        _ => None,
    }
}

/// The action an event asks for while the screen says only that the terminal is too small:
/// a key acting unseen would play a move or open a question nobody reads, so only leaving
/// goes through — `q` and `Ctrl-C` as always (asking first in a game that goes on, a
/// question the too-small screen shows) and that question's answer — and `Ctrl-Z`, which
/// changes nothing. Growing the terminal brings the screen and its keys back.
fn too_small_action(event: &Event, mode: Mode) -> Option<Action> {
    let Event::Key(key) = event else {
        return None;
    };
    if key.kind != KeyEventKind::Press {
        return None;
    }
    let control = key.modifiers.contains(KeyModifiers::CONTROL);
    match key.code {
        KeyCode::Char('c' | 'C') if control => Some(Action::Quit),
        KeyCode::Char('z' | 'Z') if control => Some(Action::Suspend),
        KeyCode::Char('q') if !control => Some(Action::Quit),
        _ if mode == Mode::Confirm(Question::Quit) => match key_action(key, mode)? {
            answer @ Action::Answer(_) => Some(answer),
            _ => None,
        },
        _ => None,
    }
}

fn key_action(key: &KeyEvent, mode: Mode) -> Option<Action> {
    // Terminals that report releases and repeats would otherwise act twice.
    if key.kind != KeyEventKind::Press {
        return None;
    }
    if key.modifiers.contains(KeyModifiers::CONTROL) {
        return match key.code {
            KeyCode::Char('c' | 'C') => Some(Action::Quit),
            KeyCode::Char('z' | 'Z') => Some(Action::Suspend),
            KeyCode::Char('u' | 'U') if matches!(mode, Mode::Prompt(_)) => {
                Some(Action::Edit(EditKey::Clear))
            }
            KeyCode::Char('u' | 'U') if mode == (Mode::Picker { filter: true }) => {
                Some(Action::Pick(PickKey::Edit(EditKey::Clear)))
            }
            KeyCode::Char('u' | 'U') if mode == Mode::Palette => {
                Some(Action::Palette(PaletteKey::Edit(EditKey::Clear)))
            }
            KeyCode::Char('u' | 'U') if mode == Mode::Menu => {
                Some(Action::Menu(DoorKey::Edit(EditKey::Clear)))
            }
            // Ctrl-P, the palette: from the one list, as every key of the game screen.
            _ if mode == Mode::Play => Key::of(key).and_then(action_for_key),
            _ => None,
        };
    }
    match mode {
        Mode::Help { .. } => Some(Action::CloseHelp),
        // The keys that scroll it are taken first (`window_scroll`).
        Mode::Comment { .. } => Some(Action::CloseComment),
        Mode::Confirm(question) => match key.code {
            KeyCode::Char('y' | 'Y') => Some(Action::Answer(true)),
            // Leaving a game the autosave could not keep: save it elsewhere first.
            KeyCode::Char('s') if question == Question::Quit => Some(Action::Save),
            KeyCode::Char('n' | 'N') | KeyCode::Esc => Some(Action::Answer(false)),
            _ => None,
        },
        Mode::Prompt(_) => prompt_action(key),
        Mode::Paused => match key.code {
            KeyCode::Char('p' | ' ') => Some(Action::Pause),
            KeyCode::Char('q') => Some(Action::Quit),
            _ => None,
        },
        // Every key of the game screen is in the one list of commands.
        Mode::Play => Key::of(key).and_then(action_for_key),
        Mode::Picker { filter } => picker_action(key, filter),
        Mode::Explorer { .. } => explorer_action(key),
        Mode::Setup => editor_action(key.code),
        Mode::Menu => door_action(key.code).map(Action::Menu),
        Mode::Settings => door_action(key.code).map(Action::Settings),
        Mode::Palette => palette_action(key),
    }
}

/// Keys on the menu and the settings screen: the arrows choose and change, characters are
/// an item's letter or typed into a field (the menu decides which).
fn door_action(code: KeyCode) -> Option<DoorKey> {
    Some(match code {
        KeyCode::Up | KeyCode::BackTab => DoorKey::Step(-1),
        KeyCode::Down | KeyCode::Tab => DoorKey::Step(1),
        KeyCode::Left => DoorKey::Change(-1),
        KeyCode::Right => DoorKey::Change(1),
        KeyCode::Enter => DoorKey::Enter,
        KeyCode::Esc => DoorKey::Back,
        KeyCode::Backspace => DoorKey::Edit(EditKey::Backspace),
        KeyCode::Delete => DoorKey::Edit(EditKey::Delete),
        KeyCode::Home => DoorKey::Edit(EditKey::Home),
        KeyCode::End => DoorKey::Edit(EditKey::End),
        KeyCode::Char(c) => DoorKey::Char(c),
        _ => return None,
    })
}

/// Keys on the palette: the arrows choose, Enter does, Esc closes; the rest edit the name
/// typed, as on a prompt.
fn palette_action(key: &KeyEvent) -> Option<Action> {
    let palette = match key.code {
        KeyCode::Up | KeyCode::BackTab => PaletteKey::Step(-1),
        KeyCode::Down | KeyCode::Tab => PaletteKey::Step(1),
        KeyCode::PageUp => PaletteKey::Step(-(PAGE as isize)),
        KeyCode::PageDown => PaletteKey::Step(PAGE as isize),
        KeyCode::Enter => PaletteKey::Run,
        KeyCode::Esc => PaletteKey::Close,
        _ => match prompt_action(key)? {
            Action::Edit(edit) => PaletteKey::Edit(edit),
            _ => return None,
        },
    };
    Some(Action::Palette(palette))
}

/// Keys in the set-up editor. Every WXF and FEN piece letter places a piece (upper case
/// red), so the letters `h`, `k` and `c` are pieces here: the cursor moves with the arrows
/// and `X` clears the board.
fn editor_action(code: KeyCode) -> Option<Action> {
    use xiangqi_rules::setup::Handicap;
    let edit = match code {
        KeyCode::Up => EditorKey::Cursor(Dir::Up),
        KeyCode::Down => EditorKey::Cursor(Dir::Down),
        KeyCode::Left => EditorKey::Cursor(Dir::Left),
        KeyCode::Right => EditorKey::Cursor(Dir::Right),
        KeyCode::Enter => EditorKey::Play,
        KeyCode::Esc => EditorKey::Leave,
        KeyCode::Tab | KeyCode::BackTab => EditorKey::SwitchSide,
        KeyCode::Delete | KeyCode::Char('x') => EditorKey::Empty,
        // `c` clears, as the editors players know do; the black cannon is `C` twice.
        KeyCode::Char('c' | 'X') => EditorKey::Clear,
        KeyCode::Char('0') => EditorKey::Start,
        KeyCode::Char(' ') => EditorKey::Activate,
        KeyCode::Char('f') => EditorKey::Flip,
        KeyCode::Char('q') => return Some(Action::Quit),
        KeyCode::Char(c @ '1'..='9') => {
            let n = c.to_digit(10).map_or(0, |d| d as usize);
            EditorKey::Handicap(*Handicap::ALL.get(n - 1)?)
        }
        KeyCode::Char(c) => EditorKey::Place(xiangqi_rules::Piece::from_fen_char(c)?),
        _ => return None,
    };
    Some(Action::Editor(edit))
}

/// Keys in the explorer of the masters' moves.
fn explorer_action(key: &KeyEvent) -> Option<Action> {
    let explore = match key.code {
        KeyCode::Up | KeyCode::Char('k') => ExploreKey::Step(-1),
        KeyCode::Down | KeyCode::Char('j') => ExploreKey::Step(1),
        KeyCode::PageUp => ExploreKey::Step(-(PAGE as isize)),
        KeyCode::PageDown => ExploreKey::Step(PAGE as isize),
        KeyCode::Home => ExploreKey::To(0),
        KeyCode::End => ExploreKey::To(usize::MAX),
        KeyCode::Enter | KeyCode::Char(' ') => ExploreKey::Play,
        KeyCode::Esc | KeyCode::Char('x') => ExploreKey::Close,
        KeyCode::Char('q') => return Some(Action::Quit),
        _ => return None,
    };
    Some(Action::Explore(explore))
}

/// Keys in the game picker; while the filter is typed, characters go to it.
fn picker_action(key: &KeyEvent, typing: bool) -> Option<Action> {
    let pick = match key.code {
        KeyCode::Up => PickKey::Step(-1),
        KeyCode::Down => PickKey::Step(1),
        KeyCode::PageUp => PickKey::Step(-(PAGE as isize)),
        KeyCode::PageDown => PickKey::Step(PAGE as isize),
        KeyCode::Enter => PickKey::Enter,
        KeyCode::Esc => PickKey::Escape,
        KeyCode::Home if !typing => PickKey::First,
        KeyCode::End if !typing => PickKey::Last,
        KeyCode::Char('k') if !typing => PickKey::Step(-1),
        KeyCode::Char('j') if !typing => PickKey::Step(1),
        KeyCode::Char('/') if !typing => PickKey::Filter,
        KeyCode::Char('q') if !typing => return Some(Action::Quit),
        _ if typing => match prompt_action(key)? {
            Action::Edit(edit) => PickKey::Edit(edit),
            _ => return None,
        },
        _ => return None,
    };
    Some(Action::Pick(pick))
}

/// Keys on an open prompt: every character is text (pasted Chinese arrives as characters
/// too), and the usual line-editing keys.
fn prompt_action(key: &KeyEvent) -> Option<Action> {
    if key.modifiers.contains(KeyModifiers::ALT) {
        return None;
    }
    let edit = match key.code {
        KeyCode::Enter => return Some(Action::Submit),
        KeyCode::Tab => return Some(Action::Complete),
        KeyCode::Esc => return Some(Action::Cancel),
        KeyCode::Char(c) => EditKey::Char(c),
        KeyCode::Backspace => EditKey::Backspace,
        KeyCode::Delete => EditKey::Delete,
        KeyCode::Left => EditKey::Left,
        KeyCode::Right => EditKey::Right,
        KeyCode::Home => EditKey::Home,
        KeyCode::End => EditKey::End,
        _ => return None,
    };
    Some(Action::Edit(edit))
}

fn mouse_action(mouse: &MouseEvent, mode: Mode, layout: &ScreenLayout) -> Option<Action> {
    // A right click on the board lets go of the piece selected.
    if mouse.kind == MouseEventKind::Down(MouseButton::Right) {
        return (mode == Mode::Play && layout.square_at(mouse.column, mouse.row).is_some())
            .then_some(Action::Deselect);
    }
    if mouse.kind != MouseEventKind::Down(MouseButton::Left) {
        return None;
    }
    match mode {
        Mode::Help { .. } => Some(Action::CloseHelp),
        Mode::Comment { .. } => Some(Action::CloseComment),
        Mode::Confirm(_)
        | Mode::Prompt(_)
        | Mode::Paused
        | Mode::Picker { .. }
        | Mode::Explorer { .. }
        | Mode::Menu
        | Mode::Settings
        | Mode::Palette => None,
        Mode::Setup => layout
            .square_at(mouse.column, mouse.row)
            .map(|sq| Action::Editor(EditorKey::Click(sq))),
        Mode::Play => layout
            .square_at(mouse.column, mouse.row)
            .map(Action::ClickAt),
    }
}

/// A mouse event over the move list while playing: a click goes to the move clicked, the
/// wheel a move back (up) or forward (down). `None` for anything else (the board's clicks
/// are [`action_for`]'s).
#[must_use]
pub fn move_list_mouse(event: &Event, app: &App, layout: &ScreenLayout) -> Option<Action> {
    let (Event::Mouse(mouse), Mode::Play, ScreenLayout::Game { panel, .. }) =
        (event, app.mode(), layout)
    else {
        return None;
    };
    let area = crate::tui::view::panel::move_list_area(app, *panel);
    let inside = mouse.column >= area.x
        && mouse.column < area.right()
        && mouse.row >= area.y
        && mouse.row < area.bottom();
    if !inside {
        return None;
    }
    let nav = match mouse.kind {
        MouseEventKind::Down(MouseButton::Left) => Nav::To(
            crate::tui::view::panel::move_list::node_at(app, area, mouse.column, mouse.row)?,
        ),
        MouseEventKind::ScrollUp => Nav::Back,
        MouseEventKind::ScrollDown => Nav::Forward,
        _ => return None,
    };
    Some(Action::Nav(nav))
}

/// A mouse event over the game picker, which fills `area`: the wheel moves the choice a
/// game up or down, a click chooses the game clicked, and a click on the game chosen opens
/// it.
#[must_use]
pub fn picker_mouse(event: &Event, app: &App, area: Rect) -> Option<Action> {
    let (Event::Mouse(mouse), Some(picker)) = (event, app.picker()) else {
        return None;
    };
    let key = match mouse.kind {
        MouseEventKind::ScrollUp => PickKey::Step(-1),
        MouseEventKind::ScrollDown => PickKey::Step(1),
        MouseEventKind::Down(MouseButton::Left) => {
            PickKey::To(picker.game_at(area, mouse.column, mouse.row)?)
        }
        _ => return None,
    };
    Some(Action::Pick(key))
}

/// While a window that scrolls is open on the screen `area` — the comment's, or the keys'
/// where they do not fit — the arrows (`j`, `k`), the page keys (`Space` as a pager has
/// it), `Home`, `End` and the wheel scroll it, as far as its last screenful.
#[must_use]
pub fn window_scroll(event: &Event, app: &App, area: Rect) -> Option<Action> {
    let (top, visible, last_top) = match app.mode() {
        Mode::Comment { top } => {
            let window = crate::tui::view::windows::comment::CommentWindow::of(app, area)?;
            (top, window.visible, window.last_top())
        }
        Mode::Help { top } => {
            let window = crate::tui::view::windows::help::HelpWindow::of(app, area);
            // All of it shows: any key closes it, as it always did.
            if window.last_top() == 0 {
                return None;
            }
            (top, window.visible, window.last_top())
        }
        _ => return None,
    };
    let page = isize::try_from(visible).unwrap_or(isize::MAX);
    let step = match event {
        Event::Key(key) if key.kind == KeyEventKind::Press => match key.code {
            KeyCode::Up | KeyCode::Char('k') => -1,
            KeyCode::Down | KeyCode::Char('j') => 1,
            KeyCode::PageUp => -page,
            KeyCode::PageDown | KeyCode::Char(' ') => page,
            KeyCode::Home => isize::MIN,
            KeyCode::End => isize::MAX,
            _ => return None,
        },
        Event::Mouse(mouse) => match mouse.kind {
            MouseEventKind::ScrollUp => -1,
            MouseEventKind::ScrollDown => 1,
            _ => return None,
        },
        _ => return None,
    };
    let top = top.min(last_top);
    Some(Action::WindowTop(
        top.saturating_add_signed(step).min(last_top),
    ))
}

/// A click on the evaluation graph: to the move of the column clicked.
#[must_use]
pub fn graph_mouse(event: &Event, app: &App, layout: &ScreenLayout) -> Option<Action> {
    let (Event::Mouse(mouse), Mode::Play, ScreenLayout::Game { panel, .. }) =
        (event, app.mode(), layout)
    else {
        return None;
    };
    if mouse.kind != MouseEventKind::Down(MouseButton::Left) {
        return None;
    }
    let graph = crate::tui::view::panel::graph_area(app, *panel)?;
    let node = crate::tui::view::panel::graph::node_at(app, graph, mouse.column, mouse.row)?;
    Some(Action::Nav(Nav::To(node)))
}

/// A mouse event while the explorer is open, on the screen `area`: a click on a row
/// chooses it (on the row chosen, plays it), a click outside closes the window, the wheel
/// goes up and down the rows.
#[must_use]
pub fn explorer_mouse(event: &Event, app: &App, area: Rect) -> Option<Action> {
    use crate::tui::view::windows::explorer::{first_shown, rows_area, window};
    let (Event::Mouse(mouse), Some(chosen)) = (event, app.explorer_row()) else {
        return None;
    };
    let count = xiangqi_records::opening::explore(app.game().position()).len();
    let popup = window(area, count);
    let rows = rows_area(popup);
    let key = match mouse.kind {
        MouseEventKind::ScrollUp => ExploreKey::Step(-1),
        MouseEventKind::ScrollDown => ExploreKey::Step(1),
        MouseEventKind::Down(MouseButton::Left) => {
            let at = ratatui::layout::Position::new(mouse.column, mouse.row);
            if !popup.contains(at) {
                ExploreKey::Close
            } else if rows.contains(at) {
                let chosen = chosen.min(count.saturating_sub(1));
                let first = first_shown(chosen, usize::from(rows.height));
                let row = first + usize::from(mouse.row - rows.y);
                if row >= count {
                    return None;
                }
                if row == chosen {
                    ExploreKey::Play
                } else {
                    ExploreKey::To(row)
                }
            } else {
                return None;
            }
        }
        _ => return None,
    };
    Some(Action::Explore(key))
}
