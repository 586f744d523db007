//! Tests of how the game looks: theme contrast, board sizes, glyph sets, auto-flip,
//! captures, languages.

use super::*;

mod themes {
    use crate::tui::look::theme::{Palette, ThemeName};

    /// The weakest contrast of a palette's pairs as the terminal shows them (with or without
    /// truecolor): (what, ratio). Pairs with the terminal's own colours are left out.
    #[must_use]
    pub fn weakest_pair(palette: &Palette, truecolor: bool) -> Option<(&'static str, f64)> {
        palette
            .pairs()
            .into_iter()
            .filter_map(|(what, fg, bg)| {
                let ratio = fg.shown(truecolor)?.contrast(bg.shown(truecolor)?);
                Some((what, ratio))
            })
            .min_by(|a, b| a.1.total_cmp(&b.1))
    }

    /// How far black's pieces are from the lines in colour (not only in lightness).
    #[must_use]
    pub fn black_from_lines(palette: &Palette, truecolor: bool) -> Option<f64> {
        let b = &palette.board;
        Some(
            b.black
                .shown(truecolor)?
                .distance(b.lines.shown(truecolor)?),
        )
    }

    /// WCAG's minimum for ordinary text (AA).
    const MIN_CONTRAST: f64 = 4.5;

    /// Every pair of colours drawn one on the other, in every shipped theme, as the
    /// terminal receives it (exact colours, and the nearest indexed ones without truecolor),
    /// reaches 4.5:1.
    #[test]
    fn every_theme_colour_pair_reaches_wcag_aa_contrast() {
        let mut failures = Vec::new();
        for name in ThemeName::ALL {
            let palette = Palette::of(name).expect("shipped theme reads");
            for truecolor in [true, false] {
                for (what, fg, bg) in palette.pairs() {
                    let (Some(f), Some(b)) = (fg.shown(truecolor), bg.shown(truecolor)) else {
                        continue;
                    };
                    let ratio = f.contrast(b);
                    if ratio < MIN_CONTRAST {
                        failures.push(format!("{name} truecolor={truecolor} {what}: {ratio:.2}"));
                    }
                }
                let (what, ratio) = weakest_pair(&palette, truecolor).expect("pairs");
                println!("{name:14} truecolor={truecolor:5} weakest: {what} {ratio:.2}:1");
            }
        }
        assert!(failures.is_empty(), "{failures:#?}");
    }

    /// The board's own colours are all known (none is the terminal's), so the rule above
    /// covers every one of them.
    #[test]
    fn every_board_colour_is_the_themes_own() {
        for name in ThemeName::ALL {
            let palette = Palette::of(name).expect("shipped theme reads");
            for (what, fg, bg) in palette.pairs().into_iter().take(14) {
                assert!(
                    fg.shown(false).is_some() && bg.shown(false).is_some(),
                    "{name}: {what}"
                );
            }
        }
    }

    /// Black's pieces differ from the grid lines in colour, not only in boldness.
    #[test]
    fn black_pieces_differ_from_the_lines() {
        for name in ThemeName::ALL {
            let palette = Palette::of(name).expect("shipped theme reads");
            for truecolor in [true, false] {
                let distance = black_from_lines(&palette, truecolor).expect("known colours");
                println!("{name:14} truecolor={truecolor:5} black vs lines: {distance:.0}");
                assert!(distance >= 150.0, "{name}: {distance}");
            }
        }
    }

    #[test]
    fn theme_names_read_back() {
        for name in ThemeName::ALL {
            assert_eq!(name.name().parse::<ThemeName>(), Ok(name));
        }
        let err = "mahogany".parse::<ThemeName>().expect_err("not shipped");
        assert!(err.to_string().contains("wood, dark"), "{err}");
    }
}

