# 繁體中文 (Traditional Chinese): every sentence the xiangqi game screen shows, in Project
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
game-aside = b：回到對局
side-red = 紅方
side-black = 黑方
to-move = { $side ->
    [red] 紅方
   *[black] 黑方
}走棋
check = 將軍！
moves-heading = 著法（{ $notation }）
notation-chinese = 中文
notation-wxf = WXF
notation-iccs = ICCS
paused = 暫停
paused-hint = p 繼續
clock-byoyomi = 讀秒
clock-paused = 暫停

## The game's end

outcome-red-wins = 紅勝
outcome-black-wins = 黑勝
outcome-draw = 和棋
reason-checkmate = 絕殺
reason-no-legal-move = { $loser ->
    [red] 紅方
   *[black] 黑方
}困斃
reason-perpetual-check = { $loser ->
    [red] 紅方
   *[black] 黑方
}長將
reason-perpetual-chase = { $loser ->
    [red] 紅方
   *[black] 黑方
}長捉
reason-repetition = 三次重複局面
reason-move-limit = { $moves }回合未吃子
reason-insufficient-material = 雙方均無過河子力
reason-resignation = { $loser ->
    [red] 紅方
   *[black] 黑方
}認輸
reason-agreement = 雙方議和
reason-time-forfeit = { $loser ->
    [red] 紅方
   *[black] 黑方
}超時
reason-time-forfeit-draw = { $loser ->
    [red] 紅方超時，黑方無子可勝
   *[black] 黑方超時，紅方無子可勝
}

termination-checkmate = 絕殺
termination-no-legal-move = 困斃
termination-perpetual-check = 長將
termination-perpetual-chase = 長捉
termination-repetition = 三次重複局面
termination-move-limit = { $moves }回合未吃子
termination-insufficient-material = 雙方均無過河子力
termination-resignation = 認輸
termination-agreement = 議和
termination-time-forfeit = 超時

recorded = 記錄結果 { $result }
recorded-why = 記錄結果 { $result }：{ $why }

## Repetition and the move limit

repetition-wins = ! { $move } 勝：{ $side ->
    [red] 紅方
   *[black] 黑方
}{ $perpetual }
repetition-loses = ! { $move } 負：{ $perpetual }
repetition-draws = ! { $move } 和：重複局面
more-warnings = ! { $count } 步另有重複
move-limit = 未吃子步數：{ $plies }／{ $limit }

## Questions (y/n)

question-new-game = 開始新局？(y/n)
question-new-game-behind = 開始新局？在此之後的你的對局將結束 (y/n)
question-resign = { $side ->
    [red] 紅方
   *[black] 黑方
}，認輸嗎？(y/n)
question-draw = { $side ->
    [red] 紅方
   *[black] 黑方
}提和 — { $other ->
    [red] 紅方
   *[black] 黑方
}，同意嗎？(y/n)
question-overwrite = { $file } 已存在 — 取代嗎？(y/n)
question-quit = 退出嗎？棋局已儲存，可以繼續 (y/n)
question-open-pasted-game = 開啟剛貼上的棋局嗎？(y/n)
question-open-pasted-position = 開啟剛貼上的局面嗎？(y/n)
paste-ignored = 貼上的內容既不是局面（FEN）也不是棋譜：未做任何事
paste-unread = 貼上的內容讀不出：{ $why }——未做任何事
no-comment = 這步棋沒有註釋可讀（按 {"{"} 寫註釋）
comment-title = 註釋
comment-keys = 第 { $from }–{ $to } 行，共 { $all } 行 · ↑↓ PgUp PgDn 捲動 · 按其他鍵關閉
comment-more = …按 {"}"} 看全文
question-quit-unsaved = 退出嗎？棋局未儲存（{ $why }）：按 s 另存 (y/n/s)

## Why the rules refuse a move

illegal-no-piece = 那裡沒有棋子
illegal-not-your-piece = 那不是你的棋子
illegal-null-move = 棋子必須移動
illegal-own-piece = 不能吃自己的棋子
illegal-shape-general = 將帥沿直線走一格
illegal-shape-advisor = 士斜走一格
illegal-shape-elephant = 象斜走兩格（田字）
illegal-shape-horse = 馬走日字
illegal-shape-chariot = 車炮沿直線走
illegal-shape-cannon = 車炮沿直線走
illegal-shape-soldier = 兵卒走一格
illegal-leaves-palace = { $role ->
   *[other] 不能走出九宮
}
illegal-horse-leg = 蹩馬腿
illegal-elephant-eye = 塞象眼
illegal-elephant-river = 象不能過河
illegal-path-blocked = 路線被擋住
illegal-cannon-screen = 炮吃子必須隔一個棋子
illegal-soldier-backward = 兵卒不能後退
illegal-soldier-sideways = 兵卒過河後才能橫走
illegal-generals-face = 將帥不能照面
illegal-leaves-check = 走後自己被將軍

