//! Every shipped puzzle as one kind of entry — the mates and the tactics from real games —
//! with an id, a rating and themes; the tactics' file format (one tab-separated line a
//! puzzle, meant also for an export), and how a solver's move is judged against a tactic's
//! line.

use super::mate::{self, PuzzleError};
use super::mining::mate_rating;
use super::theme::{Theme, themes};
use xiangqi_rules::{Move, Position};

/// The tactics shipped with the game, mined from real games, nearly all master games (see
/// `assets/puzzles/README.md`): one a line, as [`parse_tactics`] reads them.
pub const TACTICS: &str = include_str!("../../assets/puzzles/tactics.tsv");

/// One shipped puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    /// Unique among the shipped puzzles: `mate-07`, `t1-00123-045`.
    pub id: String,
    /// The position to solve; the side to move is the solver.
    pub position: Position,
    /// The solver's moves and the replies, the solver's first and last.
    pub solution: Vec<Move>,
    /// How hard it is, on the players' rating scale.
    pub rating: u32,
    /// What it is about, sorted.
    pub themes: Vec<Theme>,
    /// The game it comes from.
    pub source: String,
    /// For a mate problem: mate in this many moves against any defence (any mating line
    /// solves it, not only the one given).
    pub mate: Option<u32>,
}

impl Entry {
    /// The line the tactics file holds (and an export prints): id, FEN,
    /// solution (ICCS, space-separated), rating, themes (comma-separated) and source,
    /// separated by tabs.
    #[must_use]
    pub fn to_line(&self) -> String {
        let solution: Vec<String> = self.solution.iter().map(Move::to_string).collect();
        let themes: Vec<String> = self.themes.iter().map(Theme::to_string).collect();
        format!(
            "{}\t{}\t{}\t{}\t{}\t{}",
            self.id,
            self.position.fen(),
            solution.join(" "),
            self.rating,
            themes.join(","),
            one_field(&self.source)
        )
    }

    /// How many moves the solver makes in the given line.
    #[must_use]
    pub fn solver_moves(&self) -> usize {
        self.solution.len().div_ceil(2)
    }

    /// Does it have a theme the filter word names (see [`Theme::matches`])?
    #[must_use]
    pub fn has_theme(&self, word: &str) -> bool {
        self.themes.iter().any(|t| t.matches(word))
    }

    /// Judges the solver's move `mv` in `pos`, reached after `played` moves of the line
    /// (a tactic; a mate is judged by the prover, [`super::Puzzle::attempt`]). The line's
    /// move is right, and so is any move that mates at once.
    #[must_use]
    pub fn judge(&self, pos: &Position, played: usize, mv: Move) -> Verdict {
        let expected = self.solution.get(played).copied();
        let mates_now = pos.play(mv).is_ok_and(|after| !after.has_legal_moves());
        if mates_now {
            return Verdict::Done;
        }
        match expected {
            Some(line_move) if line_move == mv => match self.solution.get(played + 1) {
                Some(&reply) if played + 2 < self.solution.len() => Verdict::Reply(reply),
                _ => Verdict::Done,
            },
            Some(line_move) => Verdict::Wrong(line_move),
            None => Verdict::Done,
        }
    }
}

/// What a solver's move in a tactic leads to.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The line's move (or a mate): solved.
    Done,
    /// The line's move; the other side answers with this reply, and the solver goes on.
    Reply(Move),
    /// Not the move: this one was.
    Wrong(Move),
}

/// `text` with tabs and line breaks made spaces: one field of a tab-separated line.
fn one_field(text: &str) -> String {
    text.chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect()
}

/// Reads tactics, one a line: id, FEN, solution, rating, themes and source separated by
/// tabs (see [`Entry::to_line`]). Empty lines and lines starting with `#` are skipped. The
/// solution must be legal and end on the solver's move.
///
/// ```
/// let line = "t-1\t3k5/r8/9/9/1N7/9/9/9/9/5K3 w\tb5c7 d9d8 c7a8\t1150\tfork,wins-chariot\ta game";
/// let tactics = xiangqi_engine::puzzle::parse_tactics(line).unwrap();
/// assert_eq!(tactics[0].solution.len(), 3);
/// assert_eq!(tactics[0].rating, 1150);
/// ```
///
/// # Errors
/// The first line that is malformed, with its number and what is wrong.
pub fn parse_tactics(text: &str) -> Result<Vec<Entry>, PuzzleError> {
    let mut out = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim_end_matches('\r');
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        out.push(parse_line(line, i + 1)?);
    }
    Ok(out)
}

/// One tactics line, number `number` of its file.
fn parse_line(line: &str, number: usize) -> Result<Entry, PuzzleError> {
    let err = |message: String| PuzzleError {
        line: number,
        message,
    };
    let fields: Vec<&str> = line.split('\t').collect();
    let [id, fen, solution, rating, theme_list, source] = fields[..] else {
        return Err(err(format!(
            "expected 6 fields separated by tabs, found {}",
            fields.len()
        )));
    };
    if id.is_empty() || id.contains(char::is_whitespace) {
        return Err(err(format!("'{id}' is not an id: a word without spaces")));
    }
    let position = Position::from_fen(fen).map_err(|e| err(format!("bad FEN: {e}")))?;
    let moves = legal_line(&position, solution).map_err(|m| err(m.0))?;
    if moves.len() % 2 == 0 {
        return Err(err(
            "the solution must end on the solver's move (an odd number of moves)".into(),
        ));
    }
    let rating = rating
        .parse::<u32>()
        .ok()
        .filter(|r| (100..=4000).contains(r))
        .ok_or_else(|| err(format!("'{rating}' is not a rating from 100 to 4000")))?;
    let mut found = Vec::new();
    for word in theme_list.split(',').filter(|w| !w.is_empty()) {
        found.push(word.parse::<Theme>().map_err(|e| err(e.to_string()))?);
    }
    Ok(Entry {
        id: id.to_string(),
        position,
        solution: moves,
        rating,
        themes: found,
        source: source.to_string(),
        mate: None,
    })
}

