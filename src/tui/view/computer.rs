//! What the computer shows: the hint's from→to mark on the board, the analysis line
//! (evaluation from red's view and the principal variation in the notation shown), who the
//! computer plays, the puzzle's state, and the words of its messages.

use crate::tui::i18n::catalogue::side_key;
use crate::tui::i18n::catalogue::{id, tr, tr_args};
use crate::tui::i18n::lang::Lang;
use crate::tui::state::app::App;
use crate::tui::state::computer::{Note, key_of, red_score};
use crate::tui::state::puzzle::{Session, Status};
use crate::tui::view::layout::BoardGeometry;
use fluent_bundle::FluentValue;
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;
use xiangqi_engine::Score;
use xiangqi_rules::{Color, Move, Position};

/// The words of a [`Note`] in `lang`.
#[must_use]
pub fn note_text(lang: Lang, note: &Note) -> String {
    let side = |c: Color| ("side", FluentValue::from(side_key(c)));
    let why = |why: &str| [("why", FluentValue::from(why.to_string()))];
    match note {
        Note::HintThinking => tr(lang, id::HINT_THINKING),
        Note::Hint(mv, iccs) => tr_args(
            lang,
            id::HINT_FOUND,
            &[("move", mv.as_str().into()), ("iccs", iccs.as_str().into())],
        ),
        Note::BookHint(mv, iccs) => tr_args(
            lang,
            id::HINT_BOOK,
            &[("move", mv.as_str().into()), ("iccs", iccs.as_str().into())],
        ),
        Note::Analysis(true) => tr(lang, id::ANALYSIS_ON),
        Note::Analysis(false) => tr(lang, id::ANALYSIS_OFF),
        Note::AnalysisLines(n) => tr_args(lang, id::ANALYSIS_LINES, &[("lines", (*n).into())]),
        Note::Plays(c, true) => tr_args(lang, id::COMPUTER_PLAYS, &[side(*c)]),
        Note::Plays(c, false) => tr_args(lang, id::YOU_PLAY, &[side(*c)]),
        Note::ComputerToMove(c) => tr_args(lang, id::COMPUTER_TO_MOVE, &[side(*c)]),
        Note::DeclinesDraw(c) => tr_args(lang, id::COMPUTER_DECLINES_DRAW, &[side(*c)]),
        Note::PlaysBoth => tr(lang, id::COMPUTER_PLAYS_BOTH),
        Note::Failed(reason) => tr_args(lang, id::ENGINE_FAILED, &why(reason)),
        Note::PuzzleStart(n, total, c, moves) => tr_args(
            lang,
            id::PUZZLE_START,
            &[
                ("number", (*n).into()),
                ("total", (*total).into()),
                side(*c),
                ("moves", (*moves).into()),
            ],
        ),
        Note::PuzzleSolved(n) => tr_args(lang, id::PUZZLE_SOLVED, &[("number", (*n).into())]),
        Note::PuzzleFailed => tr(lang, id::PUZZLE_FAILED),
        Note::PuzzleShown(moves) => tr_args(
            lang,
            id::PUZZLE_SHOWN,
            &[("solution", moves.as_str().into())],
        ),
        Note::PuzzleDefends => tr(lang, id::PUZZLE_DEFENDS),
        Note::ProgressFailed(reason) => tr_args(lang, id::PROGRESS_FAILED, &why(reason)),
        Note::TacticStart(c, rating) => tr_args(
            lang,
            id::TACTIC_START,
            &[side(*c), ("rating", (*rating).into())],
        ),
        Note::TacticWrong(mv, iccs, change) => {
            let change = change_text(lang, *change);
            tr_args(
                lang,
                id::TACTIC_WRONG,
                &[
                    ("move", mv.as_str().into()),
                    ("iccs", iccs.as_str().into()),
                    ("change", change.into()),
                ],
            )
        }
        Note::TacticSolved(change) => {
            let change = change_text(lang, *change);
            tr_args(lang, id::TACTIC_SOLVED, &[("change", change.into())])
        }
        Note::TacticShown(moves) => tr_args(
            lang,
            id::TACTIC_SHOWN,
            &[("solution", moves.as_str().into())],
        ),
        Note::TacticNone => tr(lang, id::TACTIC_NONE),
        Note::TacticFilterBad(why) => {
            tr_args(lang, id::TACTIC_FILTER_BAD, &[("why", why.as_str().into())])
        }
    }
}

