#!/usr/bin/env python3
"""Compare this crate's repetition verdicts (xiangqi::judge_lap) with Fairy-Stockfish's.

A development aid, not part of `cargo test`. Fairy-Stockfish's Python binding judges
repetition by the Asian rules (perpetual check and perpetual chase lose); install it outside
the repository, e.g.

    python3 -m venv /tmp/ffvenv && /tmp/ffvenv/bin/pip install pyffish
    cargo build --release --example axf_judge
    /tmp/ffvenv/bin/python tools/axf_compare.py [--positions N] [--seed S] [--show K]

Cycles are made from real positions (every position of the games in tests/data/games): the
side to move plays a quiet move, the other side answers, both moves are taken back, so the
position comes round again (a lap of four plies; a sample of them per position). Played twice, the start position occurs a
third time, and both programs judge the lap. Laps where a piece follows another as it runs
(the usual chase) have exactly this shape. The script prints how often the two agree, per
verdict, and some disagreements with their FEN and moves, each marked with the shape of the
two known causes when the lap has it: "[false pin]" (Fairy-Stockfish's flying-general pin of a
piece that is not pinned) and "[check shield]" (a chaser piece that shields a check, whose old
attacks Fairy-Stockfish counts as new). A mark shows the shape is there, not that it decides.
"""

import argparse
import collections
import random
import subprocess
import sys
from pathlib import Path

import pyffish as sf

ROOT = Path(__file__).resolve().parent.parent
BINARY = ROOT / "target" / "release" / "examples" / "axf_judge"
VARIANT = "xiangqi"


def to_uci(move):
    """ICCS (ranks 0-9) to Fairy-Stockfish's coordinates (ranks 1-10)."""
    return f"{move[0]}{int(move[1]) + 1}{move[2]}{int(move[3]) + 1}"


