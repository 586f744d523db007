//! Every word the game screen and the command line show, in one place, in English,
//! simplified and traditional Chinese. The plain functions and constants are the English;
//! the `_in` functions and [`pick`] take the language.

use crate::tui::i18n::lang::Lang;
use crate::tui::state::app::{Message, Question};
use xiangqi::pgn::PgnResult;
use xiangqi::{
    Color, IllegalMove, MOVE_LIMIT_PLIES, Notation, NotationErrorKind, Outcome, Role, Termination,
};

/// The end of `xiangqi --help`: the keys of the game.
pub const KEYS_HELP: &str = "\
keys: arrows or h j k l move the cursor; Enter or Space selects a piece and moves it;
a mouse click does the same; : types a move (h2e2, H2-E2, 炮二平五, C2.5); Esc clears;
u undo, r redo, m notation (Chinese/WXF/ICCS), s save as PGN, d offer a draw,
g resign, f flip, n new game, p pause the clocks, ? keys, q or Ctrl-C quit (asks
while a game goes on), Ctrl-Z suspends. NO_COLOR is respected.
Computer: t a hint (the best move found in a second), a the analysis line on/off,
c the computer takes the side to move (again: gives it back), z the mate puzzles.
Review: Home/End the start/last position, [ ] or PgUp/PgDn a move back/forward
(nothing is lost; a different move starts a variation), < > the other lines at a
variation, a click or the wheel on the move list goes to a move; o opens a file
(Tab completes; several games open a picker: / filters, Enter opens).
On quit the final position's FEN, the moves and the result are printed. Every move
is kept in $XDG_STATE_HOME/xiangqi/autosave.pgn (~/.local/state/xiangqi/) for --resume.";

/// The panel's title.
pub const TITLE: &str = "象棋 xiangqi";
/// The panel's title in `--ascii`.
pub const TITLE_ASCII: &str = "XIANGQI";
/// Shown under the turn when the side to move is in check.
pub const CHECK: &str = "check!";
/// Heading of the move list, with the notation it is in.
#[must_use]
pub fn moves_heading(notation: Notation) -> String {
    format!("Moves ({notation})")
}

/// What the move prompt starts with, vi-style.
pub const MOVE_PROMPT: &str = ": ";
/// Shown after the move prompt while it is empty.
pub const MOVE_PROMPT_HINT: &str =
    "a move: h2e2  H2-E2  C2.5  or Chinese; Enter plays, Esc cancels";
/// Shown after the move prompt in `--ascii`, where Chinese cannot be shown.
pub const MOVE_PROMPT_HINT_ASCII: &str = "a move: h2e2  H2-E2  C2.5; Enter plays, Esc cancels";
/// What the save prompt starts with.
pub const SAVE_PROMPT: &str = "Save as: ";
/// Shown after the file name when there is room.
pub const SAVE_PROMPT_HINT: &str = "  Enter saves, Tab: names, Esc cancels";
/// Title of the keys window.
pub const HELP_TITLE: &str = " Keys ";
/// Last line of the keys window.
pub const HELP_CLOSE: &str = "any key closes this window";
/// Message line when there is nothing else to say.
pub const HINT: &str = "Enter or click: select a piece, then where it goes.  ? keys";

/// 楚河 漢界 (and `--ascii` transliterations): the river's two halves, left and right.
pub const RIVER: (&str, &str) = ("楚 河", "漢 界");
/// The river in simplified characters.
pub const RIVER_SIMPLIFIED: (&str, &str) = ("楚 河", "汉 界");
/// The river in `--ascii`.
pub const RIVER_ASCII: (&str, &str) = ("Chu He", "Han Jie");

/// The same words in English, simplified and traditional Chinese: the one for `lang`.
#[must_use]
pub const fn pick(lang: Lang, words: [&'static str; 3]) -> &'static str {
    match lang {
        Lang::En => words[0],
        Lang::ZhHans => words[1],
        Lang::ZhHant => words[2],
    }
}

/// A side's name: "Red", "红方".
#[must_use]
pub const fn side_name(lang: Lang, color: Color) -> &'static str {
    match color {
        Color::Red => pick(lang, ["Red", "红方", "紅方"]),
        Color::Black => pick(lang, ["Black", "黑方", "黑方"]),
    }
}

/// "Red to move", "红方走棋".
#[must_use]
pub fn to_move_in(lang: Lang, color: Color) -> String {
    match lang {
        Lang::En => format!("{color} to move"),
        _ => format!("{}走棋", side_name(lang, color)),
    }
}

/// Shown under the turn when the side to move is in check.
#[must_use]
pub const fn check(lang: Lang) -> &'static str {
    pick(lang, [CHECK, "将军！", "將軍！"])
}

/// Heading of the move list, with the notation it is in.
#[must_use]
pub fn moves_heading_in(lang: Lang, notation: Notation) -> String {
    match lang {
        Lang::En => moves_heading(notation),
        _ => format!(
            "{}（{}）",
            pick(lang, ["", "着法", "著法"]),
            notation_name(lang, notation)
        ),
    }
}

/// A notation's name: "Chinese", "中文", "WXF", "ICCS".
#[must_use]
pub fn notation_name(lang: Lang, notation: Notation) -> String {
    match (lang, notation) {
        (Lang::En, n) => n.to_string(),
        (_, Notation::Chinese) => "中文".into(),
        (_, n) => n.to_string(),
    }
}