/// A rating change as the panel and the messages write it, `1500 → 1512 (+12)`; empty
/// when the tactic had counted already.
fn change_text(lang: Lang, change: Option<(u32, u32)>) -> String {
    let Some((before, after)) = change else {
        return String::new();
    };
    let delta = i64::from(after) - i64::from(before);
    tr_args(
        lang,
        id::PANEL_TACTIC_RATING,
        &[
            ("before", before.into()),
            ("after", after.into()),
            ("delta", format!("{delta:+}").into()),
        ],
    )
}

/// The panel's lines for a rated tactic: its rating and the player's, the state; once it
/// counted, the change; once over, its themes.
fn tactic_lines(app: &App, s: &Session) -> Vec<String> {
    let lang = app.lang();
    let Some(tactic) = &s.tactic else {
        return Vec::new();
    };
    let record = &app.puzzle_progress().tactics;
    let state = match s.status {
        Status::Playing | Status::Failed if tactic.counted.is_some() => {
            tr(lang, id::PUZZLE_STATE_FAILED)
        }
        Status::Playing | Status::Failed => String::new(),
        Status::Solved => tr(lang, id::PUZZLE_STATE_SOLVED),
        Status::Shown => tr(lang, id::PUZZLE_STATE_SHOWN),
    };
    let mut lines = vec![tr_args(
        lang,
        id::PANEL_TACTIC,
        &[
            ("rating", tactic.entry.rating.into()),
            ("player", record.shown().into()),
            ("streak", record.streak.into()),
            ("state", state.into()),
        ],
    )];
    if let Some(c) = tactic.counted {
        lines.push(change_text(lang, Some((c.before, c.after))));
    }
    if matches!(s.status, Status::Solved | Status::Shown) {
        let themes: Vec<String> = tactic
            .entry
            .themes
            .iter()
            .map(ToString::to_string)
            .collect();
        let themes = themes.join(", ");
        lines.push(tr_args(
            lang,
            id::PANEL_TACTIC_THEMES,
            &[("themes", themes.into())],
        ));
    }
    lines
}