## What is wrong with a typed move

bad-move-chinese = 不是中文著法（棋子、縱線、進/退/平、數字，如 炮二平五）
bad-move-wxf = 不是 WXF 著法（棋子、縱線、+ - 或 .、數字，如 C2.5）
bad-move-iccs = 不是 ICCS 著法（兩個點，如 h2e2 或 H2-E2）
bad-move-no-piece = 走棋一方沒有這個棋子
bad-move-impossible = 這個棋子不能這樣走
bad-move-ambiguous = 不止一步符合
bad-move-illegal = 此處不合規則：{ $reason }

## The message line

hint = Enter 或點擊：先選棋子，再選落點。  ? 按鍵
refused = 不能走：{ $reason }
select-first = 請先選{ $side ->
    [red] 紅方
   *[black] 黑方
}的棋子
not-your-turn = 那不是你的棋子 — { $side ->
    [red] 紅方
   *[black] 黑方
}走棋
game-over = { $outcome }   （u 悔棋，n 新局）
nothing-to-undo = 沒有可悔的著法
nothing-to-redo = 沒有可重走的著法
undone = 悔棋：{ $move }
redone = 重走：{ $move }
withdrawn-resignation = 撤回認輸 — 對局繼續
withdrawn-draw = 撤回結果 — 對局繼續
withdrawn-time = 撤回超時判負（連同之前一步）— 對局繼續
new-game-started = 新局 — 紅方走棋
draw-declined = { $side ->
    [red] 紅方
   *[black] 黑方
}拒絕和棋 — 對局繼續
declined = 對局繼續
notation-shown = 著法改用{ $notation }記法（m 切換）
saved = 已儲存 { $path }
saved-xqf = { $left ->
    [0] 已儲存為 XQF：{ $path }
   *[other] 已儲存為 XQF：{ $path }（XQF 無法儲存的 { $left } 項未儲存，如標籤、著法標記；存為 .pgn 可保留全部）
}
save-failed = 無法儲存 { $path }：{ $error }
resume-available = --resume 可繼續上一局
resumed = 已繼續上一局（{ $moves } 步）
no-clock = 沒有棋鐘可暫停（用 --clock 開始，如 --clock 10+5）
back-to-game = 回到對局
not-the-game = 這是對局之外的棋譜或殺法 — b 回到對局
put-away = { $front ->
    [puzzle] 殺法
   *[record] 棋譜
}已收起 — 新局，{ $side ->
    [red] 紅方
   *[black] 黑方
}走棋
no-game-behind = { $act ->
    [resign] 認輸
    [draw] 提和
   *[computer] 讓電腦接走一方
}只用於正在下的對局，這個{ $front ->
    [puzzle] 殺法
   *[record] 棋譜
}後面沒有已開始的對局 — n 開始新局
record-ended = 這個棋譜已以 { $result } 結束 — { $act ->
    [resign] 認輸
   *[draw] 提和
}只用於正在下的對局；它的著法仍可逐步查看
wide-box-lines = 此終端把框線畫成兩格寬，棋盤改用 ASCII 線（同 --ascii-lines）
other-game-running = 另一個 xiangqi 正在使用同一狀態資料夾：本局另存於 { $file }，--resume 可找到它
net-kept-apart = 你未下完的棋局（{ $count } 局）原樣保留在 { $kept }：本網路對局另存於 { $file }；它結束後，xiangqi --resume 會繼續你的棋局
state-folder-unusable = 狀態資料夾 { $folder } 無法使用（{ $why }）：棋局不會為 --resume 儲存，解出的殺法也不會記下 — 按 s 另存棋局
autosave-failed = 棋局未能為 --resume 儲存：{ $why } — 按 s 另存
resume-no-home = --resume：沒有主目錄，找不到上一局
resume-no-game = --resume：沒有可繼續的對局（{ $path } 不存在）
resume-ended = --resume：上一局（{ $path }）已經結束或沒有著法；請開始新局
resume-in-use = --resume：上一局（{ $path }）正在另一個 xiangqi 中進行；請到那裡繼續，或先結束那個
resume-slot = --resume：{ $why }
resume-clock = --resume：{ $path }，{ $why }
clock-tag-missing = 標籤 { $tag }：缺少此標籤，而對局的其他計時標籤都在
clock-tag-control = 標籤 TimeControl：「{ $value }」不是可用的時限（如 300+3 或 600+45b：以秒計，基本時間至多一天，加秒或讀秒至多一小時，與 --clock 相同）
clock-tag-form = 標籤 { $tag }：「{ $value }」讀不成{ $tag ->
    [ClockStart] 著數
    [ClockUsed] 毫秒數
   *[other] 紅/黑兩方的毫秒數
}
clock-tag-start = 標籤 ClockStart：{ $start } 多於已走的 { $moves } 著
clock-tag-count = 標籤 ClockTimes：{ $count } 個時間與開始計時後走的 { $moves } 著不符（應多一個）
clock-tag-time = 標籤 { $tag }：{ $value } 毫秒超過此時限下 { $moves } 著後一方可有的時間（至多 { $most } 毫秒）
clock-tag-used = 標籤 ClockUsed：用去 { $value } 毫秒，輪到走棋的一方已沒有時間（它只有 { $most } 毫秒）
clock-comment-no-control = 各著附有 [%clk] 時間，卻沒有 [TimeControl] 標籤說明是什麼時限
clock-comment-missing = 第 { $number } 回合（{ $side ->
    [red] 紅方
   *[black] 黑方
}）沒有 [%clk] 時間，每著都有時間才能恢復棋鐘
clock-comment-form = 第 { $number } 回合（{ $side ->
    [red] 紅方
   *[black] 黑方
}）：{ $text } 讀不成時間（時:分:秒）
clock-comment-time = 第 { $number } 回合（{ $side ->
    [red] 紅方
   *[black] 黑方
}）：{ $text } 超過此時限下一方可有的時間（至多 { $most }）
clock-passed-over = 未恢復棋鐘：{ $why }
# The panel's title while the autosave cannot be written.
not-saved = 未儲存：按 s 另存
loaded = 已載入 { $moves } 步的棋局（u 悔棋）
loaded-result = 已載入 { $moves } 步的棋局，記錄結果 { $result }（u 悔棋）

