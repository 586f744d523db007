# 简体中文 (Simplified Chinese): every sentence the xiangqi game screen shows, in Project
# Fluent syntax. Part of xiangqi, under the MIT licence like the rest of the project
# (Cargo.toml); the text is the project's own.
#
# Same ids and variables as en.ftl (a test compares them); see the notes there. Where the
# Chinese does not show a variable, a selector with one variant still takes it, so that
# every catalogue is called with the same arguments.

## The panel and the board

title = 象棋 xiangqi
title-ascii = XIANGQI
# Instead of the title while a record or puzzle is in front of the played game.
game-aside = b：回到对局
side-red = 红方
side-black = 黑方
to-move = { $side ->
    [red] 红方
   *[black] 黑方
}走棋
check = 将军！
moves-heading = 着法（{ $notation }）
notation-chinese = 中文
notation-wxf = WXF
notation-iccs = ICCS
paused = 暂停
paused-hint = p 继续
clock-byoyomi = 读秒
clock-paused = 暂停

## The game's end

outcome-red-wins = 红胜
outcome-black-wins = 黑胜
outcome-draw = 和棋
reason-checkmate = 绝杀
reason-no-legal-move = { $loser ->
    [red] 红方
   *[black] 黑方
}困毙
reason-perpetual-check = { $loser ->
    [red] 红方
   *[black] 黑方
}长将
reason-perpetual-chase = { $loser ->
    [red] 红方
   *[black] 黑方
}长捉
reason-repetition = 三次重复局面
reason-move-limit = { $moves }回合未吃子
reason-insufficient-material = 双方均无过河子力
reason-resignation = { $loser ->
    [red] 红方
   *[black] 黑方
}认输
reason-agreement = 双方议和
reason-time-forfeit = { $loser ->
    [red] 红方
   *[black] 黑方
}超时
reason-time-forfeit-draw = { $loser ->
    [red] 红方超时，黑方无子可胜
   *[black] 黑方超时，红方无子可胜
}

termination-checkmate = 绝杀
termination-no-legal-move = 困毙
termination-perpetual-check = 长将
termination-perpetual-chase = 长捉
termination-repetition = 三次重复局面
termination-move-limit = { $moves }回合未吃子
termination-insufficient-material = 双方均无过河子力
termination-resignation = 认输
termination-agreement = 议和
termination-time-forfeit = 超时

recorded = 记录结果 { $result }
recorded-why = 记录结果 { $result }：{ $why }

## Repetition and the move limit

repetition-wins = ! { $move } 胜：{ $side ->
    [red] 红方
   *[black] 黑方
}{ $perpetual }
repetition-loses = ! { $move } 负：{ $perpetual }
repetition-draws = ! { $move } 和：重复局面
more-warnings = ! { $count } 步另有重复
move-limit = 未吃子步数：{ $plies }／{ $limit }

## Questions (y/n)

question-new-game = 开始新局？(y/n)
question-new-game-behind = 开始新局？在此之后的你的对局将结束 (y/n)
question-resign = { $side ->
    [red] 红方
   *[black] 黑方
}，认输吗？(y/n)
question-draw = { $side ->
    [red] 红方
   *[black] 黑方
}提和 — { $other ->
    [red] 红方
   *[black] 黑方
}，同意吗？(y/n)
question-overwrite = { $file } 已存在 — 替换吗？(y/n)
question-quit = 退出吗？棋局已保存，可以继续 (y/n)
question-open-pasted-game = 打开刚粘贴的棋局吗？(y/n)
question-open-pasted-position = 打开刚粘贴的局面吗？(y/n)
paste-ignored = 粘贴的内容既不是局面（FEN）也不是棋谱：未做任何事
paste-unread = 粘贴的内容读不出：{ $why }——未做任何事
no-comment = 这步棋没有注释可读（按 {"{"} 写注释）
comment-title = 注释
comment-keys = 第 { $from }–{ $to } 行，共 { $all } 行 · ↑↓ PgUp PgDn 滚动 · 按其他键关闭
comment-more = …按 {"}"} 看全文
help-read-comment = 在可滚动的窗口中阅读完整注释
question-quit-unsaved = 退出吗？棋局未保存（{ $why }）：按 s 另存 (y/n/s)

