//! The configuration file, `$XDG_CONFIG_HOME/xiangqi/config.toml` (by default
//! `~/.config/xiangqi/config.toml`): the defaults for every display option, which the command
//! line overrides.

use crate::tui::i18n::lang::Lang;
use crate::tui::look::pieces::PieceGlyphs;
use crate::tui::look::theme::ThemeName;
use crate::tui::store::config_keys::{ConfigError, Key, MAX_CLUB_NAME, Problem};
use crate::tui::store::files::{FileKind, READ_LIMIT, read_regular};
use std::ops::Range;
use std::path::{Path, PathBuf};
use toml::de::{DeTable, DeValue};
use xiangqi_engine::{MAX_MULTIPV, MAX_THREADS};
use xiangqi_rules::Notation;
use xiangqi_rules::clock::TimeControl;

/// What a configuration file may say; every key is optional.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Config {
    /// `theme = "wood"`.
    pub theme: Option<ThemeName>,
    /// `glyphs = "simplified"`.
    pub glyphs: Option<PieceGlyphs>,
    /// `lang = "zh-Hans"`.
    pub lang: Option<Lang>,
    /// `notation = "wxf"`: the move list's notation at the start.
    pub notation: Option<Notation>,
    /// `auto-flip = true`.
    pub auto_flip: Option<bool>,
    /// `clock = "10+5"`: the time control, as `--clock` takes it.
    pub clock: Option<TimeControl>,
    /// `analysis-lines = 3`: how many lines the analysis shows (1 to [`MAX_MULTIPV`]).
    pub analysis_lines: Option<usize>,
    /// `threads = 2`: how many threads our engine searches on where only a time limits it
    /// (the hint, the analysis, annotating, the strongest level); 1 to [`MAX_THREADS`], by
    /// default one a core.
    pub threads: Option<usize>,
    /// `level = 3`: the computer's level (1 to 10), where `--level` says none.
    pub level: Option<u8>,
    /// `flip = true`: black at the bottom.
    pub flip: Option<bool>,
    /// `ascii = true`: letters for pieces and ASCII lines, as `--ascii`.
    pub ascii: Option<bool>,
    /// `sound = true`: the terminal's bell on the other side's move, on check and at the
    /// game's end.
    pub sound: Option<bool>,
    /// `plain = true`: the game as lines of text (`--plain`), for a screen reader.
    pub plain: Option<bool>,
    /// `blindfold = true`: the board screen hides the pieces (a key peeks).
    pub blindfold: Option<bool>,
    /// `club = "club.example.org:9092"`: the club server the start menu offers.
    pub club: Option<String>,
    /// `club-name = "alice"`: the name the start menu offers to play there under.
    pub club_name: Option<String>,
}

impl Config {
    /// Sets `key` to `value`, if it is a value the key takes.
    fn set(&mut self, key: Key, value: &DeValue<'_>) -> Option<()> {
        match key {
            Key::Theme => self.theme = Some(named(value)?),
            Key::Glyphs => self.glyphs = Some(named(value)?),
            Key::Lang => self.lang = Some(named(value)?),
            Key::Notation => self.notation = Some(named(value)?),
            Key::AutoFlip => self.auto_flip = Some(value.as_bool()?),
            Key::Clock => self.clock = Some(named(value)?),
            Key::AnalysisLines => self.analysis_lines = Some(one_to(value, MAX_MULTIPV)?),
            Key::Threads => self.threads = Some(one_to(value, MAX_THREADS)?),
            Key::Level => {
                let most = usize::from(xiangqi_engine::Level::MAX.get());
                self.level = u8::try_from(one_to(value, most)?).ok();
            }
            Key::Flip => self.flip = Some(value.as_bool()?),
            Key::Ascii => self.ascii = Some(value.as_bool()?),
            Key::Sound => self.sound = Some(value.as_bool()?),
            Key::Plain => self.plain = Some(value.as_bool()?),
            Key::Blindfold => self.blindfold = Some(value.as_bool()?),
            Key::Club => {
                let text = value.as_str()?;
                self.club = crate::tui::store::address::join_address(text).ok();
                self.club.as_ref()?;
            }
            Key::ClubName => {
                let text = value.as_str()?.trim();
                let fits = (1..=MAX_CLUB_NAME).contains(&text.chars().count());
                let clean = !text.chars().any(char::is_control);
                self.club_name = Some(text.to_string()).filter(|_| fits && clean);
                self.club_name.as_ref()?;
            }
        }
        Some(())
    }
}

