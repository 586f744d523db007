//! Reading a game file one game at a time, in bounded memory: the bytes of one game are read,
//! decoded and parsed before the next is touched, so a file of any size can be converted
//! game by game, and game N is found without reading past it.

use super::encoding::{Guess, decode_as};
use super::reader::read_text;
use super::tag_lines::TagSections;
use super::{CutReason, PgnError, PgnErrorKind, PgnGame, TextEncoding, is_tag_line};
use encoding_rs::{Decoder, UTF_16BE, UTF_16LE};
use std::collections::VecDeque;
use std::fmt;
use std::io::{self, BufRead};

/// The most bytes one game may take (8 MiB: real games take a few kilobytes, a deeply
/// annotated one some hundreds). A larger game is an error, and reading stops there: a file
/// that is not a game file (`/dev/zero`) cannot fill the memory.
pub const MAX_GAME_BYTES: usize = 8 << 20;

/// The raw bytes of one game (sometimes a few, when games without tags follow each other),
/// cut at a line that looks like a tag pair after movetext.
pub(crate) struct Chunk {
    /// Where the bytes start in the input.
    pub offset: u64,
    /// The line they start on, from 1.
    pub line: usize,
    pub bytes: Vec<u8>,
}

/// The input, read as it is or (after a UTF-16 byte-order mark) turned into UTF-8 on the fly.
struct Input<R> {
    inner: R,
    utf16: Option<Utf16>,
}

/// The state of turning UTF-16 into UTF-8.
struct Utf16 {
    decoder: Decoder,
    out: Vec<u8>,
    used: usize,
    ended: bool,
}

impl<R: BufRead> Input<R> {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        let Some(u) = &mut self.utf16 else {
            return self.inner.fill_buf();
        };
        while u.used == u.out.len() && !u.ended {
            let src = self.inner.fill_buf()?;
            let last = src.is_empty();
            let room = u.decoder.max_utf8_buffer_length(src.len());
            u.out.clear();
            u.out.resize(room.unwrap_or(src.len() * 3 + 16), 0);
            let (_, read, written, _) = u.decoder.decode_to_utf8(src, &mut u.out, last);
            u.out.truncate(written);
            u.used = 0;
            self.inner.consume(read);
            u.ended = last;
        }
        Ok(&u.out[u.used..])
    }

    fn consume(&mut self, n: usize) {
        match &mut self.utf16 {
            None => self.inner.consume(n),
            Some(u) => u.used += n,
        }
    }
}

/// A record format other than PGN, told by a file's first bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Format {
    Xqf,
    CcBridge,
    /// Text holding DhtmlXQ tags, or an HTML page, which may hold them further on.
    Dhtml,
}

impl Format {
    /// The format `head` (a file's first bytes) is in, if not PGN.
    fn of(head: &[u8]) -> Option<Format> {
        if crate::xqf::is_xqf(head) {
            return Some(Format::Xqf);
        }
        if crate::ccbridge::is_ccbridge(head) {
            return Some(Format::CcBridge);
        }
        let dhtml = crate::dhtmlxq::has_tag(head)
            || crate::dhtmlxq::is_page(head)
            // A UTF-16 text: its tags are not ASCII bytes.
            || (matches!(head, [0xFF, 0xFE, ..] | [0xFE, 0xFF, ..])
                && crate::dhtmlxq::has_tag(super::decode(head).0.as_bytes()));
        dhtml.then_some(Format::Dhtml)
    }

    /// The games of a whole file in this format.
    fn read(self, bytes: &[u8]) -> Special {
        match self {
            Format::Xqf => Special::one(
                crate::xqf::read(bytes)
                    .map(PgnGame::from_xqf)
                    .map_err(PgnErrorKind::Xqf),
            ),
            Format::CcBridge => {
                let library = crate::ccbridge::read_library(bytes);
                let games = library.games.into_iter().map(|g| {
                    let g = g.map_err(PgnErrorKind::CcBridge)?;
                    let cut = g.cut.into_iter().map(|c| c.map(CutReason::CcBridge));
                    Ok(PgnGame::from_parts(g.tags, g.tree).with_cut(cut.collect()))
                });
                Special {
                    games: games.collect(),
                    headings: library.headings.len(),
                }
            }
            Format::Dhtml => {
                let (text, _) = super::decode(bytes);
                let games = crate::dhtmlxq::read_all(&text).into_iter().map(|g| {
                    let g = g.map_err(PgnErrorKind::Dhtml)?;
                    let cut = g.cut.into_iter().map(|c| c.map(CutReason::Dhtml));
                    Ok(PgnGame::from_parts(g.tags, g.tree).with_cut(cut.collect()))
                });
                Special {
                    games: games.collect(),
                    headings: 0,
                }
            }
        }
    }
}

