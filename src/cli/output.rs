//! What the commands print, and how they fail: standard output that is closed early ends
//! the output quietly, any other write error (a full disk) is a message and exit code 1.

use crate::tui::Lang;
use crate::tui::run::start::ResumeError;
use crate::tui::store::library::LibraryError;
use crate::tui::view::words::{errors, jieqi};
use std::io::{self, ErrorKind, Write};

/// Why a command failed.
#[derive(Debug)]
pub enum Failure {
    /// Bad input: a FEN, option, file or record (exit code 2). Nothing was started.
    Usage(String),
    /// A FEN or a game file that does not read (exit code 2): said in the players'
    /// language when printed.
    Unreadable(Unreadable),
    /// Bad input that clap has already described on standard error (exit code 2).
    UsagePrinted,
    /// Bad input (exit code 2), said by this message of the catalogues.
    UsageSaid(crate::tui::i18n::catalogue::Id),
    /// The terminal or the output failed while running (exit code 1).
    Run(String),
}

/// What does not read, kept as the library's reason until it is printed.
#[derive(Debug)]
pub enum Unreadable {
    /// A FEN given on the command line.
    Fen(xiangqi_rules::FenError),
    /// A Jieqi FEN given on the command line.
    JieqiFen(xiangqi_rules::jieqi::JieqiFenError),
    /// A game file (`--load`, `--game`).
    Library(LibraryError),
    /// The last game, for `--resume`.
    Resume(ResumeError),
}

impl From<crate::cli::ArgError> for Failure {
    fn from(e: crate::cli::ArgError) -> Self {
        match e {
            crate::cli::ArgError::Fen(fen) => Failure::Unreadable(Unreadable::Fen(fen)),
            crate::cli::ArgError::JieqiFen(fen) => Failure::Unreadable(Unreadable::JieqiFen(fen)),
            other => Failure::Usage(other.to_string()),
        }
    }
}

impl From<LibraryError> for Failure {
    fn from(e: LibraryError) -> Self {
        Failure::Unreadable(Unreadable::Library(e))
    }
}

impl From<ResumeError> for Failure {
    fn from(e: ResumeError) -> Self {
        Failure::Unreadable(Unreadable::Resume(e))
    }
}

/// Prints `failure` on standard error (if it was not printed already), a FEN's or a file's
/// reason in `lang`.
pub fn report(failure: &Failure, lang: Lang) {
    let text = match failure {
        Failure::Usage(msg) | Failure::Run(msg) => msg.clone(),
        Failure::UsageSaid(id) => crate::tui::i18n::catalogue::tr(lang, *id),
        Failure::Unreadable(Unreadable::Fen(e)) => errors::fen(lang, e),
        Failure::Unreadable(Unreadable::JieqiFen(e)) => jieqi::fen(lang, e),
        Failure::Unreadable(Unreadable::Library(e)) => errors::library(lang, e),
        Failure::Unreadable(Unreadable::Resume(e)) => crate::tui::run::start::resume_words(lang, e),
        Failure::UsagePrinted => return,
    };
    // Standard error failing too leaves nothing else to tell.
    let _ = writeln!(io::stderr(), "xiangqi: {text}");
}

/// Writes `text` to standard output and flushes it.
///
/// # Errors
/// [`Failure::Run`] naming the error, unless the reader went away (a closed pipe, as in
/// `xiangqi legal | head -c1`): then nobody wants the rest, and that is not a failure.
pub fn emit(text: &str) -> Result<(), Failure> {
    emit_bytes(text.as_bytes())
}

/// Writes `bytes` (a binary file) to standard output and flushes it, as [`emit`] does text.
///
/// # Errors
/// As [`emit`].
pub fn emit_bytes(bytes: &[u8]) -> Result<(), Failure> {
    let mut out = io::stdout().lock();
    match out.write_all(bytes).and_then(|()| out.flush()) {
        Err(e) if e.kind() != ErrorKind::BrokenPipe => {
            Err(Failure::Run(format!("cannot write standard output: {e}")))
        }
        _ => Ok(()),
    }
}

