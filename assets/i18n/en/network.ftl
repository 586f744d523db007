# English, part 2 of 3: network play.
# The language's catalogue is play.ftl, network.ftl and errors.ftl read as one; the notes
# are at the head of play.ftl.

## Network play (xiangqi host, xiangqi join)

# $code is the join code, e.g. 7-river-cannon.
net-waiting = Waiting for the other player — join code { $code }
net-new-code = Too many wrong codes: the new join code is { $code }
net-wrong-code-host = Someone tried a wrong join code; still waiting
net-wrong-code-guest = Refused: wrong join code (check it on the host's screen)
net-connected = Connected: the other player is here
net-not-connected = The other player is not connected: no moves until they join
net-their-turn = You play { $side ->
    [red] red
   *[black] black
} — wait for the other player's move
net-not-at-end = Moves are made at the end of the game (] goes forward)
# $ask is takeback or draw.
net-asked = { $ask ->
    [takeback] Takeback asked
   *[draw] Draw offered
} — waiting for the other player's answer
net-question = The other player { $ask ->
    [takeback] asks to take back their last move
   *[draw] offers a draw
}: accept? (y/n)
net-answered = { $ask ->
    [takeback] Takeback
   *[draw] Draw
} { $yes ->
    [yes] accepted
   *[no] declined
} by the other player
net-crossed = The other player's { $what ->
    [move] move
    [resignation] resignation
    [takeback] takeback request
    [draw] draw offer
    [accepted] acceptance
   *[declined] refusal
} came as you acted, and does not count
net-overruled = The host acted as you did: the host's counts, and yours was undone
net-held = The other player { $ask ->
    [takeback] asks to take back their last move
   *[draw] offers a draw
}: you are asked when you are done here
net-no-takeback = u asks for a takeback right after your own move
net-not-in-game = Not in a network game: the game is shared with the other player
# The end of a network game: a takeback and a new game are not one player's to take.
net-game-over = { $outcome }   (s saves the game, q quits)
net-they-resigned = The other player resigned
# $text is what the other player wrote.
net-chat = Other player: { $text }
# $why is the reason the connection ended.
net-lost-host = Connection ended: { $why } — the game is kept; the other player can join again with the same code
net-lost-guest = Connection ended: { $why } — the game is kept; run the same join command to continue
net-left = the other player left
net-not-sent = Not sent: { $why }
# Why a connection ended or a message was refused; $why is the detail, as the program says it.
net-error-silent = the other end went silent
net-error-closed = the other end closed the connection
net-error-io = the connection failed: { $why }
net-error-too-long = a frame of { $bytes } bytes, over the limit of { $max }
net-error-message-too-long = a message of { $bytes } bytes, over the limit of { $max }
net-error-not-xiangqi = the other end does not speak the xiangqi protocol
net-error-version = the other end speaks protocol version { $theirs }, this one { $ours }: use the same xiangqi on both
net-error-wrong-code = wrong join code
net-error-busy = the host was busy with other connections: try again in a moment
net-error-seat-taken = another player is still connected to the host: the seat is taken
net-error-forged = a message that does not authenticate (changed, replayed or forged)
net-error-malformed = a malformed message: { $why }
net-error-wrong-state = an unexpected message: { $why }
net-error-illegal = an illegal move: { $why }
net-error-out-of-turn = a move out of turn
net-error-exhausted = too many messages on one connection
chat-prompt = Say:{" "}
net-panel-host = Network game: you host, playing { $side ->
    [red] red
   *[black] black
}
net-panel-guest = Network game: you joined, playing { $side ->
    [red] red
   *[black] black
}
net-panel-connected = Other player: connected
net-panel-waiting = Other player: not connected
net-club-game-over = { $outcome }   (s saves the game, q back to the lobby)
net-club-game = The club game is on the board: the server keeps it and its clocks
net-panel-club = Club game: you play { $side ->
    [red] red
   *[black] black
}
net-panel-club-here = Opponent: at the board
net-panel-club-away = Opponent: away (the server keeps the game)
net-panel-code = Join code: { $code }
net-panel-join = The other player runs:
net-panel-heard = Last said: { $text }
net-chat-only = Chat is for network games (xiangqi host / xiangqi join)
