# English, part 4 of 4: playing by ear — what `xiangqi --plain` says, a line at a time, and
# the board screen's blindfold. Part of xiangqi, under the MIT licence like the rest of the
# project (Cargo.toml); the text is the project's own.
#
# Everything here is read aloud by a screen reader or shown on a braille display: short
# sentences, no marks that a voice reads out. Variables named $side are the keys "red" or
# "black"; $role one of general, advisor, elephant, horse, chariot, cannon, soldier.

## A move in words: "Red cannon two to five."

# $side is there for the languages whose pieces differ by side (帅 and 将); English names
# them alike.
plain-role = { $side ->
   *[other] { $role ->
        [general] general
        [advisor] advisor
        [elephant] elephant
        [horse] horse
        [chariot] chariot
        [cannon] cannon
       *[soldier] soldier
    }
}
# A file (counted from the mover's right) or a number of points, 1 to 9.
plain-number = { $side ->
   *[other] { $n ->
        [1] one
        [2] two
        [3] three
        [4] four
        [5] five
        [6] six
        [7] seven
        [8] eight
        [9] nine
       *[other] { $n }
    }
}
# Which piece moves: $role is a plain-role, $file a plain-number; $place says how the piece
# is told from the others of its kind on its file (file when it is alone there).
plain-mover = { $place ->
    [front] front { $role }
    [middle] middle { $role }
    [rear] rear { $role }
    [first] first { $role }
    [second] second { $role }
    [third] third { $role }
    [fourth] fourth { $role }
    [fifth] fifth { $role }
   *[file] { $role } { $file }
}
# Which way it goes: $to is a plain-number, a file going sideways (and for the horse, the
# elephant and the advisor), else how many points.
plain-way = { $way ->
    [forward] forward { $to }
    [back] back { $to }
   *[sideways] to { $to }
}
plain-move-words = { $mover } { $way }
# $words is a plain-move-words.
plain-move = { $side ->
    [red] Red
   *[black] Black
} { $words }.
# $taken is a plain-piece.
plain-move-capture = { $side ->
    [red] Red
   *[black] Black
} { $words }, takes { $taken }.
# A piece with its side: $name is a plain-role.
plain-piece = { $side ->
    [red] red
   *[black] black
} { $name }
plain-check = Check.
plain-to-move = { $side ->
    [red] Red
   *[black] Black
} to move.
# Two sentences said one after the other.
plain-sentences = { $first } { $second }
# $outcome is the winner and the reason.
plain-over = { $outcome }.
plain-game-over = The game is over: { $outcome }. Type new for a new game, or undo.
plain-taken-back = Took back { $side ->
    [red] red
   *[black] black
} { $words }.
# The referee's warnings: $words is the move, $perpetual "perpetual check" or "perpetual
# chase", $side the side that keeps it up.
plain-repetition-wins = Note: { $words } would win, by { $side ->
    [red] red's
   *[black] black's
} { $perpetual }.
plain-repetition-loses = Careful: { $words } would lose, by { $perpetual }.
plain-repetition-draws = Note: { $words } would draw by repetition.

## Questions about the board

