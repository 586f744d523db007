//! The settings' part of the app: the screen's keys, the values it shows ([`Prefs`]) read
//! from the look and the computer, and a change applied at once, then written to
//! `config.toml` by the loop (not at all while the file has a mistake, until the player asks
//! for it to be replaced).

use super::{App, Options};
use crate::tui::door::ConfigState;
use crate::tui::door::settings::{Pieces, Prefs, SETTINGS, Setting, SettingsScreen, all_entries};
use crate::tui::i18n::lang::Lang;
use crate::tui::look::pieces::PieceGlyphs;
use crate::tui::look::theme::truecolor_from;
use crate::tui::look::theme::{ASCII_LINES, BOX_LINES, Theme};
use crate::tui::state::action::{DoorKey, EditKey};
use crate::tui::state::desk::SCREEN_STYLE;
use crate::tui::state::effect::Effect;
use crate::tui::state::prompt::message::Mode;
use crate::tui::store::config;
use xiangqi_rules::clock::TimeControl;
use xiangqi_rules::{Color, Notation, NotationStyle};

/// What was chosen that the look does not hold.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Chosen {
    /// Black at the bottom (against the computer, the player's side is at the bottom
    /// unless this turns it over, as `--flip` does).
    pub flipped: bool,
    /// Threads our engine searches on; `None` for one a core.
    pub threads: Option<usize>,
    /// The clock the menu offers first (the configuration's).
    pub clock: Option<TimeControl>,
}

/// The front door at the start, as `options` say: how `config.toml` stands, the bell, the
/// club the menu offers.
pub(super) fn door_of(options: &Options) -> crate::tui::door::Door {
    let mut door = crate::tui::door::Door::new(config_state(options), options.sound);
    let (server, name) = &options.club;
    door.club = (
        server.clone().unwrap_or_default(),
        name.clone().unwrap_or_default(),
    );
    door
}

/// How `config.toml` stands at the start, as `options` say.
pub(super) fn config_state(options: &Options) -> ConfigState {
    match (&options.config_error, &options.config_path) {
        (Some(e), _) => ConfigState::Broken(e.clone()),
        (None, Some(path)) => ConfigState::Usable(path.clone()),
        (None, None) => ConfigState::NoFolder,
    }
}

impl App {
    /// Blindfold: is the board drawn without its pieces? Not while they are peeked at, nor
    /// in the set-up editor, whose work is placing them.
    #[must_use]
    pub fn pieces_hidden(&self) -> bool {
        self.look.blindfold && !self.peeking && self.editor.is_none()
    }

    /// Blindfold play: `Some(true)` while the pieces are peeked at, `Some(false)` while
    /// they are hidden, `None` without a blindfold.
    #[must_use]
    pub fn blindfold(&self) -> Option<bool> {
        self.look.blindfold.then_some(self.peeking)
    }

    /// The settings screen, when it is in front.
    #[must_use]
    pub fn settings_screen(&self) -> Option<&SettingsScreen> {
        self.door.settings.as_ref()
    }

    /// How `config.toml` stands.
    #[must_use]
    pub fn config_state(&self) -> &ConfigState {
        &self.door.config
    }

    /// Every value the settings screen shows, as they are now.
    #[must_use]
    pub fn prefs(&self) -> Prefs {
        Prefs {
            theme: self.look.theme_name,
            lang: self.look.lang,
            pieces: if self.look.ascii_pieces {
                Pieces::Ascii
            } else {
                Pieces::Chinese(self.look.piece_glyphs)
            },
            flipped: self.chosen.flipped,
            auto_flip: self.setup.auto_flip,
            level: self.computer.level().get(),
            threads: self.chosen.threads,
            analysis_lines: self.computer.analysis_lines(),
            sound: self.door.sound,
            blindfold: self.look.blindfold,
        }
    }

    /// The settings screen's rows: one a setting, and while `config.toml` has a mistake, one
    /// more that replaces it.
    #[must_use]
    pub fn settings_rows(&self) -> usize {
        SETTINGS.len() + usize::from(matches!(self.door.config, ConfigState::Broken(_)))
    }

    /// Opens the settings screen, over the menu if `from_menu`.
    pub(super) fn open_settings(&mut self, from_menu: bool) {
        self.front().0.deselect();
        self.door.palette = None;
        self.door.settings = Some(SettingsScreen { row: 0, from_menu });
        self.screen.mode = Mode::Settings;
    }