/// A string value read with the type's `FromStr`.
fn named<T: std::str::FromStr>(value: &DeValue<'_>) -> Option<T> {
    value.as_str()?.parse().ok()
}

/// A whole number from 1 to `max` (written in any base TOML allows, of any size).
fn one_to(value: &DeValue<'_>, max: usize) -> Option<usize> {
    let n = value.as_integer()?;
    let n = u64::from_str_radix(n.as_str(), n.radix()).ok()?;
    usize::try_from(n).ok().filter(|n| (1..=max).contains(n))
}

/// Where the configuration file is looked for: `$XDG_CONFIG_HOME/xiangqi/config.toml`, or
/// under `~/.config` when that is not set (the platform's folder elsewhere).
#[must_use]
pub fn path() -> Option<PathBuf> {
    directories::BaseDirs::new().map(|dirs| dirs.config_dir().join("xiangqi").join("config.toml"))
}

/// Reads `text`, the file at `path`; the first mistake in it, if any, is the error.
///
/// # Errors
/// The file and what is wrong: where the text is not TOML, a key it may not set, a key's
/// value it does not take.
pub fn parse(text: &str, path: &Path) -> Result<Config, ConfigError> {
    parse_text(text).map_err(|problem| ConfigError {
        path: path.to_path_buf(),
        problem,
    })
}

fn parse_text(text: &str) -> Result<Config, Problem> {
    let table = DeTable::parse(text).map_err(|e| {
        let at = e.span().map_or(0, |span| span.start);
        let (line, column) = line_and_column(text, at);
        Problem::NotToml {
            line,
            column,
            text: written(text.lines().nth(line - 1).unwrap_or("")),
            detail: e.message().trim_end().to_string(),
        }
    })?;
    let mut entries: Vec<_> = table.get_ref().iter().collect();
    entries.sort_by_key(|(key, _)| key.span().start);
    let mut config = Config::default();
    for (key, value) in entries {
        let line = line_and_column(text, key.span().start).0;
        let Some(known) = Key::ALL.into_iter().find(|k| k.name() == key.get_ref()) else {
            return Err(Problem::UnknownKey {
                line,
                key: written(key.get_ref()),
            });
        };
        if config.set(known, value.get_ref()).is_none() {
            return Err(Problem::BadValue {
                line,
                key: known,
                value: written(source(text, value.span())),
            });
        }
    }
    Ok(config)
}

/// The line and column (in characters), both from 1, of byte `at` of `text`.
fn line_and_column(text: &str, at: usize) -> (usize, usize) {
    let before = text.get(..at.min(text.len())).unwrap_or(text);
    let line_start = before.rfind('\n').map_or(0, |i| i + 1);
    let line = before.matches('\n').count() + 1;
    (line, before[line_start..].chars().count() + 1)
}

/// The text of `span` in `text` (nothing where the span does not fall on characters).
fn source(text: &str, span: Range<usize>) -> &str {
    text.get(span).unwrap_or("")
}

/// The most characters of a file's text a message quotes.
const QUOTED: usize = 60;

/// `text` from a file as a message shows it: its first line, trimmed, at most [`QUOTED`]
/// characters (then `…`), control characters written as escapes, which the terminal would
/// otherwise obey.
fn written(text: &str) -> String {
    let first = text.lines().next().unwrap_or("").trim();
    let mut out = xiangqi_rules::sanitize::quoted(first, QUOTED);
    let cut = first.chars().nth(QUOTED).is_some();
    if !cut && text.trim().lines().nth(1).is_some() {
        out.push('…');
    }
    out
}