/// A screen with its colours: the text, then each row again with one letter per cell
/// standing for its style, and the legend of the letters. A change of any colour shows.
fn styled_screen(app: &App, width: u16, height: u16) -> String {
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;
    use std::fmt::Write;
    use unicode_width::UnicodeWidthStr;
    let mut terminal = Terminal::new(TestBackend::new(width, height)).expect("test backend");
    terminal
        .draw(|frame| frame.render_widget(app, frame.area()))
        .expect("draw");
    let buf = terminal.backend().buffer();
    let mut styles: Vec<String> = Vec::new();
    let mut text = String::new();
    let mut map = String::new();
    for y in 0..height {
        let mut covered = 0;
        for x in 0..width {
            let cell = &buf[(x, y)];
            // The cell after a wide character is covered by it.
            if covered == 0 {
                text.push_str(cell.symbol());
                covered = cell.symbol().width();
            }
            covered = covered.saturating_sub(1);
            let key = format!("fg {:?} bg {:?} {:?}", cell.fg, cell.bg, cell.modifier);
            let i = styles.iter().position(|s| *s == key).unwrap_or_else(|| {
                styles.push(key);
                styles.len() - 1
            });
            let letters = b"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
            map.push(char::from(letters[i % letters.len()]));
        }
        text.push('\n');
        map.push('\n');
    }
    let mut out = format!("{text}\n{map}\n");
    for (i, s) in styles.iter().enumerate() {
        let _ = writeln!(out, "{i:2}: {s}");
    }
    out
}

/// A busy moment: each side has taken a piece (red's cannon a horse, black's chariot that
/// cannon), red's central cannon is selected with its destinations and a capture, the last
/// move is marked and the cursor is elsewhere.
fn busy_app(options: Options) -> App {
    let mut app = App::new(Game::new(Position::start()), options);
    play_all(&mut app, "h2e2 h9g7 b2b9 a9b9");
    app.update(Action::ClickAt(sq("e2")));
    app.update(Action::Cursor(Dir::Up));
    app
}

mod theme_screens {
    use super::*;
    use crate::tui::look::theme::ThemeName;
    use insta::assert_snapshot;

    fn themed(theme: ThemeName) -> Options {
        Options {
            color: true,
            truecolor: true,
            theme,
            ..Options::default()
        }
    }

    #[test]
    fn wood_theme() {
        assert_snapshot!(styled_screen(&busy_app(themed(ThemeName::Wood)), 80, 24));
    }

    #[test]
    fn dark_theme() {
        assert_snapshot!(styled_screen(&busy_app(themed(ThemeName::Dark)), 80, 24));
    }

    #[test]
    fn light_theme() {
        assert_snapshot!(styled_screen(&busy_app(themed(ThemeName::Light)), 80, 24));
    }

    #[test]
    fn high_contrast_theme() {
        assert_snapshot!(styled_screen(
            &busy_app(themed(ThemeName::HighContrast)),
            80,
            24
        ));
    }

    #[test]
    fn ansi16_theme() {
        assert_snapshot!(styled_screen(&busy_app(themed(ThemeName::Ansi16)), 80, 24));
    }

    /// Without truecolor every colour sent is one of the 256 indexed ones (from 16 up, which
    /// all terminals show alike).
    #[test]
    fn without_truecolor_only_indexed_colours_are_sent() {
        let app = busy_app(Options {
            truecolor: false,
            ..themed(ThemeName::Wood)
        });
        let text = styled_screen(&app, 80, 24);
        assert!(!text.contains("Rgb("), "{text}");
        assert!(text.contains("Indexed("), "{text}");
    }
}

mod sizes {
    use crate::tui::view::layout::ScreenLayout;
    use ratatui::layout::Rect;

    fn parts(w: u16, h: u16) -> (Rect, Rect, Rect, u16) {
        match ScreenLayout::new(Rect::new(0, 0, w, h), false) {
            ScreenLayout::Game {
                board,
                panel,
                message,
            } => (board.area, panel, message, board.step_y),
            ScreenLayout::TooSmall { .. } => panic!("{w}x{h} should fit"),
        }
    }

