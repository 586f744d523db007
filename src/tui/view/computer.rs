//! What the computer shows: the hint's from→to mark on the board, the analysis line
//! (evaluation from red's view and the principal variation in the notation shown), who the
//! computer plays, the puzzle's state, and the words of its messages.

use crate::tui::i18n::lang::Lang;
use crate::tui::state::app::App;
use crate::tui::state::computer::{Note, key_of, red_score};
use crate::tui::state::puzzle::Status;
use crate::tui::view::layout::BoardGeometry;
use crate::tui::view::strings::{pick, side_name};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Modifier, Style};
use ratatui::text::Line;
use xiangqi::{Color, Move, Position};

/// The words of a [`Note`] in `lang`.
#[must_use]
pub fn note_text(lang: Lang, note: &Note) -> String {
    if lang == Lang::En {
        return note_text_en(note);
    }
    let t = |words: [&'static str; 3]| pick(lang, words);
    let name = |c: Color| side_name(lang, c);
    match note {
        Note::HintThinking => t(["", "正在寻找提示…", "正在尋找提示…"]).into(),
        Note::Hint(mv, iccs) => format!(
            "{}{mv}  （{iccs}{}",
            t(["", "提示：", "提示："]),
            t(["", "，已在棋盘上标出）", "，已在棋盤上標出）"])
        ),
        Note::Analysis(true) => t(["", "分析已开启（a 关闭）", "分析已開啟（a 關閉）"]).into(),
        Note::Analysis(false) => t(["", "分析已关闭", "分析已關閉"]).into(),
        Note::Plays(side, true) => format!(
            "{}{}{}",
            t(["", "电脑执", "電腦執"]),
            name(*side),
            t(["", "（c 收回）", "（c 收回）"])
        ),
        Note::Plays(side, false) => {
            format!("{}{}", t(["", "你重新执", "你重新執"]), name(*side))
        }
        Note::ComputerToMove(side) => format!(
            "{}{}{}",
            t(["", "电脑执", "電腦執"]),
            name(*side),
            t([
                "",
                " — 请等它走棋，或按 c 收回这一方",
                " — 請等它走棋，或按 c 收回這一方"
            ])
        ),
        Note::Failed(why) => format!("{}{why}", t(["", "引擎已停止：", "引擎已停止："])),
        Note::PuzzleStart(n, total, side, moves) => format!(
            "{}{n}/{total}{}{} {moves}{}",
            t(["", "杀法 ", "殺法 "]),
            t(["", "：", "："]),
            name(*side),
            t(["", " 步杀（z 看答案）", " 步殺（z 看答案）"])
        ),
        Note::PuzzleSolved(n) => format!(
            "{}{n}{}",
            t(["", "已解杀法 ", "已解殺法 "]),
            t(["", "！z：下一题", "！z：下一題"])
        ),
        Note::PuzzleFailed => t([
            "",
            "已不成杀 — u 悔棋，z 看答案",
            "已不成殺 — u 悔棋，z 看答案",
        ])
        .into(),
        Note::PuzzleShown(moves) => format!(
            "{}{moves}{}",
            t(["", "答案：", "答案："]),
            t(["", "  （u 后退，z 下一题）", "  （u 後退，z 下一題）"])
        ),
        Note::PuzzleDefends => t(["", "杀法中电脑已在防守", "殺法中電腦已在防守"]).into(),
        Note::ProgressFailed(why) => format!(
            "{}{why}",
            t(["", "无法保存杀法进度：", "無法儲存殺法進度："])
        ),
    }
}

/// The words of a [`Note`] in English.
fn note_text_en(note: &Note) -> String {
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
    let lang = app.lang();
    let t = |words: [&'static str; 3]| pick(lang, words);
    let mut lines = Vec::new();
    let computer = app.computer();
    let game = app.game();
    if let Some(s) = app.puzzle() {
        let plies = game.moves().len();
        let state = match s.status {
            Status::Playing => format!(
                "{}{}{}",
                t(["", "还剩 ", "還剩 "]),
                s.moves_left(plies),
                t([" to go", " 步", " 步"])
            ),
            Status::Solved => t(["solved", "已解", "已解"]).into(),
            Status::Failed => t(["failed", "失败", "失敗"]).into(),
            Status::Shown => t(["solution shown", "已看答案", "已看答案"]).into(),
        };
        lines.push(format!(
            "{}{}/{}{}{}{}{state}",
            t(["Puzzle ", "杀法 ", "殺法 "]),
            s.number,
            s.total,
            t([" · mate in ", " · ", " · "]),
            s.puzzle.moves,
            t([" · ", " 步杀 · ", " 步殺 · "]),
        ));
    }
    let sides: Vec<&str> = [Color::Red, Color::Black]
        .into_iter()
        .filter(|&c| computer.plays(c))
        // English names the side in lower case here: "Computer: black · level 5".
        .map(|c| match lang {
            Lang::En => c.name(),
            _ => side_name(lang, c),
        })
        .collect();
    if !sides.is_empty() {
        let thinking = if computer.thinking() {
            t([" · thinking…", " · 思考中…", " · 思考中…"])
        } else {
            ""
        };
        lines.push(format!(
            "{}{} · {}{}{thinking}",
            t(["Computer: ", "电脑：", "電腦："]),
            sides.join(t([" & ", "、", "、"])),
            t(["level ", "级别 ", "級別 "]),
            computer.level()
        ));
    }
    if computer.analysis_on() {
        let pos = game.position();
        match computer.info(key_of(game)) {
            Some(info) => {
                lines.push(format!(
                    "{}{} {} ({}k{})",
                    t(["Analysis d", "分析 深度", "分析 深度"]),
                    info.depth,
                    red_score(info.score, pos.turn()),
                    info.nodes / 1000,
                    t([" nodes", " 节点", " 節點"])
                ));
                lines.push(pv_text(app, pos, &info.pv));
            }
            None if app.outcome().is_some() => lines.push(
                t([
                    "Analysis: the game is over",
                    "分析：棋局已结束",
                    "分析：棋局已結束",
                ])
                .into(),
            ),
            None => lines.push(t(["Analysis: thinking…", "分析：思考中…", "分析：思考中…"]).into()),
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
