"""The computer player's knowledge of Vacu and Convacu (pygames.ai.vacu): each tactic does
what its docstring says and the priors rank moves as described (that playouts play legal
moves and end, and that the computer answers with legal moves, are every policy's contract,
tested once for all in test_ai_layer.py).

Diagrams are written top row first (X Black, O White); points as (row, col), row 0 at the top.
"""

from __future__ import annotations

import random

from diagrams import BLACK_FORTRESS, at, position

from pygames import PASS, Move, new_game
from pygames.ai import choose_move
from pygames.ai import vacu as vacu_ai
from pygames.ai.registry import policy
from pygames.ai.vacu import ConvacuPolicy, VacuPolicy
from pygames.vacu import BLACK, BUTTON, WHITE, Convacu, Vacu

#: White's corner groups leave Black no legal placement (and do not join left and right).
CONVACU_FORCED = """
    O O . O O
    O . O . O
    . O O O .
    O . O . O
    O O . O O"""



def playout_move(game: Vacu, rng: random.Random) -> Move:
    """The next playout move of the game's policy (Vacu's or Convacu's)."""
    return policy(game).playout_move(game, rng)

def test_atari_finds_the_single_liberty():
    game = position(Vacu, """
        . X . . .
        X O X . .
        . . . . .
        . . . . .
        . . . . .""")
    assert vacu_ai.atari(game, game.heads[at(game, 1, 1)]) == at(game, 2, 1)
    assert vacu_ai.atari(game, game.heads[at(game, 1, 0)]) is None  # two liberties


def test_the_stone_just_played_into_atari_is_taken():
    game = position(Vacu, """
        . . . . .
        . . O . .
        . O . . .
        . . O . .
        . . . . .""", to_move=BLACK)
    game.play(at(game, 2, 2))  # one liberty left, at (2,3)
    assert vacu_ai.urgent(game) == at(game, 2, 3)
    assert playout_move(game, random.Random(1)) == at(game, 2, 3)


def test_a_group_put_in_atari_is_saved_by_extending():
    game = position(Vacu, """
        . . . . .
        . O X . .
        . O X O .
        . . . . .
        . . . . .""", to_move=WHITE)
    game.play(at(game, 0, 2))
    assert vacu_ai.urgent(game) is None  # Black keeps (1,3) and (3,2): no hurry
    game.play(at(game, 4, 4))
    game.play(at(game, 1, 3))  # only (3,2) is left, and extending there gives three
    assert vacu_ai.urgent(game) == at(game, 3, 2)
    assert playout_move(game, random.Random(1)) == at(game, 3, 2)


def test_own_eyes_and_self_ataris_are_not_sensible():
    game = position(Vacu, """
        . O . . .
        X O . . .
        . . . . .
        . . . . .
        X X . . .""")
    assert not vacu_ai.own_eye(game, at(game, 4, 2))  # (3,2) and (4,3) are empty
    assert not vacu_ai.sensible(game, at(game, 0, 0))  # joins (1,0) with one liberty left, (2,0)
    assert vacu_ai.sensible(game, at(game, 2, 0))  # extends it to three liberties
    game = position(Vacu, BLACK_FORTRESS)
    assert vacu_ai.own_eye(game, at(game, 2, 2)) and not vacu_ai.sensible(game, at(game, 2, 2))


def test_with_nothing_sensible_left_vacu_takes_the_button_then_passes():
    game = position(Vacu, BLACK_FORTRESS)
    assert vacu_ai.random_sensible(game, random.Random(1)) is None
    assert playout_move(game, random.Random(1)) == BUTTON
    game.play(BUTTON)
    game.play(PASS)  # White has no legal placement
    assert playout_move(game, random.Random(1)) == PASS


def test_convacu_joins_a_cut_diagonal_pair():
    game = position(Convacu, """
        . . . . .
        . X . . .
        . . X . .
        . . . . .
        . . . . .""", to_move=WHITE)
    game.play(at(game, 1, 2))  # White stands between Black's diagonal stones
    assert vacu_ai.cut_answer(game) == at(game, 2, 1)
    assert playout_move(game, random.Random(3)) == at(game, 2, 1)


def test_convacu_shortest_paths_join_the_edges_of_a_colour():
    game = position(Convacu, """
        . . . . .
        . . X . .
        . . . . .
        . . X . .
        . . . . .""", to_move=WHITE)
    black = {at(game, 0, 2), at(game, 2, 2), at(game, 4, 2)}
    assert vacu_ai.shortest_paths(game, BLACK) == black
    assert vacu_ai.shortest_paths(game, WHITE) == {at(game, r, c) for r in (0, 2, 4) for c in range(5)}
    block, elsewhere = ConvacuPolicy().priors(game, [at(game, 2, 2), at(game, 1, 0)])
    assert block > elsewhere  # on both players' shortest paths


def test_convacu_passes_only_when_forced():
    game = position(Convacu, CONVACU_FORCED)
    assert playout_move(game, random.Random(1)) == PASS
    assert choose_move(game, seconds=None, iterations=20, rng=random.Random(1)) == PASS
    game = position(Convacu, CONVACU_FORCED, to_move=WHITE)
    assert all(playout_move(game, random.Random(seed)) != PASS for seed in range(10))


def test_priors_rank_taking_over_quiet_moves_over_eyes_and_illegal_points():
    game = position(Vacu, """
        . O . . .
        O X O . .
        . . . . .
        . . . . X
        . . X X .""", to_move=WHITE)
    take, quiet, illegal = VacuPolicy().priors(game, [at(game, 2, 1), at(game, 2, 3), at(game, 4, 4)])
    assert take > quiet > illegal == 0.0
    game = position(Vacu, """
        . X . . .
        X X . . .
        . . . . .
        . . . . .
        . . . O .""")
    eye, quiet = VacuPolicy().priors(game, [at(game, 0, 0), at(game, 2, 2)])
    assert quiet > eye


def test_the_button_is_a_poor_move_while_sensible_placements_remain():
    game = new_game("vacu", size=5)
    placement, button = VacuPolicy().priors(game, [at(game, 2, 2), BUTTON])
    assert placement > button
    game = position(Vacu, BLACK_FORTRESS)
    assert VacuPolicy().priors(game, [BUTTON]) == [0.5]