## The computer's notes

hint-thinking = 正在尋找提示…
hint-found = 提示：{ $move }  （{ $iccs }，已在棋盤上標出）
hint-book = 提示：{ $move }（開局庫）  （{ $iccs }，已在棋盤上標出）
analysis-on = 分析已開啟（a 關閉）
analysis-off = 分析已關閉
analysis-lines = 分析：{ $lines } 條變著（A 切換）
computer-plays = 電腦執{ $side ->
    [red] 紅方
   *[black] 黑方
}（c 收回）
you-play = 你重新執{ $side ->
    [red] 紅方
   *[black] 黑方
}
computer-to-move = 電腦執{ $side ->
    [red] 紅方
   *[black] 黑方
} — 請等它走棋，或按 c 收回這一方
computer-declines-draw = 電腦（{ $side ->
    [red] 紅方
   *[black] 黑方
}）拒絕和棋 — 對局繼續
computer-plays-both = 電腦執雙方：按 c 收回輪到走棋的一方
engine-failed = 引擎已停止：{ $why }
puzzle-start = 殺法 { $number }/{ $total }：{ $side ->
    [red] 紅方
   *[black] 黑方
} { $moves } 步殺（z 看答案）
puzzle-solved = 已解殺法 { $number }！z：下一題
puzzle-failed = 已不成殺 — u 悔棋，z 看答案
puzzle-shown = 答案：{ $solution }  （u 後退，z 下一題）
puzzle-defends = 殺法中電腦已在防守
progress-failed = 無法儲存殺法進度：{ $why }

## The computer's lines in the panel

panel-puzzle = 殺法 { $number }/{ $total } · { $moves } 步殺 · { $state }
puzzle-state-to-go = 還剩 { $left } 步
puzzle-state-solved = 已解
puzzle-state-failed = 失敗
puzzle-state-shown = 已看答案
tactic-start = 戰術題：{ $side ->
    [red] 紅方
   *[black] 黑方
}先走取勝（你的等級分 { $rating }；T 看答案）
tactic-wrong = 不對：應走 { $move }（{ $iccs }）。{ $change } 可以再試（不再計分），T 看全解
tactic-solved = 解出！{ $change } T：下一題
tactic-shown = 答案：{ $solution }  （T 下一題）
tactic-none = 沒有符合篩選條件的題目
tactic-filter-bad = 不是篩選條件：{ $why }
tactic-filter-prompt = 戰術篩選：
tactic-filter-hint = 主題、等級分範圍或兩者：fork,1200-1600 · mate · 1500- · 留空為全部
panel-tactic = 戰術題 { $rating } · 你 { $player } · 連對 { $streak } { $state }
panel-tactic-rating = 等級分 { $before } → { $after }（{ $delta }）
panel-tactic-themes = 主題：{ $themes }
panel-computer = 電腦：{ $sides ->
    [red] 紅方
    [black] 黑方
   *[both] 紅方、黑方
} · 級別 { $level }
panel-computer-thinking = 電腦：{ $sides ->
    [red] 紅方
    [black] 黑方
   *[both] 紅方、黑方
} · 級別 { $level } · 思考中…
panel-analysis = 分析 深度{ $depth } { $score } ({ $knodes }k 節點)
panel-analysis-lines = 分析 深度{ $depth } ({ $knodes }k 節點)
panel-analysis-over = 分析：棋局已結束
panel-analysis-thinking = 分析：思考中…
score-mated = { $side ->
    [red] 紅方
   *[black] 黑方
}被將死

