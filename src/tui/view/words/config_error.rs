//! Why the configuration file is not used, in the players' language: the file, the line, the
//! key, the value as written and what the key takes. Only where the text is not TOML at all
//! does the English add the TOML reader's own words; every language places it by line and
//! column and quotes the line.

use crate::tui::i18n::catalogue::{id, tr, tr_args};
use crate::tui::i18n::lang::Lang;
use crate::tui::store::config_keys::{ConfigError, Key, Problem, Takes};
use crate::tui::store::files::{READ_LIMIT, shown};
use fluent_bundle::FluentValue;

/// The words for `e` in `lang`.
#[must_use]
pub fn said(lang: Lang, e: &ConfigError) -> String {
    let path = ("path", FluentValue::from(shown(&e.path)));
    let text = |s: &str| FluentValue::from(s.to_string());
    match &e.problem {
        Problem::Unreadable(why) => {
            tr_args(lang, id::CONFIG_CANNOT_READ, &[path, ("why", text(why))])
        }
        Problem::NotAFile(what) => tr_args(
            lang,
            id::CONFIG_NOT_A_FILE,
            &[path, ("what", what.key().into())],
        ),
        Problem::TooLarge => tr_args(
            lang,
            id::CONFIG_TOO_LARGE,
            &[path, ("mib", (READ_LIMIT / (1024 * 1024)).into())],
        ),
        Problem::NotText => tr_args(lang, id::CONFIG_NOT_TEXT, &[path]),
        Problem::LinkToNothing(target) => tr_args(
            lang,
            id::CONFIG_LINK_TO_NOTHING,
            &[path, ("target", shown(target).into())],
        ),
        Problem::NotToml {
            line,
            column,
            text: line_text,
            detail,
        } => tr_args(
            lang,
            id::CONFIG_NOT_TOML,
            &[
                path,
                ("line", (*line).into()),
                ("column", (*column).into()),
                ("text", text(line_text)),
                ("detail", text(detail)),
            ],
        ),
        Problem::UnknownKey { line, key } => {
            let keys: Vec<&str> = Key::ALL.iter().map(|k| k.name()).collect();
            tr_args(
                lang,
                id::CONFIG_UNKNOWN_KEY,
                &[
                    path,
                    ("line", (*line).into()),
                    ("key", text(key)),
                    ("keys", keys.join(", ").into()),
                ],
            )
        }
        Problem::BadValue { line, key, value } => tr_args(
            lang,
            id::CONFIG_BAD_VALUE,
            &[
                path,
                ("line", (*line).into()),
                ("key", key.name().into()),
                ("value", text(value)),
                ("takes", takes(lang, &key.takes()).into()),
            ],
        ),
    }
}

/// What a key takes, in `lang`: the names in quotes, as the file must write them.
fn takes(lang: Lang, what: &Takes) -> String {
    match what {
        Takes::OneOf(names) => {
            let quoted: Vec<String> = names.iter().map(|n| format!("\"{n}\"")).collect();
            tr_args(
                lang,
                id::CONFIG_TAKES_ONE_OF,
                &[("names", quoted.join(", ").into())],
            )
        }
        Takes::OneTo(max) => tr_args(lang, id::CONFIG_TAKES_ONE_TO, &[("max", (*max).into())]),
        Takes::TrueOrFalse => tr(lang, id::CONFIG_TAKES_TRUE_OR_FALSE),
        Takes::TimeControl => tr(lang, id::CONFIG_TAKES_TIME_CONTROL),
    }
}

#[cfg(test)]
mod tests {
    use super::said;
    use crate::tui::i18n::lang::Lang;
    use crate::tui::store::config::parse;
    use crate::tui::store::config_keys::{ConfigError, Key, Problem};
    use crate::tui::store::files::FileKind;
    use std::path::{Path, PathBuf};

    const FILE: &str = "/home/p/.config/xiangqi/config.toml";

    /// The mistake in `text`, as the file at [`FILE`].
    fn mistake(text: &str) -> ConfigError {
        parse(text, Path::new(FILE)).expect_err(text)
    }

    fn at(problem: Problem) -> ConfigError {
        ConfigError {
            path: PathBuf::from(FILE),
            problem,
        }
    }

    /// One of every kind: each key with a value it does not take (of another type, out of
    /// range, past any number), a key the file may not set, text that is not TOML, and a
    /// file that cannot be read for each reason.
    fn every_kind() -> Vec<ConfigError> {
        let mut all: Vec<ConfigError> = [
            "theme = \"mahogany\"",
            "theme = 3",
            "glyphs = \"cursive\"",
            "lang = \"fr\"",
            "lang = true",
            "notation = \"algebraic\"",
            "auto-flip = \"yes\"",
            "clock = \"soon\"",
            "clock = 10",
            "analysis-lines = 17",
            "analysis-lines = 99999999999999999999",
            "threads = 0",
            "threads = 99999999999999999999",
            "threads = 1e400",
            "threads = \"two\"",
            "hash = 1e400",
            "engine_level = 99",
            "[display]\nwidth = 3",
            "this is not toml",
            "theme = ",
            "theme = \"dark\"\ntheme = \"light\"",
        ]
        .into_iter()
        .map(mistake)
        .collect();
        all.extend(
            [
                Problem::Unreadable("Permission denied (os error 13)".into()),
                Problem::NotAFile(FileKind::Folder),
                Problem::NotAFile(FileKind::Fifo),
                Problem::TooLarge,
                Problem::NotText,
                Problem::LinkToNothing(PathBuf::from("/home/p/dotfiles/xiangqi.toml")),
            ]
            .map(at),
        );
        all
    }

