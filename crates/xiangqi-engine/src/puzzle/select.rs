//! Which puzzle to give a player next: one within a rating range and with a theme if asked,
//! not seen lately, its rating the nearest to the player's.

use super::Theme;
use super::entry::Entry;
use std::fmt;
use std::str::FromStr;

/// What the player asked to see.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Filter {
    /// Only puzzles with this theme (a family such as `fork` or `mate`, or a full name such
    /// as `mate-in-2`: [`super::Theme::matches`]).
    pub theme: Option<String>,
    /// Only puzzles rated from this…
    pub min_rating: Option<u32>,
    /// …to this, both included.
    pub max_rating: Option<u32>,
}

impl Filter {
    /// Does `entry` pass?
    #[must_use]
    pub fn admits(&self, entry: &Entry) -> bool {
        self.theme.as_deref().is_none_or(|t| entry.has_theme(t))
            && self.min_rating.is_none_or(|lo| entry.rating >= lo)
            && self.max_rating.is_none_or(|hi| entry.rating <= hi)
    }
}

/// A filter as a player writes it: a theme and a rating range, comma-separated, in any order
/// and each optional (`fork,1200-1600`, `mate`, `1500-`, `-1000`); an empty text admits all.
///
/// ```
/// use xiangqi_engine::puzzle::Filter;
/// let f: Filter = "fork, 1200-1600".parse().unwrap();
/// assert_eq!((f.theme.as_deref(), f.min_rating, f.max_rating), (Some("fork"), Some(1200), Some(1600)));
/// assert_eq!(f.to_string(), "fork,1200-1600");
/// assert_eq!("1500-".parse::<Filter>().unwrap().to_string(), "1500-");
/// assert!("forks".parse::<Filter>().is_err());
/// assert!("1600-1200".parse::<Filter>().is_err());
/// ```
impl FromStr for Filter {
    type Err = FilterError;

    fn from_str(text: &str) -> Result<Filter, FilterError> {
        let mut filter = Filter::default();
        for word in text.split(',').map(str::trim).filter(|w| !w.is_empty()) {
            let bad = || FilterError(word.to_string());
            let range = word.split_once('-').filter(|(lo, hi)| {
                let digits = |n: &str| n.chars().all(|c| c.is_ascii_digit());
                digits(lo) && digits(hi) && lo.len() + hi.len() > 0
            });
            if let Some((lo, hi)) = range {
                let number = |n: &str| (!n.is_empty()).then(|| n.parse::<u32>()).transpose();
                filter.min_rating = number(lo).map_err(|_| bad())?;
                filter.max_rating = number(hi).map_err(|_| bad())?;
                if let (Some(lo), Some(hi)) = (filter.min_rating, filter.max_rating)
                    && lo > hi
                {
                    return Err(bad());
                }
            } else {
                let word = word.to_ascii_lowercase();
                if !Theme::NAMES.contains(&word.as_str()) && word.parse::<Theme>().is_err() {
                    return Err(bad());
                }
                filter.theme = Some(word);
            }
        }
        Ok(filter)
    }
}

/// `fork,1200-1600` — the form [`Filter::from_str`] reads; empty for no filter.
impl fmt::Display for Filter {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut words = Vec::new();
        if let Some(theme) = &self.theme {
            words.push(theme.clone());
        }
        if self.min_rating.is_some() || self.max_rating.is_some() {
            let shown = |n: Option<u32>| n.map(|n| n.to_string()).unwrap_or_default();
            words.push(format!(
                "{}-{}",
                shown(self.min_rating),
                shown(self.max_rating)
            ));
        }
        f.write_str(&words.join(","))
    }
}

/// A word of a filter that is neither a theme nor a rating range (or a range whose low end
/// is above its high end).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FilterError(pub String);

impl fmt::Display for FilterError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'{}' is neither a theme ({}, mate-in-N) nor a rating range (1200-1600, 1500-, -1000)",
            self.0,
            Theme::NAMES.join(", ")
        )
    }
}

