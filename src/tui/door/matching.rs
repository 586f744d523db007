//! Finding a command by what the player types: the words of its name in English or Chinese
//! (in either set of characters, whatever the screen's language), its key, or the first
//! letters of its Chinese name's pinyin (`fz` for 翻转), best first.
//!
//! The pinyin comes from the `pinyin` crate's table, read off the catalogues' own words, so
//! a name changed in a catalogue is found by its new letters at once; every reading of a
//! character counts (重 is found by `z` and by `c`).

use crate::tui::door::commands::COMMANDS;
use crate::tui::door::keys::Key;
use crate::tui::i18n::catalogue::tr;
use crate::tui::i18n::lang::Lang;
use pinyin::ToPinyinMulti;
use std::sync::OnceLock;

/// What a command is found by.
#[derive(Debug)]
struct Findable {
    /// Its name in each language, lower case.
    names: Vec<String>,
    /// Its keys as their caps read, lower case.
    keys: Vec<String>,
    /// For each Chinese name, each character's possible first letters: a Chinese
    /// character's readings' (lower case), a Latin letter or digit itself; other marks are
    /// left out.
    initials: Vec<Vec<Vec<char>>>,
}

impl Findable {
    fn of(name: crate::tui::i18n::catalogue::Id, keys: &[Key]) -> Findable {
        let names: Vec<String> = Lang::ALL
            .iter()
            .map(|&lang| tr(lang, name).to_lowercase())
            .collect();
        let initials = [Lang::ZhHans, Lang::ZhHant]
            .iter()
            .map(|&lang| first_letters(&tr(lang, name)))
            .collect();
        Findable {
            names,
            keys: keys.iter().map(|k| k.cap(true).to_lowercase()).collect(),
            initials,
        }
    }
}

/// Each character of `text` with the letters its pinyin may start with (see
/// [`Findable::initials`]).
fn first_letters(text: &str) -> Vec<Vec<char>> {
    text.chars()
        .filter_map(|c| {
            if c.is_ascii_alphanumeric() {
                return Some(vec![c.to_ascii_lowercase()]);
            }
            let readings = c.to_pinyin_multi()?;
            let mut letters: Vec<char> = readings
                .into_iter()
                .filter_map(|p| p.first_letter().chars().next())
                .collect();
            letters.dedup();
            Some(letters)
        })
        .collect()
}

/// Every command's [`Findable`], worked out once from the catalogues.
fn findable() -> &'static [Findable] {
    static ALL: OnceLock<Vec<Findable>> = OnceLock::new();
    ALL.get_or_init(|| {
        COMMANDS
            .iter()
            .map(|c| Findable::of(c.name, c.keys))
            .collect()
    })
}

/// Does `term` (Latin letters) run along `initials` from `at`?
fn initials_at(initials: &[Vec<char>], term: &str, at: usize) -> bool {
    term.chars()
        .enumerate()
        .all(|(i, c)| initials.get(at + i).is_some_and(|set| set.contains(&c)))
}

/// Only each character's first reading's letter: the usual one.
fn main_readings(initials: &[Vec<char>]) -> Vec<Vec<char>> {
    initials
        .iter()
        .map(|set| set.iter().take(1).copied().collect())
        .collect()
}

/// Are `term`'s characters in `word`, in order, the first on its first?
fn in_order(term: &str, word: &str) -> bool {
    let mut rest = word.chars();
    if term.chars().next() != word.chars().next() {
        return false;
    }
    term.chars().all(|t| rest.any(|w| w == t))
}

