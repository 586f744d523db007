## 揭棋：暗子棋的畫面。

jieqi-title = 揭棋（暗子）
jieqi-thinking = { $side ->
    [red] 紅方
   *[black] 黑方
}（電腦）思考中…
jieqi-unseen = { $side ->
    [red] 紅方
   *[black] 黑方
}：未見 { $count }（盤上暗子 { $covered }）
jieqi-keys = 方向鍵/點擊 · 確認 拿起/放下 · m 輸入
jieqi-keys-more = u 悔棋 · r 重走 · c 電腦走 · s 儲存
jieqi-keys-last = g 認輸 · n 新局 · f 翻轉 · q 退出
jieqi-type-prompt = 著法（ICCS 如 b0c2、WXF 或中文）：
jieqi-not-your-turn = 該電腦走棋
jieqi-reveal-is-dealt = 暗子翻開是什麼由發牌決定，不能指定：請輸入不帶翻子的著法
jieqi-bad-move = { $move }：{ $why }
jieqi-illegal = { $move } 不合規則：{ $why }
jieqi-engine-no-move = 電腦找不到著法
jieqi-nothing-to-undo = 沒有可悔的棋
jieqi-nothing-to-redo = 沒有可重走的棋
jieqi-resign-again = 再按 g 認輸
jieqi-new-after-end = 本局結束後按 n 發新局（g 認輸）
jieqi-saved = 已儲存為 { $path }
jieqi-save-failed = 未能儲存：{ $why }
jieqi-no-network = 揭棋不能點對點連線：總得有一方發牌，而發牌的一方能看到暗子。請到俱樂部下揭棋，由伺服器發牌（xiangqi online 位址），或在同一終端下（xiangqi --variant jieqi），或與電腦對弈。
jieqi-resumed = 繼續未下完的揭棋；誰都沒見過的棋子重新發牌
jieqi-resume-none = { $path } 中沒有未下完的揭棋
jieqi-resume-unreadable = { $path } 無法繼續：{ $why }
jieqi-set-aside = 未下完的揭棋另存為 { $path }（現發新局）
jieqi-unfit-options = --variant jieqi 發一局新棋（或以 --resume 繼續，或以 --load 打開棋譜）：--puzzle、--setup、--plain、--engine、--clock 和第一局以外的 --game 都不適用
menu-jieqi = 揭棋（暗子）
jieqi-loaded = { $path }：{ $plies } 步；誰都沒見過的棋子重新發牌（u 後退，r 前進）
jieqi-load-unreadable = { $path } 讀不成揭棋棋譜：{ $why }
