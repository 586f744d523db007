//! The settings screen as state: the settings it shows, in order, each one's values and
//! how ← → steps through them, and what each writes in `config.toml`. Pure: the app applies
//! a changed [`Prefs`] at once and asks the loop to write the entries.
//!
//! A new setting is a line in [`SETTINGS`] and its arms in [`Setting`]'s methods (its name,
//! its step, its config entries), a field of [`Prefs`] and its key in `config_keys`.

use crate::tui::i18n::catalogue::{Id, id};
use crate::tui::i18n::lang::Lang;
use crate::tui::look::pieces::PieceGlyphs;
use crate::tui::look::theme::ThemeName;
use crate::tui::store::config_keys::Key;
use crate::tui::store::config_write::{Entry, Value};
use xiangqi_engine::{MAX_MULTIPV, MAX_THREADS};

/// How the pieces are written.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Pieces {
    /// Chinese characters, in this set.
    Chinese(PieceGlyphs),
    /// Letters, and ASCII everywhere (`--ascii`).
    Ascii,
}

/// Every value the settings screen shows, as the screen has them now.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[allow(clippy::struct_excessive_bools)]
pub struct Prefs {
    /// The colours.
    pub theme: ThemeName,
    /// The screen's language.
    pub lang: Lang,
    /// The pieces' characters.
    pub pieces: Pieces,
    /// Black at the bottom.
    pub flipped: bool,
    /// The board turns to the side to move after each move.
    pub auto_flip: bool,
    /// The computer's level, 1 to 10.
    pub level: u8,
    /// Threads our engine searches on; `None` for one a core.
    pub threads: Option<usize>,
    /// Lines the analysis shows.
    pub analysis_lines: usize,
    /// The bell on the other side's move, check and the game's end.
    pub sound: bool,
    /// Blindfold: the board's pieces hidden (a key peeks).
    pub blindfold: bool,
}

/// A setting of the screen.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Setting {
    /// The colour theme.
    Theme,
    /// The language.
    Lang,
    /// Simplified, traditional or ASCII pieces.
    Pieces,
    /// Which side is at the bottom.
    Board,
    /// The board turns to the side to move.
    AutoFlip,
    /// The computer's level.
    Level,
    /// Our engine's threads.
    Threads,
    /// The analysis' lines.
    AnalysisLines,
    /// The bell.
    Sound,
    /// The pieces hidden.
    Blindfold,
}

/// The settings, top to bottom: one line each.
pub const SETTINGS: &[Setting] = &[
    Setting::Theme,
    Setting::Lang,
    Setting::Pieces,
    Setting::Board,
    Setting::AutoFlip,
    Setting::Level,
    Setting::Threads,
    Setting::AnalysisLines,
    Setting::Sound,
    Setting::Blindfold,
];

/// The pieces' choices, in the order ← → go through them.
const PIECES: [Pieces; 3] = [
    Pieces::Chinese(PieceGlyphs::Simplified),
    Pieces::Chinese(PieceGlyphs::Traditional),
    Pieces::Ascii,
];

/// `all[i]`'s neighbour `n` steps on, going round.
fn round<T: Copy + PartialEq>(all: &[T], now: T, n: isize) -> T {
    let at = all.iter().position(|v| *v == now).unwrap_or(0) as isize;
    all[(at + n).rem_euclid(all.len() as isize) as usize]
}

/// `now` moved `n` steps within `low..=high`, stopping at the ends.
fn within(now: usize, n: isize, low: usize, high: usize) -> usize {
    now.saturating_add_signed(n).clamp(low, high)
}

impl Setting {
    /// Its name on the screen.
    #[must_use]
    pub const fn name(self) -> Id {
        match self {
            Setting::Theme => id::SETTING_THEME,
            Setting::Lang => id::SETTING_LANG,
            Setting::Pieces => id::SETTING_PIECES,
            Setting::Board => id::SETTING_BOARD,
            Setting::AutoFlip => id::SETTING_AUTO_FLIP,
            Setting::Level => id::SETTING_LEVEL,
            Setting::Threads => id::SETTING_THREADS,
            Setting::AnalysisLines => id::SETTING_ANALYSIS_LINES,
            Setting::Sound => id::SETTING_SOUND,
            Setting::Blindfold => id::SETTING_BLINDFOLD,
        }
    }

    /// `prefs` with this setting `n` steps on (← is -1): the named ones go round, the
    /// numbers stop at their ends; the threads go from one a core down to 1 and up.
    #[must_use]
    pub fn step(self, prefs: Prefs, n: isize) -> Prefs {
        let mut p = prefs;
        match self {
            Setting::Theme => p.theme = round(&ThemeName::ALL, p.theme, n),
            Setting::Lang => p.lang = round(&Lang::ALL, p.lang, n),
            Setting::Pieces => p.pieces = round(&PIECES, p.pieces, n),
            Setting::Board => p.flipped = !p.flipped,
            Setting::AutoFlip => p.auto_flip = !p.auto_flip,
            Setting::Sound => p.sound = !p.sound,
            Setting::Blindfold => p.blindfold = !p.blindfold,
            Setting::Level => p.level = within(usize::from(p.level), n, 1, 10) as u8,
            Setting::AnalysisLines => {
                p.analysis_lines = within(p.analysis_lines, n, 1, MAX_MULTIPV);
            }
            Setting::Threads => {
                // "one a core" sits below 1.
                let now = p.threads.map_or(0, |t| t.min(MAX_THREADS));
                p.threads = Some(within(now, n, 0, MAX_THREADS)).filter(|&t| t > 0);
            }
        }
        p
    }

