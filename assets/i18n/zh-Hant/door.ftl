# 繁體中文：入口——開始選單、設定畫面、命令面板，以及按鍵視窗和命令面板共用的每條命令的名稱。
# 與 play.ftl、network.ftl、errors.ftl 合為一個目錄讀取（約定見 play.ftl）。

## 每條命令（按鍵視窗與命令面板顯示的名稱）

cmd-cursor-up = 移動游標：上
cmd-cursor-down = 移動游標：下
cmd-cursor-left = 移動游標：左
cmd-cursor-right = 移動游標：右
cmd-select = 選子／走到這裡
cmd-deselect = 取消選子（也停止分析註解）
cmd-type-move = 輸入著法：h2e2、H2-E2、C2.5 或中文
cmd-notation = 著法用中文／WXF／ICCS 記法
cmd-undo = 悔棋（或撤回編輯、認輸、和棋）
cmd-redo = 重走悔掉的一步
cmd-start = 回到開局
cmd-back = 後退一步
cmd-forward = 前進一步
cmd-end = 到這條線的最後
cmd-previous-line = 變著處的上一條線
cmd-next-line = 變著處的下一條線
cmd-open = 開啟棋譜檔案或資料夾（Tab 補全；/ 篩選）
cmd-back-to-game = 回到你的對局
cmd-save = 儲存為 PGN（檔名以 .xqf 結尾則存為 XQF）
cmd-draw = 提和
cmd-resign = 認輸
cmd-new-game = 新局（先詢問）
cmd-chat = 與對方聊天（網路對局）
cmd-flip = 翻轉棋盤
cmd-help = 按鍵（本視窗）
cmd-pause = 暫停／繼續棋鐘（隱藏棋盤）
cmd-peek = 盲棋：顯示棋子，直到下一步
cmd-hint = 提示：一秒內找到的最佳著法
cmd-analysis = 分析開／關
cmd-analysis-lines = 分析顯示幾條變著
cmd-computer = 電腦接手／交還走棋的一方
cmd-puzzle = 殺法練習；練習中顯示解法
cmd-tactics = 按等級分出題的戰術練習；練習中顯示解法
cmd-tactics-filter = 按主題或等級分範圍練戰術
cmd-explorer = 此局面下名家的著法（開局瀏覽）
cmd-editor = 擺棋
cmd-annotate = 全局分析註解（Esc 停止）
cmd-previous-mistake = 上一個標為 ? 或 ?? 的著法
cmd-next-mistake = 下一個標為 ? 或 ?? 的著法
cmd-comment = 為當前著法寫註釋
cmd-mark = 標記當前著法（! ? !! ?? !? ?!）
cmd-promote = 把這條線設為主線
cmd-delete = 刪除當前著法及其後的著法
cmd-read-comment = 在視窗中閱讀完整註釋
cmd-copy-fen = 複製局面（FEN）
cmd-copy-pgn = 複製棋譜（PGN）
cmd-copy-dhtmlxq = 複製棋譜（DhtmlXQ）
cmd-show-fen = 顯示局面的 FEN
cmd-menu = 選單（新局、電腦、網路、設定）
cmd-palette = 按名稱尋找命令
cmd-settings = 設定（配色、語言、棋子、聲音…）
cmd-quit = 退出（對局中會詢問；--resume 繼續）
cmd-suspend = 暫停程式（在終端用 fg 回來）
help-mouse = 滑鼠：點擊棋盤上的點選子或走子；在著法列表上點擊或捲動
help-find = Ctrl-P 或 / 按名稱尋找以上任一命令

## 開始選單

