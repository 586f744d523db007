# 繁體中文 (Traditional Chinese), part 2 of 3: network play.
# The language's catalogue is play.ftl, network.ftl and errors.ftl read as one; the notes
# are at the head of play.ftl.

## 網路對局（xiangqi host、xiangqi join）

net-waiting = 等待對手加入——加入碼 { $code }
net-new-code = 錯誤的加入碼太多：新的加入碼是 { $code }
net-wrong-code-host = 有人輸入了錯誤的加入碼；繼續等待
net-wrong-code-guest = 被拒絕：加入碼錯誤（請核對主機螢幕上的加入碼）
net-connected = 已連線：對手已加入
net-not-connected = 對手未連線：對手加入前不能走棋
net-their-turn = 你執{ $side ->
    [red] 紅
   *[black] 黑
}——請等待對手走棋
net-not-at-end = 只能在棋局末尾走棋（] 向前）
net-asked = { $ask ->
    [takeback] 已請求悔棋
   *[draw] 已提和
}——等待對手答覆
net-question = 對手{ $ask ->
    [takeback] 請求悔回上一步
   *[draw] 提和
}：同意嗎？(y/n)
net-answered = 對手{ $yes ->
    [yes] 同意了
   *[no] 拒絕了
}{ $ask ->
    [takeback] 悔棋
   *[draw] 和棋
}
net-crossed = 對手的{ $what ->
    [move] 著法
    [resignation] 認輸
    [takeback] 悔棋請求
    [draw] 提和
    [accepted] 同意
   *[declined] 拒絕
}與你的操作同時發生，不算
net-overruled = 主機一方與你同時操作：以主機為準，你的操作已撤回
net-held = 對手{ $ask ->
    [takeback] 請求悔回上一步
   *[draw] 提和
}：你完成此處操作後再回答
net-no-takeback = 只能在自己走棋之後立即用 u 請求悔棋
net-not-in-game = 網路對局中不可用：棋局與對手共享
# The end of a network game: a takeback and a new game are not one player's to take.
net-game-over = { $outcome }   （s 儲存棋譜，q 退出）
net-they-resigned = 對手認輸
net-chat = 對手：{ $text }
net-lost-host = 連線已中斷：{ $why }——棋局已保留；對手可用同一加入碼重新加入
net-lost-guest = 連線已中斷：{ $why }——棋局已保留；再次執行同一 join 命令即可繼續
net-left = 對手離開了
net-not-sent = 未傳送：{ $why }
net-error-silent = 對方長時間沒有回應
net-error-closed = 對方關閉了連線
net-error-io = 連線出錯：{ $why }
net-error-too-long = 一幀長 { $bytes } 位元組，超過上限 { $max }
net-error-message-too-long = 一則訊息長 { $bytes } 位元組，超過上限 { $max }
net-error-not-xiangqi = 對方用的不是 xiangqi 的協定
net-error-version = 對方的協定版本是 { $theirs }，本方是 { $ours }：雙方請使用同一版本的 xiangqi
net-error-wrong-code = 加入碼錯誤
net-error-busy = 主機正忙於其他連線：請稍後再試
net-error-seat-taken = 另一位棋手仍連接著主機：這個席位已有人
net-error-forged = 一則訊息未通過驗證（被改動、重放或偽造）
net-error-malformed = 一則訊息格式有誤：{ $why }
net-error-wrong-state = 一則此時不該出現的訊息：{ $why }
net-error-illegal = 一步不合規則的著法：{ $why }
net-error-out-of-turn = 一步不是該方走的著法
net-error-exhausted = 一個連線上的訊息太多
chat-prompt = 說：{" "}
net-panel-host = 網路對局：你是主機，執{ $side ->
    [red] 紅
   *[black] 黑
}
net-panel-guest = 網路對局：你已加入，執{ $side ->
    [red] 紅
   *[black] 黑
}
net-panel-connected = 對手：已連線
net-panel-waiting = 對手：未連線
net-club-game-over = { $outcome }   （s 儲存棋局，q 回大廳）
net-club-game = 棋會對局已上棋盤：棋局和棋鐘由伺服器保管
net-panel-club = 棋會對局：你執{ $side ->
    [red] 紅
   *[black] 黑
}
net-panel-club-here = 對手：在座
net-panel-club-away = 對手：離開（伺服器保留棋局）
net-panel-code = 加入碼：{ $code }
net-panel-join = 對手執行：
net-panel-heard = 對手說：{ $text }
net-chat-only = 聊天只用於網路對局（xiangqi host / xiangqi join）