/// How well `term` (lower case, no spaces) names `f`: 0 not at all; a whole word of a name
/// is best (the first word before the others), then its key, the start of a word, the name's pinyin from its first letter, a
/// part of a name or of its pinyin, and last its letters in order within one word — the
/// more of the word they cover, the better (`rsgn` names "resign" before "resignation").
fn term_score(term: &str, f: &Findable) -> u32 {
    let mut best = 0;
    for name in &f.names {
        let words = name
            .split(|c: char| !c.is_alphanumeric())
            .filter(|w| !w.is_empty());
        for (at, word) in words.enumerate() {
            // The name's first word says what the command is: "settings" is the settings'
            // name before it is the menu's.
            let first = if at == 0 { 5 } else { 0 };
            if word == term {
                best = best.max(60 + first);
            } else if word.starts_with(term) {
                best = best.max(40 + first);
            }
        }
        if name.contains(term) {
            best = best.max(20);
        }
    }
    if f.keys.iter().any(|k| k == term) {
        best = best.max(50);
    }
    if term.len() >= 2 && term.chars().all(|c| c.is_ascii_alphanumeric()) {
        for initials in &f.initials {
            if initials_at(&main_readings(initials), term, 0) {
                // By each character's usual reading: 设置 before 选子 (选 read suan).
                best = best.max(32);
            } else if initials_at(initials, term, 0) {
                best = best.max(30);
            } else if (1..initials.len()).any(|at| initials_at(initials, term, at)) {
                best = best.max(20);
            }
        }
    }
    if best == 0 && term.chars().count() >= 2 {
        let words = f
            .names
            .iter()
            .flat_map(|n| n.split(|c: char| !c.is_alphanumeric()));
        let count = term.chars().count();
        best = words
            .filter(|w| in_order(term, w))
            // 1 to 9 by the part of the word the letters make.
            .map(|w| 1 + u32::try_from(8 * count / w.chars().count().max(count)).unwrap_or(8))
            .max()
            .unwrap_or(0);
    }
    best
}

/// The commands (indexes into [`COMMANDS`]) that `query` names, best first, the list's
/// order among equals; every command, in order, for a blank query. Each word of the query
/// must name the command.
#[must_use]
pub fn find(query: &str) -> Vec<usize> {
    let terms: Vec<String> = query.split_whitespace().map(str::to_lowercase).collect();
    let mut scored: Vec<(u32, usize)> = findable()
        .iter()
        .enumerate()
        .filter_map(|(i, f)| {
            let mut total = 0;
            for term in &terms {
                match term_score(term, f) {
                    0 => return None,
                    score => total += score,
                }
            }
            Some((total, i))
        })
        .collect();
    scored.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    scored.into_iter().map(|(_, i)| i).collect()
}

#[cfg(test)]
mod tests {
    use super::{find, first_letters};
    use crate::tui::door::commands::COMMANDS;
    use crate::tui::i18n::catalogue::id;

    /// The name of the command `find` puts first for `query`.
    fn first(query: &str) -> Option<crate::tui::i18n::catalogue::Id> {
        find(query).first().map(|&i| COMMANDS[i].name)
    }

    #[test]
    fn a_command_is_found_by_english_chinese_pinyin_or_its_key() {
        assert_eq!(first("flip"), Some(id::CMD_FLIP));
        assert_eq!(first("Flip"), Some(id::CMD_FLIP));
        assert_eq!(first("翻转"), Some(id::CMD_FLIP));
        assert_eq!(first("翻轉"), Some(id::CMD_FLIP));
        assert_eq!(first("fz"), Some(id::CMD_FLIP));
        assert_eq!(first("fzqp"), Some(id::CMD_FLIP));
        assert_eq!(first("take back"), Some(id::CMD_UNDO));
        assert_eq!(first("悔棋"), Some(id::CMD_UNDO));
        assert_eq!(first("ctrl-p"), Some(id::CMD_PALETTE));
        assert_eq!(first("resign"), Some(id::CMD_RESIGN));
        assert_eq!(first("rsgn"), Some(id::CMD_RESIGN));
        assert_eq!(first("settings"), Some(id::CMD_SETTINGS));
        assert_eq!(first("设置"), Some(id::CMD_SETTINGS));
        assert_eq!(first("sz"), Some(id::CMD_SETTINGS));
    }

    #[test]
    fn a_word_that_names_nothing_finds_nothing_and_a_blank_finds_everything() {
        assert!(find("xyzzy").is_empty());
        assert!(find("flip xyzzy").is_empty(), "every word must name it");
        assert_eq!(find("   ").len(), COMMANDS.len());
        assert_eq!(find("")[0], 0);
    }

    #[test]
    fn every_reading_of_a_character_counts() {
        // 重 reads zhong and chong; 还 huan and hai.
        let letters = first_letters("重还 A1");
        assert!(
            letters[0].contains(&'z') && letters[0].contains(&'c'),
            "{letters:?}"
        );
        assert!(letters[1].contains(&'h'), "{letters:?}");
        assert_eq!(letters[2..], [vec!['a'], vec!['1']]);
    }
}
