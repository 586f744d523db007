# English: every sentence the xiangqi game screen shows, in Project Fluent syntax, in three
# files read as one: this one (playing and studying a game), network.ftl and errors.ftl.
# Part of xiangqi, under the MIT licence like the rest of the project (Cargo.toml); the text
# is the project's own.
#
# Each message has the same id and takes the same variables in en/, zh-Hans/ and zh-Hant/
# (a test compares them). Variables named $side, $other and $loser are the
# keys "red" or "black", never shown as they are: each language picks its own words.
# Spaces that start or end a message are written { " " }, since Fluent drops them
# otherwise; the padding around titles and hints is the screen's, not the catalogue's.

## The panel and the board

title = 象棋 xiangqi
# The title where only ASCII can be shown (--ascii).
title-ascii = XIANGQI
# Instead of the title while a record or puzzle is in front of the played game.
game-aside = b: back to your game
side-red = Red
side-black = Black
to-move = { $side ->
    [red] Red
   *[black] Black
} to move
check = check!
# $notation is one of the notation-* names below.
moves-heading = Moves ({ $notation })
notation-chinese = Chinese
notation-wxf = WXF
notation-iccs = ICCS
paused = Paused
paused-hint = p resumes
clock-byoyomi = byo-yomi
clock-paused = paused

## The game's end

outcome-red-wins = Red wins
outcome-black-wins = Black wins
outcome-draw = Draw
reason-checkmate = checkmate
reason-no-legal-move = { $loser ->
    [red] Red
   *[black] Black
} has no legal move
reason-perpetual-check = perpetual check by { $loser ->
    [red] Red
   *[black] Black
}
reason-perpetual-chase = perpetual chase by { $loser ->
    [red] Red
   *[black] Black
}
reason-repetition = threefold repetition
# $moves is each side's moves without a capture (60).
reason-move-limit = { $moves } { $moves ->
    [one] move
   *[other] moves
} each without capture
reason-insufficient-material = no piece can cross the river
reason-resignation = { $loser ->
    [red] Red
   *[black] Black
} resigned
reason-agreement = agreed by both players
reason-time-forfeit = { $loser ->
    [red] Red's
   *[black] Black's
} time ran out
reason-time-forfeit-draw = { $loser ->
    [red] Red's time ran out; Black cannot win
   *[black] Black's time ran out; Red cannot win
}

# How a game ended in a few words, without who (a recorded game's [Termination]).
termination-checkmate = checkmate
termination-no-legal-move = no legal move
termination-perpetual-check = perpetual check
termination-perpetual-chase = perpetual chase
termination-repetition = repetition
# English says only "move limit"; $moves (60) is there for the languages that count.
termination-move-limit = { $moves ->
   *[other] move limit
}
termination-insufficient-material = insufficient material
termination-resignation = resignation
termination-agreement = agreement
termination-time-forfeit = time forfeit

# A loaded game's recorded result ($result is "1-0", "0-1" or "1/2-1/2").
recorded = { $result } as recorded
recorded-why = { $result } as recorded: { $why }

## Repetition and the move limit

# $move is the move in the notation shown; $side is who keeps up the perpetual;
# $perpetual is termination-perpetual-check or -chase.
repetition-wins = ! { $move } wins: { $side ->
    [red] Red's
   *[black] Black's
} { $perpetual }
repetition-loses = ! { $move } loses: { $perpetual }
repetition-draws = ! { $move } draws: repetition
more-warnings = ! and { $count } more { $count ->
    [one] move
   *[other] moves
} that repeat
move-limit = Move limit: { $plies } of { $limit } { $limit ->
    [one] ply
   *[other] plies
}

## Questions (y/n)

