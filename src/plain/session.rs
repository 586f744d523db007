//! The plain mode's conversation. A line typed becomes the app's actions — the same
//! `App::update` the board screen's keys reach — and what changed is then said in words:
//! the moves played and taken back, the message, the question asked, how the game stands.
//! Questions about the board are answered from the game without touching it. Pure like the
//! app: the time comes in with each call, the effects go out to the loop, whose reports come
//! back through [`Session::report`].

use super::command::{self, Command, Place, Problem};
use super::{answers, typed, words};
use crate::tui::i18n::catalogue::{plain_id as id, tr, tr_args};
use crate::tui::i18n::lang::Lang;
use crate::tui::state::action::{Action, EditKey, Now, PickKey};
use crate::tui::state::app::App;
use crate::tui::state::effect::Effect;
use crate::tui::state::prompt::message::{Message, Mode, Prompt};
use std::time::Duration;
use xiangqi_rules::{Color, Game, Move, Notation, Outcome, Position};

mod tell;
/// The times left at which the side to move hears how much it has, once a turn each.
pub const WARN_AT: [Duration; 4] = [
    Duration::from_secs(300),
    Duration::from_secs(60),
    Duration::from_secs(30),
    Duration::from_secs(10),
];

/// At most so many of the referee's warnings are said after a move.
const WARNINGS_SAID: usize = 3;

/// The game in front as it stood before an action: what the words after it compare with.
#[derive(Clone, Debug)]
struct Snapshot {
    /// A record or puzzle is in front of the played game.
    aside: bool,
    /// Which game the desk in front holds (a new one counts one more).
    generation: u32,
    /// The key of the game's start position.
    start: u64,
    moves: Vec<Move>,
    /// The position before each move, and after the last.
    positions: Vec<Position>,
    outcome: Option<Outcome>,
    message: Option<Message>,
    mode: Mode,
}

impl Snapshot {
    fn of(app: &App) -> Snapshot {
        let game = app.game();
        Snapshot {
            aside: app.game_aside(),
            generation: app.desk().generation(),
            start: game.start().key(),
            moves: game.moves().to_vec(),
            positions: game.positions().to_vec(),
            outcome: app.outcome(),
            message: app.message().cloned(),
            mode: app.mode(),
        }
    }

    /// Does `other` hold the same game (moves played or taken back aside)?
    fn same_game(&self, other: &Snapshot) -> bool {
        (self.aside, self.generation, self.start) == (other.aside, other.generation, other.start)
    }
}

/// What was typed for a move, for the words of a refusal.
#[derive(Copy, Clone, Debug)]
struct Typed<'a> {
    /// As typed.
    text: &'a str,
    /// Read as a move in words (so a syntax error is the notation's, not the words').
    in_words: bool,
}

/// How far the clock warnings have gone in a turn.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Warned {
    /// The turn: moves played before it, and its side.
    plies: usize,
    side: Color,
    /// The lowest of [`WARN_AT`] the time left is under (`Duration::MAX` for none).
    below: Duration,
}

/// The app, and what is to be said of it.
#[derive(Debug)]
pub struct Session {
    app: App,
    /// Lines to say, in order.
    said: Vec<String>,
    /// The lines said last, for `again`.
    last: Vec<String>,
    /// The game to open once a file's list is up (`open FILE N`).
    pick: Option<usize>,
    warned: Option<Warned>,
}

impl Session {
    /// A conversation over `app`.
    #[must_use]
    pub fn new(app: App) -> Session {
        Session {
            app,
            said: Vec::new(),
            last: Vec::new(),
            pick: None,
            warned: None,
        }
    }

    /// The app, for what the tests read of it.
    #[cfg(test)]
    #[must_use]
    pub fn app(&self) -> &App {
        &self.app
    }

    /// The language spoken.
    #[must_use]
    pub fn lang(&self) -> Lang {
        self.app.lang()
    }

    /// The played game and the notation its moves were shown in, when the program ends.
    #[must_use]
    pub fn into_game(self) -> (Game, Notation) {
        self.app.into_game()
    }