## Why the rules refuse a move

illegal-no-piece = 那里没有棋子
illegal-not-your-piece = 那不是你的棋子
illegal-null-move = 棋子必须移动
illegal-own-piece = 不能吃自己的棋子
illegal-shape-general = 将帅沿直线走一格
illegal-shape-advisor = 士斜走一格
illegal-shape-elephant = 象斜走两格（田字）
illegal-shape-horse = 马走日字
illegal-shape-chariot = 车炮沿直线走
illegal-shape-cannon = 车炮沿直线走
illegal-shape-soldier = 兵卒走一格
illegal-leaves-palace = { $role ->
   *[other] 不能走出九宫
}
illegal-horse-leg = 蹩马腿
illegal-elephant-eye = 塞象眼
illegal-elephant-river = 象不能过河
illegal-path-blocked = 路线被挡住
illegal-cannon-screen = 炮吃子必须隔一个棋子
illegal-soldier-backward = 兵卒不能后退
illegal-soldier-sideways = 兵卒过河后才能横走
illegal-generals-face = 将帅不能照面
illegal-leaves-check = 走后自己被将军

## What is wrong with a typed move

bad-move-chinese = 不是中文着法（棋子、纵线、进/退/平、数字，如 炮二平五）
bad-move-wxf = 不是 WXF 着法（棋子、纵线、+ - 或 .、数字，如 C2.5）
bad-move-iccs = 不是 ICCS 着法（两个点，如 h2e2 或 H2-E2）
bad-move-no-piece = 走棋一方没有这个棋子
bad-move-impossible = 这个棋子不能这样走
bad-move-ambiguous = 不止一步符合
bad-move-illegal = 此处不合规则：{ $reason }

## The message line

