//! An index of a game file, for a picker: where each game starts and what its tags say,
//! found without playing a single move; a game is read whole only when it is opened.

use super::encoding::Guess;
use super::stream::{Chunks, GameReader, Special, read_chunk_as};
use super::{Event, Events, PgnError, PgnErrorKind, PgnGame, PgnResult, TextEncoding};
use std::fs::File;
use std::io::{BufRead, BufReader, Seek, SeekFrom};
use std::path::PathBuf;
use std::time::SystemTime;

/// One game of a file, as a picker lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct IndexEntry {
    /// Which game of the file, from 1.
    pub number: usize,
    /// Where its text starts in the file, in bytes.
    pub offset: u64,
    /// The line its text starts on, from 1.
    pub line: usize,
    /// The `[Red]` tag (empty if none).
    pub red: String,
    /// The `[Black]` tag.
    pub black: String,
    /// The `[Event]` tag.
    pub event: String,
    /// The `[Date]` tag.
    pub date: String,
    /// The result: the token closing the movetext, else the `[Result]` tag.
    pub result: PgnResult,
    /// Moves (plies) of the main line, counted without reading them: a move that turns out
    /// not to read is counted too.
    pub plies: usize,
    /// Does the game start with black to move (a `[FEN]` with `b`)?
    pub black_starts: bool,
    /// Why the game cannot be read, if that shows without playing its moves (a comment that
    /// is not closed, say); opening it gives the full error.
    pub problem: Option<Box<PgnErrorKind>>,
    /// The file the game is in, for an index of a folder ([`GameIndex::of_folder`]).
    pub file: Option<PathBuf>,
    encoding: TextEncoding,
    /// Which game of its stretch of text (games without tags may share one).
    nth: usize,
    /// Which game of its file, from 1.
    in_file: usize,
    /// Its file is read from the start to open it (UTF-16, or another format).
    whole_file: bool,
}

impl IndexEntry {
    fn new(number: usize, offset: u64, line: usize, encoding: TextEncoding, nth: usize) -> Self {
        IndexEntry {
            number,
            offset,
            line,
            red: String::new(),
            black: String::new(),
            event: String::new(),
            date: String::new(),
            result: PgnResult::Unknown,
            plies: 0,
            black_starts: false,
            problem: None,
            file: None,
            encoding,
            nth,
            in_file: number,
            whole_file: false,
        }
    }

    /// The number of moves as players count them (rounds: a red move and black's reply).
    ///
    /// ```
    /// let index = xiangqi_records::pgn::index("1. h2e2 h9g7 2. h0g2 *".as_bytes());
    /// assert_eq!((index.entries()[0].plies, index.entries()[0].moves()), (3, 2));
    /// ```
    #[must_use]
    pub fn moves(&self) -> usize {
        (self.plies + usize::from(self.black_starts)).div_ceil(2)
    }

    /// Does every word of `filter` appear (ignoring case, and simplified or traditional
    /// characters alike: 車 finds 车) in the game's number, players, event, date or result?
    /// What a picker's `/` filter asks.
    #[must_use]
    pub fn matches(&self, filter: &str) -> bool {
        let fields = [
            self.red.as_str(),
            self.black.as_str(),
            self.event.as_str(),
            self.date.as_str(),
            self.result.as_str(),
        ];
        let number = self.number.to_string();
        filter.split_whitespace().all(|word| {
            let word = folded(word);
            number == word || fields.iter().any(|f| folded(f).contains(&word))
        })
    }

