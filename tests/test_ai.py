"""The computer player (pygames.ai): legal answers in every game and phase, the root checks
(take a win, block a loss, never pass into a lost count), tactics it finds by searching,
seats rather than colours, budgets, determinism, and that the position asked about is left
untouched. Fixed seeds and iteration budgets keep every test reproducible and short.

Diagrams are written top row first (``X`` Black, ``O`` White; in Pente ``W`` White, ``B`` Black).
"""

from __future__ import annotations

import random

import pytest
from diagrams import SYMBOLS, at, position

from pygames import IllegalMove, Result, available, new_game
from pygames.ai import LEVELS, MonteCarlo, choose_move, level, mover, rewards, search
from pygames.ai.loose import LoosePolicy
from pygames.ai.mcts import WIDEN
from pygames.ai.vacu import VacuPolicy
from pygames.loose import Loose
from pygames.pente import Pente
from pygames.vacu import Convacu, Vacu

#: Small boards for every registered game (and every Pente opening and player count),
#: so that searching from them stays quick.
CONFIGS = [
    ("loose", {"size": 5}),
    ("loose", {"size": 5, "pie": True}),
    ("vacu", {"size": 5}),
    ("vacu", {"size": 5, "pie": True}),
    ("convacu", {"size": 5}),
    ("convacu", {"size": 5, "pie": True}),
    ("gardar", {"size": 4}),
    ("gardar", {"size": 4, "pie": True}),
    ("pente", {"size": 9}),
    ("pente", {"size": 9, "opening": "none"}),
    ("pente", {"size": 9, "opening": "pro"}),
    ("pente", {"size": 9, "opening": "long-pro"}),
    ("pente", {"size": 9, "opening": "swap"}),
    ("pente", {"size": 9, "opening": "none", "players": 3}),
    ("pente", {"size": 9, "opening": "none", "players": 4, "teams": True}),
    ("pente", {"size": 9, "opening": "none", "self_capture": "forbidden", "capture_three": True}),
]
IDS = [name + "".join(f"-{k}={v}" for k, v in options.items()) for name, options in CONFIGS]


def think(game, iterations=60, seed=1):
    """The computer's move with a fixed budget and seed."""
    return choose_move(game, seconds=None, iterations=iterations, rng=random.Random(seed))


def state(game):
    """Everything the game object holds (its position, record, undo stack and caches), with
    the lists, dicts and sets copied so that a later change shows."""
    return {k: v.copy() if isinstance(v, (list, dict, set)) else v for k, v in vars(game).items()}


# -- every game, every phase ---------------------------------------------------------------

def test_every_registered_game_is_covered():
    assert {name for name, _ in CONFIGS} == set(available())


@pytest.mark.parametrize("name, options", CONFIGS, ids=IDS)
def test_legal_move_from_the_start(name, options):
    game = new_game(name, **options)
    assert think(game) in game.legal_moves()


@pytest.mark.parametrize("name, options", CONFIGS, ids=IDS)
def test_legal_move_in_mid_game_and_position_untouched(name, options):
    game = new_game(name, **options)
    rng = random.Random(3)
    for _ in range(12):
        game.play(game.random_move(rng))
        if game.is_over():
            game.undo()
            break
    before = state(game)
    move = think(game)
    assert state(game) == before
    assert move in game.legal_moves()
    game.play(move)  # and the game passed in still plays on normally


@pytest.mark.parametrize("name, options", CONFIGS, ids=IDS)
def test_answers_from_random_positions_are_always_legal(name, options):
    """A property over positions reached by random play to random depths (opening steps and
    colour choices, the middle game, near the end): every answer is a legal move."""
    rng = random.Random(f"{name}{options}")
    for trial in range(6):
        game = new_game(name, **options)
        for _ in range(rng.randrange(60)):
            game.play(game.random_move(rng))
            if game.is_over():
                game.undo()
                break
        move = think(game, iterations=20, seed=trial)
        assert game.is_legal(move), (name, options, game.history, move)


@pytest.mark.parametrize("name", ["loose", "vacu", "convacu", "gardar"])
def test_pie_choice_is_a_colour(name):
    game = new_game(name, size=5 if name != "gardar" else 4, pie=True)
    assert think(game) in ("black", "white")


@pytest.mark.parametrize("opening, placements, choices", [
    ("swap", 4, {"white", "black"}),
    ("swap2", 3, {"white", "black", "place-two"}),
])
def test_pente_swap_choice_is_a_choice(opening, placements, choices):
    game = new_game("pente", size=9, opening=opening)
    rng = random.Random(5)
    for _ in range(placements):
        game.play(game.random_move(rng))
    assert set(game.legal_moves()) == choices
    assert think(game) in choices