hint = Enter 或点击：先选棋子，再选落点。  ? 按键
refused = 不能走：{ $reason }
select-first = 请先选{ $side ->
    [red] 红方
   *[black] 黑方
}的棋子
not-your-turn = 那不是你的棋子 — { $side ->
    [red] 红方
   *[black] 黑方
}走棋
game-over = { $outcome }   （u 悔棋，n 新局）
nothing-to-undo = 没有可悔的着法
nothing-to-redo = 没有可重走的着法
undone = 悔棋：{ $move }
redone = 重走：{ $move }
withdrawn-resignation = 撤回认输 — 对局继续
withdrawn-draw = 撤回结果 — 对局继续
withdrawn-time = 撤回超时判负（连同之前一步）— 对局继续
new-game-started = 新局 — 红方走棋
draw-declined = { $side ->
    [red] 红方
   *[black] 黑方
}拒绝和棋 — 对局继续
declined = 对局继续
notation-shown = 着法改用{ $notation }记法（m 切换）
saved = 已保存 { $path }
saved-xqf = { $left ->
    [0] 已保存为 XQF：{ $path }
   *[other] 已保存为 XQF：{ $path }（XQF 无法保存的 { $left } 项未保存，如标签、着法标记；存为 .pgn 可保留全部）
}
save-failed = 无法保存 { $path }：{ $error }
resume-available = --resume 可继续上一局
resumed = 已继续上一局（{ $moves } 步）
no-clock = 没有棋钟可暂停（用 --clock 开始，如 --clock 10+5）
back-to-game = 回到对局
not-the-game = 这是对局之外的棋谱或杀法 — b 回到对局
put-away = { $front ->
    [puzzle] 杀法
   *[record] 棋谱
}已收起 — 新局，{ $side ->
    [red] 红方
   *[black] 黑方
}走棋
no-game-behind = { $act ->
    [resign] 认输
    [draw] 提和
   *[computer] 让电脑接走一方
}只用于正在下的对局，这个{ $front ->
    [puzzle] 杀法
   *[record] 棋谱
}后面没有已开始的对局 — n 开始新局
wide-box-lines = 此终端把制表线画成两格宽，棋盘改用 ASCII 线（同 --ascii-lines）
other-game-running = 另一个 xiangqi 正在使用同一状态文件夹：本局另存于 { $file }，--resume 可找到它
net-kept-apart = 你未下完的棋局（{ $count } 局）原样保留在 { $kept }：本网络对局另存于 { $file }；它结束后，xiangqi --resume 会继续你的棋局
state-folder-unusable = 状态文件夹 { $folder } 无法使用（{ $why }）：棋局不会为 --resume 保存，解出的杀法也不会记下 — 按 s 另存棋局
autosave-failed = 棋局未能为 --resume 保存：{ $why } — 按 s 另存
resume-no-home = --resume：没有主目录，找不到上一局
resume-no-game = --resume：没有可继续的对局（{ $path } 不存在）
resume-ended = --resume：上一局（{ $path }）已经结束或没有着法；请开始新局
resume-in-use = --resume：上一局（{ $path }）正在另一个 xiangqi 中进行；请到那里继续，或先退出那个
resume-slot = --resume：{ $why }
resume-clock = --resume：{ $path }，{ $why }
clock-tag-missing = 标签 { $tag }：缺少此标签，而对局的其他计时标签都在
clock-tag-control = 标签 TimeControl：“{ $value }”不是可用的时限（如 300+3 或 600+45b：以秒计，基本时间至多一天，加秒或读秒至多一小时，与 --clock 相同）
clock-tag-form = 标签 { $tag }：“{ $value }”读不成{ $tag ->
    [ClockStart] 着数
    [ClockUsed] 毫秒数
   *[other] 红/黑两方的毫秒数
}
clock-tag-start = 标签 ClockStart：{ $start } 多于已走的 { $moves } 着
clock-tag-count = 标签 ClockTimes：{ $count } 个时间与开始计时后走的 { $moves } 着不符（应多一个）
clock-tag-time = 标签 { $tag }：{ $value } 毫秒超过此时限下 { $moves } 着后一方可有的时间（至多 { $most } 毫秒）
clock-tag-used = 标签 ClockUsed：用去 { $value } 毫秒，轮到走棋的一方已没有时间（它只有 { $most } 毫秒）
clock-comment-no-control = 各着附有 [%clk] 时间，却没有 [TimeControl] 标签说明是什么时限
clock-comment-missing = 第 { $number } 回合（{ $side ->
    [red] 红方
   *[black] 黑方
}）没有 [%clk] 时间，每着都有时间才能恢复棋钟
clock-comment-form = 第 { $number } 回合（{ $side ->
    [red] 红方
   *[black] 黑方
}）：{ $text } 读不成时间（时:分:秒）
clock-comment-time = 第 { $number } 回合（{ $side ->
    [red] 红方
   *[black] 黑方
}）：{ $text } 超过此时限下一方可有的时间（至多 { $most }）
clock-passed-over = 未恢复棋钟：{ $why }
# The panel's title while the autosave cannot be written.
not-saved = 未保存：按 s 另存
loaded = 已载入 { $moves } 步的棋局（u 悔棋）
loaded-result = 已载入 { $moves } 步的棋局，记录结果 { $result }（u 悔棋）

## The computer's notes

hint-thinking = 正在寻找提示…
hint-found = 提示：{ $move }  （{ $iccs }，已在棋盘上标出）
hint-book = 提示：{ $move }（开局库）  （{ $iccs }，已在棋盘上标出）
analysis-on = 分析已开启（a 关闭）
analysis-off = 分析已关闭
analysis-lines = 分析：{ $lines } 条变着（A 切换）
computer-plays = 电脑执{ $side ->
    [red] 红方
   *[black] 黑方
}（c 收回）
you-play = 你重新执{ $side ->
    [red] 红方
   *[black] 黑方
}
computer-to-move = 电脑执{ $side ->
    [red] 红方
   *[black] 黑方
} — 请等它走棋，或按 c 收回这一方
computer-declines-draw = 电脑（{ $side ->
    [red] 红方
   *[black] 黑方
}）拒绝和棋 — 对局继续
computer-plays-both = 电脑执双方：按 c 收回轮到走棋的一方
engine-failed = 引擎已停止：{ $why }
puzzle-start = 杀法 { $number }/{ $total }：{ $side ->
    [red] 红方
   *[black] 黑方
} { $moves } 步杀（z 看答案）
puzzle-solved = 已解杀法 { $number }！z：下一题
puzzle-failed = 已不成杀 — u 悔棋，z 看答案
puzzle-shown = 答案：{ $solution }  （u 后退，z 下一题）
puzzle-defends = 杀法中电脑已在防守
progress-failed = 无法保存杀法进度：{ $why }