    fn event(&mut self, event: Event<'_>, depth: usize, token: &mut Option<PgnResult>) {
        match event {
            Event::Tag { name, value } => {
                let is = |tag: &str| name.eq_ignore_ascii_case(tag);
                let slot = if is("Red") {
                    &mut self.red
                } else if is("Black") {
                    &mut self.black
                } else if is("Event") {
                    &mut self.event
                } else if is("Date") {
                    &mut self.date
                } else if is("Result") {
                    if let Ok(r) = value.parse() {
                        self.result = r;
                    }
                    return;
                } else if is("FEN") {
                    self.black_starts = value.split_whitespace().nth(1) == Some("b");
                    return;
                } else {
                    return;
                };
                if slot.is_empty() {
                    *slot = value.into_owned();
                }
            }
            Event::Move(_) if depth == 0 => self.plies += 1,
            Event::Result(r) => *token = Some(r),
            _ => {}
        }
    }
}

/// The index of a file in another record format (XQF, DhtmlXQ): its games, read whole
/// (such a file is opened by reading it again from its start).
fn special_index(special: Special) -> GameIndex {
    let mut index = GameIndex {
        transcoded: true,
        headings: special.headings,
        ..GameIndex::default()
    };
    for (i, game) in special.games.into_iter().enumerate() {
        index.entries.push(special_entry(i + 1, game));
    }
    index
}

fn special_entry(number: usize, game: Result<PgnGame, PgnErrorKind>) -> IndexEntry {
    let mut entry = IndexEntry::new(number, 0, 1, TextEncoding::Utf8, 0);
    match game {
        Ok(game) => {
            let tag = |name: &str| game.tag(name).unwrap_or("").to_string();
            entry.red = tag("Red");
            entry.black = tag("Black");
            entry.event = tag("Event");
            entry.date = tag("Date");
            entry.result = game.result();
            entry.plies = game.moves().len();
            entry.black_starts = game.start().turn() == xiangqi_rules::Color::Black;
        }
        Err(kind) => entry.problem = Some(Box::new(kind)),
    }
    entry
}

/// The games of a file, found by [`index`].
#[derive(Clone, Debug, Default)]
pub struct GameIndex {
    entries: Vec<IndexEntry>,
    /// The file was UTF-16, read as UTF-8: offsets are not the file's.
    transcoded: bool,
    stopped: Option<PgnError>,
    /// For a file indexed by [`index_file`], its length and modification time then: one
    /// for each file, with the position of its first entry (a folder's index has several).
    stamps: Vec<(usize, FileStamp)>,
    /// Chapter headings of CCBridge libraries passed over: they are not games.
    headings: usize,
    /// For a folder's index, its files passed over: not game files.
    files_passed_over: usize,
}

/// What a file's metadata says of its contents: its length and when it was last written. A
/// file written again shows another (unless it is rewritten at the same length within the
/// file system's clock resolution, which is nanoseconds on the usual Linux ones).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct FileStamp {
    len: u64,
    /// `None` where the platform does not keep it.
    modified: Option<SystemTime>,
}

impl FileStamp {
    fn of(file: &File) -> std::io::Result<FileStamp> {
        let meta = file.metadata()?;
        Ok(FileStamp {
            len: meta.len(),
            modified: meta.modified().ok(),
        })
    }
}

/// [`index`] of a file just opened, noting its length and modification time, so that
/// [`GameIndex::open_file`] can tell that the file changed since: the offsets found would
/// then lead to other text.
///
/// # Errors
/// The file's metadata cannot be read.
pub fn index_file(file: File) -> std::io::Result<GameIndex> {
    let stamp = FileStamp::of(&file)?;
    let mut index = index(BufReader::new(file));
    index.stamps.push((0, stamp));
    Ok(index)
}

