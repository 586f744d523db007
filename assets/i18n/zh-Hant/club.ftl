# 繁體中文：棋會的大廳和棋盤上的棋會對局（xiangqi online）。與本資料夾其他檔案合為一個目錄。

## 大廳

club-title = 棋會 { $server } — { $name } · { $category } { $rating }
club-category = { $category ->
    [bullet] 超快棋
    [blitz] 快棋
    [rapid] 中速棋
   *[classical] 慢棋
}
club-pane-seeks = 約戰
club-pane-games = 進行中的對局
club-pane-players = 線上棋手 · { $category }
club-pane-chat = 大廳聊天
club-pane-archive = 我的對局
club-waiting = 正在等待大廳…
club-empty = （無）
club-idle = 空閒
club-playing = 對局中
club-bot = 電腦
club-rated = { $rated ->
    [yes] 計分
   *[no] 不計分
}
club-colour = { $colour ->
    [red] 執紅
    [black] 執黑
   *[random] 隨機先後
}
club-seek-line = { $clock } { $rated } · { $colour } · { $name } { $rating }
club-game-line = { $red } { $red-rating } – { $black } { $black-rating } · { $clock } { $rated } · { $watchers } 人觀戰
club-archive-line = { $date } { $red } – { $black } { $result } · { $clock } { $rated } · { $plies } 步
club-keys = s 約戰 · Enter 應戰/觀戰/挑戰/打開 · c 挑戰 · p 私人對局 · J 用碼加入 · w 觀戰 · x 撤回約戰/挑戰 · C 聊天 · h 我的對局 · Tab 換列表 · q 退出
club-keys-game = b 回到你的對局
club-keys-closed = r 重新連線 · q 退出
club-form = { $kind ->
    [seek] 新約戰
    [private] 私人對局
   *[challenge] 挑戰 { $name }
}
club-field-clock = 時限
club-field-rated = 計分
club-field-colour = 先後
club-field-variant = 棋種
club-variant = { $variant ->
    [jieqi] 揭棋
   *[xiangqi] 象棋
}
club-jieqi-mark = 揭棋
club-form-keys = Tab 下一項 · ←/→ 更改 · Enter 發送 · Esc 取消
club-prompt = { $ask ->
    [chat] 說：
    [challenge] 挑戰誰：
   *[code] 加入碼：
}
club-bad-clock = “{ $clock }”不是時限：分鐘+每步加秒，如 5+3（最多 180+180）
club-private-opened = 私人對局 { $clock } 已開：把加入碼 { $code } 告訴朋友（對方按 J）
club-challenged = { $name } { $rating } 向你挑戰：{ $clock } { $rated }——接受嗎？(y/n)
club-challenge-sent = 已向 { $name } 發出{ $variant ->
    [jieqi] 揭棋
   *[xiangqi] { "" }
}挑戰：等待回答（x 撤回）
club-challenge-declined = 你的挑戰被拒絕了
club-nothing-selected = 這個列表裡沒有選中的項
club-own-seek = 這是你自己的約戰：x 撤回
club-game-goes-on = 你的對局還在進行：b 回到對局
club-reconnecting = 正在重新連線…
club-fetching = 正在向伺服器索取你的對局…
club-no-review = { $why ->
    [jieqi] 揭棋對局不能在這裡覆盤：用行模式（xiangqi online --lines）的 pgn 對局號取得棋譜，再用 xiangqi --load 開啟
   *[unreadable] 這局的棋譜無法讀取，不能覆盤
}
club-closed = 會話已結束：{ $why ->
    [version] 伺服器使用另一個協議版本
    [bad_name] 名字被拒絕
    [name_taken] 這個名字屬於另一位棋手的金鑰
    [key_has_name] 這個金鑰屬於另一個名字
    [banned] 該棋手已被封禁
    [full] 伺服器已滿
    [logged_in_elsewhere] 已在別處重新登入
    [protocol] 用戶端違反了協議
    [timeout] 太久沒有回應
    [stopping] 伺服器正在停止
    [too_slow] 連線落後太多
    [unavailable] 伺服器現在無法登入棋手
    [left] 你已離開
   *[lost] 連線中斷
}——r 重新連線，q 退出
club-denied = 被拒絕：{ $why ->
    [illegal_move] 這步棋違反規則
    [not_a_move] 這不是一步棋
    [not_your_turn] 還沒輪到你走
    [stale] 棋局已經變了
    [not_a_player] 你不是這盤棋的棋手
    [no_such_game] 沒有這盤棋
    [no_such_seek] 這個約戰已經沒了
    [no_such_challenge] 這個挑戰已經沒了
    [no_such_player] 這位棋手不在線上
    [no_such_code] 沒有用這個碼的私人對局
    [game_over] 對局已結束
    [busy] 這位棋手正在對局
    [own_offer] 這是你自己的
    [too_many] 同時開的太多
    [rate_limited] 請求太頻繁：請稍等
    [bad_clock] 伺服器不用這個時限
    [nothing_to_answer] 沒有要回答的
    [nothing_to_take_back] 沒有可悔的棋
    [too_late_to_abort] 太晚了，不能取消：請認輸
    [cannot_claim] 現在還不能判勝
    [not_now] 現在不行
    [empty] 沒有內容
    [guests_casual] 訪客只能下不計分的棋：用金鑰連線才能下計分棋
    [jieqi_casual] 揭棋在這裡只下不計分的棋：發牌靠運氣
    [bots_xiangqi_only] 俱樂部的電腦只下象棋
   *[storage] 現在無法讀取棋譜庫
}