impl std::error::Error for FilterError {}

/// The puzzle for a player rated `rating`: among those `filter` admits and whose ids are
/// not in `recent`, the one whose rating is nearest (the first in `entries`' order on a
/// tie). When every admitted puzzle was seen lately, the nearest of them all: a small
/// filtered set is played again rather than not at all. `None` if the filter admits none.
///
/// ```
/// use xiangqi_engine::puzzle::{Filter, parse_tactics, pick};
/// let text = "a\t3k5/r8/9/9/1N7/9/9/9/9/5K3 w\tb5c7 d9d8 c7a8\t900\tfork\tx\n\
///             b\t3k5/r8/9/9/1N7/9/9/9/9/5K3 w\tb5c7 d9d8 c7a8\t1400\tfork\tx\n";
/// let all = parse_tactics(text).unwrap();
/// assert_eq!(pick(&all, 1350, &Filter::default(), &[]).unwrap().id, "b");
/// assert_eq!(pick(&all, 1350, &Filter::default(), &["b"]).unwrap().id, "a");
/// ```
#[must_use]
pub fn pick<'a>(
    entries: &'a [Entry],
    rating: u32,
    filter: &Filter,
    recent: &[&str],
) -> Option<&'a Entry> {
    let distance = |e: &&Entry| e.rating.abs_diff(rating);
    let admitted = || entries.iter().filter(|e| filter.admits(e));
    admitted()
        .filter(|e| !recent.contains(&e.id.as_str()))
        .min_by_key(distance)
        .or_else(|| admitted().min_by_key(distance))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzle::parse_tactics;

    fn entries() -> Vec<Entry> {
        let pos = "3k5/r8/9/9/1N7/9/9/9/9/5K3 w";
        let text = [
            ("p800", 800, "fork,wins-chariot"),
            ("p1200", 1200, "fork"),
            ("p1250", 1250, "pin"),
            ("p2000", 2000, "mate-in-2"),
        ]
        .iter()
        .map(|(id, r, t)| format!("{id}\t{pos}\tb5c7 d9d8 c7a8\t{r}\t{t}\tsource\n"))
        .collect::<String>();
        parse_tactics(&text).expect("test puzzles")
    }

    fn id(e: Option<&Entry>) -> &str {
        e.map_or("none", |e| e.id.as_str())
    }

    #[test]
    fn the_nearest_rating_not_seen_lately_comes_next() {
        let all = entries();
        let any = Filter::default();
        assert_eq!(id(pick(&all, 1240, &any, &[])), "p1250");
        assert_eq!(id(pick(&all, 1240, &any, &["p1250"])), "p1200");
        assert_eq!(id(pick(&all, 1900, &any, &[])), "p2000");
        assert_eq!(id(pick(&all, 100, &any, &["p800"])), "p1200");
    }

    #[test]
    fn theme_and_rating_range_filter_and_a_seen_set_is_given_again() {
        let all = entries();
        let forks = Filter {
            theme: Some("fork".into()),
            ..Filter::default()
        };
        assert_eq!(id(pick(&all, 1250, &forks, &[])), "p1200");
        assert_eq!(id(pick(&all, 1250, &forks, &["p1200", "p800"])), "p1200");
        let mates = Filter {
            theme: Some("mate".into()),
            ..Filter::default()
        };
        assert_eq!(id(pick(&all, 600, &mates, &[])), "p2000");
        let band = Filter {
            min_rating: Some(1000),
            max_rating: Some(1225),
            ..Filter::default()
        };
        assert_eq!(id(pick(&all, 1250, &band, &[])), "p1200");
        let none = Filter {
            theme: Some("cannon-screen".into()),
            ..Filter::default()
        };
        assert!(pick(&all, 1250, &none, &[]).is_none());
    }
}
