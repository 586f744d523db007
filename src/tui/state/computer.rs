//! The computer at the table, as state: which sides it plays, at what level, whether the
//! analysis line is on, a hint asked for, and the one search running in the background.
//! Pure like the rest of the app: [`Computer::sync`] decides what should be thinking now and
//! returns the [`Effect`]s that start and stop searches; the worker's reports come back
//! through [`Computer::report`].

pub mod annotation;
pub mod search;

use crate::tui::state::computer::search::{Report, ReportKind, Request, Task};
use crate::tui::state::effect::Effect;
use std::time::Duration;
use xiangqi_engine::{Info, Level, Limits, Score};
use xiangqi_records::opening;
use xiangqi_rules::clock::{Clock, TimeControl};
use xiangqi_rules::{Color, Game, Move};

/// How the computer was set up on the command line. Tests set `think` to search to a fixed
/// depth instead of for a time.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ComputerOptions {
    /// The side the computer plays from the start (`--computer`).
    pub side: Option<Color>,
    /// Its strength (`--level`).
    pub level: Level,
    /// Replaces every search's limits (for tests: a fixed depth, never a time).
    pub think: Option<Limits>,
}

/// The level when none is asked for.
pub const DEFAULT_LEVEL: u8 = 5;

impl Default for ComputerOptions {
    fn default() -> ComputerOptions {
        ComputerOptions {
            side: None,
            level: Level::new(DEFAULT_LEVEL).unwrap_or(Level::MAX),
            think: None,
        }
    }
}

/// Lines the analysis shows unless the configuration says otherwise.
pub const DEFAULT_ANALYSIS_LINES: usize = 3;
/// What `A` steps through: lines the analysis shows.
pub const ANALYSIS_LINE_STEPS: [usize; 4] = [1, 2, 3, 5];

/// How long the hint thinks.
pub const HINT_TIME: Duration = Duration::from_secs(1);
/// Without a clock, the longest the computer thinks over a move (the strong levels have no
/// depth limit of their own).
pub const MOVE_TIME: Duration = Duration::from_secs(5);

/// The weakest levels, below this one, play without the opening book: their own weak moves
/// from the first, not masters' openings followed by blunders.
pub const BOOK_FROM_LEVEL: u8 = 3;

/// Which position a search or a result belongs to: the number of moves and the position's key.
pub type PositionKey = (usize, u64);

/// The key of `game`'s current position.
#[must_use]
pub fn key_of(game: &Game) -> PositionKey {
    (game.moves().len(), game.position().key())
}

/// What the app should do after a report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// Nothing more.
    None,
    /// Play this move for the computer.
    Play(Move),
    /// The hint is ready: show this move.
    Hint(Move),
    /// A puzzle move was judged.
    Judged(xiangqi_engine::puzzle::Attempt),
    /// The engine failed: say why.
    Failed(String),
}

/// The search running now.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Running {
    id: u64,
    task: Task,
    key: PositionKey,
    /// Principal variations it finds.
    lines: usize,
}

/// The computer's part of the app's state.
#[derive(Clone, Debug)]
pub struct Computer {
    /// Sides the computer plays: red, black.
    plays: [bool; 2],
    level: Level,
    think: Option<Limits>,
    analysis: bool,
    /// Principal variations the analysis finds and shows (MultiPV).
    analysis_lines: usize,
    /// The position a hint was asked for, until it is found.
    hint_wanted: Option<PositionKey>,
    /// The hint found, for the position it was found in.
    hint: Option<(PositionKey, Move)>,
    /// The latest analysis reports, one a line (best first), for the position they are
    /// about, from the search that made them.
    info: Option<(PositionKey, u64, Vec<Info>)>,
    /// The analysis of this position ended on its own (its depth limit or a mate).
    analysed: Option<PositionKey>,
    /// A puzzle move waiting to be judged, with the moves left.
    judge_wanted: Option<(PositionKey, u32)>,
    running: Option<Running>,
    next_id: u64,
    /// The engine's name when it is an external one (for the analysis line).
    pub engine_failed: bool,
    /// Varies the book's choices and a weak level's moves: set from the time when the
    /// program starts, and mixed with the number of the game or of the search, so two
    /// games differ.
    seed: u64,
}

