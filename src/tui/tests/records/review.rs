//! Going back over a game, its variations, the picker, the players' names and the save
//! prompt's failures, driven by actions and drawn on `TestBackend`.

use super::{play_all, start_app, type_text};
use crate::tui::input::move_list_mouse as mouse_action;
use crate::tui::state::action::Nav;
use crate::tui::state::action::{Action, EditKey};
use crate::tui::state::app::review::PickKey;
use crate::tui::state::app::{App, Options};
use crate::tui::state::effect::Effect;
use crate::tui::state::prompt::message::{Message, Mode, Prompt};
use crate::tui::view::layout::ScreenLayout;
use crate::tui::view::panel::move_list::rows;
use ratatui::Terminal;
use ratatui::backend::TestBackend;
use ratatui::buffer::Buffer;
use ratatui::crossterm::event::{Event, KeyModifiers, MouseButton, MouseEvent, MouseEventKind};
use ratatui::layout::Rect;
use xiangqi_rules::{Game, Position};

/// Performs the file effects (save, index, read, complete) as the loop does.
pub(super) fn run(app: &mut App, action: Action) -> Vec<Effect> {
    let mut queue = std::collections::VecDeque::from([action]);
    let mut rest = Vec::new();
    while let Some(action) = queue.pop_front() {
        for effect in app.update(action) {
            match effect {
                Effect::Save {
                    path,
                    contents,
                    replace,
                } => queue.push_back(Action::SaveDone(crate::tui::run::perform::save(
                    &path, &contents, replace,
                ))),
                Effect::Index(_) | Effect::ReadGame { .. } | Effect::Complete(_) => {
                    queue.extend(crate::tui::run::perform::perform(effect));
                }
                other => rest.push(other),
            }
        }
    }
    rest
}

pub(in crate::tui::tests) fn draw(app: &App, w: u16, h: u16) -> Buffer {
    let mut terminal = Terminal::new(TestBackend::new(w, h)).expect("test backend");
    terminal
        .draw(|frame| frame.render_widget(app, frame.area()))
        .expect("draw");
    terminal.backend().buffer().clone()
}

