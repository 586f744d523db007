# 繁體中文 (Traditional Chinese), part 4 of 4: playing by ear — what `xiangqi --plain` says, a
# line at a time, and the board screen's blindfold. Part of xiangqi, under the MIT licence
# like the rest of the project (Cargo.toml); the text is the project's own.
#
# Same ids and variables as en/plain.ftl (a test compares them). A move said here is its
# Chinese notation in traditional characters, put together from the parts below: a test
# holds it to the notation the rules library writes.

## A move in words: "紅方 炮二平五。"

plain-role = { $side ->
    [red] { $role ->
        [general] 帥
        [advisor] 仕
        [elephant] 相
        [horse] 馬
        [chariot] 車
        [cannon] 炮
       *[soldier] 兵
    }
   *[black] { $role ->
        [general] 將
        [advisor] 士
        [elephant] 象
        [horse] 馬
        [chariot] 車
        [cannon] 炮
       *[soldier] 卒
    }
}
# Red counts in Chinese numerals, black in digits, as the notation writes them.
plain-number = { $side ->
    [red] { $n ->
        [1] 一
        [2] 二
        [3] 三
        [4] 四
        [5] 五
        [6] 六
        [7] 七
        [8] 八
        [9] 九
       *[other] { $n }
    }
   *[black] { $n }
}
plain-mover = { $place ->
    [front] 前{ $role }
    [middle] 中{ $role }
    [rear] 後{ $role }
    [first] 一{ $role }
    [second] 二{ $role }
    [third] 三{ $role }
    [fourth] 四{ $role }
    [fifth] 五{ $role }
   *[file] { $role }{ $file }
}
plain-way = { $way ->
    [forward] 進{ $to }
    [back] 退{ $to }
   *[sideways] 平{ $to }
}
plain-move-words = { $mover }{ $way }
plain-move = { $side ->
    [red] 紅方
   *[black] 黑方
} { $words }。
plain-move-capture = { $side ->
    [red] 紅方
   *[black] 黑方
} { $words }，吃{ $taken }。
plain-piece = { $side ->
    [red] 紅
   *[black] 黑
}{ $name }
plain-check = 將軍！
plain-to-move = 輪到{ $side ->
    [red] 紅方
   *[black] 黑方
}。
plain-sentences = { $first }{ $second }
plain-over = { $outcome }。
plain-game-over = 對局已結束：{ $outcome }。輸入「新局」開始新的一局，或「悔棋」。
plain-taken-back = 悔棋：{ $side ->
    [red] 紅方
   *[black] 黑方
} { $words }。
plain-repetition-wins = 注意：{ $words } 將因{ $side ->
    [red] 紅方
   *[black] 黑方
}{ $perpetual }而獲勝。
plain-repetition-loses = 小心：{ $words } 將因{ $perpetual }判負。
plain-repetition-draws = 注意：{ $words } 將因重複局面成和。

## Questions about the board

