"""The computer player as one layer: the same seeds give the same answers as the commit
that recorded ``data/ai_baseline.json`` (8a65ca3, before the player moved into
``pygames/ai/``; Pente's entries again when its evaluation's weights were tuned, which was
meant to change its answers; Gardar's when it stopped passing early; Loose's when its
root search came to weigh the best priors first), the games know
nothing of it, and what every game's policy promises (playouts of legal moves that end,
legal answers) and every game scored by a count (pass back to win, never pass into a lost count), tested
once for all games."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest
from diagrams import position as drawn
from record_ai_baseline import CASES, FILE, position
from test_gardar import ring, setup

from pygames import new_game
from pygames.ai import analyse, choose_move, registry, search
from pygames.gardar import BLACK
from pygames.loose import Loose

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
    proc = subprocess.run([sys.executable, "-c", script], cwd=ROOT, check=False, capture_output=True, text=True, timeout=120)
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


#: The games the Monte Carlo search plays, with the options that change its answers.
ANSWER_CASES = [("loose", {"size": 5}), ("loose", {"size": 7, "pie": True}), ("loose", {"size": 5, "pie": True}),
                ("vacu", {"size": 5}), ("vacu", {"size": 7, "pie": True}), ("convacu", {"size": 5}),
                ("convacu", {"size": 5, "pie": True})]


@pytest.mark.parametrize("name, options", ANSWER_CASES, ids=lambda c: c if isinstance(c, str) else "-".join(map(str, c.values())))
def test_the_computer_never_answers_with_an_illegal_move(name, options):
    """From random positions (the colour choice of the pie rule among them), a short
    search's answer is legal. (Gardar's and Pente's own tests try every option set.)"""
    rng = random.Random(4)
    for game_no in range(6):
        game = new_game(name, **options)
        for _ in range(rng.randrange(30)):
            if game.is_over():
                break
            game.play(game.random_move(rng))
        if game.is_over():
            continue
        move = choose_move(game, seconds=None, iterations=30, rng=random.Random(game_no))
        assert game.is_legal(move), (name, options, game.history, move)


# -- passing on the count: the same promises in every game scored by a count -------------

#: Black 7 stones, White 7 + komi 2: White leads.
EVEN_LOOSE = """
    . X . O .
    X X . O O
    . X . O .
    X X . O O
    . X . O ."""


def _loose(to_move: int, *moves: str):
    game = drawn(Loose, EVEN_LOOSE, to_move=to_move, komi=2)
    for move in moves:
        game.play(move)
    return game


def _gardar(leader: int, to_move: int, *moves):
    """A ring (6 loop stones) for ``leader``, one surplus stone for the other colour."""
    loop, lone = ring(1), [(3, -3)]
    game = setup(5, black=loop if leader == BLACK else lone, white=lone if leader == BLACK else loop, to_move=to_move)
    for move in moves:
        game.play(game.board.point(move) if isinstance(move, tuple) else move)
    return game


#: Per game scored by a count: (the opponent passed and the side to move leads; the
#: opponent passed and the side to move trails; the side to move trails, and a pass would
#: let the leader pass back and win).
PASSING = {
    "loose": (lambda: _loose(1, "pass"), lambda: _loose(2, "pass"), lambda: _loose(1)),
    "gardar": (lambda: _gardar(1, 2, "pass"), lambda: _gardar(2, 1, (-3, 3), "pass"), lambda: _gardar(2, 1)),
}


@pytest.mark.parametrize("name", PASSING)
def test_the_computer_passes_back_to_win_on_the_count(name):
    game = PASSING[name][0]()
    assert search(game, random.Random(1)).decided == "pass"


@pytest.mark.parametrize("name", PASSING)
def test_the_computer_does_not_pass_into_a_lost_count(name):
    game = PASSING[name][1]()
    assert analyse(game, seconds=None, iterations=60, rng=random.Random(1)).move != "pass"


@pytest.mark.parametrize("name", PASSING)
def test_the_computer_does_not_pass_when_the_pass_back_would_lose(name):
    searcher = search(PASSING[name][2](), random.Random(1))
    assert searcher.decided != "pass"
    assert "pass" not in [c.move for c in searcher.root.children or []]
