"""The computer player as one layer: the same seeds give the same answers as the commit
that recorded ``data/ai_baseline.json`` (8a65ca3, before the player moved into
``pygames/ai/``), and the games know nothing of it."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from pygames.ai import analyse
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
