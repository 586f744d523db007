# 简体中文：入口——开始菜单、设置画面、命令面板，以及按键窗口和命令面板共用的每条命令的名称。
# 与 play.ftl、network.ftl、errors.ftl 合为一个目录读取（约定见 play.ftl）。

## 每条命令（按键窗口与命令面板显示的名称）

cmd-cursor-up = 移动光标：上
cmd-cursor-down = 移动光标：下
cmd-cursor-left = 移动光标：左
cmd-cursor-right = 移动光标：右
cmd-select = 选子／走到这里
cmd-deselect = 取消选子（也停止分析注解）
cmd-type-move = 输入着法：h2e2、H2-E2、C2.5 或中文
cmd-notation = 着法用中文／WXF／ICCS 记法
cmd-undo = 悔棋（或撤回编辑、认输、和棋）
cmd-redo = 重走悔掉的一步
cmd-start = 回到开局
cmd-back = 后退一步
cmd-forward = 前进一步
cmd-end = 到这条线的最后
cmd-previous-line = 变着处的上一条线
cmd-next-line = 变着处的下一条线
cmd-open = 打开棋谱文件或文件夹（Tab 补全；/ 筛选）
cmd-back-to-game = 回到你的对局
cmd-save = 保存为 PGN（文件名以 .xqf 结尾则存为 XQF）
cmd-draw = 提和
cmd-resign = 认输
cmd-new-game = 新局（先询问）
cmd-chat = 与对方聊天（网络对局）
cmd-flip = 翻转棋盘
cmd-help = 按键（本窗口）
cmd-pause = 暂停／继续棋钟（隐藏棋盘）
cmd-peek = 盲棋：显示棋子，直到下一步
cmd-hint = 提示：一秒内找到的最佳着法
cmd-analysis = 分析开／关
cmd-analysis-lines = 分析显示几条变着
cmd-computer = 电脑接手／交还走棋的一方
cmd-puzzle = 杀法练习；练习中显示解法
cmd-tactics = 按等级分出题的战术练习；练习中显示解法
cmd-tactics-filter = 按主题或等级分范围练战术
cmd-explorer = 此局面下名家的着法（开局浏览）
cmd-editor = 摆棋
cmd-annotate = 全局分析注解（Esc 停止）
cmd-previous-mistake = 上一个标为 ? 或 ?? 的着法
cmd-next-mistake = 下一个标为 ? 或 ?? 的着法
cmd-comment = 为当前着法写注释
cmd-mark = 标记当前着法（! ? !! ?? !? ?!）
cmd-promote = 把这条线设为主线
cmd-delete = 删除当前着法及其后的着法
cmd-read-comment = 在窗口中阅读完整注释
cmd-copy-fen = 复制局面（FEN）
cmd-copy-pgn = 复制棋谱（PGN）
cmd-copy-dhtmlxq = 复制棋谱（DhtmlXQ）
cmd-show-fen = 显示局面的 FEN
cmd-menu = 菜单（新局、电脑、网络、设置）
cmd-palette = 按名称查找命令
cmd-settings = 设置（配色、语言、棋子、声音…）
cmd-quit = 退出（对局中会询问；--resume 继续）
cmd-suspend = 挂起（在终端用 fg 回来）
help-mouse = 鼠标：点击棋盘上的点选子或走子；在着法列表上点击或滚动
help-find = Ctrl-P 或 / 按名称查找以上任一命令

## 开始菜单