/// Writes one piece of a longer output (a game, a line) to `out` as soon as it is ready.
/// `Ok(false)` when the reader went away (a closed pipe): the command stops quietly.
///
/// # Errors
/// [`Failure::Run`] naming any other write error.
pub fn emit_part(out: &mut impl Write, text: &str) -> Result<bool, Failure> {
    match out.write_all(text.as_bytes()) {
        Err(e) if e.kind() == ErrorKind::BrokenPipe => Ok(false),
        Err(e) => Err(Failure::Run(format!("cannot write standard output: {e}"))),
        Ok(()) => Ok(true),
    }
}

/// What clap's refusal `e` comes to: `--help` and `--version` text goes to standard output
/// (through [`emit`]); a usage error is printed on standard error and exits with code 2.
pub fn clap_outcome(e: &clap::Error) -> Result<(), Failure> {
    if e.use_stderr() {
        let _ = e.print();
        Err(Failure::UsagePrinted)
    } else {
        emit(&e.render().to_string())
    }
}

/// Writes a text for each game of `reader` (or only game `n`) to standard output as soon
/// as `each` makes it, a blank line between two; the game's number (from 1) goes with it.
/// A game that cannot be read is named on standard error (`shown` is the file as the user
/// gave it) and left out, which makes the exit code 2; a file without games is an error of
/// `command`'s.
///
/// # Errors
/// What `each` returns, [`Failure::Run`] for output that cannot be written, and the usage
/// errors above.
pub fn each_game<R: io::BufRead>(
    mut reader: xiangqi_records::pgn::GameReader<R>,
    n: Option<usize>,
    (command, shown): (&str, &str),
    mut each: impl FnMut(usize, &xiangqi_records::pgn::PgnGame) -> Result<String, Failure>,
) -> Result<(), Failure> {
    let games: Box<dyn Iterator<Item = _>> = match n {
        Some(n) => Box::new(std::iter::once(reader.game(n))),
        None => Box::new(reader.by_ref()),
    };
    let mut out = io::stdout().lock();
    let (mut failed, mut written) = (false, 0);
    for (i, game) in games.enumerate() {
        let number = n.unwrap_or(i + 1);
        let game = match game {
            Ok(game) => game,
            Err(e) => {
                failed = true;
                // Standard error failing too leaves nobody to tell.
                let _ = writeln!(io::stderr(), "xiangqi: {shown}: {e}");
                continue;
            }
        };
        warn_cut(shown, Some(number), &game);
        let text = each(number, &game)?;
        let separator = if written > 0 { "\n" } else { "" };
        if !emit_part(&mut out, &format!("{separator}{text}"))? {
            return Ok(());
        }
        written += 1;
    }
    if reader.headings() > 0 {
        let headings = xiangqi_records::pgn::Notice::HeadingsPassed(reader.headings());
        // Standard error failing too leaves nobody to tell.
        let _ = writeln!(io::stderr(), "xiangqi: {shown}: warning: {headings}");
    }
    let _ = out.flush();
    games_ended(failed, written, (command, shown))
}

/// How a command over a file's games ends: with exit code 2 if a game could not be read
/// (already named on standard error) or if there were none.
///
/// # Errors
/// Those two.
pub fn games_ended(
    failed: bool,
    games: usize,
    (command, shown): (&str, &str),
) -> Result<(), Failure> {
    if failed {
        Err(Failure::UsagePrinted)
    } else if games == 0 {
        Err(Failure::Usage(format!(
            "{command}: no games found in {shown}"
        )))
    } else {
        Ok(())
    }
}

/// Names on standard error each line of game `game` (if the file has several) of `shown`
/// that its reader cut where a move could not be played.
pub fn warn_cut(shown: &str, game: Option<usize>, pgn: &xiangqi_records::pgn::PgnGame) {
    let game = game.map_or(String::new(), |n| format!("game {n}: "));
    for cut in pgn.cut() {
        // Standard error failing too leaves nobody to tell.
        let _ = writeln!(std::io::stderr(), "xiangqi: {shown}: {game}warning: {cut}");
    }
}
