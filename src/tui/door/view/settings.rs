//! The settings screen: each setting and its value, lined up, the chosen one marked; what
//! the chosen setting does where its name does not say it; where the settings are kept (or
//! why they are not), and the keys.

use super::{box_width, boxed, render_boxed};
use crate::tui::door::ConfigState;
use crate::tui::door::settings::{Pieces, Prefs, SETTINGS, Setting};
use crate::tui::i18n::catalogue::{id, tr, tr_args};
use crate::tui::i18n::lang::Lang;
use crate::tui::look::pieces::PieceGlyphs;
use crate::tui::look::theme::ThemeName;
use crate::tui::state::app::App;
use crate::tui::store::files::shown;
use crate::tui::view::paint::pad;
use crate::tui::view::panel::move_list::wrap;
use ratatui::buffer::Buffer;
use ratatui::layout::{Position as Cell, Rect};
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};
use unicode_width::UnicodeWidthStr;

/// Lines above the first setting: the title and a blank.
const HEAD: u16 = 2;
/// The widest the box grows: the status and the notes wrap within it.
const WIDEST: usize = 76;

/// The value of `setting` in `p`, in `lang`.
fn value_words(lang: Lang, setting: Setting, p: &Prefs) -> String {
    let on_off = |on: bool| tr(lang, if on { id::VALUE_ON } else { id::VALUE_OFF });
    match setting {
        Setting::Theme => tr(
            lang,
            match p.theme {
                ThemeName::Wood => id::THEME_WOOD,
                ThemeName::Dark => id::THEME_DARK,
                ThemeName::Light => id::THEME_LIGHT,
                ThemeName::HighContrast => id::THEME_HIGH_CONTRAST,
                ThemeName::Ansi16 => id::THEME_ANSI16,
            },
        ),
        Setting::Lang => tr(
            lang,
            match p.lang {
                Lang::En => id::LANG_EN,
                Lang::ZhHans => id::LANG_ZH_HANS,
                Lang::ZhHant => id::LANG_ZH_HANT,
            },
        ),
        Setting::Pieces => tr(
            lang,
            match p.pieces {
                Pieces::Chinese(PieceGlyphs::Simplified) => id::PIECES_SIMPLIFIED,
                Pieces::Chinese(PieceGlyphs::Traditional) => id::PIECES_TRADITIONAL,
                Pieces::Ascii => id::PIECES_ASCII,
            },
        ),
        Setting::Board => tr(
            lang,
            if p.flipped {
                id::BOARD_BLACK_BOTTOM
            } else {
                id::BOARD_RED_BOTTOM
            },
        ),
        Setting::AutoFlip => on_off(p.auto_flip),
        Setting::Sound => on_off(p.sound),
        Setting::Blindfold => on_off(p.blindfold),
        Setting::Level => p.level.to_string(),
        Setting::AnalysisLines => p.analysis_lines.to_string(),
        Setting::Threads => match p.threads {
            Some(n) => n.to_string(),
            None => tr_args(
                lang,
                id::THREADS_AUTO,
                &[("count", xiangqi_engine::default_threads().into())],
            ),
        },
    }
}

/// What the chosen setting does, where its name leaves it unsaid.
fn note(app: &App, setting: Setting) -> Option<String> {
    let lang = app.lang();
    match setting {
        Setting::Sound => Some(tr(lang, id::SOUND_NOTE)),
        // The language chosen shows once the pieces are characters again.
        Setting::Lang if app.ascii_pieces() => Some(tr(lang, id::SETTINGS_ASCII_ENGLISH)),
        _ => None,
    }
}

/// Where the settings are kept, or why they are not, in `lang`.
fn status(lang: Lang, state: &ConfigState) -> String {
    let path = |p: &std::path::Path| ("path", shown(p).into());
    match state {
        ConfigState::NoFolder => tr(lang, id::SETTINGS_NO_FILE),
        ConfigState::Usable(p) | ConfigState::Saved(p) => {
            tr_args(lang, id::SETTINGS_SAVED, &[path(p)])
        }
        ConfigState::Failed(p, why) => tr_args(
            lang,
            id::SETTINGS_NOT_SAVED,
            &[("why", format!("{}: {why}", shown(p)).into())],
        ),
        ConfigState::Broken(e) => tr_args(
            lang,
            id::SETTINGS_BROKEN,
            &[
                path(&e.path),
                (
                    "why",
                    crate::tui::view::words::config_error::said(lang, e).into(),
                ),
            ],
        ),
        ConfigState::Replaced(old) => {
            tr_args(lang, id::SETTINGS_REPLACED, &[("old", shown(old).into())])
        }
    }
}

