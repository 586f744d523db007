//! The configuration file, `$XDG_CONFIG_HOME/xiangqi/config.toml` (by default
//! `~/.config/xiangqi/config.toml`): the defaults for every display option, which the command
//! line overrides.

use crate::tui::i18n::lang::Lang;
use crate::tui::look::pieces::PieceGlyphs;
use crate::tui::look::theme::{ThemeName, truecolor_from};
use crate::tui::state::app::Options;
use crate::tui::store::files::{READ_LIMIT, read_regular, shown};
use serde::Deserialize;
use std::path::{Path, PathBuf};
use xiangqi::Notation;
use xiangqi::clock::TimeControl;
use xiangqi::engine::{MAX_MULTIPV, MAX_THREADS};

/// What a configuration file may say; every key is optional.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Config {
    /// `theme = "wood"`.
    #[serde(default, deserialize_with = "parsed")]
    pub theme: Option<ThemeName>,
    /// `glyphs = "simplified"`.
    #[serde(default, deserialize_with = "parsed")]
    pub glyphs: Option<PieceGlyphs>,
    /// `lang = "zh-Hans"`.
    #[serde(default, deserialize_with = "parsed")]
    pub lang: Option<Lang>,
    /// `notation = "wxf"`: the move list's notation at the start.
    #[serde(default, deserialize_with = "parsed")]
    pub notation: Option<Notation>,
    /// `auto-flip = true`.
    pub auto_flip: Option<bool>,
    /// `clock = "10+5"`: the time control, as `--clock` takes it.
    #[serde(default, deserialize_with = "parsed")]
    pub clock: Option<TimeControl>,
    /// `analysis-lines = 3`: how many lines the analysis shows (1 to 16).
    #[serde(default, deserialize_with = "analysis_lines")]
    pub analysis_lines: Option<usize>,
    /// `threads = 2`: how many threads our engine searches on where only a time limits it
    /// (the hint, the analysis, annotating, the strongest level); 1 to [`MAX_THREADS`], by
    /// default one a core.
    #[serde(default, deserialize_with = "threads")]
    pub threads: Option<usize>,
}

/// A number of analysis lines, from 1 to [`MAX_MULTIPV`].
fn analysis_lines<'de, D>(deserializer: D) -> Result<Option<usize>, D::Error>
where
    D: serde::Deserializer<'de>,
{
    one_to(deserializer, MAX_MULTIPV, |n| {
        format!("the analysis shows from 1 to {MAX_MULTIPV} lines, not {n}")
    })
}

/// A number of engine threads, from 1 to [`MAX_THREADS`].
fn threads<'de, D>(deserializer: D) -> Result<Option<usize>, D::Error>
where
    D: serde::Deserializer<'de>,
{
    one_to(deserializer, MAX_THREADS, |n| {
        format!("the engine searches on 1 to {MAX_THREADS} threads, not {n}")
    })
}

/// A whole number from 1 to `max`; `says` words the mistake for a number out of range.
fn one_to<'de, D>(
    deserializer: D,
    max: usize,
    says: impl FnOnce(i64) -> String,
) -> Result<Option<usize>, D::Error>
where
    D: serde::Deserializer<'de>,
{
    let n = i64::deserialize(deserializer)?;
    usize::try_from(n)
        .ok()
        .filter(|n| (1..=max).contains(n))
        .map(Some)
        .ok_or_else(|| serde::de::Error::custom(says(n)))
}

/// A string value read with the type's `FromStr`, whose message names the choices.
fn parsed<'de, D, T>(deserializer: D) -> Result<Option<T>, D::Error>
where
    D: serde::Deserializer<'de>,
    T: std::str::FromStr,
    T::Err: std::fmt::Display,
{
    let text = String::deserialize(deserializer)?;
    text.parse().map(Some).map_err(serde::de::Error::custom)
}

