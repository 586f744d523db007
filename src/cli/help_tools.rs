//! The tools' own `--help` (`xiangqi perft --help` …) in Chinese: each tool's longer
//! description and each of its arguments, simplified then traditional, by the tool's name
//! and clap's id for the argument.

use clap::{Arg, ArgAction, Command};

/// A tool's longer description, shown by its `--help` (those that have one in English).
const LONG: [(&str, [&str; 2]); 3] = [
    (
        "opening",
        [
            "每局一行：`序号<TAB>ECCO 编号<TAB>开局名`，序号从 1 起；不从初始局面开始、没有着法或读不出的棋局写 `序号<TAB>-<TAB>-`（读不出的棋局也在标准错误输出中写明，退出码为 2）。",
            "每局一行：`序號<TAB>ECCO 編號<TAB>開局名`，序號從 1 起；不從初始局面開始、沒有著法或讀不出的棋局寫 `序號<TAB>-<TAB>-`（讀不出的棋局也在標準錯誤輸出中寫明，結束碼為 2）。",
        ],
    ),
    (
        "annotate",
        [
            "把每局（或只把第 N 局）以 PGN 写到标准输出：主线每步之后注释红方视角的评分（`[%eval 0.35]` 以兵为单位，`[%eval #5]` 红方五步杀，`#-3` 黑方三步杀）；比最佳着法失去胜机的着法标 `$6`（?!）、`$2`（?）或 `$4`（??），并把最佳着法作为变着写在旁边；每方的次数和平均损失写成标签（RedInaccuracies … BlackAverageLoss）。原有的注释保留。在终端上，标准错误输出显示进度条。",
            "把每局（或只把第 N 局）以 PGN 寫到標準輸出：主線每步之後註釋紅方視角的評分（`[%eval 0.35]` 以兵為單位，`[%eval #5]` 紅方五步殺，`#-3` 黑方三步殺）；比最佳著法失去勝機的著法標 `$6`（?!）、`$2`（?）或 `$4`（??），並把最佳著法作為變著寫在旁邊；每方的次數和平均損失寫成標籤（RedInaccuracies … BlackAverageLoss）。原有的註釋保留。在終端上，標準錯誤輸出顯示進度條。",
        ],
    ),
    (
        "host",
        [
            "屏幕上显示加入码（一个数字和两个词，如 7-river-cannon）和加入用的命令。加入码让双方互相认证并加密棋局；整盘棋都有效，连接断开的对手可以用它重新加入。",
            "螢幕上顯示加入碼（一個數字和兩個詞，如 7-river-cannon）和加入用的命令。加入碼讓雙方互相認證並加密棋局；整盤棋都有效，連線中斷的對手可以用它重新加入。",
        ],
    ),
];

/// The position a tool works on (`--fen`), as several tools take it.
const FEN: [&str; 2] = [
    "局面（加引号，或各字段分开写；默认为初始局面）",
    "局面（加引號，或各欄位分開寫；預設為初始局面）",
];
/// A file to read, as several tools take it.
const INPUT: [&str; 2] = [
    "要读的文件（本程序能读的任何格式和编码），或 `-` 表示标准输入",
    "要讀的檔案（本程式能讀的任何格式和編碼），或 `-` 表示標準輸入",
];
/// One game of the file.
const GAME: [&str; 2] = [
    "只处理文件中的这一局（从 1 起）",
    "只處理檔案中的這一局（從 1 起）",
];
/// The club server's data folder.
const DATA: [&str; 2] = [
    "数据文件夹：数据库和服务器的密钥（默认 $XDG_DATA_HOME/xiangqi/club，即 ~/.local/share/xiangqi/club）",
    "資料資料夾：資料庫和伺服器的金鑰（預設 $XDG_DATA_HOME/xiangqi/club，即 ~/.local/share/xiangqi/club）",
];
/// The data folder a server tool reads.
const DATA_OF: [&str; 2] = [
    "服务器的数据文件夹（默认同服务器）",
    "伺服器的資料資料夾（預設同伺服器）",
];
/// The club server's tools' one-line descriptions.
pub(super) const SERVER_TOOLS: [(&str, [&str; 2]); 2] = [
    (
        "export",
        [
            "把棋谱库中所有下完的棋局（或一位棋手的）以 PGN 打印出来，如 > games.pgn",
            "把棋譜庫中所有下完的棋局（或一位棋手的）以 PGN 列印出來，如 > games.pgn",
        ],
    ),
    (
        "ban",
        [
            "封禁一位棋手：他的任何密钥都不能再登录",
            "封禁一位棋手：他的任何金鑰都不能再登入",
        ],
    ),
];
/// A network game's look at this end.
const LANG: [&str; 2] = [
    "语言：en、zh-Hans、zh-Hant（默认取 config.toml 的 lang，否则取自 LC_ALL、LC_MESSAGES、LANG）",
    "語言：en、zh-Hans、zh-Hant（預設取 config.toml 的 lang，否則取自 LC_ALL、LC_MESSAGES、LANG）",
];
const ASCII: [&str; 2] = ["用字母表示棋子，用 ASCII 线", "用字母表示棋子，用 ASCII 線"];
const THEME: [&str; 2] = [
    "配色：wood（默认）、dark、light、high-contrast、ansi16",
    "配色：wood（預設）、dark、light、high-contrast、ansi16",
];

