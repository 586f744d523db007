#!/usr/bin/env python3
"""Compare the rules crate's repetition verdicts (xiangqi_rules::judge_lap) with Fairy-Stockfish's.

A development aid, not part of `cargo test`. Fairy-Stockfish's Python binding judges
repetition by the Asian rules (perpetual check and perpetual chase lose); install it outside
the repository, e.g.

    python3 -m venv /tmp/ffvenv && /tmp/ffvenv/bin/pip install pyffish
    cargo build --release --example axf_judge
    /tmp/ffvenv/bin/python tools/axf_compare.py [--chases] [--positions N] [--seed S] [--show K]

Cycles are made from real positions (the positions of the games in
crates/xiangqi-records/tests/data/games, or --games DIR), two ways:

- by default, the side to move plays a quiet move, the other side answers, both moves are
  taken back (a lap of four plies; a sample of them per position) — mostly idle laps;
- with --chases, chase-shaped laps (crates/xiangqi-records/examples/axf_judge.rs, `chases`):
  a piece attacks an enemy piece, the victim runs (or its side defends or blocks), the
  attacker follows and attacks again, and both come back — laps of four plies, and of eight
  where each piece retraces its steps or the two sides' moves are taken back crosswise; some
  laps check instead of chasing (check against chase, one check one chase). Only laps where
  one side checks or newly attacks the same piece with every move are kept, so most are
  chases in shape; the rules then decide.

Played twice, the start position occurs a third time, and both programs judge the lap. The
script prints how often the two agree, per verdict and side, and some disagreements with their
FEN and moves, marked "[false pin]" when the lap has the shape of a known cause: a lone piece of
the chased side on the generals' file that Fairy-Stockfish takes as pinned by the flying
general although it is not (pieces of the chaser stand between the generals too, or it stands
beyond its own general). A mark shows the shape is there, not that it decides.
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
    a pin that does not exist? When the generals share a file and the chased side has one
    other piece on it, Fairy-Stockfish treats that piece as pinned by the flying general, even
    when pieces of the chaser stand between the generals too, or when the piece stands beyond
    its own general, not between them."""
    for cells, mover_red, _ in after_moves_of(fen, lap, loser):
        red_general = next(s for s, p in cells.items() if p == "K")
        black_general = next(s for s, p in cells.items() if p == "k")
        if red_general[0] != black_general[0]:
            continue
        on_file = [(r, p) for (f, r), p in cells.items() if f == red_general[0]]
        chased_side = [
            (r, p) for r, p in on_file if p.isupper() != mover_red and p not in "Kk"
        ]
        if len(chased_side) != 1:
            continue
        between = [p for r, p in on_file if red_general[1] < r < black_general[1]]
        rank = chased_side[0][0]
        if not red_general[1] < rank < black_general[1] or len(between) > 1:
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
    parser.add_argument(
        "--games", default=str(ROOT / "crates" / "xiangqi-records" / "tests" / "data" / "games")
    )
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
        notes = ["[false pin]" if false_pin(fen, lap, loser) else "" for fen, lap in cases]
        print(
            f"differ {key[0]!r} vs {key[1]!r}: {len(cases)} laps from {where} positions; "
            f"{sum(bool(n) for n in notes)} with a false flying-general pin"
        )
        for (fen, lap), note in list(zip(cases, notes))[: args.show]:
            note = f"  {note}" if note else ""
            print(f"differ {key[0]!r} vs {key[1]!r}: {fen}  {' '.join(lap)}{note}")

if __name__ == "__main__":
    main()