/// Reads the configuration file if there is one: no file is no configuration; a file that
/// cannot be read or has a mistake gives the defaults and says why.
#[must_use]
pub fn load() -> (Config, Option<ConfigError>) {
    match path() {
        Some(path) => load_from(&path),
        None => (Config::default(), None),
    }
}

/// [`load`] of the file at `path`. No file there is no configuration; a link there that
/// leads to no file is a file that cannot be read (the player made it, and would otherwise
/// never learn why it is not obeyed).
/// A file with a mistake still gives its `lang`, where that reads, so that the reason is
/// said in the language the player chose.
fn load_from(path: &Path) -> (Config, Option<ConfigError>) {
    let failed = |problem| ConfigError {
        path: path.to_path_buf(),
        problem,
    };
    match read_text(path) {
        Ok(None) => (Config::default(), None),
        Ok(Some(text)) => match parse(&text, path) {
            Ok(config) => (config, None),
            Err(error) => {
                let lang = lang_of(&text);
                (
                    Config {
                        lang,
                        ..Config::default()
                    },
                    Some(error),
                )
            }
        },
        Err(problem) => (Config::default(), Some(failed(problem))),
    }
}

/// The `lang` of a file's text, if the text is TOML and its `lang` one of the languages.
fn lang_of(text: &str) -> Option<Lang> {
    let table = DeTable::parse(text).ok()?;
    let (_, value) = table
        .get_ref()
        .iter()
        .find(|(key, _)| key.get_ref() == Key::Lang.name())?;
    named(value.get_ref())
}