## The computer's lines in the panel

panel-puzzle = 杀法 { $number }/{ $total } · { $moves } 步杀 · { $state }
puzzle-state-to-go = 还剩 { $left } 步
puzzle-state-solved = 已解
puzzle-state-failed = 失败
puzzle-state-shown = 已看答案
panel-computer = 电脑：{ $sides ->
    [red] 红方
    [black] 黑方
   *[both] 红方、黑方
} · 级别 { $level }
panel-computer-thinking = 电脑：{ $sides ->
    [red] 红方
    [black] 黑方
   *[both] 红方、黑方
} · 级别 { $level } · 思考中…
panel-analysis = 分析 深度{ $depth } { $score } ({ $knodes }k 节点)
panel-analysis-lines = 分析 深度{ $depth } ({ $knodes }k 节点)
panel-analysis-over = 分析：棋局已结束
panel-analysis-thinking = 分析：思考中…
score-mated = { $side ->
    [red] 红方
   *[black] 黑方
}被将死

## Prompts

move-prompt-hint = 输入着法：h2e2  H2-E2  C2.5 或中文；Enter 走棋，Esc 取消
move-prompt-hint-ascii = a move: h2e2  H2-E2  C2.5; Enter plays, Esc cancels
save-prompt = 保存为：
save-prompt-hint = Enter 保存，Esc 取消
open-prompt = 打开：
open-prompt-hint = Tab 补全，Enter 打开，Esc 取消
red-prompt = 红方棋手：
black-prompt = 黑方棋手：
name-prompt-hint = Enter：下一项

## Going through a game, opening a file

at-start = 已在开局：前面没有着法
at-end = 已在这一路的末尾：后面没有着法
no-other-line = 这边没有别的着法（< 和 > 在变着之间切换）
already-there = 已经在这里
at-move = 走完 { $move }（{ $line ->
    [variation] 变着
   *[main] 主线
}，第 { $ply } 着）；在此走棋即添加变着
at-start-position = 开局局面；End 跳到最后一着
clock-running = 计时对局进行中：u 悔棋；棋局结束后才能翻看
cannot-open = 无法打开：{ $why }
completions-more = … 另有 { $count } 个
no-completion = 没有以此开头的文件名
opened = 已打开第 { $number } 局：{ $moves } 步（Home：开局）

## The game picker

picker-title = { $path } 中的棋局  （显示 { $shown }／共 { $total } 局）
column-red = 红方
column-black = 黑方
column-result = 结果
column-event = 赛事
column-date = 日期
column-moves = 步数
picker-typing = Enter 或 Esc 保留筛选
picker-keys = ↑↓ PgUp PgDn Home End 单击 选择  Enter/再单击 打开  / 筛选  Esc 返回  q 退出
picker-filtered = Enter 打开   / 修改筛选   Esc 返回

## The keys window and the panel's key summary

