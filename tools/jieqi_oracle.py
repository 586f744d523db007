#!/usr/bin/env python3
"""Compare `xiangqi legal --variant jieqi` with Fairy-Stockfish's rules, position by position.

A development aid, not part of `cargo test`. Fairy-Stockfish's Python binding has no Jieqi of
its own; pychess.org plays Jieqi on it with a variant that frees the advisors and elephants
of xiangqi (`mobilityRegion…Fers` and `…Elephant` over the whole board) and writes a covered
piece as the piece of its starting point marked promoted (`r~`); a covered advisor there
would leave the palace, so its moves out of it are dropped, as pychess.org does. This script
does the same. Install the binding outside the repository, e.g.

    python3 -m venv /tmp/ffvenv && /tmp/ffvenv/bin/pip install pyffish
    cargo build
    /tmp/ffvenv/bin/python tools/jieqi_oracle.py [--games N] [--seed S] [--bin target/debug/xiangqi]

It plays N random games from the Jieqi start (each covered piece turned over as a piece drawn
from its side's pool, weighted by the counts) and compares, in every position, the legal
moves the program prints with Fairy-Stockfish's; then the same for the positions listed in
FIXED below (covered pieces on every kind of point, revealed advisors and elephants across the
river, a covered piece pinned, covered pieces to capture). It prints how many positions and
moves were compared and every disagreement with its FEN.
"""

import argparse
import random
import subprocess
import sys

import pyffish as sf

VARIANT = """
[jieqi:xiangqi]
startFen = r~n~b~a~ka~b~n~r~/9/1c~5c~1/p~1p~1p~1p~1p~/9/9/P~1P~1P~1P~1P~/1C~5C~1/9/R~N~B~A~KA~B~N~R~ w - - 0 1
mobilityRegionWhiteFers = *1 *2 *3 *4 *5 *6 *7 *8 *9 *10
mobilityRegionBlackFers = *1 *2 *3 *4 *5 *6 *7 *8 *9 *10
mobilityRegionWhiteElephant = *1 *2 *3 *4 *5 *6 *7 *8 *9 *10
mobilityRegionBlackElephant = *1 *2 *3 *4 *5 *6 *7 *8 *9 *10
"""

# The starting piece of every point a covered piece may stand on (ICCS file, rank).
BACK = "RNBAKABNR"
START = {}
for f in range(9):
    START[(f, 0)] = BACK[f]
    START[(f, 9)] = BACK[f].lower()
for f in (1, 7):
    START[(f, 2)] = "C"
    START[(f, 7)] = "c"
for f in (0, 2, 4, 6, 8):
    START[(f, 3)] = "P"
    START[(f, 6)] = "p"

POOL_ORDER = "RNBACP"

# Hand-made positions (Jieqi FEN): every kind of starting point covered, roaming guards, a
# covered piece pinned against its general, covered pieces to take.
FIXED = [
    "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX R2r2N2n2B2b2A2a2C2c2P5p5 w - - 0 1",
    "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX R2r2N2n2B2b2A2a2C2c2P5p5 b - - 0 1",
    "4k4/9/9/2A3B2/9/4a4/6b2/9/9/4K4 - w - - 0 1",
    "4k4/9/9/2A3B2/9/4a4/6b2/9/9/4K4 - b - - 0 1",
    "3k5/9/9/9/9/9/9/9/9/3XK4 A1P1 w - - 0 1",
    "4k4/4r4/9/9/9/9/4X4/9/9/4K4 P1 w - - 0 1",
    "4k4/9/4r4/9/9/9/4X4/9/4A4/3AK4 P1 w - - 0 1",
    "3akx3/9/9/9/9/9/9/9/9/2BK5 a1 w - - 0 1",
    "4k4/9/9/9/9/4r4/9/9/9/XXXXKXXXX R2N2B2A2 w - - 0 1",
    "x2k5/9/9/9/9/9/9/R8/9/4K4 r1 w - - 0 1",
    "3k5/4A4/9/9/9/9/9/9/9/4K4 - b - - 0 1",
    "4k4/9/2B6/9/9/9/9/9/9/3K5 - b - - 0 1",
    "4k4/9/2b6/9/4B4/9/9/9/9/3K5 - b - - 0 1",
    "1x1k5/9/1x7/9/9/9/9/1R7/9/4K4 n1c1 w - - 0 1",
]


def ff_fen(board, turn):
    """The position as Fairy-Stockfish's Jieqi reads it."""
    ranks = []
    for rank in range(9, -1, -1):
        row, empty = "", 0
        for f in range(9):
            cell = board.get((f, rank))
            if cell is None:
                empty += 1
                continue
            if empty:
                row += str(empty)
                empty = 0
            letter, covered = cell
            row += START[(f, rank)] + "~" if covered else letter
        if empty:
            row += str(empty)
        ranks.append(row)
    return "/".join(ranks) + " " + turn + " - - 0 1"


