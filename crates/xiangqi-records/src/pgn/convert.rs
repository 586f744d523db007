//! Converting game files: every game read (any encoding and notation) and written again as
//! PGN in the notation asked for, as soon as it is read, with what the conversion has to say
//! about each game.

use super::stream::GameReader;
use super::writer::{result_disagreement, write_pgn};
use super::{CutReason, PgnError, PgnGame, PgnResult};
use std::fmt;
use std::io::{self, BufRead, Write};
use xiangqi_rules::{CutLine, Notation, NotationStyle, Outcome};

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
    /// The `[Result]` tag and the result at the end of the movetext disagree; the
    /// movetext's is kept (it is the one written after the moves).
    ResultTagDiffers {
        /// Which game, from 1.
        game: usize,
        /// What the tag says.
        tag: PgnResult,
        /// What the movetext ends with.
        movetext: PgnResult,
    },
    /// A CCBridge library's chapter headings (records with an empty board and no moves,
    /// only a title and a comment) were passed over, so many: they are not games, nor
    /// counted as games.
    HeadingsPassed(usize),
    /// A line of a record in another format (XQF, DhtmlXQ, CCBridge) was cut where one of
    /// its moves cannot be played; the rest of the game is written.
    LineCut {
        /// Which game, from 1.
        game: usize,
        /// Which line, where, and why.
        cut: CutLine<CutReason>,
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
            Notice::ResultTagDiffers {
                game,
                tag,
                movetext,
            } => write!(
                f,
                "game {game}: the [Result] tag says {tag} but the moves end with {movetext}: \
                 {movetext} is kept"
            ),
            Notice::LineCut { game, cut } => write!(f, "game {game}: {cut}"),
            Notice::HeadingsPassed(1) => {
                f.write_str("one chapter heading passed over (no board: not a game)")
            }
            Notice::HeadingsPassed(n) => {
                write!(f, "{n} chapter headings passed over (no board: not games)")
            }
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
    notice: impl FnMut(Notice),
) -> io::Result<usize> {
    let options = ConvertOptions {
        game,
        notation,
        style,
        openings: false,
    };
    convert_with(input, out, &options, notice)
}

/// What [`convert_with`] writes.
#[derive(Clone, Copy, Debug)]
pub struct ConvertOptions<'a> {
    /// Only this game, counted from 1 (the file is read no further).
    pub game: Option<usize>,
    /// The notation of the moves written.
    pub notation: Notation,
    /// How Chinese moves are written.
    pub style: &'a NotationStyle,
    /// Add `[ECCO]` and `[Opening]` tags (see [`opening_tags`]) to games without them.
    pub openings: bool,
}

/// [`convert_stream`] with every option, the opening tags among them.
///
/// # Errors
/// Writing to `out` failed.
pub fn convert_with<R: BufRead, W: Write>(
    input: R,
    out: &mut W,
    options: &ConvertOptions<'_>,
    mut notice: impl FnMut(Notice),
) -> io::Result<usize> {
    let ConvertOptions {
        game,
        notation,
        style,
        openings,
    } = *options;
    let mut reader = GameReader::new(input);
    let games: Box<dyn Iterator<Item = Result<PgnGame, PgnError>>> = match game {
        Some(n) => Box::new(std::iter::once(reader.game(n))),
        None => Box::new(reader.by_ref()),
    };
    let mut written = 0;
    for (i, g) in games.enumerate() {
        match g {
            Ok(g) => {
                let number = game.unwrap_or(i + 1);
                for cut in g.cut() {
                    notice(Notice::LineCut {
                        game: number,
                        cut: cut.clone(),
                    });
                }
                if let Some(tag) = g.tag("Result").and_then(|t| t.parse::<PgnResult>().ok())
                    && tag != PgnResult::Unknown
                    && g.result() != PgnResult::Unknown
                    && tag != g.result()
                {
                    notice(Notice::ResultTagDiffers {
                        game: number,
                        tag,
                        movetext: g.result(),
                    });
                }
                let mut tags = g.stated_tags();
                if openings {
                    opening_tags(&mut tags, g.start(), g.moves(), style);
                }
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
    if reader.headings() > 0 {
        notice(Notice::HeadingsPassed(reader.headings()));
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

/// Adds the tags a game lacks of `[ECCO]` (its code, for a game from the standard start)
/// and `[Opening]` (the name of its code — the code already in the tags if there is one —
/// in the glyphs of `style`). Tags already there are kept as they are.
pub fn opening_tags(
    tags: &mut Vec<(String, String)>,
    start: &xiangqi_rules::Position,
    moves: &[xiangqi_rules::Move],
    style: &NotationStyle,
) {
    let has = |tags: &[(String, String)], name: &str| {
        tags.iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.clone())
    };
    let stated = has(tags, "ECCO");
    let found = match &stated {
        Some(code) => crate::opening::named(code),
        None => crate::opening::classify_game(start, moves),
    };
    let Some(found) = found else { return };
    if stated.is_none() {
        tags.push(("ECCO".into(), found.code.into()));
    }
    if has(tags, "Opening").is_none() {
        let name = match style.glyphs {
            xiangqi_rules::Glyphs::Traditional => found.traditional,
            _ => found.simplified,
        };
        tags.push(("Opening".into(), name.into()));
    }
}
