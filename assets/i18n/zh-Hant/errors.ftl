# 繁體中文 (Traditional Chinese), part 3 of 3: what is wrong with a file, a FEN or the configuration.
# The language's catalogue is play.ftl, network.ftl and errors.ftl read as one; the notes
# are at the head of play.ftl.

## FEN、棋譜或棋譜檔案的錯誤（規則庫給出的原因）

fen-invalid = FEN 有誤：{ $why }
fen-empty = 內容為空
fen-rank-count = 棋盤有 { $found } { $found ->
   *[other] 行
}（以「/」分隔），應為 10 行
fen-rank-width = 橫線 { $rank }（FEN 中的第 { $nth } 段）有 { $files } 個點，應為 9 個
fen-unknown-char = 第 { $column } 個字元 { $char } 無法識別（在橫線 { $rank } 上）；棋子字母為 KABNRCP（也認 E、H），大寫為紅方
fen-bad-side = 走棋方應為 w（或 r）代表紅方、b 代表黑方，這裡卻是 { $found }
fen-bad-number = { $field ->
    [halfmove] 半回合計數
   *[fullmove] 回合數
}應為整數，這裡卻是 { $found }
fen-trailing = 六個欄位之後還有多餘的內容：{ $found }
position-opponent-in-check = { $side ->
    [red] 紅方被將軍，卻輪到黑方走棋
   *[black] 黑方被將軍，卻輪到紅方走棋
}
# Jieqi FENs (揭棋: covered pieces written x/X, the pool of unseen pieces after the board).
fen-jieqi-unknown-char = 第 { $column } 個字元 { $char } 無法識別（在橫線 { $rank } 上）；棋子字母為 KABNRCP（也認 E、H），暗子為 X，大寫為紅方
fen-jieqi-missing-pool = 棋盤之後應寫暗子池（如 R2r2N2n2B2b2A2a2C2c2P5p5，暗子池為空時寫 -）
fen-jieqi-side-before-pool = 第 { $column } 個字元處的走棋方寫在了暗子池的位置：應依次寫棋盤、暗子池、走棋方
fen-jieqi-trailing = 七個欄位之後還有多餘的內容：{ $found }
fen-jieqi-pool = 第 { $column } 個字元處的暗子池：{ $why }
jieqi-pool-not-a-piece = { $char } 不是棋子字母（ABNRCP，也認 E、H；大寫為紅方）
jieqi-pool-no-count = { $char } 後面沒有數目（如 R2）
jieqi-pool-general = { $char } 是將帥，將帥從不做暗子
jieqi-pool-repeated = { $char } 寫了兩次
jieqi-pool-too-many = { $letter }{ $count }：一方只有 { $max } 個
jieqi-covered-off-start = { $square } 上有一個{ $side ->
    [red] 紅方
   *[black] 黑方
}暗子：暗子只能在本方的初始位置上（將帥的位置除外）
jieqi-pool-short = { $side ->
    [red] 紅方
   *[black] 黑方
}棋盤上有 { $covered } 個暗子，暗子池卻只有 { $pool } 個
jieqi-too-many = 已翻開 { $revealed } 個{ $piece }，暗子池中還有 { $unseen } 個：一副棋只有 { $max } 個
record-fen = 第 { $game } 局：[FEN { $fen }]：{ $why }
record-move = 第 { $game } 局，第 { $number } 回合（{ $side ->
    [red] 紅方
   *[black] 黑方
}）：{ $text }：{ $why }
record-move-number = 第 { $game } 局，第 { $number } 回合（{ $side ->
    [red] 紅方
   *[black] 黑方
}）：{ $text } 的編號是 { $written }，{ $black ->
    [yes] 那是黑方的著法
   *[no] 那是紅方的下一著
}：前面少了一著或多了一著，或者編號有誤
record-no-such-game = 第 { $game } 局：檔案裡只有 { $available } { $available ->
   *[other] 局
}
record-unclosed-comment = 第 { $game } 局：第 { $line } 行以 {"{"} 開始的註解沒有結束（下一局或檔案結束之前沒有 {"}"}）
record-unclosed-variation = 第 { $game } 局：第 { $line } 行以 ( 開始的變著沒有結束（下一局或檔案結束之前沒有 )）
record-variation-without-move = 第 { $game } 局：第 { $line } 行的變著前面沒有可以替換的著法
record-too-large = 第 { $game } 局（從第 { $line } 行起）超過 { $mib } MiB：讀到這裡為止
record-read = 第 { $game } 局：無法繼續讀取：{ $why }
record-format = 第 { $game } 局：{ $why }
xqf-truncated = XQF：檔案只有 { $len } 位元組，比 { $header } 位元組的檔頭還短
xqf-version = XQF：未知的版本 { $version }
xqf-start = XQF：開始局面不合規則：{ $why }
xqf-record-cut = XQF：第 { $record } 條著法記錄（位於第 { $offset } 位元組）超出了檔案末尾
xqf-comment-length = XQF：第 { $record } 條著法記錄的註解長 { $len } 位元組，超出了檔案的長度
xqf-off-board = XQF：第 { $record } 條著法記錄的起點或終點在棋盤之外
xqf-illegal = XQF：第 { $record } 條著法記錄（{ $move }）不合規則：{ $why }
xqf-too-many = XQF：著法超過 { $max } 步
dhtml-unclosed = DhtmlXQ：[{ $field }] 沒有以 [/{ $field }] 結束（檔案不完整）
start-two-pieces = { $point } 上有兩個棋子
dhtml-binit = DhtmlXQ：binit：{ $chars } 個字元，不是 64 個數字
dhtml-start = DhtmlXQ：binit：{ $why }
# $why is one of the fen-* messages.
dhtml-fen = DhtmlXQ：fen：{ $why }
dhtml-moves = DhtmlXQ：{ $field }：不是棋盤上以四位數字記的著法
dhtml-branch = DhtmlXQ：{ $field }：分支所在的著法或步數不存在
dhtml-illegal = DhtmlXQ：{ $field } 第 { $step } 步（{ $move }）：不合規則：{ $why }
cbr-truncated = CCBridge：第 { $record } 個記錄比它的檔頭還短
cbr-start = CCBridge：第 { $record } 個記錄：棋盤局面不合規則：{ $why }
cbr-move-cut = CCBridge：第 { $record } 個記錄第 { $step } 著：超出了記錄末尾
cbr-off-board = CCBridge：第 { $record } 個記錄第 { $step } 著：起點或終點在棋盤之外
cbr-illegal = CCBridge：第 { $record } 個記錄第 { $step } 著（{ $move }）：不合規則：{ $why }
cbr-too-many = CCBridge：第 { $record } 個記錄：著法超過 { $max } 步
cbr-empty = CCBridge：棋譜庫裡沒有任何記錄
cbr-version = CCBridge：第 { $record } 個記錄是第 { $version } 版格式，只能讀第 2 版
cbr-other-kind = CCBridge：既不是棋譜記錄也不是棋譜庫，而是較新的（壓縮的）檔案格式，無法讀取
# A line of a record cut where one of its moves cannot be played; $number is the move's
# number, $side whose move it is, $why one of the xqf-*, dhtml-* or cbr-* messages.
cut-main = 主線在第 { $number } 回合（{ $side ->
    [red] 紅方
   *[black] 黑方
}）處截斷：{ $why }
cut-variation = 一個變著在第 { $number } 回合（{ $side ->
    [red] 紅方
   *[black] 黑方
}）處截斷：{ $why }
# A game opened with lines cut: $first is one of the cut-* messages, $more how many other
# lines were cut too.
lines-cut = 只讀入一部分，{ $first }{ $more ->
    [0] {""}
   *[other] （另有 { $more } 處截斷）
}
file-not-a-file = { $path } 是{ $what ->
    [fifo] 具名管道（FIFO）
    [device] 裝置
    [socket] 通訊端
    [folder] 資料夾
    [link] 符號連結
   *[other] 非一般檔案
}，不是棋譜檔案
file-cannot-read = 無法讀取 { $path }：{ $why }
file-record = { $path }：{ $why }
file-no-games = { $path } 中沒有棋局