    /// Esc: back to the menu it was opened from, else to the game.
    fn close_settings(&mut self) {
        let from_menu = self.door.settings.take().is_some_and(|s| s.from_menu);
        self.screen.mode = if from_menu && self.door.menu.is_some() {
            Mode::Menu
        } else {
            Mode::Play
        };
    }

    /// A key or click on the settings screen.
    pub(super) fn settings_key(&mut self, key: DoorKey) {
        let Some(screen) = self.door.settings else {
            return;
        };
        let last = self.settings_rows() - 1;
        let row = screen.row.min(last);
        let chosen = match key {
            DoorKey::Step(n) => Some(row.saturating_add_signed(n).min(last)),
            DoorKey::Edit(EditKey::Home) => Some(0),
            DoorKey::Edit(EditKey::End) => Some(last),
            DoorKey::Click(at) if at <= last => Some(at),
            _ => None,
        };
        if let (Some(at), Some(s)) = (chosen, self.door.settings.as_mut()) {
            s.row = at;
        }
        match key {
            DoorKey::Change(n) => {
                if let Some(&setting) = SETTINGS.get(row) {
                    self.change_setting(setting, n);
                }
            }
            DoorKey::Enter | DoorKey::Click(_) => {
                let at = chosen.unwrap_or(row);
                match SETTINGS.get(at) {
                    Some(&setting) => self.change_setting(setting, 1),
                    None if at == last => self.replace_config(),
                    None => {}
                }
            }
            DoorKey::Back => self.close_settings(),
            _ => {}
        }
    }

    /// `setting` `n` steps on: applied at once, then written to `config.toml` if it can be.
    fn change_setting(&mut self, setting: Setting, n: isize) {
        let after = setting.step(self.prefs(), n);
        self.apply_prefs(&after);
        if self.door.config.writable() {
            let entries = setting.entries(&after);
            self.screen.effects.push(Effect::SaveSettings(entries));
        }
    }

    /// A new `config.toml` of the settings shown in the place of the broken one.
    fn replace_config(&mut self) {
        let entries = all_entries(&self.prefs());
        self.screen.effects.push(Effect::ReplaceConfig(entries));
    }

    /// Makes the screen, the desks and the computer what `p` says.
    pub(super) fn apply_prefs(&mut self, p: &Prefs) {
        let before = self.prefs();
        if p.theme != before.theme {
            self.look.theme_name = p.theme;
            self.look.theme = Theme::new(p.theme, self.look.color, self.look.truecolor);
        }
        self.look.lang = p.lang;
        if (p.pieces, p.auto_flip) != (before.pieces, before.auto_flip) {
            self.setup.auto_flip = p.auto_flip;
            self.restyle(p.pieces);
        }
        if p.flipped != before.flipped {
            self.chosen.flipped = p.flipped;
            self.turn_boards();
        }
        if let Some(level) = xiangqi_engine::Level::new(p.level) {
            self.computer.set_level(level);
        }
        if p.threads != self.chosen.threads {
            self.chosen.threads = p.threads;
            self.screen.effects.push(Effect::Threads(p.threads));
        }
        self.computer.set_analysis_lines(p.analysis_lines);
        self.door.sound = p.sound;
        self.look.blindfold = p.blindfold;
        // A peek ends with the blindfold.
        self.peeking &= p.blindfold;
    }

    /// The pieces in `pieces`: letters and ASCII lines, or Chinese characters of a set (on
    /// box lines, unless the terminal needs ASCII ones), on every desk.
    fn restyle(&mut self, pieces: Pieces) {
        let (ascii, glyphs) = match pieces {
            Pieces::Ascii => (true, self.look.piece_glyphs),
            Pieces::Chinese(glyphs) => (false, glyphs),
        };
        self.look.ascii_pieces = ascii;
        self.look.piece_glyphs = glyphs;
        self.look.glyphs = if ascii || self.look.ascii_lines {
            ASCII_LINES
        } else {
            BOX_LINES
        };
        let style = NotationStyle {
            glyphs: glyphs.notation(),
            ..SCREEN_STYLE
        };
        self.look.style = style;
        self.setup.style = style;
        self.setup.ascii = ascii;
        if ascii && self.setup.notation == Notation::Chinese {
            self.setup.notation = Notation::Wxf;
        }
        let setup = self.setup;
        self.play.restyle(&setup);
        if let Some(desk) = &mut self.viewed {
            desk.restyle(&setup);
        }
    }