/// Each tool's arguments: the tool (`*` for any tool that has the argument), clap's id, the
/// help in both scripts. A default clap would print in English is said in the help instead.
const ARGS: [(&str, &str, [&str; 2]); 52] = [
    (
        "puzzles",
        "export",
        [
            "每题一行，制表符分隔：编号、FEN、解法（ICCS，解题方与应着，空格分隔）、等级分、主题（逗号分隔）、出处",
            "每題一行，製表符分隔：編號、FEN、解法（ICCS，解題方與應著，空格分隔）、等級分、主題（逗號分隔）、出處",
        ],
    ),
    (
        "perft",
        "depth",
        ["向前看的层数（最多 1000）", "向前看的層數（最多 1000）"],
    ),
    (
        "perft",
        "divide",
        [
            "先列出每个第一步及其计数（`h2e2: N`）",
            "先列出每個第一步及其計數（`h2e2: N`）",
        ],
    ),
    ("perft", "words", FEN),
    ("legal", "words", FEN),
    (
        "legal",
        "variant",
        [
            "规则：xiangqi（默认），或 jieqi（揭棋：FEN 中暗子写作 x/X，棋盘之后是暗子池，与 JieqiBox 的写法相同）",
            "規則：xiangqi（預設），或 jieqi（揭棋：FEN 中暗子寫作 x/X，棋盤之後是暗子池，與 JieqiBox 的寫法相同）",
        ],
    ),
    ("convert", "input", INPUT),
    (
        "convert",
        "to",
        [
            "写成的记法：chinese、wxf 或 iccs；或 xqf，把一局写成 XQF 文件（二进制：请重定向到文件，如 > game.xqf）；或 dhtmlxq，把每局写成 DhtmlXQ 块，贴到网页或论坛帖子里",
            "寫成的記法：chinese、wxf 或 iccs；或 xqf，把一局寫成 XQF 檔案（二進位：請重新導向到檔案，如 > game.xqf）；或 dhtmlxq，把每局寫成 DhtmlXQ 區塊，貼到網頁或論壇文章裡",
        ],
    ),
    ("convert", "game", GAME),
    (
        "convert",
        "traditional",
        [
            "中文着法用繁体字（帥仕相傌俥炮兵，進退）",
            "中文著法用繁體字（帥仕相傌俥炮兵，進退）",
        ],
    ),
    (
        "convert",
        "ascii_digits",
        [
            "中文着法中黑方的路数用 ASCII 数字",
            "中文著法中黑方的路數用 ASCII 數字",
        ],
    ),
    (
        "convert",
        "eco",
        [
            "给没有开局标签的棋局加上 [ECCO] 和 [Opening]（开局编号和名称）",
            "給沒有開局標籤的棋局加上 [ECCO] 和 [Opening]（開局編號和名稱）",
        ],
    ),
    ("opening", "input", INPUT),
    (
        "opening",
        "traditional",
        [
            "开局名用繁体字（中炮對屏風馬），不用简体",
            "開局名用繁體字（中炮對屏風馬），不用簡體",
        ],
    ),
    (
        "opening",
        "english",
        [
            "开局大类的英文名（Central Cannon vs Screen Horses）",
            "開局大類的英文名（Central Cannon vs Screen Horses）",
        ],
    ),
    ("annotate", "input", INPUT),
    ("annotate", "game", GAME),
    (
        "annotate",
        "movetime",
        [
            "每个局面搜索的毫秒数（10 到 60000；默认 1000）",
            "每個局面搜尋的毫秒數（10 到 60000；預設 1000）",
        ],
    ),
    (
        "annotate",
        "depth",
        [
            "改为把每个局面搜索到这个层数（1 到 30；结果可重现）",
            "改為把每個局面搜尋到這個層數（1 到 30；結果可重現）",
        ],
    ),
    (
        "annotate",
        "threads",
        [
            "按 --movetime 搜索时本程序引擎用的线程数（1 到 256；默认每核一个）；按 --depth 搜索只用一个，以便结果可重现",
            "按 --movetime 搜尋時本程式引擎用的執行緒數（1 到 256；預設每核一個）；按 --depth 搜尋只用一個，以便結果可重現",
        ],
    ),
    (
        "annotate",
        "engine",
        [
            "用这个 UCI 或 UCCI 引擎分析，代替本程序的（程序及其参数）",
            "用這個 UCI 或 UCCI 引擎分析，代替本程式的（程式及其參數）",
        ],
    ),
    (
        "annotate",
        "to",
        [
            "写成的记法：chinese（默认）、wxf 或 iccs",
            "寫成的記法：chinese（預設）、wxf 或 iccs",
        ],
    ),
    (
        "completions",
        "shell",
        [
            "shell：bash、zsh、fish、elvish 或 powershell",
            "shell：bash、zsh、fish、elvish 或 powershell",
        ],
    ),
    (
        "bench",
        "depth",
        [
            "搜索层数（1 到 30；默认 10）",
            "搜尋層數（1 到 30；預設 10）",
        ],
    ),
    (
        "bench",
        "threads",
        [
            "搜索用的线程数（1 到 256；默认 1）",
            "搜尋用的執行緒數（1 到 256；預設 1）",
        ],
    ),
    (
        "host",
        "listen",
        [
            "监听的地址：ADDR:PORT（默认 0.0.0.0:9091，所有网络接口；127.0.0.1:0 只在本机取一个空闲端口并显示）",
            "監聽的位址：ADDR:PORT（預設 0.0.0.0:9091，所有網路介面；127.0.0.1:0 只在本機取一個空閒連接埠並顯示）",
        ],
    ),
    (
        "host",
        "side",
        [
            "你执的一方：red（红，默认）或 black（黑）",
            "你執的一方：red（紅，預設）或 black（黑）",
        ],
    ),
    (
        "host",
        "red",
        [
            "红方棋手的名字（保存为 [Red] 标签）",
            "紅方棋手的名字（儲存為 [Red] 標籤）",
        ],
    ),
    (
        "host",
        "black",
        [
            "黑方棋手的名字（保存为 [Black] 标签）",
            "黑方棋手的名字（儲存為 [Black] 標籤）",
        ],
    ),
    (
        "host",
        "resume",
        [
            "继续上一盘未下完的棋（对手用新的加入码加入）",
            "繼續上一盤未下完的棋（對手用新的加入碼加入）",
        ],
    ),
    (
        "host",
        "clock",
        [
            "用棋钟（与同一终端对局相同：5+3、0:30、10/45）；由主机的棋钟判定超时",
            "用棋鐘（與同一終端對局相同：5+3、0:30、10/45）；由主機的棋鐘判定超時",
        ],
    ),
    (
        "join",
        "addr",
        [
            "主机的地址和端口，如主机屏幕所示（如 192.168.1.5:9091）",
            "主機的位址和連接埠，如主機螢幕所示（如 192.168.1.5:9091）",
        ],
    ),
    (
        "join",
        "code",
        [
            "主机屏幕上的加入码（如 7-river-cannon）",
            "主機螢幕上的加入碼（如 7-river-cannon）",
        ],
    ),
    // How a network game looks at this end (`host` and `join`).
    (
        "server",
        "listen",
        [
            "监听的地址：地址:端口（默认 0.0.0.0:9092，所有网络接口）",
            "監聽的位址：位址:連接埠（預設 0.0.0.0:9092，所有網路介面）",
        ],
    ),
    ("server", "data", DATA),
    (
        "server",
        "bots",
        [
            "让本程序的引擎按这些级别（1 到 10）作为电脑棋手账号入座，接受没人接的约战，如 2,5,8",
            "讓本程式的引擎按這些級別（1 到 10）作為電腦棋手帳號入座，接受沒人接的約戰，如 2,5,8",
        ],
    ),
    (
        "server",
        "per_address",
        [
            "每个地址同时可有的连接数（默认 16；同一路由器后的棋手多或做负载测试时调高）",
            "每個位址同時可有的連線數（預設 16；同一路由器後的棋手多或做負載測試時調高）",
        ],
    ),
    (
        "server",
        "grace",
        [
            "棋手掉线后可离开的秒数，过后对手可以要求判胜或判和（默认 60）",
            "棋手斷線後可離開的秒數，過後對手可以要求判勝或判和（預設 60）",
        ],
    ),
    (
        "server",
        "ssh",
        [
            "同时在 ADDR:PORT（如 0.0.0.0:2222）经 SSH 提供对局：棋手用 ssh -p PORT NAME@HOST 连接，其 SSH 密钥即其账号",
            "同時在 ADDR:PORT（如 0.0.0.0:2222）經 SSH 提供對局：棋手用 ssh -p PORT NAME@HOST 連線，其 SSH 金鑰即其帳號",
        ],
    ),
    (
        "server",
        "ssh_sessions",
        [
            "同时可有的 SSH 连线总数（默认 200）；每个会话运行一个进程",
            "同時可有的 SSH 連線總數（預設 200）；每個工作階段執行一個行程",
        ],
    ),
    (
        "server",
        "ssh_idle",
        [
            "SSH 会话不发送任何内容（未按任何键）多少秒后关闭（默认 1800）",
            "SSH 工作階段不傳送任何內容（未按任何鍵）多少秒後關閉（預設 1800）",
        ],
    ),
    ("export", "data", DATA_OF),
    (
        "export",
        "player",
        ["只导出这位棋手的棋局", "只匯出這位棋手的棋局"],
    ),
    (
        "online",
        "addr",
        [
            "服务器的地址和端口（如 club.example.org:9092）",
            "伺服器的位址和連接埠（如 club.example.org:9092）",
        ],
    ),
    (
        "online",
        "name",
        [
            "下棋用的名字（默认为账号的登录名）；服务器在第一次使用时把它绑定到本棋手的密钥",
            "下棋用的名字（預設為帳號的登入名）；伺服器在第一次使用時把它綁定到本棋手的金鑰",
        ],
    ),
    (
        "online",
        "lines",
        [
            "行模式，供脚本使用：从标准输入读命令，事件以 JSON 行输出（标准输入或输出不是终端时也是如此）",
            "行模式，供腳本使用：從標準輸入讀命令，事件以 JSON 行輸出（標準輸入或輸出不是終端機時也是如此）",
        ],
    ),
    ("ban", "data", DATA_OF),
    ("ban", "name", ["棋手的名字", "棋手的名字"]),
    ("*", "lang", LANG),
    ("*", "ascii", ASCII),
    ("*", "theme", THEME),
    (
        "*",
        "variant",
        [
            "规则：只有 xiangqi（揭棋不能点对点联机：总得有一方发牌，而发牌的一方能看到暗子）",
            "規則：只有 xiangqi（揭棋不能點對點連線：總得有一方發牌，而發牌的一方能看到暗子）",
        ],
    ),
];

