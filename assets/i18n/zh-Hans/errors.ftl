# 简体中文 (Simplified Chinese), part 3 of 3: what is wrong with a file, a FEN or the configuration.
# The language's catalogue is play.ftl, network.ftl and errors.ftl read as one; the notes
# are at the head of play.ftl.

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
# Jieqi FENs (揭棋: covered pieces written x/X, the pool of unseen pieces after the board).
fen-jieqi-unknown-char = 第 { $column } 个字符 { $char } 无法识别（在横线 { $rank } 上）；棋子字母为 KABNRCP（也认 E、H），暗子为 X，大写为红方
fen-jieqi-missing-pool = 棋盘之后应写暗子池（如 R2r2N2n2B2b2A2a2C2c2P5p5，暗子池为空时写 -）
fen-jieqi-side-before-pool = 第 { $column } 个字符处的走棋方写在了暗子池的位置：应依次写棋盘、暗子池、走棋方
fen-jieqi-trailing = 七个字段之后还有多余的内容：{ $found }
fen-jieqi-pool = 第 { $column } 个字符处的暗子池：{ $why }
jieqi-pool-not-a-piece = { $char } 不是棋子字母（ABNRCP，也认 E、H；大写为红方）
jieqi-pool-no-count = { $char } 后面没有数目（如 R2）
jieqi-pool-general = { $char } 是将帅，将帅从不做暗子
jieqi-pool-repeated = { $char } 写了两次
jieqi-pool-too-many = { $letter }{ $count }：一方只有 { $max } 个
jieqi-covered-off-start = { $square } 上有一个{ $side ->
    [red] 红方
   *[black] 黑方
}暗子：暗子只能在本方的初始位置上（将帅的位置除外）
jieqi-pool-short = { $side ->
    [red] 红方
   *[black] 黑方
}棋盘上有 { $covered } 个暗子，暗子池却只有 { $pool } 个
jieqi-too-many = 已翻开 { $revealed } 个{ $piece }，暗子池中还有 { $unseen } 个：一副棋只有 { $max } 个
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
dhtml-unclosed = DhtmlXQ：[{ $field }] 没有以 [/{ $field }] 结束（文件不完整）
start-two-pieces = { $point } 上有两个棋子
dhtml-binit = DhtmlXQ：binit：{ $chars } 个字符，不是 64 个数字
dhtml-start = DhtmlXQ：binit：{ $why }
# $why is one of the fen-* messages.
dhtml-fen = DhtmlXQ：fen：{ $why }
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
cbr-version = CCBridge：第 { $record } 个记录是第 { $version } 版格式，只能读第 2 版
cbr-other-kind = CCBridge：既不是棋谱记录也不是棋谱库，而是较新的（压缩的）文件格式，无法读取
# A line of a record cut where one of its moves cannot be played; $number is the move's
# number, $side whose move it is, $why one of the xqf-*, dhtml-* or cbr-* messages.
cut-main = 主线在第 { $number } 回合（{ $side ->
    [red] 红方
   *[black] 黑方
}）处截断：{ $why }
cut-variation = 一个变着在第 { $number } 回合（{ $side ->
    [red] 红方
   *[black] 黑方
}）处截断：{ $why }
# A game opened with lines cut: $first is one of the cut-* messages, $more how many other
# lines were cut too.
lines-cut = 只读入一部分，{ $first }{ $more ->
    [0] {""}
   *[other] （另有 { $more } 处截断）
}
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
config-takes-address = 加引号的地址和端口，如 "club.example.org:9092"
config-takes-name = 加引号的名字，1 到 { $max } 个字符
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
