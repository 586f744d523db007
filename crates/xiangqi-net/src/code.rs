//! The join code: a number from 0 to 999 and two words of [`WORDS`], e.g. `7-river-cannon`.
//!
//! A code is drawn from `1000 × 256 × 256` = 65,536,000 equally likely ones (about 26 bits).
//! It is the password of the key exchange, so it can only be checked by completing a
//! handshake with the host: nobody can test guesses offline, even after watching a real
//! game's bytes. The host counts every exchange that reached its key as a guess before it is
//! checked, and checks no code against more than [`GUESSES_PER_CODE`] of them
//! ([`crate::guesses`]): each code falls to a guesser with a chance of at most 3 in
//! 65,536,000. A guess learns its verdict a second after it was counted at the soonest, and
//! the host gives at most 3 verdicts a second in all ([`crate::guesses::Pace`]).

use crate::words::WORDS;
use std::fmt;
use std::str::FromStr;

/// Wrong codes the host accepts before it draws a new code.
pub const GUESSES_PER_CODE: u32 = 3;

/// Bits of entropy of a code: log2(1000 × 256 × 256).
pub const CODE_BITS: f64 = 25.966;

/// A join code.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct JoinCode {
    number: u16,
    words: [u8; 2],
}

/// Why text is not a join code.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CodeError {
    /// Not `NUMBER-WORD-WORD`.
    #[error("a join code is a number and two words, like 7-river-cannon; found {0:?}")]
    Shape(String),
    /// The number is not 0 to 999.
    #[error("the join code's number must be 0 to 999; found {0:?}")]
    Number(String),
    /// A word that is not in the list.
    #[error("{0:?} is not a word of a join code (check the spelling on the host's screen)")]
    Word(String),
}

/// Why no random code could be drawn.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("no random numbers from the operating system: {0}")]
pub struct RandomError(String);

#[cfg(test)]
impl RandomError {
    /// The error as a test stands in for the operating system.
    pub(crate) fn for_tests() -> RandomError {
        RandomError("none in this test".into())
    }
}

impl JoinCode {
    /// A new random code, from the operating system's random numbers.
    ///
    /// # Errors
    /// The operating system gives no random numbers.
    pub fn random() -> Result<JoinCode, RandomError> {
        let mut bytes = [0u8; 4];
        getrandom::fill(&mut bytes).map_err(|e| RandomError(e.to_string()))?;
        // 65536 is not a multiple of 1000: draw again until the number falls in a whole
        // range (at most a few times), so every number is equally likely.
        let mut raw = u16::from_le_bytes([bytes[0], bytes[1]]);
        while raw >= 65_000 {
            let mut two = [0u8; 2];
            getrandom::fill(&mut two).map_err(|e| RandomError(e.to_string()))?;
            raw = u16::from_le_bytes(two);
        }
        Ok(JoinCode {
            number: raw % 1000,
            words: [bytes[2], bytes[3]],
        })
    }

    /// The bytes both ends feed the key exchange: the code's canonical text.
    #[must_use]
    pub fn password(&self) -> Vec<u8> {
        self.to_string().into_bytes()
    }
}

impl fmt::Display for JoinCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}-{}-{}",
            self.number,
            WORDS[usize::from(self.words[0])],
            WORDS[usize::from(self.words[1])]
        )
    }
}

impl FromStr for JoinCode {
    type Err = CodeError;

    /// Reads `7-river-cannon` (any case, spaces around it ignored; spaces between the parts
    /// are taken as hyphens).
    fn from_str(text: &str) -> Result<JoinCode, CodeError> {
        let lower = text.trim().to_ascii_lowercase().replace(' ', "-");
        let parts: Vec<&str> = lower.split('-').filter(|p| !p.is_empty()).collect();
        let [number, first, second] = parts[..] else {
            return Err(CodeError::Shape(text.to_string()));
        };
        let number = match number.parse::<u16>() {
            Ok(n) if n < 1000 && number.len() <= 3 => n,
            _ => return Err(CodeError::Number(number.to_string())),
        };
        let index = |word: &str| {
            WORDS
                .iter()
                .position(|w| *w == word)
                .and_then(|i| u8::try_from(i).ok())
                .ok_or_else(|| CodeError::Word(word.to_string()))
        };
        Ok(JoinCode {
            number,
            words: [index(first)?, index(second)?],
        })
    }
}