/// How a note is shown on the message line: failures as warnings, results as results.
#[must_use]
pub fn note_style(app: &App, note: &Note) -> Style {
    let theme = app.theme();
    match note {
        Note::Failed(_)
        | Note::ComputerToMove(_)
        | Note::PlaysBoth
        | Note::PuzzleFailed
        | Note::TacticWrong(..)
        | Note::TacticNone
        | Note::TacticFilterBad(_)
        | Note::ProgressFailed(_) => theme.warning,
        Note::PuzzleSolved(_) | Note::TacticSolved(_) | Note::Hint(..) | Note::BookHint(..) => {
            theme.result
        }
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

/// The computer's lines for the panel: who it plays (in the played game, while it is in
/// front), the analysis, the puzzle.
#[must_use]
pub fn panel_lines(app: &App, width: usize) -> Vec<String> {
    let lang = app.lang();
    let mut lines = Vec::new();
    let computer = app.computer();
    let game = app.game();
    if let Some(s) = app.puzzle().filter(|s| s.tactic.is_some()) {
        lines.extend(tactic_lines(app, s));
    } else if let Some(s) = app.puzzle() {
        let plies = game.moves().len();
        let state = match s.status {
            Status::Playing => tr_args(
                lang,
                id::PUZZLE_STATE_TO_GO,
                &[("left", s.moves_left(plies).into())],
            ),
            Status::Solved => tr(lang, id::PUZZLE_STATE_SOLVED),
            Status::Failed => tr(lang, id::PUZZLE_STATE_FAILED),
            Status::Shown => tr(lang, id::PUZZLE_STATE_SHOWN),
        };
        lines.push(tr_args(
            lang,
            id::PANEL_PUZZLE,
            &[
                ("number", s.number.into()),
                ("total", s.total.into()),
                ("moves", s.puzzle.moves.into()),
                ("state", state.into()),
            ],
        ));
    }
    // Who the computer plays is the played game's: not said over a record or puzzle in
    // front of it (in a puzzle the player may play that very side).
    let sides = match (computer.plays(Color::Red), computer.plays(Color::Black)) {
        _ if app.game_aside() => None,
        (true, true) => Some("both"),
        (true, false) => Some("red"),
        (false, true) => Some("black"),
        (false, false) => None,
    };
    if let Some(sides) = sides {
        let line = if computer.thinking() {
            id::PANEL_COMPUTER_THINKING
        } else {
            id::PANEL_COMPUTER
        };
        lines.push(tr_args(
            lang,
            line,
            &[
                ("sides", sides.into()),
                ("level", computer.level().to_string().into()),
            ],
        ));
    }
    if computer.analysis_on() {
        let pos = game.position();
        let found = computer.lines(key_of(game));
        match found {
            [info] => {
                lines.push(tr_args(
                    lang,
                    id::PANEL_ANALYSIS,
                    &[
                        ("depth", info.depth.into()),
                        ("score", score_text(lang, info.score, pos.turn()).into()),
                        ("knodes", (info.nodes / 1000).into()),
                    ],
                ));
                lines.push(pv_text(app, pos, &info.pv));
            }
            [best, ..] => {
                // The depth and nodes of the newest report; a line of each variation, its
                // score first.
                let newest = found.iter().max_by_key(|i| i.nodes).unwrap_or(best);
                lines.push(tr_args(
                    lang,
                    id::PANEL_ANALYSIS_LINES,
                    &[
                        ("depth", newest.depth.into()),
                        ("knodes", (newest.nodes / 1000).into()),
                    ],
                ));
                for info in found {
                    lines.push(format!(
                        "{} {}",
                        score_text(lang, info.score, pos.turn()),
                        pv_text(app, pos, &info.pv)
                    ));
                }
            }
            [] if app.outcome().is_some() => lines.push(tr(lang, id::PANEL_ANALYSIS_OVER)),
            [] => lines.push(tr(lang, id::PANEL_ANALYSIS_THINKING)),
        }
    }
    lines
        .into_iter()
        .map(|l| crate::tui::view::paint::within(&l, width).to_string())
        .collect()
}

/// A score from red's view as the analysis shows it: [`red_score`]'s `+0.35`, `+M3`, `-M2`,
/// and in words a score that says the side to move (`turn`) is mated — an engine's
/// `score mate 0`, which counts no moves to mate.
#[must_use]
pub fn score_text(lang: Lang, score: Score, turn: Color) -> String {
    if score == Score::Mate(0) {
        tr_args(lang, id::SCORE_MATED, &[("side", side_key(turn).into())])
    } else {
        red_score(score, turn)
    }
}

/// The principal variation in the notation shown.
fn pv_text(app: &App, start: &Position, pv: &[Move]) -> String {
    let mut pos = start.clone();
    let mut words = Vec::with_capacity(pv.len());
    for &mv in pv {
        let text = app
            .notation()
            .write(&pos, mv, app.notation_style())
            .unwrap_or_else(|_| mv.to_string());
        words.push(text);
        match pos.play(mv) {
            Ok(next) => pos = next,
            Err(_) => break,
        }
    }
    words.join(" ")
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
        // The panel's colours behind the words and between them.
        crate::tui::view::paint::fill(row, app.theme().screen, buf);
        buf.set_line(
            panel.x + 1,
            y,
            &Line::styled(text.clone(), style),
            panel.width - 1,
        );
    }
}
