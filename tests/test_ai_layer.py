"""The computer player as one layer: the same seeds give the same answers as the commit
that recorded ``data/ai_baseline.json`` (8a65ca3, before the player moved into
``pygames/ai/``), and the games know nothing of it."""

from __future__ import annotations

import json
import random
import subprocess
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
