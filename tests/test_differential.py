"""The package's engines against the oracle: the engines as they stood at commit d78bc8a
(``tests/oracle``), whose rules every rules test verified, kept unchanged.

Both engines play the same random games side by side. After every move they must agree on
the board, the side and seat to move, the legality of every candidate, the scores and their
breakdown, and the result; an illegal move must be refused by both and change nothing; undo
must lead both back to the same state; and set-up positions must be accepted or refused
alike. The moves are drawn from the oracle's legal moves (and sometimes from its illegal
candidates, to check refusals), so both engines walk the same path.

CI runs a bounded sample: 40 games per small configuration (more than 200 per game), and the
``soak`` test, which adds larger boards, plays 2 games per configuration. On demand,
``-m soak --soak-games 10000`` plays 10,000 games of each game, its configurations in turn.
"""

from __future__ import annotations

import random

import oracle
import pytest

from pygames import IllegalMove, new_game

#: Small boards and every option value that changes how a move resolves.
CONFIGS = [
    ("loose", {"size": 3}),
    ("loose", {"size": 5}),
    ("loose", {"size": 5, "komi": 0, "pie": True}),
    ("loose", {"size": 7}),
    ("vacu", {"size": 3}),
    ("vacu", {"size": 4}),
    ("vacu", {"size": 5, "pie": True}),
    ("convacu", {"size": 3}),
    ("convacu", {"size": 4}),
    ("convacu", {"size": 5, "pie": True}),
    ("gardar", {"size": 3}),
    ("gardar", {"size": 4}),
    ("gardar", {"size": 4, "pie": True, "enemies_inside": "enclosure", "death": "group"}),
    ("gardar", {"size": 4, "hole_exemption": False, "cascade": True, "perimeter": "inner"}),
    ("gardar", {"size": 4, "surplus": "all", "dead_at_end": "remove", "half_point": "final"}),
    ("gardar", {"size": 5, "cascade": True, "death": "group"}),
    ("pente", {"size": 9, "opening": "none"}),
    ("pente", {"size": 9, "opening": "pro"}),
    ("pente", {"size": 9, "opening": "swap2"}),
    ("pente", {"size": 9, "opening": "swap", "capture_three": True, "overtime": True}),
    ("pente", {"size": 9, "opening": "none", "self_capture": "self-capture", "capture_three": True}),
    ("pente", {"size": 9, "opening": "none", "self_capture": "forbidden", "overtime": True}),
    ("pente", {"size": 9, "opening": "none", "players": 3, "mixed_capture": True}),
    ("pente", {"size": 9, "opening": "none", "players": 4, "teams": True, "self_capture": "self-capture"}),
]
#: Larger boards for the long run only.
SOAK_CONFIGS = CONFIGS + [
    ("loose", {"size": 9}),
    ("vacu", {"size": 9}),
    ("convacu", {"size": 9}),
    ("gardar", {"size": 7}),
    ("pente", {"size": 19, "opening": "pro"}),
    ("pente", {"size": 13, "opening": "none", "players": 4, "mixed_capture": True, "self_capture": "forbidden"}),
]
#: A random game is cut off after this many plies (random Gardar games run long).
MAX_PLIES = {3: 60, 4: 120, 5: 160}


def _ids(configs):
    return [name + "".join(f"-{k}={v}" for k, v in options.items()) for name, options in configs]


def outcome(game) -> tuple | None:
    """The result as plain values (the two engines have their own ``Result`` classes)."""
    result = game.result()
    return None if result is None else (result.winners, str(result.reason))


def agree(fast, slow, where: str) -> None:
    """Both engines describe the same state, and agree on every candidate's legality."""
    assert fast.stones == slow.stones, where
    assert fast.to_move == slow.to_move, where
    assert fast.seats == slow.seats, where
    assert fast.history == slow.history, where
    assert outcome(fast) == outcome(slow), where
    assert fast.scores() == slow.scores(), where
    assert fast.breakdown() == slow.breakdown(), where
    if slow.result() is None:
        assert fast.seat_to_move() == slow.seat_to_move(), where
    candidates = list(slow.candidates())
    assert set(fast.candidates()) >= set(slow.legal_moves()), where
    for move in candidates:
        assert fast.is_legal(move) == slow.is_legal(move), f"{where}: legality of {move!r}"
    assert sorted(map(str, fast.legal_moves())) == sorted(map(str, slow.legal_moves())), where


def refuse_alike(fast, slow, move, where: str) -> None:
    """An illegal move raises in both engines and leaves both as they were."""
    before = list(fast.stones), fast.to_move, fast.scores()
    with pytest.raises(oracle.IllegalMove):
        slow.play(move)
    with pytest.raises(IllegalMove):
        fast.play(move)
    assert (list(fast.stones), fast.to_move, fast.scores()) == before, where