question-new-game = Start a new game? (y/n)
question-new-game-behind = Start a new game? Your game, behind this one, ends (y/n)
question-resign = { $side ->
    [red] Red
   *[black] Black
}, resign this game? (y/n)
question-draw = { $side ->
    [red] Red
   *[black] Black
} offers a draw — { $other ->
    [red] Red
   *[black] Black
}, accept? (y/n)
question-overwrite = { $file } exists — replace it? (y/n)
question-quit = Quit? The game is saved and can be resumed (y/n)
question-open-pasted-game = Open the game just pasted? (y/n)
question-open-pasted-position = Open the position just pasted? (y/n)
paste-ignored = What was pasted is neither a position (FEN) nor a game: nothing done
paste-unread = What was pasted does not read: { $why } — nothing done
no-comment = This move has no comment to read ({"{"} writes one)
comment-title = Comment
comment-keys = lines { $from }–{ $to } of { $all } · ↑↓ PgUp PgDn scroll · any other key closes
comment-more = … {"}"} more
question-quit-unsaved = Quit? The game is NOT saved ({ $why }): s saves it elsewhere (y/n/s)

## Why the rules refuse a move

illegal-no-piece = there is no piece there
illegal-not-your-piece = that piece is not yours to move
illegal-null-move = the piece must move
illegal-own-piece = you cannot capture your own piece
illegal-shape-general = the general moves one point along a line
illegal-shape-advisor = the advisor moves one point diagonally
illegal-shape-elephant = the elephant moves exactly two points diagonally
illegal-shape-horse = the horse moves one point straight and one diagonally
illegal-shape-chariot = the chariot moves along a straight line
illegal-shape-cannon = the cannon moves along a straight line
illegal-shape-soldier = the soldier moves one point
# $role is the piece's key: general, advisor, elephant, horse, chariot, cannon, soldier.
illegal-leaves-palace = the { $role ->
    [general] general
    [advisor] advisor
    [elephant] elephant
    [horse] horse
    [chariot] chariot
    [cannon] cannon
   *[soldier] soldier
} cannot leave the palace
illegal-horse-leg = horse leg blocked
illegal-elephant-eye = elephant eye blocked
illegal-elephant-river = the elephant cannot cross the river
illegal-path-blocked = the path is blocked
illegal-cannon-screen = a cannon captures by jumping exactly one piece
illegal-soldier-backward = soldiers never move backward
illegal-soldier-sideways = soldiers move sideways only after crossing the river
illegal-generals-face = the generals would face each other
illegal-leaves-check = leaves your general in check

## What is wrong with a typed move

bad-move-chinese = not a Chinese move (expected piece, file, 进/退/平, number, like 炮二平五)
bad-move-wxf = not a WXF move (expected piece, file, + - or ., number, like C2.5)
bad-move-iccs = not an ICCS move (expected two points, like h2e2 or H2-E2)
bad-move-no-piece = names no piece of the side to move
bad-move-impossible = that piece cannot move that way
bad-move-ambiguous = more than one move fits
# $reason is one of the illegal-* messages.
bad-move-illegal = illegal here: { $reason }

## The message line