pub(in crate::tui::tests) fn text_of(buf: &Buffer) -> String {
    let area = buf.area;
    (0..area.height)
        .map(|y| {
            let mut line = String::new();
            let mut skip = 0;
            for x in 0..area.width {
                if skip > 0 {
                    skip -= 1;
                    continue;
                }
                let symbol = buf[(x, y)].symbol();
                skip = unicode_width::UnicodeWidthStr::width(symbol).saturating_sub(1);
                line.push_str(symbol);
            }
            line.trim_end().to_string()
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// Where `needle` is drawn (the cell of its first character).
fn find(buf: &Buffer, needle: &str) -> Option<(u16, u16)> {
    let first = needle.chars().next()?.to_string();
    for y in 0..buf.area.height {
        for x in 0..buf.area.width {
            if buf[(x, y)].symbol() != first {
                continue;
            }
            let mut at = x;
            let mut ok = true;
            for c in needle.chars() {
                if buf[(at, y)].symbol() != c.to_string() {
                    ok = false;
                    break;
                }
                at += unicode_width::UnicodeWidthChar::width(c).unwrap_or(1) as u16;
                if at >= buf.area.width {
                    break;
                }
            }
            if ok {
                return Some((x, y));
            }
        }
    }
    None
}

fn mouse(kind: MouseEventKind, column: u16, row: u16) -> Event {
    Event::Mouse(MouseEvent {
        kind,
        column,
        row,
        modifiers: KeyModifiers::NONE,
    })
}

fn iccs(app: &App) -> String {
    app.game()
        .moves()
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn stepping_back_and_forth_keeps_every_move() {
    let mut app = start_app();
    play_all(&mut app, "h2e2 h9g7 h0g2 i9h9");
    app.update(Action::Nav(Nav::Start));
    assert_eq!(app.game().position(), &Position::start());
    app.update(Action::Nav(Nav::Forward));
    app.update(Action::Nav(Nav::Forward));
    assert_eq!(iccs(&app), "h2e2 h9g7");
    app.update(Action::Nav(Nav::Back));
    assert_eq!(iccs(&app), "h2e2");
    app.update(Action::Nav(Nav::End));
    assert_eq!(iccs(&app), "h2e2 h9g7 h0g2 i9h9");
    app.update(Action::Nav(Nav::Forward));
    assert!(matches!(app.message(), Some(Message::Review(_))));
    assert_eq!(app.game().moves().len(), 4);
}

#[test]
fn a_different_move_starts_a_variation_shown_in_the_list_and_lines_switch() {
    let mut app = start_app();
    play_all(&mut app, "h2e2 h9g7 h0g2");
    app.update(Action::Nav(Nav::Start));
    app.update(Action::Nav(Nav::Forward));
    play_all(&mut app, "b9c7 b0c2");
    assert_eq!(iccs(&app), "h2e2 b9c7 b0c2");
    assert_eq!(app.game().tree().main_line().len(), 3, "the old line stays");
    let list = rows(&app);
    // The main line's first round, the variation (on its own rows, indented, in
    // parentheses), the main line's second round.
    assert_eq!(list.len(), 4, "{list:?}");
    assert_eq!((list[1].depth, list[2].depth, list[3].depth), (1, 1, 0));
    let text = |i: usize| -> String { list[i].cells.iter().map(|(t, _)| t.as_str()).collect() };
    assert!(text(1).starts_with("  (1… "), "{}", text(1));
    assert!(text(2).ends_with(')'), "{}", text(2));
    // Back to the variation's first move, then over to the main line's move there.
    app.update(Action::Nav(Nav::Back));
    app.update(Action::Nav(Nav::PreviousLine));
    assert_eq!(iccs(&app), "h2e2 h9g7");
    app.update(Action::Nav(Nav::NextLine));
    assert_eq!(iccs(&app), "h2e2 b9c7");
}

#[test]
fn the_move_list_highlights_the_current_move_and_shows_variations() {
    let mut app = start_app();
    play_all(&mut app, "h2e2 h9g7 h0g2 i9h9");
    app.update(Action::Nav(Nav::Start));
    app.update(Action::Nav(Nav::Forward));
    play_all(&mut app, "b9c7");
    app.update(Action::Nav(Nav::Back));
    insta::assert_snapshot!("move_list_with_a_variation", text_of(&draw(&app, 80, 24)));
    let buf = draw(&app, 80, 24);
    let (x, y) = find(&buf, "炮二平五").expect("the first move is listed");
    assert!(
        buf[(x, y)]
            .modifier
            .contains(ratatui::style::Modifier::REVERSED),
        "the current move is highlighted"
    );
}

#[test]
fn a_click_on_a_move_in_the_list_goes_to_its_position_and_the_wheel_steps() {
    let mut app = start_app();
    play_all(&mut app, "h2e2 h9g7 h0g2 i9h9");
    let area = Rect::new(0, 0, 80, 24);
    let buf = draw(&app, 80, 24);
    let (x, y) = find(&buf, "馬８進７").expect("black's first move is listed");
    let layout = ScreenLayout::new(area, app.flipped());
    let action = mouse_action(
        &mouse(MouseEventKind::Down(MouseButton::Left), x + 1, y),
        &app,
        &layout,
    )
    .expect("a click on the list is a move");
    app.update(action);
    assert_eq!(iccs(&app), "h2e2 h9g7");
    let wheel = mouse_action(&mouse(MouseEventKind::ScrollUp, x, y), &app, &layout);
    assert_eq!(wheel, Some(Action::Nav(Nav::Back)));
    // The board is not the list.
    let board = mouse_action(
        &mouse(MouseEventKind::Down(MouseButton::Left), 10, 10),
        &app,
        &layout,
    );
    assert_eq!(board, None);
}

#[test]
fn a_comment_of_the_current_move_is_shown_under_the_list() {
    let pgn = "[Red \"Hu Ronghua\"]\n[Black \"Yang Guanlin\"]\n[Event \"National final\"]\n\
               [Date \"1960.01.01\"]\n[ECCO \"A60\"]\n[Result \"1-0\"]\n[Termination \"resignation\"]\n\
               1. h2e2 {A sharp start} h9g7 2. h0g2 1-0\n";
    let game = xiangqi_records::pgn::read_game(pgn.as_bytes(), 1).expect("test game");
    let mut app = App::loaded(
        crate::tui::store::saved::SavedGame::of(&game),
        Options::default(),
    );
    let end = text_of(&draw(&app, 80, 24));
    assert!(end.contains("Hu Ronghua – Yang Guanlin"), "{end}");
    assert!(end.contains("National final, 1960.01.01, 1-0"), "{end}");
    assert!(
        end.contains("Red wins"),
        "the recorded result is the banner: {end}"
    );
    assert!(end.contains("1-0 as recorded: resignation"), "{end}");
    assert!(end.contains("2 moves"), "rounds, not plies: {end}");
    app.update(Action::Nav(Nav::Start));
    app.update(Action::Nav(Nav::Forward));
    let first = text_of(&draw(&app, 80, 24));
    assert!(first.contains("A sharp start"), "{first}");
    assert!(!first.contains("Red wins"), "{first}");
}

/// The screen, `width` by `height`, of the record `pgn` loaded.
fn loaded_screen(pgn: &str, width: u16, height: u16) -> String {
    let game = xiangqi_records::pgn::read_game(pgn.as_bytes(), 1).expect("test game");
    let app = App::loaded(
        crate::tui::store::saved::SavedGame::of(&game),
        Options::default(),
    );
    text_of(&draw(&app, width, height))
}

/// The line of an 80×24 screen of the record `pgn` that holds `text`.
fn header_line(pgn: &str, text: &str) -> String {
    let screen = loaded_screen(pgn, 80, 24);
    let line = screen
        .lines()
        .find(|l| l.contains(text))
        .map(str::to_string);
    line.unwrap_or_else(|| panic!("no line of {text}: {screen}"))
}

#[test]
fn a_header_too_long_for_the_panel_ends_in_an_ellipsis() {
    let pgn = "[Red \"胡荣华\"]\n[Black \"杨官璘\"]\n\
               [Event \"1st Chinese Computer Games Championship\"]\n[Site \"Beijing\"]\n\
               [Date \"2019.08.20\"]\n1. h2e2 h9g7 *\n";
    assert!(header_line(pgn, "1st Chinese").ends_with('…'));
    // Wide enough, the whole of it.
    let wide = loaded_screen(pgn, 200, 40);
    assert!(
        wide.contains("1st Chinese Computer Games Championship, 2019.08.20"),
        "{wide}"
    );
    // Chinese is cut by display width, never through a character.
    let pgn = "[Red \"胡荣华\"]\n[Event \"全国象棋个人锦标赛男子组决赛第十一轮上午场\"]\n\
               [Date \"1960.01.01\"]\n1. h2e2 h9g7 *\n";
    assert!(header_line(pgn, "全国象棋").ends_with('…'));
}

#[test]
fn navigation_waits_for_the_end_of_a_timed_game() {
    let options = Options {
        clock: Some("5+3".parse().expect("time control")),
        ..Options::default()
    };
    let mut app = App::new(Game::new(Position::start()), options);
    play_all(&mut app, "h2e2 h9g7");
    app.update(Action::Nav(Nav::Start));
    assert_eq!(app.game().moves().len(), 2);
}

/// Three games in a file, for the picker.
fn three_games(dir: &std::path::Path) -> std::path::PathBuf {
    let path = dir.join("three.pgn");
    let text = "[Red \"Alpha\"]\n[Black \"Beta\"]\n[Event \"Cup\"]\n1. h2e2 h9g7 1-0\n\n\
                [Red \"Gamma\"]\n[Black \"Delta\"]\n[Event \"League\"]\n1. b0c2 b9c7 2. h0g2 *\n\n\
                [Red \"Eps\"]\n[Black \"Zeta\"]\n1. c3c4 0-1\n";
    std::fs::write(&path, text).expect("write test file");
    path
}

/// Opens the file of [`three_games`], written in `dir`, with `o`: the picker shows.
fn open_three_games(app: &mut App, dir: &std::path::Path) {
    let path = three_games(dir);
    run(app, Action::Open);
    type_text(app, &path.display().to_string());
    run(app, Action::Submit);
}

#[test]
fn o_opens_a_file_of_several_games_in_the_picker_and_enter_opens_one() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let path = three_games(dir.path());
    let mut app = start_app();
    run(&mut app, Action::Open);
    assert_eq!(app.mode(), Mode::Prompt(Prompt::Open));
    type_text(&mut app, &path.display().to_string());
    run(&mut app, Action::Submit);
    assert_eq!(app.mode(), Mode::Picker { filter: false });
    assert_eq!(app.picker().map(|p| p.counts()), Some((3, 3)));
    let mut screen = text_of(&draw(&app, 80, 24));
    screen = screen.replace(&path.display().to_string(), "three.pgn");
    insta::assert_snapshot!("picker_of_three_games", screen);
    run(&mut app, Action::Pick(PickKey::Step(1)));
    run(&mut app, Action::Pick(PickKey::Enter));
    assert_eq!(app.mode(), Mode::Play);
    assert_eq!(iccs(&app), "b0c2 b9c7 h0g2");
    assert!(text_of(&draw(&app, 80, 24)).contains("Gamma – Delta"));
}

#[test]
fn a_click_in_the_picker_chooses_a_game_and_a_second_click_opens_it() {
    use crate::tui::input::picker_mouse;
    let dir = tempfile::tempdir().expect("temporary folder");
    let mut app = start_app();
    open_three_games(&mut app, dir.path());
    let area = Rect::new(0, 0, 80, 24);
    let buf = draw(&app, area.width, area.height);
    let row_of = |buf: &Buffer, name: &str| {
        (0..area.height)
            .find(|&y| {
                (0..area.width)
                    .map(|x| buf[(x, y)].symbol())
                    .collect::<String>()
                    .contains(name)
            })
            .expect("the game is listed")
    };
    let eps = row_of(&buf, "Eps");
    let left = MouseEventKind::Down(MouseButton::Left);
    // The title and the column heads are not games.
    assert_eq!(picker_mouse(&mouse(left, 10, 0), &app, area), None);
    assert_eq!(picker_mouse(&mouse(left, 10, 1), &app, area), None);
    // Nor is the empty line under the last game.
    assert_eq!(picker_mouse(&mouse(left, 10, eps + 1), &app, area), None);
    let click = picker_mouse(&mouse(left, 10, eps), &app, area).expect("a game");
    assert_eq!(click, Action::Pick(PickKey::To(2)));
    run(&mut app, click);
    assert_eq!(app.mode(), Mode::Picker { filter: false });
    assert_eq!(app.picker().map(|p| p.chosen_row()), Some(2));
    // The game clicked is drawn chosen.
    let buf = draw(&app, area.width, area.height);
    assert!(
        buf[(10, eps)]
            .modifier
            .contains(ratatui::style::Modifier::REVERSED)
    );
    // The wheel moves the choice.
    let up = picker_mouse(&mouse(MouseEventKind::ScrollUp, 10, eps), &app, area);
    run(&mut app, up.expect("a step"));
    assert_eq!(app.picker().map(|p| p.chosen_row()), Some(1));
    run(&mut app, Action::Pick(PickKey::Step(1)));
    // A click on the game chosen opens it.
    let again = picker_mouse(&mouse(left, 10, eps), &app, area).expect("a game");
    run(&mut app, again);
    assert_eq!(app.mode(), Mode::Play);
    assert_eq!(iccs(&app), "c3c4");
}

#[test]
fn a_click_while_the_filter_is_typed_chooses_without_opening() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let mut app = start_app();
    open_three_games(&mut app, dir.path());
    run(&mut app, Action::Pick(PickKey::Filter));
    run(&mut app, Action::Pick(PickKey::To(0)));
    assert_eq!(app.mode(), Mode::Picker { filter: false });
    assert!(app.picker().is_some());
    run(&mut app, Action::Pick(PickKey::To(0)));
    assert_eq!(iccs(&app), "h2e2 h9g7");
}

#[test]
fn the_pickers_typing_cursor_is_plain_under_ascii_lines() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let mut app = App::new(
        Game::new(Position::start()),
        Options {
            ascii_lines: true,
            ..Options::default()
        },
    );
    open_three_games(&mut app, dir.path());
    run(&mut app, Action::Pick(PickKey::Filter));
    let buf = draw(&app, 80, 24);
    let wide = super::ambiguous_marks(&buf);
    assert!(wide.is_empty(), "{wide:?}");
    assert!(text_of(&buf).contains("/_"), "{}", text_of(&buf));
}

#[test]
fn a_game_opened_during_a_puzzle_leaves_the_puzzle() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let path = three_games(dir.path());
    let mut app = App::new(
        Game::new(Position::start()),
        Options {
            puzzle: Some(1),
            ..Options::default()
        },
    );
    assert!(app.puzzle().is_some());
    run(&mut app, Action::Open);
    type_text(&mut app, &path.display().to_string());
    run(&mut app, Action::Submit);
    run(&mut app, Action::Pick(PickKey::Enter));
    assert_eq!(iccs(&app), "h2e2 h9g7");
    assert!(app.puzzle().is_none());
}

