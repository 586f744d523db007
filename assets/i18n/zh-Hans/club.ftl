# 简体中文：棋会的大厅和棋盘上的棋会对局（xiangqi online）。与本文件夹其他文件合为一个目录。

## 大厅

club-title = 棋会 { $server } — { $name } · { $category } { $rating }
club-category = { $category ->
    [bullet] 超快棋
    [blitz] 快棋
    [rapid] 中速棋
   *[classical] 慢棋
}
club-pane-seeks = 约战
club-pane-games = 进行中的对局
club-pane-players = 在线棋手 · { $category }
club-pane-chat = 大厅聊天
club-pane-archive = 我的对局
club-waiting = 正在等待大厅…
club-empty = （无）
club-idle = 空闲
club-playing = 对局中
club-bot = 电脑
club-rated = { $rated ->
    [yes] 计分
   *[no] 不计分
}
club-colour = { $colour ->
    [red] 执红
    [black] 执黑
   *[random] 随机先后
}
club-seek-line = { $clock } { $rated } · { $colour } · { $name } { $rating }
club-game-line = { $red } { $red-rating } – { $black } { $black-rating } · { $clock } { $rated } · { $watchers } 人观战
club-archive-line = { $date } { $red } – { $black } { $result } · { $clock } { $rated } · { $plies } 步
club-keys = s 约战 · Enter 应战/观战/挑战/打开 · c 挑战 · p 私人对局 · J 用码加入 · w 观战 · x 撤回约战/挑战 · C 聊天 · h 我的对局 · Tab 换列表 · q 退出
club-keys-game = b 回到你的对局
club-keys-closed = r 重新连接 · q 退出
club-form = { $kind ->
    [seek] 新约战
    [private] 私人对局
   *[challenge] 挑战 { $name }
}
club-field-clock = 时限
club-field-rated = 计分
club-field-colour = 先后
club-field-variant = 棋种
club-variant = { $variant ->
    [jieqi] 揭棋
   *[xiangqi] 象棋
}
club-jieqi-mark = 揭棋
club-form-keys = Tab 下一项 · ←/→ 更改 · Enter 发送 · Esc 取消
club-prompt = { $ask ->
    [chat] 说：
    [challenge] 挑战谁：
   *[code] 加入码：
}
club-bad-clock = “{ $clock }”不是时限：分钟+每步加秒，如 5+3（最多 180+180）
club-private-opened = 私人对局 { $clock } 已开：把加入码 { $code } 告诉朋友（对方按 J）
club-challenged = { $name } { $rating } 向你挑战：{ $clock } { $rated }——接受吗？(y/n)
club-challenge-sent = 已向 { $name } 发出{ $variant ->
    [jieqi] 揭棋
   *[xiangqi] { "" }
}挑战：等待回答（x 撤回）
club-challenge-declined = 你的挑战被拒绝了
club-nothing-selected = 这个列表里没有选中的项
club-own-seek = 这是你自己的约战：x 撤回
club-game-goes-on = 你的对局还在进行：b 回到对局
club-reconnecting = 正在重新连接…
club-fetching = 正在向服务器索取你的对局…
club-no-review = { $why ->
    [jieqi] 揭棋对局不能在这里复盘：用行模式（xiangqi online --lines）的 pgn 对局号取得棋谱，再用 xiangqi --load 打开
   *[unreadable] 这局的棋谱无法读取，不能复盘
}
club-closed = 会话已结束：{ $why ->
    [version] 服务器使用另一个协议版本
    [bad_name] 名字被拒绝
    [name_taken] 这个名字属于另一位棋手的密钥
    [key_has_name] 这个密钥属于另一个名字
    [banned] 该棋手已被封禁
    [full] 服务器已满
    [logged_in_elsewhere] 已在别处重新登录
    [protocol] 客户端违反了协议
    [timeout] 太久没有回应
    [stopping] 服务器正在停止
    [too_slow] 连接落后太多
    [unavailable] 服务器现在无法登录棋手
    [left] 你已离开
   *[lost] 连接中断
}——r 重新连接，q 退出
club-denied = 被拒绝：{ $why ->
    [illegal_move] 这步棋违反规则
    [not_a_move] 这不是一步棋
    [not_your_turn] 还没轮到你走
    [stale] 棋局已经变了
    [not_a_player] 你不是这盘棋的棋手
    [no_such_game] 没有这盘棋
    [no_such_seek] 这个约战已经没了
    [no_such_challenge] 这个挑战已经没了
    [no_such_player] 这位棋手不在线
    [no_such_code] 没有用这个码的私人对局
    [game_over] 对局已结束
    [busy] 这位棋手正在对局
    [own_offer] 这是你自己的
    [too_many] 同时开的太多
    [rate_limited] 请求太频繁：请稍等
    [bad_clock] 服务器不用这个时限
    [nothing_to_answer] 没有要回答的
    [nothing_to_take_back] 没有可悔的棋
    [too_late_to_abort] 太晚了，不能取消：请认输
    [cannot_claim] 现在还不能判胜
    [not_now] 现在不行
    [empty] 没有内容
    [guests_casual] 访客只能下不计分的棋：用密钥连接才能下计分棋
    [jieqi_casual] 揭棋在这里只下不计分的棋：发牌靠运气
    [bots_xiangqi_only] 俱乐部的电脑只下象棋
   *[storage] 现在无法读取棋谱库
}

