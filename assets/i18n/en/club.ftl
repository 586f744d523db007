# English: the club's lobby and its games on the board (xiangqi online). Read with the other
# files of this folder as one catalogue (see play.ftl for the conventions).

## The lobby

# $server is the address, $name the player's, $category a rating category's word.
club-title = Club { $server } — { $name } · { $category } { $rating }
club-category = { $category ->
    [bullet] bullet
    [blitz] blitz
    [rapid] rapid
   *[classical] classical
}
club-pane-seeks = Open seeks
club-pane-games = Games in progress
club-pane-players = Players online · { $category }
club-pane-chat = Lobby chat
club-pane-archive = My games
club-waiting = Waiting for the lobby…
club-empty = (none)
club-idle = idle
club-playing = playing
club-bot = bot
club-rated = { $rated ->
    [yes] rated
   *[no] casual
}
club-colour = { $colour ->
    [red] red
    [black] black
   *[random] random side
}
club-seek-line = { $clock } { $rated } · { $colour } · { $name } { $rating }
club-game-line = { $red } { $red-rating } – { $black } { $black-rating } · { $clock } { $rated } · { $watchers } watching
club-archive-line = { $date } { $red } – { $black } { $result } · { $clock } { $rated } · { $plies } plies
club-keys = s seek · Enter accept/watch/challenge/open · c challenge · p private · J join by code · w watch · x withdraw seek/challenge · C chat · h my games · Tab list · q quit
club-keys-game = b back to your game
club-keys-closed = r reconnect · q quit
club-form = { $kind ->
    [seek] New seek
    [private] Private game
   *[challenge] Challenge { $name }
}
club-field-clock = clock
club-field-rated = rated
club-field-colour = side
club-field-variant = game
club-variant = { $variant ->
    [jieqi] Jieqi 揭棋
   *[xiangqi] xiangqi
}
club-jieqi-mark = Jieqi
club-form-keys = Tab next field · ←/→ change · Enter send · Esc cancel
club-prompt = { $ask ->
    [chat] Say:
    [challenge] Challenge whom:
   *[code] Join code:
}
club-bad-clock = “{ $clock }” is not a clock: minutes+seconds a move, like 5+3 (at most 180+180)
club-private-opened = Private game { $clock } open: give your friend the code { $code } (they press J)
club-challenged = { $name } { $rating } challenges you: { $clock } { $rated } — accept? (y/n)
club-challenge-sent = { $variant ->
    [jieqi] Jieqi challenge
   *[xiangqi] Challenge
} sent to { $name }: waiting for an answer (x withdraws it)
club-challenge-declined = Your challenge was declined
club-nothing-selected = Nothing chosen in this list
club-own-seek = That is your own seek: x withdraws it
club-game-goes-on = Your game goes on: b goes back to it
club-reconnecting = Connecting again…
club-fetching = Asking the server for your games…
club-no-review = { $why ->
    [jieqi] A Jieqi game does not open in review here: the line client's pgn GAME (xiangqi online --lines) gives its record, which xiangqi --load opens
   *[unreadable] This game's record does not read: it cannot be opened in review
}
club-closed = The session ended: { $why ->
    [version] the server speaks another protocol version
    [bad_name] the name is refused
    [name_taken] the name belongs to another player's key
    [key_has_name] this key belongs to another name
    [banned] this player is banned
    [full] the server is full
    [logged_in_elsewhere] logged in again from elsewhere
    [protocol] the client broke the protocol
    [timeout] no answer for too long
    [stopping] the server is stopping
    [too_slow] the connection fell too far behind
    [unavailable] the server cannot log players in now
    [left] you left
   *[lost] the connection was lost
} — r reconnects, q quits
club-denied = Refused: { $why ->
    [illegal_move] that move breaks a rule
    [not_a_move] that is not a move
    [not_your_turn] it is not your move
    [stale] the game has moved on
    [not_a_player] you do not play in this game
    [no_such_game] no such game
    [no_such_seek] that seek is gone
    [no_such_challenge] that challenge is gone
    [no_such_player] no such player online
    [no_such_code] no private game has this code
    [game_over] the game is over
    [busy] that player is already playing
    [own_offer] that is your own
    [too_many] too many open at once
    [rate_limited] too many requests: wait a moment
    [bad_clock] the server does not play on that clock
    [nothing_to_answer] nothing to answer
    [nothing_to_take_back] nothing to take back
    [too_late_to_abort] too late to abort: resign instead
    [cannot_claim] nothing to claim yet
    [not_now] not now
    [empty] nothing to say
    [guests_casual] guests play casual games only: connect with a key to play rated
    [jieqi_casual] Jieqi games are casual only here: a deal is luck
    [bots_xiangqi_only] the club's bots play xiangqi only
   *[storage] the archive cannot be read now
}

## A club game on the board

club-board-players = { $red } { $red-rating } – { $black } { $black-rating } · { $clock } { $rated } · { $watchers } watching
club-board-keys-player = X abort · W claim the win · = claim a draw · q back to the lobby
club-board-keys-watcher = Watching: you cannot move here · q back to the lobby
club-board-keys-over = q back to the lobby
club-board-away = { $side ->
    [red] Red
   *[black] Black
} left the game: it may be claimed in { $secs } s
club-board-back = { $side ->
    [red] Red
   *[black] Black
} is back
club-board-claim-open = Your opponent has not come back: W claims the win, = a draw
club-board-ended = { $verdict ->
    [red_wins] Red wins
    [black_wins] Black wins
    [draw] Draw
   *[aborted] Called off
} ({ $how ->
    [checkmate] checkmate
    [no_legal_move] no legal move
    [perpetual_check] perpetual check
    [perpetual_chase] perpetual chase
    [repetition] repetition
    [move_limit] move limit
    [insufficient_material] insufficient material
    [resignation] resignation
    [agreement] agreement
    [time_forfeit] time forfeit
    [abandoned] abandoned
    [aborted] aborted
    [no_start] no first move
   *[other] other
})
club-board-rating = your rating { $before } → { $after }
club-board-lost = Connection lost: R reconnects (the server keeps your game for a while)
# The SSH front end (xiangqi server --ssh), said to a client before closing its session.
ssh-needs-terminal = This club is played in a terminal: connect with ssh -t (and a terminal of your own).
ssh-no-program = The club cannot start your session just now; try again in a moment.

## A club Jieqi game on its board

club-jieqi-title = { $you ->
    [red] Club Jieqi: you play red
    [black] Club Jieqi: you play black
   *[watching] Club Jieqi: watching
}
club-jieqi-keys = arrows/click · Enter pick/drop · m type
club-jieqi-keys-more = d draw · u takeback · y/n answer
club-jieqi-keys-last = g resign · C chat · f flip · q lobby
club-jieqi-keys-watcher = C chat · f flip · q lobby
club-jieqi-sent = move sent: it shows when the server plays it and says what it turned over
club-jieqi-watching = you are watching: you cannot move here
club-jieqi-draw-offered = a draw is offered: y accepts, n declines
club-jieqi-takeback-asked = a move is asked back: y allows, n refuses
club-jieqi-declined = declined
club-jieqi-asked = { $what ->
    [draw] you offered a draw
   *[takeback] you asked to take your move back
}: waiting for the answer
# $move as the server sent it; $why says what is wrong with it.
club-jieqi-unplayable = the server sent a move this board cannot play: { $move } ({ $why }): this board may differ from the server's game
club-jieqi-missed = a move of the server was missed: this board may differ from the server's game