help-title = 按键
help-close = 按任意键关闭
key-arrows = 方向键  h j k l
key-click = 鼠标点击
key-variation = < >  着法列表上点击、滚轮
help-cursor = 移动光标
help-select = 选子／走到这里
help-click = 同上，在点击的位置
help-clear = 取消选子
help-type = 输入着法：h2e2、H2-E2、C2.5 或中文
help-notation = 着法用中文／WXF／ICCS 记法
help-undo = 悔棋（或撤回编辑、认输、和棋）／重走或重做
help-review = 开局、终局、后退／前进一步（着法都保留）
help-variation = 切换变着；到所点的着法
help-open = 打开棋谱文件（Tab 补全；/ 筛选）／回到对局
help-save = 保存为 PGN（文件名以 .xqf 结尾则存为 XQF）
help-draw-resign = 提和／认输／新局（y/n 确认）／网络聊天
help-flip = 翻转棋盘／本窗口
help-pause = 暂停／继续棋钟（隐藏棋盘）
help-computer = 提示（一秒内最佳着法）／分析开关／变着数
help-computer-side = 电脑接手／交还这一方；杀法练习
help-explorer = 此局面下名家的着法（开局浏览）/ 摆棋
help-annotate = 全局分析注解（Esc 停止）／上、下一个错着
help-quit = 退出（对局中会询问；--resume 继续）／挂起
summary-cursor = 方向键/hjkl  Enter  ? 按键
summary-move = : 着法  m 记法  s 保存
summary-undo = u/r 悔棋/重走  f 翻转  n 新局
summary-end = d 提和  g 认输  q 退出
summary-openings = x 开局  e 摆棋  A 分析注解

## A terminal too small for the board

too-small = 终端太小
too-small-need = 需要 { $width }×{ $height }
too-small-now = （现在 { $width }×{ $height }）

## The explorer of the masters' moves (e)

explorer-title = 名家着法：{ $opening }
explorer-unknown = 未知局面
explorer-start = 开局局面
explorer-move = 着法
explorer-games = 局数
explorer-score = 红方：胜／和／负
explorer-empty = 名家对局中没有出现过这个局面。
explorer-keys = 上下键选择  Enter 走棋  Esc 或 x 关闭

## 全局分析注解（A）与形势图

annotate-progress = 分析中：{ $done }/{ $total }（A 或 Esc 停止）
annotate-stopped = 已停止分析，棋局未改动
annotate-discarded = 棋局已改变：分析停止，未写入
annotate-done = 红 ?!{ $ri } ?{ $rm } ??{ $rb } 每着失{ $rl } · 黑 ?!{ $bi } ?{ $bm } ??{ $bb } 每着失{ $bl }
annotate-failed = 分析失败：{ $why }
annotate-no-moves = 没有着法可分析
annotate-no-next = 此后没有标 ? 或 ?? 的着法
annotate-no-previous = 此前没有标 ? 或 ?? 的着法
graph-heading = 形势 { $eval }

## Editing the record ({ ! + Delete), the clipboard (y Y) and the FEN (F)

record-commented = 注释已保存（u 撤销）
record-comment-removed = 注释已删除（u 撤销）
record-marked = 已标记 { $mark }
record-unmarked = 标记已去掉
record-promoted = 此变着已成为主线，原主线成为变着（u 撤销）
record-already-main = 这步棋已在主线上
record-deleted = 已删除 { $moves } 步（u 恢复）
record-no-move = 这里没有着法可编辑：先走到一步棋
record-not-here = 残局题的着法不能编辑
record-undone-comment = 已撤销注释修改（r 重做）
record-undone-mark = 已撤销标记修改（r 重做）
record-undone-promote = 已撤销变着提升（r 重做）
record-undone-delete = 已恢复删除的着法（r 重新删除）
record-gone = 那步棋已不在棋谱中：未作改动
record-fen-copied = FEN 已复制
record-pgn-copied = PGN 已复制（{ $bytes } 字节）
record-dhtmlxq-copied = DhtmlXQ 已复制（{ $bytes } 字节{ $left ->
        [0] {""}
       *[other] ；{ $left } 项无法写入，已略去
    }）
record-not-copied = 未复制：{ $why }
comment-prompt = 注释：
comment-prompt-hint = Enter 保存，空白则删除，Esc 取消
question-delete-moves = 删除主线上的 { $moves } 步棋？(y/n)
help-comment = 注释／标记／设为主线／从这步起删除
help-copy = 复制 FEN／PGN／DhtmlXQ（OSC 52）／显示 FEN
## The set-up editor (e, --setup)

