# 简体中文 (Simplified Chinese): every sentence the xiangqi game screen shows, in Project
# Fluent syntax, in three files read as one: this one (playing and studying a game),
# network.ftl and errors.ftl. Part of xiangqi, under the MIT licence like the rest of the
# project (Cargo.toml); the text is the project's own.
#
# Same ids and variables as en/ (a test compares them); see the notes in en/play.ftl. Where the
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
record-ended = 这个棋谱已以 { $result } 结束 — { $act ->
    [resign] 认输
   *[draw] 提和
}只用于正在下的对局；它的着法仍可逐步查看
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
tactic-start = 战术题：{ $side ->
    [red] 红方
   *[black] 黑方
}先走取胜（你的等级分 { $rating }；T 看答案）
tactic-wrong = 不对：应走 { $move }（{ $iccs }）。{ $change } 可以再试（不再计分），T 看全解
tactic-solved = 解出！{ $change } T：下一题
tactic-shown = 答案：{ $solution }  （T 下一题）
tactic-none = 没有符合筛选条件的题目
tactic-filter-bad = 不是筛选条件：{ $why }
tactic-filter-prompt = 战术筛选：
tactic-filter-hint = 主题、等级分范围或两者：fork,1200-1600 · mate · 1500- · 留空为全部
panel-tactic = 战术题 { $rating } · 你 { $player } · 连对 { $streak } { $state }
panel-tactic-rating = 等级分 { $before } → { $after }（{ $delta }）
panel-tactic-themes = 主题：{ $themes }
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
# What a file or folder held that the picker does not list: $count chapter headings of a
# CCBridge library (no board to open), or files that hold no game; $what those joined.
picker-headings = { $count } 个章节标题
picker-files-passed = { $count } 个不含棋局的文件
picker-passed-over = —— 略过：{ $what }
list-separator = 、
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
summary-cursor = 方向键/hjkl  Enter  : 着法
summary-move = m 记法  s 保存  f 翻转
summary-undo = u/r 悔棋/重走  n 新局
summary-end = d 提和  g 认输  q 退出
summary-openings = M 菜单  / 查找  ? 按键

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
