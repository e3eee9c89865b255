"""The computer player's knowledge of Loose (pygames.ai.loose): each tactic does what its
docstring says, and the priors rank moves as described (that playouts play legal moves
and end, and that the computer answers with legal moves, are every policy's contract,
tested once for all in test_ai_layer.py).

Diagrams are written top row first (X Black, O White); points as (row, col), row 0 at the top.
"""

from __future__ import annotations

import random

from diagrams import BLACK_FORTRESS, at, position

from pygames import PASS
from pygames.ai import loose as loose_ai
from pygames.ai.loose import LoosePolicy
from pygames.loose import BLACK, WHITE, Loose

POLICY = LoosePolicy()



def test_a_group_left_with_one_true_liberty_is_flipped():
    game = position(Loose, """
        . . X . .
        . X . . .
        . . . . .
        . . . . .
        . . . . .""", to_move=WHITE)
    game.play(at(game, 0, 1))  # White's stone keeps a single true liberty, (0,0)
    assert game.true_liberties_at(at(game, 0, 1), 2) == [at(game, 0, 0)]
    assert loose_ai.urgent(game) == at(game, 0, 0)
    move = POLICY.playout_move(game, random.Random(1))
    game.play(move)
    assert game.stones[at(game, 0, 1)] == BLACK


def test_a_group_left_with_one_true_liberty_is_saved_by_extending():
    game = position(Loose, """
        X . . . .
        . . . . .
        . . . . .
        . . . . .
        . . . . .""", to_move=WHITE)
    game.play(at(game, 1, 0))
    assert loose_ai.urgent(game) == at(game, 0, 1)  # two true liberties after, (0,2) and (1,1)


#: Black's group has exactly two true liberties, both eyes.
TWO_EYES = """
    . X . X O
    X X X X O
    O O O O O
    . . . . .
    . . . . ."""


def test_eyes_a_group_needs_are_kept_and_spare_ones_filled():
    game = position(Loose, TWO_EYES)
    assert loose_ai.needed_eye(game, at(game, 0, 0))
    assert not loose_ai.sensible(game, at(game, 0, 0), [])
    game = position(Loose, BLACK_FORTRESS)
    assert not loose_ai.needed_eye(game, at(game, 2, 2))  # nine eyes: one can be filled
    assert loose_ai.sensible(game, at(game, 2, 2), [])


def test_self_atari_is_not_sensible():
    game = position(Loose, """
        . X O . .
        . O . . .
        . . . . .
        . . . . .
        . . . . .""")
    assert loose_ai.self_atari(game, at(game, 0, 0))  # the pair keeps only (1,0)
    assert not loose_ai.sensible(game, at(game, 0, 0), [])
    assert not loose_ai.self_atari(game, at(game, 1, 0))  # a lone stone touching no Black one
    assert not loose_ai.self_atari(game, at(game, 3, 3))


def test_with_nothing_sensible_left_the_policy_fills_spare_eyes_then_passes():
    game = position(Loose, BLACK_FORTRESS)
    rng = random.Random(2)
    while not game.is_over():
        move = POLICY.playout_move(game, rng)
        if game.to_move == WHITE:
            assert move == PASS  # White has no legal placement inside Black's group
        game.play(move)
    assert game.stones.count(BLACK) == 23 and game.stones.count(0) == 2


def test_priors_rank_flips_over_quiet_moves_over_needed_eyes_and_illegal_points():
    game = position(Loose, """
        . . X . .
        . X . . .
        . . . . .
        . . . . .
        . . . . .""", to_move=WHITE)
    game.play(at(game, 0, 1))
    flip, quiet, pass_ = POLICY.priors(game, [at(game, 0, 0), at(game, 3, 3), PASS])
    assert flip > quiet > pass_
    game = position(Loose, TWO_EYES)
    eye, quiet = POLICY.priors(game, [at(game, 0, 0), at(game, 3, 3)])
    assert quiet > eye
    game = position(Loose, BLACK_FORTRESS, to_move=WHITE)
    illegal, pass_ = POLICY.priors(game, [at(game, 0, 0), PASS])
    assert illegal == 0.0 and pass_ > 0.5