def jieqi_fen(board, pool, turn):
    """The position as the program reads it (JieqiBox's field order)."""
    ranks = []
    for rank in range(9, -1, -1):
        row, empty = "", 0
        for f in range(9):
            cell = board.get((f, rank))
            if cell is None:
                empty += 1
                continue
            if empty:
                row += str(empty)
                empty = 0
            letter, covered = cell
            if covered:
                row += "X" if START[(f, rank)].isupper() else "x"
            else:
                row += letter
        if empty:
            row += str(empty)
        ranks.append(row)
    text = "".join(
        f"{c}{pool[c]}"
        for r in POOL_ORDER
        for c in (r, r.lower())
        if pool.get(c, 0) > 0
    )
    return "/".join(ranks) + " " + (text or "-") + " " + turn + " - - 0 1"


def parse_jieqi_fen(fen):
    """Board, pool and side of a Jieqi FEN (as written in FIXED)."""
    fields = fen.split()
    board = {}
    for i, row in enumerate(fields[0].split("/")):
        rank, f = 9 - i, 0
        for ch in row:
            if ch.isdigit():
                f += int(ch)
            else:
                covered = ch in "xX"
                board[(f, rank)] = (START.get((f, rank)) if covered else ch, covered)
                f += 1
    pool = {}
    text = fields[1]
    i = 0
    while text != "-" and i < len(text):
        j = i + 1
        while j < len(text) and text[j].isdigit():
            j += 1
        pool[text[i]] = int(text[i + 1 : j])
        i = j
    return board, pool, fields[2]


def to_iccs(ff_move):
    """`b3b10` (files a–i, ranks 1–10) as ICCS `b2b9`."""
    i = 1
    while ff_move[i].isdigit():
        i += 1
    return f"{ff_move[0]}{int(ff_move[1:i]) - 1}{ff_move[i]}{int(ff_move[i + 1:]) - 1}"


def in_palace(f, rank):
    return 3 <= f <= 5 and (rank <= 2 or rank >= 7)


def oracle_moves(board, turn):
    moves = set()
    for m in sf.legal_moves("jieqi", ff_fen(board, turn), []):
        m = to_iccs(m)
        frm = (ord(m[0]) - 97, int(m[1]))
        to = (ord(m[2]) - 97, int(m[3]))
        cell = board[frm]
        # A covered advisor moves as xiangqi's advisor: within the palace.
        if cell[1] and START[frm].upper() == "A" and not in_palace(*to):
            continue
        moves.add(m)
    return moves


def program_moves(binary, fen):
    out = subprocess.run(
        [binary, "legal", "--variant", "jieqi", "--fen", fen],
        capture_output=True,
        text=True,
        check=False,
    )
    if out.returncode != 0:
        raise SystemExit(f"{fen}: {out.stderr.strip()}")
    return set(out.stdout.split())


def play(board, pool, turn, move, rng):
    frm = (ord(move[0]) - 97, int(move[1]))
    to = (ord(move[2]) - 97, int(move[3]))
    letter, covered = board.pop(frm)
    if covered:
        side = str.isupper if turn == "w" else str.islower
        bag = [c for c, n in pool.items() if side(c) for _ in range(n)]
        letter = rng.choice(bag)
        pool[letter] -= 1
    # A covered piece taken stays in the pool: nobody saw it.
    board[to] = (letter, False)
    return "b" if turn == "w" else "w"


def compare(binary, board, pool, turn, tally, shown):
    fen = jieqi_fen(board, pool, turn)
    ours, theirs = program_moves(binary, fen), oracle_moves(board, turn)
    tally["positions"] += 1
    tally["moves"] += len(theirs)
    if ours != theirs:
        tally["differ"] += 1
        if shown[0] > 0:
            shown[0] -= 1
            print(f"DIFFER {fen}\n  only ours: {sorted(ours - theirs)}\n"
                  f"  only Fairy-Stockfish: {sorted(theirs - ours)}")
    return sorted(theirs)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--plies", type=int, default=150)
    ap.add_argument("--bin", default="target/debug/xiangqi")
    ap.add_argument("--show", type=int, default=10)
    args = ap.parse_args()
    sf.load_variant_config(VARIANT)
    rng = random.Random(args.seed)
    tally = {"positions": 0, "moves": 0, "differ": 0, "reveals": 0, "covered_captures": 0}
    shown = [args.show]
    for fen in FIXED:
        board, pool, turn = parse_jieqi_fen(fen)
        compare(args.bin, board, pool, turn, tally, shown)
    fixed = tally["positions"]
    for _ in range(args.games):
        board, pool, turn = parse_jieqi_fen(FIXED[0])
        for _ in range(args.plies):
            moves = compare(args.bin, board, pool, turn, tally, shown)
            if not moves:
                break
            move = rng.choice(moves)
            frm = (ord(move[0]) - 97, int(move[1]))
            to = (ord(move[2]) - 97, int(move[3]))
            tally["reveals"] += board[frm][1]
            tally["covered_captures"] += to in board and board[to][1]
            turn = play(board, pool, turn, move, rng)
    print(f"positions compared: {tally['positions']} ({fixed} fixed, the rest from "
          f"{args.games} random games), legal moves compared: {tally['moves']}, reveals "
          f"played: {tally['reveals']}, covered pieces captured: {tally['covered_captures']}, "
          f"positions that differ: {tally['differ']}")
    sys.exit(1 if tally["differ"] else 0)


if __name__ == "__main__":
    main()
