# English, part 3 of 3: what is wrong with a file, a FEN or the configuration.
# The language's catalogue is play.ftl, network.ftl and errors.ftl read as one; the notes
# are at the head of play.ftl.

## What is wrong with a FEN, a record or a game file (the rules library's reasons)

# $why is one of the fen-* messages below, or a setup-* one for a position that cannot occur.
fen-invalid = invalid FEN: { $why }
fen-empty = it is empty
# $found is a number.
fen-rank-count = the board has { $found } { $found ->
    [one] rank
   *[other] ranks
} separated by '/', expected 10
# $rank is the rank's digit on the board (9 is black's back rank), $nth its place in the FEN
# (1 to 10).
fen-rank-width = rank { $rank } ({ $nth }{ $nth ->
    [1] st
    [2] nd
    [3] rd
   *[other] th
} in the FEN) has { $files } points, expected 9
# $char is quoted.
fen-unknown-char = unknown character { $char } at column { $column } (rank { $rank }); pieces are KABNRCP (E, H also read), upper case red
fen-bad-side = side to move must be 'w' (or 'r') for red or 'b' for black, found { $found }
# $field: halfmove or fullmove.
fen-bad-number = the { $field ->
    [halfmove] half-move clock
   *[fullmove] move number
} must be a whole number, found { $found }
fen-trailing = unexpected text after the six fields: { $found }
# $side is the side in check, which is not to move.
position-opponent-in-check = { $side ->
    [red] Red is in check but Black
   *[black] Black is in check but Red
} is to move
# Jieqi FENs (揭棋: covered pieces written x/X, the pool of unseen pieces after the board).
# $char is quoted.
fen-jieqi-unknown-char = unknown character { $char } at column { $column } (rank { $rank }); pieces are KABNRCP (E, H also read), X for a covered piece, upper case red
fen-jieqi-missing-pool = the pool of unseen pieces must follow the board (like R2r2N2n2B2b2A2a2C2c2P5p5, or - when it is empty)
fen-jieqi-side-before-pool = the side to move at column { $column } stands where the pool belongs: write the board, the pool, then the side
fen-jieqi-trailing = unexpected text after the seven fields: { $found }
# $why is one of the jieqi-pool-* messages.
fen-jieqi-pool = the pool at column { $column }: { $why }
# $char is quoted.
jieqi-pool-not-a-piece = { $char } is not a piece letter (ABNRCP, E and H also read; upper case red)
jieqi-pool-no-count = { $char } has no count after it (like R2)
jieqi-pool-general = { $char } is a general, and generals are never covered
jieqi-pool-repeated = { $char } is listed twice
jieqi-pool-too-many = { $letter }{ $count }: a side has only { $max }
jieqi-covered-off-start = A covered { $side ->
    [red] red
   *[black] black
} piece on { $square }: covered pieces stand only on their side's starting points (not the general's)
jieqi-pool-short = { $side ->
    [red] Red
   *[black] Black
} has { $covered } covered pieces on the board but its pool lists only { $pool }
# $piece is setup-piece.
jieqi-too-many = { $revealed } × { $piece } revealed and { $unseen } in the pool: a set has only { $max }
# $game counts the file's games from 1; $why is fen-invalid.
record-fen = game { $game }: [FEN { $fen }]: { $why }
# $number is the move's number, $side whose move it is, $text the move as written (quoted),
# $why one of the bad-move-* messages.
record-move = game { $game }, move { $number } ({ $side ->
    [red] Red
   *[black] Black
}): { $text }: { $why }
# $written is the number the record writes before the move, with its dots (12. or 12...).
record-move-number = game { $game }, move { $number } ({ $side ->
    [red] Red
   *[black] Black
}): { $text } is numbered { $written }, as { $black ->
    [yes] black's move
   *[no] red's next move
}: a move is missing or one too many before it, or the number is wrong
record-no-such-game = game { $game }: the file holds only { $available } { $available ->
    [one] game
   *[other] games
}
record-unclosed-comment = game { $game }: the comment opened with {"{"} on line { $line } is not closed (no {"}"} before the next game or the end of the file)
record-unclosed-variation = game { $game }: the variation opened with ( on line { $line } is not closed (no ) before the next game or the end of the file)
record-variation-without-move = game { $game }: the variation on line { $line } comes before any move it could replace
record-too-large = game { $game } (from line { $line }) is larger than { $mib } MiB: reading stopped there
# $why is the system's reason.
record-read = game { $game }: cannot read further: { $why }
# $why is one of the xqf-*, dhtml-* or cbr-* messages.
record-format = game { $game }: { $why }
xqf-truncated = XQF: the file is { $len } bytes, shorter than its { $header }-byte header
xqf-version = XQF: unknown version { $version }
# $why says what is wrong with the position (in English).
xqf-start = XQF: the starting position is not legal: { $why }
xqf-record-cut = XQF: move record { $record } (at byte { $offset }) runs past the end of the file
xqf-comment-length = XQF: move record { $record } has a comment of { $len } bytes, more than the file holds
xqf-off-board = XQF: move record { $record } goes from or to a point off the board
# $move is in ICCS; $why one of the illegal-* messages.
xqf-illegal = XQF: move record { $record } ({ $move }) is not legal: { $why }
xqf-too-many = XQF: more than { $max } moves
dhtml-unclosed = DhtmlXQ: [{ $field }] is not closed by [/{ $field }] (the file is cut short)
start-two-pieces = two pieces on { $point }
dhtml-binit = DhtmlXQ: binit: { $chars } characters, not 64 digits
dhtml-start = DhtmlXQ: binit: { $why }
# $why is one of the fen-* messages.
dhtml-fen = DhtmlXQ: fen: { $why }
# $field is the DhtmlXQ field's name, e.g. move_1_3_2.
dhtml-moves = DhtmlXQ: { $field }: not moves of four digits on the board
dhtml-branch = DhtmlXQ: { $field }: branches from a line or step that is not there
dhtml-illegal = DhtmlXQ: { $field }, step { $step } ({ $move }): not legal: { $why }
cbr-truncated = CCBridge: record { $record } is shorter than its header
cbr-start = CCBridge: record { $record }: the board is not legal: { $why }
cbr-move-cut = CCBridge: record { $record }, move { $step }: runs past the end of the record
cbr-off-board = CCBridge: record { $record }, move { $step }: from or to a point off the board
cbr-illegal = CCBridge: record { $record }, move { $step } ({ $move }): not legal: { $why }
cbr-too-many = CCBridge: record { $record }: more than { $max } moves
cbr-empty = CCBridge: the library holds no record
cbr-version = CCBridge: record { $record } is of version { $version }; only version 2 is read
cbr-other-kind = CCBridge: neither a record nor a library but a later kind of file (compressed), which is not read
# A line of a record cut where one of its moves cannot be played; $number is the move's
# number, $side whose move it is, $why one of the xqf-*, dhtml-* or cbr-* messages.
cut-main = the main line cut at move { $number } ({ $side ->
    [red] Red
   *[black] Black
}): { $why }
cut-variation = a variation cut at move { $number } ({ $side ->
    [red] Red
   *[black] Black
}): { $why }
# A game opened with lines cut: $first is one of the cut-* messages, $more how many other
# lines were cut too.
lines-cut = Read in part, { $first }{ $more ->
    [0] {""}
    [one] {" "}(and one line more)
   *[other] {" "}(and { $more } lines more)
}
# $what: fifo, device, socket, folder, link or other.
file-not-a-file = { $path } is { $what ->
    [fifo] a named pipe (FIFO)
    [device] a device
    [socket] a socket
    [folder] a folder
    [link] a symbolic link
   *[other] not a regular file
}, not a game file
# $why is the system's reason.
file-cannot-read = cannot read { $path }: { $why }
# $why is one of the record-* messages.
file-record = { $path }: { $why }
file-no-games = no games in { $path }