hint = Enter or click: select a piece, then where it goes.  ? keys
refused = Not allowed: { $reason }
select-first = Select one of { $side ->
    [red] red
   *[black] black
}'s pieces first
not-your-turn = That piece is not yours — { $side ->
    [red] Red
   *[black] Black
} to move
# $outcome is the winner and the reason.
game-over = { $outcome }   (u takes back, n new game)
nothing-to-undo = No move to take back
nothing-to-redo = No move to replay
undone = Took back { $move }
redone = Replayed { $move }
withdrawn-resignation = Resignation taken back — the game goes on
withdrawn-draw = Draw taken back — the game goes on
withdrawn-time = Loss on time taken back, with the move before it — the game goes on
new-game-started = New game — Red to move
# $side declines the draw the other side offered.
draw-declined = { $side ->
    [red] Red
   *[black] Black
} declines the draw — the game goes on
declined = Game continues
notation-shown = Moves shown in { $notation } notation (m changes)
saved = Saved { $path }
saved-xqf = { $left ->
    [0] Saved { $path } as XQF
    [one] Saved { $path } as XQF, without one thing XQF cannot hold (a tag, marks …; .pgn keeps all)
   *[other] Saved { $path } as XQF, without { $left } things XQF cannot hold (tags, marks …; .pgn keeps all)
}
save-failed = Could not save { $path }: { $error }
resume-available = --resume continues your last game
resumed = Resumed your last game ({ $moves } { $moves ->
    [one] move
   *[other] moves
})
no-clock = No clock to pause (start with --clock, e.g. --clock 10+5)
back-to-game = Back to your game
not-the-game = That is for your game, not this record or puzzle — b brings the game back
# b with no game begun behind: $front is record or puzzle; $side is to move in the new game.
put-away = { $front ->
    [puzzle] Puzzle
   *[record] Record
} put away — a new game, { $side ->
    [red] Red
   *[black] Black
} to move
# g, d or c in front of a record or puzzle with no game begun behind it: $act is resign,
# draw or computer, $front record or puzzle.
no-game-behind = { $act ->
    [resign] Resigning is
    [draw] Offering a draw is
   *[computer] Handing a side to the computer is
} for a game being played, and none is begun behind this { $front ->
    [puzzle] puzzle
   *[record] record
} — n starts one
# g or d on a loaded record that states its result, at one of its moves: $act is resign or
# draw, $result is 1-0, 0-1 or 1/2-1/2.
record-ended = This record ended { $result } — { $act ->
    [resign] resigning
   *[draw] offering a draw
} is for a game going on; its moves can still be gone through
wide-box-lines = This terminal draws box lines two cells wide, so the board is drawn with ASCII lines (as --ascii-lines does)
other-game-running = Another xiangqi is playing on this state folder: this game is kept apart in { $file }, where --resume finds it
# A network game does not write over the player's own unfinished game: $kept is where that
# game stays (several joined by commas, $count of them), $file where the network game is kept.
net-kept-apart = { $count ->
    [one] Your unfinished game stays as it was in { $kept }
   *[other] Your { $count } unfinished games stay as they were in { $kept }
}: this network game is kept in { $file }, and once it has ended, xiangqi --resume continues yours
# $folder is the state folder, $why the system's words.
state-folder-unusable = The state folder { $folder } cannot be used ({ $why }): games are not kept for --resume, nor solved puzzles — s saves a game elsewhere
autosave-failed = The game is NOT saved for --resume: { $why } — s saves it elsewhere
# Why --resume cannot continue; $path is the autosave, $why the system's words.
resume-no-home = --resume: no home folder to find the last game in
resume-no-game = --resume: no game to continue ({ $path } does not exist)
resume-ended = --resume: the last game ({ $path }) has ended or has no moves; start a new one
resume-in-use = --resume: the last game ({ $path }) is being played in another xiangqi; go on there, or quit it first
resume-slot = --resume: { $why }
# The autosave's clock tags, edited by hand, that --resume refuses; $why is one of the
# clock-tag-* messages.
resume-clock = --resume: { $path }, { $why }
# Why a file's clock tags cannot be taken; $tag is the tag's name (ClockStart, ClockTimes,
# ClockUsed, ClockUndone, TimeControl), $value its text, times in ms.
clock-tag-missing = tag { $tag }: missing, though the game's other clock tags are there
clock-tag-control = tag TimeControl: "{ $value }" is not a time control the clock plays (like 300+3 or 600+45b: seconds, a base of at most a day and an increment or byo-yomi period of at most an hour, as --clock takes)
clock-tag-form = tag { $tag }: "{ $value }" does not read as { $tag ->
    [ClockStart] a number of moves
    [ClockUsed] a number of milliseconds
   *[other] red/black times in milliseconds
}
clock-tag-start = tag ClockStart: { $start } is more than the { $moves } { $moves ->
    [one] move
   *[other] moves
} played
clock-tag-count = tag ClockTimes: { $count } times do not fit the { $moves } { $moves ->
    [one] move
   *[other] moves
} played since the clock came in (there must be one more)
clock-tag-time = tag { $tag }: { $value } ms is more than a side can have on this clock after { $moves } { $moves ->
    [one] move
   *[other] moves
} (at most { $most } ms)
clock-tag-used = tag ClockUsed: { $value } ms leaves the side to move no time for its move (it had { $most } ms)
# Why a record's [TimeControl] and its moves' [%clk] times bring no clock; $number is the
# move's number, $side whose move it is, $text the [%clk …] as written, $most a time h:mm:ss.
clock-comment-no-control = the moves' [%clk] times come without a [TimeControl] tag to say what clock they were on
clock-comment-missing = move { $number } ({ $side ->
    [red] Red
   *[black] Black
}) has no [%clk] time, and the clock comes back only with one on every move
clock-comment-form = move { $number } ({ $side ->
    [red] Red
   *[black] Black
}): { $text } does not read as a time (h:mm:ss)
clock-comment-time = move { $number } ({ $side ->
    [red] Red
   *[black] Black
}): { $text } is more than a side can have on this clock (at most { $most })
# A record opened without the clock it tells of; $why is one of the clock-tag-* or
# clock-comment-* messages.
clock-passed-over = Clock passed over: { $why }
# The panel's title while the autosave cannot be written.
not-saved = NOT saved: s saves it
loaded = Loaded a game of { $moves } { $moves ->
    [one] move
   *[other] moves
} (u takes back)
loaded-result = Loaded a game of { $moves } { $moves ->
    [one] move
   *[other] moves
}, recorded result { $result } (u takes back)