/// Indexes the games of `input`: for each, where it starts and its tags, found by reading the
/// text's structure without playing a move — fast, and in memory for the entries alone.
/// Encodings are guessed as [`super::GameReader`] does.
///
/// ```
/// use std::io::Cursor;
/// let file = "[Red \"A\"]\n1. h2e2 *\n\n[Red \"B\"]\n[Black \"C\"]\n1. b0c2 b9c7 0-1\n";
/// let index = xiangqi_records::pgn::index(file.as_bytes());
/// assert_eq!(index.entries()[1].red, "B");
/// assert!(index.entries()[1].matches("b c 0-1"));
/// let game = index.open(Cursor::new(file), 2).unwrap();
/// assert_eq!(game.moves().len(), 2);
/// ```
pub fn index<R: BufRead>(input: R) -> GameIndex {
    let mut chunks = Chunks::new(input, 0, 1);
    if let Some(special) = chunks.special_games() {
        return special_index(special);
    }
    let mut guess = Guess::default();
    let mut index = GameIndex::default();
    for chunk in chunks.by_ref() {
        let chunk = match chunk {
            Ok(c) => c,
            Err(kind) => {
                index.stopped = Some(PgnError {
                    game: index.entries.len() + 1,
                    kind,
                });
                break;
            }
        };
        if chunk.offset == 0 {
            guess.starts(&chunk.bytes);
        }
        let (text, encoding) = guess.decode(&chunk.bytes);
        let mut nth = 0;
        let mut current: Option<IndexEntry> = None;
        let mut token = None;
        let mut events = Events::starting_at_line(&text, chunk.line);
        while let Some(item) = events.next() {
            let finished = match item {
                Ok(Event::EndGame) => current.take(),
                Err(kind) => {
                    let mut e = current.take().unwrap_or_else(|| {
                        let n = index.entries.len() + 1;
                        IndexEntry::new(n, chunk.offset, chunk.line, encoding, nth)
                    });
                    e.problem = Some(Box::new(kind));
                    Some(e)
                }
                Ok(Event::Comment(_)) if current.is_none() => None,
                Ok(event) => {
                    let depth = events.depth();
                    current
                        .get_or_insert_with(|| {
                            let n = index.entries.len() + 1;
                            IndexEntry::new(n, chunk.offset, chunk.line, encoding, nth)
                        })
                        .event(event, depth, &mut token);
                    None
                }
            };
            if let Some(mut e) = finished {
                if let Some(r) = token.take().filter(|r| *r != PgnResult::Unknown) {
                    e.result = r;
                }
                index.entries.push(e);
                nth += 1;
            }
        }
    }
    index.transcoded = chunks.transcoded();
    index
}

impl GameIndex {
    /// One index of the games of several files (a folder's), in the order given, numbered
    /// on from 1; each entry names its file, which [`GameIndex::open`] is then given.
    /// `passed_over`: how many other files of the folder were passed over, not being game
    /// files ([`GameIndex::files_passed_over`]).
    #[must_use]
    pub fn of_folder(parts: Vec<(PathBuf, GameIndex)>, passed_over: usize) -> GameIndex {
        let mut all = GameIndex {
            files_passed_over: passed_over,
            ..GameIndex::default()
        };
        for (path, part) in parts {
            all.headings += part.headings;
            let first = all.entries.len();
            all.stamps
                .extend(part.stamps.iter().map(|&(at, stamp)| (first + at, stamp)));
            for mut entry in part.entries {
                entry.number = all.entries.len() + 1;
                entry.file = Some(path.clone());
                entry.whole_file |= part.transcoded;
                all.entries.push(entry);
            }
        }
        all
    }

    /// The games, in the file's order.
    #[must_use]
    pub fn entries(&self) -> &[IndexEntry] {
        &self.entries
    }

    /// How many games were found.
    #[must_use]
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Were no games found?
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// How many chapter headings of CCBridge libraries (records with an empty board and no
    /// moves, only a title and a comment) were passed over: they are not games.
    #[must_use]
    pub fn headings(&self) -> usize {
        self.headings
    }

    /// For a folder's index, how many of its files were passed over, not being game files
    /// (their first game does not read).
    #[must_use]
    pub fn files_passed_over(&self) -> usize {
        self.files_passed_over
    }

    /// Was anything passed over that is not a game ([`GameIndex::headings`],
    /// [`GameIndex::files_passed_over`]), for a picker to say?
    #[must_use]
    pub fn passed_any(&self) -> bool {
        self.headings > 0 || self.files_passed_over > 0
    }