## The configuration file, not used for a mistake in it

config-bad-value = { $path } 第 { $line } 行，{ $key } 不能是 { $value } — 應為 { $takes }
config-takes-one-of = { $names } 之一
config-takes-one-to = 1 到 { $max } 的整數
config-takes-true-or-false = true 或 false
config-takes-time-control = 加引號的棋鐘設定，"基本+加秒" 或 "基本/讀秒"：基本用時以分鐘或 分:秒 計（不超過一天），加秒和讀秒以秒計（不超過一小時），如 "10+5"、"0:30"、"10/45"
config-takes-address = 加引號的位址和連接埠，如 "club.example.org:9092"
config-takes-name = 加引號的名字，1 到 { $max } 個字元
config-unknown-key = { $path } 第 { $line } 行：沒有 { $key } 這一項（可用的有 { $keys }）
# The TOML reader's words ($detail) are English: left out.
config-not-toml = { $path } 第 { $line } 行第 { $column } 列不是 TOML 的寫法{ $detail ->
   *[other] {""}
}：{ $text }
config-not-a-file = 無法讀取 { $path }：它是{ $what ->
    [fifo] 具名管道（FIFO）
    [device] 裝置
    [socket] 通訊端
    [folder] 資料夾
    [link] 符號連結
   *[other] 非一般檔案
}，不是檔案
config-too-large = 無法讀取 { $path }：檔案大於 { $mib } MiB
config-not-text = 無法讀取 { $path }：不是 UTF-8 文字
config-link-to-nothing = 無法讀取 { $path }：它是指向 { $target } 的連結，那裡沒有檔案
config-cannot-read = 無法讀取 { $path }：{ $why }