#[test]
fn the_picker_speaks_simplified_chinese_in_its_title_columns_and_keys() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let path = dir.path().join("games.pgn");
    let text = "[Red \"胡荣华\"]\n[Black \"杨官璘\"]\n[Event \"全国赛\"]\n\
                [Date \"1960.01.01\"]\n1. h2e2 h9g7 1-0\n\n\
                [Red \"许银川\"]\n[Black \"吕钦\"]\n1. b0c2 b9c7 *\n";
    std::fs::write(&path, text).expect("write test file");
    let mut app = App::new(
        Game::new(Position::start()),
        Options {
            lang: crate::tui::i18n::lang::Lang::ZhHans,
            ..Options::default()
        },
    );
    run(&mut app, Action::Open);
    type_text(&mut app, &path.display().to_string());
    run(&mut app, Action::Submit);
    assert_eq!(app.mode(), Mode::Picker { filter: false });
    let screen = text_of(&draw(&app, 80, 24)).replace(&path.display().to_string(), "games.pgn");
    for word in [
        "中的棋局",
        "红方",
        "黑方",
        "结果",
        "赛事",
        "日期",
        "步数",
        "选择",
        "筛选",
    ] {
        assert!(screen.contains(word), "{word} in\n{screen}");
    }
    let keys = [
        "PgUp", "PgDn", "Home", "End", "Enter", "Esc", "games", "pgn",
    ];
    assert_eq!(
        super::english_words(&screen, &keys),
        Vec::<String>::new(),
        "{screen}"
    );
    // The heads line up with the rows by display width: the moves column ends where the
    // counts do.
    let lines: Vec<&str> = screen.lines().collect();
    let width = |s: &str| unicode_width::UnicodeWidthStr::width(s);
    assert_eq!(width(lines[1]), width(lines[2]), "{screen}");
    // Typing the filter says so in Chinese too.
    run(&mut app, Action::Pick(PickKey::Filter));
    let screen = text_of(&draw(&app, 80, 24)).replace(&path.display().to_string(), "games.pgn");
    assert_eq!(
        super::english_words(&screen, &keys),
        Vec::<String>::new(),
        "{screen}"
    );
}