    /// Why indexing stopped before the end of the file (a game too large, a read error), if
    /// it did; the entries before it stand.
    #[must_use]
    pub fn stopped(&self) -> Option<&PgnError> {
        self.stopped.as_ref()
    }

    /// Reads game `n` (from 1) of the file indexed by [`index_file`] (for a folder's index,
    /// the entry's [`IndexEntry::file`]), opened again as `file`, as [`GameIndex::open`]
    /// does — but first compares the file's length and modification time with those it had
    /// when indexed: a file changed since holds other text at the game's offset.
    ///
    /// # Errors
    /// As [`GameIndex::open`]; and [`PgnErrorKind::Read`] saying that the file has changed
    /// since it was indexed, or why its metadata cannot be read.
    pub fn open_file(&self, file: File, n: usize) -> Result<PgnGame, PgnError> {
        let at = n.checked_sub(1).filter(|&i| i < self.entries.len());
        let indexed = at.and_then(|i| {
            let run = self.stamps.partition_point(|&(first, _)| first <= i);
            run.checked_sub(1).map(|k| self.stamps[k].1)
        });
        if let Some(indexed) = indexed {
            let now = FileStamp::of(&file).map_err(|e| PgnError {
                game: n,
                kind: PgnErrorKind::Read(e.to_string()),
            })?;
            if now != indexed {
                return Err(changed(n));
            }
        }
        self.open(BufReader::new(file), n)
    }

    /// Reads game `n` (from 1) of the indexed file, given again as `input`: only that game's
    /// text is read (a UTF-16 file is read from its start). Whether the file changed since
    /// is told only by what is found there: [`GameIndex::open_file`] checks first.
    ///
    /// # Errors
    /// [`PgnErrorKind::NoSuchGame`] if the index has no game `n`; why the game cannot be read;
    /// [`PgnErrorKind::Read`] if the file cannot be read or no longer holds the game there.
    pub fn open<R: BufRead + Seek>(&self, mut input: R, n: usize) -> Result<PgnGame, PgnError> {
        let fail = |kind| PgnError { game: n, kind };
        let read_error = |e: std::io::Error| fail(PgnErrorKind::Read(e.to_string()));
        let Some(entry) = n.checked_sub(1).and_then(|i| self.entries.get(i)) else {
            return Err(fail(PgnErrorKind::NoSuchGame {
                available: self.entries.len(),
            }));
        };
        let in_file = entry.in_file;
        if self.transcoded || entry.whole_file {
            input.seek(SeekFrom::Start(0)).map_err(read_error)?;
            return GameReader::new(input)
                .game(in_file)
                .map_err(|e| fail(e.kind));
        }
        input
            .seek(SeekFrom::Start(entry.offset))
            .map_err(read_error)?;
        let chunk = match Chunks::new(input, entry.offset, entry.line).next() {
            Some(Ok(chunk)) => chunk,
            Some(Err(kind)) => return Err(fail(kind)),
            None => return Err(changed(n)),
        };
        read_chunk_as(&chunk, entry.encoding, in_file - entry.nth)
            .into_iter()
            .nth(entry.nth)
            .unwrap_or_else(|| Err(changed(n)))
    }
}

/// Game `n` cannot be opened: its file is not as it was when indexed.
fn changed(n: usize) -> PgnError {
    PgnError {
        game: n,
        kind: PgnErrorKind::Read("the file has changed since it was indexed".into()),
    }
}