/// Shown after the move prompt while it is empty.
#[must_use]
pub const fn move_prompt_hint(lang: Lang) -> &'static str {
    pick(
        lang,
        [
            MOVE_PROMPT_HINT,
            "输入着法：h2e2  H2-E2  C2.5 或中文；Enter 走棋，Esc 取消",
            "輸入著法：h2e2  H2-E2  C2.5 或中文；Enter 走棋，Esc 取消",
        ],
    )
}

/// What the save prompt starts with.
#[must_use]
pub const fn save_prompt(lang: Lang) -> &'static str {
    pick(lang, [SAVE_PROMPT, "保存为：", "儲存為："])
}

/// Shown after the file name when there is room.
#[must_use]
pub const fn save_prompt_hint(lang: Lang) -> &'static str {
    pick(
        lang,
        [
            SAVE_PROMPT_HINT,
            "  Enter 保存，Esc 取消",
            "  Enter 儲存，Esc 取消",
        ],
    )
}

/// Title of the keys window.
#[must_use]
pub const fn help_title(lang: Lang) -> &'static str {
    pick(lang, [HELP_TITLE, " 按键 ", " 按鍵 "])
}

/// Last line of the keys window.
#[must_use]
pub const fn help_close(lang: Lang) -> &'static str {
    pick(lang, [HELP_CLOSE, "按任意键关闭", "按任意鍵關閉"])
}

/// Message line when there is nothing else to say.
#[must_use]
pub const fn hint(lang: Lang) -> &'static str {
    pick(
        lang,
        [
            HINT,
            "Enter 或点击：先选棋子，再选落点。  ? 按键",
            "Enter 或點擊：先選棋子，再選落點。  ? 按鍵",
        ],
    )
}

/// Shown over the board while the clocks are paused.
#[must_use]
pub const fn paused(lang: Lang) -> &'static str {
    pick(lang, [PAUSED, "暂停", "暫停"])
}

/// Under [`paused`], and on the message line.
#[must_use]
pub const fn paused_hint(lang: Lang) -> &'static str {
    pick(lang, [PAUSED_HINT, "暂停 — p 继续", "暫停 — p 繼續"])
}

/// Beside a clock in byo-yomi, and beside a paused one.
#[must_use]
pub const fn clock_note(lang: Lang, byoyomi: bool) -> &'static str {
    if byoyomi {
        pick(lang, [" byo-yomi", " 读秒", " 讀秒"])
    } else {
        pick(lang, [" paused", " 暂停", " 暫停"])
    }
}