plain-point-empty = { $point }：空。
plain-point = { $point }：{ $piece }。
plain-piece-at = { $piece } { $point }
plain-file = { $side ->
    [red] 紅方
   *[black] 黑方
}{ $number }路：{ $pieces }。
plain-file-empty = { $side ->
    [red] 紅方
   *[black] 黑方
}{ $number }路：空。
plain-pieces = { $side ->
    [red] 紅方
   *[black] 黑方
}：{ $groups }。
plain-group = { $name }{ $count ->
    [1] {""}
   *[other] ×{ $count }
} { $points }
plain-group-separator = ；
plain-moves = { $point } { $piece }：{ $count } 步：{ $targets }。
plain-target-capture = { $point } 吃{ $taken }
plain-no-moves = { $point } { $piece } 無子可走。
plain-not-to-move = { $point } { $piece }：現在輪到{ $side ->
    [red] 紅方
   *[black] 黑方
}，不是這一方。
plain-attackers = 攻擊 { $point } 的有：{ $pieces }。
plain-no-attackers = 沒有子攻擊 { $point }。
plain-defenders = 保護 { $point } 的有：{ $pieces }。
plain-no-defenders = 沒有子保護 { $point }。
plain-numbered = 第 { $number } 回合：{ $move }
plain-no-moves-yet = 還沒有走棋。
plain-material = { $side ->
    [red] 紅方
   *[black] 黑方
}：{ $counts }；共 { $points } 分。
plain-count = { $name }{ $count }
plain-general-alone = 只剩{ $side ->
    [red] 帥
   *[black] 將
}
plain-time = { $minutes ->
    [0] { $seconds } 秒
   *[other] { $minutes } 分 { $seconds } 秒
}
plain-clocks = 棋鐘：紅方 { $red }，黑方 { $black }。
plain-no-clock = 這盤棋沒有棋鐘。
plain-clock-low = { $side ->
    [red] 紅方
   *[black] 黑方
}剩 { $time }。
plain-turn = 第 { $number } 回合，輪到{ $side ->
    [red] 紅方
   *[black] 黑方
}。
plain-in-check = { $side ->
    [red] 紅方
   *[black] 黑方
}被將軍。

## Talking with the player

plain-welcome = 象棋純文字模式。輸入「幫助」聽命令。
plain-typed = { $text }：{ $why }
plain-unknown = { $text } 既不是命令也不是著法。輸入「幫助」聽命令。
plain-needs-point = { $command } 要跟一個點，如 { $command } e5。
plain-needs-file = { $command } 要跟檔名，如 { $command } game.pgn。
plain-bad-point = { $text } 不是一個點。點是列字母加行數字，如 e5；一路如「五路」。
plain-nothing-to-repeat = 還沒有說過什麼。
plain-computer-plays = 電腦執{ $side ->
    [red] 紅方
   *[black] 黑方
}。再輸入「電腦」收回這一方。
plain-computer-to-move = 電腦執{ $side ->
    [red] 紅方
   *[black] 黑方
}：請等它走棋，或輸入「電腦」收回這一方。
plain-plays-both = 電腦執雙方。輸入「電腦」接手走棋的一方。
plain-hint = 提示：{ $words }。
plain-autosave-failed = 這盤棋沒有儲存，--resume 無法繼續：{ $why }。輸入「儲存」和檔名另存。
plain-loaded = 已開啟一盤 { $moves } 回合的棋。
plain-loaded-result = 已開啟一盤 { $moves } 回合的棋，記錄的結果為 { $result }。
plain-opened = 已開啟第 { $number } 局：{ $moves } 回合。
plain-picker = 這個檔案有 { $count } 局。輸入要開啟的局號，或「返回」。
plain-picker-number = 請輸入 1 到 { $count } 的數字，或「返回」。
plain-paused = 棋鐘已暫停。再輸入「暫停」繼續。
plain-clocks-run = 棋鐘繼續走。
plain-help-moves = 著法：任何記法都可以，如 h2e2、C2.5 或 炮二平五，也可以用英文詞，如 cannon 2 to 5。
plain-help-board = 棋盤：棋子、棋子 紅、棋子 黑；一個點如 e5，或一路如 五路；著法 e5；攻擊 e5；保護 e5；最近；子力；棋鐘；輪到；局面。
plain-help-game = 對局：新局、悔棋、還原、提和、認輸、提示、電腦（電腦接手走棋的一方，或交還）、暫停、殺法。
plain-help-files = 檔案：儲存 game.pgn；開啟 game.pgn，或 開啟 games.pgn 3；返回 回到你的對局。
plain-help-other = 另外：重複 再說一遍；是、否 回答問題；退出 離開，之後用 xiangqi --resume 繼續。

## Blindfold on the board screen

blindfold-hidden = 盲棋：v 顯示棋子
blindfold-peeking = 盲棋：棋子顯示到下一步為止