/// The games of a file in another format, read whole, and how many chapter headings (of a
/// CCBridge library) were passed over between them.
pub(crate) struct Special {
    pub games: Vec<Result<PgnGame, PgnErrorKind>>,
    pub headings: usize,
}

impl Special {
    fn one(game: Result<PgnGame, PgnErrorKind>) -> Special {
        Special {
            games: vec![game],
            headings: 0,
        }
    }
}

/// Cuts the input into the bytes of one game each.
pub(crate) struct Chunks<R> {
    input: Input<R>,
    /// Bytes consumed so far.
    offset: u64,
    /// The line the next byte is on.
    line: usize,
    /// A tag line already read, which begins the next chunk.
    carry: Vec<u8>,
    carry_line: usize,
    started: bool,
    done: bool,
    /// The chunk's tags, to see the next game's begin after a game of tags only.
    tags: TagSections,
}

impl<R: BufRead> Chunks<R> {
    /// At the start of a file in another record format — XQF or CCBridge (binary), text
    /// holding DhtmlXQ tags (seen in its first buffer), or an HTML page (whose boards may lie
    /// anywhere in it) — the whole file (at most [`MAX_GAME_BYTES`]) read as its games;
    /// `None` for a PGN file, which is then read in chunks as usual (nothing of it is
    /// consumed here).
    pub(crate) fn special_games(&mut self) -> Option<Special> {
        if self.started || self.done {
            return None;
        }
        let head = self.input.inner.fill_buf().ok()?;
        let format = Format::of(head)?;
        self.done = true;
        use std::io::Read as _;
        let mut bytes = Vec::new();
        let limit = MAX_GAME_BYTES as u64 + 1;
        if let Err(e) = (&mut self.input.inner).take(limit).read_to_end(&mut bytes) {
            return Some(Special::one(Err(PgnErrorKind::Read(e.to_string()))));
        }
        if bytes.len() > MAX_GAME_BYTES {
            return Some(Special::one(Err(PgnErrorKind::TooLarge {
                line: 1,
                limit: MAX_GAME_BYTES,
            })));
        }
        Some(format.read(&bytes))
    }

    /// Chunks of `input`, which begins at byte `offset`, line `line` of its file.
    pub(crate) fn new(input: R, offset: u64, line: usize) -> Chunks<R> {
        Chunks {
            input: Input {
                inner: input,
                utf16: None,
            },
            offset,
            line,
            carry: Vec::new(),
            carry_line: line,
            started: offset > 0,
            done: false,
            tags: TagSections::default(),
        }
    }

    /// Was the input UTF-16, turned into UTF-8 (so that offsets are not the file's)?
    pub(crate) fn transcoded(&self) -> bool {
        self.input.utf16.is_some()
    }

    /// Looks for a UTF-16 byte-order mark at the start of the file.
    fn start(&mut self) -> io::Result<()> {
        self.started = true;
        let head = self.input.inner.fill_buf()?;
        let enc = match head {
            [0xFF, 0xFE, ..] => UTF_16LE,
            [0xFE, 0xFF, ..] => UTF_16BE,
            _ => return Ok(()),
        };
        self.input.inner.consume(2);
        self.input.utf16 = Some(Utf16 {
            decoder: enc.new_decoder_without_bom_handling(),
            out: Vec::new(),
            used: 0,
            ended: false,
        });
        Ok(())
    }

