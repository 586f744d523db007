//! The evaluation graph under the move list: red's evaluation after each move of the main
//! line (from the game's `[%eval …]` comments, which annotating writes), clipped at ten
//! soldiers, a mate at the top or bottom, red's advantage up, the current move's column
//! in reverse video. It shows while annotating too, with the progress in its heading.

use crate::tui::i18n::catalogue::{id, tr, tr_args};
use crate::tui::i18n::lang::Lang;
use crate::tui::state::app::App;
use crate::tui::state::computer::annotation::{AnnotationNote, main_line_index, main_nodes};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;
use xiangqi_engine::analysis::{Eval, eval_of_comment};
use xiangqi_rules::{Game, NodeId};

/// Rows of the graph: its heading, then bars one row above the zero line and one below;
/// with room to spare, two each side.
const GRAPH_ROWS: u16 = 3;
const TALL_GRAPH_ROWS: u16 = 5;
/// The move list keeps at least this many rows; with fewer the graph is left out.
const LIST_MIN: u16 = 3;
/// From this many rows of list and graph on, the graph is the tall one.
const TALL_FROM: u16 = 14;
/// Evaluations are clipped at this many centipawns (ten soldiers); a mate counts this.
const BOUND: i32 = 1000;

/// Red's evaluation after each move of the main line of `game`, where a comment gives one.
#[must_use]
pub fn evals(game: &Game) -> Vec<Option<Eval>> {
    main_nodes(game)
        .into_iter()
        .map(|n| game.tree().comment(n).and_then(eval_of_comment))
        .collect()
}

/// Splits the room `area` under the panel's head into the move list and, when there is
/// something to draw and room for it, the graph under it.
#[must_use]
pub fn split(app: &App, area: Rect) -> (Rect, Option<Rect>) {
    let wanted = app.annotating().is_some() || evals(app.game()).iter().any(Option::is_some);
    if !wanted || area.height < GRAPH_ROWS + LIST_MIN || area.width < 8 {
        return (area, None);
    }
    let rows = if area.height >= TALL_FROM {
        TALL_GRAPH_ROWS
    } else {
        GRAPH_ROWS
    };
    let list = Rect {
        height: area.height - rows,
        ..area
    };
    let graph = Rect {
        y: list.bottom(),
        height: rows,
        ..area
    };
    (list, Some(graph))
}

/// How the moves of the main line map to the columns of a graph: a few columns a move
/// while they fit (at most three), else several moves a column.
#[derive(Copy, Clone, Debug)]
struct Scale {
    /// Columns a move takes.
    cells: usize,
    /// Moves a column (or group of `cells` columns) stands for.
    per: usize,
}

impl Scale {
    fn new(moves: usize, width: u16) -> Scale {
        let width = usize::from(width).max(1);
        if moves <= width {
            Scale {
                cells: (width / moves.max(1)).clamp(1, 3),
                per: 1,
            }
        } else {
            Scale {
                cells: 1,
                per: moves.div_ceil(width),
            }
        }
    }

    /// The move (its index on the main line) column `c` shows, of `moves`: the last of
    /// its moves; `None` right of the last.
    fn move_at(self, c: usize, moves: usize) -> Option<usize> {
        let slot = c / self.cells;
        (slot * self.per < moves).then(|| ((slot + 1) * self.per).min(moves) - 1)
    }

    /// Does column `c` show move `i`?
    fn shows(self, c: usize, i: usize) -> bool {
        c / self.cells == i / self.per
    }
}

/// The move of the main line under the cell (`x`, `y`) of the screen, if it is a bar of the
/// graph drawn in `graph` (the panel's [`graph_area`](crate::tui::view::panel::graph_area)).
#[must_use]
pub fn node_at(app: &App, graph: Rect, x: u16, y: u16) -> Option<NodeId> {
    if x < graph.x || x >= graph.right() || y <= graph.y || y >= graph.bottom() {
        return None;
    }
    let nodes = main_nodes(app.game());
    let scale = Scale::new(nodes.len(), graph.width);
    let i = scale.move_at(usize::from(x - graph.x), nodes.len())?;
    nodes.get(i).copied()
}

/// The heading: the progress of an annotation under way, else the evaluation of the move
/// shown.
fn heading(app: &App, shown: Option<Eval>) -> String {
    let lang = app.lang();
    match app.annotating() {
        Some((done, total)) => tr_args(
            lang,
            id::ANNOTATE_PROGRESS,
            &[("done", done.into()), ("total", total.into())],
        ),
        None => tr_args(
            lang,
            id::GRAPH_HEADING,
            &[(
                "eval",
                shown.map_or(String::new(), |e| e.to_string()).into(),
            )],
        ),
    }
}

