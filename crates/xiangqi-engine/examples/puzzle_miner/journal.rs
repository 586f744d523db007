//! The miner's journals: what was found and which games are done (`mined.tsv`), and what
//! the second engine said of each find (`checked.tsv`). Each is appended to line by line, so
//! a stopped run loses at most the game it was in; a restart drops that game's finds and
//! does it again.

use std::collections::{BTreeMap, BTreeSet};
use std::fs::{File, OpenOptions};
use std::io::{self, BufWriter, Write};
use std::path::Path;
use xiangqi_engine::Score;

/// A position the miner found: its line and how the search saw it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Found {
    pub id: String,
    pub fen: String,
    /// The solver's moves and the replies, ICCS, space-separated.
    pub solution: String,
    /// The depth at which the first move became and stayed best.
    pub settled: u32,
    /// The best and second best line's scores at the start.
    pub best: Score,
    pub second: Score,
    /// The moves expected after the line (for the material it wins), space-separated.
    pub after: String,
    pub source: String,
}

/// What the second engine said of a find.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Checked {
    pub id: String,
    /// Its best move at the start, and its two best lines' scores (for the solver).
    pub best: String,
    pub first: Score,
    pub second: Option<Score>,
    pub depth: u32,
    /// The solver's moves it agreed with, in order, before the first it did not (all of
    /// them if none).
    pub agreed: usize,
}

pub fn score_text(s: Score) -> String {
    match s {
        Score::Cp(c) => format!("cp{c}"),
        Score::Mate(m) => format!("mate{m}"),
    }
}

pub fn score_of(text: &str) -> Option<Score> {
    if let Some(c) = text.strip_prefix("cp") {
        return c.parse().ok().map(Score::Cp);
    }
    text.strip_prefix("mate")?.parse().ok().map(Score::Mate)
}

impl Found {
    fn line(&self) -> String {
        format!(
            "P\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}",
            self.id,
            self.fen,
            self.solution,
            self.settled,
            score_text(self.best),
            score_text(self.second),
            self.after,
            self.source
        )
    }

    fn read(fields: &[&str]) -> Option<Found> {
        let [id, fen, solution, settled, best, second, after, source] = fields[..] else {
            return None;
        };
        Some(Found {
            id: id.into(),
            fen: fen.into(),
            solution: solution.into(),
            settled: settled.parse().ok()?,
            best: score_of(best)?,
            second: score_of(second)?,
            after: after.into(),
            source: source.into(),
        })
    }

    /// The game it comes from, as the journal marks games done: `file:game`.
    pub fn game_key(&self) -> String {
        let mut parts = self.id.trim_start_matches('t').split('-');
        let file = parts.next().unwrap_or("");
        let game = parts
            .next()
            .and_then(|g| g.parse::<usize>().ok())
            .unwrap_or(0);
        format!("{file}:{game}")
    }
}

/// The mined journal as read back.
#[derive(Debug, Default)]
pub struct Mined {
    pub found: Vec<Found>,
    /// The games done, `file:game`.
    pub done: BTreeSet<String>,
    /// Per game done: positions searched, finds, milliseconds.
    pub positions: u64,
    pub scanned: u64,
    pub millis: u64,
}

/// Reads `mined.tsv` in `dir` (nothing if there is none yet), keeping the finds of the games
/// marked done only.
pub fn read_mined(dir: &Path) -> io::Result<Mined> {
    let path = dir.join("mined.tsv");
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) if e.kind() == io::ErrorKind::NotFound => String::new(),
        Err(e) => return Err(e),
    };
    let mut mined = Mined::default();
    let mut found = Vec::new();
    for line in text.lines() {
        let fields: Vec<&str> = line.split('\t').collect();
        match fields.first().copied() {
            Some("P") => found.extend(Found::read(&fields[1..])),
            Some("G") if fields.len() >= 7 => {
                mined.done.insert(format!("{}:{}", fields[1], fields[2]));
                mined.positions += fields[3].parse::<u64>().unwrap_or(0);
                mined.scanned += fields[4].parse::<u64>().unwrap_or(0);
                mined.millis += fields[6].parse::<u64>().unwrap_or(0);
            }
            _ => {}
        }
    }
    mined.found = found
        .into_iter()
        .filter(|f| mined.done.contains(&f.game_key()))
        .collect();
    Ok(mined)
}

/// Appends to the mined journal, starting it again from what was read (so that a game left
/// half done leaves nothing behind).
pub struct MinedWriter {
    out: BufWriter<File>,
}

impl MinedWriter {
    pub fn restart(dir: &Path, kept: &Mined, games: &[String]) -> io::Result<MinedWriter> {
        let path = dir.join("mined.tsv");
        let tmp = dir.join("mined.tsv.new");
        {
            let mut w = BufWriter::new(File::create(&tmp)?);
            for f in &kept.found {
                writeln!(w, "{}", f.line())?;
            }
            for g in games {
                writeln!(w, "{g}")?;
            }
            w.flush()?;
            w.get_ref().sync_all()?;
        }
        std::fs::rename(&tmp, &path)?;
        let file = OpenOptions::new().append(true).open(&path)?;
        Ok(MinedWriter {
            out: BufWriter::new(file),
        })
    }

    /// A game done: its finds, then the line that marks it done.
    pub fn game(&mut self, found: &[Found], done_line: &str) -> io::Result<()> {
        for f in found {
            writeln!(self.out, "{}", f.line())?;
        }
        writeln!(self.out, "{done_line}")?;
        self.out.flush()
    }
}

/// The `G` lines of the mined journal, to carry them over on a restart.
pub fn done_lines(dir: &Path) -> io::Result<Vec<String>> {
    match std::fs::read_to_string(dir.join("mined.tsv")) {
        Ok(t) => Ok(t
            .lines()
            .filter(|l| l.starts_with("G\t"))
            .map(str::to_string)
            .collect()),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(Vec::new()),
        Err(e) => Err(e),
    }
}

impl Checked {
    pub fn line(&self) -> String {
        format!(
            "C\t{}\t{}\t{}\t{}\t{}\t{}",
            self.id,
            self.best,
            score_text(self.first),
            self.second.map_or("-".into(), score_text),
            self.depth,
            self.agreed
        )
    }

    fn read(fields: &[&str]) -> Option<Checked> {
        let [id, best, first, second, depth, agreed] = fields[..] else {
            return None;
        };
        Some(Checked {
            id: id.into(),
            best: best.into(),
            first: score_of(first)?,
            second: score_of(second),
            depth: depth.parse().ok()?,
            agreed: agreed.parse().ok()?,
        })
    }
}

/// The checks done so far, by id.
pub fn read_checked(dir: &Path) -> io::Result<BTreeMap<String, Checked>> {
    let text = match std::fs::read_to_string(dir.join("checked.tsv")) {
        Ok(t) => t,
        Err(e) if e.kind() == io::ErrorKind::NotFound => String::new(),
        Err(e) => return Err(e),
    };
    Ok(text
        .lines()
        .filter_map(|l| l.strip_prefix("C\t"))
        .filter_map(|l| Checked::read(&l.split('\t').collect::<Vec<_>>()))
        .map(|c| (c.id.clone(), c))
        .collect())
}

/// Appends one check to `checked.tsv`, flushed at once.
pub fn append_checked(dir: &Path, c: &Checked) -> io::Result<()> {
    let mut f = OpenOptions::new()
        .create(true)
        .append(true)
        .open(dir.join("checked.tsv"))?;
    writeln!(f, "{}", c.line())
}