/// Traditional characters and their simplified forms, for the ones that differ among those
/// met in xiangqi records: the pieces, and common surnames, place names and event words.
/// Sorted by the traditional character, for a binary search.
const TO_SIMPLIFIED: &[(char, char)] = &[
    ('亞', '亚'),
    ('俥', '车'),
    ('倫', '伦'),
    ('偉', '伟'),
    ('傌', '马'),
    ('傑', '杰'),
    ('劉', '刘'),
    ('劍', '剑'),
    ('區', '区'),
    ('協', '协'),
    ('呂', '吕'),
    ('員', '员'),
    ('單', '单'),
    ('國', '国'),
    ('圍', '围'),
    ('團', '团'),
    ('場', '场'),
    ('孫', '孙'),
    ('學', '学'),
    ('寧', '宁'),
    ('將', '将'),
    ('對', '对'),
    ('屆', '届'),
    ('嶺', '岭'),
    ('帥', '帅'),
    ('廣', '广'),
    ('廳', '厅'),
    ('張', '张'),
    ('強', '强'),
    ('後', '后'),
    ('戰', '战'),
    ('會', '会'),
    ('東', '东'),
    ('楊', '杨'),
    ('業', '业'),
    ('榮', '荣'),
    ('標', '标'),
    ('歐', '欧'),
    ('氣', '气'),
    ('決', '决'),
    ('淵', '渊'),
    ('湯', '汤'),
    ('溫', '温'),
    ('滬', '沪'),
    ('濟', '济'),
    ('濤', '涛'),
    ('濱', '滨'),
    ('瀋', '沈'),
    ('灣', '湾'),
    ('盃', '杯'),
    ('盧', '卢'),
    ('砲', '炮'),
    ('禦', '御'),
    ('禮', '礼'),
    ('紀', '纪'),
    ('紅', '红'),
    ('級', '级'),
    ('經', '经'),
    ('羅', '罗'),
    ('聯', '联'),
    ('聶', '聂'),
    ('臺', '台'),
    ('與', '与'),
    ('興', '兴'),
    ('華', '华'),
    ('萬', '万'),
    ('葉', '叶'),
    ('蔣', '蒋'),
    ('藝', '艺'),
    ('蘇', '苏'),
    ('蘭', '兰'),
    ('視', '视'),
    ('許', '许'),
    ('謝', '谢'),
    ('貴', '贵'),
    ('賀', '贺'),
    ('賽', '赛'),
    ('趙', '赵'),
    ('車', '车'),
    ('軍', '军'),
    ('軒', '轩'),
    ('輝', '辉'),
    ('輪', '轮'),
    ('農', '农'),
    ('進', '进'),
    ('遼', '辽'),
    ('鄒', '邹'),
    ('鄧', '邓'),
    ('鄭', '郑'),
    ('銀', '银'),
    ('錢', '钱'),
    ('錦', '锦'),
    ('鍾', '钟'),
    ('鐵', '铁'),
    ('門', '门'),
    ('開', '开'),
    ('閔', '闵'),
    ('閻', '阎'),
    ('陳', '陈'),
    ('陸', '陆'),
    ('隊', '队'),
    ('際', '际'),
    ('雙', '双'),
    ('電', '电'),
    ('韓', '韩'),
    ('頭', '头'),
    ('顏', '颜'),
    ('馬', '马'),
    ('馮', '冯'),
    ('體', '体'),
    ('鳳', '凤'),
    ('鵬', '鹏'),
    ('麗', '丽'),
    ('黃', '黄'),
    ('龍', '龙'),
    ('龐', '庞'),
];

/// `c` in simplified form (most characters have one form only, and stay as they are).
fn simplified(c: char) -> char {
    TO_SIMPLIFIED
        .binary_search_by_key(&c, |&(t, _)| t)
        .map_or(c, |i| TO_SIMPLIFIED[i].1)
}