## The configuration file, not used for a mistake in it

# $path is the file; $line a line of it, from 1; $key a key as the file spells it; $value
# the value as the file writes it; $takes one of the config-takes-* messages.
config-bad-value = { $path }, line { $line }, key { $key }: { $value } is not allowed — { $takes }
# $names: the names the key takes, each in quotes, separated by commas.
config-takes-one-of = one of { $names }
config-takes-one-to = a whole number from 1 to { $max }
config-takes-true-or-false = true or false
config-takes-time-control = a time control in quotes, "BASE+INC" or "BASE/BYO": BASE in minutes or m:ss (at most a day), INC and BYO in seconds (at most an hour), e.g. "10+5", "0:30", "10/45"
config-takes-address = an address and port in quotes, e.g. "club.example.org:9092"
config-takes-name = a name in quotes of 1 to { $max } characters
# $keys: every key a file may set, separated by commas.
config-unknown-key = { $path }, line { $line }: no key { $key } (the keys are { $keys })
# $column counts characters from 1; $text is that line as written; $detail the TOML
# reader's own words, in English (the Chinese leave them out).
config-not-toml = { $path }, line { $line }, column { $column }: not TOML ({ $detail }): { $text }
# $what: fifo, device, socket, folder, link or other.
config-not-a-file = cannot read { $path }: it is { $what ->
    [fifo] a named pipe (FIFO)
    [device] a device
    [socket] a socket
    [folder] a folder
    [link] a symbolic link
   *[other] not a regular file
}, not a file
config-too-large = cannot read { $path }: it is larger than { $mib } MiB
config-not-text = cannot read { $path }: it is not UTF-8 text
# $target is where the link leads.
config-link-to-nothing = cannot read { $path }: it is a link to { $target }, which leads to no file
# $why is the system's reason.
config-cannot-read = cannot read { $path }: { $why }