## Prompts

move-prompt-hint = 輸入著法：h2e2  H2-E2  C2.5 或中文；Enter 走棋，Esc 取消
move-prompt-hint-ascii = a move: h2e2  H2-E2  C2.5; Enter plays, Esc cancels
save-prompt = 儲存為：
save-prompt-hint = Enter 儲存，Esc 取消
open-prompt = 開啟：
open-prompt-hint = Tab 補全，Enter 開啟，Esc 取消
red-prompt = 紅方棋手：
black-prompt = 黑方棋手：
name-prompt-hint = Enter：下一項

## Going through a game, opening a file

at-start = 已在開局：前面沒有著法
at-end = 已在這一路的末尾：後面沒有著法
no-other-line = 這邊沒有別的著法（< 和 > 在變著之間切換）
already-there = 已經在這裡
at-move = 走完 { $move }（{ $line ->
    [variation] 變著
   *[main] 主線
}，第 { $ply } 著）；在此走棋即添加變著
at-start-position = 開局局面；End 跳到最後一著
clock-running = 計時對局進行中：u 悔棋；棋局結束後才能翻看
cannot-open = 無法開啟：{ $why }
completions-more = … 另有 { $count } 個
no-completion = 沒有以此開頭的檔名
opened = 已開啟第 { $number } 局：{ $moves } 步（Home：開局）

## The game picker

picker-title = { $path } 中的棋局  （顯示 { $shown }／共 { $total } 局）
# What a file or folder held that the picker does not list: $count chapter headings of a
# CCBridge library (no board to open), or files that hold no game; $what those joined.
picker-headings = { $count } 個章節標題
picker-files-passed = { $count } 個不含棋局的檔案
picker-passed-over = —— 略過：{ $what }
list-separator = 、
column-red = 紅方
column-black = 黑方
column-result = 結果
column-event = 賽事
column-date = 日期
column-moves = 步數
picker-typing = Enter 或 Esc 保留篩選
picker-keys = ↑↓ PgUp PgDn Home End 單擊 選擇  Enter/再單擊 開啟  / 篩選  Esc 返回  q 退出
picker-filtered = Enter 開啟   / 修改篩選   Esc 返回

## The keys window and the panel's key summary

help-title = 按鍵
help-close = 按任意鍵關閉
summary-cursor = 方向鍵/hjkl  Enter  : 著法
summary-move = m 記法  s 儲存  f 翻轉
summary-undo = u/r 悔棋/重走  n 新局
summary-end = d 提和  g 認輸  q 退出
summary-openings = M 選單  / 尋找  ? 按鍵

## A terminal too small for the board

too-small = 終端太小
too-small-need = 需要 { $width }×{ $height }
too-small-now = （現在 { $width }×{ $height }）

## The explorer of the masters' moves (e)

explorer-title = 名家著法：{ $opening }
explorer-unknown = 未知局面
explorer-start = 開局局面
explorer-move = 著法
explorer-games = 局數
explorer-score = 紅方：勝／和／負
explorer-empty = 名家對局中沒有出現過這個局面。
explorer-keys = 上下鍵選擇  Enter 走棋  Esc 或 x 關閉

## 全局分析註解（A）與形勢圖

annotate-progress = 分析中：{ $done }/{ $total }（A 或 Esc 停止）
annotate-stopped = 已停止分析，棋局未改動
annotate-discarded = 棋局已改變：分析停止，未寫入
annotate-done = 紅 ?!{ $ri } ?{ $rm } ??{ $rb } 每著失{ $rl } · 黑 ?!{ $bi } ?{ $bm } ??{ $bb } 每著失{ $bl }
annotate-failed = 分析失敗：{ $why }
annotate-no-moves = 沒有著法可分析
annotate-no-next = 此後沒有標 ? 或 ?? 的著法
annotate-no-previous = 此前沒有標 ? 或 ?? 的著法
graph-heading = 形勢 { $eval }