    /// At each size the board is the biggest of the sizes that fits, its points as far
    /// apart across as down (two columns to a row), and nothing overlaps.
    #[test]
    fn the_board_grows_with_the_terminal_and_nothing_overlaps() {
        let mut last = 0;
        for (w, h) in [
            (69, 22),
            (80, 24),
            (100, 30),
            (120, 40),
            (160, 45),
            (200, 50),
        ] {
            let (board, panel, message, step_y) = parts(w, h);
            println!(
                "{w}x{h}: board {}x{} at step {step_y}, panel {}x{}",
                board.width, board.height, panel.width, panel.height
            );
            assert!(board.height >= last, "{w}x{h}");
            last = board.height;
            for (a, b) in [(board, panel), (board, message), (panel, message)] {
                assert!(!a.intersects(b), "{w}x{h}: {a:?} {b:?}");
            }
            let screen = Rect::new(0, 0, w, h);
            for r in [board, panel, message] {
                assert_eq!(r.intersection(screen), r, "{w}x{h}: {r:?} off screen");
            }
            // The panel takes the rest of the width.
            assert_eq!(panel.right(), w, "{w}x{h}");
            // No bigger spacing would fit: one more row per point needs 9 more rows.
            assert!(
                board.height + 9 > h - 1 || board.width + 19 + 30 > w,
                "{w}x{h}"
            );
        }
        let (board, panel, ..) = parts(200, 50);
        assert!(board.height >= 40, "{board:?}");
        assert_eq!(
            panel.height, board.height,
            "the panel is as tall as the board"
        );
    }
}

mod glyphs {
    use super::*;
    use crate::tui::look::pieces::PieceGlyphs;

    fn simplified() -> Options {
        Options {
            glyphs: PieceGlyphs::Simplified,
            ..Options::default()
        }
    }

    /// With simplified glyphs the board, the move list and the echo of a typed move (the
    /// "took back" message) are all simplified.
    #[test]
    fn simplified_glyphs_on_the_board_in_the_list_and_the_echo() {
        let mut app = start_with(simplified());
        type_move(&mut app, "马二进三");
        let text = screen_text(&app);
        assert!(text.contains("车"), "board: {text}");
        assert!(!text.contains("俥") && !text.contains("車"), "{text}");
        assert!(text.contains("1. 马二进三"), "move list: {text}");
        app.update(Action::Undo);
        let text = screen_text(&app);
        assert!(text.contains("马二进三"), "echo: {text}");
        assert!(!text.contains("傌二進三"), "{text}");
    }

    /// The traditional set keeps each side's own characters, and the list writes 進.
    #[test]
    fn traditional_glyphs_stay_distinct_per_side() {
        let mut app = start_with(Options {
            glyphs: PieceGlyphs::Traditional,
            ..Options::default()
        });
        type_move(&mut app, "马二进三");
        let text = screen_text(&app);
        assert!(text.contains("傌") && text.contains("馬"), "{text}");
        assert!(text.contains("1. 馬二進三"), "{text}");
    }

    /// Under `--ascii` the pieces are the WXF letters the move list uses: H and E.
    #[test]
    fn ascii_pieces_are_wxf_letters() {
        let app = start_with(Options {
            ascii: true,
            ..Options::default()
        });
        let text = screen_text(&app);
        assert!(text.contains("R---H---E---A--[K"), "{text}");
        assert!(text.contains("r---h---e---a---k"), "{text}");
        assert!(!text.contains("N---B") && !text.contains("n---b"), "{text}");
    }
}

mod auto_flip {
    use super::*;

    fn auto() -> Options {
        Options {
            auto_flip: true,
            ..Options::default()
        }
    }

    /// The board turns so the side to move is at the bottom, and each side's cursor waits
    /// where it left it — at first on its own general.
    #[test]
    fn the_board_turns_to_the_side_to_move_and_each_side_keeps_its_cursor() {
        let mut app = start_with(auto());
        assert!(!app.flipped());
        assert_eq!(app.cursor(), sq("e0"));
        click_move(&mut app, "h2", "e2");
        assert!(app.flipped(), "black to move, black at the bottom");
        assert_eq!(
            app.cursor(),
            sq("e9"),
            "black's cursor starts on its general"
        );
        click_move(&mut app, "h9", "g7");
        assert!(!app.flipped());
        assert_eq!(app.cursor(), sq("e2"), "red's cursor where red left it");
        // A typed move too.
        type_move(&mut app, "h0g2");
        assert!(app.flipped());
        assert_eq!(app.cursor(), sq("g7"));
        // Undo gives the turn back, with its cursor.
        app.update(Action::Undo);
        assert!(!app.flipped());
        app.update(Action::Redo);
        assert!(app.flipped());
    }