impl Computer {
    /// The computer as set up on the command line.
    #[must_use]
    pub fn new(options: ComputerOptions) -> Computer {
        let mut plays = [false; 2];
        if let Some(side) = options.side {
            plays[index(side)] = true;
        }
        Computer {
            plays,
            level: options.level,
            think: options.think,
            analysis: false,
            analysis_lines: DEFAULT_ANALYSIS_LINES,
            hint_wanted: None,
            hint: None,
            info: None,
            analysed: None,
            judge_wanted: None,
            running: None,
            next_id: 1,
            engine_failed: false,
            seed: 0,
        }
    }

    /// The computer showing `lines` principal variations in its analysis (1 to
    /// [`MAX_MULTIPV`](xiangqi_engine::MAX_MULTIPV)).
    #[must_use]
    pub fn with_analysis_lines(mut self, lines: usize) -> Computer {
        self.analysis_lines = lines.clamp(1, xiangqi_engine::MAX_MULTIPV);
        self
    }

    /// Lines the analysis shows.
    #[must_use]
    pub fn analysis_lines(&self) -> usize {
        self.analysis_lines
    }

    /// `A`: the next number of analysis lines of [`ANALYSIS_LINE_STEPS`] (after a number not
    /// among them, the first above it, or back to one). The analysis running starts again
    /// with as many at the next sync. Returns the number.
    pub fn cycle_analysis_lines(&mut self) -> usize {
        self.analysis_lines = ANALYSIS_LINE_STEPS
            .iter()
            .copied()
            .find(|&n| n > self.analysis_lines)
            .unwrap_or(ANALYSIS_LINE_STEPS[0]);
        // Analysed with another number of lines: not finished for this one.
        self.analysed = None;
        self.analysis_lines
    }

    /// Sets what varies the book's choices and a weak level's moves (the time at the start;
    /// a fixed number in tests).
    pub fn set_seed(&mut self, seed: u64) {
        self.seed = seed;
    }

    /// The book's move for the computer in `game`, the `number`-th game played at this
    /// table: one of the masters' moves, by weight, chosen from a number mixed of the one
    /// set at the start, the game's number and the position; `None` out of the book or at
    /// the weakest levels.
    #[must_use]
    pub fn book_move(&self, game: &Game, number: u32) -> Option<Move> {
        if self.level.get() < BOOK_FROM_LEVEL {
            return None;
        }
        let seed = self.seed
            ^ u64::from(number).wrapping_mul(0x9e37_79b9_7f4a_7c15)
            ^ game.position().key();
        opening::book_move(game.position(), seed)
    }

