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
verdict, and some disagreements with their FEN and moves.
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


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--positions", type=int, default=400, help="real positions used")
    parser.add_argument("--per-position", type=int, default=200, help="laps per position")
    parser.add_argument("--seed", type=int, default=8)
    parser.add_argument("--show", type=int, default=10, help="disagreements shown")
    parser.add_argument("--binary", default=str(BINARY))
    args = parser.parse_args()
    rng = random.Random(args.seed)

    games = sorted(str(p) for p in (ROOT / "tests" / "data" / "games").rglob("*.pgn"))
    fens = sorted(set(run(args.binary, ["positions", *games])))
    rng.shuffle(fens)
    # Clocks reset: no move-limit effects.
    chosen = [" ".join(f.split()[:2] + ["-", "-", "0", "1"]) for f in fens[: args.positions]]
    by_fen = collections.defaultdict(list)
    for line in run(args.binary, ["laps"], "".join(f + "\n" for f in chosen)):
        fen, lap = line.split("\t")
        by_fen[fen].append(lap.split())
    cycles = []
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
    total_agree = sum(n for (t, m), n in table.items() if t == m)
    print(f"all laps: {total_agree} of {len(cycles)} agree")
    for key, cases in sorted(disagreements.items()):
        where = len({fen for fen, _ in cases})
        print(f"differ {key[0]!r} vs {key[1]!r}: {len(cases)} laps from {where} positions")
        for fen, lap in cases[: args.show]:
            print(f"differ {key[0]!r} vs {key[1]!r}: {fen}  {' '.join(lap)}")


if __name__ == "__main__":
    main()