    /// Appends one line (up to and with its `\n`) to `buf`; `Ok(None)` at the end of the
    /// input, `Ok(Some(false))` if `buf` would grow past the limit.
    fn read_line(&mut self, buf: &mut Vec<u8>) -> io::Result<Option<bool>> {
        let mut any = false;
        loop {
            let avail = match self.input.fill_buf() {
                Ok(b) => b,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            };
            if avail.is_empty() {
                return Ok(any.then_some(true));
            }
            let (take, ends) = match avail.iter().position(|&b| b == b'\n') {
                Some(i) => (i + 1, true),
                None => (avail.len(), false),
            };
            if buf.len() + take > MAX_GAME_BYTES {
                return Ok(Some(false));
            }
            buf.extend_from_slice(&avail[..take]);
            self.input.consume(take);
            self.offset += take as u64;
            any = true;
            if ends {
                self.line += 1;
                return Ok(Some(true));
            }
        }
    }
}

impl<R: BufRead> Iterator for Chunks<R> {
    type Item = Result<Chunk, PgnErrorKind>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.done {
            return None;
        }
        if !self.started
            && let Err(e) = self.start()
        {
            self.done = true;
            return Some(Err(PgnErrorKind::Read(e.to_string())));
        }
        let mut buf = std::mem::take(&mut self.carry);
        let line = if buf.is_empty() {
            self.line
        } else {
            self.carry_line
        };
        let offset = self.offset - buf.len() as u64;
        let mut movetext = false;
        loop {
            let at = buf.len();
            let this_line = self.line;
            match self.read_line(&mut buf) {
                Ok(Some(true)) => {}
                Ok(Some(false)) => {
                    self.done = true;
                    return Some(Err(PgnErrorKind::TooLarge {
                        line,
                        limit: MAX_GAME_BYTES,
                    }));
                }
                Ok(None) => {
                    self.done = true;
                    let blank = buf.iter().all(u8::is_ascii_whitespace);
                    return (!blank).then_some(Ok(Chunk {
                        offset,
                        line,
                        bytes: buf,
                    }));
                }
                Err(e) => {
                    self.done = true;
                    return Some(Err(PgnErrorKind::Read(e.to_string())));
                }
            }
            let new = &buf[at..];
            // A UTF-8 byte-order mark before the first tag does not make it movetext.
            let new = new.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(new);
            let blank = new.iter().all(u8::is_ascii_whitespace);
            if blank {
                self.tags.blank_line();
            }
            let tag = !blank && is_tag_line(new);
            if tag && (movetext || self.tags.starts_next(new)) {
                // This tag is the next chunk's first: its name is the first of that game's.
                self.tags.begin_with(new);
                self.carry = buf.split_off(at);
                self.carry_line = this_line;
                return Some(Ok(Chunk {
                    offset,
                    line,
                    bytes: buf,
                }));
            }
            let first = new.iter().find(|b| !b.is_ascii_whitespace());
            if first.is_some_and(|&b| b != b'[') {
                movetext = true;
            }
        }
    }
}

/// Reads the games of a file one at a time, from any [`BufRead`] (a file through a
/// `BufReader`, standard input, bytes in memory): memory holds one game, never the file.
/// Each item is a game or why it could not be read; after an error that stops the reading
/// ([`PgnErrorKind::TooLarge`], [`PgnErrorKind::Read`]) nothing more comes.
///
/// The encoding is guessed as [`super::decode`] does, game by game: a byte-order mark decides
/// for the whole file; a game whose bytes are UTF-8 is UTF-8; another is read in the legacy
/// encoding (GB18030 or Big5) of the game before, unless that reading fails, when it is
/// guessed afresh from its own bytes.
///
/// ```
/// use xiangqi_records::pgn::GameReader;
/// let file = "[Event \"1\"]\n1. h2e2 *\n\n[Event \"2\"]\n1. b0c2 b9c7 *\n";
/// let second = GameReader::new(file.as_bytes()).game(2).unwrap();
/// assert_eq!(second.moves().len(), 2);
/// ```
pub struct GameReader<R> {
    chunks: Chunks<R>,
    guess: Guess,
    queue: VecDeque<Result<PgnGame, PgnError>>,
    /// Games met so far.
    count: usize,
    /// Chapter headings passed over so far (a CCBridge library's).
    headings: usize,
}