## 棋盘上的棋会对局

club-board-players = { $red } { $red-rating } – { $black } { $black-rating } · { $clock } { $rated } · { $watchers } 人观战
club-board-keys-player = X 取消对局 · W 判胜 · = 判和 · q 回大厅
club-board-keys-watcher = 观战中：不能走棋 · q 回大厅
club-board-keys-over = q 回大厅
club-board-away = { $side ->
    [red] 红方
   *[black] 黑方
}离开了对局：{ $secs } 秒后可判
club-board-back = { $side ->
    [red] 红方
   *[black] 黑方
}回来了
club-board-claim-open = 对手没有回来：W 判胜，= 判和
club-board-ended = { $verdict ->
    [red_wins] 红胜
    [black_wins] 黑胜
    [draw] 和棋
   *[aborted] 对局取消
}（{ $how ->
    [checkmate] 将死
    [no_legal_move] 困毙
    [perpetual_check] 长将
    [perpetual_chase] 长捉
    [repetition] 重复局面
    [move_limit] 步数限制
    [insufficient_material] 双方无子力取胜
    [resignation] 认输
    [agreement] 议和
    [time_forfeit] 超时
    [abandoned] 弃局
    [aborted] 取消
    [no_start] 未走第一步
   *[other] 其他
}）
club-board-rating = 你的等级分 { $before } → { $after }
club-board-lost = 连接中断：R 重新连接（服务器会为你保留对局一段时间）
# The SSH front end (xiangqi server --ssh), said to a client before closing its session.
ssh-needs-terminal = 本棋社须在终端中下棋：请用 ssh -t 连接（并在你自己的终端里）。
ssh-no-program = 棋社暂时无法开始你的会话，请稍后再试。

## 棋盘上的俱乐部揭棋

club-jieqi-title = { $you ->
    [red] 俱乐部揭棋：你执红
    [black] 俱乐部揭棋：你执黑
   *[watching] 俱乐部揭棋：观战中
}
club-jieqi-keys = 方向键/点击 · Enter 拿起/放下 · m 输入着法
club-jieqi-keys-more = d 提和 · u 悔棋 · y/n 回答
club-jieqi-keys-last = g 认输 · C 聊天 · f 翻转 · q 回大厅
club-jieqi-keys-watcher = C 聊天 · f 翻转 · q 回大厅
club-jieqi-sent = 着法已发出：服务器走出后才显示，并告知翻出的棋子
club-jieqi-watching = 你在观战：不能在这里走棋
club-jieqi-draw-offered = 对方提和：y 同意，n 拒绝
club-jieqi-takeback-asked = 对方请求悔棋：y 同意，n 拒绝
club-jieqi-declined = 被拒绝了
club-jieqi-asked = { $what ->
    [draw] 你已提和
   *[takeback] 你已请求悔棋
}：等待对方回答
club-jieqi-unplayable = 服务器发来本棋盘走不了的着法：{ $move }（{ $why }）：本棋盘可能与服务器的对局不同
club-jieqi-missed = 漏收了服务器的一步棋：本棋盘可能与服务器的对局不同
