//! What the computer shows: the hint's from→to mark on the board, the analysis line
//! (evaluation from red's view and the principal variation in the notation shown), who the
//! computer plays, the puzzle's state, and the words of its messages.

use super::app::{App, SCREEN_STYLE};
use super::computer::{key_of, red_score};
use super::layout::BoardGeometry;
use super::puzzle::Status;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;
use xiangqi::{Color, Move, Position};

/// A message of the computer's, for the message line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Note {
    /// `t` was pressed: thinking.
    HintThinking,
    /// The hint: the move in the notation shown, and in ICCS.
    Hint(String, String),
    /// The analysis line was turned on or off.
    Analysis(bool),
    /// The computer now plays this side (true) or left it to the player (false).
    Plays(Color, bool),
    /// A move was tried while the computer plays the side to move.
    ComputerToMove(Color),
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
    /// The progress could not be kept.
    ProgressFailed(String),
}

/// The words of a [`Note`].
#[must_use]
pub fn note_text(note: &Note) -> String {
    match note {
        Note::HintThinking => "Looking for a hint…".into(),
        Note::Hint(mv, iccs) => format!("Hint: {mv}  ({iccs}, marked on the board)"),
        Note::Analysis(true) => "Analysis on (a turns it off)".into(),
        Note::Analysis(false) => "Analysis off".into(),
        Note::Plays(side, true) => format!("The computer plays {} (c takes it back)", side.name()),
        Note::Plays(side, false) => format!("You play {} again", side.name()),
        Note::ComputerToMove(side) => format!(
            "The computer plays {} — wait for its move, or c to take the side back",
            side.name()
        ),
        Note::Failed(why) => format!("The engine stopped: {why}"),
        Note::PuzzleStart(n, total, side, moves) => {
            let s = if *moves == 1 { "" } else { "s" };
            format!(
                "Puzzle {n}/{total}: {} mates in {moves} move{s} (z shows the solution)",
                side.name()
            )
        }
        Note::PuzzleSolved(n) => format!("Solved puzzle {n}! z: next puzzle"),
        Note::PuzzleFailed => "No forced mate any more — u takes back, z shows the solution".into(),
        Note::PuzzleShown(moves) => format!("Solution: {moves}  (u steps back, z next puzzle)"),
        Note::PuzzleDefends => "In a puzzle the computer defends already".into(),
        Note::ProgressFailed(why) => format!("Could not keep the puzzle progress: {why}"),
    }
}

/// How a note is shown on the message line: failures as warnings, results as results.
#[must_use]
pub fn note_style(app: &App, note: &Note) -> Style {
    let theme = app.theme();
    match note {
        Note::Failed(_)
        | Note::ComputerToMove(_)
        | Note::PuzzleFailed
        | Note::ProgressFailed(_) => theme.warning,
        Note::PuzzleSolved(_) | Note::Hint(..) => theme.result,
        _ => Style::new(),
    }
}

/// The hint mark: the two points of the move in reverse video, `{ }` around where it
/// comes from and `< >` around where it goes.
fn hint_style(app: &App) -> Style {
    app.theme()
        .capture
        .add_modifier(Modifier::REVERSED | Modifier::BOLD)
}

/// Draws the hint mark on the board, if there is a hint for this position.
pub fn render_hint(app: &App, g: &BoardGeometry, buf: &mut Buffer) {
    let game = app.game();
    let Some(mv) = app.computer().hint(key_of(game)) else {
        return;
    };
    let style = hint_style(app);
    for (sq, marks) in [(mv.from, ("{", "}")), (mv.to, ("<", ">"))] {
        let cell = g.cell_of(sq);
        let area = buf.area;
        let inside = |x: u16| x >= area.left() && x < area.right() && cell.y < area.bottom();
        if cell.x > 0 && inside(cell.x - 1) {
            buf.set_string(cell.x - 1, cell.y, marks.0, style);
        }
        if inside(cell.x + 2) {
            buf.set_string(cell.x + 2, cell.y, marks.1, style);
        }
        if inside(cell.x) {
            let c = &mut buf[(cell.x, cell.y)];
            c.set_style(style);
        }
    }
}

