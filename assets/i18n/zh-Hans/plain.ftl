# 简体中文 (Simplified Chinese), part 4 of 4: playing by ear — what `xiangqi --plain` says, a
# line at a time, and the board screen's blindfold. Part of xiangqi, under the MIT licence
# like the rest of the project (Cargo.toml); the text is the project's own.
#
# Same ids and variables as en/plain.ftl (a test compares them). A move said here is its
# Chinese notation, put together from the parts below: a test holds it to the notation the
# rules library writes.

## A move in words: "红方 炮二平五。"

plain-role = { $side ->
    [red] { $role ->
        [general] 帅
        [advisor] 仕
        [elephant] 相
        [horse] 马
        [chariot] 车
        [cannon] 炮
       *[soldier] 兵
    }
   *[black] { $role ->
        [general] 将
        [advisor] 士
        [elephant] 象
        [horse] 马
        [chariot] 车
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
    [rear] 后{ $role }
    [first] 一{ $role }
    [second] 二{ $role }
    [third] 三{ $role }
    [fourth] 四{ $role }
    [fifth] 五{ $role }
   *[file] { $role }{ $file }
}
plain-way = { $way ->
    [forward] 进{ $to }
    [back] 退{ $to }
   *[sideways] 平{ $to }
}
plain-move-words = { $mover }{ $way }
plain-move = { $side ->
    [red] 红方
   *[black] 黑方
} { $words }。
plain-move-capture = { $side ->
    [red] 红方
   *[black] 黑方
} { $words }，吃{ $taken }。
plain-piece = { $side ->
    [red] 红
   *[black] 黑
}{ $name }
plain-check = 将军！
plain-to-move = 轮到{ $side ->
    [red] 红方
   *[black] 黑方
}。
plain-sentences = { $first }{ $second }
plain-over = { $outcome }。
plain-game-over = 对局已结束：{ $outcome }。输入“新局”开始新的一局，或“悔棋”。
plain-taken-back = 悔棋：{ $side ->
    [red] 红方
   *[black] 黑方
} { $words }。
plain-repetition-wins = 注意：{ $words } 将因{ $side ->
    [red] 红方
   *[black] 黑方
}{ $perpetual }而获胜。
plain-repetition-loses = 小心：{ $words } 将因{ $perpetual }判负。
plain-repetition-draws = 注意：{ $words } 将因重复局面成和。

## Questions about the board

plain-point-empty = { $point }：空。
plain-point = { $point }：{ $piece }。
plain-piece-at = { $piece } { $point }
plain-file = { $side ->
    [red] 红方
   *[black] 黑方
}{ $number }路：{ $pieces }。
plain-file-empty = { $side ->
    [red] 红方
   *[black] 黑方
}{ $number }路：空。
plain-pieces = { $side ->
    [red] 红方
   *[black] 黑方
}：{ $groups }。
plain-group = { $name }{ $count ->
    [1] {""}
   *[other] ×{ $count }
} { $points }
plain-group-separator = ；
plain-moves = { $point } { $piece }：{ $count } 步：{ $targets }。
plain-target-capture = { $point } 吃{ $taken }
plain-no-moves = { $point } { $piece } 无子可走。
plain-not-to-move = { $point } { $piece }：现在轮到{ $side ->
    [red] 红方
   *[black] 黑方
}，不是这一方。
plain-attackers = 攻击 { $point } 的有：{ $pieces }。
plain-no-attackers = 没有子攻击 { $point }。
plain-defenders = 保护 { $point } 的有：{ $pieces }。
plain-no-defenders = 没有子保护 { $point }。
plain-numbered = 第 { $number } 回合：{ $move }
plain-no-moves-yet = 还没有走棋。
plain-material = { $side ->
    [red] 红方
   *[black] 黑方
}：{ $counts }；共 { $points } 分。
plain-count = { $name }{ $count }
plain-general-alone = 只剩{ $side ->
    [red] 帅
   *[black] 将
}
plain-time = { $minutes ->
    [0] { $seconds } 秒
   *[other] { $minutes } 分 { $seconds } 秒
}
plain-clocks = 棋钟：红方 { $red }，黑方 { $black }。
plain-no-clock = 这盘棋没有棋钟。
plain-clock-low = { $side ->
    [red] 红方
   *[black] 黑方
}剩 { $time }。
plain-turn = 第 { $number } 回合，轮到{ $side ->
    [red] 红方
   *[black] 黑方
}。
plain-in-check = { $side ->
    [red] 红方
   *[black] 黑方
}被将军。

## Talking with the player

plain-welcome = 象棋纯文本模式。输入“帮助”听命令。
plain-typed = { $text }：{ $why }
plain-unknown = { $text } 既不是命令也不是着法。输入“帮助”听命令。
plain-needs-point = { $command } 要跟一个点，如 { $command } e5。
plain-needs-file = { $command } 要跟文件名，如 { $command } game.pgn。
plain-bad-point = { $text } 不是一个点。点是列字母加行数字，如 e5；一路如“五路”。
plain-nothing-to-repeat = 还没有说过什么。
plain-computer-plays = 电脑执{ $side ->
    [red] 红方
   *[black] 黑方
}。再输入“电脑”收回这一方。
plain-computer-to-move = 电脑执{ $side ->
    [red] 红方
   *[black] 黑方
}：请等它走棋，或输入“电脑”收回这一方。
plain-plays-both = 电脑执双方。输入“电脑”接手走棋的一方。
plain-hint = 提示：{ $words }。
plain-autosave-failed = 这盘棋没有保存，--resume 无法继续：{ $why }。输入“保存”和文件名另存。
plain-loaded = 已打开一盘 { $moves } 回合的棋。
plain-loaded-result = 已打开一盘 { $moves } 回合的棋，记录的结果为 { $result }。
plain-opened = 已打开第 { $number } 局：{ $moves } 回合。
plain-picker = 这个文件有 { $count } 局。输入要打开的局号，或“返回”。
plain-picker-number = 请输入 1 到 { $count } 的数字，或“返回”。
plain-paused = 棋钟已暂停。再输入“暂停”继续。
plain-clocks-run = 棋钟继续走。
plain-help-moves = 着法：任何记法都可以，如 h2e2、C2.5 或 炮二平五，也可以用英文词，如 cannon 2 to 5。
plain-help-board = 棋盘：棋子、棋子 红、棋子 黑；一个点如 e5，或一路如 五路；着法 e5；攻击 e5；保护 e5；最近；子力；棋钟；轮到；局面。
plain-help-game = 对局：新局、悔棋、还原、提和、认输、提示、电脑（电脑接手走棋的一方，或交还）、暂停、杀法。
plain-help-files = 文件：保存 game.pgn；打开 game.pgn，或 打开 games.pgn 3；返回 回到你的对局。
plain-help-other = 另外：重复 再说一遍；是、否 回答问题；退出 离开，之后用 xiangqi --resume 继续。

## Blindfold on the board screen

blindfold-hidden = 盲棋：v 显示棋子
blindfold-peeking = 盲棋：棋子显示到下一步为止
