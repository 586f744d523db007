//! `--help` in the players' language: the help clap writes from the English doc comments
//! and the keys of the game after it ([`KEYS_HELP`]), with every line replaced by its Chinese
//! when the language is zh-Hans or zh-Hant.

use crate::tui::Lang;
use crate::tui::store::config;
use clap::Command;
use std::ffi::OsString;

/// The end of `xiangqi --help`: the keys of the game.
pub const KEYS_HELP: &str = "\
keys: arrows or h j k l move the cursor; Enter or Space selects a piece and moves it;
a mouse click does the same; : types a move (h2e2, H2-E2, 炮二平五, C2.5); Esc clears;
u undo, r redo, m notation (Chinese/WXF/ICCS), s save as PGN, d offer a draw,
g resign, f flip, n new game, p pause the clocks, ? keys, q or Ctrl-C quit (asks
while a game goes on), Ctrl-Z suspends. NO_COLOR is respected.
Computer: t a hint (the best move found in a second), a the analysis line on/off,
c the computer takes the side to move (again: gives it back), z the mate puzzles.
Openings: the panel names the game's opening (ECCO code); x lists the moves masters
played from the position (Enter plays one); the computer opens with their moves.
Set-up editor (e, or --setup [FEN]): K A E H R C P place red pieces, k a e h r c p
black, x empties a point, X all but the generals, 0 start, 1-5 handicaps, Tab side
to move, Space or clicks pick up and put down; Enter plays from it, Esc leaves.
Review: Home/End the start/last position, [ ] or PgUp/PgDn a move back/forward
(nothing is lost; a different move starts a variation), < > the other lines at a
variation, a click or the wheel on the move list goes to a move; o opens a file
(Tab completes; several games open a picker: / filters, Enter or a second click
opens). A record or puzzle opened during a game goes in front of it; b brings the
game back.
Editing: { comments the move, ! marks it, + makes its line the main one, Delete removes
it and what follows (u takes edits back, r makes them again); y / Y / D copy the FEN /
PGN / a DhtmlXQ block (OSC 52), F shows the FEN.
On quit the final position's FEN, the moves and the result are printed. Every move
is kept in $XDG_STATE_HOME/xiangqi/autosave.pgn (~/.local/state/xiangqi/) for --resume.
Defaults: $XDG_CONFIG_HOME/xiangqi/config.toml (~/.config/xiangqi/) may set theme, glyphs,
lang, notation, auto-flip, clock, analysis-lines, threads, plain and blindfold; the
options above win. --plain plays in lines of text for a screen reader (help lists what to
type); blindfold hides the pieces, v peeks until the next move.
Network: xiangqi host shows a join code; xiangqi join ADDR:PORT CODE plays the other
side. u asks a takeback, d offers a draw (y/n answers), g resigns, C chats.";

/// The language `--help` is written in: `--lang` among the arguments, else the configuration
/// file's, else the locale's.
#[must_use]
pub fn of(args: &[OsString]) -> Lang {
    let mut words = args.iter().filter_map(|a| a.to_str());
    while let Some(word) = words.next() {
        let value = match word.strip_prefix("--lang=") {
            Some(v) => Some(v),
            None if word == "--lang" => words.next(),
            None => None,
        };
        if let Some(lang) = value.and_then(|v| v.parse::<Lang>().ok()) {
            return lang;
        }
    }
    config::load()
        .0
        .lang
        .unwrap_or_else(|| Lang::from_env(|name| std::env::var(name).ok()))
}

/// Each argument's help (by clap's id) and each command's (by name): simplified, traditional.
const ARGS: [(&str, [&str; 2]); 22] = [
    (
        "variant",
        [
            "规则：xiangqi（默认），或 jieqi（揭棋：暗子随机发牌；可配 --computer、--level、--resume 及外观选项）",
            "規則：xiangqi（預設），或 jieqi（揭棋：暗子隨機發牌；可配 --computer、--level、--resume 及外觀選項）",
        ],
    ),
    (
        "fen",
        [
            "从这个局面开始（加引号，或各字段分开写）",
            "從這個局面開始（加引號，或各欄位分開寫）",
        ],
    ),
    (
        "load",
        [
            "打开 PGN 棋局（UTF-8、GBK 或 Big5；任何记法），停在终局，着法可悔",
            "開啟 PGN 棋局（UTF-8、GBK 或 Big5；任何記法），停在終局，著法可悔",
        ],
    ),
    (
        "game",
        [
            "直接打开文件中的第几局，不经选局表（从 1 起）",
            "直接開啟檔案中的第幾局，不經選局表（從 1 起）",
        ],
    ),
    ("flip", ["黑方在下", "黑方在下"]),
    (
        "ascii",
        [
            "用字母表示棋子（WXF 字母，红大写黑小写）和 ASCII 线",
            "用字母表示棋子（WXF 字母，紅大寫黑小寫）和 ASCII 線",
        ],
    ),
    (
        "ascii_lines",
        [
            "中文棋子配 ASCII 棋盘线（制表符占两格的终端）",
            "中文棋子配 ASCII 棋盤線（框線字元佔兩格的終端）",
        ],
    ),
    (
        "theme",
        [
            "配色：wood（默认）、dark、light、high-contrast、ansi16（只用 16 色）",
            "配色：wood（預設）、dark、light、high-contrast、ansi16（只用 16 色）",
        ],
    ),
    (
        "glyphs",
        [
            "棋子和着法用简体或繁体字（默认随 --lang）",
            "棋子和著法用簡體或繁體字（預設隨 --lang）",
        ],
    ),
    (
        "auto_flip",
        [
            "每步之后翻转棋盘，让走棋一方在下",
            "每步之後翻轉棋盤，讓走棋一方在下",
        ],
    ),
    (
        "lang",
        [
            "语言：en、zh-Hans、zh-Hant（默认取 config.toml 的 lang，否则取自 LC_ALL、LC_MESSAGES、LANG）",
            "語言：en、zh-Hans、zh-Hant（預設取 config.toml 的 lang，否則取自 LC_ALL、LC_MESSAGES、LANG）",
        ],
    ),
    (
        "clock",
        [
            "棋钟：基本时间[+每步加秒]（分钟或 分:秒，如 60+30、5+3、0:30）或 基本/读秒（如 10/45）",
            "棋鐘：基本時間[+每步加秒]（分鐘或 分:秒，如 60+30、5+3、0:30）或 基本/讀秒（如 10/45）",
        ],
    ),
    (
        "resume",
        [
            "继续上一盘未下完的棋（着法、棋钟和记法）",
            "繼續上一盤未下完的棋（著法、棋鐘和記法）",
        ],
    ),
    (
        "red",
        [
            "新局红方棋手的名字（保存为 [Red] 标签）",
            "新局紅方棋手的名字（儲存為 [Red] 標籤）",
        ],
    ),
    (
        "black",
        [
            "新局黑方棋手的名字（保存为 [Black] 标签）",
            "新局黑方棋手的名字（儲存為 [Black] 標籤）",
        ],
    ),
    (
        "computer",
        [
            "电脑执这一方：red（红）或 black（黑）（按 c 把走棋的一方交给电脑）",
            "電腦執這一方：red（紅）或 black（黑）（按 c 把走棋的一方交給電腦）",
        ],
    ),
    (
        "engine",
        [
            "用这个 UCI（如 Pikafish）或 UCCI（如 ElephantEye）引擎下棋、提示和分析，代替本程序的：程序及其参数，像 shell 一样分词（引号内的空格保留；不做其他 shell 处理），如 --engine 'pikafish' 或 \"'/opt/my engines/eleeye'\"",
            "用這個 UCI（如 Pikafish）或 UCCI（如 ElephantEye）引擎下棋、提示和分析，代替本程式的：程式及其參數，像 shell 一樣分詞（引號內的空格保留；不做其他 shell 處理），如 --engine 'pikafish' 或 \"'/opt/my engines/eleeye'\"",
        ],
    ),
    (
        "setup",
        [
            "在给出的 FEN 局面上打开摆棋（默认为初始局面）；Enter 从摆好的局面开始对弈，Esc 离开摆棋开始新局",
            "在給出的 FEN 局面上開啟擺棋（預設為初始局面）；Enter 從擺好的局面開始對弈，Esc 離開擺棋開始新局",
        ],
    ),
    (
        "plain",
        [
            "纯文本，给读屏软件用：对局一行一行写在标准输出上，从标准输入读入，不移动光标、不用颜色（也可经管道）；输入 帮助 列出命令",
            "純文字，給螢幕閱讀器用：對局一行一行寫在標準輸出上，從標準輸入讀入，不移動游標、不用顏色（也可經管線）；輸入 幫助 列出命令",
        ],
    ),
    (
        "blindfold",
        [
            "盲棋：棋盘不显示棋子，着法和棋钟照常（v 显示棋子，直到下一步）",
            "盲棋：棋盤不顯示棋子，著法和棋鐘照常（v 顯示棋子，直到下一步）",
        ],
    ),
    (
        "puzzle",
        [
            "解杀法：自带杀法集的第 N 题，或第一道未解的题（电脑防守；z 看答案，再按进入下一题）",
            "解殺法：自帶殺法集的第 N 題，或第一道未解的題（電腦防守；z 看答案，再按進入下一題）",
        ],
    ),
    (
        "tactics",
        [
            "计分战术练习：每题接近你的等级分（T 看解法，再按进入下一题）；FILTER 限定主题和/或分数范围，逗号分隔：fork 捉双、pin 牵制、discovered-attack 闪击、cannon-screen 炮架、capture-defender 消除保护、wins-chariot 得车、wins-horse 得马、wins-cannon 得炮、mate 杀、mate-in-N N 步杀；1200-1600、1500- 或 0-1000（如 --tactics fork,1000-1400）",
            "計分戰術練習：每題接近你的等級分（T 看解法，再按進入下一題）；FILTER 限定主題和/或分數範圍，逗號分隔：fork 捉雙、pin 牽制、discovered-attack 閃擊、cannon-screen 炮架、capture-defender 消除保護、wins-chariot 得車、wins-horse 得馬、wins-cannon 得炮、mate 殺、mate-in-N N 步殺；1200-1600、1500- 或 0-1000（如 --tactics fork,1000-1400）",
        ],
    ),
];

/// The tools' one-line descriptions: simplified, traditional.
const COMMANDS: [(&str, [&str; 2]); 14] = [
    (
        "perft",
        [
            "计算 DEPTH 层的合法着法序列数（最后一行是总数）",
            "計算 DEPTH 層的合法著法序列數（最後一行是總數）",
        ],
    ),
    (
        "puzzles",
        [
            "打印自带的题目（先是杀法，再是取自大师对局的战术题）",
            "列印自帶的題目（先是殺法，再是取自大師對局的戰術題）",
        ],
    ),
    (
        "legal",
        [
            "在一行中按 ICCS 列出排好序的合法着法",
            "在一行中按 ICCS 列出排好序的合法著法",
        ],
    ),
    (
        "convert",
        [
            "把棋谱文件（UTF-8、GBK 或 Big5；任何记法）改写成 UTF-8 PGN、DhtmlXQ，或把一局写成 XQF",
            "把棋譜檔案（UTF-8、GBK 或 Big5；任何記法）改寫成 UTF-8 PGN、DhtmlXQ，或把一局寫成 XQF",
        ],
    ),
    (
        "opening",
        [
            "逐局列出开局：编号、ECCO 编号和开局名（以制表符分隔）",
            "逐局列出開局：編號、ECCO 編號和開局名（以定位字元分隔）",
        ],
    ),
    (
        "annotate",
        [
            "分析棋局：每步之后写 [%eval]，给失分的着法标 ?! ? ??，并写出更好的着法",
            "分析棋局：每步之後寫 [%eval]，給失分的著法標 ?! ? ??，並寫出更好的著法",
        ],
    ),
    (
        "uci",
        [
            "在标准输入输出上说 UCI 协议（给象棋界面用；ICCS 着法）",
            "在標準輸入輸出上說 UCI 協定（給象棋介面用；ICCS 著法）",
        ],
    ),
    (
        "completions",
        [
            "为一种 shell 打印补全脚本，例如 `xiangqi completions bash > ~/.local/share/bash-completion/completions/xiangqi`",
            "為一種 shell 列印補全指令稿，例如 `xiangqi completions bash > ~/.local/share/bash-completion/completions/xiangqi`",
        ],
    ),
    (
        "man",
        [
            "打印手册页（roff 格式），例如 `xiangqi man | man -l -`",
            "列印手冊頁（roff 格式），例如 `xiangqi man | man -l -`",
        ],
    ),
    (
        "bench",
        [
            "搜索一组固定局面，打印节点数（单线程时每次相同）和每秒节点数",
            "搜尋一組固定局面，列印節點數（單執行緒時每次相同）和每秒節點數",
        ],
    ),
    (
        "host",
        [
            "网络对局：等待对手加入，并显示对手加入用的加入码",
            "網路對局：等待對手加入，並顯示對手加入用的加入碼",
        ],
    ),
    (
        "server",
        [
            "运行棋会服务器：大厅、约战和挑战、等级分对局、观战、聊天和棋谱库，供 `xiangqi online` 的棋手使用（还有 `server export`、`server ban`）",
            "執行棋會伺服器：大廳、約戰和挑戰、等級分對局、觀戰、聊天和棋譜庫，供 `xiangqi online` 的棋手使用（還有 `server export`、`server ban`）",
        ],
    ),
    (
        "online",
        [
            "在棋会服务器（`xiangqi server`）上下棋：屏幕上是大厅，对局在棋盘上；用 --lines（或没有终端时）输入命令，服务器的事件以 JSON 行输出",
            "在棋會伺服器（`xiangqi server`）上下棋：螢幕上是大廳，對局在棋盤上；用 --lines（或沒有終端機時）輸入命令，伺服器的事件以 JSON 行輸出",
        ],
    ),
    (
        "join",
        [
            "加入用 `xiangqi host` 开的对局：主机的地址和主机屏幕上的加入码",
            "加入用 `xiangqi host` 開的對局：主機的位址和主機螢幕上的加入碼",
        ],
    ),
];

/// The keys, after the options.
const KEYS: [&str; 2] = [
    "按键：方向键或 h j k l 移动光标；Enter 或空格选子、走子；鼠标点击同样；\n\
     : 输入着法（h2e2、H2-E2、炮二平五、C2.5）；Esc 取消；u 悔棋，r 重走，\n\
     m 记法（中文/WXF/ICCS），s 保存为 PGN，d 提和，g 认输，f 翻转，n 新局，\n\
     p 暂停棋钟，? 按键，q 或 Ctrl-C 退出（对局中会询问），Ctrl-Z 挂起。\n\
     电脑：t 提示（一秒内找到的最佳着法），a 分析行开／关，c 电脑接走当前一方\n\
     （再按交回），z 杀法题，x 开局：名家着法（面板显示 ECCO 开局名）。\n\
     摆棋（e，或 --setup [FEN]）：K A E H R C P 摆红子，k a e h r c p 摆黑子，x 清空一点，\n\
     X 只留将帅，0 初始局面，1-5 让子，Tab 换走棋方，空格或点击拿起、放下；Enter 开始对弈，Esc 离开。\n\
     翻看：Home/End 到开局／终局，[ ] 或 PgUp/PgDn 后退／前进一步（着法都保留；\n\
     走另一步即开始变着），< > 切换变着，在着法列表上点击或滚轮到所点的着法；\n\
     o 打开棋谱文件（Tab 补全；多局的文件打开选局表：/ 筛选，Enter 或再次点击打开）；对局中打开的棋谱或杀法放在对局前面，b 回到对局。\n\
     编辑：{ 注释这步棋，! 标记，+ 变着设为主线，Delete 删除此步及以后（u 撤销编辑，r 重做）；\n\
     y / Y / D 复制 FEN / PGN / DhtmlXQ 块（OSC 52），F 显示 FEN。\n\
     遵守 NO_COLOR。退出时打印终局 FEN、着法和结果。每一步都保存在\n\
     $XDG_STATE_HOME/xiangqi/autosave.pgn（~/.local/state/xiangqi/），供 --resume 使用。\n\
     默认设置：$XDG_CONFIG_HOME/xiangqi/config.toml（~/.config/xiangqi/）可设 theme、glyphs、\n\
     lang、notation、auto-flip、clock、analysis-lines、threads、plain 和 blindfold；以上选项优先。\n\
     --plain 用纯文本一行一行下棋，给读屏软件用（输入 帮助 列出命令）；blindfold 盲棋隐藏棋子，v 显示到下一步。\n\
     网络对局：xiangqi host 显示加入码；xiangqi join 地址:端口 加入码 执另一方。\n\
     u 请求悔棋，d 提和（y/n 回答），g 认输，C 聊天。",
    "按鍵：方向鍵或 h j k l 移動游標；Enter 或空白鍵選子、走子；滑鼠點擊同樣；\n\
     : 輸入著法（h2e2、H2-E2、炮二平五、C2.5）；Esc 取消；u 悔棋，r 重走，\n\
     m 記法（中文/WXF/ICCS），s 儲存為 PGN，d 提和，g 認輸，f 翻轉，n 新局，\n\
     p 暫停棋鐘，? 按鍵，q 或 Ctrl-C 退出（對局中會詢問），Ctrl-Z 暫停程式。\n\
     電腦：t 提示（一秒內找到的最佳著法），a 分析行開／關，c 電腦接走當前一方\n\
     （再按交回），z 殺法題，x 開局：名家著法（面板顯示 ECCO 開局名）。\n\
     擺棋（e，或 --setup [FEN]）：K A E H R C P 擺紅子，k a e h r c p 擺黑子，x 清空一點，\n\
     X 只留將帥，0 初始局面，1-5 讓子，Tab 換走棋方，空格或點擊拿起、放下；Enter 開始對弈，Esc 離開。\n\
     翻看：Home/End 到開局／終局，[ ] 或 PgUp/PgDn 後退／前進一步（著法都保留；\n\
     走另一步即開始變著），< > 切換變著，在著法列表上點擊或滾輪到所點的著法；\n\
     o 開啟棋譜檔案（Tab 補全；多局的檔案開啟選局表：/ 篩選，Enter 或再次點擊開啟）；對局中開啟的棋譜或殺法放在對局前面，b 回到對局。\n\
     編輯：{ 註釋這步棋，! 標記，+ 變著設為主線，Delete 刪除此步及以後（u 撤銷編輯，r 重做）；\n\
     y / Y / D 複製 FEN / PGN / DhtmlXQ 區塊（OSC 52），F 顯示 FEN。\n\
     遵守 NO_COLOR。退出時列印終局 FEN、著法和結果。每一步都儲存在\n\
     $XDG_STATE_HOME/xiangqi/autosave.pgn（~/.local/state/xiangqi/），供 --resume 使用。\n\
     預設設定：$XDG_CONFIG_HOME/xiangqi/config.toml（~/.config/xiangqi/）可設 theme、glyphs、\n\
     lang、notation、auto-flip、clock、analysis-lines、threads、plain 和 blindfold；以上選項優先。\n\
     --plain 用純文字一行一行下棋，給螢幕閱讀器用（輸入 幫助 列出命令）；blindfold 盲棋隱藏棋子，v 顯示到下一步。\n\
     網路對局：xiangqi host 顯示加入碼；xiangqi join 位址:連接埠 加入碼 執另一方。\n\
     u 請求悔棋，d 提和（y/n 回答），g 認輸，C 聊天。",
];

/// `cmd` with its help in `lang` (English leaves it as it is).
#[must_use]
pub fn localize(cmd: Command, lang: Lang) -> Command {
    // The levels' ratings come from the table measured for them, so their help is written
    // here rather than in a doc comment.
    let cmd = cmd.mut_arg("level", |a| a.help(level_help(lang)));
    let i = match lang {
        Lang::En => return cmd,
        Lang::ZhHans => 0,
        Lang::ZhHant => 1,
    };
    let t = |words: [&'static str; 3]| pick(lang, words);
    let mut cmd = cmd
        .about(t([
            "",
            "象棋 — 两人在同一个终端下中国象棋",
            "象棋 — 兩人在同一個終端下中國象棋",
        ]))
        .after_help(KEYS[i])
        .subcommand_help_heading(t(["", "命令", "命令"]))
        .help_template(format!(
            "{{about-with-newline}}\n{} {{usage}}\n\n{{all-args}}{{after-help}}",
            t(["", "用法：", "用法："])
        ));
    for (name, about) in COMMANDS {
        if cmd.find_subcommand(name).is_some() {
            cmd = cmd.mut_subcommand(name, |s| {
                super::help_tools::localize_tool(s.about(about[i]), i, t)
            });
        }
    }
    // The server's own tools, one level down.
    cmd = cmd.mut_subcommand("server", |mut server| {
        for (name, about) in super::help_tools::SERVER_TOOLS {
            server = server.mut_subcommand(name, |s| {
                super::help_tools::localize_tool(s.about(about[i]), i, t)
            });
        }
        server.subcommand_help_heading(t(["", "命令", "命令"]))
    });
    // The generated --help and --version exist once the command is built.
    cmd.build();
    cmd = cmd
        .mut_arg("help", |a| a.help(t(["", "显示帮助", "顯示說明"])))
        .mut_arg("version", |a| a.help(t(["", "显示版本", "顯示版本"])));
    let ids: Vec<(String, bool)> = cmd
        .get_arguments()
        .map(|a| (a.get_id().to_string(), a.is_positional()))
        .collect();
    for (id, positional) in ids {
        let help = ARGS.iter().find(|(name, _)| *name == id).map(|(_, h)| h[i]);
        let heading = if positional {
            t(["", "参数", "參數"])
        } else {
            t(["", "选项", "選項"])
        };
        cmd = cmd.mut_arg(id, |a| {
            let a = a.help_heading(heading);
            match help {
                Some(h) => a.help(h),
                None => a,
            }
        });
    }
    cmd
}

/// The help of `--level`, with the range of the levels' ratings.
fn level_help(lang: Lang) -> String {
    let (low, high) = (
        xiangqi_engine::Level::min_rating(),
        xiangqi_engine::Level::max_rating(),
    );
    match lang {
        Lang::En => format!(
            "The computer's strength: a level, 1 (beginner) to 10 (full strength), or an Elo \
             rating from {low} to {high} for the level rated nearest; default 5"
        ),
        Lang::ZhHans => format!(
            "电脑的级别：1（入门）到 10（全力），或 {low} 到 {high} 的等级分（取等级分最接近的级别）；默认 5"
        ),
        Lang::ZhHant => format!(
            "電腦的級別：1（入門）到 10（全力），或 {low} 到 {high} 的等級分（取等級分最接近的級別）；預設 5"
        ),
    }
}

/// The same words in English, simplified and traditional Chinese: the one for `lang`.
const fn pick(lang: Lang, words: [&'static str; 3]) -> &'static str {
    match lang {
        Lang::En => words[0],
        Lang::ZhHans => words[1],
        Lang::ZhHant => words[2],
    }
}
