# English: the front door — the start menu, the settings screen, the command palette and
# the name of every command, which the keys window and the palette both show. Read with
# play.ftl, network.ftl and errors.ftl as one catalogue (see play.ftl for the conventions).

## Every command, as the keys window and the palette name it

cmd-cursor-up = move the cursor up
cmd-cursor-down = move the cursor down
cmd-cursor-left = move the cursor left
cmd-cursor-right = move the cursor right
cmd-select = select a piece / move it here
cmd-deselect = clear the selection (stops annotating)
cmd-type-move = type a move: h2e2, H2-E2, C2.5 or Chinese
cmd-notation = moves in Chinese / WXF / ICCS notation
cmd-undo = take back a move (or an edit, a resignation, a draw)
cmd-redo = replay a move taken back
cmd-start = go to the start of the game
cmd-back = go one move back
cmd-forward = go one move on
cmd-end = go to the end of the line
cmd-previous-line = the previous line at a variation
cmd-next-line = the next line at a variation
cmd-open = open a file or folder (Tab completes, / filters)
cmd-back-to-game = back to your game
cmd-save = save the game as PGN, or XQF for a .xqf name
cmd-draw = offer a draw
cmd-resign = resign
cmd-new-game = new game (asks first)
cmd-chat = chat with the other player (network game)
cmd-flip = flip the board
cmd-help = the keys (this window)
cmd-pause = pause / resume the clocks (hides the board)
cmd-peek = blindfold: show the pieces until the next move
cmd-hint = hint: the best move found in a second
cmd-analysis = analysis on / off
cmd-analysis-lines = how many lines the analysis shows
cmd-computer = the computer takes / gives back the side to move
cmd-puzzle = a mate puzzle; in one, its solution
cmd-tactics = a rated tactic near your rating; in one, its solution
cmd-tactics-filter = tactics of one theme or rating range
cmd-explorer = masters' moves from here (explorer)
cmd-editor = set up a position
cmd-annotate = annotate the game (Esc stops)
cmd-previous-mistake = the previous move marked ? or ??
cmd-next-mistake = the next move marked ? or ??
cmd-comment = comment on the current move
cmd-mark = mark the current move (! ? !! ?? !? ?!)
cmd-promote = make this line the main line
cmd-delete = delete the current move and what follows
cmd-read-comment = read the whole comment in a window
cmd-copy-fen = copy the position (FEN)
cmd-copy-pgn = copy the game (PGN)
cmd-copy-dhtmlxq = copy the game (DhtmlXQ)
cmd-show-fen = show the position's FEN
cmd-menu = the menu (new game, computer, network, settings)
cmd-palette = find a command by name
cmd-settings = settings (theme, language, pieces, sound …)
cmd-quit = quit (asks in a game; --resume goes on)
cmd-suspend = suspend (the shell's fg comes back)
# The last lines of the keys window.
help-mouse = mouse: click a point to select or move; click or wheel on the move list
help-find = Ctrl-P or / finds any of these by name

## The start menu

menu-play-here = Play here (two players)
menu-continue = Continue the unfinished game
menu-computer = Play the computer
menu-puzzles = Puzzles
menu-tactics = Tactics, rated
menu-open = Open a file or folder
menu-setup = Set up a position
menu-network = Play across the network
menu-clock = Clock: { $clock }
menu-settings = Settings
menu-help = Keys
menu-quit = Quit
menu-back = Back to the game
menu-keys = ↑↓ choose  ←→ change  Enter go  a letter: its item  Esc back
# The clock of a game: none, or as --clock writes it.
clock-none = none
# $control as --clock writes it (5+3, 10/45); $minutes each side's time (5, or 0:30).
clock-increment = { $control }: { $minutes } min each{ $increment ->
    [0] {""}
   *[other] , { $increment } s added a move
}
clock-byoyomi-preset = { $control }: { $minutes } min each, then { $byoyomi } s a move
clock-typed = Type one: { $text }
clock-help = As --clock: 5+3 (minutes + seconds a move), 0:30, 10/45 (byo-yomi)
clock-bad = Not a clock: { $text } (like 5+3, 0:30 or 10/45)
menu-clock-title = The clock
menu-computer-title = Play the computer
menu-side = You play: { $side ->
    [red] red (you move first)
   *[black] black (the computer moves first)
}
menu-level = Level: { $level } of 10
menu-start = Start the game
menu-network-title = Play across the network
menu-host = Host a game: the other player joins you
menu-join = Join a game: type the host's address and code
menu-host-title = Host a game
menu-host-side = You play: { $side ->
    [red] red (you move first)
   *[black] black
}
menu-listen = Listen on: { $text }
menu-host-start = Start hosting
menu-join-title = Join a game
menu-join-address = Address: { $text }
menu-join-code = Code: { $text }
menu-join-start = Join
menu-bad-listen = Not an address and port to listen on: { $text } (like 0.0.0.0:9091)
menu-bad-address = Not an address and port: { $text } (like 192.168.1.5:9091)
menu-bad-code = Not a join code: { $text } (like 7-river-cannon)
menu-club = Play on a club server (lobby, ratings)
menu-club-title = Play on a club server
menu-club-address = Server: { $text }
menu-club-name = Your name: { $text }
menu-club-start = Go to the lobby
menu-bad-club-name = Not a name: { $text } (1 to 20 characters)
menu-net-failed = Cannot play across the network: { $why }
menu-typing-keys = type, Backspace deletes  ↑↓ choose  Enter go  Esc back

## The settings screen

settings-title = Settings
setting-theme = Theme
setting-lang = Language
setting-pieces = Pieces
setting-board = Board
setting-auto-flip = Turn the board after each move
setting-level = Computer's level
setting-threads = Computer's threads
setting-analysis-lines = Analysis lines
setting-sound = Sound (the terminal's bell)
setting-blindfold = Blindfold (pieces hidden)
theme-wood = wood
theme-dark = dark
theme-light = light
theme-high-contrast = high contrast
theme-ansi16 = the terminal's 16 colours
# Each language by its own name, the same in every catalogue.
lang-en = English
lang-zh-hans = 简体中文
lang-zh-hant = 繁體中文
pieces-simplified = simplified (帅 将 马)
pieces-traditional = traditional (帥 將 傌)
pieces-ascii = ASCII letters (K k H)
board-red-bottom = red at the bottom
board-black-bottom = black at the bottom
value-on = on
value-off = off
threads-auto = one a core ({ $count })
sound-note = a bell on the other side's move, on check and at the game's end
settings-keys = ↑↓ choose  ←→ or Enter change (saved at once)  Esc back
settings-saved = Saved in { $path }
settings-not-saved = Not saved: { $why }
settings-no-file = No configuration folder: changes last until you quit
settings-broken = { $path } has a mistake, so it is not used or written: { $why }
settings-replace = Replace it with these settings (the old one is kept as { $old })
settings-replaced = Replaced; the old file is kept as { $old }
settings-ascii-english = (English while the pieces are ASCII letters)

## The command palette

palette-title = Find a command
palette-keys = type a name  ↑↓ choose  Enter do it  Esc close
palette-not-now = not now
palette-nothing = Nothing is called “{ $text }”
palette-unavailable = “{ $name }” cannot be done now
palette-no-match = No command is called “{ $text }”

## Said once

first-run = New here? M opens the menu, Ctrl-P or / finds a command, ? lists the keys