def walk(fast, slow, rng: random.Random, plies: int, label: str) -> None:
    """Play ``plies`` random moves on both, with refusals, undos and copies along the way."""
    for ply in range(plies):
        where = f"{label} after {slow.history}"
        agree(fast, slow, where)
        if slow.result() is not None:
            if slow.history and rng.random() < 0.5:
                assert fast.undo() == slow.undo()
                continue
            return
        legal = slow.legal_moves()
        illegal = [m for m in slow.candidates() if m not in legal]
        if illegal and rng.random() < 0.2:
            refuse_alike(fast, slow, rng.choice(illegal), where)
        if slow.history and rng.random() < 0.1:
            assert fast.undo() == slow.undo(), where
            continue
        if rng.random() < 0.05:
            twin = fast.copy()
            twin.play(twin.random_move(rng))
            agree(fast, slow, f"{where} (a copy played on)")
        probe = fast.random_move(random.Random(ply))
        assert slow.is_legal(probe), f"{where}: random_move gave illegal {probe!r}"
        move = rng.choice(legal)
        slow.play(move)
        fast.play(move)


def random_setup(name: str, options: dict, rng: random.Random):
    """A set-up position of random stones in both engines, or None when the oracle refuses it
    (then the package must refuse it too)."""
    cls = oracle.game_class(name)
    probe = cls(**options)
    stones = {p: rng.choice(range(1, probe.players() + 1)) for p in range(len(probe.board)) if rng.random() < 0.3}
    to_move = rng.randint(1, probe.players())
    try:
        slow = cls.setup(stones, to_move=to_move, **options)
    except ValueError:
        with pytest.raises(ValueError):
            type(new_game(name, **options)).setup(stones, to_move=to_move, **options)
        return None
    fast = type(new_game(name, **options)).setup(stones, to_move=to_move, **options)
    return fast, slow


@pytest.mark.parametrize("name, options", CONFIGS, ids=_ids(CONFIGS))
def test_random_games_agree_with_the_oracle(name, options):
    rng = random.Random(f"{name}{options}")
    plies = MAX_PLIES.get(options["size"], 200)
    for game_no in range(40):
        fast, slow = new_game(name, **options), oracle.new_game(name, **options)
        walk(fast, slow, rng, plies, f"{name} {options} game {game_no}")


#: Options the oracle predates, at their defaults or their old spelling (package options,
#: oracle options): they must play exactly as the oracle does.
NEW_OPTION_DEFAULTS = [
    ({"size": 9}, {"size": 9}),
    ({"size": 9, "opening": "auto"}, {"size": 9, "opening": "swap2"}),
    ({"size": 9, "opening": "none", "overline": "wins", "capture_count": "stones", "overtime": "off"},
     {"size": 9, "opening": "none"}),
    ({"size": 9, "opening": "none", "overtime": "capture-the-line", "capture_three": True},
     {"size": 9, "opening": "none", "overtime": True, "capture_three": True}),
    ({"size": 9, "players": 3, "mixed_capture": True, "overline": "wins", "capture_count": "stones"},
     {"size": 9, "players": 3, "opening": "none", "mixed_capture": True}),
    ({"size": 9, "players": 4, "teams": True, "self_capture": "forbidden", "overtime": "capture-the-line"},
     {"size": 9, "players": 4, "teams": True, "opening": "none", "self_capture": "forbidden", "overtime": True}),
]


@pytest.mark.parametrize("options, oracle_options", NEW_OPTION_DEFAULTS, ids=[str(o) for o, _ in NEW_OPTION_DEFAULTS])
def test_new_pente_options_at_their_defaults_agree_with_the_oracle(options, oracle_options):
    rng = random.Random(f"defaults {options}")
    for game_no in range(20):
        fast, slow = new_game("pente", **options), oracle.new_game("pente", **oracle_options)
        walk(fast, slow, rng, 200, f"pente {options} game {game_no}")


@pytest.mark.parametrize("name, options", CONFIGS, ids=_ids(CONFIGS))
def test_set_up_positions_agree_with_the_oracle(name, options):
    rng = random.Random(f"setup {name}{options}")
    for game_no in range(10):
        pair = random_setup(name, options, rng)
        if pair is not None:
            walk(*pair, rng, 20, f"{name} {options} set-up {game_no}")


@pytest.mark.soak
@pytest.mark.parametrize("name", sorted({name for name, _ in SOAK_CONFIGS}))
def test_soak_random_games_agree_with_the_oracle(name, soak_games):
    """``--soak-games N`` games of this game, taking its configurations in turn (larger
    boards included); 2 per configuration in CI."""
    configs = [options for game, options in SOAK_CONFIGS if game == name]
    rng = random.Random(f"soak {name}")
    for game_no in range(soak_games or 2 * len(configs)):
        options = configs[game_no % len(configs)]
        fast, slow = new_game(name, **options), oracle.new_game(name, **options)
        walk(fast, slow, rng, MAX_PLIES.get(options["size"], 400), f"{name} {options} game {game_no}")