impl<R> fmt::Debug for GameReader<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("GameReader")
            .field("games_read", &self.count)
            .finish_non_exhaustive()
    }
}

impl<R: BufRead> GameReader<R> {
    /// A reader of the games of `input`.
    pub fn new(input: R) -> GameReader<R> {
        GameReader {
            chunks: Chunks::new(input, 0, 1),
            guess: Guess::default(),
            queue: VecDeque::new(),
            count: 0,
            headings: 0,
        }
    }

    /// How many chapter headings of a CCBridge library — records with an empty board and no
    /// moves, only a title and a comment — were passed over so far: they are not games.
    #[must_use]
    pub fn headings(&self) -> usize {
        self.headings
    }

    /// Game `n` (from 1); reads no further than it.
    ///
    /// # Errors
    /// Why game `n` cannot be read, an error that stopped the reading before it, or
    /// [`PgnErrorKind::NoSuchGame`] if the file has fewer games.
    pub fn game(&mut self, n: usize) -> Result<PgnGame, PgnError> {
        let mut seen = 0;
        for item in self.by_ref() {
            seen += 1;
            if seen == n {
                return item;
            }
            if let Err(e) = &item
                && matches!(
                    e.kind,
                    PgnErrorKind::TooLarge { .. } | PgnErrorKind::Read(_)
                )
            {
                return item;
            }
        }
        Err(PgnError {
            game: n,
            kind: PgnErrorKind::NoSuchGame { available: seen },
        })
    }
}

/// Decodes one chunk and reads its games, the first numbered `first`.
pub(crate) fn read_chunk(
    chunk: &Chunk,
    guess: &mut Guess,
    first: usize,
) -> Vec<Result<PgnGame, PgnError>> {
    if chunk.offset == 0 {
        guess.starts(&chunk.bytes);
    }
    let (text, _) = guess.decode(&chunk.bytes);
    read_text(&text, first, chunk.line)
}

/// Reads the games of a chunk in an encoding already known.
pub(crate) fn read_chunk_as(
    chunk: &Chunk,
    encoding: TextEncoding,
    first: usize,
) -> Vec<Result<PgnGame, PgnError>> {
    let (text, _) = decode_as(&chunk.bytes, encoding);
    read_text(&text, first, chunk.line)
}

impl<R: BufRead> Iterator for GameReader<R> {
    type Item = Result<PgnGame, PgnError>;

    fn next(&mut self) -> Option<Self::Item> {
        if self.count == 0
            && self.queue.is_empty()
            && let Some(special) = self.chunks.special_games()
        {
            self.headings = special.headings;
            for (i, game) in special.games.into_iter().enumerate() {
                let game = game.map_err(|kind| PgnError { game: i + 1, kind });
                self.queue.push_back(game);
            }
            self.count = self.queue.len();
        }
        loop {
            if let Some(game) = self.queue.pop_front() {
                return Some(game);
            }
            match self.chunks.next()? {
                Ok(chunk) => {
                    let games = read_chunk(&chunk, &mut self.guess, self.count + 1);
                    self.count += games.len();
                    self.queue.extend(games);
                }
                Err(kind) => {
                    self.count += 1;
                    return Some(Err(PgnError {
                        game: self.count,
                        kind,
                    }));
                }
            }
        }
    }
}

/// Reads every game of a file, in whatever encoding it is (see [`super::decode`]).
///
/// # Errors
/// The first game that cannot be read: which game, move number and text, and why.
pub fn read_games(bytes: &[u8]) -> Result<Vec<PgnGame>, PgnError> {
    read_each(bytes).into_iter().collect()
}

/// Reads every game of a file, keeping the games that read well beside the errors of those
/// that do not.
#[must_use]
pub fn read_each(bytes: &[u8]) -> Vec<Result<PgnGame, PgnError>> {
    GameReader::new(bytes).collect()
}

/// Reads game `n` (counted from 1) of a file.
///
/// # Errors
/// [`PgnErrorKind::NoSuchGame`] if the file has fewer games, or why game `n` cannot be read.
pub fn read_game(bytes: &[u8], n: usize) -> Result<PgnGame, PgnError> {
    GameReader::new(bytes).game(n)
}