    #[test]
    fn without_auto_flip_the_board_stays() {
        let mut app = start_app();
        click_move(&mut app, "h2", "e2");
        assert!(!app.flipped());
        assert_eq!(app.cursor(), sq("e2"));
    }

    #[test]
    fn a_game_starting_with_black_to_move_starts_flipped() {
        let app = app_from(BLACK_IN_CHECK, auto());
        assert!(app.flipped());
    }
}

mod captures {
    use super::*;

    /// The panel lists what each side has taken, in the taken side's glyphs, and each side's
    /// material.
    #[test]
    fn the_panel_shows_captures_and_material() {
        let app = busy_app(Options::default());
        let text = screen_text(&app);
        assert!(text.contains("Red   43.5 馬"), "{text}");
        assert!(text.contains("Black   44 炮"), "{text}");
        let start = screen_text(&start_app());
        assert!(
            start.contains("Red     48") && start.contains("Black   48"),
            "{start}"
        );
    }
}

mod discs {
    use super::*;
    use crate::tui::look::theme::ThemeName;
    use crate::tui::view::layout::ScreenLayout;
    use ratatui::Terminal;
    use ratatui::backend::TestBackend;
    use ratatui::layout::Position as Cell;

    /// On a big board each piece sits on a disc four cells wide (its colour either side of
    /// the glyph) and the cursor's brackets stay outside it; on the small board the disc is
    /// the glyph's two cells.
    #[test]
    fn big_boards_give_pieces_wide_discs() {
        let app = start_with(Options {
            color: true,
            truecolor: true,
            theme: ThemeName::Wood,
            ..Options::default()
        });
        let disc = app.theme().red.bg.expect("a disc colour");
        for (w, h, wide) in [(80, 24, false), (120, 40, true), (200, 50, true)] {
            let mut terminal = Terminal::new(TestBackend::new(w, h)).expect("backend");
            terminal
                .draw(|frame| frame.render_widget(&app, frame.area()))
                .expect("draw");
            let buf = terminal.backend().buffer();
            let ScreenLayout::Game { board, .. } = ScreenLayout::new(buf.area, false) else {
                panic!("fits");
            };
            let general = board.cell_of(sq("e0"));
            let left = &buf[Cell::new(general.x - 1, general.y)];
            let right = &buf[Cell::new(general.x + 2, general.y)];
            assert_eq!(left.bg == disc && right.bg == disc, wide, "{w}x{h}");
            let out = u16::from(wide);
            assert_eq!(
                buf[Cell::new(general.x - 1 - out, general.y)].symbol(),
                "[",
                "{w}x{h}"
            );
            assert_eq!(
                buf[Cell::new(general.x + 2 + out, general.y)].symbol(),
                "]",
                "{w}x{h}"
            );
        }
    }
}

mod languages {
    use super::*;
    use crate::tui::i18n::lang::Lang;
    use crate::tui::look::pieces::PieceGlyphs;
    use insta::assert_snapshot;

    fn in_lang(lang: Lang) -> Options {
        Options {
            lang,
            glyphs: if lang == Lang::ZhHans {
                PieceGlyphs::Simplified
            } else {
                PieceGlyphs::Traditional
            },
            ..Options::default()
        }
    }

    /// Red wins by black's perpetual check: the banner says so in the players' words.
    #[test]
    fn the_banner_says_red_wins_by_blacks_perpetual_check_in_chinese() {
        // Black's chariot checks along ranks 0 and 1 while red's general steps between d0
        // and d1; red's last step brings the position round a third time.
        let fen = "3k5/9/9/9/9/9/9/9/r8/4K4 b - - 0 1";
        for (lang, banner) in [
            (Lang::ZhHans, "红胜 — 黑方长将"),
            (Lang::ZhHant, "紅勝 — 黑方長將"),
            (Lang::En, "Red wins — perpetual check by Black"),
        ] {
            let mut app = app_from(fen, in_lang(lang));
            play_all(&mut app, "a1a0 e0e1 a0a1 e1e0 a1a0 e0e1 a0a1 e1e0");
            let text = screen_text(&app);
            assert!(text.contains(banner), "{lang}: {text}");
        }
    }