def run(binary, args, text=""):
    done = subprocess.run(
        [str(binary), *args], input=text, capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        sys.exit(f"{binary} {' '.join(args)} failed: {done.stderr}")
    return done.stdout.splitlines()


def fsf_verdict(fen, lap):
    """Fairy-Stockfish's verdict in this crate's words, on the lap played twice."""
    moves = [to_uci(m) for m in lap] * 2
    try:
        ended, value = sf.is_optional_game_end(VARIANT, fen, moves)
    except (ValueError, SystemError) as e:
        return f"error: {e}"
    if not ended:
        return "no end"
    if value == 0:
        return "draw"
    mover_is_red = fen.split()[1] == "w"
    # The value is for the side to move after the moves: the side that moved first.
    loser_red = mover_is_red if value < 0 else not mover_is_red
    loser = "red" if loser_red else "black"
    # Which of the loser's moves gave check? All of them: perpetual check.
    first = 0 if loser_red == mover_is_red else 1
    checks = all(
        sf.gives_check(VARIANT, fen, moves[: i + 1]) for i in range(first, len(lap), 2)
    )
    return f"{loser} perpetual {'check' if checks else 'chase'}"


def board(fen):
    """The placement of a FEN as {(file, rank): piece letter}, ranks 0-9 from Red's side."""
    cells = {}
    for row, text in enumerate(fen.split()[0].split("/")):
        file = 0
        for ch in text:
            if ch.isdigit():
                file += int(ch)
            else:
                cells[(file, 9 - row)] = ch
                file += 1
    return cells


def after_moves_of(fen, lap, side):
    """Plays the lap twice from `fen`; after each move of `side` ("red" or "black") yields the
    placement, whether the mover is red, and the point it moved to."""
    cells = board(fen)
    red_moves = fen.split()[1] == "w"
    for move in lap * 2:
        start = (ord(move[0]) - ord("a"), int(move[1]))
        end = (ord(move[2]) - ord("a"), int(move[3]))
        cells[end] = cells.pop(start)
        mover_red, red_moves = red_moves, not red_moves
        if ("red" if mover_red else "black") == side:
            yield cells, mover_red, end


def false_pin(fen, lap, loser):
    """Does the lap pass a position, after one of the loser's moves, where Fairy-Stockfish sees
    a pin that does not exist? It treats a lone piece of the chased side between the generals
    as pinned by the flying general, even when pieces of the chaser stand between them too."""
    for cells, mover_red, _ in after_moves_of(fen, lap, loser):
        red_general = next(s for s, p in cells.items() if p == "K")
        black_general = next(s for s, p in cells.items() if p == "k")
        if red_general[0] != black_general[0]:
            continue
        between = [
            cells[(red_general[0], r)]
            for r in range(red_general[1] + 1, black_general[1])
            if (red_general[0], r) in cells
        ]
        chased_side = [p for p in between if p.isupper() != mover_red]
        if len(chased_side) == 1 and len(between) > 1:
            return True
    return False


def line_checks(cells, general, mover_red):
    """Does a chariot or cannon of the mover give check along a line to `general`?"""
    for step in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        square, screens = general, 0
        while True:
            square = (square[0] + step[0], square[1] + step[1])
            if not (0 <= square[0] < 9 and 0 <= square[1] < 10):
                break
            piece = cells.get(square)
            if piece is None:
                continue
            if piece.isupper() == mover_red and piece.upper() == ("R" if screens == 0 else "C"):
                return True
            screens += 1
            if screens > 1:
                break
    return False


def check_shield(fen, lap, loser):
    """Does one of the loser's moves end on a point that shields a check (taking the moved
    piece off the board would check the other general)? Fairy-Stockfish counts every attack of
    such a piece on a piece the general cannot take back as a chase, new or not."""
    for cells, mover_red, end in after_moves_of(fen, lap, loser):
        general = next(s for s, p in cells.items() if p == ("k" if mover_red else "K"))
        without = {s: p for s, p in cells.items() if s != end}
        if line_checks(without, general, mover_red) and not line_checks(cells, general, mover_red):
            return True
    return False


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--positions", type=int, default=400, help="real positions used")
    parser.add_argument("--per-position", type=int, default=200, help="laps per position")
    parser.add_argument("--seed", type=int, default=8)
    parser.add_argument("--show", type=int, default=10, help="disagreements shown")
    parser.add_argument("--binary", default=str(BINARY))
    parser.add_argument(
        "--chases",
        action="store_true",
        help="chase-shaped laps (a piece attacks, the victim runs, the attacker follows) "
        "instead of every quiet move and reply",
    )
    parser.add_argument("--games", default=str(ROOT / "tests" / "data" / "games"))
    args = parser.parse_args()
    rng = random.Random(args.seed)

    games = sorted(str(p) for p in Path(args.games).rglob("*.pgn"))
    fens = sorted(set(run(args.binary, ["positions", *games])))
    rng.shuffle(fens)
    # Clocks reset: no move-limit effects.
    chosen = [" ".join(f.split()[:2] + ["-", "-", "0", "1"]) for f in fens[: args.positions]]
    cycles = []
    if args.chases:
        lines = run(
            args.binary,
            ["chases", str(args.seed), str(args.per_position)],
            "".join(f + "\n" for f in chosen),
        )
        for line in lines:
            fen, lap, _shape = line.split("\t")
            cycles.append((fen, lap.split()))
    else:
        by_fen = collections.defaultdict(list)
        for line in run(args.binary, ["laps"], "".join(f + "\n" for f in chosen)):
            fen, lap = line.split("\t")
            by_fen[fen].append(lap.split())
        for fen in chosen:
            laps = by_fen[fen]
            rng.shuffle(laps)
            cycles += [(fen, lap) for lap in laps[: args.per_position]]

    ours = run(args.binary, ["judge"], "".join(f"{f}\t{' '.join(l)}\n" for f, l in cycles))
    table = collections.Counter()
    disagreements = collections.defaultdict(list)
    for (fen, lap), mine in zip(cycles, ours):
        theirs = fsf_verdict(fen, lap)
        table[(theirs, mine)] += 1
        if theirs != mine:
            disagreements[(theirs, mine)].append((fen, lap))

    print(f"{len(cycles)} laps from {min(len(fens), args.positions)} real positions")
    print(f"{'Fairy-Stockfish':24} {'judge_lap':24} count")
    for (theirs, mine), n in sorted(table.items()):
        mark = "" if theirs == mine else "   <- differ"
        print(f"{theirs:24} {mine:24} {n}{mark}")
    for kind in ("check", "chase"):
        theirs_n = sum(n for (t, _), n in table.items() if t.endswith(kind))
        agree = sum(n for (t, m), n in table.items() if t.endswith(kind) and t == m)
        mine_n = sum(n for (_, m), n in table.items() if m.endswith(kind))
        print(
            f"perpetual {kind}: Fairy-Stockfish {theirs_n}, judge_lap {mine_n}, "
            f"same verdict {agree}"
        )
    for side in ("red", "black"):
        for kind in ("check", "chase"):
            verdict = f"{side} perpetual {kind}"
            theirs_n = sum(n for (t, _), n in table.items() if t == verdict)
            mine_n = sum(n for (_, m), n in table.items() if m == verdict)
            agree = table[(verdict, verdict)]
            print(f"{verdict}: Fairy-Stockfish {theirs_n}, judge_lap {mine_n}, both {agree}")
    total_agree = sum(n for (t, m), n in table.items() if t == m)
    print(f"all laps: {total_agree} of {len(cycles)} agree")
    for key, cases in sorted(disagreements.items()):
        where = len({fen for fen, _ in cases})
        loser = key[0].split()[0]
        notes = [
            ("[false pin]" if false_pin(fen, lap, loser) else "")
            + ("[check shield]" if check_shield(fen, lap, loser) else "")
            for fen, lap in cases
        ]
        print(
            f"differ {key[0]!r} vs {key[1]!r}: {len(cases)} laps from {where} positions; "
            f"{sum('pin' in n for n in notes)} with a false flying-general pin, "
            f"{sum('shield' in n for n in notes)} with a check shield"
        )
        for (fen, lap), note in list(zip(cases, notes))[: args.show]:
            note = f"  {note}" if note else ""
            print(f"differ {key[0]!r} vs {key[1]!r}: {fen}  {' '.join(lap)}{note}")


if __name__ == "__main__":
    main()
