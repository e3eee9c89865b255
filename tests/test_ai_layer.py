"""The computer player as one layer: the same seeds give the same answers as the commit
that recorded ``data/ai_baseline.json`` (8a65ca3, before the player moved into
``pygames/ai/``; Pente's entries again when its evaluation's weights were tuned, which was
meant to change its answers), the games know nothing of it, and what every game's policy
promises (playouts of legal moves that end), tested once for all games."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from pygames import new_game
from pygames.ai import analyse, registry
from record_ai_baseline import CASES, FILE, position

ROOT = Path(__file__).resolve().parents[1]
BASELINE = json.loads(FILE.read_text())


@pytest.mark.parametrize("entry", BASELINE, ids=lambda e: f"{CASES[e['case']][0]}-{e['case']}-seed{e['seed']}")
def test_fixed_seeds_give_the_recorded_answers(entry):
    name, options, plies, work = CASES[entry["case"]]
    game = position(name, options, plies, 1000 + entry["case"])
    assert list(game.history) == entry["history"]
    a = analyse(game, seconds=None, iterations=work, rng=random.Random(entry["seed"]))
    assert (a.move, [round(v, 9) for v in a.values], a.work) == (entry["move"], entry["values"], entry["work"])


def test_the_games_know_nothing_of_the_computer_player():
    """No game module (nor the board and game interface) mentions the computer player, and
    importing the package and playing a game of each kind loads no part of it."""
    pattern = re.compile(r"_ai|from \.ai|from \. import")
    for name in ("loose", "vacu", "gardar", "pente", "game", "board"):
        text = (ROOT / "pygames" / f"{name}.py").read_text()
        assert not pattern.search(text), (name, pattern.search(text))
    script = (
        "import random, sys\n"
        "import pygames\n"
        "for name in pygames.available():\n"
        "    game, rng = pygames.new_game(name), random.Random(1)\n"
        "    while game.result() is None and len(game.history) < 400:\n"
        "        game.play(game.random_move(rng))\n"
        "    game.scores(), game.annotations()\n"
        "loaded = [m for m in sys.modules if m.startswith('pygames.ai')]\n"
        "assert not loaded, loaded\n"
    )
    proc = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]


#: Every game a Monte Carlo policy knows, with the options that change what it plays
#: (sizes, the pie rule's colour choice, Gardar's readings of the dead-stone rules).
PLAYOUT_CASES = [
    ("loose", {"size": 5}), ("loose", {"size": 5, "pie": True}), ("loose", {"size": 7}), ("loose", {"size": 9}),
    ("vacu", {"size": 5}), ("vacu", {"size": 7, "pie": True}), ("vacu", {"size": 9}),
    ("convacu", {"size": 5, "pie": True}), ("convacu", {"size": 7}), ("convacu", {"size": 9}),
    ("gardar", {"size": 3}), ("gardar", {"size": 4, "pie": True}), ("gardar", {"size": 5, "death": "group", "cascade": True}),
    ("gardar", {"size": 5, "enemies_inside": "enclosure", "hole_exemption": False}),
]


@pytest.mark.parametrize("name, options", PLAYOUT_CASES, ids=lambda c: c if isinstance(c, str) else "-".join(map(str, c.values())))
def test_every_policys_playouts_play_legal_moves_and_end(name, options):
    """The contract of :meth:`Policy.playout_move`, for every game's policy: from random
    positions, only legal moves, and a playout that ends (within 20 moves a point)."""
    rng = random.Random(len(PLAYOUT_CASES))
    for _ in range(12):
        game = new_game(name, **options)
        policy = registry.policy(game)
        assert policy is registry.POLICIES[name]
        for _ in range(rng.randrange(3 * len(game.board) // 4)):  # a random position to start from
            if game.is_over():
                break
            game.play(game.random_move(rng))
        for _ in range(20 * len(game.board)):
            if game.is_over():
                break
            move = policy.playout_move(game, rng)
            assert game.is_legal(move), (name, options, game.history, move)
            game.play(move)
        assert game.is_over(), (name, options, game.history)