    /// When the app next wants the time (a clock runs), as [`Now::elapsed`].
    #[must_use]
    pub fn next_tick(&self) -> Option<Duration> {
        self.app.next_tick()
    }

    /// The lines to say now, taken (and kept for `again`).
    pub fn take_said(&mut self) -> Vec<String> {
        let said = std::mem::take(&mut self.said);
        if !said.is_empty() {
            self.last.clone_from(&said);
        }
        said
    }

    fn say(&mut self, line: String) {
        self.said.push(line);
    }

    /// The start: a greeting, what the start has to say (a configuration not used, where
    /// the game is kept, the game resumed or opened), the last move and whose turn it is;
    /// then the time and the loop's first `reports` (a game to resume, the puzzles solved).
    pub fn start(&mut self, now: Now, reports: Vec<Action>) -> Vec<Effect> {
        let lang = self.lang();
        self.say(tr(lang, id::PLAIN_WELCOME));
        if let Some(m) = self.app.message().cloned() {
            for line in self.message_lines(&m, false, None) {
                self.say(line);
            }
        }
        let game = self.app.game();
        let turn = game.position().turn();
        let last = game.last_move().map(|mv| {
            let positions = game.positions();
            words::played(lang, &positions[positions.len() - 2], mv)
        });
        let status = match game.outcome() {
            Some(outcome) => words::over(lang, outcome, turn),
            None => words::to_move(lang, turn),
        };
        let status = match last {
            Some(last) => words::sentences(lang, &last, &status),
            None => status,
        };
        self.say(status);
        let mut before = Snapshot::of(&self.app);
        // A file's list at the start (`--load` of several games) is said below.
        before.mode = Mode::Play;
        self.act(now, false, None, move |app| {
            let mut effects = app.update(Action::Tick(now));
            for report in reports {
                effects.extend(app.update(report));
            }
            effects
        })
        .or_said_from(before)
    }
}

/// What [`Session::act`] did, to be said against the right snapshot.
struct Acted<'a> {
    session: &'a mut Session,
    before: Snapshot,
    effects: Vec<Effect>,
    now: Now,
    player: bool,
    typed: Option<Typed<'a>>,
}

impl Acted<'_> {
    /// Says what changed against `before` instead of the snapshot taken by `act`.
    fn or_said_from(mut self, before: Snapshot) -> Vec<Effect> {
        self.before = before;
        self.finish()
    }

    /// Says what changed, closes what the plain mode never leaves open, and hands back the
    /// effects.
    fn finish(self) -> Vec<Effect> {
        let Acted {
            session,
            before,
            mut effects,
            now,
            player,
            typed,
        } = self;
        session.tell(&before, player, typed);
        effects.extend(session.after(now));
        effects
    }
}

