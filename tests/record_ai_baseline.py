"""Records what the computer player answers, with fixed seeds and fixed work, from fixed
positions of every game: run once at a commit to freeze its behaviour into
``tests/data/ai_baseline.json``, which ``test_ai_layer.py`` then holds every later commit to.

    python tests/record_ai_baseline.py   # (re)records the file: only when behaviour is meant to change
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from pygames import new_game
from pygames.ai import analyse

#: (game, options, random plies before the search, work budget)
CASES = [
    ("loose", {"size": 9}, 0, 300),
    ("loose", {"size": 9}, 20, 300),
    ("loose", {"size": 7, "pie": True}, 1, 200),
    ("vacu", {"size": 9}, 0, 300),
    ("vacu", {"size": 9}, 24, 300),
    ("convacu", {"size": 9}, 16, 300),
    ("convacu", {"size": 7, "pie": True}, 1, 200),
    ("gardar", {"size": 5}, 0, 200),
    ("gardar", {"size": 7}, 30, 200),
    ("gardar", {"size": 5, "pie": True}, 1, 200),
    ("pente", {"size": 19, "opening": "pro"}, 6, 3000),
    ("pente", {"size": 13, "opening": "none"}, 12, 3000),
    ("pente", {"size": 13, "opening": "swap2"}, 0, 2000),
    ("pente", {"size": 13, "opening": "none", "players": 3}, 9, 2000),
    ("pente", {"size": 13, "opening": "none", "players": 4, "teams": True}, 8, 2000),
]
FILE = Path(__file__).with_name("data") / "ai_baseline.json"


def position(name: str, options: dict, plies: int, seed: int):
    """The game after ``plies`` random moves drawn with ``seed`` (stopping early if it ends)."""
    game = new_game(name, **options)
    rng = random.Random(seed)
    for _ in range(plies):
        if game.result() is not None:
            break
        game.play(game.random_move(rng))
    return game


def answers() -> list[dict]:
    """Each case's history, and the move, values and work of two seeded searches."""
    found = []
    for i, (name, options, plies, work) in enumerate(CASES):
        game = position(name, options, plies, 1000 + i)
        for seed in (1, 2):
            a = analyse(game, seconds=None, iterations=work, rng=random.Random(seed))
            found.append({"case": i, "seed": seed, "history": list(game.history), "move": a.move,
                          "values": [round(v, 9) for v in a.values], "work": a.work})
    return found


if __name__ == "__main__":
    FILE.write_text(json.dumps(answers(), indent=1) + "\n")
    print(f"wrote {FILE}")
