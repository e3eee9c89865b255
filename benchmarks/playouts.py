#!/usr/bin/env python3
"""Engine speed: uniformly random playouts and legal-move listing, against an earlier commit.

    python3 benchmarks/playouts.py [--base REV] [--pyodide] [--legal] [--seconds 3] [--repeats 3] [game ...]

Playouts: each configuration plays uniformly random games (``Game.random_move`` + ``play``)
from the start to the end for ``--seconds``; the table gives the median games per second of
``--repeats`` runs. With ``--base REV`` the same runs are made with the code of commit REV
(checked out beside the working tree, see ``trees.py``), alternating run by run (and which
goes first), and the
ratio of the medians is printed. ``--pyodide`` adds the working tree's speed inside Pyodide
(Node) and its ratio to CPython, and the same ratio for plain Python code that no engine
design can change (:func:`reference`: calls, indexing, a dict and integer sums), the floor
the engines' ratios sit on, and for Gardar's big-integer flood fills (:func:`bits`).
``--legal`` times ``legal_moves()`` instead, in positions
a third of the way into random games (the same positions for both trees), in microseconds.

Every measurement runs in its own child process (``--child``), so the two trees never
share a module cache.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time

import trees

CONFIGS = [
    ("loose", {"size": 9}),
    ("vacu", {"size": 9}),
    ("convacu", {"size": 9}),
    ("gardar", {"size": 7}),
    ("gardar", {"size": 9}),
    ("pente", {"size": 19}),
]
MAX_PLIES = 2_000  # a random Vacu game can wander; the cap keeps one run bounded


def playouts(name: str, options: dict, seconds: float) -> dict:
    """Games and moves per second of random playouts, and the mean game length."""
    from pygames import new_game

    rng = random.Random(1)
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
    return {"games": games / elapsed, "moves": moves / elapsed, "plies": moves / games}


def _step(v: int) -> int:
    return v ^ (v >> 3)


def reference(seconds: float) -> dict:
    """Plain interpreted Python, for the Pyodide/CPython ratio of the interpreter itself:
    thousands of loop rounds per second (each a call, two indexings, a dict update and a
    few integer operations)."""
    table, seen, total, rounds = list(range(64)), {}, 0, 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        for i in range(10_000):
            v = table[i & 63] + i
            seen[v & 255] = seen.get(v & 255, 0) + 1
            total += _step(v)
        rounds += 10_000
    return {"games": rounds / (time.perf_counter() - start) / 1000}


def bits(seconds: float) -> dict:
    """Big-integer bit sets as Gardar's engine uses them: thousands of flood fills per second
    (:func:`pygames.gardar._flood`, its region and group floods) on the side-9 board, each
    from one point through a random half of the board; and the same floods over a
    ``bytearray`` of the points, the representation tried instead (``lists``). Set beside
    :func:`reference`, it says whether Pyodide is slower at big integers than at the rest
    of Python, and whether small ints in arrays would be faster there."""
    from pygames import new_game
    from pygames.gardar import _flood

    game = new_game("gardar", size=9)
    grid, neighbours = game.grid, game.board.neighbours
    rng = random.Random(1)
    cases = []
    for _ in range(64):
        inside = bytearray(rng.random() < 0.55 for _ in grid.bit)
        seed = rng.choice([p for p, x in enumerate(inside) if x])
        cases.append((seed, inside, sum(b for b, x in zip(grid.bit, inside, strict=True) if x)))

    def flood_list(seed: int, inside: bytearray) -> bytearray:
        found = bytearray(len(inside))
        found[seed] = 1
        todo = [seed]
        while todo:
            for q in neighbours[todo.pop()]:
                if inside[q] and not found[q]:
                    found[q] = 1
                    todo.append(q)
        return found

    rates = {}
    for label, flood in (("games", lambda seed, inside, within: _flood(grid.bit[seed], within, grid.width)),
                         ("lists", lambda seed, inside, within: flood_list(seed, inside))):
        floods, start = 0, time.perf_counter()
        while time.perf_counter() - start < seconds / 2:
            for case in cases:
                flood(*case)
            floods += len(cases)
        rates[label] = floods / (time.perf_counter() - start) / 1000
    return rates


def mid_games(name: str, options: dict, count: int = 10) -> list:
    """Positions a third of the way into random games. Moves are drawn from the sorted legal
    moves, so every tree reaches the same positions whatever its move order."""
    from pygames import new_game

    rng = random.Random(7)
    found = []
    while len(found) < count:
        game = new_game(name, **options)
        for _ in range(len(game.board) // 3):
            game.play(rng.choice(sorted(game.legal_moves(), key=str)))
            if game.is_over():
                game.undo()
                break
        found.append(game)
    return found


def legal(name: str, options: dict, seconds: float) -> dict:
    """Microseconds per ``legal_moves()`` call, median over the positions of :func:`mid_games`."""
    per_position = []
    for game in mid_games(name, options):
        calls, start = 0, time.perf_counter()
        while calls < 3 or time.perf_counter() - start < seconds / 10:
            game.legal_moves()
            calls += 1
        per_position.append((time.perf_counter() - start) / calls * 1e6)
    return {"us": statistics.median(per_position)}


def measure_child(argv: list[str]) -> None:
    kind, name, options, seconds = argv[0], argv[1], json.loads(argv[2]), float(argv[3])
    trees.use_tree()
    if kind in ("reference", "bits"):
        result = (reference if kind == "reference" else bits)(seconds)
    else:
        result = (playouts if kind == "playouts" else legal)(name, options, seconds)
    print(json.dumps({**result, "python": sys.version.split()[0], "platform": sys.platform}), flush=True)


def main() -> None:
    if sys.argv[1:2] == ["--child"]:
        measure_child(sys.argv[2:])
        return
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="*", help="only these games (loose, vacu, convacu, gardar, pente)")
    parser.add_argument("--base", help="an earlier commit to compare with (e.g. d78bc8a)")
    parser.add_argument("--pyodide", action="store_true", help="also measure the working tree in Pyodide")
    parser.add_argument("--legal", action="store_true", help="time legal_moves() instead of playouts")
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    kind, key, unit = ("legal", "us", "µs per legal_moves()") if args.legal else ("playouts", "games", "games/s")
    runs = [("new", trees.ROOT, False)]
    if args.base:
        runs.append(("base", trees.tree(args.base), False))
    if args.pyodide:
        runs.append(("pyodide", trees.ROOT, True))
    print(f"{kind}: {unit}, median of {args.repeats} runs of {args.seconds:g} s; new = working tree"
          + (f", base = {args.base}" if args.base else "") + (", pyodide = working tree in Pyodide" if args.pyodide else ""))
    head = ["configuration", "new"] + [name for name, _, _ in runs[1:]]
    if args.base:
        head.append("speed new/base")
    if args.pyodide:
        head.append("speed pyodide/new")
    if not args.legal:
        head.append("plies/game")
    print("\n| " + " | ".join(head) + " |\n|" + "---|" * len(head), flush=True)
    for name, options in CONFIGS:
        if args.games and name not in args.games:
            continue
        found: dict[str, list[dict]] = {label: [] for label, _, _ in runs}
        for repeat in range(args.repeats):
            for label, source, pyodide in (runs if repeat % 2 == 0 else runs[::-1]):
                found[label].append(trees.child("playouts.py", source, [kind, name, json.dumps(options),
                                                                         str(args.seconds)], pyodide))
        median = {label: statistics.median(r[key] for r in found[label]) for label in found}
        row = [f"{name} " + " ".join(f"{k}={v}" for k, v in options.items())]
        row += [f"{median[label]:,.1f}" for label, _, _ in runs]
        for other in ("base", "pyodide"):
            if other in median:
                a, b = (median["new"], median[other]) if other == "base" else (median[other], median["new"])
                row.append(f"{(a / b if not args.legal else b / a):.2f}")
        if not args.legal:
            row.append(f"{statistics.median(r['plies'] for r in found['new']):.0f}")
        print("| " + " | ".join(row) + " |", flush=True)
    if args.pyodide and not args.legal:
        for kind, what in (("reference", "plain Python (reference())"),
                           ("bits", "Gardar's big-integer flood fills (bits())")):
            found = {"new": [], "pyodide": []}
            for repeat in range(args.repeats):
                for label, pyodide in ((("new", False), ("pyodide", True)) if repeat % 2 == 0 else
                                       (("pyodide", True), ("new", False))):
                    found[label].append(trees.child("playouts.py", trees.ROOT, [kind, "-", "{}", str(args.seconds)],
                                                    pyodide))
            for key, name in (("games", what), ("lists", "the same floods over a bytearray")):
                if key in found["new"][0]:
                    cpython, wasm = (statistics.median(r[key] for r in found[label]) for label in ("new", "pyodide"))
                    print(f"\n{name}: {cpython:,.1f} thousand a second in CPython, {wasm:,.1f} in Pyodide: "
                          f"speed pyodide/new {wasm / cpython:.2f}", flush=True)

if __name__ == "__main__":
    main()