    /// What this setting writes in `config.toml` for `prefs` (`None`: the key goes, for
    /// the default).
    #[must_use]
    pub fn entries(self, prefs: &Prefs) -> Vec<Entry> {
        let text = |s: &str| Some(Value::Text(s.to_string()));
        let flag = |b: bool| Some(Value::Flag(b));
        let number = |n: usize| Some(Value::Number(n as u64));
        match self {
            Setting::Theme => vec![(Key::Theme, text(prefs.theme.name()))],
            Setting::Lang => vec![(Key::Lang, text(prefs.lang.name()))],
            Setting::Pieces => match prefs.pieces {
                Pieces::Chinese(glyphs) => {
                    vec![
                        (Key::Glyphs, text(glyphs.name())),
                        (Key::Ascii, flag(false)),
                    ]
                }
                Pieces::Ascii => vec![(Key::Ascii, flag(true))],
            },
            Setting::Board => vec![(Key::Flip, flag(prefs.flipped))],
            Setting::AutoFlip => vec![(Key::AutoFlip, flag(prefs.auto_flip))],
            Setting::Level => vec![(Key::Level, number(usize::from(prefs.level)))],
            Setting::Threads => vec![(Key::Threads, prefs.threads.and_then(number))],
            Setting::AnalysisLines => vec![(Key::AnalysisLines, number(prefs.analysis_lines))],
            Setting::Sound => vec![(Key::Sound, flag(prefs.sound))],
            Setting::Blindfold => vec![(Key::Blindfold, flag(prefs.blindfold))],
        }
    }
}

/// Every setting's entries for `prefs`: a whole new `config.toml`.
#[must_use]
pub fn all_entries(prefs: &Prefs) -> Vec<Entry> {
    SETTINGS.iter().flat_map(|s| s.entries(prefs)).collect()
}

/// Where the settings screen stands: the row chosen (the last row, past the settings,
/// replaces a broken `config.toml` when there is one), and the screen to go back to.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct SettingsScreen {
    /// The row chosen, from 0.
    pub row: usize,
    /// Opened from the menu (Esc goes back to it), else from the game.
    pub from_menu: bool,
}

#[cfg(test)]
mod tests {
    use super::{Pieces, Prefs, Setting, all_entries};
    use crate::tui::i18n::lang::Lang;
    use crate::tui::look::pieces::PieceGlyphs;
    use crate::tui::look::theme::ThemeName;
    use crate::tui::store::config_keys::Key;
    use crate::tui::store::config_write::Value;

    fn prefs() -> Prefs {
        Prefs {
            theme: ThemeName::Wood,
            lang: Lang::En,
            pieces: Pieces::Chinese(PieceGlyphs::Traditional),
            flipped: false,
            auto_flip: false,
            level: 5,
            threads: None,
            analysis_lines: 3,
            sound: false,
            blindfold: false,
        }
    }

    #[test]
    fn named_settings_go_round_and_numbers_stop_at_their_ends() {
        let p = prefs();
        assert_eq!(Setting::Theme.step(p, 1).theme, ThemeName::Dark);
        assert_eq!(Setting::Theme.step(p, -1).theme, ThemeName::Ansi16);
        assert_eq!(Setting::Lang.step(p, 1).lang, Lang::ZhHans);
        assert_eq!(Setting::Pieces.step(p, 1).pieces, Pieces::Ascii);
        assert_eq!(Setting::Level.step(p, -7).level, 1);
        assert_eq!(Setting::Level.step(p, 9).level, 10);
        assert_eq!(Setting::Threads.step(p, 1).threads, Some(1));
        assert_eq!(Setting::Threads.step(p, -1).threads, None);
        let one = Setting::Threads.step(p, 1);
        assert_eq!(
            Setting::Threads.step(one, -1).threads,
            None,
            "back to one a core"
        );
        assert!(Setting::Sound.step(p, 1).sound);
        assert!(Setting::Blindfold.step(p, 1).blindfold);
    }

    #[test]
    fn each_setting_writes_its_keys() {
        let p = prefs();
        let ascii = Setting::Pieces.step(p, 1);
        assert_eq!(
            Setting::Pieces.entries(&ascii),
            [(Key::Ascii, Some(Value::Flag(true)))]
        );
        assert_eq!(
            Setting::Threads.entries(&p),
            [(Key::Threads, None)],
            "one a core is the default: the key goes"
        );
        let keys: Vec<Key> = all_entries(&p).into_iter().map(|(k, _)| k).collect();
        for key in [
            Key::Theme,
            Key::Lang,
            Key::Glyphs,
            Key::Level,
            Key::Sound,
            Key::Blindfold,
        ] {
            assert!(keys.contains(&key), "{key:?}");
        }
    }
}