menu-play-here = 在这里对弈（两人）
menu-continue = 继续未下完的对局
menu-computer = 与电脑对弈
menu-puzzles = 杀法练习
menu-tactics = 战术练习（计分）
menu-open = 打开棋谱文件或文件夹
menu-setup = 摆棋
menu-network = 网络对弈
menu-clock = 棋钟：{ $clock }
menu-settings = 设置
menu-help = 按键
menu-quit = 退出
menu-back = 回到对局
menu-keys = ↑↓ 选择  ←→ 更改  Enter 确定  字母键 对应项  Esc 返回
clock-none = 不用
clock-increment = { $control }：每方 { $minutes } 分钟{ $increment ->
    [0] {""}
   *[other] ，每步加 { $increment } 秒
}
clock-byoyomi-preset = { $control }：每方 { $minutes } 分钟，之后每步 { $byoyomi } 秒读秒
clock-typed = 自己输入：{ $text }
clock-help = 写法同 --clock：5+3（分钟，每步加秒），0:30，10/45（读秒）
clock-bad = 不是棋钟：{ $text }（例如 5+3、0:30 或 10/45）
menu-clock-title = 棋钟
menu-computer-title = 与电脑对弈
menu-side = 你执{ $side ->
    [red] 红（你先走）
   *[black] 黑（电脑先走）
}
menu-level = 级别：{ $level }（共 10 级）
menu-start = 开始对局
menu-network-title = 网络对弈
menu-host = 开设对局：对方加入你
menu-join = 加入对局：输入对方的地址和加入码
menu-host-title = 开设对局
menu-host-side = 你执{ $side ->
    [red] 红（你先走）
   *[black] 黑
}
menu-listen = 监听地址：{ $text }
menu-host-start = 开始等待
menu-join-title = 加入对局
menu-join-address = 地址：{ $text }
menu-join-code = 加入码：{ $text }
menu-join-start = 加入
menu-bad-listen = 不是可以监听的地址和端口：{ $text }（例如 0.0.0.0:9091）
menu-bad-address = 不是地址和端口：{ $text }（例如 192.168.1.5:9091）
menu-bad-code = 不是加入码：{ $text }（例如 7-river-cannon）
menu-club = 在棋会服务器上下棋（大厅、等级分）
menu-club-title = 在棋会服务器上下棋
menu-club-address = 服务器：{ $text }
menu-club-name = 你的名字：{ $text }
menu-club-start = 进入大厅
menu-bad-club-name = 不是名字：{ $text }（1 到 20 个字符）
menu-net-failed = 无法进行网络对弈：{ $why }
menu-typing-keys = 输入文字，Backspace 删除  ↑↓ 选择  Enter 确定  Esc 返回

## 设置画面

settings-title = 设置
setting-theme = 配色
setting-lang = 语言
setting-pieces = 棋子
setting-board = 棋盘
setting-auto-flip = 每步后转向走棋方
setting-level = 电脑级别
setting-threads = 电脑线程数
setting-analysis-lines = 分析变着数
setting-sound = 声音（终端响铃）
setting-blindfold = 盲棋（隐藏棋子）
theme-wood = 木纹
theme-dark = 深色
theme-light = 浅色
theme-high-contrast = 高对比度
theme-ansi16 = 终端的 16 色
lang-en = English
lang-zh-hans = 简体中文
lang-zh-hant = 繁體中文
pieces-simplified = 简体（帅 将 马）
pieces-traditional = 繁体（帥 將 傌）
pieces-ascii = ASCII 字母（K k H）
board-red-bottom = 红方在下
board-black-bottom = 黑方在下
value-on = 开
value-off = 关
threads-auto = 每核一个（{ $count }）
sound-note = 对方走棋、将军和终局时响铃
settings-keys = ↑↓ 选择  ←→ 或 Enter 更改（立即保存）  Esc 返回
settings-saved = 已保存到 { $path }
settings-not-saved = 未保存：{ $why }
settings-no-file = 没有配置文件夹：更改在退出前有效
settings-broken = { $path } 有错误，因此不使用也不写入：{ $why }
settings-replace = 用这些设置替换它（旧文件保留为 { $old }）
settings-replaced = 已替换；旧文件保留为 { $old }
settings-ascii-english = （棋子为 ASCII 字母时使用英文）

## 命令面板

palette-title = 查找命令
palette-keys = 输入名称  ↑↓ 选择  Enter 执行  Esc 关闭
palette-not-now = 现在不可用
palette-nothing = 没有叫“{ $text }”的命令
palette-unavailable = 现在不能“{ $name }”
palette-no-match = 没有叫“{ $text }”的命令

## 只说一次

first-run = 初次使用？M 打开菜单，Ctrl-P 或 / 按名称查找任何命令，? 列出按键