## The computer's notes

hint-thinking = Looking for a hint…
# $move in the notation shown, $iccs the same move in ICCS.
hint-found = Hint: { $move }  ({ $iccs }, marked on the board)
hint-book = Hint: { $move } from the book  ({ $iccs }, marked on the board)
analysis-on = Analysis on (a turns it off)
analysis-off = Analysis off
analysis-lines = Analysis: { $lines ->
    [one] one line
   *[other] { $lines } lines
} (A for more or fewer)
computer-plays = The computer plays { $side ->
    [red] red
   *[black] black
} (c takes it back)
you-play = You play { $side ->
    [red] red
   *[black] black
} again
computer-to-move = The computer plays { $side ->
    [red] red
   *[black] black
} — wait for its move, or c to take the side back
computer-declines-draw = The computer ({ $side ->
    [red] red
   *[black] black
}) declines the draw — the game goes on
computer-plays-both = The computer plays both sides: c gives you the side to move
engine-failed = The engine stopped: { $why }
puzzle-start = Puzzle { $number }/{ $total }: { $side ->
    [red] red
   *[black] black
} mates in { $moves } { $moves ->
    [one] move
   *[other] moves
} (z shows the solution)
puzzle-solved = Solved puzzle { $number }! z: next puzzle
puzzle-failed = No forced mate any more — u takes back, z shows the solution
# $solution is the moves in ICCS.
puzzle-shown = Solution: { $solution }  (u steps back, z next puzzle)
puzzle-defends = In a puzzle the computer defends already
progress-failed = Could not keep the puzzle progress: { $why }

## The computer's lines in the panel

# $state is one of the puzzle-state-* messages.
panel-puzzle = Puzzle { $number }/{ $total } · mate in { $moves } · { $state }
puzzle-state-to-go = { $left } to go
puzzle-state-solved = solved
puzzle-state-failed = failed
puzzle-state-shown = solution shown
tactic-start = Tactic: { $side ->
    [red] red
   *[black] black
} to play and win (your rating { $rating }; T shows the solution)
# $move is the right move as shown, $iccs in ICCS, $change the rating change (may be empty).
tactic-wrong = Not that: the move was { $move } ({ $iccs }). { $change } Try again (it no longer counts) or T for the line
tactic-solved = Solved! { $change } T: next tactic
tactic-shown = Solution: { $solution }  (T next tactic)
tactic-none = No tactic passes the filter asked for
tactic-filter-bad = Not a filter: { $why }
tactic-filter-prompt = Tactics filter:
tactic-filter-hint = a theme, a rating range or both: fork,1200-1600 · mate · 1500- · empty for all
# $state is empty or one of the puzzle-state-* messages.
panel-tactic = Tactic { $rating } · you { $player } · streak { $streak } { $state }
panel-tactic-rating = Rating { $before } → { $after } ({ $delta })
panel-tactic-themes = Themes: { $themes }
# $sides: red, black or both, the sides the computer plays.
panel-computer = Computer: { $sides ->
    [red] red
    [black] black
   *[both] red & black
} · level { $level }
panel-computer-thinking = Computer: { $sides ->
    [red] red
    [black] black
   *[both] red & black
} · level { $level } · thinking…
# $depth in plies, $score from red's view, $knodes thousands of nodes searched.
panel-analysis = Analysis d{ $depth } { $score } ({ $knodes }k nodes)
panel-analysis-lines = Analysis d{ $depth } ({ $knodes }k nodes)
panel-analysis-over = Analysis: the game is over
panel-analysis-thinking = Analysis: thinking…
# A score that says $side, to move, is mated (an engine's "mate 0"), instead of +M3 or -0.35.
score-mated = { $side ->
    [red] Red
   *[black] Black
} mated