def test_games_between_computers_stay_legal():
    """Two short searches play each other on the smallest boards (to the end, or for a
    while: in Gardar the side behind never passes, so a game can run long)."""
    for name, options in [("vacu", {"size": 4}), ("gardar", {"size": 3}), ("loose", {"size": 3}),
                          ("convacu", {"size": 4}), ("pente", {"size": 9, "opening": "none", "players": 3})]:
        game = new_game(name, **options)
        for ply in range(60):
            if game.is_over():
                break
            move = think(game, iterations=10, seed=ply)
            assert game.is_legal(move), (name, game.history, move)
            game.play(move)


# -- seats, not colours ------------------------------------------------------------------

def test_pie_chooser_is_the_second_seat():
    game = new_game("loose", size=5, pie=True)
    assert mover(game) == 1
    game.play("black")
    assert mover(game) == 1  # the second player took Black and moves first
    game.play(game.board.parse("c3"))
    assert mover(game) == 0


@pytest.mark.parametrize("name, komi", [("loose", 20), ("loose", -20), ("vacu", 20), ("vacu", -20)])
def test_pie_chooser_takes_the_colour_a_huge_komi_favours(name, komi):
    game = new_game(name, size=5, pie=True, komi=komi)
    assert think(game, iterations=40) == ("white" if komi > 0 else "black")


def test_rewards_follow_seats():
    game = new_game("loose", size=5, pie=True, komi=4)  # White leads on the score by komi
    assert rewards(game) == [0.0, 1.0]
    game.play("black")  # seat 1 now plays Black, seat 0 White
    assert rewards(game) == [1.0, 0.0]


def test_rewards_draw_is_shared_and_teams_win_together():
    game = Pente.setup({}, opening="none", size=9, players=3)
    assert rewards(game) == [pytest.approx(1 / 3)] * 3  # no captures yet: a three-way tie on the score
    game.outcome = Result((), "the board is full")
    assert rewards(game) == [pytest.approx(1 / 3)] * 3
    team = position(Pente, "\n".join([". . . . . . . . ."] * 4 + ["W W W W W . . . ."] + [". . . . . . . . ."] * 4),
                    1, SYMBOLS, opening="none", players=4, teams=True)
    assert team.result().winners == (1, 3)
    assert rewards(team) == [1.0, 0.0, 1.0, 0.0]


# -- root checks: wins, losses, threats --------------------------------------------------

EMPTY = ". . . . . . . . ."


def pente(rows, to_move=1, **options):
    """A 9x9 Pente position (opening none) from the rows that hold stones."""
    options.setdefault("opening", "none")
    return position(Pente, "\n".join(rows.get(r, EMPTY) for r in range(9)), to_move, SYMBOLS, **options)


def test_pente_takes_an_immediate_five():
    game = pente({1: ". B . . . . . B .", 4: ". W W W W . . . .", 7: ". B . . . . B . ."})
    searcher = search(game, random.Random(1))
    assert searcher.decided in (at(game, 4, 0), at(game, 4, 5))
    assert searcher.run(iterations=50) == 0  # no search needed


def test_pente_blocks_a_four():
    game = pente({1: ". W . . . . . W .", 4: "W B B B B . . . .", 7: ". W . . . . B . ."})
    assert think(game, iterations=30) == at(game, 4, 5)


def test_pente_takes_the_win_rather_than_blocking():
    game = pente({1: ". W W W W . . . .", 4: "W B B B B . . . .", 7: ". . . . . . B . ."})
    assert think(game) in (at(game, 1, 0), at(game, 1, 5))


def test_pente_three_players_take_a_four():
    game = pente({2: "3 3 3 . . . . . .", 4: ". W W W . . . . .", 6: ". B B . . . . . ."},
                 to_move=1, players=3)
    assert think(game) in (at(game, 4, 0), at(game, 4, 4))


def test_pente_capture_win_is_taken():
    """Nine captured already: the tenth capture wins."""
    game = pente({4: ". W B B . . . . ."})
    game.captures[1] = 9
    assert think(game) == at(game, 4, 4)


def test_convacu_completes_a_connection():
    game = position(Convacu, """
        . . X . .
        . O X . .
        . O . O .
        . . X . .
        . O X . .""", to_move=1)
    assert think(game) == at(game, 2, 2)


def test_convacu_blocks_a_connection():
    game = position(Convacu, """
        . X . . .
        . X . . .
        O O . O O
        . X . . .
        . X . . .""", to_move=1)
    assert think(game) == at(game, 2, 2)


