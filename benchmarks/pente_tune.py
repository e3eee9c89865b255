#!/usr/bin/env python3
"""Tune the Pente searcher's evaluation from games (logistic, "Texel" tuning).

    python3 benchmarks/pente_tune.py games [--games N] [--nodes N] [--seed K]
    python3 benchmarks/pente_tune.py fit [--steps N]

``games`` plays the working tree against itself (19x19, Pro opening, ``--nodes`` a move,
seeded) and appends each game's moves and winner to ``benchmarks/data/pente-tune.json``.
``fit`` takes every quiet position of those games (after the opening, neither side able
to win or make an open four at once, at least 4 plies before the end), describes it by
what the evaluation counts (for the side to move less the other: empty points' lines at
each level, capture points and threats, captured stones and the capture race, whether the
side to move can make an open four that cannot be answered) and fits the evaluation's
weights (``--free``, by default all) so that ``1 / (1 + exp(-score / 300))``, the searcher's own reading of a score as
a chance of winning, best predicts who won (least squares, gradient descent from the
tree's own weights). It prints the weights before and after and the error of each. The
fit gives a direction; matches (``strength.py``) decide how far along it to go.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys

import trees

FILE = trees.BENCH / "data" / "pente-tune.json"
#: The first plies are played at the beginner's budget (a hunch among the three most
#: promising points), so that games seeded differently differ.
OPENING_PLIES, OPENING_NODES = 6, 50
OPTIONS = {"size": 19, "opening": "pro"}
#: The weights fitted, in the order of a position's features.
NAMES = ("TEMPO", "TWO", "OPEN_TWO", "THREE", "OPEN_THREE", "FOUR", "OPEN_FOUR",
         "CAPTURE_POINT", "CAPTURE_THREAT", "CAPTURED_STONE", "CAPTURE_RACE", "INITIATIVE")
#: The weights that go into a point's packed value, which cannot be negative.
PACKED = range(1, 9)


def games(count: int, nodes: int, seed: int) -> None:
    sys.path.insert(0, str(trees.ROOT))
    from pygames import new_game
    from pygames.ai import analyse

    data = json.loads(FILE.read_text()) if FILE.exists() else {"games": []}
    for g in range(count):
        rng = random.Random(seed * 100_000 + g)
        game = new_game("pente", **OPTIONS)
        while game.result() is None and len(game.history) < 200:
            budget = OPENING_NODES if len(game.history) < OPENING_PLIES else nodes
            game.play(analyse(game, seconds=None, iterations=budget, rng=rng).move)
        result = game.result()
        winners = sorted(result.winners) if result else []
        data["games"].append({"moves": [game.move_text(m) for m in game.history], "winners": winners,
                              "nodes": nodes, "seed": seed * 100_000 + g})
        print(len(data["games"]), len(game.history), winners, flush=True)
        if g % 10 == 9 or g == count - 1:
            FILE.parent.mkdir(parents=True, exist_ok=True)
            FILE.write_text(json.dumps(data) + "\n")


def weights() -> list[float]:
    from pygames.ai import pente as P
    return [P.TEMPO, *P.LEVEL_VALUE[1:7], P.CAPTURE_POINT, P.CAPTURE_THREAT, P.CAPTURED_STONE,
            P.CAPTURE_RACE, P.INITIATIVE]


def features(searcher) -> list[float] | None:
    """What the evaluation counts in the searcher's position, for the side to move less
    the other, or None when the position is not quiet."""
    from pygames.ai import pente as P

    g = searcher.game
    me, them = g.to_move, 3 - g.to_move
    if searcher.win_points(me) or searcher.win_points(them) or searcher.open_fours[them]:
        return None
    x = [1.0] + [0.0] * (len(NAMES) - 1)
    for c, sign in ((me, 1), (them, -1)):
        for r, colour in enumerate(g.stones):
            if colour:
                continue
            for idx in range(4 * r, 4 * r + 4):
                level, taken, threats = _decode(searcher, searcher.keys[idx], c)
                if P.NONE < level < P.FIVE:
                    x[level] += sign
                x[7] += sign * taken
                x[8] += sign * threats
        n = g.captures[c]
        score = g.taken[c] if g.count_captures else n
        x[9] += sign * n
        x[10] += sign * (score * score / g.threshold ** 2 if g.threshold else 0)
    if searcher.open_fours[me] and not searcher.fours[them] and not searcher.capture_points[them]:
        x[11] = 1.0
    return x


_READINGS: dict[tuple[int, int], tuple[int, int, int, int]] = {}


def _decode(searcher, key: int, c: int) -> tuple[int, int, int]:
    """The level, captures and capture threats of a ``c`` stone on line ``key``
    (:meth:`~pygames.ai.pente.Patterns.reading`, kept: the same keys recur)."""
    found = _READINGS.get((key, c))
    if found is None:
        found = _READINGS[(key, c)] = searcher.patterns.reading(key, c)
    return found[:3]


def positions() -> list[tuple[list[float], float]]:
    sys.path.insert(0, str(trees.ROOT))
    from pygames import new_game
    from pygames.ai.pente import PenteSearch

    found = []
    for entry in json.loads(FILE.read_text())["games"]:
        if len(entry["winners"]) != 1:
            continue
        game = new_game("pente", **OPTIONS)
        moves = entry["moves"]
        for ply, text in enumerate(moves):
            if game.step >= len(game.steps) and ply <= len(moves) - 4:
                x = features(PenteSearch(game, random.Random(0)))
                if x is not None:
                    found.append((x, 1.0 if game.to_move in entry["winners"] else 0.0))
            game.play(game.board.parse(text))
    return found


def error(w: list[float], data: list[tuple[list[float], float]]) -> float:
    return sum((y - _sigmoid(_dot(w, x))) ** 2 for x, y in data) / len(data)


def _dot(w: list[float], x: list[float]) -> float:
    return sum(a * b for a, b in zip(w, x))


def _sigmoid(score: float) -> float:
    return 1 / (1 + math.exp(max(-50.0, min(50.0, -score / 300))))


def fit(steps: int, free: set[str]) -> None:
    sys.path.insert(0, str(trees.ROOT))
    data = positions()
    w0 = [float(v) for v in weights()]
    w = list(w0)
    # Scale each feature's step by its spread, so that rare features move too.
    spread = [max(1e-3, (sum(x[i] ** 2 for x, _ in data) / len(data)) ** 0.5) for i in range(len(w))]
    rate = 8000.0
    before = error(w, data)
    for step in range(steps):
        grad = [0.0] * len(w)
        for x, y in data:
            p = _sigmoid(_dot(w, x))
            g = (p - y) * p * (1 - p) / 300
            for i, xi in enumerate(x):
                if xi:
                    grad[i] += g * xi
        for i in range(len(w)):
            if NAMES[i] not in free:
                continue
            w[i] -= rate * grad[i] / len(data) / spread[i] ** 2
            if i in PACKED:
                w[i] = max(w[i], 0.0)  # a point's value is packed unsigned
        if step % 200 == 0:
            print(step, round(error(w, data), 5), [round(v, 1) for v in w], flush=True)
    print(f"{len(data)} quiet positions; error {before:.5f} with today's weights, {error(w, data):.5f} fitted")
    for name, a, b in zip(NAMES, w0, w):
        print(f"{name:15} {a:8.1f} -> {b:8.1f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("command", choices=("games", "fit"))
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--nodes", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--steps", type=int, default=300)
    parser.add_argument("--free", default=",".join(NAMES),
                        help="the weights to fit, comma-separated (the others stay as they are)")
    args = parser.parse_args()
    if args.command == "games":
        games(args.games, args.nodes, args.seed)
    else:
        fit(args.steps, set(args.free.split(",")))


if __name__ == "__main__":
    main()