/// Where the configuration file is looked for: `$XDG_CONFIG_HOME/xiangqi/config.toml`, or
/// under `~/.config` when that is not set (the platform's folder elsewhere).
#[must_use]
pub fn path() -> Option<PathBuf> {
    directories::BaseDirs::new().map(|dirs| dirs.config_dir().join("xiangqi").join("config.toml"))
}

/// A mistake in the configuration file: where, and what.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}{}{}: {message}", path.display(), line.map(|l| format!(", line {l}")).unwrap_or_default(), key.as_ref().map(|k| format!(", key {k}")).unwrap_or_default())]
pub struct ConfigError {
    /// The file.
    pub path: PathBuf,
    /// The line, when the mistake has a place.
    pub line: Option<usize>,
    /// The key set on that line, if it sets one.
    pub key: Option<String>,
    /// What is wrong.
    pub message: String,
}

/// Reads `text`, the file at `path`.
///
/// # Errors
/// The file, the line and the key (when there is one) and what is wrong.
pub fn parse(text: &str, path: &Path) -> Result<Config, ConfigError> {
    toml::from_str(text).map_err(|e| {
        let mut error = ConfigError {
            path: path.to_path_buf(),
            line: None,
            key: None,
            message: e.message().trim_end().to_string(),
        };
        if let Some(span) = e.span() {
            let start = span.start.min(text.len());
            let line = text[..start].matches('\n').count() + 1;
            let line_text = text.lines().nth(line - 1).unwrap_or("");
            error.line = Some(line);
            error.key = match line_text.split_once('=') {
                Some((key, _)) if !key.trim().starts_with('[') => Some(key.trim().to_string()),
                _ => None,
            };
        }
        error
    })
}

/// Reads the configuration file if there is one: no file is no configuration; a file that
/// cannot be read or has a mistake gives the defaults and the message saying why.
#[must_use]
pub fn load() -> (Config, Option<String>) {
    match path() {
        Some(path) => load_from(&path),
        None => (Config::default(), None),
    }
}

/// [`load`] of the file at `path`. No file there is no configuration; a link there that
/// leads to no file is a file that cannot be read (the player made it, and would otherwise
/// never learn why it is not obeyed).
fn load_from(path: &Path) -> (Config, Option<String>) {
    let text = read_regular(path, READ_LIMIT).and_then(|bytes| {
        String::from_utf8(bytes).map_err(|_| {
            std::io::Error::new(std::io::ErrorKind::InvalidData, "it is not UTF-8 text")
        })
    });
    match text {
        Ok(text) => match parse(&text, path) {
            Ok(config) => (config, None),
            Err(error) => (Config::default(), Some(error.to_string())),
        },
        // `read_regular` follows links: nothing at all is no file, but a link whose file is
        // gone is there, and says where it leads.
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            match std::fs::symlink_metadata(path) {
                Ok(link) if link.file_type().is_symlink() => {
                    let target = std::fs::read_link(path)
                        .map(|t| format!(" {}", shown(&t)))
                        .unwrap_or_default();
                    let why = format!("it is a link to{target}, which leads to no file");
                    (Config::default(), Some(cannot_read(path, &why)))
                }
                _ => (Config::default(), None),
            }
        }
        Err(e) => (Config::default(), Some(cannot_read(path, &e))),
    }
}

/// The message for a configuration file at `path` that cannot be read, and `why`.
fn cannot_read(path: &Path, why: &dyn std::fmt::Display) -> String {
    format!("cannot read {}: {why}", shown(path))
}

/// The display options the command line asked for; `None` where it said nothing.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Chosen {
    /// `--theme`.
    pub theme: Option<ThemeName>,
    /// `--glyphs`.
    pub glyphs: Option<PieceGlyphs>,
    /// `--lang`.
    pub lang: Option<Lang>,
    /// `--auto-flip`.
    pub auto_flip: bool,
}