/// The help of `tool`'s argument `id` in the script `i` (0 simplified, 1 traditional).
fn arg_help(tool: &str, id: &str, i: usize) -> Option<&'static str> {
    ARGS.iter()
        .find(|(t, a, _)| (*t == tool || *t == "*") && *a == id)
        .map(|(_, _, h)| h[i])
}

/// `tool` with its help in the script `i`: its longer description, its arguments, and the
/// headings and usage line as the game's own help has them (`t` picks the script's words).
pub(super) fn localize_tool(
    tool: Command,
    i: usize,
    t: impl Fn([&'static str; 3]) -> &'static str,
) -> Command {
    let name = tool.get_name().to_string();
    let mut tool = tool.help_template(format!(
        "{{about-with-newline}}\n{} {{usage}}\n\n{{all-args}}{{after-help}}",
        t(["", "用法：", "用法："])
    ));
    if let Some((_, long)) = LONG.iter().find(|(n, _)| *n == name) {
        tool = tool.long_about(long[i]);
    }
    let ids: Vec<(String, bool)> = tool
        .get_arguments()
        .map(|a| (a.get_id().to_string(), a.is_positional()))
        .collect();
    for (id, positional) in ids {
        let help = arg_help(&name, &id, i);
        let heading = if positional {
            t(["", "参数", "參數"])
        } else {
            t(["", "选项", "選項"])
        };
        tool = tool.mut_arg(id, |a| {
            let said = help.is_some() && !a.get_default_values().is_empty();
            let a = a.help_heading(heading).hide_default_value(said);
            match help {
                // A long help in English would stand in for the Chinese under --help.
                Some(h) if a.get_long_help().is_some() => a.help(h).long_help(h),
                Some(h) => a.help(h),
                None => a,
            }
        });
    }
    // clap's own -h/--help, with its words in the script.
    tool = tool.disable_help_flag(true).arg(
        Arg::new("help")
            .short('h')
            .long("help")
            .action(ArgAction::Help)
            .help(t(["", "显示帮助", "顯示說明"]))
            .help_heading(t(["", "选项", "選項"])),
    );
    tool
}