#[test]
fn the_picker_filter_keeps_the_games_that_match() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let mut app = start_app();
    open_three_games(&mut app, dir.path());
    run(&mut app, Action::Pick(PickKey::Filter));
    for c in "zeta".chars() {
        run(&mut app, Action::Pick(PickKey::Edit(EditKey::Char(c))));
    }
    assert_eq!(app.picker().map(|p| p.counts()), Some((1, 3)));
    run(&mut app, Action::Pick(PickKey::Enter));
    run(&mut app, Action::Pick(PickKey::Enter));
    assert_eq!(iccs(&app), "c3c4");
}

#[test]
fn a_file_that_cannot_be_opened_keeps_the_prompt_with_the_reason() {
    let mut app = start_app();
    run(&mut app, Action::Open);
    type_text(&mut app, "/no/such/file.pgn");
    run(&mut app, Action::Submit);
    assert_eq!(app.mode(), Mode::Prompt(Prompt::Open));
    assert_eq!(app.prompt().text(), "/no/such/file.pgn");
    assert!(matches!(app.message(), Some(Message::Review(_))));
}

#[test]
fn tab_completes_a_file_name_on_the_open_prompt() {
    let dir = tempfile::tempdir().expect("temporary folder");
    three_games(dir.path());
    let mut app = start_app();
    run(&mut app, Action::Open);
    type_text(&mut app, &format!("{}/thr", dir.path().display()));
    run(&mut app, Action::Complete);
    assert_eq!(
        app.prompt().text(),
        format!("{}/three.pgn", dir.path().display())
    );
}

