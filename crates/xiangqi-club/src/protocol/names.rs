//! Names and chat lines: what a name may be, and a line made safe to show.

use xiangqi_rules::sanitize::defuse;

/// The shortest name, in characters.
pub const MIN_NAME: usize = 2;
/// The longest name, in characters.
pub const MAX_NAME: usize = 20;
/// The longest chat line kept, in characters; the rest is cut.
pub const MAX_CHAT: usize = 280;
/// Names that begin with this (in any case) are the server's bots'.
pub const BOT_PREFIX: &str = "bot-";

/// Why a name is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NameError {
    /// Too short or too long.
    #[error("a name has {MIN_NAME} to {MAX_NAME} characters")]
    Length,
    /// A character other than a letter, a digit, `_`, `-` or `.`.
    #[error("a name has letters, digits, '_', '-' and '.' only, found {0:?}")]
    Character(char),
    /// Not beginning with a letter or digit.
    #[error("a name begins with a letter or a digit")]
    Start,
    /// Kept for the server's bots.
    #[error("names beginning with {BOT_PREFIX:?} are kept for the server's computer players")]
    Reserved,
}

/// Checks a player's name: [`MIN_NAME`] to [`MAX_NAME`] letters (of any script), digits,
/// `_`, `-` or `.`, beginning with a letter or digit, not a bot's.
///
/// # Errors
/// What is wrong with it.
pub fn check_name(name: &str) -> Result<(), NameError> {
    check_form(name)?;
    if name.to_lowercase().starts_with(BOT_PREFIX) {
        return Err(NameError::Reserved);
    }
    Ok(())
}

/// [`check_name`] without the bots' prefix: the form every name has.
///
/// # Errors
/// What is wrong with it.
pub fn check_form(name: &str) -> Result<(), NameError> {
    let count = name.chars().count();
    if !(MIN_NAME..=MAX_NAME).contains(&count) {
        return Err(NameError::Length);
    }
    if let Some(c) = name
        .chars()
        .find(|&c| !(c.is_alphanumeric() || matches!(c, '_' | '-' | '.')))
    {
        return Err(NameError::Character(c));
    }
    if !name.chars().next().is_some_and(char::is_alphanumeric) {
        return Err(NameError::Start);
    }
    Ok(())
}

/// The form of a name that two names differing only in case share: one player may not take
/// `Alice` while another holds `alice`.
#[must_use]
pub fn name_key(name: &str) -> String {
    name.to_lowercase()
}

/// A chat line as it is passed on: control characters replaced (a line break becomes a
/// space), spaces around it trimmed, at most [`MAX_CHAT`] characters; `None` if nothing is
/// left.
#[must_use]
pub fn clean_chat(text: &str) -> Option<String> {
    let safe = defuse(text, false);
    let trimmed = safe.trim();
    if trimmed.is_empty() {
        return None;
    }
    Some(trimmed.chars().take(MAX_CHAT).collect())
}
