## Jieqi (揭棋), the covered-pieces variant: its screen.

jieqi-title = Jieqi: covered pieces
# $side is red or black.
jieqi-thinking = { $side ->
    [red] Red
   *[black] Black
} (computer) is thinking…
# $side is red or black; $count pieces nobody has seen, $covered of them still on the board.
jieqi-unseen = { $side ->
    [red] Red
   *[black] Black
}: { $count } unseen ({ $covered } covered)
jieqi-keys = arrows/click · Enter pick/drop · m type
jieqi-keys-more = u undo · r redo · c computer · s save
jieqi-keys-last = g resign · n new · f flip · q quit
jieqi-type-prompt = Move (ICCS like b0c2, WXF or Chinese):
jieqi-not-your-turn = the computer is to move
jieqi-reveal-is-dealt = what a covered piece turns out to be is dealt, not chosen: type the move without it
# $move as typed; $why says what is wrong.
jieqi-bad-move = { $move }: { $why }
jieqi-illegal = { $move } is not legal: { $why }
jieqi-engine-no-move = the computer found no move
jieqi-nothing-to-undo = no move to take back
jieqi-nothing-to-redo = no move to play again
jieqi-resign-again = press g again to resign
jieqi-new-after-end = n deals a new game once this one has ended (g resigns)
jieqi-saved = saved as { $path }
jieqi-save-failed = not saved: { $why }
jieqi-no-network = Jieqi is not played peer to peer: one end would have to deal the covered pieces, and could see them. Play it on a club, whose server deals (xiangqi online ADDR), at one terminal (xiangqi --variant jieqi), or against the computer.
jieqi-resumed = the unfinished Jieqi game continues; the pieces nobody has seen are dealt afresh
jieqi-resume-none = no unfinished Jieqi game is kept in { $path }
jieqi-resume-unreadable = { $path } cannot be continued: { $why }
jieqi-set-aside = the unfinished Jieqi game is kept as { $path } (a new one is dealt)
jieqi-unfit-options = --variant jieqi deals a new game (or continues one with --resume, or opens a record with --load): --puzzle, --setup, --plain, --engine, --clock and a --game past the first are not for it
menu-jieqi = Jieqi (covered pieces)
jieqi-loaded = { $path }: { $plies } moves; the pieces nobody saw are dealt afresh (u steps back, r forward)
jieqi-load-unreadable = { $path } cannot be read as a Jieqi game: { $why }
