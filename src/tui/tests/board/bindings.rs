//! Keys and mouse clicks turned into actions in each mode: every key the help window names
//! is bound, releases are ignored, questions and help take their own keys.

use super::*;
use crate::tui::input::action_for;
use crate::tui::view::layout::ScreenLayout;
use ratatui::crossterm::event::{
    Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};
use ratatui::layout::Rect;

fn key(code: KeyCode) -> Event {
    Event::Key(KeyEvent::new(code, KeyModifiers::NONE))
}

fn click(kind: MouseEventKind, column: u16, row: u16) -> Event {
    Event::Mouse(MouseEvent {
        kind,
        column,
        row,
        modifiers: KeyModifiers::NONE,
    })
}

fn layout() -> ScreenLayout {
    ScreenLayout::new(Rect::new(0, 0, 80, 24), false)
}

#[test]
fn keys_map_to_actions() {
    let l = layout();
    let play = |code| action_for(&key(code), Mode::Play, &l);
    assert_eq!(play(KeyCode::Char('k')), Some(Action::Cursor(Dir::Up)));
    assert_eq!(play(KeyCode::Up), Some(Action::Cursor(Dir::Up)));
    assert_eq!(play(KeyCode::Char('h')), Some(Action::Cursor(Dir::Left)));
    assert_eq!(play(KeyCode::Char('j')), Some(Action::Cursor(Dir::Down)));
    assert_eq!(play(KeyCode::Right), Some(Action::Cursor(Dir::Right)));
    assert_eq!(play(KeyCode::Enter), Some(Action::Activate));
    assert_eq!(play(KeyCode::Char(' ')), Some(Action::Activate));
    assert_eq!(play(KeyCode::Esc), Some(Action::Deselect));
    assert_eq!(play(KeyCode::Char('u')), Some(Action::Undo));
    assert_eq!(play(KeyCode::Char('r')), Some(Action::Redo));
    assert_eq!(play(KeyCode::Char('f')), Some(Action::Flip));
    assert_eq!(play(KeyCode::Char('n')), Some(Action::AskNewGame));
    assert_eq!(play(KeyCode::Char('m')), Some(Action::CycleNotation));
    assert_eq!(play(KeyCode::Char(':')), Some(Action::TypeMove));
    assert_eq!(play(KeyCode::Char('s')), Some(Action::Save));
    assert_eq!(play(KeyCode::Char('d')), Some(Action::OfferDraw));
    assert_eq!(play(KeyCode::Char('g')), Some(Action::Resign));
    assert_eq!(play(KeyCode::Char('?')), Some(Action::ShowHelp));
    assert_eq!(play(KeyCode::Char('q')), Some(Action::Quit));
    assert_eq!(play(KeyCode::Char('x')), Some(Action::OpenExplorer));
    assert_eq!(play(KeyCode::Char('e')), Some(Action::OpenEditor));
    assert_eq!(play(KeyCode::Char('w')), None);
    let ctrl_c = Event::Key(KeyEvent::new(KeyCode::Char('c'), KeyModifiers::CONTROL));
    let ctrl_z = Event::Key(KeyEvent::new(KeyCode::Char('z'), KeyModifiers::CONTROL));
    for mode in [
        Mode::Play,
        Mode::Help { top: 0 },
        Mode::Confirm(Question::NewGame(false)),
    ] {
        assert_eq!(action_for(&ctrl_c, mode, &l), Some(Action::Quit));
        assert_eq!(action_for(&ctrl_z, mode, &l), Some(Action::Suspend));
    }
}

/// The keys window names keys from the one list of commands; every key it names must
/// do something on the game screen, and do what the window says.
#[test]
fn every_key_the_help_window_names_is_bound_to_its_command() {
    use crate::tui::door::commands::COMMANDS;
    use crate::tui::door::keys::Key;
    let l = layout();
    for command in COMMANDS {
        for &key in command.keys {
            let event = match key {
                Key::Ctrl(c) => Event::Key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::CONTROL)),
                Key::Char(c) => Event::Key(KeyEvent::new(KeyCode::Char(c), KeyModifiers::NONE)),
                Key::Up => key_event(KeyCode::Up),
                Key::Down => key_event(KeyCode::Down),
                Key::Left => key_event(KeyCode::Left),
                Key::Right => key_event(KeyCode::Right),
                Key::Enter => key_event(KeyCode::Enter),
                Key::Esc => key_event(KeyCode::Esc),
                Key::Home => key_event(KeyCode::Home),
                Key::End => key_event(KeyCode::End),
                Key::PageUp => key_event(KeyCode::PageUp),
                Key::PageDown => key_event(KeyCode::PageDown),
                Key::Delete => key_event(KeyCode::Delete),
            };
            assert_eq!(
                action_for(&event, Mode::Play, &l),
                Some(command.action.clone()),
                "{key:?} ({})",
                command.name.name()
            );
        }
    }
}

fn key_event(code: KeyCode) -> Event {
    key(code)
}

#[test]
fn key_releases_are_ignored() {
    let mut release = KeyEvent::new(KeyCode::Enter, KeyModifiers::NONE);
    release.kind = KeyEventKind::Release;
    assert_eq!(
        action_for(&Event::Key(release), Mode::Play, &layout()),
        None
    );
}

#[test]
fn questions_and_help_take_their_own_keys() {
    let l = layout();
    let confirm = |code| action_for(&key(code), Mode::Confirm(Question::NewGame(false)), &l);
    assert_eq!(confirm(KeyCode::Char('y')), Some(Action::Answer(true)));
    assert_eq!(confirm(KeyCode::Char('n')), Some(Action::Answer(false)));
    assert_eq!(confirm(KeyCode::Esc), Some(Action::Answer(false)));
    assert_eq!(confirm(KeyCode::Char('u')), None);
    assert_eq!(
        action_for(&key(KeyCode::Char('u')), Mode::Help { top: 0 }, &l),
        Some(Action::CloseHelp)
    );
}

#[test]
fn a_left_click_anywhere_in_a_points_cell_acts_on_it() {
    let l = layout();
    let ScreenLayout::Game { board, .. } = l else {
        panic!("80x24 fits");
    };
    let e0 = board.cell_of(sq("e0"));
    for (dx, dy) in [(0, 0), (1, 0), (-1, 0), (2, 0), (0, -1), (2, -1)] {
        let x = e0.x.checked_add_signed(dx).expect("on screen");
        let y = e0.y.checked_add_signed(dy).expect("on screen");
        let down = click(MouseEventKind::Down(MouseButton::Left), x, y);
        assert_eq!(
            action_for(&down, Mode::Play, &l),
            Some(Action::ClickAt(sq("e0"))),
            "{dx},{dy}"
        );
    }
    let up = click(MouseEventKind::Up(MouseButton::Left), e0.x, e0.y);
    assert_eq!(action_for(&up, Mode::Play, &l), None, "only the press acts");
    // A right click lets go of the selection instead.
    let right = click(MouseEventKind::Down(MouseButton::Right), e0.x, e0.y);
    assert_eq!(action_for(&right, Mode::Play, &l), Some(Action::Deselect));
    let off_board = click(MouseEventKind::Down(MouseButton::Left), 79, 0);
    assert_eq!(action_for(&off_board, Mode::Play, &l), None);
}