    /// The hint from the book for `game`: the book's heaviest move (by games and score),
    /// remembered as the hint for its position.
    pub fn book_hint(&mut self, game: &Game) -> Option<Move> {
        let mv = opening::book_moves(game.position())
            .into_iter()
            .max_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(row, _)| row.mv)?;
        self.hint = Some((key_of(game), mv));
        Some(mv)
    }

    /// Does the computer play `side`?
    #[must_use]
    pub fn plays(&self, side: Color) -> bool {
        self.plays[index(side)]
    }

    /// `c`: hands `side` (the side to move) to the computer, or takes it back. Returns
    /// whether the computer now plays it.
    pub fn toggle_side(&mut self, side: Color) -> bool {
        let i = index(side);
        self.plays[i] = !self.plays[i];
        self.plays[i]
    }

    /// Lets go of every side (a puzzle starts: the defence is the puzzle's).
    pub fn release_sides(&mut self) {
        self.plays = [false; 2];
    }

    /// The playing level.
    #[must_use]
    pub fn level(&self) -> Level {
        self.level
    }

    /// Plays at `level` from the next search on.
    pub fn set_level(&mut self, level: Level) {
        self.level = level;
    }

    /// Plays `side` alone (a new game against the computer), or no side.
    pub fn play_only(&mut self, side: Option<Color>) {
        self.plays = [false; 2];
        if let Some(side) = side {
            self.plays[index(side)] = true;
        }
    }

    /// Shows `lines` lines in its analysis (1 to [`MAX_MULTIPV`](xiangqi_engine::MAX_MULTIPV)).
    pub fn set_analysis_lines(&mut self, lines: usize) {
        self.analysis_lines = lines.clamp(1, xiangqi_engine::MAX_MULTIPV);
        self.analysed = None;
    }

    /// `a`: the analysis line on or off. Returns whether it is on.
    pub fn toggle_analysis(&mut self) -> bool {
        self.analysis = !self.analysis;
        if !self.analysis {
            self.info = None;
            self.analysed = None;
        }
        self.analysis
    }

    /// Is the analysis line on?
    #[must_use]
    pub fn analysis_on(&self) -> bool {
        self.analysis
    }

    /// `t`: find the best move for this position.
    pub fn want_hint(&mut self, key: PositionKey) {
        self.hint_wanted = Some(key);
    }

    /// Is a hint being looked for in this position?
    #[must_use]
    pub fn hint_pending(&self, key: PositionKey) -> bool {
        self.hint_wanted == Some(key)
    }

    /// The hint for this position, if one was found.
    #[must_use]
    pub fn hint(&self, key: PositionKey) -> Option<Move> {
        self.hint.filter(|(k, _)| *k == key).map(|(_, m)| m)
    }

    /// The latest analysis of this position (from the analysis, or the computer thinking
    /// over its move): its best line.
    #[must_use]
    pub fn info(&self, key: PositionKey) -> Option<&Info> {
        self.lines(key).first()
    }

    /// The latest analysis of this position, one report a line, best first (as many as the
    /// engine found, up to the lines asked for); empty if there is none.
    #[must_use]
    pub fn lines(&self, key: PositionKey) -> &[Info] {
        self.info
            .as_ref()
            .filter(|(k, _, _)| *k == key)
            .map_or(&[], |(_, _, lines)| lines.as_slice())
    }

    /// Is the computer thinking over its own move now?
    #[must_use]
    pub fn thinking(&self) -> bool {
        self.running.is_some_and(|r| r.task == Task::Play)
    }

    /// Is any search running?
    #[must_use]
    pub fn busy(&self) -> bool {
        self.running.is_some()
    }

    /// A puzzle move was played in this position: judge it with `moves_left` attacker moves.
    pub fn want_judge(&mut self, key: PositionKey, moves_left: u32) {
        self.judge_wanted = Some((key, moves_left));
    }

    /// Stops whatever runs (leaving the game): the effect to perform, if any.
    pub fn stop_all(&mut self) -> Option<Effect> {
        self.hint_wanted = None;
        self.judge_wanted = None;
        self.running.take().map(|r| Effect::StopThinking(r.id))
    }

    /// Starts, stops or keeps searches so that what runs is what the game needs now: the
    /// puzzle judge, the computer's move, a hint, the analysis, or nothing. `idle` says the
    /// game is not to be thought about (over, paused, or another screen is up); `sides` that
    /// it is the played game, whose sides the computer may play. `clock` is
    /// the game clock and the elapsed time, when there is one.
    pub fn sync(
        &mut self,
        game: &Game,
        idle: bool,
        sides: bool,
        clock: Option<(&Clock, Duration)>,
    ) -> Vec<Effect> {
        let key = key_of(game);
        let turn = game.position().turn();
        if self.hint_wanted.is_some_and(|k| k != key) {
            self.hint_wanted = None;
        }
        if self.judge_wanted.is_some_and(|(k, _)| k != key) {
            self.judge_wanted = None;
        }
        let wanted = if idle && self.judge_wanted.is_none() {
            None
        } else if let Some((_, moves_left)) = self.judge_wanted {
            Some(Task::Judge { moves_left })
        } else if sides && self.plays(turn) {
            Some(Task::Play)
        } else if self.hint_wanted.is_some() {
            Some(Task::Hint)
        } else if self.analysis && self.analysed != Some(key) {
            Some(Task::Analysis)
        } else {
            None
        };
        let lines_of = |task: Task| match task {
            Task::Analysis => self.analysis_lines,
            _ => 1,
        };
        let current = self.running.map(|r| (r.task, r.key, r.lines));
        if current == wanted.map(|t| (t, key, lines_of(t))) {
            return Vec::new();
        }
        let mut effects = Vec::new();
        if let Some(r) = self.running.take() {
            effects.push(Effect::StopThinking(r.id));
        }
        if let Some(task) = wanted {
            let id = self.next_id;
            self.next_id += 1;
            let lines = lines_of(task);
            self.running = Some(Running {
                id,
                task,
                key,
                lines,
            });
            let limits = Limits {
                multipv: lines,
                ..self.limits(task, turn, key, clock)
            };
            effects.push(Effect::Think(Box::new(Request {
                id,
                task,
                game: game.clone(),
                limits,
            })));
        }
        effects
    }

    /// The limits of a search for `task`: a second for the hint, none for the analysis, the
    /// level (and the clock, or a few seconds without one) for the computer's move.
    fn limits(
        &self,
        task: Task,
        turn: Color,
        key: PositionKey,
        clock: Option<(&Clock, Duration)>,
    ) -> Limits {
        if let Some(think) = self.think {
            return think;
        }
        match task {
            Task::Hint => Limits {
                movetime: Some(HINT_TIME),
                ..Limits::default()
            },
            Task::Analysis | Task::Judge { .. } => Limits::default(),
            Task::Play => {
                let seed = key.1 ^ self.seed ^ self.next_id.wrapping_mul(0x9e37_79b9_7f4a_7c15);
                let mut limits = self.level.limits(seed);
                match clock {
                    Some((clock, now)) if !clock.stopped() => {
                        limits.clock = Some(engine_clock(clock, turn, now));
                        limits.movetime = Some(MOVE_TIME * 6);
                    }
                    _ => limits.movetime = Some(MOVE_TIME),
                }
                limits
            }
        }
    }

    /// A report from the worker: kept if it is about the search running now.
    pub fn report(&mut self, report: Report) -> Outcome {
        let Some(running) = self.running else {
            return Outcome::None;
        };
        if running.id != report.id {
            return Outcome::None;
        }
        match report.kind {
            ReportKind::Info(info) => {
                if running.task != Task::Hint {
                    self.keep(running, info);
                }
                Outcome::None
            }
            ReportKind::Done(result) => {
                self.running = None;
                match running.task {
                    Task::Analysis => {
                        self.analysed = Some(running.key);
                        Outcome::None
                    }
                    Task::Hint => {
                        self.hint_wanted = None;
                        match result.best {
                            Some(mv) => {
                                self.hint = Some((running.key, mv));
                                Outcome::Hint(mv)
                            }
                            None => Outcome::None,
                        }
                    }
                    Task::Play => result.best.map_or(Outcome::None, Outcome::Play),
                    Task::Judge { .. } => Outcome::None,
                }
            }
            ReportKind::Judged(attempt) => {
                self.running = None;
                self.judge_wanted = None;
                Outcome::Judged(attempt)
            }
            ReportKind::Failed(why) => {
                self.running = None;
                self.hint_wanted = None;
                self.judge_wanted = None;
                // Nothing is started again by itself: the player decides.
                self.plays = [false; 2];
                self.analysis = false;
                self.engine_failed = true;
                Outcome::Failed(why)
            }
        }
    }
}