/// The description of a key in the keys window, from its English text in the bindings
/// (unknown ones stay English).
#[must_use]
pub fn key_help(lang: Lang, english: &'static str) -> &'static str {
    const TABLE: [[&str; 3]; 21] = [
        ["move the cursor", "移动光标", "移動游標"],
        [
            "start, end, a move back / on (all kept)",
            "开局、终局、后退／前进一步（着法都保留）",
            "開局、終局、後退／前進一步（著法都保留）",
        ],
        [
            "other line at a variation; go to a move",
            "切换变着；到所点的着法",
            "切換變著；到所點的著法",
        ],
        [
            "open a game file (Tab completes; / filters)",
            "打开棋谱文件（Tab 补全；/ 筛选）",
            "開啟棋譜檔案（Tab 補全；/ 篩選）",
        ],
        [
            "select a piece / move it here",
            "选子／走到这里",
            "選子／走到這裡",
        ],
        [
            "the same, on the point clicked",
            "同上，在点击的位置",
            "同上，在點擊的位置",
        ],
        ["clear the selection", "取消选子", "取消選子"],
        [
            "type a move: h2e2, H2-E2, C2.5 or Chinese",
            "输入着法：h2e2、H2-E2、C2.5 或中文",
            "輸入著法：h2e2、H2-E2、C2.5 或中文",
        ],
        [
            "moves in Chinese / WXF / ICCS notation",
            "着法用中文／WXF／ICCS 记法",
            "著法用中文／WXF／ICCS 記法",
        ],
        [
            "take back a move, resignation or draw",
            "悔棋（或撤回认输、和棋）",
            "悔棋（或撤回認輸、和棋）",
        ],
        [
            "replay a move taken back",
            "重走悔掉的着法",
            "重走悔掉的著法",
        ],
        [
            "save the game as PGN (asks the file)",
            "保存为 PGN（询问文件名）",
            "儲存為 PGN（詢問檔名）",
        ],
        [
            "offer a draw / resign (each asks y/n)",
            "提和／认输（均以 y/n 确认）",
            "提和／認輸（均以 y/n 確認）",
        ],
        ["flip the board", "翻转棋盘", "翻轉棋盤"],
        [
            "new game (asks y/n)",
            "新局（y/n 确认）",
            "新局（y/n 確認）",
        ],
        [
            "pause / resume the clocks (hides the board)",
            "暂停／继续棋钟（隐藏棋盘）",
            "暫停／繼續棋鐘（隱藏棋盤）",
        ],
        [
            "hint (best move in a second) / analysis on-off",
            "提示（一秒内找到的最佳着法）／分析开关",
            "提示（一秒內找到的最佳著法）／分析開關",
        ],
        [
            "computer takes / gives back this side; puzzles",
            "电脑接手／交还这一方；杀法练习",
            "電腦接手／交還這一方；殺法練習",
        ],
        ["this window", "本窗口", "本視窗"],
        [
            "quit (asks in a game; --resume goes on)",
            "退出（对局中会询问；--resume 继续）",
            "退出（對局中會詢問；--resume 繼續）",
        ],
        [
            "suspend (fg comes back)",
            "挂起（fg 回来）",
            "暫停程式（fg 回來）",
        ],
    ];
    TABLE
        .iter()
        .find(|row| row[0] == english)
        .map_or(english, |row| pick(lang, *row))
}

/// A key's name in the keys window, from its English text (the keys themselves, as
/// `Enter` or `h j k l`, stay as printed on the keyboard).
#[must_use]
pub fn key_name(lang: Lang, english: &'static str) -> &'static str {
    const TABLE: [[&str; 3]; 3] = [
        ["arrows  h j k l", "方向键  h j k l", "方向鍵  h j k l"],
        ["mouse click", "鼠标点击", "滑鼠點擊"],
        [
            "< >  click, wheel on list",
            "< >  着法列表上点击、滚轮",
            "< >  著法列表上點擊、滾輪",
        ],
    ];
    TABLE
        .iter()
        .find(|row| row[0] == english)
        .map_or(english, |row| pick(lang, *row))
}

/// A line of the panel's key summary, from its English text (unknown ones stay English).
#[must_use]
pub fn key_summary(lang: Lang, english: &'static str) -> &'static str {
    const TABLE: [[&str; 3]; 4] = [
        [
            "arrows/hjkl  Enter  ? keys",
            "方向键/hjkl  Enter  ? 按键",
            "方向鍵/hjkl  Enter  ? 按鍵",
        ],
        [
            ": move  m notation  s save",
            ": 着法  m 记法  s 保存",
            ": 著法  m 記法  s 儲存",
        ],
        [
            "u undo  r redo  f flip  n new",
            "u 悔棋  r 重走  f 翻转  n 新局",
            "u 悔棋  r 重走  f 翻轉  n 新局",
        ],
        [
            "d draw  g resign  q quit",
            "d 提和  g 认输  q 退出",
            "d 提和  g 認輸  q 退出",
        ],
    ];
    TABLE
        .iter()
        .find(|row| row[0] == english)
        .map_or(english, |row| pick(lang, *row))
}

/// "terminal too small — need W×H".
#[must_use]
pub fn too_small_in(lang: Lang, width: u16, height: u16) -> String {
    let (what, need) = too_small_parts_in(lang, width, height);
    format!("{what} — {need}")
}

/// The two parts of [`too_small_in`].
#[must_use]
pub fn too_small_parts_in(lang: Lang, width: u16, height: u16) -> (String, String) {
    match lang {
        Lang::En => too_small_parts(width, height),
        _ => (
            pick(lang, ["", "终端太小", "終端太小"]).into(),
            format!("{} {width}×{height}", pick(lang, ["", "需要", "需要"])),
        ),
    }
}

/// The current size in `lang`.
#[must_use]
pub fn current_size_in(lang: Lang, width: u16, height: u16) -> String {
    match lang {
        Lang::En => current_size(width, height),
        _ => format!("（{} {width}×{height}）", pick(lang, ["", "现在", "現在"])),
    }
}

/// The same in two parts, for a screen too narrow for the whole line: ("terminal too
/// small", "need W×H").
#[must_use]
pub fn too_small_parts(width: u16, height: u16) -> (String, String) {
    (
        "terminal too small".into(),
        format!("need {width}×{height}"),
    )
}

/// The current size, under the "too small" line.
#[must_use]
pub fn current_size(width: u16, height: u16) -> String {
    format!("(now {width}×{height})")
}

/// A finished game in two parts, the headline and the reason: ("Black wins", "perpetual
/// check by Red"). The banner shows them on two lines, the message line on one.
#[must_use]
pub fn outcome_parts(o: Outcome) -> (String, String) {
    let head = match o.winner {
        Some(c) => format!("{c} wins"),
        None => "Draw".to_string(),
    };
    let loser = o.loser().unwrap_or(Color::Red);
    let reason = match o.termination {
        Termination::Checkmate => "checkmate".to_string(),
        Termination::NoLegalMove => format!("{loser} has no legal move"),
        Termination::PerpetualCheck => format!("perpetual check by {loser}"),
        Termination::PerpetualChase => format!("perpetual chase by {loser}"),
        Termination::Repetition => "threefold repetition".to_string(),
        Termination::MoveLimit => {
            format!("{} moves each without capture", MOVE_LIMIT_PLIES / 2)
        }
        Termination::InsufficientMaterial => "no piece can cross the river".to_string(),
        Termination::Resignation => format!("{loser} resigned"),
        Termination::Agreement => "agreed by both players".to_string(),
        Termination::TimeForfeit => match o.winner {
            Some(_) => format!("{loser}'s time ran out"),
            None => "time ran out; no piece left to win with".to_string(),
        },
        other => other.to_string(),
    };
    (head, reason)
}

/// The headline and reason in `lang`: ("红胜", "黑方长将").
#[must_use]
pub fn outcome_parts_in(lang: Lang, o: Outcome) -> (String, String) {
    if lang == Lang::En {
        return outcome_parts(o);
    }
    let t = |words: [&'static str; 3]| pick(lang, words);
    let head = match o.winner {
        Some(Color::Red) => t(["", "红胜", "紅勝"]),
        Some(Color::Black) => t(["", "黑胜", "黑勝"]),
        None => t(["", "和棋", "和棋"]),
    };
    let loser = side_name(lang, o.loser().unwrap_or(Color::Red));
    let reason = match o.termination {
        Termination::Checkmate => t(["", "绝杀", "絕殺"]).to_string(),
        Termination::NoLegalMove => format!("{loser}{}", t(["", "困毙", "困斃"])),
        Termination::PerpetualCheck | Termination::PerpetualChase => {
            format!("{loser}{}", perpetual_in(lang, o.termination))
        }
        Termination::Repetition => t(["", "三次重复局面", "三次重複局面"]).to_string(),
        Termination::MoveLimit => format!(
            "{}{}",
            MOVE_LIMIT_PLIES / 2,
            t(["", "回合未吃子", "回合未吃子"])
        ),
        Termination::InsufficientMaterial => {
            t(["", "双方均无过河子力", "雙方均無過河子力"]).to_string()
        }
        Termination::Resignation => format!("{loser}{}", t(["", "认输", "認輸"])),
        Termination::Agreement => t(["", "双方议和", "雙方議和"]).to_string(),
        Termination::TimeForfeit => match o.winner {
            Some(_) => format!("{loser}{}", t(["", "超时", "超時"])),
            None => t(["", "超时，对方无子可胜", "超時，對方無子可勝"]).to_string(),
        },
        other => other.to_string(),
    };
    (head.to_string(), reason)
}

/// "Black wins — perpetual check by Red".
#[must_use]
pub fn outcome(o: Outcome) -> String {
    outcome_in(Lang::En, o)
}

/// "红胜 — 黑方长将".
#[must_use]
pub fn outcome_in(lang: Lang, o: Outcome) -> String {
    let (head, reason) = outcome_parts_in(lang, o);
    format!("{head} — {reason}")
}

/// A warning that `text`, a move of `mover`, would end the game by repetition with `o`.
#[must_use]
pub fn repetition_warning_in(lang: Lang, text: &str, mover: Color, o: Outcome) -> String {
    let t = |words: [&'static str; 3]| pick(lang, words);
    match (lang, o.winner) {
        (Lang::En, Some(w)) if w == mover => {
            format!("! {text} wins: {}'s {}", w.other(), o.termination)
        }
        (Lang::En, Some(_)) => format!("! {text} loses: {}", o.termination),
        (Lang::En, None) => format!("! {text} draws: repetition"),
        (_, Some(w)) if w == mover => format!(
            "! {text} {}{}{}",
            t(["", "胜：", "勝："]),
            side_name(lang, w.other()),
            perpetual_in(lang, o.termination)
        ),
        (_, Some(_)) => format!(
            "! {text} {}{}",
            t(["", "负：", "負："]),
            perpetual_in(lang, o.termination)
        ),
        (_, None) => format!("! {text} {}", t(["", "和：重复局面", "和：重複局面"])),
    }
}

/// A perpetual that loses, in Chinese: 长将 (check), 长捉 (chase).
fn perpetual_in(lang: Lang, termination: Termination) -> &'static str {
    match termination {
        Termination::PerpetualChase => pick(lang, ["perpetual chase", "长捉", "長捉"]),
        _ => pick(lang, ["perpetual check", "长将", "長將"]),
    }
}

/// How a game ended in a few words, in `lang`, without who: "认输", "長將".
#[must_use]
pub fn termination_in(lang: Lang, termination: Termination) -> String {
    let t = |words: [&'static str; 3]| pick(lang, words);
    match termination {
        Termination::Checkmate => t(["checkmate", "绝杀", "絕殺"]).into(),
        Termination::NoLegalMove => t(["no legal move", "困毙", "困斃"]).into(),
        Termination::PerpetualCheck | Termination::PerpetualChase => {
            perpetual_in(lang, termination).into()
        }
        Termination::Repetition => t(["repetition", "三次重复局面", "三次重複局面"]).into(),
        Termination::MoveLimit => match lang {
            Lang::En => termination.to_string(),
            _ => format!(
                "{}{}",
                MOVE_LIMIT_PLIES / 2,
                t(["", "回合未吃子", "回合未吃子"])
            ),
        },
        Termination::InsufficientMaterial => t([
            "insufficient material",
            "双方均无过河子力",
            "雙方均無過河子力",
        ])
        .into(),
        Termination::Resignation => t(["resignation", "认输", "認輸"]).into(),
        Termination::Agreement => t(["agreement", "议和", "議和"]).into(),
        Termination::TimeForfeit => t(["time forfeit", "超时", "超時"]).into(),
        other => other.to_string(),
    }
}

/// The banner of a loaded game's recorded result in `lang`: ("Red wins", "1-0 as
/// recorded: resignation"), with the record's `[Termination]` put in `lang` when it is one
/// of the words this game writes there (any other text is shown as the record has it).
#[must_use]
pub fn recorded_banner_in(
    lang: Lang,
    result: PgnResult,
    termination: Option<&str>,
) -> Option<(String, String)> {
    let t = |words: [&'static str; 3]| pick(lang, words);
    let head = match result {
        PgnResult::RedWins => t(["Red wins", "红胜", "紅勝"]),
        PgnResult::BlackWins => t(["Black wins", "黑胜", "黑勝"]),
        PgnResult::Draw => t(["Draw", "和棋", "和棋"]),
        PgnResult::Unknown => return None,
    };
    let result = result.as_str();
    let reason = match (lang, termination) {
        (Lang::En, Some(why)) => format!("{result} as recorded: {why}"),
        (Lang::En, None) => format!("{result} as recorded"),
        (_, Some(why)) => {
            const ALL: [Termination; 10] = [
                Termination::Checkmate,
                Termination::NoLegalMove,
                Termination::PerpetualCheck,
                Termination::PerpetualChase,
                Termination::Repetition,
                Termination::MoveLimit,
                Termination::InsufficientMaterial,
                Termination::Resignation,
                Termination::Agreement,
                Termination::TimeForfeit,
            ];
            let why = ALL
                .into_iter()
                .find(|k| k.describe().eq_ignore_ascii_case(why.trim()))
                .map_or_else(|| why.to_string(), |k| termination_in(lang, k));
            format!(
                "{}{result}{}{why}",
                t(["", "记录结果 ", "記錄結果 "]),
                t(["", "：", "："])
            )
        }
        (_, None) => format!("{}{result}", t(["", "记录结果 ", "記錄結果 "])),
    };
    Some((head.to_string(), reason))
}

/// Shown when more moves repeat than there are lines for.
#[must_use]
pub fn more_warnings_in(lang: Lang, n: usize) -> String {
    match lang {
        Lang::En => format!("! and {n} more moves that repeat"),
        _ => format!("! {n} {}", pick(lang, ["", "步另有重复", "步另有重複"])),
    }
}

/// The running count towards the move limit.
#[must_use]
pub fn move_limit_in(lang: Lang, plies: u32) -> String {
    match lang {
        Lang::En => format!("Move limit: {plies} of {MOVE_LIMIT_PLIES} plies"),
        _ => format!(
            "{}{plies}／{MOVE_LIMIT_PLIES}",
            pick(lang, ["", "未吃子步数：", "未吃子步數："])
        ),
    }
}

/// The words of a yes/no question.
#[must_use]
pub fn question(q: Question, file: &str) -> String {
    match q {
        Question::NewGame => "Start a new game? (y/n)".into(),
        Question::Resign(c) => format!("{c}, resign this game? (y/n)"),
        Question::Draw(c) => format!("{c} offers a draw — {}, accept? (y/n)", c.other()),
        Question::Overwrite => format!("{file} exists — replace it? (y/n)"),
        Question::Quit => "Quit? The game is saved and can be resumed (y/n)".into(),
    }
}

/// [`question`] in `lang`.
#[must_use]
pub fn question_in(lang: Lang, q: Question, file: &str) -> String {
    let t = |words: [&'static str; 3]| pick(lang, words);
    let name = |c: Color| side_name(lang, c);
    match (lang, q) {
        (Lang::En, q) => question(q, file),
        (_, Question::NewGame) => t(["", "开始新局？(y/n)", "開始新局？(y/n)"]).into(),
        (_, Question::Resign(c)) => format!(
            "{}{}",
            name(c),
            t(["", "，认输吗？(y/n)", "，認輸嗎？(y/n)"])
        ),
        (_, Question::Draw(c)) => format!(
            "{}{}{}{}",
            name(c),
            t(["", "提和 — ", "提和 — "]),
            name(c.other()),
            t(["", "，同意吗？(y/n)", "，同意嗎？(y/n)"])
        ),
        (_, Question::Overwrite) => {
            format!(
                "{file} {}",
                t(["", "已存在 — 替换吗？(y/n)", "已存在 — 取代嗎？(y/n)"])
            )
        }
        (_, Question::Quit) => t([
            "",
            "退出吗？棋局已保存，可以继续 (y/n)",
            "退出嗎？棋局已儲存，可以繼續 (y/n)",
        ])
        .into(),
    }
}

/// The last line of the quit summary, for a finished game: "1-0 (Red wins — checkmate)".
#[must_use]
pub fn result_line(o: Outcome) -> String {
    format!("{} ({})", o.pgn_result(), outcome(o))
}

/// Why the rules refuse a move, in `lang` (English is the library's own words).
#[must_use]
pub fn illegal_in(lang: Lang, reason: IllegalMove) -> String {
    let t = |words: [&'static str; 3]| pick(lang, words).to_string();
    if lang == Lang::En {
        return reason.to_string();
    }
    match reason {
        IllegalMove::NoPiece => t(["", "那里没有棋子", "那裡沒有棋子"]),
        IllegalMove::NotYourPiece => t(["", "那不是你的棋子", "那不是你的棋子"]),
        IllegalMove::NullMove => t(["", "棋子必须移动", "棋子必須移動"]),
        IllegalMove::OwnPiece => t(["", "不能吃自己的棋子", "不能吃自己的棋子"]),
        IllegalMove::WrongShape(role) => match role {
            Role::General => t(["", "将帅沿直线走一格", "將帥沿直線走一格"]),
            Role::Advisor => t(["", "士斜走一格", "士斜走一格"]),
            Role::Elephant => t(["", "象斜走两格（田字）", "象斜走兩格（田字）"]),
            Role::Horse => t(["", "马走日字", "馬走日字"]),
            Role::Chariot | Role::Cannon => t(["", "车炮沿直线走", "車炮沿直線走"]),
            Role::Soldier => t(["", "兵卒走一格", "兵卒走一格"]),
        },
        IllegalMove::LeavesPalace(_) => t(["", "不能走出九宫", "不能走出九宮"]),
        IllegalMove::HorseLegBlocked => t(["", "蹩马腿", "蹩馬腿"]),
        IllegalMove::ElephantEyeBlocked => t(["", "塞象眼", "塞象眼"]),
        IllegalMove::ElephantCrossesRiver => t(["", "象不能过河", "象不能過河"]),
        IllegalMove::PathBlocked => t(["", "路线被挡住", "路線被擋住"]),
        IllegalMove::CannonNeedsOneScreen => {
            t(["", "炮吃子必须隔一个棋子", "炮吃子必須隔一個棋子"])
        }
        IllegalMove::SoldierBackward => t(["", "兵卒不能后退", "兵卒不能後退"]),
        IllegalMove::SoldierSidewaysBeforeRiver => {
            t(["", "兵卒过河后才能横走", "兵卒過河後才能橫走"])
        }
        IllegalMove::GeneralsFace => t(["", "将帅不能照面", "將帥不能照面"]),
        IllegalMove::LeavesGeneralInCheck => t(["", "走后自己被将军", "走後自己被將軍"]),
    }
}

/// What is wrong with a typed move, in `lang`.
#[must_use]
pub fn bad_move_in(lang: Lang, kind: &NotationErrorKind) -> String {
    let t = |words: [&'static str; 3]| pick(lang, words).to_string();
    if lang == Lang::En {
        return kind.to_string();
    }
    match kind {
        NotationErrorKind::Syntax(Notation::Chinese) => t([
            "",
            "不是中文着法（棋子、纵线、进/退/平、数字，如 炮二平五）",
            "不是中文著法（棋子、縱線、進/退/平、數字，如 炮二平五）",
        ]),
        NotationErrorKind::Syntax(Notation::Wxf) => t([
            "",
            "不是 WXF 着法（棋子、纵线、+ - 或 .、数字，如 C2.5）",
            "不是 WXF 著法（棋子、縱線、+ - 或 .、數字，如 C2.5）",
        ]),
        NotationErrorKind::Syntax(Notation::Iccs) => t([
            "",
            "不是 ICCS 着法（两个点，如 h2e2 或 H2-E2）",
            "不是 ICCS 著法（兩個點，如 h2e2 或 H2-E2）",
        ]),
        NotationErrorKind::NoPiece => t(["", "走棋一方没有这个棋子", "走棋一方沒有這個棋子"]),
        NotationErrorKind::Impossible => t(["", "这个棋子不能这样走", "這個棋子不能這樣走"]),
        NotationErrorKind::Ambiguous => t(["", "不止一步符合", "不止一步符合"]),
        NotationErrorKind::Illegal(e) => {
            format!(
                "{}{}",
                t(["", "此处不合规则：", "此處不合規則："]),
                illegal_in(lang, *e)
            )
        }
    }
}

/// The words of a message in `lang`. The library's own reasons (an illegal move, a move
/// that does not read) stay in English.
#[must_use]
pub fn message_in(lang: Lang, m: &Message) -> String {
    if lang == Lang::En {
        return message(m);
    }
    let t = |words: [&'static str; 3]| pick(lang, words);
    let name = |c: Color| side_name(lang, c);
    match m {
        Message::BadMove(e) => bad_move_in(lang, &e.kind),
        Message::Refused(reason) => format!(
            "{}{}",
            t(["", "不能走：", "不能走："]),
            illegal_in(lang, *reason)
        ),
        Message::SelectFirst(c) => format!(
            "{}{}{}",
            t(["", "请先选", "請先選"]),
            name(*c),
            t(["", "的棋子", "的棋子"])
        ),
        Message::NotYourTurn(c) => format!(
            "{}{}",
            t(["", "那不是你的棋子 — ", "那不是你的棋子 — "]),
            to_move_in(lang, *c)
        ),
        Message::Over(o) => format!(
            "{}   {}",
            outcome_in(lang, *o),
            t(["", "（u 悔棋，n 新局）", "（u 悔棋，n 新局）"])
        ),
        Message::NothingToUndo => t(["", "没有可悔的着法", "沒有可悔的著法"]).into(),
        Message::NothingToRedo => t(["", "没有可重走的着法", "沒有可重走的著法"]).into(),
        Message::Undone(mv) => format!("{}{mv}", t(["", "悔棋：", "悔棋："])),
        Message::Redone(mv) => format!("{}{mv}", t(["", "重走：", "重走："])),
        Message::Withdrawn(o) => match o.termination {
            Termination::Resignation => {
                t(["", "撤回认输 — 对局继续", "撤回認輸 — 對局繼續"]).into()
            }
            _ => t(["", "撤回结果 — 对局继续", "撤回結果 — 對局繼續"]).into(),
        },
        Message::NewGameStarted => format!(
            "{} — {}",
            t(["", "新局", "新局"]),
            to_move_in(lang, Color::Red)
        ),
        Message::Declined(Question::Draw(c)) => format!(
            "{}{}",
            name(c.other()),
            t(["", "拒绝和棋 — 对局继续", "拒絕和棋 — 對局繼續"])
        ),
        Message::Declined(_) => t(["", "对局继续", "對局繼續"]).into(),
        Message::NotationShown(n) => format!(
            "{}{}{}",
            t(["", "着法改用", "著法改用"]),
            notation_name(lang, *n),
            t(["", "记法（m 切换）", "記法（m 切換）"])
        ),
        Message::Saved(path) => format!("{}{}", t(["", "已保存 ", "已儲存 "]), path.display()),
        Message::SaveFailed(path, error) => format!(
            "{}{}：{error}",
            t(["", "无法保存 ", "無法儲存 "]),
            path.display()
        ),
        Message::Notice(text) => text.clone(),
        Message::ResumeAvailable => {
            t(["", "--resume 可继续上一局", "--resume 可繼續上一局"]).into()
        }
        Message::Resumed(moves) => format!(
            "{}{moves}{}",
            t(["", "已继续上一局（", "已繼續上一局（"]),
            t(["", " 步）", " 步）"])
        ),
        Message::NoClock => t([
            "",
            "没有棋钟可暂停（用 --clock 开始，如 --clock 10+5）",
            "沒有棋鐘可暫停（用 --clock 開始，如 --clock 10+5）",
        ])
        .into(),
        Message::Computer(note) => crate::tui::view::computer::note_text(lang, note),
        Message::AutosaveFailed(why) => format!(
            "{}{why}",
            t([
                "",
                "无法为 --resume 保存棋局：",
                "無法為 --resume 儲存棋局："
            ])
        ),
        Message::Review(note) => review_note(lang, note),
        Message::Loaded(moves, result) => {
            let recorded = match result {
                PgnResult::Unknown => String::new(),
                r => format!("{}{r}", t(["", "，记录结果 ", "，記錄結果 "])),
            };
            format!(
                "{}{moves}{}{recorded}{}",
                t(["", "已载入 ", "已載入 "]),
                t(["", " 步的棋局", " 步的棋局"]),
                t(["", "（u 悔棋）", "（u 悔棋）"])
            )
        }
    }
}

/// The words of a message.
#[must_use]
pub fn message(m: &Message) -> String {
    match m {
        Message::Refused(reason) => format!("Not allowed: {reason}"),
        // The text is on the prompt already; say only what is wrong with it.
        Message::BadMove(e) => e.kind.to_string(),
        Message::SelectFirst(c) => format!("Select one of {}'s pieces first", c.name()),
        Message::NotYourTurn(c) => format!("That piece is not yours — {c} to move"),
        Message::Over(o) => format!("{}   (u takes back, n new game)", outcome(*o)),
        Message::NothingToUndo => "No move to take back".into(),
        Message::NothingToRedo => "No move to replay".into(),
        Message::Undone(mv) => format!("Took back {mv}"),
        Message::Redone(mv) => format!("Replayed {mv}"),
        Message::Withdrawn(o) => match o.termination {
            Termination::Resignation => "Resignation taken back — the game goes on".into(),
            _ => "Draw taken back — the game goes on".into(),
        },
        Message::NewGameStarted => "New game — Red to move".into(),
        Message::Declined(Question::Draw(c)) => {
            format!("{} declines the draw — the game goes on", c.other())
        }
        Message::Declined(_) => "Game continues".into(),
        Message::NotationShown(n) => format!("Moves shown in {n} notation (m changes)"),
        Message::Saved(path) => format!("Saved {}", path.display()),
        Message::SaveFailed(path, error) => {
            format!("Could not save {}: {error}", path.display())
        }
        Message::Notice(text) => text.clone(),
        Message::ResumeAvailable => "--resume continues your last game".into(),
        Message::Resumed(1) => "Resumed your last game (1 move)".into(),
        Message::Resumed(moves) => format!("Resumed your last game ({moves} moves)"),
        Message::NoClock => "No clock to pause (start with --clock, e.g. --clock 10+5)".into(),
        Message::Computer(note) => crate::tui::view::computer::note_text(Lang::En, note),
        Message::AutosaveFailed(why) => {
            format!("Could not keep the game for --resume: {why}")
        }
        Message::Loaded(moves, result) => match result {
            PgnResult::Unknown => format!("Loaded a game of {moves} moves (u takes back)"),
            r => format!("Loaded a game of {moves} moves, recorded result {r} (u takes back)"),
        },
        Message::Review(note) => review_note(Lang::En, note),
    }
}

/// Shown over the board while the clocks are paused.
pub const PAUSED: &str = "Paused";
/// Under [`PAUSED`], and on the message line.
pub const PAUSED_HINT: &str = "Paused — p resumes";

/// A clock's time: `h:mm:ss` from an hour, `m:ss` from 10 s, `9.9` (tenths) under 10 s;
/// cut, never rounded up, so `0.0` shows only when the time is gone.
#[must_use]
pub fn clock_time(left: std::time::Duration) -> String {
    let secs = left.as_secs();
    if left < std::time::Duration::from_secs(10) {
        format!("{secs}.{}", left.subsec_millis() / 100)
    } else if secs >= 3600 {
        format!("{}:{:02}:{:02}", secs / 3600, secs / 60 % 60, secs % 60)
    } else {
        format!("{}:{:02}", secs / 60, secs % 60)
    }
}

/// The prompt's label for opening a file.
#[must_use]
pub const fn open_prompt(lang: Lang) -> &'static str {
    pick(lang, ["Open: ", "打开：", "開啟："])
}

/// Shown after the file name to open.
#[must_use]
pub const fn open_prompt_hint(lang: Lang) -> &'static str {
    pick(
        lang,
        [
            "  Tab completes, Enter opens, Esc cancels",
            "  Tab 补全，Enter 打开，Esc 取消",
            "  Tab 補全，Enter 開啟，Esc 取消",
        ],
    )
}

/// The prompt's label for red's name.
#[must_use]
pub const fn red_prompt(lang: Lang) -> &'static str {
    pick(lang, ["Red player: ", "红方棋手：", "紅方棋手："])
}

/// The prompt's label for black's name.
#[must_use]
pub const fn black_prompt(lang: Lang) -> &'static str {
    pick(lang, ["Black player: ", "黑方棋手：", "黑方棋手："])
}

/// Shown after a player's name.
#[must_use]
pub const fn name_prompt_hint(lang: Lang) -> &'static str {
    pick(
        lang,
        ["  Enter: next", "  Enter：下一项", "  Enter：下一項"],
    )
}

/// What the message line says about going through a game or opening one.
#[must_use]
pub fn review_note(lang: Lang, note: &crate::tui::state::app::review::Note) -> String {
    use crate::tui::state::action::Nav;
    use crate::tui::state::app::review::Note;
    if lang != Lang::En {
        return review_note_zh(lang, note);
    }
    match note {
        Note::NothingThere(nav) => match nav {
            Nav::Start | Nav::Back => "At the start: no move before".into(),
            Nav::End | Nav::Forward => "At the end of this line: no move after".into(),
            Nav::NextLine | Nav::PreviousLine => {
                "No other move here that way (< and > switch between the moves at a variation)"
                    .into()
            }
            Nav::To(_) => "Already there".into(),
        },
        Note::At {
            text,
            ply,
            variation,
        } => {
            let line = if *variation { "variation" } else { "main line" };
            match text {
                Some(text) => {
                    format!("After {text} ({line}, ply {ply}); a move here adds a variation")
                }
                None => "The start position; End goes to the last move".into(),
            }
        }
        Note::ClockRunning => {
            "A timed game goes on: u takes back; going through the game waits for its end".into()
        }
        Note::CannotOpen(why) => format!("Cannot open: {why}"),
        Note::Completions(names) => completions(lang, names),
        Note::NoCompletion => "No file name starts so".into(),
        Note::Opened(n, moves) => format!("Opened game {n}: {moves} moves (Home: the start)"),
    }
}

/// The file names Tab could complete to, the first eight (their last part), and how many
/// more there are.
fn completions(lang: Lang, names: &[String]) -> String {
    let shown: Vec<String> = names
        .iter()
        .take(8)
        .map(|n| {
            let whole = n.trim_end_matches('/');
            let tail = whole.rsplit_once('/').map_or(whole, |(_, tail)| tail);
            let slash = if n.ends_with('/') { "/" } else { "" };
            format!("{tail}{slash}")
        })
        .collect();
    let more = names.len().saturating_sub(shown.len());
    let more = if more > 0 {
        format!(
            "{}{more}{}",
            pick(lang, [" … and ", " … 另有 ", " … 另有 "]),
            pick(lang, [" more", " 个", " 個"])
        )
    } else {
        String::new()
    };
    format!("{}{more}", shown.join("  "))
}

/// [`review_note`] in Chinese.
fn review_note_zh(lang: Lang, note: &crate::tui::state::app::review::Note) -> String {
    use crate::tui::state::action::Nav;
    use crate::tui::state::app::review::Note;
    let t = |words: [&'static str; 3]| pick(lang, words);
    match note {
        Note::NothingThere(nav) => match nav {
            Nav::Start | Nav::Back => t(["", "已在开局：前面没有着法", "已在開局：前面沒有著法"]),
            Nav::End | Nav::Forward => t([
                "",
                "已在这一路的末尾：后面没有着法",
                "已在這一路的末尾：後面沒有著法",
            ]),
            Nav::NextLine | Nav::PreviousLine => t([
                "",
                "这边没有别的着法（< 和 > 在变着之间切换）",
                "這邊沒有別的著法（< 和 > 在變著之間切換）",
            ]),
            Nav::To(_) => t(["", "已经在这里", "已經在這裡"]),
        }
        .into(),
        Note::At {
            text,
            ply,
            variation,
        } => {
            let line = if *variation {
                t(["", "变着", "變著"])
            } else {
                t(["", "主线", "主線"])
            };
            match text {
                Some(text) => format!(
                    "{}{text}{}{line}{}{ply}{}",
                    t(["", "走完 ", "走完 "]),
                    t(["", "（", "（"]),
                    t(["", "，第 ", "，第 "]),
                    t(["", " 着）；在此走棋即添加变着", " 著）；在此走棋即添加變著"])
                ),
                None => t([
                    "",
                    "开局局面；End 跳到最后一着",
                    "開局局面；End 跳到最後一著",
                ])
                .into(),
            }
        }
        Note::ClockRunning => t([
            "",
            "计时对局进行中：u 悔棋；棋局结束后才能翻看",
            "計時對局進行中：u 悔棋；棋局結束後才能翻看",
        ])
        .into(),
        Note::CannotOpen(why) => format!("{}{why}", t(["", "无法打开：", "無法開啟："])),
        Note::Completions(names) => completions(lang, names),
        Note::NoCompletion => t(["", "没有以此开头的文件名", "沒有以此開頭的檔名"]).into(),
        Note::Opened(n, moves) => format!(
            "{}{n}{}{moves}{}",
            t(["", "已打开第 ", "已開啟第 "]),
            t(["", " 局：", " 局："]),
            t(["", " 步（Home：开局）", " 步（Home：開局）"])
        ),
    }
}

#[cfg(test)]
mod chase_words {
    use super::*;

    #[test]
    fn a_losing_chase_is_named_in_the_warning_banner_and_summary() {
        let chase = Outcome {
            winner: Some(Color::Black),
            termination: Termination::PerpetualChase,
        };
        assert_eq!(
            repetition_warning_in(Lang::En, "車九進一", Color::Red, chase),
            "! 車九進一 loses: perpetual chase"
        );
        assert_eq!(
            repetition_warning_in(Lang::En, "馬３退１", Color::Black, chase),
            "! 馬３退１ wins: Red's perpetual chase"
        );
        assert_eq!(outcome(chase), "Black wins — perpetual chase by Red");
        assert_eq!(
            result_line(chase),
            "0-1 (Black wins — perpetual chase by Red)"
        );
    }
}