editor-title = 摆棋
editor-to-move = { $side ->
    [red] 红方
   *[black] 黑方
}走棋（Tab 换另一方）
editor-fen = FEN：
editor-key-red = K A E H R C P  红方棋子（也可用 B N）
editor-key-black = k a e h r p  黑方棋子（b n；C C 黑炮）
editor-key-empty = x Del 清空此点   c X 只留将帅
editor-key-start = 0 初始局面   1-5 让子   Tab 走棋方
editor-key-move = 空格/点击 拿起、放下   f 翻转
editor-key-play = Enter 开始对弈   Esc 返回   方向键 移动
editor-handicaps-heading = 让子（红方让）：
editor-handicaps = 1 让单马  2 让单炮  3 让双马  4 让单车  5 让九子
editor-refused-heading = 此局面不能开始对弈：
editor-refused = 不能开始：{ $reason }{ $more ->
    [0] {""}
   *[other] （另有 { $more } 条，见右侧）
}
editor-hint = Enter 从此局面开始对弈；字母键摆放棋子
editor-nothing-there = { $square } 上没有棋子可移动
question-play-setup = 从此局面开始新局？你的对局将结束 (y/n)
setup-started = 从摆好的局面开始新局 — { $side ->
    [red] 红方
   *[black] 黑方
}走棋
setup-piece = { $side ->
    [red] 红{ $role ->
        [general] 帅
        [advisor] 仕
        [elephant] 相
        [horse] 马
        [chariot] 车
        [cannon] 炮
       *[soldier] 兵
    }
   *[black] 黑{ $role ->
        [general] 将
        [advisor] 士
        [elephant] 象
        [horse] 马
        [chariot] 车
        [cannon] 炮
       *[soldier] 卒
    }
}
setup-missing-general = { $side ->
    [red] 红方没有帅
   *[black] 黑方没有将
}
setup-general-outside = { $square } 的{ $piece }在九宫之外
setup-too-many = { $piece } { $count } 个：一副棋只有 { $max } 个
setup-unreachable = { $square } 的{ $piece }不可能在那里：{ $role ->
    [advisor] 士只走九宫的四角和中心
    [elephant] 象只走己方的七个点
   *[soldier] 兵卒不后退，过河前也不横走
}
setup-soldiers-share-file = { $side ->
    [red] 红方
   *[black] 黑方
}两个未过河的兵卒同在 { $file } 列：每列开局只有一个
setup-opponent-in-check = { $side ->
    [red] 红方被将军（帅在 { $square }），却轮到黑方走棋
   *[black] 黑方被将军（将在 { $square }），却轮到红方走棋
}
setup-generals-facing = 将帅在 { $file } 列照面，中间没有棋子
## 网络对局（xiangqi host、xiangqi join）