/// `text` as the picker's filter compares it: lower case, simplified characters.
fn folded(text: &str) -> String {
    text.to_lowercase().chars().map(simplified).collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_filter_finds_simplified_and_traditional_alike() {
        assert!(
            super::TO_SIMPLIFIED.windows(2).all(|w| w[0].0 < w[1].0),
            "sorted"
        );
        let text = "[Red \"許銀川\"]\n[Black \"呂欽\"]\n[Event \"全國象棋個人賽\"]\n1. h2e2 *\n";
        let index = super::index(text.as_bytes());
        let game = &index.entries()[0];
        for filter in ["许银川", "許銀川", "吕", "全国 赛", "许 吕"] {
            assert!(game.matches(filter), "{filter}");
        }
        assert!(!game.matches("胡荣华"));
    }

    use super::{GameIndex, index_file};
    use crate::pgn::PgnErrorKind;
    use std::fs::File;
    use std::path::{Path, PathBuf};
    use std::time::Duration;

    /// A file of its own under the system's temporary folder.
    fn scratch(name: &str, text: &str) -> PathBuf {
        let path =
            std::env::temp_dir().join(format!("xiangqi-index-{}-{name}.pgn", std::process::id()));
        std::fs::write(&path, text).expect("scratch file");
        path
    }

    fn open(index: &GameIndex, path: &Path, n: usize) -> Result<String, PgnErrorKind> {
        let file = File::open(path).expect("scratch file");
        match index.open_file(file, n) {
            Ok(game) => Ok(game.tag("Red").unwrap_or_default().to_string()),
            Err(e) => Err(e.kind),
        }
    }

    fn changed() -> Result<String, PgnErrorKind> {
        Err(PgnErrorKind::Read(
            "the file has changed since it was indexed".into(),
        ))
    }

    const TWO_GAMES: &str = "[Red \"A\"]\n1. h2e2 *\n\n[Red \"B\"]\n1. b0c2 *\n";

    #[test]
    fn a_file_changed_since_it_was_indexed_is_said_not_opened_at_the_old_offset() {
        let path = scratch("longer", TWO_GAMES);
        let index = index_file(File::open(&path).expect("scratch")).expect("indexed");
        assert_eq!(open(&index, &path, 2), Ok("B".into()));
        // Another game at the same offset: read there, it would open as game 2.
        std::fs::write(
            &path,
            TWO_GAMES.replace("\"B\"", "\"C\"") + "[Red \"D\"]\n*\n",
        )
        .expect("rewritten");
        assert_eq!(open(&index, &path, 2), changed());
        assert_eq!(open(&index, &path, 1), changed());
        std::fs::remove_file(&path).expect("removed");
    }

    #[test]
    fn a_file_rewritten_at_the_same_length_is_told_by_its_modification_time() {
        let path = scratch("same-length", TWO_GAMES);
        let index = index_file(File::open(&path).expect("scratch")).expect("indexed");
        let was = std::fs::metadata(&path)
            .and_then(|m| m.modified())
            .expect("mtime");
        std::fs::write(&path, TWO_GAMES.replace("\"B\"", "\"C\"")).expect("rewritten");
        let file = File::options().write(true).open(&path).expect("scratch");
        file.set_modified(was + Duration::from_secs(5))
            .expect("mtime set");
        assert_eq!(open(&index, &path, 2), changed());
        std::fs::remove_file(&path).expect("removed");
    }

    #[test]
    fn a_folder_index_checks_each_file_against_its_own_stamp() {
        let first = scratch("folder-first", TWO_GAMES);
        let second = scratch("folder-second", "[Red \"E\"]\n1. h2e2 *\n");
        let parts = [&first, &second].map(|p| {
            (
                p.clone(),
                index_file(File::open(p).expect("scratch")).expect("indexed"),
            )
        });
        let index = GameIndex::of_folder(parts.into(), 0);
        assert_eq!(open(&index, &second, 3), Ok("E".into()));
        std::fs::write(&second, "[Red \"F\"]\n1. h2e2 h9g7 *\n").expect("rewritten");
        assert_eq!(open(&index, &first, 2), Ok("B".into()));
        assert_eq!(open(&index, &second, 3), changed());
        assert!(matches!(
            open(&index, &first, 4),
            Err(PgnErrorKind::NoSuchGame { available: 3 })
        ));
        for path in [first, second] {
            std::fs::remove_file(path).expect("removed");
        }
    }
}