/// The screen's lines: its head ([`HEAD`] lines), a line a setting, the replacing row if
/// the file has a mistake, then the note, the status wrapped to `width`, and the keys.
fn lines(app: &App, row: usize, width: usize) -> Vec<Line<'static>> {
    let lang = app.lang();
    let theme = app.theme();
    let prefs = app.prefs();
    let mut lines = vec![
        Line::styled(tr(lang, id::SETTINGS_TITLE), theme.heading),
        Line::default(),
    ];
    let names: Vec<String> = SETTINGS.iter().map(|s| tr(lang, s.name())).collect();
    let name_w = names.iter().map(|n| n.width()).max().unwrap_or(0);
    let mark = if app.ascii_marks() { "> " } else { "▶ " };
    let chosen_style = theme.heading.add_modifier(Modifier::REVERSED);
    for (i, (setting, name)) in SETTINGS.iter().zip(&names).enumerate() {
        let here = i == row;
        let value = value_words(lang, *setting, &prefs);
        let mut spans = vec![
            Span::styled(if here { mark } else { "  " }, theme.heading),
            Span::raw(format!("{}  ", pad(name, name_w))),
        ];
        if here {
            spans.push(Span::styled(format!("< {value} >"), chosen_style));
        } else {
            spans.push(Span::styled(format!("  {value}"), theme.input));
        }
        lines.push(Line::from(spans));
    }
    if let ConfigState::Broken(e) = app.config_state() {
        let old = crate::tui::store::config_write::kept_as(&e.path);
        let words = tr_args(lang, id::SETTINGS_REPLACE, &[("old", shown(&old).into())]);
        let here = row == SETTINGS.len();
        lines.push(Line::from(vec![
            Span::styled(if here { mark } else { "  " }, theme.heading),
            Span::styled(words, if here { chosen_style } else { theme.warning }),
        ]));
    }
    lines.push(Line::default());
    if let Some(text) = SETTINGS.get(row).and_then(|s| note(app, *s)) {
        lines.extend(
            wrap(&text, width)
                .into_iter()
                .map(|l| Line::styled(l, theme.dim)),
        );
    }
    let state = app.config_state();
    let style = match state {
        ConfigState::Broken(_) | ConfigState::Failed(..) => theme.warning,
        _ => theme.dim,
    };
    let said = status(lang, state);
    lines.extend(
        wrap(&said, width)
            .into_iter()
            .map(|l| Line::styled(l, style)),
    );
    lines.push(Line::styled(tr(lang, id::SETTINGS_KEYS), theme.dim));
    lines
}

/// Where the settings go on the screen `area`, with their lines.
fn placed(app: &App, area: Rect) -> (Rect, Vec<Line<'static>>) {
    let row = app.settings_screen().map_or(0, |s| s.row);
    let room = usize::from(area.width.saturating_sub(6)).min(WIDEST);
    let lines = lines(app, row, room);
    let widest = lines.iter().map(Line::width).max().unwrap_or(0);
    let height = u16::try_from(lines.len() + 2).unwrap_or(u16::MAX);
    (boxed(area, box_width(widest, 40), height), lines)
}

/// Draws the settings over the whole screen `area`.
pub(crate) fn render_settings(app: &App, area: Rect, buf: &mut Buffer) {
    let (popup, lines) = placed(app, area);
    render_boxed(app, area, popup, &lines, buf);
}

/// The row of the settings at the cell `at` of the screen `area`, if any.
#[must_use]
pub fn row_at(app: &App, area: Rect, at: Cell) -> Option<usize> {
    let (popup, _) = placed(app, area);
    let top = popup.y + 1 + HEAD;
    let inside = at.x > popup.x && at.x + 1 < popup.right();
    let row = usize::from(at.y.checked_sub(top)?);
    (inside && row < app.settings_rows()).then_some(row)
}