/// The text of the file at `path`; `None` if there is nothing there at all.
pub(super) fn read_text(path: &Path) -> Result<Option<String>, Problem> {
    match read_regular(path, READ_LIMIT) {
        Ok(bytes) => String::from_utf8(bytes)
            .map(Some)
            .map_err(|_| Problem::NotText),
        // `read_regular` follows links: nothing at all is no file, but a link whose file is
        // gone is there, and says where it leads.
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            match std::fs::symlink_metadata(path) {
                Ok(link) if link.file_type().is_symlink() => match std::fs::read_link(path) {
                    Ok(target) => Err(Problem::LinkToNothing(target)),
                    Err(e) => Err(Problem::Unreadable(e.to_string())),
                },
                _ => Ok(None),
            }
        }
        Err(e) if e.kind() == std::io::ErrorKind::FileTooLarge => Err(Problem::TooLarge),
        Err(e) => match std::fs::metadata(path) {
            Ok(found) if !found.is_file() => {
                Err(Problem::NotAFile(FileKind::of(found.file_type())))
            }
            _ => Err(Problem::Unreadable(e.to_string())),
        },
    }
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
    /// `--level`.
    pub level: Option<u8>,
    /// `--blindfold`.
    pub blindfold: bool,
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
             threads = 3\nlevel = 3\nflip = true\nascii = false\nsound = true\n\
             plain = true\nblindfold = false\nclub = \"club.example.org:9092\"\n\
             club-name = \"alice\"\n",
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
                level: Some(3),
                flip: Some(true),
                ascii: Some(false),
                sound: Some(true),
                plain: Some(true),
                blindfold: Some(false),
                club: Some("club.example.org:9092".into()),
                club_name: Some("alice".into()),
            }
        );
        assert_eq!(read("# nothing set\n"), Ok(Config::default()));
    }

    /// What is wrong with `text`, which must have a mistake.
    fn problem(text: &str) -> Problem {
        let err = read(text).expect_err(text);
        assert_eq!(err.path, Path::new("/home/p/.config/xiangqi/config.toml"));
        err.problem
    }

    fn bad(line: usize, key: Key, value: &str) -> Problem {
        Problem::BadValue {
            line,
            key,
            value: value.to_string(),
        }
    }

    #[test]
    fn a_value_a_key_does_not_take_is_named_with_its_line_and_key() {
        for (text, said) in [
            (
                "lang = \"en\"\ntheme = \"mahogany\"\n",
                bad(2, Key::Theme, "\"mahogany\""),
            ),
            ("theme = 3", bad(1, Key::Theme, "3")),
            (
                "\n\nglyphs = \"cursive\"",
                bad(3, Key::Glyphs, "\"cursive\""),
            ),
            ("glyphs = true", bad(1, Key::Glyphs, "true")),
            ("lang = \"fr\"", bad(1, Key::Lang, "\"fr\"")),
            ("notation = []", bad(1, Key::Notation, "[]")),
            ("auto-flip = \"yes\"", bad(1, Key::AutoFlip, "\"yes\"")),
            ("auto-flip = 1", bad(1, Key::AutoFlip, "1")),
            ("plain = \"yes\"", bad(1, Key::Plain, "\"yes\"")),
            ("blindfold = 1", bad(1, Key::Blindfold, "1")),
            ("clock = \"soon\"", bad(1, Key::Clock, "\"soon\"")),
            ("clock = \"10+99999\"", bad(1, Key::Clock, "\"10+99999\"")),
            ("clock = 10", bad(1, Key::Clock, "10")),
            ("analysis-lines = 17", bad(1, Key::AnalysisLines, "17")),
            ("analysis-lines = 0", bad(1, Key::AnalysisLines, "0")),
            ("threads = 0", bad(1, Key::Threads, "0")),
            ("threads = 257", bad(1, Key::Threads, "257")),
            ("threads = -3", bad(1, Key::Threads, "-3")),
            ("threads = \"two\"", bad(1, Key::Threads, "\"two\"")),
            ("threads = 2.5", bad(1, Key::Threads, "2.5")),
            ("level = 11", bad(1, Key::Level, "11")),
            ("level = 0", bad(1, Key::Level, "0")),
            ("sound = \"on\"", bad(1, Key::Sound, "\"on\"")),
            ("flip = 1", bad(1, Key::Flip, "1")),
            (
                "club = \"club.example.org\"",
                bad(1, Key::Club, "\"club.example.org\""),
            ),
            ("club = 9092", bad(1, Key::Club, "9092")),
            ("club-name = \"\"", bad(1, Key::ClubName, "\"\"")),
            (
                "club-name = \"a-name-far-too-long-for-it\"",
                bad(1, Key::ClubName, "\"a-name-far-too-long-for-it\""),
            ),
            // Past any integer type, and past the largest float: still the key's own mistake.
            (
                "threads = 99999999999999999999",
                bad(1, Key::Threads, "99999999999999999999"),
            ),
            (
                "threads = 0xffffffffffffffffff",
                bad(1, Key::Threads, "0xffffffffffffffffff"),
            ),
            ("threads = 1e400", bad(1, Key::Threads, "1e400")),
            ("[theme]\n", bad(1, Key::Theme, "[theme]")),
        ] {
            assert_eq!(problem(text), said, "{text:?}");
        }
        // Numbers in the other bases TOML allows are numbers.
        assert_eq!(read("threads = 0x10").map(|c| c.threads), Ok(Some(16)));
    }

    #[test]
    fn a_key_the_file_may_not_set_is_named_and_the_first_mistake_is_the_one_said() {
        for (text, line, key) in [
            ("colour = \"red\"", 1, "colour"),
            ("theme = \"dark\"\nhash = 1e400", 2, "hash"),
            ("engine_level = 99", 1, "engine_level"),
            ("[section]\nx = 1", 1, "section"),
        ] {
            let key = key.to_string();
            assert_eq!(problem(text), Problem::UnknownKey { line, key }, "{text:?}");
        }
        // Read in the order written, not the keys' order.
        assert_eq!(
            problem("threads = 0\nanalysis-lines = 0\n"),
            bad(1, Key::Threads, "0")
        );
    }

    #[test]
    fn text_that_is_not_toml_is_placed_by_line_and_column() {
        for (text, at_line, at_column, line_text) in [
            ("this is not toml", 1, 6, "this is not toml"),
            ("glyphs = \"simplified\"\ntheme = ", 2, 9, "theme ="),
            (
                "theme = \"dark\"\ntheme = \"light\"",
                2,
                1,
                "theme = \"light\"",
            ),
            ("theme = \"dark\" x", 1, 16, "theme = \"dark\" x"),
        ] {
            let Problem::NotToml {
                line,
                column,
                text: said,
                detail,
            } = problem(text)
            else {
                panic!("{text:?} is not TOML");
            };
            assert_eq!(
                (line, column, said.as_str()),
                (at_line, at_column, line_text),
                "{text:?}"
            );
            assert!(!detail.is_empty(), "{text:?}");
        }
    }

    #[test]
    fn what_a_message_quotes_is_one_short_line_without_control_characters() {
        // A key decoded from its escapes, and a line TOML refuses for holding one raw.
        assert_eq!(
            problem("\"\\u001b[2J\" = 1"),
            Problem::UnknownKey {
                line: 1,
                key: "\\u{1b}[2J".into()
            }
        );
        let Problem::NotToml { text, .. } = problem("theme = \"\u{1b}[2J\"") else {
            panic!("a raw control character is not TOML");
        };
        assert_eq!(text, "theme = \"\\u{1b}[2J\"");
        let long = format!("theme = \"{}\"", "w".repeat(100));
        let Problem::BadValue { value, .. } = problem(&long) else {
            panic!("a bad theme");
        };
        assert_eq!(value.chars().count(), QUOTED + 1, "{value}");
        assert!(value.ends_with('…'), "{value}");
        assert_eq!(
            problem("notation = [\n  \"wxf\",\n]"),
            bad(1, Key::Notation, "[…")
        );
    }

    #[test]
    fn a_file_that_cannot_be_read_says_why_and_no_file_at_all_is_no_configuration() {
        let dir = tempfile::tempdir().expect("temporary folder");
        let file = dir.path().join("config.toml");
        assert_eq!(load_from(&file), (Config::default(), None), "no file");

        let gone = dir.path().join("gone.toml");
        std::os::unix::fs::symlink(&gone, &file).expect("link");
        let problem = |file: &Path| {
            let (config, error) = load_from(file);
            assert_eq!(config, Config::default());
            let error = error.expect("a file not used is said");
            assert_eq!(error.path, file);
            error.problem
        };
        assert_eq!(problem(&file), Problem::LinkToNothing(gone.clone()));

        std::fs::write(&gone, "theme = \"dark\"\n").expect("write");
        let (config, error) = load_from(&file);
        assert_eq!((config.theme, error), (Some(ThemeName::Dark), None));

        // A mistake leaves the rest out, but not a `lang` that reads: the reason is said in it.
        std::fs::write(&gone, "lang = \"zh-Hans\"\ntheme = \"mahogany\"\n").expect("write");
        let (config, error) = load_from(&file);
        assert_eq!(
            config,
            Config {
                lang: Some(Lang::ZhHans),
                ..Config::default()
            }
        );
        assert!(matches!(
            error.map(|e| e.problem),
            Some(Problem::BadValue { line: 2, .. })
        ));
        std::fs::write(&gone, "lang = \"klingon\"\ntheme = \"dark\"\n").expect("write");
        assert_eq!(load_from(&file).0, Config::default());
        std::fs::write(&gone, "lang = \"zh-Hant\"\ntheme = dark\n").expect("write");
        assert_eq!(
            load_from(&file).0,
            Config::default(),
            "not TOML: nothing read"
        );

        std::fs::write(&gone, b"theme = \"\xff\"\n").expect("write");
        assert_eq!(problem(&file), Problem::NotText);
        assert_eq!(problem(dir.path()), Problem::NotAFile(FileKind::Folder));
    }
}
