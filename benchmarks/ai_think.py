#!/usr/bin/env python3
"""How fast the computer player thinks: think time, and work per second on CPython and in Pyodide.

    python3 benchmarks/ai_think.py [--seconds 1] [--plies 0 20 60] [--pyodide] [--base REV] [game ...]
    python3 benchmarks/ai_think.py --workers 1,2 [--seconds 1] [--plies ...] [--runs 3] [game ...]

For each configuration the computer thinks with a ``--seconds`` budget from the positions
reached after each number of random ``--plies`` (the same positions for every run). The
table gives medians over those positions: the checks before searching in milliseconds,
the whole think time (which must stay near the budget), and the search's work per second
(playouts for Monte Carlo tree search, nodes for a game's own searcher). ``--pyodide``
adds the same in Pyodide (Node) and the ratio to CPython; ``--base REV`` the work per second
of an earlier commit's computer player.

``--workers 1,2`` instead measures ``pygames.ai.analyse(..., workers=N)`` (N searches side by
side in the process pool, merged): the work per second of all searches together, from the
call to the answer, for each N, and its ratio to the first N; ``--runs`` repeats each
position (the pool is started before timing, as a page or a match keeps it across moves).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time

import trees
from playouts import CONFIGS as PLAYOUT_CONFIGS

CONFIGS = [*PLAYOUT_CONFIGS, ("pente", {"size": 19, "opening": "none", "players": 4})]


def position(name: str, options: dict, plies: int):
    """The position ``plies`` moves into a game, the moves drawn from the sorted legal moves
    so that every tree reaches the same one (fewer plies if the game would end)."""
    from pygames import new_game

    rng = random.Random(plies)
    game = new_game(name, **options)
    for _ in range(plies):
        game.play(rng.choice(sorted(game.legal_moves(), key=str)))
        if game.is_over():
            game.undo()
            break
    return game


def think(name: str, options: dict, plies: int, seconds: float) -> dict:
    """(checks in s, think time in s, work per s) from one position."""
    from pygames import ai

    game = position(name, options, plies)
    start = time.perf_counter()
    searcher = ai.search(game, random.Random(1)) if hasattr(ai, "search") else ai.Search(game, random.Random(1))
    checked = time.perf_counter()
    work = searcher.run(seconds=max(0.0, seconds - (checked - start)))
    done = time.perf_counter()
    searcher.best_move()
    return {"checks": checked - start, "think": done - start, "rate": work / max(done - checked, 1e-9),
            "decided": work == 0}


def analyse_rate(name: str, options: dict, plies: int, seconds: float, workers: int) -> float:
    """Work per second of one analysis with ``workers`` searches side by side."""
    from pygames import ai

    game = position(name, options, plies)
    analysis = ai.analyse(game, seconds=seconds, workers=workers, rng=random.Random(1))
    return analysis.work / analysis.seconds if analysis.work else math.nan


def measure_workers(games: list[str], seconds: float, plies: list[int], counts: list[int], runs: int) -> None:
    """The table of ``--workers``: medians over positions and runs, runs interleaved."""
    trees.use_tree()
    from pygames import ai

    head = ["configuration", *(f"work/s, {n} worker{'s' * (n > 1)}" for n in counts),
            *(f"{n} : {counts[0]}" for n in counts[1:])]
    print("| " + " | ".join(head) + " |\n|" + "---|" * len(head), flush=True)
    for n in counts:  # start every pool once, untimed
        if n > 1:
            ai.analyse(position("loose", {"size": 5}, 0), seconds=0.05, workers=n)
    for name, options in CONFIGS:
        if games and name not in games:
            continue
        rates: dict[int, list[float]] = {n: [] for n in counts}
        for _ in range(runs):
            for p in plies:
                for n in counts:
                    rate = analyse_rate(name, options, p, seconds, n)
                    if not math.isnan(rate):
                        rates[n].append(rate)
        med = {n: statistics.median(r) if r else math.nan for n, r in rates.items()}
        row = [f"{name} " + " ".join(f"{k}={v}" for k, v in options.items()), *(f"{med[n]:,.0f}" for n in counts),
               *(f"{med[n] / med[counts[0]]:.2f}" for n in counts[1:])]
        print("| " + " | ".join(row) + " |", flush=True)


def measure_child(argv: list[str]) -> None:
    name, options, seconds = argv[0], json.loads(argv[1]), float(argv[2])
    plies = [int(p) for p in argv[3:]]
    trees.use_tree()
    runs = [think(name, options, p, seconds) for p in plies]
    searched = [r for r in runs if not r["decided"]] or runs
    print(json.dumps({key: statistics.median(r[key] for r in searched) for key in ("checks", "think", "rate")}))


def main() -> None:
    if sys.argv[1:2] == ["--child"]:
        measure_child(sys.argv[2:])
        return
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="*")
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--plies", type=int, nargs="+", default=[0, 20, 60])
    parser.add_argument("--pyodide", action="store_true")
    parser.add_argument("--base")
    parser.add_argument("--workers", help="comma-separated worker counts to compare, e.g. 1,2")
    parser.add_argument("--runs", type=int, default=3, help="with --workers, analyses of each position per count")
    args = parser.parse_args()
    if args.workers:
        print(f"budget {args.seconds:g} s; medians over {args.runs} runs of the positions after "
              f"{', '.join(map(str, args.plies))} plies (positions decided without search left out)\n")
        measure_workers(args.games, args.seconds, args.plies, [int(n) for n in args.workers.split(",")], args.runs)
        return
    runs = [("CPython", trees.ROOT, False)]
    if args.pyodide:
        runs.append(("Pyodide", trees.ROOT, True))
    if args.base:
        runs.append((args.base, trees.tree(args.base), False))
    print(f"budget {args.seconds:g} s; medians over the positions after {', '.join(map(str, args.plies))} plies "
          "(positions decided without search are left out when others remain)\n")
    head = ["configuration", "checks", "think", "work/s"]
    if args.pyodide:
        head += ["Pyodide checks", "Pyodide work/s", "Pyodide/CPython"]
    if args.base:
        head += [f"{args.base} work/s", f"work/s vs {args.base}"]
    print("| " + " | ".join(head) + " |\n|" + "---|" * len(head), flush=True)
    for name, options in CONFIGS:
        if args.games and name not in args.games:
            continue
        got = {label: trees.child("ai_think.py", source, [name, json.dumps(options), str(args.seconds),
                                                            *map(str, args.plies)], pyodide)
               for label, source, pyodide in runs}
        cp = got["CPython"]
        row = [f"{name} " + " ".join(f"{k}={v}" for k, v in options.items()),
               f"{cp['checks'] * 1000:.0f} ms", f"{cp['think']:.2f} s", f"{cp['rate']:,.0f}"]
        if args.pyodide:
            py = got["Pyodide"]
            row += [f"{py['checks'] * 1000:.0f} ms", f"{py['rate']:,.0f}", f"{py['rate'] / cp['rate']:.2f}"]
        if args.base:
            row += [f"{got[args.base]['rate']:,.0f}", f"{cp['rate'] / got[args.base]['rate']:.2f}"]
        print("| " + " | ".join(row) + " |", flush=True)


if __name__ == "__main__":
    main()