impl Computer {
    /// Keeps a report of the search `running`: as its line, replacing the last report of
    /// that line; a report of another search or position starts afresh.
    fn keep(&mut self, running: Running, info: Info) {
        let same = self
            .info
            .as_ref()
            .is_some_and(|(k, id, _)| *k == running.key && *id == running.id);
        if !same {
            self.info = Some((running.key, running.id, Vec::new()));
        }
        let Some((_, _, lines)) = self.info.as_mut() else {
            return;
        };
        let at = info.multipv.max(1) as usize - 1;
        if at >= running.lines {
            // More lines than asked for: not shown.
        } else if at < lines.len() {
            lines[at] = info;
        } else if at == lines.len() {
            lines.push(info);
        }
        // A line whose number comes before the ones kept yet (an engine that skips) is
        // left out rather than shown out of order.
    }
}

/// The game clock as the engine sees it for `turn`: the time left, the increment, and for
/// byo-yomi, once the base time is gone, one move in the period.
fn engine_clock(clock: &Clock, turn: Color, now: Duration) -> xiangqi_engine::Clock {
    let time = clock.left(turn, now);
    match clock.control() {
        TimeControl::Fischer { increment, .. } => xiangqi_engine::Clock {
            time,
            increment,
            moves_to_go: None,
        },
        TimeControl::ByoYomi { .. } => xiangqi_engine::Clock {
            time,
            increment: Duration::ZERO,
            moves_to_go: clock.in_byoyomi(turn, now).then_some(1),
        },
    }
}