net-waiting = 等待对手加入——加入码 { $code }
net-new-code = 错误的加入码太多：新的加入码是 { $code }
net-wrong-code-host = 有人输入了错误的加入码；继续等待
net-wrong-code-guest = 被拒绝：加入码错误（请核对主机屏幕上的加入码）
net-connected = 已连接：对手已加入
net-not-connected = 对手未连接：对手加入前不能走棋
net-their-turn = 你执{ $side ->
    [red] 红
   *[black] 黑
}——请等待对手走棋
net-not-at-end = 只能在棋局末尾走棋（] 向前）
net-asked = { $ask ->
    [takeback] 已请求悔棋
   *[draw] 已提和
}——等待对手答复
net-question = 对手{ $ask ->
    [takeback] 请求悔回上一步
   *[draw] 提和
}：同意吗？(y/n)
net-answered = 对手{ $yes ->
    [yes] 同意了
   *[no] 拒绝了
}{ $ask ->
    [takeback] 悔棋
   *[draw] 和棋
}
net-crossed = 对手的{ $what ->
    [move] 着法
    [resignation] 认输
    [takeback] 悔棋请求
    [draw] 提和
    [accepted] 同意
   *[declined] 拒绝
}与你的操作同时发生，不算
net-overruled = 主机一方与你同时操作：以主机为准，你的操作已撤回
net-held = 对手{ $ask ->
    [takeback] 请求悔回上一步
   *[draw] 提和
}：你完成此处操作后再回答
net-no-takeback = 只能在自己走棋之后立即用 u 请求悔棋
net-not-in-game = 网络对局中不可用：棋局与对手共享
# The end of a network game: a takeback and a new game are not one player's to take.
net-game-over = { $outcome }   （s 保存棋谱，q 退出）
net-they-resigned = 对手认输
net-chat = 对手：{ $text }
net-lost-host = 连接已断开：{ $why }——棋局已保留；对手可用同一加入码重新加入
net-lost-guest = 连接已断开：{ $why }——棋局已保留；再次运行同一 join 命令即可继续
net-left = 对手离开了
net-not-sent = 未发送：{ $why }
net-error-silent = 对方长时间没有回应
net-error-closed = 对方关闭了连接
net-error-io = 连接出错：{ $why }
net-error-too-long = 一帧长 { $bytes } 字节，超过上限 { $max }
net-error-message-too-long = 一条消息长 { $bytes } 字节，超过上限 { $max }
net-error-not-xiangqi = 对方用的不是 xiangqi 的协议
net-error-version = 对方的协议版本是 { $theirs }，本方是 { $ours }：双方请使用同一版本的 xiangqi
net-error-wrong-code = 加入码错误
net-error-forged = 一条消息未通过验证（被改动、重放或伪造）
net-error-malformed = 一条消息格式有误：{ $why }
net-error-wrong-state = 一条此时不该出现的消息：{ $why }
net-error-illegal = 一步不合规则的着法：{ $why }
net-error-out-of-turn = 一步不是该方走的着法
net-error-exhausted = 一个连接上的消息太多
chat-prompt = 说：{" "}
net-panel-host = 网络对局：你是主机，执{ $side ->
    [red] 红
   *[black] 黑
}
net-panel-guest = 网络对局：你已加入，执{ $side ->
    [red] 红
   *[black] 黑
}
net-panel-connected = 对手：已连接
net-panel-waiting = 对手：未连接
net-panel-code = 加入码：{ $code }
net-panel-join = 对手运行：
net-panel-heard = 对手说：{ $text }
net-chat-only = 聊天只用于网络对局（xiangqi host / xiangqi join）
## FEN、棋谱或棋谱文件的错误（规则库给出的原因）