## Prompts (the screen puts two spaces before each hint)

move-prompt-hint = a move: h2e2  H2-E2  C2.5  or Chinese; Enter plays, Esc cancels
# Shown with --ascii, where Chinese characters cannot be shown: ASCII in every language.
move-prompt-hint-ascii = a move: h2e2  H2-E2  C2.5; Enter plays, Esc cancels
save-prompt = Save as:{ " " }
save-prompt-hint = Enter saves, Tab: names, Esc cancels
open-prompt = Open:{ " " }
open-prompt-hint = Tab completes, Enter opens, Esc cancels
red-prompt = Red player:{ " " }
black-prompt = Black player:{ " " }
name-prompt-hint = Enter: next

## Going through a game, opening a file

at-start = At the start: no move before
at-end = At the end of this line: no move after
no-other-line = No other move here that way (< and > switch between the moves at a variation)
already-there = Already there
# $line is "main" or "variation"; $ply counts from the start.
at-move = After { $move } ({ $line ->
    [variation] variation
   *[main] main line
}, ply { $ply }); a move here adds a variation
at-start-position = The start position; End goes to the last move
clock-running = A timed game goes on: u takes back; going through the game waits for its end
cannot-open = Cannot open: { $why }
# After the file names Tab could complete to, when there are more than are shown.
completions-more = … and { $count } more
no-completion = No file name starts so
opened = Opened game { $number }: { $moves } { $moves ->
    [one] move
   *[other] moves
} (Home: the start)

## The game picker

picker-title = Games in { $path }  ({ $shown } of { $total })
# What a file or folder held that the picker does not list: $count chapter headings of a
# CCBridge library (no board to open), or files that hold no game; $what those joined.
picker-headings = { $count ->
    [one] one chapter heading
   *[other] { $count } chapter headings
}
picker-files-passed = { $count ->
    [one] one file that holds no game
   *[other] { $count } files that hold no game
}
picker-passed-over = — passed over: { $what }
list-separator = {", "}
column-red = Red
column-black = Black
column-result = Result
column-event = Event
column-date = Date
column-moves = Moves
picker-typing = Enter keeps the filter, Esc too
picker-keys = ↑↓ PgUp PgDn click choose  Enter/click again open  / filter  Esc back  q quit
picker-filtered = Enter open   / change the filter   Esc back

## The keys window and the panel's key summary

help-title = Keys
help-close = any key closes this window
summary-cursor = arrows/hjkl  Enter  : move
summary-move = m notation  s save  f flip
summary-undo = u undo  r redo  n new
summary-end = d draw  g resign  q quit
summary-openings = M menu  / find  ? keys

## A terminal too small for the board

too-small = terminal too small
too-small-need = need { $width }×{ $height }
too-small-now = (now { $width }×{ $height })

## The explorer of the masters' moves (x)

# $opening is the code and name of the opening, or explorer-unknown / explorer-start.
explorer-title = Masters' moves: { $opening }
explorer-unknown = unknown position
explorer-start = the start position
explorer-move = Move
explorer-games = Games
explorer-score = Red: wins / draws / losses
explorer-empty = No master games reached this position.
explorer-keys = Up/Down choose  Enter plays  Esc or x closes

## Annotating the game (A) and the evaluation graph

annotate-progress = Analysing: { $done }/{ $total } (A or Esc stops)
annotate-stopped = Annotating stopped; the game is as it was
annotate-discarded = The game changed: annotating stopped, nothing written
# $ri $rm $rb: red's moves marked ?! ? ??; $rl: red's average loss in centipawns a move; b… black's.
annotate-done = Red ?!{ $ri } ?{ $rm } ??{ $rb } loss { $rl }/move · Black ?!{ $bi } ?{ $bm } ??{ $bb } loss { $bl }/move
annotate-failed = Annotating failed: { $why }
annotate-no-moves = No moves to annotate
annotate-no-next = No move marked ? or ?? after this one
annotate-no-previous = No move marked ? or ?? before this one
# $eval is red's evaluation after the move shown (in soldiers, #3 a mate), or empty.
graph-heading = Evaluation { $eval }