/// What is wrong with a solution, said for the line's error.
struct LineFault(String);

/// The moves of `text` (ICCS, space-separated), each legal after the ones before; what is
/// wrong if not.
fn legal_line(start: &Position, text: &str) -> Result<Vec<Move>, LineFault> {
    let mut pos = start.clone();
    let mut moves = Vec::new();
    for (k, word) in text.split_whitespace().enumerate() {
        let mv: Move = word
            .parse()
            .map_err(|e| LineFault(format!("solution move {}: {e}", k + 1)))?;
        pos = pos
            .play(mv)
            .map_err(|e| LineFault(format!("solution move {} '{mv}' is illegal: {e}", k + 1)))?;
        moves.push(mv);
    }
    if moves.is_empty() {
        return Err(LineFault("the solution has no move".into()));
    }
    Ok(moves)
}

/// The shipped mates as entries: ids `mate-01` on in the file's order, the rating of a mate
/// in N ([`mate_rating`]), the themes found in the given line.
///
/// # Errors
/// Only if the shipped file were malformed (the tests read it).
pub fn mate_entries() -> Result<Vec<Entry>, PuzzleError> {
    Ok(mate::collection()?
        .into_iter()
        .enumerate()
        .map(|(i, p)| {
            let mut found = themes(&p.position, &p.solution, &[]);
            if !found.iter().any(|t| matches!(t, Theme::MateIn(_))) {
                found.push(Theme::MateIn(p.moves));
                found.sort();
            }
            Entry {
                id: format!("mate-{:02}", i + 1),
                rating: mate_rating(p.moves),
                themes: found,
                source: p.name,
                mate: Some(p.moves),
                position: p.position,
                solution: p.solution,
            }
        })
        .collect())
}

/// Every shipped puzzle: the mates (numbered from 1 in this order by `--puzzle N`), then
/// the tactics.
///
/// # Errors
/// Only if a shipped file were malformed (the tests read them).
pub fn shipped() -> Result<Vec<Entry>, PuzzleError> {
    let mut all = mate_entries()?;
    all.extend(parse_tactics(TACTICS)?);
    Ok(all)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fork() -> Entry {
        let line =
            "t-1\t3k5/r8/9/9/1N7/9/9/9/9/5K3 w\tb5c7 d9d8 c7a8\t1150\tfork,wins-chariot\ta game";
        parse_tactics(line).expect("valid").remove(0)
    }

    #[test]
    fn a_line_reads_back_as_it_was_written() {
        let e = fork();
        assert_eq!(e.themes, vec![Theme::Fork, Theme::WinsChariot]);
        let again = parse_tactics(&e.to_line()).expect("valid").remove(0);
        assert_eq!(again, e);
        assert_eq!(
            e.to_line(),
            "t-1\t3k5/r8/9/9/1N7/9/9/9/9/5K3 w - - 0 1\tb5c7 d9d8 c7a8\t1150\tfork,wins-chariot\ta game"
        );
    }

    #[test]
    fn a_tab_or_line_break_in_the_source_never_splits_the_line() {
        let mut e = fork();
        e.source = "event\tname\nnext".into();
        let line = e.to_line();
        assert_eq!(line.split('\t').count(), 6);
        assert!(!line.contains('\n'));
    }

    #[test]
    fn malformed_lines_are_refused_with_their_number() {
        let good = fork().to_line();
        for (bad, says) in [
            (good.replace("\t1150\t", "\tabc\t"), "rating"),
            (good.replace("b5c7 d9d8 c7a8", "b5c7 d9d8"), "solver's move"),
            (good.replace("b5c7", "b5b9"), "illegal"),
            (good.replace("fork,", "forks,"), "not a theme"),
            (good.replace("t-1", "t 1"), "not an id"),
            ("only\tthree\tfields".to_string(), "6 fields"),
        ] {
            let text = format!("# comment\n\n{bad}\n");
            let err = parse_tactics(&text).expect_err(&bad);
            assert_eq!(err.line, 3, "{bad}");
            assert!(err.message.contains(says), "{err}");
        }
    }

    #[test]
    fn the_lines_move_or_a_mate_is_right_and_anything_else_shows_the_answer() {
        let e = fork();
        let m = |s: &str| s.parse::<Move>().expect("test move");
        assert_eq!(
            e.judge(&e.position, 0, m("b5c7")),
            Verdict::Reply(m("d9d8"))
        );
        assert_eq!(
            e.judge(&e.position, 0, m("b5d6")),
            Verdict::Wrong(m("b5c7"))
        );
        let after = e.position.play(m("b5c7")).and_then(|p| p.play(m("d9d8")));
        let after = after.expect("legal");
        assert_eq!(e.judge(&after, 2, m("c7a8")), Verdict::Done);
        assert_eq!(e.judge(&after, 2, m("c7e8")), Verdict::Wrong(m("c7a8")));
    }

    #[test]
    fn every_shipped_puzzle_reads_with_a_unique_id() {
        let all = shipped().expect("the shipped puzzles read");
        let mates = all.iter().filter(|e| e.mate.is_some()).count();
        assert_eq!(mates, 75);
        let mut ids: Vec<&str> = all.iter().map(|e| e.id.as_str()).collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), all.len());
        for e in all.iter().filter(|e| e.mate.is_some()) {
            assert!(e.has_theme("mate"), "{}", e.id);
        }
    }
}
