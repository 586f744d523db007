# 简体中文 (Simplified Chinese), part 2 of 3: network play.
# The language's catalogue is play.ftl, network.ftl and errors.ftl read as one; the notes
# are at the head of play.ftl.

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
net-error-busy = 主机正忙于其他连接：请稍后再试
net-error-seat-taken = 另一位棋手仍连接着主机：这个席位已有人
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
net-club-game-over = { $outcome }   （s 保存棋局，q 回大厅）
net-club-game = 棋会对局已上棋盘：棋局和棋钟由服务器保管
net-panel-club = 棋会对局：你执{ $side ->
    [red] 红
   *[black] 黑
}
net-panel-club-here = 对手：在座
net-panel-club-away = 对手：离开（服务器保留棋局）
net-panel-code = 加入码：{ $code }
net-panel-join = 对手运行：
net-panel-heard = 对手说：{ $text }
net-chat-only = 聊天只用于网络对局（xiangqi host / xiangqi join）