/// The character of a bar's cell `fill` eighths full (ASCII: halves), growing up from the
/// zero line or down from it (down, in halves).
fn bar_cell(fill: u16, up: bool, ascii: bool) -> &'static str {
    const UP: [&str; 8] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"];
    match (ascii, up, fill) {
        (_, _, 0) => " ",
        (true, true, 1) => ".",
        (true, false, 1) => "'",
        (true, _, _) => "#",
        (false, true, f) => UP[usize::from(f.min(8)) - 1],
        // Only halves grow down from the top of a cell (`▔` is the zero line).
        (false, false, 1..=4) => "▀",
        (false, false, _) => "█",
    }
}

/// Draws the graph in `area` (see [`split`]).
pub fn render_graph(app: &App, area: Rect, buf: &mut Buffer) {
    let theme = app.theme();
    let game = app.game();
    let evals = evals(game);
    let shown_move = main_line_index(game);
    let shown = shown_move.and_then(|i| evals.get(i).copied().flatten());
    buf.set_line(
        area.x,
        area.y,
        &Line::styled(heading(app, shown), theme.heading),
        area.width,
    );
    let ascii = app.ascii_marks();
    let levels: u16 = if ascii { 2 } else { 8 };
    // Bar rows each side of the zero line.
    let half = (area.height - 1) / 2;
    let scale = Scale::new(evals.len(), area.width);
    let zero = if ascii { "-" } else { "▔" };
    // Each column: the value of its last move, or the last one known before it.
    let mut last = 0;
    let values: Vec<i32> = evals
        .iter()
        .map(|e| {
            if let Some(e) = e {
                last = e.clipped(BOUND);
            }
            last
        })
        .collect();
    for c in 0..usize::from(area.width) {
        let x = area.x + c as u16;
        let (value, current) = match scale.move_at(c, evals.len()) {
            Some(i) => (values[i], shown_move.is_some_and(|s| scale.shows(c, s))),
            None => (0, false),
        };
        // Rounded up: any advantage at all shows.
        let steps = (value.unsigned_abs() * u32::from(half * levels)).div_ceil(BOUND as u32);
        let steps = steps as u16;
        for r in 0..half {
            let fill = steps.saturating_sub(r * levels).min(levels);
            let up_y = area.y + half - r;
            let down_y = area.y + half + 1 + r;
            let (up, down) = if value > 0 {
                (bar_cell(fill, true, ascii), " ")
            } else {
                (" ", bar_cell(fill, false, ascii))
            };
            let mut up_style = theme.red_name;
            let mut down_style = theme.black_name;
            let down = if r == 0 && down == " " {
                down_style = theme.dim;
                zero
            } else {
                down
            };
            if current {
                up_style = up_style.add_modifier(Modifier::REVERSED);
                down_style = down_style.add_modifier(Modifier::REVERSED);
            }
            put(buf, x, up_y, up, up_style);
            put(buf, x, down_y, down, down_style);
        }
    }
}

fn put(buf: &mut Buffer, x: u16, y: u16, symbol: &str, style: Style) {
    if let Some(cell) = buf.cell_mut((x, y)) {
        cell.set_symbol(symbol).set_style(style);
    }
}

/// What the message line says about annotating.
#[must_use]
pub fn note_text(lang: Lang, note: &AnnotationNote) -> String {
    match note {
        AnnotationNote::Progress { done, total } => tr_args(
            lang,
            id::ANNOTATE_PROGRESS,
            &[("done", (*done).into()), ("total", (*total).into())],
        ),
        AnnotationNote::Stopped => tr(lang, id::ANNOTATE_STOPPED),
        AnnotationNote::Discarded => tr(lang, id::ANNOTATE_DISCARDED),
        AnnotationNote::Done([red, black]) => tr_args(
            lang,
            id::ANNOTATE_DONE,
            &[
                ("ri", red.inaccuracies.into()),
                ("rm", red.mistakes.into()),
                ("rb", red.blunders.into()),
                ("rl", red.average_loss.into()),
                ("bi", black.inaccuracies.into()),
                ("bm", black.mistakes.into()),
                ("bb", black.blunders.into()),
                ("bl", black.average_loss.into()),
            ],
        ),
        AnnotationNote::Failed(why) => {
            tr_args(lang, id::ANNOTATE_FAILED, &[("why", why.as_str().into())])
        }
        AnnotationNote::NoMoves => tr(lang, id::ANNOTATE_NO_MOVES),
        AnnotationNote::NoMistake { forward: true } => tr(lang, id::ANNOTATE_NO_NEXT),
        AnnotationNote::NoMistake { forward: false } => tr(lang, id::ANNOTATE_NO_PREVIOUS),
    }
}

/// How the message line shows a note about annotating.
#[must_use]
pub fn note_style(app: &App, note: &AnnotationNote) -> Style {
    let theme = app.theme();
    match note {
        AnnotationNote::Failed(_) | AnnotationNote::Discarded => theme.warning,
        AnnotationNote::Done(_) => theme.result,
        _ => Style::new(),
    }
}