fen-invalid = FEN 有误：{ $why }
fen-empty = 内容为空
fen-rank-count = 棋盘有 { $found } { $found ->
   *[other] 行
}（以“/”分隔），应为 10 行
fen-rank-width = 横线 { $rank }（FEN 中的第 { $nth } 段）有 { $files } 个点，应为 9 个
fen-unknown-char = 第 { $column } 个字符 { $char } 无法识别（在横线 { $rank } 上）；棋子字母为 KABNRCP（也认 E、H），大写为红方
fen-bad-side = 走棋方应为 w（或 r）代表红方、b 代表黑方，这里却是 { $found }
fen-bad-number = { $field ->
    [halfmove] 半回合计数
   *[fullmove] 回合数
}应为整数，这里却是 { $found }
fen-trailing = 六个字段之后还有多余的内容：{ $found }
position-opponent-in-check = { $side ->
    [red] 红方被将军，却轮到黑方走棋
   *[black] 黑方被将军，却轮到红方走棋
}
record-fen = 第 { $game } 局：[FEN { $fen }]：{ $why }
record-move = 第 { $game } 局，第 { $number } 回合（{ $side ->
    [red] 红方
   *[black] 黑方
}）：{ $text }：{ $why }
record-move-number = 第 { $game } 局，第 { $number } 回合（{ $side ->
    [red] 红方
   *[black] 黑方
}）：{ $text } 的编号是 { $written }，{ $black ->
    [yes] 那是黑方的着法
   *[no] 那是红方的下一着
}：前面少了一着或多了一着，或者编号有误
record-no-such-game = 第 { $game } 局：文件里只有 { $available } { $available ->
   *[other] 局
}
record-unclosed-comment = 第 { $game } 局：第 { $line } 行以 {"{"} 开始的注释没有结束（下一局或文件结束之前没有 {"}"}）
record-unclosed-variation = 第 { $game } 局：第 { $line } 行以 ( 开始的变着没有结束（下一局或文件结束之前没有 )）
record-variation-without-move = 第 { $game } 局：第 { $line } 行的变着前面没有可以替换的着法
record-too-large = 第 { $game } 局（从第 { $line } 行起）超过 { $mib } MiB：读到这里为止
record-read = 第 { $game } 局：无法继续读取：{ $why }
record-format = 第 { $game } 局：{ $why }
xqf-truncated = XQF：文件只有 { $len } 字节，比 { $header } 字节的文件头还短
xqf-version = XQF：未知的版本 { $version }
xqf-start = XQF：开始局面不合规则：{ $why }
xqf-record-cut = XQF：第 { $record } 条着法记录（位于第 { $offset } 字节）超出了文件末尾
xqf-comment-length = XQF：第 { $record } 条着法记录的注释长 { $len } 字节，超出了文件的长度
xqf-off-board = XQF：第 { $record } 条着法记录的起点或终点在棋盘之外
xqf-illegal = XQF：第 { $record } 条着法记录（{ $move }）不合规则：{ $why }
xqf-too-many = XQF：着法超过 { $max } 步
dhtml-unclosed = DhtmlXQ：[DhtmlXQ] 没有以 [/DhtmlXQ] 结束
start-two-pieces = { $point } 上有两个棋子
dhtml-binit = DhtmlXQ：binit：{ $chars } 个字符，不是 64 个数字
dhtml-start = DhtmlXQ：binit：{ $why }
dhtml-moves = DhtmlXQ：{ $field }：不是棋盘上以四位数字记的着法
dhtml-branch = DhtmlXQ：{ $field }：分支所在的着法或步数不存在
dhtml-illegal = DhtmlXQ：{ $field } 第 { $step } 步（{ $move }）：不合规则：{ $why }
cbr-truncated = CCBridge：第 { $record } 个记录比它的文件头还短
cbr-start = CCBridge：第 { $record } 个记录：棋盘局面不合规则：{ $why }
cbr-move-cut = CCBridge：第 { $record } 个记录第 { $step } 着：超出了记录末尾
cbr-off-board = CCBridge：第 { $record } 个记录第 { $step } 着：起点或终点在棋盘之外
cbr-illegal = CCBridge：第 { $record } 个记录第 { $step } 着（{ $move }）：不合规则：{ $why }
cbr-too-many = CCBridge：第 { $record } 个记录：着法超过 { $max } 步
cbr-empty = CCBridge：棋谱库里没有任何记录
file-not-a-file = { $path } 是{ $what ->
    [fifo] 命名管道（FIFO）
    [device] 设备
    [socket] 套接字
    [folder] 文件夹
    [link] 符号链接
   *[other] 非普通文件
}，不是棋谱文件
file-cannot-read = 无法读取 { $path }：{ $why }
file-record = { $path }：{ $why }
file-no-games = { $path } 中没有棋局

## The configuration file, not used for a mistake in it

config-bad-value = { $path } 第 { $line } 行，{ $key } 不能是 { $value } — 应为 { $takes }
config-takes-one-of = { $names } 之一
config-takes-one-to = 1 到 { $max } 的整数
config-takes-true-or-false = true 或 false
config-takes-time-control = 加引号的棋钟设定，"基本+加秒" 或 "基本/读秒"：基本用时以分钟或 分:秒 计（不超过一天），加秒和读秒以秒计（不超过一小时），如 "10+5"、"0:30"、"10/45"
config-unknown-key = { $path } 第 { $line } 行：没有 { $key } 这一项（可用的有 { $keys }）
# The TOML reader's words ($detail) are English: left out.
config-not-toml = { $path } 第 { $line } 行第 { $column } 列不是 TOML 的写法{ $detail ->
   *[other] {""}
}：{ $text }
config-not-a-file = 无法读取 { $path }：它是{ $what ->
    [fifo] 命名管道（FIFO）
    [device] 设备
    [socket] 套接字
    [folder] 文件夹
    [link] 符号链接
   *[other] 非普通文件
}，不是文件
config-too-large = 无法读取 { $path }：文件大于 { $mib } MiB
config-not-text = 无法读取 { $path }：不是 UTF-8 文本
config-link-to-nothing = 无法读取 { $path }：它是指向 { $target } 的链接，那里没有文件
config-cannot-read = 无法读取 { $path }：{ $why }