def test_vacu_takes_the_last_group_to_win():
    game = position(Vacu, """
        . X . . .
        X O . . .
        . X . . .
        . . . . .
        . . . . .""", to_move=1)
    assert think(game) == at(game, 1, 2)


# -- tactics found by searching --------------------------------------------------------

def test_vacu_captures_a_group_in_atari():
    """Three White stones with one liberty: capturing them beats everything else, which
    the search sees at 1000 playouts (for every seed tried, 0 to 9)."""
    game = position(Vacu, """
        . X X X .
        X O O O .
        . X X X .
        . . . . .
        . . . O .""", to_move=1)
    assert think(game, iterations=1000) == at(game, 1, 4)


# -- budgets and the interface -------------------------------------------------------

def test_only_legal_move_is_returned_at_once():
    game = new_game("pente", size=9, opening="pro")  # the first stone must go on the centre
    searcher = search(game, random.Random(1))
    assert searcher.decided == game.centre
    assert searcher.run(seconds=1.0) == 0 and searcher.best_move() == game.centre


def test_iteration_budget_is_respected_and_adds_up():
    searcher = MonteCarlo(new_game("vacu", size=5), random.Random(2), policy=VacuPolicy())
    assert searcher.run(iterations=37) == 37
    assert searcher.run(iterations=13) == 13
    assert searcher.iterations == 50 == sum(visits for _, visits, _ in searcher.stats())


def test_progressive_unpruning_weighs_the_best_priors_first():
    """With a policy's ``focus``, the root's moves are weighed best prior first: ``focus``
    of them, and one more every WIDEN playouts."""
    class Focused(LoosePolicy):
        focus = 3

    game = new_game("loose", size=7)
    searcher = MonteCarlo(game, random.Random(4), policy=Focused())
    playouts = 2 * WIDEN + 5
    searcher.run(iterations=playouts)
    children = searcher.root.children
    priors = [c.prior for c in children]
    assert priors == sorted(priors, reverse=True)
    width = 3 + playouts // WIDEN
    assert all(c.visits == 0 for c in children[width:])
    assert sum(c.visits for c in children[:width]) == playouts
    assert sum(1 for c in children[:width] if c.visits) > 3  # it did widen


def test_time_budget_stops_the_search():
    searcher = search(new_game("loose", size=5), random.Random(2))
    assert searcher.run(seconds=0.0) == 0
    assert searcher.best_move() in new_game("loose", size=5).legal_moves()
    with pytest.raises(ValueError, match="budget"):
        searcher.run()


def test_capped_playouts_are_scored_on_the_score():
    """With no random moves at all, each move is judged by the score it leaves, so
    flipping the three White stones (at d5 or e5) is clearly best."""
    game = position(Loose, """
        O O O . .
        X X X X .
        . . . . .
        . . O . .
        . . . . .""", to_move=1, komi=0)
    searcher = MonteCarlo(game, random.Random(1), policy=LoosePolicy(), max_plies=0)
    searcher.run(iterations=200)
    best = searcher.best_move()
    game.play(best)
    assert game.stones.count(2) == 1


def test_same_seed_same_move():
    game = new_game("gardar", size=4)
    for _ in range(5):
        game.play(game.random_move(random.Random(len(game.history))))
    assert len({think(game, iterations=50, seed=9) for _ in range(3)}) == 1


def test_finished_game_raises():
    game = new_game("loose", size=3)
    game.play("pass")
    game.play("pass")
    with pytest.raises(IllegalMove, match="the game is over"):
        choose_move(game, iterations=5)
    with pytest.raises(ValueError):
        search(game)


def test_levels():
    assert [p.name for p in LEVELS] == ["beginner", "easy", "medium", "hard", "strongest"]
    assert level("beginner").iterations < level("easy").iterations
    assert level("strongest").seconds > level("hard").seconds > level("medium").seconds
    game = new_game("vacu", size=5)
    assert level("beginner").choose(game, random.Random(1)) in game.legal_moves()
    with pytest.raises(ValueError, match="levels: beginner, easy, medium, hard, strongest"):
        level("grandmaster")


def test_thinking_in_slices_keeps_the_budget():
    game = new_game("vacu", size=5)
    slices = list(level("easy").think(game, random.Random(1), slice_seconds=0.01))
    searcher = slices[-1]
    assert all(s is searcher for s in slices) and len(slices) >= 2
    assert 0 < searcher.iterations <= level("easy").iterations
    assert searcher.best_move() in game.legal_moves()


def test_thinking_in_slices_stops_at_once_when_decided():
    game = new_game("pente", size=9, opening="pro")
    slices = list(level("hard").think(game))
    assert len(slices) == 1 and slices[0].best_move() == game.centre
