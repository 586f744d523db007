## 揭棋：暗子棋的画面。

jieqi-title = 揭棋（暗子）
jieqi-thinking = { $side ->
    [red] 红方
   *[black] 黑方
}（电脑）思考中…
jieqi-unseen = { $side ->
    [red] 红方
   *[black] 黑方
}：未见 { $count }（盘上暗子 { $covered }）
jieqi-keys = 方向键/点击 · 回车 拿起/放下 · m 输入
jieqi-keys-more = u 悔棋 · r 重走 · c 电脑走 · s 保存
jieqi-keys-last = g 认输 · n 新局 · f 翻转 · q 退出
jieqi-type-prompt = 着法（ICCS 如 b0c2、WXF 或中文）：
jieqi-not-your-turn = 该电脑走棋
jieqi-reveal-is-dealt = 暗子翻开是什么由发牌决定，不能指定：请输入不带翻子的着法
jieqi-bad-move = { $move }：{ $why }
jieqi-illegal = { $move } 不合规则：{ $why }
jieqi-engine-no-move = 电脑找不到着法
jieqi-nothing-to-undo = 没有可悔的棋
jieqi-nothing-to-redo = 没有可重走的棋
jieqi-resign-again = 再按 g 认输
jieqi-new-after-end = 本局结束后按 n 发新局（g 认输）
jieqi-saved = 已保存为 { $path }
jieqi-save-failed = 未能保存：{ $why }
jieqi-no-network = 揭棋不能点对点联机：总得有一方发牌，而发牌的一方能看到暗子。请到俱乐部下揭棋，由服务器发牌（xiangqi online 地址），或在同一终端下（xiangqi --variant jieqi），或与电脑对弈。
jieqi-resumed = 继续未下完的揭棋；谁都没见过的棋子重新发牌
jieqi-resume-none = { $path } 中没有未下完的揭棋
jieqi-resume-unreadable = { $path } 无法继续：{ $why }
jieqi-set-aside = 未下完的揭棋另存为 { $path }（现发新局）
jieqi-unfit-options = --variant jieqi 发一局新棋（或以 --resume 继续，或以 --load 打开棋谱）：--puzzle、--setup、--plain、--engine、--clock 和第一局以外的 --game 都不适用
menu-jieqi = 揭棋（暗子）
jieqi-loaded = { $path }：{ $plies } 步；谁都没见过的棋子重新发牌（u 后退，r 前进）
jieqi-load-unreadable = { $path } 读不成揭棋棋谱：{ $why }