menu-play-here = 在這裡對弈（兩人）
menu-continue = 繼續未下完的對局
menu-computer = 與電腦對弈
menu-puzzles = 殺法練習
menu-tactics = 戰術練習（計分）
menu-open = 開啟棋譜檔案或資料夾
menu-setup = 擺棋
menu-network = 網路對弈
menu-clock = 棋鐘：{ $clock }
menu-settings = 設定
menu-help = 按鍵
menu-quit = 退出
menu-back = 回到對局
menu-keys = ↑↓ 選擇  ←→ 更改  Enter 確定  字母鍵 對應項  Esc 返回
clock-none = 不用
clock-increment = { $control }：每方 { $minutes } 分鐘{ $increment ->
    [0] {""}
   *[other] ，每步加 { $increment } 秒
}
clock-byoyomi-preset = { $control }：每方 { $minutes } 分鐘，之後每步 { $byoyomi } 秒讀秒
clock-typed = 自己輸入：{ $text }
clock-help = 寫法同 --clock：5+3（分鐘，每步加秒），0:30，10/45（讀秒）
clock-bad = 不是棋鐘：{ $text }（例如 5+3、0:30 或 10/45）
menu-clock-title = 棋鐘
menu-computer-title = 與電腦對弈
menu-side = 你執{ $side ->
    [red] 紅（你先走）
   *[black] 黑（電腦先走）
}
menu-level = 級別：{ $level }（共 10 級）
menu-start = 開始對局
menu-network-title = 網路對弈
menu-host = 開設對局：對方加入你
menu-join = 加入對局：輸入對方的地址和加入碼
menu-host-title = 開設對局
menu-host-side = 你執{ $side ->
    [red] 紅（你先走）
   *[black] 黑
}
menu-listen = 監聽地址：{ $text }
menu-host-start = 開始等待
menu-join-title = 加入對局
menu-join-address = 地址：{ $text }
menu-join-code = 加入碼：{ $text }
menu-join-start = 加入
menu-bad-listen = 不是可以監聽的地址和連接埠：{ $text }（例如 0.0.0.0:9091）
menu-bad-address = 不是地址和連接埠：{ $text }（例如 192.168.1.5:9091）
menu-bad-code = 不是加入碼：{ $text }（例如 7-river-cannon）
menu-club = 在棋會伺服器上下棋（大廳、等級分）
menu-club-title = 在棋會伺服器上下棋
menu-club-address = 伺服器：{ $text }
menu-club-name = 你的名字：{ $text }
menu-club-start = 進入大廳
menu-bad-club-name = 不是名字：{ $text }（1 到 20 個字元）
menu-net-failed = 無法進行網路對弈：{ $why }
menu-typing-keys = 輸入文字，Backspace 刪除  ↑↓ 選擇  Enter 確定  Esc 返回

## 設定畫面

settings-title = 設定
setting-theme = 配色
setting-lang = 語言
setting-pieces = 棋子
setting-board = 棋盤
setting-auto-flip = 每步後轉向走棋方
setting-level = 電腦級別
setting-threads = 電腦執行緒數
setting-analysis-lines = 分析變著數
setting-sound = 聲音（終端響鈴）
setting-blindfold = 盲棋（隱藏棋子）
theme-wood = 木紋
theme-dark = 深色
theme-light = 淺色
theme-high-contrast = 高對比度
theme-ansi16 = 終端的 16 色
lang-en = English
lang-zh-hans = 简体中文
lang-zh-hant = 繁體中文
pieces-simplified = 簡體（帅 将 马）
pieces-traditional = 繁體（帥 將 傌）
pieces-ascii = ASCII 字母（K k H）
board-red-bottom = 紅方在下
board-black-bottom = 黑方在下
value-on = 開
value-off = 關
threads-auto = 每核一個（{ $count }）
sound-note = 對方走棋、將軍和終局時響鈴
settings-keys = ↑↓ 選擇  ←→ 或 Enter 更改（立即儲存）  Esc 返回
settings-saved = 已儲存到 { $path }
settings-not-saved = 未儲存：{ $why }
settings-no-file = 沒有設定資料夾：更改在退出前有效
settings-broken = { $path } 有錯誤，因此不使用也不寫入：{ $why }
settings-replace = 用這些設定替換它（舊檔案保留為 { $old }）
settings-replaced = 已替換；舊檔案保留為 { $old }
settings-ascii-english = （棋子為 ASCII 字母時使用英文）

## 命令面板

palette-title = 尋找命令
palette-keys = 輸入名稱  ↑↓ 選擇  Enter 執行  Esc 關閉
palette-not-now = 現在不可用
palette-nothing = 沒有叫「{ $text }」的命令
palette-unavailable = 現在不能「{ $name }」
palette-no-match = 沒有叫「{ $text }」的命令

## 只說一次

first-run = 初次使用？M 開啟選單，Ctrl-P 或 / 按名稱尋找任何命令，? 列出按鍵