## Editing the record ({ ! + Delete), the clipboard (y Y) and the FEN (F)

record-commented = 註釋已保存（u 撤銷）
record-comment-removed = 註釋已刪除（u 撤銷）
record-marked = 已標記 { $mark }
record-unmarked = 標記已去掉
record-promoted = 此變著已成為主線，原主線成為變著（u 撤銷）
record-already-main = 這步棋已在主線上
record-deleted = 已刪除 { $moves } 步（u 恢復）
record-no-move = 這裡沒有著法可編輯：先走到一步棋
record-not-here = 殘局題的著法不能編輯
record-undone-comment = 已撤銷註釋修改（r 重做）
record-undone-mark = 已撤銷標記修改（r 重做）
record-undone-promote = 已撤銷變著提升（r 重做）
record-undone-delete = 已恢復刪除的著法（r 重新刪除）
record-gone = 那步棋已不在棋譜中：未作改動
record-fen-copied = FEN 已複製
record-pgn-copied = PGN 已複製（{ $bytes } 位元組）
record-dhtmlxq-copied = DhtmlXQ 已複製（{ $bytes } 位元組{ $left ->
        [0] {""}
       *[other] ；{ $left } 項無法寫入，已略去
    }）
record-not-copied = 未複製：{ $why }
comment-prompt = 註釋：
comment-prompt-hint = Enter 保存，空白則刪除，Esc 取消
question-delete-moves = 刪除主線上的 { $moves } 步棋？(y/n)
## The set-up editor (e, --setup)

editor-title = 擺棋
editor-to-move = { $side ->
    [red] 紅方
   *[black] 黑方
}走棋（Tab 換另一方）
editor-fen = FEN：
editor-key-red = K A E H R C P  紅方棋子（也可用 B N）
editor-key-black = k a e h r p  黑方棋子（b n；C C 黑砲）
editor-key-empty = x Del 清空此點   c X 只留將帥
editor-key-start = 0 初始局面   1-5 讓子   Tab 走棋方
editor-key-move = 空格/點擊 拿起、放下   f 翻轉
editor-key-play = Enter 開始對弈   Esc 返回   方向鍵 移動
editor-handicaps-heading = 讓子（紅方讓）：
editor-handicaps = 1 讓單馬  2 讓單炮  3 讓雙馬  4 讓單車  5 讓九子
editor-refused-heading = 此局面不能開始對弈：
editor-refused = 不能開始：{ $reason }{ $more ->
    [0] {""}
   *[other] （另有 { $more } 條，見右側）
}
editor-hint = Enter 從此局面開始對弈；字母鍵擺放棋子
editor-nothing-there = { $square } 上沒有棋子可移動
question-play-setup = 從此局面開始新局？你的對局將結束 (y/n)
setup-started = 從擺好的局面開始新局 — { $side ->
    [red] 紅方
   *[black] 黑方
}走棋
setup-piece = { $side ->
    [red] 紅{ $role ->
        [general] 帥
        [advisor] 仕
        [elephant] 相
        [horse] 傌
        [chariot] 俥
        [cannon] 炮
       *[soldier] 兵
    }
   *[black] 黑{ $role ->
        [general] 將
        [advisor] 士
        [elephant] 象
        [horse] 馬
        [chariot] 車
        [cannon] 砲
       *[soldier] 卒
    }
}
setup-missing-general = { $side ->
    [red] 紅方沒有帥
   *[black] 黑方沒有將
}
setup-general-outside = { $square } 的{ $piece }在九宮之外
setup-too-many = { $piece } { $count } 個：一副棋只有 { $max } 個
setup-unreachable = { $square } 的{ $piece }不可能在那裡：{ $role ->
    [advisor] 士只走九宮的四角和中心
    [elephant] 象只走己方的七個點
   *[soldier] 兵卒不後退，過河前也不橫走
}
setup-soldiers-share-file = { $side ->
    [red] 紅方
   *[black] 黑方
}兩個未過河的兵卒同在 { $file } 列：每列開局只有一個
setup-opponent-in-check = { $side ->
    [red] 紅方被將軍（帥在 { $square }），卻輪到黑方走棋
   *[black] 黑方被將軍（將在 { $square }），卻輪到紅方走棋
}
setup-generals-facing = 將帥在 { $file } 列照面，中間沒有棋子