## Editing the record ({ ! + Delete), the clipboard (y Y) and the FEN (F)

record-commented = Comment kept (u takes it back)
record-comment-removed = Comment removed (u takes it back)
# $mark is the move's new mark: ! ? !! ?? !? ?!
record-marked = Marked { $mark }
record-unmarked = Mark removed
record-promoted = This line is the main line now; the old one is a variation (u takes it back)
record-already-main = This move is on the main line already
record-deleted = { $moves ->
    [one] 1 move deleted (u brings it back)
   *[other] { $moves } moves deleted (u brings them back)
}
record-no-move = No move here to edit: go to a move first
record-not-here = A puzzle's moves are not edited
record-undone-comment = Comment edit taken back (r makes it again)
record-undone-mark = Mark change taken back (r makes it again)
record-undone-promote = Promotion taken back (r makes it again)
record-undone-delete = Deleted moves restored (r deletes them again)
record-gone = That move is no longer in the record: nothing changed
record-fen-copied = FEN copied
record-pgn-copied = PGN copied ({ $bytes } bytes)
record-dhtmlxq-copied = DhtmlXQ copied ({ $bytes } bytes{ $left ->
        [0] {""}
        [one] ; one thing it cannot hold left out
       *[other] ; { $left } things it cannot hold left out
    })
record-not-copied = Not copied: { $why }
comment-prompt = Comment:{ " " }
comment-prompt-hint = Enter keeps, empty removes, Esc cancels
question-delete-moves = Delete { $moves ->
    [one] this move
   *[other] these { $moves } moves
} of the main line? (y/n)
## The set-up editor (e, --setup)

editor-title = Set up a position
# $side is red or black.
editor-to-move = { $side ->
    [red] Red
   *[black] Black
} to move  (Tab: the other side)
editor-fen = FEN:
editor-key-red = K A E H R C P  a red piece (B N too)
editor-key-black = k a e h r p  a black piece (b n; C C cannon)
editor-key-empty = x Del  empty   c X all but the generals
editor-key-start = 0 start   1-5 handicaps   Tab side
editor-key-move = Space/click  pick up, put down   f flip
editor-key-play = Enter play   Esc back   arrows cursor
editor-handicaps-heading = Handicaps (red gives):
editor-handicaps = 1 horse 2 cannon 3 two horses 4 chariot 5 nine pieces
editor-refused-heading = This position cannot be played:
# $reason is the first reason; $more counts the others, listed in the panel.
editor-refused = Cannot play: { $reason }{ $more ->
    [0] {""}
   *[other] { " " }(+{ $more } in the panel)
}
editor-hint = Enter plays from this position; a letter places a piece
editor-nothing-there = No piece on { $square } to move
question-play-setup = Start a new game from this position? Your game ends (y/n)
setup-started = New game from the position set up — { $side ->
    [red] Red
   *[black] Black
} to move
# A piece named in a reason: $side red or black, $role general … soldier.
setup-piece = { $side ->
    [red] red
   *[black] black
} { $role ->
    [general] general
    [advisor] advisor
    [elephant] elephant
    [horse] horse
    [chariot] chariot
    [cannon] cannon
   *[soldier] soldier
}
setup-missing-general = { $side ->
    [red] Red
   *[black] Black
} has no general
# $piece is setup-piece.
setup-general-outside = The { $piece } on { $square } is outside its palace
setup-too-many = { $count } × { $piece }: a set has only { $max }
setup-unreachable = The { $piece } on { $square } can never stand there: { $role ->
    [advisor] advisors stand only on the palace's corners and centre
    [elephant] elephants stand only on their seven points on their own side
   *[soldier] soldiers never go back, nor sideways before crossing the river
}
setup-soldiers-share-file = Two { $side ->
    [red] red
   *[black] black
} soldiers on file { $file } before the river: each file starts with one
setup-opponent-in-check = { $side ->
    [red] Red is in check (general on { $square }) but Black
   *[black] Black is in check (general on { $square }) but Red
} is to move
setup-generals-facing = The generals face each other on file { $file } with nothing between