## 棋盤上的棋會對局

club-board-players = { $red } { $red-rating } – { $black } { $black-rating } · { $clock } { $rated } · { $watchers } 人觀戰
club-board-keys-player = X 取消對局 · W 判勝 · = 判和 · q 回大廳
club-board-keys-watcher = 觀戰中：不能走棋 · q 回大廳
club-board-keys-over = q 回大廳
club-board-away = { $side ->
    [red] 紅方
   *[black] 黑方
}離開了對局：{ $secs } 秒後可判
club-board-back = { $side ->
    [red] 紅方
   *[black] 黑方
}回來了
club-board-claim-open = 對手沒有回來：W 判勝，= 判和
club-board-ended = { $verdict ->
    [red_wins] 紅勝
    [black_wins] 黑勝
    [draw] 和棋
   *[aborted] 對局取消
}（{ $how ->
    [checkmate] 將死
    [no_legal_move] 困斃
    [perpetual_check] 長將
    [perpetual_chase] 長捉
    [repetition] 重複局面
    [move_limit] 步數限制
    [insufficient_material] 雙方無子力取勝
    [resignation] 認輸
    [agreement] 議和
    [time_forfeit] 超時
    [abandoned] 棄局
    [aborted] 取消
    [no_start] 未走第一步
   *[other] 其他
}）
club-board-rating = 你的等級分 { $before } → { $after }
club-board-lost = 連線中斷：R 重新連線（伺服器會為你保留對局一段時間）
# The SSH front end (xiangqi server --ssh), said to a client before closing its session.
ssh-needs-terminal = 本棋社須在終端中下棋：請用 ssh -t 連線（並在你自己的終端裡）。
ssh-no-program = 棋社暫時無法開始你的工作階段，請稍後再試。

## 棋盤上的俱樂部揭棋

club-jieqi-title = { $you ->
    [red] 俱樂部揭棋：你執紅
    [black] 俱樂部揭棋：你執黑
   *[watching] 俱樂部揭棋：觀戰中
}
club-jieqi-keys = 方向鍵/點擊 · Enter 拿起/放下 · m 輸入著法
club-jieqi-keys-more = d 提和 · u 悔棋 · y/n 回答
club-jieqi-keys-last = g 認輸 · C 聊天 · f 翻轉 · q 回大廳
club-jieqi-keys-watcher = C 聊天 · f 翻轉 · q 回大廳
club-jieqi-sent = 著法已發出：伺服器走出後才顯示，並告知翻出的棋子
club-jieqi-watching = 你在觀戰：不能在這裡走棋
club-jieqi-draw-offered = 對方提和：y 同意，n 拒絕
club-jieqi-takeback-asked = 對方請求悔棋：y 同意，n 拒絕
club-jieqi-declined = 被拒絕了
club-jieqi-asked = { $what ->
    [draw] 你已提和
   *[takeback] 你已請求悔棋
}：等待對方回答
club-jieqi-unplayable = 伺服器發來本棋盤走不了的著法：{ $move }（{ $why }）：本棋盤可能與伺服器的對局不同
club-jieqi-missed = 漏收了伺服器的一步棋：本棋盤可能與伺服器的對局不同