fn index(side: Color) -> usize {
    match side {
        Color::Red => 0,
        Color::Black => 1,
    }
}

/// A score from red's view, as the analysis line shows it: `+0.35`, `-1.20`, `+M3` (red
/// mates in 3), `-M2` (black mates in 2); the side to move mated (`Mate(0)`, which the view
/// puts in words) `-M0` when that is red, `+M0` when black.
#[must_use]
pub fn red_score(score: Score, turn: Color) -> String {
    let score = if turn == Color::Red {
        score
    } else {
        score.negate()
    };
    match score {
        Score::Mate(0) if turn == Color::Red => "-M0".to_string(),
        Score::Cp(cp) => {
            let sign = if cp < 0 { '-' } else { '+' };
            let cp = cp.unsigned_abs();
            format!("{sign}{}.{:02}", cp / 100, cp % 100)
        }
        Score::Mate(m) if m < 0 => format!("-M{}", m.unsigned_abs()),
        Score::Mate(m) => format!("+M{m}"),
    }
}

/// A message of the computer's, for the message line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Note {
    /// `t` was pressed: thinking.
    HintThinking,
    /// The hint: the move in the notation shown, and in ICCS.
    Hint(String, String),
    /// The hint is a book move: the move in the notation shown, and in ICCS.
    BookHint(String, String),
    /// The analysis line was turned on or off.
    Analysis(bool),
    /// The analysis now shows this many lines.
    AnalysisLines(usize),
    /// The computer now plays this side (true) or left it to the player (false).
    Plays(Color, bool),
    /// A move was tried while the computer plays the side to move.
    ComputerToMove(Color),
    /// The player offered a draw; the computer, playing this side, declines it.
    DeclinesDraw(Color),
    /// `g` or `d` while the computer plays both sides: neither is the player's.
    PlaysBoth,
    /// The engine failed; the computer stopped.
    Failed(String),
    /// A puzzle starts: number, total, attacker, moves.
    PuzzleStart(usize, usize, Color, u32),
    /// The puzzle is solved.
    PuzzleSolved(usize),
    /// The mate is no longer forced.
    PuzzleFailed,
    /// The solution, in ICCS.
    PuzzleShown(String),
    /// `c` in a puzzle.
    PuzzleDefends,
    /// A rated tactic starts: the side to move, the player's rating.
    TacticStart(Color, u32),
    /// Not the tactic's move: this one was (as shown, then ICCS); the rating before and after.
    TacticWrong(String, String, Option<(u32, u32)>),
    /// Solved: the rating before and after (none if it had counted already).
    TacticSolved(Option<(u32, u32)>),
    /// The tactic's line in ICCS, shown.
    TacticShown(String),
    /// No tactic passes the filter asked for.
    TacticNone,
    /// The filter typed does not read: why.
    TacticFilterBad(String),
    /// The progress could not be kept.
    ProgressFailed(String),
}