    /// The file's own text in `e`, which every language quotes as it is: the key, the value,
    /// the line, the path, the system's words.
    fn own_words(e: &ConfigError) -> Vec<String> {
        let mut words = vec![
            FILE.to_string(),
            "/home/p/dotfiles/xiangqi.toml".to_string(),
        ];
        match &e.problem {
            Problem::Unreadable(why) => words.push(why.clone()),
            Problem::NotToml { text, .. } => words.push(text.clone()),
            Problem::UnknownKey { key, .. } => {
                let keys: Vec<&str> = Key::ALL.iter().map(|k| k.name()).collect();
                words.extend([key.clone(), keys.join(", ")]);
            }
            Problem::BadValue { key, value, .. } => {
                words.extend([key.name().to_string(), value.clone()]);
            }
            Problem::NotAFile(_)
            | Problem::TooLarge
            | Problem::NotText
            | Problem::LinkToNothing(_) => {}
        }
        words
    }

    #[test]
    fn every_mistake_names_the_file_and_in_english_the_key_the_value_and_what_it_takes() {
        for e in every_kind() {
            let text = said(Lang::En, &e);
            assert!(
                text.starts_with(FILE) || text.starts_with("cannot read "),
                "{text}"
            );
            assert!(text.contains(FILE), "{text}");
        }
        let say = |text: &str| said(Lang::En, &mistake(text));
        assert_eq!(
            say("threads = 99999999999999999999"),
            format!(
                "{FILE}, line 1, key threads: 99999999999999999999 is not allowed — a whole \
                 number from 1 to 256"
            )
        );
        assert_eq!(
            say("lang = \"en\"\ntheme = \"mahogany\""),
            format!(
                "{FILE}, line 2, key theme: \"mahogany\" is not allowed — one of \"wood\", \
                 \"dark\", \"light\", \"high-contrast\", \"ansi16\""
            )
        );
        assert_eq!(
            say("auto-flip = 1"),
            format!("{FILE}, line 1, key auto-flip: 1 is not allowed — true or false")
        );
        assert!(
            say("clock = \"10+99999\"").contains("\"10+99999\" is not allowed — a time control"),
            "{}",
            say("clock = \"10+99999\"")
        );
        assert_eq!(
            say("\n\nhash = 1e400"),
            format!(
                "{FILE}, line 3: no key hash (the keys are theme, glyphs, lang, notation, \
                 auto-flip, analysis-lines, clock, threads, level, flip, ascii, sound, plain, \
                 blindfold)"
            )
        );
        let not_toml = say("theme = ");
        assert!(
            not_toml.starts_with(&format!("{FILE}, line 1, column 9: not TOML (")),
            "{not_toml}"
        );
        assert!(not_toml.ends_with("): theme ="), "{not_toml}");
    }

    #[test]
    fn chinese_says_every_mistake_without_english_words() {
        // TOML, the name of the format, and its two truth values stay as a file writes them.
        let kept = ["TOML", "UTF", "MiB", "FIFO", "true", "false"];
        for lang in [Lang::ZhHans, Lang::ZhHant] {
            for e in every_kind() {
                let text = said(lang, &e);
                assert!(
                    text.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c)),
                    "{lang}: {text}"
                );
                // The file's own words, and what a file may write in quotes, are not English.
                let mut plain = text.clone();
                for own in own_words(&e) {
                    plain = plain.replace(&own, " ");
                }
                let plain: String = plain.split('"').step_by(2).collect::<Vec<_>>().join(" ");
                let english = crate::tui::tests::english_words(&plain, &kept);
                assert!(english.is_empty(), "{lang}: {text}: {english:?}");
            }
        }
    }

    #[test]
    fn the_chinese_names_the_line_key_value_and_what_is_allowed() {
        let e = mistake("lang = \"zh-Hans\"\nthreads = 99999999999999999999\n");
        assert_eq!(
            said(Lang::ZhHans, &e),
            format!("{FILE} 第 2 行，threads 不能是 99999999999999999999 — 应为 1 到 256 的整数")
        );
        assert_eq!(
            said(Lang::ZhHant, &e),
            format!("{FILE} 第 2 行，threads 不能是 99999999999999999999 — 應為 1 到 256 的整數")
        );
        let e = mistake("theme = ");
        assert_eq!(
            said(Lang::ZhHans, &e),
            format!("{FILE} 第 1 行第 9 列不是 TOML 的写法：theme =")
        );
    }
}
