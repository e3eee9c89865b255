#!/usr/bin/env python3
"""Random-playout speed of every game on CPython: games and moves per second.

    python3 benchmarks/playouts.py [--seconds 3] [--repeats 3] [game ...]

Each configuration plays uniformly random games (``Game.random_move``) from the start to
the end for ``--seconds``, ``--repeats`` times; the table gives the median of the repeats.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pygames import available, new_game  # noqa: E402

CONFIGS = [
    ("loose", {"size": 11}),
    ("vacu", {"size": 9}),
    ("convacu", {"size": 9}),
    ("gardar", {"size": 9}),
    ("pente", {"size": 19}),
]
MAX_PLIES = 2_000  # a random Vacu game can wander; the cap keeps one repeat bounded


def measure(name: str, options: dict, seconds: float, rng: random.Random) -> tuple[float, float, float]:
    """(games/s, moves/s, mean plies) of random playouts for ``seconds``."""
    games = moves = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        game = new_game(name, **options)
        plies = 0
        while not game.is_over() and plies < MAX_PLIES:
            game.play(game.random_move(rng))
            plies += 1
        games += 1
        moves += plies
    elapsed = time.perf_counter() - start
    return games / elapsed, moves / elapsed, moves / games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="*")
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    have = set(available())
    rng = random.Random(1)
    print(f"Python {sys.version.split()[0]}; median of {args.repeats} runs of {args.seconds:g} s each\n")
    print(f"| {'game':<22} | {'games/s':>9} | {'moves/s':>9} | {'plies/game':>10} |")
    print(f"|{'-' * 24}|{'-' * 11}|{'-' * 11}|{'-' * 12}|")
    for name, options in CONFIGS:
        if name not in have or (args.games and name not in args.games):
            continue
        runs = [measure(name, options, args.seconds, rng) for _ in range(args.repeats)]
        g, m, p = (statistics.median(r[i] for r in runs) for i in range(3))
        label = f"{name} " + " ".join(f"{k}={v}" for k, v in options.items())
        print(f"| {label:<22} | {g:>9.1f} | {m:>9.0f} | {p:>10.1f} |", flush=True)


if __name__ == "__main__":
    main()