plain-point-empty = { $point }: empty.
# $piece is a plain-piece.
plain-point = { $point }: { $piece }.
# A piece and where it stands: "red cannon h2".
plain-piece-at = { $piece } { $point }
# A whole file: $number is a plain-number, counted from $side's right; $pieces from that
# side's edge of the board.
plain-file = { $side ->
    [red] Red's
   *[black] Black's
} file { $number }: { $pieces }.
plain-file-empty = { $side ->
    [red] Red's
   *[black] Black's
} file { $number }: empty.
# One side's pieces: $groups are plain-group, each a kind of piece and its points.
plain-pieces = { $side ->
    [red] Red
   *[black] Black
}: { $groups }.
plain-group = { $count ->
    [one] { $name }
   *[other] { $count } { $name }s
} { $points }
plain-group-separator = {"; "}
# The moves of one piece: $targets are points, a capture said as plain-target-capture.
plain-moves = { $piece } on { $point }: { $count ->
    [one] one move
   *[other] { $count } moves
}: { $targets }.
plain-target-capture = { $point } takes { $taken }
plain-no-moves = { $piece } on { $point } has no legal move.
plain-not-to-move = { $piece } on { $point }: it is { $side ->
    [red] Red's
   *[black] Black's
} turn, not this piece's side.
# $pieces are plain-piece-at.
plain-attackers = { $point } is attacked by { $pieces }.
plain-no-attackers = Nothing attacks { $point }.
plain-defenders = { $point } is defended by { $pieces }.
plain-no-defenders = Nothing defends { $point }.
# One of the last moves: $number is the move's number, $move a plain-move.
plain-numbered = { $number }: { $move }
plain-no-moves-yet = No move has been played yet.
# $counts are plain-count; $points the material in soldiers (chariot 9, cannon 4.5 …).
plain-material = { $side ->
    [red] Red
   *[black] Black
}: { $counts }; { $points } points.
plain-count = { $count } { $count ->
    [one] { $name }
   *[other] { $name }s
}
# $side is there for the languages whose generals differ by side.
plain-general-alone = { $side ->
   *[other] the general alone
}
plain-time = { $minutes ->
    [0] { $seconds } s
   *[other] { $minutes } min { $seconds } s
}
plain-clocks = Clocks: Red { $red }, Black { $black }.
plain-no-clock = This game has no clock.
plain-clock-low = { $side ->
    [red] Red
   *[black] Black
}: { $time } left.
plain-turn = Move { $number }, { $side ->
    [red] Red
   *[black] Black
} to move.
plain-in-check = { $side ->
    [red] Red is
   *[black] Black is
} in check.

## Talking with the player

plain-welcome = xiangqi in plain text. Type help to hear the commands.
plain-typed = { $text }: { $why }
plain-unknown = { $text } is neither a command nor a move. Type help to hear the commands.
plain-needs-point = { $command } needs a point, like { $command } e5.
plain-needs-file = { $command } needs a file name, like { $command } game.pgn.
plain-bad-point = { $text } is not a point. A point is a file letter and a rank digit, like e5; a file is like file 5.
plain-nothing-to-repeat = Nothing has been said yet.
plain-computer-plays = The computer plays { $side ->
    [red] red
   *[black] black
}. Type computer again to take that side back.
plain-computer-to-move = The computer plays { $side ->
    [red] red
   *[black] black
}: wait for its move, or type computer to take the side back.
plain-plays-both = The computer plays both sides. Type computer to take the side to move.
plain-hint = Hint: { $words }.
plain-autosave-failed = The game is not kept for --resume: { $why }. Type save and a file name to keep it elsewhere.
plain-loaded = Opened a game of { $moves } { $moves ->
    [one] move
   *[other] moves
}.
plain-loaded-result = Opened a game of { $moves } { $moves ->
    [one] move
   *[other] moves
}, recorded result { $result }.
plain-opened = Opened game { $number }: { $moves } { $moves ->
    [one] move
   *[other] moves
}.
plain-picker = This file holds { $count } games. Type the number of one to open it, or back.
plain-picker-number = Type a number from 1 to { $count }, or back.
plain-paused = Clocks paused. Type pause again to go on.
plain-clocks-run = Clocks running again.
plain-help-moves = Moves: type them in any notation, like h2e2, C2.5 or 炮二平五, or in words, like cannon 2 to 5, horse 8 forward 7, front chariot back 2.
plain-help-board = The board: pieces, pieces red, pieces black; a point like e5, or a file like file 5; moves e5; attackers e5; defenders e5; last; material; clock; turn; fen.
plain-help-game = The game: new, undo, redo, draw, resign, hint, computer (the computer takes the side to move, or gives it back), pause, puzzle.
plain-help-files = Files: save game.pgn; open game.pgn, or open games.pgn 3; back returns to your game.
plain-help-other = Also: again repeats what was said; yes and no answer a question; quit leaves, and xiangqi --resume goes on later.

## Blindfold on the board screen

blindfold-hidden = Blindfold: v shows the pieces
blindfold-peeking = Blindfold: the pieces show until the next move