/// `options` with the display choices filled in: the command line's, else the
/// configuration's, else the defaults — the language from the locale (`get` reads an
/// environment variable), the glyphs from the language (simplified for zh-Hans, else
/// traditional), colour unless `NO_COLOR` is set, exact colours if `COLORTERM` says so.
#[must_use]
pub fn resolve(
    mut options: Options,
    cli: &Chosen,
    config: &Config,
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
    if options.notation.is_none() {
        options.notation = config.notation;
    }
    options.analysis_lines = options.analysis_lines.or(config.analysis_lines);
    options.threads = options.threads.or(config.threads);
    options
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Result<Config, ConfigError> {
        parse(text, Path::new("/home/p/.config/xiangqi/config.toml"))
    }

    #[test]
    fn a_full_file_reads() {
        let config = read(
            "theme = \"dark\"\nglyphs = \"simplified\"\nlang = \"zh-Hant\"\n\
             notation = \"wxf\"\nauto-flip = true\nclock = \"10+5\"\nanalysis-lines = 5\n\
             threads = 3\n",
        )
        .expect("reads");
        assert_eq!(
            config,
            Config {
                theme: Some(ThemeName::Dark),
                glyphs: Some(PieceGlyphs::Simplified),
                lang: Some(Lang::ZhHant),
                notation: Some(Notation::Wxf),
                auto_flip: Some(true),
                clock: "10+5".parse().ok(),
                analysis_lines: Some(5),
                threads: Some(3),
            }
        );
        assert_eq!(read("# nothing set\n"), Ok(Config::default()));
    }

    #[test]
    fn a_mistake_names_the_file_line_and_key() {
        for (text, says) in [
            (
                "lang = \"en\"\ntheme = \"mahogany\"\n",
                "line 2, key theme: no theme",
            ),
            (
                "\n\nglyphs = \"cursive\"",
                "line 3, key glyphs: no glyph set",
            ),
            ("auto-flip = \"yes\"", "line 1, key auto-flip:"),
            ("clock = \"soon\"", "line 1, key clock:"),
            (
                "analysis-lines = 17",
                "line 1, key analysis-lines: the analysis shows",
            ),
            ("analysis-lines = 0", "line 1, key analysis-lines:"),
            (
                "threads = 0",
                "line 1, key threads: the engine searches on 1 to 256 threads, not 0",
            ),
            ("threads = 257", "line 1, key threads:"),
            ("threads = \"two\"", "line 1, key threads:"),
            ("colour = \"red\"", "line 1, key colour: unknown field"),
            ("theme = ", "line 1"),
        ] {
            let err = read(text).expect_err(text).to_string();
            assert!(
                err.starts_with("/home/p/.config/xiangqi/config.toml"),
                "{err}"
            );
            assert!(err.contains(says), "{text:?}: {err}");
        }
    }

    #[test]
    fn the_command_line_beats_the_file_which_beats_the_defaults() {
        let env = crate::tui::i18n::lang::fake_env;
        let config = Config {
            theme: Some(ThemeName::Light),
            lang: Some(Lang::ZhHant),
            auto_flip: Some(true),
            threads: Some(3),
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
        assert!(!o.color && o.truecolor && !o.auto_flip);
        assert_eq!(
            o.threads, None,
            "one a core, decided where the engine is made"
        );
    }

    #[test]
    fn a_link_to_no_file_is_said_and_no_file_at_all_is_not() {
        let dir = tempfile::tempdir().expect("temporary folder");
        let file = dir.path().join("config.toml");
        assert_eq!(load_from(&file), (Config::default(), None), "no file");

        std::os::unix::fs::symlink(dir.path().join("gone.toml"), &file).expect("link");
        let (config, notice) = load_from(&file);
        assert_eq!(config, Config::default());
        let notice = notice.expect("a link to no file is said");
        assert!(
            notice.starts_with(&format!("cannot read {}: it is a link to ", file.display()))
                && notice.ends_with("gone.toml, which leads to no file"),
            "{notice}"
        );

        std::fs::write(dir.path().join("gone.toml"), "theme = \"dark\"\n").expect("write");
        let (config, notice) = load_from(&file);
        assert_eq!((config.theme, notice), (Some(ThemeName::Dark), None));
    }
}
