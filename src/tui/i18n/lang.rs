//! The players' language: English, simplified or traditional Chinese, chosen by `--lang`,
//! the configuration file or the locale.

use std::fmt;
use std::str::FromStr;

/// A language the screen can speak.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub enum Lang {
    /// English.
    #[default]
    En,
    /// Simplified Chinese (mainland).
    ZhHans,
    /// Traditional Chinese (Taiwan, Hong Kong).
    ZhHant,
}

impl Lang {
    /// Every language.
    pub const ALL: [Lang; 3] = [Lang::En, Lang::ZhHans, Lang::ZhHant];

    /// The name `--lang` and the configuration file use (a BCP 47 tag).
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::ZhHans => "zh-Hans",
            Lang::ZhHant => "zh-Hant",
        }
    }

    /// The language a POSIX locale value names: `zh_CN.UTF-8` simplified, `zh_TW`/`zh_HK`
    /// (and `zh_MO`, `zh-Hant`) traditional, anything else English. The program writes
    /// UTF-8, so a locale of another character set (`zh_CN.GBK`, `zh_TW.Big5`) gets
    /// English, which such a terminal still shows.
    #[must_use]
    pub fn from_locale(value: &str) -> Lang {
        let codeset = value.split('@').next().and_then(|v| v.split_once('.'));
        if let Some((_, codeset)) = codeset {
            let codeset = codeset.to_ascii_lowercase().replace(['-', '_'], "");
            if codeset != "utf8" {
                return Lang::En;
            }
        }
        let tag = value
            .split(['.', '@'])
            .next()
            .unwrap_or("")
            .replace('-', "_")
            .to_ascii_lowercase();
        if !(tag == "zh" || tag.starts_with("zh_")) {
            return Lang::En;
        }
        if ["zh_tw", "zh_hk", "zh_mo", "zh_hant"]
            .iter()
            .any(|t| tag.starts_with(t))
        {
            Lang::ZhHant
        } else {
            Lang::ZhHans
        }
    }

    /// The language of the environment: the first of `LC_ALL`, `LC_MESSAGES` and `LANG`
    /// that is set and not empty, as POSIX orders them; `get` reads a variable.
    #[must_use]
    pub fn from_env(get: impl Fn(&str) -> Option<String>) -> Lang {
        ["LC_ALL", "LC_MESSAGES", "LANG"]
            .iter()
            .find_map(|name| get(name).filter(|v| !v.is_empty()))
            .map_or(Lang::En, |v| Lang::from_locale(&v))
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A language name that is not one the screen speaks.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("no language {0:?} (there are en, zh-Hans, zh-Hant)")]
pub struct UnknownLang(pub String);

impl FromStr for Lang {
    type Err = UnknownLang;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Lang::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| UnknownLang(s.to_string()))
    }
}

/// An environment of `vars` only, for tests of what reads the environment.
#[cfg(test)]
pub fn fake_env(vars: &'static [(&'static str, &'static str)]) -> impl Fn(&str) -> Option<String> {
    move |name: &str| {
        vars.iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| (*v).to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locale_picks_the_script() {
        for (locale, lang) in [
            ("zh_CN.UTF-8", Lang::ZhHans),
            ("zh_SG", Lang::ZhHans),
            ("zh_TW.UTF-8", Lang::ZhHant),
            ("zh_HK", Lang::ZhHant),
            ("zh_TW.utf8", Lang::ZhHant),
            ("zh_CN.utf-8@pinyin", Lang::ZhHans),
            // The screen is UTF-8: a terminal of another character set gets English.
            ("zh_HK.Big5", Lang::En),
            ("zh_CN.GBK", Lang::En),
            ("zh_CN.GB18030", Lang::En),
            ("en_US.UTF-8", Lang::En),
            ("C", Lang::En),
            ("POSIX", Lang::En),
            ("zu_ZA", Lang::En),
        ] {
            assert_eq!(Lang::from_locale(locale), lang, "{locale}");
        }
    }

    #[test]
    fn lc_all_wins_over_lc_messages_over_lang() {
        let env = fake_env;
        assert_eq!(
            Lang::from_env(env(&[("LANG", "zh_CN.UTF-8"), ("LC_ALL", "zh_TW")])),
            Lang::ZhHant
        );
        assert_eq!(
            Lang::from_env(env(&[("LANG", "zh_CN.UTF-8"), ("LC_ALL", "")])),
            Lang::ZhHans
        );
        assert_eq!(
            Lang::from_env(env(&[("LC_MESSAGES", "en_GB"), ("LANG", "zh_CN")])),
            Lang::En
        );
        assert_eq!(Lang::from_env(env(&[])), Lang::En);
    }
}