    /// The boards turned as the setting says: black at the bottom or red, turned over where
    /// the player plays black (against the computer, or across the network).
    pub(super) fn turn_boards(&mut self) {
        let black_below = match &self.net {
            Some(net) => net.me == Color::Black,
            None => self.computer.plays(Color::Red) && !self.computer.plays(Color::Black),
        };
        let flipped = self.chosen.flipped != black_below;
        self.setup.flipped = flipped;
        self.play.set_flipped(flipped);
        if let Some(desk) = &mut self.viewed {
            desk.set_flipped(self.chosen.flipped);
        }
    }
}

/// `options` with the display choices filled in: the command line's, else the
/// configuration's, else the defaults — the language from the locale (`get` reads an
/// environment variable), the glyphs from the language (simplified for zh-Hans, else
/// traditional), colour unless `NO_COLOR` is set, exact colours if `COLORTERM` says so.
/// `flip` and `ascii` are switches: the file's turn one on that the command line left off.
#[must_use]
pub fn resolve(
    mut options: Options,
    cli: &config::Chosen,
    config: &config::Config,
    get: impl Fn(&str) -> Option<String>,
) -> Options {
    options.color = get("NO_COLOR").is_none_or(|v| v.is_empty());
    options.truecolor = truecolor_from(get("COLORTERM").as_deref());
    options.theme = cli.theme.or(config.theme).unwrap_or_default();
    options.lang = cli
        .lang
        .or(config.lang)
        .unwrap_or_else(|| Lang::from_env(&get));
    options.glyphs = cli.glyphs.or(config.glyphs).unwrap_or(match options.lang {
        Lang::ZhHans => PieceGlyphs::Simplified,
        Lang::En | Lang::ZhHant => PieceGlyphs::Traditional,
    });
    options.auto_flip = cli.auto_flip || config.auto_flip.unwrap_or(false);
    options.blindfold = cli.blindfold || config.blindfold.unwrap_or(false);
    if options.notation.is_none() {
        options.notation = config.notation;
    }
    options.analysis_lines = options.analysis_lines.or(config.analysis_lines);
    options.threads = options.threads.or(config.threads);
    options.flipped |= config.flip.unwrap_or(false);
    options.ascii |= config.ascii.unwrap_or(false);
    options.sound = config.sound.unwrap_or(false);
    options.club = (config.club.clone(), config.club_name.clone());
    if let Some(level) = cli
        .level
        .or(config.level)
        .and_then(xiangqi_engine::Level::new)
    {
        options.computer.level = level;
    }
    options
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tui::look::theme::ThemeName;
    use crate::tui::store::config::{Chosen, Config};

    #[test]
    fn the_command_line_beats_the_file_which_beats_the_defaults() {
        let env = crate::tui::i18n::lang::fake_env;
        let config = Config {
            theme: Some(ThemeName::Light),
            lang: Some(Lang::ZhHant),
            auto_flip: Some(true),
            threads: Some(3),
            blindfold: Some(true),
            ..Config::default()
        };
        let cli = Chosen {
            theme: Some(ThemeName::Dark),
            ..Chosen::default()
        };
        let o = resolve(Options::default(), &cli, &config, env(&[("LANG", "zh_CN")]));
        assert_eq!(o.theme, ThemeName::Dark);
        assert_eq!(
            o.lang,
            Lang::ZhHant,
            "the file's language, not the locale's"
        );
        assert_eq!(o.glyphs, PieceGlyphs::Traditional, "follows the language");
        assert!(o.auto_flip && o.color && !o.truecolor);
        assert_eq!(o.threads, Some(3));
        assert!(o.blindfold, "the file's blindfold");

        let o = resolve(
            Options::default(),
            &Chosen::default(),
            &Config::default(),
            env(&[
                ("LANG", "zh_CN.UTF-8"),
                ("NO_COLOR", "1"),
                ("COLORTERM", "truecolor"),
            ]),
        );
        assert_eq!(o.theme, ThemeName::Wood);
        assert_eq!((o.lang, o.glyphs), (Lang::ZhHans, PieceGlyphs::Simplified));
        assert!(!o.color && o.truecolor && !o.auto_flip && !o.blindfold);
        assert_eq!(
            o.threads, None,
            "one a core, decided where the engine is made"
        );
    }
}