    #[test]
    fn simplified_chinese_screen() {
        let mut app = busy_app(in_lang(Lang::ZhHans));
        app.update(Action::Cursor(Dir::Left));
        assert_snapshot!(screen_text(&app));
    }

    #[test]
    fn traditional_chinese_screen() {
        assert_snapshot!(screen_text(&busy_app(in_lang(Lang::ZhHant))));
    }

    /// The keys window in Chinese: every description starts in the same column, counted in
    /// display cells.
    #[test]
    fn the_keys_window_in_chinese_is_lined_up_by_display_width() {
        use unicode_width::UnicodeWidthStr;
        let mut app = start_with(in_lang(Lang::ZhHans));
        app.update(Action::ShowHelp);
        let text = screen_text(&app);
        assert!(text.contains("按键") && text.contains("移动光标"), "{text}");
        let starts: std::collections::BTreeSet<usize> = text
            .lines()
            .filter(|l| l.contains("悔棋") || l.contains("移动光标") || l.contains("翻转棋盘"))
            .map(|l| {
                let at = l.find(['悔', '移', '翻']).expect("a description");
                l[..at].width()
            })
            .collect();
        assert_eq!(starts.len(), 1, "{starts:?}\n{text}");
        assert_snapshot!(text);
    }

    /// A refused move says why in the players' words.
    #[test]
    fn a_refusal_is_explained_in_chinese() {
        let mut app = start_with(in_lang(Lang::ZhHans));
        click_move(&mut app, "b0", "b1");
        let text = screen_text(&app);
        assert!(text.contains("不能走：马走日字"), "{text}");
        // From b0 to d1 the horse's leg is c0, where the elephant stands.
        let mut app = start_with(in_lang(Lang::ZhHant));
        click_move(&mut app, "b0", "d1");
        let text = screen_text(&app);
        assert!(text.contains("不能走：蹩馬腿"), "{text}");
        // A typed move that does not read, and one the rules refuse.
        type_move(&mut app, "X9");
        let text = screen_text(&app);
        assert!(
            text.contains("不是 WXF 著法") || text.contains("不是"),
            "{text}"
        );
        type_move(&mut app, "a0a5");
        let text = screen_text(&app);
        assert!(text.contains("此處不合規則："), "{text}");
    }

    /// A pasted record and a game file that do not read say what and where in the players'
    /// words, not the rules library's English.
    #[test]
    fn a_record_or_file_that_does_not_read_is_explained_in_chinese() {
        use crate::tui::state::action::Found;
        use crate::tui::store::library::{LibraryError, Shared};
        let mut app = start_with(in_lang(Lang::ZhHans));
        app.update(Action::Paste("1. h2e2 h9g7 2. h0g2 b9b7".into()));
        let text = screen_text(&app);
        // The message wraps onto a second line.
        assert!(
            text.contains("粘贴的内容读不出：第 1 局，第 2")
                && text.contains("回合（黑方）：\"b9b7\"：此处不合规则"),
            "{text}"
        );
        let path = std::path::PathBuf::from("对局.pgn");
        app.update(Action::Found(Found::Index {
            path: path.clone(),
            result: Err(Shared::new(LibraryError::NoGames { path })),
        }));
        let text = screen_text(&app);
        assert!(text.contains("无法打开：对局.pgn 中没有棋局"), "{text}");
    }

    /// Under `--ascii` nothing Chinese can be shown, so the screen stays English.
    #[test]
    fn ascii_mode_keeps_english() {
        let app = start_with(Options {
            ascii: true,
            ..in_lang(Lang::ZhHans)
        });
        let text = screen_text(&app);
        assert!(text.contains("Red to move"), "{text}");
    }
}
