#!/usr/bin/env python3
"""Tactics: how many of the project's own puzzles a computer player solves at a budget.

    python3 benchmarks/tactics.py [GAME] [--a SPEC] [--b SPEC] [--seconds 1] [--goals win,safe]

Each puzzle of ``site/learn/puzzles-GAME.json`` (Pente by default) whose goal is one of
``--goals`` is played as a page plays it (:class:`pygames.learn.Attempt`): the player
(a SPEC of ``strength.py``: ``new``, a commit, ``+book``...) makes the solver's moves with
``--seconds`` a move, and the puzzle's line or its refutation answers each; it is solved
when the goal is reached within the puzzle's moves. Every puzzle is proven, so a player
that wins (``win``) or stops the opponent's win (``safe``) whenever it can solves all of
them. Goals about something else (Pente's ``captures``, the territory games' counts) ask
for what a player after the win need not do, so they are left out by default.

``--b`` measures a second player on the same puzzles in the same run, one puzzle at a
time each, alternating (the machine is shared: read the two side by side). The table
gives the share solved per goal and number of moves, and the puzzles one solved and the
other did not.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import defaultdict

import trees
from strength import Engine


def solve(engine: Engine, data: dict, seed: int) -> bool:
    """Whether ``engine`` solves the puzzle ``data``, playing every solver move."""
    from dataclasses import replace

    from pygames import learn
    from pygames.notation import decode, encode

    puzzle = learn.Puzzle.read(data)
    attempt = learn.Attempt.begin(puzzle)
    decoded = decode(puzzle.position)
    record = replace(decoded.record, moves=list(decoded.record.moves[:decoded.ply]))
    for turn in range(puzzle.moves):
        move = engine.move(attempt.game, encode(record), seed * 100 + turn)
        _feedback, replies = attempt.play(move)
        if attempt.solved:
            return True
        if attempt.failed:
            return False
        record.moves += [move, *replies]
    return False


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("game", nargs="?", default="pente")
    parser.add_argument("--a", default="new")
    parser.add_argument("--b")
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--goals", default="win,safe", help="comma-separated goal kinds, or 'all'")
    args = parser.parse_args()
    sys.path.insert(0, str(trees.ROOT))
    puzzles = json.loads((trees.ROOT / "site" / "learn" / f"puzzles-{args.game}.json").read_text())
    puzzles = puzzles["puzzles"] if isinstance(puzzles, dict) else puzzles
    goals = None if args.goals == "all" else set(args.goals.split(","))
    chosen = [p for p in puzzles if goals is None or p["goal"]["kind"] in goals]
    specs = [args.a] + ([args.b] if args.b else [])
    engines = [Engine(spec, args.seconds, None) for spec in specs]
    print(f"{args.game}: {len(chosen)} puzzles ({args.goals}), {args.seconds:g} s a move; "
          + " against ".join(specs), flush=True)
    solved: dict[str, dict[int, bool]] = {spec: {} for spec in specs}
    try:
        for i, data in enumerate(chosen):
            order = engines if i % 2 == 0 else engines[::-1]
            for engine in order:
                solved[engine.spec][data["id"]] = solve(engine, data, data["id"])
    finally:
        for engine in engines:
            engine.close()
    groups: dict[tuple[str, int], list[dict]] = defaultdict(list)
    for data in chosen:
        groups[(data["goal"]["kind"], data["moves"])].append(data)
    print("\n| goal | moves | puzzles | " + " | ".join(specs) + " |\n|---|---:|---:|" + "---:|" * len(specs))
    for (kind, moves), group in sorted(groups.items()):
        cells = [f"{sum(solved[s][p['id']] for p in group)}" for s in specs]
        print(f"| {kind} | {moves} | {len(group)} | " + " | ".join(cells) + " |")
    total = [sum(solved[s].values()) for s in specs]
    print(f"| all | | {len(chosen)} | " + " | ".join(f"{t} ({t / len(chosen):.0%})" for t in total) + " |")
    if len(specs) == 2:
        for spec, other in (specs, specs[::-1]):
            only = [i for i in solved[spec] if solved[spec][i] and not solved[other][i]]
            print(f"solved by {spec} only: {', '.join(map(str, only)) or 'none'}")


if __name__ == "__main__":
    main()
