#!/usr/bin/env python3
"""How fast the computer player thinks on CPython: think time and playouts per second.

    python3 benchmarks/ai_think.py [--seconds 1] [--plies 0 20 60] [game ...]

For each configuration the computer chooses a move with a ``--seconds`` budget from the
positions reached after each number of random ``--plies``. The table gives, as medians over
those positions: the root checks (listing the legal moves, looking for wins, losses and
threats) in milliseconds, the whole think time (which must stay near the budget), and the
search speed in playouts (iterations) per second.
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
from pygames.ai import Search  # noqa: E402
from playouts import CONFIGS as PLAYOUT_CONFIGS  # noqa: E402  (the configurations of the playout benchmark)

CONFIGS = [*PLAYOUT_CONFIGS, ("pente", {"size": 19, "opening": "none", "players": 4})]


def measure(name: str, options: dict, plies: int, seconds: float, rng: random.Random) -> tuple[float, float, float]:
    """(root checks in s, think time in s, iterations per s) from a position ``plies``
    random moves into a game (fewer if the game ends first)."""
    game = new_game(name, **options)
    for _ in range(plies):
        game.play(game.random_move(rng))
        if game.is_over():
            game.undo()
            break
    start = time.perf_counter()
    search = Search(game, random.Random(1))
    checked = time.perf_counter()
    iterations = search.run(seconds=max(0.0, seconds - (checked - start)))
    done = time.perf_counter()
    search.best_move()
    return checked - start, done - start, iterations / max(done - checked, 1e-9)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="*")
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--plies", type=int, nargs="+", default=[0, 20, 60])
    args = parser.parse_args()
    have = set(available())
    rng = random.Random(1)
    print(f"Python {sys.version.split()[0]}; budget {args.seconds:g} s; median over positions after "
          f"{', '.join(map(str, args.plies))} random plies\n")
    print(f"| {'game':<38} | {'root checks':>11} | {'think':>7} | {'iterations/s':>12} |")
    print(f"|{'-' * 40}|{'-' * 13}|{'-' * 9}|{'-' * 14}|")
    for name, options in CONFIGS:
        if name not in have or (args.games and name not in args.games):
            continue
        runs = [measure(name, options, plies, args.seconds, rng) for plies in args.plies]
        root, think, speed = (statistics.median(r[i] for r in runs) for i in range(3))
        label = f"{name} " + " ".join(f"{k}={v}" for k, v in options.items())
        print(f"| {label:<38} | {root * 1000:>8.0f} ms | {think:>5.2f} s | {speed:>12.0f} |", flush=True)


if __name__ == "__main__":
    main()