/// The computer's lines for the panel: who it plays, the analysis, the puzzle.
#[must_use]
pub fn panel_lines(app: &App, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let computer = app.computer();
    let game = app.game();
    if let Some(s) = app.puzzle() {
        let plies = game.moves().len();
        let state = match s.status {
            Status::Playing => format!("{} to go", s.moves_left(plies)),
            Status::Solved => "solved".into(),
            Status::Failed => "failed".into(),
            Status::Shown => "solution shown".into(),
        };
        lines.push(format!(
            "Puzzle {}/{} · mate in {} · {state}",
            s.number, s.total, s.puzzle.moves
        ));
    }
    let sides: Vec<&str> = [Color::Red, Color::Black]
        .into_iter()
        .filter(|&c| computer.plays(c))
        .map(Color::name)
        .collect();
    if !sides.is_empty() {
        let thinking = if computer.thinking() {
            " · thinking…"
        } else {
            ""
        };
        lines.push(format!(
            "Computer: {} · level {}{thinking}",
            sides.join(" & "),
            computer.level()
        ));
    }
    if computer.analysis_on() {
        let pos = game.position();
        match computer.info(key_of(game)) {
            Some(info) => {
                lines.push(format!(
                    "Analysis d{} {} ({}k nodes)",
                    info.depth,
                    red_score(info.score, pos.turn()),
                    info.nodes / 1000
                ));
                lines.push(pv_text(app, pos, &info.pv));
            }
            None if app.outcome().is_some() => lines.push("Analysis: the game is over".into()),
            None => lines.push("Analysis: thinking…".into()),
        }
    }
    lines.into_iter().map(|l| truncate(&l, width)).collect()
}

/// The principal variation in the notation shown.
fn pv_text(app: &App, start: &Position, pv: &[Move]) -> String {
    let mut pos = start.clone();
    let mut words = Vec::with_capacity(pv.len());
    for &mv in pv {
        let text = app
            .notation()
            .write(&pos, mv, &SCREEN_STYLE)
            .unwrap_or_else(|_| mv.to_string());
        words.push(text);
        match pos.play(mv) {
            Ok(next) => pos = next,
            Err(_) => break,
        }
    }
    words.join(" ")
}

/// `s` cut to `width` cells (Chinese glyphs take two).
fn truncate(s: &str, width: usize) -> String {
    use unicode_width::UnicodeWidthChar;
    let mut out = String::new();
    let mut used = 0;
    for c in s.chars() {
        let w = c.width().unwrap_or(0);
        if used + w > width {
            break;
        }
        used += w;
        out.push(c);
    }
    out
}

/// Draws the computer's lines at the bottom of the side panel, over the key summary (the
/// keys are in `?` too), when there is anything to say.
pub fn render_panel(app: &App, panel: Rect, buf: &mut Buffer) {
    let width = usize::from(panel.width.saturating_sub(1));
    let lines = panel_lines(app, width);
    if lines.is_empty() || panel.height < 8 {
        return;
    }
    let n = u16::try_from(lines.len())
        .unwrap_or(u16::MAX)
        .min(panel.height / 3);
    let top = panel.bottom().saturating_sub(n);
    let style = app.theme().heading;
    for (i, text) in lines.iter().take(usize::from(n)).enumerate() {
        let y = top + u16::try_from(i).unwrap_or(0);
        let row = Rect::new(panel.x, y, panel.width, 1);
        buf.set_style(row, Style::reset());
        for x in row.left()..row.right() {
            buf[(x, y)].set_symbol(" ");
        }
        buf.set_line(
            panel.x + 1,
            y,
            &Line::styled(text.clone(), style),
            panel.width - 1,
        );
    }
}
