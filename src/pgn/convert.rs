//! Converting game files: every game read (any encoding and notation) and written again as
//! PGN in the notation asked for, as soon as it is read, with what the conversion has to say
//! about each game.

use super::stream::GameReader;
use super::writer::{result_disagreement, write_pgn};
use super::{PgnError, PgnGame, PgnResult};
use crate::{Notation, NotationStyle, Outcome};
use std::fmt;
use std::io::{self, BufRead, Write};

/// Something [`convert_stream`] has to say about a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// The game could not be read; it is left out.
    Unreadable(PgnError),
    /// The record states a result the rules judge otherwise; the record's is kept.
    ResultDiffers {
        /// Which game, from 1.
        game: usize,
        /// What the record says.
        stated: PgnResult,
        /// What the rules say at the end of its main line.
        judged: Outcome,
    },
}

impl Notice {
    /// Is it an error (a game left out), rather than a warning?
    #[must_use]
    pub fn is_error(&self) -> bool {
        matches!(self, Notice::Unreadable(_))
    }
}

impl fmt::Display for Notice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Notice::Unreadable(e) => e.fmt(f),
            Notice::ResultDiffers {
                game,
                stated,
                judged,
            } => write!(
                f,
                "game {game}: the record's result {stated} is kept, though the rules judge \
                 {} ({judged})",
                judged.pgn_result()
            ),
        }
    }
}

/// Reads the games of `input` one at a time and writes each — or only game `game`, counted
/// from 1, reading no further — to `out` as PGN in `notation`, as soon as it is read.
/// Variations and comments are kept; a result the record states is kept (see
/// [`write_pgn`]). Games that cannot be read are left out; they, and results the rules judge
/// otherwise, are told to `notice` as they come. Returns how many games were written.
///
/// # Errors
/// Writing to `out` failed.
pub fn convert_stream<R: BufRead, W: Write>(
    input: R,
    out: &mut W,
    game: Option<usize>,
    notation: Notation,
    style: &NotationStyle,
    mut notice: impl FnMut(Notice),
) -> io::Result<usize> {
    let reader = GameReader::new(input);
    let games: Box<dyn Iterator<Item = Result<PgnGame, PgnError>>> = match game {
        Some(n) => Box::new(std::iter::once(reader.game(n))),
        None => Box::new(reader),
    };
    let mut written = 0;
    for (i, g) in games.enumerate() {
        match g {
            Ok(g) => {
                let number = game.unwrap_or(i + 1);
                let tags = g.stated_tags();
                let played = g.into_game();
                if let Some((stated, judged)) = result_disagreement(&played, &tags) {
                    notice(Notice::ResultDiffers {
                        game: number,
                        stated,
                        judged,
                    });
                }
                if written > 0 {
                    out.write_all(b"\n")?;
                }
                out.write_all(write_pgn(&played, &tags, notation, style).as_bytes())?;
                written += 1;
            }
            Err(e) => notice(Notice::Unreadable(e)),
        }
    }
    out.flush()?;
    Ok(written)
}

/// Reads a game file (any encoding, any notation) and writes its games — or only game `game`,
/// counted from 1 — as PGN in `notation`, one after another: [`convert_stream`] on bytes in
/// memory. Games that cannot be read are left out and their errors returned.
#[must_use]
pub fn convert(
    bytes: &[u8],
    game: Option<usize>,
    notation: Notation,
    style: &NotationStyle,
) -> (String, Vec<PgnError>) {
    let mut out = Vec::new();
    let mut errors = Vec::new();
    // Writing to memory cannot fail.
    let _ = convert_stream(bytes, &mut out, game, notation, style, |n| {
        if let Notice::Unreadable(e) = n {
            errors.push(e);
        }
    });
    let text = String::from_utf8(out)
        .unwrap_or_else(|e| String::from_utf8_lossy(e.as_bytes()).into_owned());
    (text, errors)
}