#[test]
fn a_failed_save_keeps_the_prompt_open_with_the_whole_reason() {
    let mut app = start_app();
    play_all(&mut app, "h2e2");
    run(&mut app, Action::Save);
    let name = "/no/such/folder/with/a/rather/long/name/to/save/into/game.pgn";
    type_text(&mut app, name);
    run(&mut app, Action::Submit);
    assert_eq!(app.mode(), Mode::Prompt(Prompt::Save));
    assert_eq!(app.prompt().text(), name);
    assert!(matches!(app.message(), Some(Message::SaveFailed(..))));
    let screen = text_of(&draw(&app, 80, 24)).replace('\n', " ");
    let words: String = screen.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(words.contains("game.pgn"), "{screen}");
    assert!(words.contains("No such file or directory"), "{screen}");
}

#[test]
fn tab_on_the_save_prompt_edits_the_players_names_which_are_saved() {
    let dir = tempfile::tempdir().expect("temporary folder");
    let file = dir.path().join("named.pgn");
    let mut app = start_app();
    play_all(&mut app, "h2e2");
    run(&mut app, Action::Save);
    type_text(&mut app, &file.display().to_string());
    run(&mut app, Action::Complete);
    assert_eq!(app.mode(), Mode::Prompt(Prompt::Red));
    type_text(&mut app, "Lü Qin");
    run(&mut app, Action::Submit);
    assert_eq!(app.mode(), Mode::Prompt(Prompt::Black));
    type_text(&mut app, "Xu Yinchuan");
    run(&mut app, Action::Submit);
    assert_eq!(app.mode(), Mode::Prompt(Prompt::Save));
    assert_eq!(app.prompt().text(), file.display().to_string());
    run(&mut app, Action::Submit);
    let saved = std::fs::read_to_string(&file).expect("saved");
    assert!(saved.contains("[Red \"Lü Qin\"]"), "{saved}");
    assert!(saved.contains("[Black \"Xu Yinchuan\"]"), "{saved}");
}

#[test]
fn a_record_of_names_alone_names_a_new_game() {
    let record = crate::tui::state::app::review::named(Some("A"), None).expect("a name");
    let app = App::new(Game::new(Position::start()), Options::default()).with_names(record);
    assert_eq!(app.message(), None);
    assert!(text_of(&draw(&app, 80, 24)).contains("A – ?"));
    assert_eq!(
        crate::tui::state::app::review::named(Some(" "), None),
        None,
        "blank names are none"
    );
}