impl Session {
    /// Runs `actions` (after the time) on the app as one thing the player or the loop did.
    fn act<'a>(
        &'a mut self,
        now: Now,
        player: bool,
        typed: Option<Typed<'a>>,
        actions: impl FnOnce(&mut App) -> Vec<Effect>,
    ) -> Acted<'a> {
        let before = Snapshot::of(&self.app);
        let effects = actions(&mut self.app);
        Acted {
            session: self,
            before,
            effects,
            now,
            player,
            typed,
        }
    }

    /// `actions`, the player's, after the time, with what changed said.
    fn player_acts(&mut self, now: Now, actions: Vec<Action>) -> Vec<Effect> {
        self.act(now, true, None, move |app| run(app, now, actions))
            .finish()
    }

    /// A report of the loop's (the engine, a file read or saved, the autosave).
    pub fn report(&mut self, action: Action, now: Now) -> Vec<Effect> {
        self.act(now, false, None, move |app| run(app, now, vec![action]))
            .finish()
    }

    /// The time has come that [`Session::next_tick`] asked for.
    pub fn tick(&mut self, now: Now) -> Vec<Effect> {
        self.act(now, false, None, move |app| app.update(Action::Tick(now)))
            .finish()
    }

    /// The input has ended: the game is kept for `--resume`, and the program ends.
    pub fn end(&mut self, now: Now) -> Vec<Effect> {
        self.report(Action::Terminate, now)
    }

    /// A line typed.
    pub fn hear(&mut self, line: &str, now: Now) -> Vec<Effect> {
        let line = line.trim();
        if line.is_empty() {
            return Vec::new();
        }
        let turn = self.app.game().position().turn();
        let read = command::read(line, turn);
        let mut effects = Vec::new();
        match self.app.mode() {
            Mode::Confirm(_) => {
                if let Ok(Command::Answer(yes)) = read {
                    return self.player_acts(now, vec![Action::Answer(yes)]);
                }
                // Anything else answers no, then is heard as itself.
                effects = self.player_acts(now, vec![Action::Answer(false)]);
            }
            Mode::Picker { .. } => return self.in_list(read, now),
            Mode::Paused
                if !matches!(
                    read,
                    Ok(Command::Pause | Command::Quit | Command::Help | Command::Again)
                ) =>
            {
                self.say(tr(self.lang(), id::PLAIN_PAUSED));
                return effects;
            }
            _ => {}
        }
        match read {
            Ok(command) => effects.extend(self.command(command, line, now)),
            Err(problem) => {
                let said = problem_words(self.lang(), &problem);
                self.say(said);
            }
        }
        effects
    }

    /// A line typed while a file's list of games is up: a game's number, or back.
    fn in_list(&mut self, read: Result<Command, Problem>, now: Now) -> Vec<Effect> {
        match read {
            Ok(Command::Number(n)) => self.pick_game(n, now),
            Ok(Command::Back) => self.player_acts(now, vec![Action::Pick(PickKey::Escape)]),
            Ok(Command::Quit) => self.player_acts(now, vec![Action::Quit]),
            _ => {
                let count = self.list_len();
                let said = tr_args(
                    self.lang(),
                    id::PLAIN_PICKER_NUMBER,
                    &[("count", count.into())],
                );
                self.say(said);
                Vec::new()
            }
        }
    }

    /// How many games the file's list shows.
    fn list_len(&self) -> usize {
        self.app.picker().map_or(0, |p| p.counts().0)
    }

    /// Opens game `n` (from 1) of the file's list.
    fn pick_game(&mut self, n: usize, now: Now) -> Vec<Effect> {
        let count = self.list_len();
        if !(1..=count).contains(&n) {
            let said = tr_args(
                self.lang(),
                id::PLAIN_PICKER_NUMBER,
                &[("count", count.into())],
            );
            self.say(said);
            return Vec::new();
        }
        let step = isize::try_from(n - 1).unwrap_or(0);
        self.player_acts(
            now,
            vec![
                Action::Pick(PickKey::First),
                Action::Pick(PickKey::Step(step)),
                Action::Pick(PickKey::Enter),
            ],
        )
    }

    /// Does what `command` asks (`line` as typed, for the words of a refusal).
    fn command(&mut self, command: Command, line: &str, now: Now) -> Vec<Effect> {
        let pos = self.app.game().position().clone();
        let action = match command {
            Command::Move(text) => return self.play(&text, now),
            Command::Save(file) => {
                return self.player_acts(
                    now,
                    vec![
                        Action::Save,
                        Action::Edit(EditKey::Clear),
                        Action::Paste(file),
                        Action::Submit,
                    ],
                );
            }
            Command::Open(file, n) => {
                self.pick = n;
                return self
                    .player_acts(now, vec![Action::Open, Action::Paste(file), Action::Submit]);
            }
            Command::New => Action::AskNewGame,
            Command::Undo => Action::Undo,
            Command::Redo => Action::Redo,
            Command::Draw => Action::OfferDraw,
            Command::Resign => Action::Resign,
            Command::Hint => Action::Hint,
            Command::Computer => Action::ToggleComputer,
            Command::Pause => Action::Pause,
            Command::Puzzle => Action::Puzzle,
            Command::Back => Action::BackToGame,
            Command::Quit => Action::Quit,
            question => {
                let said = self.answer(question, line, &pos, now);
                for line in said {
                    self.say(line);
                }
                return Vec::new();
            }
        };
        self.player_acts(now, vec![action])
    }

    /// The words answering a question about the board, or another line that changes
    /// nothing.
    fn answer(&self, question: Command, line: &str, pos: &Position, now: Now) -> Vec<String> {
        let lang = self.lang();
        match question {
            Command::Help => [
                id::PLAIN_HELP_MOVES,
                id::PLAIN_HELP_BOARD,
                id::PLAIN_HELP_GAME,
                id::PLAIN_HELP_FILES,
                id::PLAIN_HELP_OTHER,
            ]
            .iter()
            .map(|&help| tr(lang, help))
            .collect(),
            Command::Again if self.last.is_empty() => vec![tr(lang, id::PLAIN_NOTHING_TO_REPEAT)],
            Command::Again => self.last.clone(),
            Command::Pieces(None) => [Color::Red, Color::Black]
                .iter()
                .map(|&side| answers::pieces(lang, pos, side))
                .collect(),
            Command::Pieces(Some(side)) => vec![answers::pieces(lang, pos, side)],
            Command::At(Place::Point(sq)) => vec![answers::point(lang, pos, sq)],
            Command::At(Place::File(side, n)) => vec![answers::file(lang, pos, side, n)],
            Command::Moves(sq) => vec![answers::moves(lang, pos, sq)],
            Command::Attackers(sq) => vec![answers::bearing(lang, pos, sq, false)],
            Command::Defenders(sq) => vec![answers::bearing(lang, pos, sq, true)],
            Command::Last(n) => answers::last_moves(lang, self.app.game(), n),
            Command::Material => vec![answers::material(lang, pos)],
            Command::Clock => vec![answers::clocks(lang, self.app.clock(), now.elapsed)],
            Command::Turn => vec![answers::turn(lang, self.app.game())],
            Command::Fen => vec![pos.fen()],
            _ => vec![tr_args(lang, id::PLAIN_UNKNOWN, &[("text", line.into())])],
        }
    }

    /// A move typed (in a notation, or in words): played through the app's move prompt, as
    /// the board screen's `:` plays one, so the library reads it and says why it refuses it.
    fn play(&mut self, text: &str, now: Now) -> Vec<Effect> {
        let in_words = typed::notation(text);
        let typed = Typed {
            text,
            in_words: in_words.is_some(),
        };
        let written = in_words.unwrap_or_else(|| text.to_string());
        self.act(now, true, Some(typed), move |app| {
            let mut effects = app.update(Action::Tick(now));
            effects.extend(app.update(Action::TypeMove));
            // The computer to move, or the game over: the prompt did not open, and the
            // message says why.
            if app.mode() == Mode::Prompt(Prompt::Move) {
                effects.extend(app.update(Action::Paste(written)));
                effects.extend(app.update(Action::Submit));
            }
            effects
        })
        .finish()
    }

    /// What follows every action: a prompt the app left open (a move refused, a file not
    /// opened or saved) is closed, a game waiting to be picked from a file's list is opened,
    /// and the clocks are watched.
    fn after(&mut self, now: Now) -> Vec<Effect> {
        let mut effects = Vec::new();
        if matches!(self.app.mode(), Mode::Prompt(_)) {
            effects.extend(self.app.update(Action::Cancel));
        }
        if matches!(self.app.mode(), Mode::Picker { .. })
            && let Some(n) = self.pick.take()
        {
            effects.extend(self.pick_game(n, now));
        }
        self.watch_clock(now);
        effects
    }
}

/// `actions` on `app` after the time.
fn run(app: &mut App, now: Now, actions: Vec<Action>) -> Vec<Effect> {
    let mut effects = app.update(Action::Tick(now));
    for action in actions {
        effects.extend(app.update(action));
    }
    effects
}

/// The words of a command that lacks what it needs.
fn problem_words(lang: Lang, problem: &Problem) -> String {
    match problem {
        Problem::NeedsPoint(command) => tr_args(
            lang,
            id::PLAIN_NEEDS_POINT,
            &[("command", command.as_str().into())],
        ),
        Problem::NeedsFile(command) => tr_args(
            lang,
            id::PLAIN_NEEDS_FILE,
            &[("command", command.as_str().into())],
        ),
        Problem::BadPoint(text) => {
            tr_args(lang, id::PLAIN_BAD_POINT, &[("text", text.as_str().into())])
        }
    }
}
